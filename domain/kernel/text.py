"""Reading numbers in input text strictly.

str.isdigit() is true of '²', '١' and '１' as well as of '0'-'9', and int() then
refuses some of those and reads others: an id check built on it let a crafted card id
through to a crash. Input numbers here are ASCII digits and nothing else.
"""

from __future__ import annotations


def is_digits(text: str) -> bool:
    """True when `text` is one or more of the ASCII digits 0-9."""
    return text.isascii() and text.isdigit()
