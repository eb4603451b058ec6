"""Replay and verify of a long log file, against the eventsourcing library's own
`repository.get` over the same events (the ceiling)."""

from __future__ import annotations

import dataclasses
import random
import time
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.rules import random_command, start
from domain.kernel import Game, Log, parse_log, replay_lines, verify

# Moves that would end a random game early: steered around so that a log grows long.
WINNING_MOVES = ("CastAttack",)


def long_log(game: Game[Any], minimum_events: int) -> Log:
    """One two-seat game with the turn cap lifted, played until its log has minimum_events."""
    seed = "long"
    session, envelopes = start(game, "long", 2, seed,
                               {"turn_limit": 0} if any(o.name == "turn_limit" for o in game.ruleset.options) else {})
    chooser = random.Random(2)
    count = 0
    while len(envelopes) < minimum_events and not session.finished:
        command = random_command(game, session.state, chooser, avoid=WINNING_MOVES)
        session, produced = session.execute(command, f"c{count}", seed)
        envelopes.extend(produced)
        count += 1
    # An operator's export of a live game: the header carries the seed, so verify can re-decide.
    return Log(header=dataclasses.replace(session.header, seed=seed), envelopes=tuple(envelopes))


def replay_rate(game: Game[Any], path: Path) -> float:
    """Events/s: read the file, parse every line, check the whole chain, fold every event
    into the state, compare state hashes (every 128th and the last): `tablerules replay
    --summary`."""
    began = time.perf_counter()
    session, report = replay_lines(game, path.read_bytes().splitlines())
    elapsed = time.perf_counter() - began
    assert session is not None and report.ok, report
    return report.events / elapsed


def verify_rate(game: Game[Any], path: Path) -> float:
    """Events/s: read and parse the file, then re-decide every command with the revealed seed."""
    began = time.perf_counter()
    report = verify(game, parse_log(path.read_bytes().splitlines()))
    elapsed = time.perf_counter() - began
    assert report.ok and report.rules_checked, report
    return report.events / elapsed


class Recorded(Aggregate):
    """An aggregate that keeps the last event it was given: the library's least work per event."""

    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    @event("Recorded")
    def record(self, type: str, payload: dict[str, Any]) -> None:
        self.last = payload


def library_rate(log: Log) -> float:
    """Events/s of `repository.get` rebuilding an aggregate from the log's payloads (in memory)."""
    application = Application[Any](env={"PERSISTENCE_MODULE": "eventsourcing.popo", "IS_SNAPSHOTTING_ENABLED": "n"})
    aggregate = Recorded()
    for envelope in log.envelopes:
        aggregate.record(envelope.type, dict(envelope.payload))
    application.save(aggregate)
    began = time.perf_counter()
    rebuilt: Recorded = application.repository.get(aggregate.id)
    elapsed = time.perf_counter() - began
    assert rebuilt.version == len(log.envelopes) + 1
    return (len(log.envelopes) + 1) / elapsed
