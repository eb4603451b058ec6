"""Messages as they go out, encoded once: an event as one audience sees it, streams'
batches of events, and logs built from their stored lines.

The server sends them as bytes (its ENCODED methods), so that a message made once (for
every stream of one audience, or by a heavy-work process: service/heavy.py) is never
encoded again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Any

from domain.kernel import Game
from domain.kernel.canonical import canonical_json_of_plain
from service import convert
from service.protos import pb
from service.seen import SeenEnvelope

MAX_BATCH_BYTES = 1024 * 1024
"""An EventBatch's size: well short of the 4 MiB that gRPC's clients receive by default."""


def envelope_message(game_id: str, game: Game[Any], seen: SeenEnvelope) -> pb.EventEnvelope:
    e = seen.envelope
    return pb.EventEnvelope(
        game_id=game_id, seq=e.seq, type=seen.type, rule=e.rule, command_id=e.command_id,
        event=convert.event_to_proto(game, seen.type, seen.payload),
        payload_json=canonical_json_of_plain(seen.payload).decode(), redacted=seen.redacted,
        prev_hash=e.prev_hash, hash=e.hash, state_hash=e.state_hash, schema=e.schema,
        public_payload_json=canonical_json_of_plain(e.public_payload).decode(), secret_digest=e.secret_digest,
        text=seen.text)


@dataclass(frozen=True, slots=True)
class Converted:
    """An event as one audience sees it, converted once for every call of that audience."""

    message: pb.EventEnvelope
    entry: bytes
    """The message encoded as one entry of EventBatch.events: a batch's encoding is its entries
    joined, so a stream's batch costs no encoding of its own."""

    @property
    def encoded(self) -> bytes:
        """The EventEnvelope message alone, encoded (the entry without its tag and length)."""
        return self.entry[_prefix_length(self.entry):]


def converted(game_id: str, game: Game[Any], seen: SeenEnvelope) -> Converted:
    message = envelope_message(game_id, game, seen)
    # Deterministic: a map (a game's options) is encoded in key order, not in the order one
    # process's hash table holds it, so that every process sends an event as the same bytes.
    return Converted(message, pb.EventBatch(events=[message]).SerializeToString(deterministic=True))


def _prefix_length(entry: bytes) -> int:
    """The length of an entry's tag (one byte) and its varint length."""
    at = 1
    while entry[at] & 0x80:
        at += 1
    return at + 1


class Batcher:
    """Events as encoded EventBatch messages of at most `limit` bytes each (an event
    larger than that goes alone), in order, each filled as far as it goes: a catch-up read
    in pages is batched as if it had been read whole. `waiting` is what is left over for
    the next page (a heavy-work process hands it back, and gets it with that page)."""

    def __init__(self, limit: int, waiting: Iterable[bytes] = ()) -> None:
        self.limit = limit
        self.waiting = list(waiting)
        self._size = sum(len(entry) for entry in self.waiting)

    def add(self, entries: Iterable[bytes]) -> list[bytes]:
        """The batches these events' entries fill; what is left waits for more, or for `flush`."""
        full = []
        for entry in entries:
            if self.waiting and self._size + len(entry) > self.limit:
                full.append(b"".join(self.waiting))
                self.waiting, self._size = [], 0
            self.waiting.append(entry)
            self._size += len(entry)
        return full

    def flush(self) -> list[bytes]:
        """The last batch, if any event waits."""
        last = [b"".join(self.waiting)] if self.waiting else []
        self.waiting, self._size = [], 0
        return last


def batches(events: Iterable[Converted], limit: int | None = None) -> list[bytes]:
    """The events in batches of at most `limit` bytes (MAX_BATCH_BYTES)."""
    batcher = Batcher(limit or MAX_BATCH_BYTES)
    return batcher.add(made.entry for made in events) + batcher.flush()


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def log_message(lines: list[bytes], includes_seed: bool) -> bytes:
    """An encoded ExportLogResponse (or LogChunk: the same fields) holding these lines,
    each ended by a newline, built from the stored lines without decoding them."""
    size = sum(map(len, lines)) + len(lines)
    parts = [b"\x0a", _varint(size), *chain.from_iterable(zip(lines, repeat(b"\n")))]  # field 1 (log_jsonl)
    if includes_seed:
        parts.append(b"\x10\x01")  # field 2 (includes_seed), true
    return b"".join(parts)
