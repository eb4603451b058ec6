"""Backups and restores as docs/operations.md ("Backups and restores") tells an operator
to make them: PostgreSQL's point-in-time recovery (a base backup, WAL archiving, recovery
to a time between two sets of commands) and its logical copy (pg_dump, pg_restore), and an
online copy of the SQLite file. Each restored store serves every game at the version it
had at that time, with a log that verifies."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest

from domain.games import REGISTRY
from domain.kernel import parse_log, verify
from service.schema import VERSION
from service.store import schema_status, upgrade_schema
from tablerules_client import Client
from tests.conftest import OPERATOR, eventually, play_randomly, serve
from tests.postgres import PostgresServer, postgres_server

GAMES = 3
COMMANDS = 4
"""Commands played in each game between two points of the test."""

Tables = dict[str, dict[int, str]]
"""Each game's seat tokens, by game id."""


@pytest.fixture(scope="module")
def archiving() -> Iterator[tuple[PostgresServer, Path]]:
    """A PostgreSQL server of this module's own that archives its WAL, and the archive."""
    # fsync off (this server and the restored copy of it): on a busy disk the backup's and the restored
    # server's syncs of every file took some 8 s of the test, and a throwaway server needs neither.
    with postgres_server({"fsync": "off"}) as server:
        archive = server.directory("archive")
        server.configure({"archive_mode": "on", "archive_command": f"test ! -f {archive}/%f && cp %p {archive}/%f"})
        server.stop()  # archive_mode is read at start
        server.start()
        yield server, archive


def one(connection: psycopg.Connection[tuple[Any, ...]], query: str) -> Any:
    """The first column of the query's one row."""
    row = connection.execute(query).fetchone()
    assert row is not None, query
    return row[0]


def new_games(url: str) -> Tables:
    running = serve(url)
    try:
        with Client(f"127.0.0.1:{running.port}", token=OPERATOR) as client:
            made = [client.create_game("armory", ["ann", "bob"], {"turn_limit": 40}) for _ in range(GAMES)]
    finally:
        running.stop(0)
    return {created.game_id: {s.seat: s.token for s in created.seats} for created in made}


def play(url: str, tables: Tables, seed: int) -> dict[str, int]:
    """A few commands in every game; returns each game's version afterwards."""
    running = serve(url)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            for n, (game_id, tokens) in enumerate(sorted(tables.items())):
                play_randomly(client, game_id, tokens, seed + n, max_commands=COMMANDS, stop_unfinished=True)
            return {game_id: client.view(game_id).version for game_id in tables}
    finally:
        running.stop(0)


def served_versions(url: str, game_ids: Sequence[str]) -> dict[str, int]:
    """Each game's version as a server on the restored store answers it, after checking that
    the operator's export of it verifies (`tablerules export`, then `tablerules verify`)."""
    running = serve(url)
    try:
        with Client(f"127.0.0.1:{running.port}", token=OPERATOR) as client:
            for game_id in game_ids:
                report = verify(REGISTRY["armory"], parse_log(client.export_log(game_id).splitlines()))
                assert report.verdict == "VERIFIED", report
            return {game_id: client.view(game_id).version for game_id in game_ids}
    finally:
        running.stop(0)


def test_point_in_time_recovery_serves_every_game_as_it_stood_at_that_time(
        archiving: tuple[PostgresServer, Path]) -> None:
    server, archive = archiving
    with server.database() as url:
        upgrade_schema(url)
        tables = new_games(url)
        play(url, tables, seed=1)
        base = server.scratch / "base"
        server.run("pg_basebackup", "-h", "127.0.0.1", "-p", str(server.port), "-U", "tablerules", "-D", str(base),
                   "--checkpoint=fast", "--wal-method=stream", "--no-sync")
        at_target = play(url, tables, seed=2)
        with psycopg.connect(url, autocommit=True) as connection:
            target = one(connection, "SELECT clock_timestamp()")
            later = play(url, tables, seed=3)
            assert all(later[game_id] > at_target[game_id] for game_id in tables), "nothing was played after the target"
            # The segment holding the later commits goes to the archive now, not when it fills up.
            switched = one(connection, "SELECT pg_walfile_name(pg_switch_wal())")
            assert eventually(lambda: (one(connection, "SELECT last_archived_wal FROM pg_stat_archiver") or "")
                              >= switched)

        restored = server.on_data(base)
        restored.configure({"restore_command": f"cp {archive}/%f %p", "recovery_target_time": target.isoformat(),
                            "recovery_target_action": "promote", "archive_mode": "off"})
        (base / "recovery.signal").touch()
        restored.start()
        try:
            restored_url = restored.url_of(url.rsplit("/", 1)[1])
            with psycopg.connect(restored_url, autocommit=True) as connection:
                assert eventually(lambda: not one(connection, "SELECT pg_is_in_recovery()"))
            assert schema_status(restored_url).version == VERSION
            assert served_versions(restored_url, sorted(tables)) == at_target
            assert play(restored_url, tables, seed=4) != at_target  # promoted: the games go on from there
        finally:
            restored.pg_ctl("-m", "immediate", "stop", check=False)
        assert "recovery stopping before commit" in restored.log.read_text()


def test_a_logical_copy_restores_every_game_and_the_schema(archiving: tuple[PostgresServer, Path]) -> None:
    server, _ = archiving
    dump = server.scratch / "tablerules.dump"
    with server.database() as url:
        upgrade_schema(url)
        tables = new_games(url)
        versions = play(url, tables, seed=5)
        server.run("pg_dump", "--format=custom", f"--file={dump}", url)
        with server.database() as copy:
            server.run("pg_restore", "--no-owner", f"--dbname={copy}", str(dump))
            assert schema_status(copy).version == VERSION
            assert served_versions(copy, sorted(tables)) == versions


def test_an_online_copy_of_the_sqlite_file_serves_every_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tablerules.db'}"
    tables = new_games(url)
    running = serve(url)  # the copy is taken while a server holds the file, its WAL not yet checkpointed
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            chooser = random.Random(6)
            for game_id, tokens in sorted(tables.items()):
                play_randomly(client, game_id, tokens, chooser.randrange(1000), max_commands=COMMANDS,
                              stop_unfinished=True)
            versions = {game_id: client.view(game_id).version for game_id in tables}
            with sqlite3.connect(tmp_path / "tablerules.db") as source:
                source.execute(f"VACUUM INTO '{tmp_path / 'copy.db'}'")
    finally:
        running.stop(0)
    assert served_versions(f"sqlite:///{tmp_path / 'copy.db'}", sorted(tables)) == versions
