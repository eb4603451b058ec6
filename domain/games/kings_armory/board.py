"""The map of The King's Armory: tiles, the path, its two lanes and the monsters' routes.

A map is R x C square map tiles (the standard game 4x4, kings-armory A1), each tile 4x4
spaces, inside a one-space border ring. Spaces are (row, col) with row 0 at the top and
the border included, so a 4x4 map is 18x18 spaces; tile (tr, tc) covers rows 1+4tr..4+4tr
and cols 1+4tc..4+4tc. Tiles are numbered from 0 ("tile 2,3" is row 2, column 3).
People and the wire name a space by column letter and row number: (3, 2) is "c3".

Every path tile carries a path two spaces wide that crosses tile edges through the
middle two spaces of an edge. The path has two lanes (kings-armory B1): "odd", the lane
on the monster's left as it walks, and "even", the one on its right. Lanes never swap,
not even where two branches merge.

A route is everything a monster walks, in order (kings-armory B1 Monster Movement):
index 0 is its entrance space (on the border at the Monster Entrance, or the cave's
mouth on the cave tile), then each lane space, and the last index is the Castle Gate
space of its lane (kings-armory E Castle Gate: the gate's two spaces are on the route).
Red and yellow routes part only at a split T-tile.

Map files (maps/*.json) give each tile a code: "." open terrain, "N>E" a straight or
elbow tile (entered through N, left through E), "T:N>E|W" a split (red leaves E,
yellow W), "T:E|W>S" a merge, "C>E" the cave, whose route starts on the tile.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from domain.games.kings_armory.citations import A1, GAME_COMPONENTS
from domain.kernel import RuleViolation

Space = tuple[int, int]

TILE = 4
MIN_TILES = 2
MAX_TILES = 6
MAX_SPACES = MAX_TILES * TILE + 2  # 26 columns: the letters a..z are enough
BOX_TILES = 17  # kings-armory GAME COMPONENTS
BOX_COUNTS = {"straight": 6, "elbow": 8, "T": 2, "cave": 1}

EDGES = ("N", "E", "S", "W")  # clockwise, so a quarter turn is +1
STEP: Mapping[str, Space] = MappingProxyType({"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)})
OPPOSITE: Mapping[str, str] = MappingProxyType({"N": "S", "E": "W", "S": "N", "W": "E"})
ARROW: Mapping[Space, str] = MappingProxyType({(-1, 0): "^", (0, 1): ">", (1, 0): "v", (0, -1): "<"})
LANES = ("odd", "even")
COLORS = ("red", "yellow")
ENTRANCES = ("main", "cave")
MAPS: tuple[str, ...] = ("standard", "hard-split", "easy-single", "balanced-single")

# Lane spaces through one tile for a monster entering through N (walking south, so its
# left, the odd lane, is the east column 2). Other entry edges are rotations of these.
Lanes = dict[str, tuple[Space, ...]]
_STRAIGHT: Lanes = {"odd": ((0, 2), (1, 2), (2, 2), (3, 2)), "even": ((0, 1), (1, 1), (2, 1), (3, 1))}
_LEFT: Lanes = {"odd": ((0, 2), (1, 2), (1, 3)), "even": ((0, 1), (1, 1), (2, 1), (2, 2), (2, 3))}
_RIGHT: Lanes = {"odd": ((0, 2), (1, 2), (2, 2), (2, 1), (2, 0)), "even": ((0, 1), (1, 1), (1, 0))}
_TURNS: dict[int, Lanes] = {1: _LEFT, 2: _STRAIGHT, 3: _RIGHT}


class MapError(ValueError):
    """A map that breaks the assembly rules; `rule` cites the rulebook section."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


# --- spaces -----------------------------------------------------------------------------


def name(space: Space) -> str:
    """"c3" for (3, 2): column letter, then row number."""
    row, col = space
    if not (0 <= col < MAX_SPACES and 0 <= row < MAX_SPACES):
        raise ValueError(f"no name for space {space!r}")
    return f"{chr(ord('a') + col)}{row}"


_NAME = re.compile(r"([a-z])(0|[1-9][0-9]?)")


def parse(text: str, rows: int = MAX_SPACES, cols: int = MAX_SPACES) -> Space:
    """The space named `text`; rows/cols bound the grid (the largest map by default)."""
    space = _named(text) if isinstance(text, str) else None
    if space is None:
        raise ValueError(f"{text!r} is not a space name (a column letter and a row number, like c3)")
    if not (space[0] < rows and space[1] < cols):
        raise ValueError(f"{text!r} is off the {rows}x{cols} grid")
    return space


def space_named(text: str, rule: str) -> Space:
    """The space a command names, or a RuleViolation citing the rule the command is checked by."""
    try:
        return parse(text)
    except ValueError as error:
        raise RuleViolation(rule, str(error)) from None


@functools.lru_cache(maxsize=4096)
def _named(text: str) -> Space | None:
    """The space a name names, None if it is none; remembered, as every event that moves
    a figure names its space (at most 26 x 100 names are well formed)."""
    found = _NAME.fullmatch(text)
    return None if found is None else (int(found.group(2)), ord(found.group(1)) - ord("a"))


@functools.cache
def neighbours(space: Space) -> tuple[Space, ...]:
    """The four orthogonal neighbours, N, E, S, W (not clipped to any grid); remembered,
    as every step, climb and walk asks for them."""
    row, col = space
    return tuple((row + dr, col + dc) for dr, dc in (STEP[edge] for edge in EDGES))


def manhattan(a: Space, b: Space) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def within_range(a: Space, b: Space, reach: int) -> bool:
    """kings-armory E Range: only range 1 counts diagonals (C1-1); longer ranges count
    orthogonal steps; range 0 is the same space."""
    if reach < 0:
        raise ValueError(f"range {reach} is negative")
    # The arithmetic inline, not by calls: the rules ask this tens of times a command.
    rows, cols = abs(a[0] - b[0]), abs(a[1] - b[1])
    if reach == 1:
        return rows <= 1 and cols <= 1
    return rows + cols <= reach


def distance(a: Space, b: Space) -> int:
    """Spaces between two figures: orthogonal steps, a diagonal neighbour counting 1
    (as Range 1 does: kings-armory E Range)."""
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
        return 1
    return manhattan(a, b)


def line_spaces(origin: Space, direction: str, length: int) -> tuple[Space, ...]:
    """kings-armory E Line Attacks: `length` spaces in a straight line, starting next to
    the origin (never on it). Not clipped: the caller checks Board.on_grid."""
    if direction not in STEP:
        raise ValueError(f"direction {direction!r} is not one of N, E, S, W")
    if length < 1:
        raise ValueError(f"a line of length {length} covers nothing")
    dr, dc = STEP[direction]
    return tuple((origin[0] + dr * step, origin[1] + dc * step) for step in range(1, length + 1))


def area_spaces(top_left: Space, height: int, width: int) -> tuple[Space, ...]:
    """A height x width block, row by row from its top-left space."""
    if height < 1 or width < 1:
        raise ValueError(f"an area of {height}x{width} covers nothing")
    row, col = top_left
    return tuple((row + dr, col + dc) for dr in range(height) for dc in range(width))


# --- tiles ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile code, parsed. `exits` of a split are (red, yellow)."""

    code: str
    kind: str  # "open", "straight", "elbow", "split", "merge", "cave"
    entries: tuple[str, ...]
    exits: tuple[str, ...]

    @property
    def box(self) -> str:
        """Which pile of the box the tile comes from (kings-armory GAME COMPONENTS)."""
        return "T" if self.kind in ("split", "merge") else self.kind

    def exit_for(self, entered: str, color: str) -> str:
        if self.kind == "split":
            return self.exits[0] if color == "red" else self.exits[1]
        return self.exits[0]


def _turn(entry: str, exit_: str) -> int:
    """1 left, 2 straight, 3 right, 0 back out the way it came."""
    return (EDGES.index(exit_) - EDGES.index(entry)) % 4


def _tile(code: Any, where: str) -> Tile:
    def bad(problem: str) -> MapError:
        return MapError(A1, f"{where}: {code!r} {problem}")

    if not isinstance(code, str):
        raise bad("is not a tile code")
    if code == ".":
        return Tile(code, "open", (), ())
    edge = "([NESW])"
    if found := re.fullmatch(f"{edge}>{edge}", code):
        entry, exit_ = found.groups()
        turn = _turn(entry, exit_)
        if turn == 0:
            raise bad("leaves through the edge it enters by")
        return Tile(code, "straight" if turn == 2 else "elbow", (entry,), (exit_,))
    if found := re.fullmatch(f"C>{edge}", code):
        return Tile(code, "cave", (), (found.group(1),))
    # A T's bar runs between two opposite edges and its stem is perpendicular to it
    # (kings-armory A1 on T-tiles: only the stem faces the entrance or the exit).
    if found := re.fullmatch(f"T:{edge}>{edge}\\|{edge}", code):
        stem, red, yellow = found.groups()
        if {_turn(stem, red), _turn(stem, yellow)} != {1, 3}:
            raise bad("is not a T: its branches must leave through the two sides of its stem")
        return Tile(code, "split", (stem,), (red, yellow))
    if found := re.fullmatch(f"T:{edge}\\|{edge}>{edge}", code):
        one, other, stem = found.groups()
        if {_turn(one, stem), _turn(other, stem)} != {1, 3}:
            raise bad("is not a T: its two entries must face each other across its stem")
        return Tile(code, "merge", (one, other), (stem,))
    raise bad("is not a tile code")


@functools.cache
def lane_cells(entry: str, exit_: str, lane: str) -> tuple[Space, ...]:
    """The lane's spaces in walking order, tile-local, for a tile entered and left so."""
    turn = _turn(entry, exit_)
    cells = _TURNS[turn][lane]
    for _ in range(EDGES.index(entry)):
        cells = tuple((c, TILE - 1 - r) for r, c in cells)  # a quarter turn clockwise
    return cells


def _cave_cells(exit_: str, lane: str) -> tuple[Space, ...]:
    """The cave's lane, mouth first: the straight lane from the far side, minus its
    first space, so the mouth sits at the tile centre opposite the exit."""
    return lane_cells(OPPOSITE[exit_], exit_, lane)[1:]


def _global(tile: Space, cell: Space) -> Space:
    return (1 + TILE * tile[0] + cell[0], 1 + TILE * tile[1] + cell[1])


def _outside(space: Space, edge: str) -> Space:
    return (space[0] + STEP[edge][0], space[1] + STEP[edge][1])


def _label(tile: Space) -> str:
    return f"tile {tile[0]},{tile[1]}"


# --- the board --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Route:
    entrance: str
    lane: str
    color: str
    spaces: tuple[Space, ...]

    def index(self, space: Space) -> int:
        """The space's place on the route, -1 when it is not on it."""
        try:
            return self.spaces.index(space)
        except ValueError:
            return -1

    def remaining(self, index: int) -> int:
        """Spaces still to walk from `index` to the gate space."""
        return len(self.spaces) - 1 - index


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    title: str
    rows: int  # in spaces, border included
    cols: int
    open: frozenset[Space]
    path: frozenset[Space]
    entrances: Mapping[tuple[str, str], Space]
    gate: Mapping[str, Space]
    parapets: tuple[Space, Space]
    routes: Mapping[tuple[str, str, str], Route]
    ground: frozenset[Space]
    """Where an ally may stand or step (kings-armory C1 Movement): the tiles, and of the
    border only the gate's two path spaces and its two parapets."""

    def __hash__(self) -> int:
        # the mapping fields are read-only proxies, which do not hash; the rest pins a map
        return hash((self.name, self.rows, self.cols, self.open, self.path, self.parapets))

    def on_grid(self, space: Space) -> bool:
        return 0 <= space[0] < self.rows and 0 <= space[1] < self.cols

    def walkable(self, space: Space) -> bool:
        return space in self.ground

    def on_path(self, space: Space) -> bool:
        """A path space, the Castle Gate's two included (kings-armory E Castle Gate: they
        count as Path)."""
        return space in self.path or space in self.gate.values()

    def distance_to_path(self, space: Space) -> int:
        """Orthogonal steps, ignoring obstacles, to the nearest path or gate space."""
        return min(manhattan(space, other) for other in (*self.path, *self.gate.values()))

    def distance_to_gate(self, space: Space) -> int:
        return min(manhattan(space, other) for other in self.gate.values())

    def tower_fits(self, top_left: Space) -> bool:
        """kings-armory E Towers: a tower takes a 2x2 block, all open terrain (A2: never
        on the border or the path)."""
        return all(space in self.open for space in area_spaces(top_left, 2, 2))

    def text(self, marks: Mapping[Space, str] = MappingProxyType({})) -> list[str]:
        """The board for a terminal, one character a space (see _glyphs); marks win."""
        glyphs = _glyphs(self)
        for space, mark in marks.items():
            if len(mark) != 1:
                raise ValueError(f"mark {mark!r} for {name(space)} is not one character")
            glyphs[space] = mark
        header = "   " + "".join(chr(ord("a") + col) for col in range(self.cols))
        lines = [header]
        for row in range(self.rows):
            lines.append(f"{row:>2} " + "".join(glyphs[(row, col)] for col in range(self.cols)))
        return lines


def _glyphs(board: Board) -> dict[Space, str]:
    """'#' border, '.' open terrain, an arrow for each lane space (the way its monsters
    walk; '+' where routes through it go different ways, as at a split), '@'/'&' the
    main/cave entrance spaces (not letters: Ember's mark is E), 'G' the gate spaces,
    'P' the parapets."""
    glyphs = {(row, col): "#" for row in range(board.rows) for col in range(board.cols)}
    for space in board.open:
        glyphs[space] = "."
    ways: dict[Space, set[str]] = {}
    for route in board.routes.values():
        for here, there in pairwise(route.spaces):
            ways.setdefault(here, set()).add(ARROW[(there[0] - here[0], there[1] - here[1])])
    for space in board.path:
        arrows = ways.get(space, set())
        glyphs[space] = arrows.pop() if len(arrows) == 1 else "+"
    for (entrance, _), space in board.entrances.items():
        glyphs[space] = "@" if entrance == "main" else "&"
    for space in board.gate.values():
        glyphs[space] = "G"
    for space in board.parapets:
        glyphs[space] = "P"
    return glyphs


# --- reading a map ----------------------------------------------------------------------


def _place(data: Mapping[str, Any], key: str, shape: tuple[int, int], edge: bool) -> tuple[Space, str]:
    """The tile (and edge) of the entrance, gate or cave entry."""
    item = data.get(key)
    if not isinstance(item, Mapping):
        raise MapError(A1, f"{key!r} must be an object with a tile")
    tile = item.get("tile")
    if not (isinstance(tile, list) and len(tile) == 2 and all(type(n) is int for n in tile)):
        raise MapError(A1, f"{key}: tile must be [row, col], not {tile!r}")
    where = (tile[0], tile[1])
    if not (0 <= where[0] < shape[0] and 0 <= where[1] < shape[1]):
        raise MapError(A1, f"{key}: {_label(where)} is off the {shape[0]}x{shape[1]} map")
    side = item.get("edge", "")
    if edge and side not in STEP:
        raise MapError(A1, f"{key}: {_label(where)}: edge must be N, E, S or W, not {side!r}")
    return where, side


def _on_border(tile: Space, edge: str, shape: tuple[int, int]) -> bool:
    row, col = tile[0] + STEP[edge][0], tile[1] + STEP[edge][1]
    return not (0 <= row < shape[0] and 0 <= col < shape[1])


def parse_map(data: Mapping[str, Any]) -> Board:
    """A Board from a map file's data, after checking it against kings-armory A1 (how the
    map is assembled) and GAME COMPONENTS (what the box holds); MapError otherwise."""
    title = data.get("title", data.get("name"))
    if not isinstance(data.get("name"), str) or not isinstance(title, str):
        raise MapError(A1, "a map needs a name and a title")
    rows = data.get("tiles")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, list) for row in rows):
        raise MapError(A1, "tiles must be a list of rows of tile codes")
    shape = (len(rows), len(rows[0]))
    if any(len(row) != shape[1] for row in rows):
        raise MapError(A1, "every row of tiles must be as long as the first")
    if not all(MIN_TILES <= n <= MAX_TILES for n in shape):
        raise MapError(A1, f"a {shape[0]}x{shape[1]} map: each side takes {MIN_TILES} to {MAX_TILES} tiles")
    if shape[0] * shape[1] > BOX_TILES:
        raise MapError(GAME_COMPONENTS, f"a {shape[0]}x{shape[1]} map needs more than the box's {BOX_TILES} tiles")

    tiles: dict[Space, Tile] = {}
    used = dict.fromkeys(BOX_COUNTS, 0)
    for tr, row in enumerate(rows):
        for tc, code in enumerate(row):
            tile = _tile(code, _label((tr, tc)))
            tiles[(tr, tc)] = tile
            if tile.kind == "open":
                continue
            used[tile.box] += 1
            if used[tile.box] > BOX_COUNTS[tile.box]:
                raise MapError(GAME_COMPONENTS, f"{_label((tr, tc))}: one {tile.box} tile too many; the box holds "
                               f"{BOX_COUNTS[tile.box]}")

    entrance, entrance_edge = _place(data, "entrance", shape, edge=True)
    gate, gate_edge = _place(data, "gate", shape, edge=True)
    if not _on_border(entrance, entrance_edge, shape):
        raise MapError(A1, f"{_label(entrance)}: its {entrance_edge} edge is not on the border, "
                       "so the Monster Entrance cannot touch it")
    if entrance_edge not in tiles[entrance].entries:
        raise MapError(A1, f"{_label(entrance)}: the Monster Entrance touches its {entrance_edge} edge, "
                       "where no path enters")
    if not _on_border(gate, gate_edge, shape):
        raise MapError(A1, f"{_label(gate)}: its {gate_edge} edge is not on the border, so the Castle Gate "
                       "cannot touch it")
    if gate_edge not in tiles[gate].exits:
        raise MapError(A1, f"{_label(gate)}: the Castle Gate touches its {gate_edge} edge, where no path leaves")
    cave: Space | None = None
    if data.get("cave") is not None:
        cave, _ = _place(data, "cave", shape, edge=False)
        if tiles[cave].kind != "cave":
            raise MapError(A1, f"{_label(cave)}: the second entrance must be the cave tile, not {tiles[cave].code!r}")
    for where, tile in tiles.items():
        if tile.kind == "cave" and where != cave:
            raise MapError(A1, f"{_label(where)}: a cave tile the map's \"cave\" does not name")

    _check_edges(tiles, shape, (entrance, entrance_edge), (gate, gate_edge))

    routes: dict[tuple[str, str, str], Route] = {}
    walked: set[Space] = set()
    starts = [("main", entrance)] + ([("cave", cave)] if cave is not None else [])
    for which, start in starts:
        for lane in LANES:
            for color in COLORS:
                spaces, visited = _walk(tiles, start, entrance_edge if which == "main" else None,
                                        (gate, gate_edge), which, lane, color)
                routes[(which, lane, color)] = Route(which, lane, color, spaces)
                walked |= visited
    for where, tile in tiles.items():
        if tile.kind != "open" and where not in walked:
            raise MapError(A1, f"{_label(where)}: no route from an entrance passes through it")

    path: set[Space] = set()
    open_: set[Space] = set()
    for where in tiles:
        open_ |= {_global(where, (r, c)) for r in range(TILE) for c in range(TILE)}
    for route in routes.values():
        path |= set(route.spaces[1:-1])
        if route.entrance == "cave":
            path.add(route.spaces[0])
    # The spaces beside the path on a path tile (the cave's too) are open terrain: the
    # rulebook keeps towers off the border and the path only (kings-armory A2).
    open_ -= path

    gate_spaces = {lane: routes[("main", lane, "red")].spaces[-1] for lane in LANES}
    entrances = {(which, lane): routes[(which, lane, "red")].spaces[0] for which, _ in starts for lane in LANES}
    outer = sorted(_outside(_global(gate, cell), gate_edge) for cell in _edge_cells(gate_edge))
    parapets = (outer[0], outer[1])
    return Board(
        name=data["name"],
        title=title,
        rows=TILE * shape[0] + 2,
        cols=TILE * shape[1] + 2,
        open=frozenset(open_),
        path=frozenset(path),
        entrances=MappingProxyType(entrances),
        gate=MappingProxyType(gate_spaces),
        parapets=parapets,
        routes=MappingProxyType(routes),
        ground=frozenset(open_ | path | set(gate_spaces.values()) | set(parapets)),
    )


def _edge_cells(edge: str) -> tuple[Space, Space]:
    """The two outer spaces of a tile edge, tile-local (where the parapets stand beyond
    the gate's edge, kings-armory B3 A Note About Parapets)."""
    last = TILE - 1
    return {
        "N": ((0, 0), (0, last)),
        "S": ((last, 0), (last, last)),
        "W": ((0, 0), (last, 0)),
        "E": ((0, last), (last, last)),
    }[edge]


def _check_edges(tiles: Mapping[Space, Tile], shape: tuple[int, int], entrance: tuple[Space, str],
                 gate: tuple[Space, str]) -> None:
    """kings-armory A1: the path is unbroken, so every path edge meets its neighbour's
    path edge, an exit against an entry (or the entrance or gate on the border)."""
    for where, tile in tiles.items():
        for edge in tile.entries:
            across = (where[0] + STEP[edge][0], where[1] + STEP[edge][1])
            other = tiles.get(across)
            if other is None:
                if (where, edge) != entrance:
                    raise MapError(A1, f"{_label(where)}: its path comes in through the {edge} edge from "
                                   "outside the map, where there is no Monster Entrance")
            elif OPPOSITE[edge] in other.entries:
                raise MapError(A1, f"{_label(where)} and {_label(across)}: both paths come in through the "
                               f"edge they share, so one faces the wrong way{_t_note(tile, other)}")
            elif OPPOSITE[edge] not in other.exits:
                raise MapError(A1, f"{_label(where)}: nothing leads into its {edge} edge from "
                               f"{_label(across)} (a gap in the path)")
        for edge in tile.exits:
            across = (where[0] + STEP[edge][0], where[1] + STEP[edge][1])
            other = tiles.get(across)
            if other is None:
                if (where, edge) != gate:
                    raise MapError(A1, f"{_label(where)}: its path leaves the map through the {edge} edge, "
                                   "where there is no Castle Gate (a dead end)")
            elif OPPOSITE[edge] in other.exits:
                raise MapError(A1, f"{_label(where)} and {_label(across)}: both paths leave through the "
                               f"edge they share, so one faces the wrong way{_t_note(tile, other)}")
            elif OPPOSITE[edge] not in other.entries:
                raise MapError(A1, f"{_label(where)}: its path leaves through the {edge} edge into "
                               f"{_label(across)}, where no path continues (a dead end)")


def _t_note(*tiles: Tile) -> str:
    return " (a T-tile must face the entrance or the exit with its stem)" if any(
        tile.box == "T" for tile in tiles) else ""


def _walk(tiles: Mapping[Space, Tile], start: Space, entered: str | None,
          gate: tuple[Space, str], which: str, lane: str, color: str) -> tuple[tuple[Space, ...], set[Space]]:
    """One route, space by space, and the tiles it crosses (kings-armory B1). `entered`
    is None for the cave, whose route starts on its own tile."""
    where = start
    tile = tiles[where]
    visited = {where}
    if entered is None:
        exit_ = tile.exits[0]
        spaces = [_global(where, cell) for cell in _cave_cells(exit_, lane)]
    else:
        exit_ = tile.exit_for(entered, color)
        cells = [_global(where, cell) for cell in lane_cells(entered, exit_, lane)]
        spaces = [_outside(cells[0], entered), *cells]
    while (where, exit_) != gate:
        where = (where[0] + STEP[exit_][0], where[1] + STEP[exit_][1])
        if where in visited:
            raise MapError(A1, f"{_label(where)}: the {color} {lane} route from the {which} entrance comes back "
                           "to it (a loop)")
        visited.add(where)
        entered = OPPOSITE[exit_]
        exit_ = tiles[where].exit_for(entered, color)
        spaces.extend(_global(where, cell) for cell in lane_cells(entered, exit_, lane))
    spaces.append(_outside(spaces[-1], exit_))
    return tuple(spaces), visited


@functools.cache
def load_map(name: str) -> Board:
    """A builtin map by its file stem (MAPS)."""
    if name not in MAPS:
        raise ValueError(f"no map {name!r}; the maps are {', '.join(MAPS)}")
    text = resources.files(__package__).joinpath("maps", f"{name}.json").read_text("utf-8")
    return parse_map(json.loads(text))


@functools.lru_cache(maxsize=32)
def board_for(map_option: str) -> Board:
    """The board a game's `map` option names: a built-in map by name, or a custom
    map as JSON text (checked by kings-armory A1: parse_map)."""
    if map_option.lstrip().startswith("{"):
        try:
            data = json.loads(map_option)
        except json.JSONDecodeError as error:
            raise MapError(A1, f"the custom map is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise MapError(A1, "the custom map is a JSON object")
        return parse_map(data)
    return load_map(map_option)
