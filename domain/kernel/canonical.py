"""Canonical JSON: the one byte representation that hashes are computed over.

Sorted keys, no insignificant whitespace, UTF-8, and no floats: a float's text form
differs between languages, so a log that contained one could not be re-hashed
identically elsewhere.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from enum import Enum
from json.encoder import encode_basestring as _string
from typing import Any

JsonValue = Any  # None | bool | int | str | list[JsonValue] | dict[str, JsonValue]


def to_plain(value: object) -> JsonValue:
    """Turn dataclasses, tuples, enums and mappings into plain JSON values."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        raise TypeError("floats are not allowed in canonical JSON")
    if isinstance(value, Enum):
        return to_plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_plain(v) for v in value)
    raise TypeError(f"cannot encode {type(value).__name__} as canonical JSON")


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_FRAGMENTS: dict[int, tuple[object, str]] = {}
"""Encoded frozen dataclasses by id (holding the object keeps the id valid).

States are persistent data structures: an event replaces a few nodes and shares
the rest, so hashing the state after each event re-encodes only what changed.
"""
_FRAGMENT_LIMIT = 1 << 17


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(sorted(f.name for f in dataclasses.fields(cls)))
        _FIELD_NAMES[cls] = names
    return names


def _encode(value: object) -> str:
    """The canonical JSON text of a value; equal to json.dumps(to_plain(value),
    sort_keys=True, separators=(",", ":"), ensure_ascii=False), only faster."""
    kind = type(value)
    if kind is str:
        return _string(value)  # type: ignore[arg-type]
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is tuple or kind is list:
        return "[" + ",".join([_encode(item) for item in value]) + "]"  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        memo = _FRAGMENTS.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        text = "{" + ",".join([_string(name) + ":" + _encode(getattr(value, name))
                               for name in _field_names(kind)]) + "}"
        if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            if len(_FRAGMENTS) >= _FRAGMENT_LIMIT:
                _FRAGMENTS.clear()
            _FRAGMENTS[id(value)] = (value, text)
        return text
    if isinstance(value, Mapping):
        items = sorted((str(k), v) for k, v in value.items())
        return "{" + ",".join([_string(k) + ":" + _encode(v) for k, v in items]) + "}"
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(value: object) -> bytes:
    return _encode(value).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: object) -> str:
    """SHA-256 of a value's canonical JSON, as lowercase hex."""
    return sha256_hex(canonical_json(value))
