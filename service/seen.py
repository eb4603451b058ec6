"""What a viewer may see of an event: redacted for its audience and told in words, and
remembered per audience, so that the many streams of one game redact each event once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import SPECTATOR, Envelope, Event, Game
from domain.kernel.session import seen_payload
from domain.kernel.tell import told_seen
from domain.kernel.words import Seats
from service.auth import Viewer

SEEN_LIMIT = 512
"""Redacted envelopes remembered per game; the memo starts afresh when full. Streams ask
for recent events (live.RECENT_ENVELOPES), and every object kept is one more for the cycle
collector's full passes, which pause every call: at 4,096 a game, 8 busy games held some
130,000 objects and a full pass took 170 ms on the bench machine; at 512, 25,000 and 25 ms."""


@dataclass(frozen=True, slots=True)
class SeenEnvelope:
    """An envelope as one viewer may see it."""

    envelope: Envelope
    type: str
    payload: Mapping[str, Any]
    redacted: bool
    audience: int
    text: str
    """What happened, in one sentence for this viewer (domain/kernel/tell.py)."""


def seen_by(game: Game[Any], seats: Sequence[str], envelope: Envelope, viewer: Viewer,
            event: Event | None = None) -> SeenEnvelope:
    """The envelope as the viewer may see it, told in words with the seats' names; `event`
    is its decoded event, if at hand."""
    if viewer.operator or envelope.public is None:
        payload, redacted = envelope.payload, False
    else:
        payload = seen_payload(game, envelope, viewer.seat, event)
        redacted = viewer.seat == SPECTATOR or payload != dict(envelope.payload)
    text = told_seen(game, envelope, payload, Seats(tuple(seats)))
    return SeenEnvelope(envelope, envelope.type, payload, redacted, viewer.audience, text)


class SeenMemo:
    """One game's envelopes as each audience sees them, by (seq, audience): many streams
    share one redaction."""

    __slots__ = ("_seen", "game", "seats")

    def __init__(self, game: Game[Any], seats: Sequence[str]) -> None:
        self.game = game
        self.seats = seats
        self._seen: dict[tuple[int, int], SeenEnvelope] = {}

    def see(self, envelope: Envelope, viewer: Viewer, event: Event | None = None) -> SeenEnvelope:
        """The envelope as the viewer may see it; `event` is its decoded event, if at hand."""
        key = (envelope.seq, viewer.audience)
        seen = self._seen.get(key)
        if seen is None:
            if len(self._seen) >= SEEN_LIMIT:
                self._seen.clear()
            seen = self._seen[key] = seen_by(self.game, self.seats, envelope, viewer, event)
        return seen
