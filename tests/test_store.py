"""The store (service/store.py), on SQLite and on PostgreSQL: appends that arrive
together share a transaction and each caller learns its own outcome; every stored
replay is kept whole; a database that fails is UNAVAILABLE to callers and leaves
their games where the store has them."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import grpc
import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent

from domain.games import REGISTRY
from domain.kernel import parse_log, verify
from service.server import start
from service.store import GameStore, GroupCommit
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client, ServiceCallError
from tests.conftest import OPERATOR, eventually, serve
from tests.stored_logs import CURRENT_LOGS


def rows(stream: str, *versions: int) -> list[StoredEvent]:
    return [StoredEvent(stream, v, "test:Row", b"{}") for v in versions]


def test_concurrent_appends_share_transactions_and_a_conflict_fails_only_its_own(storage_url: str) -> None:
    store = GameStore(storage_url)
    store.events.insert_events(rows("taken", 1))
    transactions: list[int] = []
    insert = store.events.insert_events

    def counted(batch: Sequence[StoredEvent]) -> object:
        transactions.append(len(batch))
        return insert(batch)

    group = GroupCommit(counted)
    start = threading.Barrier(17)
    failures: dict[str, Exception] = {}

    def writer(stream: str) -> None:
        start.wait()
        try:
            group.write(rows(stream, 1, 2))
        except Exception as problem:  # recorded for the assertions below
            failures[stream] = problem

    streams = [f"game-{n}" for n in range(16)]
    streams[7] = "taken"
    threads = [threading.Thread(target=writer, args=(stream,)) for stream in streams]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join(30)

    assert set(failures) == {"taken"} and isinstance(failures["taken"], IntegrityError)
    for stream in streams:
        expected = [1] if stream == "taken" else [1, 2]
        assert [e.originator_version for e in store.events.select_events(stream)] == expected
    assert max(transactions) > 2, "appends that waited together share a transaction"
    store.close()


def test_a_failing_database_fails_every_append_of_the_group() -> None:
    def broken(batch: Sequence[StoredEvent]) -> object:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        GroupCommit(broken).write(rows("g", 1))


def test_appends_queued_behind_a_write_that_met_an_outage_fail_with_it() -> None:
    """They would wait for the same database as long again (some 12 s on PostgreSQL)."""
    failing = threading.Event()
    inserts: list[int] = []

    def unreachable(batch: Sequence[StoredEvent]) -> object:
        inserts.append(len(batch))
        failing.wait(30)
        raise OperationalError("connection refused")

    group = GroupCommit(unreachable)
    failures: list[Exception] = []

    def writer(stream: str) -> None:
        try:
            group.write(rows(stream, 1))
        except OperationalError as problem:
            failures.append(problem)

    leader = threading.Thread(target=writer, args=("first",))
    leader.start()
    assert eventually(lambda: bool(inserts))
    queued = [threading.Thread(target=writer, args=(f"queued-{n}",)) for n in range(3)]
    for thread in queued:
        thread.start()
    assert eventually(lambda: len(group._queue) == 3)  # the three wait behind the leader's write
    failing.set()
    for thread in [leader, *queued]:
        thread.join(30)
    assert len(failures) == 4 and inserts == [1]


def test_an_append_given_up_before_it_was_taken_is_not_written() -> None:
    busy = threading.Event()
    written: list[str] = []

    def insert(batch: Sequence[StoredEvent]) -> object:
        busy.wait(30)
        written.extend(str(row.originator_id) for row in batch)
        return None

    group = GroupCommit(insert)
    first = group.enqueue(rows("first", 1))
    assert eventually(lambda: not group._queue)  # the writer took it and waits in insert
    given_up, kept = group.enqueue(rows("given-up", 1)), group.enqueue(rows("kept", 1))
    assert given_up.cancel()
    busy.set()
    first.result(30)
    kept.result(30)
    group.close()
    assert written == ["first", "kept"]


def test_every_stored_replay_is_kept_whole_and_served_again_after_a_restart(storage_url: str) -> None:
    """Each game's log goes in through ImportLog (every event type of every ruleset) and
    comes out identical; a restarted server loads each from its snapshot and shows the
    position the import left."""
    texts = {path: path.read_text(encoding="utf-8") for path in CURRENT_LOGS}
    first = serve(storage_url)
    with Client(f"127.0.0.1:{first.port}") as client:
        stored = {path: client.import_log(text).game_id for path, text in texts.items()}
        imported = {path: client.view(game_id) for path, game_id in stored.items()}
    first.stop(0)
    second = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{second.port}", token=OPERATOR) as client:
            for path, game_id in stored.items():
                assert second.tables.store.latest_snapshot(game_id) is not None, path
                assert client.view(game_id) == imported[path], path
                assert client.export_log(game_id) == texts[path], path
    finally:
        second.stop(0)


class FailingInserts(GameStore):
    """A store whose writes fail as they do while the database is out of reach, when a test says so."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.down = False

    def _insert(self, rows: Sequence[StoredEvent]) -> None:
        if self.down:
            raise OperationalError("connection refused (the test's outage)")
        super()._insert(rows)


def test_a_failed_write_is_unavailable_and_leaves_the_game_as_stored(storage_url: str) -> None:
    """The caller is told to retry with the same command_id, never INTERNAL; the live
    game does not move ahead of its store, so the retry is decided afresh and the log
    holds it once."""
    store = FailingInserts(storage_url)
    running = start(Tables(store, OPERATOR), "127.0.0.1", 0, workers=8)
    try:
        with Client(f"127.0.0.1:{running.port}", token=OPERATOR) as client:
            created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 12}, seed="outage")
            game_id, tokens = created.game_id, {s.seat: s.token for s in created.seats}
            seat = client.view(game_id).status.to_act[0]
            before = client.view(game_id, tokens[seat])
            me = client.seat(game_id, tokens[seat])
            store.down = True
            with pytest.raises(ServiceCallError) as refused:
                me.submit(before.legal_commands[0], command_id="during", expected_version=before.version, retries=0)
            assert refused.value.code == grpc.StatusCode.UNAVAILABLE
            assert "retry with the same command_id" in refused.value.message, refused.value.message
            after = client.view(game_id, tokens[seat])
            assert (after.version, after.view_json) == (before.version, before.view_json)
            store.down = False
            accepted = me.submit(before.legal_commands[0], command_id="during", expected_version=before.version,
                                 retries=0)
            assert not accepted.duplicate and accepted.version > before.version
            log = parse_log(client.export_log(game_id).splitlines())
            assert [e.hash for e in log.envelopes[before.version:]] == [e.hash for e in accepted.events]
            assert verify(REGISTRY["armory"], log).ok
    finally:
        running.stop(0)


class SlowInserts(GameStore):
    """A store whose writes take a while, when a test says so."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.delay = 0.0

    def _insert(self, rows: Sequence[StoredEvent]) -> None:
        time.sleep(self.delay)
        super()._insert(rows)


def test_a_command_whose_caller_leaves_is_stored_once_and_a_retry_gets_its_result(storage_url: str) -> None:
    """The caller's deadline passes while the command's events are being written: the
    command is not stopped half way (the live game and the store agree), and the retry
    with the same command id is told it was accepted, with the same events."""
    store = SlowInserts(storage_url)
    running = start(Tables(store, OPERATOR), "127.0.0.1", 0, workers=8)
    address = f"127.0.0.1:{running.port}"
    try:
        with Client(address, token=OPERATOR) as client, grpc.insecure_channel(address) as channel:
            created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 12}, seed="leaves")
            game_id, tokens = created.game_id, {s.seat: s.token for s in created.seats}
            seat = client.view(game_id).status.to_act[0]
            before = client.view(game_id, tokens[seat])
            request = pb.SubmitCommandRequest(game_id=game_id, command_id="left", expected_version=before.version)
            request.command.CopyFrom(before.legal_commands[0])
            metadata = (("authorization", f"Bearer {tokens[seat]}"),)
            store.delay = 1.0
            with pytest.raises(grpc.RpcError) as left:
                pb_grpc.TablerulesStub(channel).SubmitCommand(request, metadata=metadata, timeout=0.2)
            assert left.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            store.delay = 0.0
            assert eventually(lambda: client.view(game_id).version > before.version)
            again = client.seat(game_id, tokens[seat]).submit(before.legal_commands[0], command_id="left",
                                                               expected_version=before.version)
            log = parse_log(client.export_log(game_id).splitlines())
            assert again.duplicate and again.version == len(log.envelopes) == client.view(game_id).version
            assert [e.hash for e in log.envelopes[before.version:]] == [e.hash for e in again.events]
            assert verify(REGISTRY["armory"], log).ok
    finally:
        running.stop(0)
