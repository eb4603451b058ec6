"""Where an Ally may stand and go (kings-armory A2 Tower Hosting, C1 Step 1, E Towers,
E Teleport, E Hireables, E Summon Guardian): checks only, no events. What a checked
move does is a Move, which effects.move makes into its events."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import NamedTuple

from domain.games.kings_armory.board import Board, Space, area_spaces, name, neighbours, within_range
from domain.games.kings_armory.citations import (
    A2,
    A2_TOWER_HOSTING,
    C1_STEP_1,
    E_HIREABLES,
    E_STACKING,
    E_SUMMON_GUARDIAN,
    E_TELEPORT,
    E_TOWERS,
)
from domain.games.kings_armory.figures import GUARDIAN_OF, move_rate, teleports, towers_only
from domain.games.kings_armory.state import (
    GUARDIAN,
    HERO,
    HIREABLE,
    Figure,
    KaState,
    Tower,
    allies_on,
    ally_at,
    board_of,
)
from domain.kernel import RuleViolation, require

GUARDIAN_TETHER = 5
"""Felicity and her Guardian stay within 5 spaces of each other (kings-armory E Summon Guardian)."""
HOSTING_REACH = 2
"""Hireables stay on or within 2 spaces of their Tower (kings-armory A2 Tower Hosting)."""


class Move(NamedTuple):
    """A checked move of an Ally: where it ends up (`steps` left of the movement under
    way, the Tower it stands on and the one hosting it), the actions it costs, and the
    rule that moves it. (A NamedTuple: the legal lists check every move an Ally might
    make, and one is made several times faster than a frozen dataclass.)"""

    to: Space
    steps: int
    on_tower: str
    tower: str
    cost: int
    action: str
    rule: str


# ---------------------------------------------------------------- Towers and their hosting


def can_host(state: KaState, tower: Tower, ally: Figure) -> bool:
    """The Tower hosts the Ally already, or has a free hosting slot for it
    (kings-armory A2 Tower Hosting)."""
    return ally.tower == tower.tower or state.hosted(tower.tower) < tower.slots


def tower_near(state: KaState, space: Space, ally: Figure) -> str:
    """The Tower within 2 spaces of `space` that can host `ally` there, "" if none: the
    Tower hosting it now first, else the first with a free slot (kings-armory A2 Tower
    Hosting)."""
    found = ""
    for tower in state.towers:
        if not any(within_range(space, cell, HOSTING_REACH) for cell in tower.cells):
            continue
        if tower.tower == ally.tower:
            return tower.tower
        if not found and can_host(state, tower, ally):
            found = tower.tower
    return found


def hosting_tower(state: KaState, ally: Figure, space: Space) -> str:
    """The Tower that hosts a Hireable on the ground at `space`, "" when none may. A
    Hero on the ground during a Wave needs none (kings-armory A2, E Hireables)."""
    return tower_near(state, space, ally) if ally.kind == HIREABLE else ""


def placement_tower(state: KaState, ally: Figure, space: Space) -> tuple[str, str]:
    """(hosting tower, tower stood on) for placing `ally` on `space`, or a RuleViolation:
    on a Tower with a free slot, or within 2 spaces of one (kings-armory A2)."""
    board = board_of(state)
    # The messages name the space: built only for a refusal (legal_commands tries the spaces near Towers).
    if not board.walkable(space):
        raise RuleViolation(A2, f"{name(space)} is off the map or on the Border")
    if ally_at(state, space) is not None:
        raise RuleViolation(E_STACKING, f"{name(space)} already holds an Ally")
    tower = state.tower_at(space)
    if tower is not None:
        require(can_host(state, tower, ally), A2_TOWER_HOSTING, f"Tower {tower.tower} hosts all it can")
        return tower.tower, tower.tower
    require(not towers_only(ally), A2, f"{ally.figure} never leaves the Towers")
    host = tower_near(state, space, ally)
    if not host:
        raise RuleViolation(A2_TOWER_HOSTING,
                            f"{name(space)} is not within 2 spaces of a Tower with a free hosting slot")
    return host, ""


def tower_site(state: KaState, corner: Space) -> tuple[Space, ...]:
    """The spaces of a Tower with its top-left corner on `corner` (kings-armory E Towers:
    2x2 spaces of open terrain, no two Towers overlapping)."""
    cells = area_spaces(corner, 2, 2)
    if not board_of(state).tower_fits(corner):
        raise RuleViolation(E_TOWERS, f"a Tower on {name(corner)} needs 2x2 spaces of open terrain: never the Path "
                            "or the Border")
    require(all(state.tower_at(cell) is None for cell in cells), E_TOWERS, "Towers may not overlap")
    return cells


def tower_entries(state: KaState, ally: Figure) -> list[Space]:
    """Tower spaces `ally` may climb onto from where it stands (kings-armory E Towers:
    from a space beside a wall to any free space on top)."""
    if ally.on_tower or teleports(ally):
        return []
    beside = {tower.tower for tower in map(state.tower_at, neighbours(ally.space)) if tower is not None}
    found: list[Space] = []
    for tower in state.towers:
        if tower.tower not in beside:
            continue
        if not can_host(state, tower, ally):
            continue
        found.extend(cell for cell in tower.cells
                     if ally_at(state, cell) is None and not tether_problem(state, ally, cell))
    return found


def tower_exits(state: KaState, ally: Figure) -> list[Space]:
    """Ground spaces beside the walls of its Tower that `ally` may climb down to (kings-armory E Towers)."""
    if not ally.on_tower or towers_only(ally) or teleports(ally):
        return []
    tower = state.tower(ally.on_tower)
    assert tower is not None
    found: list[Space] = []
    for cell in tower.cells:
        for space in neighbours(cell):
            if space in tower.cells or space in found or not free_ground(state, space, ally.figure):
                continue
            if (ally.kind == HIREABLE and not hosting_tower(state, ally, space)) or tether_problem(state, ally, space):
                continue
            found.append(space)
    return found


def climb_onto(state: KaState, ally: Figure, to: Space) -> Move:
    """Climbing onto a Tower space: 1 action (kings-armory E Towers)."""
    require(to in tower_entries(state, ally), E_TOWERS,
            f"{ally.figure} cannot climb onto {name(to)}: it must stand beside that Tower, "
            "which needs a free space and a free hosting slot")
    tower = state.tower_at(to)
    assert tower is not None
    return Move(to, 0, tower.tower, tower.tower, 1, "enter tower", E_TOWERS)


def climb_down(state: KaState, ally: Figure, to: Space) -> Move:
    """Climbing down from a Tower to the ground beside it: 1 action (kings-armory E Towers)."""
    require(to in tower_exits(state, ally), E_TOWERS,
            f"{ally.figure} cannot climb down to {name(to)}: a free ground space beside its Tower")
    return Move(to, 0, "", hosting_tower(state, ally, to), 1, "exit tower", E_TOWERS)


# ---------------------------------------------------------------- on the ground


def free_ground(state: KaState, space: Space, mover: str) -> bool:
    """A ground space an Ally may step on: on the board, not a Tower, no other Ally
    standing still there (kings-armory C1 Step 1)."""
    board = board_of(state)
    if not board.walkable(space) or state.tower_at(space) is not None:
        return False
    other = ally_at(state, space)
    return other is None or other.figure == mover


def step_to(state: KaState, ally: Figure, to: Space) -> Move:
    """One step of a movement (the first opens it, for 1 action), or a Teleporting
    Ally's whole movement (kings-armory C1 Step 1, E Teleport)."""
    if teleports(ally):
        return _teleport(state, ally, to)
    board = board_of(state)
    # The messages are built only for a refusal (legal_commands tries every neighbour).
    if ally.on_tower:
        raise RuleViolation(E_TOWERS, f"{ally.figure} is on a Tower: climbing down is its own action")
    require(to in neighbours(ally.space), C1_STEP_1, "an Ally moves one space at a time, never diagonally")
    if not board.walkable(to):
        raise RuleViolation(C1_STEP_1, f"{name(to)} is off the map or on the Border")
    if state.tower_at(to) is not None:
        raise RuleViolation(C1_STEP_1, f"{name(to)} is a Tower: walk around it or climb it")
    left = (ally.steps if ally.steps else move_rate(ally)) - 1
    other = ally_at(state, to)
    if other is not None and other.figure != ally.figure:
        require(next(open_spaces(state, ally, to, left), None) is not None, E_STACKING,
                f"{name(to)} holds {other.figure}: an Ally may pass but not stop there, and from there "
                f"{ally.figure} could reach no free space")
    tower = hosting_tower(state, ally, to)
    if ally.kind == HIREABLE and not tower:
        raise RuleViolation(E_HIREABLES, f"{ally.figure} must stay within 2 spaces of a Tower with a free slot")
    tether = tether_problem(state, ally, to)
    require(not tether, E_SUMMON_GUARDIAN, tether)
    return Move(to, left, "", tower, 0 if ally.steps else 1, "move", C1_STEP_1)


def open_spaces(state: KaState, ally: Figure, start: Space, steps: int) -> Iterator[Space]:
    """The spaces within `steps` orthogonal steps of `start` where the Ally may stop:
    ground off the Towers, no other Ally on it, a Hireable's Tower within reach, Felicity
    and her Guardian within their tether. It passes through other Allies on the way
    (kings-armory C1 Step 1). Nearest first."""
    ground = _ground_off_towers(board_of(state), state.towers)
    hireable = ally.kind == HIREABLE
    tethered = ally.kind == GUARDIAN or (ally.kind == HERO and ally.key == GUARDIAN_OF)
    standing = allies_on(state.figures)
    frontier, seen = [start], {start}
    for _ in range(steps):
        ahead = []
        for space in frontier:
            for nxt in neighbours(space):
                if nxt in seen or nxt not in ground:
                    continue
                if (hireable and not hosting_tower(state, ally, nxt)) or (
                        tethered and tether_problem(state, ally, nxt)):
                    continue
                seen.add(nxt)
                ahead.append(nxt)
                there = standing.get(nxt)
                if not there or (len(there) == 1 and there[0].figure == ally.figure):
                    yield nxt
        frontier = ahead


@functools.lru_cache(maxsize=64)
def _ground_off_towers(board: Board, towers: tuple[Tower, ...]) -> frozenset[Space]:
    """Where an Ally may walk: the board's ground less the Towers (kings-armory C1 Step 1)."""
    return board.ground - {cell for tower in towers for cell in tower.cells}


def tether_problem(state: KaState, ally: Figure, to: Space) -> str:
    """Felicity and her Guardian always stay within 5 spaces of each other
    (kings-armory E Summon Guardian): why `ally` may not stand on `to` ("" if it may)."""
    if ally.kind == GUARDIAN:
        partner = next((f for f in state.figures if f.kind == HERO and f.key == GUARDIAN_OF and f.seat == ally.seat),
                       None)
    elif ally.kind == HERO and ally.key == GUARDIAN_OF:
        partner = next((f for f in state.figures if f.kind == GUARDIAN and f.seat == ally.seat), None)
    else:
        return ""
    if partner is None or within_range(partner.space, to, GUARDIAN_TETHER):
        return ""
    return f"Felicity and her Guardian stay within {GUARDIAN_TETHER} spaces of each other"


# ---------------------------------------------------------------- teleporting


def _teleport(state: KaState, ally: Figure, to: Space) -> Move:
    """A Teleporting Ally's movement: straight to the space (kings-armory E Teleport)."""
    problem = teleport_problem(state, ally, to)
    require(not problem, E_TELEPORT, problem)
    on_tower, tower = landing(state, ally, to)
    return Move(to, 0, on_tower, tower, 1, "move", E_TELEPORT)


def landing(state: KaState, ally: Figure, to: Space) -> tuple[str, str]:
    """(the Tower it stands on, the Tower hosting it) for an Ally teleported to `to`."""
    tower = state.tower_at(to)
    return (tower.tower, tower.tower) if tower else ("", hosting_tower(state, ally, to))


def teleport_problem(state: KaState, mover: Figure, to: Space) -> str:
    """Why `mover` may not teleport (or be teleported) to `to` ("" when it may): a
    valid space, a Tower with a free slot for a Tower space; Boleslaw only onto Towers;
    a Hireable needs a Tower within 2 (kings-armory E Teleport)."""
    tower = state.tower_at(to)
    if to == mover.space:
        return "it is already there"
    if tower is not None:
        if ally_at(state, to) is not None:
            return f"{name(to)} is taken"
        if not can_host(state, tower, mover):
            return f"Tower {tower.tower} has no free hosting slot"
        return tether_problem(state, mover, to)
    if towers_only(mover):
        return f"{mover.figure} never leaves the Towers"
    if tether_problem(state, mover, to):
        return tether_problem(state, mover, to)
    if not free_ground(state, to, mover.figure) or ally_at(state, to) is not None:
        return f"{name(to)} is not a valid space"
    if mover.kind == HIREABLE and not hosting_tower(state, mover, to):
        return "a Hireable needs a Tower with a free slot within 2 spaces"
    return ""
