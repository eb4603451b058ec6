"""The Movement phase: turning Shields, steps of one or two spaces, flying, picking
up and dropping off at strongholds, reinforcing (guardians MOVEMENT PHASE)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.guardians.board import is_land, neighbours, stronghold_owner, strongholds
from domain.games.guardians.citations import R_FORCE_BARRIER, R_MOVE, R_PICK_UP, R_REINFORCE, R_SLOW_DOWN, text_box
from domain.games.guardians.combat import assault_guardian, start_combat
from domain.games.guardians.effects import Em, move, next_actor
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
from domain.games.guardians.organize import check_shield_room, check_space_room
from domain.games.guardians.room import shield_room, space_room, stacking
from domain.games.guardians.state import (
    DISCARD,
    DROPPED_OFF,
    IN_EFFECT,
    MOVEMENT,
    PICKED_UP,
    REINFORCED,
    GuardiansState,
    Shield,
    face,
    land_owner,
    members,
    on,
    other,
    passes,
    per_state,
    terrain,
    upgrade,
)
from domain.games.guardians.strength import abilities, has, matches, stronghold_face
from domain.kernel import Command, Rng, RuleViolation, require

STEPS = 2


def _my_move(state: GuardiansState, seat: int) -> Shield:
    """The seat's Shield moving now. (The legal list asks this of every candidate move:
    the checks of this module make a message only for a refusal.)"""
    if state.phase != MOVEMENT:
        raise RuleViolation(R_MOVE, f"Shields move in the Movement phase, not in {state.phase}")
    if state.active != seat:
        raise RuleViolation(R_MOVE, f"seat {state.active} turns a Shield now")
    shield = state.shield(state.moving)
    if shield is None:
        raise RuleViolation(R_MOVE, "turn a Shield first")
    return shield


# ---------------------------------------------------------------- turning a Shield


def check_turn_shield(state: GuardiansState, command: TurnShield) -> Shield:
    # (The legal list asks this of every Shield: each message is made only for a refusal.)
    seat = command.seat
    if state.phase != MOVEMENT:
        raise RuleViolation(R_MOVE, f"Shields are turned in the Movement phase, not in {state.phase}")
    if state.active != seat:
        raise RuleViolation(R_MOVE, f"seat {state.active} turns a Shield now")
    require(not state.moving, R_MOVE, "finish the move of the Shield you turned first")
    shield = state.shield(command.shield)
    if shield is None or shield.seat != seat:
        raise RuleViolation(R_MOVE, f"{command.shield} is not a Shield of yours on the board")
    if shield.turned:
        raise RuleViolation(R_MOVE, f"{face(shield.card).name} is turned already this turn")
    return shield


def turn_shield(em: Em, shield: Shield) -> None:
    """Pepe's Slow Down leaves the turned Shield one step; a creature's extra-steps gives
    the Shield carrying it more."""
    if em.state.player(shield.seat).slowed:
        em.emit(ShieldTurned, R_SLOW_DOWN, seat=shield.seat, shield=shield.card, steps=1)
        return
    giver = stepper(em.state, shield)
    if giver:
        extra = sum(a.amount for a in abilities(giver, "extra-steps"))
        em.emit(ShieldTurned, text_box(face(giver).name), seat=shield.seat, shield=shield.card, steps=STEPS + extra)
    else:
        em.emit(ShieldTurned, R_MOVE, seat=shield.seat, shield=shield.card, steps=STEPS)


def stepper(state: GuardiansState, shield: Shield) -> str:
    """The creature whose extra-steps the Shield gets (First Mate Muldoon), "" if none: one
    it carries, the Shield unable to fly and every creature under it of the ability's target."""
    carried = state.zone(shield.seat, members(shield.card))
    for creature in carried:
        if not has(creature, "extra-steps"):
            continue
        target = abilities(creature, "extra-steps")[0].target
        if not flies(state, shield) and all(matches(target, c) for c in carried if face(c).is_creature):
            return creature
    return ""


# ---------------------------------------------------------------- where a Shield may go


@per_state
def flies(state: GuardiansState, shield: Shield) -> bool:
    """A Shield flies if all it carries fly (an empty Shield too: RULES.md)."""
    return airborne(state.zone(shield.seat, members(shield.card)))


def airborne(cards: tuple[str, ...]) -> bool:
    """Whether every creature of a group flies: a flier, or of the target of a creature
    Magic Item of the group that lends its wings (grants-flying: The Black Eye)."""
    grounded = [c for c in cards if face(c).is_creature and not face(c).flying]
    if not grounded:
        return True
    wings = [a.target for c in cards if face(c).lends_wings for a in abilities(c, "grants-flying")]
    return all(any(matches(target, c) for target in wings) for c in grounded)


def barred(state: GuardiansState, space: str) -> bool:
    """A Force Barrier stands there: no movement into, out of or over it this turn."""
    for player in state.players:  # noqa: SIM110  (a loop: any() over a generator costs twice as much here)
        if player.barrier == space:
            return True
    return False


@per_state
def _space_has(state: GuardiansState, space: str, kind: str) -> bool:
    """Whether the terrain on a land, or the stronghold card of a stronghold space, has an
    ability of that kind."""
    if any(has(c, kind) for seat in (1, 2) for c in state.zone(seat, terrain(space))):
        return True
    held = stronghold_face(state, space)
    return held is not None and held.has(kind)


def no_flying_into(state: GuardiansState, space: str) -> bool:
    """No flying Shield may enter or cross the space: Spires (no flying into, out of or
    over it), Khnumian C (no flying to its space), an upgrade that closes all its seat's
    stronghold spaces to fliers (Spikey Crenellations: no-flying-in "strongholds")."""
    return (
        _space_has(state, space, "no-flying")
        or _space_has(state, space, "no-flying-in")
        or _crenellated(state, space)
    )


def _crenellated(state: GuardiansState, space: str) -> bool:
    owner = stronghold_owner(space)
    return bool(owner) and any(
        has(c, "no-flying-in") for s in strongholds(owner) for c in state.zone(owner, upgrade(s))
    )


def no_flying_out_of(state: GuardiansState, space: str) -> bool:
    """No flying Shield may leave the space (Spires)."""
    return _space_has(state, space, "no-flying")


@per_state
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


# ---------------------------------------------------------------- a step


@dataclass(frozen=True, slots=True)
class Stepping:
    """What a step accepted does: a combat with the Shield (`defender_shield`, "" for a
    stronghold space's creatures) holding `defender_zone`, a strike at the enemy
    Guardian (`assault`), or else a plain step."""

    shield: Shield
    defender_shield: str = ""
    defender_zone: str = ""
    assault: bool = False


def check_step(state: GuardiansState, command: Step) -> Stepping:
    """A step of the moving Shield: the checks in the order the rulebook gives them, from
    the move to the way, the manner (walking or flying) and the space stepped onto."""
    shield = stepping(state, command.seat)
    check_way(state, shield, command.to)
    check_manner(state, shield, command.fly)
    return check_step_to(state, shield, command)


def stepping(state: GuardiansState, seat: int) -> Shield:
    """The seat's moving Shield, which may step: neither reinforcing nor at the end of its steps."""
    shield = _my_move(state, seat)
    if state.mode not in ("", "walk", "fly"):
        raise RuleViolation(R_MOVE, "this Shield is reinforcing, not moving")
    if state.steps_left <= 0:
        raise RuleViolation(R_MOVE, "this Shield has moved as far as it may")
    return shield


def check_way(state: GuardiansState, shield: Shield, target: str) -> None:
    """One step, orthogonally, not into, out of or over a Force Barrier's space."""
    here = shield.space
    if target not in neighbours(here):
        raise RuleViolation(R_MOVE, f"{target} is not one step from {here} (no diagonals)")
    if barred(state, here) or barred(state, target):
        raise RuleViolation(R_FORCE_BARRIER, "no movement into, out of or over a Force Barrier's space this turn")


def check_manner(state: GuardiansState, shield: Shield, fly: bool) -> None:
    """A Shield walks or flies the whole move; it flies only carrying nothing but fliers,
    once a turn, and not out of the Spires; walking, it passes only its seat's spaces."""
    if state.mode and fly != (state.mode == "fly"):
        raise RuleViolation(R_MOVE, "a Shield walks or flies the whole move, not both")
    here = shield.space
    if fly:
        if not flies(state, shield):
            raise RuleViolation(R_MOVE, "only a Shield carrying nothing but fliers may fly")
        if state.mode != "fly" and state.player(shield.seat).flew and not spare_flight(state, shield.seat):
            raise RuleViolation(R_MOVE, "you may fly only one Shield per turn (more with an extra-flights card)")
        if no_flying_out_of(state, here):
            raise RuleViolation(R_MOVE, NO_FLYING)
    elif len(state.path) > 1 and not passable(state, shield.seat, here):
        raise RuleViolation(
            R_MOVE, f"a walking Shield may not move past {here} (it needs your terrain and no enemy Shield)"
        )


def spare_flight(state: GuardiansState, seat: int) -> str:
    """A card in effect for the seat that lets it fly one more Shield this turn (Ongo, Air
    Traffic Controller: extra-flights), "" if none."""
    for spell in state.zone(seat, IN_EFFECT):
        if has(spell, "extra-flights"):
            return spell
    return ""


NO_FLYING = ("no flying into, out of or over the Spires, nor into a space whose card forbids it (Khnumian C, Spikey "
             "Crenellations)")


def check_step_to(state: GuardiansState, shield: Shield, command: Step) -> Stepping:
    """What the space stepped onto allows, and what the step does there."""
    seat, here, target, fly = shield.seat, shield.space, command.to, command.fly
    if fly and no_flying_into(state, target):
        raise RuleViolation(R_MOVE, NO_FLYING)
    owner = stronghold_owner(target)
    # An attack on a stronghold space is made from outside it, and the attacker stays
    # outside (RULES.md): it must be free to stand where it is, so no other Shield may
    # stand there, its own or an enemy Shield it has just flown past.
    if owner and owner != seat and any(s.space == here and s.card != shield.card for s in state.shields):
        raise RuleViolation(
            R_MOVE,
            "a Shield cannot attack a stronghold space from a space where another Shield stands "
            "(yours, or an enemy Shield it flies past)",
        )
    enemy = next((s for s in state.shields if s.space == target and s.seat != seat), None)
    if command.past:
        if not (fly and state.steps_left > 1 and enemy is not None and is_land(target)):
            raise RuleViolation(R_MOVE, "only a flying Shield with a step left flies past an enemy Shield on a land")
    elif enemy is not None:
        return Stepping(shield, enemy.card, members(enemy.card))
    if owner and owner != seat:
        if state.zone(other(seat), on(target)):
            return Stepping(shield, "", on(target))
        return Stepping(shield, assault=True)
    mine = state.shield_at(target)
    if mine is not None and mine.card != shield.card:
        if state.steps_left <= 1 or not (fly or passable(state, seat, target)):
            raise RuleViolation(R_MOVE, f"you may pass your own Shield at {target} but not stop there")
        if not _goes_on(state, shield, target, fly):
            raise RuleViolation(
                R_MOVE, f"from {target} your Shield could go no further, and it may not stop on your Shield there"
            )
    return Stepping(shield)


@per_state
def _goes_on(state: GuardiansState, shield: Shield, target: str, fly: bool) -> bool:
    """Whether the moving Shield, stepped onto its own Shield at `target`, could step on
    from there: looked at from where the step would take it, before the step is made.
    (Worked out once a state: the legal list and plan ask it of the same step.)"""
    after = evolve(state, ShieldStepped(**_stepped(state, shield, target, fly)))
    return any(passes(check_step, after, Step(seat=shield.seat, to=space, fly=fly)) for space in neighbours(target))


def _stepped(state: GuardiansState, shield: Shield, target: str, fly: bool) -> dict[str, Any]:
    """The fields of the ShieldStepped a plain step makes; a Shield that takes off shows
    what it carries (only fliers), and so does one stepping beyond the usual two spaces
    by a creature's extra-steps (First Mate Muldoon)."""
    shown = (fly and not state.mode) or (len(state.path) > STEPS and bool(stepper(state, shield)))
    revealed = tuple(state.zone(shield.seat, members(shield.card))) if shown else ()
    return dict(seat=shield.seat, shield=shield.card, from_space=shield.space, to_space=target, fly=fly,
                revealed=revealed)


def step(em: Em, rng: Rng, command: Step, stepping: Stepping) -> None:
    """A step onto an enemy Shield or an enemy stronghold space is an attack; otherwise
    the Shield moves, and its move ends with its last step but on its own stronghold
    space (where it may still pick up and drop off)."""
    shield, target = stepping.shield, command.to
    if command.fly and not em.state.mode and em.state.player(shield.seat).flew:
        spell = spare_flight(em.state, shield.seat)  # a second flight uses up the card allowing it
        move(em, text_box(face(spell).name), shield.seat, (spell,), IN_EFFECT, DISCARD, "another Shield flies")
    if stepping.defender_zone:
        start_combat(em, rng, shield, target, stepping.defender_shield, stepping.defender_zone)
    elif stepping.assault:
        assault_guardian(em, rng, shield, target)
    else:
        em.emit(ShieldStepped, R_MOVE, **_stepped(em.state, shield, target, command.fly))
        if em.state.steps_left == 0 and stronghold_owner(target) != shield.seat:
            end_move(em, rng, shield.seat)


# ---------------------------------------------------------------- picking up and dropping off


def at_home(shield: Shield) -> bool:
    """Whether a Shield stands on one of its seat's stronghold spaces, where it picks up
    and drops off creatures."""
    return shield.space in strongholds(shield.seat)


def _on_my_stronghold(state: GuardiansState, shield: Shield) -> str:
    require(at_home(shield), R_PICK_UP, "your moving Shield must stand on one of your stronghold spaces")
    return shield.space


def check_carries(state: GuardiansState, shield: str, card: str, rule: str) -> None:
    """The Shield may take the card (organize.check_shield_room)."""
    check_shield_room(shield_room(state, shield), face(card).stacking, shield, rule)


def _other_shield(state: GuardiansState, shield: Shield) -> Shield | None:
    """Another Shield of the seat's on the moving Shield's space."""
    return next((s for s in state.shields_of(shield.seat) if s.space == shield.space and s.card != shield.card), None)


def check_pick_up(state: GuardiansState, command: PickUp) -> str:
    """The zone the creature is picked up from."""
    shield = picking_up(state, command.seat)
    zone = state.zone_of(command.card) if command.card.startswith(f"{command.seat}.") else ""
    check_picked(state, shield, command.card, zone)
    return zone


def picking_up(state: GuardiansState, seat: int) -> Shield:
    """The seat's moving Shield, which may pick up: not reinforcing, on a stronghold space of its seat."""
    shield = _my_move(state, seat)
    require(state.mode != "reinforce", R_PICK_UP, "a reinforcing Shield does not pick up")
    _on_my_stronghold(state, shield)
    return shield


def check_picked(state: GuardiansState, shield: Shield, card: str, zone: str) -> None:
    """A creature on the space, or under an unturned Shield of the seat's there, not yet
    moved at this stronghold, a flier for a flying Shield, within the Shield's limit."""
    space = shield.space
    other_shield = _other_shield(state, shield)
    sources = {on(space)}
    if other_shield is not None:
        require(not other_shield.turned, R_PICK_UP, "you cannot pick up from a space with a turned Shield")
        sources.add(members(other_shield.card))
    if not (zone in sources and face(card).is_creature):
        raise RuleViolation(R_PICK_UP, f"{card} is not a creature on {space}")
    require(card not in state.handled, R_PICK_UP, "that creature was moved at this stronghold already")
    if state.mode == "fly" and not airborne((*state.zone(shield.seat, members(shield.card)), card)):
        raise RuleViolation(R_PICK_UP, f"a flying Shield carries only fliers; {face(card).name} does not fly")
    check_carries(state, shield.card, card, R_PICK_UP)


def pick_up(em: Em, command: PickUp, zone: str) -> None:
    move(em, R_PICK_UP, command.seat, (command.card,), zone, members(em.state.moving), PICKED_UP)


def check_drop_off(state: GuardiansState, command: DropOff) -> str:
    """The zone the creature is dropped into: the space, or a turned Shield of yours there."""
    return check_dropped(state, dropping_off(state, command.seat), command.card)


def dropping_off(state: GuardiansState, seat: int) -> Shield:
    """The seat's moving Shield, which may drop off: on a stronghold space of its seat."""
    shield = _my_move(state, seat)
    _on_my_stronghold(state, shield)
    return shield


def check_dropped(state: GuardiansState, shield: Shield, card: str) -> str:
    """A creature the moving Shield carries, not yet moved at this stronghold, onto the
    space or under a turned Shield of the seat's there, within their limits: where it goes."""
    seat, space = shield.seat, shield.space
    require(card not in state.handled, R_PICK_UP, "that creature was moved at this stronghold already")
    carried = state.zone(seat, members(shield.card))
    if card not in carried or not face(card).is_creature:
        raise RuleViolation(R_PICK_UP, f"{card} is not a creature under your moving Shield")
    other_shield = _other_shield(state, shield)
    require(
        other_shield is None or other_shield.turned,
        R_PICK_UP,
        "you cannot drop a creature onto a space with an unturned Shield",
    )
    if other_shield is not None:
        check_carries(state, other_shield.card, card, R_PICK_UP)
    # The moving Shield's creatures count on its space already: the one dropped stays there.
    check_space_room(space_room(state, seat, space) + stacking(carried), stacking((card,)), space, R_PICK_UP)
    return members(other_shield.card) if other_shield is not None else on(space)


def drop_off(em: Em, command: DropOff, target: str) -> None:
    move(em, R_PICK_UP, command.seat, (command.card,), members(em.state.moving), target, DROPPED_OFF)


# ---------------------------------------------------------------- reinforcing


@per_state
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


def reinforcing(state: GuardiansState, seat: int) -> None:
    """The seat's turned Shield may reinforce: it has neither moved nor done anything else."""
    _my_move(state, seat)
    if state.mode not in ("", "reinforce") or len(state.path) != 1:
        raise RuleViolation(R_REINFORCE, "a Shield that moved does not also reinforce")


def check_reinforce(state: GuardiansState, command: Reinforce) -> str:
    """The zone the creature comes from."""
    seat = command.seat
    reinforcing(state, seat)
    zone = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    check_reinforcement(state, seat, command.card, zone, state.shield(command.shield))
    return zone


def check_reinforcement(state: GuardiansState, seat: int, card: str, zone: str, target: Shield | None) -> None:
    """A creature of the seat's in `zone` may go to the Shield `target`: a turned Shield of
    the seat's, within its reach and the Shield's limit, from a stronghold space or an
    unturned Shield standing on one."""
    if target is None or target.seat != seat or not target.turned:
        raise RuleViolation(R_REINFORCE, "reinforce a turned Shield of yours (not one still unturned)")
    space = zone.split(":", 1)[1] if zone.startswith("on:") else ""
    if zone.startswith("shield:"):
        holder = state.shield(zone.split(":", 1)[1])
        if holder is not None and not holder.turned and holder.space in strongholds(seat):
            space = holder.space
    if not space or space not in strongholds(seat) or not face(card).is_creature:
        raise RuleViolation(R_REINFORCE, f"{card} is not a creature on your strongholds outside a turned Shield")
    if space == target.space and zone == members(target.card):
        raise RuleViolation(R_REINFORCE, "that creature is under this Shield already")
    if space != target.space and not reach(state, seat, space, target.space, face(card).flying):
        raise RuleViolation(R_REINFORCE, f"{card} cannot reach {target.space} from {space}")
    check_carries(state, target.card, card, R_REINFORCE)


def reinforce(em: Em, command: Reinforce, zone: str) -> None:
    move(em, R_REINFORCE, command.seat, (command.card,), zone, members(command.shield), REINFORCED)


# ---------------------------------------------------------------- the end of a move


def check_end_move(state: GuardiansState, command: EndMove) -> None:
    shield = _my_move(state, command.seat)
    standing = [s for s in state.shields if s.space == shield.space and s.card != shield.card]
    if standing:
        raise RuleViolation(R_MOVE, f"your Shield may not stop where another Shield stands ({shield.space})")


def end_move(em: Em, rng: Rng, seat: int) -> None:
    em.emit(MoveEnded, R_MOVE, seat=seat, shield=em.state.moving)
    next_actor(em, rng, seat)


# ---------------------------------------------------------------- the moves legal now


def steps(state: GuardiansState, seat: int) -> list[Command]:
    """The Step commands check_step accepts: to each space next to the moving Shield,
    walking, flying, and flying past an enemy Shield there. Each of check_step's checks
    is asked once for what it looks at: the move, each manner, each way, each step."""
    try:
        shield = stepping(state, seat)
    except RuleViolation:
        return []
    manners = [fly for fly in (False, True) if passes(check_manner, state, shield, fly)]
    found: list[Command] = []
    for space in neighbours(shield.space):
        if not passes(check_way, state, shield, space):
            continue
        candidates = [Step(seat=seat, to=space, fly=fly) for fly in manners]
        if True in manners and any(s.space == space and s.seat != seat for s in state.shields):
            candidates.append(Step(seat=seat, to=space, fly=True, past=True))
        found += [c for c in candidates if passes(check_step_to, state, shield, c)]
    return found


def exchanges(state: GuardiansState, seat: int, shield: Shield) -> list[Command]:
    """The DropOff and PickUp commands the checks accept, the moving Shield standing on a
    stronghold space of its seat: what it carries, what lies on the space and under
    another Shield of the seat's there."""
    found: list[Command] = []
    if passes(dropping_off, state, seat):
        found += [
            DropOff(seat=seat, card=c)
            for c in state.zone(seat, members(shield.card))
            if passes(check_dropped, state, shield, c)
        ]
    if not passes(picking_up, state, seat):
        return found
    zones = [on(shield.space)]
    zones += [members(s.card) for s in state.shields_of(seat) if s.space == shield.space and s.card != shield.card]
    for zone in zones:
        found += [
            PickUp(seat=seat, card=c) for c in state.zone(seat, zone) if passes(check_picked, state, shield, c, zone)
        ]
    return found


def reinforcements(state: GuardiansState, seat: int) -> list[Command]:
    """The Reinforce commands the checks accept: a creature on a stronghold space of the
    seat, or under its unturned Shield there, to each turned Shield of the seat's."""
    try:
        reinforcing(state, seat)
    except RuleViolation:
        return []
    turned = [s for s in state.shields_of(seat) if s.turned]
    found: list[Command] = []
    for space in strongholds(seat):
        zones = [on(space)]
        holder = state.shield_at(space)
        if holder is not None and holder.seat == seat and not holder.turned:
            zones.append(members(holder.card))
        for zone in zones:
            for card in state.zone(seat, zone):
                found += [
                    Reinforce(seat=seat, card=card, shield=target.card)
                    for target in turned
                    if passes(check_reinforcement, state, seat, card, zone, target)
                ]
    return found
