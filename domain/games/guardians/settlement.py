"""Terrain Settlement: terrain under enemy Shields changes hands, and every Shield on
a land without terrain settles it (guardians TERRAIN SETTLEMENT PHASE)."""

from __future__ import annotations

from domain.games.guardians.board import LANDS
from domain.games.guardians.messages import (
    DropCreature,
    LandSettled,
    PhaseStarted,
    PlaceTerrain,
    ShieldDestroyed,
    StonesSpent,
    TerrainPlaced,
)
from domain.games.guardians.state import DISCARD, PEN, SETTLEMENT, STORAGE, GuardiansState, facedown, members, terrain
from domain.games.guardians.strength import face
from domain.games.guardians.turns import R_SETTLEMENT, Em, begin_organize, check_shields, move, note_text
from domain.kernel import Command, require

TERRAIN_KINDS = ("terrain", "shield-terrain")
"""The cards played face up on a land (guardians TERRAIN SETTLEMENT PHASE)."""


def start_settlement(em: Em) -> None:
    """Terrain with an enemy Shield on it goes to its owner's discard pile; then the
    lands to settle are those with a Shield and no terrain card."""
    state = em.state
    for land in LANDS:
        shield = state.shield_at(land)
        if shield is None:
            continue
        for seat in (1, 2):
            if seat == shield.seat:
                continue
            for zone in (terrain(land), facedown(land)):
                cards = state.zone(seat, zone)
                if cards:
                    move(em, R_SETTLEMENT, seat, cards, zone, DISCARD, "terrain taken by the enemy's Shield")
    em.emit(PhaseStarted, R_SETTLEMENT, phase=SETTLEMENT, turn=em.state.turn)
    _settle_stuck(em)
    if not em.state.settling and not em.state.finished:
        begin_organize(em)


def _stock(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The cards a seat settles lands with: its Creature Pen and Storage Hand."""
    return (*state.zone(seat, PEN), *state.zone(seat, STORAGE))


def _holds_terrain(cards: tuple[str, ...]) -> bool:
    return any(face(c).kind in TERRAIN_KINDS for c in cards)


def may_lay_face_down(state: GuardiansState, seat: int) -> bool:
    """A card face down for a Power Stone, only by a seat that holds no Terrain card
    (guardians TERRAIN SETTLEMENT PHASE)."""
    cards = _stock(state, seat)
    return state.player(seat).stones > 0 and bool(cards) and not _holds_terrain(cards)


def _options(state: GuardiansState, land: str) -> bool:
    shield = state.shield_at(land)
    if shield is None:
        return False
    seat = shield.seat
    creatures = any(face(c).is_creature for c in state.zone(seat, members(shield.card)))
    return _holds_terrain(_stock(state, seat)) or may_lay_face_down(state, seat) or creatures


def _settle_stuck(em: Em) -> None:
    """A Shield with no terrain to play, no stone and no creature to give up is lost.
    Checked when the phase starts and again after each land is settled: a seat's
    Terrain cards and stones serve all its lands, so settling one may use up another's
    last way (RULES.md, A Shield that cannot settle its land)."""
    for land in em.state.settling:
        if not _options(em.state, land):
            shield = em.state.shield_at(land)
            assert shield is not None
            em.emit(
                ShieldDestroyed, R_SETTLEMENT, seat=shield.seat, shield=shield.card, reason="could not settle its land"
            )
            em.emit(LandSettled, R_SETTLEMENT, seat=shield.seat, land=land)
            if check_shields(em):
                return


def _settling(state: GuardiansState, seat: int, land: str) -> None:
    require(
        state.phase == SETTLEMENT, R_SETTLEMENT, f"lands are settled in the Terrain Settlement phase, not {state.phase}"
    )
    shield = state.shield_at(land)
    require(
        land in state.settling and shield is not None and shield.seat == seat,
        R_SETTLEMENT,
        f"{land} is not a land of yours waiting to be settled",
    )


def place_terrain(em: Em, command: PlaceTerrain) -> None:
    state, seat, land = em.state, command.seat, command.land
    _settling(state, seat, land)
    source = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    require(source in (PEN, STORAGE), R_SETTLEMENT, f"{command.card} is not in your Creature Pen or Storage Hand")
    if command.face_down:
        require(
            state.player(seat).stones > 0, R_SETTLEMENT, "a face-down terrain costs a Power Stone and you have none"
        )
        require(
            not _holds_terrain(_stock(state, seat)),
            R_SETTLEMENT,
            "you hold a Terrain card: play it, or give up a creature (a card goes face down only when you have none)",
        )
        em.emit(StonesSpent, R_SETTLEMENT, seat=seat, count=1, reason=f"face-down terrain on {land}")
        target = facedown(land)
    else:
        require(
            face(command.card).kind in TERRAIN_KINDS,
            R_SETTLEMENT,
            f"{face(command.card).name} is not a Terrain card (play it face down for a stone)",
        )
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
    _settled(em, seat, land)


def drop_creature(em: Em, command: DropCreature) -> None:
    state, seat, land = em.state, command.seat, command.land
    _settling(state, seat, land)
    shield = state.shield_at(land)
    assert shield is not None
    zone = members(shield.card)
    require(
        command.card in state.zone(seat, zone) and face(command.card).is_creature,
        R_SETTLEMENT,
        f"{command.card} is not a creature under your Shield on {land}",
    )
    move(em, R_SETTLEMENT, seat, (command.card,), zone, DISCARD, "given up: no terrain played")
    if not any(face(c).is_creature for c in em.state.zone(seat, zone)):
        em.emit(ShieldDestroyed, R_SETTLEMENT, seat=seat, shield=shield.card, reason="its last creature was given up")
        if check_shields(em):
            return
    _settled(em, seat, land)


def _settled(em: Em, seat: int, land: str) -> None:
    em.emit(LandSettled, R_SETTLEMENT, seat=seat, land=land)
    if not em.state.finished:
        _settle_stuck(em)
    if not em.state.settling and not em.state.finished:
        begin_organize(em)


def settlements(state: GuardiansState, seat: int) -> list[Command]:
    """The commands place_terrain() and drop_creature() accept now, for each land of the
    seat's to settle: a Terrain card face up, any card of its Pen or Storage Hand face
    down for a Power Stone if it holds no Terrain card, or a creature given up. Stated apart, so that
    legal_commands decides no candidate (issue 14; tests/guardians/test_legal_commands.py
    holds the two equal)."""
    found: list[Command] = []
    stock = _stock(state, seat)
    face_down = may_lay_face_down(state, seat)
    for land in state.settling:
        shield = state.shield_at(land)
        if shield is None or shield.seat != seat:
            continue
        found += [PlaceTerrain(seat=seat, land=land, card=c) for c in stock if face(c).kind in TERRAIN_KINDS]
        if face_down:
            found += [PlaceTerrain(seat=seat, land=land, card=c, face_down=True) for c in stock]
        found += [DropCreature(seat=seat, land=land, card=c) for c in state.zone(seat, members(shield.card))
                  if face(c).is_creature]
    return found
