"""Every stored log in replays/ replays and verifies, and any tampering is caught
(DESIGN.md section 3). Run under several PYTHONHASHSEED values by `make test`."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import Envelope, Log, parse_log, replay, replay_lines, verify
from domain.kernel.canonical import canonical_json

REPLAYS = sorted(Path(__file__).resolve().parent.parent.joinpath("replays").glob("*/*.jsonl"))


def load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


def test_there_are_replays() -> None:
    counts = {name: len([p for p in REPLAYS if p.parent.name == name]) for name in ("armory", "swordplay", "aod")}
    assert counts["armory"] >= 5 and counts["swordplay"] >= 3 and counts["aod"] >= 3, counts


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_replay_and_verify(path: Path) -> None:
    log = load(path)
    game = REGISTRY[log.header.ruleset]
    session, report = replay_lines(game, path.read_bytes().splitlines())
    assert report.ok, report.divergence and report.divergence.describe()
    assert session is not None and session.finished
    checked, strict = replay(game, log, every_state=True)
    assert strict.ok and strict.events == report.events == len(log.envelopes)
    assert checked is not None and checked.state == session.state and checked.last_hash == session.last_hash
    verified = verify(game, log)
    assert verified.ok and verified.rules_checked, verified.divergence and verified.divergence.describe()


def tampered(log: Log, envelopes: list[Envelope]) -> Log:
    return Log(header=log.header, envelopes=tuple(envelopes))


def rehash_from(envelopes: list[Envelope], start: int) -> list[Envelope]:
    """Recompute hashes after an edit, as a careful forger would."""
    fixed = envelopes[:start]
    for envelope in envelopes[start:]:
        body = envelope.body()
        body["seq"] = len(fixed) + 1
        body["prev_hash"] = fixed[-1].hash if fixed else "0" * 64
        fixed.append(Envelope(**body).sealed())
    return fixed


@pytest.fixture(scope="module")
def sample() -> Log:
    return load(next(p for p in REPLAYS if p.parent.name == "armory"))


def test_an_edited_event_is_detected(sample: Log) -> None:
    envelopes = list(sample.envelopes)
    victim = envelopes[10]
    payload = json.loads(canonical_json(victim.payload))
    payload["seat"] = 2 if payload.get("seat") == 1 else 1
    envelopes[10] = Envelope(**{**victim.body(), "payload": payload, "hash": victim.hash})
    game = REGISTRY[sample.header.ruleset]
    report = verify(game, tampered(sample, envelopes))
    assert not report.ok and report.divergence is not None and report.divergence.seq == 11
    assert "edited" in report.divergence.reason


@pytest.mark.parametrize("change", ["drop", "reorder", "insert"])
def test_dropped_reordered_or_inserted_events_are_detected(sample: Log, change: str) -> None:
    envelopes = list(sample.envelopes)
    if change == "drop":
        del envelopes[12]
    elif change == "reorder":
        envelopes[12], envelopes[13] = envelopes[13], envelopes[12]
    else:
        envelopes.insert(12, envelopes[11])
    game = REGISTRY[sample.header.ruleset]
    report = verify(game, tampered(sample, envelopes))
    assert not report.ok and report.divergence is not None and report.divergence.seq == 13


def test_a_rehashed_forgery_is_caught_by_the_rules(sample: Log) -> None:
    """Hashes recomputed after an edit pass the chain, but not the rules."""
    envelopes = list(sample.envelopes)
    index = next(i for i, e in enumerate(envelopes) if e.type == "CardsDrawn" and i > 2)
    victim = envelopes[index]
    payload = dict(victim.payload)
    payload["cards"] = list(reversed(payload["cards"])) if len(payload["cards"]) > 1 else ["1.01"]
    envelopes[index] = Envelope(**{**victim.body(), "payload": payload})
    forged = tampered(sample, rehash_from(envelopes, index))
    game = REGISTRY[sample.header.ruleset]
    report = verify(game, forged)
    assert not report.ok and report.divergence is not None
    assert report.divergence.seq == index + 1
    assert report.divergence.expected is not None and report.divergence.actual is not None


def test_replay_with_every_state_and_verify_check_each_state_hash(sample: Log) -> None:
    """A state_hash forged mid-log (chain rehashed, final state right) is the one thing
    the default replay, which compares the final state, lets through."""
    envelopes = list(sample.envelopes)
    envelopes[8] = Envelope(**{**envelopes[8].body(), "state_hash": "f" * 64}).sealed()
    forged = tampered(sample, rehash_from(envelopes, 9))
    game = REGISTRY[sample.header.ruleset]
    _, report = replay(game, forged, every_state=True)
    assert not report.ok and report.divergence is not None and report.divergence.seq == 9
    verified = verify(game, forged)
    assert not verified.ok and verified.divergence is not None and verified.divergence.seq == 9
    unseeded = verify(game, dataclasses.replace(forged, envelopes=forged.envelopes[:-1]))
    assert not unseeded.ok and unseeded.divergence is not None and unseeded.divergence.seq == 9


def test_replay_names_the_first_event_whose_state_differs(sample: Log) -> None:
    """An edited payload, rehashed: the fold leaves the logged states from there on, and
    replay (rules unconsulted) points at the edited event."""
    envelopes = list(sample.envelopes)
    index = next(i for i, e in enumerate(envelopes) if e.type == "CardsDrawn" and i > 2)
    victim = envelopes[index]
    drawn = list(victim.payload["cards"])
    envelopes[index] = Envelope(**{**victim.body(), "payload": {**victim.payload, "cards": drawn[:-1]}})
    forged = tampered(sample, rehash_from(envelopes, index))
    _, report = replay(REGISTRY[sample.header.ruleset], forged)
    assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
    assert "state_hash" in report.divergence.reason


def test_replay_reads_another_writers_spelling_of_the_same_json(sample: Log) -> None:
    """The hash is over canonical JSON, not over the bytes of the line: a log re-written
    by another JSON library (spaces, key order) replays the same."""
    lines = [json.dumps(json.loads(line), indent=None) for line in sample.lines()]
    assert lines[1] != canonical_json(sample.envelopes[0].to_json()).decode()
    game = REGISTRY[sample.header.ruleset]
    session, report = replay_lines(game, lines)
    expected, _ = replay(game, sample)
    assert report.ok and session is not None and expected is not None and session.state == expected.state


def test_an_event_that_cannot_follow_its_state_is_reported_not_raised(sample: Log) -> None:
    """A rehashed edit that names a seat the game does not have: evolve cannot apply it."""
    envelopes = list(sample.envelopes)
    index = next(i for i, e in enumerate(envelopes) if e.type == "CardsDrawn" and i > 2)
    victim = envelopes[index]
    envelopes[index] = Envelope(**{**victim.body(), "payload": {**victim.payload, "seat": 9}})
    forged = tampered(sample, rehash_from(envelopes, index))
    session, report = replay(REGISTRY[sample.header.ruleset], forged)
    assert session is None and not report.ok and report.divergence is not None
    assert report.divergence.seq == index + 1 and "cannot follow the state" in report.divergence.reason
