"""Between Waves (kings-armory B5 Steps 3-7): what the team buys, sells and equips with
its shared gold, and how the phase ends. Each function is a check (check_*: a
RuleViolation citing the rule, no events) or an effect (it emits; it never refuses);
checks.py and effects.py are the ways in.

Steps 3 and 5 are one open phase here (RULES.md): any seat that is not done submits
purchases, sales and Equipment changes in any order, each one atomic; a seat says it
is done with EndShopping. When every seat has, the Reward deck is shuffled (Step 4),
the Hireables for whom the Towers have no slot sit out (Step 6), the Allies are
placed anew seat by seat with the set-up's placement (A2), and the next Wave starts
once all are placed (Step 7)."""

from __future__ import annotations

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.citations import B5_STEP_3, B5_STEP_6, B5_STEP_7
from domain.games.kings_armory.decks import make_change
from domain.games.kings_armory.rounds import next_placer
from domain.games.kings_armory.state import HERO, HIREABLE, SHOPPING, Em, Figure, KaState
from domain.kernel import Rng, RuleViolation, require

# ---------------------------------------------------------------- checks


def check_shopper(state: KaState, seat: int, rule: str = B5_STEP_3) -> None:
    """`seat` may shop now: Between Waves, and it has not said it is done (kings-armory B5
    Steps 3-7)."""
    require(not state.finished, rule, "the game is over")
    if state.phase != SHOPPING:
        raise RuleViolation(rule, "the team shops Between Waves only")
    if seat in state.shopped:
        raise RuleViolation(rule, f"seat {seat} is done shopping until the next Between Waves phase")
    require(1 <= seat <= state.seats, rule, f"there is no seat {seat}")


def check_end_shopping(state: KaState, seat: int) -> None:
    check_shopper(state, seat, B5_STEP_7)


# ---------------------------------------------------------------- effects


def end_shopping(em: Em, rng: Rng, seat: int) -> None:
    """The seat is done; once every seat is, the phase closes (kings-armory B5 Step 7)."""
    em.emit(m.ShoppingEnded, B5_STEP_7, seat)
    if len(em.state.shopped) == em.state.seats:
        close_shop(em, rng)


def close_shop(em: Em, rng: Rng) -> None:
    """Step 4: the Reward deck shuffled; Step 6: who sits out, then the Allies placed anew."""
    make_change(em, rng)
    sit_out(em)
    em.emit(m.ShopClosed, B5_STEP_6, em.state.wave)
    next_placer(em, 0, B5_STEP_6)


def team_hireables(state: KaState) -> list[Figure]:
    """The team's Hireables, on the board and sitting out, in the order recruited."""
    order = {figure: number for number, figure in enumerate(state.recruited)}
    found = [f for f in state.figures if f.kind == HIREABLE] + list(state.bench)
    return sorted(found, key=lambda f: order.get(f.figure, len(order)))


def hosting_room(state: KaState) -> int:
    """Hosting slots left for Hireables once every Hero has one (kings-armory B5 Step 6:
    Heroes never sit out)."""
    heroes = sum(1 for f in state.figures if f.kind == HERO)
    return sum(tower.slots for tower in state.towers) - heroes


def sit_out(em: Em) -> None:
    """The Hireables beyond the hosting slots sit out the coming Wave, the most recently
    recruited first; those who sat out and now have a slot come back (kings-armory B5
    Step 6)."""
    state = em.state
    hired = team_hireables(state)
    room = max(0, hosting_room(state))
    benched = {f.figure for f in state.bench}
    for figure in reversed(hired[room:]):
        if figure.figure not in benched:
            em.emit(m.HireableSatOut, B5_STEP_6, figure.figure, figure.key, figure.seat, figure.level)
    for figure in hired[:room]:
        if figure.figure in benched:
            em.emit(m.HireableReturned, B5_STEP_6, figure.figure, figure.key, figure.seat, figure.level)
