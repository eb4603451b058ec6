"""Every stored log in replays/ replays and verifies, and any tampering is caught
(DESIGN.md section 3). Run under several PYTHONHASHSEED values by `make test`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import Envelope, Log, parse_log, replay, verify
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
    session, report = replay(game, log)
    assert report.ok, report.divergence and report.divergence.describe()
    assert session is not None and session.finished
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


def test_replay_checks_state_hashes(sample: Log) -> None:
    envelopes = list(sample.envelopes)
    envelopes[8] = Envelope(**{**envelopes[8].body(), "state_hash": "f" * 64}).sealed()
    forged = tampered(sample, rehash_from(envelopes, 9))
    _, report = replay(REGISTRY[sample.header.ruleset], forged)
    assert not report.ok and report.divergence is not None and report.divergence.seq == 9
