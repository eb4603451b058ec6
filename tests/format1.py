"""Logs as log format 1 wrote them, before format 2's hiding chain: each envelope's
`hash` the SHA-256 of its canonical JSON without it, `state_hash` a plain digest of
the state, the seed in the clear at the end.

`tests/data/format1-aod-2p.jsonl` is a real one, written by aod 1.0.0; the rules have
changed since, so the upgrade and migration tests also render current games in format
1 with `as_format_1`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.games import REGISTRY
from domain.kernel import Log, Session
from domain.kernel.canonical import digest

HISTORICAL = Path(__file__).resolve().parent / "data" / "format1-aod-2p.jsonl"
"""A finished two-seat game of aod 1.0.0, as its server exported it in format 1."""


def as_format_1(log: Log) -> list[str]:
    """The lines a format 1 server would have exported for the same game."""
    header: dict[str, Any] = {**log.header.to_json(), "format_version": 1}
    header.pop("seed_chosen")  # format 1 did not record it
    created = {key: value for key, value in header.items() if key not in ("format", "format_version", "seed")}
    game = REGISTRY[log.header.ruleset]
    session = Session.opened(game, log.header, "")
    previous, lines = "0" * 64, [json.dumps(header)]
    for envelope in log.envelopes:
        if envelope.seq > 1:
            session = session.apply(envelope)
        row: dict[str, Any] = {
            "seq": envelope.seq, "type": envelope.type, "payload": created if envelope.seq == 1 else envelope.payload,
            "schema": envelope.schema, "command_id": envelope.command_id, "command": envelope.command,
            "rule": envelope.rule, "prev_hash": previous, "state_hash": digest(session.state),
        }
        row["hash"] = previous = digest(row)
        lines.append(json.dumps(row))
    return lines
