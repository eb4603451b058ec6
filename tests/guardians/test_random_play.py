"""A bounded property: random games, each command picked uniformly from legal_commands,
always end (the turn limit at worst) and never meet a position with nothing to do."""

from __future__ import annotations

import random

import pytest

from domain.games.guardians import GAME
from domain.kernel import Command, Rng, StartGame


@pytest.mark.parametrize(("seed", "decks"), [(1, ("knights", "undead")), (2, ("undead", "giants-fairies"))])
def test_random_games_end(seed: int, decks: tuple[str, str]) -> None:
    pick = random.Random(seed)
    setup = GAME.ruleset.check_setup(["ann", "bob"], {"deck_1": decks[0], "deck_2": decks[1], "turn_limit": 6}, "")
    state = GAME.initial_state(setup)
    position = 0
    command: Command = StartGame(seat=0)
    for _ in range(20000):
        events = GAME.decide(state, command, Rng("random-play", str(seed), position))
        for event in events:
            state = GAME.evolve(state, event)
        position += len(events)
        if state.finished:
            return
        seat = pick.choice(GAME.status(state).to_act)
        legal = GAME.legal_commands(state, seat)
        assert legal, f"seat {seat} has nothing to do: {GAME.status(state).summary}"
        command = pick.choice(legal)
    pytest.fail("the game did not end")
