"""A throwaway PostgreSQL server from Debian's binaries (/usr/lib/postgresql/*/bin): its
own data directory, loopback only, a free port, stopped at the end. The tests
(tests/postgres.py) and the benchmarks
(bench/run.py) start theirs here; both first ask `unavailable()`."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _as_postgres() -> list[str]:
    """The prefix that runs a command as the user postgres: PostgreSQL refuses to run as root."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def version() -> str:
    """The installed server's name and version ("PostgreSQL 15.14")."""
    binaries = _binaries()
    if binaries is None:
        return ""
    said = subprocess.run([str(binaries / "postgres"), "--version"], capture_output=True, text=True, timeout=30,
                          check=False).stdout  # "postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)"
    return " ".join(said.replace("(", "").replace(")", "").split()[1:3])


def unavailable() -> str | None:
    """Why no server can be started here, or None."""
    if _binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql, or `make postgres`)"
    if _as_postgres() and shutil.which("runuser") is None:
        return "running as root without runuser: cannot start PostgreSQL as the user postgres"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    """A server started by `postgres_server`; its user may stop and start it again."""

    binaries: Path
    data: Path
    options: str
    """The command line's options, but for the port."""
    log: Path
    port: int
    as_postgres: list[str]
    """The prefix that runs a command as the user postgres (when run as root)."""
    scratch: Path
    """The temporary directory holding the data directory, which the user postgres may write:
    room for base backups and archived WAL."""
    _numbers: Iterator[int] = field(default_factory=itertools.count)
    _emptied: list[str] = field(default_factory=list)
    """Databases made for earlier users and emptied since, to be taken again."""

    @property
    def url(self) -> str:
        """The server's own database, for administration."""
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        return f"postgresql://tablerules@127.0.0.1:{self.port}/{database}"

    def run(self, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
        """One of the server's binaries (pg_basebackup, pg_dump, ...) as the user postgres; an error
        names its output."""
        done = subprocess.run([*self.as_postgres, str(self.binaries / tool), *args], capture_output=True, text=True,
                              timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
        return done

    def pg_ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run([*self.as_postgres, str(self.binaries / "pg_ctl"), "-D", str(self.data), *args],
                       check=check, capture_output=True, timeout=120)

    def start(self) -> None:
        self.pg_ctl("-o", f"-p {self.port} {self.options}", "-w", "-t", "60", "-l", str(self.log), "start")

    def stop(self) -> None:
        """Ends every session and shuts down cleanly, as an operator's restart does."""
        self.pg_ctl("-m", "fast", "-w", "stop")

    def configure(self, settings: Mapping[str, str]) -> None:
        """Settings for postgresql.conf (read at the next start): later lines win over earlier ones."""
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            for name, value in settings.items():
                escaped = value.replace("'", "''")
                conf.write(f"{name} = '{escaped}'\n")

    def on_data(self, data: Path) -> PostgresServer:
        """A server of another data directory in the same scratch directory (a restored backup),
        on a free port of its own; not started."""
        port = free_port()
        return PostgresServer(self.binaries, data, self.options, self.scratch / f"pg-{port}.log", port,
                              self.as_postgres, self.scratch)

    def directory(self, name: str) -> Path:
        """A new directory in the scratch directory that the user postgres owns."""
        path = self.scratch / name
        path.mkdir(mode=0o700)
        if self.as_postgres:
            shutil.chown(path, "postgres")
        return path

    @contextmanager
    def database(self) -> Iterator[str]:
        """The URL of an empty database, emptied again afterwards (any session left on it
        ended). Emptying its schema takes some 15 ms where creating a database took 0.2 s."""
        if self._emptied:
            name = self._emptied.pop()
        else:
            name = f"test_{next(self._numbers)}"
            with psycopg.connect(self.url, autocommit=True) as admin:
                admin.execute(f"CREATE DATABASE {name}")
        try:
            yield self.url_of(name)
        finally:
            with psycopg.connect(self.url_of(name), autocommit=True) as owner:
                owner.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE datname = current_database() AND pid <> pg_backend_pid()")
                owner.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
            self._emptied.append(name)


@contextmanager
def postgres_server(settings: Mapping[str, str] | None = None) -> Iterator[PostgresServer]:
    """A fresh server with `settings` in its postgresql.conf, its files in a temporary
    directory of their own (RuntimeError where `unavailable()`)."""
    why = unavailable()
    binaries = _binaries()
    if why is not None or binaries is None:
        raise RuntimeError(why)
    prefix = _as_postgres()
    # Not under a test's tmp_path: the server runs as the user postgres, who may not enter root's directories.
    with tempfile.TemporaryDirectory(prefix="tablerules-pg-") as directory:
        scratch = Path(directory)
        if prefix:
            shutil.chown(scratch, "postgres")
        port = free_port()
        options = f"-k {scratch} -c listen_addresses=127.0.0.1 -c max_connections=200"
        server = PostgresServer(binaries, scratch / "pgdata", options, scratch / "pg.log", port, prefix, scratch)
        server.directory("pgdata")
        subprocess.run([*prefix, str(binaries / "initdb"), "-D", str(server.data), "-U", "tablerules",
                        "--auth=trust", "--no-sync"], check=True, capture_output=True, timeout=120)
        server.configure(settings or {})
        server.start()
        try:
            yield server
        finally:
            server.pg_ctl("-m", "immediate", "stop", check=False)
