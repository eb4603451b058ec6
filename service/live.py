"""The games in play, in memory: each game's session (state, version, hash chain), its
recent envelopes, its locks and its streams' bell, for the most recently used games.

A game is loaded from its latest snapshot and the events after it, so that loading it
costs the same at move 10 and move 10,000; a snapshot is saved every `snapshot_every`
events. Several replicas may share one database: each folds in what the others
appended, when they announce it (service/changes.py) and before it answers a read.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain.kernel import Envelope, Game, Header, Session, to_plain
from domain.kernel.messages import from_plain
from domain.kernel.quoting import quoted
from service import logchecks
from service.bell import Bell
from service.errors import NotFound, Rejected
from service.migrate import is_current, is_format_1
from service.seen import SeenMemo
from service.store import GameStore, Secrets, Snapshot

if TYPE_CHECKING:
    from service.changes import Listener

RECENT_ENVELOPES = 256
"""Envelopes kept in memory per game for streaming; older ones come from the store."""


@dataclass
class LiveGame:
    game_id: str
    game: Game[Any]
    session: Session[Any]
    secrets: Secrets
    recent: deque[Envelope]
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Orders the game's commands on the event loop, none holding a thread while it waits."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Held while a command is decided and stored, or the game refreshed from the store."""
    memory: threading.Lock = field(default_factory=threading.Lock)
    """Keeps `session` and `recent` consistent for readers."""
    bell: Bell | None = None
    """Wakes the game's streams; made by the first stream, on the server's event loop."""
    seen: SeenMemo = field(init=False)
    """Envelopes as each audience sees them: many streams share one redaction."""
    retired: bool = False
    """Dropped from the cache (or replaced in it): commands now go to another LiveGame."""

    def __post_init__(self) -> None:
        self.seen = SeenMemo(self.game, self.session.header.seats)

    def retire(self) -> None:
        """Tell the streams that follow this object to find the game's current one."""
        self.retired = True
        if self.bell is not None:
            self.bell.ring()

    def adopt(self, session: Session[Any], envelopes: Sequence[Envelope]) -> None:
        with self.memory:
            self.session = session
            self.recent.extend(envelopes)
        if self.bell is not None:
            self.bell.ring()

    def recent_after(self, version: int) -> list[Envelope] | None:
        """Envelopes with seq > version from memory, or None if memory does not reach back."""
        with self.memory:
            if version >= self.session.version:
                return []
            if not self.recent or self.recent[0].seq > version + 1:
                return None
            return list(itertools.islice(self.recent, version + 1 - self.recent[0].seq, None))


class LiveGames:
    """The live games of the `cache_size` most recently used games, loaded on demand."""

    def __init__(self, store: GameStore, *, cache_size: int = 20000, snapshot_every: int = 200) -> None:
        self.store = store
        # Other replicas may write to a shared database: reads then fold in the tail first.
        self.shared_storage = store.shared
        self.cache_size = cache_size
        self.snapshot_every = snapshot_every
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._live_lock = threading.Lock()
        # Other replicas announce their appends (service/changes.py); the poll of a stream
        # (service/streams.py) is the safety net for an announcement lost on the way.
        self._listener: Listener | None = None
        if store.announcer is not None:
            from service.changes import Listener  # psycopg: the postgres extra

            self._listener = Listener(store.url, store.announcer.replica, self._changed_elsewhere,
                                      self._refresh_every_live_game, store.wait_seconds)

    def stop_listening(self) -> None:
        """Stop folding in other replicas' appends (a server that stops calls this before its
        event loop closes: what the listener folds in wakes streams on that loop)."""
        if self._listener is not None:
            self._listener.stop()

    def _changed_elsewhere(self, game_id: str) -> None:
        with self._live_lock:
            live = self._live.get(game_id)
        if live is not None:
            self.refresh_unless_busy(live)

    def _refresh_every_live_game(self) -> None:
        with self._live_lock:
            games = list(self._live.values())
        for live in games:
            self.refresh_unless_busy(live)

    def bells(self) -> list[Bell]:
        """The bells of the games in memory that have streams."""
        with self._live_lock:
            return [live.bell for live in self._live.values() if live.bell is not None]

    def store_new(self, game_id: str, game: Game[Any], keys: Secrets, envelopes: list[Envelope],
                  session: Session[Any]) -> LiveGame:
        """Store a new game (created, imported or forked) and keep it in memory."""
        self.store.create(game_id, keys)
        self.store.append(game_id, envelopes)
        live = LiveGame(game_id, game, session, keys, deque(envelopes[-RECENT_ENVELOPES:], RECENT_ENVELOPES))
        snapshot = self.snapshot_due(live, envelopes)
        if snapshot is not None:  # an imported or forked long game loads fast too
            self.store.save_snapshot(game_id, snapshot)
        self._remember(live)
        return live

    def snapshot_due(self, live: LiveGame, envelopes: Sequence[Envelope]) -> Snapshot | None:
        """A snapshot after the step that passes a multiple of snapshot_every, else None."""
        session = live.session
        before = envelopes[0].seq - 1 if envelopes else session.version  # the version the step started from
        if before // self.snapshot_every == session.version // self.snapshot_every:
            return None
        return Snapshot(session.version, session.last_hash, session.finished, to_plain(session.state),
                        session.contributions)

    def _remember(self, live: LiveGame) -> None:
        with self._live_lock:
            replaced = self._live.get(live.game_id)
            if replaced is not None and replaced is not live:
                replaced.retire()  # two loads of one game raced: keep one
            self._live[live.game_id] = live
            self._live.move_to_end(live.game_id)
            while len(self._live) > self.cache_size:
                self._live.popitem(last=False)[1].retire()

    def recently_used(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory, marked as the most recently used."""
        with self._live_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        return live

    def live(self, game_id: str) -> LiveGame:
        live = self.recently_used(game_id)
        if live is None:
            return self._load(game_id)
        if self.shared_storage:
            with live.lock:
                self.refresh(live)
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory; never loads it (for what the server reports of a call)."""
        with self._live_lock:
            return self._live.get(game_id)

    def cached_count(self) -> int:
        return len(self._live)

    def _load(self, game_id: str) -> LiveGame:
        keys = self.store.secrets(game_id)
        stored = self.store.read_rows(game_id, upto=1)
        if keys is None or not stored:
            raise NotFound(f"no game {quoted(game_id)}")
        if is_format_1(stored[0]):
            raise Rejected("storage", f"game {game_id} is stored in log format 1, which this version no longer "
                                      "serves: stop the server and run `tablerules migrate` (docs/operations.md)")
        first = [Envelope.from_json(stored[0])]
        header = Header.from_created(first[0].payload)
        game = logchecks.game_named(header.ruleset)
        if not is_current(stored[0]):
            # These rules did not decide the game's events: they must not continue it.
            raise Rejected("storage", f"game {game_id} was played under {header.ruleset} {header.ruleset_version}; "
                                      f"this server runs {game.ruleset.version}: stop the server and run "
                                      "`tablerules migrate` (docs/operations.md)")
        session = Session.opened(game, header, first[0].hash)
        snapshot = self.store.latest_snapshot(game_id)
        if snapshot is not None:
            session = Session(game, header, from_plain(game.state_type, snapshot.state), snapshot.version,
                              snapshot.last_hash, snapshot.finished, snapshot.contributions)
        tail = self.store.read(game_id, after=session.version)
        for envelope in tail:
            session = session.apply(envelope)
        live = LiveGame(game_id, game, session, keys, deque(tail[-RECENT_ENVELOPES:], RECENT_ENVELOPES))
        with self._live_lock:
            existing = self._live.get(game_id)
            if existing is not None:
                return existing
        self._remember(live)
        return live

    def refresh(self, live: LiveGame) -> None:
        """Fold in what other replicas appended (call with live.lock held)."""
        tail = self.store.read(live.game_id, after=live.session.version)
        if tail:
            session = live.session
            for envelope in tail:
                session = session.apply(envelope)
            live.adopt(session, tail)

    def refresh_unless_busy(self, live: LiveGame) -> None:
        """Fold in other replicas' appends, unless a command holds the game (it refreshes itself)."""
        if live.lock.acquire(blocking=False):
            try:
                self.refresh(live)
            finally:
                live.lock.release()
