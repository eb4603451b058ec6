"""The gRPC health service's answer, kept true: SERVING while the store answers a
probe, NOT_SERVING while it does not, and for good once a shutdown begins (so that a
load balancer drains the replica). Watch streams are told NOT_SERVING at once, and end
(UNAVAILABLE) when the server stops: gRPC's own health service never ends one, which
held every stop for its whole grace.

The probe (one indexed read, GameStore.ping) runs every few seconds on a thread of
its own and is given a bounded time; a probe still stuck from an earlier round is
waited on again, never started twice.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

log = logging.getLogger("tablerules.health")
PROBE_SECONDS = 2.0
"""Time between probes."""
PROBE_TIMEOUT = 2.0
"""A store that takes longer to answer a one-row read is in no state to take commands."""


def _started(probe: Callable[[], None]) -> Future[None]:
    # A daemon thread rather than an executor's: a probe stuck for good must not hold up the exit.
    outcome: Future[None] = Future()

    def run() -> None:
        try:
            probe()
            outcome.set_result(None)
        except BaseException as problem:  # handed to the watch, which reports it
            outcome.set_exception(problem)

    threading.Thread(target=run, name="store-probe", daemon=True).start()
    return outcome


class _Servicer(health.aio.HealthServicer):  # type: ignore[misc]  # grpc_health has no type hints
    """gRPC's health service, whose Watch streams end when `end_watches` is called."""

    def __init__(self) -> None:
        super().__init__()
        self._ended = asyncio.Event()

    async def Watch(self, request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext) -> None:
        watching = asyncio.ensure_future(super().Watch(request, context))
        ended = asyncio.ensure_future(self._ended.wait())
        try:
            await asyncio.wait((watching, ended), return_when=asyncio.FIRST_COMPLETED)
        finally:
            ended.cancel()
            still_watching = watching.cancel()
        if not still_watching:
            watching.result()  # it ended by itself (it never does, but for a failure): as it ended
            return
        await context.abort(grpc.StatusCode.UNAVAILABLE, "the server is shutting down: watch another replica")

    def end_watches(self) -> None:
        self._ended.set()


class Health:
    def __init__(self, services: tuple[str, ...], probe: Callable[[], None], loop: asyncio.AbstractEventLoop,
                 every: float = PROBE_SECONDS, timeout: float = PROBE_TIMEOUT) -> None:
        self.servicer = _Servicer()
        self.serving = True
        """The last probe's verdict."""
        self.shutting_down = False
        self._services = services
        self._probe = probe
        self._loop = loop
        self._every = every
        self._timeout = timeout
        self._pending: Future[None] | None = None
        self._stopped = threading.Event()
        self._watch = threading.Thread(target=self._run, name="store-watch", daemon=True)

    @property
    def answer(self) -> bool:
        """Whether the health service answers SERVING."""
        return self.serving and not self.shutting_down

    async def register(self, server: grpc.aio.Server) -> None:
        """Add the health service to the server, SERVING; call on the server's loop."""
        health_pb2_grpc.add_HealthServicer_to_server(self.servicer, server)
        await self._publish()

    def start(self) -> None:
        self._watch.start()

    async def shut(self) -> None:
        """NOT_SERVING from now on, whatever the probe finds; call on the server's loop."""
        self.shutting_down = True
        await self.servicer.enter_graceful_shutdown()

    def end_watches(self) -> None:
        """End every Watch stream (UNAVAILABLE), once they were told NOT_SERVING (`shut`);
        call on the server's loop as it stops."""
        self.servicer.end_watches()

    def stop(self) -> None:
        """End the probes (waits for a probe under way, at most its timeout)."""
        self._stopped.set()
        if self._watch.is_alive():
            self._watch.join(self._timeout + 5)

    async def _publish(self) -> None:
        status = health_pb2.HealthCheckResponse.SERVING if self.serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for service in self._services:
            await self.servicer.set(service, status)

    def _run(self) -> None:
        while not self._stopped.is_set():
            problem = self._problem()
            if (problem is None) != self.serving and not self._stopped.is_set():
                self.serving = problem is None
                if problem is None:
                    log.info("the store answers again: health SERVING")
                else:
                    log.warning("the store does not answer (%s): health NOT_SERVING", problem)
                asyncio.run_coroutine_threadsafe(self._publish(), self._loop).result(self._timeout + 5)
            self._stopped.wait(self._every)

    def _problem(self) -> str | None:
        """Why the store did not answer a probe within the timeout; None if it did."""
        if self._pending is None or self._pending.done():
            self._pending = _started(self._probe)
        try:
            self._pending.result(self._timeout)
        except TimeoutError:
            return f"no answer within {self._timeout:g} s"
        except Exception as problem:
            return f"{type(problem).__name__}: {str(problem)[:200]}"
        return None
