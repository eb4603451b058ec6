"""The service under load, over gRPC on loopback, with the server in its own process.

Commands are legal moves chosen before the clock starts: a game is created on the
server with a known seed, its log exported, and the same game played ahead in
process (bench/rules.py) to script the commands; the timed part then only submits
them. Every loop is bounded in count and in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc

from bench import subscribers
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


def tablerules_server(storage: str, *settings: str) -> contextlib.AbstractContextManager[tuple[str, int]]:
    # The length bench imports a 10,000-move log (about 8 MB): above the default request limit.
    return server_process("tools.cli", "serve", "--port", "0", "--storage", storage,
                          "--max-request-bytes", str(64 * 1024 * 1024), *settings)


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
    tokens: dict[int, str]
    """The seats' tokens, by seat."""


def script(address: str, commands: int, seed: str, options: dict[str, bool | int | str] | None = None) -> Script:
    """A new two-seat game on the server and `commands` legal moves for it."""
    game = REGISTRY[RULESET]
    with Client(address, token=OPERATOR) as operator:
        created = operator.create_game(RULESET, ["a", "b"], {"turn_limit": 0, **(options or {})}, seed=seed)
        log = parse_log(operator.export_log(created.game_id).splitlines())
    tokens = {s.seat: s.token for s in created.seats}
    session, report = replay(game, log)
    assert session is not None, report
    return Script(created.game_id, _requests(created.game_id, session, tokens, commands, seed), log, seed, tokens)


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


@dataclass
class HeavyPressure:
    exports: int = 0
    megabytes: float = 0.0
    """What the callers received, exports and streams together."""
    refused: int = 0
    """RESOURCE_EXHAUSTED: more exports and catch-ups were asked for than the server takes at once."""
    peak_mb: float = 0.0
    """The server's largest resident memory seen meanwhile."""


@contextlib.contextmanager
def heavy_pressure(address: str, pid: int, game_id: str, last: int, exporters: int, followers: int,
                   in_pieces: bool = False) -> Iterator[HeavyPressure]:
    """Callers on a game of `last` events until the block ends, in a process of their own
    (bench/heavy.py), each on its own channel: `exporters` asking for its whole log (with
    the operator's token: a game under way), in one reply (ExportLog) or `in_pieces`
    (ExportLogChunks), and `followers` streaming it from its first event to its last
    (StreamEventBatches, a spectator's catch-up), over and over; the server's memory is
    sampled meanwhile."""
    pressure = HeavyPressure()
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.1):
            pressure.peak_mb = max(pressure.peak_mb, resident_mb(pid))

    callers = subprocess.Popen([sys.executable, "-m", "bench.heavy"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    sampler = threading.Thread(target=sample)
    try:
        _tell(callers, [address, game_id, OPERATOR, last, exporters, followers, in_pieces])
        _heard(callers, 60)  # "started"
        sampler.start()
        yield pressure
        _tell(callers, "stop")
        done = json.loads(_heard(callers, 180))
        pressure.exports, pressure.refused = done["exports"], done["refused"]
        pressure.megabytes = done["bytes"] / 1024 / 1024
    finally:
        stop.set()
        if sampler.is_alive():
            sampler.join(10)
        callers.kill()  # gone already, unless the load failed
        callers.wait(30)


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
                  source.log, source.seed, tokens)


@dataclass
class FanOut:
    subscribers: int
    events: int
    """Events the commands produced, over all games."""
    delays: list[float]
    """Seconds from a command's send to a subscriber holding an event of it, per event and subscriber."""
    complete: bool
    """Every subscriber got every event of its game from its start on, each exactly once, in order."""
    rate: float
    """Commands/s actually sent: each waits for its reply, so an overloaded server slows the load."""
    client_cpu: float
    """The busiest subscriber process's share of one core while the load ran."""
    client_lag: float
    """The worst subscriber process's event loop lag p99 (ms): how late its 5 ms timer fired."""

    def percentile(self, p: int) -> float:
        return statistics.quantiles(self.delays, n=100)[p - 1] * 1000 if len(self.delays) > 2 else 0.0


def _audience(tokens: dict[int, str], index: int) -> str | None:
    """A game's subscribers in turn: seat 1, seat 2, then spectators (each audience its own redaction)."""
    return tokens.get(index + 1) if index < 2 else None


def fan_out(address: str, scripts: Sequence[Script], per_game: int, rate: float, processes: int = 1,
            stream_address: str = "", batches: bool = True) -> FanOut:
    """`per_game` streams on each script's game while its commands are sent, `rate` commands/s
    over all games.

    The subscribers are coroutines of `processes` processes, each one event loop with one
    channel, as an efficient client is written: each is its own StreamEventBatches call
    (StreamEvents, one event a message, as older clients stream, without `batches`) and
    decodes every event. The commands go from this process, so the subscribers' work does
    not hold them back; every process reads the same clock (CLOCK_MONOTONIC). The delay of
    an event is from the moment its command was sent to the moment a subscriber has it.
    Each process reports its CPU share and event loop lag, which tell whether the
    subscribers kept up (then the delays are the server's). The subscribers stream from
    `stream_address` if given (another replica on the same store), else from `address`.
    """
    # Each stream starts with its game's last event before the load: once each has it, all are open.
    plans: list[subscribers.Plan] = [(s.game_id, s.requests[0][0].expected_version - 1, _audience(s.tokens, n))
                                     for s in scripts for n in range(per_game)]
    patience = sum(len(s.requests) for s in scripts) / rate + 120
    workers: list[subprocess.Popen[str]] = []
    try:
        for k in range(processes):
            worker = subprocess.Popen([sys.executable, "-m", "bench.subscribers"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)
            workers.append(worker)
            _tell(worker, [stream_address or address, plans[k::processes], batches, patience])
        for worker in workers:
            _heard(worker, 120)  # "ready"
        sent_at, sent_rate = asyncio.run(_send_paced(address, scripts, rate))
        finals: dict[str, int] = {}
        for game_id, seq in sent_at:
            finals[game_id] = max(finals.get(game_id, 0), seq)
        for worker in workers:
            _tell(worker, finals)
        reports: list[subscribers.Report] = [json.loads(_heard(worker, 60)) for worker in workers]
    finally:
        for worker in workers:
            worker.kill()  # gone already, unless the load failed
            worker.wait(30)
    delays: list[float] = []
    complete = True
    for k, (received, _, _) in enumerate(reports):
        for (game_id, after, _), mine in zip(plans[k::processes], received, strict=True):
            complete = complete and [seq for seq, _ in mine] == list(range(after + 1, finals.get(game_id, after) + 1))
            delays += [at - sent_at[game_id, seq] for seq, at in mine if (game_id, seq) in sent_at]
    return FanOut(len(plans), len(sent_at), delays, complete, sent_rate, max(r[1] for r in reports),
                  max(r[2] for r in reports))


def _tell(worker: subprocess.Popen[str], message: object) -> None:
    assert worker.stdin is not None
    worker.stdin.write(json.dumps(message) + "\n")
    worker.stdin.flush()


def _heard(worker: subprocess.Popen[str], timeout: float) -> str:
    """The subscriber process's next line, waiting at most `timeout` seconds (it writes one
    line and waits for an answer, so nothing is left in the pipe's buffer meanwhile)."""
    assert worker.stdout is not None
    if not select.select([worker.stdout], [], [], timeout)[0]:
        raise TimeoutError(f"no word from a subscriber process in {timeout:.0f} s")
    line = worker.stdout.readline()
    if not line:
        raise RuntimeError(f"a subscriber process ended (exit code {worker.wait(30)})")
    return line


async def _send_paced(address: str, scripts: Sequence[Script],
                      rate: float) -> tuple[dict[tuple[str, int], float], float]:
    """Every script's requests in order, the games taking turns at `rate` commands/s in all
    (each command waits for its reply, so its game's next one may be late); returns when each
    (game, event)'s command was sent, and the rate actually sent."""
    sent_at: dict[tuple[str, int], float] = {}
    async with grpc.aio.insecure_channel(address) as channel:
        submit = pb_grpc.TablerulesStub(channel).SubmitCommand
        began = time.monotonic()

        async def play(index: int, script: Script) -> None:
            for turn, (request, metadata) in enumerate(script.requests):
                await asyncio.sleep(began + (turn * len(scripts) + index) / rate - time.monotonic())
                sent = time.monotonic()
                reply = await submit(request, metadata=metadata, timeout=30)
                for event in reply.events:
                    sent_at[script.game_id, event.seq] = sent

        await asyncio.gather(*(play(n, script) for n, script in enumerate(scripts)))
        return sent_at, sum(len(s.requests) for s in scripts) / (time.monotonic() - began)


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (all its threads), from /proc: unlike
    wall-clock rates it does not count time the machine gave to other processes."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        after_name = stat.read().rsplit(")", 1)[1].split()  # the name, in parentheses, may hold spaces
    return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")


def cpu_per_command(pid: int, load: Callable[[], Load]) -> tuple[Load, float]:
    """Run a load against the server `pid`; the load and the server's CPU microseconds per command."""
    before = cpu_seconds(pid)
    done = load()
    return done, (cpu_seconds(pid) - before) * 1e6 / max(done.commands, 1)


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
