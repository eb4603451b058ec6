"""evolve(state, event): apply one ARMORY fact. No validation, no randomness.

One handler per event type. Each builds the new state in as few copies as it can
and keeps every unchanged node (player, combatant, tuple) as it is, so the state
hash re-encodes only what the event changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.armory import cards
from domain.games.armory.cards import ATTACK_NAME, TURN_STOPPING
from domain.games.armory.messages import (
    ArmamentPlaced,
    ArmamentRemoved,
    ArmamentSacrificed,
    AttackCast,
    AttackHalted,
    AttackHandedOn,
    CardDiscarded,
    CardsDrawn,
    CardStripped,
    CardTraded,
    DeckShuffled,
    DuelCardDrawn,
    DuelDeclared,
    DuelPrizeChosen,
    DuelStandoff,
    DuelWon,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    GuardianPlaced,
    HandRevealed,
    MysticCast,
    MysticCountered,
    MysticHalted,
    MysticRebounded,
    MysticResolved,
    OpenedForAttack,
    Passed,
    TurnEnded,
    TurnLost,
    TurnSkipped,
    TurnStarted,
)
from domain.games.armory.state import (
    ATTACK,
    BETWEEN,
    DRAWN,
    DUEL,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    NO_DUEL,
    TURN_CARDS,
    WON,
    ArmoryState,
    Combatant,
    Duel,
    Player,
    StackItem,
)
from domain.games.armory.turn import next_seat
from domain.kernel import Event, replacer

# The records evolve copies, each copier bound once: under half of replace()'s cost a
# copy (domain/kernel/records.py).
_state = replacer(ArmoryState)
_player = replacer(Player)
_combatant = replacer(Combatant)
_stack_item = replacer(StackItem)
_duel = replacer(Duel)

# ---------------------------------------------------------------- zone helpers


def _without(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`items` without `card`; the very same tuple when it is not there (nothing to re-encode)."""
    return tuple(filter(card.__ne__, items)) if card in items else items


def _from_hand(p: Player, card: str) -> Player:
    return _player(p, hand=_without(p.hand, card), locked=_without(p.locked, card))


def _hand_to_used(p: Player, card: str) -> Player:
    return _player(p, hand=_without(p.hand, card), locked=_without(p.locked, card), used=(*p.used, card))


def _combatant_to_used(p: Player, card: str) -> Player:
    return _player(p, combatants=_off_combatant(p, card), used=(*p.used, card))


def _off_combatant(p: Player, card: str) -> tuple[Combatant, ...]:
    """His combatants with `card` taken off whichever holds it."""
    return tuple(
        c if card not in c.armaments and c.guardian != card
        else _combatant(c, armaments=_without(c.armaments, card), guardian="" if c.guardian == card else c.guardian)
        for c in p.combatants
    )


def _onto_combatant(p: Player, name: str, card: str, guardian: bool) -> tuple[Combatant, ...]:
    """His combatants with `card` on `name`, as an Armament or as his Guardian."""
    return tuple(
        (_combatant(c, guardian=card) if guardian else _combatant(c, armaments=(*c.armaments, card)))
        if c.combatant == name else c
        for c in p.combatants
    )


def _seated(players: tuple[Player, ...], p: Player) -> tuple[Player, ...]:
    """The players with `p` in his seat (players are in seat order).

    Handlers pass it to replace() with their other changes, so that an event copies the
    state once: forwarding **changes through a helper would cost about as much as the copy.
    """
    seated = list(players)
    seated[p.seat - 1] = p
    return tuple(seated)


def _to_used(players: tuple[Player, ...], seat: int, card: str) -> tuple[Player, ...]:
    p = players[seat - 1]
    return _seated(players, _player(p, used=(*p.used, card)))


def _fresh_turn(state: ArmoryState, phase: str, turn: int, turn_player: int) -> ArmoryState:
    """A turn's start or end: no turn card played, nothing on the stack, no duel; the next seat faces him."""
    return _state(state, phase=phase, turn=turn, turn_player=turn_player, attacker=next_seat(state, turn_player),
                  actions=0, traded=False, torch_cast=False, trade_drawn=(), placed=(), turn_stopping_cast=False,
                  attack_halted=False, stack=(), duel=NO_DUEL)


def _unlocked(state: ArmoryState, seat: int) -> ArmoryState:
    """armory R7b: the lock on cards stripped in a duel ends with the loser's next turn, played or lost."""
    p = state.players[seat - 1]
    if p.locked and state.turn > p.locked_turn:
        return _state(state, players=_seated(state.players, _player(p, locked=(), locked_turn=0)))
    return state


# ---------------------------------------------------------------- one handler per event


def _deck_shuffled(state: ArmoryState, event: DeckShuffled) -> ArmoryState:
    p = state.players[event.seat - 1]
    in_order = set(event.order)
    shuffled = _player(p, draw=tuple(event.order), used=tuple(c for c in p.used if c not in in_order))
    return _state(state, players=_seated(state.players, shuffled))


def _cards_drawn(state: ArmoryState, event: CardsDrawn) -> ArmoryState:
    p = state.players[event.seat - 1]
    taken = event.cards if event.cards else p.draw[:event.count]
    count = len(taken)
    # Cards are drawn from the top: the rest of the pile is a slice of it.
    draw = p.draw[count:] if p.draw[:count] == taken else tuple(c for c in p.draw if c not in taken)
    drawn = _player(p, hand=(*p.hand, *taken), draw=draw)
    if event.reason == "trade":
        return _state(state, players=_seated(state.players, drawn), trade_drawn=(*state.trade_drawn, *taken))
    return _state(state, players=_seated(state.players, drawn))


def _turn_started(state: ArmoryState, event: TurnStarted) -> ArmoryState:
    return _fresh_turn(state, TURN_CARDS, event.turn, event.seat)


def _turn_skipped(state: ArmoryState, event: TurnSkipped) -> ArmoryState:
    skipped = _player(state.players[event.seat - 1], loses_next_turn=False)
    state = _fresh_turn(_state(state, players=_seated(state.players, skipped)), BETWEEN, event.turn, event.seat)
    return _unlocked(state, event.seat)


def _armament_placed(state: ArmoryState, event: ArmamentPlaced) -> ArmoryState:
    p = state.players[event.seat - 1]
    placed = _player(p, hand=_without(p.hand, event.card), locked=_without(p.locked, event.card),
                     combatants=_onto_combatant(p, event.combatant, event.card, False))
    return _state(state, players=_seated(state.players, placed), actions=state.actions + 1,
                   placed=(*state.placed, event.card))


def _guardian_placed(state: ArmoryState, event: GuardianPlaced) -> ArmoryState:
    p = state.players[event.seat - 1]
    placed = _player(p, hand=_without(p.hand, event.card), locked=_without(p.locked, event.card),
                     combatants=_onto_combatant(p, event.combatant, event.card, True), guardian_turn=state.turn)
    return _state(state, players=_seated(state.players, placed), actions=state.actions + 1,
                  placed=(*state.placed, event.card))


def _card_traded(state: ArmoryState, event: CardTraded) -> ArmoryState:
    traded = _hand_to_used(state.players[event.seat - 1], event.card)
    return _state(state, players=_seated(state.players, traded), actions=state.actions + 1, traded=True)


def _mystic_cast(state: ArmoryState, event: MysticCast) -> ArmoryState:
    item = StackItem(
        card=event.card, caster=event.seat, mystic=event.mystic, target_seat=event.target_seat,
        target_combatant=event.target_combatant, target_card=event.target_card, turn_card=event.turn_card,
    )
    p = _from_hand(state.players[event.seat - 1], event.card)
    if event.turn_card:
        return _state(state, players=_seated(state.players, p), stack=(*state.stack, item), actions=state.actions + 1,
                      torch_cast=state.torch_cast or event.mystic == cards.TORCH)
    if event.mystic in TURN_STOPPING:
        return _state(state, players=_seated(state.players, p), stack=(*state.stack, item), turn_stopping_cast=True)
    return _state(state, players=_seated(state.players, p), stack=(*state.stack, item))


def _passed(state: ArmoryState, event: Passed) -> ArmoryState:
    if state.stack and state.stack[-1].mystic == ATTACK_NAME:
        top = state.stack[-1]
        item = _stack_item(top, passed=(*top.passed, event.seat))
        return _state(state, stack=(*state.stack[:-1], item))
    return state


def _mystic_countered(state: ArmoryState, event: MysticCountered) -> ArmoryState:
    *rest, countered, counter = state.stack
    players = _to_used(_to_used(state.players, counter.caster, counter.card), countered.caster, countered.card)
    return _state(state, stack=tuple(rest), players=players)


def _mystic_rebounded(state: ArmoryState, event: MysticRebounded) -> ArmoryState:
    *rest, below, rebound = state.stack
    turned = _stack_item(below, target_seat=below.caster, target_combatant=event.target_combatant,
                         target_card=event.target_card, rebounded=True)
    return _state(state, stack=(*rest, turned), players=_to_used(state.players, rebound.caster, rebound.card))


def _armament_sacrificed(state: ArmoryState, event: ArmamentSacrificed) -> ArmoryState:
    return _state(state, players=_seated(state.players, _combatant_to_used(state.players[event.seat - 1], event.card)))


def _off_the_stack(state: ArmoryState, event: MysticHalted | MysticResolved) -> ArmoryState:
    item = state.stack[-1]
    return _state(state, stack=state.stack[:-1], players=_to_used(state.players, item.caster, item.card))


def _armament_removed(state: ArmoryState, event: ArmamentRemoved) -> ArmoryState:
    p = state.players[event.seat - 1]
    if event.destination == "hand":
        back = _player(p, combatants=_off_combatant(p, event.card), hand=(*p.hand, event.card))
        return _state(state, players=_seated(state.players, back))
    return _state(state, players=_seated(state.players, _combatant_to_used(p, event.card)))


def _card_discarded(state: ArmoryState, event: CardDiscarded) -> ArmoryState:
    p = _hand_to_used(state.players[event.seat - 1], event.card)
    if state.phase == DUEL_DISCARD:
        duel = _duel(state.duel, discards_left=max(0, state.duel.discards_left - 1))
        return _state(state, players=_seated(state.players, p), duel=duel)
    return _state(state, players=_seated(state.players, p))


def _unchanged(state: ArmoryState, event: Event) -> ArmoryState:
    return state


def _opened_for_attack(state: ArmoryState, event: OpenedForAttack) -> ArmoryState:
    return _state(state, phase=ATTACK)


def _attack_handed_on(state: ArmoryState, event: AttackHandedOn) -> ArmoryState:
    return _state(state, attacker=event.to_seat)


def _turn_ended(state: ArmoryState, event: TurnEnded) -> ArmoryState:
    return _fresh_turn(_unlocked(state, event.seat), BETWEEN, state.turn, state.turn_player)


def _attack_cast(state: ArmoryState, event: AttackCast) -> ArmoryState:
    item = StackItem(card=event.card, caster=event.seat, mystic=ATTACK_NAME, turn_card=True)
    p = _from_hand(state.players[event.seat - 1], event.card)
    return _state(state, players=_seated(state.players, p), actions=state.actions + 1, stack=(*state.stack, item))


def _attack_halted(state: ArmoryState, event: AttackHalted) -> ArmoryState:
    *rest, attack, counter = state.stack
    players = _to_used(state.players, counter.caster, counter.card)
    p = players[attack.caster - 1]
    players = _seated(players, _player(p, hand=(*p.hand, attack.card)))
    return _state(state, stack=tuple(rest), players=players, attack_halted=True)


def _duel_declared(state: ArmoryState, event: DuelDeclared) -> ArmoryState:
    challenger = _player(state.players[event.seat - 1], duel_used=True)
    return _state(state, players=_seated(state.players, challenger), phase=DUEL,
                  duel=Duel(challenger=event.seat, challenged=event.opponent))


def _duel_won(state: ArmoryState, event: DuelWon) -> ArmoryState:
    return _state(state, phase=DUEL_PRIZE, duel=_duel(state.duel, winner=event.winner, loser=event.loser))


def _duel_prize_chosen(state: ArmoryState, event: DuelPrizeChosen) -> ArmoryState:
    duel = _duel(state.duel, prize=event.prize, discards_left=event.discards)
    if event.prize == "discard":
        loser = _player(state.players[event.loser - 1], loses_next_turn=True)
        return _state(state, players=_seated(state.players, loser), phase=DUEL_DISCARD, duel=duel)
    return _state(state, phase=DUEL_STRIP, duel=duel)


def _card_stripped(state: ArmoryState, event: CardStripped) -> ArmoryState:
    p = state.players[event.seat - 1]
    stripped = _player(p, combatants=_off_combatant(p, event.card), hand=(*p.hand, event.card),
                       locked=(*p.locked, event.card), locked_turn=state.turn)
    return _state(state, players=_seated(state.players, stripped))


def _game_won(state: ArmoryState, event: GameWon) -> ArmoryState:
    return _state(state, phase=WON, winner=event.seat)


def _game_drawn(state: ArmoryState, event: GameDrawn) -> ArmoryState:
    return _state(state, phase=DRAWN)


_HANDLERS: dict[type[Event], Callable[[ArmoryState, Any], ArmoryState]] = {
    DeckShuffled: _deck_shuffled,
    CardsDrawn: _cards_drawn,
    TurnStarted: _turn_started,
    TurnSkipped: _turn_skipped,
    ArmamentPlaced: _armament_placed,
    GuardianPlaced: _guardian_placed,
    CardTraded: _card_traded,
    MysticCast: _mystic_cast,
    Passed: _passed,
    MysticCountered: _mystic_countered,
    MysticRebounded: _mystic_rebounded,
    ArmamentSacrificed: _armament_sacrificed,
    MysticHalted: _off_the_stack,
    MysticResolved: _off_the_stack,
    ArmamentRemoved: _armament_removed,
    CardDiscarded: _card_discarded,
    TurnLost: _unchanged,
    OpenedForAttack: _opened_for_attack,
    AttackHandedOn: _attack_handed_on,
    TurnEnded: _turn_ended,
    AttackCast: _attack_cast,
    AttackHalted: _attack_halted,
    DuelDeclared: _duel_declared,
    DuelCardDrawn: _unchanged,
    DuelStandoff: _unchanged,
    HandRevealed: _unchanged,
    DuelWon: _duel_won,
    DuelPrizeChosen: _duel_prize_chosen,
    CardStripped: _card_stripped,
    GameWon: _game_won,
    GameDrawn: _game_drawn,
    FirstPlayerChosen: _unchanged,
}


def evolve(state: ArmoryState, event: Event) -> ArmoryState:
    return _HANDLERS.get(type(event), _unchanged)(state, event)
