"""PostgreSQL as the shared store of several service replicas."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any, cast

import psycopg
import pytest
from eventsourcing.persistence import OperationalError

from service.changes import Announcer, Listener
from service.outages import is_outage
from service.server import Running, start
from service.store import POSTGRES_WAIT_SECONDS, GameStore
from service.tables import Tables
from tablerules_client import Client, RuleError, ServiceCallError, StaleVersionError
from tests.conftest import OPERATOR, serve


@pytest.fixture
def replicas(postgres_url: str) -> Iterator[tuple[Running, Running]]:
    first, second = serve(postgres_url), serve(postgres_url)
    yield first, second
    first.stop(0)
    second.stop(0)


def test_two_replicas_share_games_and_settle_races(replicas: tuple[Running, Running]) -> None:
    a, b = (Client(f"127.0.0.1:{r.port}") for r in replicas)
    created = a.create_game("armory", ["ann", "bob"], {"turn_limit": 8}, seed="pg", token=OPERATOR)
    game_id = created.game_id
    tokens = {s.seat: s.token for s in created.seats}
    streamed: list[int] = []

    def watch() -> None:
        with Client(f"127.0.0.1:{replicas[1].port}") as watcher:
            for envelope in watcher.stream(game_id, 0, tokens[2]):
                streamed.append(envelope.seq)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    moves = 0
    while not a.view(game_id).status.finished and moves < 3000:
        here, there = (a, b) if moves % 2 else (b, a)
        outcomes = race(here, there, game_id, tokens, f"m{moves}")
        assert outcomes.count("won") == 1, outcomes
        moves += 1
    final = b.view(game_id)
    assert final.status.finished
    watcher.join(30)
    assert streamed == list(range(1, final.version + 1))
    assert b.verify_log(log_jsonl=a.export_log(game_id, OPERATOR)).ok


def test_a_retry_through_another_replica_gets_the_first_reply(replicas: tuple[Running, Running]) -> None:
    """Replica B holds the game from before A took the command: the retry, with or without
    the version it was decided at, finds A's receipt and answers A's reply."""
    with Client(f"127.0.0.1:{replicas[0].port}") as a, Client(f"127.0.0.1:{replicas[1].port}") as b:
        created = a.create_game("armory", ["ann", "bob"], {"turn_limit": 8}, seed="retry", token=OPERATOR)
        game_id, tokens = created.game_id, {s.seat: s.token for s in created.seats}
        seat = b.view(game_id).status.to_act[0]
        view = b.view(game_id, tokens[seat])
        first = a.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="once",
                                                     expected_version=view.version)
        for expected in (view.version, None):
            again = b.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="once",
                                                         expected_version=expected)
            assert again.duplicate and again.version == first.version
            assert [e.hash for e in again.events] == [e.hash for e in first.events]
        assert b.view(game_id).version == a.view(game_id).version == first.version


def race(here: Client, there: Client, game_id: str, tokens: dict[int, str], label: str) -> list[str]:
    """Two replicas submit different legal commands at the same expected version."""
    seat = here.view(game_id).status.to_act[0]
    view = here.view(game_id, tokens[seat])
    legal = list(view.legal_commands)
    outcomes: list[str] = []

    def submit(client: Client, index: int) -> None:
        try:
            client.seat(game_id, tokens[seat]).submit(legal[index % len(legal)], command_id=f"{label}-{index}",
                                                      expected_version=view.version)
            outcomes.append("won")
        except (StaleVersionError, RuleError):
            outcomes.append("lost")

    racers = [threading.Thread(target=submit, args=(c, i)) for i, c in enumerate((here, there))]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    return outcomes


def test_a_stream_on_one_replica_hears_another_replicas_commands_without_waiting_for_a_poll(
        postgres_url: str) -> None:
    # A poll this slow cannot deliver within the wait below: only the replicas' announcements can.
    a, b = (start(Tables(GameStore(postgres_url), OPERATOR, poll_seconds=300), "127.0.0.1", 0, workers=8)
            for _ in range(2))
    try:
        with Client(f"127.0.0.1:{a.port}") as on_a, Client(f"127.0.0.1:{b.port}") as on_b:
            created = on_a.create_game("armory", ["ann", "bob"], seed="push", token=OPERATOR)
            tokens = {s.seat: s.token for s in created.seats}
            heard: queue.Queue[int] = queue.Queue()

            def watch() -> None:
                with contextlib.suppress(ServiceCallError):  # the channel closes at the end
                    for envelope in on_b.stream(created.game_id, 0, tokens[1]):
                        heard.put(envelope.seq)

            threading.Thread(target=watch, daemon=True).start()
            version = on_a.view(created.game_id).version
            assert drain_until(heard, version) == version
            for round_ in range(6):
                if round_ == 3:  # the listeners lose their connections: they reconnect and look again
                    with psycopg.connect(postgres_url, autocommit=True) as admin:
                        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
                seat = on_a.view(created.game_id).status.to_act[0]
                view = on_a.view(created.game_id, tokens[seat])
                on_a.seat(created.game_id, tokens[seat]).submit(view.legal_commands[0], expected_version=view.version)
                version = on_a.view(created.game_id).version
                assert drain_until(heard, version) == version  # pushed by replica A's announcement
    finally:
        a.stop(0)
        b.stop(0)


def drain_until(heard: queue.Queue[int], version: int, seconds: float = 20.0) -> int:
    """The highest seq heard once `version` is reached, or when `seconds` have passed."""
    deadline = time.monotonic() + seconds
    last = 0
    while last < version and time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):
            last = max(last, heard.get(timeout=max(0.01, deadline - time.monotonic())))
    return last


def test_a_listener_goes_on_listening_when_looking_again_fails(postgres_url: str) -> None:
    """After a reconnection the listener looks at every live game again; while the store is
    still coming back that look fails, and the listener must not stop with it."""
    heard: queue.Queue[str] = queue.Queue()
    looked = threading.Event()

    def look_again() -> None:
        looked.set()
        raise OperationalError("the store is still coming back")

    listener = Listener(postgres_url, "this-replica", heard.put, look_again, POSTGRES_WAIT_SECONDS)
    announcer = Announcer(postgres_url, POSTGRES_WAIT_SECONDS)
    try:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            for _ in range(200):  # until the listener is listening, and so loses its connection
                ended = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                                      "datname = current_database() AND query LIKE 'LISTEN%'").fetchone()
                if looked.wait(0.05) or (ended and ended[0]):
                    break
        assert looked.wait(20)
        announcer.announce(["some-game"])
        assert heard.get(timeout=20) == "some-game"
    finally:
        announcer.close()
        listener.stop()


def test_a_session_the_database_ended_is_an_outage(postgres_url: str) -> None:
    """A database paused in the middle of a command's transaction ends that session as it wakes
    (idle_in_transaction_session_timeout, which the library sets to 5 s), and psycopg files
    that under InternalError: the call is an outage (UNAVAILABLE: retry), not a defect (INTERNAL)."""
    store = GameStore(postgres_url)
    datastore = cast(Any, store.factory).datastore
    try:
        with pytest.raises(Exception) as ended, datastore.get_connection() as connection, connection.transaction():
            connection.execute("SET LOCAL idle_in_transaction_session_timeout = '50ms'")
            time.sleep(0.5)
            connection.execute("SELECT 1")
        assert is_outage(ended.value), repr(ended.value)
    finally:
        store.close()
