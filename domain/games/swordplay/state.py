"""Swordplay: Arena state: heroes, the combat deck and discard pile, the turn, the
attack waiting for its target's answer, and the Monster.

Every combat card is in exactly one zone: the deck, the discard pile, a hand, a
hero's armour slot or held items, or the attack waiting for an answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.swordplay import cards
from domain.kernel import replace

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


def next_living(state: State, seat: int) -> int:
    """The next living hero clockwise (to the left) after `seat`, or 0 if none."""
    for step in range(1, state.seats + 1):
        candidate = (seat - 1 + step) % state.seats + 1
        if state.hero(candidate).alive and candidate != seat:
            return candidate
    return 0
