"""What the commands that talk to a running server share: the client and the operator's token."""

from __future__ import annotations

import argparse
from pathlib import Path

from service.config import Settings
from tablerules_client import Client


def client(args: argparse.Namespace) -> Client:
    """A client of the server at --address."""
    return Client(args.address)


def operator_token(args: argparse.Namespace) -> str | None:
    """--token, else TABLERULES_OPERATOR_TOKEN, else the server's operator.token in --data-dir
    (or TABLERULES_DATA_DIR); None if none is found."""
    if args.token:
        return str(args.token)
    env = Settings.from_env()
    if env.operator_token:
        return env.operator_token
    path = Path(args.data_dir or env.data_dir) / "operator.token"
    return path.read_text().strip() if path.exists() else None
