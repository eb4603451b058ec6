"""Server settings: flags first, then TABLERULES_* environment variables, then defaults.

The default is the embedded one: 127.0.0.1:50051 with SQLite in ./data/. Each
setting's variable is its name in capitals (`max_request_bytes`:
TABLERULES_MAX_REQUEST_BYTES) and its flag the name with dashes
(`--max-request-bytes`); docs/operations.md lists them.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.kernel.text import is_digits
from service.files import keep_private
from service.limits import MAX_GAME_EVENTS, MAX_REQUEST_BYTES
from service.serverlog import FORMATS

MAY_BE_ZERO = frozenset({"port", "log_waiting", "metrics_port", "grace_seconds", "stream_interval_ms",
                         "heavy_waiting"})
CHOICES = {"log_format": FORMATS}
HIGHEST = {"port": 65535, "metrics_port": 65535}
"""Settings with a highest value besides their least."""
YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 50051
    data_dir: str = "data"
    storage: str = ""
    """memory:, sqlite:///FILE or postgresql://...; empty: SQLite in data_dir."""
    operator_token: str = ""
    workers: int = 256
    """Threads for calls' blocking work (store reads, views, logs)."""
    max_request_bytes: int = MAX_REQUEST_BYTES
    """The largest request accepted: a log sent inline counts whole."""
    log_workers: int = 1
    """Processes that check logs (replay, verify, import, fork)."""
    log_waiting: int = 4
    """Log checks that may wait for a worker; any more are refused at once."""
    log_memory_mb: int = 1024
    """The memory one log check may use."""
    log_seconds: int = 10
    """The time one log check may take for each MiB of its log (one at least)."""
    log_per_caller: int = 2
    """Log checks one caller (an address) may have admitted at once."""
    metrics_port: int = 0
    """Prometheus metrics over HTTP on this port of `host`; 0: none."""
    grace_seconds: int = 10
    """On SIGTERM or SIGINT, the time calls under way have to finish."""
    stream_interval_ms: int = 15
    """The least time between two messages of one game to one stream; 0: a message per change."""
    max_game_events: int = MAX_GAME_EVENTS
    """A game this long takes no more commands, and no longer log is imported or forked."""
    heavy_calls: int = 2
    """Pieces of exports and catch-ups from the store worked on at once (so many processes),
    and calls that hold a whole log (ExportLog) at once."""
    heavy_waiting: int = 32
    """Exports and catch-ups under way besides those; any more are refused at once."""
    log_format: str = "json"
    """json: one object per line on stderr; or text."""
    log_requests: bool = False
    """A line per request in the log (method, game, code, time); off, only what else happens."""

    @staticmethod
    def from_env(env: Mapping[str, str] | None = None) -> Settings:
        source = os.environ if env is None else env
        return Settings().overridden({field.name: source[f"TABLERULES_{field.name.upper()}"]
                                      for field in dataclasses.fields(Settings)
                                      if f"TABLERULES_{field.name.upper()}" in source})

    def overridden(self, values: Mapping[str, object]) -> Settings:
        """These settings with some replaced (None: keep); numbers may be given as
        text, and one that is not a whole number in range, or a choice not on offer, is
        a ValueError naming it."""
        changes: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            value = values.get(field.name)
            if value is None:
                continue
            if isinstance(getattr(self, field.name), bool):
                text = str(value).strip().lower()
                if text not in (*YES, *NO):
                    raise ValueError(f"the setting {field.name} (TABLERULES_{field.name.upper()}) must be true or "
                                     f"false (1 or 0), not {text[:40]!r}")
                value = text in YES
            elif isinstance(getattr(self, field.name), int):
                text = str(value).strip()
                least = 0 if field.name in MAY_BE_ZERO else 1
                most = HIGHEST.get(field.name)
                if not is_digits(text) or int(text) < least or (most is not None and int(text) > most):
                    within = f"from {least} to {most}" if most is not None else f"of at least {least}"
                    raise ValueError(f"the setting {field.name} (TABLERULES_{field.name.upper()}) must be a whole "
                                     f"number {within}, not {text[:40]!r}")
                value = int(text)
            elif field.name in CHOICES and value not in CHOICES[field.name]:
                raise ValueError(f"the setting {field.name} (TABLERULES_{field.name.upper()}) must be one of "
                                 f"{', '.join(CHOICES[field.name])}, not {str(value)[:40]!r}")
            changes[field.name] = value
        return dataclasses.replace(self, **changes)

    def storage_url(self) -> str:
        return self.storage or f"sqlite:///{Path(self.data_dir) / 'tablerules.db'}"

    def token_file(self) -> Path:
        return Path(self.data_dir) / "operator.token"

    def resolved_operator_token(self) -> str:
        """The operator token: configured, or kept in data_dir/operator.token (mode 600)."""
        if self.operator_token:
            return self.operator_token
        path = self.token_file()
        if path.exists():
            keep_private(path)
            return path.read_text().strip()
        path.parent.mkdir(parents=True, exist_ok=True)
        token = secrets.token_urlsafe(32)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(token + "\n")
        return token
