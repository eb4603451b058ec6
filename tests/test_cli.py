"""The `tablerules` command line, as a user runs it: play, export, replay, verify, fork."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bench.replay import long_log
from domain.games import REGISTRY
from service.releases import release_for
from service.server import Running
from tablerules_client import Client
from tests.conftest import OPERATOR, command_boundary
from tests.format1 import HISTORICAL
from tests.stored_logs import GOLDEN, GOLDEN_LOGS
from tests.test_words import RAW_IDS


@pytest.fixture
def storage_url(sqlite_url: str) -> str:
    """The server on the default store only: the command line is the subject here, and its
    bots' games on PostgreSQL as well took some 25 s and tested nothing that test_service
    does not."""
    return sqlite_url


def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.cli", *args], capture_output=True, text=True,
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
    assert replayed.returncode == 0 and "REPLAYED:" in replayed.stdout
    assert "     1  A game of ARMORY (3.0.0) is created for " in replayed.stdout  # events told in words
    listed = run("replay", str(log), "--json", "--upto", "3")
    assert [json.loads(line)["seq"] for line in listed.stdout.splitlines()[:3]] == [1, 2, 3]
    assert "not checked: the rules" in replayed.stdout
    summary = run("replay", str(log), "--summary", "--every-state")
    assert summary.returncode == 0 and "REPLAYED:" in summary.stdout and "is created for" not in summary.stdout
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


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_upgrade_of_a_log_the_current_rules_decide_otherwise_says_so_and_exits_3(path: Path, tmp_path: Path) -> None:
    """Such a log is intact, not malformed: the message says which event the rules decide
    otherwise and that verify checks the log by its own release (issue 26)."""
    out = tmp_path / "new.jsonl"
    upgraded = run("upgrade", str(path), "--out", str(out))
    assert upgraded.returncode == 3 and not out.exists()
    assert "not a tablerules log" not in upgraded.stderr
    ruleset, version = path.stem.rsplit("-", 1)
    release = release_for(ruleset, version)
    assert release is not None and "decides its game otherwise: event " in upgraded.stderr
    assert f"re-decides it by {ruleset} {version}, the rules that wrote it ({release.name}" in upgraded.stderr


def test_upgrade_of_a_format_1_log_keeps_its_rules_version_by_its_archived_release(tmp_path: Path) -> None:
    """aod 3.0.0 decides the historical format 1 game otherwise; the release that wrote it seals it
    in format 2, and verify then checks it by that release."""
    out = tmp_path / "format2.jsonl"
    upgraded = run("upgrade", str(HISTORICAL), "--out", str(out))
    assert upgraded.returncode == 0, upgraded.stderr
    assert "still aod 1.0.0" in upgraded.stdout and "release 27bbecd" in upgraded.stdout
    verified = run("verify", str(out))
    assert verified.returncode == 0 and verified.stdout.startswith("VERIFIED"), verified.stdout


def test_upgrade_of_a_current_log_does_nothing_and_exits_0(tmp_path: Path) -> None:
    current = GOLDEN.parent / "armory" / "2p-attack-win.jsonl"
    out = tmp_path / "same.jsonl"
    upgraded = run("upgrade", str(current), "--out", str(out))
    assert upgraded.returncode == 0 and not out.exists()
    assert "already in the current format and rules" in upgraded.stderr and "no file written" in upgraded.stderr


def test_upgrade_of_an_edited_log_exits_1_and_names_the_event(tmp_path: Path) -> None:
    lines = (GOLDEN / "armory-1.0.0.jsonl").read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].replace('"count":7', '"count":6', 1)
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    upgraded = run("upgrade", str(edited))
    assert upgraded.returncode == 1 and "cannot be upgraded: event " in upgraded.stderr, upgraded.stderr


def test_a_long_verify_shows_a_progress_bar_on_a_terminal_and_none_elsewhere(tmp_path: Path) -> None:
    log = tmp_path / "long.jsonl"
    log.write_text(long_log(REGISTRY["armory"], 1_200).text(), encoding="utf-8")
    events = len(log.read_text(encoding="utf-8").splitlines()) - 1
    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "tools.cli", "verify", str(log)], stderr=follower,
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
    piped = subprocess.run(f"{sys.executable} -m tools.cli replay {listed} | head -n 1", shell=True,
                           capture_output=True, text=True, timeout=120, check=False)
    assert piped.stdout.lstrip().startswith("1  A game of The King's Armory")
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
    assert "ann (seat 1), your move" not in played.stdout and "seat-1 (seat 1), your move" in played.stdout
    assert "choose 1-" in played.stdout and "Your commands:" in played.stdout
    # The bot's cards stay hidden from the person: its draws are counts, as seat 1 is told them.
    bot_draws = [line for line in played.stdout.splitlines() if "seat-2 draws " in line and "duel" not in line]
    assert bot_draws and all(re.search(r"seat-2 draws \d+ cards?", line) for line in bot_draws), bot_draws
    assert len(re.findall(r"seat-2 draws 7 cards as a starting hand", played.stdout)) == 1  # told once


WHOLE_GAMES = {  # ruleset: (seats, bots, options) of a game a person plays through by typing 1
    "armory": (2, "2", ["turn_limit=6"]),
    "swordplay": (2, "2", ["turn_limit=30"]),
    "aod": (2, "2", ["turn_limit=8"]),
    "guardians": (2, "2", ["turn_limit=2"]),
    "kings-armory": (1, "", ["waves=1", "gate_hp=1"]),
}


@pytest.mark.parametrize("ruleset", sorted(WHOLE_GAMES))
def test_a_person_plays_a_whole_game_in_the_terminal_reading_no_raw_id(server: Running, ruleset: str) -> None:
    """issue 28: every screen, from the first to the game's end, in sentences and names."""
    seats, bots, options = WHOLE_GAMES[ruleset]
    names = ",".join(["ann", "bob"][:seats])
    played = run("play", "--address", f"127.0.0.1:{server.port}", "--ruleset", ruleset, "--names", names,
                 *(["--bots", bots] if bots else []), *[f"--option={o}" for o in options],
                 "--max-commands", "3000", stdin="1\n" * 3000)
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines[-1].startswith("game ") and " finished after " in lines[-1], lines[-3:]
    raw = RAW_IDS[ruleset]
    shown = [line for line in lines if not line.startswith("game ")]  # the game's id, once at each end
    assert "Your commands:" in shown and not [line for line in shown if raw.search(line)]


def test_a_person_who_leaves_is_told_how_to_come_back_and_can(server: Running) -> None:
    """issue 28: q and the end of the input print the game and each seat's way back (a bot's
    seat with --bots), and the printed command joins the game again."""
    address = f"127.0.0.1:{server.port}"
    left = run("play", "--address", address, "--names", "ann,bob", "--bots", "2", "--max-commands", "50",
               stdin="1\nq\n")
    assert left.returncode == 0 and "Traceback" not in left.stderr, left.stderr
    back = dict(re.findall(r"(ann|bob) \(seat [12]\): (tablerules play .*)", left.stdout))
    assert set(back) == {"ann", "bob"} and back["bob"].endswith("--bots 2"), left.stdout
    ended = run("play", "--address", address, "--names", "ann,bob", "--bots", "2", stdin="")  # Ctrl-D at once
    assert ended.returncode == 0 and "it waits for you. To come back:" in ended.stdout
    rejoined = run("play", *back["bob"].split()[2:], "--max-commands", "0")  # the printed command works
    assert rejoined.returncode == 0 and rejoined.stdout.startswith("joined game "), rejoined.stderr


def test_play_refuses_bad_bots_before_it_makes_a_game(server: Running) -> None:
    address = f"127.0.0.1:{server.port}"
    for bots, problem in (("3", "a game of 2 seats has seats 1 to 2"), ("x", "--bots takes seat numbers")):
        refused = run("play", "--address", address, "--bots", bots)
        assert refused.returncode == 2 and problem in refused.stderr and "Traceback" not in refused.stderr
        assert "game " not in refused.stdout


def test_joining_when_another_seat_is_to_move_says_whom_it_waits_for(server: Running) -> None:
    address = f"127.0.0.1:{server.port}"
    created = Client(address).create_game("armory", ["ann", "bob"], {"turn_limit": 4})
    client = Client(address)
    waiting_seat = next(s for s in created.seats if s.seat not in client.view(created.game_id).status.to_act)
    joined = subprocess.Popen([sys.executable, "-m", "tools.cli", "play", "--address", address, "--game",
                               created.game_id, "--token", waiting_seat.token], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert joined.stdout is not None
        assert joined.stdout.readline().startswith(f"joined game {created.game_id} as ")
        other = "bob" if waiting_seat.seat == 1 else "ann"
        assert joined.stdout.readline().startswith(f"waiting for {other} (Ctrl-C leaves")
        joined.send_signal(signal.SIGINT)  # Ctrl-C while it waits: a message, never a traceback
        out, err = joined.communicate(timeout=60)
    finally:
        joined.kill()
    assert joined.returncode == 0 and "it waits for you. To come back:" in out and "Traceback" not in err, err


def test_cards_a_seat_draws_into_an_empty_hand_are_named_in_the_events(server: Running) -> None:
    """Swordplay's first draw lands in an empty hand: the view before the command names none."""
    played = run("play", "--address", f"127.0.0.1:{server.port}", "--ruleset", "swordplay", "--all-bots", "--seed",
                 "named-draw", "--max-commands", "6", env={"TABLERULES_OPERATOR_TOKEN": OPERATOR})
    assert played.returncode == 0, played.stderr
    drawn = [line for line in played.stdout.splitlines() if " draws " in line and "#" in line]
    assert drawn and not [line for line in drawn if re.search(r"\bc[0-9]+\b", line)], drawn


def test_guardians_in_the_terminal_by_hand_and_by_bots(server: Running) -> None:
    """A person reads Guardians in words from the server: events as sentences, the glance
    (cards by label, the board as a grid) and the commands to choose from; bots finish a game."""
    address = f"127.0.0.1:{server.port}"
    env = {"TABLERULES_OPERATOR_TOKEN": OPERATOR}
    by_hand = run("play", "--address", address, "--ruleset", "guardians", "--bots", "2", "--seed", "g-hand",
                  "--max-commands", "30", stdin="1\n" * 200 + "q\n", env=env)
    assert by_hand.returncode == 0, by_hand.stderr
    lines = by_hand.stdout.splitlines()
    raw = RAW_IDS["guardians"]
    assert "seat-1 plays Rak Nam, Leader of the Mighty (7 Power Stones)" in by_hand.stdout
    assert "Turn 1, Draw & Organize: seat-1 and seat-2 still placing." in lines
    assert any(line.startswith("Just drawn (12): ") for line in lines)
    grid = [line for line in lines if re.match(r"  [abc][1-4] ", line)]
    assert grid[:4] and grid[0].endswith("(seat-2's stronghold)") and grid[3].endswith("(seat-1's stronghold)")
    numbered = [line.split(". ", 1)[1] for line in lines if re.match(r" +[0-9]+\. ", line)]
    assert "Finish placing: commit to your layout." in numbered
    assert any(re.fullmatch(r"Place [A-Z].* #[0-9]+ (on|under) [abc]1\.", line) for line in numbered), numbered
    assert not [line for line in lines if raw.search(line) or "card=" in line], "no raw id on the screen"
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
    # The screen's glance: the map's lines as they are, the figures beside them.
    assert any(line.startswith("   abcdefghijklmnopqr") for line in lines)
    assert any(line.startswith(" 0 ######@@##########") for line in lines), "the map's lines as they are"
    numbered = [line.split(". ", 1)[1] for line in lines if re.match(r" +[0-9]+\. ", line)]
    assert numbered and any(line.startswith("Place a starting Tower on ") for line in numbered)
    assert not [line for line in numbered if "=" in line], numbered
    for style in ("types", "aggressive"):
        bots = run("play", "--address", address, "--ruleset", "kings-armory", "--seats", "2", "--all-bots", "--quiet",
                   "--seed", "ka-bots", "--option", "waves=1", "--bot-style", style, "--max-commands", "3000", env=env)
        assert bots.returncode == 0, bots.stderr
        assert ": finished after" in bots.stdout, bots.stdout


def test_rulesets_lists_every_game_and_option_with_its_default_and_origin() -> None:
    listed = run("rulesets")
    assert listed.returncode == 0, listed.stderr
    for name, game in REGISTRY.items():
        assert f"(--ruleset {name}, version {game.ruleset.version})" in listed.stdout
    assert "--option turn_limit=0  (a whole number 0..100000)" in listed.stdout
    assert "rulebook option, armory R11c" in listed.stdout
    as_json = json.loads(run("rulesets", "--json").stdout)
    assert {r["name"] for r in as_json} == set(REGISTRY)
    armory = next(r for r in as_json if r["name"] == "armory")
    assert {o["name"]: o["default"] for o in armory["options"]}["turn_limit"] == 0


def test_view_of_a_log_broken_at_its_first_event_says_where_and_why(tmp_path: Path) -> None:
    """issue 28: not "FAILED: 0 events to show", but the line, the reason and what is left."""
    log = GOLDEN.parent / "armory" / "2p-attack-win.jsonl"
    lines = log.read_bytes().splitlines()
    lines[1] = lines[1].replace(b'"seq":1', b'"seq":7', 1)
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b"\n".join(lines) + b"\n")
    viewing = subprocess.Popen([sys.executable, "-m", "tools.cli", "view", str(broken)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert viewing.stdout is not None
        first = viewing.stdout.readline()
    finally:
        viewing.send_signal(signal.SIGINT)
        viewing.communicate(timeout=60)
    assert first.startswith(f"{broken}: FAILED at line 2 (event 1): ") and first.rstrip().endswith("no event to show")


def test_serve_refuses_a_port_out_of_range_or_taken_with_a_message(tmp_path: Path) -> None:
    """issue 28: not a traceback (port taken) nor another port (99999)."""
    out_of_range = run("serve", "--port", "99999", "--data-dir", str(tmp_path / "a"))
    assert out_of_range.returncode == 2 and "from 0 to 65535, not '99999'" in out_of_range.stderr
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        taken = run("serve", "--port", str(port), "--data-dir", str(tmp_path / "b"))
    assert taken.returncode == 2 and f"cannot listen on 127.0.0.1:{port}: the port is taken" in taken.stderr
    assert "Traceback" not in taken.stderr and "add_port" not in taken.stderr
    assert not (tmp_path / "b").exists(), "nothing made before the port was found taken"


def test_unreadable_files_get_a_clear_message(tmp_path: Path) -> None:
    missing = run("verify", str(tmp_path / "nope.jsonl"))
    assert missing.returncode != 0 and "cannot read" in missing.stderr
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    for summary in ((), ("--summary",)):
        bad = run("replay", str(junk), *summary)
        assert bad.returncode != 0 and "not a tablerules log" in bad.stderr
