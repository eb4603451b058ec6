"""Load that remembers what the server acknowledged, and the checks of it after a fault
(tests/test_crash.py, tests/test_faults.py).

Players play random games from threads of their own, each against one server's
address, and note every command the server acknowledged (its id and version) and the
one whose reply never came. `tablerules serve` runs as a subprocess (`serving`) so
that a test may kill it. Afterwards `check_and_settle` reads every game back through
a server: each acknowledged command is stored at its version, none twice, every log
verifies, and each command in flight is retried with its command_id and applied once.
`Answers` counts what a channel's calls were answered, attempt by attempt.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from domain.games import REGISTRY
from domain.kernel import SYSTEM_SEAT, parse_log, verify
from tablerules.v1 import tablerules_pb2 as pb
from tablerules_client import Client, RetryPolicy, ServiceCallError
from tests.conftest import OPERATOR, random_move

SERVER = Path(sys.executable).with_name("tablerules")
"""The console script `make` installs beside the interpreter running the tests."""
SOURCE = Path(__file__).resolve().parent.parent
"""The code under test: the script imports it from here, wherever the install points (a worktree's tests
run with another checkout's virtualenv)."""
SERVING = re.compile(r"serving on 127\.0\.0\.1:(\d+)")
RULESETS = ("armory", "swordplay", "aod", "guardians", "kings-armory")
TURN_LIMITS = (12, 40)
"""Random play rarely wins, so a turn cap ends each game: 12 within a round or two, 40 after
some 200 to 480 events, across several kills and past the server's snapshot at event 200."""
ROUND_LIMITS = (4, 12)
"""The same for The King's Armory, which counts rounds: 4 end it after some 120 to 140
events, 12 after some 350 to 420 (random play, 3 seats)."""
MAX_MOVES = 1000
"""Moves one player tries in one load at most, whatever happens."""
LOAD_SECONDS = 20.0
START_SECONDS = 20.0
PROBE_SECONDS = 2.0


def limit(ruleset: str, chooser: random.Random) -> dict[str, bool | int | str]:
    """The option that caps a game of the ruleset, at one of its two lengths."""
    if ruleset == "kings-armory":
        return {"round_limit": chooser.choice(ROUND_LIMITS)}
    return {"turn_limit": chooser.choice(TURN_LIMITS)}


@dataclass(slots=True)
class InFlight:
    """A command sent whose reply never came: it may or may not have been stored."""

    command_id: str
    seat: int
    command: pb.Command
    expected_version: int


@dataclass(slots=True)
class Table:
    """A game the test plays, and what the server said about its commands."""

    game_id: str
    ruleset: str
    tokens: dict[int, str]
    acknowledged: dict[str, int] = field(default_factory=dict)
    """command_id -> the version its reply returned."""
    in_flight: InFlight | None = None
    finished: bool = False


class Tally:
    """Commands acknowledged, counted across the player threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0

    def add(self) -> None:
        with self._lock:
            self._count += 1

    @property
    def count(self) -> int:
        with self._lock:
            return self._count


@dataclass(slots=True)
class Player:
    """One client thread: plays its newest game to the end, then creates another."""

    chooser: random.Random
    tables: list[Table] = field(default_factory=list)

    def play(self, address: str, tally: Tally, lost: threading.Event, halt: threading.Event,
             deadline: float) -> None:
        # The operator creates the games; seats send their own tokens. Every call ends
        # within the client's deadline (30 s), so a dead server stops the loop. No retries:
        # a failed call must stay unknown rather than be settled behind the test's back.
        with Client(address, token=OPERATOR, retry=RetryPolicy(retries=0)) as client:
            for _ in range(MAX_MOVES):
                if halt.is_set() or time.monotonic() > deadline:
                    return
                try:
                    self.move(client, tally)
                except ServiceCallError as error:
                    if lost.is_set():
                        return  # the call met the kill: a server still up settles what it did
                    if not self.rides_out(error, halt):
                        raise

    def rides_out(self, error: ServiceCallError, halt: threading.Event) -> bool:
        """Whether to go on playing after a failed call (its command, if any, is sent again)."""
        return False

    def move(self, client: Client, tally: Tally) -> None:
        table = self.table(client)
        sent = table.in_flight
        if sent is None:
            move = random_move(client, table.game_id, table.tokens, self.chooser)
            if move is None:
                table.finished = True
                return
            seat, view, command = move
            sent = table.in_flight = InFlight(uuid.uuid4().hex, seat, command, view.version)
            resent = False
        else:
            resent = True  # the call that sent it failed: it may have been stored
        reply = client.seat(table.game_id, table.tokens[sent.seat]).submit(
            sent.command, command_id=sent.command_id, expected_version=sent.expected_version)
        assert resent or not reply.duplicate
        assert reply.version > sent.expected_version
        table.acknowledged[sent.command_id] = reply.version
        table.in_flight = None
        tally.add()

    def options(self, ruleset: str) -> dict[str, bool | int | str]:
        """The options of its next game of `ruleset`."""
        return limit(ruleset, self.chooser)

    def table(self, client: Client) -> Table:
        if self.tables and not self.tables[-1].finished:
            return self.tables[-1]
        ruleset = self.chooser.choice(RULESETS)
        limits = REGISTRY[ruleset].ruleset
        count = self.chooser.choice([n for n in (2, 3) if limits.min_seats <= n <= limits.max_seats])
        seats = [f"p{n}" for n in range(1, count + 1)]
        # No seed: the server draws one, so choosing it may stay the operator's privilege.
        created = client.create_game(ruleset, seats, self.options(ruleset))
        self.tables.append(Table(created.game_id, ruleset, {s.seat: s.token for s in created.seats}))
        return self.tables[-1]


@dataclass(slots=True)
class PatientPlayer(Player):
    """A player who rides out UNAVAILABLE, as a client should: it notes the refusal, waits a
    moment and sends the same command again with its command_id."""

    refusals: list[ServiceCallError] = field(default_factory=list)

    def rides_out(self, error: ServiceCallError, halt: threading.Event) -> bool:
        if error.code != grpc.StatusCode.UNAVAILABLE:
            return False
        self.refusals.append(error)
        halt.wait(0.1)
        return True


@dataclass(frozen=True, slots=True)
class ServerProcess:
    process: subprocess.Popen[bytes]
    address: str


def start_serving(data_dir: Path, output: Path, storage: str = "", port: int = 0,
                  options: Sequence[str] = ()) -> ServerProcess:
    """`tablerules serve` on a loopback port (0: a free one) with `options`, its store in
    data_dir (SQLite) or at the `storage` URL, its output in `output`; once it answers."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("TABLERULES_")}
    env["TABLERULES_OPERATOR_TOKEN"] = OPERATOR
    env["PYTHONPATH"] = str(SOURCE)
    store = ["--storage", storage] if storage else []
    with output.open("wb") as sink:
        process = subprocess.Popen([str(SERVER), "serve", "--host", "127.0.0.1", "--port", str(port),
                                    "--data-dir", str(data_dir), *store, *options], stdout=sink,
                                   stderr=subprocess.STDOUT, env=env)
    try:
        return ServerProcess(process, wait_until_serving(process, output))
    except BaseException:
        process.kill()
        process.wait(timeout=10)
        raise


@contextlib.contextmanager
def serving(data_dir: Path, output: Path, storage: str = "") -> Iterator[ServerProcess]:
    """`tablerules serve` on a free loopback port (start_serving); killed on exit."""
    server = start_serving(data_dir, output, storage)
    try:
        yield server
    finally:
        server.process.kill()
        server.process.wait(timeout=10)


def wait_until_serving(process: subprocess.Popen[bytes], output: Path) -> str:
    """The server's address once it answers ListRulesets."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        announced = SERVING.search(output.read_text(errors="replace"))
        if announced is not None:
            address = f"127.0.0.1:{announced.group(1)}"
            with Client(address) as probe, contextlib.suppress(ServiceCallError):
                probe.call("ListRulesets", pb.ListRulesetsRequest(), timeout=PROBE_SECONDS)
                return address
        time.sleep(0.05)
    raise AssertionError(f"the server was not serving within {START_SECONDS} s (exit code {process.poll()}); "
                         f"its output:\n{output.read_text(errors='replace')}")


class Load:
    """Players playing from threads of their own, player n against addresses[n % len], until
    `stop` or `seconds` have passed."""

    def __init__(self, players: Sequence[Player], addresses: Sequence[str], seconds: float = LOAD_SECONDS) -> None:
        self.tally = Tally()
        self._halt = threading.Event()
        self._lost = {address: threading.Event() for address in addresses}
        self._deadline = time.monotonic() + seconds
        self._pool = ThreadPoolExecutor(len(players))
        self._runs = [self._pool.submit(player.play, addresses[n % len(addresses)], self.tally,
                                        self._lost[addresses[n % len(addresses)]], self._halt, self._deadline)
                      for n, player in enumerate(players)]

    def until(self, acknowledged: int) -> int:
        """The commands acknowledged so far, once they are `acknowledged` (or the time is up,
        or a player failed, or every player stopped)."""
        while (self.tally.count < acknowledged and time.monotonic() < self._deadline
               and not any(run.done() and run.exception() for run in self._runs)
               and not all(run.done() for run in self._runs)):
            time.sleep(0.002)
        return self.tally.count

    def kill(self, server: ServerProcess) -> None:
        """SIGKILL the server; its players stop at their next failed call."""
        self._lost[server.address].set()
        server.process.send_signal(signal.SIGKILL)

    def stop(self) -> int:
        """Halt the players and wait for them (a player's own failure is raised here); the
        commands acknowledged."""
        self._halt.set()
        try:
            for run in self._runs:
                run.result()
        finally:
            self._pool.shutdown()
        return self.tally.count


def run_load(server: ServerProcess, players: list[Player], acknowledgements: int, kill: bool) -> int:
    """Play until `acknowledgements` commands were acknowledged, then SIGKILL the server
    (kill) or stop the players; returns the commands acknowledged."""
    load = Load(players, [server.address])
    try:
        load.until(acknowledgements)
        if kill:
            load.kill(server)
    finally:
        acknowledged = load.stop()
    assert acknowledged >= acknowledgements, \
        f"only {acknowledged} of {acknowledgements} commands within {LOAD_SECONDS} s"
    return acknowledged


def check_log(operator: Client, table: Table) -> dict[str, list[int]]:
    """Check one game's stored log against what the server acknowledged; each command id's seqs."""
    log = parse_log(operator.export_log(table.game_id).splitlines())
    where = f"game {table.game_id} ({table.ruleset})"
    seqs = [envelope.seq for envelope in log.envelopes]
    assert seqs == list(range(1, len(seqs) + 1)), f"{where}: the log's seqs have gaps"
    spans: dict[str, list[int]] = {}
    for envelope in log.envelopes:
        spans.setdefault(envelope.command_id, []).append(envelope.seq)
    for command_id, version in table.acknowledged.items():
        stored = spans.get(command_id)
        assert stored is not None and stored[-1] == version, \
            f"{where}: command {command_id} was acknowledged at version {version}; its stored events: {stored}"
    played = Counter(envelope.command_id for envelope in log.envelopes
                     if envelope.command is not None and envelope.command.get("seat") != SYSTEM_SEAT)
    assert max(played.values(), default=1) == 1, f"{where}: a command was stored twice: {played.most_common(1)}"
    unacknowledged = played.keys() - table.acknowledged.keys()
    if table.in_flight is not None:
        unacknowledged.discard(table.in_flight.command_id)
    assert not unacknowledged, f"{where}: stored commands the test never sent: {unacknowledged}"
    report = verify(REGISTRY[table.ruleset], log)
    assert report.ok and report.rules_checked, f"{where}: {report}"
    assert operator.view(table.game_id).version == len(seqs), f"{where}: the live game is not its log"
    return spans


def settle(client: Client, table: Table, stored: list[int] | None) -> bool:
    """Retry the command whose reply never came: it is applied once, now or before;
    returns whether it had been stored before."""
    sent = table.in_flight
    assert sent is not None
    seat = client.seat(table.game_id, table.tokens[sent.seat])
    # Retried twice: without expected_version only the command id's receipt can recognise
    # it, then with the version it was decided against, which the game has since left.
    first = seat.submit(sent.command, command_id=sent.command_id, retries=0)
    assert first.duplicate == bool(stored), f"game {table.game_id}: {sent.command_id} stored as {stored}, {first}"
    if stored:
        assert first.version == stored[-1]
    again = seat.submit(sent.command, command_id=sent.command_id, expected_version=sent.expected_version, retries=0)
    assert again.duplicate and again.version == first.version
    table.acknowledged[sent.command_id] = first.version
    table.in_flight = None
    return bool(stored)


def check_and_settle(address: str, tables: list[Table]) -> str:
    """Check every game through the server at `address` and settle its command in flight; a
    summary line."""
    stored_before = applied_on_retry = longest = 0
    with Client(address, token=OPERATOR) as operator:
        for table in tables:
            spans = check_log(operator, table)
            longest = max(longest, *(seqs[-1] for seqs in spans.values()))
            if table.in_flight is not None:
                if settle(operator, table, spans.get(table.in_flight.command_id)):
                    stored_before += 1
                else:
                    applied_on_retry += 1
    commands = sum(len(table.acknowledged) for table in tables)
    return (f"{len(tables)} games (the longest {longest} events), {commands} acknowledged commands; of the "
            f"commands in flight, {stored_before} had been stored, {applied_on_retry} were applied by their retry")


def every_table(players: Sequence[Player]) -> list[Table]:
    return [table for player in players for table in player.tables]


class Answers(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):  # type: ignore[misc]
    """Every answer a channel received, attempt by attempt (the client's own retries included):
    how many by method and code, and the first message of each code but OK."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.counts: Counter[tuple[str, str]] = Counter()
        self.messages: dict[str, str] = {}

    def _note(self, method: str, call: Any) -> None:
        code: grpc.StatusCode = call.code()
        with self._lock:
            self.counts[(str(method).rsplit("/", 1)[-1], code.name)] += 1
            if code != grpc.StatusCode.OK:
                self.messages.setdefault(code.name, call.details() or "")

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        outcome = continuation(details, request)
        outcome.add_done_callback(lambda call: self._note(details.method, call))
        return outcome

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        call = continuation(details, request)
        call.add_done_callback(lambda done: self._note(details.method, done))
        return call

    def codes(self) -> set[grpc.StatusCode]:
        with self._lock:
            return {grpc.StatusCode[code] for _, code in self.counts}
