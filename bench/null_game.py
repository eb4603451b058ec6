"""A game whose rules do nothing: each seat in turn ticks a counter until it reaches
a limit. Played through the same kernel (sessions, envelopes, hashes) as a real
game, it measures the kernel's own cost: the ceiling for the rules-speed figure."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from domain.kernel import (
    Chance,
    Command,
    Emitter,
    Event,
    Information,
    Plan,
    Rng,
    Rules,
    Ruleset,
    RuleViolation,
    Setup,
    StartGame,
    Status,
)

TICKS = 100


@dataclass(frozen=True, slots=True)
class Tick(Command):
    pass


@dataclass(frozen=True, slots=True)
class Ticked(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Started(Event):
    pass


@dataclass(frozen=True, slots=True)
class Counter:
    seats: int
    count: int = 0
    started: bool = False

    @property
    def to_act(self) -> int:
        return self.count % self.seats + 1


def _start(em: Emitter[Counter], rng: Rng) -> None:
    em.emit(Started, "null")


def plan(state: Counter, command: Command) -> Plan[Counter]:
    if isinstance(command, StartGame):
        return Plan(_start)
    if not isinstance(command, Tick) or command.seat != state.to_act:
        raise RuleViolation("null", "not your tick")
    seat = command.seat
    return Plan(lambda em, rng: em.emit(Ticked, "null", seat))


def evolve(state: Counter, event: Event) -> Counter:
    if isinstance(event, Started):
        return dataclasses.replace(state, started=True)
    return dataclasses.replace(state, count=state.count + 1)


def status(state: Counter) -> Status:
    finished = state.count >= TICKS
    return Status(finished=finished, to_act=() if finished else (state.to_act,), turn=state.count)


def initial_state(setup: Setup) -> Counter:
    return Counter(seats=len(setup.seats))


NULL_GAME: Rules[Counter] = Rules(
    ruleset=Ruleset(name="null", title="Null", version="1", min_seats=1, max_seats=6,
                    chance=Chance.DETERMINISTIC, information=Information.PERFECT, options=(), contents=("none",)),
    command_types={"StartGame": StartGame, "Tick": Tick},
    event_types={"Started": Started, "Ticked": Ticked},
    state_type=Counter,
    view_type=Counter,
    initial_state=initial_state,
    plan=plan,
    evolve=evolve,
    legal_commands=lambda state, seat: [Tick(seat)] if seat == state.to_act else [],
    view=lambda state, viewer: state,
    redact=lambda event, viewer: event,
    status=status,
)
