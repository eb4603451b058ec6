"""The server run as its settings say, until SIGINT or SIGTERM, then drained
(`tablerules serve`; the command line reads the settings, tools/cli.py).

What stands in the way of starting (a port taken, a store that cannot be reached or
whose schema is not this release's) is a CannotStart that names it, said in one line
rather than in gRPC's C log and a traceback.
"""

from __future__ import annotations

import errno
import faulthandler
import gc
import logging
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from service import serverlog
from service.config import Settings
from service.outages import is_outage
from service.schema import Policy, SchemaError
from service.store import GameStore, public_url

T = TypeVar("T")


class CannotStart(Exception):
    """The server, or a tool on its store, cannot start as configured: the message says
    what stands in the way and what to do."""


def reached(url: str, open_: Callable[[str], T]) -> T:
    """`open_(url)`, or CannotStart naming the store and what stands in the way: a schema
    to upgrade, or a database that cannot be reached."""
    try:
        return open_(url)
    except SchemaError as problem:
        raise CannotStart(f"the store at {public_url(url)} cannot be used: {problem}") from None
    except Exception as problem:
        if not is_outage(problem):
            raise
        raise CannotStart(f"cannot reach the store at {public_url(url)}: {problem}") from None


def open_store(url: str, policy: Policy | None = None) -> GameStore:
    """The GameStore at `url` with its schema as `policy` says (default: the store's own), or
    CannotStart naming what stands in the way."""
    return reached(url, lambda where: GameStore(where, policy))


def port_taken(host: str, port: int) -> str:
    """Why the server could not listen on host:port (empty: it can), found by trying: gRPC
    itself would say it in a line of its own C library's log and a traceback."""
    if port == 0:
        return ""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as problem:
        return f"{host} is no address of this machine ({problem.strerror}); --host or TABLERULES_HOST names another"
    for family, kind, protocol, _, address in found:
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as problem:
                if problem.errno == errno.EADDRINUSE:
                    return ("the port is taken (another tablerules serve, perhaps); --port or TABLERULES_PORT "
                            "chooses another")
                return f"{problem.strerror}; --host or TABLERULES_HOST names the address to listen on"
    return ""


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def wait_for_a_stop_signal() -> None:
    """Return once SIGINT or SIGTERM has come. The handler only appends to a list: a
    handler that took a lock (threading.Event.set) could find it held by the very
    code it interrupted, and wait for ever. SIGUSR1 writes every thread's stack to
    stderr, for an operator whose server does not stop (docs/operations.md)."""
    received: list[int] = []
    for signum in STOP_SIGNALS:
        signal.signal(signum, lambda number, _: received.append(number))
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    while not received:
        time.sleep(0.2)


def serve(settings: Settings) -> int:
    """Serve until SIGINT or SIGTERM, then drain (docs/operations.md); the exit status."""
    # The server's own modules (gRPC among them) load here: a tool on a store (`tablerules
    # schema`, `migrate`) needs only open_store.
    from service.heavy import HeavyWork
    from service.logjobs import MEGABYTE, LogJobs
    from service.server import start
    from service.tables import Tables

    taken = port_taken(settings.host, settings.port)
    if taken:
        raise CannotStart(f"cannot listen on {settings.host}:{settings.port}: {taken}")
    # The log first: opening the store may warn (a database file readable by others).
    log_writer = serverlog.configure(settings.log_format, settings.log_requests)
    try:
        store = open_store(settings.storage_url())
    except BaseException:
        log_writer.stop()
        raise
    for step in store.schema_applied:
        logging.getLogger("tablerules.server").info("schema version %d applied to the store: %s", step.version,
                                                    step.description)
    log_jobs = LogJobs(settings.log_workers, settings.log_waiting, settings.log_memory_mb * MEGABYTE,
                       settings.log_seconds, settings.log_per_caller)
    tables = Tables(store, settings.resolved_operator_token(), log_jobs=log_jobs,
                    stream_interval=settings.stream_interval_ms / 1000, max_game_events=settings.max_game_events,
                    heavy=HeavyWork(settings.heavy_calls, settings.heavy_waiting))
    # The event loop gives up the GIL at every message it sends; with Python's default
    # 5 ms switch interval a worker thread (a view's legal commands, say) may then keep it
    # that long while every command and stream waits. A shorter interval lets the loop
    # back in sooner.
    sys.setswitchinterval(0.0005)
    running = start(tables, settings.host, settings.port, settings.workers, settings.max_request_bytes,
                    settings.metrics_port or None)
    # Modules, functions and classes live as long as the process: keep the collector's
    # full passes, which pause every call, to what the games and calls allocate.
    gc.freeze()
    print(f"tablerules serving on {settings.host}:{running.port} (storage {public_url(settings.storage_url())})",
          flush=True)
    if running.metrics is not None:
        print(f"metrics on http://{settings.host}:{running.metrics.port}/metrics", flush=True)
    if not settings.operator_token:
        print(f"operator token in {settings.token_file()}", flush=True)
    print("Ctrl-C (or SIGTERM) stops it; --log-requests logs a line per request", flush=True)
    wait_for_a_stop_signal()
    logging.getLogger("tablerules.server").info(
        "shutting down: health NOT_SERVING, streams ended, %d s for the calls under way", settings.grace_seconds)
    running.stop(settings.grace_seconds)
    log_writer.stop()
    return 0
