"""legal_commands lists exactly the commands decide() accepts, in the slow definition's
order (legal_oracle.py), at every position of random legal games: every Hero, the
Hireables, every map, delayed entry."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.kings_armory import DEFAULT_HEROES, GAME
from domain.kernel import Rng, StartGame
from tests.kings_armory.legal_oracle import slow_legal_commands

MAX_COMMANDS = 3000


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    """(seed, seats, options): one or two Heroes a seat, drawn from all seven."""
    seats = draw(st.integers(1, 3))
    pool = draw(st.permutations(DEFAULT_HEROES))
    sizes = [draw(st.integers(1, 2)) for _ in range(seats)]
    groups, taken = [], 0
    for size in sizes:
        groups.append("+".join(pool[taken:taken + size]))
        taken += size
    options = {
        "heroes": ",".join(groups),
        "map": draw(st.sampled_from(["standard", "hard-split", "easy-single", "balanced-single"])),
        "waves": draw(st.integers(1, 2)),
        "delayed_entry": draw(st.booleans()),
        "hireables": draw(st.sampled_from(["", "1:archer:2", "1:foot-soldier:1,1:cleric:3",
                                           "1:psionicist:3,1:sorcerer:3"])),
    }
    return draw(st.integers(0, 10**6)), seats, options


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games())
def test_legal_commands_are_every_command_decide_accepts(game: tuple[int, int, dict[str, Any]]) -> None:
    seed, seats, options = game
    setup = GAME.ruleset.check_setup([f"p{n}" for n in range(1, seats + 1)], options, "")
    state = GAME.initial_state(setup)
    for event in GAME.decide(state, StartGame(seat=0), Rng(str(seed), "g", 0)):
        state = GAME.evolve(state, event)
    chooser = random.Random(seed)
    for position in range(1, MAX_COMMANDS):
        if GAME.status(state).finished:
            return
        for seat in range(1, seats + 1):
            assert GAME.legal_commands(state, seat) == slow_legal_commands(state, seat), (position, seat)
        (seat,) = GAME.status(state).to_act
        command = chooser.choice(GAME.legal_commands(state, seat))
        for event in GAME.decide(state, command, Rng(str(seed), "g", position)):
            state = GAME.evolve(state, event)
    raise AssertionError("a random game ends")
