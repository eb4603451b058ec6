"""Whose turn it is: the seats with a decision now, and where the game stands
(guardians THE GAME)."""

from __future__ import annotations

from domain.games.guardians import reveals
from domain.games.guardians.organize import up_choice_pending
from domain.games.guardians.state import (
    ALTERNATING,
    COMBAT,
    MOVEMENT,
    ORGANIZE,
    SETTLEMENT,
    SETUP,
    GuardiansState,
)
from domain.games.guardians.words import PHASES, label
from domain.kernel import NOT_STARTED, Status, in_progress


def to_act(state: GuardiansState) -> tuple[int, ...]:
    """The seats with a decision now."""
    if state.finished or state.phase == SETUP:
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    if state.answer is not None:
        return (state.answer.actor,)
    if state.phase == ORGANIZE:
        waiting = tuple(p.seat for p in state.players if not p.committed)
        if state.options.placement == ALTERNATING and len(waiting) == 2:
            # Tes let's Up-card choice is its draw, not a placement: it waits for no turn.
            return tuple(seat for seat in waiting if seat == state.active or up_choice_pending(state, seat))
        return waiting
    if state.phase == MOVEMENT:
        looking = tuple(p.seat for p in state.players if p.looking)
        return looking or ((state.active,) if state.active else ())
    if state.phase == COMBAT and state.combat is not None:
        fight = state.combat
        if fight.actor:
            return (fight.actor,)
        if fight.stage == "command":
            return tuple(s.seat for s in (fight.attacker, fight.defender) if s.declared == 1 and not s.command)
        if fight.stage == "choose":
            return tuple(
                s.seat
                for s in (fight.attacker, fight.defender)
                if not s.choice and not reveals.waits_to_lay(fight, s.seat)
            )
        return ()
    if state.phase == SETTLEMENT:
        return tuple(sorted({shield.seat for land in state.settling if (shield := state.shield_at(land)) is not None}))
    return ()


def status(state: GuardiansState) -> Status:
    """Finished, with its winner; or in progress, with the seats to act and what is under way."""
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        return Status(finished=True, winners=winners, turn=state.turn, summary=state.result)
    acting = to_act(state)
    if state.phase == SETUP:
        return in_progress(acting, state.turn, NOT_STARTED)
    summary = f"turn {state.turn}: {PHASES.get(state.phase, state.phase)}"
    if state.combat is not None:
        summary += f" at {state.combat.space} ({state.combat.stage})"
    if state.answer is not None:
        summary += f", seat {state.answer.actor} answers {label(state.answer.card)}"
    if state.pending is not None:
        summary += f", seat {state.pending.seat} chooses by {label(state.pending.source)}"
    return in_progress(acting, state.turn, summary)
