"""legal_commands(state, seat): every command the seat may submit now, one atomic step each.

The commands are built from the state directly: the seat the game waits for (its status)
and its phase give the kinds of command, then each card, combatant and target that the
rules allow gives one. The rules are asked, not written again: each filter below is a
rule function of checks.py, the very one plan's checks refuse a command with, so that
everything listed is accepted and everything accepted is listed (tests/test_games.py holds
every game to both).
"""

from __future__ import annotations

import functools

from domain.games.armory import cards
from domain.games.armory.cards import (
    ATTACK_NAME,
    ATTACKING,
    COUNTER,
    OFFENSIVE,
    REBOUND,
    REMOVAL,
    SACRIFICE_HALTS,
    TURN_STOPPING,
    WOUNDING,
)
from domain.games.armory.checks import (
    attack_refusal,
    barred_mystics,
    counterable,
    defence_only,
    fits,
    guardable,
    held_back,
    placing_closed,
    rebound_refusal,
    rebound_targets,
    removal_targets,
    slot_taken,
    strippable,
    trade_excluded,
    turn_begun,
    turn_cards_left,
    wounding_targets,
)
from domain.games.armory.messages import (
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeclareDuel,
    DuelDiscard,
    DuelStrip,
    EndAttack,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
)
from domain.games.armory.state import (
    ATTACK,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    PRIZES,
    STRIP,
    TURN_CARDS,
    ArmoryState,
    Player,
    attack_waits,
    drawable,
)
from domain.games.armory.turn import opponents, status
from domain.kernel import Command

# Commands are values, and a game lists the same ones over and over: each is built once.
_CACHE = functools.lru_cache(maxsize=1 << 14)
_attack = _CACHE(CastAttack)
_guard = _CACHE(PlaceGuardian)
_arm = _CACHE(PlaceArmament)
_pass = _CACHE(Pass)
_cast = _CACHE(CastMystic)
_end_attack = _CACHE(EndAttack)
_open = _CACHE(OpenForAttack)
_trade = _CACHE(Trade)
_duel = _CACHE(DeclareDuel)
_sacrifice = _CACHE(Sacrifice)


def legal_commands(state: ArmoryState, seat: int) -> list[Command]:
    """In this order of kinds: CastAttack, PlaceGuardian, PlaceArmament, Pass, ChooseDuelPrize,
    DuelDiscard, DuelStrip, CastMystic, EndAttack, OpenForAttack, Trade, DeclareDuel, Sacrifice.

    The moves that build towards the ATTACK come first, giving up Armaments last. The
    order carries no meaning for the rules; it only helps clients and pickers that
    prefer the first entries (a random picker that shrinks towards index 0, a UI's default).
    """
    if seat not in status(state).to_act:
        return []
    p = state.players[seat - 1]
    if state.stack:
        return _answers(state, seat, p)
    phase = state.phase
    if phase == TURN_CARDS:
        return _turn_cards(state, seat, p)
    if phase == ATTACK:
        found: list[Command] = []
        for card in p.hand:
            info = cards.card_def(card)
            if info.kind == cards.MYSTIC and info.name in ATTACKING:
                _offensive_casts(found, state, seat, card, info.name, (state.turn_player,))
        found.append(_end_attack(seat))
        return found
    loser = state.players[state.duel.loser - 1]  # the seat to act is the duel's winner
    if phase == DUEL_PRIZE:
        return [ChooseDuelPrize(seat=seat, prize=prize) for prize in PRIZES if prize != STRIP or strippable(loser)]
    if phase == DUEL_DISCARD:
        return [DuelDiscard(seat=seat, card=card) for card in drawable(loser)]
    if phase == DUEL_STRIP:
        return [DuelStrip(seat=seat, card=card) for card in strippable(loser)]
    return []


def _answers(state: ArmoryState, seat: int, p: Player) -> list[Command]:
    """The responder's answers to the top of the stack (armory R5, R9, R11c)."""
    top = state.stack[-1]
    found: list[Command] = [_pass(seat)]
    halting = top.mystic == ATTACK_NAME
    can_counter = counterable(top) and (not halting or state.attack_can_be_halted)
    can_rebound: bool | None = None  # asked once, and only of a hand with a REBOUND
    for card in p.hand:
        info = cards.card_def(card)
        if info.kind != cards.MYSTIC:
            continue
        if can_counter and (info.name == COUNTER or (halting and info.name in TURN_STOPPING)):
            found.append(_cast(seat, card, top.caster, "", top.card))
        elif info.name == REBOUND:
            if can_rebound is None:
                can_rebound = rebound_refusal(top, seat) is None
            if can_rebound:
                found.extend(_cast(seat, card, top.caster, name, armament)
                             for name, armament in rebound_targets(state, top))
    if top.mystic in SACRIFICE_HALTS and not attack_waits(state):
        found.extend(_sacrifice(seat, armament) for c in p.combatants for armament in c.armaments
                     if not cards.invincible(armament))
    return found


def _turn_cards(state: ArmoryState, seat: int, p: Player) -> list[Command]:
    """The Turn Player's moves before he opens for attack (armory R4, R6, R7, R10, R11).

    Each rule that holds for the whole turn is asked once, not once a card.
    """
    attacks: list[Command] = []
    guards: list[Command] = []
    arms: list[Command] = []
    casts: list[Command] = []
    trades: list[Command] = []
    targets = opponents(state, seat)
    if turn_cards_left(state):
        placing = not placing_closed(state)
        trading = not trade_excluded(state)
        defensive = defence_only(state)
        locked = held_back(p)
        barred = barred_mystics(state)
        for card in p.hand:
            if card in defensive:
                continue
            if trading:
                trades.append(_trade(seat, card))
            info = cards.card_def(card)
            if info.kind == cards.ARMAMENT:
                if placing and card not in locked:
                    for c in p.combatants:
                        if fits(info.name, c.combatant) and not slot_taken(c, info.name):
                            arms.append(_arm(seat, card, c.combatant))
            elif info.kind == cards.GUARDIAN:
                if placing and card not in locked:
                    for c in p.combatants:
                        if guardable(c):
                            guards.append(_guard(seat, card, c.combatant))
            elif info.kind == cards.ATTACK:
                if attack_refusal(state, p) is None:
                    attacks.append(_attack(seat, card))
            elif info.name in OFFENSIVE and info.name not in barred:
                _offensive_casts(casts, state, seat, card, info.name, targets)
    if not turn_begun(state):
        duels = [] if p.duel_used else [_duel(seat, other) for other in targets]
        return [*attacks, *guards, *arms, *casts, *trades, *duels]
    return [*attacks, *guards, *arms, *casts, _open(seat), *trades]


def _offensive_casts(found: list[Command], state: ArmoryState, seat: int, card: str, mystic: str,
                     targets: tuple[int, ...]) -> None:
    """A Mystic aimed at each of `targets`, with each combatant and card it may name."""
    for target in targets:
        if mystic == WOUNDING:
            found.extend(_cast(seat, card, target, name, armament)
                         for name, armament in wounding_targets(state, target))
        elif mystic == REMOVAL:
            found.extend(_cast(seat, card, target, name) for name in removal_targets(state, target))
        else:
            found.append(_cast(seat, card, target))
