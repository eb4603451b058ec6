"""A game's bell: wakes the streams that wait for the game to change."""

from __future__ import annotations

import asyncio
import threading


class Bell:
    """Wakes the coroutines of one event loop that wait for a game to change, rung from
    any thread: one hop onto the loop per change however many coroutines wait, where a
    condition variable would wake one thread per stream.

    It wakes them at most once per `interval` seconds: a change within that time of the
    last wake-up waits for the interval's end, and whatever else changed meanwhile goes
    with it. Each wake-up costs the loop a message per stream, which at a hundred
    commands a second to a hundred streams is more than the loop has (docs/operations.md,
    Performance); a game that changes less often is woken at once.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, interval: float = 0.0) -> None:
        """Make it on `loop`'s own thread."""
        self._loop = loop
        self._loop_thread = threading.get_ident()
        self._interval = interval
        self._waiters: set[asyncio.Future[None]] = set()
        self._woken_at = -interval
        self._due = False

    def ring(self) -> None:
        if threading.get_ident() == self._loop_thread:
            self._rung()  # a command, decided on the loop: no hop, no wake-up of the loop's selector
            return
        try:
            self._loop.call_soon_threadsafe(self._rung)
        except RuntimeError:
            if not self._loop.is_closed():
                raise
            # The server has stopped: no stream is left to wake (a thread that read the store
            # for another replica's append may finish after the loop closed).

    def _rung(self) -> None:
        if self._due:
            return
        wake_at = self._woken_at + self._interval
        if self._loop.time() >= wake_at:
            self._wake()
        else:
            self._due = True
            self._loop.call_at(wake_at, self._wake)

    def _wake(self) -> None:
        self._due = False
        self._woken_at = self._loop.time()
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    async def wait(self, timeout: float | None) -> bool:
        """Whether the bell rang within `timeout` seconds (None: until it rings); call on
        the bell's loop. Each waiter has its own future, so a cancelled one leaves the rest."""
        waiter = self._loop.create_future()
        self._waiters.add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            self._waiters.discard(waiter)
