"""The subscriber side of the fan-out bench (bench/service.py, fan_out): one process of
streams that records when each event arrived, and how busy the process was."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

import grpc

from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc

Plan = tuple[str, int, str | None]
"""A subscriber's game, the version its stream starts after, and its token (None: a spectator)."""
Report = tuple[list[list[tuple[int, float]]], float, float]
"""What a subscriber process reports: each stream's (seq, time received), its share of a core
while the load ran, and its event loop's lag p99 in ms."""


def receive(pipe: Connection, timeout: float) -> Any:
    """The next thing sent through the pipe, waiting at most `timeout` seconds."""
    if not pipe.poll(timeout):
        raise TimeoutError(f"no word from a subscriber process in {timeout:.0f} s")
    return pipe.recv()


def run(pipe: Connection, address: str, plans: list[Plan], batches: bool, patience: float) -> None:
    """A subscriber process's work: the planned streams, its report sent through the pipe."""
    pipe.send(asyncio.run(_subscribe(pipe, address, plans, batches, patience)))


async def _subscribe(pipe: Connection, address: str, plans: list[Plan], batches: bool, patience: float) -> Report:
    """Open the planned streams, say so, then record every event until told each game's
    last version and holding it (or `patience` runs out)."""
    received: list[list[tuple[int, float]]] = [[] for _ in plans]
    lags: list[float] = []
    async with grpc.aio.insecure_channel(address) as channel:
        stub = pb_grpc.TablerulesStub(channel)

        async def subscriber(plan: Plan, mine: list[tuple[int, float]]) -> None:
            game_id, after, token = plan
            metadata = (("authorization", f"Bearer {token}"),) if token else ()
            method = stub.StreamEventBatches if batches else stub.StreamEvents
            async for message in method(pb.StreamEventsRequest(game_id=game_id, from_version=after),
                                        metadata=metadata, timeout=patience):
                at = time.monotonic()
                mine.extend((envelope.seq, at) for envelope in (message.events if batches else [message]))

        async def probe() -> None:
            while True:
                due = time.monotonic() + 0.005
                await asyncio.sleep(0.005)
                lags.append(time.monotonic() - due)

        tasks = [asyncio.create_task(subscriber(plan, mine)) for plan, mine in zip(plans, received, strict=True)]
        await _until(lambda: all(received), 60)
        pipe.send("ready")
        tasks.append(asyncio.create_task(probe()))
        cpu, wall = time.process_time(), time.monotonic()
        finals: dict[str, int] = await asyncio.to_thread(receive, pipe, patience)
        await _until(lambda: all(bool(mine) and mine[-1][0] >= finals.get(plan[0], 0)
                                 for plan, mine in zip(plans, received, strict=True)), 10)
        share = (time.process_time() - cpu) / (time.monotonic() - wall)
        for task in tasks:
            task.cancel()  # cancels its call too
        await asyncio.gather(*tasks, return_exceptions=True)
    return received, share, statistics.quantiles(lags, n=100)[98] * 1000 if len(lags) > 2 else 0.0


async def _until(done: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
