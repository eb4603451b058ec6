"""evolve(): apply one Swordplay event to the state. Never validates, never draws."""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay.messages import (
    AttackCountered,
    AttackMade,
    CardDiscarded,
    CardsDrawn,
    DamageDealt,
    DeckShuffled,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    HeroDefeated,
    ItemDropped,
    ItemReadied,
    MonsterDefeated,
    PhaseStarted,
    TurnStarted,
)
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, DROPPED, MONSTER_SEAT, OVER, Pending, State
from domain.kernel import Event, replace


def _without(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(c for c in items if c != card)


def _to_discard(state: State, *played: str) -> tuple[str, ...]:
    return state.discard + tuple(card for card in played if card)


def evolve(state: State, event: Event) -> State:
    # A hero's change and the state's own are made in one copy of the state (with_hero).
    if isinstance(event, FirstPlayerChosen):
        return replace(state, first_seat=event.seat)
    if isinstance(event, DeckShuffled):
        moved = set(event.order)
        return replace(state, deck=event.order, discard=tuple(c for c in state.discard if c not in moved))
    if isinstance(event, CardsDrawn):
        hero = state.hero(event.seat)
        return state.with_hero(replace(hero, hand=hero.hand + event.cards), deck=state.deck[len(event.cards):])
    if isinstance(event, TurnStarted):
        return replace(state, turn=event.turn, active=event.seat, phase=DISCARD, hands_freed=0)
    if isinstance(event, PhaseStarted):
        return replace(state, phase=event.phase)
    if isinstance(event, CardDiscarded):
        hero = state.hero(event.seat)
        return state.with_hero(replace(hero, hand=_without(hero.hand, event.card)),
                               discard=_to_discard(state, event.card))
    if isinstance(event, ItemDropped):
        hero = state.hero(event.seat)
        if hero.armor == event.card:
            hero = replace(hero, armor="", armor_points=0)
        else:
            hero = replace(hero, items=_without(hero.items, event.card))
        freed = state.hands_freed + (cards.card_def(event.card).hands if event.reason == DROPPED else 0)
        return state.with_hero(hero, discard=_to_discard(state, event.card), hands_freed=freed)
    if isinstance(event, ItemReadied):
        hero = state.hero(event.seat)
        hand = _without(hero.hand, event.card)
        if event.kind == cards.ARMOR:
            return state.with_hero(replace(hero, hand=hand, armor=event.card, armor_points=event.points))
        return state.with_hero(replace(hero, hand=hand, items=(*hero.items, event.card)))
    if isinstance(event, AttackMade):
        pending = Pending(
            attacker=event.attacker, target=event.target_seat, card=event.card,
            direction=event.direction, damage=event.damage, announced=event.announced,
        )
        if event.attacker == MONSTER_SEAT:
            return replace(state, pending=pending, phase=DEFEND)
        attacker = state.hero(event.attacker)
        return state.with_hero(replace(attacker, hand=_without(attacker.hand, event.card)),
                               pending=pending, phase=DEFEND)
    if isinstance(event, AttackCountered):
        if event.by == cards.DEFENCE:
            hero = state.hero(event.seat)
            return state.with_hero(replace(hero, hand=_without(hero.hand, event.card)), pending=None, phase=COMBAT,
                                   discard=_to_discard(state, event.attack_card, event.card))
        return replace(state, pending=None, phase=COMBAT, discard=_to_discard(state, event.attack_card))
    if isinstance(event, DamageDealt):
        discard = _to_discard(state, event.attack_card)
        if event.seat == MONSTER_SEAT:
            return replace(state, pending=None, phase=COMBAT, discard=discard, monster_life=event.life)
        hero = replace(state.hero(event.seat), life=event.life, armor_points=event.armor_points)
        return state.with_hero(hero, pending=None, phase=COMBAT, discard=discard)
    if isinstance(event, HeroDefeated):
        hero = replace(state.hero(event.seat), alive=False, hand=(), armor="", armor_points=0, items=())
        return state.with_hero(hero, discard=state.discard + event.cards)
    if isinstance(event, MonsterDefeated):
        return replace(state, monster_life=0)
    if isinstance(event, GameWon):
        return replace(state, phase=OVER, winner=event.seat, pending=None)
    if isinstance(event, GameDrawn):
        return replace(state, phase=OVER, draw_reason=event.reason, pending=None)
    # DieRolled and TurnEnded record facts that change nothing by themselves.
    return state
