"""The subscriber side of the fan-out bench (bench/service.py, fan_out): a process of
streams that records when each event arrived, and how busy the process was.

`python -m bench.subscribers` reads its plan as a JSON line on stdin, prints "ready"
once every stream is open, then reads each game's last version as a JSON line, and
prints its report as a JSON line once its streams hold them. A process of its own
(not multiprocessing's spawn, which imports the bench's whole main module into each
child) starts in a fraction of a second: it imports only gRPC and the generated code.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from collections.abc import Callable

import grpc

from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc

Plan = tuple[str, int, str | None]
"""A subscriber's game, the version its stream starts after, and its token (None: a spectator)."""
Report = tuple[list[list[tuple[int, float]]], float, float]
"""What a subscriber process reports: each stream's (seq, time received), its share of a core
while the load ran, and its event loop's lag p99 in ms."""


async def _subscribe(address: str, plans: list[Plan], batches: bool, patience: float) -> Report:
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
        print("ready", flush=True)
        tasks.append(asyncio.create_task(probe()))
        cpu, wall = time.process_time(), time.monotonic()
        finals: dict[str, int] = json.loads(await asyncio.to_thread(sys.stdin.readline))
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


def main() -> None:
    address, plans, batches, patience = json.loads(sys.stdin.readline())
    report = asyncio.run(_subscribe(address, [(game_id, after, token) for game_id, after, token in plans], batches,
                                    patience))
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
