"""Terrain Settlement: every Shield on a land without terrain settles it, with a
Terrain card, a card face down for a Power Stone, or a creature given up (guardians
TERRAIN SETTLEMENT PHASE). The phase's beginning, where terrain under enemy Shields
changes hands, is the turn's flow (effects.begin_settlement)."""

from __future__ import annotations

from domain.games.guardians.citations import R_SETTLEMENT
from domain.games.guardians.effects import Em, begin_organize, move, note_text, settle_stuck, victory_by_shields
from domain.games.guardians.messages import (
    DropCreature,
    LandSettled,
    PlaceTerrain,
    ShieldDestroyed,
    StonesSpent,
    TerrainPlaced,
)
from domain.games.guardians.state import (
    DISCARD,
    PEN,
    SETTLEMENT,
    STORAGE,
    GuardiansState,
    check_face_down,
    face,
    facedown,
    is_terrain,
    members,
    passes,
    stock,
    terrain,
)
from domain.kernel import Command, Rng, RuleViolation


def _settling(state: GuardiansState, seat: int, land: str) -> None:
    if state.phase != SETTLEMENT:
        raise RuleViolation(R_SETTLEMENT, f"lands are settled in the Terrain Settlement phase, not {state.phase}")
    shield = state.shield_at(land)
    if not (land in state.settling and shield is not None and shield.seat == seat):
        raise RuleViolation(R_SETTLEMENT, f"{land} is not a land of yours waiting to be settled")


def check_place_terrain(state: GuardiansState, command: PlaceTerrain) -> str:
    """The zone the card comes from: the seat's Creature Pen or Storage Hand."""
    seat = command.seat
    _settling(state, seat, command.land)
    source = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    if source not in (PEN, STORAGE):
        raise RuleViolation(R_SETTLEMENT, f"{command.card} is not in your Creature Pen or Storage Hand")
    if command.face_down:
        check_face_down(state, seat)
    else:
        if not is_terrain(command.card):
            raise RuleViolation(
                R_SETTLEMENT, f"{face(command.card).name} is not a Terrain card (play it face down for a stone)"
            )
    return source


def place_terrain(em: Em, rng: Rng, command: PlaceTerrain, source: str) -> None:
    seat, land = command.seat, command.land
    if command.face_down:
        em.emit(StonesSpent, R_SETTLEMENT, seat=seat, count=1, reason=f"face-down terrain on {land}")
        target = facedown(land)
    else:
        target = terrain(land)
    move(em, R_SETTLEMENT, seat, (command.card,), source, target, "terrain")
    em.emit(
        TerrainPlaced,
        R_SETTLEMENT,
        seat=seat,
        land=land,
        card="" if command.face_down else command.card,
        face_down=command.face_down,
    )
    if not command.face_down:
        note_text(em, seat, command.card)
    _settled(em, rng, seat, land)


def check_drop_creature(state: GuardiansState, command: DropCreature) -> None:
    _settling(state, command.seat, command.land)
    check_given_up(state, command.seat, command.land, command.card)


def check_given_up(state: GuardiansState, seat: int, land: str, card: str) -> None:
    """Only a creature under the seat's Shield on the land is given up."""
    shield = state.shield_at(land)
    assert shield is not None
    if not (card in state.zone(seat, members(shield.card)) and face(card).is_creature):
        raise RuleViolation(R_SETTLEMENT, f"{card} is not a creature under your Shield on {land}")


def drop_creature(em: Em, rng: Rng, command: DropCreature) -> None:
    seat, land = command.seat, command.land
    shield = em.state.shield_at(land)
    assert shield is not None
    zone = members(shield.card)
    move(em, R_SETTLEMENT, seat, (command.card,), zone, DISCARD, "given up: no terrain played")
    if not any(face(c).is_creature for c in em.state.zone(seat, zone)):
        em.emit(ShieldDestroyed, R_SETTLEMENT, seat=seat, shield=shield.card, reason="its last creature was given up")
        if victory_by_shields(em):
            return
    _settled(em, rng, seat, land)


def _settled(em: Em, rng: Rng, seat: int, land: str) -> None:
    em.emit(LandSettled, R_SETTLEMENT, seat=seat, land=land)
    if not em.state.finished:
        settle_stuck(em)
    if not em.state.settling and not em.state.finished:
        begin_organize(em, rng)


def settlements(state: GuardiansState, seat: int) -> list[Command]:
    """The commands the checks accept now, for each land of the seat's to settle: each
    Terrain card of its Pen and Storage Hand face up, each of their cards face down,
    each creature under its Shield there given up."""
    found: list[Command] = []
    cards = stock(state, seat)
    face_down = passes(check_face_down, state, seat)
    for land in state.settling:
        if not passes(_settling, state, seat, land):
            continue
        found += [PlaceTerrain(seat=seat, land=land, card=c) for c in cards if is_terrain(c)]
        if face_down:
            found += [PlaceTerrain(seat=seat, land=land, card=c, face_down=True) for c in cards]
        shield = state.shield_at(land)
        assert shield is not None
        found += [
            DropCreature(seat=seat, land=land, card=c)
            for c in state.zone(seat, members(shield.card))
            if passes(check_given_up, state, seat, land, c)
        ]
    return found
