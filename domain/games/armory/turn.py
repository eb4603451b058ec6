"""Whose turn it is: the seat the game waits for (`to_act`), the game's `status`, and the
seats that take part in a turn (armory R4, R5, glossary TURN PLAYER and TURN OPPONENT)."""

from __future__ import annotations

from domain.games.armory.cards import ATTACK_NAME, COUNTER, REBOUND, label
from domain.games.armory.state import (
    ATTACK,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    MAX_SEATS,
    TURN_CARDS,
    ArmoryState,
)
from domain.kernel import NOT_STARTED, Status, in_progress, memo_last


def next_seat(state: ArmoryState, seat: int) -> int:
    """The next seat clockwise (seat numbers ascending, wrapping): armory R4."""
    return seat % len(state.players) + 1


def opponents(state: ArmoryState, seat: int) -> tuple[int, ...]:
    """The other seats, in seat order: those a duel or a Mystic may be aimed at."""
    return _OPPONENTS[len(state.players)][seat]


# Each seat's opponents by the number of players, made once: legal_commands asks on every turn-card list.
_OPPONENTS = tuple(tuple(tuple(other for other in range(1, count + 1) if other != seat) for seat in range(count + 1))
                   for count in range(MAX_SEATS + 1))


def opponents_in_order(state: ArmoryState, seat: int) -> tuple[int, ...]:
    """The other seats, clockwise from `seat`."""
    order: list[int] = []
    current = next_seat(state, seat)
    while current != seat:
        order.append(current)
        current = next_seat(state, current)
    return tuple(order)


def turn_opponent(state: ArmoryState) -> int:
    """armory glossary: TURN OPPONENT: the seat facing the Turn Player, the one who attacks now."""
    return state.attacker


def answering_seats(state: ArmoryState) -> tuple[int, ...]:
    """The opponents who attack the Turn Player and may halt his ATTACK, in order (armory R5, R11c).

    The Turn Opponent alone; with the house rule any_opponent_answers, every opponent clockwise.
    """
    if state.any_opponent_answers:
        return opponents_in_order(state, state.turn_player)
    return (next_seat(state, state.turn_player),)


def responder(state: ArmoryState) -> int:
    """The seat that answers the top of the stack (0 if the stack is empty)."""
    if not state.stack:
        return 0
    top = state.stack[-1]
    if top.mystic == ATTACK_NAME:
        for seat in answering_seats(state):
            if seat not in top.passed:
                return seat
        return 0
    if top.mystic in (COUNTER, REBOUND) and len(state.stack) >= 2:
        return state.stack[-2].caster
    return top.target_seat


def to_act(state: ArmoryState) -> tuple[int, ...]:
    """The seat whose decision the game waits for: no other seat has a legal command."""
    if state.finished or not state.turn:
        return ()
    if state.stack:
        seat = responder(state)
    elif state.phase == TURN_CARDS:
        seat = state.turn_player
    elif state.phase == ATTACK:
        seat = turn_opponent(state)
    elif state.phase in (DUEL_PRIZE, DUEL_DISCARD, DUEL_STRIP):
        seat = state.duel.winner
    else:
        seat = 0
    return (seat,) if seat else ()


def _status(state: ArmoryState) -> Status:
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        # The turn limit is the only way an ARMORY game ends without a winner.
        summary = (f"seat {state.winner} won" if state.winner
                   else f"drawn: the turn limit of {state.turn_limit} turns was reached")
        return Status(finished=True, winners=winners, turn=state.turn, summary=summary)
    if state.stack:
        summary = f"turn {state.turn}: seat {responder(state)} answers {label(state.stack[-1].card)}"
    elif state.turn:
        summary = f"turn {state.turn}: seat {state.turn_player} ({state.phase})"
    else:
        summary = NOT_STARTED
    return in_progress(to_act(state), state.turn, summary)


status = memo_last(_status)
"""The game's status, remembered for the last state: whoever chooses a command asks for it, and then
legal_commands asks it who acts (the status is computed once, not a second `to_act`)."""
