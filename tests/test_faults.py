"""Faults of replicas on PostgreSQL (issue 16): a replica killed with SIGKILL under load
loses no acknowledged command and the other replica goes on serving every game; a
PostgreSQL restart under load is UNAVAILABLE to clients, with the advice to retry with
the same command_id (a stream: to resume), never INTERNAL and never part of a command,
and the replica recovers by itself once the database is back.

The loads are the crash test's players (tests/load.py): random games from a few client
threads, every acknowledged command noted with its version, then read back through a
replica: stored at that version, never twice, every log verifying.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2

from service.server import start
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client
from tests.conftest import OPERATOR, eventually, health_status
from tests.load import (
    Load,
    PatientPlayer,
    Player,
    check_and_settle,
    every_table,
    run_load,
    serving,
)
from tests.postgres import PostgresServer, postgres_server

SEED = 16
PLAYERS = 4
KILL_AFTER = 150
"""Commands acknowledged by both replicas before one is killed."""
SURVIVOR_COMMANDS = 60
"""Commands the survivor acknowledges while the other replica lies dead, then after the check."""
BEFORE_OUTAGE = 40
AFTER_OUTAGE = 40
OUTAGE_SECONDS = 40.0
"""The longest wait on each sign of the outage: a call that meets it ends within some 12 s
(service/store.py), and one that outlives the client's 30 s deadline fails its player."""
LOAD_SECONDS = 120.0
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this module's own: a test here stops it."""
    with postgres_server() as server:
        yield server


@pytest.mark.timeout(180)
def test_a_replica_killed_under_load_loses_no_acknowledged_command_and_the_other_serves_on(
        postgres_url: str, tmp_path: Path) -> None:
    chooser = random.Random(SEED)
    players = [Player(random.Random(chooser.getrandbits(64))) for _ in range(PLAYERS)]
    with serving(tmp_path / "a", tmp_path / "a.log", postgres_url) as doomed, \
            serving(tmp_path / "b", tmp_path / "b.log", postgres_url) as survivor:
        load = Load(players, [doomed.address, survivor.address], LOAD_SECONDS)
        try:
            killed_at = load.until(KILL_AFTER)
            load.kill(doomed)
            # The survivor's players go on: any failed call of theirs fails the test.
            served_on = load.until(killed_at + SURVIVOR_COMMANDS)
        finally:
            load.stop()
        assert killed_at >= KILL_AFTER and served_on >= killed_at + SURVIVOR_COMMANDS
        # Every game, those the killed replica created included, read through the survivor;
        # the killed replica's commands in flight are retried there, and each is applied once.
        print(f"after the kill: {check_and_settle(survivor.address, every_table(players))}")
        run_load(survivor, players, SURVIVOR_COMMANDS, kill=False)
        print(f"played on: {check_and_settle(survivor.address, every_table(players))}")


@pytest.mark.timeout(240)
def test_a_postgresql_restart_is_unavailable_to_clients_and_the_replica_recovers_by_itself(
        postgres: PostgresServer, postgres_url: str) -> None:
    chooser = random.Random(SEED)
    players = [PatientPlayer(random.Random(chooser.getrandbits(64))) for _ in range(PLAYERS)]
    replica = start(Tables(GameStore(postgres_url), OPERATOR), "127.0.0.1", 0, workers=32, probe_every=0.2)
    address = f"127.0.0.1:{replica.port}"
    try:
        with Client(address, token=OPERATOR) as client:
            lost_reply = first_command(client)
            streaming, stream_ended = following(address, lost_reply[0])
            load = Load(players, [address], LOAD_SECONDS)
            try:
                assert load.until(BEFORE_OUTAGE) >= BEFORE_OUTAGE
                postgres.stop()
                try:
                    assert eventually(lambda: health_status(replica.port) == NOT_SERVING, OUTAGE_SECONDS)
                    assert eventually(lambda: all(player.refusals for player in players), OUTAGE_SECONDS), \
                        "a player never met the outage"
                    assert eventually(lambda: bool(stream_ended), OUTAGE_SECONDS), "the stream did not end"
                finally:
                    postgres.start()
                back = load.tally.count
                assert load.until(back + AFTER_OUTAGE) >= back + AFTER_OUTAGE, "commands did not succeed again"
                assert eventually(lambda: health_status(replica.port) == SERVING, OUTAGE_SECONDS)
            finally:
                load.stop()
            # A player stops at any other code (INTERNAL, or a deadline exceeded), and load.stop() raised it.
            advice = {refusal.message for player in players for refusal in player.refusals}
            assert advice and all("retry with the same command_id is safe" in message for message in advice), advice
            print(f"{sum(len(player.refusals) for player in players)} calls refused during the outage; "
                  f"{check_and_settle(address, every_table(players))}")
            streaming.join(10)
            assert stream_ended[0].code() == grpc.StatusCode.UNAVAILABLE
            assert "resume from the last seq received" in (stream_ended[0].details() or "")
            game_id, token, sent, reply = lost_reply
            again = client.seat(game_id, token).submit(sent, command_id="lost-reply", retries=0)
            assert again.duplicate and again.version == reply.version
            assert [e.hash for e in again.events] == [e.hash for e in reply.events]
    finally:
        replica.stop(0)


def first_command(client: Client) -> tuple[str, str, Any, Any]:
    """A game, a seat's token, a command and the reply it got, which the test pretends lost."""
    created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 12})
    tokens = {s.seat: s.token for s in created.seats}
    seat = client.view(created.game_id).status.to_act[0]
    command = client.view(created.game_id, tokens[seat]).legal_commands[0]
    reply = client.seat(created.game_id, tokens[seat]).submit(command, command_id="lost-reply", retries=0)
    return created.game_id, tokens[seat], command, reply



def following(address: str, game_id: str) -> tuple[threading.Thread, list[grpc.RpcError]]:
    """A thread streaming the game as a spectator, and the error that ends its stream once it has."""
    ended: list[grpc.RpcError] = []

    def follow() -> None:
        with grpc.insecure_channel(address) as channel:
            try:
                for _ in pb_grpc.TablerulesStub(channel).StreamEvents(pb.StreamEventsRequest(game_id=game_id),
                                                                       timeout=LOAD_SECONDS):
                    pass
            except grpc.RpcError as error:
                ended.append(error)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    return thread, ended
