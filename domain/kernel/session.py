"""A live game: a ruleset's state plus the log position and hash chain around it.

Session is immutable: `execute` returns the next Session and the new envelopes,
so a caller can persist them first and adopt the new Session only on success.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic

from domain.kernel.canonical import JsonValue, digest
from domain.kernel.game import Game, S, Setup, states_after
from domain.kernel.log import GENESIS_HASH, KERNEL_RULE, Envelope, Header, LogFormatError
from domain.kernel.messages import Command, Event, RuleViolation, StartGame, from_plain, payload_of
from domain.kernel.records import replace, replacer
from domain.kernel.rng import Rng, seed_commitment

GAME_CREATED = "GameCreated"
SEED_REVEALED = "SeedRevealed"
KERNEL_SCHEMA = 1


def command_to_json(command: Command) -> dict[str, JsonValue]:
    return {"type": command.type_name(), **payload_of(command)}


def command_from_json(game: Game[Any], data: dict[str, JsonValue]) -> Command:
    """Decode a logged or submitted command; ValueError names what is wrong."""
    fields = dict(data)
    name = fields.pop("type", None)
    kind = game.command_types.get(name) if isinstance(name, str) else None
    if name == StartGame.type_name():
        kind = StartGame
    if kind is None:
        raise ValueError(f"{game.ruleset.name} has no command {name!r}")
    try:
        return from_plain(kind, fields)  # type: ignore[no-any-return]
    except TypeError as error:
        raise ValueError(str(error)) from None


def decode_event(game: Game[Any], envelope: Envelope) -> Event:
    """The game event in an envelope, upcast to the current schema."""
    return logged_event(game, envelope.seq, envelope.type, envelope.payload, envelope.schema, envelope.rule)


def logged_event(game: Game[Any], seq: int, type_name: str, payload: Mapping[str, JsonValue], schema: int,
                 rule: str) -> Event:
    """The game event logged at `seq` with these envelope fields, upcast to the current schema."""
    cls = game.event_types.get(type_name)
    if cls is None:
        raise LogFormatError(f"event {seq}: {game.ruleset.name} has no event {type_name!r}")
    while schema < game.event_schema:
        upcast = game.upcasters.get((type_name, schema))
        if upcast is not None:
            payload = upcast(dict(payload))
        schema += 1
    try:
        event: Event = from_plain(cls, {**payload, "rule": rule})
    except (TypeError, ValueError) as error:
        raise LogFormatError(f"event {seq} ({type_name}): {error}") from None
    return event


def fold(game: Game[S], header: Header, state: S, seq: int, type_name: str, payload: Mapping[str, JsonValue],
         schema: int, rule: str) -> tuple[S, bool]:
    """The state after one logged event, with no rules checks (replay), and whether the
    event ended the game (the seed is revealed only then)."""
    if type_name != SEED_REVEALED:
        event = logged_event(game, seq, type_name, payload, schema, rule)
        try:
            return game.evolve(state, event), False
        except (LookupError, ValueError, TypeError, AttributeError, ArithmeticError) as error:
            # Well-formed, but not something that can happen here (an edited log, rehashed).
            raise LogFormatError(f"event {seq} ({type_name}) cannot follow the state before it: "
                                 f"{type(error).__name__}: {error}") from None
    seed = payload.get("seed")
    if not isinstance(seed, str) or seed_commitment(seed) != header.seed_commitment:
        raise LogFormatError(f"event {seq}: the revealed seed does not match the commitment")
    return state, True


_seal = replacer(Envelope)


def _sealed(
    seq: int,
    type_name: str,
    payload: dict[str, JsonValue],
    schema: int,
    rule: str,
    command_id: str,
    command: dict[str, JsonValue] | None,
    prev_hash: str,
    state: object,
) -> Envelope:
    envelope = Envelope(seq, type_name, payload, schema, command_id, command, rule, prev_hash, digest(state))
    # Envelope.sealed() would rebuild the body twice; only the hash is missing.
    return _seal(envelope, hash=envelope.computed_hash())


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One decided command: the next session, its envelopes, and the events of the
    first len(events) envelopes (a SeedRevealed envelope may follow them)."""

    session: Session[S]
    envelopes: list[Envelope]
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Session(Generic[S]):
    game: Game[S]
    header: Header
    state: S
    version: int
    last_hash: str
    finished: bool = False

    @staticmethod
    def create(game: Game[S], header: Header) -> tuple[Session[S], Envelope]:
        """The session right after GameCreated, and that first envelope."""
        setup = Setup(seats=header.seats, options=header.options, content=header.content)
        state = game.initial_state(setup)
        envelope = _sealed(1, GAME_CREATED, header.created_payload(), KERNEL_SCHEMA, KERNEL_RULE, "create", None,
                           GENESIS_HASH, state)
        return Session(game, header, state, 1, envelope.hash), envelope

    def execute(self, command: Command, command_id: str, seed: str) -> tuple[Session[S], list[Envelope]]:
        """Decide a command; RuleViolation if the rules reject it (nothing changes)."""
        made = self.step(command, command_id, seed)
        return made.session, made.envelopes

    def step(self, command: Command, command_id: str, seed: str) -> Step[S]:
        """execute(), also handing back the events the rules produced (callers that show
        them need not decode them again from the envelopes)."""
        if self.finished:
            raise RuleViolation(KERNEL_RULE, "the game has finished; it accepts no more commands")
        game = self.game
        rng = Rng(seed, self.header.game_id, self.version)
        events = game.decide(self.state, command, rng)
        if not events:
            raise RuleViolation(KERNEL_RULE, f"{command.type_name()} changed nothing")
        version, last_hash = self.version, self.last_hash
        envelopes: list[Envelope] = []
        logged: dict[str, JsonValue] | None = command_to_json(command)
        states = states_after(game.evolve, self.state, events)
        for event, state in zip(events, states, strict=True):
            envelope = _sealed(version + 1, event.type_name(), payload_of(event), game.event_schema, event.rule,
                               command_id, logged, last_hash, state)
            version, last_hash, logged = envelope.seq, envelope.hash, None
            envelopes.append(envelope)
        state = states[-1]
        finished = game.status(state).finished
        if finished:
            envelope = _sealed(version + 1, SEED_REVEALED, {"seed": seed}, KERNEL_SCHEMA, KERNEL_RULE, command_id,
                               None, last_hash, state)
            version, last_hash = envelope.seq, envelope.hash
            envelopes.append(envelope)
        return Step(Session(self.game, self.header, state, version, last_hash, finished), envelopes, events)

    def apply(self, envelope: Envelope) -> Session[S]:
        """Fold one logged envelope in, with no rules checks (replay)."""
        state, revealed = fold(self.game, self.header, self.state, envelope.seq, envelope.type, envelope.payload,
                               envelope.schema, envelope.rule)
        return replace(self, state=state, version=envelope.seq, last_hash=envelope.hash,
                       finished=self.finished or revealed)
