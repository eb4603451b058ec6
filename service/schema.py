"""A store's schema: its tables, created and upgraded by an explicit step, and the
version it stands at, recorded in a table of its own (`tablerules_schema`, a row per
version applied) for the server to read.

Who applies it depends on the store (`Policy`, docs/operations.md, "The store's schema"):
on PostgreSQL only `tablerules schema upgrade` does (and `tablerules migrate`, into the
new store it fills), and `tablerules serve` refuses a schema that is missing, older or
newer than this code's: replicas share the database, so a replica of a new release must
not change tables under replicas of the old one, and the schema changes when the
operator chooses. The SQLite file is the single-user default, which one server owns:
the server creates and upgrades its schema itself when it opens it, so that `make run`
works on a fresh machine. `memory:` has no schema.

Every step is idempotent (CREATE ... IF NOT EXISTS), so one interrupted before it was
recorded is simply run again.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

VERSION = 1
"""The schema this code reads and writes."""
TABLE = "tablerules_schema"
LIBRARY_TABLES = ("stored_events", "stored_secrets", "stored_snapshots")
"""The eventsourcing recorders' tables: games' events with the commands' receipts, seeds and
token hashes, snapshots."""
HOW = "run `tablerules schema upgrade` with the same --storage (or TABLERULES_STORAGE) first (docs/operations.md)"


class SchemaError(Exception):
    """The store's schema is not one this code may use as asked; the message says what to do."""


class Policy(enum.Enum):
    UPGRADE = "create or upgrade the schema to this code's version"
    CURRENT = "refuse a schema that is missing or not this code's version"
    EXISTING = "read a store of this or an earlier version as it is (`tablerules migrate`'s source)"


class Creates(Protocol):
    """A recorder of a store with tables (SQLite's, PostgreSQL's)."""

    def create_table(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Step:
    version: int
    description: str
    apply: Callable[[Sequence[Creates]], None]


def _library_tables(recorders: Sequence[Creates]) -> None:
    # As eventsourcing makes them: its recorders then find the tables, indexes, types and functions they expect.
    for recorder in recorders:
        recorder.create_table()


STEPS = (
    Step(1, "the eventsourcing 9.5 recorders' tables: stored_events (games' events and the commands' receipts), "
            "stored_secrets, stored_snapshots", _library_tables),
)
"""Version n is reached by the steps up to n, in order. A change of the tables (one of a later
eventsourcing release included) is a new step, never an edit of an applied one."""


@dataclass(frozen=True, slots=True)
class Applied:
    version: int
    applied_at: str
    description: str


@dataclass(frozen=True, slots=True)
class Status:
    version: int
    """The highest version applied; 0: none recorded."""
    history: tuple[Applied, ...]
    tables: tuple[str, ...]
    """The tables tablerules uses that the store holds."""

    def describe(self) -> str:
        needs = f"this tablerules needs version {VERSION}"
        if self.version == 0 and self.tables:
            return (f"tables {', '.join(self.tables)} but no schema version recorded (a store made before schema "
                    f"versions); {needs}")
        if self.version == 0:
            return f"no schema (no tablerules tables); {needs}"
        if self.version > VERSION:
            return f"schema version {self.version}, newer than this tablerules knows ({VERSION})"
        return f"schema version {self.version}, up to date" if self.version == VERSION else \
            f"schema version {self.version}; {needs}"

    def refusal(self, policy: Policy) -> str | None:
        """Why the store may not be used under `policy`, or None."""
        if self.version > VERSION:
            return f"{self.describe()}: use a release of tablerules that knows it (or a backup from before the upgrade)"
        if policy is Policy.CURRENT and self.version < VERSION:
            return f"{self.describe()}: {HOW}"
        if policy is Policy.EXISTING and not self.tables:
            return "it holds no tablerules tables"
        return None


class Dialect:
    """The few statements that differ between SQLite and PostgreSQL, run through the
    library's datastore (its pool and its error types)."""

    def __init__(self, datastore: Any, shared: bool) -> None:
        self.datastore = datastore
        if shared:  # PostgreSQL: the library's tables are in its schema (public unless configured)
            self.table = f'"{datastore.schema}".{TABLE}'
            self.list_tables = "SELECT tablename AS name FROM pg_tables WHERE schemaname = %s"
            self.list_arguments: tuple[str, ...] = (datastore.schema,)
            self.marker = "%s"
        else:
            self.table = TABLE
            self.list_tables = "SELECT name FROM sqlite_master WHERE type = 'table'"
            self.list_arguments = ()
            self.marker = "?"

    def status(self) -> Status:
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(self.list_tables, self.list_arguments)
            present = {row["name"] for row in cursor.fetchall()}
            history: tuple[Applied, ...] = ()
            if TABLE in present:
                cursor.execute(f"SELECT version, applied_at, description FROM {self.table} ORDER BY version")
                history = tuple(Applied(row["version"], row["applied_at"], row["description"])
                                for row in cursor.fetchall())
        return Status(max((applied.version for applied in history), default=0), history,
                      tuple(name for name in (*LIBRARY_TABLES, TABLE) if name in present))

    def event_states(self, table: str, game_id: str, after: int, upto: int, limit: int) -> list[bytes]:
        """The stored envelopes of a game with after < seq <= upto, at most `limit`, as their
        bytes: one query and no object per row, for a page of a long export."""
        marks = [self.marker] * 4
        where = f'"{self.datastore.schema}".{table}' if self.marker == "%s" else table
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(f"SELECT state FROM {where} WHERE originator_id = {marks[0]} AND originator_version > "
                           f"{marks[1]} AND originator_version <= {marks[2]} ORDER BY originator_version "
                           f"LIMIT {marks[3]}", (game_id, after, upto, limit))
            return [bytes(row["state"]) for row in cursor.fetchall()]

    def record(self, step: Step) -> None:
        marks = ", ".join([self.marker] * 3)
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {self.table} (version integer PRIMARY KEY, "
                           "applied_at text NOT NULL, description text NOT NULL)")
            # Two upgrades at once both apply the (idempotent) step; the first record stands.
            cursor.execute(f"INSERT INTO {self.table} (version, applied_at, description) VALUES ({marks}) "
                           "ON CONFLICT (version) DO NOTHING",
                           (step.version, datetime.now(UTC).isoformat(timespec="seconds"), step.description))


def prepare(dialect: Dialect, recorders: Sequence[Creates], policy: Policy) -> tuple[Step, ...]:
    """Check the store's schema under `policy` (SchemaError naming what to do) and, with
    Policy.UPGRADE, apply the steps it lacks; returns the steps applied."""
    status = dialect.status()
    refusal = status.refusal(policy)
    if refusal is not None:
        raise SchemaError(refusal)
    if policy is not Policy.UPGRADE:
        return ()
    missing = tuple(step for step in STEPS if step.version > status.version)
    for step in missing:
        step.apply(recorders)
        dialect.record(step)
    return missing
