"""A card whose printed text the rules do not implement plays with its numbers and its
keyword sentences only, and says so in the clear as it comes into play; a Spell or an
Item among them is not played (RULES.md, Cards and their texts). One mechanism says it
for every kind: turns.note_text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace as replace_card

import pytest

from domain.games.guardians import GAME, cards
from domain.games.guardians.cards import CARDS
from domain.games.guardians.decks import EXAMPLE_DECKS
from domain.games.guardians.effects import TEXT_NOT_IMPLEMENTED
from domain.games.guardians.messages import (
    Channel,
    DeclareCommand,
    EffectApplied,
    FinishOrganizing,
    LayoutRevealed,
    Pass,
    Place,
    PlaceTerrain,
    PlayCreature,
    Step,
)
from domain.games.guardians.state import ORGANIZE, SETTLEMENT, Shield, face, members
from domain.kernel import Event, RuleViolation, StartGame
from tests.guardians.support import KIT, Table, card_of, face_off, instances, run, table
from tests.kit import of

GAAR = "re-gaar-influencer-of-the-masses"
NECROPOLIS = ("np-necropolis-park-l", "np-necropolis-park-c", "np-necropolis-park-r")
NOTED_KINDS = {"creature", "guardian", "stronghold", "standard-bearer", "upgrade", "terrain"}
"""The kinds whose cards with an unimplemented text come into play, each saying so; every
other kind (Spells, Items, downgrades) holds only cards that are then not played."""


@contextmanager
def unimplemented(*keys: str) -> Iterator[None]:
    """The cards as if their text were not implemented (where no card of their kind is left so)."""
    loaded = cards._load()
    originals = {key: loaded[key] for key in keys}
    for key, original in originals.items():
        loaded[key] = replace_card(original, text="unimplemented")
    face.cache_clear()
    try:
        yield
    finally:
        loaded.update(originals)
        face.cache_clear()


def notes(events: list[Event]) -> list[tuple[int, str]]:
    return [(e.seat, e.source) for e in of(events, EffectApplied) if e.effect == TEXT_NOT_IMPLEMENTED]


def test_every_unimplemented_kind_says_so_or_is_not_played() -> None:
    kinds = {c.kind for c in CARDS.values() if c.text == "unimplemented"}
    # Every stronghold and terrain card's text is implemented now (their notes are tested
    # below with a card as if its text were not); so is every downgrade's
    # (test_items_and_downgrades_... makes one not).
    assert kinds | {"stronghold", "terrain"} >= NOTED_KINDS
    assert kinds - NOTED_KINDS == {"spell", "hand-item", "creature-item", "accessory"}


def test_a_guardian_and_a_stronghold_say_so_when_the_game_is_set_up() -> None:
    """Gaar, Influencer of the Masses, and the Necropolis Park stronghold (as if their texts were
    not implemented: Gaar's is since wave 7c, and no stronghold card's is left so) come into play at
    the start; seat 2's Rak Nam and Carreg Amroth are implemented and say nothing."""
    knights = EXAMPLE_DECKS["knights"]
    deck = replace_card(knights, guardian=GAAR, stronghold=NECROPOLIS).compact()
    with unimplemented(GAAR, *NECROPOLIS):
        events = run(KIT.initial(2, {"deck_1": deck}), StartGame(seat=0)).events
    assert notes(events) == [(1, GAAR), *((1, key) for key in NECROPOLIS)]


def test_a_standard_bearer_and_an_upgrade_say_so_when_the_layouts_are_revealed() -> None:
    """Placed in secret, they come into play when both layouts are shown; the note is
    public, as the cards then are."""
    bearer, garden = instances(1, ["Standard Bearer Brom's Dragon 19", "Lotus Flower Water Garden"])
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (bearer, garden), "2:drawn": instances(2, ["Archer"])}))
    t.play(Place(seat=1, card=bearer, to="on:a1"))
    t.play(Place(seat=1, card=garden, to="upgrade:a1"))
    t.play(FinishOrganizing(seat=1))
    assert not notes(t.events)
    revealed = t.play(FinishOrganizing(seat=2))
    kinds = [type(e).__name__ for e in revealed]
    assert notes(revealed) == [(1, bearer), (1, garden)]
    assert kinds.index("EffectApplied") > kinds.index(LayoutRevealed.__name__)
    shown = [GAME.redact(e, 2) for e in of(revealed, EffectApplied)]
    assert notes(shown) == [(1, bearer), (1, garden)]


def test_a_terrain_card_says_so_when_it_is_laid_face_up() -> None:
    with unimplemented("dn-the-maitz-hotel"):
        _a_terrain_card_says_so()


def _a_terrain_card_says_so() -> None:
    """The Maitz Hotel as if its text were not implemented (every terrain text is)."""
    hotel, woods = instances(1, ["The Maitz Hotel", "Woods"])
    shields = (Shield("1.re-shield-ploogs-ox-10#1", 1, "a2"), Shield("1.re-shield-ploogs-ox-12#1", 1, "b2"))
    zones = {
        "1:shields": tuple(s.card for s in shields),
        **{f"1:{members(s.card)}": instances(1, ["Swordsman"]) for s in shields},
        "1:pen": (hotel, woods),
    }
    t = Table(table(phase=SETTLEMENT, zones=zones, shields=shields, settling=("a2", "b2")))
    assert notes(t.play(PlaceTerrain(seat=1, land="a2", card=hotel))) == [(1, hotel)]
    assert not notes(t.play(PlaceTerrain(seat=1, land="b2", card=woods)))


@pytest.fixture
def unimplemented_channeler() -> Iterator[str]:
    """The Eternal Witch Lord as if its text were not implemented (no other channeler's text is
    left unimplemented)."""
    with unimplemented("re-eternal-witch-lord"):
        yield "re-eternal-witch-lord"


def test_a_channeler_says_so_when_it_channels(unimplemented_channeler: str) -> None:
    """The Eternal Witch Lord, face down under a stronghold, is shown as it channels (to a Wraith:
    it channels to Undead only).
    A creature with no CMP under a stronghold does not channel (guardians Channelers)."""
    elemental, swordsman = card_of(1, "Eternal Witch Lord"), card_of(1, "Swordsman", 2)
    state = face_off(["Wraith"], ["Archer"])
    t = Table(replace_card(state, zones={**state.zones, "1:under:a1": (elemental, swordsman)}))
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=False))
    t.play(DeclareCommand(seat=2, play=False))
    t.play(PlayCreature(seat=1, card=card_of(1, "Wraith")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    for seat in (1, 2, 1, 2):
        t.play(Pass(seat=seat))
    with pytest.raises(RuleViolation, match=r"guardians Channelers: .* is not a channeler under your strongholds"):
        t.play(Channel(seat=1, source=swordsman))
    assert notes(t.play(Channel(seat=1, source=elemental))) == [(1, elemental)]


def test_items_and_downgrades_without_their_text_stay_in_the_creature_pen() -> None:
    """A creature Magic Item whose text is not implemented (Heels of Speed, as if so) is not
    played into a stack; an accessory or a downgrade (Sewage Backup, as if its text were not
    implemented: no downgrade's is left so) is not played at all: each goes to the Creature Pen."""
    heels, ankh, sewage, swordsman = instances(1, ["Heels of Speed", "Ankh", "Sewage Backup", "Swordsman"])
    with unimplemented("dn-sewage-backup", "re-heels-of-speed"):
        t = Table(table(phase=ORGANIZE, zones={"1:drawn": (heels, ankh, sewage, swordsman)}))
        t.play(Place(seat=1, card=swordsman, to="on:a1"))
        legal = GAME.legal_commands(t.state, 1)
        for card in (heels, ankh, sewage):
            assert [c.to for c in legal if isinstance(c, Place) and c.card == card] == ["pen"]
        with pytest.raises(RuleViolation, match="guardians Text Box: Heels of Speed's text is not implemented"):
            t.play(Place(seat=1, card=heels, to="on:a1"))
        with pytest.raises(RuleViolation, match="guardians Text Box: Sewage Backup's text is not implemented"):
            t.play(Place(seat=1, card=sewage, to="downgrade:a4"))


@pytest.fixture
def implemented_item() -> Iterator[str]:
    """The Mighty Tiki God (Up number 19) as if its text were implemented, as the creature
    Magic Items will be: the rules for items in a stack apply to it."""
    loaded = cards._load()
    key = "dn-mighty-tiki-god"
    original = loaded[key]
    loaded[key] = replace_card(original, text="keyword")
    face.cache_clear()
    try:
        yield key
    finally:
        loaded[key] = original
        face.cache_clear()


def test_a_creature_item_counts_no_points_against_the_space_limit(implemented_item: str) -> None:
    """guardians Place Creatures: at most 30 points on and under a space, counting the
    creatures; items in a stack are limited only to no more than its creatures."""
    giants = instances(1, ["Desert Giant", "Elder Cave Giant"])  # 14 + 14
    tiki, other_tiki = f"1.{implemented_item}#1", f"1.{implemented_item}#2"
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (*giants, tiki, other_tiki)}))
    t.play(Place(seat=1, card=giants[0], to="on:b1"))
    t.play(Place(seat=1, card=giants[1], to="on:b1"))
    assert Place(seat=1, card=tiki, to="on:b1") in GAME.legal_commands(t.state, 1)
    t.play(Place(seat=1, card=tiki, to="on:b1"))
    t.play(Place(seat=1, card=other_tiki, to="on:b1"))
    assert t.state.zone(1, "on:b1") == (*giants, tiki, other_tiki)
    lone = Table(table(phase=ORGANIZE, zones={"1:drawn": (tiki,)}))
    with pytest.raises(RuleViolation, match="guardians Place Creatures: a stack may not hold more magic items"):
        lone.play(Place(seat=1, card=tiki, to="on:a1"))
