"""A bounded property: random games, each command picked uniformly from legal_commands,
always end (the turn limit at worst) and never meet a position with nothing to do."""

from __future__ import annotations

import random

import pytest

from domain.games.guardians import GAME
from domain.kernel import StartGame
from tests.guardians.support import KIT


@pytest.mark.parametrize(("seed", "decks"), [(1, ("knights", "undead")), (2, ("undead", "giants-fairies"))])
def test_random_games_end(seed: int, decks: tuple[str, str]) -> None:
    pick = random.Random(seed)
    table = KIT.table(KIT.initial(2, {"deck_1": decks[0], "deck_2": decks[1], "turn_limit": 6}), str(seed))
    table.play(StartGame(seat=0))
    for _ in range(20000):
        if table.state.finished:
            return
        seat = pick.choice(GAME.status(table.state).to_act)
        legal = GAME.legal_commands(table.state, seat)
        assert legal, f"seat {seat} has nothing to do: {GAME.status(table.state).summary}"
        table.play(pick.choice(legal))
    pytest.fail("the game did not end")
