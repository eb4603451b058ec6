"""A logged event told in words for one viewer: what a server sends beside each event,
and what replay, diff, audit and the viewer print (domain/kernel/words.py says how a
game tells its events)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel.canonical import JsonValue
from domain.kernel.game import SPECTATOR, Game
from domain.kernel.log import Envelope, LogFormatError
from domain.kernel.messages import Command, Event
from domain.kernel.session import logged_event, seen_payload
from domain.kernel.words import Seats, kernel_command, kernel_event


def told(game: Game[Any], envelope: Envelope, seats: Sequence[str], viewer: int = SPECTATOR,
         event: Event | None = None) -> str:
    """The envelope's event in one sentence as `viewer` sees it (a seat, or SPECTATOR);
    `event` is its decoded, unredacted event, if at hand."""
    names = Seats(tuple(seats))
    payload = seen_payload(game, envelope, viewer, event)
    return told_payload(game, envelope.type, payload, envelope.schema, names)


def told_payload(game: Game[Any], type_name: str, payload: Mapping[str, JsonValue], schema: int,
                 seats: Seats) -> str:
    """An event in one sentence from its payload as the viewer sees it."""
    kernel = kernel_event(type_name, payload, seats)
    if kernel is not None:
        return kernel
    try:
        event = logged_event(game, 0, type_name, payload, schema, "")
    except LogFormatError:
        return f"{type_name} (an event this build cannot read)."
    return game.tell_event(event, seats)


def told_command(game: Game[Any], command: Command, seats: Sequence[str]) -> str:
    """A command in one sentence, for a person choosing among the legal ones."""
    names = Seats(tuple(seats))
    return kernel_command(command, names) or game.tell_command(command, names)
