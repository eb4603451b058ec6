"""The Movement phase: turning Shields, steps of one or two spaces, flying, picking
up and dropping off at strongholds, reinforcing (guardians MOVEMENT PHASE)."""

from __future__ import annotations

from typing import Any

from domain.games.guardians.board import is_land, neighbours, stronghold_owner, strongholds
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import (
    DropOff,
    EndMove,
    MoveEnded,
    PickUp,
    Reinforce,
    ShieldStepped,
    ShieldTurned,
    Step,
    TurnShield,
)
from domain.games.guardians.state import (
    DROPPED_OFF,
    MOVEMENT,
    PICKED_UP,
    REINFORCED,
    GuardiansState,
    Shield,
    members,
    on,
    other,
    seat_of,
    terrain,
)
from domain.games.guardians.strength import face, has, stronghold_face
from domain.games.guardians.turns import (
    R_MOVE,
    R_PICK_UP,
    R_REINFORCE,
    SPACE_LIMIT,
    Em,
    accepts,
    land_owner,
    move,
    next_actor,
    space_points,
    stacking,
)
from domain.kernel import Command, RuleViolation, require
from domain.kernel.records import builder

STEPS = 2
R_BARRIER = "guardians Text Box (Force Barrier)"
R_SLOW_DOWN = "guardians Text Box (Pepe's Slow Down)"


def _my_move(state: GuardiansState, seat: int) -> Shield:
    require(state.phase == MOVEMENT, R_MOVE, f"Shields move in the Movement phase, not in {state.phase}")
    require(state.active == seat, R_MOVE, f"seat {state.active} turns a Shield now")
    shield = state.shield(state.moving)
    if shield is None:
        raise RuleViolation(R_MOVE, "turn a Shield first")
    return shield


def turn_shield(em: Em, command: TurnShield) -> None:
    state, seat = em.state, command.seat
    require(state.phase == MOVEMENT, R_MOVE, f"Shields are turned in the Movement phase, not in {state.phase}")
    require(state.active == seat, R_MOVE, f"seat {state.active} turns a Shield now")
    require(not state.moving, R_MOVE, "finish the move of the Shield you turned first")
    shield = state.shield(command.shield)
    require(
        shield is not None and shield.seat == seat, R_MOVE, f"{command.shield} is not a Shield of yours on the board"
    )
    assert shield is not None
    require(not shield.turned, R_MOVE, f"{face(shield.card).name} is turned already this turn")
    if state.player(seat).slowed:
        em.emit(ShieldTurned, R_SLOW_DOWN, seat=seat, shield=shield.card, steps=1)
    else:
        em.emit(ShieldTurned, R_MOVE, seat=seat, shield=shield.card, steps=STEPS)


def flies(state: GuardiansState, shield: Shield) -> bool:
    """A Shield flies if all it carries fly (an empty Shield too: RULES.md)."""
    return all(face(c).flying for c in state.zone(shield.seat, members(shield.card)) if face(c).is_creature)


def barred(state: GuardiansState, space: str) -> bool:
    """A Force Barrier stands there: no movement into, out of or over it this turn."""
    for player in state.players:  # noqa: SIM110  (a loop: any() over a generator costs twice as much here)
        if player.barrier == space:
            return True
    return False


def _space_has(state: GuardiansState, space: str, kind: str) -> bool:
    """Whether the terrain on a land, or the stronghold card of a stronghold space, has an
    ability of that kind."""
    if any(has(c, kind) for seat in (1, 2) for c in state.zone(seat, terrain(space))):
        return True
    held = stronghold_face(state, space)
    return held is not None and held.has(kind)


def no_flying_into(state: GuardiansState, space: str) -> bool:
    """No flying Shield may enter or cross the space: Spires (no flying into, out of or
    over it), Khnumian C (no flying to its space)."""
    return _space_has(state, space, "no-flying") or _space_has(state, space, "no-flying-in")


def no_flying_out_of(state: GuardiansState, space: str) -> bool:
    """No flying Shield may leave the space (Spires)."""
    return _space_has(state, space, "no-flying")


def passable(state: GuardiansState, seat: int, space: str) -> bool:
    """Whether a walking Shield may pass over a space: your own land with terrain on it,
    or your own stronghold space; never a space with no terrain, the enemy's terrain or
    an enemy Shield (guardians Movement)."""
    enemy = state.shield_at(space)
    if enemy is not None and enemy.seat != seat:
        return False
    if is_land(space):
        has_terrain = any(state.zone(s, terrain(space)) or state.zone(s, f"facedown:{space}") for s in (1, 2))
        return has_terrain and land_owner(state, space) == seat
    return stronghold_owner(space) == seat


def step(em: Em, command: Step) -> None:
    from domain.games.guardians.combat import assault_guardian, start_combat

    state, seat = em.state, command.seat
    shield = _my_move(state, seat)
    require(state.mode in ("", "walk", "fly"), R_MOVE, "this Shield is reinforcing, not moving")
    require(state.steps_left > 0, R_MOVE, "this Shield has moved as far as it may")
    here = shield.space
    require(command.to in neighbours(here), R_MOVE, f"{command.to} is not one step from {here} (no diagonals)")
    require(
        not barred(state, here) and not barred(state, command.to),
        R_BARRIER,
        "no movement into, out of or over a Force Barrier's space this turn",
    )
    fly = command.fly
    if state.mode:
        require(fly == (state.mode == "fly"), R_MOVE, "a Shield walks or flies the whole move, not both")
    if fly:
        require(flies(state, shield), R_MOVE, "only a Shield carrying nothing but fliers may fly")
        require(state.mode == "fly" or not state.player(seat).flew, R_MOVE, "you may fly only one Shield per turn")
        require(
            not no_flying_out_of(state, here) and not no_flying_into(state, command.to),
            R_MOVE,
            "no flying into, out of or over the Spires, nor into a space whose card forbids it (Khnumian C)",
        )
    elif len(state.path) > 1:
        require(
            passable(state, seat, here),
            R_MOVE,
            f"a walking Shield may not move past {here} (it needs your terrain and no enemy Shield)",
        )
    target = command.to
    owner = stronghold_owner(target)
    if owner and owner != seat:
        # An attack on a stronghold space is made from outside it, and the attacker stays
        # outside (RULES.md): it must be free to stand where it is, so no other Shield may
        # stand there, its own or an enemy Shield it has just flown past.
        require(
            not any(s.space == here and s.card != shield.card for s in state.shields),
            R_MOVE,
            "a Shield cannot attack a stronghold space from a space where another Shield stands "
            "(yours, or an enemy Shield it flies past)",
        )
    enemy = next((s for s in state.shields if s.space == target and s.seat != seat), None)
    if command.past:
        require(
            fly and state.steps_left > 1 and enemy is not None and is_land(target),
            R_MOVE,
            "only a flying Shield with a step left flies past an enemy Shield on a land",
        )
    elif enemy is not None:
        start_combat(em, shield, target, enemy.card, members(enemy.card))
        return
    if owner and owner != seat:
        if em.state.zone(other(seat), on(target)):
            start_combat(em, shield, target, "", on(target))
        else:
            assault_guardian(em, shield, target)
        return
    revealed = tuple(state.zone(seat, members(shield.card))) if fly and not state.mode else ()
    stepped: dict[str, Any] = dict(seat=seat, shield=shield.card, from_space=here, to_space=target, fly=fly)
    stepped["revealed"] = revealed
    mine = state.shield_at(target)
    if mine is not None and mine.card != shield.card:
        require(
            state.steps_left > 1 and (fly or passable(state, seat, target)),
            R_MOVE,
            f"you may pass your own Shield at {target} but not stop there",
        )
        # Looked at from where the step would take it, before the step is made: every check
        # comes before a command's first event (turns.accepts).
        require(
            _goes_on(evolve(state, ShieldStepped(**stepped)), seat, fly),
            R_MOVE,
            f"from {target} your Shield could go no further, and it may not stop on your Shield there",
        )
    em.emit(ShieldStepped, R_MOVE, **stepped)
    if em.state.steps_left == 0 and stronghold_owner(target) != seat:
        end_move(em, EndMove(seat=seat))


def _goes_on(state: GuardiansState, seat: int, fly: bool) -> bool:
    """Whether the moving Shield, passing over another of its seat's, has a next step."""
    shield = state.shield(state.moving)
    assert shield is not None
    return any(accepts(step, state, Step(seat=seat, to=space, fly=fly)) for space in neighbours(shield.space))


def _on_my_stronghold(state: GuardiansState, shield: Shield) -> str:
    require(
        shield.space in strongholds(shield.seat),
        R_PICK_UP,
        "your moving Shield must stand on one of your stronghold spaces",
    )
    return shield.space


def _require_room(state: GuardiansState, shield: str, card: str, rule: str) -> None:
    """A Shield carries at most its limit in stacking points (guardians Place Creatures)."""
    points = stacking(state.zone(seat_of(shield), members(shield))) + face(card).stacking
    limit = face(shield).shield_limit
    require(points <= limit, rule, f"the Shield would carry {points} points; it holds {limit}")


def _spare(state: GuardiansState, shield: str) -> int:
    """The stacking points a Shield may still take on (_require_room)."""
    return face(shield).shield_limit - stacking(state.zone(seat_of(shield), members(shield)))


def pick_up(em: Em, command: PickUp) -> None:
    state, seat = em.state, command.seat
    shield = _my_move(state, seat)
    require(state.mode != "reinforce", R_PICK_UP, "a reinforcing Shield does not pick up")
    space = _on_my_stronghold(state, shield)
    zone = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    other_shield = next((s for s in state.shields_of(seat) if s.space == space and s.card != shield.card), None)
    sources = {on(space)}
    if other_shield is not None:
        require(not other_shield.turned, R_PICK_UP, "you cannot pick up from a space with a turned Shield")
        sources.add(members(other_shield.card))
    require(
        zone in sources and face(command.card).is_creature, R_PICK_UP, f"{command.card} is not a creature on {space}"
    )
    require(command.card not in state.handled, R_PICK_UP, "that creature was moved at this stronghold already")
    require(
        state.mode != "fly" or face(command.card).flying,
        R_PICK_UP,
        f"a flying Shield carries only fliers; {face(command.card).name} does not fly",
    )
    _require_room(state, shield.card, command.card, R_PICK_UP)
    move(em, R_PICK_UP, seat, (command.card,), zone, members(shield.card), PICKED_UP)


def drop_off(em: Em, command: DropOff) -> None:
    state, seat = em.state, command.seat
    shield = _my_move(state, seat)
    space = _on_my_stronghold(state, shield)
    require(command.card not in state.handled, R_PICK_UP, "that creature was moved at this stronghold already")
    require(
        command.card in state.zone(seat, members(shield.card)) and face(command.card).is_creature,
        R_PICK_UP,
        f"{command.card} is not a creature under your moving Shield",
    )
    other_shield = next((s for s in state.shields_of(seat) if s.space == space and s.card != shield.card), None)
    require(
        other_shield is None or other_shield.turned,
        R_PICK_UP,
        "you cannot drop a creature onto a space with an unturned Shield",
    )
    target = members(other_shield.card) if other_shield is not None else on(space)
    if other_shield is not None:
        _require_room(state, other_shield.card, command.card, R_PICK_UP)
    points = (
        space_points(state, seat, space)
        - stacking(state.zone(seat, members(shield.card)))
        + face(command.card).stacking
    )
    require(points <= SPACE_LIMIT, R_PICK_UP, f"{space} would hold {points} points; the limit is {SPACE_LIMIT}")
    move(em, R_PICK_UP, seat, (command.card,), members(shield.card), target, DROPPED_OFF)


def reach(state: GuardiansState, seat: int, start: str, goal: str, flying: bool) -> bool:
    """Whether a creature may travel from a stronghold space to a Shield within two steps
    (never into, out of or over a Force Barrier's space)."""
    if barred(state, start) or barred(state, goal):
        return False
    if goal in neighbours(start):
        return True
    return any(
        goal in neighbours(middle)
        and not barred(state, middle)
        and ((flying and not no_flying_into(state, middle)) or passable(state, seat, middle))
        for middle in neighbours(start)
    )


def reinforce(em: Em, command: Reinforce) -> None:
    state, seat = em.state, command.seat
    _my_move(state, seat)
    require(
        state.mode in ("", "reinforce") and len(state.path) == 1,
        R_REINFORCE,
        "a Shield that moved does not also reinforce",
    )
    target = state.shield(command.shield)
    require(
        target is not None and target.seat == seat and target.turned,
        R_REINFORCE,
        "reinforce a turned Shield of yours (not one still unturned)",
    )
    assert target is not None
    zone = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    space = zone.split(":", 1)[1] if zone.startswith("on:") else ""
    if zone.startswith("shield:"):
        holder = state.shield(zone.split(":", 1)[1])
        if holder is not None and not holder.turned and holder.space in strongholds(seat):
            space = holder.space
    require(
        bool(space) and space in strongholds(seat) and face(command.card).is_creature,
        R_REINFORCE,
        f"{command.card} is not a creature on your strongholds outside a turned Shield",
    )
    require(
        space != target.space or zone != members(target.card), R_REINFORCE, "that creature is under this Shield already"
    )
    require(
        reach(state, seat, space, target.space, face(command.card).flying) or space == target.space,
        R_REINFORCE,
        f"{command.card} cannot reach {target.space} from {space}",
    )
    _require_room(state, target.card, command.card, R_REINFORCE)
    move(em, R_REINFORCE, seat, (command.card,), zone, members(target.card), REINFORCED)


def end_move(em: Em, command: EndMove) -> None:
    state, seat = em.state, command.seat
    shield = _my_move(state, seat)
    standing = [s for s in state.shields if s.space == shield.space and s.card != shield.card]
    require(not standing, R_MOVE, f"your Shield may not stop where another Shield stands ({shield.space})")
    em.emit(MoveEnded, R_MOVE, seat=seat, shield=shield.card)
    next_actor(em, seat)


# ---------------------------------------------------------------- the moves legal now
# legal_commands lists these without deciding each candidate (issue 14: deciding them
# cost most of the rules' time). Each states the checks of its command above, for a
# seat whose move it is (_my_move holds), in legal_commands' order; any change to a
# check above changes it here too, and tests/guardians/test_legal_commands.py holds the
# two equal.


def steps(state: GuardiansState, seat: int, shield: Shield) -> list[Command]:
    """The Step commands step() accepts: to each space next to the moving Shield,
    walking, flying, and flying past an enemy Shield there."""
    here, mode, left = shield.space, state.mode, state.steps_left
    if mode not in ("", "walk", "fly") or left <= 0 or barred(state, here):
        return []
    walks = mode != "fly" and (len(state.path) <= 1 or passable(state, seat, here))
    may_fly = mode == "fly" or (not mode and not state.player(seat).flew)
    flights = may_fly and flies(state, shield) and not no_flying_out_of(state, here)
    crowded = any(s.space == here and s.card != shield.card for s in state.shields)
    found: list[Command] = []
    for space in neighbours(here):
        owner = stronghold_owner(space)
        attack = bool(owner) and owner != seat
        enemy = any(s.space == space and s.seat != seat for s in state.shields)
        if barred(state, space) or (attack and crowded):
            continue
        flown = flights and not no_flying_into(state, space)
        # Onto a Shield of its own, step() asks whether the Shield could go on from there.
        onto = not enemy and not attack and state.shield_at(space) is not None
        for fly in (fly for fly, able in ((False, walks), (True, flown)) if able):
            command = _step(seat=seat, to=space, fly=fly)
            if not onto or accepts(step, state, command):
                found.append(command)
        if enemy and flown and left > 1 and is_land(space):
            past = Step(seat=seat, to=space, fly=True, past=True)
            if accepts(step, state, past):
                found.append(past)
    return found


def exchanges(state: GuardiansState, seat: int, shield: Shield) -> list[Command]:
    """The DropOff and PickUp commands drop_off() and pick_up() accept, the moving Shield
    standing on a stronghold space of its seat."""
    space, mode = shield.space, state.mode
    carried = state.zone(seat, members(shield.card))
    others = [s for s in state.shields_of(seat) if s.space == space and s.card != shield.card]
    beside = others[0] if others else None
    found: list[Command] = []
    # drop_off: onto the space, or under a turned Shield of yours there, within the limits
    if beside is None or beside.turned:
        free = SPACE_LIMIT - (space_points(state, seat, space) - stacking(carried))
        room = min(free, _spare(state, beside.card)) if beside is not None else free
        found += [
            _drop_off(seat=seat, card=card)
            for card in carried
            if card not in state.handled and face(card).is_creature and face(card).stacking <= room
        ]
    # pick_up: from the space, or from under an unturned Shield of yours there, into the moving Shield
    if mode == "reinforce" or (beside is not None and beside.turned):
        return found
    room = _spare(state, shield.card)
    usable = (on(space), *(members(s.card) for s in others[:1]))
    for zone in (on(space), *(members(s.card) for s in others)):
        found += [
            _pick_up(seat=seat, card=card)
            for card in state.zone(seat, zone)
            if zone in usable
            and face(card).is_creature
            and card not in state.handled
            and (mode != "fly" or face(card).flying)
            and face(card).stacking <= room
        ]
    return found


def reinforcements(state: GuardiansState, seat: int) -> list[Command]:
    """The Reinforce commands reinforce() accepts: a creature on a stronghold space of
    the seat, or under its unturned Shield there, to a turned Shield of its within reach
    and its limit."""
    if state.mode not in ("", "reinforce") or len(state.path) != 1:
        return []
    turned = [(s, _spare(state, s.card)) for s in state.shields_of(seat) if s.turned]
    reaches: dict[tuple[str, str, bool], bool] = {}
    found: list[Command] = []
    for space in strongholds(seat):
        cards = list(state.zone(seat, on(space)))
        holder = state.shield_at(space)
        if holder is not None and holder.seat == seat and not holder.turned:
            cards += state.zone(seat, members(holder.card))
        for card in cards:
            info = face(card)
            if not info.is_creature:
                continue
            for target, room in turned:
                way = (space, target.space, info.flying)
                if way not in reaches:
                    reaches[way] = space == target.space or reach(state, seat, *way)
                if reaches[way] and info.stacking <= room:
                    found.append(_reinforce(seat=seat, card=card, shield=target.card))
    return found


_step, _drop_off, _pick_up, _reinforce = builder(Step), builder(DropOff), builder(PickUp), builder(Reinforce)
"""The commands built several times faster, as legal_commands builds them."""
