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
"""Encoded frozen dataclasses by id (holding the object keeps the id valid).

States are persistent data structures: an event replaces a few nodes and shares
the rest, so hashing the state after each event re-encodes only what changed.
"""
_FRAGMENT_LIMIT = 1 << 17


def _layout(value: object) -> tuple[tuple[str, ...], bool] | None:
    kind = type(value)
    layout = _LAYOUTS.get(kind)
    if layout is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        params: Any = kind.__dataclass_params__  # type: ignore[attr-defined]
        layout = (tuple(sorted(f.name for f in dataclasses.fields(value))), bool(params.frozen))
        _LAYOUTS[kind] = layout
    return layout


def _remember(value: object, text: str) -> None:
    if len(_FRAGMENTS) >= _FRAGMENT_LIMIT:
        _FRAGMENTS.clear()
    _FRAGMENTS[id(value)] = (value, text)


def _encode_mapping(value: Mapping[Any, object]) -> str:
    items = sorted((str(k), v) for k, v in value.items())
    return "{" + ",".join([_string(k) + ":" + _encode(v) for k, v in items]) + "}"


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
    if kind is list:
        return "[" + ",".join([_encode(item) for item in value]) + "]"  # type: ignore[attr-defined]
    if kind is tuple:
        # Tuples are immutable and shared between states just like frozen nodes.
        memo = _FRAGMENTS.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        text = "[" + ",".join([_encode(item) for item in value]) + "]"  # type: ignore[attr-defined]
        _remember(value, text)
        return text
    if kind is dict:
        return _encode_mapping(value)  # type: ignore[arg-type]
    layout = _layout(value)
    if layout is not None:
        memo = _FRAGMENTS.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        names, frozen = layout
        text = "{" + ",".join([_string(name) + ":" + _encode(getattr(value, name)) for name in names]) + "}"
        if frozen:
            _remember(value, text)
        return text
    if isinstance(value, Mapping):
        return _encode_mapping(value)
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(value: object) -> bytes:
    return _encode(value).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: object) -> str:
    """SHA-256 of a value's canonical JSON, as lowercase hex."""
    return sha256_hex(canonical_json(value))
