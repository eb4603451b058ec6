"""Shared fixtures: a real gRPC server on a free loopback port, on each store, and random play."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from domain.kernel import parse_log
from service.config import Settings
from service.server import SERVICE_NAME, Running, start
from service.store import GameStore, upgrade_schema
from service.tables import Tables
from tablerules_client import Client
from tests.postgres import PostgresServer, postgres_server

OPERATOR = "operator-test-token"
STORES = ("sqlite", "postgres")
SERVER_FIXTURES = frozenset({"server", "client", "long_game", "storage_url"})
SERVER_MODULES = frozenset({"test_cli", "test_operations", "test_faults", "test_crash", "test_fuzz", "test_backup",
                            "test_client_guides", "test_long_games", "test_store", "test_schema", "test_migrate",
                            "test_limits"})
"""Modules whose tests start servers, command-line processes or fuzzers of their own."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each test by what it needs (pyproject.toml lists the markers): `make check` runs
    the rest, the quick inner loop; `make test` runs everything."""
    for item in items:
        module = item.path.stem
        fixtures = set(getattr(item, "fixturenames", ()))
        params = getattr(getattr(item, "callspec", None), "params", {})
        if module == "test_web_viewer":
            item.add_marker(pytest.mark.browser)
        if "postgres" in fixtures or "postgres_url" in fixtures or params.get("storage_url") == "postgres":
            item.add_marker(pytest.mark.postgres)
        if fixtures & SERVER_FIXTURES or module in SERVER_MODULES:
            item.add_marker(pytest.mark.server)


def serve(storage: str) -> Running:
    """A server as `tablerules serve` runs one, but for the snapshots' interval (shorter, so tests pass it)."""
    return start(Tables(GameStore(storage), OPERATOR, snapshot_every=50,
                        stream_interval=Settings().stream_interval_ms / 1000), "127.0.0.1", 0, workers=64)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the session; each test takes a database of its own."""
    with postgres_server() as server:
        yield server


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> Iterator[str]:
    """A database of its own on the session's PostgreSQL server, holding no games: its schema
    created, as an operator does before the first `tablerules serve` (`tablerules schema upgrade`)."""
    with postgres.database() as url:
        upgrade_schema(url)
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture(params=STORES)
def storage_url(request: pytest.FixtureRequest) -> str:
    """An empty store of each kind: the test runs once on SQLite, once on PostgreSQL
    (skipped where PostgreSQL is not installed)."""
    url: str = request.getfixturevalue(f"{request.param}_url")
    return url


@pytest.fixture
def server(storage_url: str) -> Iterator[Running]:
    running = serve(storage_url)
    yield running
    running.stop(0)


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}") as connected:
        yield connected


def eventually(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether `check` comes true within `seconds` (asked every 20 ms)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return True
        time.sleep(0.02)
    return check()


def health_status(port: int) -> int:
    """What the server's health service answers for tablerules (SERVING, NOT_SERVING)."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        request = health_pb2.HealthCheckRequest(service=SERVICE_NAME)
        status: int = health_pb2_grpc.HealthStub(channel).Check(request, timeout=5).status
        return status


def random_move(client: Client, game_id: str, tokens: dict[int, str],
                chooser: random.Random) -> tuple[int, Any, Any] | None:
    """A seat to act, its view and one of its legal commands, picked at random; None once the game ended."""
    status = client.view(game_id).status
    if status.finished:
        return None
    seat = chooser.choice(list(status.to_act))
    view: Any = client.view(game_id, tokens[seat])
    return seat, view, chooser.choice(list(view.legal_commands))


def play_randomly(client: Client, game_id: str, tokens: dict[int, str], seed: int,
                  max_commands: int = 5000, stop_unfinished: bool = False) -> int:
    """Play legal commands chosen at random until the game ends (or, with
    `stop_unfinished`, after `max_commands`); returns commands sent."""
    chooser = random.Random(seed)
    sent = 0
    while sent < max_commands:
        move = random_move(client, game_id, tokens, chooser)
        if move is None:
            return sent
        seat, view, picked = move
        client.seat(game_id, tokens[seat]).submit(picked, expected_version=view.version)
        sent += 1
    if stop_unfinished:
        return sent
    raise AssertionError(f"the game did not end within {max_commands} commands")


def command_boundary(log_jsonl: str, at_least: int) -> int:
    """The first position from `at_least` on where one command's events end (a fork point)."""
    envelopes = parse_log(log_jsonl.splitlines()).envelopes
    return next(n for n in range(at_least, len(envelopes)) if envelopes[n].command is not None)
