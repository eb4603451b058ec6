"""The Python client's own behaviour: command building, typed errors and retries."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from service.server import SERVICE, Running
from tablerules.v1 import tablerules_pb2 as pb
from tablerules_client import Client, RetryPolicy, RuleError, ServiceCallError, command, command_json
from tests.conftest import server, sqlite_url

__all__ = ["server", "sqlite_url"]  # the service's fixtures, used below


@pytest.fixture
def storage_url(sqlite_url: str) -> str:
    """One store: the client's behaviour is the subject here, not the store's."""
    return sqlite_url


def test_command_round_trips_through_plain_values() -> None:
    built = command("armory", "PlaceArmament", card="1.07", combatant="archer")
    assert command_json(built) == {"type": "PlaceArmament", "card": "1.07", "combatant": "archer"}
    assert command_json(command("armory", "Pass")) == {"type": "Pass"}


def test_command_refuses_unknown_fields() -> None:
    with pytest.raises(Exception, match="no_such_field"):
        command("armory", "Trade", no_such_field=1)


def test_rule_errors_carry_the_rule(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}") as client:
        created = client.create_game("armory", ["a", "b"])
        tokens = {s.seat: s.token for s in created.seats}
        idle = next(s for s in tokens if s not in client.view(created.game_id).status.to_act)
        with pytest.raises(RuleError) as refused:
            client.seat(created.game_id, tokens[idle]).submit(command("armory", "OpenForAttack"))
        assert refused.value.rule.startswith("armory R") and refused.value.description


def test_unreachable_server_is_a_clear_error() -> None:
    with Client("127.0.0.1:1") as client, pytest.raises(ServiceCallError) as failed:
        client.call("ListRulesets", pb.ListRulesetsRequest(), timeout=2)
    assert failed.value.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)


def older_events(request: pb.StreamEventsRequest, context: grpc.ServicerContext) -> Iterator[pb.EventEnvelope]:
    """StreamEvents of a server from before StreamEventBatches: the events up to version 3, one a message."""
    for seq in range(request.from_version + 1, 4):
        yield pb.EventEnvelope(game_id=request.game_id, seq=seq)


def test_a_stream_from_an_older_server_takes_one_event_a_message() -> None:
    older = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    streams = grpc.unary_stream_rpc_method_handler(older_events, pb.StreamEventsRequest.FromString,
                                                   pb.EventEnvelope.SerializeToString)
    # Its only method: gRPC answers any other UNIMPLEMENTED, as an older server answers StreamEventBatches.
    older.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("tablerules.v1.Tablerules",
                                                                         {"StreamEvents": streams}),))
    port = older.add_insecure_port("127.0.0.1:0")
    older.start()
    try:
        with Client(f"127.0.0.1:{port}") as client:
            assert [e.seq for e in client.stream("g", 1, reconnect=False)] == [2, 3]
            assert not client.batches  # and it asks the same way from then on
            assert [e.seq for e in client.stream("g", 0, reconnect=False)] == [1, 2, 3]
    finally:
        older.stop(0)


def test_a_stream_takes_several_events_a_message_from_a_newer_server(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}") as client:
        created = client.create_game("armory", ["a", "b"])
        version = client.view(created.game_id).version
        assert [e.seq for e in itertools.islice(client.stream(created.game_id), version)] == list(range(1, version + 1))
        assert client.batches


class Scripted:
    """A server whose every method fails its first `failures` calls with `code`, then answers
    an empty reply (streams: the events after from_version up to version 3); it keeps what
    each call received."""

    def __init__(self, code: grpc.StatusCode, failures: int = 1) -> None:
        self.code = code
        self.failures = failures
        self.received: dict[str, list[Any]] = {}
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        methods = {}
        for method in SERVICE.methods:
            request_type = GetMessageClass(method.input_type)
            reply_type = GetMessageClass(method.output_type)
            if method.server_streaming:
                methods[method.name] = grpc.unary_stream_rpc_method_handler(
                    self._streaming(method.name), request_type.FromString, reply_type.SerializeToString)
            else:
                methods[method.name] = grpc.unary_unary_rpc_method_handler(
                    self._unary(method.name, reply_type), request_type.FromString, reply_type.SerializeToString)
        self.server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, methods),))
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    def _fail_first(self, name: str, request: Any, context: grpc.ServicerContext) -> None:
        calls = self.received.setdefault(name, [])
        calls.append(request)
        if len(calls) <= self.failures:
            context.abort(self.code, f"scripted {self.code.name} (test)")

    def _unary(self, name: str, reply_type: type[Message]) -> Callable[[Any, grpc.ServicerContext], Message]:
        def answer(request: Any, context: grpc.ServicerContext) -> Message:
            self._fail_first(name, request, context)
            return reply_type()
        return answer

    def _streaming(self, name: str) -> Callable[[Any, grpc.ServicerContext], Iterator[Message]]:
        def answer(request: Any, context: grpc.ServicerContext) -> Iterator[Message]:
            self._fail_first(name, request, context)
            if name == "ExportLogChunks":
                yield pb.LogChunk(log_jsonl="{}\n")
                return
            yield pb.EventBatch(events=[pb.EventEnvelope(seq=seq) for seq in range(request.from_version + 1, 4)])
        return answer


SAFE_TO_REPEAT: dict[str, Callable[[Client], object]] = {
    "ListRulesets": lambda client: client.list_rulesets(),
    "GetView": lambda client: client.view("g"),
    "ExportLogChunks": lambda client: client.export_log("g"),
    "ReplayLog": lambda client: client.replay_log(game_id="g"),
    "VerifyLog": lambda client: client.verify_log(game_id="g"),
    "SubmitCommand": lambda client: client.seat("g", "t").submit(command("armory", "Pass"), command_id="once"),
}
SENT_ONCE: dict[str, Callable[[Client], object]] = {
    "CreateGame": lambda client: client.create_game("armory", ["a", "b"]),
    "ImportLog": lambda client: client.import_log("{}"),
    "ForkGame": lambda client: client.fork(1, game_id="g"),
}
QUICK = RetryPolicy(initial_delay=0.001, max_delay=0.01)


@pytest.mark.parametrize("code", [grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                                  grpc.StatusCode.CANCELLED])
def test_calls_safe_to_repeat_are_retried_and_those_that_make_a_game_are_not(code: grpc.StatusCode) -> None:
    """A replica that shuts down answers UNAVAILABLE, or CANCELLED from gRPC itself when the call
    reaches it as it stops (docs/operations.md, Draining a replica): the call is sent again, a
    command with the same command_id; a call that may have made a game is not."""
    scripted = Scripted(code, failures=QUICK.retries)
    try:
        with Client(f"127.0.0.1:{scripted.port}", retry=QUICK) as client:
            for name, send in SAFE_TO_REPEAT.items():
                send(client)
                assert len(scripted.received[name]) == QUICK.retries + 1, name
            ids = {request.command_id for request in scripted.received["SubmitCommand"]}
            assert ids == {"once"}
            for name, send in SENT_ONCE.items():
                with pytest.raises(ServiceCallError) as failed:
                    send(client)
                assert failed.value.code == code and len(scripted.received[name]) == 1, name
            assert [e.seq for e in client.stream("g", 1)] == [2, 3]
            assert [request.from_version for request in scripted.received["StreamEventBatches"]] == \
                [1] * (QUICK.retries + 1)
    finally:
        scripted.server.stop(0)


def test_retries_are_bounded_and_other_codes_are_not_retried() -> None:
    scripted = Scripted(grpc.StatusCode.UNAVAILABLE, failures=QUICK.retries + 1)
    refusing = Scripted(grpc.StatusCode.FAILED_PRECONDITION)
    try:
        with Client(f"127.0.0.1:{scripted.port}", retry=QUICK) as client:
            with pytest.raises(ServiceCallError, match="UNAVAILABLE"):
                client.view("g")
            assert len(scripted.received["GetView"]) == QUICK.retries + 1
            with pytest.raises(ServiceCallError, match="UNAVAILABLE"):
                client.seat("g", "t").submit(command("armory", "Pass"), retries=0)
            assert len(scripted.received["SubmitCommand"]) == 1
        with Client(f"127.0.0.1:{refusing.port}", retry=QUICK) as client, pytest.raises(ServiceCallError):
            client.view("g")
        assert len(refusing.received["GetView"]) == 1
    finally:
        scripted.server.stop(0)
        refusing.server.stop(0)
