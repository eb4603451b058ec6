"""The King's Armory decide: check a command against the rules, then emit its facts
(and, when it ends the Players' Round, the Foes' Round that follows)."""

from __future__ import annotations

from domain.games.kings_armory import actions
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.actions import Aim, Plan, end_ally, owes_attack, own_ally, tower_near
from domain.games.kings_armory.board import Space, name, parse
from domain.games.kings_armory.citations import A2, A2_TOWER_HOSTING, B2, C1_STEP_1, D1, E_STACKING, E_TOWERS
from domain.games.kings_armory.combat import Em
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.figures import towers_only
from domain.games.kings_armory.specials import use_special
from domain.games.kings_armory.state import FOE, PLACING, PLAYERS, TOWERS, Figure, KaState
from domain.games.kings_armory.table import ally_at, board_of
from domain.games.kings_armory.turns import (
    TOWER_SLOTS,
    begin_wave,
    end_wave,
    game_lost,
    next_placer,
    next_seat,
    seat_done,
    start_game,
)
from domain.kernel import Command, Emitter, Event, Rng, RuleViolation, StartGame, require


def to_act(state: KaState) -> tuple[int, ...]:
    if state.finished or state.phase not in (TOWERS, PLACING, PLAYERS) or not state.seat:
        return ()
    return (state.seat,)


def _space(text: str, rule: str) -> Space:
    try:
        return parse(text)
    except ValueError as error:
        raise RuleViolation(rule, str(error)) from None


def _placer(state: KaState, seat: int, phase: str) -> None:
    require(not state.finished, A2, "the game is over")
    require(state.phase == phase, A2, "Towers come first, then Allies (kings-armory A2)"
            if phase == PLACING else "the starting Towers are all placed")
    require(state.seat == seat, A2, f"it is seat {state.seat}'s turn to place")


def _place_tower(state: KaState, command: m.PlaceTower) -> Plan:
    _placer(state, command.seat, TOWERS)
    corner = _space(command.at, E_TOWERS)
    cells = ((corner[0], corner[1]), (corner[0], corner[1] + 1), (corner[0] + 1, corner[1]),
             (corner[0] + 1, corner[1] + 1))
    require(board_of(state).tower_fits(corner), E_TOWERS,
            f"a Tower on {command.at} needs 2x2 spaces of open terrain: never the Path or the Border")
    require(all(state.tower_at(cell) is None for cell in cells), E_TOWERS, "Towers may not overlap")

    def apply(em: Em, rng: Rng) -> None:
        em.emit(m.TowerPlaced, A2, f"t{state.next_tower}", tuple(name(c) for c in cells), TOWER_SLOTS)
        _after_placing(em, rng, command.seat)
    return apply


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
        require(state.hosted(tower.tower) < tower.slots, A2_TOWER_HOSTING, f"Tower {tower.tower} hosts all it can")
        return tower.tower, tower.tower
    require(not towers_only(ally), A2, f"{ally.figure} never leaves the Towers")
    host = tower_near(state, space)
    if not host:
        raise RuleViolation(A2_TOWER_HOSTING,
                            f"{name(space)} is not within 2 spaces of a Tower with a free hosting slot")
    return host, ""


def _place_ally(state: KaState, command: m.PlaceAlly) -> Plan:
    _placer(state, command.seat, PLACING)
    ally = state.figure(command.figure)
    if ally is None or ally.kind == FOE or ally.seat != command.seat:
        raise RuleViolation(A2, f"{command.figure!r} is not an Ally of seat {command.seat}")
    require(ally.space[0] < 0, A2, f"{command.figure} is already placed")
    first = next(f for f in state.allies_of(command.seat) if f.space[0] < 0)
    require(first.figure == ally.figure, A2, f"Allies are placed in the order they joined: {first.figure} first")
    space = _space(command.at, A2)
    host, on_tower = placement_tower(state, ally, space)

    def apply(em: Em, rng: Rng) -> None:
        em.emit(m.AllyPlaced, A2, ally.figure, name(space), host, on_tower)
        if not any(f.space[0] < 0 for f in em.state.allies_of(command.seat)):
            _after_placing(em, rng, command.seat)
    return apply


def _after_placing(em: Em, rng: Rng, seat: int) -> None:
    next_placer(em, seat)
    state = em.state
    if state.phase == PLACING and not any(f.space[0] < 0 for f in state.allies()):
        begin_wave(em, rng, 1)


def _after_action(em: Em, rng: Rng, seat: int) -> None:
    """A Wave may be won, or the game lost, by any action (friendly fire included)."""
    if game_lost(em):
        return
    state = em.state
    if not state.foes() and not state.to_enter:
        end_wave(em, rng)
    elif state.phase == PLAYERS and seat_done(state, seat):
        next_seat(em, rng, seat)


def _end_turn(state: KaState, command: m.EndTurn) -> Plan:
    require(not state.finished, B2, "the game is over")
    require(state.phase == PLAYERS and state.seat == command.seat, B2, f"it is seat {state.seat}'s turn")
    require(not state.acting, B2, f"{state.acting} is in the middle of its turn: end it first")
    waiting = [ally for ally in state.allies_of(command.seat) if not ally.done and ally.active]
    for ally in waiting:
        require(not owes_attack(state, ally), D1,
                f"{ally.figure} must attack at least once this turn: it can reach a foe")

    def apply(em: Em, rng: Rng) -> None:
        for ally in waiting:
            em.emit(m.AllyTurnEnded, B2, ally.figure)
        next_seat(em, rng, command.seat)
    return apply


def _start(state: KaState) -> Plan:
    require(state.phase == TOWERS and not state.towers and not state.figures, A2, "the game has begun")

    def apply(em: Em, rng: Rng) -> None:
        start_game(em)
        if em.state.phase == PLACING and not any(f.space[0] < 0 for f in em.state.allies()):
            begin_wave(em, rng, 1)
    return apply


def plan(state: KaState, command: Command) -> Plan:
    """Check `command` against the rules (a RuleViolation if it breaks one) and return
    what it does. Nothing is emitted here: the legal-command lists call this alone."""
    if isinstance(command, StartGame):
        return _start(state)
    if isinstance(command, m.PlaceTower):
        return _place_tower(state, command)
    if isinstance(command, m.PlaceAlly):
        return _place_ally(state, command)
    if isinstance(command, m.EndTurn):
        return _end_turn(state, command)
    return _ally_command(state, command)


def decide(state: KaState, command: Command, rng: Rng) -> list[Event]:
    apply = plan(state, command)
    em: Em = Emitter(state, evolve)
    apply(em, rng)
    return em.events


def _ally_command(state: KaState, command: Command) -> Plan:
    figure_id = getattr(command, "figure", None)
    if not isinstance(figure_id, str):
        raise RuleViolation(B2, f"{type(command).__name__} is not a King's Armory command")
    ally = own_ally(state, command.seat, figure_id)
    aim = Aim(getattr(command, "target", ""), getattr(command, "at", ""), getattr(command, "direction", ""))
    action: Plan
    if isinstance(command, m.Step):
        action = actions.step(state, ally, _space(command.to, C1_STEP_1))
    elif isinstance(command, m.EnterTower):
        action = actions.enter_tower(state, ally, _space(command.to, E_TOWERS))
    elif isinstance(command, m.ExitTower):
        action = actions.exit_tower(state, ally, _space(command.to, E_TOWERS))
    elif isinstance(command, m.Attack):
        action = actions.attack(state, ally, command.attack, aim)
    elif isinstance(command, m.UseSpecial):
        action = use_special(state, ally, command.special, aim)
    elif isinstance(command, m.Tank):
        return actions.tank(state, ally, command.foe)  # passive: nothing follows it
    elif isinstance(command, m.Untank):
        return actions.untank(state, ally, command.foe)
    elif isinstance(command, m.EndAlly):
        action = end_ally(state, ally, command.hold)
    else:
        raise RuleViolation(B2, f"{type(command).__name__} is not a King's Armory command")

    def apply(em: Em, rng: Rng) -> None:
        action(em, rng)
        _after_action(em, rng, command.seat)
    return apply
