"""The King's Armory board: geometry, lanes, routes, map checks and the builtin maps."""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

import pytest

from domain.games.kings_armory.board import (
    EDGES,
    MAPS,
    OPPOSITE,
    STEP,
    TILE,
    Board,
    MapError,
    Space,
    area_spaces,
    lane_cells,
    line_spaces,
    load_map,
    manhattan,
    name,
    neighbours,
    parse,
    parse_map,
    within_range,
)

ROUTE_LENGTHS = {"standard": 30, "hard-split": 26, "easy-single": 54, "balanced-single": 38}
SPLIT = {"standard": True, "hard-split": True, "easy-single": False, "balanced-single": False}


def standard_data() -> dict[str, Any]:
    return copy.deepcopy(
        {
            "name": "t",
            "title": "T",
            "tiles": [
                ["E>S", "T:N>E|W", "W>E", "W>S"],
                ["N>S", ".", ".", "N>S"],
                ["N>S", ".", ".", "N>S"],
                ["N>E", "W>E", "T:W|E>S", "N>W"],
            ],
            "entrance": {"tile": [0, 1], "edge": "N"},
            "cave": None,
            "gate": {"tile": [3, 2], "edge": "S"},
        }
    )


def cave_data() -> dict[str, Any]:
    """A main route down the west side and a cave in the north-east, joined by a merge."""
    return {
        "name": "cave",
        "title": "Cave",
        "tiles": [
            ["N>S", ".", ".", "C>S"],
            ["N>S", ".", ".", "N>S"],
            ["N>E", "W>E", "T:W|E>S", "N>W"],
            [".", ".", "N>S", "."],
        ],
        "entrance": {"tile": [0, 0], "edge": "N"},
        "cave": {"tile": [0, 3]},
        "gate": {"tile": [3, 2], "edge": "S"},
    }


def border(board: Board, space: Space) -> bool:
    row, col = space
    return board.on_grid(space) and (row in (0, board.rows - 1) or col in (0, board.cols - 1))


# --- the builtin maps -----------------------------------------------------------------


@pytest.mark.parametrize("map_name", MAPS)
def test_builtin_map_loads_with_every_route(map_name: str) -> None:
    board = load_map(map_name)
    assert board.name == map_name
    assert (board.rows, board.cols) == (18, 18)
    assert set(board.routes) == {("main", lane, color) for lane in ("odd", "even") for color in ("red", "yellow")}
    for (entrance, lane, color), route in board.routes.items():
        assert (route.entrance, route.lane, route.color) == (entrance, lane, color)
        assert len(route.spaces) == ROUTE_LENGTHS[map_name]
        assert route.spaces[0] == board.entrances[(entrance, lane)]
        assert route.spaces[-1] == board.gate[lane]
        for here, there in pairwise(route.spaces):
            assert manhattan(here, there) == 1, (here, there)
        assert all(space in board.path for space in route.spaces[1:-1])
        assert len(set(route.spaces)) == len(route.spaces)  # a lane never crosses itself


@pytest.mark.parametrize("map_name", MAPS)
def test_red_and_yellow_part_only_on_split_maps(map_name: str) -> None:
    board = load_map(map_name)
    for lane in ("odd", "even"):
        red, yellow = board.routes[("main", lane, "red")], board.routes[("main", lane, "yellow")]
        assert (red.spaces != yellow.spaces) is SPLIT[map_name]
        assert red.spaces[0] == yellow.spaces[0] and red.spaces[-1] == yellow.spaces[-1]


@pytest.mark.parametrize("map_name", MAPS)
def test_entrances_gate_and_parapets_sit_on_the_border(map_name: str) -> None:
    board = load_map(map_name)
    specials = [*board.entrances.values(), *board.gate.values(), *board.parapets]
    assert all(border(board, space) for space in specials)
    assert len(set(specials)) == 6
    gate = sorted(board.gate.values())
    # the parapets flank the gate on the same border side
    first, second = sorted(board.parapets)
    assert manhattan(first, gate[0]) == 1 and manhattan(second, gate[1]) == 1
    assert manhattan(first, second) == 3
    assert not (board.open & board.path)
    assert not any(border(board, space) for space in board.open | board.path)


def test_standard_map_positions() -> None:
    board = load_map("standard")
    # entering through the top, monsters walk south: their left (odd) is east
    assert board.entrances[("main", "odd")] == (0, 7)
    assert board.entrances[("main", "even")] == (0, 6)
    assert board.gate == {"odd": (17, 11), "even": (17, 10)}
    assert board.parapets == ((17, 9), (17, 12))
    # 6 straight and 4 elbow tiles carry 8 path spaces each, a T 10
    assert len(board.path) == 10 * 8 + 2 * 10
    assert len(board.open) + len(board.path) == 16 * 16


def test_maps_follow_the_sections_description() -> None:
    def counts(map_name: str) -> tuple[int, int]:
        board = load_map(map_name)
        tiles = [(tr, tc) for tr in range(4) for tc in range(4)]
        open_tiles = sum(
            all((1 + 4 * tr + r, 1 + 4 * tc + c) in board.open for r in range(4) for c in range(4))
            for tr, tc in tiles
        )
        return open_tiles, 16 - open_tiles

    assert counts("standard")[0] in (3, 4)  # kings-armory D2-1 Split Routes: balanced
    assert counts("hard-split")[0] in (5, 6)  # much harder
    assert 12 <= counts("easy-single")[1] <= 13
    assert 8 <= counts("balanced-single")[1] <= 10  # kings-armory D2-1 Single Routes
    assert ROUTE_LENGTHS["hard-split"] < ROUTE_LENGTHS["standard"]


def test_load_map_is_cached_and_names_the_maps() -> None:
    assert load_map("standard") is load_map("standard")
    assert hash(load_map("standard")) == hash(parse_map(standard_data() | {"name": "standard"}))
    with pytest.raises(ValueError, match="standard, hard-split, easy-single, balanced-single"):
        load_map("cave-test")


# --- lanes ------------------------------------------------------------------------------


def test_canonical_lanes() -> None:
    assert lane_cells("N", "S", "odd") == ((0, 2), (1, 2), (2, 2), (3, 2))
    assert lane_cells("N", "E", "odd") == ((0, 2), (1, 2), (1, 3))
    assert lane_cells("N", "E", "even") == ((0, 1), (1, 1), (2, 1), (2, 2), (2, 3))
    assert lane_cells("N", "W", "even") == ((0, 1), (1, 1), (1, 0))
    assert lane_cells("N", "W", "odd") == ((0, 2), (1, 2), (2, 2), (2, 1), (2, 0))
    # travelling east the left is north: odd in row 1
    assert lane_cells("W", "E", "odd") == ((1, 0), (1, 1), (1, 2), (1, 3))


def _middle(edge: str) -> set[Space]:
    last = TILE - 1
    return {
        "N": {(0, 1), (0, 2)},
        "S": {(last, 1), (last, 2)},
        "W": {(1, 0), (2, 0)},
        "E": {(1, last), (2, last)},
    }[edge]


@pytest.mark.parametrize("entry", EDGES)
@pytest.mark.parametrize("exit_", EDGES)
def test_lanes_run_edge_to_edge_on_the_monsters_left_and_right(entry: str, exit_: str) -> None:
    if entry == exit_:
        return
    odd, even = lane_cells(entry, exit_, "odd"), lane_cells(entry, exit_, "even")
    assert not set(odd) & set(even)
    for cells in (odd, even):
        assert cells[0] in _middle(entry) and cells[-1] in _middle(exit_)
        assert all(manhattan(a, b) == 1 for a, b in pairwise(cells))
    # odd is on the left of the way in: turn the inward step a quarter to the left
    dr, dc = STEP[OPPOSITE[entry]]
    left = (-dc, dr)
    assert (odd[0][0] - even[0][0], odd[0][1] - even[0][1]) == left


@pytest.mark.parametrize("exit_", EDGES)
@pytest.mark.parametrize("lane", ["odd", "even"])
def test_lanes_stay_in_lane_across_a_tile_border(exit_: str, lane: str) -> None:
    dr, dc = STEP[exit_]
    for entry in EDGES:
        if entry == exit_:
            continue
        last = lane_cells(entry, exit_, lane)[-1]
        for onward in EDGES:
            if onward == OPPOSITE[exit_]:
                continue
            first = lane_cells(OPPOSITE[exit_], onward, lane)[0]
            # the next tile's spaces are shifted a whole tile in the exit direction
            assert manhattan(last, (first[0] + dr * TILE, first[1] + dc * TILE)) == 1


# --- the board --------------------------------------------------------------------------


def test_walkable() -> None:
    board = load_map("standard")
    assert board.walkable((8, 8))  # open terrain in the middle
    assert board.walkable((8, 2))  # the path
    assert board.walkable((1, 1))  # beside the path on a path tile
    assert all(board.walkable(space) for space in board.gate.values())
    assert all(board.walkable(space) for space in board.parapets)
    assert not board.walkable((0, 6))  # the Monster Entrance is border
    assert not board.walkable((0, 0))
    assert not board.walkable((17, 8))


def test_distances_and_towers() -> None:
    board = load_map("standard")
    assert board.distance_to_path((8, 2)) == 0
    assert board.distance_to_path((8, 5)) == 2  # the west branch's lanes are cols 2 and 3
    assert board.distance_to_gate((17, 10)) == 0
    assert board.distance_to_gate((16, 10)) == 1
    assert board.distance_to_gate((8, 8)) == 9 + 2
    assert board.tower_fits((7, 7))
    assert not board.tower_fits((7, 3))  # half on the path
    assert not board.tower_fits((0, 8))  # on the border
    assert not board.tower_fits((14, 4))  # the bottom stretch of the path
    assert board.on_grid((17, 17)) and not board.on_grid((18, 0)) and not board.on_grid((0, -1))


def test_route_index_and_remaining() -> None:
    route = load_map("standard").routes[("main", "odd", "red")]
    assert route.index(route.spaces[0]) == 0
    assert route.index((8, 8)) == -1
    assert route.remaining(0) == len(route.spaces) - 1
    assert route.remaining(len(route.spaces) - 1) == 0


def test_text_of_the_standard_map() -> None:
    lines = load_map("standard").text()
    assert len(lines) == 19
    assert lines[0] == "   abcdefghijklmnopqr"
    assert all(len(line) == 3 + 18 for line in lines)
    assert lines[1] == " 0 ######@@##########"
    assert lines[18] == "17 #########PGGP#####"
    assert lines[9][3 + 2] == "v"  # the west branch walks south
    assert lines[3][3 + 6] == "+"  # the split
    body = "".join(line[3:] for line in lines[1:])
    for glyph in "vv<>+.#@GP":
        assert glyph in body
    marked = load_map("standard").text({(8, 8): "V"})
    assert marked[9][3 + 8] == "V"
    with pytest.raises(ValueError):
        load_map("standard").text({(8, 8): "VV"})


def test_cave_map() -> None:
    board = parse_map(cave_data())
    keys = {(entrance, lane) for entrance in ("main", "cave") for lane in ("odd", "even")}
    assert set(board.routes) == {(*key, color) for key in keys for color in ("red", "yellow")}
    # C>S: walking south, the odd lane is east; the mouth is at the tile centre, north side
    assert board.entrances[("cave", "odd")] == (2, 15)
    assert board.entrances[("cave", "even")] == (2, 14)
    cave = board.routes[("cave", "odd", "red")]
    assert cave.spaces[0] in board.path and cave.spaces[-1] == board.gate["odd"]
    assert all(manhattan(a, b) == 1 for a, b in pairwise(cave.spaces))
    assert board.routes[("main", "odd", "red")].spaces[-3:] == cave.spaces[-3:]  # joined, same lane
    assert "e" in "".join(board.text())


# --- broken maps ------------------------------------------------------------------------


def broken(change: dict[tuple[int, int], str] | None = None, **fields: Any) -> dict[str, Any]:
    data = standard_data()
    for (tr, tc), code in (change or {}).items():
        data["tiles"][tr][tc] = code
    data.update(fields)
    return data


LOOP: dict[str, Any] = {
    "name": "loop",
    "title": "Loop",
    "tiles": [
        ["N>S", ".", "S>E", "W>S"],
        ["T:N|S>E", "W>E", "T:W>S|N", "N>S"],
        ["E>N", "E>W", "N>W", "N>S"],
        [".", ".", ".", "N>S"],
    ],
    "entrance": {"tile": [0, 0], "edge": "N"},
    "cave": None,
    "gate": {"tile": [3, 3], "edge": "S"},
}

# A split one tile below the entrance, turned round into a merge whose stem faces the
# oncoming path (kings-armory A1: only a T's stem may face the entrance).
WRONG_WAY_T: dict[str, Any] = {
    "name": "wrong-way",
    "title": "Wrong way",
    "tiles": [
        [".", "N>S", ".", "."],
        ["E>S", "T:E|W>N", "W>E", "W>S"],
        ["N>S", ".", ".", "N>S"],
        ["N>E", "W>E", "T:W|E>S", "N>W"],
    ],
    "entrance": {"tile": [0, 1], "edge": "N"},
    "cave": None,
    "gate": {"tile": [3, 2], "edge": "S"},
}


def test_the_wrong_way_T_is_fine_the_right_way_round() -> None:
    data = copy.deepcopy(WRONG_WAY_T)
    data["tiles"][1][1] = "T:N>E|W"
    board = parse_map(data)
    assert board.routes[("main", "odd", "red")].spaces != board.routes[("main", "odd", "yellow")].spaces


@pytest.mark.parametrize(
    ("data", "rule", "words"),
    [
        pytest.param(broken({(2, 0): "."}), "kings-armory A1", ["tile 1,0", "dead end"], id="dead-end"),
        pytest.param(broken({(1, 1): "N>E"}), "kings-armory A1", ["tile 1,1", "gap"], id="gap"),
        pytest.param(LOOP, "kings-armory A1", ["tile 1,0", "loop"], id="loop"),
        pytest.param(WRONG_WAY_T, "kings-armory A1", ["tile 1,1", "wrong way", "T-tile"], id="T-facing-the-entrance"),
        pytest.param(broken({(0, 1): "T:E|W>S"}), "kings-armory A1", ["tile 0,1", "no path enters"],
                     id="split-turned-into-merge"),
        pytest.param(broken({(0, 1): "T:N>S|E"}), "kings-armory A1", ["tile 0,1", "not a T"], id="bad-T-shape"),
        pytest.param(broken({(0, 1): "T:E|N>S"}), "kings-armory A1", ["tile 0,1", "not a T"], id="bad-merge-shape"),
        pytest.param(broken(dict.fromkeys([(1, 0), (1, 1), (1, 2), (2, 1), (2, 2)], "N>E")),
                     "kings-armory GAME COMPONENTS", ["tile 3,3", "elbow", "8"], id="nine-elbows"),
        pytest.param(broken({(1, 1): "T:N>E|W"}), "kings-armory GAME COMPONENTS", ["tile 3,2", "T"], id="three-Ts"),
        pytest.param(broken(entrance={"tile": [0, 0], "edge": "N"}), "kings-armory A1",
                     ["tile 0,0", "no path enters"], id="entrance-on-non-path-edge"),
        pytest.param(broken(entrance={"tile": [1, 1], "edge": "N"}), "kings-armory A1",
                     ["tile 1,1", "not on the border"], id="entrance-inside"),
        pytest.param(broken(gate={"tile": [4, 2], "edge": "S"}), "kings-armory A1", ["tile 4,2", "off the 4x4"],
                     id="off-grid-gate"),
        pytest.param(broken(gate={"tile": [3, 1], "edge": "S"}), "kings-armory A1", ["tile 3,1", "no path leaves"],
                     id="gate-on-non-path-edge"),
        pytest.param(broken({(1, 2): "X>Y"}), "kings-armory A1", ["tile 1,2", "not a tile code"], id="bad-code"),
        pytest.param(broken({(1, 2): "N>N"}), "kings-armory A1", ["tile 1,2"], id="u-turn"),
        pytest.param(broken(tiles=[["."] * 4] * 5), "kings-armory GAME COMPONENTS", ["5x4"], id="too-big"),
        pytest.param(broken(tiles=[["N>S"]]), "kings-armory A1", ["1x1"], id="too-small"),
        pytest.param(broken(tiles=[["N>S", "."], ["N>S"]]), "kings-armory A1", ["row"], id="ragged"),
        pytest.param(broken({(1, 1): "C>E"}), "kings-armory A1", ["tile 1,1", "cave"], id="unnamed-cave"),
        pytest.param(broken(cave={"tile": [1, 1]}), "kings-armory A1", ["tile 1,1", "cave"], id="cave-not-a-cave"),
        pytest.param(
            broken({(1, 1): "S>E", (1, 2): "W>S", (2, 2): "N>W", (2, 1): "E>N"}),
            "kings-armory A1",
            ["tile 1,1", "no route"],
            id="ring-off-the-route",
        ),
    ],
)
def test_broken_maps_are_rejected(data: dict[str, Any], rule: str, words: list[str]) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(data)
    assert caught.value.rule == rule
    for word in words:
        assert word in caught.value.message


def test_the_standard_data_itself_is_fine() -> None:
    assert parse_map(standard_data()).routes == load_map("standard").routes


# --- geometry ---------------------------------------------------------------------------


def test_within_range() -> None:
    here = (5, 5)
    assert within_range(here, here, 0)
    assert not within_range(here, (5, 6), 0)
    assert within_range(here, (6, 6), 1)  # diagonals count at range 1 only
    assert within_range(here, (4, 5), 1)
    assert not within_range(here, (7, 5), 1)
    assert within_range(here, (7, 5), 2)
    assert within_range(here, (6, 6), 2)
    assert not within_range(here, (7, 6), 2)  # two diagonal-ish steps: manhattan 3
    assert within_range(here, (7, 6), 3)
    with pytest.raises(ValueError):
        within_range(here, here, -1)


def test_lines_and_areas() -> None:
    assert line_spaces((5, 5), "N", 3) == ((4, 5), (3, 5), (2, 5))
    assert line_spaces((5, 5), "E", 2) == ((5, 6), (5, 7))
    assert line_spaces((5, 5), "S", 1) == ((6, 5),)
    assert line_spaces((5, 5), "W", 2) == ((5, 4), (5, 3))
    with pytest.raises(ValueError):
        line_spaces((5, 5), "NE", 2)
    with pytest.raises(ValueError):
        line_spaces((5, 5), "N", 0)
    assert area_spaces((2, 3), 2, 3) == ((2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5))
    with pytest.raises(ValueError):
        area_spaces((2, 3), 0, 3)
    assert neighbours((5, 5)) == ((4, 5), (5, 6), (6, 5), (5, 4))
    assert manhattan((0, 0), (3, 2)) == 5


def test_names() -> None:
    assert name((3, 2)) == "c3"
    assert parse("c3") == (3, 2)
    assert name((17, 17)) == "r17"
    for row in range(26):
        for col in range(26):
            assert parse(name((row, col))) == (row, col)
    for bad in ["", "c", "3", "C3", "c03", "c-1", "cc3", "c3 ", "c100", "a26", "ä1"]:
        with pytest.raises(ValueError) as caught:
            parse(bad)
        assert repr(bad) in str(caught.value)
    with pytest.raises(ValueError, match="off the 18x18"):
        parse("s1", rows=18, cols=18)
    with pytest.raises(ValueError):
        name((0, 26))
