"""Heavy work in the serving process, bounded: exports, catch-ups from the store, and
logs read from the store for ReplayLog, VerifyLog and ForkGame.

Anybody may make a long game and then ask for it whole, from many connections at
once. Such work runs in pieces (a page of a catch-up or an export; a whole log where
the reply holds it whole), each on a worker thread, `running` pieces at a time in the
whole server; the others wait their turn, first come first served, holding nothing
but their place. A call whose first piece would find `waiting` others already waiting
is refused with RESOURCE_EXHAUSTED; a call under way is never refused half way (a
stream's later pages wait their turn). The event loop, where commands are decided,
never does this work, and a stream that stops reading holds no turn while its
messages wait to be sent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from service.errors import ResourceExhausted

T = TypeVar("T")


class HeavyWork:
    """Turns for heavy pieces of work; use on the server's event loop."""

    def __init__(self, running: int = 2, waiting: int = 32) -> None:
        if running < 1 or waiting < 0:
            raise ValueError("heavy work needs at least 1 running and a waiting count of 0 or more")
        self.running = running
        self.waiting = waiting
        self._busy = 0
        self._queue: deque[asyncio.Future[None]] = deque()

    @property
    def busy(self) -> int:
        return self._busy

    @property
    def queued(self) -> int:
        return sum(1 for waiter in self._queue if not waiter.done())

    async def run(self, work: Callable[..., T], *args: Any, starting: bool = True) -> T:
        """work(*args) on a worker thread in its turn. A `starting` call (its first piece)
        is refused when too many wait; its turn lasts until the thread is done, even if
        the caller leaves meanwhile, so that no more than `running` threads ever work."""
        async with self._turn(starting):
            done = asyncio.ensure_future(asyncio.to_thread(work, *args))
            try:
                return await asyncio.shield(done)
            except asyncio.CancelledError:
                await asyncio.wait([done])  # the thread cannot be stopped: the turn ends with it
                raise

    @contextlib.asynccontextmanager
    async def _turn(self, starting: bool) -> AsyncIterator[None]:
        if self._busy < self.running and not self.queued:
            self._busy += 1
        else:
            if starting and self.queued >= self.waiting:
                raise ResourceExhausted(
                    f"the server is already busy with {self._busy} exports or catch-ups of long games and "
                    f"{self.queued} waiting (at most {self.running} at once and {self.waiting} waiting: "
                    "TABLERULES_HEAVY_CALLS, TABLERULES_HEAVY_WAITING); retry later")
            waiter = asyncio.get_running_loop().create_future()
            self._queue.append(waiter)
            try:
                await waiter  # the turn is handed over by _release, the busy count with it
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self._release()  # handed over just as the caller left: pass it on
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        while self._queue:
            waiter = self._queue.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._busy -= 1
