"""The commands a seat may submit now. Each command is one atomic action (one step,
one attack, one Tower climbed), so the lists stay short.

The lists ask the check functions plan() calls (checks.py), once per Ally, target or
space rather than once per candidate command: whatever fails for an Ally as a whole
(it may not act, cannot pay) is asked once, targets out of range are never tried, and
what is left goes through the same check plan() makes. The list is exactly the
commands plan() accepts (tests/test_games.py holds every game to it)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import ParamSpec

from domain.games.kings_armory import messages as m
from domain.games.kings_armory import shop
from domain.games.kings_armory.board import Board, Space, line_spaces, name, neighbours, within_range
from domain.games.kings_armory.cards import plays
from domain.games.kings_armory.checks import (
    check_attack,
    check_cost,
    check_end_ally,
    check_end_turn,
    check_enter_tower,
    check_exit_tower,
    check_special,
    check_step,
    check_untank,
    own_ally,
    shop_plan,
)
from domain.games.kings_armory.combat import DIRECTIONS, Aim, reach_of
from domain.games.kings_armory.content import Special, hireables
from domain.games.kings_armory.figures import attacks, specials, teleports, towers_only
from domain.games.kings_armory.movement import (
    HOSTING_REACH,
    placement_tower,
    teleport_problem,
    tower_entries,
    tower_exits,
    tower_site,
)
from domain.games.kings_armory.specials import FORESEEN_DECKS, in_reach, send_back_spaces, used_up
from domain.games.kings_armory.state import FOE, FOES, PLACING, PLAYERS, SHOPPING, TOWERS, Figure, KaState, board_of
from domain.games.kings_armory.tanking import tank_problem
from domain.games.kings_armory.turn import to_act
from domain.kernel import Command, RuleViolation

P = ParamSpec("P")

ALLY_TARGETED = ("heal", "bless", "ward", "enchant", "tank-boost", "aura")
"""Special Actions aimed at an Ally in their reach (specials.in_reach)."""


def _passes(check: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> bool:
    """The rules' check passes; what the command would do is not run."""
    try:
        check(*args, **kwargs)
    except RuleViolation:
        return False
    return True


@functools.lru_cache(maxsize=32)
def _tower_corners(board: Board) -> tuple[Space, ...]:
    """Top-left spaces of the map's 2x2 blocks of open terrain, in row order."""
    return tuple(corner for corner in itertools.product(range(board.rows - 1), range(board.cols - 1))
                 if board.tower_fits(corner))


def _towers(state: KaState, seat: int) -> list[Command]:
    """kings-armory E Towers: the map's 2x2 blocks of open terrain that no Tower covers yet."""
    return [m.PlaceTower(seat=seat, at=name(corner)) for corner in _tower_corners(board_of(state))
            if _passes(tower_site, state, corner)]


def _placements(state: KaState, seat: int) -> list[Command]:
    unplaced = [f for f in state.allies_of(seat) if f.space[0] < 0]
    if not unplaced:
        return []
    ally = unplaced[0]  # one Ally at a time: the rest follow in the order they joined
    board = board_of(state)
    # kings-armory A2: on a Tower or within 2 spaces of one, in row order.
    near = sorted({(row + dr, col + dc) for tower in state.towers for row, col in tower.cells
                   for dr in range(-HOSTING_REACH, HOSTING_REACH + 1)
                   for dc in range(abs(dr) - HOSTING_REACH, HOSTING_REACH - abs(dr) + 1)})
    return [m.PlaceAlly(seat=seat, figure=ally.figure, at=name(space)) for space in near
            if board.on_grid(space) and _passes(placement_tower, state, ally, space)]


def _step_targets(state: KaState, ally: Figure) -> list[Space]:
    if teleports(ally):
        board = board_of(state)
        if towers_only(ally):
            return [cell for tower in state.towers for cell in tower.cells]
        return list(itertools.product(range(board.rows), range(board.cols)))  # kings-armory E Teleport: no limit
    return list(neighbours(ally.space))


def _area_corners(ally: Figure, width: int, length: int, reach: int, foes: set[Space]) -> list[Space]:
    """Top-left spaces of the areas that cover a foe and lie within reach, in order."""
    corners = {(r - dr, c - dc) for r, c in foes for dr in range(length) for dc in range(width)}
    return sorted(corner for corner in corners if corner[0] >= 0 and corner[1] >= 0
                  and all(within_range(ally.space, (corner[0] + dr, corner[1] + dc), reach)
                          for dr in range(length) for dc in range(width)))


def _aims(ally: Figure, area: tuple[int, int] | None, reach: int, targets: list[Figure]) -> list[Aim]:
    """The aims of an action with that area and reach that could hold a foe."""
    if area is None:
        # A single target out of reach is refused by every check that aims so (kings-armory C2 First).
        return [Aim(target=f.figure) for f in targets if within_range(ally.space, f.space, reach)]
    # Only areas with a foe in them: the rules refuse the others (kings-armory C2 Sixth).
    foes = {f.space for f in targets}
    width, length = area
    if width == 1 and length >= 2:
        return [Aim(direction=d) for d in DIRECTIONS if foes & set(line_spaces(ally.space, d, length))]
    return [Aim(at=name(corner)) for corner in _area_corners(ally, width, length, reach, foes)]


def _special_aims(state: KaState, ally: Figure, special: Special, foes: list[Figure],
                  allies: list[Figure]) -> list[Aim]:
    """Where the Special Action might be aimed, targets out of its reach left out."""
    kind = special.kind
    if kind in ALLY_TARGETED:
        return [Aim(target=other.figure) for other in allies if in_reach(ally, other, special)]
    if kind in ("mind-cage", "time-rift"):
        return [Aim(target=foe.figure) for foe in foes if within_range(ally.space, foe.space, special.reach)]
    if kind == "slow":
        return _aims(ally, special.area, special.reach, foes)
    if kind == "attack" and special.attack is not None:
        return _aims(ally, special.attack.area, reach_of(ally, special.attack), foes)
    if kind == "teleport-foe":
        return [Aim(target=foe.figure, at=name(space)) for foe in foes
                if within_range(ally.space, foe.space, special.reach)
                for _, space in send_back_spaces(state, foe, special.amount)]
    if kind == "teleport-ally":
        board = board_of(state)
        spaces = [space for space in itertools.product(range(board.rows), range(board.cols))
                  if within_range(ally.space, space, special.reach)]
        return [Aim(target=other.figure, at=name(space)) for other in allies if in_reach(ally, other, special)
                for space in spaces if (not special.amount or within_range(other.space, space, special.amount))
                and not teleport_problem(state, other, space)]
    if kind == "summon-guardian":
        row, col = ally.space
        reach = special.reach
        return [Aim(at=name((r, c))) for r, c in itertools.product(range(row - reach, row + reach + 1),
                                                                    range(col - reach, col + reach + 1))
                if r >= 0 and c >= 0 and within_range(ally.space, (r, c), reach)]
    if kind == "foresight":
        return [Aim(), *(Aim(target=deck) for deck in FORESEEN_DECKS)]
    return []


def _ally_commands(state: KaState, seat: int, ally: Figure) -> list[Command]:
    if not _passes(own_ally, state, seat, ally.figure):
        return []
    figure = ally.figure
    found: list[Command] = [m.Step(seat=seat, figure=figure, to=name(space))
                            for space in _step_targets(state, ally)
                            if space[0] >= 0 and space[1] >= 0 and _passes(check_step, state, ally, space)]
    if _passes(check_cost, state, ally, 1, "climb"):
        # kings-armory E Towers: the lists are where it may climb; climbing costs 1 action
        # (and may not take it out of reach of the attack it owes: D1).
        found.extend(m.EnterTower(seat=seat, figure=figure, to=name(s)) for s in tower_entries(state, ally)
                     if _passes(check_enter_tower, state, ally, s))
        found.extend(m.ExitTower(seat=seat, figure=figure, to=name(s)) for s in tower_exits(state, ally)
                     if _passes(check_exit_tower, state, ally, s))
    foes = [f for f in state.figures if f.kind == FOE]
    for profile in attacks(ally):
        if not _passes(check_cost, state, ally, profile.cost, "attack"):
            continue
        found.extend(m.Attack(seat=seat, figure=figure, attack=profile.key, target=aim.target, at=aim.at,
                              direction=aim.direction)
                     for aim in _aims(ally, profile.area, reach_of(ally, profile), foes)
                     if _passes(check_attack, state, ally, profile.key, aim))
    allies = [f for f in state.figures if f.kind != FOE and f.active and f.space[0] >= 0]
    for special in specials(ally):
        if used_up(ally, special) or not _passes(check_cost, state, ally, special.cost, "special"):
            continue
        found.extend(m.UseSpecial(seat=seat, figure=figure, special=special.key, target=aim.target, at=aim.at,
                                  direction=aim.direction)
                     for aim in _special_aims(state, ally, special, foes, allies)
                     if _passes(check_special, state, ally, special.key, aim))
    found.extend(m.Tank(seat=seat, figure=figure, foe=f.figure) for f in foes
                 if not tank_problem(state, ally, f))
    found.extend(m.Untank(seat=seat, figure=figure, foe=f.figure) for f in foes
                 if f.tanked_by and _passes(check_untank, state, ally, f.figure))
    if _passes(check_end_ally, state, ally):  # holding or not, the checks are the same
        found.append(m.EndAlly(seat=seat, figure=figure, hold=False))
        found.append(m.EndAlly(seat=seat, figure=figure, hold=True))
    return found


def _shopping(state: KaState, seat: int) -> list[Command]:
    """kings-armory B5 Steps 3-7: the seat's purchases, sales and Equipment changes, and
    saying it is done, last (always open, so that a game always goes on)."""
    if not _passes(shop.check_shopper, state, seat):
        return []
    candidates: list[Command] = [m.BuildTower(seat=seat, at=name(corner)) for corner in _tower_corners(board_of(state))]
    if not _passes(shop.check_gold, state, shop.TOWER_PRICE, "a Tower"):
        candidates = []  # the cheapest check first: the map has many places for a Tower
    candidates += [m.SellTower(seat=seat, tower=tower.tower) for tower in state.towers]
    candidates += [m.Hire(seat=seat, hireable=key, controller=controller) for key in hireables()
                   for controller in range(1, state.seats + 1)]
    candidates += [m.Upgrade(seat=seat, figure=figure.figure) for figure in shop.team_hireables(state)]
    candidates += [m.UnlockEquipment(seat=seat, card=gear.card) for gear in state.gear]
    candidates += [m.BuyEquipment(seat=seat), m.BuyReinforcement(seat=seat), m.BuyArmory(seat=seat)]
    candidates += [m.SellEquipment(seat=seat, card=gear.card) for gear in state.gear]
    free = [gear for gear in state.gear if not gear.locked and state.wearer(gear.card) is None]
    candidates += [m.Equip(seat=seat, card=gear.card, hero=hero.figure) for hero in state.heroes_of(seat)
                   for gear in free if gear.seat in (0, seat)]
    candidates += [m.Unequip(seat=seat, card=card) for hero in state.heroes_of(seat) for card in hero.worn]
    candidates += [m.Trade(seat=seat, give=mine.card, take=theirs.card) for mine in free if mine.seat == seat
                   for theirs in free if theirs.seat != seat]
    candidates += [m.Reassign(seat=seat, figure=figure.figure, to_seat=to_seat)
                   for figure in shop.team_hireables(state) for to_seat in range(1, state.seats + 1)]
    candidates.append(m.EndShopping(seat=seat))
    listed = [command for command in candidates if _passes(shop_plan, state, command)]
    return [*listed[:-1], *plays(state, seat), listed[-1]]


def _cards(state: KaState, seat: int) -> list[Command]:
    """The team's cards the seat may play now, and a Reinforcement card it may buy
    (kings-armory B6, E Reinforcement Cards)."""
    found: list[Command] = list(plays(state, seat))
    buy = m.BuyReinforcement(seat=seat)
    if _passes(shop_plan, state, buy):
        found.append(buy)
    return found


def legal_commands(state: KaState, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    if state.phase == TOWERS:
        return _towers(state, seat)
    if state.phase == PLACING:
        return _placements(state, seat)
    if state.phase == SHOPPING:
        return _shopping(state, seat)
    if state.phase == FOES:
        # The team's moment before a foe goes on with its turn (RULES.md).
        return [*_cards(state, seat), m.LetFoeAct(seat=seat)]
    if state.phase != PLAYERS:
        return []
    found: list[Command] = []
    allies = [state.figure(state.acting)] if state.acting else [
        f for f in state.allies_of(seat) if f.active and not f.done]
    for ally in allies:
        if ally is not None:
            found.extend(_ally_commands(state, seat, ally))
    found.extend(_cards(state, seat))
    if not state.acting and _passes(check_end_turn, state, end_turn := m.EndTurn(seat=seat)):
        found.append(end_turn)
    return found
