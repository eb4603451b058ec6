"""`tablerules audit` (issue 15, an auditor's toolkit): every shuffle, draw and roll of
a log derived again from its revealed seed, and who chose that seed."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import random
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import Command, Header, Log, Rng, Session, parse_log, replay, seed_commitment, verify
from domain.kernel.chance_audit import (
    CANNOT_AUDIT,
    DIFFERS,
    FAILED,
    GAME_SEED,
    MATCHES,
    SEATS_SEED,
    ChanceAudit,
    Provenance,
    audit_chance,
)
from domain.kernel.fairness import CommitRandomness, RevealRandomness, commitment_of, game_seed
from domain.kernel.rng import RecordingRng
from tests.forgery import fully_resealed
from tests.stored_logs import CURRENT_LOGS, GOLDEN_LOGS
from tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
MONSTER = ROOT / "replays" / "swordplay" / "3p-monster-shatter.jsonl"


def load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


def audited(log: Log) -> ChanceAudit:
    return audit_chance(REGISTRY[log.header.ruleset], log)


def test_a_recording_generator_draws_what_the_generator_draws_and_writes_it_down() -> None:
    plain, recording = Rng("s", "g", 7), RecordingRng("s", "g", 7)
    assert recording.shuffled(range(10)) == plain.shuffled(range(10))
    rolled = recording.die(6)
    assert rolled == plain.die(6)
    assert [bound for bound, _ in recording.drawn] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 6]
    assert recording.drawn[-1] == (6, rolled - 1)
    assert recording.blocks == 3 and (recording.seed, recording.position) == ("s", 7)


def test_every_stored_replay_audits_with_its_chance_as_the_seed_gives() -> None:
    games = set()
    for path in CURRENT_LOGS:
        audit = audited(load(path))
        assert audit.verdict == MATCHES, audit.describe()
        assert audit.draws > 0 and audit.drawings and audit.divergence is None
        assert all(d.generator == GAME_SEED for d in audit.drawings)
        games.add(audit.header.ruleset)
    assert games == {"armory", "swordplay", "aod", "guardians", "kings-armory"}


def below_from_the_format(seed: str, game_id: str, position: int, bounds: list[int]) -> list[int]:
    """The generator as docs/log-format.md defines it, computed here without the kernel."""
    words: list[int] = []
    block = 0
    drawn = []
    for bound in bounds:
        while True:
            if not words:
                digest = hmac.new(seed.encode(), f"{game_id}/{position}/{block}".encode(), hashlib.sha256).digest()
                words = [int.from_bytes(digest[i:i + 8], "big") for i in range(0, 32, 8)]
                block += 1
            value = words.pop(0)
            if value < 2**64 - 2**64 % bound:
                drawn.append(value % bound)
                break
    return drawn


def test_the_numbers_reported_are_the_log_formats_generator_keyed_at_each_commands_position() -> None:
    log = load(MONSTER)
    seed = log.envelopes[-1].payload["seed"]
    assert isinstance(seed, str)
    report = audited(log).to_json()
    commands = report["commands"]
    assert isinstance(commands, list) and len(commands) == report["commands_drawing"]
    for command in commands:
        assert isinstance(command, dict) and isinstance(command["draws"], list) and isinstance(command["position"], int)
        bounds = [bound for bound, _ in command["draws"]]
        assert [value for _, value in command["draws"]] == below_from_the_format(seed, log.header.game_id,
                                                                                 command["position"], bounds)
        assert command["key"] == f"{log.header.game_id}/{command['position']}/"
        events = command["events"]
        assert isinstance(events, list) and events[0]["seq"] == command["position"] + 1


def edited_outcome(log: Log, event_type: str, field: str) -> tuple[Log, int]:
    """The log with one outcome of chance changed, the log sealed again behind it so
    that the chain, every digest, public form and state hash hold; and its index."""
    index = next(i for i, e in enumerate(log.envelopes) if e.type == event_type)
    victim = log.envelopes[index]
    value = victim.payload[field]
    if isinstance(value, list):  # a shuffled order: its first two cards swapped
        changed: object = [value[1], value[0], *value[2:]]
    else:  # a die roll: another face of the die
        assert isinstance(value, int) and isinstance(victim.payload["sides"], int)
        changed = value % victim.payload["sides"] + 1
    envelopes = list(log.envelopes)
    envelopes[index] = dataclasses.replace(victim, payload={**victim.payload, field: changed})
    return fully_resealed(REGISTRY[log.header.ruleset], log, envelopes, index), index


@pytest.mark.parametrize(("event_type", "field"), [("DeckShuffled", "order"), ("DieRolled", "value")])
def test_an_edited_shuffle_or_roll_sealed_again_is_named_by_the_audit(event_type: str, field: str) -> None:
    log = load(MONSTER)
    forged, index = edited_outcome(log, event_type, field)
    game = REGISTRY[log.header.ruleset]
    _, replayed = replay(game, forged, every_state=True)
    assert replayed.ok, "the forger left replay nothing to find"
    assert verify(game, forged).verdict == "FAILED"
    audit = audited(forged)
    assert audit.verdict == DIFFERS and audit.divergence is not None and audit.differing is not None
    assert audit.divergence.seq == index + 1
    victim = log.envelopes[index]
    report = audit.to_json()
    mismatch = report["mismatch"]
    assert isinstance(mismatch, dict) and mismatch["chance"] is True
    assert mismatch["seq"] == index + 1 and mismatch["logged"] == {"type": event_type, "rule": victim.rule}
    assert mismatch["fields"] == [{"field": field, "logged": forged.envelopes[index].payload[field],
                                   "derived": victim.payload[field]}]
    lines = audit.describe().splitlines()
    assert lines[0].startswith(f"{DIFFERS}: event {index + 1} ({event_type}, citing {victim.rule}) is not the "
                               "outcome the seed gives")
    assert lines[1].startswith(f"  {field}: the log has ") and "the seed gives" in lines[1]
    assert f"  the rules: {event_type}, citing {victim.rule}" in lines
    assert any(line.startswith(f"    payload.{field}") for line in lines)


def test_a_difference_in_a_command_that_drew_nothing_is_not_chances() -> None:
    log = load(MONSTER)
    audit = audited(log)
    drew = {e.seq for d in audit.drawings for e in d.events}
    index = next(i for i, e in enumerate(log.envelopes) if i > 5 and e.seq not in drew and e.type == "TurnEnded")
    victim = log.envelopes[index]
    envelopes = list(log.envelopes)
    envelopes[index] = dataclasses.replace(victim, rule=victim.rule + " (edited)")
    forged = audited(fully_resealed(REGISTRY[log.header.ruleset], log, envelopes, index))
    assert forged.verdict == FAILED and forged.differing is None
    assert forged.divergence is not None and forged.divergence.seq == index + 1
    assert forged.headline() == (f"{FAILED}: event {index + 1} differs, but not as an outcome of chance (its command "
                                 "drew no numbers); tablerules verify names the divergence")
    assert f"  the log:   TurnEnded, citing {victim.rule} (edited)" in forged.describe().splitlines()


def test_a_log_whose_chain_is_broken_is_not_audited() -> None:
    log = load(MONSTER)
    envelopes = list(log.envelopes)
    envelopes[9] = dataclasses.replace(envelopes[9], rule="edited")
    audit = audited(Log(log.header, tuple(envelopes)))
    assert audit.verdict == FAILED and audit.checked == ("hash chain",) and not audit.drawings
    assert audit.headline() == f"{FAILED}: event 10: the log's chain or seed does not hold, so chance was not audited"
    assert "the event's hash does not match its public form" in audit.describe()


def test_a_log_without_its_seed_cannot_be_audited() -> None:
    log = load(MONSTER)
    cut = next(i for i in range(len(log.envelopes) // 2, 0, -1) if log.envelopes[i].command is not None)
    audit = audited(Log(log.header, log.envelopes[:cut]))
    assert audit.verdict == CANNOT_AUDIT and audit.checked == ("hash chain",) and not audit.drawings
    assert "reveals no seed" in audit.describe()


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_a_log_of_other_rules_is_audited_only_where_this_build_decides_it_alike(path: Path) -> None:
    """A difference of the rules says nothing of chance: never CHANCE DIFFERS for it."""
    log = load(path)
    game = REGISTRY[log.header.ruleset]
    audit = audit_chance(game, log)
    alike = verify(game, log).verdict == "VERIFIED"
    assert audit.verdict == (MATCHES if alike else CANNOT_AUDIT)
    if not alike:
        written = f"{log.header.ruleset} {log.header.ruleset_version}"
        assert audit.headline().startswith(f"{CANNOT_AUDIT}: the log was written by {written} and this build's rules")
        assert audit.checked == ("hash chain", "seed against its commitment") and not audit.drawings
        assert audit.divergence is None and "by the release that wrote the log" in audit.headline()


def seat_randomness_game(seed: str) -> tuple[Log, tuple[str, ...]]:
    """A swordplay game with seat randomness, played to its end in process."""
    game = REGISTRY["swordplay"]
    setup = game.ruleset.check_setup(("ann", "bob", "cy"), {"seat_randomness": True, "turn_limit": 12}, "")
    header = Header(game_id="audit-seats", ruleset=game.ruleset.name, ruleset_version=game.ruleset.version,
                    seats=setup.seats, options=dict(setup.options), content=setup.content,
                    seed_commitment=seed_commitment(seed), created_at="2026-01-01T00:00:00Z")
    session, created = Session.create(game, header, seed)
    envelopes = [created]
    values = tuple(hashlib.sha256(f"seat {n}".encode()).hexdigest() for n in (1, 2, 3))
    contributions: list[Command] = [CommitRandomness(seat=n, commitment=commitment_of(v))
                                    for n, v in enumerate(values, start=1)]
    contributions += [RevealRandomness(seat=n, value=v) for n, v in enumerate(values, start=1)]
    for number, command in enumerate(contributions):
        session, made = session.execute(command, f"randomness-{number}", seed)
        envelopes += made
    chooser = random.Random(seed)
    while not session.finished:
        seat = chooser.choice(session.status().to_act)
        session, made = session.execute(chooser.choice(session.legal_commands(seat)), f"c{len(envelopes)}", seed)
        envelopes += made
    return Log(header, tuple(envelopes)), values


def test_a_seat_randomness_game_reports_every_seats_contribution() -> None:
    log, values = seat_randomness_game("table-seed")
    audit = audited(log)
    assert audit.verdict == MATCHES and audit.draws > 0, audit.describe()
    assert all(d.generator == SEATS_SEED for d in audit.drawings)
    assert audit.drawings[0].events[0].type == "RandomnessRevealed" and audit.drawings[0].position == 6, \
        "the last reveal (event 7) starts the game"
    seats = audit.provenance.seats
    assert seats is not None and [(s.committed_at, s.revealed_at, s.matches) for s in seats] == [
        (2, 5, True), (3, 6, True), (4, 7, True)]
    assert audit.provenance.generator_seed == game_seed("table-seed", values)
    text = audit.describe()
    assert "seat randomness: on" in text
    assert "seat 2 committed at event 3 and revealed at event 6 a value that matches its commitment" in text
    seed = audit.to_json()["seed"]
    assert isinstance(seed, dict) and seed["chosen"] is False and seed["generator_seed"] == game_seed("table-seed",
                                                                                                     values)


def test_the_report_says_when_the_operator_chose_the_seed() -> None:
    log = load(MONSTER)
    chosen = Provenance.of(Log(dataclasses.replace(log.header, seed_chosen=True), log.envelopes), None)
    assert chosen.lines()[0].startswith("seed: chosen by the operator (seed_chosen: true")
    assert "chance was not secret" in chosen.lines()[0] and "seat randomness: off" in chosen.lines()[1]
    seats, _ = seat_randomness_game("chosen")
    mixed = Provenance.of(Log(dataclasses.replace(seats.header, seed_chosen=True), seats.envelopes), "chosen")
    assert "the seats' values were mixed into it" in mixed.lines()[0]
    secret = audited(log)
    assert secret.provenance.lines()[0].startswith("seed: drawn by the server in secret")


def test_the_command_line_exit_status_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = load(MONSTER)
    assert main(["audit", str(MONSTER)]) == 0
    assert capsys.readouterr().out.startswith(MATCHES + ": ")
    assert main(["audit", "--json", str(MONSTER)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["verdict"] == MATCHES and report["draws"] > 0 and report["mismatch"] is None
    assert all(len(c["draws"]) <= 64 and c["draw_count"] >= len(c["draws"]) for c in report["commands"])

    forged, _ = edited_outcome(log, "DieRolled", "value")
    path = tmp_path / "forged.jsonl"
    path.write_text(forged.text(), encoding="utf-8")
    assert main(["audit", str(path)]) == 1
    assert capsys.readouterr().out.startswith(DIFFERS + ": ")

    cut = next(i for i in range(len(log.envelopes) // 2, 0, -1) if log.envelopes[i].command is not None)
    path.write_text(Log(log.header, log.envelopes[:cut]).text(), encoding="utf-8")
    assert main(["audit", str(path)]) == 3
    assert capsys.readouterr().out.startswith(CANNOT_AUDIT + ": ")
