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
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, DROPPED, MONSTER_SEAT, OVER, Hero, Pending, State
from domain.kernel import Event
from domain.kernel.records import replacer

# The two classes copied on nearly every event.
_state = replacer(State)
_hero = replacer(Hero)


def _without(items: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(c for c in items if c != card)


def _to_discard(state: State, *played: str) -> tuple[str, ...]:
    return state.discard + tuple(card for card in played if card)


def evolve(state: State, event: Event) -> State:
    if isinstance(event, FirstPlayerChosen):
        return _state(state, first_seat=event.seat)
    if isinstance(event, DeckShuffled):
        moved = set(event.order)
        return _state(state, deck=event.order, discard=tuple(c for c in state.discard if c not in moved))
    if isinstance(event, CardsDrawn):
        hero = state.hero(event.seat)
        state = state.with_hero(_hero(hero, hand=hero.hand + event.cards))
        return _state(state, deck=state.deck[len(event.cards):])
    if isinstance(event, TurnStarted):
        return _state(state, turn=event.turn, active=event.seat, phase=DISCARD, hands_freed=0)
    if isinstance(event, PhaseStarted):
        return _state(state, phase=event.phase)
    if isinstance(event, CardDiscarded):
        hero = state.hero(event.seat)
        state = state.with_hero(_hero(hero, hand=_without(hero.hand, event.card)))
        return _state(state, discard=_to_discard(state, event.card))
    if isinstance(event, ItemDropped):
        hero = state.hero(event.seat)
        if hero.armor == event.card:
            hero = _hero(hero, armor="", armor_points=0)
        else:
            hero = _hero(hero, items=_without(hero.items, event.card))
        freed = state.hands_freed + (cards.card_def(event.card).hands if event.reason == DROPPED else 0)
        return _state(state.with_hero(hero), discard=_to_discard(state, event.card), hands_freed=freed)
    if isinstance(event, ItemReadied):
        hero = state.hero(event.seat)
        hero = _hero(hero, hand=_without(hero.hand, event.card))
        if event.kind == cards.ARMOR:
            hero = _hero(hero, armor=event.card, armor_points=event.points)
        else:
            hero = _hero(hero, items=(*hero.items, event.card))
        return state.with_hero(hero)
    if isinstance(event, AttackMade):
        if event.attacker != MONSTER_SEAT:
            attacker = state.hero(event.attacker)
            state = state.with_hero(_hero(attacker, hand=_without(attacker.hand, event.card)))
        pending = Pending(
            attacker=event.attacker, target=event.target_seat, card=event.card,
            direction=event.direction, damage=event.damage, announced=event.announced,
        )
        return _state(state, pending=pending, phase=DEFEND)
    if isinstance(event, AttackCountered):
        if event.by == cards.DEFENCE:
            hero = state.hero(event.seat)
            state = state.with_hero(_hero(hero, hand=_without(hero.hand, event.card)))
            return _state(state, pending=None, phase=COMBAT, discard=_to_discard(state, event.attack_card, event.card))
        return _state(state, pending=None, phase=COMBAT, discard=_to_discard(state, event.attack_card))
    if isinstance(event, DamageDealt):
        state = _state(state, pending=None, phase=COMBAT, discard=_to_discard(state, event.attack_card))
        if event.seat == MONSTER_SEAT:
            return _state(state, monster_life=event.life)
        hero = state.hero(event.seat)
        return state.with_hero(_hero(hero, life=event.life, armor_points=event.armor_points))
    if isinstance(event, HeroDefeated):
        hero = state.hero(event.seat)
        hero = _hero(hero, alive=False, hand=(), armor="", armor_points=0, items=())
        return _state(state.with_hero(hero), discard=state.discard + event.cards)
    if isinstance(event, MonsterDefeated):
        return _state(state, monster_life=0)
    if isinstance(event, GameWon):
        return _state(state, phase=OVER, winner=event.seat, pending=None)
    if isinstance(event, GameDrawn):
        return _state(state, phase=OVER, draw_reason=event.reason, pending=None)
    # DieRolled and TurnEnded record facts that change nothing by themselves.
    return state
