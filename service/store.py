"""Games as event streams, kept by the `eventsourcing` library's recorders.

One stream per game (originator id = game id, version = seq), holding the log's
envelopes as canonical JSON. A command's envelopes and its receipt (command id ->
the seqs it produced) are inserted in one transaction, so a retried command id
and a lost race are both detected by the database's uniqueness constraint.
Seeds and token hashes live in a separate recorder: never in the event stream.
Snapshots of the state keep loading cost flat however long a game grows.
Appends that arrive together share one transaction (group commit, on a writer thread
of its own): each caller learns only once its rows are durable whether they were
written, and the database pays one sync per group.
The library never creates the tables itself: service/schema.py does, as the store's
schema policy says.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import orjson
from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    IntegrityError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLiteFactory

from domain.kernel import Envelope, canonical_json, to_plain
from domain.kernel.canonical import canonical_json_of_plain
from domain.kernel.fairness import Contributions
from domain.kernel.messages import from_plain
from domain.kernel.session import GAME_CREATED
from service.files import keep_database_private
from service.outages import is_outage
from service.schema import Creates, Dialect, Policy, Status, Step, prepare

if TYPE_CHECKING:
    from service.changes import Announcer

RECEIPT_TOPIC = "tablerules:CommandReceipt"
PROBE_STREAM = "tablerules:probe"


class DurableSQLiteFactory(SQLiteFactory):
    """SQLite with `synchronous=FULL`: an acknowledged command is on disk.

    The library opens its connections itself, so the pragma is applied to each
    connection as the pool creates it.
    """

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        pool = self.datastore.pool
        create = pool._create_connection

        def create_durable() -> Any:
            connection = create()
            connection._sqlite_conn.execute("PRAGMA synchronous=FULL")
            return connection

        pool._create_connection = create_durable  # type: ignore[method-assign]


POSTGRES_WAIT_SECONDS = 12.0
SQLITE_WAIT_SECONDS = 30.0
"""How long a call waits for a database that does not answer before it fails as an outage
(UNAVAILABLE to its caller), by default: PostgreSQL down, restarting, out of connections or
hanging (service/pgconnection.py); the SQLite file locked by another process."""


def default_wait(url: str) -> float:
    return POSTGRES_WAIT_SECONDS if is_shared(url) else SQLITE_WAIT_SECONDS


def persistence_env(url: str, wait_seconds: float | None = None) -> dict[str, str]:
    """eventsourcing settings for a storage URL (`wait_seconds`: SQLite's lock timeout, whole
    seconds; default SQLITE_WAIT_SECONDS).

    memory:                     plain Python objects (tests)
    sqlite:///path/to/file.db   SQLite file, synchronous=FULL (the default)
    postgresql://user:pw@host:port/db   PostgreSQL (several replicas may share it)
    """
    # The tables are created by service/schema.py's steps, which record the schema's version.
    env = {"ORIGINATOR_ID_TYPE": "text", "CREATE_TABLE": "no"}
    if url == "memory:":
        return {**env, "PERSISTENCE_MODULE": "eventsourcing.popo"}
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        directory = os.path.dirname(os.path.abspath(path))
        os.makedirs(directory, mode=0o700, exist_ok=True)
        # The file holds live games' seeds: only the server's user may read it (SQLite
        # gives its journal files the database file's mode).
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        lock_timeout = max(1, round(wait_seconds or SQLITE_WAIT_SECONDS))  # the library takes whole seconds
        keep_database_private(Path(path))
        return {**env, "PERSISTENCE_MODULE": f"{__name__}:DurableSQLiteFactory",
                "SQLITE_DBNAME": path, "SQLITE_LOCK_TIMEOUT": str(lock_timeout)}
    if is_shared(url):
        from urllib.parse import unquote, urlparse

        parts = urlparse(url)
        return {
            **env,
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": parts.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "POSTGRES_POOL_SIZE": "10",
            "POSTGRES_MAX_OVERFLOW": "20",
            # How long a call waits for a pooled connection. The library tries each call
            # 10 times, so while the database is down a call ends (UNAVAILABLE) after about
            # 12 s, where the library's default of 30 s made it 5 minutes. A GameStore sets
            # it from its wait (service/pgconnection.py); this is for the tools' own stores.
            "POSTGRES_CONNECT_TIMEOUT": "1",
        }
    raise ValueError(f"unknown storage URL {url!r}: use memory:, sqlite:///FILE or postgresql://...")


def is_shared(url: str) -> bool:
    """Whether other replicas may write to the same store (a PostgreSQL database)."""
    return url.startswith(("postgresql://", "postgres://"))


def default_policy(url: str) -> Policy:
    """PostgreSQL's schema is upgraded by an explicit step; the SQLite file's, which one server
    owns, by the server that opens it (service/schema.py)."""
    return Policy.CURRENT if is_shared(url) else Policy.UPGRADE


def schema_status(url: str) -> Status:
    """Where the schema of the store at `url` stands, whatever it is (`tablerules schema status`)."""
    factory = InfrastructureFactory.construct(persistence_env(url))
    try:
        return Dialect(cast(Any, factory).datastore, is_shared(url)).status()
    finally:
        factory.close()


def upgrade_schema(url: str) -> tuple[Step, ...]:
    """Create the schema of the store at `url`, or bring it to this code's version
    (`tablerules schema upgrade`); returns the steps applied (none: it was up to date)."""
    store = GameStore(url, Policy.UPGRADE)
    store.close()
    return store.schema_applied


def public_url(url: str) -> str:
    """The storage URL without its user and password, for messages."""
    return url.split("@")[-1]


class VersionConflict(Exception):
    """Another writer appended to the game first (or the command id was used)."""


@dataclass(frozen=True, slots=True)
class Secrets:
    """What the event stream must never hold: the seed and the seat token hashes."""

    seed: str
    token_hashes: tuple[str, ...]
    """sha256 of seat n's token at index n-1."""

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "token_hashes": list(self.token_hashes)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Secrets:
        return Secrets(seed=data["seed"], token_hashes=tuple(data["token_hashes"]))


@dataclass(frozen=True, slots=True)
class Snapshot:
    version: int
    last_hash: str
    finished: bool
    state: Any
    """The state as plain JSON."""
    contributions: Contributions | None = None
    """The seats' randomness, in a game with the seat_randomness option."""


def _receipt_id(game_id: str, command_id: str) -> str:
    return f"{game_id}/command/{command_id}"


@contextlib.contextmanager
def _conflict_as_version_conflict() -> Iterator[None]:
    try:
        yield
    except IntegrityError as conflict:
        raise VersionConflict(str(conflict)) from None


@dataclass(slots=True)
class _Append:
    rows: Sequence[StoredEvent]
    outcome: Future[None] = field(default_factory=Future)


class GroupCommit:
    """Writes concurrent appends in one transaction; each caller learns its own outcome.

    One writer thread takes every append queued while it wrote the last group and
    inserts them together: the database pays one sync per group. A caller gets a future
    (`enqueue`), so the event loop can wait for its rows without holding a thread, or
    blocks on it (`write`). A uniqueness conflict fails the whole transaction, so the
    group is then retried one append at a time to tell the conflicting append from the
    innocent ones. A database that did not answer fails the appends queued meanwhile
    too: each would wait as long again.
    """

    def __init__(self, insert: Callable[[Sequence[StoredEvent]], object]) -> None:
        self.insert = insert
        self._queue: list[_Append] = []
        self._changed = threading.Condition()
        self._writer: threading.Thread | None = None
        self._closed = False

    def enqueue(self, rows: Sequence[StoredEvent]) -> Future[None]:
        """Queue rows to be inserted atomically; the future fails with IntegrityError if
        any conflicts with a stored row."""
        append = _Append(rows)
        with self._changed:
            if self._closed:
                raise RuntimeError("the store is closed")
            self._queue.append(append)
            if self._writer is None:  # started on first use: most stores opened by tools never write
                self._writer = threading.Thread(target=self._write_groups, name="group-commit", daemon=True)
                self._writer.start()
            self._changed.notify()
        return append.outcome

    def write(self, rows: Sequence[StoredEvent]) -> None:
        """Insert rows atomically, or IntegrityError if any conflicts with a stored row."""
        self.enqueue(rows).result()

    def close(self) -> None:
        """Write what is queued, then stop the writer."""
        with self._changed:
            self._closed = True
            self._changed.notify()
            writer = self._writer
        if writer is not None:
            writer.join()

    def _write_groups(self) -> None:
        while True:
            with self._changed:
                while not self._queue and not self._closed:
                    self._changed.wait()
                if not self._queue:
                    return
                taken, self._queue = self._queue, []
            # A caller that gave up before its append was taken (its future cancelled) is left out.
            group = [append for append in taken if append.outcome.set_running_or_notify_cancel()]
            outage = self._commit(group) if group else None
            if outage is not None:
                with self._changed:
                    queued, self._queue = self._queue, []
                for append in queued:
                    if append.outcome.set_running_or_notify_cancel():
                        append.outcome.set_exception(outage)

    def _commit(self, group: list[_Append]) -> BaseException | None:
        """Insert the group and settle each append's future; returns the outage met, if any."""
        errors: list[BaseException | None] = [None] * len(group)
        try:
            self.insert([row for append in group for row in append.rows])
        except IntegrityError as conflict:
            if len(group) == 1:
                errors[0] = conflict
            else:
                for n, append in enumerate(group):
                    try:
                        self.insert(append.rows)
                    except Exception as problem:  # handed to this append's own caller
                        errors[n] = problem
        except Exception as problem:  # every caller of the group sees the failure
            errors = [problem] * len(group)
        for append, error in zip(group, errors, strict=True):
            if error is None:
                append.outcome.set_result(None)
            else:
                append.outcome.set_exception(error)
        return next((error for error in errors if error is not None and is_outage(error)), None)


class GameStore:
    def __init__(self, url: str, schema: Policy | None = None, wait_seconds: float | None = None) -> None:
        """Opens the store at `url`; its schema is checked, and created or upgraded, as `schema`
        says (default: `default_policy`), else SchemaError naming what to do. A call waits at
        most about `wait_seconds` for a database that does not answer (default: `default_wait`;
        the tests shorten it) and then fails as an outage (`is_outage`)."""
        self.url = url
        self.wait_seconds = wait_seconds or default_wait(url)
        self.factory = InfrastructureFactory.construct(persistence_env(url, self.wait_seconds))
        if is_shared(url):
            from service.pgconnection import bound  # psycopg: the postgres extra

            bound(cast(Any, self.factory).datastore, self.wait_seconds)
        self.events: ApplicationRecorder = self.factory.application_recorder()
        self.secrets_recorder: AggregateRecorder = self.factory.aggregate_recorder("secrets")
        self.snapshots: AggregateRecorder = self.factory.aggregate_recorder("snapshots")
        self.shared = is_shared(url)
        self.schema_applied: tuple[Step, ...] = ()
        """The schema's steps applied as the store was opened."""
        self.dialect: Dialect | None = None
        """The database's own statements (None: memory:)."""
        if url != "memory:":
            recorders = cast(list[Creates], [self.events, self.secrets_recorder, self.snapshots])
            self.dialect = Dialect(cast(Any, self.factory).datastore, self.shared)
            try:
                self.schema_applied = prepare(self.dialect, recorders, schema or default_policy(url))
            except BaseException:
                self.factory.close()
                raise
        self.announcer: Announcer | None = None
        if self.shared:
            from service.changes import Announcer  # psycopg: the postgres extra

            self.announcer = Announcer(url, self.wait_seconds)
        self.group_commit = GroupCommit(self._insert)

    def _insert(self, rows: Sequence[StoredEvent]) -> None:
        self.events.insert_events(rows)
        if self.announcer is not None:  # once committed: other replicas' streams need not wait for a poll
            self.announcer.announce(str(row.originator_id) for row in rows if row.topic != RECEIPT_TOPIC)

    def close(self) -> None:
        self.group_commit.close()
        if self.announcer is not None:
            self.announcer.close()
        self.factory.close()

    def ping(self) -> None:
        """Raises unless the store answers a read (the health probe: one indexed lookup of a
        stream that does not exist)."""
        self.events.select_events(PROBE_STREAM, limit=1)

    def create(self, game_id: str, secrets: Secrets) -> None:
        self.secrets_recorder.insert_events(
            [StoredEvent(game_id, 1, "tablerules:Secrets", canonical_json_of_plain(secrets.to_json()))]
        )

    def secrets(self, game_id: str) -> Secrets | None:
        rows = self.secrets_recorder.select_events(game_id, limit=1)
        return Secrets.from_json(orjson.loads(rows[0].state)) if rows else None

    def append(self, game_id: str, envelopes: Sequence[Envelope]) -> None:
        """Store envelopes and their commands' receipts atomically, or VersionConflict."""
        with _conflict_as_version_conflict():
            self.group_commit.write(self._rows(game_id, envelopes))

    async def append_async(self, game_id: str, envelopes: Sequence[Envelope]) -> None:
        """`append` for the event loop: it waits for the rows to be durable without holding a thread."""
        with _conflict_as_version_conflict():
            await asyncio.wrap_future(self.group_commit.enqueue(self._rows(game_id, envelopes)))

    @staticmethod
    def _rows(game_id: str, envelopes: Sequence[Envelope]) -> list[StoredEvent]:
        rows = [
            StoredEvent(game_id, e.seq, f"tablerules:{e.type}", canonical_json_of_plain(e.to_json()))
            for e in envelopes
        ]
        spans: dict[str, list[int]] = {}
        for envelope in envelopes:
            spans.setdefault(envelope.command_id, []).append(envelope.seq)
        for command_id, seqs in spans.items():
            receipt = {"game_id": game_id, "first": seqs[0], "last": seqs[-1]}
            rows.append(StoredEvent(_receipt_id(game_id, command_id), 1, RECEIPT_TOPIC,
                                    canonical_json_of_plain(receipt)))
        return rows

    def receipt(self, game_id: str, command_id: str) -> tuple[int, int] | None:
        """The seqs (first, last) a command id produced, if it was accepted."""
        rows = self.events.select_events(_receipt_id(game_id, command_id), limit=1)
        if not rows:
            return None
        data = orjson.loads(rows[0].state)
        return int(data["first"]), int(data["last"])

    def read(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Envelope]:
        return [Envelope.from_json(row) for row in self.read_rows(game_id, after, upto)]

    def read_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        """The stored envelopes as JSON objects, in whatever log format they were written."""
        return [orjson.loads(row.state) for row in self.events.select_events(game_id, gt=after, lte=upto)]

    def read_lines(self, game_id: str, after: int, upto: int, limit: int) -> list[bytes]:
        """At most `limit` stored envelopes with after < seq <= upto, as stored: each is its
        log line byte for byte (canonical JSON), so an export need not decode them."""
        if self.dialect is not None:  # a fifth of the library's cost a row: a 50,000-event log in 35 ms, not 170
            table: str = cast(Any, self.events).events_table_name
            return self.dialect.event_states(table, game_id, after, upto, limit)
        return [bytes(row.state) for row in self.events.select_events(game_id, gt=after, lte=upto, limit=limit)]

    def game_ids(self, page: int = 1000) -> Iterator[str]:
        """Every stored game, in the order they were created."""
        start = 1
        while True:
            found = self.events.select_notifications(start, page, topics=[f"tablerules:{GAME_CREATED}"])
            for notification in found:
                yield str(notification.originator_id)
            if len(found) < page:
                return
            start = found[-1].id + 1

    def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        body = {"version": snapshot.version, "last_hash": snapshot.last_hash, "finished": snapshot.finished,
                "state": snapshot.state, "contributions": to_plain(snapshot.contributions)}
        # Another replica may have taken the same snapshot: identical by construction.
        with contextlib.suppress(IntegrityError):
            self.snapshots.insert_events(
                [StoredEvent(game_id, snapshot.version, "tablerules:Snapshot", canonical_json(body))]
            )

    def latest_snapshot(self, game_id: str) -> Snapshot | None:
        rows = self.snapshots.select_events(game_id, desc=True, limit=1)
        if not rows:
            return None
        body = orjson.loads(rows[0].state)
        contributions = body.get("contributions")  # absent from snapshots taken before seat randomness existed
        return Snapshot(body["version"], body["last_hash"], body["finished"], body["state"],
                        None if contributions is None else from_plain(Contributions, contributions))
