"""The flow of a game: set-up, drawing, discarding, flips, the end of a turn."""

from __future__ import annotations

from domain.games.aod.cards import (
    EVIL,
    GOOD,
    HAND_SIZE,
    MONSTER,
    card,
)
from domain.games.aod.citations import R_DRAW, R_HEALTH, R_OBJECTIVE, R_OPT_ALLIES, R_PLAY, R_SETUP, R_TURN_LIMIT
from domain.games.aod.evolve import evolve
from domain.games.aod.messages import (
    CardMoved,
    CardsDrawn,
    CharacterFlipped,
    DeckShuffled,
    DiscardOwed,
    GameDrawn,
    GameStarted,
    GameWon,
    PhaseChanged,
    TurnEnded,
    TurnStarted,
)
from domain.games.aod.state import (
    ALLY,
    ATTACK,
    DECK,
    DISCARD,
    HAND,
    PILE,
    AodState,
    wins,
)
from domain.kernel import Emitter, Rng

Em = Emitter[AodState]


def new_em(state: AodState) -> Em:
    return Emitter(state, evolve)


def reshuffle_if_empty(em: Em, rng: Rng) -> None:
    """The discard pile becomes the draw pile once the last card is drawn (aod Draw)."""
    state = em.state
    if not state.deck and state.discard:
        order = tuple(rng.shuffled(state.discard))
        em.emit(DeckShuffled, R_DRAW, order=order, count=len(order), reason="the draw pile ran out")


def draw_to_hand(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    left = count
    while left > 0:
        reshuffle_if_empty(em, rng)
        deck = em.state.deck
        if not deck:
            return
        taken = deck[:left]
        em.emit(CardsDrawn, rule, seat=seat, cards=taken, count=len(taken), reason=reason)
        left -= len(taken)
        reshuffle_if_empty(em, rng)


def reveal_top(em: Em, rng: Rng) -> str:
    """The top card of the draw pile (reshuffling first if needed), or "" if none."""
    reshuffle_if_empty(em, rng)
    return em.state.deck[0] if em.state.deck else ""


def start_game(em: Em, rng: Rng, characters: tuple[str, ...]) -> None:
    seats = em.state.seats()
    first = seats[characters.index("ash")] if "ash" in characters else seats[0]
    start = seats.index(first)
    order = seats[start:] + seats[:start]
    em.emit(GameStarted, R_SETUP, characters=characters, order=order)
    shuffled = tuple(rng.shuffled(em.state.deck))
    em.emit(DeckShuffled, R_SETUP, order=shuffled, count=len(shuffled), reason="set-up")
    for seat in order:
        while True:
            top = reveal_top(em, rng)
            if not top:
                break
            if card(top).kind == MONSTER:
                em.emit(CardMoved, R_SETUP, card=top, from_seat=0, from_zone=DECK, to_seat=seat, to_zone=PILE,
                        reason="the first Monster starts the pile")
                reshuffle_if_empty(em, rng)
                break
            em.emit(CardMoved, R_SETUP, card=top, from_seat=0, from_zone=DECK, to_seat=0, to_zone=DISCARD,
                    reason="drawn before the first Monster")
            reshuffle_if_empty(em, rng)
    for seat in order:
        draw_to_hand(em, rng, seat, HAND_SIZE, "starting hand", R_SETUP)
    start_turn(em, rng, first, 1)


def start_turn(em: Em, rng: Rng, seat: int, turn: int) -> None:
    em.emit(TurnStarted, R_DRAW, seat=seat, turn=turn)
    draw_to_hand(em, rng, seat, 1, "the turn's draw", R_DRAW)
    if not em.state.player(seat).hand:
        em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def flip(em: Em, seat: int, reason: str, rule: str) -> None:
    """Turn the character over; with the option, his Allies leave (aod Optional)."""
    player = em.state.player(seat)
    alignment = EVIL if player.alignment == GOOD else GOOD
    em.emit(CharacterFlipped, rule, seat=seat, alignment=alignment, reason=reason)
    if em.state.options.discard_allies_on_flip:
        for ally in em.state.player(seat).allies:
            em.emit(CardMoved, R_OPT_ALLIES, card=ally, from_seat=seat, from_zone=ALLY, to_seat=0, to_zone=DISCARD,
                    reason="Allies leave a character who changes sides")


def check_health(em: Em, rng: Rng, seat: int) -> bool:
    """At zero cards the character flips and draws back to five (aod Health); True if he
    flipped. The flip ends the damage: discards he still owes are cancelled (our reading)."""
    if em.state.player(seat).hand or em.state.finished:
        return False
    if em.state.owed_seat == seat:
        em.emit(DiscardOwed, R_HEALTH, seat=seat, count=0, reason="the flip ends the discards still owed")
    flip(em, seat, "out of cards", R_HEALTH)
    draw_to_hand(em, rng, seat, HAND_SIZE, "back to five after a flip", R_HEALTH)
    return True


def discard_from_hand(em: Em, rng: Rng, seat: int, card_id: str, reason: str, rule: str) -> bool:
    """Discard face up; True if the character flipped as a result."""
    em.emit(CardMoved, rule, card=card_id, from_seat=seat, from_zone=HAND, to_seat=0, to_zone=DISCARD, reason=reason)
    return check_health(em, rng, seat)


def discard_random(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    for _ in range(count):
        hand = em.state.player(seat).hand
        if not hand:
            return
        if discard_from_hand(em, rng, seat, hand[rng.below(len(hand))], reason, rule):
            return


def owe(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str, at_random: bool) -> None:
    """`seat` loses `count` cards: at random now, or of his choice (DiscardCard)."""
    if count <= 0 or not em.state.player(seat).hand:
        return
    if at_random:
        discard_random(em, rng, seat, count, reason, rule)
    else:
        em.emit(DiscardOwed, rule, seat=seat, count=count, reason=reason)


def end_turn(em: Em, rng: Rng) -> None:
    """Victory is checked at the end of each turn (aod Objective), then the next seat."""
    state = em.state
    seat, turn = state.active, state.turn
    em.emit(TurnEnded, R_PLAY, seat=seat, turn=turn)
    state = em.state
    holder = state.book_holder
    if holder and state.book_ready:
        reason = wins(state, holder)
        if reason:
            em.emit(GameWon, R_OBJECTIVE, seat=holder, alignment=state.player(holder).alignment, reason=reason)
            return
    limit = state.options.turn_limit
    if limit and turn >= limit:
        em.emit(GameDrawn, R_TURN_LIMIT, reason=f"the turn limit of {limit} turns was reached", turn=turn)
        return
    start_turn(em, rng, state.next_seat(seat), turn + 1)

