"""A live game: a ruleset's state plus the log position and hash chain around it.

Session is immutable: `execute` returns the next Session and the new envelopes,
so a caller can persist them first and adopt the new Session only on success.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple

from domain.kernel import fairness
from domain.kernel.canonical import JsonValue, canonical_json_of_plain
from domain.kernel.fairness import Contributions
from domain.kernel.game import SPECTATOR, Game, S, Status
from domain.kernel.log import GENESIS_HASH, KERNEL_RULE, Envelope, Header, LogFormatError
from domain.kernel.messages import SYSTEM_SEAT, Command, Event, RuleViolation, StartGame, from_plain, payload_of
from domain.kernel.quoting import quoted
from domain.kernel.records import replace
from domain.kernel.rng import Rng, seed_commitment
from domain.kernel.seal import Keys, digest_of, hash_of, public_form_json, state_hash

GAME_CREATED = "GameCreated"
SEED_REVEALED = "SeedRevealed"
KERNEL_SCHEMA = 1
KERNEL_COMMANDS: dict[str, type[Command]] = {StartGame.type_name(): StartGame, **fairness.COMMAND_TYPES}
"""Commands the kernel decides itself, in every game."""


def command_to_json(command: Command) -> dict[str, JsonValue]:
    return {"type": command.type_name(), **payload_of(command)}


def command_from_json(game: Game[Any], data: dict[str, JsonValue]) -> Command:
    """Decode a logged or submitted command; ValueError names what is wrong."""
    fields = dict(data)
    name = fields.pop("type", None)
    kind = (game.command_types.get(name) or KERNEL_COMMANDS.get(name)) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"{game.ruleset.name} has no command {quoted(name)}")
    try:
        return from_plain(kind, fields)  # type: ignore[no-any-return]
    except TypeError as error:
        raise ValueError(str(error)) from None


def decode_event(game: Game[Any], envelope: Envelope) -> Event:
    """The game event in an envelope, upcast to the current schema."""
    return logged_event(game, envelope.seq, envelope.type, envelope.payload, envelope.schema, envelope.rule)


def upcast_payload(game: Game[Any], type_name: str, payload: Mapping[str, JsonValue],
                   schema: int) -> Mapping[str, JsonValue]:
    """A game event's payload of an earlier schema in the current one (the game's upcasters)."""
    while schema < game.event_schema:
        upcast = game.upcasters.get((type_name, schema))
        if upcast is not None:
            payload = upcast(dict(payload))
        schema += 1
    return payload


def logged_event(game: Game[Any], seq: int, type_name: str, payload: Mapping[str, JsonValue], schema: int,
                 rule: str) -> Event:
    """The game event logged at `seq` with these envelope fields, upcast to the current schema."""
    cls = game.event_types.get(type_name)
    if cls is None:
        raise LogFormatError(f"event {seq}: {game.ruleset.name} has no event {type_name!r}")
    payload = upcast_payload(game, type_name, payload, schema)
    try:
        event: Event = from_plain(cls, {**payload, "rule": rule})
    except (TypeError, ValueError) as error:
        raise LogFormatError(f"event {seq} ({type_name}): {error}") from None
    return event


class Folded(NamedTuple, Generic[S]):
    """The state and seat randomness after one logged event, and the event decoded
    (None for SeedRevealed, which ends the game)."""

    state: S
    contributions: Contributions | None
    event: Event | None


CANNOT_FOLLOW = (LookupError, ValueError, TypeError, AttributeError, ArithmeticError, AssertionError)
"""What evolve may raise on an event that decodes but cannot follow the state before it
(a forged or edited log): evolve trusts its events, so it may fail any of these ways."""


def fold(game: Game[S], header: Header, state: S, contributions: Contributions | None, seq: int, type_name: str,
         payload: Mapping[str, JsonValue], schema: int, rule: str) -> Folded[S]:
    """The state (and seat randomness) after one logged event, with no rules checks (replay)."""
    if type_name in fairness.EVENT_TYPES:
        if contributions is None:
            raise LogFormatError(f"event {seq} ({type_name}): the game was not created with seat_randomness")
        try:
            kernel_event: Event = from_plain(fairness.EVENT_TYPES[type_name], {**payload, "rule": rule})
            return Folded(state, fairness.evolve(contributions, kernel_event), kernel_event)
        except (TypeError, ValueError) as error:
            raise LogFormatError(f"event {seq} ({type_name}): {error}") from None
    if type_name != SEED_REVEALED:
        event = logged_event(game, seq, type_name, payload, schema, rule)
        try:
            return Folded(game.evolve(state, event), contributions, event)
        except CANNOT_FOLLOW as error:
            # Well-formed, but not something that can happen here (an edited log, rehashed).
            raise LogFormatError(f"event {seq} ({type_name}) cannot follow the state before it: "
                                 f"{type(error).__name__}: {error}") from None
    seed = payload.get("seed")
    if not isinstance(seed, str) or seed_commitment(seed) != header.seed_commitment:
        raise LogFormatError(f"event {seq}: the revealed seed does not match the commitment")
    return Folded(state, contributions, None)


def public_payload(game: Game[Any], event: Event, payload: dict[str, JsonValue]) -> dict[str, JsonValue] | None:
    """The payload as a spectator sees it, or None where nothing in it is hidden."""
    if type(event).__name__ not in game.event_types:
        return None  # the kernel's own events are public
    shown = game.redact(event, SPECTATOR)
    if shown is event:
        return None
    public = payload_of(shown)
    return None if public == payload else public


def seen_payload(game: Game[Any], envelope: Envelope, seat: int, event: Event | None = None) -> Mapping[str, JsonValue]:
    """The envelope's payload as one seat (or a spectator, seat 0) sees it; `event` is
    its decoded event, if at hand."""
    if envelope.public is None:
        return envelope.payload
    if seat == SPECTATOR:
        return envelope.public
    return payload_of(game.redact(event if event is not None else decode_event(game, envelope), seat))


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One decided command: the next session, its envelopes, the events of the
    first len(events) envelopes (a SeedRevealed envelope may follow them), and the
    generator the rules were handed (None where they were handed none: a seat's
    commitment or reveal that did not start the game)."""

    session: Session[S]
    envelopes: list[Envelope]
    events: list[Event]
    rng: Rng | None = None


@dataclass(frozen=True, slots=True)
class Session(Generic[S]):
    """A game under way: its state, version and hash chain.

    `contributions` is set in a game with seat randomness (domain/kernel/fairness.py):
    while incomplete, the game waits for them; once complete, they key its generator.
    """

    game: Game[S]
    header: Header
    state: S
    version: int
    last_hash: str
    finished: bool = False
    contributions: Contributions | None = None

    @staticmethod
    def create(game: Game[S], header: Header, seed: str) -> tuple[Session[S], Envelope]:
        """The session right after GameCreated, and that first envelope."""
        session = Session.opened(game, header, "")
        envelope = _envelope(Keys.of(seed, header.game_id), 1, GAME_CREATED, header.created_payload(), None,
                             KERNEL_SCHEMA, KERNEL_RULE, "create", None, GENESIS_HASH, session.state)
        return replace(session, last_hash=envelope.hash), envelope

    @staticmethod
    def opened(game: Game[S], header: Header, created_hash: str) -> Session[S]:
        """The session right after a GameCreated envelope whose hash is `created_hash`;
        LogFormatError if the ruleset allows no such setup (a log's header is input)."""
        try:
            setup = game.ruleset.check_setup(header.seats, header.options, header.content)
            state = game.initial_state(setup)
        except LogFormatError:
            raise
        except ValueError as problem:
            raise LogFormatError(f"GameCreated: no {game.ruleset.name} game has this setup: {problem}") from None
        contributions = (fairness.Contributions.empty(len(header.seats))
                         if header.options.get(fairness.OPTION) else None)
        return Session(game, header, state, 1, created_hash, contributions=contributions)

    @property
    def collecting(self) -> bool:
        """Whether the game still waits for the seats' randomness (it has not started)."""
        return self.contributions is not None and not self.contributions.complete

    def status(self) -> Status:
        if self.collecting:
            assert self.contributions is not None
            return fairness.status(self.contributions)
        return self.game.status(self.state)

    def legal_commands(self, seat: int) -> list[Command]:
        if self.finished or seat == SPECTATOR:
            return []
        if self.contributions is not None and self.collecting:
            return fairness.legal(self.contributions, seat)
        return self.game.legal_commands(self.state, seat)

    def generator_seed(self, seed: str) -> str:
        """The seed that keys the game's generator: the server's, or with seat
        randomness the server's keyed over the seats' values."""
        if self.contributions is None:
            return seed
        return fairness.game_seed(seed, self.contributions.values)

    def execute(self, command: Command, command_id: str, seed: str) -> tuple[Session[S], list[Envelope]]:
        """Decide a command; RuleViolation if the rules reject it (nothing changes)."""
        made = self.step(command, command_id, seed)
        return made.session, made.envelopes

    def step(self, command: Command, command_id: str, seed: str, generator: type[Rng] = Rng) -> Step[S]:
        """execute(), also handing back the events the rules produced (callers that show
        them need not decode them again from the envelopes) and the generator they drew
        from, made of the class `generator` (an audit passes RecordingRng)."""
        if self.finished:
            raise RuleViolation(KERNEL_RULE, "the game has finished; it accepts no more commands")
        game = self.game
        contributions = self.contributions
        if type(command) in _RANDOMNESS_COMMANDS or self.collecting:
            if contributions is None or not self.collecting:
                raise RuleViolation(fairness.RULE, "random values are contributed before the game starts, in a "
                                                   "game created with the seat_randomness option")
            event = fairness.decide(contributions, command)
            contributions = fairness.evolve(contributions, event)
            events: list[Event] = [event]
            states = [self.state]
            rng: Rng | None = None
            if contributions.complete:  # the last value is in: the game starts with the seats' randomness
                rng = generator(fairness.game_seed(seed, contributions.values), self.header.game_id, self.version)
                started = game.decided(self.state, StartGame(seat=SYSTEM_SEAT), rng)
                events += started.events
                states += started.states
        else:
            rng = generator(self.generator_seed(seed), self.header.game_id, self.version)
            decided = game.decided(self.state, command, rng)
            events, states = decided.events, decided.states
            if not events:
                raise RuleViolation(KERNEL_RULE, f"{command.type_name()} changed nothing")
        keys = Keys.of(seed, self.header.game_id)
        version, last_hash = self.version, self.last_hash
        envelopes: list[Envelope] = []
        logged: dict[str, JsonValue] | None = command_to_json(command)
        for event, state in zip(events, states, strict=True):
            payload = payload_of(event)
            envelope = _envelope(keys, version + 1, event.type_name(), payload, public_payload(game, event, payload),
                                 game.event_schema if event.type_name() in game.event_types else KERNEL_SCHEMA,
                                 event.rule, command_id, logged, last_hash, state)
            version, last_hash, logged = envelope.seq, envelope.hash, None
            envelopes.append(envelope)
        state = states[-1]
        session = Session(game, self.header, state, version, last_hash, False, contributions)
        finished = session.status().finished
        if finished:
            envelope = _envelope(keys, version + 1, SEED_REVEALED, {"seed": seed}, None, KERNEL_SCHEMA, KERNEL_RULE,
                                 command_id, None, last_hash, state)
            envelopes.append(envelope)
            session = Session(game, self.header, state, envelope.seq, envelope.hash, True, contributions)
        return Step(session, envelopes, events, rng)

    def apply(self, envelope: Envelope) -> Session[S]:
        """Fold one logged envelope in, with no rules checks (replay)."""
        folded = fold(self.game, self.header, self.state, self.contributions, envelope.seq, envelope.type,
                      envelope.payload, envelope.schema, envelope.rule)
        return Session(self.game, self.header, folded.state, envelope.seq, envelope.hash,
                       self.finished or folded.event is None, folded.contributions)


_RANDOMNESS_COMMANDS = frozenset(fairness.COMMAND_TYPES.values())


def _envelope(keys: Keys, seq: int, type_name: str, payload: dict[str, JsonValue],
              public: dict[str, JsonValue] | None, schema: int, rule: str, command_id: str,
              command: dict[str, JsonValue] | None, prev_hash: str, state: object) -> Envelope:
    """A sealed envelope: its state hash, digest and hash computed (the payload encoded once)."""
    payload_json = canonical_json_of_plain(payload)
    digest = digest_of(keys, seq, payload_json, canonical_json_of_plain(command))
    hashed_state = state_hash(keys, seq, state)
    public_json = payload_json if public is None else canonical_json_of_plain(public)
    sealed_hash = hash_of(prev_hash, public_form_json(seq, type_name, schema, command_id, rule, hashed_state,
                                                      public_json), digest)
    return Envelope(seq, type_name, payload, schema, command_id, command, rule, prev_hash, hashed_state, public,
                    digest, sealed_hash)
