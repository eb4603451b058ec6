"""Properties of random legal play: games end; no figure stands off the map or where
it may not stay; foe tokens never exceed the piles; a Session log replays to the live
state and verifies. (Every listed command is accepted: tests/test_games.py.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.kings_armory import GAME
from domain.games.kings_armory.content import monsters
from domain.games.kings_armory.figures import flying, is_boss
from domain.games.kings_armory.state import FOE, KaState, board_of
from domain.kernel import (
    StartGame,
    canonical_json,
    replay,
    to_plain,
    verify,
)
from tests.kings_armory.support import KIT, run
from tests.kings_armory.test_economy import check_decks, gold_flow

OPTIONS = st.fixed_dictionaries({
    "map": st.sampled_from(["standard", "hard-split", "easy-single", "balanced-single"]),
    "waves": st.integers(1, 3),
    "delayed_entry": st.booleans(),
    "hireables": st.sampled_from(["", "1:archer:2", "1:foot-soldier:1,1:cleric:3", "1:psionicist:3,1:sorcerer:3"]),
})
MAX_COMMANDS = 8000


def check_table(state: KaState) -> None:
    """Where figures may stand (kings-armory B1 If a Monster..., C1, E Stacking)."""
    board = board_of(state)
    rest: Counter[tuple[int, int]] = Counter()
    for figure in state.figures:
        if figure.space[0] < 0:
            continue  # an Ally not placed yet
        assert board.on_grid(figure.space), figure
        if figure.kind == FOE:
            route = board.routes[figure.route].spaces
            assert route[figure.index] == figure.space, figure
            layer = flying(figure)
            # kings-armory E Bosses, E Stacking: a Boss shares its space with any figure.
            others = [f for f in state.figures if f.kind == FOE and f.figure != figure.figure
                      and f.space == figure.space and flying(f) == layer and not is_boss(f)]
            assert not others or figure.index == 0 or is_boss(figure), (
                "two foes of one layer share a space", figure, others)
        else:
            tower = state.tower_at(figure.space)
            assert board.walkable(figure.space), figure
            assert (tower is not None) == bool(figure.on_tower), figure
            if not (figure.figure == state.acting and figure.steps):
                rest[figure.space] += 1
    assert all(count == 1 for count in rest.values()), ("two Allies stopped on one space", rest)
    on_board = Counter(f.key for f in state.figures if f.kind == FOE)
    assert all(on_board[key] <= card.tokens for key, card in monsters().items())
    for tower in state.towers:
        assert state.hosted(tower.tower) <= tower.slots


def random_play(seed: int, seats: int, options: dict[str, Any]) -> KaState:
    """A random legal game, the table checked after every command, the team's gold and
    the decks too (kings-armory B5 Steps 2-4)."""
    chooser = random.Random(seed)
    state, events = run(KIT.initial(seats, options), StartGame(seat=0), str(seed))
    commands = 0
    while not GAME.status(state).finished:
        commands += 1
        assert commands < MAX_COMMANDS, "a random game ends"
        seat = chooser.choice(GAME.status(state).to_act)
        legal = GAME.legal_commands(state, seat)
        assert legal, "the seat the game waits for has a legal command"
        state, made = run(state, chooser.choice(legal), str(seed), commands)
        events += made
        check_table(state)
        assert state.gold == gold_flow(events)
        check_decks(state)
        canonical_json(GAME.view(state, 0))
    return state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(1, 4), options=OPTIONS)
def test_random_games_end_and_every_figure_stands_where_it_may(seed: int, seats: int,
                                                              options: dict[str, Any]) -> None:
    state = random_play(seed, seats, options)
    assert state.finished and state.result


def test_replay_equals_live_state_and_the_log_verifies() -> None:
    """A whole game through the kernel Session: replay folds to the live state; verify
    re-decides every command, foes' rounds included."""
    for seed, seats in ((3, 2), (8, 3)):
        played = KIT.play_random(seed, seats, {"waves": 2}, max_commands=MAX_COMMANDS)
        session, envelopes, log = played.session, played.envelopes, played.log
        assert session.finished
        types = {e.type for e in envelopes}
        assert {"FoeEntered", "FoeMoved", "HitRolled", "GameOver"} <= types
        replayed, report = replay(GAME, log)
        assert report.ok and replayed is not None and report.finished
        assert to_plain(replayed.state) == to_plain(session.state)
        verified = verify(GAME, log)
        assert verified.ok and verified.rules_checked, verified.divergence
