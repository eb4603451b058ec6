"""Events and commands told in words, for people.

Each game tells its own events and commands in one short sentence (`Rules.tell_event`,
`Rules.tell_command`), naming seats by their names and cards, figures and places by
its labels (one labelling function per game, shared by commands, events and views).
A sentence is made from the event as the viewer sees it, already redacted, and from
the game's public content, never from a state: so it says no more than the event
does (a hidden draw reads "bob draws 2 cards"), and anybody can make it again from a
log. The kernel tells its own events (GameCreated, SeedRevealed, seat randomness)
here; `tell_envelope` is what a server, the command line and the viewer call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel.canonical import JsonValue
from domain.kernel.messages import Command, Event, StartGame


@dataclass(frozen=True, slots=True)
class Seats:
    """The seats' names, as a sentence calls them (seat numbers are 1-based)."""

    names: tuple[str, ...]

    def __call__(self, seat: int) -> str:
        if 1 <= seat <= len(self.names) and self.names[seat - 1]:
            return self.names[seat - 1]
        return "the table" if seat == 0 else f"seat {seat}"

    def of(self, seat: int) -> str:
        """The possessive: "ann's"."""
        return f"{self(seat)}'s"


TellEvent = Callable[[Event, Seats], str]
TellCommand = Callable[[Command, Seats], str]
Glance = Callable[[Any, Seats], tuple[str, ...]]
"""A view (the game's, for one viewer) in a few lines for a person: the viewer's hand and
the table, about a screen's worth at most, for a terminal or a client that has no
drawing of its own."""


def no_glance(view: Any, seats: Seats) -> tuple[str, ...]:
    """What a game with no glance of its own gives: no lines (a client shows its view whole)."""
    return ()


def listed(items: Sequence[str], empty: str = "nothing") -> str:
    """Items joined as a person writes them: "a", "a and b", "a, b and c"."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def counted(count: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "no card"."""
    if count == 0:
        return f"no {one}"
    return f"{count} {one if count == 1 else (many or one + 's')}"


def kernel_event(type_name: str, payload: Mapping[str, JsonValue], seats: Seats, ruleset: Any = None) -> str | None:
    """The kernel's own events in words; None for a game's event. `ruleset` (the game's
    Ruleset) names the game by its title."""
    if type_name == "GameCreated":
        name, version = payload.get("ruleset"), payload.get("ruleset_version")
        title = ruleset.title if ruleset is not None and ruleset.name == name else name
        names = [str(seat) for seat in payload.get("seats") or ()]
        chosen = " (a seed the operator chose)" if payload.get("seed_chosen") else ""
        return f"A game of {title} ({version}) is created for {listed(names)}{chosen}."
    if type_name == "SeedRevealed":
        return "The game's seed is revealed: anybody can now check every shuffle, draw and roll."
    if type_name == "RandomnessCommitted":
        return f"{seats(_int(payload.get('seat')))} commits to a random value of their own."
    if type_name == "RandomnessRevealed":
        return f"{seats(_int(payload.get('seat')))} reveals the random value they committed to."
    return None


def kernel_command(command: Command, seats: Seats) -> str | None:
    """The kernel's own commands in words; None for a game's command."""
    if isinstance(command, StartGame):
        return "Start the game."
    return {"CommitRandomness": "Commit to a random value of your own.",
            "RevealRandomness": "Reveal your random value."}.get(type(command).__name__)


def plainly(type_name: str, fields: Mapping[str, JsonValue]) -> str:
    """What a game that tells nothing of its own shows: the type and its fields, as text."""
    shown = ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in fields.items()
                      if name not in ("rule", "seat") and value not in ("", None, (), []))
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in type_name).strip()
    return f"{words[:1].upper()}{words[1:]}{f' ({shown})' if shown else ''}."


def plain_event(event: Event, seats: Seats) -> str:
    return plainly(type(event).__name__, {k: getattr(event, k) for k in event.__dataclass_fields__})


def plain_command(command: Command, seats: Seats) -> str:
    return plainly(type(command).__name__, {k: getattr(command, k) for k in command.__dataclass_fields__})


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


__all__ = [
    "Glance",
    "Seats",
    "TellCommand",
    "TellEvent",
    "counted",
    "kernel_command",
    "kernel_event",
    "listed",
    "no_glance",
    "plain_command",
    "plain_event",
]
