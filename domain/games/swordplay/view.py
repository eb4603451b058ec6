"""What a seat or a spectator sees: view() and redact().

Public: every hero's life, armour and ready items, hand sizes, the discard pile
(face up), the deck's size, the attack waiting for an answer. Private: a hand
(its owner only), the cards drawn by another seat, the deck's order (nobody).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from domain.games.swordplay import cards
from domain.games.swordplay.messages import CardsDrawn, DeckShuffled
from domain.games.swordplay.state import State
from domain.kernel import Event


@dataclass(frozen=True, slots=True)
class HeroView:
    seat: int
    name: str
    life: int
    max_life: int
    base_damage: int
    hands: int
    alive: bool
    hand_count: int
    armor: str
    armor_points: int
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PendingView:
    """The attack waiting for its target's answer; `active` is False when there is none.
    attacker 0: the Monster. damage is 0 until it is announced."""

    active: bool = False
    attacker: int = 0
    target_seat: int = 0
    card: str = ""
    direction: str = ""
    damage: int = 0
    announced: bool = False


@dataclass(frozen=True, slots=True)
class MonsterView:
    present: bool = False
    name: str = ""
    life: int = 0
    max_life: int = 0
    alive: bool = False


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as printed, in numbers, for every card id a view shows: a client names and
    describes the cards without the data file. Fields that do not apply are 0 or empty."""

    id: str
    name: str
    kind: str
    direction: str
    bonus: int
    counters: tuple[str, ...]
    points: int
    damage: int
    hands: int
    blocks: tuple[str, ...]


def card_face(card: str) -> CardFace:
    d = cards.card_def(card)
    return CardFace(id=card, name=d.name, kind=d.kind, direction=d.direction, bonus=d.bonus, counters=d.counters,
                    points=d.points, damage=d.damage, hands=d.hands, blocks=d.blocks)


@dataclass(frozen=True, slots=True)
class SwordplayView:
    viewer: int
    phase: str
    turn: int
    active_seat: int
    first_seat: int
    hand: tuple[str, ...]
    """The viewer's own hand (empty for a spectator)."""
    heroes: tuple[HeroView, ...]
    deck_count: int
    discard: tuple[str, ...]
    """The discard pile, face up, oldest first."""
    pending: PendingView
    monster: MonsterView
    winner: int
    finished: bool
    draw_reason: str
    turn_limit: int
    armour_destruction: str
    defence_after_damage: bool
    attack_targets: str
    cards: tuple[CardFace, ...]
    """The face of every card id this view shows (hand, items and armour, discard pile,
    the attack waiting): nothing the viewer could not already see."""


def view(state: State, viewer: int) -> SwordplayView:
    pending = state.pending
    pending_view = PendingView() if pending is None else PendingView(
        active=True, attacker=pending.attacker, target_seat=pending.target, card=pending.card,
        direction=pending.direction, damage=pending.damage, announced=pending.announced,
    )
    heroes = tuple(
        HeroView(
            seat=h.seat, name=h.name, life=h.life, max_life=h.max_life, base_damage=h.base_damage,
            hands=h.hands, alive=h.alive, hand_count=len(h.hand), armor=h.armor,
            armor_points=h.armor_points, items=h.items,
        )
        for h in state.heroes
    )
    monster = MonsterView()
    if state.monster:
        monster = MonsterView(present=True, name=cards.MONSTER.name, life=state.monster_life,
                              max_life=cards.MONSTER.life, alive=state.monster_alive())
    own = state.hero(viewer).hand if 1 <= viewer <= state.seats else ()
    shown = {*own, *state.discard, *(c for h in state.heroes for c in (*h.items, h.armor))}
    if pending is not None:
        shown.add(pending.card)
    shown.discard("")
    return SwordplayView(
        viewer=viewer, phase=state.phase, turn=state.turn, active_seat=state.active,
        first_seat=state.first_seat, hand=own, heroes=heroes, deck_count=len(state.deck),
        discard=state.discard, pending=pending_view, monster=monster, winner=state.winner,
        finished=state.finished, draw_reason=state.draw_reason, turn_limit=state.turn_limit,
        armour_destruction=state.armour_destruction, defence_after_damage=state.defence_after_damage,
        attack_targets=state.attack_targets,
        cards=tuple(card_face(c) for c in sorted(shown) if cards.is_card_id(c)),
    )


def redact(event: Event, viewer: int) -> Event:
    """Blank what `viewer` may not see: another seat's drawn cards, every shuffle's order."""
    if isinstance(event, DeckShuffled):
        return dataclasses.replace(event, order=())
    if isinstance(event, CardsDrawn) and event.seat != viewer:
        return dataclasses.replace(event, cards=())
    return event
