"""Tanking (kings-armory C1 Step 2, E Tanking): who may tank which foe, whether a tank
still holds, and the stalemate that frees a foe. Questions of the state only: the Ally
commands' checks (checks.py) and the Foes' Round (foes.py) ask them."""

from __future__ import annotations

from domain.games.kings_armory.board import Space, within_range
from domain.games.kings_armory.content import MELEE, SUPERNATURAL
from domain.games.kings_armory.figures import (
    attacks,
    flying,
    immune_to_everything,
    resistance,
    resistance_in,
    specials,
    tank_number,
    tankable,
)
from domain.games.kings_armory.state import FOE, Figure, KaState
from domain.kernel import memo_last


def tanks_in_use(state: KaState, ally_id: str) -> int:
    return sum(1 for f in state.figures if f.kind == FOE and f.tanked_by == ally_id)


def tank_reach(ally: Figure) -> int:
    """Range 1 (diagonals count) or the same space; 2 with a tank boost (RULES.md)."""
    return 2 if ally.tank_bonus else 1


def tank_holds(tanker: Figure, foe: Figure) -> bool:
    """A declared tank still holds: the tanker is up and the foe within its reach
    (a Mind Cage's from a Tower, kings-armory C1 Step 2, E Tanking)."""
    if not tanker.active:
        return False
    cage = next((s for s in specials(tanker) if s.kind == "mind-cage"), None)
    if cage is not None and within_range(tanker.space, foe.space, cage.reach):
        return True
    return not tanker.on_tower and within_range(tanker.space, foe.space, tank_reach(tanker))


def in_tank_reach(ally: Figure, space: Space) -> bool:
    """An Ally up and on the ground can tank a foe on `space` (kings-armory C1 Step 2)."""
    return ally.active and not ally.on_tower and ally.kind != FOE and within_range(ally.space, space, tank_reach(ally))


def free_tank_slot(state: KaState, ally: Figure) -> bool:
    """The Ally tanks fewer foes than its Tank Number allows (kings-armory E Tanking)."""
    return tanks_in_use(state, ally.figure) < tank_number(ally)


def can_tank(state: KaState, ally: Figure, foe: Figure, space: Space) -> bool:
    """`ally` may tank `foe` standing on `space` (kings-armory C1 Step 2, E Tanking):
    the foe is tankable, the ally on the ground with a free tank slot and in reach (the
    cheapest questions first: most foes are out of reach)."""
    return in_tank_reach(ally, space) and tankable(foe, ally) and free_tank_slot(state, ally)


@memo_last
def only_stalemates(state: KaState) -> bool:
    """kings-armory E Tanking, E Teleport: once the foes left are only ones the team
    cannot defeat (and no more are to enter), none may be tanked or sent back any
    more: they go on to the Castle Gate. A foe can be defeated while an Ally able to
    act has an attack that can touch it and that it is not immune to, or while Bleed
    or Burn wears it down (RULES.md)."""
    foes = state.foes()
    return not state.to_enter and bool(foes) and not any(_defeatable(state, foe) for foe in foes)


def stalemate(state: KaState, foe: Figure) -> str:
    """Why `foe` may be neither tanked nor sent back now ("" when it may)."""
    if only_stalemates(state):
        return f"{foe.figure} is left with foes no Ally can defeat: a stalemate, so it goes free"
    return ""


def _defeatable(state: KaState, foe: Figure) -> bool:
    if immune_to_everything(foe):
        return False
    if foe.tokens.bleed or (foe.tokens.burn and resistance(foe, SUPERNATURAL) is not None):
        return True
    for ally in state.figures:
        if ally.kind == FOE or not ally.active:
            continue
        own = (*attacks(ally), *(s.attack for s in specials(ally) if s.attack is not None))
        if any(resistance_in(state, foe, a.kind) is not None
               and not (a.kind == MELEE and flying(foe) and not a.hits_flying) for a in own):
            return True
    return False


def claim_problem(state: KaState, ally: Figure, foe: Figure) -> str:
    """Why `ally` may not take `foe` as one of its tanks, by a declared tank or a Mind
    Cage ("" when it may: kings-armory E Tanking): the foe is tankable and nobody's
    yet, no stalemate frees it, and the Ally has a free tank slot."""
    if not tankable(foe, ally):
        return f"{foe.figure} cannot be tanked"
    if foe.tanked_by:
        return f"{foe.figure} is already tanked by {foe.tanked_by}"
    freed = stalemate(state, foe)
    if freed:
        return freed
    if not free_tank_slot(state, ally):
        return f"{ally.figure} has no free tank slot"
    return ""


def tank_problem(state: KaState, ally: Figure, foe: Figure) -> str:
    """Why `ally` may not declare a tank on `foe` ("" when it may: kings-armory C1 Step 2):
    from the ground, within its tank reach, on a foe it did not let go this round (the
    cheapest questions first: the legal lists ask of every foe)."""
    if ally.on_tower:
        return "no tanking from a Tower"
    if not in_tank_reach(ally, foe.space):
        return f"{ally.figure} cannot tank {foe.figure}: it is out of reach"
    if foe.figure in ally.released:
        return f"{ally.figure} let {foe.figure} go this round"
    return claim_problem(state, ally, foe)
