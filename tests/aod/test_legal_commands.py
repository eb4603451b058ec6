"""legal_commands lists exactly the commands the rules accept, by brute force: at every
position of random games, under each option that changes what is legal, every command
a seat could name with the game's cards and seats is accepted by `plan` (GAME.refusal
is None) if and only if legal_commands lists it.

tests/test_games.py holds every game to the same along random play, but it tries only
commands that were listed somewhere (for another seat, or nearby): a command that
legal_commands never lists (one kind of switch, one Event's target) would pass it
unseen. The commands named here need no knowledge of legal.py.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from domain.games.aod import GAME
from domain.games.aod.cards import CARD_IDS, EVENT, kind
from domain.games.aod.messages import Attack, DiscardCard, EndTurn, PlayCard, SwitchAlly, SwitchItem
from domain.games.aod.state import AodState
from domain.kernel import Command
from tests.aod.support import apply, pick_seat, started

FLAGS = tuple(product((False, True), repeat=3))


def nameable(state: AodState, seat: int) -> list[Command]:
    """Every command of `seat` that names a card of the set or a card on a pile, and a seat
    (or none): PlayCard only for the cards in his hand (any other is refused as not in his
    hand), with every target card for an Event."""
    seats = range(len(state.players) + 1)
    on_piles = sorted({c for player in state.players for c in player.pile})
    found: list[Command] = [EndTurn(seat=seat)]
    for c in CARD_IDS:
        found += [DiscardCard(seat=seat, card=c), SwitchItem(seat=seat, card=c), SwitchAlly(seat=seat, card=c)]
    for c in state.player(seat).hand:
        target_cards = ("", *CARD_IDS) if kind(c) == EVENT else ("",)
        found += [PlayCard(seat=seat, card=c, target_seat=s, target_card=t) for s in seats for t in target_cards]
    found += [Attack(seat=seat, target_seat=s, target_card=t, use_weapon=w, use_other=o, use_allies=a)
              for s in seats for t in ("", *on_piles) for w, o, a in FLAGS]
    return found


def assert_lists_exactly_the_accepted(state: AodState) -> None:
    for seat in state.seats():
        listed = GAME.legal_commands(state, seat)
        assert len(set(listed)) == len(listed), f"seat {seat} has a command listed twice: {listed}"
        accepted = {c for c in nameable(state, seat) if GAME.refusal(state, c) is None}
        assert set(listed) == accepted, (
            f"seat {seat}: listed but refused or not nameable {set(listed) - accepted}; "
            f"accepted but not listed {accepted - set(listed)}")


@pytest.mark.parametrize("options", [
    {},
    {"switch_before_play_only": True, "take_from_beaten": True},
    {"discard_by_victory": True, "random_discard": "always", "discard_allies_on_flip": True},
])
@pytest.mark.parametrize("seats", [2, 4])
def test_legal_commands_are_the_nameable_commands_plan_accepts(seats: int, options: dict[str, bool | str]) -> None:
    """aod Play, aod Attack, aod Health, aod Items, aod Allies, aod Events, and the
    optional rules that change what is legal (switch_before_play_only)."""
    chooser = random.Random(seats * 7 + len(options))
    state = started(seats, {**options, "turn_limit": 40}, seed=f"legal-{seats}-{len(options)}")
    positions = 0
    while not state.finished:
        assert_lists_exactly_the_accepted(state)
        seat = pick_seat(state, chooser)
        state = apply(state, chooser.choice(GAME.legal_commands(state, seat)), position=positions)
        positions += 1
    assert_lists_exactly_the_accepted(state)  # the game over: nothing is legal, as nothing is accepted


def test_before_the_start_nothing_is_legal_as_nothing_is_accepted() -> None:
    """aod Set-up: the service starts the game; until then no seat has a command."""
    state = GAME.initial_state(GAME.ruleset.check_setup(["ann", "bob"], {}, ""))
    assert_lists_exactly_the_accepted(state)
    assert [GAME.legal_commands(state, seat) for seat in (1, 2)] == [[], []]
