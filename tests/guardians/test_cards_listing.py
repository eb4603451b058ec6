"""`tablerules cards guardians`: the card pool listed to build decks from (issue 30), each
card with its numbers and what its text does in our words, made from its structured
abilities (card_words.py), never from the printed text."""

from __future__ import annotations

import json
import subprocess
import sys

from domain.games.guardians.card_words import ABILITY_WORDS, ability_words, card_block, text_words
from domain.games.guardians.cards import ABILITY_KINDS, CARDS, card_to


def cards(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "tools.cli", "cards", "guardians", *args], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def blocks(listing: str) -> list[str]:
    """The listing's cards, one block each (the last line counts them)."""
    *lines, total = listing.splitlines()
    assert total.endswith(f" of {len(CARDS)} cards")
    starts = [n for n, line in enumerate(lines) if not line.startswith("  ")]
    return ["\n".join(lines[a:b]) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]


def test_a_known_card_reads_with_its_numbers_and_its_text_in_our_words() -> None:
    """The Fire Elemental: a 4 pt. fire AOE (guardians AOE attacks), a fire-based attack,
    +2 in the Woods (TERRAIN BONUS)."""
    assert blocks(cards("--name", "fire elemental")) == [
        "Fire Elemental  [re-fire-elemental]  RE creature\n"
        "  Vitality 14, medium, Elemental, Element, flying\n"
        "  A 4 pt. fire AOE attack. Its attack is fire-based. +2 Vitality when fighting in Woods."
    ]
    # A card whose text is read in part (chosen from the data: other cards' texts are being implemented).
    partly = next(item for item in CARDS.values() if item.text == "unimplemented" and item.abilities)
    listed = blocks(cards("--name", partly.name.upper(), "--set", partly.set.lower()))
    block = next(block for block in listed if block.startswith(f"{partly.name}  [{partly.key}]"))
    assert block.endswith(" The rest of its text is not yet implemented.")
    assert ability_words(partly.abilities[0]) in block


def test_the_filters_combine() -> None:
    terrain = blocks(cards("--kind", "terrain"))
    assert len(terrain) == sum(1 for item in CARDS.values() if item.kind == "terrain")
    assert all(block.split("\n")[0].endswith(" terrain") for block in terrain)
    knights = blocks(cards("--set", "RE", "--class", "Knight"))
    expected = [item for item in CARDS.values() if item.set == "RE" and "knight" in item.classes]
    assert [block.split("\n")[0] for block in knights] == [f"{i.name}  [{i.key}]  RE {i.kind}" for i in expected]
    assert knights and all("Knight" in block.split("\n")[1] for block in knights)


def test_json_gives_the_raw_records() -> None:
    records = json.loads(cards("--json", "--kind", "guardian"))
    assert records == [card_to(item) for item in CARDS.values() if item.kind == "guardian"]


def test_every_ability_kind_has_its_sentence_and_every_card_reads() -> None:
    """One sentence per kind, written once; a card of unimplemented text says so."""
    assert set(ABILITY_WORDS) == set(ABILITY_KINDS)
    for item in CARDS.values():
        block = card_block(item)
        assert block.startswith(f"{item.name}  [{item.key}]")
        said = text_words(item)
        assert said.endswith(".") and "  " not in said
        assert ("not yet implemented" in said) == (item.text == "unimplemented")
