"""Appends announced across replicas that share one PostgreSQL database.

A replica that commits events to a game says so with NOTIFY on one channel; every
replica LISTENs on it and folds the game's new events in at once, so a stream on
replica B sees a command taken by replica A within milliseconds instead of at B's
next poll. NOTIFY is best effort here (it is sent after the commit, and a listener
may be reconnecting when it arrives): the poll stays as a safety net, and a
listener that reconnects asks for every live game to be looked at again.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterable
from typing import Any

import psycopg

from service.outages import NoAnswer
from service.pgconnection import connection_class

CHANNEL = "tablerules_appends"
MAX_PAYLOAD = 7000
"""PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: longer lists are split."""
RECONNECT_SECONDS = 1.0
STOP_CHECK_SECONDS = 0.1
"""How long the listening thread waits for news before it looks whether to stop (a server's stop waits for it)."""
log = logging.getLogger("tablerules.changes")


class Announcer:
    """Sends NOTIFYs for committed appends, on a connection of its own."""

    def __init__(self, url: str, wait_seconds: float) -> None:
        self.url = url
        self.replica = uuid.uuid4().hex
        """Names this process in its notifications, so that it ignores its own."""
        self._connections = connection_class(wait_seconds)
        """Bounded like the store's: a hanging database must not hold the writer of every append."""
        self._connection: psycopg.Connection[Any] | None = None
        self._lock = threading.Lock()

    def announce(self, game_ids: Iterable[str]) -> None:
        """Tell the other replicas these games changed; a failure is logged, not raised
        (the appends are committed; the others' poll finds them)."""
        for payload in _payloads(self.replica, sorted(set(game_ids))):
            with self._lock:
                try:
                    if self._connection is None or self._connection.closed:
                        self._connection = self._connections.connect(self.url, autocommit=True, connect_timeout=5)
                    self._connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                except (psycopg.Error, NoAnswer) as problem:
                    log.warning("could not announce appends to other replicas (their poll will find them): %s",
                                problem)
                    self._connection = None

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()


def _payloads(replica: str, game_ids: list[str]) -> Iterable[str]:
    chunk: list[str] = []
    size = len(replica)
    for game_id in game_ids:
        if chunk and size + 1 + len(game_id) > MAX_PAYLOAD:
            yield " ".join([replica, *chunk])
            chunk, size = [], len(replica)
        chunk.append(game_id)
        size += 1 + len(game_id)
    if chunk:
        yield " ".join([replica, *chunk])


class Listener:
    """LISTENs on a thread of its own and calls `changed(game_id)` for each game another
    replica announced; `reconnected()` after any gap in listening, since announcements
    made meanwhile are lost."""

    def __init__(self, url: str, replica: str, changed: Callable[[str], None],
                 reconnected: Callable[[], None], wait_seconds: float) -> None:
        self.url = url
        self.replica = replica
        self._connections = connection_class(wait_seconds)
        self.changed = changed
        self.reconnected = reconnected
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tablerules-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        first = True
        while not self._stopping.is_set():
            try:
                with self._connections.connect(self.url, autocommit=True, connect_timeout=5) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self._look_again()
                    first = False
                    while not self._stopping.is_set():
                        for notification in connection.notifies(timeout=STOP_CHECK_SECONDS):
                            self._heard(notification.payload)
            except (psycopg.Error, NoAnswer) as problem:
                log.warning("listening for other replicas' appends stopped (%s); reconnecting", problem)
                first = False
                self._stopping.wait(RECONNECT_SECONDS)

    def _look_again(self) -> None:
        try:
            self.reconnected()
        except Exception as problem:  # the store may still be coming back: this thread must go on listening
            log.warning("could not look at the live games again after reconnecting (%s: %s); streams' polls will "
                        "find what was missed", type(problem).__name__, problem)

    def _heard(self, payload: str) -> None:
        sender, *game_ids = payload.split()
        if sender == self.replica:
            return
        for game_id in game_ids:
            try:
                self.changed(game_id)
            except Exception:  # one game's failure must not stop the others' news
                log.exception("folding in game %s after another replica's append failed", game_id)
