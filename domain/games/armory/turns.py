"""Turn flow: drawing (armory R2, R3), ending a turn and starting the next (armory R4, R5, R7)."""

from __future__ import annotations

from domain.games.armory.cards import HAND_SIZE
from domain.games.armory.citations import OPTION_TURN_LIMIT, R2, R3, R4, R5, R7, R11
from domain.games.armory.messages import (
    CardsDrawn,
    DeckShuffled,
    GameDrawn,
    GameWon,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from domain.games.armory.state import ATTACK, TURN_CARDS, ArmoryState, next_seat, player, turn_opponent
from domain.kernel import Emitter, Rng

RESHUFFLED = "used pile reshuffled"


def draw(em: Emitter[ArmoryState], rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    """Draw `count` cards, turning the used pile into a new draw pile when needed (armory R3)."""
    while count > 0:
        p = player(em.state, seat)
        if not p.draw:
            if not p.used:
                return  # both piles empty: drawing stops
            em.emit(DeckShuffled, R3, seat=seat, order=tuple(rng.shuffled(p.used)), reason=RESHUFFLED)
            p = player(em.state, seat)
        taken = p.draw[:count]
        em.emit(CardsDrawn, rule, seat=seat, cards=taken, count=len(taken), reason=reason)
        count -= len(taken)


def end_turn(em: Emitter[ArmoryState], rng: Rng, reason: str, rule: str) -> None:
    """The turn ends; the next seat clockwise starts (skipping a seat that lost its turn)."""
    state = em.state
    em.emit(TurnEnded, rule, seat=state.turn_player, turn=state.turn, reason=reason)
    while True:
        state = em.state
        if state.turn_limit and state.turn >= state.turn_limit:
            em.emit(GameDrawn, OPTION_TURN_LIMIT,
                    reason=f"the turn limit of {state.turn_limit} turns was reached")
            return
        seat = next_seat(state, state.turn_player)
        if player(state, seat).loses_next_turn:
            em.emit(TurnSkipped, R7, seat=seat, turn=state.turn + 1, reason="lost a duel (prize: discard)")
            continue
        start_turn(em, rng, seat, state.turn + 1)
        return


def start_turn(em: Emitter[ArmoryState], rng: Rng, seat: int, turn: int) -> None:
    """armory R2: before a turn starts, everybody with fewer than 7 cards draws back up to 7."""
    for p in em.state.players:
        missing = HAND_SIZE - len(p.hand)
        if missing > 0:
            draw(em, rng, p.seat, missing, "refill", R2)
    em.emit(TurnStarted, R4, seat=seat, turn=turn)


def check_stop(em: Emitter[ArmoryState], rng: Rng) -> None:
    """armory R5: with the stack empty, the turn stops once an INTERRUPT or DUPLICITY was cast in the
    attack (whether or not it took effect), or once the Turn Player or Turn Opponent has no cards."""
    state = em.state
    if state.stack or state.phase not in (TURN_CARDS, ATTACK):
        return
    if state.turn_stopping_cast:
        end_turn(em, rng, "a turn-stopping Mystic was cast", R5)
        return
    if state.phase == TURN_CARDS and state.actions == 0:
        return
    for seat in (state.turn_player, turn_opponent(state)):
        if not player(state, seat).hand:
            end_turn(em, rng, f"seat {seat} has no cards in hand", R5)
            return


def attack_wins(em: Emitter[ArmoryState], seat: int) -> None:
    """armory HOW, R11: the ATTACK, cast with every combatant armed and guarded, wins the game.

    decide checked the combatants when the ATTACK was cast; while it waits for answers
    (armory R11c) only COUNTERs, INTERRUPTs and DUPLICITYs can be played and no Sacrifice, so
    they are unchanged when it resolves.
    """
    em.emit(GameWon, R11, seat=seat, reason="ATTACK: all combatants armed and guarded")
