"""Swordplay: Arena content: the 57 combat cards, the heroes, the Monster and its d10.

Loaded once from cards-arena.json (a reconstruction, see its "note"). A combat card's
id is f"c{number:02d}" ("c01".."c57"), its position in the file. Heroes are not
cards of the deck: seat n plays hero n of the file, and the heroes repeat in file
order when there are more seats than heroes (swordplay Setup in RULES.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

CONTENT = "arena"
DATA_FILE = "cards-arena.json"
HAND_SIZE = 5
COMBAT_CARDS = 57

# Card kinds.
ATTACK = "attack"
DEFENCE = "defence"
ARMOR = "armor"
WEAPON = "weapon"
SHIELD = "shield"
KINDS = (ATTACK, DEFENCE, ARMOR, WEAPON, SHIELD)
ITEM_KINDS = (ARMOR, WEAPON, SHIELD)
HELD_KINDS = (WEAPON, SHIELD)
"""Items that take hands to wield (swordplay Ready)."""

# Attack directions.
HIGH = "high"
LOW = "low"
LEFT = "left"
RIGHT = "right"
DIRECTIONS = (HIGH, LOW, LEFT, RIGHT)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One combat card. Fields that do not apply to the card's kind are 0 or ()."""

    number: int
    kind: str
    name: str
    direction: str = ""
    """An attack's aim."""
    bonus: int = 0
    """An attack's damage bonus."""
    counters: tuple[str, ...] = ()
    """The attack directions a defence card counters."""
    points: int = 0
    """An armour's points."""
    damage: int = 0
    """A weapon's damage."""
    hands: int = 0
    """Hands a weapon or shield needs (1 or 2)."""
    blocks: tuple[str, ...] = ()
    """The attack directions a ready shield counters."""


@dataclass(frozen=True, slots=True)
class HeroDef:
    name: str
    life: int
    base_damage: int
    hands: int


@dataclass(frozen=True, slots=True)
class MonsterDef:
    """The Monster (option `monster`) and the d10 tables it acts by."""

    name: str
    life: int
    die: int
    direction_by_roll: tuple[str, ...]
    damage_by_roll: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Content:
    cards: tuple[CardDef, ...]
    heroes: tuple[HeroDef, ...]
    monster: MonsterDef


def _directions(values: Any, where: str) -> tuple[str, ...]:
    found = tuple(str(v) for v in values)
    for value in found:
        if value not in DIRECTIONS:
            raise ValueError(f"{DATA_FILE}: {where} names an unknown direction {value!r}")
    return found


def _card(entry: dict[str, Any], position: int) -> CardDef:
    where = f"card {position}"
    card = CardDef(
        number=int(entry["number"]),
        kind=str(entry["kind"]),
        name=str(entry["name"]),
        direction=str(entry.get("direction", "")),
        bonus=int(entry.get("bonus", 0)),
        counters=_directions(entry.get("counters", ()), where),
        points=int(entry.get("points", 0)),
        damage=int(entry.get("damage", 0)),
        hands=int(entry.get("hands", 0)),
        blocks=_directions(entry.get("blocks", ()), where),
    )
    if card.number != position:
        raise ValueError(f"{DATA_FILE}: {where} carries number {card.number}")
    if card.kind not in KINDS:
        raise ValueError(f"{DATA_FILE}: {where} has an unknown kind {card.kind!r}")
    if card.kind == ATTACK and card.direction not in DIRECTIONS:
        raise ValueError(f"{DATA_FILE}: {where} is an attack without a direction")
    if card.kind in HELD_KINDS and card.hands not in (1, 2):
        raise ValueError(f"{DATA_FILE}: {where} needs 1 or 2 hands")
    return card


def _load(text: str) -> Content:
    data = json.loads(text)
    cards = tuple(_card(entry, position) for position, entry in enumerate(data["cards"], start=1))
    if len(cards) != COMBAT_CARDS:
        raise ValueError(f"{DATA_FILE}: the combat deck has {len(cards)} cards, not {COMBAT_CARDS}")
    heroes = tuple(
        HeroDef(str(h["name"]), int(h["life"]), int(h["base_damage"]), int(h["hands"])) for h in data["heroes"]
    )
    m = data["monster"]
    monster = MonsterDef(
        name=str(m["name"]),
        life=int(m["life"]),
        die=int(m["die"]),
        direction_by_roll=_directions(m["direction_by_roll"], "the monster"),
        damage_by_roll=tuple(int(v) for v in m["damage_by_roll"]),
    )
    if len(monster.direction_by_roll) != monster.die or len(monster.damage_by_roll) != monster.die:
        raise ValueError(f"{DATA_FILE}: the monster's tables need one entry per face of the d{monster.die}")
    return Content(cards=cards, heroes=heroes, monster=monster)


CONTENT_DATA: Content = _load(resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8"))
CARDS = CONTENT_DATA.cards
HEROES = CONTENT_DATA.heroes
MONSTER = CONTENT_DATA.monster
MAX_SEATS = COMBAT_CARDS // HAND_SIZE
"""The rulebook allows two or more heroes; we stop at the most that can all hold a full
hand of five at once from the 57 combat cards (swordplay Setup in RULES.md)."""


def hero_for_seat(seat: int) -> HeroDef:
    """Seat n plays hero n; past the last hero of the file the list starts again."""
    return HEROES[(seat - 1) % len(HEROES)]


def card_id(number: int) -> str:
    return f"c{number:02d}"


ALL_CARDS: tuple[str, ...] = tuple(card_id(card.number) for card in CARDS)
_CARD_IDS = frozenset(ALL_CARDS)


def is_card_id(card: str) -> bool:
    """One of "c01".."c57"."""
    return card in _CARD_IDS


def card_def(card: str) -> CardDef:
    return CARDS[int(card[1:]) - 1]


def kind(card: str) -> str:
    return card_def(card).kind


def name(card: str) -> str:
    return card_def(card).name
