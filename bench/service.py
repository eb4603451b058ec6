"""The service under load, over gRPC on loopback, with the server in its own process.

Commands are legal moves chosen before the clock starts: a game is created on the
server with a known seed, its log exported, and the same game played ahead in
process (bench/rules.py) to script the commands; the timed part then only submits
them. Every loop is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc

from bench.replay import WINNING_MOVES
from bench.rules import random_command
from domain.games import REGISTRY
from domain.kernel import Log, Session, parse_log, replay
from service import convert
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client

OPERATOR = "bench-operator"
RULESET = "armory"


@contextlib.contextmanager
def server_process(module: str, *arguments: str) -> Iterator[tuple[str, int]]:
    """`python -m module ...` printing "... serving on HOST:PORT"; yields (address, pid).
    Its stderr (the request log: a line per call, as in production) goes to a file, not
    to the bench's own output."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", module, *arguments], stdout=subprocess.PIPE, stderr=errors, text=True,
            env={**os.environ, "TABLERULES_OPERATOR_TOKEN": OPERATOR})
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            if " serving on " not in line:
                errors.seek(0)
                said = errors.read()[-4000:].decode(errors="replace")
                raise RuntimeError(f"{module} did not start: {line!r}\n{said}")
            yield line.split(" serving on ")[1].split()[0], process.pid
        finally:
            process.terminate()
            process.wait(30)


def tablerules_server(storage: str) -> contextlib.AbstractContextManager[tuple[str, int]]:
    # The length bench imports a 10,000-move log (about 8 MB): above the default request limit.
    return server_process("service.cli", "serve", "--port", "0", "--storage", storage,
                          "--max-request-bytes", str(64 * 1024 * 1024))


def echo_server() -> contextlib.AbstractContextManager[tuple[str, int]]:
    return server_process("bench.echo")


Request = tuple[pb.SubmitCommandRequest, tuple[tuple[str, str], ...]]
"""A SubmitCommand request and its call metadata (the seat's token)."""


@dataclass
class Script:
    """One game's commands, ready to send in order (each at its expected version)."""

    game_id: str
    requests: list[Request]
    log: Log
    seed: str


def script(address: str, commands: int, seed: str, options: dict[str, bool | int | str] | None = None) -> Script:
    """A new two-seat game on the server and `commands` legal moves for it."""
    game = REGISTRY[RULESET]
    with Client(address, token=OPERATOR) as operator:
        created = operator.create_game(RULESET, ["a", "b"], {"turn_limit": 0, **(options or {})}, seed=seed)
        log = parse_log(operator.export_log(created.game_id).splitlines())
    tokens = {s.seat: s.token for s in created.seats}
    session, report = replay(game, log)
    assert session is not None, report
    return Script(created.game_id, _requests(created.game_id, session, tokens, commands, seed), log, seed)


def _requests(game_id: str, session: Session[Any], tokens: dict[int, str], commands: int,
              seed: str) -> list[Request]:
    game = session.game
    chooser = random.Random(seed)
    requests: list[Request] = []
    while len(requests) < commands and not session.finished:
        command = random_command(game, session.state, chooser, avoid=WINNING_MOVES)
        command_id = uuid.uuid4().hex
        request = pb.SubmitCommandRequest(game_id=game_id, command_id=command_id, expected_version=session.version)
        request.command.CopyFrom(convert.command_to_proto(game, command))
        requests.append((request, (("authorization", f"Bearer {tokens[command.seat]}"),)))
        session, _ = session.execute(command, command_id, seed)
    return requests


@dataclass
class Load:
    commands: int
    seconds: float
    latencies: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.commands / self.seconds

    def percentile(self, p: int) -> float:
        """Milliseconds."""
        return statistics.quantiles(self.latencies, n=100)[p - 1] * 1000 if len(self.latencies) > 2 else 0.0


def submit_load(addresses: Sequence[str], scripts: Sequence[Script], seconds: float,
                rate: float | None = None) -> Load:
    """One client thread (own channel) per script, sending its commands in order, client n
    to addresses[n % len(addresses)] (replicas sharing a store).

    Without `rate` each client sends as fast as replies come back; with it, the
    clients together pace themselves to `rate` commands/s. Ends when the scripts or
    the time run out.
    """
    latencies: list[list[float]] = [[] for _ in scripts]
    began = time.perf_counter()
    deadline = began + seconds
    interval = len(scripts) / rate if rate else 0.0

    def client(index: int) -> None:
        with grpc.insecure_channel(addresses[index % len(addresses)]) as channel:
            submit = pb_grpc.TablerulesStub(channel).SubmitCommand
            mine = latencies[index]
            due = time.perf_counter() + interval * index / len(scripts)
            for request, metadata in scripts[index].requests:
                if interval:
                    time.sleep(max(0.0, due - time.perf_counter()))
                    due += interval
                sent = time.perf_counter()
                if sent >= deadline:
                    return
                submit(request, metadata=metadata, timeout=30)
                mine.append(time.perf_counter() - sent)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(scripts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    elapsed = min(time.perf_counter(), deadline) - began
    flat = [x for mine in latencies for x in mine]
    return Load(len(flat), elapsed, flat)


@dataclass
class LogPressure:
    checked: int = 0
    refused: int = 0
    """RESOURCE_EXHAUSTED: more log checks were asked for than the server admits at once."""


@contextlib.contextmanager
def log_pressure(address: str, log_jsonl: str, clients: int) -> Iterator[LogPressure]:
    """`clients` anonymous callers sending the log to VerifyLog over and over, each on its
    own channel, until the block ends (each call bounded by a 60 s deadline)."""
    pressure = LogPressure()
    stop = threading.Event()

    def caller() -> None:
        with grpc.insecure_channel(address) as channel:
            verify = pb_grpc.TablerulesStub(channel).VerifyLog
            while not stop.is_set():
                try:
                    verify(pb.VerifyLogRequest(log_jsonl=log_jsonl), timeout=60)
                    pressure.checked += 1
                except grpc.RpcError as error:
                    if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                        raise
                    pressure.refused += 1
                    stop.wait(0.05)

    threads = [threading.Thread(target=caller) for _ in range(clients)]
    for thread in threads:
        thread.start()
    try:
        yield pressure
    finally:
        stop.set()
        for thread in threads:
            thread.join(90)


def time_per_command(address: str, source: Script) -> float:
    """Median ms of SubmitCommand, one client, over the script's commands."""
    times = []
    with grpc.insecure_channel(address) as channel:
        submit = pb_grpc.TablerulesStub(channel).SubmitCommand
        for request, metadata in source.requests:
            sent = time.perf_counter()
            submit(request, metadata=metadata, timeout=30)
            times.append(time.perf_counter() - sent)
    return statistics.median(times) * 1000


def imported_at(address: str, source: Script, position: int, commands: int) -> Script:
    """The source game's first `position` commands imported as a new live game, and the next moves."""
    game = REGISTRY[RULESET]
    session, _ = replay(game, source.log)
    assert session is not None
    chooser = random.Random(source.seed)
    envelopes = list(source.log.envelopes)
    for n in range(position):
        command = random_command(game, session.state, chooser, avoid=WINNING_MOVES)
        session, produced = session.execute(command, f"c{n}", source.seed)
        envelopes.extend(produced)
    text = Log(header=source.log.header, envelopes=tuple(envelopes)).text()
    with Client(address, token=OPERATOR) as operator:
        imported = operator.import_log(text)
    tokens = {s.seat: s.token for s in imported.seats}
    return Script(imported.game_id, _requests(imported.game_id, session, tokens, commands, source.seed),
                  source.log, source.seed)


@dataclass
class FanOut:
    subscribers: int
    events: int
    delivered: int
    delays: list[float]
    rate: float
    """Commands/s actually sent: each waits for its reply, so an overloaded server slows the load."""

    def percentile(self, p: int) -> float:
        return statistics.quantiles(self.delays, n=100)[p - 1] * 1000 if len(self.delays) > 2 else 0.0


def fan_out(address: str, source: Script, subscribers: int, rate: float, seconds: float,
            stream_address: str = "") -> FanOut:
    """`subscribers` streams on one game while one client submits `rate` commands/s.

    The subscribers are coroutines of one event loop, as an efficient client is
    written: each is its own StreamEvents call and decodes every event. The commands
    go from a thread of their own, so the subscribers' work does not hold them back
    (one process, one clock). The delay of an event is from the moment its command
    was sent to the moment a subscriber has it. The subscribers stream from
    `stream_address` if given (another replica on the same store), else from `address`.
    """
    with Client(address, token=OPERATOR) as operator:
        start_version = operator.view(source.game_id).version
    return asyncio.run(_fan_out(address, stream_address or address, source, start_version, subscribers, rate,
                                seconds))


def _submit_paced(address: str, requests: Sequence[Request], rate: float) -> tuple[dict[int, float], float]:
    """Send the requests in order at `rate`/s (each waits for its reply); returns when
    each event's command was sent, and the rate actually sent."""
    sent_at: dict[int, float] = {}
    with grpc.insecure_channel(address) as channel:
        submit = pb_grpc.TablerulesStub(channel).SubmitCommand
        began = due = time.perf_counter()
        for request, metadata in requests:
            time.sleep(max(0.0, due - time.perf_counter()))
            due += 1 / rate
            sent = time.perf_counter()
            reply = submit(request, metadata=metadata, timeout=30)
            for event in reply.events:
                sent_at[event.seq] = sent
    return sent_at, len(requests) / (time.perf_counter() - began)


async def _fan_out(address: str, stream_address: str, source: Script, start_version: int, subscribers: int,
                   rate: float, seconds: float) -> FanOut:
    received: list[list[tuple[int, float]]] = [[] for _ in range(subscribers)]
    async with grpc.aio.insecure_channel(stream_address) as channel:
        stub = pb_grpc.TablerulesStub(channel)
        streams = [stub.StreamEvents(pb.StreamEventsRequest(game_id=source.game_id, from_version=start_version),
                                     metadata=(("authorization", f"Bearer {OPERATOR}"),), timeout=seconds + 60)
                   for _ in range(subscribers)]

        async def subscriber(stream: Any, mine: list[tuple[int, float]]) -> None:
            async for envelope in stream:
                mine.append((envelope.seq, time.perf_counter()))

        tasks = [asyncio.create_task(subscriber(stream, mine)) for stream, mine in zip(streams, received, strict=True)]
        sent_at, sent_rate = await asyncio.to_thread(_submit_paced, address, source.requests[:int(rate * seconds)],
                                                     rate)
        final = max(sent_at)
        patience = time.perf_counter() + 10
        while time.perf_counter() < patience and any(not mine or mine[-1][0] < final for mine in received):
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()  # cancels its call too
        await asyncio.gather(*tasks, return_exceptions=True)
    delays = [at - sent_at[seq] for mine in received for seq, at in mine if seq in sent_at]
    return FanOut(subscribers, len(sent_at), len(delays), delays, sent_rate)


def resident_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def open_games(address: str, games: int, seconds: float, threads: int = 8) -> int:
    """Create up to `games` games (each started, so live in the server's cache); returns how many."""
    created = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def creator() -> None:
        with Client(address, token=OPERATOR) as operator:
            while time.perf_counter() < deadline:
                with lock:
                    if created[0] >= games:
                        return
                    created[0] += 1
                operator.create_game(RULESET, ["a", "b"])

    workers = [threading.Thread(target=creator) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(seconds + 60)
    return created[0]
