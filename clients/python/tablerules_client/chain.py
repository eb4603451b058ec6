"""Checking the hash chain of the events a viewer receives (docs/log-format.md).

Each envelope's hash covers the previous hash, the event's public form (the payload
as a spectator sees it) and a keyed digest of the rest, so a seat or a spectator
can check that what it received is one unbroken chain, and, once the game has
finished, that it matches the full log event for event, without ever being able to
test guesses about what was hidden from it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS_HASH = "0" * 64


class BrokenChain(Exception):
    """A received envelope that does not continue the chain: `seq` names it."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"event {seq}: {reason}")
        self.seq = seq
        self.reason = reason


def canonical(value: Any) -> bytes:
    """Canonical JSON: sorted keys, no spaces, UTF-8 (tablerules' hashes are over it)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def envelope_hash(envelope: Any) -> str:
    """The hash a tablerules.v1.EventEnvelope must carry, from its public fields."""
    public = {
        "command_id": envelope.command_id,
        "payload": json.loads(envelope.public_payload_json),
        "rule": envelope.rule,
        "schema": envelope.schema,
        "seq": envelope.seq,
        "state_hash": envelope.state_hash,
        "type": envelope.type,
    }
    body = {"prev_hash": envelope.prev_hash, "public": public, "secret_digest": envelope.secret_digest}
    return hashlib.sha256(canonical(body)).hexdigest()


class ChainCheck:
    """Follows envelopes in order from `after` (the version the stream started after,
    whose hash is `previous`): each must be the next seq, link to the one before and
    carry the hash of its own public form."""

    def __init__(self, after: int = 0, previous: str = GENESIS_HASH) -> None:
        self.seq = after
        self.previous = previous

    def add(self, envelope: Any) -> None:
        if envelope.seq != self.seq + 1:
            raise BrokenChain(envelope.seq, f"expected event {self.seq + 1}")
        if envelope.prev_hash != self.previous:
            raise BrokenChain(envelope.seq, "prev_hash is not the previous event's hash")
        if envelope_hash(envelope) != envelope.hash:
            raise BrokenChain(envelope.seq, "the hash does not match the event's public form")
        self.seq, self.previous = envelope.seq, envelope.hash
