"""The tests' throwaway PostgreSQL server (bench/postgres.py), skipped where PostgreSQL is
not installed (`make test` installs it with apt-get where it can)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import pytest

from bench import postgres
from bench.postgres import PostgresServer

__all__ = ["PostgresServer", "postgres_server"]


@contextmanager
def postgres_server(settings: Mapping[str, str] | None = None) -> Iterator[PostgresServer]:
    why = postgres.unavailable()
    if why is not None:
        pytest.skip(why)
    with postgres.postgres_server(settings) as server:
        yield server
