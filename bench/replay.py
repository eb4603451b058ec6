"""Replay and verify of a long log, from a file or from a store, against the
eventsourcing library's own `repository.get` over the same events (the ceiling)."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.rules import random_command, start
from domain.kernel import Envelope, Game, Header, Log, canonical_json, parse_log, replay_lines, verify
from service.store import GameStore, Secrets, persistence_env

# Moves that would end a random game early: steered around so that a log grows long.
WINNING_MOVES = ("CastAttack",)
SAVED_TOGETHER = 1000
"""Events written to a store in one statement: the library's save of 100,000 in one stalled on
PostgreSQL (the server waiting for the rest of the statement, the client for the server)."""


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


def replay_rate(game: Game[Any], read: Callable[[], list[bytes]]) -> float:
    """Events/s: `read()` the log's lines (a file's, or `stored_lines`), parse every line,
    check the whole chain, fold every event into the state, compare state hashes (every
    128th and the last): `tablerules replay --summary`."""
    began = time.perf_counter()
    session, report = replay_lines(game, read())
    elapsed = time.perf_counter() - began
    assert session is not None and report.ok, report
    return report.events / elapsed


def stored_lines(store: GameStore, game_id: str) -> list[bytes]:
    """A stored game as the lines of the operator's export: the header (with the seed, from
    the secrets' table) and every event as stored, read in one query."""
    rows = [row.state for row in store.events.select_events(game_id)]
    secrets = store.secrets(game_id)
    assert secrets is not None and rows, game_id
    header = Header.from_created(orjson.loads(rows[0])["payload"], seed=secrets.seed)
    return [canonical_json(header.to_json()), *rows]


def store_log(store: GameStore, log: Log) -> str:
    """The log stored as a game of its own (some SAVED_TOGETHER events a transaction); returns its id."""
    game_id = log.header.game_id
    assert log.header.seed is not None
    store.create(game_id, Secrets(log.header.seed, ()))
    batch: list[Envelope] = []
    for envelope in log.envelopes:
        # A command's events and its receipt are stored together: cut only where a command begins.
        if len(batch) >= SAVED_TOGETHER and envelope.command_id != batch[-1].command_id:
            store.append(game_id, batch)
            batch = []
        batch.append(envelope)
    store.append(game_id, batch)
    return game_id


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


def library_rate(log: Log, storage: str = "memory:") -> float:
    """Events/s of `repository.get` rebuilding an aggregate from the log's payloads, stored
    in memory or at a storage URL as the service stores them (on PostgreSQL: a database of
    its own, whose tables the library makes)."""
    env = {**persistence_env(storage), "ORIGINATOR_ID_TYPE": "uuid", "CREATE_TABLE": "yes",
           "IS_SNAPSHOTTING_ENABLED": "n"}
    application = Application[Any](env=env)
    aggregate = Recorded()
    for n, envelope in enumerate(log.envelopes, 1):
        aggregate.record(envelope.type, dict(envelope.payload))
        if n % SAVED_TOGETHER == 0:
            application.save(aggregate)
    application.save(aggregate)
    began = time.perf_counter()
    rebuilt: Recorded = application.repository.get(aggregate.id)
    elapsed = time.perf_counter() - began
    application.close()
    assert rebuilt.version == len(log.envelopes) + 1
    return (len(log.envelopes) + 1) / elapsed
