"""The turn: setup, turn order, the Discard, Draw and Ready phases, the turn limit.

Each function emits events through the Emitter, so a cascade (a turn ends, the
Monster acts, the next turn starts) is decided against the state so far.
"""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay import citations as cite
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
from domain.games.swordplay.state import COMBAT, DISCARD, DROPPED, READY, SETUP, Hero, State
from domain.games.swordplay.turn import next_living, round_ends
from domain.kernel import Emitter, Rng, require

DIE = 10
"""The box's d10 (options `first_player_roll` and `monster`)."""


def start_game(em: Emitter[State], rng: Rng) -> None:
    """Shuffle the combat deck; deal five cards to every hero (option `opening_deal`); seat 1
    starts, or the highest d10 roll (option `first_player_roll`)."""
    require(em.state.phase == SETUP, cite.SETUP, "the game has already started")
    em.emit(DeckShuffled, cite.SETUP, order=tuple(rng.shuffled(cards.ALL_CARDS)), reason="start")
    if em.state.opening_deal:
        for seat in range(1, em.state.seats + 1):
            dealt = em.state.deck[: cards.HAND_SIZE]
            em.emit(CardsDrawn, cite.SETUP, seat=seat, cards=dealt, count=len(dealt), reason="start")
    first = _roll_for_first_player(em, rng) if em.state.first_player_roll else 1
    em.emit(FirstPlayerChosen, cite.SETUP, seat=first)
    start_turn(em, first)


def _roll_for_first_player(em: Emitter[State], rng: Rng) -> int:
    """Every seat rolls the d10; the highest roll starts, tied seats roll again."""
    rolling = tuple(range(1, em.state.seats + 1))
    while len(rolling) > 1:
        rolls = []
        for seat in rolling:
            value = rng.die(DIE)
            em.emit(DieRolled, cite.SETUP, seat=seat, purpose="first player", sides=DIE, value=value)
            rolls.append((value, seat))
        best = max(value for value, _ in rolls)
        rolling = tuple(seat for value, seat in rolls if value == best)
    return rolling[0]


def start_turn(em: Emitter[State], seat: int) -> None:
    """The next turn begins, unless the turn limit ends the game drawn (swordplay Options)."""
    turn = em.state.turn + 1
    limit = em.state.turn_limit
    if limit and turn > limit:
        em.emit(GameDrawn, cite.OPTIONS, reason=f"the turn limit of {limit} turns was reached")
        return
    em.emit(TurnStarted, cite.PLAYING, seat=seat, turn=turn)


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
    if state.monster_alive() and round_ends(state, state.active, following):
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
        em.emit(GameWon, cite.WINNING, seat=living[0], reason="the last hero standing")
    else:
        em.emit(GameDrawn, cite.WINNING, reason="no hero is left standing")


# ---------------------------------------------------------------- phases


def require_turn(state: State, seat: int, phase: str, rule: str, doing: str) -> None:
    require(seat == state.active, rule, f"it is seat {state.active}'s turn, not yours")
    require(state.phase == phase, rule, f"you may {doing} only in the {phase.capitalize()} phase; it is the "
            f"{state.phase.capitalize()} phase")


def discard(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    require_turn(em.state, seat, DISCARD, cite.DISCARD, "discard")
    require(card in em.state.hero(seat).hand, cite.DISCARD, f"{card!r} is not in your hand")
    em.emit(CardDiscarded, cite.DISCARD, seat=seat, card=card)
    draw(em, rng, seat)


def skip_discard(em: Emitter[State], rng: Rng, seat: int) -> None:
    require_turn(em.state, seat, DISCARD, cite.DISCARD, "skip the discard")
    draw(em, rng, seat)


def draw(em: Emitter[State], rng: Rng, seat: int) -> None:
    """Fill the hand to five from the combat deck, reshuffling the discard pile when it runs out."""
    need = cards.HAND_SIZE - len(em.state.hero(seat).hand)
    while need > 0:
        if not em.state.deck:
            if not em.state.discard:
                break
            order = tuple(rng.shuffled(em.state.discard))
            em.emit(DeckShuffled, cite.DRAW, order=order, reason="discard pile reshuffled")
        taken = em.state.deck[:need]
        em.emit(CardsDrawn, cite.DRAW, seat=seat, cards=taken, count=len(taken), reason="draw phase")
        need -= len(taken)
    em.emit(PhaseStarted, cite.READY, seat=seat, phase=READY)


def drop_item(em: Emitter[State], seat: int, card: str) -> None:
    require_turn(em.state, seat, READY, cite.READY, "drop an item")
    problem = drop_problem(em.state, seat, card)
    require(not problem, cite.READY, problem)
    em.emit(ItemDropped, cite.READY, seat=seat, card=card, reason=DROPPED)


def _needs_room(hero: Hero, card: str) -> bool:
    """A weapon or shield that needs more hands than are free, and no more than the hero has."""
    info = cards.card_def(card)
    return info.kind in cards.HELD_KINDS and hero.hands - hero.hands_used() < info.hands <= hero.hands


def drop_problem(state: State, seat: int, card: str) -> str:
    """Why `seat` may not drop `card` now, or "" if it may (swordplay Ready, Dropping Items).

    A drop makes room for a new item: a weapon or shield in the hand that does not fit
    yet. A new Armor needs no drop: it replaces the worn one as it is readied. With
    `drop_without_readying`, any ready item may be dropped."""
    hero = state.hero(seat)
    if card == "" or (card != hero.armor and card not in hero.items):
        return f"{card!r} is not one of your ready items"
    if state.drop_without_readying:
        return ""
    if card == hero.armor:
        return "an item is dropped only to make room for a new one, and a new Armor replaces the worn one by itself"
    if not any(_needs_room(hero, held) for held in hero.hand):
        return "an item is dropped only to make room for a weapon or shield in your hand that does not fit yet"
    return ""


def ready_owed(state: State) -> bool:
    """The active hero dropped an item to make room and must now ready one (swordplay Ready)."""
    return bool(state.hands_freed) and not state.drop_without_readying


def item_problem(state: State, seat: int, card: str) -> str:
    """Why `seat` may not ready `card` now, or "" if it may."""
    hero = state.hero(seat)
    if card not in hero.hand:
        return f"{card!r} is not in your hand"
    info = cards.card_def(card)
    if info.kind not in cards.ITEM_KINDS:
        return f"{info.name} is not an Armor, Weapon or Shield"
    free = hero.hands - hero.hands_used()
    if info.kind in cards.HELD_KINDS and info.hands > free:
        return (f"the {info.name} needs {info.hands} hand(s) and you have {free} free; "
                "drop a weapon or shield first")
    # After drops made room, the item readied must be one that did not fit before them.
    if ready_owed(state) and (info.kind not in cards.HELD_KINDS or info.hands <= free - state.hands_freed):
        return f"you dropped an item to make room; the {info.name} did not need that room"
    return ""


def ready_item(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    require_turn(em.state, seat, READY, cite.READY, "ready an item")
    problem = item_problem(em.state, seat, card)
    require(not problem, cite.READY, problem)
    info = cards.card_def(card)
    hero = em.state.hero(seat)
    if info.kind == cards.ARMOR and hero.armor:
        em.emit(ItemDropped, cite.READY, seat=seat, card=hero.armor, reason="replaced by a new armour")
    em.emit(ItemReadied, cite.READY, seat=seat, card=card, kind=info.kind, points=info.points)
    end_turn(em, rng, "readied an item: no attack this turn", cite.READY)


def end_ready(em: Emitter[State], seat: int) -> None:
    require_turn(em.state, seat, READY, cite.READY, "end the Ready phase")
    require(not ready_owed(em.state), cite.READY, "you dropped an item to make room for a new one: ready it")
    em.emit(PhaseStarted, cite.COMBAT, seat=seat, phase=COMBAT)


def end_combat(em: Emitter[State], rng: Rng, seat: int) -> None:
    require_turn(em.state, seat, COMBAT, cite.COMBAT, "end your turn")
    end_turn(em, rng, "no attack", cite.COMBAT)
