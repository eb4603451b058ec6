"""Guardians content: the generated card files, the converter and the card facts."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

import domain.games.guardians.cards as cards_module
from domain.games.guardians.cards import (
    ABILITY_KINDS,
    CARDS,
    KINDS,
    LIMITS,
    SETS,
    TERRAIN_TYPES,
    TEXT_STATUSES,
    UNIQUE_TEXTS,
    WHEN,
    Ability,
    Card,
    by_name,
    card,
    card_from,
    card_to,
)
from domain.games.guardians.decks import EXAMPLE_DECKS
from tools import cardimport
from tools.cardimport import convert_guardians

PACKAGE = Path(cards_module.__file__).parent
GENERATED = sorted([*PACKAGE.glob("cards-*.json"), *PACKAGE.glob("decks/*.json")])


def _source() -> Path | None:
    """The reference data: $TABLERULES_GUARDIANS_DATA, else shared/data/guardians beside the repository."""
    if os.environ.get("TABLERULES_GUARDIANS_DATA"):
        return Path(os.environ["TABLERULES_GUARDIANS_DATA"])
    for parent in Path(__file__).resolve().parents[2:]:
        candidate = parent / "shared" / "data" / "guardians"
        if (candidate / "carddata.tsv").is_file():
            return candidate
    return None


SOURCE = _source()
needs_source = pytest.mark.skipif(
    SOURCE is None, reason="the Guardians reference data (../shared/data/guardians beside the repository) is not here"
)


def _source_dir() -> Path:
    assert SOURCE is not None
    return SOURCE


@needs_source
def test_committed_files_equal_a_fresh_conversion(tmp_path: Path) -> None:
    convert_guardians(_source_dir(), tmp_path)
    fresh = sorted([*tmp_path.glob("cards-*.json"), *tmp_path.glob("decks/*.json")])
    assert [path.relative_to(tmp_path) for path in fresh] == [path.relative_to(PACKAGE) for path in GENERATED]
    for path in fresh:
        assert path.read_bytes() == (PACKAGE / path.relative_to(tmp_path)).read_bytes(), path.name


@needs_source
def test_conversion_is_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    convert_guardians(_source_dir(), first)
    convert_guardians(_source_dir(), second)
    for path in first.rglob("*.json"):
        assert path.read_bytes() == (second / path.relative_to(first)).read_bytes()
        assert path.read_bytes().endswith(b"}\n")


def _effect_sentences() -> list[str]:
    rows = cardimport.read_rows(_source_dir() / "carddata.tsv")
    found: set[str] = set()
    for row in rows:
        for column in ("Effect", "Bonus", "Command"):
            for sentence in re.split(r"[.;!?()\n]", row[column]):
                words = sentence.split()
                if len(words) >= 5:
                    found.add(" ".join(words).lower())
    return sorted(found)


@needs_source
def test_no_effect_wording_in_the_generated_files_or_the_code() -> None:
    """The project holds facts and structured abilities, never a sentence of the card texts."""
    sentences = _effect_sentences()
    assert len(sentences) > 500
    files = [*GENERATED, PACKAGE / "cards.py", PACKAGE / "decks.py", Path(cardimport.__file__)]
    for path in files:
        text = " ".join(path.read_text(encoding="utf-8").split()).lower()
        copied = [sentence for sentence in sentences if sentence in text]
        assert not copied, f"{path.name} holds card text: {copied[:3]}"
        if path.suffix != ".json":
            continue  # the code's patterns hold short fragments; the data holds none
        for sentence in sentences:  # nor any run of 8 words of a card text
            words = sentence.split()
            for start in range(len(words) - 7):
                assert " ".join(words[start : start + 8]) not in text, (path.name, sentence)


def test_headers_say_reconstructed_source_and_no_texts() -> None:
    for path in GENERATED:
        text = path.read_text(encoding="utf-8")
        assert '"reconstructed": true' in text
        assert "wishmstr/FPGGuardians" in text
        if path.name.startswith("cards-"):
            assert cardimport.CARDS_COMMIT in text
            assert "printed card texts are not included" in text
            assert "'Events' and 'Adventure' rows" in text
        else:
            assert cardimport.DECKS_COMMIT in text


def test_counts_by_set_and_kind() -> None:
    assert len(CARDS) == 680
    assert Counter(item.set for item in CARDS.values()) == {"RE": 324, "DI": 124, "DN": 123, "NP": 102, "PR": 7}
    assert Counter(item.kind for item in CARDS.values()) == {
        "creature": 395,
        "spell": 74,
        "shield": 64,
        "hand-item": 26,
        "standard-bearer": 24,
        "stronghold": 18,
        "terrain": 15,
        "guardian": 14,
        "creature-item": 13,
        "shield-terrain": 12,
        "upgrade": 12,
        "accessory": 7,
        "bribery": 3,
        "downgrade": 3,
    }
    assert Counter(item.creature_type for item in CARDS.values() if item.is_creature) == {
        "mortal": 151,
        "external": 123,
        "elemental": 121,
    }


def test_every_card_is_well_formed() -> None:
    for key, item in CARDS.items():
        assert key == item.key and item.set in SETS and item.kind in KINDS and item.text in TEXT_STATUSES
        assert key.startswith(item.set.lower() + "-") and re.fullmatch(r"[a-z0-9-]+", key)
        assert item.name == item.name.strip()
        assert item.bribes == tuple(sorted(item.bribes))
        assert all(ability.kind in ABILITY_KINDS for ability in item.abilities), key
        assert all(ability.when in ("", *WHEN) and ability.limit in ("", *LIMITS) for ability in item.abilities), key
        assert all(ability.terrain in ("", *TERRAIN_TYPES) for ability in item.abilities), key
        assert all(terrain in TERRAIN_TYPES for terrain in item.terrain_types), key
        assert (item.shield_limit > 0) == item.is_shield
        assert (item.text == "unique") == (key in UNIQUE_TEXTS)
        if item.is_creature:
            assert item.creature_type and item.size in ("S", "M", "L")
        else:
            assert not item.creature_type and not item.classes and not item.size
        assert card_from(card_to(item)) == item


def test_unique_texts_are_exactly_the_example_decks_leftovers() -> None:
    in_decks = {
        key
        for deck in EXAMPLE_DECKS.values()
        for key in (deck.guardian, *deck.stronghold, *(key for key, _ in deck.cards))
    }
    beyond_decks = {"re-floyd-the-flying-pig"}  # the rulebook's example 1 (texts.SELF_DESTROYING_COMMANDS)
    assert {key for key in in_decks if CARDS[key].text not in ("none", "keyword")} == UNIQUE_TEXTS - beyond_decks
    assert not any(CARDS[key].text == "unimplemented" for key in in_decks)


def test_lookups() -> None:
    assert card("re-swordsman") is CARDS["re-swordsman"]
    with pytest.raises(ValueError, match="unknown card 're-foo'"):
        card("re-foo")
    assert by_name("Swordsman", "RE").key == "re-swordsman"
    assert by_name("Fangis the Hunter", "DI").key == "di-fangis-the-hunter"
    assert card("di-fangis-the-hunter-2").classes == ("animal",)
    assert by_name("Druk", "PR").key == "pr-druk" and by_name("Druk", "DI").key == "di-druk"
    with pytest.raises(ValueError, match="no card"):
        by_name("Swordsman", "DI")


def _has(item: Card, *abilities: Ability) -> None:
    for ability in abilities:
        assert ability in item.abilities, (item.key, item.abilities)


def test_creature_facts() -> None:
    swordsman = card("re-swordsman")
    assert (swordsman.creature_type, swordsman.classes, swordsman.vitality, swordsman.ocb) == (
        "mortal",
        ("knight",),
        6,
        3,
    )
    assert swordsman.bribes == ("gold",) and swordsman.ranged == 0 and swordsman.text == "none"
    assert swordsman.border == "single" and swordsman.up == 6
    model = card("re-super-model")
    assert (model.vitality, model.stacking, model.up) == (1, 4, 1)
    _has(model, Ability("destroys", target="bribe:babes"))
    archer = card("re-archer")
    assert archer.ranged == 3
    _has(archer, Ability("ranged", 3))
    _has(card("re-ice-spirit"), Ability("immune", target="undead"), Ability("terrain-bonus", 1, terrain="mountains"))
    sand_lord = card("re-sand-lord")
    assert sand_lord.abilities == (
        Ability("terrain-bonus", -6, terrain="woods"),
        Ability("terrain-bonus", 6, terrain="dry-heaps"),
    )
    assert sand_lord.classes == ("elemental lord",) and sand_lord.text == "keyword"
    _has(card("re-wraith"), Ability("max-channeling", 16), Ability("bonus-vs", 5, "stronghold-defenders"))
    _has(card("re-devil-dog"), Ability("immune", target="fire"), Ability("secondary-bonus", 3))
    _has(card("re-amber-well"), Ability("beaten-secondary-bonus", 8))
    _has(card("re-ice-ogre"), Ability("no-channeling-vs", target="ogre"))
    _has(card("re-valkyrie-spirit"), Ability("channels-only-to", target="knight"), Ability("channels-to-any"))
    _has(card("re-archangel-odessa"), Ability("channels-only-to", target="angel|name:cleric"))
    _has(card("re-fire-elemental"), Ability("aoe", 4, "fire"), Ability("attack-element", target="fire"))
    _has(card("re-idiot-fiend"), Ability("aoe", 8, "fear:fairy"), Ability("bonus-vs", 4, "fairy"))
    _has(card("re-death"), Ability("destroys", target="mortal+fear"))
    _has(card("re-marshal"), Ability("bonus-yours-played", 2, "knight"), Ability("immune", target="fear"))
    _has(card("re-rock-spirit"), Ability("bonus-all", 5, "stronghold-defenders"))
    _has(card("re-floyd-the-flying-pig"), Ability("bonus-all", 2))
    _has(card("re-cleric"), Ability("heals", target="mortals"))
    _has(card("re-embryonic-witch"), Ability("win-pushes"))


def test_data_fixes() -> None:
    rock_giant = card("re-rock-giant")
    assert rock_giant.ranged == 6 and rock_giant.bribes == ("beer",)  # text 6; its B sits in the Gold column
    _has(rock_giant, Ability("ranged", 6), Ability("terrain-bonus", 2, terrain="mountains"))
    assert card("re-huge-rock-giant").ranged == 0  # no ranged attack in its text
    doomwing = card("re-doomwing")  # its text's 6 pt. ranged attack sits in the CMP column: no channeler
    assert doomwing.ranged == 6 and doomwing.cmp == 0
    assert card("np-dead-cats").classes == ("undead", "animal")
    assert card("np-joomjaba").classes == ("saurian", "blood spear")
    assert card("re-super-model").classes == card("re-merchant").classes == ("misc. human",)
    assert card("di-fangis-the-hunter").classes == card("di-fangis-the-hunter-2").classes == ("animal",)
    assert [card(f"di-shield-broms-goblin-{n}").vitality for n in ("04", "08", "12", "16")] == [12, 16, 4, 8]
    assert card("re-haba-naba-kaba").name == "Haba Naba Kaba"


def test_guardian_facts() -> None:
    rak_nam = card("re-rak-nam-leader-of-the-mighty")
    assert (rak_nam.kind, rak_nam.vitality, rak_nam.stones, rak_nam.cmp, rak_nam.base_draw) == ("guardian", 30, 7, 9, 3)
    assert (rak_nam.ldl, rak_nam.mdl, rak_nam.luc) == (1, 1, 1)
    assert rak_nam.text == "none" and rak_nam.border == "" and not rak_nam.in_deck
    assert card("re-tes-let-leader-with-foresight").text == "unique"
    assert sum(1 for item in CARDS.values() if item.kind == "guardian") == 14


def test_terrain_stronghold_and_shield_facts() -> None:
    woods = card("re-woods")
    assert woods.terrain_types == ("woods",) and woods.abilities == (Ability("no-ranged"),) and woods.up == 8
    assert card("re-spires").abilities == (Ability("no-flying"),)
    assert card("re-the-dry-heaps").terrain_types == ("dry-heaps",) and card("re-the-dry-heaps").text == "none"
    assert card("np-barrow-downs").terrain_types == ("mountains", "woods")
    assert Ability("no-ranged") in card("np-barrow-downs").abilities
    assert card("dn-the-hollens-grove").terrain_types == ("woods",) and not card("dn-the-hollens-grove").abilities
    center = card("re-carreg-amroth-center")
    assert center.kind == "stronghold" and center.abilities == (Ability("defend-bonus", 5),) and center.border == ""
    assert card("di-freebooters-stronghold-l").terrain_types == ("rivers-and-lakes",)
    shield = card("re-shield-maitzs-lightning-02")
    assert shield.is_shield and shield.shield_limit == 30 and shield.up == 2 and shield.text == "none"
    bearer = card("re-standard-bearer-warholas-snakes-06")
    assert bearer.is_shield and bearer.abilities == (Ability("win-pushes"),)
    assert card("re-standard-bearer-ploogs-ox-05").abilities == (Ability("ranged-bonus", 3, "defending"),)
    egypt = card("np-shield-terrain-egyptian-motif")
    assert egypt.is_shield and egypt.shield_limit == 25 and egypt.terrain_types == () and egypt.border == "single"
    assert card("re-dispel-magic").border == "double" and card("re-gold").border == "double"
    assert card("re-flame-cannon").border == "single" and card("re-flame-cannon").in_deck


def test_text_status_counts() -> None:
    assert Counter(item.text for item in CARDS.values()) == {
        "none": 81,
        "keyword": 496,
        "unique": 24,
        "unimplemented": 79,
    }


@needs_source
def test_cli_import_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tools.cli import main

    assert main(["import-cards", "guardians", "--source", str(_source_dir()), "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "680 cards" in out and "text: none 81, keyword 496, unique 24, unimplemented 79" in out
    assert (tmp_path / "cards-RE.json").read_bytes() == (PACKAGE / "cards-RE.json").read_bytes()
    assert (tmp_path / "decks" / "knights.json").is_file()
    with pytest.raises(SystemExit, match=r"no carddata\.tsv"):
        main(["import-cards", "guardians", "--source", str(tmp_path)])
