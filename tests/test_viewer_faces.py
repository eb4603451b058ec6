"""The card faces the web viewer's summary carries (tools/viewer/faces.py): for The King's
Armory, whose view names the team's cards by id, every card of its four decks by name with
what it gives in words (kings-armory E Equipment Cards, E Reinforcement Cards, E Armory
Cards, E Reward Cards); nothing for a game whose view describes its own cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from domain.games.kings_armory.card_text import STAT_WORDS, attack_text, effect_text
from domain.games.kings_armory.content import (
    STATUSES,
    Attack,
    CardEffect,
    armory_cards,
    equipment,
    heroes,
    reinforcements,
    rewards,
)
from tests.stored_logs import REPLAYS
from tools.viewer.timeline import load

KINGS_ARMORY = REPLAYS / "kings-armory" / "2p-five-waves-win.jsonl"


@pytest.fixture(scope="module")
def faces() -> dict[str, dict[str, Any]]:
    cards = load(KINGS_ARMORY.read_bytes()).summary()["cards"]
    assert isinstance(cards, list)
    return {face["id"]: face for face in cards if isinstance(face, dict)}


def test_every_card_of_the_four_decks_has_a_face_with_its_name(faces: dict[str, dict[str, Any]]) -> None:
    """kings-armory A1 Table Arrangement: the Reward, Equipment, Reinforcement and Armory decks."""
    decks: dict[str, Mapping[str, Any]] = {"equipment": equipment(), "reinforcement": reinforcements(),
                                           "armory": armory_cards(), "reward": rewards()}
    assert set(faces) == {key for cards in decks.values() for key in cards}
    for deck, cards in decks.items():
        for key, card in cards.items():
            assert faces[key]["name"] == card.name and faces[key]["deck"] == deck
            assert all(line.strip() for line in faces[key]["gives"]), faces[key]
            if deck != "reward":  # a Reward card's name is its gold
                assert faces[key]["gives"], f"{key}: a card that gives nothing"


def _attack_said(attack: Attack, words: str) -> bool:
    roll = "Auto (no roll)" if attack.hitroll is None else f"Hitroll +{attack.hitroll}"
    return f"Range {attack.reach}" in words and roll in words and attack.kind.capitalize() in words


def test_an_equipment_face_says_every_bonus_attack_special_and_grant(faces: dict[str, dict[str, Any]]) -> None:
    """kings-armory B5 Step 5, E Equipment Cards, E Statistical Adjustments: what worn
    Equipment adds, each in its own words, and its unlock and sale prices (B5 Step 3)."""
    for key, card in equipment().items():
        gives = faces[key]["gives"]
        said = " / ".join(gives)
        for field, label in STAT_WORDS:
            bonus = getattr(card.stats, field)
            assert (f"+{bonus} {label}" in gives) == (bonus > 0), (key, field, gives)
        for attack in card.attacks:
            assert attack.name in said and _attack_said(attack, said), (key, said)
        for special in card.specials:
            assert f"Special Action {special.name}" in said and f"within {special.reach}" in said, (key, said)
        bonus_lines = 1 if card.attack_bonus is not None else 0
        assert len(gives) == (sum(1 for field, _ in STAT_WORDS if getattr(card.stats, field)) + bonus_lines
                              + len(card.attacks) + len(card.specials) + len(card.grants)), (key, gives)
        assert f"{card.unlock} gold" in faces[key]["note"] and f"sold for {card.sell}" in faces[key]["note"]
        assert heroes()[card.hero].name.split(" the ")[0] in faces[key]["note"]


def _effect_numbers_said(effect: CardEffect, words: str) -> bool:
    amount = effect.amount == 0 or str(effect.amount) in words
    area = effect.area is None or f"{effect.area[0]}x{effect.area[1]}" in words
    attack = effect.attack is None or (effect.attack.name in words and _attack_said(effect.attack, words))
    return amount and area and attack


def test_a_reinforcement_or_armory_face_says_each_effect_and_when_it_is_played(
        faces: dict[str, dict[str, Any]]) -> None:
    """kings-armory E Reinforcement Cards (the Hero's own card is stronger with that Hero in
    the game; mid-Wave unless the card says otherwise), E Armory Cards, E Bosses (an effect
    on foes spares a Boss unless it says so)."""
    for key, card in reinforcements().items():
        gives = faces[key]["gives"]
        assert gives[:len(card.effects)] == [effect_text(effect) for effect in card.effects]
        for effect in card.effects:
            assert _effect_numbers_said(effect, effect_text(effect)), (key, effect)
        if card.hero_effects:
            hero = heroes()[card.hero or ""].name.split(" the ")[0]
            assert gives[-1].startswith(f"with {hero} in the game, also: ")
            assert all(effect_text(effect) in gives[-1] for effect in card.hero_effects)
        assert ("between Waves only" in faces[key]["note"]) == (not card.mid_wave)
        assert f"{card.price} gold" in faces[key]["note"]
    for key, armory in armory_cards().items():
        assert faces[key]["gives"] == [effect_text(effect) for effect in armory.effects]
        for effect in armory.effects:
            words = effect_text(effect)
            assert _effect_numbers_said(effect, words), (key, words)
            if effect.target in ("foe", "foes", "area"):
                assert words.endswith(", Bosses too" if effect.affects_bosses else ", never a Boss"), words


def test_a_crit_range_and_its_extra_effect_are_said_as_the_card_has_them() -> None:
    """kings-armory E Crit Range, E Special Attack Symbols: "crit 18-20 x2", a natural 20
    alone as "crit 20", and what a crit adds."""
    effects = [e for card in reinforcements().values() for e in (*card.effects, *card.hero_effects)]
    effects += [e for card in armory_cards().values() for e in card.effects]
    attacks = [a for card in equipment().values() for a in card.attacks]
    attacks += [e.attack for e in effects if e.attack is not None]
    assert any(a.crit_from == 20 for a in attacks) and any(a.crit_from and a.crit_from < 20 for a in attacks)
    for attack in attacks:
        words = attack_text(attack)
        if attack.crit_from is None:
            assert "crit" not in words
        else:
            shown = "20" if attack.crit_from == 20 else f"{attack.crit_from}-20"
            assert f"crit {shown} x{attack.crit_mod}" in words
        for effect, count in attack.on_crit.items():
            assert (f"{effect.capitalize()} {count}" if effect in STATUSES else effect.capitalize()) in words


def test_a_game_whose_view_describes_its_cards_gets_no_faces() -> None:
    summary = load((REPLAYS / "armory" / "2p-attack-win.jsonl").read_bytes()).summary()
    assert summary["cards"] == []
