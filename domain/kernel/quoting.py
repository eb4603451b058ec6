"""Quoting input in error messages: at most a few dozen characters of it.

A message that echoes a 100 KB id overflows gRPC's metadata limit and hides the real
error; a short quote with the original length names the culprit just as well.
"""

from __future__ import annotations

QUOTE_LIMIT = 64


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """repr(value), cut to `limit` characters with the full length noted."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
