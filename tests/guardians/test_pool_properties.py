"""Properties of random legal Guardians play with random pool decks (`random:<seed>` on
both seats, issue 30), as test_properties.py and test_legal_commands.py hold them for the
example decks: along every game, every listed command is accepted (and one listed for
the other seat or a position before only if listed here), every card is in exactly one
zone, nothing face down reaches another seat (events, views, legal commands); the game
ends; its log replays to the live state and verifies. The checks are
bench/guardians_pool.py's `play_checked`, which the stress run outside the suite plays
over many more games."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.guardians_pool import play_checked, pool_options, stress
from domain.games.guardians.decks import SEED_PATTERN

SEEDS = st.from_regex(SEED_PATTERN, fullmatch=True)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.integers(0, 10**6), deck_1=SEEDS, deck_2=SEEDS,
       placement=st.sampled_from(["simultaneous", "alternating"]), turn_limit=st.sampled_from([4, 8]))
def test_random_pool_games_keep_every_property(game: int, deck_1: str, deck_2: str, placement: str,
                                               turn_limit: int) -> None:
    options: dict[str, bool | int | str] = {"deck_1": f"random:{deck_1}", "deck_2": f"random:{deck_2}",
                                            "placement": placement, "turn_limit": turn_limit}
    run = play_checked(game, options)
    assert run.failure is None, run.failure.describe()
    assert run.finished and run.commands > 0


def test_the_stress_run_reports_and_stops_by_itself() -> None:
    """bench/guardians_pool.py: a game per number, its decks and placement from the number;
    the time limit stops it before the next game."""
    assert pool_options(7)["deck_1"] == "random:g7-1" and pool_options(7)["placement"] == "alternating"
    summary = stress(games=1, seconds=600, first=3, turn_limit=2)
    assert (summary.games, summary.finished, summary.failures) == (1, 1, [])
    assert summary.lines()[0].startswith(f"1 games (1 ended and checked), {summary.commands} commands in ")
    assert stress(games=5, seconds=0).games == 0
