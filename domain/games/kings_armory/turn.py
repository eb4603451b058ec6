"""Whose turn it is (kings-armory B8 Game Play Order): the seat that places a Tower or
its Allies during set-up, the seat whose Allies act in the Players' Round; nobody's
in the Foes' Round, which the rules play on their own."""

from __future__ import annotations

from domain.games.kings_armory.state import FOES, PLACING, PLAYERS, SHOPPING, TOWERS, KaState
from domain.games.kings_armory.words import label
from domain.kernel import NOT_STARTED, Status, in_progress


def to_act(state: KaState) -> tuple[int, ...]:
    if state.finished:
        return ()
    if state.phase == SHOPPING:
        # kings-armory B5 Steps 3-7: every seat shops at once until it says it is done.
        return tuple(seat for seat in range(1, state.seats + 1) if seat not in state.shopped)
    if state.phase == FOES:
        # A foe's turn has begun and waits: any seat may play a card or let it go on (RULES.md).
        return tuple(range(1, state.seats + 1))
    if state.phase not in (TOWERS, PLACING, PLAYERS) or not state.seat:
        return ()
    return (state.seat,)


def seat_done(state: KaState, seat: int) -> bool:
    """Every Ally of the seat has had its turn this round, or cannot have one
    (kings-armory B2)."""
    return all(f.done or not f.active for f in state.allies_of(seat))


def status(state: KaState) -> Status:
    if state.finished:
        winners = tuple(range(1, state.seats + 1)) if state.won else ()
        return Status(finished=True, winners=winners, turn=state.rounds, summary=state.result)
    acting = f" ({label(state.acting)} acting)" if state.acting else ""
    if state.phase == TOWERS:
        summary = f"setting up: seat {state.seat} places a starting Tower" if state.seat else NOT_STARTED
    elif state.phase == PLACING and state.wave:
        summary = f"between Waves {state.wave} and {state.wave + 1}: seat {state.seat} places its Allies"
    elif state.phase == PLACING:
        summary = f"setting up: seat {state.seat} places its Allies"
    elif state.phase == SHOPPING:
        shopping = ", ".join(str(seat) for seat in to_act(state))
        summary = f"between Waves {state.wave} and {state.wave + 1}: seat(s) {shopping} shopping, {state.gold} gold"
    elif state.phase == PLAYERS:
        summary = f"wave {state.wave}, the Players' Round {state.round}: seat {state.seat}{acting}"
    else:
        summary = (f"wave {state.wave}, the Foes' Round {state.round}: before {label(state.acting)} goes on, the "
                   "team may play a card")
    return in_progress(to_act(state), state.rounds, summary)
