"""PostgreSQL connections that give up on a database that does not answer.

A database that is down refuses connections, and the library's tries end a call within
about the store's wait (12 s). One that hangs instead (paused, its machine frozen, a
network that drops packets) leaves a query waiting on a socket that the kernel still
acknowledges, and neither libpq nor the server's own timeouts end it: the call would
wait as long as the database hangs. So every exchange on these connections (a query, a
commit, a pipeline's sync) is given the store's wait; past it the connection, unusable
in the middle of its exchange, is closed (the pool replaces it) and the call fails with
NoAnswer, an outage, without the library's tries, each of which would wait as long
again. A commit that the database took but did not confirm is found by the retry's
command_id.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

import psycopg
from eventsourcing.postgres import PostgresDatastore
from psycopg import errors
from psycopg.abc import PQGen

from service.outages import NoAnswer

RV = TypeVar("RV")
LIBRARY_TRIES = 10
LIBRARY_PAUSE = 0.2
"""eventsourcing tries each call of its PostgreSQL recorders 10 times, 0.2 s apart (its `retry`)."""
CHECK_INTERRUPT_SECONDS = 0.1
"""psycopg's own interval for a wait to look for KeyboardInterrupt."""


class BoundedConnection(psycopg.Connection[Any]):
    answer_seconds: ClassVar[float]
    """The longest one exchange may take; subclasses (connection_class) set it."""

    def wait(self, gen: PQGen[RV], interval: float = CHECK_INTERRUPT_SECONDS, timeout: float | None = None) -> RV:
        if timeout is not None:  # a wait with its own bound (notifies): as psycopg does it
            return super().wait(gen, interval, timeout)
        try:
            return super().wait(gen, interval, self.answer_seconds)
        except errors._WaitTimeout:  # psycopg's own error for a wait past its timeout
            self.pgconn.finish()  # as psycopg does with a query it could not cancel
            raise NoAnswer(f"the database did not answer within {self.answer_seconds:g} s") from None


def connection_class(answer_seconds: float) -> type[BoundedConnection]:
    """Connections whose every exchange is given `answer_seconds`."""
    return type("BoundedConnection", (BoundedConnection,), {"answer_seconds": answer_seconds})


def bound(datastore: PostgresDatastore, seconds: float) -> None:
    """Make every call of the library's recorders on `datastore` end within about `seconds`
    when the database does not answer: each exchange is given that long, and each of the
    library's tries waits a tenth of it (less the pause between tries) for a connection."""
    datastore.pool.connection_class = connection_class(seconds)
    datastore.pool.timeout = max(0.05, seconds / LIBRARY_TRIES - LIBRARY_PAUSE)
