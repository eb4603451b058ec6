"""evolve(state, event): apply one ARMORY fact. No validation, no randomness."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from domain.games.armory import cards
from domain.games.armory.cards import ATTACK_NAME
from domain.games.armory.messages import (
    ArmamentPlaced,
    ArmamentRemoved,
    ArmamentSacrificed,
    AttackCast,
    AttackHalted,
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
    TURN_CARDS,
    WON,
    ArmoryState,
    Combatant,
    Duel,
    Player,
    StackItem,
    player,
    with_player,
)
from domain.kernel import Event

# ---------------------------------------------------------------- zone helpers


def _from_hand(p: Player, card: str) -> Player:
    return dataclasses.replace(
        p, hand=tuple(c for c in p.hand if c != card), locked=tuple(c for c in p.locked if c != card)
    )


def _to_used(p: Player, card: str) -> Player:
    return dataclasses.replace(p, used=(*p.used, card))


def _to_hand(p: Player, card: str) -> Player:
    return dataclasses.replace(p, hand=(*p.hand, card))


def _off_combatant(p: Player, card: str) -> Player:
    combatants = tuple(
        Combatant(
            c.combatant,
            tuple(a for a in c.armaments if a != card),
            "" if c.guardian == card else c.guardian,
        )
        for c in p.combatants
    )
    return dataclasses.replace(p, combatants=combatants)


def _onto_combatant(p: Player, name: str, card: str, guardian: bool) -> Player:
    combatants = tuple(
        (dataclasses.replace(c, guardian=card) if guardian else dataclasses.replace(c, armaments=(*c.armaments, card)))
        if c.combatant == name else c
        for c in p.combatants
    )
    return dataclasses.replace(p, combatants=combatants)


def _update(state: ArmoryState, seat: int, change: Callable[[Player], Player]) -> ArmoryState:
    return with_player(state, change(player(state, seat)))


def _pop(state: ArmoryState) -> tuple[ArmoryState, StackItem]:
    return dataclasses.replace(state, stack=state.stack[:-1]), state.stack[-1]


def _fresh_turn(state: ArmoryState, **changes: Any) -> ArmoryState:
    return dataclasses.replace(
        state, actions=0, traded=False, torch_cast=False, trade_drawn=(), placed=(), stack=(),
        duel=Duel(), **changes,
    )


# ---------------------------------------------------------------- evolve


def evolve(state: ArmoryState, event: Event) -> ArmoryState:
    match event:
        case DeckShuffled(seat=seat, order=order):
            in_order = set(order)
            return _update(state, seat, lambda p: dataclasses.replace(
                p, draw=tuple(order), used=tuple(c for c in p.used if c not in in_order)))
        case CardsDrawn(seat=seat, cards=drawn, count=count, reason=reason):
            p = player(state, seat)
            taken = drawn if drawn else p.draw[:count]
            state = with_player(state, dataclasses.replace(
                p, hand=(*p.hand, *taken), draw=tuple(c for c in p.draw if c not in taken)))
            if reason == "trade":
                state = dataclasses.replace(state, trade_drawn=(*state.trade_drawn, *taken))
            return state
        case TurnStarted(seat=seat, turn=turn):
            return _fresh_turn(state, phase=TURN_CARDS, turn=turn, turn_player=seat)
        case TurnSkipped(seat=seat, turn=turn):
            state = _update(state, seat, lambda p: dataclasses.replace(p, loses_next_turn=False))
            return _fresh_turn(state, phase=BETWEEN, turn=turn, turn_player=seat)
        case ArmamentPlaced(seat=seat, card=card, combatant=name):
            state = _update(state, seat, lambda p: _onto_combatant(_from_hand(p, card), name, card, False))
            return dataclasses.replace(state, actions=state.actions + 1, placed=(*state.placed, card))
        case GuardianPlaced(seat=seat, card=card, combatant=name):
            turn = state.turn
            state = _update(state, seat, lambda p: dataclasses.replace(
                _onto_combatant(_from_hand(p, card), name, card, True), guardian_turn=turn))
            return dataclasses.replace(state, actions=state.actions + 1, placed=(*state.placed, card))
        case CardTraded(seat=seat, card=card):
            state = _update(state, seat, lambda p: _to_used(_from_hand(p, card), card))
            return dataclasses.replace(state, actions=state.actions + 1, traded=True)
        case MysticCast():
            return _mystic_cast(state, event)
        case Passed(seat=seat):
            if state.stack and state.stack[-1].mystic == ATTACK_NAME:
                top = state.stack[-1]
                item = dataclasses.replace(top, passed=(*top.passed, seat))
                return dataclasses.replace(state, stack=(*state.stack[:-1], item))
            return state
        case MysticCountered():
            state, counter = _pop(state)
            state, countered = _pop(state)
            state = _update(state, counter.caster, lambda p: _to_used(p, counter.card))
            return _update(state, countered.caster, lambda p: _to_used(p, countered.card))
        case MysticRebounded(target_combatant=new_combatant, target_card=new_card):
            state, rebound = _pop(state)
            state = _update(state, rebound.caster, lambda p: _to_used(p, rebound.card))
            below = state.stack[-1]
            turned = dataclasses.replace(
                below, target_seat=below.caster, target_combatant=new_combatant, target_card=new_card,
                rebounded=True)
            return dataclasses.replace(state, stack=(*state.stack[:-1], turned))
        case ArmamentSacrificed(seat=seat, card=card):
            return _update(state, seat, lambda p: _to_used(_off_combatant(p, card), card))
        case MysticHalted() | MysticResolved():
            state, item = _pop(state)
            return _update(state, item.caster, lambda p: _to_used(p, item.card))
        case ArmamentRemoved(seat=seat, card=card, destination=destination):
            if destination == "hand":
                return _update(state, seat, lambda p: _to_hand(_off_combatant(p, card), card))
            return _update(state, seat, lambda p: _to_used(_off_combatant(p, card), card))
        case CardDiscarded(seat=seat, card=card):
            state = _update(state, seat, lambda p: _to_used(_from_hand(p, card), card))
            if state.phase == DUEL_DISCARD:
                duel = dataclasses.replace(state.duel, discards_left=max(0, state.duel.discards_left - 1))
                state = dataclasses.replace(state, duel=duel)
            return state
        case TurnLost():
            return state
        case OpenedForAttack():
            return dataclasses.replace(state, phase=ATTACK)
        case TurnEnded(seat=seat):
            p = player(state, seat)
            if p.locked and state.turn > p.locked_turn:
                state = with_player(state, dataclasses.replace(p, locked=(), locked_turn=0))
            return _fresh_turn(state, phase=BETWEEN)
        case AttackCast(seat=seat, card=card):
            state = _update(state, seat, lambda p: _from_hand(p, card))
            item = StackItem(card=card, caster=seat, mystic=ATTACK_NAME, turn_card=True)
            return dataclasses.replace(state, actions=state.actions + 1, stack=(*state.stack, item))
        case AttackHalted():
            state, counter = _pop(state)
            state, attack = _pop(state)
            state = _update(state, counter.caster, lambda p: _to_used(p, counter.card))
            return _update(state, attack.caster, lambda p: _to_hand(p, attack.card))
        case DuelDeclared(seat=seat, opponent=opponent):
            state = _update(state, seat, lambda p: dataclasses.replace(p, duel_used=True))
            return dataclasses.replace(state, phase=DUEL, duel=Duel(challenger=seat, challenged=opponent))
        case DuelCardDrawn() | DuelStandoff() | HandRevealed():
            return state
        case DuelWon(winner=winner, loser=loser):
            return dataclasses.replace(
                state, phase=DUEL_PRIZE, duel=dataclasses.replace(state.duel, winner=winner, loser=loser))
        case DuelPrizeChosen(prize=prize, loser=loser, discards=discards):
            duel = dataclasses.replace(state.duel, prize=prize, discards_left=discards)
            if prize == "discard":
                state = _update(state, loser, lambda p: dataclasses.replace(p, loses_next_turn=True))
                return dataclasses.replace(state, phase=DUEL_DISCARD, duel=duel)
            return dataclasses.replace(state, phase=DUEL_STRIP, duel=duel)
        case CardStripped(seat=seat, card=card):
            turn = state.turn
            return _update(state, seat, lambda p: dataclasses.replace(
                _to_hand(_off_combatant(p, card), card), locked=(*p.locked, card), locked_turn=turn))
        case GameWon(seat=seat):
            return dataclasses.replace(state, phase=WON, winner=seat)
        case GameDrawn():
            return dataclasses.replace(state, phase=DRAWN)
    return state


def _mystic_cast(state: ArmoryState, event: MysticCast) -> ArmoryState:
    state = _update(state, event.seat, lambda p: _from_hand(p, event.card))
    item = StackItem(
        card=event.card, caster=event.seat, mystic=event.mystic, target_seat=event.target_seat,
        target_combatant=event.target_combatant, target_card=event.target_card, turn_card=event.turn_card,
    )
    state = dataclasses.replace(state, stack=(*state.stack, item))
    if event.turn_card:
        state = dataclasses.replace(
            state, actions=state.actions + 1, torch_cast=state.torch_cast or event.mystic == cards.TORCH)
    return state
