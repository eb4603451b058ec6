"""`tablerules diff`: where two logs of one game part, with the state difference there
(issue 15, the auditor's toolkit)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from domain.games import REGISTRY
from domain.kernel import Log, parse_log
from tools.logdiff import diff_logs

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "replays" / "kings-armory" / "1p-gate-falls-loss.jsonl"
BIN = Path(sys.executable).with_name("tablerules")


def lines() -> list[str]:
    return LOG.read_text(encoding="utf-8").splitlines()


def edited() -> list[str]:
    """The log with one Damaged event's hit points changed (its seals left as they were):
    one of a plain hit, which cites kings-armory C2 Fourth (a crit's cites C2 Fifth)."""
    rows = [json.loads(line) for line in lines()]
    target = next(r for r in rows[1:] if r["type"] == "Damaged" and r["seq"] > 100
                  and r["rule"] == "kings-armory C2 Fourth")
    target["payload"]["hp"] += 5
    return [json.dumps(r) for r in rows]


def test_a_log_is_identical_to_itself() -> None:
    log = parse_log(lines())
    found = diff_logs(REGISTRY["kings-armory"], log, log)
    assert found.identical and found.describe().startswith("identical")


def test_an_edited_event_is_where_the_logs_part_and_the_state_shows_it() -> None:
    a, b = parse_log(lines()), parse_log(edited())
    found = diff_logs(REGISTRY["kings-armory"], a, b)
    x, y = found.first
    assert x is not None and y is not None and x.seq == y.seq == found.agreed + 1
    assert x.type == y.type == "Damaged" and y.payload["hp"] == x.payload["hp"] + 5
    assert any(line.endswith(f"{x.payload['hp']} != {y.payload['hp']}") for line in found.state)
    assert "kings-armory C2 Fourth" in found.describe()  # the rule each side cites


def test_a_log_cut_short_ends_where_the_other_goes_on() -> None:
    full = parse_log(lines())
    short = Log(header=full.header, envelopes=full.envelopes[:200])
    found = diff_logs(REGISTRY["kings-armory"], full, short)
    assert found.agreed == 200 and found.first[1] is None and "the log ends here" in found.describe()


def test_logs_of_different_games_say_so() -> None:
    other = parse_log((ROOT / "replays" / "kings-armory" / "2p-five-waves-win.jsonl").read_text().splitlines())
    found = diff_logs(REGISTRY["kings-armory"], parse_log(lines()), other)
    assert "game_id" in found.header and "not the same game" in found.describe()


def test_the_command_exits_1_when_the_logs_differ(tmp_path: Path) -> None:
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(edited()) + "\n", encoding="utf-8")
    same = subprocess.run([str(BIN), "diff", str(LOG), str(LOG)], capture_output=True, text=True, check=False)
    assert same.returncode == 0 and same.stdout.startswith("identical")
    differ = subprocess.run([str(BIN), "diff", str(LOG), str(changed)], capture_output=True, text=True, check=False)
    assert differ.returncode == 1 and "the state after it" in differ.stdout
