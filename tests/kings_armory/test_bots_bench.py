"""bench/kings_armory_bots.py plays whole games in process and reports how the bots fared
(kings-armory B9: won or lost; B7: whether the Boss came)."""

from __future__ import annotations

from bench.kings_armory_bots import measure, play_one


def test_the_bots_play_whole_games_and_the_report_counts_them() -> None:
    outcome = play_one(0, "aggressive", 1, {"waves": 1})
    assert outcome.finished and outcome.wave == 1
    report = measure("aggressive", 2, 1, 60.0, {"waves": 1})
    assert report["games"] == 2 and report["won"] + (report["games"] - report["won"]) == 2
    assert sum(report["last_wave"].values()) == 2 and 0.0 <= report["win_rate"] <= 1.0


def test_no_new_game_begins_after_its_time() -> None:
    report = measure("aggressive", 50, 1, 0.0, {"waves": 1})
    assert report["games"] == 1
