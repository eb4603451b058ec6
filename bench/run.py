"""Measure tablerules: end-to-end commands/s on durable SQLite, replay and verify
speed from a log file, and in-process rules speed. Prints a table; `--out FILE`
writes it as Markdown too.

Every loop is bounded in count and time; the server listens on loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from domain.games import REGISTRY
from domain.kernel import Log, Session, StartGame, parse_log, replay, seed_commitment, verify
from domain.kernel.log import Header
from tablerules_client import Client

OPERATOR = "bench-operator"


def rules_speed(name: str, seconds: float) -> tuple[float, float, Log]:
    """Random legal play in-process: (commands/s, games/s) and the last game's log."""
    game = REGISTRY[name]
    chooser = random.Random(1)
    commands = games = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    log: Log | None = None
    while time.perf_counter() < deadline or log is None:
        seed = f"bench-{games}"
        header = Header(f"bench-{games}", name, game.ruleset.version, ("a", "b"),
                        {o.name: o.default for o in game.ruleset.options}, game.ruleset.contents[0],
                        seed_commitment(seed), "2026-01-01T00:00:00Z")
        session, created = Session.create(game, header)
        session, envelopes = session.execute(StartGame(seat=0), "start", seed)
        envelopes = [created, *envelopes]
        while not session.finished:
            seat = chooser.choice(list(game.status(session.state).to_act))
            command = chooser.choice(game.legal_commands(session.state, seat))
            session, produced = session.execute(command, f"c{commands}", seed)
            envelopes.extend(produced)
            commands += 1
        games += 1
        log = Log(header=header, envelopes=tuple(envelopes))
    elapsed = time.perf_counter() - started
    return commands / elapsed, games / elapsed, log


def long_log(name: str, minimum_events: int) -> Log:
    """One game with the turn cap lifted, played until its log has minimum_events."""
    game = REGISTRY[name]
    chooser = random.Random(2)
    seed = "long"
    options = {o.name: o.default for o in game.ruleset.options}
    if "turn_limit" in options:
        options["turn_limit"] = 0
    header = Header("long", name, game.ruleset.version, ("a", "b"), options, game.ruleset.contents[0],
                    seed_commitment(seed), "2026-01-01T00:00:00Z")
    session, created = Session.create(game, header)
    session, envelopes = session.execute(StartGame(seat=0), "start", seed)
    envelopes = [created, *envelopes]
    count = 0
    while len(envelopes) < minimum_events and not session.finished:
        state = session.state
        seat = chooser.choice(list(game.status(state).to_act))
        legal = game.legal_commands(state, seat)
        # Steer away from the winning move so the game goes on.
        safe = [c for c in legal if c.type_name() != "CastAttack"] or legal
        session, produced = session.execute(chooser.choice(safe), f"c{count}", seed)
        envelopes.extend(produced)
        count += 1
    return Log(header=header, envelopes=tuple(envelopes))


@contextlib.contextmanager
def server_process(storage: str) -> Iterator[int]:
    """`tablerules serve` in its own process (so the load does not share its GIL); yields the port."""
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--storage", storage],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "TABLERULES_OPERATOR_TOKEN": OPERATOR})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        yield int(line.split(" on ")[1].split()[0].rsplit(":", 1)[1])
    finally:
        process.terminate()
        process.wait(30)


def end_to_end(clients: int, seconds: float, storage: str) -> tuple[float, list[float]]:
    """SubmitCommand over loopback gRPC, `clients` threads each on its own game.

    Each command is chosen from a GetView of its seat; the rate counts commands only,
    the latencies are those of SubmitCommand alone.
    """
    with server_process(storage) as port:
        return _load(port, clients, seconds)


def _load(port: int, clients: int, seconds: float) -> tuple[float, list[float]]:
    latencies: list[float] = []
    done = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def player(index: int) -> None:
        chooser = random.Random(index)
        with Client(f"127.0.0.1:{port}") as client:
            while time.perf_counter() < deadline:
                created = client.create_game("armory", ["a", "b"], seed=f"e2e-{index}-{done[0]}")
                tokens = {s.seat: s.token for s in created.seats}
                while time.perf_counter() < deadline:
                    view = client.view(created.game_id)
                    if view.status.finished:
                        break
                    seat = chooser.choice(list(view.status.to_act))
                    seat_view = client.view(created.game_id, tokens[seat])
                    picked = chooser.choice(list(seat_view.legal_commands))
                    began = time.perf_counter()
                    client.seat(created.game_id, tokens[seat]).submit(picked)
                    with lock:
                        latencies.append(time.perf_counter() - began)
                        done[0] += 1

    threads = [threading.Thread(target=player, args=(i,)) for i in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 30)
    elapsed = time.perf_counter() - began
    return done[0] / elapsed, latencies


def timed(work: Callable[[], Any]) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description="tablerules benchmarks")
    parser.add_argument("--seconds", type=float, default=10.0, help="duration of each timed loop")
    parser.add_argument("--events", type=int, default=100_000, help="length of the long log for replay")
    parser.add_argument("--out", help="also write the table as Markdown here")
    args = parser.parse_args()
    rows: list[tuple[str, str]] = []

    commands_per_s, games_per_s, _ = rules_speed("armory", args.seconds)
    rows.append(("rules speed, armory (in-process random play)", f"{commands_per_s:,.0f} commands/s, "
                                                                 f"{games_per_s:,.1f} games/s"))
    with tempfile.TemporaryDirectory() as scratch:
        log = long_log("armory", args.events)
        path = Path(scratch) / "long.jsonl"
        path.write_text(log.text(), encoding="utf-8")
        game = REGISTRY["armory"]
        replay_seconds = timed(lambda: replay(game, parse_log(path.read_text().splitlines())))
        rows.append((f"replay from file ({len(log.envelopes):,} events)",
                     f"{len(log.envelopes) / replay_seconds:,.0f} events/s"))
        seeded = Log(header=dataclasses.replace(log.header, seed="long"), envelopes=log.envelopes)
        verify_seconds = timed(lambda: verify(game, seeded))
        rows.append((f"verify from file ({len(log.envelopes):,} events)",
                     f"{len(log.envelopes) / verify_seconds:,.0f} events/s"))
        for clients in (1, 8):
            rate, latencies = end_to_end(clients, args.seconds, f"sqlite:///{Path(scratch) / f'e2e{clients}.db'}")
            cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [0.0] * 99
            rows.append((f"SubmitCommand end to end, SQLite synchronous=FULL, {clients} client(s)",
                         f"{rate:,.0f} commands/s, p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms"))

    machine = f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    table = ["| figure | measured |", "|---|---|", *[f"| {k} | {v} |" for k, v in rows]]
    text = f"Machine: {machine}\n\n" + "\n".join(table) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
