"""protobuf <-> domain objects, generically, by field name.

Each game's typed messages mirror its dataclasses: a Command/Event/View message has
one field per dataclass field (the command's `seat` excepted: it comes from the
token), and the game's Command and Event messages hold a oneof whose member names
are the snake_case type names. One mapping serves every game; tests/test_contract.py
checks that each game's proto matches its dataclasses.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from google.protobuf.message import Message

from domain.kernel import Command, Game, fairness
from domain.kernel.canonical import JsonValue, to_plain
from domain.kernel.messages import from_plain, payload_of
from service.protos import pb

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


@functools.cache
def snake(name: str) -> str:
    """CamelCase type name to its snake_case oneof member (few names, asked on every message)."""
    return _CAMEL.sub("_", name).lower()


def message_to_plain(message: Message) -> dict[str, JsonValue]:
    """A message as plain JSON values, every field present (defaults included)."""
    result: dict[str, JsonValue] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if field.message_type is not None:
            if field.is_repeated:
                result[field.name] = [message_to_plain(item) for item in value]
            else:
                result[field.name] = message_to_plain(value)
        elif field.is_repeated:
            result[field.name] = list(value)
        else:
            result[field.name] = value
    return result


def fill_message(message: Message, plain: Mapping[str, JsonValue]) -> Message:
    """Set a message's fields from plain JSON values (unknown keys are an error)."""
    fields = message.DESCRIPTOR.fields_by_name
    for name, value in plain.items():
        field = fields.get(name)
        if field is None:
            raise ValueError(f"{message.DESCRIPTOR.name} has no field {name!r}")
        if field.message_type is not None:
            if field.is_repeated:
                container = getattr(message, name)
                for item in value:
                    fill_message(container.add(), item)
            else:
                fill_message(getattr(message, name), value)
        elif field.is_repeated:
            getattr(message, name).extend(value)
        else:
            setattr(message, name, value)
    return message


def _game_part(container: Message, game: Game[Any]) -> Message:
    """The game's member of a Command/Event/View oneof (e.g. `armory`)."""
    return getattr(container, game.ruleset.member)  # type: ignore[no-any-return]


def command_from_proto(game: Game[Any], message: pb.Command, seat: int) -> Command:
    """The domain command in a tablerules.v1.Command; ValueError if malformed."""
    which = message.WhichOneof("game")
    if which not in (game.ruleset.member, KERNEL):
        raise ValueError(f"this game is {game.ruleset.name}; the command is for {which or 'no game'}")
    part = getattr(message, which)
    member = part.WhichOneof("command")
    if member is None:
        raise ValueError(f"the {which} command names no command type")
    cls = _KERNEL_COMMANDS[member] if which == KERNEL else _commands_by_member(game)[member]
    fields = message_to_plain(getattr(part, member))
    command: Command = from_plain(cls, {"seat": seat, **fields})
    return command


KERNEL = "kernel"
"""The member of tablerules.v1.Command that holds the kernel's own commands, beside the games'."""
_KERNEL_COMMANDS: dict[str, type[Command]] = {snake(name): kind for name, kind in fairness.COMMAND_TYPES.items()}
_KERNEL_EVENTS = frozenset({"SeedRevealed", *fairness.EVENT_TYPES})
_MEMBERS: dict[str, tuple[Game[Any], dict[str, type[Command]]]] = {}


def _commands_by_member(game: Game[Any]) -> dict[str, type[Command]]:
    """The game's command classes by oneof member name, made once per game."""
    known = _MEMBERS.get(game.ruleset.name)
    if known is None or known[0] is not game:
        known = _MEMBERS[game.ruleset.name] = (game, {snake(n): c for n, c in game.command_types.items()})
    return known[1]


def command_to_proto(game: Game[Any], command: Command) -> pb.Command:
    message = pb.Command()
    name = snake(command.type_name())
    part = message.kernel if name in _KERNEL_COMMANDS else _game_part(message, game)
    fields = payload_of(command)
    del fields["seat"]
    member = getattr(part, name)
    member.SetInParent()  # a command without fields still selects its oneof member
    fill_message(member, fields)
    return message


def event_to_proto(game: Game[Any], type_name: str, payload: Mapping[str, JsonValue]) -> pb.Event:
    message = pb.Event()
    if type_name == "GameCreated":
        created = dict(payload)
        options = created.pop("options")
        fill_message(message.game_created, created)
        for key, value in dict(options).items():
            message.game_created.options[key].CopyFrom(option_value(value))
    elif type_name in _KERNEL_EVENTS:
        fill_message(getattr(message, snake(type_name)), payload)
    else:
        member = getattr(_game_part(message, game), snake(type_name))
        member.SetInParent()
        fill_message(member, payload)
    return message


def view_to_proto(game: Game[Any], view: object) -> pb.View:
    message = pb.View()
    fill_message(_game_part(message, game), to_plain(view))
    return message


def option_value(value: JsonValue) -> pb.OptionValue:
    if isinstance(value, bool):
        return pb.OptionValue(bool_value=value)
    if isinstance(value, int):
        return pb.OptionValue(int_value=value)
    return pb.OptionValue(string_value=str(value))


def option_from_proto(message: pb.OptionValue) -> bool | int | str:
    which = message.WhichOneof("value")
    if which is None:
        raise ValueError("an option value must be set")
    value: bool | int | str = getattr(message, which)
    return value
