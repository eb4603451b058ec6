"""A throwaway PostgreSQL server for tests: its own data directory, loopback only,
a free port, stopped at the end. Skips when no PostgreSQL binaries are installed
(`make test` installs them with apt-get where it can)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def postgres_server(scratch: Path) -> Iterator[str]:
    """Yields a postgresql:// URL for a fresh server."""
    binaries = _binaries()
    if binaries is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    if as_root and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL")
    data = scratch / "pgdata"
    sockets = scratch / "pgsock"
    data.mkdir()
    sockets.mkdir()
    if as_root:
        shutil.chown(scratch, "postgres")
        for path in (data, sockets):
            shutil.chown(path, "postgres")
    port = _free_port()
    subprocess.run([*prefix, str(binaries / "initdb"), "-D", str(data), "-U", "tablerules", "--auth=trust",
                    "--no-sync"], check=True, capture_output=True, timeout=120)
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c max_connections=200"
    subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60",
                    "-l", str(scratch / "pg.log"), "start"], check=True, capture_output=True, timeout=120)
    try:
        yield f"postgresql://tablerules@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60, check=False)
