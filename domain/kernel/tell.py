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
    return told_seen(game, envelope, seen_payload(game, envelope, viewer, event), Seats(tuple(seats)))


def told_seen(game: Game[Any], envelope: Envelope, payload: Mapping[str, JsonValue], seats: Seats) -> str:
    """The envelope's event in one sentence, from its payload as the viewer sees it (the
    envelope's own, for one who sees everything)."""
    kernel = kernel_event(envelope.type, payload, seats, game.ruleset)
    if kernel is not None:
        return kernel
    try:
        event = logged_event(game, envelope.seq, envelope.type, payload, envelope.schema, envelope.rule)
    except LogFormatError:
        return f"{envelope.type} (an event this build cannot read)."
    return game.tell_event(event, seats)


def told_command(game: Game[Any], command: Command, seats: Sequence[str]) -> str:
    """A command in one sentence, for a person choosing among the legal ones."""
    names = Seats(tuple(seats))
    return kernel_command(command, names) or game.tell_command(command, names)
