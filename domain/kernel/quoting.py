"""Showing input: quoted in error messages, inert wherever it is displayed.

A message that echoes a 100 KB id overflows gRPC's metadata limit and hides the real
error; a short quote with the original length names the culprit just as well.

A string from a log or a request may hold what a terminal acts on (an escape sequence
that erases a line and writes "VERIFIED" over it) or what reorders text (a
right-to-left override). `inert` shows every such character as its JSON escape, so a
report, a log line or a page shows exactly what the input held and nothing it does.
"""

from __future__ import annotations

QUOTE_LIMIT = 64


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """repr(value), cut to `limit` characters with the full length noted."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _escaped(character: str) -> str:
    """A character as JSON writes it escaped: astral characters as their UTF-16 pair."""
    code = ord(character)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def inert(text: str, lines: bool = False) -> str:
    """`text` with every character that is not printable (str.isprintable: controls, escape
    and format characters such as the bidirectional overrides, line and paragraph
    separators, unassigned code points) written as its escape (`\\u001b`, `\\u202e`); with
    `lines`, a newline stays one (a report of several lines). Within a JSON string the
    escapes read back as the characters they stand for."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or (lines and c == "\n") else _escaped(c) for c in text)
