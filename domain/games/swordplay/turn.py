"""Whose turn it is: the seat that acts now, the turn order (swordplay Playing) and the
game's status line."""

from __future__ import annotations

from domain.games.swordplay.state import DEFEND, MONSTER_SEAT, SETUP, State
from domain.games.swordplay.words import MONSTER, direction, hero, label
from domain.kernel import NOT_STARTED, Status, in_progress


def to_act(state: State) -> tuple[int, ...]:
    """The seat that has a decision now: the target of the attack waiting for its answer,
    else the active hero; nobody before the start or after the end."""
    if state.finished or state.phase == SETUP:
        return ()
    if state.phase == DEFEND and state.pending is not None:
        return (state.pending.target,)
    return (state.active,)


def next_living(state: State, seat: int) -> int:
    """The next living hero clockwise (to the left) after `seat`, or 0 if none."""
    for step in range(1, state.seats + 1):
        candidate = (seat - 1 + step) % state.seats + 1
        if state.hero(candidate).alive and candidate != seat:
            return candidate
    return 0


def round_ends(state: State, current: int, following: int) -> bool:
    """A round ends when the turn passes the first player's place at the table."""

    def distance(seat: int) -> int:
        return (seat - state.first_seat) % state.seats

    return distance(following) <= distance(current)


def _seat(seat: int) -> str:
    """A seat and the hero it plays, for the status line: "seat 2 (Swordmaiden)"."""
    return f"seat {seat} ({hero(seat)})"


def status(state: State) -> Status:
    if state.finished:
        if state.winner:
            summary = f"{_seat(state.winner)} is the last hero standing"
            return Status(finished=True, winners=(state.winner,), turn=state.turn, summary=summary)
        return Status(finished=True, turn=state.turn, summary=f"drawn: {state.draw_reason}")
    acting = to_act(state)
    if not acting:
        return in_progress((), 0, NOT_STARTED)
    pending = state.pending
    if state.phase == DEFEND and pending is not None:
        if pending.attacker == MONSTER_SEAT:
            attack = f"{MONSTER}'s {direction(pending.direction)} attack"
        else:
            attack = f"{label(pending.card)} from {_seat(pending.attacker)}"
        return in_progress(acting, state.turn, f"{_seat(pending.target)} answers {attack}")
    return in_progress(acting, state.turn, f"{_seat(state.active)}: {state.phase} phase")
