"""The table (guardians THE GAME): each seat's three stronghold spaces and the six
disputed lands between them, on a grid of columns a-c and rows 1-4.

    row 4   a4 b4 c4   seat 2's stronghold spaces
    row 3   a3 b3 c3   disputed lands, seat 2's by default
    row 2   a2 b2 c2   disputed lands, seat 1's by default
    row 1   a1 b1 c1   seat 1's stronghold spaces

Shields move orthogonally (guardians Movement: not diagonally).
"""

from __future__ import annotations

import functools

COLUMNS = "abc"
STRONGHOLD_ROW = {1: 1, 2: 4}
HOME_LAND_ROW = {1: 2, 2: 3}
LANDS = tuple(f"{c}{r}" for r in (2, 3) for c in COLUMNS)
SPACES = tuple(f"{c}{r}" for r in (1, 2, 3, 4) for c in COLUMNS)


@functools.cache
def strongholds(seat: int) -> tuple[str, str, str]:
    """The seat's stronghold spaces, left to right as that seat sees them."""
    row = STRONGHOLD_ROW[seat]
    ordered = tuple(f"{c}{row}" for c in COLUMNS)
    left, center, right = ordered if seat == 1 else ordered[::-1]
    return left, center, right


def end_strongholds(seat: int) -> tuple[str, str]:
    """The left and right stronghold spaces, where upgrades stand (guardians Other placement)."""
    left, _, right = strongholds(seat)
    return left, right


def is_land(space: str) -> bool:
    return space in LANDS


def stronghold_owner(space: str) -> int:
    """The seat whose stronghold space this is, 0 for a disputed land."""
    row = int(space[1])
    return 1 if row == 1 else 2 if row == 4 else 0


def default_owner(land: str) -> int:
    """Who controls a land with no terrain card on it (guardians THE GAME)."""
    return 1 if land[1] == "2" else 2


def is_space(text: str) -> bool:
    return text in SPACES


@functools.cache
def neighbours(space: str) -> tuple[str, ...]:
    """The spaces one orthogonal step away."""
    column, row = COLUMNS.index(space[0]), int(space[1])
    found = []
    for dc, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        c, r = column + dc, row + dr
        if 0 <= c < len(COLUMNS) and 1 <= r <= 4:
            found.append(f"{COLUMNS[c]}{r}")
    return tuple(sorted(found))
