"""Whose turn it is: the seats the table waits on, and where the game stands."""

from __future__ import annotations

from domain.games.aod.state import ATTACK, PLAY, SETUP, AodState
from domain.games.aod.words import character
from domain.kernel import NOT_STARTED, Status, in_progress


def to_act(state: AodState) -> tuple[int, ...]:
    """The seat that owes discards, else the active seat in his play or attack step
    (aod Play, aod Attack, aod Health). A seat that may only switch its Items or
    Allies is not waited on (RULES.md, "Switching at any time")."""
    if state.finished or state.phase == SETUP:
        return ()
    if state.owed_seat:
        return (state.owed_seat,)
    if state.phase in (PLAY, ATTACK):
        return (state.active,)
    return ()


def _seat(state: AodState, seat: int) -> str:
    """A seat and the side of its character, for the status line: "seat 2 (evil Sheila)"."""
    player = state.player(seat)
    return f"seat {seat} ({player.alignment} {character(player.character)})"


def status(state: AodState) -> Status:
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        summary = f"{_seat(state, state.winner)} won: {state.result}" if state.winner else state.result
        return Status(finished=True, winners=winners, turn=state.turn, summary=summary)
    acting = to_act(state)
    if state.phase == SETUP:
        return in_progress(acting, state.turn, NOT_STARTED)
    summary = f"turn {state.turn}: {_seat(state, state.active)}, {state.phase} step"
    if state.owed_seat:
        owed = "1 discard" if state.owed_count == 1 else f"{state.owed_count} discards"
        summary += f"; {_seat(state, state.owed_seat)} owes {owed} ({state.owed_reason})"
    return in_progress(acting, state.turn, summary)
