"""The store's schema (service/schema.py): created and upgraded by `tablerules schema
upgrade`, which is idempotent and says what it did; `tablerules serve` on PostgreSQL refuses
a database whose schema is missing, older or newer than the code's, naming the command to
run, while the SQLite file creates and upgrades its own; `tablerules schema status` reports
the version."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from service.schema import STEPS, TABLE, VERSION, SchemaError
from service.store import GameStore, is_shared, upgrade_schema
from tablerules_client import Client
from tests.conftest import play_randomly, serve
from tests.postgres import PostgresServer
from tools.cli import main


def execute(url: str, statement: str) -> None:
    """One statement on the store's database, as an operator's SQL client would run it."""
    if is_shared(url):
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(statement)
    else:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
            connection.execute(statement)


def schema_command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """`tablerules schema ...`: its exit status and what it printed."""
    code = main(["schema", *args])
    return code, capsys.readouterr().out


def test_a_fresh_postgresql_database_is_refused_by_serve_until_the_schema_step_runs(
        postgres: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with postgres.database() as url:
        env = {name: value for name, value in os.environ.items() if not name.startswith("TABLERULES_")}
        refused = subprocess.run([sys.executable, "-m", "tools.cli", "serve", "--port", "0", "--storage", url,
                                  "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=60, env=env)
        assert refused.returncode == 2, refused.stderr
        assert "no schema" in refused.stderr and "`tablerules schema upgrade`" in refused.stderr
        assert "serving on" not in refused.stdout

        assert schema_command(capsys, "status", "--storage", url) == (
            1, f"127.0.0.1:{postgres.port}/{url.rsplit('/', 1)[1]}: no schema (no tablerules tables); this "
               f"tablerules needs version {VERSION}\n")
        code, said = schema_command(capsys, "upgrade", "--storage", url)
        assert code == 0 and f"schema upgraded from version 0 to {VERSION}" in said
        assert all(f"applied version {step.version}: {step.description}" in said for step in STEPS)
        code, said = schema_command(capsys, "upgrade", "--storage", url)  # idempotent
        assert code == 0 and said.endswith(f"schema version {VERSION}, up to date; nothing to do\n")
        code, said = schema_command(capsys, "status", "--storage", url)
        assert code == 0 and f"schema version {VERSION}, up to date" in said and f"version {VERSION}, applied" in said

        running = serve(url)
        try:
            with Client(f"127.0.0.1:{running.port}") as client:
                assert client.create_game("armory", ["ann", "bob"]).version > 0
        finally:
            running.stop(0)


def test_a_store_made_before_schema_versions_keeps_its_games(storage_url: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """PostgreSQL's is refused until upgraded; the SQLite file upgrades itself as it is opened."""
    running = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 8})
            play_randomly(client, created.game_id, {s.seat: s.token for s in created.seats}, seed=1,
                          max_commands=20, stop_unfinished=True)
            version = client.view(created.game_id).version
    finally:
        running.stop(0)
    execute(storage_url, f"DROP TABLE {TABLE}")  # the library's tables alone, as releases before made them

    if is_shared(storage_url):
        with pytest.raises(SchemaError, match=r"no schema version recorded .* `tablerules schema upgrade`"):
            GameStore(storage_url)
        code, said = schema_command(capsys, "upgrade", "--storage", storage_url)
        assert code == 0 and f"schema upgraded from version 0 to {VERSION}" in said
    else:
        opened = GameStore(storage_url)
        opened.close()
        assert opened.schema_applied == STEPS
    running = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            assert client.view(created.game_id).version == version
    finally:
        running.stop(0)


def test_a_schema_newer_than_the_code_is_refused_by_serve_and_by_the_upgrade(
        storage_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    GameStore(storage_url).close()  # SQLite: the schema as the server makes it
    execute(storage_url, f"INSERT INTO {TABLE} (version, applied_at, description) "
                         f"VALUES ({VERSION + 1}, '2030-01-01T00:00:00+00:00', 'a later release')")
    for refused in (lambda: GameStore(storage_url), lambda: upgrade_schema(storage_url)):
        with pytest.raises(SchemaError, match=f"schema version {VERSION + 1}, newer than this tablerules knows"):
            refused()
    code, said = schema_command(capsys, "status", "--storage", storage_url)
    assert code == 1 and f"version {VERSION + 1}, applied 2030-01-01T00:00:00+00:00: a later release" in said


def test_the_sqlite_file_creates_its_schema_when_first_opened(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'data' / 'tablerules.db'}"
    assert schema_command(capsys, "status", "--storage", url)[0] == 1  # no file yet, and none made by asking
    assert not (tmp_path / "data").exists()
    first, again = GameStore(url), GameStore(url)
    first.close()
    again.close()
    assert (first.schema_applied, again.schema_applied) == (STEPS, ())
    code, said = schema_command(capsys, "status", "--storage", url)
    assert code == 0 and f"schema version {VERSION}, up to date" in said


def test_replicas_serve_with_a_role_that_may_only_read_and_write_the_rows(
        postgres: PostgresServer, capsys: pytest.CaptureFixture[str]) -> None:
    """The runbook's least privilege (docs/operations.md, "Database roles"): the owner makes
    the schema, and the replicas' role, granted rows and sequences by default privileges
    before the schema step, serves games (events, receipts, snapshots, notifications)
    without the right to create or change tables."""
    with postgres.database() as url:
        database = url.rsplit("/", 1)[1]
        role = f"replica_{database}"
        owner = psycopg.connect(url, autocommit=True)
        try:
            owner.execute(f"CREATE ROLE {role} LOGIN")
            owner.execute(f"GRANT CONNECT ON DATABASE {database} TO {role}")
            owner.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
            owner.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE "
                          f"ON TABLES TO {role}")
            owner.execute(f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO {role}")
            assert schema_command(capsys, "upgrade", "--storage", url)[0] == 0

            replica_url = url.replace("//tablerules@", f"//{role}@")
            with psycopg.connect(replica_url, autocommit=True) as replica, pytest.raises(
                    psycopg.errors.InsufficientPrivilege):
                replica.execute("CREATE TABLE not_allowed (x int)")
            running = serve(replica_url)  # snapshots every 50 events
            try:
                with Client(f"127.0.0.1:{running.port}") as client:
                    game = client.create_game("armory", ["ann", "bob"])
                    tokens = {grant.seat: grant.token for grant in game.seats}
                    assert play_randomly(client, game.game_id, tokens, seed=7, max_commands=60,
                                         stop_unfinished=True) == 60
            finally:
                running.stop(0)
            snapshots = owner.execute("SELECT count(*) FROM stored_snapshots").fetchone()
            assert snapshots is not None and snapshots[0] >= 1
        finally:
            owner.execute(f"DROP OWNED BY {role}")
            owner.execute(f"DROP ROLE {role}")
            owner.close()
