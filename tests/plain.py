"""Every string inside a value, as a viewer would search a message for a secret."""

from __future__ import annotations

from typing import Any

from domain.kernel import to_plain


def strings(value: Any) -> set[str]:
    """The strings anywhere in `value`'s plain JSON form (keys aside)."""
    found: set[str] = set()
    stack = [to_plain(value)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found
