"""Where figures stand: the game's board and who occupies a space."""

from __future__ import annotations

import functools
import json

from domain.games.kings_armory.board import Board, MapError, Space, load_map, manhattan, parse_map
from domain.games.kings_armory.citations import A1
from domain.games.kings_armory.figures import flying
from domain.games.kings_armory.state import FOE, Figure, KaState
from domain.kernel import memo_last


@functools.lru_cache(maxsize=32)
def board_for(map_option: str) -> Board:
    """The board a game's `map` option names: a built-in map by name, or a custom
    map as JSON text (checked by kings-armory A1: board.parse_map)."""
    if map_option.lstrip().startswith("{"):
        try:
            data = json.loads(map_option)
        except json.JSONDecodeError as error:
            raise MapError(A1, f"the custom map is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise MapError(A1, "the custom map is a JSON object")
        return parse_map(data)
    return load_map(map_option)


def board_of(state: KaState) -> Board:
    return board_for(state.options.map)


def ally_at(state: KaState, space: Space) -> Figure | None:
    """The Ally on a space (a KO'd Hero still takes it up: kings-armory E Defeated)."""
    allies = allies_on(state.figures).get(space)
    return allies[0] if allies else None


@memo_last
def allies_on(figures: tuple[Figure, ...]) -> dict[Space, list[Figure]]:
    """The Allies on each space, in board order. The rules' checks ask it many times of
    one position (legal_commands, then decide), so it is built once per figures tuple."""
    found: dict[Space, list[Figure]] = {}
    for figure in figures:
        if figure.kind != FOE:
            found.setdefault(figure.space, []).append(figure)
    return found


def foe_blocks(state: KaState, space: Space, foe: Figure) -> bool:
    """Another foe of the same layer (ground or flying) on the space: `foe` may not
    stop there (kings-armory B1 If a Monster...)."""
    layer = flying(foe)
    return any(other.space == space and other.kind == FOE and other.figure != foe.figure and flying(other) == layer
               for other in state.figures)


def distance(a: Space, b: Space) -> int:
    """Spaces between two figures: orthogonal steps, a diagonal neighbour counting 1
    (as Range 1 does: kings-armory E Range)."""
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
        return 1
    return manhattan(a, b)
