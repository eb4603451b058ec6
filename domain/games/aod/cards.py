"""Army of Darkness content: characters, card kinds and the reconstructed card set.

The card set is data (cards-standard.json, marked reconstructed). A card id is the
slug of its name, with "-<copy>" appended when the set holds several copies
("deadite-3", "boomstick-1", "goldtooth", "necronomicon"). Characters are not cards:
each seat has one in front of it from the start (aod Set-up).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources

CONTENT = "standard"
CARD_FILE = "cards-standard.json"
HAND_SIZE = 5
ARMY_SIZE = 5
CHARACTER_TARGET = 8

# Characters (aod Set-up) and alignments (aod Health).
ASH = "ash"
SHEILA = "sheila"
ARTHUR = "arthur"
HENRY = "henry"
CHARACTERS = (ASH, SHEILA, ARTHUR, HENRY)
CHARACTER_NAMES = {ASH: "Ash", SHEILA: "Sheila", ARTHUR: "Arthur", HENRY: "Henry"}
GOOD = "good"
EVIL = "evil"

# Card kinds.
MONSTER = "monster"
ITEM = "item"
ALLY = "ally"
EVENT = "event"
NECRONOMICON = "necronomicon"
KINDS = (MONSTER, ITEM, ALLY, EVENT, NECRONOMICON)
BOOK = "necronomicon"
"""The Necronomicon's card id (there is one copy)."""

# Item slots and categories (aod Items).
WEAPON = "weapon"
OTHER = "other"
SLOTS = (WEAPON, OTHER)
COMPLEX = "complex"
MEDIEVAL = "medieval"
SWORD_TAG = "sword"
"""Henry's good side: +1 with a sword (aod MONSTER CARDS)."""
ALLIES_TAG = "allies"
"""A monster immune to "allies" ignores every Ally bonus and Arthur's Ally bonus."""

# Ally abilities (aod Allies).
CROSSBOW_ABILITY = "crossbow"
SECOND_ALLY = "second-ally"
CROSSBOW_TAG = "crossbow"
ARCHER_CAPTAIN_CROSSBOW_BONUS = 2

# Event effects (aod Events), by the names the data file uses.
INTO_THE_PIT = "into-the-pit"
IGNORED = "ignored"
PAYBACK = "payback"
YER_SCREWED = "yer-screwed"
SUCKER_PUNCH = "sucker-punch"
SUCK_IT_UP = "suck-it-up"
ILL_TAKE_THAT = "ill-take-that"
IM_BAD = "im-bad"
GOODY_GOODY = "goody-goody"
DOUBLE_CROSSED = "double-crossed"
ITS_BACK = "its-back"
S_MART = "s-mart"
EFFECTS = (INTO_THE_PIT, IGNORED, PAYBACK, YER_SCREWED, SUCKER_PUNCH, SUCK_IT_UP, ILL_TAKE_THAT,
           IM_BAD, GOODY_GOODY, DOUBLE_CROSSED, ITS_BACK, S_MART)
OTHER_TARGET = (INTO_THE_PIT, IGNORED, PAYBACK, YER_SCREWED, SUCKER_PUNCH)
"""Events aimed at another character (target_seat), with no target card."""
CARD_TARGET = (ILL_TAKE_THAT, DOUBLE_CROSSED)
"""Events aimed at a card in play with another character (target_card; target_seat its owner)."""
SUCK_IT_UP_DRAW = 2


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card: its id, name and kind, and the fields its kind uses (0/""/() otherwise)."""

    id: str
    name: str
    kind: str
    number: int = 0
    victory: int = 0
    immune: tuple[str, ...] = ()
    slot: str = ""
    category: str = ""
    tags: tuple[str, ...] = ()
    bonus: int = 0
    keep: int = 0
    ability: str = ""
    effect: str = ""

    def marks(self) -> tuple[str, ...]:
        """What an immunity can match on this card: its category, tags, or "allies"."""
        if self.kind == ALLY:
            return (ALLIES_TAG,)
        return (self.category, *self.tags) if self.category else self.tags


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _load(text: str) -> tuple[CardDef, ...]:
    data = json.loads(text)
    cards: list[CardDef] = []
    for entry in data["cards"]:
        kind = str(entry["kind"])
        if kind not in KINDS:
            raise ValueError(f"{CARD_FILE}: {entry['name']} has an unknown kind {kind!r}")
        copies = int(entry["copies"])
        base = slug(str(entry["name"]))
        for copy in range(1, copies + 1):
            card = CardDef(
                id=base if copies == 1 else f"{base}-{copy}",
                name=str(entry["name"]),
                kind=kind,
                number=int(entry.get("number", 0)),
                victory=int(entry.get("victory", 0)),
                immune=tuple(str(x) for x in entry.get("immune", ())),
                slot=str(entry.get("slot", "")),
                category=str(entry.get("category", "")),
                tags=tuple(str(x) for x in entry.get("tags", ())),
                bonus=int(entry.get("bonus", 0)),
                keep=int(entry.get("keep", 0)),
                ability=str(entry.get("ability", "")),
                effect=str(entry.get("effect", "")),
            )
            if kind == ITEM and card.slot not in SLOTS:
                raise ValueError(f"{CARD_FILE}: {card.id} has an unknown slot {card.slot!r}")
            if kind == EVENT and card.effect not in EFFECTS:
                raise ValueError(f"{CARD_FILE}: {card.id} has an unknown effect {card.effect!r}")
            cards.append(card)
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids) or ids.count(BOOK) != 1:
        raise ValueError(f"{CARD_FILE}: card ids must be unique and include one {BOOK}")
    return tuple(cards)


CARDS: tuple[CardDef, ...] = _load(resources.files(__package__).joinpath(CARD_FILE).read_text("utf-8"))
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
_BY_ID = {c.id: c for c in CARDS}


def card(card_id: str) -> CardDef:
    return _BY_ID[card_id]


def is_card(card_id: str) -> bool:
    return card_id in _BY_ID


def kind(card_id: str) -> str:
    return _BY_ID[card_id].kind


def is_goldtooth(card_id: str) -> bool:
    return _BY_ID[card_id].ability == SECOND_ALLY


def parse_characters(text: str, seats: int) -> tuple[str, ...]:
    """The characters by seat: the option's comma list, or Ash, Sheila, Arthur, Henry in order."""
    if not text.strip():
        return CHARACTERS[:seats]
    chosen = tuple(part.strip().lower() for part in text.split(","))
    unknown = [c for c in chosen if c not in CHARACTERS]
    if unknown:
        raise ValueError(f"aod: unknown character(s) {', '.join(unknown)}; choose from {', '.join(CHARACTERS)}")
    if len(chosen) != seats or len(set(chosen)) != len(chosen):
        raise ValueError(f"aod: option characters needs {seats} different characters, one per seat")
    return chosen
