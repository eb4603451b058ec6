"""Every input has a size limit: this module lists them, and one check applies them.

A request is checked field by field before any work is done: strings by length,
repeated fields and maps by count, nested messages recursively, so a limit holds
wherever its field appears (a card id inside any game's command, an option value).
The whole message is capped by gRPC itself (`Settings.max_request_bytes`), which
is also the only cap on a log sent inline; what checking a log may cost is capped
in service/logjobs.py. A game's length is capped too (MAX_GAME_EVENTS), since what an
export or a catch-up costs grows with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from service.errors import InvalidArgument, ResourceExhausted

MAX_REQUEST_BYTES = 4 * 1024 * 1024
"""gRPC's own default; TABLERULES_MAX_REQUEST_BYTES raises it (long logs sent inline)."""

TEXT_LIMITS: Mapping[str, int] = {
    "game_id": 64,  # ids this server issues are 36 characters
    "command_id": 128,
    "ruleset": 64,
    "content": 64,
    "seats": 64,  # a seat's name
    "seed": 256,
    "key": 64,  # an option's name (the key of the options map)
}
FIELD_TEXT_LIMITS: Mapping[str, int] = {
    # An option's string value: a Guardians deck list in its compact form runs to some
    # 760 characters for a 70-card deck (domain/games/guardians/decks.py).
    "tablerules.v1.OptionValue.string_value": 2048,
}
"""Limits of one field of one message, by its full name; they take precedence over TEXT_LIMITS."""
DEFAULT_TEXT_LIMIT = 256
"""Any other string: card ids, seat randomness."""
UNLIMITED_TEXT = frozenset({"log_jsonl"})
"""Bounded by the message size alone."""

ITEM_LIMITS: Mapping[str, int] = {
    "seats": 16,  # every ruleset's own maximum is lower
    "options": 32,
}
DEFAULT_ITEM_LIMIT = 256

MAX_TOKEN = 256
"""An authorization token: those this server issues are 32 to 43 characters."""

MAX_GAME_EVENTS = 50_000
"""The default --max-game-events: a game this long takes no more commands. Real games run
to some thousands of events (a 7-Wave King's Armory game, a long Guardians game), random
bots with no turn limit to some 23,000 (ARMORY, 3 seats); 50,000 ARMORY events are a log
of about 30 MB."""


def game_too_long(events: int, most: int, adopted: str = "") -> ResourceExhausted:
    """The refusal of a game (or, `adopted`, a log) that has reached `most` events, the
    longest game the server keeps."""
    if adopted:
        return ResourceExhausted(
            f"the log cannot be {adopted}: it holds {events} events, more than the {most} a game "
            "may have on this server (TABLERULES_MAX_GAME_EVENTS); send it to a server that allows more")
    return ResourceExhausted(
        f"the game has reached {events} events, the most this server lets a game have "
        f"(TABLERULES_MAX_GAME_EVENTS, --max-game-events {most}): it takes no more commands "
        "here. The operator may export its log and continue it on a server that allows more (ImportLog, "
        "or ForkGame at its last event; docs/operations.md)")


def _checked_text(where: str, field: FieldDescriptor, text: str | bytes) -> None:
    if field.name in UNLIMITED_TEXT:
        return
    limit = FIELD_TEXT_LIMITS.get(field.full_name) or TEXT_LIMITS.get(field.name, DEFAULT_TEXT_LIMIT)
    if len(text) > limit:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise InvalidArgument(where, f"at most {limit} {unit} (this one has {len(text)})")


def _checked_value(where: str, field: FieldDescriptor, value: object) -> None:
    if isinstance(value, Message):
        check_sizes(value, f"{where}.")
    elif isinstance(value, str | bytes):
        _checked_text(where, field, value)


def check_sizes(message: Message, path: str = "") -> None:
    """InvalidArgument naming the first field of `message` over its limit."""
    for field, value in message.ListFields():
        where = f"{path}{field.name}"
        if not field.is_repeated:
            _checked_value(where, field, value)
            continue
        limit = ITEM_LIMITS.get(field.name, DEFAULT_ITEM_LIMIT)
        if len(value) > limit:
            raise InvalidArgument(where, f"at most {limit} entries (this one has {len(value)})")
        entry = field.message_type
        if entry is not None and entry.GetOptions().map_entry:
            key_field, value_field = entry.fields_by_name["key"], entry.fields_by_name["value"]
            for key, item in value.items():
                _checked_value(f"{where}.key", key_field, key)
                _checked_value(f"{where}[{key}]", value_field, item)
        else:
            for index, item in enumerate(value):
                _checked_value(f"{where}[{index}]", field, item)
