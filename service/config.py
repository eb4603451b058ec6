"""Server settings: flags first, then TABLERULES_* environment variables, then defaults.

The default is the embedded one: 127.0.0.1:50051 with SQLite in ./data/.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 50051
    data_dir: str = "data"
    storage: str = ""
    """memory:, sqlite:///FILE or postgresql://...; empty: SQLite in data_dir."""
    operator_token: str = ""
    workers: int = 256

    @staticmethod
    def from_env(env: dict[str, str] | None = None) -> Settings:
        source = os.environ if env is None else env
        return Settings(
            host=source.get("TABLERULES_HOST", "127.0.0.1"),
            port=int(source.get("TABLERULES_PORT", "50051")),
            data_dir=source.get("TABLERULES_DATA_DIR", "data"),
            storage=source.get("TABLERULES_STORAGE", ""),
            operator_token=source.get("TABLERULES_OPERATOR_TOKEN", ""),
            workers=int(source.get("TABLERULES_WORKERS", "256")),
        )

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
            return path.read_text().strip()
        path.parent.mkdir(parents=True, exist_ok=True)
        token = secrets.token_urlsafe(32)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(token + "\n")
        return token
