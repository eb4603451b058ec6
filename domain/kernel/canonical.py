"""Canonical JSON: the one byte representation that hashes are computed over.

Sorted keys, no insignificant whitespace, UTF-8, and no floats: a float's text form
differs between languages, so a log that contained one could not be re-hashed
identically elsewhere.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import msgspec
import orjson

JsonValue = Any  # None | bool | int | str | list[JsonValue] | dict[str, JsonValue]


def to_plain(value: object) -> JsonValue:
    """Turn dataclasses, tuples, enums and mappings into plain JSON values."""
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return value
    if kind is tuple or kind is list:
        return [to_plain(v) for v in value]  # type: ignore[attr-defined]
    layout = _layout(value)
    if layout is not None:
        return {name: to_plain(getattr(value, name)) for name in layout}
    if isinstance(value, float):
        raise TypeError("floats are not allowed in canonical JSON")
    if isinstance(value, Enum):
        return to_plain(value.value)
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_plain(v) for v in value)
    raise TypeError(f"cannot encode {type(value).__name__} as canonical JSON")


_LAYOUTS: dict[type, tuple[str, ...]] = {}
"""Per dataclass: its field names in sorted order."""


def _layout(value: object) -> tuple[str, ...] | None:
    kind = type(value)
    layout = _LAYOUTS.get(kind)
    if layout is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        layout = tuple(sorted(f.name for f in dataclasses.fields(value)))
        _LAYOUTS[kind] = layout
    return layout


def reference_json(value: object) -> bytes:
    """Canonical JSON by its definition: json.dumps of to_plain(value), keys sorted, no
    spaces, UTF-8. TypeError for a float, or a value that has no JSON form."""
    text = json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8")


_FAST = msgspec.json.Encoder(order="sorted")
"""msgspec writes integers, strings, booleans, None, enums, tuples, sets, str-keyed dicts
and dataclasses exactly as reference_json does (keys and fields in code point order, the
same escapes, no spaces), several times faster: tests/test_canonical.py compares them.
It would also write floats (NaN as null), which canonical JSON refuses: so it is given
only values whose types cannot hold one."""
_PLAIN_ONLY = (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
               | orjson.OPT_PASSTHROUGH_SUBCLASS)
"""orjson refuses (passes to no default, so raises on) what plain JSON data does not hold."""


def canonical_json(value: object) -> bytes:
    """reference_json(value), only faster for what is hashed and sent most: a value of a
    type whose annotations admit no float (a game's state, after every event) is written
    by msgspec, and plain data (a payload) by orjson where its text shows no float and no
    null (orjson writes NaN and the infinities as null). Anything else, by definition.
    Plain data known to hold no NaN (parsed, or made by to_plain) has canonical_json_of_plain."""
    kind = type(value)
    float_free = _FLOAT_FREE.get(kind)
    if float_free is None:
        float_free = _float_free(kind, set())
    if float_free:
        try:
            return _FAST.encode(value)
        except (TypeError, ValueError, msgspec.EncodeError):
            return reference_json(value)  # a value unlike its annotations: the definition says what is wrong
    try:
        text = orjson.dumps(value, option=_PLAIN_ONLY)
    except orjson.JSONEncodeError:  # not plain data, or nested deeper than orjson writes
        return reference_json(value)
    if b"null" in text or _holds_float(value, text):
        return reference_json(value)
    return text


_FLOAT_FREE: dict[type, bool] = {}
"""Per type: whether its annotations admit nothing but JSON's own values (so no float)."""
_SCALAR_TYPES = (int, str, bool, type(None))


def _float_free(kind: Any, seen: set[Any]) -> bool:
    """Whether values of the annotation `kind` hold only integers, strings, booleans, None,
    enums of those and tuples, sets and str-keyed dicts of such, and dataclasses whose
    every field is such: then their JSON text needs no search for floats, as mypy --strict
    holds the code to its annotations and from_plain holds a log's values to them."""
    if kind in _FLOAT_FREE:
        return _FLOAT_FREE[kind]
    if kind in seen:
        return True  # a recursive type: as free as the rest of it
    seen.add(kind)
    origin, arguments = typing.get_origin(kind), typing.get_args(kind)
    if kind in _SCALAR_TYPES:
        free = True
    elif isinstance(kind, type) and issubclass(kind, Enum):
        free = all(type(member.value) in (int, str) for member in kind)
    elif dataclasses.is_dataclass(kind) and isinstance(kind, type):
        try:
            hints = typing.get_type_hints(kind)
        except (NameError, TypeError):
            hints = {}
        fields = dataclasses.fields(kind)
        free = all(f.name in hints and _float_free(hints[f.name], seen) for f in fields)
    elif origin is typing.Literal:
        free = all(type(a) in (int, str, bool) for a in arguments)
    elif origin in (tuple, frozenset, set, list, typing.Union, types.UnionType):
        free = all(a is Ellipsis or _float_free(a, seen) for a in arguments)
    elif origin is dict:
        free = arguments[0] is str and _float_free(arguments[1], seen)
    else:
        free = False  # Any, object, float, Mapping, ...: searched
    if isinstance(kind, type):
        _FLOAT_FREE[kind] = free
    return free


_NUMBER_SHAPES = bytes.maketrans(b",[-123456789e", b"::0000000000.")
"""Compact JSON reduced to the shapes of its numbers: each place a value may start (after
':', ',' or '[') a ':', each character of an integer a '0', each mark of a fraction or an
exponent a '.'."""
_FLOAT_SHAPE = re.compile(rb":0+\.")


def canonical_json_of_plain(value: JsonValue) -> bytes:
    """canonical_json() of plain JSON data: dicts with string keys, lists, tuples, strings,
    integers, booleans and None, as a JSON parser (a log's lines), to_plain or payload_of
    makes them. The same bytes, or the same TypeError, in a fraction of the time.

    orjson writes such data exactly as canonical JSON (the same escapes, keys in code
    point order), except a float, which canonical JSON refuses. Plain data holds a float
    only where a parser read a number with a fraction or an exponent, or an integer beyond
    64 bits (to_plain refuses floats; no parser makes NaN or infinity, which orjson would
    write as null), and orjson writes every float with its integer part and a '.' or an
    'e' after it. So a float shows in orjson's text as _FLOAT_SHAPE, unless it is the
    whole value; where a string holds that shape, the text is looked at again with its
    strings set aside. A value that is not plain data is merely encoded the slow way.
    """
    try:
        text = orjson.dumps(value, option=_PLAIN_ONLY)
    except orjson.JSONEncodeError:  # not plain data, or nested deeper than orjson writes
        return reference_json(value)
    if _holds_float(value, text):
        return reference_json(value)  # a float, refused; or a string shaped like one
    return text


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_FRACTION_OR_EXPONENT = re.compile(rb"[0-9][.eE]")


def _holds_float(value: object, text: bytes) -> bool:
    """Whether `text`, orjson's JSON of `value`, holds a float: see canonical_json_of_plain."""
    if type(value) is float:
        return True
    if _FLOAT_SHAPE.search(text.translate(_NUMBER_SHAPES)) is None:
        return False
    # The shape may lie in a string (a Guardians zone, "1:shield:1.re-archer"): outside
    # the strings, only a float has a digit followed by a '.' or an exponent.
    return _FRACTION_OR_EXPONENT.search(_STRING.sub(b'""', text)) is not None


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: object) -> str:
    """SHA-256 of a value's canonical JSON, as lowercase hex."""
    return sha256_hex(canonical_json(value))
