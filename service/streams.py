"""Event streams: a game's events after a version, catch-up then live, as the caller
may see them; coroutines on the server's event loop, woken by their game's bell when
it changes (service/bell.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

from service.auth import Tokens, Viewer
from service.bell import Bell
from service.errors import InvalidArgument, OutOfRange, Unavailable
from service.live import LiveGame, LiveGames
from service.seen import SeenEnvelope


@dataclass(frozen=True, slots=True)
class CatchUp:
    """The events of a stream after `after` up to `upto`, further back than memory
    holds: read from the store page by page (service/pages.py, catch_up_page)."""

    live: LiveGame
    viewer: Viewer
    after: int
    upto: int


class Streams:
    def __init__(self, live_games: LiveGames, tokens: Tokens, *, poll_seconds: float = 1.0,
                 interval: float = 0.0) -> None:
        self.live_games = live_games
        self.shared_storage = live_games.shared_storage
        self.tokens = tokens
        self.poll_seconds = poll_seconds
        """How often a stream of a shared store looks for other replicas' appends when nothing rang."""
        self.interval = interval
        """The least time between two wake-ups of one game's streams, in seconds (Bell)."""
        self.draining = False
        """The server is shutting down: streams end."""

    def drain(self) -> None:
        """End every stream, UNAVAILABLE with the version to resume from: the server is
        shutting down. Call on the server's event loop."""
        self.draining = True
        for bell in self.live_games.bells():
            bell.ring()

    async def follow(self, live: LiveGame, token: str | None,
                     from_version: int) -> AsyncIterator[list[SeenEnvelope] | CatchUp]:
        """Catch-up then live, as the token's viewer sees them: on each wake-up, every
        envelope not yet sent, in order, from memory; or where memory does not reach back,
        a CatchUp, which the caller reads from the store (catch_up_page) before it asks for
        more. Ends after the game's last event; call on the server's event loop."""
        viewer = self.tokens.viewer(live.secrets, token)
        if from_version < 0:
            raise InvalidArgument("from_version", "must be 0 or more")
        if from_version > live.session.version:
            raise OutOfRange(f"from_version {from_version} is past the game's last event ({live.session.version}): "
                             f"resume from {live.session.version} or less")
        sent = from_version
        while True:
            if self.draining:
                raise Unavailable(f"the server is shutting down: resume from_version {sent} on another replica, or "
                                  "on this one once it is back")
            if live.retired:
                live = await asyncio.to_thread(self.live_games.live, live.game_id)
            if live.bell is None:
                live.bell = Bell(asyncio.get_running_loop(), self.interval)
            batch = live.recent_after(sent)
            if batch is None:
                # Further back than memory holds: the caller reads it from the store, page by page.
                upto = live.session.version
                yield CatchUp(live, viewer, sent, upto)
                sent = upto
                continue
            fresh = []
            for envelope in batch:
                if envelope.seq != sent + 1:
                    break  # a gap in memory: read the store on the next pass
                fresh.append(live.seen.see(envelope, viewer))
                sent = envelope.seq
            if fresh:
                yield fresh
            if live.session.finished and sent >= live.session.version:
                return
            # No await between these checks and the wait: a ring cannot slip in between (a
            # drain that rang while this stream was sending is seen here). Only a shared
            # database needs a poll; elsewhere every change rings the bell.
            woken = self.draining or sent < live.session.version or live.retired or await live.bell.wait(
                self.poll_seconds if self.shared_storage else None)
            # Other replicas' appends reach this one only through the database: look on a quiet poll.
            if self.shared_storage and not woken:
                await asyncio.to_thread(self.live_games.refresh_unless_busy, live)
