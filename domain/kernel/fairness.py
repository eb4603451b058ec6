"""Seat randomness: a game whose chance not even the server can steer (the
`seat_randomness` option, DESIGN.md section 3).

The server commits to its secret seed in GameCreated. Before the first shuffle,
every seat commits to a random value of its own (the SHA-256 of it), and once all
have committed, every seat reveals its value. The game's generator is then keyed
by HMAC-SHA256(server seed, the values in seat order) instead of the server seed.

Nobody can steer the outcome: the server is bound by its commitment before it sees
any seat's value; a seat commits before it sees the others' values and never knows
the server's seed; a seat that sees the others' reveals can no longer change its own.
The cost is two commands per seat before the game starts. A seat that never
reveals stalls the game (it cannot bias it).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from domain.kernel.canonical import canonical_json
from domain.kernel.game import SEAT_RANDOMNESS, Status
from domain.kernel.messages import Command, Event, RuleViolation

RULE = "kernel seat-randomness"
OPTION = SEAT_RANDOMNESS.name
_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class CommitRandomness(Command):
    """A seat's commitment: the lowercase hex SHA-256 of its value's UTF-8 text.

    Clients make the value (64 random hex digits) and keep it until they reveal it;
    the legal command lists it with an empty commitment for the client to fill in.
    """

    commitment: str


@dataclass(frozen=True, slots=True)
class RevealRandomness(Command):
    """A seat's value, revealed once every seat has committed."""

    value: str


@dataclass(frozen=True, slots=True)
class RandomnessCommitted(Event):
    seat: int
    commitment: str


@dataclass(frozen=True, slots=True)
class RandomnessRevealed(Event):
    seat: int
    value: str


COMMAND_TYPES: dict[str, type[Command]] = {c.type_name(): c for c in (CommitRandomness, RevealRandomness)}
EVENT_TYPES: dict[str, type[Event]] = {e.type_name(): e for e in (RandomnessCommitted, RandomnessRevealed)}


@dataclass(frozen=True, slots=True)
class Contributions:
    """The seats' commitments and values so far ("" where none yet), by seat - 1."""

    commitments: tuple[str, ...]
    values: tuple[str, ...]

    @staticmethod
    def empty(seats: int) -> Contributions:
        return Contributions(("",) * seats, ("",) * seats)

    @property
    def complete(self) -> bool:
        return all(self.values)

    def owing(self) -> tuple[int, ...]:
        """The seats the game waits on."""
        if not all(self.commitments):
            return tuple(n for n, c in enumerate(self.commitments, start=1) if not c)
        return tuple(n for n, v in enumerate(self.values, start=1) if not v)


def decide(contributions: Contributions, command: Command) -> Event:
    """The event of one seat's commitment or reveal; RuleViolation names what is wrong."""
    seat = command.seat
    if not 1 <= seat <= len(contributions.commitments):
        raise RuleViolation(RULE, "only a seat contributes randomness")
    if isinstance(command, CommitRandomness):
        if contributions.commitments[seat - 1]:
            raise RuleViolation(RULE, f"seat {seat} has already committed to its random value")
        if not _HEX64.fullmatch(command.commitment):
            raise RuleViolation(RULE, "a commitment is the SHA-256 of your random value, as 64 lowercase hex digits")
        return RandomnessCommitted(seat=seat, commitment=command.commitment, rule=RULE)
    if isinstance(command, RevealRandomness):
        if not all(contributions.commitments):
            waiting = ", ".join(map(str, contributions.owing()))
            raise RuleViolation(RULE, f"values are revealed once every seat has committed (waiting for seat(s) "
                                      f"{waiting}); a value shown earlier would let a later seat choose its own")
        if contributions.values[seat - 1]:
            raise RuleViolation(RULE, f"seat {seat} has already revealed its value")
        if not _HEX64.fullmatch(command.value):
            raise RuleViolation(RULE, "a random value is 64 lowercase hex digits (32 random bytes)")
        if commitment_of(command.value) != contributions.commitments[seat - 1]:
            raise RuleViolation(RULE, f"this value does not match seat {seat}'s commitment")
        return RandomnessRevealed(seat=seat, value=command.value, rule=RULE)
    raise RuleViolation(RULE, "the game starts once every seat has committed to and revealed a random value")


def evolve(contributions: Contributions, event: Event) -> Contributions:
    if isinstance(event, RandomnessCommitted):
        return Contributions(_put(contributions.commitments, event.seat, event.commitment), contributions.values)
    if isinstance(event, RandomnessRevealed):
        return Contributions(contributions.commitments, _put(contributions.values, event.seat, event.value))
    raise TypeError(f"{type(event).__name__} is not a seat randomness event")


def _put(values: tuple[str, ...], seat: int, value: str) -> tuple[str, ...]:
    if not 1 <= seat <= len(values):
        raise ValueError(f"there is no seat {seat}")
    return (*values[:seat - 1], value, *values[seat:])


def legal(contributions: Contributions, seat: int) -> list[Command]:
    """The command the game waits for from `seat`, with its secret left for the client to fill."""
    if seat not in contributions.owing():
        return []
    if not all(contributions.commitments):
        return [CommitRandomness(seat=seat, commitment="")]
    return [RevealRandomness(seat=seat, value="")]


def status(contributions: Contributions) -> Status:
    waiting = contributions.owing()
    step = "commit to" if not all(contributions.commitments) else "reveal"
    return Status(finished=False, to_act=waiting,
                  summary=f"seat randomness: seat(s) {', '.join(map(str, waiting))} to {step} a random value")


def commitment_of(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def game_seed(server_seed: str, values: tuple[str, ...]) -> str:
    """The seed of the game's generator: the server's seed keyed over the seats' values."""
    return hmac.new(server_seed.encode("utf-8"), canonical_json(list(values)), hashlib.sha256).hexdigest()
