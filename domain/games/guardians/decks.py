"""Guardians deck lists: the example decks, a client's deck list, and the deck rules.

A deck list names a Guardian, a stronghold (three stronghold cards: left, center,
right) and the cards of the deck by key with their counts. The Guardian and the
stronghold are not part of the deck (guardians THE DECK, guardians THE GAME).

The limits checked here (at least 55 cards, at most 5 of a card except terrain and
shields, one Guardian, Champs, the Wonder Dog restricted to one) are, as the rulebook
says in guardians THE DECK, the usual tournament rules rather than printed ones; they
are the default here.

A deck list from a client is an option string (`parse_deck`): an example deck's name
("knights", "giants-fairies", "undead"), the compact form

    guardian=<key>;stronghold=<left>,<center>,<right>;cards=<key>*<count>,<key>*<count>,...

with any whitespace (`compact` writes that form), or `random:<seed>`: a legal deck drawn
from the whole card pool by RECIPE, from the seed alone (`random_deck`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType

from domain.games.guardians.cards import CARDS, Card
from domain.games.guardians.citations import R_DECK, R_GUARDIANS, R_STRONGHOLDS
from domain.kernel import Rng, quoted

MIN_CARDS = 55
MAX_COPIES = 5
RESTRICTED = {"di-champs-the-wonder-dog": 1}
"""guardians THE DECK: the only restricted card, at most one copy."""
UNLIMITED_KINDS = ("terrain", "shield", "standard-bearer", "shield-terrain")
"""guardians THE DECK: no copy limit for terrain and shields (standard bearers, shield/terrain are shields)."""
STRONGHOLD_PLACES = ("left", "center", "right")
_PLACE_WORDS = {"left": "left", "l": "left", "center": "center", "c": "center", "right": "right", "r": "right"}
MAX_DECK_TEXT = 4096
"""The longest deck option string accepted."""
MAX_COUNT = 99
CUSTOM = "custom"
EXAMPLE_NAMES = ("knights", "giants-fairies", "undead")
RANDOM = "random:"
"""The prefix of a random pool deck's option: `random:<seed>`."""
SEED_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A random deck's seed: 1 to 32 letters, digits, '-' or '_'."""
RANDOM_KEY = "tablerules guardians random deck"
"""The random deck's generator: the kernel's HMAC-SHA256 stream (kernel/rng.py) keyed by
the seed, its messages "<RANDOM_KEY>/0/<block>"; never the game's generator."""


@dataclass(frozen=True, slots=True)
class DeckList:
    name: str
    guardian: str
    """The Guardian's card key."""
    stronghold: tuple[str, str, str]
    """Left, center and right stronghold card keys."""
    cards: tuple[tuple[str, int], ...]
    """(key, count), sorted by key."""

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)

    def instances(self) -> tuple[str, ...]:
        """One id per physical card, "<key>#<n>" with n = 1..count, in (key, n) order; unique within the deck."""
        return tuple(f"{key}#{number}" for key, count in self.cards for number in range(1, count + 1))

    def compact(self) -> str:
        """The compact option form (parse_deck reads it back)."""
        listed = ",".join(f"{key}*{count}" for key, count in self.cards)
        return f"guardian={self.guardian};stronghold={','.join(self.stronghold)};cards={listed}"


def _deck(name: str, guardian: str, stronghold: list[str] | tuple[str, ...], cards: Mapping[str, int]) -> DeckList:
    if len(stronghold) != 3:
        raise ValueError(f"{R_STRONGHOLDS}: a stronghold is three cards (left, center, right), not {len(stronghold)}")
    return DeckList(name, guardian, (stronghold[0], stronghold[1], stronghold[2]), tuple(sorted(cards.items())))


def _load_examples() -> dict[str, DeckList]:
    folder = resources.files(__package__).joinpath("decks")
    decks: dict[str, DeckList] = {}
    for name in EXAMPLE_NAMES:
        data = json.loads(folder.joinpath(f"{name}.json").read_text("utf-8"))
        decks[name] = _deck(
            str(data["name"]),
            str(data["guardian"]),
            [str(key) for key in data["stronghold"]],
            {str(key): int(count) for key, count in data["cards"].items()},
        )
    return decks


EXAMPLE_DECKS: Mapping[str, DeckList] = MappingProxyType(_load_examples())


def _known(key: str, rule: str) -> str:
    if key not in CARDS:
        raise ValueError(f"{rule}: unknown card {key!r}")
    return key


def parse_deck(text: str) -> DeckList:
    """An example deck's name or the compact form -> a DeckList whose keys are all known cards.

    The deck rules are checked by check_deck.
    """
    if len(text) > MAX_DECK_TEXT:
        raise ValueError(f"{R_DECK}: a deck list of at most {MAX_DECK_TEXT} characters, not {len(text)}")
    if text.strip().startswith(RANDOM):
        return random_deck(text.strip().removeprefix(RANDOM))
    compact = re.sub(r"\s+", "", text)
    if compact in EXAMPLE_DECKS:
        return EXAMPLE_DECKS[compact]
    if "=" not in compact:
        raise ValueError(
            f"{R_DECK}: no example deck {quoted(compact)} (there are {', '.join(EXAMPLE_NAMES)}); "
            "or give random:<seed>, or guardian=<key>;stronghold=<key>,<key>,<key>;cards=<key>*<count>,..."
        )
    fields: dict[str, str] = {}
    for part in filter(None, compact.split(";")):
        name, equals, value = part.partition("=")
        if not equals or name not in ("guardian", "stronghold", "cards"):
            raise ValueError(f"{R_DECK}: unknown part {part!r} of the deck list (guardian=, stronghold=, cards=)")
        if name in fields:
            raise ValueError(f"{R_DECK}: {name}= given twice")
        fields[name] = value
    missing = [name for name in ("guardian", "stronghold", "cards") if name not in fields]
    if missing:
        raise ValueError(f"{R_DECK}: the deck list has no {'= or '.join(missing)}=")
    guardian = _known(fields["guardian"], R_GUARDIANS)
    stronghold = [_known(key, R_STRONGHOLDS) for key in fields["stronghold"].split(",")]
    cards: dict[str, int] = {}
    for item in filter(None, fields["cards"].split(",")):
        key, star, count_text = item.partition("*")
        if star and not re.fullmatch(r"[0-9]{1,2}", count_text):
            raise ValueError(f"{R_DECK}: {item!r} is not <key>*<count> with a count from 1 to {MAX_COUNT}")
        count = int(count_text) if star else 1
        if count < 1:
            raise ValueError(f"{R_DECK}: {item!r} has no copies")
        if _known(key, R_DECK) in cards:
            raise ValueError(f"{R_DECK}: {key!r} is listed twice")
        cards[key] = count
    return _deck(CUSTOM, guardian, stronghold, cards)


def _place(item: Card) -> str:
    return _PLACE_WORDS.get(item.name.split()[-1].lower(), "")


def _stronghold_set(item: Card) -> str:
    """ "Carreg Amroth Left" -> "Carreg Amroth"."""
    return item.name.rsplit(" ", 1)[0]


def check_deck(deck: DeckList) -> None:
    """Raises ValueError naming the first deck rule the list breaks."""
    guardian = CARDS.get(deck.guardian)
    if guardian is None:
        raise ValueError(f"{R_GUARDIANS}: unknown card {deck.guardian!r}")
    if guardian.kind != "guardian":
        raise ValueError(f"{R_GUARDIANS}: {guardian.name} ({deck.guardian}) is not a Guardian")
    cards: list[tuple[Card, int]] = []
    for key, count in deck.cards:
        found = CARDS.get(key)
        if found is None:
            raise ValueError(f"{R_DECK}: unknown card {key!r}")
        if found.kind == "guardian":
            raise ValueError(
                f"{R_DECK}: the deck holds a Guardian ({found.name}); one Guardian plays, outside the deck"
            )
        if not found.in_deck:
            raise ValueError(f"{R_DECK}: {found.name} ({key}) is a {found.kind} card and cannot be in the deck")
        if count < 1:
            raise ValueError(f"{R_DECK}: {key!r} has {count} copies")
        cards.append((found, count))
    places: list[Card] = []
    for place, key in zip(STRONGHOLD_PLACES, deck.stronghold, strict=True):
        found = CARDS.get(key)
        if found is None:
            raise ValueError(f"{R_STRONGHOLDS}: unknown card {key!r}")
        if found.kind != "stronghold":
            raise ValueError(f"{R_STRONGHOLDS}: {found.name} ({key}) is not a stronghold card")
        if _place(found) != place:
            raise ValueError(f"{R_STRONGHOLDS}: {found.name} is not a {place} stronghold card")
        places.append(found)
    if len({_stronghold_set(item) for item in places}) != 1 or len({item.set for item in places}) != 1:
        raise ValueError(
            f"{R_STRONGHOLDS}: the three stronghold cards must be one set's left, center and right, "
            f"not {', '.join(item.name for item in places)}"
        )
    if deck.size < MIN_CARDS:
        raise ValueError(f"{R_DECK}: a deck holds at least {MIN_CARDS} cards, this one {deck.size}")
    # One card is one name: a promo reprint or a second print counts with the first.
    copies: Counter[str] = Counter()
    names: dict[str, str] = {}
    for found, count in cards:
        if found.kind not in UNLIMITED_KINDS:
            copies[found.name.lower()] += count
            names[found.name.lower()] = found.name
    for name, count in sorted(copies.items()):
        if count > MAX_COPIES:
            raise ValueError(
                f"{R_DECK}: at most {MAX_COPIES} copies of a card other than terrain and shields; "
                f"{names[name]} has {count}"
            )
    for key, limit in sorted(RESTRICTED.items()):
        count = sum(n for found, n in cards if found.name == CARDS[key].name)
        if count > limit:
            raise ValueError(f"{R_DECK}: {CARDS[key].name} is restricted to {limit} copy; this deck has {count}")


# ---------------------------------------------------------------- random pool decks


@dataclass(frozen=True, slots=True)
class Share:
    """One part of a random deck: `cards` cards of these kinds, each name taken once with
    1 to `most` copies (a restricted card: its limit)."""

    kinds: tuple[str, ...]
    cards: int
    most: int


RECIPE = (
    Share(("creature",), 36, 3),
    Share(("shield", "shield-terrain"), 9, 2),
    Share(("standard-bearer",), 1, 1),
    Share(("terrain",), 8, 3),
    Share(("spell", "hand-item", "creature-item", "accessory", "upgrade", "downgrade", "bribery"), 16, 2),
)
"""A random deck's 70 cards, as the three example decks are made (70 cards each: 31 to 40
creatures, 9 Shields and a Standard Bearer, 7 or 8 terrain cards, the rest Spells,
Items and bribery): creatures to fight, Shields to carry them, terrain to settle lands."""


@cache
def _pool(kinds: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The deck cards of these kinds by name (sorted), each name's prints (keys, sorted)."""
    prints: dict[str, list[str]] = {}
    for key, item in CARDS.items():
        if item.kind in kinds:
            prints.setdefault(item.name.lower(), []).append(key)
    return tuple(tuple(sorted(prints[name])) for name in sorted(prints))


def _strongholds() -> tuple[tuple[str, str, str], ...]:
    """Every stronghold: its set's left, center and right cards, by name."""
    by_set: dict[tuple[str, str], dict[str, str]] = {}
    for key, item in CARDS.items():
        if item.kind == "stronghold":
            by_set.setdefault((item.set, _stronghold_set(item)), {})[_place(item)] = key
    return tuple(
        (places["left"], places["center"], places["right"])
        for _, places in sorted(by_set.items())
        if set(places) == set(STRONGHOLD_PLACES)
    )


def random_deck(seed: str) -> DeckList:
    """`random:<seed>`: a legal deck from the whole pool (guardians THE DECK, GUARDIANS,
    STRONGHOLDS) made by RECIPE, the same for the same seed on every machine. A Guardian
    and a stronghold are drawn uniformly; for each share, names are drawn uniformly
    among those not yet taken, a print of the name uniformly, then its copies."""
    if not SEED_PATTERN.fullmatch(seed):
        raise ValueError(
            f"{R_DECK}: a random deck's seed is 1 to 32 letters, digits, '-' or '_' (random:<seed>), "
            f"not {quoted(seed)}"
        )
    return _random_deck(seed)


@lru_cache(maxsize=256)
def _random_deck(seed: str) -> DeckList:
    rng = Rng(seed, RANDOM_KEY, 0)
    guardians = sorted(key for key, item in CARDS.items() if item.kind == "guardian")
    guardian = rng.choice(guardians)
    stronghold = rng.choice(_strongholds())
    cards: dict[str, int] = {}
    for share in RECIPE:
        names = list(_pool(share.kinds))
        left = share.cards
        while left:
            prints = names.pop(rng.below(len(names)))
            key = rng.choice(prints)
            most = min(share.most, left, *(RESTRICTED.get(each, MAX_COPIES) for each in prints))
            copies = 1 + rng.below(most)
            cards[key] = copies
            left -= copies
    return _deck(f"{RANDOM}{seed}", guardian, stronghold, cards)
