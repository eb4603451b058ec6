"""Heavy work in the serving process, bounded: exports, catch-ups from the store, and
logs read from the store for ReplayLog, VerifyLog and ForkGame.

Anybody may make a long game and then ask for it whole, from many connections at
once. Such work runs in pieces (a page of a catch-up or an export; a whole log where
the reply holds it whole: service/pages.py), `running` pieces at a time in the whole
server; the others wait their turn, first come first served, holding nothing but their
place. A call whose first piece would find `waiting` others already waiting is refused
with RESOURCE_EXHAUSTED; a call under way is never refused half way (a stream's later
pages wait their turn), and a stream that stops reading holds no turn while its
messages wait to be sent.

A piece of a long game runs in one of `running` worker processes, which open the store
themselves (a SQLite file, a PostgreSQL database) and hand back bytes ready to send:
in the serving process, converting a page of events holds the interpreter lock that
the event loop needs for every command, and with it a thread of heavy work doubled
the commands' p99 where a process leaves it as it was (bench `long_game`). A piece of a
short game (SMALL_WORK events or fewer), or any piece where the store is in this
process's memory, runs on a thread instead: it costs less than the trip to a process.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from service.errors import ResourceExhausted, Unavailable
from service.logjobs import watch_parent
from service.schema import Policy
from service.store import GameStore

T = TypeVar("T")

SMALL_WORK = 1000
"""Events a piece of work may span and still run on a thread of the serving process."""

_store: GameStore | None = None
"""A worker process's own store."""


def _worker_start(url: str) -> None:
    """A heavy-work process's start: a low CPU priority (the games' commands come first where
    cores are few; no interpreter lock is shared, so nothing waits on it), a watch on the
    server so that it does not outlive it, and the store opened to read."""
    global _store
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True, name="parent-watch").start()
    os.nice(10)
    _store = GameStore(url, Policy.CURRENT)


def _in_worker(work: Callable[..., T], *args: Any) -> T:
    assert _store is not None, "a heavy-work process opens its store as it starts"
    return work(_store, *args)


class HeavyWork:
    """Turns for heavy pieces of work; use on the server's event loop."""

    def __init__(self, running: int = 2, waiting: int = 32) -> None:
        if running < 1 or waiting < 0:
            raise ValueError("heavy work needs at least 1 running and a waiting count of 0 or more")
        self.running = running
        self.waiting = waiting
        self._busy = 0
        self._queue: deque[asyncio.Future[None]] = deque()
        self._threads = ThreadPoolExecutor(running, thread_name_prefix="heavy")
        self._processes: ProcessPoolExecutor | None = None
        self._store: GameStore | None = None
        self._shared_url: str | None = None

    def attach(self, store: GameStore) -> None:
        """The store the work reads: a file or a database other processes may open too, or
        the serving process's memory."""
        self._store = store
        self._shared_url = None if store.url == "memory:" else store.url

    @property
    def busy(self) -> int:
        return self._busy

    @property
    def queued(self) -> int:
        return sum(1 for waiter in self._queue if not waiter.done())

    async def run(self, work: Callable[..., T], *args: Any, starting: bool = True, events: int = 0) -> T:
        """work(store, *args) in its turn; `events` is how many events it spans. A `starting`
        call (its first piece) is refused when too many wait; its turn lasts until the work
        is done, even if the caller leaves meanwhile, so that no more than `running` pieces
        ever run."""
        async with self._turn(starting):
            executor, call = self._where(events)
            done = asyncio.get_running_loop().run_in_executor(executor, call, work, *args)
            try:
                return await asyncio.shield(done)
            except asyncio.CancelledError:
                await asyncio.wait([done])  # the work cannot be stopped: the turn ends with it
                raise
            except BrokenProcessPool:
                self._recycle(executor)
                raise Unavailable("the process reading this game stopped (killed, or out of memory); "
                                  "a retry starts another") from None

    def _where(self, events: int) -> tuple[Executor, Callable[..., Any]]:
        """Where a piece runs: a worker process for a long game's, a thread for the rest."""
        if self._shared_url is None or events <= SMALL_WORK:
            assert self._store is not None, "attach() the store first"
            store = self._store
            return self._threads, lambda work, *args: work(store, *args)
        if self._processes is None:
            self._processes = ProcessPoolExecutor(self.running, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_worker_start, initargs=(self._shared_url,))
        return self._processes, _in_worker

    def _recycle(self, executor: Executor) -> None:
        if executor is self._processes:
            self._processes = None
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._threads.shutdown(wait=True, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=True, cancel_futures=True)
            self._processes = None

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
