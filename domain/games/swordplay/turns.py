"""The turn: setup, turn order, the Discard, Draw and Ready phases, the turn limit.

Each function emits events through the Emitter, so a cascade (a turn ends, the
Monster acts, the next turn starts) is decided against the state so far.
"""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay.messages import (
    CardDiscarded,
    CardsDrawn,
    DeckShuffled,
    DieRolled,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    ItemDropped,
    ItemReadied,
    PhaseStarted,
    TurnEnded,
    TurnStarted,
)
from domain.games.swordplay.monster import monster_attacks
from domain.games.swordplay.state import COMBAT, DISCARD, READY, SETUP, State, next_living
from domain.kernel import Emitter, Rng, require

DIE = 10
"""The box's d10 (swordplay Setup: the first player; swordplay Monster)."""


def start_game(em: Emitter[State], rng: Rng) -> None:
    """Shuffle the combat deck, deal five cards to every hero, roll for the first player."""
    require(em.state.phase == SETUP, "swordplay Setup", "the game has already started")
    em.emit(DeckShuffled, "swordplay Setup", order=tuple(rng.shuffled(cards.ALL_CARDS)), reason="start")
    for seat in range(1, em.state.seats + 1):
        dealt = em.state.deck[: cards.HAND_SIZE]
        em.emit(CardsDrawn, "swordplay Setup", seat=seat, cards=dealt, count=len(dealt), reason="start")
    rolling = tuple(range(1, em.state.seats + 1))
    while len(rolling) > 1:
        rolls = []
        for seat in rolling:
            value = rng.die(DIE)
            em.emit(DieRolled, "swordplay Setup", seat=seat, purpose="first player", sides=DIE, value=value)
            rolls.append((value, seat))
        best = max(value for value, _ in rolls)
        rolling = tuple(seat for value, seat in rolls if value == best)
    em.emit(FirstPlayerChosen, "swordplay Setup", seat=rolling[0])
    start_turn(em, rolling[0])


def start_turn(em: Emitter[State], seat: int) -> None:
    """The next turn begins, unless the turn limit ends the game drawn (swordplay Options)."""
    turn = em.state.turn + 1
    limit = em.state.turn_limit
    if limit and turn > limit:
        em.emit(GameDrawn, "swordplay Options", reason=f"the turn limit of {limit} turns was reached")
        return
    em.emit(TurnStarted, "swordplay Playing", seat=seat, turn=turn)


def end_turn(em: Emitter[State], rng: Rng, reason: str, rule: str) -> None:
    """The active hero's turn is over: the Monster may act, then the next hero clockwise."""
    state = em.state
    em.emit(TurnEnded, rule, seat=state.active, turn=state.turn, reason=reason)
    after_turn(em, rng)


def after_turn(em: Emitter[State], rng: Rng) -> None:
    """Between turns: the Monster attacks at the end of a round, else the next turn starts."""
    state = em.state
    living = state.living()
    if len(living) <= 1:
        finish(em)
        return
    following = next_living(state, state.active)
    if state.monster_alive() and _round_ends(state, state.active, following):
        monster_attacks(em, rng)
        return
    start_turn(em, following)


def resume_after_monster(em: Emitter[State]) -> None:
    """The Monster's attack is answered: the next hero clockwise takes a turn."""
    if len(em.state.living()) <= 1:
        finish(em)
        return
    start_turn(em, next_living(em.state, em.state.active))


def finish(em: Emitter[State]) -> None:
    """The last hero standing wins (swordplay Winning)."""
    living = em.state.living()
    if living:
        em.emit(GameWon, "swordplay Winning", seat=living[0], reason="the last hero standing")
    else:
        em.emit(GameDrawn, "swordplay Winning", reason="no hero is left standing")


def _round_ends(state: State, current: int, following: int) -> bool:
    """A round ends when the turn passes the first player's place at the table."""

    def distance(seat: int) -> int:
        return (seat - state.first_seat) % state.seats

    return distance(following) <= distance(current)


# ---------------------------------------------------------------- phases


def require_turn(state: State, seat: int, phase: str, rule: str, doing: str) -> None:
    require(seat == state.active, rule, f"it is seat {state.active}'s turn, not yours")
    require(state.phase == phase, rule, f"you may {doing} only in the {phase.capitalize()} phase; it is the "
            f"{state.phase.capitalize()} phase")


def discard(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    require_turn(em.state, seat, DISCARD, "swordplay Discard", "discard")
    require(card in em.state.hero(seat).hand, "swordplay Discard", f"{card!r} is not in your hand")
    em.emit(CardDiscarded, "swordplay Discard", seat=seat, card=card)
    draw(em, rng, seat)


def skip_discard(em: Emitter[State], rng: Rng, seat: int) -> None:
    require_turn(em.state, seat, DISCARD, "swordplay Discard", "skip the discard")
    draw(em, rng, seat)


def draw(em: Emitter[State], rng: Rng, seat: int) -> None:
    """Fill the hand to five from the combat deck, reshuffling the discard pile when it runs out."""
    need = cards.HAND_SIZE - len(em.state.hero(seat).hand)
    while need > 0:
        if not em.state.deck:
            if not em.state.discard:
                break
            order = tuple(rng.shuffled(em.state.discard))
            em.emit(DeckShuffled, "swordplay Draw", order=order, reason="discard pile reshuffled")
        taken = em.state.deck[:need]
        em.emit(CardsDrawn, "swordplay Draw", seat=seat, cards=taken, count=len(taken), reason="draw phase")
        need -= len(taken)
    em.emit(PhaseStarted, "swordplay Ready", seat=seat, phase=READY)


def drop_item(em: Emitter[State], seat: int, card: str) -> None:
    require_turn(em.state, seat, READY, "swordplay Ready", "drop an item")
    hero = em.state.hero(seat)
    require(card != "" and (card == hero.armor or card in hero.items), "swordplay Ready",
            f"{card!r} is not one of your ready items")
    em.emit(ItemDropped, "swordplay Ready", seat=seat, card=card, reason="dropped")


def item_problem(state: State, seat: int, card: str) -> str:
    """Why `seat` may not ready `card` now, or "" if it may."""
    hero = state.hero(seat)
    if card not in hero.hand:
        return f"{card!r} is not in your hand"
    info = cards.card_def(card)
    if info.kind not in cards.ITEM_KINDS:
        return f"{info.name} is not an Armor, Weapon or Shield"
    if info.kind in cards.HELD_KINDS:
        free = hero.hands - hero.hands_used()
        if info.hands > free:
            return (f"the {info.name} needs {info.hands} hand(s) and you have {free} free; "
                    "drop a weapon or shield first")
    return ""


def ready_item(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    require_turn(em.state, seat, READY, "swordplay Ready", "ready an item")
    problem = item_problem(em.state, seat, card)
    require(not problem, "swordplay Ready", problem)
    info = cards.card_def(card)
    hero = em.state.hero(seat)
    if info.kind == cards.ARMOR and hero.armor:
        em.emit(ItemDropped, "swordplay Ready", seat=seat, card=hero.armor, reason="replaced by a new armour")
    em.emit(ItemReadied, "swordplay Ready", seat=seat, card=card, kind=info.kind, points=info.points)
    end_turn(em, rng, "readied an item: no attack this turn", "swordplay Ready")


def end_ready(em: Emitter[State], seat: int) -> None:
    require_turn(em.state, seat, READY, "swordplay Ready", "end the Ready phase")
    em.emit(PhaseStarted, "swordplay Combat", seat=seat, phase=COMBAT)


def end_combat(em: Emitter[State], rng: Rng, seat: int) -> None:
    require_turn(em.state, seat, COMBAT, "swordplay Combat", "end your turn")
    end_turn(em, rng, "no attack", "swordplay Combat")
