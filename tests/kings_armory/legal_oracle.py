"""The slow definition of The King's Armory's legal commands, kept as the tests'
oracle: every candidate the rules might allow, in a fixed order, kept when decide()
accepts it. This was `legal.legal_commands` until issue 14 made that generate the
same list without trying each candidate (test_legal_commands.py compares the two)."""

from __future__ import annotations

import itertools

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.actions import DIRECTIONS, reach_of
from domain.games.kings_armory.board import Space, line_spaces, name, neighbours, within_range
from domain.games.kings_armory.content import Special
from domain.games.kings_armory.figures import attacks, specials, teleports, towers_only
from domain.games.kings_armory.rules import decide, to_act
from domain.games.kings_armory.specials import send_back_spaces
from domain.games.kings_armory.state import FOE, PLACING, PLAYERS, TOWERS, Figure, KaState
from domain.games.kings_armory.table import board_of
from domain.kernel import Command, Rng, RuleViolation


def _accepted(state: KaState, command: Command) -> bool:
    try:
        decide(state, command, Rng("oracle", "oracle", 0))
    except RuleViolation:
        return False
    return True


def _towers(state: KaState, seat: int) -> list[Command]:
    board = board_of(state)
    return [m.PlaceTower(seat=seat, at=name(corner))
            for corner in itertools.product(range(board.rows - 1), range(board.cols - 1))]


def _placements(state: KaState, seat: int) -> list[Command]:
    board = board_of(state)
    unplaced = [f for f in state.allies_of(seat) if f.space[0] < 0]
    if not unplaced:
        return []
    return [m.PlaceAlly(seat=seat, figure=unplaced[0].figure, at=name(space))
            for space in itertools.product(range(board.rows), range(board.cols))]


def _step_targets(state: KaState, ally: Figure) -> list[Space]:
    if teleports(ally):
        board = board_of(state)
        if towers_only(ally):
            return [cell for tower in state.towers for cell in tower.cells]
        return list(itertools.product(range(board.rows), range(board.cols)))
    return list(neighbours(ally.space))


def _tower_exits(state: KaState, ally: Figure) -> list[Space]:
    """The ground spaces beside the walls of the Tower the Ally stands on."""
    tower = state.tower(ally.on_tower)
    if tower is None:
        return []
    return list(dict.fromkeys(space for cell in tower.cells for space in neighbours(cell)
                              if space not in tower.cells and space[0] >= 0 and space[1] >= 0))


def _area_corners(ally: Figure, width: int, length: int, reach: int, foes: set[Space]) -> list[Space]:
    corners = {(r - dr, c - dc) for r, c in foes for dr in range(length) for dc in range(width)}
    return sorted(corner for corner in corners if corner[0] >= 0 and corner[1] >= 0
                  and all(within_range(ally.space, (corner[0] + dr, corner[1] + dc), reach)
                          for dr in range(length) for dc in range(width)))


def _aims(ally: Figure, area: tuple[int, int] | None, reach: int,
          targets: list[Figure]) -> list[tuple[str, str, str]]:
    if area is None:
        return [(f.figure, "", "") for f in targets]
    foes = {f.space for f in targets}
    width, length = area
    if width == 1 and length >= 2:
        return [("", "", d) for d in DIRECTIONS if foes & set(line_spaces(ally.space, d, length))]
    return [("", name(corner), "") for corner in _area_corners(ally, width, length, reach, foes)]


def _special_commands(state: KaState, seat: int, ally: Figure, special: Special) -> list[Command]:
    foes = [f for f in state.figures if f.kind == FOE]
    allies = [f for f in state.figures if f.kind != FOE and f.active and f.space[0] >= 0]
    kind = special.kind
    found: list[Command] = []

    def add(target: str = "", at: str = "", direction: str = "") -> None:
        found.append(m.UseSpecial(seat=seat, figure=ally.figure, special=special.key, target=target, at=at,
                                  direction=direction))

    if kind in ("heal", "bless", "ward", "enchant", "tank-boost", "aura"):
        for other in allies:
            add(other.figure)
    elif kind in ("mind-cage", "time-rift"):
        for foe in foes:
            add(foe.figure)
    elif kind == "slow":
        for target, at, direction in _aims(ally, special.area, special.reach, foes):
            add(target, at, direction)
    elif kind == "attack" and special.attack is not None:
        for target, at, direction in _aims(ally, special.attack.area, reach_of(ally, special.attack), foes):
            add(target, at, direction)
    elif kind == "teleport-foe":
        for foe in foes:
            for _, space in send_back_spaces(state, foe, special.amount):
                add(foe.figure, name(space))
    elif kind == "teleport-ally":
        board = board_of(state)
        spaces = [space for space in itertools.product(range(board.rows), range(board.cols))
                  if within_range(ally.space, space, special.reach)]
        for other in allies:
            for space in spaces:
                if not special.amount or within_range(other.space, space, special.amount):
                    add(other.figure, name(space))
    elif kind == "summon-guardian":
        row, col = ally.space
        reach = special.reach
        for r, c in itertools.product(range(row - reach, row + reach + 1), range(col - reach, col + reach + 1)):
            if r >= 0 and c >= 0:
                add("", name((r, c)))
    elif kind == "foresight":
        add()
    return found


def _ally_commands(state: KaState, seat: int, ally: Figure) -> list[Command]:
    found: list[Command] = [m.Step(seat=seat, figure=ally.figure, to=name(space))
                            for space in _step_targets(state, ally) if space[0] >= 0 and space[1] >= 0]
    found.extend(m.EnterTower(seat=seat, figure=ally.figure, to=name(cell))
                 for tower in state.towers for cell in tower.cells)
    found.extend(m.ExitTower(seat=seat, figure=ally.figure, to=name(s)) for s in _tower_exits(state, ally))
    foes = [f for f in state.figures if f.kind == FOE]
    for profile in attacks(ally):
        for target, at, direction in _aims(ally, profile.area, reach_of(ally, profile), foes):
            found.append(m.Attack(seat=seat, figure=ally.figure, attack=profile.key, target=target, at=at,
                                  direction=direction))
    for special in specials(ally):
        found.extend(_special_commands(state, seat, ally, special))
    found.extend(m.Tank(seat=seat, figure=ally.figure, foe=f.figure) for f in foes)
    found.extend(m.Untank(seat=seat, figure=ally.figure, foe=f.figure) for f in foes)
    found.append(m.EndAlly(seat=seat, figure=ally.figure, hold=False))
    found.append(m.EndAlly(seat=seat, figure=ally.figure, hold=True))
    return found


def slow_legal_commands(state: KaState, seat: int) -> list[Command]:
    """Every candidate that decide() accepts, in the order legal_commands lists them."""
    if seat not in to_act(state):
        return []
    candidates: list[Command] = []
    if state.phase == TOWERS:
        candidates = _towers(state, seat)
    elif state.phase == PLACING:
        candidates = _placements(state, seat)
    elif state.phase == PLAYERS:
        allies = [f for f in state.allies_of(seat) if f.active and not f.done]
        for ally in allies:
            candidates.extend(_ally_commands(state, seat, ally))
        candidates.append(m.EndTurn(seat=seat))
    return [command for command in candidates if _accepted(state, command)]
