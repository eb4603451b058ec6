"""The Players' Round: what one Ally may do on its individual turn (kings-armory B2,
C1, C2, E Actions): move, climb a Tower, attack, tank, end its turn."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import (
    Board,
    Space,
    area_spaces,
    line_spaces,
    manhattan,
    name,
    neighbours,
    parse,
    within_range,
)
from domain.games.kings_armory.citations import (
    B2,
    C1_STEP_1,
    C1_STEP_2,
    C2_FIRST,
    C2_SIXTH,
    D1,
    E_ACTIONS,
    E_HIREABLES,
    E_KNOCKED_OUT,
    E_LINE_ATTACKS,
    E_STACKING,
    E_SUMMON_GUARDIAN,
    E_TANKING,
    E_TELEPORT,
    E_TOWERS,
    STANDING_TANK_ORDERS,
)
from domain.games.kings_armory.combat import Em, reaches_tower, resolve_attack
from domain.games.kings_armory.content import MELEE, OFFENSIVE, RANGED, UTILITY, Attack
from domain.games.kings_armory.figures import (
    GUARDIAN_OF,
    attack_named,
    attacks,
    flying,
    move_rate,
    ranged_role,
    resistance,
    role,
    teleports,
    towers_only,
)
from domain.games.kings_armory.foes import can_tank, stalemate
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, HIREABLE, PLAYERS, Figure, KaState, Tower
from domain.games.kings_armory.table import allies_on, ally_at, board_of
from domain.kernel import Rng, RuleViolation, memo_last, replace, require

GUARDIAN_TETHER = 5
DIRECTIONS = ("N", "E", "S", "W")
HOSTING_REACH = 2
"""Hireables stay on or within 2 spaces of their Tower (kings-armory A2 Tower Hosting)."""


# ---------------------------------------------------------------- whose turn


def own_ally(state: KaState, seat: int, figure_id: str) -> Figure:
    """The seat's Ally `figure_id`, in the Players' Round on the seat's turn, free to act:
    no other Ally of the seat is in the middle of its turn (kings-armory B2)."""
    require(not state.finished, B2, "the game is over")
    require(state.phase == PLAYERS, B2, "Allies act in the Players' Round only")
    require(state.seat == seat, B2, f"it is seat {state.seat}'s turn")
    figure = state.figure(figure_id)
    if figure is None or figure.kind == FOE or figure.seat != seat:
        raise RuleViolation(B2, f"{figure_id!r} is not an Ally of seat {seat}")
    require(figure.active, E_KNOCKED_OUT, f"{figure_id} is knocked out until the Wave ends")
    require(not figure.done, B2, f"{figure_id} has had its turn this round")
    if state.acting and state.acting != figure_id:
        raise RuleViolation(B2, f"{state.acting} is in the middle of its turn: it finishes first")
    return figure


Plan = Callable[[Em, Rng], object]
"""What a checked command does: emit its events. decide() runs it; the legal-command
lists only need to know that the check passed, so they never run it."""


def check_cost(state: KaState, ally: Figure, cost: int, action: str) -> None:
    """An action may be paid for (kings-armory E Actions: never more than is left) and
    the Ally is not stopped on another Ally's space (E Stacking)."""
    if cost > ally.actions:
        raise RuleViolation(E_ACTIONS, f"{ally.figure} has {ally.actions} action(s) left; {action} costs {cost}")
    require(not _held(state, ally.space, ally), E_STACKING, f"{ally.figure} may not stop on another Ally's space")


def pay(em: Em, ally_id: str, cost: int, action: str) -> None:
    """Spend a checked action's cost."""
    ally = em.state.figure(ally_id)
    assert ally is not None
    em.emit(m.ActionSpent, E_ACTIONS, ally_id, action, cost, ally.actions - cost)


def _held(state: KaState, space: Space, ally: Figure) -> bool:
    """Another Ally stands on the space."""
    return any(f.figure != ally.figure for f in allies_on(state.figures).get(space, ()))


# ---------------------------------------------------------------- where an Ally may stand


def tower_near(state: KaState, space: Space, own: str = "") -> str:
    """The Tower within 2 spaces of `space` that can host an Ally there, "" if none:
    `own` (the Tower hosting it now) first, else the first with a free slot
    (kings-armory A2 Tower Hosting)."""
    found = ""
    for tower in state.towers:
        if not any(within_range(space, cell, HOSTING_REACH) for cell in tower.cells):
            continue
        if own and tower.tower == own:
            return own
        if not found and state.hosted(tower.tower) < tower.slots:
            found = tower.tower
    return found


def hosting_tower(state: KaState, ally: Figure, space: Space) -> str:
    """The Tower that hosts a Hireable on the ground at `space`, "" when none may. A
    Hero on the ground during a Wave needs none (kings-armory A2, E Hireables)."""
    return tower_near(state, space, ally.tower) if ally.kind == HIREABLE else ""


def free_ground(state: KaState, space: Space, mover: str) -> bool:
    """A ground space an Ally may step on: on the board, not a Tower, no other Ally
    standing still there (kings-armory C1 Step 1)."""
    board = board_of(state)
    if not board.walkable(space) or state.tower_at(space) is not None:
        return False
    other = ally_at(state, space)
    return other is None or other.figure == mover


def check_step(state: KaState, ally: Figure, to: Space) -> tuple[int, str]:
    """(spaces left after the step, hosting tower) for a step to `to`, or a RuleViolation."""
    board = board_of(state)
    if teleports(ally):
        return _check_teleport(state, ally, to)
    require(not ally.on_tower, E_TOWERS, f"{ally.figure} is on a Tower: climbing down is its own action")
    require(to in neighbours(ally.space), C1_STEP_1, "an Ally moves one space at a time, never diagonally")
    # The messages name the space: built only for a refusal (legal_commands tries every neighbour).
    if not board.walkable(to):
        raise RuleViolation(C1_STEP_1, f"{name(to)} is off the map or on the Border")
    if state.tower_at(to) is not None:
        raise RuleViolation(C1_STEP_1, f"{name(to)} is a Tower: walk around it or climb it")
    steps = ally.steps if ally.steps else move_rate(ally)
    if not ally.steps:
        require(ally.actions >= 1, E_ACTIONS, f"{ally.figure} has no action left to move")
    left = steps - 1
    other = ally_at(state, to)
    if other is not None and other.figure != ally.figure:
        require(next(open_spaces(state, ally, to, left), None) is not None, E_STACKING,
                f"{name(to)} holds {other.figure}: an Ally may pass but not stop there, and from there "
                f"{ally.figure} could reach no free space")
    tower = hosting_tower(state, ally, to)
    if ally.kind == HIREABLE:
        require(bool(tower), E_HIREABLES, f"{ally.figure} must stay within 2 spaces of a Tower with a free slot")
    tether = tether_problem(state, ally, to)
    require(not tether, E_SUMMON_GUARDIAN, tether)
    return left, tower


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


def _check_teleport(state: KaState, ally: Figure, to: Space) -> tuple[int, str]:
    """A Teleporting Ally's movement: straight to the space (kings-armory E Teleport)."""
    require(ally.actions >= 1, E_ACTIONS, f"{ally.figure} has no action left to move")
    problem = teleport_problem(state, ally, to)
    require(not problem, E_TELEPORT, problem)
    tower = state.tower_at(to)
    return 0, tower.tower if tower is not None else hosting_tower(state, ally, to)


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
        if state.hosted(tower.tower) >= tower.slots and mover.tower != tower.tower:
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


def step(state: KaState, ally: Figure, to: Space) -> Plan:
    left, tower = check_step(state, ally, to)
    starts = teleports(ally) or not ally.steps
    if starts:
        check_cost(state, ally, 1, "move")
    landing = state.tower_at(to) if teleports(ally) else None
    keep_duty(state, ally, replace(ally, space=to, steps=left, actions=ally.actions - (1 if starts else 0),
                                 on_tower=landing.tower if landing else "", tower=tower))

    def apply(em: Em, rng: Rng) -> None:
        if starts:
            pay(em, ally.figure, 1, "move")
        em.emit(m.AllyMoved, E_TELEPORT if teleports(ally) else C1_STEP_1, ally.figure, name(to), left,
                landing.tower if landing else "", tower)
    return apply


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
        if state.hosted(tower.tower) >= tower.slots and ally.tower != tower.tower:
            continue
        found.extend(cell for cell in tower.cells
                     if ally_at(state, cell) is None and not tether_problem(state, ally, cell))
    return found


def enter_tower(state: KaState, ally: Figure, to: Space) -> Plan:
    require(to in tower_entries(state, ally), E_TOWERS,
            f"{ally.figure} cannot climb onto {name(to)}: it must stand beside that Tower, "
            "which needs a free space and a free hosting slot")
    tower = state.tower_at(to)
    assert tower is not None
    check_cost(state, ally, 1, "enter tower")
    keep_duty(state, ally, replace(ally, space=to, steps=0, actions=ally.actions - 1, on_tower=tower.tower,
                                 tower=tower.tower))

    def apply(em: Em, rng: Rng) -> None:
        pay(em, ally.figure, 1, "enter tower")
        em.emit(m.AllyMoved, E_TOWERS, ally.figure, name(to), 0, tower.tower, tower.tower)
    return apply


def tower_exits(state: KaState, ally: Figure) -> list[Space]:
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


def exit_tower(state: KaState, ally: Figure, to: Space) -> Plan:
    require(to in tower_exits(state, ally), E_TOWERS,
            f"{ally.figure} cannot climb down to {name(to)}: a free ground space beside its Tower")
    tower = hosting_tower(state, ally, to)
    check_cost(state, ally, 1, "exit tower")
    keep_duty(state, ally, replace(ally, space=to, steps=0, actions=ally.actions - 1, on_tower="", tower=tower))

    def apply(em: Em, rng: Rng) -> None:
        pay(em, ally.figure, 1, "exit tower")
        em.emit(m.AllyMoved, E_TOWERS, ally.figure, name(to), 0, "", tower)
    return apply


# ---------------------------------------------------------------- attacks


def reach_of(ally: Figure, attack: Attack) -> int:
    """The attack's Range, +1 for a Ranged attack from a Tower (kings-armory E Towers)."""
    return attack.reach + (1 if attack.kind == RANGED and ally.on_tower else 0)


def can_affect(state: KaState, attacker: Figure, attack: Attack, target: Figure) -> bool:
    """The attack can reach and touch `target` at all: Melee never hits a Flying foe
    (unless the attack says so) nor reaches onto or off a Tower (kings-armory C2 Second,
    E Towers)."""
    if not target.active or target.space[0] < 0:
        return False
    if attack.kind == MELEE and flying(target) and not attack.hits_flying:
        return False
    return reaches_tower(attack) or not (attacker.on_tower or target.on_tower)


def target_problem(state: KaState, ally: Figure, attack: Attack, target: Figure) -> str:
    """Why `target` is not a valid single target of the attack ("" when it is)."""
    if target.kind != FOE:
        return f"{target.figure} is an Ally"
    if not within_range(ally.space, target.space, reach_of(ally, attack)):
        return f"{target.figure} is out of range {reach_of(ally, attack)}"
    if not can_affect(state, ally, attack, target):
        if attack.kind == MELEE and flying(target):
            return f"a Melee attack cannot hit {target.figure}: it flies"
        return f"{attack.name} cannot reach onto or off a Tower"
    return ""


@dataclass(frozen=True, slots=True)
class Aim:
    """Where an action is aimed: a figure, or an area's top-left space, or a line's
    direction (the Attack and UseSpecial commands' fields)."""

    target: str = ""
    at: str = ""
    direction: str = ""


def area_cells(state: KaState, ally: Figure, area: tuple[int, int], reach: int, aim: Aim) -> tuple[Space, ...]:
    """The spaces of an area aimed by `aim`, every one within reach (kings-armory C2
    Sixth), or a RuleViolation. A line starts beside the attacker and goes straight
    (E Line Attacks); another area is `width` columns by `length` rows from `at`."""
    width, length = area
    if width == 1 and length >= 2:
        require(aim.direction in DIRECTIONS, E_LINE_ATTACKS, "a line attack needs a direction: N, E, S or W")
        cells = line_spaces(ally.space, aim.direction, length)
    else:
        try:
            corner = parse(aim.at)
        except ValueError as error:
            raise RuleViolation(C2_SIXTH, str(error)) from None
        cells = area_spaces(corner, length, width)
    board = board_of(state)
    for cell in cells:
        require(board.on_grid(cell), C2_SIXTH, "the area leaves the board (the Border counts, beyond it does not)")
        if not within_range(ally.space, cell, reach):
            raise RuleViolation(C2_SIXTH, f"the whole area must be within range {reach}; {name(cell)} is not")
    return cells


def victims(state: KaState, ally: Figure, attack: Attack, cells: tuple[Space, ...]) -> list[str]:
    """Every figure the area touches, friend and foe (kings-armory C2 Sixth)."""
    return [f.figure for f in state.figures
            if f.space in cells and f.figure != ally.figure and can_affect(state, ally, attack, f)]


def aim_attack(state: KaState, ally: Figure, attack: Attack, aim: Aim) -> list[str]:
    """The figures an attack aimed by `aim` strikes, or a RuleViolation."""
    if ally.on_tower:
        require(reaches_tower(attack), E_TOWERS, f"{attack.name} cannot reach off a Tower")
    if attack.area is not None:
        cells = area_cells(state, ally, attack.area, reach_of(ally, attack), aim)
        hit = victims(state, ally, attack, cells)
        require(any(f.kind == FOE for f in (state.figure(h) for h in hit) if f is not None), C2_SIXTH,
                "the area holds no foe the attack can touch")
        return hit
    target = state.figure(aim.target)
    if target is None:
        raise RuleViolation(C2_FIRST, f"there is no figure {aim.target!r} on the board")
    problem = target_problem(state, ally, attack, target)
    if problem:
        raise RuleViolation(C2_FIRST, problem)
    return [target.figure]


def attack(state: KaState, ally: Figure, key: str, aim: Aim) -> Plan:
    profile = attack_named(ally, key)
    if profile is None:
        raise RuleViolation(C2_FIRST, f"{ally.figure} has no attack {key!r}; it has "
                            f"{', '.join(a.key for a in attacks(ally)) or 'none'}")
    struck = aim_attack(state, ally, profile, aim)
    # kings-armory D1, E Immune: an attack only on foes immune to it does not count as
    # the attack the thematic rules ask for.
    counts = any(resistance(f, profile.kind) is not None for f in (state.figure(s) for s in struck)
                 if f is not None and f.kind == FOE)
    action = f"{'attack' if counts else 'attack on the immune'}:{profile.key}"
    check_cost(state, ally, profile.cost, action)
    if not counts:
        keep_duty(state, ally, paid(ally, profile.cost))

    def apply(em: Em, rng: Rng) -> None:
        pay(em, ally.figure, profile.cost, action)
        resolve_attack(em, rng, ally, profile, struck, C2_FIRST, extra_damage=ally.enchant)
    return apply


# ---------------------------------------------------------------- tanking


def tank(state: KaState, ally: Figure, foe_id: str) -> Plan:
    """Declare a tank on a foe in reach (kings-armory C1 Step 2): a passive action."""
    foe = state.figure(foe_id)
    if foe is None or foe.kind != FOE:
        raise RuleViolation(C1_STEP_2, f"there is no foe {foe_id!r} on the board")
    problem = tank_problem(state, ally, foe)
    if problem:
        raise RuleViolation(E_TANKING if problem == stalemate(state, foe) else C1_STEP_2, problem)
    return lambda em, rng: em.emit(m.Tanked, C1_STEP_2, ally.figure, foe_id)


def tank_problem(state: KaState, ally: Figure, foe: Figure) -> str:
    """Why `ally` may not declare a tank on `foe` ("" when it may: kings-armory C1 Step 2)."""
    if foe.tanked_by:
        return f"{foe.figure} is already tanked by {foe.tanked_by}"
    if foe.figure in ally.released:
        return f"{ally.figure} let {foe.figure} go this round"
    if ally.on_tower:
        return "no tanking from a Tower"
    if stalemate(state, foe):
        return stalemate(state, foe)
    if not can_tank(state, ally, foe, foe.space):
        return (f"{ally.figure} cannot tank {foe.figure}: it must be tankable, within reach, and {ally.figure} "
                "needs a free tank slot")
    return ""


def untank(state: KaState, ally: Figure, foe_id: str) -> Plan:
    """Let a tanked foe go at will (kings-armory C1 Step 2: Players' Round only)."""
    foe = state.figure(foe_id)
    if foe is None or foe.kind != FOE or foe.tanked_by != ally.figure:
        raise RuleViolation(C1_STEP_2, f"{ally.figure} does not tank {foe_id!r}")
    return lambda em, rng: em.emit(m.Untanked, C1_STEP_2, ally.figure, foe_id)


# ---------------------------------------------------------------- the thematic rules


@dataclass(slots=True)
class _Answers:
    """What the thematic rules worked out about one state: whether an Ally (as it stands,
    or as an action would leave it) owes its attack, and its threats by Tower and
    actions left. The legal-command lists ask it for every action an Ally might take."""

    owed: dict[tuple[str, Space, str, int, int, bool], bool]
    threats: dict[tuple[str, str, int], tuple[Threat, ...]]
    hits: dict[tuple[str, str, int, Space], bool]


def _fresh_answers(state: KaState) -> _Answers:
    return _Answers({}, {}, {})


_answers_for = memo_last(_fresh_answers)


def owes_attack(state: KaState, ally: Figure) -> bool:
    """kings-armory D1: `ally` (as the state has it, or as it would be after an action)
    still owes this turn's attack and can make it. Only the Ally's own place, actions
    and attack matter, so an Ally an action would move is asked of in the same state."""
    owed = _answers_for(state).owed
    key = (ally.figure, ally.space, ally.on_tower, ally.actions, ally.steps, ally.attacked)
    found = owed.get(key)
    if found is None:
        found = owed[key] = _owes_attack(state, ally)
    return found


def paid(ally: Figure, cost: int) -> Figure:
    """The Ally after paying for an action where it stands (a movement under way ends)."""
    return replace(ally, actions=ally.actions - cost, steps=0)


def keep_duty(state: KaState, ally: Figure, after: Figure) -> None:
    """kings-armory D1: an Ally that owes its attack may do something else first only when
    it can still make the attack afterwards: it may not walk or climb out of reach, nor
    spend the actions it needs on Special Actions (or on foes immune to it). `after` is
    the Ally as the action would leave it; what a Special does to the foes is not foreseen
    (RULES.md)."""
    if owes_attack(state, ally) and not owes_attack(state, after):
        raise RuleViolation(D1, f"{ally.figure} must attack at least once this turn and can reach a "
                            "foe: this would leave it unable to")


def must_leave_tower(state: KaState, ally: Figure) -> bool:
    """A Hero on a Tower climbs down to attack when it must (kings-armory D1): an
    Offensive Hero that fights at range may stay while more than 5 foes are on the board;
    Boleslaw never leaves the Towers."""
    if ally.kind != HERO or towers_only(ally) or teleports(ally):
        return False
    return not (role(ally) == OFFENSIVE and ranged_role(ally) and len(state.foes()) > 5)


def _owes_attack(state: KaState, ally: Figure) -> bool:
    """kings-armory D1: an Offensive Ally attacks at least once a turn, "even if it
    requires moving also"; a Utility Ally once a round when 5 or fewer foes are left.
    It owes one when it can afford an attack on a foe that attack can hurt, from where
    it stands or, for a Hero, after one movement on the ground, or after climbing down
    from a Tower where it may not stay and one movement more (RULES.md)."""
    if ally.attacked or ally.kind not in (HERO, HIREABLE):
        return False
    if role(ally) == UTILITY and len(state.foes()) > 5:
        return False
    # From a space it only passes through (another Ally's) it cannot attack until it moves on.
    if not _held(state, ally.space, ally) and _hits(state, ally, ally.actions, ally.space):
        return True
    if ally.kind != HERO or teleports(ally):
        return False
    if not ally.on_tower:
        return _hits_after_moving(state, ally)
    if not must_leave_tower(state, ally) or ally.actions <= 1:
        return False
    for space in tower_exits(state, ally):
        down = replace(ally, space=space, on_tower="", tower="", steps=0, actions=ally.actions - 1)
        if _hits(state, down, down.actions, space) or _hits_after_moving(state, down):
            return True
    return False


def _hits_after_moving(state: KaState, ally: Figure) -> bool:
    """A Hero on the ground reaches a foe it can hurt after one movement (the rest of the
    one under way, or a new one) with an action left to attack."""
    left = ally.actions if ally.steps else ally.actions - 1
    if left <= 0:
        return False
    steps = ally.steps if ally.steps else move_rate(ally)
    # Moving keeps the Ally on the ground, so only its space changes what it can hit; a
    # foe further than its steps and the attack's reach (a diagonal counts 2) is out of it.
    threats = _threats(state, ally, left)
    if not any(manhattan(ally.space, target) <= steps + reach + 1 for reach, _, target in threats):
        return False
    return any(_hits(state, ally, left, space) for space in open_spaces(state, ally, ally.space, steps))


def _hits(state: KaState, ally: Figure, actions: int, space: Space) -> bool:
    """Some threat of the Ally's (on the ground or its Tower as it is now, with `actions`
    to spend) reaches its foe from `space`."""
    cached = _answers_for(state).hits
    key = (ally.figure, ally.on_tower, actions, space)
    found = cached.get(key)
    if found is None:
        found = cached[key] = _hits_from(board_of(state), space, _threats(state, ally, actions))
    return found


Threat = tuple[int, tuple[int, int] | None, Space]
"""(reach, area, the foe's space): an attack the Ally can pay for, on a foe that attack
can touch and hurt, wherever the Ally stands on the ground."""


def _threats(state: KaState, ally: Figure, actions: int) -> tuple[Threat, ...]:
    """The Ally's threats with `actions` to spend, from the ground or its Tower."""
    cached = _answers_for(state).threats
    key = (ally.figure, ally.on_tower, actions)
    found = cached.get(key)
    if found is None:
        found = cached[key] = _threats_now(state, ally, actions)
    return found


def _threats_now(state: KaState, ally: Figure, actions: int) -> tuple[Threat, ...]:
    """One threat a foe for the single-target attacks (the longest reach), and one for
    each area attack."""
    longest: dict[Space, int] = {}
    areas: dict[Threat, None] = {}
    for profile in attacks(ally):
        if profile.cost > actions:
            continue
        reach = reach_of(ally, profile)
        for foe in state.figures:
            if foe.kind != FOE or resistance(foe, profile.kind) is None:
                continue  # kings-armory D1: a foe immune to it does not count
            if not can_affect(state, ally, profile, foe):
                continue
            if profile.area is None:
                longest[foe.space] = max(reach, longest.get(foe.space, 0))
            else:
                areas[(reach, profile.area, foe.space)] = None
    return (*((reach, None, target) for target, reach in longest.items()), *areas)


def _hits_from(board: Board, origin: Space, threats: tuple[Threat, ...]) -> bool:
    """Some threat reaches its foe from `origin`: the foe within range, and for an area
    attack an aim that covers it (every space of an area is within range, the foe's too)."""
    return any(within_range(origin, target, reach) and (area is None or _area_fits(board, origin, reach, area, target))
               for reach, area, target in threats)


def _area_fits(board: Board, origin: Space, reach: int, area: tuple[int, int], target: Space) -> bool:
    """An area of that shape can be aimed so that it covers `target` with every space
    on the board and within reach (kings-armory C2 Sixth, E Line Attacks)."""
    width, length = area
    if width == 1 and length >= 2:
        shapes = [line_spaces(origin, d, length) for d in DIRECTIONS]
    else:
        shapes = [area_spaces((target[0] - dr, target[1] - dc), length, width)
                  for dr in range(length) for dc in range(width)]
    return any(target in cells and all(board.on_grid(c) and within_range(origin, c, reach) for c in cells)
               for cells in shapes)


def end_ally(state: KaState, ally: Figure, hold: bool) -> Plan:
    require(not _held(state, ally.space, ally), E_STACKING, f"{ally.figure} may not stop on another Ally's space")
    require(not owes_attack(state, ally), D1,
            f"{ally.figure} must attack at least once this turn: it can reach a foe")

    def apply(em: Em, rng: Rng) -> None:
        if hold != ally.holding:
            em.emit(m.HoldSet, STANDING_TANK_ORDERS, ally.figure, hold)
        em.emit(m.AllyTurnEnded, B2, ally.figure)
    return apply
