"""The service's use cases, free of gRPC: create, command, view, stream, export,
import, replay, verify and fork. The gRPC servicer and the CLI both call this.

Live games are cached in memory (state, hash chain, recent envelopes); every
command is decided under the game's lock and persisted before it is acknowledged.
Several replicas may share one database: a lost race surfaces as a uniqueness
conflict, the cache is refreshed from the store and the command decided again.

Commands are decided on the server's event loop and wait for their write without a
thread (`submit`); streams are coroutines on the same loop (`follow`), woken by the
game's `Bell` when a command lands. Other calls run on worker threads.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import itertools
import secrets
import threading
import uuid
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from domain.games import REGISTRY
from domain.kernel import (
    SPECTATOR,
    SYSTEM_SEAT,
    Command,
    Envelope,
    Event,
    Game,
    Header,
    Log,
    LogFormatError,
    Report,
    RuleViolation,
    Session,
    StartGame,
    Status,
    canonical_json,
    command_to_json,
    seed_commitment,
    to_plain,
)
from domain.kernel.canonical import canonical_json_of_plain
from domain.kernel.log import header_of, marked_chosen
from domain.kernel.messages import from_plain
from domain.kernel.quoting import quoted
from domain.kernel.session import seen_payload
from domain.kernel.tell import told_command, told_seen
from domain.kernel.words import Seats
from service import logchecks
from service.errors import (
    InvalidArgument,
    NotFound,
    OutOfRange,
    PermissionDenied,
    Rejected,
    ResourceExhausted,
    StaleVersion,
    Unauthenticated,
    Unavailable,
)
from service.heavy import HeavyWork
from service.limits import MAX_GAME_EVENTS, TEXT_LIMITS
from service.logchecks import Adoptable, Replayed
from service.logjobs import LogJobs
from service.migrate import is_current, is_format_1
from service.store import GameStore, Secrets, Snapshot, VersionConflict

if TYPE_CHECKING:
    from service.changes import Listener

RECENT_ENVELOPES = 256
"""Envelopes kept in memory per game for streaming; older ones come from the store."""
SEEN_LIMIT = 512
"""Redacted envelopes remembered per game; the memo starts afresh when full. Streams ask
for recent events (RECENT_ENVELOPES), and every object kept is one more for the cycle
collector's full passes, which pause every call: at 4,096 a game, 8 busy games held some
130,000 objects and a full pass took 170 ms on the bench machine; at 512, 25,000 and 25 ms."""
RACE_RETRIES = 5


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _settled(task: asyncio.Task[Any]) -> None:
    """Take a finished command's outcome, so that one whose caller left is not reported as
    an exception nobody retrieved (the caller who stayed got it already)."""
    if not task.cancelled():
        task.exception()


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is calling: a seat (1..n), a spectator (seat 0) or the operator."""

    seat: int = SPECTATOR
    operator: bool = False

    @property
    def audience(self) -> int:
        """Callers who see events alike: the operator (-1), one seat, or every spectator (0)."""
        return -1 if self.operator else self.seat


@dataclass(frozen=True, slots=True)
class SeatGrant:
    seat: int
    name: str
    token: str


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


@dataclass(frozen=True, slots=True)
class Export:
    """A game's log as one caller may export it: the header line, then the stored events
    up to `upto`, each its line as stored."""

    game_id: str
    header_line: bytes
    upto: int
    includes_seed: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    version: int
    events: tuple[SeenEnvelope, ...]
    game: Game[Any]
    duplicate: bool = False


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


class Bell:
    """Wakes the coroutines of one event loop that wait for a game to change, rung from
    any thread: one hop onto the loop per change however many coroutines wait, where a
    condition variable would wake one thread per stream.

    It wakes them at most once per `interval` seconds: a change within that time of the
    last wake-up waits for the interval's end, and whatever else changed meanwhile goes
    with it. Each wake-up costs the loop a message per stream, which at a hundred
    commands a second to a hundred streams is more than the loop has (docs/operations.md,
    Performance); a game that changes less often is woken at once.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, interval: float = 0.0) -> None:
        """Make it on `loop`'s own thread."""
        self._loop = loop
        self._loop_thread = threading.get_ident()
        self._interval = interval
        self._waiters: set[asyncio.Future[None]] = set()
        self._woken_at = -interval
        self._due = False

    def ring(self) -> None:
        if threading.get_ident() == self._loop_thread:
            self._rung()  # a command, decided on the loop: no hop, no wake-up of the loop's selector
            return
        try:
            self._loop.call_soon_threadsafe(self._rung)
        except RuntimeError:
            if not self._loop.is_closed():
                raise
            # The server has stopped: no stream is left to wake (a thread that read the store
            # for another replica's append may finish after the loop closed).

    def _rung(self) -> None:
        if self._due:
            return
        wake_at = self._woken_at + self._interval
        if self._loop.time() >= wake_at:
            self._wake()
        else:
            self._due = True
            self._loop.call_at(wake_at, self._wake)

    def _wake(self) -> None:
        self._due = False
        self._woken_at = self._loop.time()
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)
        self._waiters.clear()

    async def wait(self, timeout: float | None) -> bool:
        """Whether the bell rang within `timeout` seconds (None: until it rings); call on
        the bell's loop. Each waiter has its own future, so a cancelled one leaves the rest."""
        waiter = self._loop.create_future()
        self._waiters.add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            self._waiters.discard(waiter)


@dataclass(frozen=True, slots=True)
class CatchUp:
    """The events of a stream after `after` up to `upto`, further back than memory
    holds: read from the store page by page (service/pages.py, catch_up_page)."""

    live: LiveGame
    viewer: Viewer
    after: int
    upto: int


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
    seen: dict[tuple[int, int], SeenEnvelope] = field(default_factory=dict)
    """Envelopes as each audience sees them (seq, audience): many streams share one redaction."""
    retired: bool = False
    """Dropped from the cache (or replaced in it): commands now go to another LiveGame."""

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


class Tables:
    def __init__(self, store: GameStore, operator_token: str, *, snapshot_every: int = 200,
                 cache_size: int = 20000, poll_seconds: float = 1.0, log_jobs: LogJobs | None = None,
                 stream_interval: float = 0.0, max_game_events: int = MAX_GAME_EVENTS,
                 heavy: HeavyWork | None = None) -> None:
        self.store = store
        self.max_game_events = max_game_events
        """A game this long takes no more commands (RESOURCE_EXHAUSTED), nor is a longer log adopted."""
        self.heavy = heavy or HeavyWork()
        """Turns for exports, catch-ups and logs read from the store (use on the event loop)."""
        self.heavy.attach(store)
        # Other replicas may write to a shared database: reads then fold in the tail first.
        self.shared_storage = store.shared
        self.games = REGISTRY
        self.log_jobs = log_jobs or LogJobs()
        self.snapshot_every = snapshot_every
        self.cache_size = cache_size
        self.poll_seconds = poll_seconds
        self.stream_interval = stream_interval
        """The least time between two wake-ups of one game's streams, in seconds (Bell)."""
        self._operator_hash = _token_hash(operator_token)
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._live_lock = threading.Lock()
        # Other replicas announce their appends (service/changes.py); the poll in follow()
        # is the safety net for an announcement lost on the way.
        self._listener: Listener | None = None
        if store.announcer is not None:
            from service.changes import Listener  # psycopg: the postgres extra

            self._listener = Listener(store.url, store.announcer.replica, self._changed_elsewhere,
                                      self._refresh_every_live_game, store.wait_seconds)
        self.draining = False
        """The server is shutting down: streams end."""

    # -- rulesets and games -------------------------------------------------------------

    def stop_listening(self) -> None:
        """Stop folding in other replicas' appends (a server that stops calls this before its
        event loop closes: what the listener folds in wakes streams on that loop)."""
        if self._listener is not None:
            self._listener.stop()

    def close(self) -> None:
        self.stop_listening()
        self.log_jobs.close()
        self.heavy.close()
        self.store.close()

    def _changed_elsewhere(self, game_id: str) -> None:
        with self._live_lock:
            live = self._live.get(game_id)
        if live is not None:
            self._refresh_unless_busy(live)

    def _refresh_every_live_game(self) -> None:
        with self._live_lock:
            games = list(self._live.values())
        for live in games:
            self._refresh_unless_busy(live)

    def drain(self) -> None:
        """End every stream, UNAVAILABLE with the version to resume from: the server is
        shutting down. Call on the server's event loop."""
        self.draining = True
        with self._live_lock:
            bells = [live.bell for live in self._live.values() if live.bell is not None]
        for bell in bells:
            bell.ring()

    def create_game(self, ruleset: str, seats: Sequence[str], options: Mapping[str, object], content: str = "",
                    seed: str = "", token: str | None = None) -> tuple[str, list[SeatGrant], str, int]:
        """A new game. Only the operator (`token`) may choose its seed; the log then says so."""
        if seed and not self._is_operator(token):
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
        grants = [SeatGrant(n, name, secrets.token_urlsafe(24)) for n, name in enumerate(setup.seats, start=1)]
        keys = Secrets(seed, tuple(_token_hash(g.token) for g in grants))
        self._store_new(game_id, game, keys, [created, *started], session)
        return game_id, grants, header.seed_commitment, session.version

    def _store_new(self, game_id: str, game: Game[Any], keys: Secrets, envelopes: list[Envelope],
                   session: Session[Any]) -> LiveGame:
        self.store.create(game_id, keys)
        self.store.append(game_id, envelopes)
        live = LiveGame(game_id, game, session, keys, deque(envelopes[-RECENT_ENVELOPES:], RECENT_ENVELOPES))
        snapshot = self._snapshot_due(live, envelopes)
        if snapshot is not None:  # an imported or forked long game loads fast too
            self.store.save_snapshot(game_id, snapshot)
        self._remember(live)
        return live

    def _remember(self, live: LiveGame) -> None:
        with self._live_lock:
            replaced = self._live.get(live.game_id)
            if replaced is not None and replaced is not live:
                replaced.retire()  # two loads of one game raced: keep one
            self._live[live.game_id] = live
            self._live.move_to_end(live.game_id)
            while len(self._live) > self.cache_size:
                self._live.popitem(last=False)[1].retire()

    def _recently_used(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory, marked as the most recently used."""
        with self._live_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        return live

    def live(self, game_id: str) -> LiveGame:
        live = self._recently_used(game_id)
        if live is None:
            return self._load(game_id)
        if self.shared_storage:
            with live.lock:
                self._refresh(live)
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

    def _refresh(self, live: LiveGame) -> None:
        """Fold in what other replicas appended (call with live.lock held)."""
        tail = self.store.read(live.game_id, after=live.session.version)
        if tail:
            session = live.session
            for envelope in tail:
                session = session.apply(envelope)
            live.adopt(session, tail)

    # -- callers ------------------------------------------------------------------------

    def _is_operator(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(_token_hash(token or ""), self._operator_hash)

    def viewer(self, live: LiveGame, token: str | None) -> Viewer:
        if not token:
            return Viewer()
        if self._is_operator(token):
            return Viewer(operator=True)
        digest = _token_hash(token)
        for seat, known in enumerate(live.secrets.token_hashes, start=1):
            if hmac.compare_digest(digest, known):
                return Viewer(seat=seat)
        raise Unauthenticated("the token is not valid for this game")

    def see(self, live: LiveGame, envelope: Envelope, viewer: Viewer, event: Event | None = None) -> SeenEnvelope:
        """The envelope as the viewer may see it; `event` is its decoded event, if at hand."""
        key = (envelope.seq, viewer.audience)
        seen = live.seen.get(key)
        if seen is None:
            if len(live.seen) >= SEEN_LIMIT:
                live.seen.clear()
            seen = live.seen[key] = seen_by(live.game, live.session.header.seats, envelope, viewer, event)
        return seen

    # -- commands -----------------------------------------------------------------------

    async def submit(self, game_id: str, token: str | None, command_id: str, expected_version: int | None,
                     build: Callable[[Game[Any], int], Command]) -> Outcome:
        """Decide a command and store its events; call on the server's event loop.

        The rules run on the loop itself: a hop onto a worker thread and back cost more
        than deciding (docs/performance-record.md). Only what waits on the store
        leaves the loop: the write (the store's group commit) and the rarer reads.
        """
        live = None if self.shared_storage else self._recently_used(game_id)
        if live is None:  # load it, or fold in what other replicas appended
            live = await asyncio.to_thread(self.live, game_id)
        viewer = self.viewer(live, token)
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
                        raise self._too_long(live.session.version)
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
                    snapshot = self._snapshot_due(live, step.envelopes)
                    if snapshot is not None:
                        await asyncio.to_thread(self.store.save_snapshot, game_id, snapshot)
                finally:
                    live.lock.release()
            events = step.events  # the first len(events) envelopes'; a SeedRevealed may follow them
            return Outcome(step.session.version, tuple(
                self.see(live, e, viewer, events[n] if n < len(events) else None)
                for n, e in enumerate(step.envelopes)), live.game)
        raise StaleVersion(expected_version or live.session.version, live.session.version)

    def _too_long(self, events: int, adopted: str = "") -> ResourceExhausted:
        """The refusal of a game (or, `adopted`, a log) that has reached the longest game this server keeps."""
        if adopted:
            return ResourceExhausted(
                f"the log cannot be {adopted}: it holds {events} events, more than the {self.max_game_events} a game "
                "may have on this server (TABLERULES_MAX_GAME_EVENTS); send it to a server that allows more")
        return ResourceExhausted(
            f"the game has reached {events} events, the most this server lets a game have "
            f"(TABLERULES_MAX_GAME_EVENTS, --max-game-events {self.max_game_events}): it takes no more commands "
            "here. The operator may export its log and continue it on a server that allows more (ImportLog, "
            "or ForkGame at its last event; docs/operations.md)")

    def _refreshed_earlier(self, live: LiveGame, command_id: str, command: Command) -> Outcome | None:
        """The first result of the command id, else None with what other writers appended
        folded in (call with live.lock held)."""
        earlier = self._earlier(live, command_id, command)
        if earlier is None:
            self._refresh(live)
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
        return Outcome(span[1], tuple(self.see(live, e, viewer) for e in envelopes), live.game, duplicate=True)

    def _snapshot_due(self, live: LiveGame, envelopes: Sequence[Envelope]) -> Snapshot | None:
        """A snapshot after the step that passes a multiple of snapshot_every, else None."""
        session = live.session
        before = envelopes[0].seq - 1 if envelopes else session.version  # the version the step started from
        if before // self.snapshot_every == session.version // self.snapshot_every:
            return None
        return Snapshot(session.version, session.last_hash, session.finished, to_plain(session.state),
                        session.contributions)

    # -- reading ------------------------------------------------------------------------

    def view(self, game_id: str, token: str | None) -> Seen:
        live = self.live(game_id)
        viewer = self.viewer(live, token)
        session = live.session
        legal = tuple(session.legal_commands(viewer.seat))
        shown = live.game.view(session.state, viewer.seat)
        seats = session.header.seats
        return Seen(session.version, viewer.seat, session.status(), shown, legal, live.game,
                    tuple(told_command(live.game, c, seats) for c in legal),
                    live.game.glance(shown, Seats(tuple(seats))), session.header.seed_chosen)

    async def follow(self, live: LiveGame, token: str | None,
                     from_version: int) -> AsyncIterator[list[SeenEnvelope] | CatchUp]:
        """Catch-up then live, as the token's viewer sees them: on each wake-up, every
        envelope not yet sent, in order, from memory; or where memory does not reach back,
        a CatchUp, which the caller reads from the store (catch_up_page) before it asks for
        more. Ends after the game's last event; call on the server's event loop."""
        viewer = self.viewer(live, token)
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
                live = await asyncio.to_thread(self.live, live.game_id)
            if live.bell is None:
                live.bell = Bell(asyncio.get_running_loop(), self.stream_interval)
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
                fresh.append(self.see(live, envelope, viewer))
                sent = envelope.seq
            if fresh:
                yield fresh
            if live.session.finished and sent >= live.session.version:
                return
            # No await between this check and the wait: a ring cannot slip in between. Only
            # a shared database needs a poll; elsewhere every change rings the bell.
            woken = sent < live.session.version or live.retired or await live.bell.wait(
                self.poll_seconds if self.shared_storage else None)
            # Other replicas' appends reach this one only through the database: look on a quiet poll.
            if self.shared_storage and not woken:
                await asyncio.to_thread(self._refresh_unless_busy, live)

    def _refresh_unless_busy(self, live: LiveGame) -> None:
        """Fold in other replicas' appends, unless a command holds the game (it refreshes itself)."""
        if live.lock.acquire(blocking=False):
            try:
                self._refresh(live)
            finally:
                live.lock.release()

    def export(self, game_id: str, token: str | None) -> Export:
        """What the caller may export of the game: the operator, always (with the seed
        while it is unfinished); anybody once it has finished."""
        live = self.live(game_id)
        viewer = self.viewer(live, token)
        if not viewer.operator and not live.session.finished:
            raise PermissionDenied("the game is still in progress: only the operator may export its log now")
        seed = live.secrets.seed if viewer.operator and not live.session.finished else None
        header = Header.from_created(self.store.read_rows(game_id, upto=1)[0]["payload"], seed=seed)
        return Export(game_id, canonical_json_of_plain(header.to_json()), live.session.version, seed is not None)

    # -- logs: checked in log jobs' processes (service/logjobs.py) ------------------------

    # `caller` names who asked (an address): one caller may have only so many checks at once.

    def replay(self, text: str, upto: int = 0, caller: str = "") -> Replayed:
        return self.log_jobs.run(logchecks.replayed, text, upto, size=len(text), caller=caller)

    def verify(self, text: str, caller: str = "") -> Report:
        return self.log_jobs.run(logchecks.verified_report, text, size=len(text), caller=caller)

    def import_log(self, text: str, caller: str = "") -> tuple[str, int, bool, list[SeatGrant]]:
        """Store a log as a new game, if it verifies: every command re-decided."""
        self._check_servable(text, "imported")
        return self._adopt_log(text, self.log_jobs.run(logchecks.importable, text, size=len(text), caller=caller))

    def fork(self, text: str, at: int, caller: str = "") -> tuple[str, int, bool, list[SeatGrant]]:
        """A new live game from the first `at` events, once they verify (and the
        chain of the whole log does)."""
        if at > self.max_game_events:
            raise self._too_long(at, "forked")
        self._check_servable(text, "forked")
        return self._adopt_log(text, self.log_jobs.run(logchecks.forkable, text, at, size=len(text), caller=caller))

    @staticmethod
    def _check_servable(text: str, refused: str) -> None:
        """A log of rules this server does not run is refused before a worker checks it (the
        worker's check refuses it too); a header that does not parse is left to the worker,
        which names the problem."""
        try:
            header = header_of([text.lstrip().partition("\n")[0]])
        except LogFormatError:
            return
        logchecks.check_servable(logchecks.game_named(header.ruleset), header, refused)

    def _adopt_log(self, text: str, checked: Adoptable) -> tuple[str, int, bool, list[SeatGrant]]:
        if checked.version > self.max_game_events:
            raise self._too_long(checked.version, "imported")
        game, log = logchecks.parsed(text)  # the text that was checked: it parses alike here
        kept = Log(header=log.header, envelopes=log.envelopes[:checked.version])
        if not checked.finished:
            # The seed came in the log (a finished game's is public): whoever holds it can
            # work out every hidden card and every draw to come, so the game says so.
            kept = marked_chosen(kept, checked.seed)
            checked = dataclasses.replace(checked, last_hash=kept.envelopes[-1].hash)
        grants = [] if checked.finished else [
            SeatGrant(n, name, secrets.token_urlsafe(24)) for n, name in enumerate(log.header.seats, start=1)
        ]
        token_hashes = tuple(_token_hash(g.token) for g in grants)
        game_id = str(uuid.uuid4())
        self._store_new(game_id, game, Secrets(checked.seed, token_hashes), list(kept.envelopes),
                        checked.session(game, kept))
        return game_id, checked.version, checked.finished, grants

