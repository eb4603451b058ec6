"""ARMORY cards: kinds, names, the standard deck (loaded from deck-standard.json), ids.

Combatants are not cards: every player has warrior-1, warrior-2 and archer on the
table from the start (armory R1). A card id is f"{seat}.{number:02d}", where the
number is the card's position in the deck file and also its duel number (armory R7).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from domain.kernel import is_digits

CONTENT = "standard"
DECK_FILE = "deck-standard.json"
HAND_SIZE = 7
TURN_CARDS = 3

# Card kinds.
ARMAMENT = "armament"
GUARDIAN = "guardian"
MYSTIC = "mystic"
ATTACK = "attack"
KINDS = (ARMAMENT, GUARDIAN, MYSTIC, ATTACK)

# Armament types (armory glossary: ARMAMENT).
SHIELD = "Shield"
SPEAR = "Spear"
SWORD = "Sword"
HELMET = "Helmet"
BOW = "Bow"
QUIVER = "Quiver"
ARMAMENT_TYPES = (SHIELD, SPEAR, SWORD, HELMET, BOW, QUIVER)

# Mystic names.
COUNTER = "COUNTER"
INTERRUPT = "INTERRUPT"
DUPLICITY = "DUPLICITY"
REBOUND = "REBOUND"
WOUNDING = "WOUNDING"
REMOVAL = "REMOVAL"
TORCH = "TORCH"
PILFER = "PILFER"
MYSTIC_NAMES = (COUNTER, INTERRUPT, DUPLICITY, REBOUND, WOUNDING, REMOVAL, TORCH, PILFER)
OFFENSIVE = (WOUNDING, REMOVAL, TORCH, PILFER)
"""Mystics aimed at an opponent: turn cards, attack casts, and what a REBOUND turns back."""
TURN_STOPPING = (INTERRUPT, DUPLICITY)
"""Cast by the Turn Opponent in his attack: the Turn Player loses his turn (armory R5)."""
ATTACKING = (*OFFENSIVE, *TURN_STOPPING)
"""What the Turn Opponent casts at the Turn Player once he is open for attack (armory R5)."""
SACRIFICE_HALTS = ATTACKING
"""The 'most Mystics' a Sacrifice halts (armory R9): all but COUNTER and REBOUND."""

GUARDIAN_NAME = "GUARDIAN"
ATTACK_NAME = "ATTACK"

# Combatants (armory R1) and what each one carries (armory HOW).
WARRIOR_1 = "warrior-1"
WARRIOR_2 = "warrior-2"
ARCHER = "archer"
COMBATANTS = (WARRIOR_1, WARRIOR_2, ARCHER)
WARRIOR_ARMAMENTS = (SHIELD, SPEAR, SWORD, HELMET)
ARCHER_ARMAMENTS = (HELMET, BOW, QUIVER)


def combatant_kind(combatant: str) -> str:
    return "archer" if combatant == ARCHER else "warrior"


CARRIED = {WARRIOR_1: WARRIOR_ARMAMENTS, WARRIOR_2: WARRIOR_ARMAMENTS, ARCHER: ARCHER_ARMAMENTS}
"""The armament types that fit each combatant (armory HOW)."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card of the deck list: its duel number, kind, name and flags."""

    number: int
    kind: str
    name: str
    invincible: bool
    uncounterable: bool


def _load(text: str) -> tuple[CardDef, ...]:
    data = json.loads(text)
    cards = tuple(
        CardDef(
            number=int(entry["number"]),
            kind=str(entry["kind"]),
            name=str(entry["name"]),
            invincible=bool(entry["invincible"]),
            uncounterable=bool(entry["uncounterable"]),
        )
        for entry in data["cards"]
    )
    for position, card in enumerate(cards, start=1):
        if card.number != position:
            raise ValueError(f"{DECK_FILE}: card {position} carries number {card.number}")
        if card.kind not in KINDS:
            raise ValueError(f"{DECK_FILE}: card {position} has an unknown kind {card.kind!r}")
    return cards


DECK: tuple[CardDef, ...] = _load(resources.files(__package__).joinpath(DECK_FILE).read_text("utf-8"))
DECK_SIZE = len(DECK)


def card_id(seat: int, number: int) -> str:
    return f"{seat}.{number:02d}"


def deck_ids(seat: int) -> tuple[str, ...]:
    """A seat's 60 card ids in deck-list order."""
    return tuple(card_id(seat, card.number) for card in DECK)


@lru_cache(maxsize=4096)
def owner(card: str) -> int:
    return int(card.split(".", 1)[0])


@lru_cache(maxsize=4096)
def number(card: str) -> int:
    return int(card.split(".", 1)[1])


@lru_cache(maxsize=4096)
def is_card_id(card: str) -> bool:
    """True for a well-formed id of a card of the deck (any seat)."""
    head, dot, tail = card.partition(".")
    return bool(dot) and is_digits(head) and is_digits(tail) and len(tail) == 2 and 1 <= int(tail) <= DECK_SIZE


@lru_cache(maxsize=4096)
def card_def(card: str) -> CardDef:
    return DECK[number(card) - 1]


@lru_cache(maxsize=4096)
def kind(card: str) -> str:
    return card_def(card).kind


@lru_cache(maxsize=4096)
def name(card: str) -> str:
    return card_def(card).name


@lru_cache(maxsize=4096)
def invincible(card: str) -> bool:
    return card_def(card).invincible


@lru_cache(maxsize=4096)
def uncounterable(card: str) -> bool:
    return card_def(card).uncounterable


def is_mystic(card: str, *names: str) -> bool:
    info = card_def(card)
    return info.kind == MYSTIC and (not names or info.name in names)


def label(card: str) -> str:
    """A card as a person reads it: "Spear 7" (its name and its number, 1-60, in the deck)."""
    if not is_card_id(card):
        return card or "no card"
    return f"{name(card)} {number(card)}"
