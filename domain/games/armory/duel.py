"""The DUEL (armory R7): a once-a-game gamble instead of turn cards."""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.citations import GLOSSARY_INVINCIBLE, R7
from domain.games.armory.messages import (
    CardDiscarded,
    CardStripped,
    ChooseDuelPrize,
    DeclareDuel,
    DuelCardDrawn,
    DuelDeclared,
    DuelDiscard,
    DuelPrizeChosen,
    DuelStandoff,
    DuelStrip,
    DuelWon,
    HandRevealed,
)
from domain.games.armory.state import (
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    TURN_CARDS,
    ArmoryState,
    Player,
    find_on_combatant,
    player,
)
from domain.games.armory.turns import end_turn
from domain.kernel import Emitter, Rng, require

DISCARD = "discard"
STRIP = "strip"
PRIZES = (DISCARD, STRIP)
DUEL_DISCARDS = 2


def drawable(p: Player) -> tuple[str, ...]:
    """Cards that may be drawn or picked from a hand (armory glossary: INVINCIBLE)."""
    return tuple(c for c in p.hand if not cards.invincible(c))


def strippable(p: Player) -> tuple[str, ...]:
    """Cards a duel winner may strip off the loser's combatants, Guardians included (armory R7b)."""
    found: list[str] = []
    for c in p.combatants:
        found.extend(a for a in c.armaments if not cards.invincible(a))
        if c.guardian and not cards.invincible(c.guardian):
            found.append(c.guardian)
    return tuple(found)


def check_declare(state: ArmoryState, command: DeclareDuel) -> None:
    seat = command.seat
    require(state.phase == TURN_CARDS and seat == state.turn_player, R7,
            "a duel is declared by the Turn Player at the start of his turn")
    require(not state.stack, R7, "a duel is declared instead of casting anything")
    require(state.actions == 0, R7,
            "a duel replaces the turn cards: it must be the turn's first and only action")
    require(not player(state, seat).duel_used, R7, f"seat {seat} has already used his one duel of the game")
    require(command.opponent in state.seats and command.opponent != seat, R7,
            f"seat {command.opponent} is not another player of this game")


def declare(em: Emitter[ArmoryState], rng: Rng, command: DeclareDuel) -> None:
    check_declare(em.state, command)
    challenger, challenged = command.seat, command.opponent
    em.emit(DuelDeclared, R7, seat=challenger, opponent=challenged)
    drawn: set[str] = set()
    while True:
        state = em.state
        from_challenged = tuple(c for c in drawable(player(state, challenged)) if c not in drawn)
        from_challenger = tuple(c for c in drawable(player(state, challenger)) if c not in drawn)
        if not from_challenged or not from_challenger:
            em.emit(DuelStandoff, R7, challenger=challenger, challenged=challenged,
                    reason="a hand ran out of cards that may be drawn")
            end_turn(em, rng, "the duel ended in a standoff", R7)
            return
        mine = from_challenged[rng.below(len(from_challenged))]
        theirs = from_challenger[rng.below(len(from_challenger))]
        drawn.update((mine, theirs))
        em.emit(DuelCardDrawn, R7, seat=challenger, from_seat=challenged, card=mine, number=cards.number(mine))
        em.emit(DuelCardDrawn, R7, seat=challenged, from_seat=challenger, card=theirs,
                number=cards.number(theirs))
        if cards.number(mine) != cards.number(theirs):
            winner, loser = ((challenger, challenged) if cards.number(mine) > cards.number(theirs)
                             else (challenged, challenger))
            em.emit(DuelWon, R7, winner=winner, loser=loser)
            return


def check_prize(state: ArmoryState, command: ChooseDuelPrize) -> None:
    require(state.phase == DUEL_PRIZE, R7, "no duel prize is waiting to be chosen")
    require(command.seat == state.duel.winner, R7,
            f"seat {state.duel.winner} won the duel and chooses the prize")
    require(command.prize in PRIZES, R7, f"the prize is 'discard' or 'strip', not {command.prize!r}")
    if command.prize == STRIP:
        require(bool(strippable(player(state, state.duel.loser))), R7,
                f"seat {state.duel.loser} has no card in play that can be stripped")


def choose_prize(em: Emitter[ArmoryState], rng: Rng, command: ChooseDuelPrize) -> None:
    check_prize(em.state, command)
    duel = em.state.duel
    loser = player(em.state, duel.loser)
    if command.prize == DISCARD:
        discards = min(DUEL_DISCARDS, len(drawable(loser)))
        em.emit(DuelPrizeChosen, R7, seat=command.seat, prize=DISCARD, loser=loser.seat, discards=discards)
        em.emit(HandRevealed, R7, seat=loser.seat, to_seat=command.seat, cards=loser.hand)
        if discards == 0:
            end_turn(em, rng, "the duel is over", R7)
    else:
        em.emit(DuelPrizeChosen, R7, seat=command.seat, prize=STRIP, loser=loser.seat, discards=0)


def check_discard(state: ArmoryState, command: DuelDiscard) -> None:
    require(state.phase == DUEL_DISCARD, R7, "no duel discard is due")
    require(command.seat == state.duel.winner, R7, f"seat {state.duel.winner} won the duel and discards")
    require(command.card in player(state, state.duel.loser).hand, R7,
            f"{command.card or 'no card'} is not in seat {state.duel.loser}'s hand")
    require(not cards.invincible(command.card), GLOSSARY_INVINCIBLE,
            f"{command.card} is Invincible: it cannot be forced from a hand")


def discard(em: Emitter[ArmoryState], rng: Rng, command: DuelDiscard) -> None:
    check_discard(em.state, command)
    em.emit(CardDiscarded, R7, seat=em.state.duel.loser, card=command.card, reason="duel")
    if em.state.duel.discards_left == 0:
        end_turn(em, rng, "the duel is over", R7)


def check_strip(state: ArmoryState, command: DuelStrip) -> str:
    require(state.phase == DUEL_STRIP, R7, "no duel strip is due")
    require(command.seat == state.duel.winner, R7, f"seat {state.duel.winner} won the duel and strips")
    loser = player(state, state.duel.loser)
    holder = find_on_combatant(loser, command.card)
    require(holder != "", R7, f"{command.card or 'no card'} is not on seat {loser.seat}'s combatants")
    require(not cards.invincible(command.card), GLOSSARY_INVINCIBLE,
            f"{command.card} is Invincible: it cannot be removed from play")
    return holder


def strip(em: Emitter[ArmoryState], rng: Rng, command: DuelStrip) -> None:
    holder = check_strip(em.state, command)
    em.emit(CardStripped, R7, seat=em.state.duel.loser, combatant=holder, card=command.card,
            by_seat=command.seat)
    end_turn(em, rng, "the duel is over", R7)
