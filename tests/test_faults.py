"""Faults of replicas and of their store (issues 16 and 33): a replica killed with SIGKILL
under load loses no acknowledged command and the other replica goes on serving every
game. A database out for longer than a call waits for it (PostgreSQL stopped, or paused
so that it hangs; the SQLite file locked by another process) is UNAVAILABLE to clients,
with the advice to retry with the same command_id (a stream: to resume), never INTERNAL
and never part of a command, and the replica recovers by itself once it is back; a
shorter pause only slows calls down. Replicas rotated under load: every answer is a
documented one, no ERROR is logged, and clients that follow the replicas' health lose
nothing and see no error.

The loads are the crash test's players (tests/load.py): random games from a few client
threads, every acknowledged command noted with its version, then read back through a
replica: stored at that version, never twice, every log verifying.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2

from bench.postgres import free_port
from service.health import PROBE_TIMEOUT
from service.server import SERVICE_NAME, start
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client, ServiceCallError
from tablerules_client.client import CHANNEL_OPTIONS
from tests.conftest import OPERATOR, eventually, health_status
from tests.load import (
    ROUND_LIMITS,
    TURN_LIMITS,
    Answers,
    Load,
    PatientPlayer,
    Player,
    ServerProcess,
    Table,
    Tally,
    check_and_settle,
    every_table,
    run_load,
    serving,
    start_serving,
)
from tests.postgres import PostgresServer, paused, postgres_server, stopped

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
PAUSED_WAIT_SECONDS = 3.0
"""The store's wait in the paused database's test (12 s by default)."""
SHORT_PAUSE_SECONDS = 1.0
"""Less than the health probe's 2 s (PROBE_TIMEOUT): the database only slows calls down."""
LOCK_WAIT_SECONDS = 1.0
"""SQLite's lock timeout in the locked file's test (30 s by default)."""
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
@pytest.mark.parametrize("outage", ["stopped", "paused"])
def test_a_long_database_outage_is_unavailable_to_clients_and_the_replica_recovers_by_itself(
        postgres: PostgresServer, postgres_url: str, outage: str) -> None:
    """PostgreSQL out for longer than a call waits for it, under load: stopped (it refuses
    connections; the store's default wait, about 12 s) or paused (SIGSTOP: it hangs, and
    answers nothing; the wait shortened to PAUSED_WAIT_SECONDS so that the test need not
    wait 12 s for it). Each time: health NOT_SERVING, every player's call UNAVAILABLE with
    the advice to retry, a stream ended UNAVAILABLE (resume); once it is back, the replica
    serves again by itself, health SERVING, and nothing was lost."""
    chooser = random.Random(SEED)
    players = [PatientPlayer(random.Random(chooser.getrandbits(64))) for _ in range(PLAYERS)]
    store = GameStore(postgres_url, wait_seconds=PAUSED_WAIT_SECONDS if outage == "paused" else None)
    replica = start(Tables(store, OPERATOR), "127.0.0.1", 0, workers=32, probe_every=0.2)
    address = f"127.0.0.1:{replica.port}"
    try:
        with Client(address, token=OPERATOR) as client:
            lost_reply = first_command(client)
            streaming, stream_ended = following(address, lost_reply[0])
            load = Load(players, [address], LOAD_SECONDS)
            try:
                assert load.until(BEFORE_OUTAGE) >= BEFORE_OUTAGE
                began = time.monotonic()
                with stopped(postgres) if outage == "stopped" else paused(postgres):
                    assert eventually(lambda: health_status(replica.port) == NOT_SERVING, OUTAGE_SECONDS)
                    assert eventually(lambda: all(player.refusals for player in players), OUTAGE_SECONDS), \
                        "a player never met the outage"
                    assert eventually(lambda: bool(stream_ended), OUTAGE_SECONDS), "the stream did not end"
                    print(f"database {outage} for {time.monotonic() - began:.1f} s")
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


@pytest.mark.timeout(120)
def test_a_short_pause_of_the_database_only_slows_calls_down(postgres: PostgresServer, postgres_url: str) -> None:
    """PostgreSQL paused (SIGSTOP) under load for less than the health probe's 2 s: the calls
    wait for it and then succeed (these players send each call once: any error fails them),
    health stays SERVING, and nothing is lost."""
    chooser = random.Random(SEED)
    players = [Player(random.Random(chooser.getrandbits(64))) for _ in range(PLAYERS)]
    replica = start(Tables(GameStore(postgres_url), OPERATOR), "127.0.0.1", 0, workers=32, probe_every=0.2)
    address = f"127.0.0.1:{replica.port}"
    health: list[int] = []
    try:
        load = Load(players, [address], LOAD_SECONDS)
        try:
            assert load.until(BEFORE_OUTAGE) >= BEFORE_OUTAGE
            with paused(postgres):
                paused_at = load.tally.count
                until = time.monotonic() + SHORT_PAUSE_SECONDS
                while time.monotonic() < until:
                    health.append(health_status(replica.port))
                    time.sleep(0.1)
                stalled = load.tally.count - paused_at
            until = time.monotonic() + 2 * PROBE_TIMEOUT  # a probe that met the pause has answered since
            while time.monotonic() < until:
                health.append(health_status(replica.port))
                time.sleep(0.1)
            back = load.tally.count
            assert load.until(back + AFTER_OUTAGE) >= back + AFTER_OUTAGE
        finally:
            load.stop()  # a player's failed call is raised here
        assert stalled <= PLAYERS, f"{stalled} commands acknowledged while the database was paused"
        assert set(health) == {SERVING}, health
        print(f"{stalled} commands acknowledged during the pause; {check_and_settle(address, every_table(players))}")
    finally:
        replica.stop(0)


@pytest.mark.timeout(120)
def test_the_sqlite_file_locked_past_the_wait_is_unavailable_to_commands_and_serves_again(
        sqlite_url: str) -> None:
    """SQLite's long outage: another process holds the file's write lock for longer than a write
    waits for it (SQLite's lock timeout, 30 s by default; LOCK_WAIT_SECONDS here). Every player's
    command is UNAVAILABLE with the advice to retry; reads go on (the WAL journal lets them)
    and health stays SERVING; once the lock is released the commands are stored once each."""
    chooser = random.Random(SEED)
    players = [PatientPlayer(random.Random(chooser.getrandbits(64))) for _ in range(PLAYERS)]
    replica = start(Tables(GameStore(sqlite_url, wait_seconds=LOCK_WAIT_SECONDS), OPERATOR), "127.0.0.1", 0,
                    workers=32, probe_every=0.2)
    address = f"127.0.0.1:{replica.port}"
    try:
        load = Load(players, [address], LOAD_SECONDS)
        try:
            assert load.until(BEFORE_OUTAGE) >= BEFORE_OUTAGE
            holder = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None, timeout=30)
            holder.execute("BEGIN IMMEDIATE")  # the write lock, held until the rollback
            try:
                assert eventually(lambda: all(player.refusals for player in players), OUTAGE_SECONDS), \
                    "a player never met the lock"
                assert health_status(replica.port) == SERVING
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            back = load.tally.count
            assert load.until(back + AFTER_OUTAGE) >= back + AFTER_OUTAGE, "commands did not succeed again"
        finally:
            load.stop()  # a player stops at any other code than UNAVAILABLE, and this raises it
        refusals = [refusal for player in players for refusal in player.refusals]
        assert all("retry with the same command_id is safe" in refusal.message for refusal in refusals), refusals
        print(f"{len(refusals)} calls refused while the file was locked; "
              f"{check_and_settle(address, every_table(players))}")
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


ROTATIONS = 12
"""Replicas drained with SIGTERM and started again, in turns, under load."""
ROTATION_SECONDS = 150.0
"""The rotations stop by then whatever their count (one takes some 3 to 6 s: the drain, then a
new process's start), and the test fails if they were fewer."""
ROTATING_PLAYERS = 4
ROTATION_MOVES = 10_000
"""Moves one player tries at most (some 1,000 are played in a run)."""
FINISH_SECONDS = 60.0
"""After the rotations: the players' last games end, and every stream with its game."""
GRACE_SECONDS = 5
DRAIN_SECONDS = GRACE_SECONDS + 10
"""SIGTERM to exit at most: the grace, then the stop's own steps."""
PROBE_PAUSE = 0.01
DOCUMENTED = {grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE}
"""What a call may be answered while replicas rotate (docs/operations.md, Draining a replica)."""
BALANCED = [("grpc.service_config", json.dumps({"loadBalancingConfig": [{"round_robin": {}}],
                                                 "healthCheckConfig": {"serviceName": SERVICE_NAME}})),
            # A replica started again is taken back within half a second (gRPC's default waits from 1 s up).
            ("grpc.initial_reconnect_backoff_ms", 100), ("grpc.min_reconnect_backoff_ms", 100),
            ("grpc.max_reconnect_backoff_ms", 500)]
"""A client that spreads its calls over the replicas and follows their health, as a load
balancer in front of them does: it sends no new call to a replica that answers NOT_SERVING."""


def balanced(addresses: Sequence[str], answers: Answers, token: str | None = None) -> Client:
    target = "ipv4:" + ",".join(addresses)
    channel = grpc.intercept_channel(grpc.insecure_channel(target, options=[*CHANNEL_OPTIONS, *BALANCED]), answers)
    return Client(channel=channel, token=token)


@dataclass
class Replica:
    """`tablerules serve` on a port of its own, started again on the same port after each drain."""

    name: str
    port: int
    directory: Path
    storage: str
    logs: list[Path] = field(default_factory=list)
    """Each run's output."""
    server: ServerProcess | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        self.logs.append(self.directory / f"{self.name}.{len(self.logs)}.log")
        self.server = start_serving(self.directory / self.name, self.logs[-1], self.storage, self.port,
                                    ["--grace-seconds", str(GRACE_SECONDS), "--log-requests"])

    def drain(self) -> float:
        """SIGTERM, and the seconds until it exited 0."""
        assert self.server is not None
        began = time.monotonic()
        self.server.process.send_signal(signal.SIGTERM)
        code = self.server.process.wait(DRAIN_SECONDS)
        assert code == 0, f"{self.name} exited {code}: {self.logs[-1].read_text(errors='replace')}"
        return time.monotonic() - began

    def served_commands(self) -> bool:
        """Whether this run has acknowledged a command (the balanced clients use it again)."""
        return any('"method":"SubmitCommand"' in line and '"code":"OK"' in line
                   for line in self.logs[-1].read_text(errors="replace").splitlines())

    def kill(self) -> None:
        if self.server is not None and self.server.process.poll() is None:
            self.server.process.kill()
            self.server.process.wait(10)


class Prober:
    """A client of one replica alone, which does not follow its health (as one that connects
    to it directly): it asks for the rulesets every PROBE_PAUSE while the rotations last, so
    that calls reach each replica as it drains and as it stops. While its replica is away,
    its calls fail after the client's retries (UNAVAILABLE), counted in `away`."""

    def __init__(self, address: str, answers: Answers, rotating: threading.Event) -> None:
        self.away = 0
        self.failure: BaseException | None = None
        channel = grpc.intercept_channel(grpc.insecure_channel(address, options=BALANCED[1:]), answers)
        self.client = Client(channel=channel)
        self.thread = threading.Thread(target=self._probe, args=(rotating,), daemon=True)
        self.thread.start()

    def _probe(self, rotating: threading.Event) -> None:
        try:
            while rotating.is_set():
                try:
                    self.client.list_rulesets()
                except ServiceCallError as error:
                    if error.code != grpc.StatusCode.UNAVAILABLE:
                        raise
                    self.away += 1
                rotating.wait(PROBE_PAUSE)
        except BaseException as failure:  # the test reports it
            self.failure = failure


class Follower:
    """A spectator's stream of one game, on a thread of its own, through the balanced client:
    it resumes on another replica whenever its replica drains, and ends with the game."""

    def __init__(self, client: Client, table: Table) -> None:
        self.table = table
        self.seqs: list[int] = []
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._follow, args=(client,), daemon=True)
        self.thread.start()

    def _follow(self, client: Client) -> None:
        try:
            self.seqs.extend(envelope.seq for envelope in client.stream(self.table.game_id))
        except BaseException as failure:  # the test reports it
            self.failure = failure


@dataclass(slots=True)
class RotationPlayer(Player):
    """Plays through the balanced client with its retries, while the rotations last; then
    finishes its game. A call that still fails after the client's retries is noted and sent
    again (a command with its command_id)."""

    failures: list[ServiceCallError] = field(default_factory=list)

    def options(self, ruleset: str) -> dict[str, bool | int | str]:
        # The shorter games: each player's last one is played to its end after the rotations.
        return {"round_limit": ROUND_LIMITS[0]} if ruleset == "kings-armory" else {"turn_limit": TURN_LIMITS[0]}

    def rotate_through(self, client: Client, tally: Tally, rotating: threading.Event, halt: threading.Event,
                       follow: Callable[[Table], None]) -> None:
        deadline = time.monotonic() + ROTATION_SECONDS + FINISH_SECONDS
        for _ in range(ROTATION_MOVES):
            finished = not self.tables or self.tables[-1].finished
            if halt.is_set() or time.monotonic() > deadline or (finished and not rotating.is_set()):
                return
            known = len(self.tables)
            try:
                self.move(client, tally)
            except ServiceCallError as error:
                if error.code != grpc.StatusCode.UNAVAILABLE:
                    raise
                self.failures.append(error)
            if len(self.tables) > known:
                follow(self.tables[-1])


@pytest.mark.timeout(420)
def test_replicas_rotated_under_load_answer_only_as_documented_and_log_no_error(
        postgres_url: str, tmp_path: Path) -> None:
    """Two replicas on one database, each drained with SIGTERM and started again in turns while
    players play through a client that follows their health, streams follow every game and
    a client of each replica alone calls it all along: every answer is OK or UNAVAILABLE
    (never CANCELLED), no player sees an error, every replica exits 0 and logs no ERROR,
    and nothing is lost (every acknowledged command stored once, every stream every event
    once)."""
    replicas = [Replica(name, free_port(), tmp_path, postgres_url) for name in ("a", "b")]
    addresses = [replica.address for replica in replicas]
    chooser = random.Random(SEED)
    players = [RotationPlayer(random.Random(chooser.getrandbits(64))) for _ in range(ROTATING_PLAYERS)]
    answers = Answers()
    followers: list[Follower] = []
    tally = Tally()
    rotating, halt = threading.Event(), threading.Event()
    rotating.set()
    drains: list[float] = []
    with contextlib.ExitStack() as cleanup:
        for replica in replicas:
            cleanup.callback(replica.kill)
            replica.start()
        streams = balanced(addresses, answers)
        cleanup.callback(streams.close)
        pool = ThreadPoolExecutor(ROTATING_PLAYERS)
        cleanup.callback(pool.shutdown)
        cleanup.callback(halt.set)  # on the way out, before the pool waits for them: the players stop
        cleanup.callback(rotating.clear)
        runs = []
        for player in players:
            client = balanced(addresses, answers, OPERATOR)
            cleanup.callback(client.close)
            runs.append(pool.submit(player.rotate_through, client, tally, rotating, halt,
                                    lambda table: followers.append(Follower(streams, table))))
        assert eventually(lambda: tally.count >= 20, 60)
        probers = [Prober(replica.address, answers, rotating) for replica in replicas]
        for prober in probers:
            cleanup.callback(prober.client.close)
        rotations_end = time.monotonic() + ROTATION_SECONDS
        while len(drains) < ROTATIONS and time.monotonic() < rotations_end and not any(run.done() for run in runs):
            replica = replicas[len(drains) % 2]
            drains.append(replica.drain())
            replica.start()
            # Before the other drains: the clients are back on this one.
            assert eventually(replica.served_commands, 30), f"no command reached {replica.name} again"
        rotating.clear()
        for run in runs:
            run.result(FINISH_SECONDS)  # a player's failure is raised here
        for thread in [*(follower.thread for follower in followers), *(prober.thread for prober in probers)]:
            thread.join(FINISH_SECONDS)
        print(f"{len(drains)} rotations (drains of {min(drains):.2f} to {max(drains):.2f} s); {tally.count} commands "
              f"acknowledged; answers: {dict(answers.counts)}; {answers.messages}; calls of the direct clients that "
              f"failed while their replica was away: {[prober.away for prober in probers]}")
        print(check_and_settle(addresses[0], every_table(players)))
    assert len(drains) == ROTATIONS, f"{len(drains)} rotations within {ROTATION_SECONDS} s"
    assert answers.codes() <= DOCUMENTED, answers.messages
    assert not [error for player in players for error in player.failures]  # the retries found the other replica
    for prober in probers:
        assert prober.failure is None and not prober.thread.is_alive(), prober.failure
    for follower in followers:
        assert follower.failure is None and not follower.thread.is_alive(), follower.failure
        final = max(follower.table.acknowledged.values())
        assert follower.table.finished and follower.seqs == list(range(1, final + 1))
    for replica in replicas:
        for log in replica.logs[:-1]:  # every run that was drained
            text = log.read_text(errors="replace")
            assert '"level":"ERROR"' not in text and "Traceback" not in text, f"{log.name}:\n{text[-4000:]}"
