"""The one kit every game's tests use (issue 29): run a command on a state, name the
rule that refuses one, drive a table command by command, and play a whole random game
through the kernel's Session. A game's own test support adds only what is its own
(states built to order, card names); it binds these to its game with `GameKit(GAME)`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from domain.kernel import (
    Command,
    Envelope,
    Event,
    Game,
    Header,
    Log,
    Rng,
    RuleViolation,
    Session,
    Setup,
    StartGame,
    seed_commitment,
)

S = TypeVar("S")
E = TypeVar("E", bound=Event)

CREATED_AT = "2024-01-01T00:00:00Z"


class Ran(NamedTuple, Generic[S]):
    """A command's events and the state after the last of them."""

    state: S
    events: list[Event]


@dataclass
class Played(Generic[S]):
    """A whole game played through the kernel's Session."""

    session: Session[S]
    envelopes: list[Envelope]
    commands: int = 0
    states: list[S] = field(default_factory=list)
    """The state after each command, when asked for (`keep_states`)."""

    @property
    def log(self) -> Log:
        return Log(header=self.session.header, envelopes=tuple(self.envelopes))


SeatPicker = Callable[[Any, random.Random], int]


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]


@dataclass(frozen=True)
class GameKit(Generic[S]):
    """The kit bound to one game."""

    game: Game[S]
    game_id: str = "game"
    """The game id of the generators `run` makes (a position kept from a random game
    needs its game's own to draw the same cards)."""

    def run(self, state: S, command: Command, rng: Rng | str = "test", position: int = 0) -> Ran[S]:
        """Decide `command` (with `rng`, or the generator of seed `rng` at `position`) and
        apply its events. A refused command raises its RuleViolation."""
        decision = self.game.decided(state, command, self._generator(rng, position))
        return Ran(decision.states[-1] if decision.states else state, decision.events)

    def steps(self, state: S, command: Command, rng: Rng | str = "test", position: int = 0) -> list[tuple[Event, S]]:
        """As `run`, but each event with the state it led to: for checks of what a viewer
        is told as each event happens (`run` keeps only the last state)."""
        decision = self.game.decided(state, command, self._generator(rng, position))
        return list(zip(decision.events, decision.states, strict=True))

    def _generator(self, rng: Rng | str, position: int) -> Rng:
        return rng if isinstance(rng, Rng) else Rng(rng, self.game_id, position)

    def refused(self, state: S, command: Command) -> RuleViolation:
        """The RuleViolation the rules refuse `command` with (the test fails if they accept it)."""
        violation = self.game.refusal(state, command)
        if violation is None:
            raise AssertionError(f"{command} was accepted")
        return violation

    def table(self, state: S, seed: str = "test") -> Table[S]:
        return Table(self, state, seed)

    def header(self, seats: int = 2, options: Mapping[str, bool | int | str] | None = None, seed: str = "seed",
               game_id: str = "test-game", content: str = "") -> Header:
        """The header of a new game: seats named p1, p2, ..., the options checked."""
        setup = self.setup(seats, options, content)
        ruleset = self.game.ruleset
        return Header(game_id=game_id, ruleset=ruleset.name, ruleset_version=ruleset.version, seats=setup.seats,
                      options=dict(setup.options), content=setup.content, seed_commitment=seed_commitment(seed),
                      created_at=CREATED_AT)

    def setup(self, seats: int = 2, options: Mapping[str, bool | int | str] | None = None,
              content: str = "") -> Setup:
        """A game's setup: seats named p1, p2, ..., the options checked, defaults filled in."""
        return self.game.ruleset.check_setup(tuple(f"p{n}" for n in range(1, seats + 1)), dict(options or {}), content)

    def initial(self, seats: int = 2, options: Mapping[str, bool | int | str] | None = None,
                content: str = "") -> S:
        """The state before StartGame."""
        return self.game.initial_state(self.setup(seats, options, content))

    def started(self, seats: int = 2, options: Mapping[str, bool | int | str] | None = None, seed: str = "test",
                content: str = "") -> S:
        """The state after StartGame, its chance drawn from `seed`."""
        return self.run(self.initial(seats, options, content), StartGame(seat=0), seed).state

    def play_random(self, seed: int, seats: int = 2, options: Mapping[str, bool | int | str] | None = None, *,
                    content: str = "", max_commands: int = 20_000, keep_states: bool = False,
                    pick_seat: SeatPicker | None = None) -> Played[S]:
        """A whole game through the kernel's Session, each command chosen uniformly among
        the legal ones of a seat the table waits on (or of the seat `pick_seat` picks);
        fails if the game has not ended after `max_commands`."""
        chooser = random.Random(seed)
        secret = f"seed-{seed}"
        session, created = Session.create(self.game, self.header(seats, options, secret, f"game-{seed}", content),
                                          secret)
        session, made = session.execute(StartGame(seat=0), "start", secret)
        played = Played(session, [created, *made])
        while not session.finished:
            assert played.commands < max_commands, f"the game did not end within {max_commands} commands"
            seat = (pick_seat(session.state, chooser) if pick_seat is not None
                    else chooser.choice(self.game.status(session.state).to_act))
            command = chooser.choice(self.game.legal_commands(session.state, seat))
            session, made = session.execute(command, f"c{played.commands}", secret)
            played.envelopes.extend(made)
            played.commands += 1
            if keep_states:
                played.states.append(session.state)
        played.session = session
        return played


class Table(Generic[S]):
    """Plays commands on a state one after another, keeping every event; each command's
    generator is the seed's at the number of events so far, as in a live game."""

    def __init__(self, kit: GameKit[S], state: S, seed: str = "test") -> None:
        self.kit = kit
        self.state = state
        self.seed = seed
        self.events: list[Event] = []

    def play(self, command: Command) -> list[Event]:
        self.state, events = self.kit.run(self.state, command, self.seed, len(self.events))
        self.events += events
        return events

    def of(self, kind: type[E]) -> list[E]:
        return of(self.events, kind)
