"""aod Optional rules, each a game option."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.aod import GAME
from domain.games.aod.messages import (
    Attack,
    CardMoved,
    CardTaken,
    CharacterFlipped,
    DiscardOwed,
    PlayCard,
    SwitchItem,
)
from domain.games.aod.state import ATTACK, PLAY
from tests.aod.support import refused, run, table, with_die
from tests.kit import of

DECK = ("mace", "shield", "torch", "armor-1", "armor-2", "sword-1", "sword-2", "delta-88")


def test_options_are_declared_with_defaults_and_their_origin() -> None:
    """The default game is the rulebook's: every house rule is off, the turn cap included
    (the rulebook has none). Each option names the rulebook section that offers it."""
    specs = {o.name: (o.default, o.rulebook) for o in GAME.ruleset.options}
    optional = "aod OPTIONAL RULES"
    assert specs == {"characters": ("", "aod SET UP"), "turn_limit": (0, ""),
                     "discard_by_victory": (False, optional), "random_discard": ("off", optional),
                     "switch_before_play_only": (False, optional), "discard_allies_on_flip": (False, optional),
                     "take_from_beaten": (False, optional), "natural_rolls_against_characters": (False, "")}
    with pytest.raises(ValueError):
        GAME.ruleset.check_setup(["a", "b"], {"random_discard": "sometimes"}, "")


def test_discard_by_victory_rating() -> None:
    """aod Optional: Discard by Victory Rating."""
    state = table(2, phase=ATTACK, deck=DECK, options={"discard_by_victory": True}, players={
        1: {"hand": ("catapult", "mace", "torch", "shield"), "pile": ("deadite-horseman-1",)}})
    events = with_die(state, Attack(seat=1, target_seat=1, target_card="deadite-horseman-1"), 2).events
    owed = of(events, DiscardOwed)[0]
    assert owed.count == 3 and owed.rule == "aod Optional: Discard by Victory Rating"


@pytest.mark.parametrize("mode,monster_random,character_random",
                         [("off", False, False), ("always", True, True), ("characters", False, True)])
def test_random_discard_modes(mode: str, monster_random: bool, character_random: bool) -> None:
    """aod Optional: Random Discard (always, or only when beaten by a character)."""
    players: dict[int, dict[str, object]] = {
        1: {"hand": ("catapult", "mace"), "pile": ("kandarian-demon",)}, 2: {"hand": ("shield", "torch")}}
    state = table(2, phase=ATTACK, deck=DECK, options={"random_discard": mode}, players=players)
    events = with_die(state, Attack(seat=1, target_seat=1, target_card="kandarian-demon"), 2).events
    assert bool(of(events, DiscardOwed)) is not monster_random
    events = with_die(state, Attack(seat=1, target_seat=2), 2).events
    assert bool(of(events, DiscardOwed)) is not character_random
    if character_random:
        assert of(events, CardMoved)[0].rule == "aod Optional: Random Discard"


def test_switch_only_between_draw_and_play() -> None:
    """aod Optional: Switch Between Draw and Play."""
    players: dict[int, dict[str, object]] = {1: {"hand": ("catapult", "torch"), "weapons": ("sword-1", "mace")}}
    state = table(2, phase=ATTACK, deck=DECK, options={"switch_before_play_only": True}, players=players)
    assert refused(state, SwitchItem(seat=1, card="mace")).rule == "aod Optional: Switch Between Draw and Play"
    assert SwitchItem(seat=1, card="mace") not in GAME.legal_commands(state, 1)
    state = table(2, phase=PLAY, deck=DECK, options={"switch_before_play_only": True}, players=players)
    assert SwitchItem(seat=1, card="mace") in GAME.legal_commands(state, 1)


def test_discard_allies_on_a_flip() -> None:
    """aod Optional: Discard Allies on a Flip."""
    state = table(2, phase=PLAY, deck=DECK, options={"discard_allies_on_flip": True}, players={
        1: {"hand": ("im-bad",), "allies": ("knights-1", "peasants-1")}})
    state, events = run(state, PlayCard(seat=1, card="im-bad"))
    assert state.player(1).allies == ()
    assert [m.card for m in of(events, CardMoved) if m.rule == "aod Optional: Discard Allies on a Flip"] == [
        "knights-1", "peasants-1"]


def test_take_a_random_card_from_the_beaten_character_who_still_discards() -> None:
    """aod OPTIONAL RULES (take from the beaten): the winner takes a random card from the
    loser; the rule does not say "instead", so the loser's discard still follows."""
    state = table(2, phase=ATTACK, deck=DECK, options={"take_from_beaten": True}, players={
        1: {"hand": ("catapult",), "weapons": ("boomstick-1",), "others": ("death-coaster",)},
        2: {"hand": ("shield", "torch", "armor-2")}})
    state, events = with_die(state, Attack(seat=1, target_seat=2, use_weapon=True, use_other=True), 4)
    taken = of(events, CardTaken)[0]
    assert taken.seat == 1 and taken.from_seat == 2 and taken.card in ("shield", "torch", "armor-2")
    assert taken.rule == "aod Optional: Take from the Beaten"
    assert taken.card in state.player(1).hand and len(state.player(2).hand) == 2
    assert of(events, DiscardOwed)[0].seat == 2 and state.owed_seat == 2
    assert GAME.redact(taken, 3) == replace(taken, card="") and GAME.redact(taken, 2) == taken


def test_a_take_that_empties_the_hand_flips_the_loser_and_ends_his_discard() -> None:
    """aod HEALTH with aod OPTIONAL RULES (take from the beaten): taking the last card flips
    the loser, who draws back to five; as after any flip, the discard still owed is
    cancelled (our reading, RULES.md)."""
    state = table(2, phase=ATTACK, deck=DECK, options={"take_from_beaten": True}, players={
        1: {"hand": ("catapult",), "weapons": ("boomstick-1",), "others": ("death-coaster",)},
        2: {"hand": ("gunpowder-1",)}})
    state, events = with_die(state, Attack(seat=1, target_seat=2, use_weapon=True, use_other=True), 4)
    assert of(events, CardTaken)[0].card == "gunpowder-1" and "gunpowder-1" in state.player(1).hand
    assert of(events, CharacterFlipped)[0].seat == 2 and state.player(2).alignment == "evil"
    assert not of(events, DiscardOwed) and state.owed_seat == 0 and state.active == 2
