"""`make bench`: every figure of docs/PERFORMANCE.md beside its ceiling, measured in
the same run (shared machines drift, ratios hold better), as the median of several
runs with their spread (lowest-highest). A target counts as met only when every run
meets it. Writes docs/PERFORMANCE.md (or --out) and prints the table.

Every loop is bounded in count and time; servers listen on loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import math
import platform
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import TypeVar

from bench import postgres as bench_postgres
from bench import replay as replay_bench
from bench import service
from bench.null_game import NULL_GAME
from bench.postgres import PostgresServer
from bench.rules import kernel_speed, rules_speed
from domain.games import REGISTRY
from domain.kernel import Log
from service.limits import MAX_GAME_EVENTS
from service.store import GameStore, upgrade_schema
from tablerules_client import Client

T = TypeVar("T")


@dataclass(frozen=True)
class Row:
    figure: str
    measured: str
    ceiling: str
    ratio: str
    target: str
    met: bool | None


def median(values: list[float]) -> float:
    return statistics.median(values)


def per_s(value: float) -> str:
    return f"{value:,.0f}/s"


def spread(values: list[float], show: Callable[[float], str]) -> str:
    """The median, then the lowest and highest run: "1,388/s (1,201/s-1,420/s)"."""
    if len(values) < 2:
        return show(median(values))
    return f"{show(median(values))} ({show(min(values))}-{show(max(values))})"


def ms(value: float) -> str:
    return f"{value:.1f} ms"


@dataclass(frozen=True)
class FanOutLoad:
    """A fan-out row: `per_game` subscribers on each of `games` games taking `rate` commands/s in
    all, the subscribers split over `processes` client processes. With `older`, the same crowd
    streams again with StreamEvents (one event a message, as clients before StreamEventBatches)."""

    where: str
    games: int
    per_game: int
    rate: float
    processes: int
    target_ms: int
    older: bool = False


class Bench:
    def __init__(self, runs: int, seconds: float, events: int, games: int, scratch: Path,
                 resources: contextlib.ExitStack) -> None:
        self.runs = runs
        self.seconds = seconds
        self.events = events
        self.games = games
        self.scratch = scratch
        self.resources = resources
        """Closed at the end of the bench: its PostgreSQL server."""
        self.rows: list[Row] = []
        self._postgres: PostgresServer | None = None

    def add(self, figure: str, measured: str, ceiling: str, ratio: str, target: str, met: bool | None) -> None:
        row = Row(figure, measured, ceiling, ratio, target, met)
        self.rows.append(row)
        print(f"  {figure}: {measured} (ceiling {ceiling}, {ratio}; target {target})", flush=True)

    def skipped_without_postgres(self, *figures: str) -> bool:
        """Whether PostgreSQL cannot be started here; if so the figures' rows say why."""
        why = bench_postgres.unavailable()
        for figure in figures if why is not None else ():
            self.rows.append(Row(figure, f"skipped: {why}", "", "", "", None))
            print(f"  {figure}: skipped: {why}", flush=True)
        return why is not None

    @contextlib.contextmanager
    def sqlite_server(self, name: str, *settings: str) -> Iterator[tuple[str, int]]:
        with service.tablerules_server(f"sqlite:///{self.scratch / name}.db", *settings) as running:
            yield running

    @contextlib.contextmanager
    def sqlite_addresses(self, name: str) -> Iterator[list[str]]:
        with self.sqlite_server(name) as (address, _):
            yield [address]

    @contextlib.contextmanager
    def postgres_database(self) -> Iterator[str]:
        """A new database on the bench's throwaway PostgreSQL server (loopback, a free port; started
        at its first use), its schema made as an operator makes it; emptied afterwards."""
        if self._postgres is None:
            self._postgres = self.resources.enter_context(bench_postgres.postgres_server())
        with self._postgres.database() as url:
            upgrade_schema(url)
            yield url

    @contextlib.contextmanager
    def postgres_replicas(self, count: int) -> Iterator[list[str]]:
        """The addresses of `count` tablerules servers sharing a new PostgreSQL database."""
        with self.postgres_database() as url, contextlib.ExitStack() as servers:
            yield [servers.enter_context(service.tablerules_server(url))[0] for _ in range(count)]

    @functools.cached_property
    def long_log(self) -> Log:
        """One ARMORY game of `events` events, for the replays from a file and from a store."""
        return replay_bench.long_log(REGISTRY["armory"], self.events)

    def repeat(self, work: Callable[[int], T]) -> list[T]:
        return [work(run) for run in range(self.runs)]

    # 1. Commands end to end -----------------------------------------------------------

    def end_to_end(self) -> None:
        clients = 8
        per_client = int(self.seconds * 600)  # enough for 4,800 commands/s in all

        def one(run: int) -> tuple[float, ...]:
            with self.sqlite_server(f"e2e-{run}") as (address, pid):
                scripts = [service.script(address, per_client, f"e2e-{run}-{n}") for n in range(clients)]
                full, cpu = service.cpu_per_command(pid, lambda: service.submit_load([address], scripts, self.seconds))
                half = service.submit_load([address], [service.script(address, per_client, f"half-{run}-{n}")
                                                       for n in range(clients)], self.seconds, rate=full.rate / 2)
                alone = service.submit_load([address], [service.script(address, per_client, f"seq-{run}")],
                                            self.seconds)
                reusable = [service.script(address, per_client, f"echo-{run}-{n}") for n in range(clients)]
            with service.echo_server() as (echo_address, echo_pid):
                echo_full, echo_cpu = service.cpu_per_command(
                    echo_pid, lambda: service.submit_load([echo_address], reusable, self.seconds))
                echo_alone = service.submit_load([echo_address], reusable[:1], self.seconds)
            return (full.rate, full.percentile(50), full.percentile(99), half.rate, half.percentile(99),
                    alone.rate, alone.percentile(50), alone.percentile(99), echo_full.rate, echo_alone.rate,
                    cpu, echo_cpu)

        results = self.repeat(one)
        runs = [[r[i] for r in results] for i in range(12)]
        m = [median(values) for values in runs]
        self.add(f"SubmitCommand, {clients} clients on {clients} games, SQLite synchronous=FULL",
                 f"{spread(runs[0], per_s)}, p50 {m[1]:.1f} ms, p99 {m[2]:.1f} ms", f"echo servicer {per_s(m[8])}",
                 f"{m[0] / m[8]:.0%}", ">= 50% of the echo ceiling", all(r[0] >= r[8] / 2 for r in results))
        self.add("SubmitCommand at half that load", f"{per_s(m[3])}, p99 {spread(runs[4], ms)}", "", "",
                 "p99 < 10 ms", all(r[4] < 10 for r in results))
        self.add("SubmitCommand, 1 sequential client", f"{spread(runs[5], per_s)}, p50 {m[6]:.1f} ms, "
                 f"p99 {m[7]:.1f} ms", f"echo servicer {per_s(m[9])}", f"{m[5] / m[9]:.0%}", "", None)
        # CPU time from /proc counts only the server's own work, so it holds on a busy machine.
        self.add(f"the server's CPU per SubmitCommand ({clients} clients, from /proc)",
                 spread(runs[10], lambda us: f"{us:,.0f} µs"), f"echo servicer {m[11]:,.0f} µs",
                 f"{m[10] / m[11]:.1f}x", "", None)

    # 1b. Commands on PostgreSQL: one replica, and two sharing the database ----------------

    def pg_end_to_end(self) -> None:
        clients = 8
        per_client = int(self.seconds * 600)
        alone = f"SubmitCommand, {clients} clients on {clients} games, PostgreSQL, 1 replica"
        shared = f"the same on 2 replicas sharing the database ({clients // 2} clients on each)"
        if self.skipped_without_postgres(alone, shared):
            return

        def one(run: int) -> tuple[float, ...]:
            measured: list[float] = []
            for replicas in (1, 2):
                with self.postgres_replicas(replicas) as addresses:
                    scripts = [service.script(addresses[n % replicas], per_client, f"pg{replicas}-{run}-{n}")
                               for n in range(clients)]
                    load = service.submit_load(addresses, scripts, self.seconds)
                measured += [load.rate, load.percentile(50), load.percentile(99)]
            with service.echo_server() as (echo_address, _):  # the echo servicer answers any script
                measured.append(service.submit_load([echo_address], scripts, self.seconds).rate)
            return tuple(measured)

        results = self.repeat(one)
        runs = [[r[i] for r in results] for i in range(7)]
        m = [median(values) for values in runs]
        ceiling = f"echo servicer {per_s(m[6])}"
        self.add(alone, f"{spread(runs[0], per_s)}, p50 {m[1]:.1f} ms, p99 {m[2]:.1f} ms", ceiling,
                 f"{m[0] / m[6]:.0%}", "", None)
        self.add(shared, f"{spread(runs[3], per_s)}, p50 {m[4]:.1f} ms, p99 {m[5]:.1f} ms "
                 f"({m[3] / m[0]:.2f}x 1 replica)", ceiling, f"{m[3] / m[6]:.0%}", "", None)

    # 1c. Commands while strangers' logs are checked ----------------------------------

    def log_checks(self) -> None:
        clients, callers = 8, 4
        per_client = int(self.seconds * 600)
        # The largest log the default request limit admits: an operator's export, so
        # every check re-decides every command.
        game = REGISTRY["armory"]
        log = replay_bench.long_log(game, 6_000)
        while len(text := log.text().encode()) > 4 * 1024 * 1024 - 1024:
            log = type(log)(header=log.header, envelopes=log.envelopes[:len(log.envelopes) * 9 // 10])
        text_mb = len(text) / 1024 / 1024

        def one(run: int) -> tuple[float, ...]:
            # The callers stand for four strangers at four addresses; here they share one.
            with self.sqlite_server(f"logs-{run}", "--log-per-caller", str(callers)) as (address, _):
                quiet = service.submit_load([address], [service.script(address, per_client, f"quiet-{run}-{n}")
                                                        for n in range(clients)], self.seconds, rate=400)
                scripts = [service.script(address, per_client, f"busy-{run}-{n}") for n in range(clients)]
                with service.log_pressure(address, text.decode(), callers) as pressure:
                    busy = service.submit_load([address], scripts, self.seconds, rate=400)
            return quiet.percentile(99), busy.percentile(99), busy.rate, pressure.checked, pressure.refused

        results = self.repeat(one)
        quiet, busy, rate, checked, refused = (median([r[i] for r in results]) for i in range(5))
        self.add(f"SubmitCommand p99 at 400/s while {callers} anonymous callers send {text_mb:.1f} MB logs to "
                 "VerifyLog nonstop", f"{spread([r[1] for r in results], ms)} ({rate:.0f}/s sent; {checked:.0f} "
                 f"logs checked, {refused:.0f} calls refused as busy)", f"without the logs: p99 {quiet:.1f} ms",
                 f"{busy / quiet:.1f}x" if quiet else "", "p99 < 10 ms", all(r[1] < 10 for r in results))

    # 1d. Commands while a long game is exported and caught up ---------------------------

    def long_game(self) -> None:
        clients, exporters, followers, rate = 8, 8, 8, 100
        per_client = int(self.seconds * 600)
        # A game at the server's longest (--max-game-events), under way: random play does not
        # finish one that long. Its operator's export costs the server what a finished
        # game's export by anybody does.
        log = replay_bench.long_log(REGISTRY["armory"], MAX_GAME_EVENTS)
        text_mb = len(log.text().encode()) / 1024 / 1024

        def one(run: int) -> tuple[tuple[float, ...], ...]:
            path = self.scratch / f"long-{run}.db"
            store = GameStore(f"sqlite:///{path}")
            try:
                game_id = replay_bench.store_log(store, log)
            finally:
                store.close()
            measured = []
            with service.tablerules_server(f"sqlite:///{path}") as (address, pid):
                with Client(address) as client:
                    client.view(game_id)  # loaded once, as a game people watch is
                quiet = service.submit_load([address], [service.script(address, per_client, f"calm-{run}-{n}")
                                                        for n in range(clients)], self.seconds, rate=rate)
                idle = service.resident_mb(pid)
                for in_pieces in (False, True):
                    scripts = [service.script(address, per_client, f"heavy-{run}-{in_pieces}-{n}")
                               for n in range(clients)]
                    with service.heavy_pressure(address, pid, game_id, len(log.envelopes), exporters, followers,
                                                in_pieces) as pressure:
                        busy = service.submit_load([address], scripts, self.seconds, rate=rate)
                    measured.append((quiet.percentile(99), busy.percentile(99), busy.rate, pressure.exports,
                                     pressure.refused, idle, pressure.peak_mb, pressure.megabytes / busy.seconds))
            return tuple(measured)

        results = self.repeat(one)
        for way, how in enumerate(("whole (ExportLog)", "in pieces (ExportLogChunks)")):
            runs = [r[way] for r in results]
            quiet, busy, sent, exports, refused, idle, peak, served = (median([r[i] for r in runs]) for i in range(8))
            self.add(f"SubmitCommand p99 at {rate}/s while {exporters} callers export {how} and {followers} catch up "
                     f"on a {len(log.envelopes):,}-event game ({text_mb:.0f} MB log) nonstop",
                     f"{spread([r[1] for r in runs], ms)} ({sent:.0f}/s sent; {exports:.0f} exports done, "
                     f"{served:.0f} MB/s sent to the callers, {refused:.0f} calls refused as busy; server memory "
                     f"{idle:,.0f} MB before, {peak:,.0f} MB at most)",
                     f"without them: p99 {quiet:.1f} ms", f"{busy / quiet:.1f}x" if quiet else "",
                     "p99 < 2x without them", all(r[1] < 2 * r[0] for r in runs))

    # 2. Replay and verify ---------------------------------------------------------------

    def replay(self) -> None:
        game = REGISTRY["armory"]
        log = self.long_log
        path = self.scratch / "long.jsonl"
        path.write_text(log.text(), encoding="utf-8")
        results = self.repeat(lambda run: (replay_bench.replay_rate(game, lambda: path.read_bytes().splitlines()),
                                           replay_bench.verify_rate(game, path), replay_bench.library_rate(log)))
        replayed, verified, library = (median([r[i] for r in results]) for i in range(3))
        ceiling = f"eventsourcing repository.get {per_s(library)}"
        self.add(f"replay of a {len(log.envelopes):,}-event ARMORY log file", spread([r[0] for r in results], per_s),
                 ceiling, f"{replayed / library:.2f}x", ">= 200,000/s and >= 3x",
                 all(r[0] >= 200_000 and r[0] >= 3 * r[2] for r in results))
        self.add("verify of the same file (every command re-decided)", spread([r[1] for r in results], per_s),
                 ceiling, f"{verified / library:.2f}x", "", None)

    def pg_replay(self) -> None:
        figure = "replay of the same game stored in PostgreSQL (its rows in one query, then replayed as the file)"
        if self.skipped_without_postgres(figure):
            return
        game, log = REGISTRY["armory"], self.long_log
        with self.postgres_database() as url, self.postgres_database() as library_url:
            store = GameStore(url)
            try:
                game_id = replay_bench.store_log(store, log)

                def one(run: int) -> tuple[float, float, float]:
                    began = time.perf_counter()
                    read = len(replay_bench.stored_lines(store, game_id)) / (time.perf_counter() - began)
                    return (replay_bench.replay_rate(game, lambda: replay_bench.stored_lines(store, game_id)), read,
                            replay_bench.library_rate(log, library_url))

                results = self.repeat(one)
            finally:
                store.close()
        replayed, read, library = (median([r[i] for r in results]) for i in range(3))
        self.add(figure,
                 f"{spread([r[0] for r in results], per_s)}; the query alone {per_s(read)}",
                 f"eventsourcing repository.get on PostgreSQL {per_s(library)}", f"{replayed / library:.2f}x", "", None)

    # 3. Cost versus game length ---------------------------------------------------------

    def length(self) -> None:
        far = 10_000
        measured_commands = 50

        def one(run: int) -> tuple[float, ...]:
            with self.sqlite_server(f"length-{run}") as (address, _):
                source = service.script(address, 0, f"length-{run}")
                early = service.imported_at(address, source, 10, measured_commands)
                late = service.imported_at(address, source, far, measured_commands)
                return service.time_per_command(address, early), service.time_per_command(address, late)

        results = self.repeat(one)
        early, late = median([r[0] for r in results]), median([r[1] for r in results])
        self.add(f"SubmitCommand at move {far:,} of one game (median of {measured_commands})",
                 spread([r[1] for r in results], lambda value: f"{value:.2f} ms"), f"at move 10: {early:.2f} ms",
                 f"{late / early:.2f}", "ratio <= 1.2", all(r[1] / r[0] <= 1.2 for r in results))

    # 4. Fan-out ---------------------------------------------------------------------

    def fan_out(self) -> None:
        self.fan_out_row(FanOutLoad("one game", 1, 100, 100.0, 1, 50, older=True),
                         lambda run: self.sqlite_addresses(f"fanout-{run}"))
        self.fan_out_row(FanOutLoad("100 games (10 on each)", 100, 10, 200.0, 4, 100),
                         lambda run: self.sqlite_addresses(f"spread-{run}"))

    def pg_fan_out(self) -> None:
        figure = "fan-out across 2 replicas of one PostgreSQL database"
        if not self.skipped_without_postgres(figure):
            self.fan_out_row(FanOutLoad("one game on 2 replicas of one PostgreSQL database (commands to replica A, "
                                        "the subscribers on replica B)", 1, 100, 100.0, 1, 50),
                             lambda run: self.postgres_replicas(2))

    def fan_out_row(self, load: FanOutLoad,
                    servers: Callable[[int], contextlib.AbstractContextManager[list[str]]]) -> None:
        """`servers(run)` gives the addresses: commands go to the first, the subscribers stream from the last."""
        per_game_commands = math.ceil(load.rate * self.seconds / load.games)

        def measured(addresses: list[str], name: str, per_game: int, batches: bool = True) -> service.FanOut:
            scripts = [service.script(addresses[0], per_game_commands, f"{name}-{n}") for n in range(load.games)]
            return service.fan_out(addresses[0], scripts, per_game, load.rate, load.processes, addresses[-1], batches)

        def one(run: int) -> tuple[service.FanOut, service.FanOut, service.FanOut | None]:
            with servers(run) as addresses:
                return (measured(addresses, f"fan-{run}", load.per_game), measured(addresses, f"one-{run}", 1),
                        measured(addresses, f"old-{run}", load.per_game, batches=False) if load.older else None)

        results = self.repeat(one)
        crowds = [crowd for crowd, _, _ in results]
        crowd, single = median([c.percentile(99) for c in crowds]), median([s.percentile(99) for _, s, _ in results])
        complete = all(c.complete for c in crowds)
        olders = [older for _, _, older in results if older is not None]
        older = (f"; StreamEvents, one event a message (older clients): p99 "
                 f"{spread([o.percentile(99) for o in olders], ms)} at {median([o.rate for o in olders]):.0f} "
                 f"commands/s sent{'' if all(o.complete for o in olders) else ', NOT every event'}") if olders else ""
        alone = "1 subscriber" if load.games == 1 else "1 subscriber per game"
        self.add(f"fan-out: {load.games * load.per_game:,} subscribers, {load.where} at {load.rate:.0f} commands/s",
                 f"p99 delay {spread([c.percentile(99) for c in crowds], ms)} at "
                 f"{median([c.rate for c in crowds]):.0f} commands/s sent, "
                 f"{'every' if complete else 'NOT every'} event to every subscriber, once, in order; subscribers "
                 f"in {load.processes} process{'es' if load.processes > 1 else ''}, the busiest at "
                 f"{max(c.client_cpu for c in crowds):.0%} of a core, loop lag p99 "
                 f"{max(c.client_lag for c in crowds):.1f} ms{older}",
                 f"{alone}: p99 {single:.1f} ms", f"{crowd / single:.1f}x" if single else "",
                 f"p99 < {load.target_ms} ms, nothing lost, the full rate sent",
                 complete and all(c.percentile(99) < load.target_ms and c.rate >= 0.95 * load.rate for c in crowds))

    # 5. Rules speed ------------------------------------------------------------------

    def rules(self) -> None:
        ceiling = median([r[0] for r in self.repeat(lambda run: rules_speed(NULL_GAME, 2, self.seconds / 2))])
        armory_rules: list[float] = []
        for name, game in REGISTRY.items():
            results = self.repeat(lambda run, game=game: rules_speed(game, 2, self.seconds))  # type: ignore[misc]
            commands, games = median([r[0] for r in results]), median([r[1] for r in results])
            if name == "armory":
                armory_rules = [r[0] for r in results]
            self.add(f"rules speed, {name}, 2 seats (random play in process: legal commands, decide, evolve)",
                     f"{spread([r[0] for r in results], per_s)} commands, {games:,.1f} games/s",
                     f"null game {per_s(ceiling)} commands", f"{commands / ceiling:.0%}", ">= 20,000 commands/s",
                     all(r[0] >= 20_000 for r in results))
        # What a live game pays beside the rules: envelopes, their hashes and the state hash.
        kernel_ceiling = median(self.repeat(lambda run: kernel_speed(NULL_GAME, 2, self.seconds / 2)))
        kernel = self.repeat(lambda run: kernel_speed(REGISTRY["armory"], 2, self.seconds))
        armory = median(kernel)
        self.add("the same ARMORY play through the kernel (envelopes, hash chain, state hash)", spread(kernel, per_s),
                 f"null game {per_s(kernel_ceiling)}", f"{armory / kernel_ceiling:.0%}", "", None)
        # The kernel's own cost per command: the time through the kernel less the rules' time, run by run.
        overheads = [1e6 / through - 1e6 / rules for through, rules in zip(kernel, armory_rules, strict=True)]
        rules_time = [1e6 / rules for rules in armory_rules]
        self.add("the kernel's cost per ARMORY command beside the rules' (envelopes, hash chain, state hash)",
                 spread(overheads, lambda value: f"{value:.0f} µs"),
                 f"the rules: {median(rules_time):.0f} µs", f"{median(overheads) / median(rules_time):.0%}",
                 "<= 50% of the rules' time",
                 all(over <= rules / 2 for over, rules in zip(overheads, rules_time, strict=True)))

    # 6. Memory --------------------------------------------------------------------------

    def memory(self) -> None:
        with self.sqlite_server("memory") as (address, pid):
            idle = service.resident_mb(pid)
            opened = service.open_games(address, self.games, seconds=300)
            loaded = service.resident_mb(pid)
        per_game = (loaded - idle) * 1024 / max(opened, 1)
        self.add(f"resident memory with {opened:,} games open", f"{loaded:,.0f} MB ({per_game:,.0f} KB per game)",
                 f"idle server {idle:,.0f} MB", f"{loaded / idle:.1f}x", "< 2 GB", loaded < 2048)


def machine() -> str:
    cpu = "unknown CPU"
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as info:
        cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), cpu)
    cores = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout.strip() or "?"
    return (f"{cpu}, {cores} cores; {platform.system()} {platform.release()}; "
            f"{platform.python_implementation()} {platform.python_version()}; grpcio {version('grpcio')}, "
            f"eventsourcing {version('eventsourcing')}, SQLite {__import__('sqlite3').sqlite_version}"
            f"{', ' + bench_postgres.version() if bench_postgres.unavailable() is None else ''}")


def render(bench: Bench, elapsed: float) -> str:
    lines = [
        "# Performance",
        "",
        f"Written by `make bench` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC in {elapsed / 60:.1f} minutes. "
        f"Each figure is the median of {bench.runs} runs, the lowest and highest run in brackets; a target is "
        f"met only when every run meets it; its ceiling was measured in the same run.",
        "",
        f"Machine: {machine()}.",
        "",
        "| figure | measured | ceiling (same run) | ratio | target | met |",
        "|---|---|---|---|---|---|",
    ]
    marks = {True: "yes", False: "**no**", None: ""}
    lines += [f"| {r.figure} | {r.measured} | {r.ceiling} | {r.ratio} | {r.target} | {marks[r.met]} |"
              for r in bench.rows]
    lines += ["", "What each figure measures and how: `bench/` and docs/performance-record.md.", ""]
    return "\n".join(lines)


FIGURES = ("rules", "replay", "pg_replay", "end_to_end", "pg_end_to_end", "log_checks", "long_game", "length",
           "fan_out", "pg_fan_out", "memory")
"""In the table's order; the pg_ figures start a throwaway PostgreSQL server (skipped, with a row
saying why, where it cannot be started)."""


def main() -> None:
    parser = argparse.ArgumentParser(description="tablerules benchmarks: figures beside their ceilings")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (the median and the spread are "
                        "reported; a target is met when every run meets it)")
    parser.add_argument("--seconds", type=float, default=4.0, help="duration of each timed load")
    parser.add_argument("--events", type=int, default=100_000, help="length of the replayed log")
    parser.add_argument("--games", type=int, default=10_000, help="games open for the memory figure")
    parser.add_argument("--only", choices=FIGURES, action="append", help="measure only these figures")
    parser.add_argument("--out", default="docs/PERFORMANCE.md", help="where to write the table ('-': nowhere)")
    args = parser.parse_args()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tablerules-bench-") as scratch, contextlib.ExitStack() as resources:
        bench = Bench(args.runs, args.seconds, args.events, args.games, Path(scratch), resources)
        for figure in args.only or FIGURES:
            print(f"{figure}...", flush=True)
            getattr(bench, figure)()
    text = render(bench, time.perf_counter() - began)
    print(text)
    if args.out != "-":
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
