"""Logs are checked in worker processes, a bounded number at a time.

Anybody may ask the server to replay, verify or import a log, and checking one
costs CPU time and memory in proportion to its length. In the serving process it
would hold the interpreter lock that every command needs, so games in play would
wait on a stranger's upload. Instead each check (service/logchecks.py) runs in one
of `workers` processes, each with its memory capped; at most `workers + waiting`
checks are admitted at once, and any more are refused at once with
RESOURCE_EXHAUSTED instead of queueing without end.

A check's work is bounded by its log's size and by time: it may run `seconds` for
each MiB of its log (a log of another rules version costs a child process whatever
its length: the one MiB counted at least pays for it), and is stopped there. And one
caller may have at most `per_caller` checks admitted at once, so that nobody keeps
the others' checks waiting with a handful of slow logs.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import resource
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import Any, TypeVar

from service.errors import ResourceExhausted

T = TypeVar("T")
log = logging.getLogger("tablerules.logjobs")

MEGABYTE = 1024 * 1024


def watch_parent(parent: int) -> None:
    """End the worker once its server is gone (killed, say): nothing else would."""
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


def _worker_start(memory_bytes: int) -> None:
    """A worker's start: its address space capped, so a log that needs more fails in
    the worker (MemoryError) and never takes the server's memory; the lowest CPU
    priority, so that the games in play come first where cores are few (measured:
    bench/run.py log_checks; nice 10 still doubled the commands' p99); and a watch
    on the server, so that no worker outlives it."""
    threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True, name="parent-watch").start()
    # Ctrl-C reaches the terminal's whole process group: the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if hasattr(os, "SCHED_IDLE"):  # Linux: run only where no game wants the core
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(19)
    import service.logchecks  # noqa: F401  (loaded once per worker, not per job)


class _TimeUp(BaseException):
    """A check's time ran out (a BaseException: no `except Exception` in a check catches it)."""


def _time_up(signum: int, frame: FrameType | None) -> None:
    raise _TimeUp


def _within(seconds: float, job: Callable[..., T], *args: Any) -> T | _TimeUp:
    """job(*args) in the worker, stopped after `seconds` (a child process it runs, such as
    an archived release's verify, is killed by the exception too): the result, or _TimeUp."""
    signal.signal(signal.SIGALRM, _time_up)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return job(*args)
    except _TimeUp as up:
        return up
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


STUCK_SECONDS = 30
"""How long past its time a worker may take to stop a check (a long call into C code that
no signal interrupts) before it is killed."""


class LogJobs:
    def __init__(self, workers: int = 1, waiting: int = 4, memory_bytes: int = 1024 * MEGABYTE,
                 seconds: float = 10, per_caller: int = 2) -> None:
        if workers < 1 or waiting < 0 or seconds <= 0 or per_caller < 1:
            raise ValueError("log jobs need at least 1 worker, a waiting count of 0 or more, some time and at "
                             "least 1 check per caller")
        self.workers = workers
        self.waiting = waiting
        self.memory_bytes = memory_bytes
        self.seconds = seconds
        """A check's time for each MiB of its log (one at least)."""
        self.per_caller = per_caller
        self._admitted = 0
        self._by_caller: dict[str, int] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._free = threading.Semaphore(workers)
        """Workers with no check: one is taken before a check is handed to the pool."""

    def _started(self) -> ProcessPoolExecutor:
        """The pool, started on first use (call with the lock held). Spawned, not
        forked: the server's threads and gRPC state stay out of the workers."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_worker_start, initargs=(self.memory_bytes,))
        return self._pool

    def _recycle(self, pool: ProcessPoolExecutor, kill: bool = False) -> None:
        """Replace a pool whose worker ran out of memory, died or is stuck (`kill`): its heap may be spent."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        if kill:
            for process in list(pool._processes.values()):  # the executor has no other way to stop a job
                process.kill()
        pool.shutdown(wait=False, cancel_futures=False)

    def time_for(self, size: int) -> float:
        """The time a check of a log of `size` bytes may take."""
        return self.seconds * max(1, math.ceil(size / MEGABYTE))

    def run(self, job: Callable[..., T], *args: Any, size: int = 0, caller: str = "") -> T:
        """job(*args) in a worker process, for a log of `size` bytes sent by `caller` (an
        address; "" for the server's own use, which has no caller's limit); blocks the
        calling thread until it is done or its time is up."""
        with self._lock:
            if self._admitted >= self.workers + self.waiting:
                raise ResourceExhausted(
                    f"the server is already checking {self._admitted} logs (at most {self.workers} at once and "
                    f"{self.waiting} waiting: TABLERULES_LOG_WORKERS, TABLERULES_LOG_WAITING); retry later")
            mine = self._by_caller.get(caller, 0)
            if caller and mine >= self.per_caller:
                raise ResourceExhausted(
                    f"this server is already checking {mine} logs of yours, as many as one caller may have at "
                    f"once (TABLERULES_LOG_PER_CALLER); retry once one is done")
            self._admitted += 1
            if caller:
                self._by_caller[caller] = mine + 1
        seconds = self.time_for(size)
        pool: ProcessPoolExecutor | None = None
        try:
            # Handed to the pool only when a worker is free, so that it starts at once and
            # its time here is its time there (the pool would queue it, marked running).
            with self._free:
                with self._lock:
                    pool = self._started()
                future = pool.submit(_within, seconds, job, *args)
                try:
                    done = future.result(timeout=seconds + STUCK_SECONDS)
                except _TimeUp:  # the time ran out as the check returned
                    done = _TimeUp()
                except FutureTimeout:
                    log.warning("a log check did not stop %d s past its time: its worker is killed", STUCK_SECONDS)
                    self._recycle(pool, kill=True)
                    done = _TimeUp()
            if isinstance(done, _TimeUp):
                raise ResourceExhausted(
                    f"checking this log took longer than the {seconds:.0f} s it may ({self.seconds:.0f} s for each "
                    "MiB of log, one at least: TABLERULES_LOG_SECONDS); the check was stopped")
            return done
        except MemoryError:
            assert pool is not None
            self._recycle(pool)
            raise ResourceExhausted(
                f"checking this log needs more than the {self.memory_bytes // MEGABYTE} MB a log job may use "
                "(TABLERULES_LOG_MEMORY_MB)") from None
        except BrokenProcessPool:
            log.exception("a log job's worker process stopped")
            assert pool is not None
            self._recycle(pool)
            raise ResourceExhausted("the process checking this log stopped (out of memory, or killed); "
                                    "a retry starts another") from None
        finally:
            with self._lock:
                self._admitted -= 1
                if caller:
                    left = self._by_caller.pop(caller) - 1
                    if left:
                        self._by_caller[caller] = left

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
