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
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from json.encoder import encode_basestring as _string
from typing import Any

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
        return {name: to_plain(getattr(value, name)) for name in layout[0]}
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


_LAYOUTS: dict[type, tuple[tuple[str, ...], bool]] = {}
"""Per dataclass: its field names in sorted order, and whether it is frozen."""
_FRAGMENTS: dict[int, tuple[object, str]] = {}
"""Encoded frozen dataclasses and tuples by id (holding the object keeps the id valid).

States are persistent data structures: an event replaces a few nodes and shares
the rest, so hashing the state after each event re-encodes only what changed.
"""
_FRAGMENT_LIMIT = 1 << 14
"""Enough for the live states of a few thousand games. The memo keeps the objects
alive, and the garbage collector walks them all: a larger one costs more than it saves."""


def _layout(value: object) -> tuple[tuple[str, ...], bool] | None:
    kind = type(value)
    layout = _LAYOUTS.get(kind)
    if layout is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        params: Any = kind.__dataclass_params__  # type: ignore[attr-defined]
        layout = (tuple(sorted(f.name for f in dataclasses.fields(value))), bool(params.frozen))
        _LAYOUTS[kind] = layout
    return layout


def _remember(value: object, text: str) -> str:
    if len(_FRAGMENTS) >= _FRAGMENT_LIMIT:
        _FRAGMENTS.clear()
    _FRAGMENTS[id(value)] = (value, text)
    return text


def _encode_sequence(items: list[Any] | tuple[Any, ...]) -> str:
    if not items:
        return "[]"
    if type(items[0]) is str:
        # Lists of plain strings (card ids) are common: join them in one pass when
        # none needs escaping (printable, no quote or backslash).
        try:
            joined: str | None = "".join(items)
        except TypeError:  # a non-string further on
            joined = None
        if joined is not None and '"' not in joined and "\\" not in joined and joined.isprintable():
            return '["' + '","'.join(items) + '"]'
    encoders, fragments = _ENCODERS, _FRAGMENTS
    # Items shared with an earlier state (players, combatants) are looked up here.
    return "[" + ",".join([known[1] if (known := fragments.get(id(item))) is not None and known[0] is item
                           else encoders[type(item)](item) for item in items]) + "]"


def _encode_tuple(value: tuple[Any, ...]) -> str:
    # Tuples are immutable and shared between states just like frozen nodes.
    memo = _FRAGMENTS.get(id(value))
    if memo is not None and memo[0] is value:
        return memo[1]
    return _remember(value, _encode_sequence(value))


_MAPPINGS: dict[tuple[Any, ...], Callable[[Any], str]] = {}
"""Mapping encoders by the mapping's keys in insertion order. Envelopes, payloads and
commands repeat a few key sets over and over."""
_MAPPING_LIMIT = 1 << 10


def _encode_mapping(value: Mapping[Any, object]) -> str:
    keys = tuple(value)
    encoder = _MAPPINGS.get(keys)
    if encoder is None:
        if len(_MAPPINGS) >= _MAPPING_LIMIT:
            _MAPPINGS.clear()
        if all(type(k) is str for k in keys):
            ordered = sorted(keys)
            # The first mapping's value types stand in for annotations.
            encoder = _compiled("mapping", ordered, [f"value[{k!r}]" for k in ordered],
                                [type(value[k]) for k in ordered], memo=False)
        else:
            encoder = _encode_any_keys
        _MAPPINGS[keys] = encoder
    return encoder(value)


def _encode_any_keys(value: Mapping[Any, object]) -> str:
    encoders = _ENCODERS
    items = sorted((str(k), v) for k, v in value.items())
    return "{" + ",".join([_string(k) + ":" + encoders[type(v)](v) for k, v in items]) + "}"


class _Encoders(dict[type, Callable[[Any], str]]):
    """The encoder of each type, made once per type."""

    def __missing__(self, kind: type) -> Callable[[Any], str]:
        encoder: Callable[[Any], str] = _encode_other
        if dataclasses.is_dataclass(kind):
            params: Any = kind.__dataclass_params__  # type: ignore[attr-defined]
            names = sorted(f.name for f in dataclasses.fields(kind))
            try:
                hints = typing.get_type_hints(kind)
            except (NameError, TypeError):
                hints = {}
            encoder = _compiled(kind.__name__, names, [f"value.{name}" for name in names],
                                [hints.get(name) for name in names], memo=params.frozen)
        self[kind] = encoder
        return encoder


def _compiled(name: str, keys: list[str], reads: list[str], hints: list[object], memo: bool) -> Callable[[Any], str]:
    """An encoder of a JSON object with these sorted keys, whose values the `reads` expressions fetch.

    Generated (as dataclasses generates __init__): one expression per object shape
    runs several times faster than a loop over its keys. With `memo` the text is
    remembered by the object's identity (frozen dataclasses).
    """
    parts = [repr("{}")]
    if keys:
        parts = [part for i, (key, read, hint) in enumerate(zip(keys, reads, hints, strict=True))
                 for part in (repr(("," if i else "{") + _string(key) + ":"), _value(read, hint))]
        parts.append(repr("}"))
    text = f"''.join(({', '.join(parts)},))"
    lines = [f"def encode_{name}(value):"]
    if memo:
        lines += ["    known = fragments.get(id(value))",
                  "    if known is not None and known[0] is value:",
                  "        return known[1]",
                  f"    return remember(value, {text})"]
    else:
        lines.append(f"    return {text}")
    namespace: dict[str, Any] = {"encoders": _ENCODERS, "fragments": _FRAGMENTS, "remember": _remember,
                                 "string": _string}
    exec("\n".join(lines), namespace)
    return namespace[f"encode_{name}"]  # type: ignore[no-any-return]


def _value(read: str, hint: object) -> str:
    """The expression encoding one value. A field's annotation picks the likely case
    to try first; the value's own type decides, so any value still encodes right."""
    fetched = f"(v := {read})"
    if hint is int:
        return f"(repr(v) if type{fetched} is int else encoders[type(v)](v))"
    if hint is bool:
        return f"(('true' if v else 'false') if type{fetched} is bool else encoders[type(v)](v))"
    if hint is str:
        return f"(string(v) if type{fetched} is str else encoders[type(v)](v))"
    if hint is type(None):
        return f"('null' if {fetched} is None else encoders[type(v)](v))"
    if hint is None or hint is dict or hint is list:
        return f"encoders[type{fetched}](v)"
    # A tuple or a frozen dataclass, usually shared with the previous state: look it up here.
    return f"(m[1] if (m := fragments.get(id{fetched})) is not None and m[0] is v else encoders[type(v)](v))"


def _encode_other(value: object) -> str:
    if isinstance(value, Mapping):
        return _encode_mapping(value)
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


_ENCODERS = _Encoders({
    str: _string,
    int: repr,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): lambda _: "null",
    list: _encode_sequence,
    tuple: _encode_tuple,
    dict: _encode_mapping,
})


def _encode(value: object) -> str:
    """The canonical JSON text of a value; equal to json.dumps(to_plain(value),
    sort_keys=True, separators=(",", ":"), ensure_ascii=False), only faster."""
    return _ENCODERS[type(value)](value)


def canonical_json(value: object) -> bytes:
    return _encode(value).encode("utf-8")


_NUMBER_SHAPES = bytes.maketrans(b",[-123456789e", b"::0000000000.")
"""Compact JSON reduced to the shapes of its numbers: each place a value may start (after
':', ',' or '[') a ':', each character of an integer a '0', each mark of a fraction or an
exponent a '.'."""
_FLOAT_SHAPE = re.compile(rb":0+\.")


def canonical_json_of_parsed(value: JsonValue) -> bytes:
    """canonical_json() of JSON data that orjson.loads made (a log's lines): the same
    bytes, or the same TypeError, in a fraction of the time.

    orjson writes such data exactly as canonical JSON (the same escapes, keys in code
    point order), except a float, which canonical JSON refuses. The parser makes floats
    of numbers with a fraction or an exponent and of integers beyond 64 bits, never NaN
    or infinity (which orjson would write as null), and orjson writes every float with
    its integer part and a '.' or an 'e' after it. So a float shows in orjson's text as
    _FLOAT_SHAPE, unless it is the whole value. A string holding that shape is merely
    encoded the slow way.
    """
    try:
        text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # nested deeper than orjson writes
        return canonical_json(value)
    if type(value) is float or _FLOAT_SHAPE.search(text.translate(_NUMBER_SHAPES)):
        return canonical_json(value)  # a float, refused; or a string shaped like one
    return text


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: object) -> str:
    """SHA-256 of a value's canonical JSON, as lowercase hex."""
    return sha256_hex(canonical_json(value))
