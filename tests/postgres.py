"""The tests' throwaway PostgreSQL server (bench/postgres.py), skipped where PostgreSQL is
not installed (`make test` installs it with apt-get where it can), and its outages."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench import postgres
from bench.postgres import PostgresServer

__all__ = ["PostgresServer", "paused", "postgres_server", "stopped"]


@contextmanager
def postgres_server(settings: Mapping[str, str] | None = None) -> Iterator[PostgresServer]:
    why = postgres.unavailable()
    if why is not None:
        pytest.skip(why)
    with postgres.postgres_server(settings) as server:
        yield server


@contextmanager
def stopped(server: PostgresServer) -> Iterator[None]:
    """The server shut down (every session ended, connections refused) until the block ends."""
    server.stop()
    try:
        yield
    finally:
        server.start()


@contextmanager
def paused(server: PostgresServer) -> Iterator[None]:
    """Every process of the server stopped (SIGSTOP) until the block ends: a database that
    hangs rather than refuses, as one whose machine froze or whose network drops packets
    (its sockets still accept and acknowledge what they are sent)."""
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    os.kill(postmaster, signal.SIGSTOP)  # first: it forks no more sessions
    processes = [postmaster, *_children(postmaster)]
    for pid in processes[1:]:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in processes:
            os.kill(pid, signal.SIGCONT)


def _children(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (name)": state, then the parent
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found
