"""The card faces a game's page needs beside its views: for a game whose view names the
cards on the table by id alone, each card's name and what it does, in words. They are
the game's content (public, the same at every moment), so the page receives them once,
with the summary (docs/viewer.md), and draws a face only where a view names its card.
A game whose view describes its own cards (Guardians' `cards`) needs none here."""

from __future__ import annotations

from collections.abc import Callable

from domain.kernel import JsonValue
from tools.viewer import kings_armory

FACES: dict[str, Callable[[], list[JsonValue]]] = {"kings-armory": kings_armory.faces}
"""Each such game's faces, by ruleset name."""


def card_faces(ruleset: str) -> list[JsonValue]:
    """The faces of `ruleset`'s cards ([] for a game that needs none)."""
    faces = FACES.get(ruleset)
    return faces() if faces is not None else []
