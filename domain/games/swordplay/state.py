"""Swordplay: Arena state: heroes, the combat deck and discard pile, the turn, the
attack waiting for its target's answer, and the Monster.

Every combat card is in exactly one zone: the deck, the discard pile, a hand, a
hero's armour slot or held items, or the attack waiting for an answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.swordplay import cards
from domain.kernel import Setup, replace

# Options.
ABSORB = "absorb"
SHATTER = "shatter"
ARMOUR_DESTRUCTION = (ABSORB, SHATTER)
ANY = "any"
LEFT = "left"
ATTACK_TARGETS = (ANY, LEFT)
DEFAULT_TURN_LIMIT = 0

# Phases.
SETUP = "setup"
DISCARD = "discard"
READY = "ready"
COMBAT = "combat"
DEFEND = "defend"
"""An attack waits for its target's answer (Defend, BlockWithShield or TakeHit)."""
OVER = "over"

DROPPED = "dropped"
"""ItemDropped's reason when a hero drops an item with DropItem."""

MONSTER_SEAT = 0
"""The Monster in an attack's `attacker` / `target` (it holds no seat)."""


@dataclass(frozen=True, slots=True)
class Hero:
    seat: int
    name: str
    life: int
    max_life: int
    base_damage: int
    hands: int
    hand: tuple[str, ...] = ()
    armor: str = ""
    armor_points: int = 0
    items: tuple[str, ...] = ()
    """Ready weapons and shields, in the order they were readied."""
    alive: bool = True

    def hands_used(self) -> int:
        return sum(cards.card_def(card).hands for card in self.items)


@dataclass(frozen=True, slots=True)
class Pending:
    """An attack made, waiting for its target's answer. attacker 0: the Monster."""

    attacker: int
    target: int
    card: str
    direction: str
    damage: int
    announced: bool


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    turn_limit: int
    armour_destruction: str
    defence_after_damage: bool
    attack_targets: str
    monster: bool
    opening_deal: bool
    first_player_roll: bool
    drop_without_readying: bool
    heroes: tuple[Hero, ...]
    monster_life: int = 0
    deck: tuple[str, ...] = ()
    """Top first."""
    discard: tuple[str, ...] = ()
    """Face up, oldest first."""
    phase: str = SETUP
    turn: int = 0
    active: int = 0
    first_seat: int = 0
    hands_freed: int = 0
    """Hands freed by the active hero's drops this Ready phase (swordplay Ready, Dropping Items)."""
    pending: Pending | None = None
    winner: int = 0
    draw_reason: str = ""

    def hero(self, seat: int) -> Hero:
        return self.heroes[seat - 1]

    def with_hero(self, hero: Hero, **changes: Any) -> State:
        """The state with `hero` in its seat's place, and the other `changes` made, in one copy."""
        heroes = self.heroes
        return replace(self, heroes=(*heroes[:hero.seat - 1], hero, *heroes[hero.seat:]), **changes)

    def living(self) -> tuple[int, ...]:
        return tuple(h.seat for h in self.heroes if h.alive)

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def monster_alive(self) -> bool:
        return self.monster and self.monster_life > 0


def _hero(seat: int) -> Hero:
    played = cards.hero_for_seat(seat)
    return Hero(seat=seat, name=played.name, life=played.life, max_life=played.life,
                base_damage=played.base_damage, hands=played.hands)


def initial_state(setup: Setup) -> State:
    """Seat n plays hero n of the content (swordplay Setup); the options as chosen."""
    options = setup.options
    heroes = tuple(_hero(seat) for seat in range(1, len(setup.seats) + 1))
    monster = bool(options.get("monster", False))
    return State(
        seats=len(setup.seats),
        turn_limit=int(options.get("turn_limit", DEFAULT_TURN_LIMIT)),
        armour_destruction=str(options.get("armour_destruction", ABSORB)),
        defence_after_damage=bool(options.get("defence_after_damage", False)),
        attack_targets=str(options.get("attack_targets", ANY)),
        monster=monster,
        opening_deal=bool(options.get("opening_deal", False)),
        first_player_roll=bool(options.get("first_player_roll", False)),
        drop_without_readying=bool(options.get("drop_without_readying", False)),
        heroes=heroes,
        monster_life=cards.MONSTER.life if monster else 0,
    )


def attack_damage(state: State, seat: int, card: str) -> int:
    """Base damage + every ready weapon + the attack card's bonus (swordplay Damage)."""
    hero = state.hero(seat)
    weapons = sum(cards.card_def(item).damage for item in hero.items)
    return hero.base_damage + weapons + cards.card_def(card).bonus
