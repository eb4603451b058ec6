"""Heavy work in the serving process, bounded: exports, catch-ups from the store, and
logs read from the store for ReplayLog, VerifyLog and ForkGame.

Anybody may make a long game and then ask for it whole, from many connections at
once. Each such call is admitted first: at most `running + waiting` are under way at
once (from the first piece of its work until its last message is sent), and of those
at most `running` hold a whole log (ExportLog's one reply, a stored game's log for the
log RPCs); one more is refused with RESOURCE_EXHAUSTED, a call under way never is. So
what they hold is bounded: a whole log each, or a page each for the others, however
slowly their callers read.

Their work runs in pieces (a page of a catch-up or an export; a whole log where the
reply holds it whole: service/pages.py), `running` pieces at a time in the whole
server, in turns, first come first served. A piece of a long game runs in one of
`running` worker processes, which open the store themselves (a SQLite file, a
PostgreSQL database) and hand back bytes ready to send: in the serving process,
converting a page of events holds the interpreter lock that the event loop needs for
every command, and with it a thread of heavy work still had the commands' p99 at 3 to
7 times its quiet value (bench `long_game`). A piece of a short game (SMALL_WORK events
or fewer), or any piece where the store is in this process's memory, runs on a thread
instead: it costs less than the trip to a process.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from service.errors import ResourceExhausted, Unavailable
from service.logjobs import watch_parent
from service.schema import Policy
from service.store import GameStore

T = TypeVar("T")

SMALL_WORK = 1000
"""Events a piece of work may span and still run on a thread of the serving process."""

SPILLED_BYTES = 1024 * 1024
"""A process's result at least this large (a whole log) comes back through a file in a
private directory in memory, which the serving process reads without holding the
interpreter lock: through the pool's pipe it would be copied twice under it, and each
copy of a 25 MB log kept the event loop waiting some milliseconds."""

_store: GameStore | None = None
"""A worker process's own store."""
_spills = ""
"""A worker process's directory for large results."""


@dataclass(frozen=True, slots=True)
class Spilled:
    """A large result, left in a file for the serving process to read (and remove)."""

    path: str
    size: int

    def read(self) -> bytes:
        """The result's bytes, read in one call, without the interpreter lock; the file is removed."""
        descriptor = os.open(self.path, os.O_RDONLY)
        try:
            parts = []
            left = self.size
            while left:
                part = os.read(descriptor, left)
                if not part:
                    raise OSError(f"{self.path} ended {left} bytes early")
                parts.append(part)
                left -= len(part)
            return parts[0] if len(parts) == 1 else b"".join(parts)
        finally:
            os.close(descriptor)
            os.unlink(self.path)


def _worker_start(url: str, spills: str) -> None:
    """A heavy-work process's start: a low CPU priority (the games' commands come first where
    cores are few; no interpreter lock is shared, so nothing waits on it), a watch on the
    server so that it does not outlive it, and the store opened to read."""
    global _store, _spills
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True, name="parent-watch").start()
    # Ctrl-C reaches the terminal's whole process group: the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(10)
    _store = GameStore(url, Policy.CURRENT)
    _spills = spills


def _in_worker(work: Callable[..., Any], *args: Any) -> Any:
    assert _store is not None, "a heavy-work process opens its store as it starts"
    result = work(_store, *args)
    if not isinstance(result, bytes) or len(result) < SPILLED_BYTES:
        return result
    descriptor, path = tempfile.mkstemp(dir=_spills)  # mode 600: an operator's export holds the seed
    with os.fdopen(descriptor, "wb") as spilled:
        spilled.write(result)
    return Spilled(path, len(result))


class HeavyWork:
    """Turns for heavy pieces of work; use on the server's event loop."""

    def __init__(self, running: int = 2, waiting: int = 32) -> None:
        if running < 1 or waiting < 0:
            raise ValueError("heavy work needs at least 1 running and a waiting count of 0 or more")
        self.running = running
        self.waiting = waiting
        self._busy = 0
        self._queue: deque[asyncio.Future[None]] = deque()
        self._calls = 0
        self._whole = 0
        self._threads = ThreadPoolExecutor(running, thread_name_prefix="heavy")
        self._processes: ProcessPoolExecutor | None = None
        self._store: GameStore | None = None
        self._shared_url: str | None = None
        self._spills = ""
        """The private directory (mode 700) where the processes leave large results."""

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

    @property
    def calls(self) -> int:
        return self._calls

    def admit(self, whole: bool = False) -> Callable[[], None]:
        """Admit one call (`whole`: one that holds a whole log), or refuse it; returns its
        release, to call once its last message is sent (a second call does nothing)."""
        if self._calls >= self.running + self.waiting:
            raise ResourceExhausted(
                f"the server is already serving {self._calls} exports or catch-ups of long games, as many as it "
                f"takes at once (TABLERULES_HEAVY_CALLS + TABLERULES_HEAVY_WAITING: {self.running} + "
                f"{self.waiting}); retry later")
        if whole and self._whole >= self.running:
            raise ResourceExhausted(
                f"the server is already sending {self._whole} whole logs, as many as it holds at once "
                "(TABLERULES_HEAVY_CALLS); ask for the log in pieces (ExportLogChunks, which the bundled Python "
                "client and tablerules export use) or retry later")
        self._calls += 1
        self._whole += whole
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self._calls -= 1
                self._whole -= whole
        return release

    async def run(self, work: Callable[..., T], *args: Any, events: int = 0) -> T:
        """work(store, *args) in its turn, for an admitted call; `events` is how many events
        it spans. Its turn lasts until the work is done, even if the caller leaves
        meanwhile, so that no more than `running` pieces ever run."""
        async with self._turn():
            executor, call = self._where(events)
            done = asyncio.get_running_loop().run_in_executor(self._threads, self._collected, executor, call, work,
                                                              *args)
            try:
                result: T = await asyncio.shield(done)
                return result
            except asyncio.CancelledError:
                await asyncio.wait([done])  # the work cannot be stopped: the turn ends with it
                raise
            except BrokenProcessPool:
                self._recycle(executor)
                raise Unavailable("the process reading this game stopped (killed, or out of memory); "
                                  "a retry starts another") from None

    def _collected(self, executor: Executor, call: Callable[..., Any], work: Callable[..., Any], *args: Any) -> Any:
        """The work's result, on a thread of ours: run here, or in a process and waited for
        (a large result read from its file here too)."""
        if executor is self._threads:
            return call(work, *args)
        result = executor.submit(call, work, *args).result()
        return result.read() if isinstance(result, Spilled) else result

    def _where(self, events: int) -> tuple[Executor, Callable[..., Any]]:
        """Where a piece runs: a worker process for a long game's, a thread for the rest."""
        if self._shared_url is None or events <= SMALL_WORK:
            assert self._store is not None, "attach() the store first"
            store = self._store
            return self._threads, lambda work, *args: work(store, *args)
        if self._processes is None:
            if not self._spills:
                # In memory where the system has it: a whole log passes through, never to a disk.
                self._spills = tempfile.mkdtemp(prefix="tablerules-heavy-",
                                                dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
            self._processes = ProcessPoolExecutor(self.running, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_worker_start, initargs=(self._shared_url, self._spills))
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
        if self._spills:
            shutil.rmtree(self._spills, ignore_errors=True)
            self._spills = ""

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        if self._busy < self.running and not self.queued:
            self._busy += 1
        else:
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
