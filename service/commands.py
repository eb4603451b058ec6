"""Commands: each decided on the server's event loop, in its game's order, and stored
before it is acknowledged; a command id is answered once (a retry gets the first
result, from the receipt stored with the command's events).

Several replicas may share one database: a race lost to another replica surfaces as a
uniqueness conflict, the game is refreshed from the store and the command decided again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import SPECTATOR, Command, Game, RuleViolation, canonical_json, command_to_json
from service.auth import Tokens, Viewer
from service.errors import InvalidArgument, PermissionDenied, Rejected, StaleVersion
from service.limits import TEXT_LIMITS, game_too_long
from service.live import LiveGame, LiveGames
from service.seen import SeenEnvelope
from service.store import VersionConflict

RACE_RETRIES = 5


def _settled(task: asyncio.Task[Any]) -> None:
    """Take a finished command's outcome, so that one whose caller left is not reported as
    an exception nobody retrieved (the caller who stayed got it already)."""
    if not task.cancelled():
        task.exception()


@dataclass(frozen=True, slots=True)
class Outcome:
    version: int
    events: tuple[SeenEnvelope, ...]
    game: Game[Any]
    duplicate: bool = False


class Commands:
    def __init__(self, live_games: LiveGames, tokens: Tokens, max_game_events: int) -> None:
        self.live_games = live_games
        self.store = live_games.store
        self.shared_storage = live_games.shared_storage
        self.tokens = tokens
        self.max_game_events = max_game_events
        """A game this long takes no more commands (RESOURCE_EXHAUSTED)."""

    async def submit(self, game_id: str, token: str | None, command_id: str, expected_version: int | None,
                     build: Callable[[Game[Any], int], Command]) -> Outcome:
        """Decide a command and store its events; call on the server's event loop.

        The rules run on the loop itself: a hop onto a worker thread and back cost more
        than deciding (docs/performance-record.md). Only what waits on the store
        leaves the loop: the write (the store's group commit) and the rarer reads.
        """
        live = None if self.shared_storage else self.live_games.recently_used(game_id)
        if live is None:  # load it, or fold in what other replicas appended
            live = await asyncio.to_thread(self.live_games.live, game_id)
        viewer = self.tokens.viewer(live.secrets, token)
        if viewer.seat == SPECTATOR:
            raise PermissionDenied("only a seat may submit commands: send its token as 'authorization: Bearer'")
        if not command_id:
            raise InvalidArgument("command_id", f"a command needs an id of 1 to {TEXT_LIMITS['command_id']} "
                                                "characters (a retry repeats it)")
        try:
            command = build(live.game, viewer.seat)
        except (ValueError, TypeError, KeyError) as problem:
            raise InvalidArgument("command", str(problem)) from None
        # Shielded: a caller who leaves does not stop a command half way (its events may be
        # durable already); a retry with the same command id gets the first result.
        decided = asyncio.ensure_future(self._decide(live, viewer, command, command_id, expected_version))
        decided.add_done_callback(_settled)
        return await asyncio.shield(decided)

    async def _decide(self, live: LiveGame, viewer: Viewer, command: Command, command_id: str,
                      expected_version: int | None) -> Outcome:
        game_id = live.game_id
        for _ in range(RACE_RETRIES):
            async with live.turn:
                # Threads take the game's lock to fold in other replicas' appends.
                if not live.lock.acquire(blocking=False):
                    await asyncio.to_thread(live.lock.acquire)
                try:
                    if live.session.version >= self.max_game_events and not live.session.finished:
                        earlier = await asyncio.to_thread(self._earlier, live, command_id, command)
                        if earlier is not None:
                            return earlier  # the retry of the command that reached the limit
                        raise game_too_long(live.session.version, self.max_game_events)
                    if expected_version is not None and expected_version != live.session.version:
                        earlier = await asyncio.to_thread(self._refreshed_earlier, live, command_id, command)
                        if earlier is not None:
                            return earlier
                        if expected_version != live.session.version:
                            raise StaleVersion(expected_version, live.session.version)
                    try:
                        step = live.session.step(command, command_id, live.secrets.seed)
                    except RuleViolation as violation:
                        earlier = await asyncio.to_thread(self._earlier, live, command_id, command)
                        if earlier is not None:
                            return earlier
                        raise Rejected(violation.rule, violation.message) from None
                    try:
                        await self.store.append_async(game_id, step.envelopes)
                    except VersionConflict:
                        earlier = await asyncio.to_thread(self._refreshed_earlier, live, command_id, command)
                        if earlier is not None:
                            return earlier
                        continue
                    live.adopt(step.session, step.envelopes)
                    snapshot = self.live_games.snapshot_due(live, step.envelopes)
                    if snapshot is not None:
                        await asyncio.to_thread(self.store.save_snapshot, game_id, snapshot)
                finally:
                    live.lock.release()
            events = step.events  # the first len(events) envelopes'; a SeedRevealed may follow them
            return Outcome(step.session.version, tuple(
                live.seen.see(e, viewer, events[n] if n < len(events) else None)
                for n, e in enumerate(step.envelopes)), live.game)
        raise StaleVersion(expected_version or live.session.version, live.session.version)

    def _refreshed_earlier(self, live: LiveGame, command_id: str, command: Command) -> Outcome | None:
        """The first result of the command id, else None with what other writers appended
        folded in (call with live.lock held)."""
        earlier = self._earlier(live, command_id, command)
        if earlier is None:
            self.live_games.refresh(live)
        return earlier

    def _earlier(self, live: LiveGame, command_id: str, command: Command) -> Outcome | None:
        """The first result of a command id that was already accepted, if it was.

        An id is the idempotency key of one seat's one command: reusing it for another
        command, or from another seat, is refused rather than answered with a result
        that belongs to something else.
        """
        span = self.store.receipt(live.game_id, command_id)
        if span is None:
            return None
        envelopes = self.store.read(live.game_id, after=span[0] - 1, upto=span[1])
        if canonical_json(envelopes[0].command) != canonical_json(command_to_json(command)):
            owner = envelopes[0].command.get("seat") if envelopes[0].command else None
            whose = "this seat" if owner == command.seat else f"seat {owner}"
            raise InvalidArgument(
                "command_id",
                f"{command_id!r} was already used by {whose} for a different command at version {span[0] - 1}; "
                "a retry must repeat the same command, and a new command needs a new id",
            )
        viewer = Viewer(seat=command.seat)
        return Outcome(span[1], tuple(live.seen.see(e, viewer) for e in envelopes), live.game, duplicate=True)
