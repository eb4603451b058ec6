"""Swordplay: Arena commands and events.

Field types are the protobuf contract: int, str, bool, tuple[str, ...] only.
Seats are 1..n; 0 means "no seat" (in an attack's `attacker`: the Monster); ""
means "no card".
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event

# ---------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class Discard(Command):
    """Discard phase: put one card from your hand on the discard pile (swordplay Discard)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class SkipDiscard(Command):
    """Discard phase: keep your hand; the Draw follows (swordplay Discard)."""


@dataclass(frozen=True, slots=True)
class DropItem(Command):
    """Ready phase, before readying: put one of your ready items on the discard pile (swordplay Ready)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class ReadyItem(Command):
    """Ready phase: ready one Armor, Weapon or Shield from your hand; no attack this turn (swordplay Ready)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class EndReady(Command):
    """Ready phase: ready nothing and go on to Combat (swordplay Ready)."""


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Combat phase: play an Attack card at another hero; its direction is the card's (swordplay Combat)."""

    card: str = ""
    target_seat: int = 0


@dataclass(frozen=True, slots=True)
class AttackMonster(Command):
    """Combat phase (option monster): play an Attack card at the Monster (swordplay Monster)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """Combat phase: make no attack; the turn passes clockwise (swordplay Combat)."""


@dataclass(frozen=True, slots=True)
class Defend(Command):
    """Target of an attack: counter it with a defence card from your hand (swordplay Combat)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class BlockWithShield(Command):
    """Target of an attack: counter it with one of your ready shields (swordplay Combat)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class TakeHit(Command):
    """Target of an attack: do not counter; the damage is applied (swordplay Damage)."""


COMMAND_TYPES: tuple[type[Command], ...] = (
    Discard, SkipDiscard, DropItem, ReadyItem, EndReady, Attack, AttackMonster, EndTurn,
    Defend, BlockWithShield, TakeHit,
)

# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """A roll of the d10. seat: who rolled (0: the Monster). purpose: "first player",
    "monster target", "monster direction" or "monster damage"."""

    seat: int = 0
    purpose: str = ""
    sides: int = 0
    value: int = 0


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    seat: int = 0


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """The combat deck's new order (top first). reason: "start" or "discard pile reshuffled"."""

    order: tuple[str, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards from the top of the combat deck to a hand. reason: "start" or "draw phase"."""

    seat: int = 0
    cards: tuple[str, ...] = ()
    count: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int = 0
    turn: int = 0


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """The active hero's turn moves on to `phase`: "ready" or "combat"."""

    seat: int = 0
    phase: str = ""


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card from a hand goes face up to the discard pile (the Discard phase)."""

    seat: int = 0
    card: str = ""


@dataclass(frozen=True, slots=True)
class ItemDropped(Event):
    """A ready item goes to the discard pile. reason: "dropped", "replaced by a new armour",
    "armour used up" or "armour shattered"."""

    seat: int = 0
    card: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ItemReadied(Event):
    """An item from the hand is put in play. points: an armour's points (else 0)."""

    seat: int = 0
    card: str = ""
    kind: str = ""
    points: int = 0


@dataclass(frozen=True, slots=True)
class AttackMade(Event):
    """An attack is declared. attacker 0 is the Monster (no card). target_seat 0 is the Monster.

    damage: the total, if it is announced now (`announced`); else 0 until DamageDealt."""

    attacker: int = 0
    card: str = ""
    target_seat: int = 0
    direction: str = ""
    bonus: int = 0
    damage: int = 0
    announced: bool = False


@dataclass(frozen=True, slots=True)
class AttackCountered(Event):
    """The target countered the attack with `card`. by: "defence" (the card is discarded)
    or "shield" (the ready shield stays). The attack card, if any, is discarded."""

    seat: int = 0
    attacker: int = 0
    card: str = ""
    by: str = ""
    attack_card: str = ""


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    """An attack hits. `seat` is the target (0: the Monster). absorbed: by the armour;
    life_lost and life: what is left. The attack card, if any, is discarded."""

    seat: int = 0
    attacker: int = 0
    attack_card: str = ""
    damage: int = 0
    absorbed: int = 0
    life_lost: int = 0
    life: int = 0
    armor_points: int = 0


@dataclass(frozen=True, slots=True)
class HeroDefeated(Event):
    """A hero at zero life or less. cards: the hand and ready items, now on the discard pile."""

    seat: int = 0
    by_seat: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MonsterDefeated(Event):
    by_seat: int = 0


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int = 0
    turn: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    reason: str = ""


EVENT_TYPES: tuple[type[Event], ...] = (
    DieRolled, FirstPlayerChosen, DeckShuffled, CardsDrawn, TurnStarted, PhaseStarted,
    CardDiscarded, ItemDropped, ItemReadied, AttackMade, AttackCountered, DamageDealt,
    HeroDefeated, MonsterDefeated, TurnEnded, GameWon, GameDrawn,
)
