"""A long game starves nobody (issue 27, "A long finished game starves everyone"):

- exports and stream catch-ups are read from the store a page at a time, converted in
  turns (service/heavy.py) in worker processes for a long game, on a thread for a short
  one, never on the event loop, and they stay byte for byte what they were: the same
  log, the same messages, the same batches;
- heavy work beyond its turns and waiting places is refused with RESOURCE_EXHAUSTED;
- a game stops at the operator's --max-game-events, with RESOURCE_EXHAUSTED naming the
  setting, never a winner; no longer log is imported or forked.

The commands' p99 while 16 callers export and catch up is the bench's row
`long_game` (bench/run.py), not a timed test.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from domain.games import REGISTRY
from domain.kernel import Header, Log
from service import encoded, pages
from service.auth import Viewer
from service.config import Settings
from service.encoded import batches, converted
from service.errors import ResourceExhausted
from service.heavy import HeavyWork
from service.seen import seen_by
from service.server import Running, start
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules_client import Client, ServiceCallError
from tests.conftest import OPERATOR, command_boundary

LONG = Path(__file__).resolve().parent.parent / "replays" / "armory" / "2p-r11c-option-win.jsonl"
SERVICE = "/tablerules.v1.Tablerules/"


def serve_long(storage: str, **settings: Any) -> Running:
    return start(Tables(GameStore(storage), OPERATOR, **settings), "127.0.0.1", 0, workers=16)


@pytest.fixture
def long_game(storage_url: str) -> Iterator[tuple[Running, str, str]]:
    """A server on each store holding a finished game of some 1,850 events (imported), and a
    fork of it still to be played (about 1,000 events); their ids."""
    running = serve_long(storage_url)
    text = LONG.read_text(encoding="utf-8")
    with Client(f"127.0.0.1:{running.port}") as client:
        finished = client.import_log(text).game_id
        unfinished = client.fork(command_boundary(text, 1000), log_jsonl=text).game_id
    yield running, finished, unfinished
    running.stop(0)


def raw(channel: grpc.Channel, method: str, request: Any, token: str | None = None) -> list[bytes]:
    """A call's messages as the server encoded them."""
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    if method in ("ExportLog",):
        call = channel.unary_unary(SERVICE + method, request_serializer=type(request).SerializeToString)
        return [call(request, metadata=metadata, timeout=60)]
    streamed = channel.unary_stream(SERVICE + method, request_serializer=type(request).SerializeToString)
    return list(streamed(request, metadata=metadata, timeout=60))


def stored_log(running: Running, game_id: str, seed: str | None) -> str:
    """The log as ExportLog built it before: every stored envelope decoded, then encoded anew."""
    envelopes = tuple(running.tables.store.read(game_id))
    return Log(header=Header.from_created(envelopes[0].payload, seed=seed), envelopes=envelopes).text()


def test_exports_and_catch_ups_of_a_long_game_are_byte_for_byte_what_they_were(
        long_game: tuple[Running, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Read in pages by the heavy-work processes (the games are longer than SMALL_WORK)."""
    running, finished, unfinished = long_game
    store = running.tables.store
    secrets = store.secrets(unfinished)
    assert secrets is not None
    exports = [(finished, None, stored_log(running, finished, None)),
               (unfinished, OPERATOR, stored_log(running, unfinished, secrets.seed))]
    # A spectator's catch-up of the finished game (an imported game has no seats; a seat's follows).
    game = REGISTRY["armory"]
    monkeypatch.setattr(encoded, "MAX_BATCH_BYTES", 20_000)
    monkeypatch.setattr(pages, "EXPORT_PAGE", 300)
    logged = store.read(finished)
    seats = tuple(logged[0].payload["seats"])
    expected = batches([converted(finished, game, seen_by(game, seats, e, Viewer())) for e in logged])
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        for game_id, token, text in exports:
            request = pb.ExportLogRequest(game_id=game_id)
            whole = raw(channel, "ExportLog", request, token)
            assert whole == [pb.ExportLogResponse(log_jsonl=text, includes_seed=token is not None).SerializeToString()]
            chunks = [pb.LogChunk.FromString(data) for data in raw(channel, "ExportLogChunks", request, token)]
            assert "".join(c.log_jsonl for c in chunks) == text
            assert [c.log_jsonl.count("\n") for c in chunks[:-1]] == [301] + [300] * (len(chunks) - 2), "a page each"
            assert all(c.log_jsonl.endswith("\n") and c.includes_seed == (token is not None) for c in chunks)
        stream = pb.StreamEventsRequest(game_id=finished, from_version=0)
        sent = raw(channel, "StreamEventBatches", stream)
        assert len(sent) > 3 and sent == expected, "the same batches, split where they were"
        singly = [pb.EventEnvelope.FromString(m) for m in raw(channel, "StreamEvents", stream)]
        assert singly == [e for batch in expected for e in pb.EventBatch.FromString(batch).events]
    assert running.tables.heavy._processes is not None, "a long game's pieces ran in a worker process"


def test_a_seats_catch_up_of_a_long_game_is_its_own_view_in_the_same_batches(
        long_game: tuple[Running, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A short game's catch-up runs on a thread of the server, reading the store a page at a time."""
    running, _, _ = long_game
    monkeypatch.setattr(encoded, "MAX_BATCH_BYTES", 50_000)
    text = LONG.read_text(encoding="utf-8")
    with Client(f"127.0.0.1:{running.port}") as client:
        fork = client.fork(command_boundary(text, 700), log_jsonl=text)
    token = {s.seat: s.token for s in fork.seats}[1]
    game = REGISTRY["armory"]
    store = running.tables.store
    logged = store.read(fork.game_id)
    seats = tuple(logged[0].payload["seats"])
    expected = batches([converted(fork.game_id, game, seen_by(game, seats, e, Viewer(seat=1))) for e in logged])
    read: list[int] = []
    reading = store.read

    def spied(game_id: str, after: int = 0, upto: int | None = None) -> Any:
        if upto is not None:  # (on PostgreSQL a read with none folds in other replicas' appends)
            read.append(upto - after)
        return reading(game_id, after, upto)

    monkeypatch.setattr(store, "read", spied)
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        call = channel.unary_stream(SERVICE + "StreamEventBatches",
                                    request_serializer=pb.StreamEventsRequest.SerializeToString)
        stream = call(pb.StreamEventsRequest(game_id=fork.game_id, from_version=0),
                      metadata=(("authorization", f"Bearer {token}"),), timeout=60)
        received = [next(stream) for _ in expected]  # the game goes on: the stream stays open
        stream.cancel()
    assert received == expected and any(e.redacted for b in received for e in pb.EventBatch.FromString(b).events)
    assert len(read) > 1 and max(read) <= pages.CATCH_UP_PAGE, "every read of the store is one page"


# -- turns of heavy work -------------------------------------------------------------------


def test_heavy_work_admits_so_many_calls_and_runs_their_pieces_in_turns() -> None:
    async def scenario() -> None:
        heavy = HeavyWork(running=1, waiting=2)
        heavy.attach(GameStore("memory:"))
        first, whole = heavy.admit(), heavy.admit(whole=True)
        with pytest.raises(ResourceExhausted, match=r"already sending 1 whole logs.*ExportLogChunks"):
            heavy.admit(whole=True)
        third = heavy.admit()
        with pytest.raises(ResourceExhausted, match=r"TABLERULES_HEAVY_CALLS \+ TABLERULES_HEAVY_WAITING: 1 \+ 2"):
            heavy.admit()
        whole()
        whole()  # a second release does nothing
        assert heavy.calls == 2
        heavy.admit(whole=True)()  # a whole log's place is free again
        release = threading.Event()
        at_once, most, order = [0], [0], []

        def work(store: GameStore, name: str) -> str:
            at_once[0] += 1
            most[0] = max(most[0], at_once[0])
            order.append(name)
            release.wait(10)
            at_once[0] -= 1
            return name

        pieces = [asyncio.ensure_future(heavy.run(work, name)) for name in ("one", "two", "leaves", "three")]
        await asyncio.sleep(0.05)
        assert heavy.busy == 1 and heavy.queued == 3
        pieces[2].cancel()
        release.set()
        assert [await pieces[n] for n in (0, 1, 3)] == ["one", "two", "three"]
        assert most[0] == 1 and order == ["one", "two", "three"], "one at a time, in turn"
        assert pieces[2].cancelled() and heavy.busy == 0 and heavy.queued == 0
        first()
        third()
        assert heavy.calls == 0

    asyncio.run(scenario())


def test_exports_and_catch_ups_beyond_the_servers_turns_are_refused_and_commands_go_on(
        long_game: tuple[Running, str, str]) -> None:
    running, finished, _ = long_game
    running.tables.heavy.close()
    running.tables.heavy = HeavyWork(running=1, waiting=0)
    running.tables.heavy.attach(running.tables.store)

    async def admitted() -> Any:
        return running.tables.heavy.admit()

    release = asyncio.run_coroutine_threadsafe(admitted(), running.loop).result(10)  # another call under way
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            for call in (lambda: client.export_log(finished), lambda: list(client.stream(finished, 0)),
                         lambda: client.verify_log(game_id=finished)):
                with pytest.raises(ServiceCallError) as refused:
                    call()
                assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert "TABLERULES_HEAVY_CALLS" in refused.value.message
            view = client.view(finished)
            events = list(client.stream(finished, view.version - 3))  # from memory: no turn needed
            assert [e.seq for e in events] == [view.version - 2, view.version - 1, view.version]
    finally:
        running.loop.call_soon_threadsafe(release)
    with Client(f"127.0.0.1:{running.port}") as client:
        assert client.export_log(finished).count("\n") == client.view(finished).version + 1


# -- the longest game --------------------------------------------------------------------


def test_a_game_at_the_operators_maximum_takes_no_more_commands_and_no_longer_log_is_adopted(
        sqlite_url: str, tmp_path: Path) -> None:
    """Off the rules' path: RESOURCE_EXHAUSTED naming the setting, no winner; the game's
    log moves to a server that allows more, where it goes on."""
    assert Settings.from_env({"TABLERULES_MAX_GAME_EVENTS": "800"}).max_game_events == 800
    text = LONG.read_text(encoding="utf-8")
    at = command_boundary(text, 700)
    running = serve_long(sqlite_url, max_game_events=at + 20)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            forked = client.fork(at, log_jsonl=text)
            tokens = {s.seat: s.token for s in forked.seats}
            last: tuple[int, Any, str] | None = None
            for _ in range(200):
                view = client.view(forked.game_id)
                if view.version >= at + 20:
                    break
                seat = view.status.to_act[0]
                last = seat, client.view(forked.game_id, tokens[seat]).legal_commands[0], f"move-{view.version}"
                client.seat(forked.game_id, tokens[seat]).submit(last[1], command_id=last[2])
            reached = client.view(forked.game_id)
            seat = reached.status.to_act[0]
            seat_view = client.view(forked.game_id, tokens[seat])
            with pytest.raises(ServiceCallError) as refused:
                client.seat(forked.game_id, tokens[seat]).submit(seat_view.legal_commands[0])
            assert refused.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "TABLERULES_MAX_GAME_EVENTS" in refused.value.message and str(at + 20) in refused.value.message
            assert not reached.status.finished and not reached.status.winners, "the limit decides no winner"
            assert last is not None
            retried = client.seat(forked.game_id, tokens[last[0]]).submit(last[1], command_id=last[2])
            assert retried.duplicate, "the retry of the command that reached the limit gets its first result"
            assert client.view(forked.game_id).version == reached.version
            exported = client.export_log(forked.game_id, OPERATOR)
            with pytest.raises(ServiceCallError) as too_long:
                client.import_log(exported)
            assert too_long.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
            with pytest.raises(ServiceCallError) as too_long:
                client.fork(command_boundary(text, at + 40), log_jsonl=text)
            assert "TABLERULES_MAX_GAME_EVENTS" in too_long.value.message
    finally:
        running.stop(0)
    elsewhere = serve_long(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    try:
        with Client(f"127.0.0.1:{elsewhere.port}") as client:
            moved = client.import_log(exported)
            assert moved.version == reached.version and not moved.finished
            tokens = {s.seat: s.token for s in moved.seats}
            seat = client.view(moved.game_id).status.to_act[0]
            client.seat(moved.game_id, tokens[seat]).submit(client.view(moved.game_id, tokens[seat]).legal_commands[0])
            assert client.view(moved.game_id).version > reached.version
    finally:
        elsewhere.stop(0)
