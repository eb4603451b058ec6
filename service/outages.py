"""A database that cannot answer now: an outage, told apart from a request's own failure,
so that the caller hears UNAVAILABLE (a retry may succeed) rather than a defect.

Its own module, apart from the store, since the PostgreSQL connections and the change
listener (service/pgconnection.py, service/changes.py), which the store opens, raise
NoAnswer too.
"""

from __future__ import annotations

from eventsourcing.persistence import InterfaceError, OperationalError


class NoAnswer(Exception):
    """The database did not answer within the store's wait (service/pgconnection.py)."""


ENDED_BY_THE_DATABASE = frozenset({"25P03", "25P04"})
"""SQLSTATEs of a session the server ended because a transaction stayed open too long
(idle_in_transaction_session_timeout, transaction_timeout): the library sets the first
to 5 s, so a database paused in the middle of a command's transaction ends it on waking.
psycopg files them under InternalError, but they are the database's state, not a defect."""


def is_outage(problem: BaseException) -> bool:
    """Whether a failure is the database's state rather than the request's: unreachable,
    restarting, out of connections, not answering, a session it ended, or (SQLite) still
    locked after its timeout. A retry may succeed once it is over."""
    if isinstance(problem, (OperationalError, InterfaceError, NoAnswer)):
        return True
    return getattr(problem.__cause__, "sqlstate", None) in ENDED_BY_THE_DATABASE
