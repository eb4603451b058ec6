"""Logs are checked in worker processes, a bounded number at a time.

Anybody may ask the server to replay, verify or import a log, and checking one
costs CPU time and memory in proportion to its length. In the serving process it
would hold the interpreter lock that every command needs, so games in play would
wait on a stranger's upload. Instead each check (service/logchecks.py) runs in one
of `workers` processes, each with its memory capped; at most `workers + waiting`
checks are admitted at once, and any more are refused at once with
RESOURCE_EXHAUSTED instead of queueing without end.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import resource
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from service.errors import ResourceExhausted

T = TypeVar("T")
log = logging.getLogger("tablerules.logjobs")

MEGABYTE = 1024 * 1024


def _watch_parent(parent: int) -> None:
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
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True, name="parent-watch").start()
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if hasattr(os, "SCHED_IDLE"):  # Linux: run only where no game wants the core
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(19)
    import service.logchecks  # noqa: F401  (loaded once per worker, not per job)


class LogJobs:
    def __init__(self, workers: int = 1, waiting: int = 4, memory_bytes: int = 1024 * MEGABYTE) -> None:
        if workers < 1 or waiting < 0:
            raise ValueError("log jobs need at least 1 worker and a waiting count of 0 or more")
        self.workers = workers
        self.waiting = waiting
        self.memory_bytes = memory_bytes
        self._admitted = 0
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _started(self) -> ProcessPoolExecutor:
        """The pool, started on first use (call with the lock held). Spawned, not
        forked: the server's threads and gRPC state stay out of the workers."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_worker_start, initargs=(self.memory_bytes,))
        return self._pool

    def _recycle(self, pool: ProcessPoolExecutor) -> None:
        """Replace a pool whose worker ran out of memory or died: its heap may be spent."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=False)

    def run(self, job: Callable[..., T], *args: Any) -> T:
        """job(*args) in a worker process; blocks the calling thread until it is done."""
        with self._lock:
            if self._admitted >= self.workers + self.waiting:
                raise ResourceExhausted(
                    f"the server is already checking {self._admitted} logs (at most {self.workers} at once and "
                    f"{self.waiting} waiting: TABLERULES_LOG_WORKERS, TABLERULES_LOG_WAITING); retry later")
            self._admitted += 1
            pool = self._started()
        try:
            return pool.submit(job, *args).result()
        except MemoryError:
            self._recycle(pool)
            raise ResourceExhausted(
                f"checking this log needs more than the {self.memory_bytes // MEGABYTE} MB a log job may use "
                "(TABLERULES_LOG_MEMORY_MB)") from None
        except BrokenProcessPool:
            log.exception("a log job's worker process stopped")
            self._recycle(pool)
            raise ResourceExhausted("the process checking this log stopped (out of memory, or killed); "
                                    "a retry starts another") from None
        finally:
            with self._lock:
                self._admitted -= 1

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
