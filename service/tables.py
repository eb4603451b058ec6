"""The server's use cases, free of gRPC, as one object made of parts, each with one job:

- live games in memory and their cache (service/live.py, `live_games`);
- who a token makes its caller (service/auth.py, `tokens`);
- commands (service/commands.py, `commands`);
- event streams (service/streams.py, `streams`);
- logs out and in: export, replay, verify, import, fork (service/gamelogs.py, `logs`).

Tables itself creates games and shows a caller their view. The gRPC servicer
(service/server.py) calls it and its parts.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from domain.games import REGISTRY
from domain.kernel import (
    SYSTEM_SEAT,
    Command,
    Envelope,
    Game,
    Header,
    Session,
    StartGame,
    Status,
    seed_commitment,
)
from domain.kernel.tell import told_command
from domain.kernel.words import Seats
from service import logchecks
from service.auth import SeatGrant, Tokens, seat_grants, token_hashes
from service.commands import Commands
from service.errors import InvalidArgument, PermissionDenied
from service.gamelogs import GameLogs
from service.heavy import HeavyWork
from service.limits import MAX_GAME_EVENTS
from service.live import LiveGames
from service.logjobs import LogJobs
from service.store import GameStore, Secrets
from service.streams import Streams


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class Seen:
    """What GetView returns."""

    version: int
    seat: int
    status: Status
    view: Any
    legal: tuple[Command, ...]
    game: Game[Any]
    legal_texts: tuple[str, ...]
    """Each legal command in words, in the same order."""
    lines: tuple[str, ...]
    """The view in a few lines for a person (domain/kernel/words.py, Glance)."""
    seed_chosen: bool
    """The seed is known beyond the server (chosen by the operator, or carried by an adopted log)."""


class Tables:
    def __init__(self, store: GameStore, operator_token: str, *, snapshot_every: int = 200,
                 cache_size: int = 20000, poll_seconds: float = 1.0, log_jobs: LogJobs | None = None,
                 stream_interval: float = 0.0, max_game_events: int = MAX_GAME_EVENTS,
                 heavy: HeavyWork | None = None) -> None:
        self.store = store
        self.games = REGISTRY
        self.heavy = heavy or HeavyWork()
        """Turns for exports, catch-ups and logs read from the store (use on the event loop)."""
        self.heavy.attach(store)
        self.log_jobs = log_jobs or LogJobs()
        self.max_game_events = max_game_events
        """A game this long takes no more commands (RESOURCE_EXHAUSTED), nor is a longer log adopted."""
        self.tokens = Tokens(operator_token)
        self.live_games = LiveGames(store, cache_size=cache_size, snapshot_every=snapshot_every)
        self.commands = Commands(self.live_games, self.tokens, max_game_events)
        self.streams = Streams(self.live_games, self.tokens, poll_seconds=poll_seconds, interval=stream_interval)
        self.logs = GameLogs(self.live_games, self.tokens, self.log_jobs, max_game_events)

    def close(self) -> None:
        self.live_games.stop_listening()
        self.log_jobs.close()
        self.heavy.close()
        self.store.close()

    def create_game(self, ruleset: str, seats: Sequence[str], options: Mapping[str, object], content: str = "",
                    seed: str = "", token: str | None = None) -> tuple[str, list[SeatGrant], str, int]:
        """A new game. Only the operator (`token`) may choose its seed; the log then says so."""
        if seed and not self.tokens.is_operator(token):
            raise PermissionDenied("only the operator may choose a seed (for tests and bug reproduction); leave it "
                                   "empty for a secret one, or set the option seat_randomness for chance that "
                                   "nobody can steer")
        game = logchecks.game_named(ruleset)
        try:
            setup = game.ruleset.check_setup(seats, options, content)
        except ValueError as problem:
            raise InvalidArgument("seats" if "seats" in str(problem) else "options", str(problem)) from None
        chosen = bool(seed)
        seed = seed or secrets.token_hex(32)
        game_id = str(uuid.uuid4())
        header = Header(game_id=game_id, ruleset=game.ruleset.name, ruleset_version=game.ruleset.version,
                        seats=setup.seats, options=setup.options, content=setup.content,
                        seed_commitment=seed_commitment(seed), created_at=_now(), seed_chosen=chosen)
        try:
            # Some checks need the whole setup (e.g. one character per seat).
            session, created = Session.create(game, header, seed)
        except ValueError as problem:
            raise InvalidArgument("options", str(problem)) from None
        started: list[Envelope] = []
        if not session.collecting:  # with seat randomness, the game starts once the seats' values are in
            session, started = session.execute(StartGame(seat=SYSTEM_SEAT), "start", seed)
        grants = seat_grants(setup.seats)
        self.live_games.store_new(game_id, game, Secrets(seed, token_hashes(grants)), [created, *started], session)
        return game_id, grants, header.seed_commitment, session.version

    def view(self, game_id: str, token: str | None) -> Seen:
        live = self.live_games.live(game_id)
        viewer = self.tokens.viewer(live.secrets, token)
        session = live.session
        legal = tuple(session.legal_commands(viewer.seat))
        shown = live.game.view(session.state, viewer.seat)
        seats = session.header.seats
        return Seen(session.version, viewer.seat, session.status(), shown, legal, live.game,
                    tuple(told_command(live.game, c, seats) for c in legal),
                    live.game.glance(shown, Seats(tuple(seats))), session.header.seed_chosen)
