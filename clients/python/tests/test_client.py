"""The Python client's own behaviour: command building and typed errors."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent import futures

import grpc
import pytest

from service.server import Running
from tablerules.v1 import tablerules_pb2 as pb
from tablerules_client import Client, RuleError, ServiceCallError, command, command_json
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
