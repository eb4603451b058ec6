"""Each game's protobuf messages mirror its dataclasses (the converter relies on it).

On a mismatch the failure prints a proto file that matches the code, to compare
with proto/tablerules/v1/<game>.proto (field numbers there are the contract and
are never renumbered).
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from domain.games import REGISTRY
from domain.kernel import Game, fairness
from service.convert import snake
from tablerules.v1 import tablerules_pb2 as pb

SCALARS = {int: (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64), str: (FieldDescriptor.TYPE_STRING,),
           bool: (FieldDescriptor.TYPE_BOOL,)}
PROTO_SCALAR = {int: "int32", str: "string", bool: "bool"}


def field_shape(annotation: Any) -> tuple[bool, Any]:
    """(repeated, item type) of a dataclass field annotation."""
    if typing.get_origin(annotation) is tuple:
        return True, typing.get_args(annotation)[0]
    return False, annotation


def is_record(item: Any) -> bool:
    return isinstance(item, type) and dataclasses.is_dataclass(item)


def mismatches(cls: type[Any], message: Descriptor, skip: frozenset[str] = frozenset()) -> list[str]:
    problems = []
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.name not in skip and f.name != "rule"]
    proto_names = set(message.fields_by_name)
    for missing in sorted(set(names) - proto_names):
        problems.append(f"{message.full_name} lacks field {missing}")
    for extra in sorted(proto_names - set(names)):
        problems.append(f"{message.full_name} has field {extra} that {cls.__name__} lacks")
    for name in names:
        field = message.fields_by_name.get(name)
        if field is None:
            continue
        repeated, item = field_shape(hints[name])
        if repeated != field.is_repeated:
            problems.append(f"{message.full_name}.{name}: repeated mismatch")
        if is_record(item):
            if field.message_type is None or field.message_type.name != item.__name__:
                problems.append(f"{message.full_name}.{name} must be message {item.__name__}")
            else:
                problems.extend(mismatches(item, field.message_type))
        elif field.type not in SCALARS.get(item, ()):
            problems.append(f"{message.full_name}.{name} must be {PROTO_SCALAR.get(item, item)}")
    return problems


def expected_proto(game: Game[Any]) -> str:
    """A proto file matching the game's code (a starting point for a new game)."""
    name = game.ruleset.member
    out = [f'syntax = "proto3";\n\npackage tablerules.v1.{name};\n']
    written: set[str] = set()

    def message(cls: type[Any], skip: frozenset[str] = frozenset(), title: str = "") -> None:
        if cls.__name__ in written:
            return
        written.add(cls.__name__)
        hints = typing.get_type_hints(cls)
        lines = [f"message {title or cls.__name__} {{"]
        number = 0
        for f in dataclasses.fields(cls):
            if f.name in skip or f.name == "rule":
                continue
            number += 1
            repeated, item = field_shape(hints[f.name])
            kind = item.__name__ if is_record(item) else PROTO_SCALAR[item]
            if is_record(item):
                message(item)
            lines.append(f"  {'repeated ' if repeated else ''}{kind} {f.name} = {number};")
        out.append("\n".join([*lines, "}\n"]))

    for kind, types, skip in (("Command", game.command_types, frozenset({"seat"})), ("Event", game.event_types,
                                                                                     frozenset())):
        for cls in types.values():
            message(cls, skip)
        members = [f"    {cls.__name__} {snake(cls.__name__)} = {i};" for i, cls in enumerate(types.values(), 1)]
        out.append("\n".join([f"message {kind} {{", f"  oneof {kind.lower()} {{", *members, "  }", "}\n"]))
    message(game.view_type, title="View")
    return "\n".join(out)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_game_messages_match_the_proto(name: str) -> None:
    game = REGISTRY[name]
    member = pb.DESCRIPTOR.message_types_by_name["Command"].fields_by_name[game.ruleset.member].message_type
    assert member is not None
    package = member.file
    messages = package.message_types_by_name
    problems: list[str] = []
    for kind, types, skip in (("Command", game.command_types, frozenset({"seat"})),
                              ("Event", game.event_types, frozenset())):
        union = messages[kind]
        oneof = union.oneofs_by_name[kind.lower()]
        members = {f.name: f.message_type.name for f in oneof.fields if f.message_type is not None}
        for type_name, cls in types.items():
            if members.get(snake(type_name)) != type_name:
                problems.append(f"{union.full_name} lacks oneof member {snake(type_name)} ({type_name})")
            elif type_name in messages:
                problems.extend(mismatches(cls, messages[type_name], skip))
        for extra in sorted(set(members) - {snake(t) for t in types}):
            problems.append(f"{union.full_name} has member {extra} that the code lacks")
    problems.extend(mismatches(game.view_type, messages["View"]))
    assert not problems, "\n".join(problems) + "\n\nA proto matching the code:\n" + expected_proto(game)


def test_every_ruleset_has_a_member_in_the_shared_unions() -> None:
    for union in ("Command", "Event", "View"):
        members = set(pb.DESCRIPTOR.message_types_by_name[union].fields_by_name)
        assert {game.ruleset.member for game in REGISTRY.values()} <= members, f"tablerules.v1.{union} lacks a member"


def test_kernel_messages_match_the_proto() -> None:
    """The kernel's own commands (Command.kernel) and events (members of Event)."""
    messages = pb.DESCRIPTOR.message_types_by_name
    kernel = messages["KernelCommand"].oneofs_by_name["command"]
    assert {f.name: getattr(f.message_type, "name", "") for f in kernel.fields} == {
        snake(n): n for n in fairness.COMMAND_TYPES}
    events = messages["Event"].fields_by_name
    assert all(getattr(events[snake(name)].message_type, "name", "") == name for name in fairness.EVENT_TYPES)
    problems = [problem for types, skip in ((fairness.COMMAND_TYPES, frozenset({"seat"})),
                                            (fairness.EVENT_TYPES, frozenset()))
                for name, cls in types.items() for problem in mismatches(cls, messages[name], skip)]
    assert not problems, "\n".join(problems)
