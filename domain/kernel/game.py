"""The one interface every game implements (DESIGN.md section 2)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

from domain.kernel.canonical import JsonValue
from domain.kernel.messages import Command, Event, RuleViolation
from domain.kernel.quoting import quoted
from domain.kernel.records import builder
from domain.kernel.rng import Rng
from domain.kernel.words import Seats, no_glance, plain_command, plain_event

S = TypeVar("S")
R = TypeVar("R")
P = ParamSpec("P")

SPECTATOR = 0
"""The viewer number of somebody who holds no seat."""


class Chance(StrEnum):
    """How chance enters the game, as OpenSpiel's GameType.ChanceMode says."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_STOCHASTIC = "explicit_stochastic"
    SAMPLED_STOCHASTIC = "sampled_stochastic"


class Information(StrEnum):
    """What players know, as OpenSpiel's GameType.Information says."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its name, what it does, its default and allowed values, and
    where it comes from.

    Values are bools, ints or strings; `choices` lists the allowed strings or is
    empty, and ints are bounded by `minimum`/`maximum`. `rulebook` names the rulebook
    section that offers the option (`armory R11c`); empty, the option is a house rule:
    not in the rulebook (the game's RULES.md says why it exists).
    """

    name: str
    description: str
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rulebook: str = ""

    @property
    def house_rule(self) -> bool:
        return not self.rulebook

    @property
    def labelled(self) -> str:
        """The description, saying first whether the rulebook offers the option."""
        origin = "house rule, not in the rulebook" if self.house_rule else f"rulebook option, {self.rulebook}"
        return f"{origin}: {self.description}"

    def check(self, value: object) -> bool | int | str:
        """The value if it is valid for this option, else a ValueError naming it."""
        kind = type(self.default)
        if type(value) is not kind:
            raise ValueError(f"option {self.name} takes a {kind.__name__}, not {quoted(value)}")
        assert isinstance(value, (bool, int, str))
        if self.choices and value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {', '.join(self.choices)}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name} must be at most {self.maximum}")
        return value


SEAT_RANDOMNESS = OptionSpec(
    "seat_randomness",
    "every seat commits to a random value of its own before the first shuffle, then reveals it; the game's "
    "chance is keyed by the server's committed seed and those values, so neither the server nor any seat can "
    "steer it (a tablerules option of every ruleset: domain/kernel/fairness.py). Off, the server's secret seed "
    "alone decides, as a dealer would",
    False,
)
KERNEL_OPTIONS = (SEAT_RANDOMNESS,)
"""Options the kernel offers in every ruleset, listed after the ruleset's own."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a game needs to begin: seat names, checked options, the content."""

    seats: tuple[str, ...]
    options: Mapping[str, bool | int | str]
    content: str


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game stands: `to_act` lists the seats that have a legal command now."""

    finished: bool
    winners: tuple[int, ...] = ()
    to_act: tuple[int, ...] = ()
    turn: int = 0
    summary: str = ""


NOT_STARTED = "not started: the service starts it once it is created"
"""Every game's status summary before its first command (StartGame, or seat randomness)."""


@functools.lru_cache(maxsize=1 << 10)
def in_progress(to_act: tuple[int, ...], turn: int, summary: str) -> Status:
    """The Status of a game under way. Statuses are values, and a game's consecutive
    states mostly share one (the same seat acts all turn long): each is built once."""
    return Status(finished=False, to_act=to_act, turn=turn, summary=summary)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A game's description, as ListRulesets reports it."""

    name: str
    title: str
    version: str
    min_seats: int
    max_seats: int
    chance: Chance
    information: Information
    options: tuple[OptionSpec, ...]
    contents: tuple[str, ...]
    rulebook: str = ""

    @property
    def member(self) -> str:
        """The ruleset's member in the proto unions (tablerules.v1.Command, Event, View)
        and its proto package: the name with "-" as "_" (kings-armory: kings_armory)."""
        return self.name.replace("-", "_")

    @property
    def all_options(self) -> tuple[OptionSpec, ...]:
        """The ruleset's options, then the kernel's."""
        return self.options + KERNEL_OPTIONS

    def check_setup(self, seats: Sequence[str], options: Mapping[str, object], content: str) -> Setup:
        """A Setup with defaults filled in, or a ValueError naming what is wrong."""
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise ValueError(
                f"{self.name} is played by {self.min_seats} to {self.max_seats} seats, not {len(seats)}"
            )
        known = {o.name: o for o in self.all_options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{self.name} has no option(s) {', '.join(quoted(name) for name in unknown[:8])}; "
                             f"its options are {', '.join(sorted(known))}")
        checked = {o.name: o.check(options.get(o.name, o.default)) for o in self.all_options}
        chosen = content or self.contents[0]
        if chosen not in self.contents:
            raise ValueError(f"{self.name} has no content {quoted(chosen)}; known: {', '.join(self.contents)}")
        return Setup(seats=tuple(seats), options=checked, content=chosen)


class Game(Protocol, Generic[S]):
    """A game is a decider: pure functions over an immutable state."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def command_types(self) -> Mapping[str, type[Command]]: ...

    @property
    def event_types(self) -> Mapping[str, type[Event]]: ...

    @property
    def state_type(self) -> type[S]: ...

    @property
    def view_type(self) -> type[Any]: ...

    @property
    def upcasters(self) -> Mapping[tuple[str, int], Callable[[dict[str, JsonValue]], dict[str, JsonValue]]]: ...

    @property
    def event_schema(self) -> int: ...

    def initial_state(self, setup: Setup) -> S: ...

    def decide(self, state: S, command: Command, rng: Rng) -> list[Event]: ...

    def decided(self, state: S, command: Command, rng: Rng) -> Decision[S]: ...

    def refusal(self, state: S, command: Command) -> RuleViolation | None: ...

    @property
    def lists_completely(self) -> bool: ...

    def evolve(self, state: S, event: Event) -> S: ...

    def legal_commands(self, state: S, seat: int) -> list[Command]: ...

    def view(self, state: S, viewer: int) -> Any: ...

    def redact(self, event: Event, viewer: int) -> Event: ...

    def status(self, state: S) -> Status: ...

    def tell_event(self, event: Event, seats: Seats) -> str: ...

    def tell_command(self, command: Command, seats: Seats) -> str: ...

    def glance(self, view: Any, seats: Seats) -> tuple[str, ...]: ...


@dataclass(frozen=True, slots=True)
class Rules(Generic[S]):
    """A game assembled from its pure functions; it satisfies the Game protocol.

    A game package builds one of these from its modules instead of writing a class
    whose methods only forward to them.
    """

    ruleset: Ruleset
    command_types: Mapping[str, type[Command]]
    event_types: Mapping[str, type[Event]]
    state_type: type[S]
    view_type: type[Any]
    initial_state: Callable[[Setup], S]
    evolve: Callable[[S, Event], S]
    legal_commands: Callable[[S, int], list[Command]]
    view: Callable[[S, int], Any]
    redact: Callable[[Event, int], Event]
    status: Callable[[S], Status]
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, JsonValue]], dict[str, JsonValue]]] = field(
        default_factory=dict)
    event_schema: int = 1
    tell_event: Callable[[Event, Seats], str] = plain_event
    """One sentence of what an event, as a viewer sees it (redacted), says happened (domain/kernel/words.py)."""
    tell_command: Callable[[Command, Seats], str] = plain_command
    """One sentence of what a command does, for a person choosing among the legal ones."""
    glance: Callable[[Any, Seats], tuple[str, ...]] = no_glance
    """A viewer's view in a few lines for a person (domain/kernel/words.py)."""
    plan: Callable[[S, Command], Plan[S]] = field(kw_only=True)
    """The rules' checks of a command (a RuleViolation citing the rule it breaks), and what
    it will do if accepted: the one decide shape (docs/architecture.md)."""
    lists_completely: bool = True
    """`legal_commands` lists every command the rules accept (tests/test_games.py holds a game
    to it); False for a game whose commands carry what no list can (a value of the seat's own)."""

    def decided(self, state: S, command: Command, rng: Rng) -> Decision[S]:
        """The command's events, and the state after each (RuleViolation: refused, nothing made)."""
        plan = self.plan(state, command)
        emitter = Emitter(state, self.evolve)
        try:
            plan.apply(emitter, rng)
        except RuleViolation as late:  # every check belongs to plan, before any event is made
            raise AssertionError(f"{self.ruleset.name}: a plan refused its command after it was made: {late}") from late
        return Decision(emitter.events, emitter.states)

    def decide(self, state: S, command: Command, rng: Rng) -> list[Event]:
        """The events of an accepted command; RuleViolation, citing the rule, if refused."""
        return self.decided(state, command, rng).events

    def refusal(self, state: S, command: Command) -> RuleViolation | None:
        """Why the rules refuse the command, or None if they accept it; no events are made."""
        try:
            self.plan(state, command)
        except RuleViolation as violation:
            return violation
        return None


@dataclass(frozen=True, slots=True)
class Plan(Generic[S]):
    """An accepted command's effect: `apply` makes its events, with the emitter (which
    evolves the state as each is made) and the command's generator. `plan` made it after
    every check passed, so it never refuses."""

    apply: Callable[[Emitter[S], Rng], object]
    """Its return value, if any (an emit returns the state), is not used."""


@dataclass(frozen=True, slots=True)
class Decision(Generic[S]):
    """A decided command's events and the state each one led to (a Session takes the
    states as they are instead of evolving the events again)."""

    events: list[Event]
    states: list[S]


class Emitter(Generic[S]):
    """Makes a command's events while keeping the evolved state at hand.

    A command often cascades (a turn ends, hands refill, the next turn starts); each
    step is decided against the state the earlier steps produced (`state`). The states
    after each event are kept beside the events, so that the Session need not evolve
    them a second time.
    """

    __slots__ = ("events", "evolve", "state", "states")

    def __init__(self, state: S, evolve: Callable[[S, Event], S]) -> None:
        self.state = state
        self.evolve = evolve
        self.events: list[Event] = []
        self.states: list[S] = []

    def emit(self, kind: Callable[P, Event], rule: str, /, *args: P.args, **fields: P.kwargs) -> S:
        """The event kind(*args, **fields) citing `rule`: emitted, and the state evolved with it.

        The Emitter builds the event so that it is built once, with its citation.
        """
        build: Callable[..., Event] = builder(kind)
        event = build(*args, rule=rule, **fields)
        self.state = self.evolve(self.state, event)
        self.events.append(event)
        self.states.append(self.state)
        return self.state


def memo_last(function: Callable[[S], R]) -> Callable[[S], R]:
    """`function` of an immutable state, remembering its last answer by the state's identity.

    A game's status is asked for twice per state: by the Session after a command, and
    by whoever chooses the next command.
    """
    last: list[tuple[object, Any]] = [(_UNSEEN, None)]

    def remembered(state: S) -> R:
        seen, answer = last[0]
        if seen is not state:
            answer = function(state)
            last[0] = (state, answer)
        return answer  # type: ignore[no-any-return]

    return remembered


_UNSEEN = object()


def require(condition: bool, rule: str, message: str) -> None:
    """Raise a RuleViolation citing `rule` unless `condition` holds."""
    if not condition:
        raise RuleViolation(rule, message)


def types_in(namespace: Mapping[str, object], base: type[Any]) -> dict[str, Any]:
    """The subclasses of `base` defined in a module, by type name (stable order)."""
    found = {
        name: value
        for name, value in sorted(namespace.items())
        if isinstance(value, type) and issubclass(value, base) and value is not base
    }
    return found
