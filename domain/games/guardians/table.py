"""Reading the combat table: the combat under way, each side, what a side still holds,
and whose move it is (guardians COMBAT). Shared by the combat flow (combat.py) and the
cards' powers in combat (powers.py)."""

from __future__ import annotations

from domain.games.guardians.messages import WindowMove
from domain.games.guardians.state import COMBAT, Combat, GuardiansState, Side, other, side
from domain.games.guardians.strength import face, is_ranged
from domain.games.guardians.turns import R_SPELLS, Em
from domain.kernel import RuleViolation, require

R_COMBAT = "guardians COMBAT"
R_RANGED = "guardians Ranged Attacks"


def combat_of(state: GuardiansState) -> Combat:
    combat = state.combat
    if combat is None or state.phase != COMBAT:
        raise RuleViolation(R_COMBAT, "there is no combat now")
    return combat


def hand(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """Creatures still in a side's Combat Hand: not yet played, fired, lost or out."""
    used = set(one.played) | set(one.ranged) | set(one.destroyed) | set(one.out)
    return tuple(c for c in state.zone(one.seat, one.zone) if face(c).is_creature and c not in used)


def survivors(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """The creatures that count for control of the space (guardians COMBAT RESOLUTION)."""
    gone = set(one.beaten) | set(one.destroyed) | set(one.out)
    return tuple(c for c in state.zone(one.seat, one.zone) if face(c).is_creature and c not in gone)


def may_fire(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The ranged attackers a seat may fire into the match-up now (guardians Ranged Attacks)."""
    combat = combat_of(state)
    if combat.stage != "modify" or seat in combat.no_ranged:
        return ()
    return tuple(c for c in hand(state, side(combat, seat)) if is_ranged(c))


def acting(state: GuardiansState, seat: int, *stages: str) -> Combat:
    combat = combat_of(state)
    require(combat.stage in stages, R_COMBAT, f"the combat is at its {combat.stage} step, not {' or '.join(stages)}")
    if combat.actor:
        require(combat.actor == seat, R_COMBAT, f"seat {combat.actor} acts now in this combat")
    return combat


def window_move(em: Em, seat: int, *, passed: bool) -> None:
    em.emit(WindowMove, R_SPELLS, seat=seat, passed=passed, actor=other(seat))
