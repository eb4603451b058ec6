"""Commands, events and the rule violation: the vocabulary every game speaks.

A command is a request from one seat; an event is a fact. Both are frozen
dataclasses whose type name is their class name, so the log, the protobuf
contract and the code all use one name for one thing.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.canonical import JsonValue, to_plain

SYSTEM_SEAT = 0
"""The seat number of commands the service issues itself (starting a game)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A request to change a game. `seat` is filled in from the caller's token."""

    seat: int

    @classmethod
    def type_name(cls) -> str:
        return cls.__name__


@dataclass(frozen=True, slots=True)
class Event:
    """A fact. `rule` cites the rule that produced it, e.g. "armory R7".

    The citation travels in the log envelope, not in the payload.
    """

    rule: str = field(default="", kw_only=True, compare=False)

    @classmethod
    def type_name(cls) -> str:
        return cls.__name__


@dataclass(frozen=True, slots=True)
class StartGame(Command):
    """Issued by the service once, right after GameCreated: deal, shuffle, draw."""


class RuleViolation(Exception):
    """A command the rules do not allow. Nothing changes when it is raised.

    `rule` is the citation ("armory R8") and `message` a sentence a player
    understands.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


def payload_of(message: Command | Event) -> dict[str, JsonValue]:
    """The message's fields as plain JSON, without the event's rule citation."""
    kind = type(message)
    build = _PAYLOADS.get(kind)
    if build is None:
        build = _PAYLOADS[kind] = _payload_builder(kind)
    return build(message)


_PAYLOADS: dict[type, Callable[[Any], dict[str, JsonValue]]] = {}


def _payload_builder(kind: type) -> Callable[[Any], dict[str, JsonValue]]:
    """Generate `{"a": ..., "b": ...}` for one message type (a dict display runs several
    times faster than a loop over the fields). Keys are in sorted order, as to_plain's."""
    names = sorted(f.name for f in dataclasses.fields(kind) if not (issubclass(kind, Event) and f.name == "rule"))
    items = ", ".join(f"{name!r}: v if type(v := message.{name}) in scalars else to_plain(v)" for name in names)
    namespace: dict[str, Any] = {"scalars": frozenset((str, int, bool, type(None))), "to_plain": to_plain}
    exec(f"def payload_of_{kind.__name__}(message):\n    return {{{items}}}", namespace)
    return namespace[f"payload_of_{kind.__name__}"]  # type: ignore[no-any-return]


def _convert(value: JsonValue, annotation: Any) -> Any:
    """Rebuild a typed value from plain JSON, following the field's annotation."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _convert(value, inner[0])
    if origin is tuple:
        item_type = typing.get_args(annotation)[0]
        return tuple(_convert(v, item_type) for v in value)
    if origin is dict:
        key_type, value_type = typing.get_args(annotation)
        return {key_type(k): _convert(v, value_type) for k, v in value.items()}
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        return from_plain(annotation, value)
    return value


_FIELDS: dict[type[Any], tuple[dict[str, Any], frozenset[str]]] = {}


def _fields_of(cls: type[Any]) -> tuple[dict[str, Any], frozenset[str]]:
    """A dataclass's resolved field annotations and field names (computed once)."""
    known = _FIELDS.get(cls)
    if known is None:
        known = _FIELDS[cls] = (typing.get_type_hints(cls), frozenset(f.name for f in dataclasses.fields(cls)))
    return known


def from_plain(cls: type[Any], payload: dict[str, JsonValue]) -> Any:
    """Build a dataclass from its plain JSON form; unknown fields are an error."""
    hints, names = _fields_of(cls)
    unknown = set(payload) - names
    if unknown:
        raise ValueError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    return cls(**{k: _convert(v, hints[k]) for k, v in payload.items()})
