"""The `tablerules` command line, as a user runs it: play, export, replay, verify, fork."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.replay import long_log
from domain.games import REGISTRY
from service.server import Running
from tests.conftest import OPERATOR, command_boundary
from tests.stored_logs import GOLDEN


@pytest.fixture
def storage_url(sqlite_url: str) -> str:
    """The server on the default store only: the command line is the subject here, and its
    bots' games on PostgreSQL as well took some 25 s and tested nothing that test_service
    does not."""
    return sqlite_url


def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True, text=True,
                          timeout=300, input=stdin, env={**os.environ, **(env or {})}, check=False)


def test_play_export_replay_verify_and_fork(server: Running, tmp_path: Path) -> None:
    address = f"127.0.0.1:{server.port}"
    log = tmp_path / "game.jsonl"
    env = {"TABLERULES_OPERATOR_TOKEN": OPERATOR}
    played = run("play", "--address", address, "--all-bots", "--quiet", "--seed", "cli", "--option", "turn_limit=12",
                 "--export", str(log), env=env)
    assert played.returncode == 0, played.stderr
    assert "finished" in played.stdout
    replayed = run("replay", str(log))
    assert replayed.returncode == 0 and "REPLAYED:" in replayed.stdout and "GameCreated" in replayed.stdout
    assert "not checked: the rules" in replayed.stdout
    summary = run("replay", str(log), "--summary", "--every-state")
    assert summary.returncode == 0 and "REPLAYED:" in summary.stdout and "GameCreated" not in summary.stdout
    assert summary.stdout.splitlines()[0] == next(line for line in replayed.stdout.splitlines() if "REPLAYED:" in line)
    verified = run("verify", str(log))
    assert verified.returncode == 0 and verified.stdout.startswith("VERIFIED:") and "re-decided" in verified.stdout
    at = command_boundary(log.read_text(encoding="utf-8"), 12)
    forked = run("fork", str(log), "--at", str(at), "--address", address)
    assert forked.returncode == 0 and "seat 1" in forked.stdout and "token" in forked.stdout


def test_verify_fails_with_exit_1_and_the_divergence(tmp_path: Path, server: Running) -> None:
    address = f"127.0.0.1:{server.port}"
    log = tmp_path / "game.jsonl"
    run("play", "--address", address, "--all-bots", "--quiet", "--seed", "v", "--option", "turn_limit=12",
        "--export", str(log), env={"TABLERULES_OPERATOR_TOKEN": OPERATOR})
    lines = log.read_text().splitlines()
    lines[4], lines[5] = lines[5], lines[4]
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines) + "\n")
    verified = run("verify", str(broken))
    assert verified.returncode == 1
    assert "first divergence" in verified.stdout and "event 4" in verified.stdout


def test_verify_of_a_log_without_its_seed_exits_3_and_says_what_it_did_not_check(
        tmp_path: Path, server: Running) -> None:
    """A log cut short (no SeedRevealed, no header seed) cannot be re-decided: never "OK"."""
    address = f"127.0.0.1:{server.port}"
    log = tmp_path / "game.jsonl"
    run("play", "--address", address, "--all-bots", "--quiet", "--seed", "cut", "--option", "turn_limit=12",
        "--export", str(log), env={"TABLERULES_OPERATOR_TOKEN": OPERATOR})
    text = log.read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(text.splitlines(keepends=True)[:command_boundary(text, 10) + 1]), encoding="utf-8")
    verified = run("verify", str(cut))
    assert verified.returncode == 3, verified.stdout
    assert verified.stdout.startswith("CHAIN INTACT:") and "rules not re-checked: no seed" in verified.stdout


def test_verify_re_decides_a_log_of_earlier_rules_by_its_archived_release() -> None:
    verified = run("verify", str(GOLDEN / "swordplay-1.0.0.jsonl"))
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.startswith("VERIFIED:")
    assert "note: re-decided by swordplay 1.0.0, the rules that wrote the log" in verified.stdout


def test_a_long_verify_shows_a_progress_bar_on_a_terminal_and_none_elsewhere(tmp_path: Path) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text(long_log(REGISTRY["armory"], 1_200).text(), encoding="utf-8")
    events = len(log.read_text(encoding="utf-8").splitlines()) - 1
    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "service.cli", "verify", str(log)], stderr=follower,
                          stdout=subprocess.PIPE, text=True) as verifying:
        os.close(follower)
        received = b""
        with contextlib.suppress(OSError):  # EIO once the child has closed the terminal
            while chunk := os.read(leader, 1 << 16):
                received += chunk
        os.close(leader)
        stdout = verifying.communicate(timeout=300)[0]
    shown = received.decode("utf-8", errors="replace")
    assert verifying.returncode == 0 and stdout.startswith("VERIFIED:")
    assert "100%" in shown and f"{events}/{events}" in shown and "events/s" in shown
    plain = run("verify", str(log))  # standard error to a pipe: no bar
    assert plain.returncode == 0 and plain.stderr == ""


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """The listing (some 370 KB) outgrows the pipe, so the replay meets the closed pipe."""
    listed = GOLDEN.parent / "kings-armory" / "2p-five-waves-win.jsonl"
    piped = subprocess.run(f"{sys.executable} -m service.cli replay {listed} | head -n 1", shell=True,
                           capture_output=True, text=True, timeout=120, check=False)
    assert piped.stdout.lstrip().startswith("1  GameCreated")
    assert "Traceback" not in piped.stderr and "BrokenPipe" not in piped.stderr


def test_a_chosen_seed_needs_the_operator_token(server: Running, tmp_path: Path) -> None:
    address = f"127.0.0.1:{server.port}"
    refused = run("play", "--address", address, "--all-bots", "--quiet", "--seed", "mine",
                  "--data-dir", str(tmp_path), env={"TABLERULES_OPERATOR_TOKEN": ""})
    assert refused.returncode == 2 and "PERMISSION_DENIED" in refused.stderr and "operator" in refused.stderr


def test_play_a_seat_by_hand_from_the_terminal(server: Running) -> None:
    """A human types numbers for seat 1 while a bot plays seat 2."""
    address = f"127.0.0.1:{server.port}"
    answers = "1\n" * 400 + "q\n"
    played = run("play", "--address", address, "--bots", "2", "--seed", "hand", "--max-commands", "40",
                 stdin=answers, env={"TABLERULES_OPERATOR_TOKEN": OPERATOR})
    assert played.returncode == 0, played.stderr
    assert "your move" in played.stdout and "choose a number" in played.stdout


def test_cards_a_seat_draws_into_an_empty_hand_are_named_in_the_events(server: Running) -> None:
    """Swordplay's first draw lands in an empty hand: the view before the command names none."""
    played = run("play", "--address", f"127.0.0.1:{server.port}", "--ruleset", "swordplay", "--all-bots", "--seed",
                 "named-draw", "--max-commands", "6", env={"TABLERULES_OPERATOR_TOKEN": OPERATOR})
    assert played.returncode == 0, played.stderr
    drawn = [line for line in played.stdout.splitlines() if " CardsDrawn " in line]
    assert drawn and not [line for line in drawn if re.search(r'"c[0-9]+"', line)], drawn


def test_guardians_in_the_terminal_by_hand_and_by_bots(server: Running) -> None:
    """A person sees Guardians cards by name and the board as a grid; bots finish a game."""
    address = f"127.0.0.1:{server.port}"
    env = {"TABLERULES_OPERATOR_TOKEN": OPERATOR}
    by_hand = run("play", "--address", address, "--ruleset", "guardians", "--bots", "2", "--seed", "g-hand",
                  "--max-commands", "30", stdin="1\n" * 200 + "q\n", env=env)
    assert by_hand.returncode == 0, by_hand.stderr
    assert "board (" in by_hand.stdout and "|a4 seat 2's stronghold" in by_hand.stdout
    assert "Rak Nam, Leader of the Mighty" in by_hand.stdout
    numbered = [line for line in by_hand.stdout.splitlines() if re.match(r" +[0-9]+\. ", line)]
    assert numbered and any(line.split(". ", 1)[1].startswith("Place ") for line in numbered)
    assert not [line for line in numbered if "card=" in line or re.search(r"#[0-9]", line)], numbered
    for style in ("eager", "aggressive"):
        # The rulebook's game has no turn limit and bots need not end it: the house rule does.
        bots = run("play", "--address", address, "--ruleset", "guardians", "--all-bots", "--quiet", "--seed", "g-bots",
                   "--bot-style", style, "--option", "turn_limit=40", env=env)
        assert bots.returncode == 0, bots.stderr
        assert ": finished after" in bots.stdout, bots.stdout


def test_kings_armory_in_the_terminal_by_hand_and_by_bots(server: Running) -> None:
    """A person sees The King's Armory's map as its lines and worded commands; bots play a
    one-Wave game to its end within a bounded number of commands."""
    address = f"127.0.0.1:{server.port}"
    env = {"TABLERULES_OPERATOR_TOKEN": OPERATOR}
    by_hand = run("play", "--address", address, "--ruleset", "kings-armory", "--bots", "2", "--seed", "ka-hand",
                  "--option", "waves=1", "--max-commands", "30", stdin="1\n" * 200 + "q\n", env=env)
    assert by_hand.returncode == 0, by_hand.stderr
    lines = by_hand.stdout.splitlines()
    assert "map:" in lines and "legend:" in lines and "   abcdefghijklmnopqr" in lines
    assert " 0 ######EE##########" in lines, "the map's lines as they are"
    numbered = [line.split(". ", 1)[1] for line in lines if re.match(r" +[0-9]+\. ", line)]
    assert numbered and any(line.startswith("PlaceTower at ") for line in numbered)
    assert not [line for line in numbered if "=" in line], numbered
    for style in ("types", "aggressive"):
        bots = run("play", "--address", address, "--ruleset", "kings-armory", "--seats", "2", "--all-bots", "--quiet",
                   "--seed", "ka-bots", "--option", "waves=1", "--bot-style", style, "--max-commands", "3000", env=env)
        assert bots.returncode == 0, bots.stderr
        assert ": finished after" in bots.stdout, bots.stdout


def test_unreadable_files_get_a_clear_message(tmp_path: Path) -> None:
    missing = run("verify", str(tmp_path / "nope.jsonl"))
    assert missing.returncode != 0 and "cannot read" in missing.stderr
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    for summary in ((), ("--summary",)):
        bad = run("replay", str(junk), *summary)
        assert bad.returncode != 0 and "not a tablerules log" in bad.stderr
