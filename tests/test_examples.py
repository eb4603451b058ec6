"""The files in examples/ are what the README says they are: a Guardians deck list and a
King's Armory map that the rules accept (issue 28)."""

from __future__ import annotations

from pathlib import Path

from domain.games import REGISTRY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_example_guardians_deck_list_makes_a_game() -> None:
    game = REGISTRY["guardians"]
    deck = (EXAMPLES / "guardians-deck.txt").read_text(encoding="utf-8")
    setup = game.ruleset.check_setup(["ann", "bob"], {"deck_1": deck}, "")
    assert game.initial_state(setup) is not None


def test_the_example_kings_armory_map_makes_a_game() -> None:
    game = REGISTRY["kings-armory"]
    board = (EXAMPLES / "kings-armory-map.json").read_text(encoding="utf-8")
    state = game.initial_state(game.ruleset.check_setup(["ann"], {"map": board}, ""))
    assert any("G" in line for line in game.view(state, 1).map)
