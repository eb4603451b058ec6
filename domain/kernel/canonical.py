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


def canonical_json(value: object) -> bytes:
    return json.dumps(
        to_plain(value),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    ).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(value: object) -> str:
    """SHA-256 of a value's canonical JSON, as lowercase hex."""
    return sha256_hex(canonical_json(value))
