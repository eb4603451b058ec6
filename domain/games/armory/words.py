"""ARMORY's events and commands in words (domain/kernel/words.py).

One labelling function for every card a person reads (cards.label): its name and its number in the
deck ("Spear 7", "COUNTER 30"), the same in commands, events, views and status lines.
Every player's deck is the same public list, so a label tells nothing an id does not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.armory import cards
from domain.games.armory import messages as m
from domain.games.armory.cards import label
from domain.games.armory.view import ArmoryView, CombatantView, SeatView
from domain.kernel import Command, Event, Seats, counted, listed


def combatant(name: str) -> str:
    """ "warrior-1" -> "Warrior 1", "archer" -> "Archer"."""
    return name.replace("-", " ").capitalize() if name else "no combatant"


def _labels(found: tuple[str, ...]) -> str:
    return listed([label(card) for card in found])


DRAWS = {"start": "as a starting hand", "refill": "to refill their hand", "trade": "for the trade"}


def _drawn(e: m.CardsDrawn, s: Seats) -> str:
    why = DRAWS.get(e.reason, e.reason)
    if e.cards:
        return f"{s(e.seat)} draws {_labels(e.cards)} {why}."
    return f"{s(e.seat)} draws {counted(e.count, 'card')} {why}."


def _shuffled(e: m.DeckShuffled, s: Seats) -> str:
    if e.reason == "start":
        return f"{s(e.seat)} shuffles their deck."
    return f"{s.of(e.seat)} used pile is shuffled into a new draw pile."


def _cast(e: m.MysticCast, s: Seats) -> str:
    aim = _aim(e.mystic, e.target_seat, e.target_combatant, e.target_card, s)
    return f"{s(e.seat)} casts {label(e.card)}{aim}{' as a turn card' if e.turn_card else ''}."


def _aim(mystic: str, seat: int, name: str, card: str, s: Seats) -> str:
    """What a cast Mystic is aimed at, as words after its label."""
    if mystic in (cards.COUNTER, *cards.TURN_STOPPING) and card:
        return f" against {s.of(seat)} {label(card)}"
    if name and card:
        return f" at {s.of(seat)} {combatant(name)}, naming {label(card)}"
    if name:
        return f" at {s.of(seat)} {combatant(name)}"
    return f" at {s(seat)}" if seat else ""


def _passed(e: m.Passed, s: Seats) -> str:
    if cards.is_card_id(e.card) and cards.kind(e.card) == cards.ATTACK:
        return f"{s(e.seat)} does not halt {label(e.card)}."
    return f"{s(e.seat)} lets {label(e.card)} stand."


def _resolved(e: m.MysticResolved, s: Seats) -> str:
    if e.fizzled:
        return f"{s.of(e.seat)} {label(e.card)} fizzles: it finds nothing to act on."
    return f"{s.of(e.seat)} {label(e.card)} takes effect on {s(e.target_seat)}."


def _removed(e: m.ArmamentRemoved, s: Seats) -> str:
    where = "back to their hand" if e.destination == "hand" else "to their used pile"
    why = f" ({e.reason})" if e.reason else ""
    return f"{label(e.card)} comes off {s.of(e.seat)} {combatant(e.combatant)} {where}{why}."


def _discarded(e: m.CardDiscarded, s: Seats) -> str:
    why = "by the duel's winner" if e.reason == "duel" else f"by {e.reason}" if e.reason else ""
    return f"{s.of(e.seat)} {label(e.card)} is discarded from their hand{' ' + why if why else ''}."


def _turn_ended(e: m.TurnEnded, s: Seats) -> str:
    return f"{s.of(e.seat)} turn {e.turn} ends{': ' + e.reason if e.reason else ''}."


def _attack_cast(e: m.AttackCast, s: Seats) -> str:
    waits = ", which waits for the answer of those who may halt it" if e.halting_allowed else ""
    return f"{s(e.seat)} casts {label(e.card)}{waits}."


def _prize(e: m.DuelPrizeChosen, s: Seats) -> str:
    if e.prize == "discard":
        return (f"{s(e.seat)} takes the discard prize: {counted(e.discards, 'card')} of {s.of(e.loser)} hand "
                f"will go, and {s(e.loser)} loses their next turn.")
    return f"{s(e.seat)} takes the strip prize: one card off {s.of(e.loser)} combatants."


def _revealed(e: m.HandRevealed, s: Seats) -> str:
    shown = f": {_labels(e.cards)}" if e.cards else ""
    return f"{s(e.seat)} shows their hand to {s(e.to_seat)}{shown}."


EVENTS: dict[type[Event], Callable[[Any, Seats], str]] = {
    m.DeckShuffled: _shuffled,
    m.CardsDrawn: _drawn,
    m.FirstPlayerChosen: lambda e, s: f"{s(e.seat)} is drawn to play first.",
    m.TurnStarted: lambda e, s: f"Turn {e.turn}: {s.of(e.seat)} turn begins.",
    m.TurnSkipped: lambda e, s: f"{s(e.seat)} loses turn {e.turn}{': ' + e.reason if e.reason else ''}.",
    m.ArmamentPlaced: lambda e, s: f"{s(e.seat)} places {label(e.card)} on {combatant(e.combatant)}.",
    m.GuardianPlaced: lambda e, s: f"{s(e.seat)} places {label(e.card)} on {combatant(e.combatant)}.",
    m.CardTraded: lambda e, s: f"{s(e.seat)} trades {label(e.card)} in.",
    m.MysticCast: _cast,
    m.Passed: _passed,
    m.MysticCountered: lambda e, s: (f"{s.of(e.seat)} {label(e.card)} counters {s.of(e.countered_seat)} "
                                     f"{label(e.countered_card)}: both go to the used piles."),
    m.MysticRebounded: lambda e, s: (f"{s.of(e.seat)} {label(e.card)} turns {label(e.rebounded_card)} back at "
                                     f"{s(e.caster)}{_aim('', e.caster, e.target_combatant, e.target_card, s)}."),
    m.ArmamentSacrificed: lambda e, s: (f"{s(e.seat)} sacrifices {label(e.card)} from {combatant(e.combatant)} to "
                                        "halt the Mystic on top."),
    m.MysticHalted: lambda e, s: f"{s.of(e.seat)} Sacrifice halts {s.of(e.caster)} {label(e.card)}.",
    m.MysticResolved: _resolved,
    m.ArmamentRemoved: _removed,
    m.CardDiscarded: _discarded,
    m.TurnLost: lambda e, s: f"{s(e.seat)} loses the rest of their turn to {s.of(e.by_seat)} {e.mystic}.",
    m.OpenedForAttack: lambda e, s: f"{s(e.seat)} is done with turn cards and open for attack.",
    m.AttackHandedOn: lambda e, s: f"{s(e.seat)} is done attacking; {s(e.to_seat)} attacks next.",
    m.TurnEnded: _turn_ended,
    m.AttackCast: _attack_cast,
    m.AttackHalted: lambda e, s: (f"{s.of(e.by_seat)} {label(e.by_card)} halts {s.of(e.seat)} {label(e.card)}: it "
                                  "goes back to their hand."),
    m.DuelDeclared: lambda e, s: f"{s(e.seat)} challenges {s(e.opponent)} to a duel.",
    m.DuelCardDrawn: lambda e, s: (f"{s(e.seat)} draws {label(e.card)} from {s.of(e.from_seat)} hand for the duel "
                                   f"(duel number {e.number})."),
    m.DuelWon: lambda e, s: f"{s(e.winner)} wins the duel against {s(e.loser)}.",
    m.DuelStandoff: lambda e, s: (f"The duel of {s(e.challenger)} and {s(e.challenged)} ends with no winner"
                                  f"{': ' + e.reason if e.reason else ''}."),
    m.DuelPrizeChosen: _prize,
    m.HandRevealed: _revealed,
    m.CardStripped: lambda e, s: (f"{s(e.by_seat)} strips {label(e.card)} off {s.of(e.seat)} "
                                  f"{combatant(e.combatant)}: it goes back to their hand, held back for their next "
                                  "turn."),
    m.GameWon: lambda e, s: f"{s(e.seat)} wins the game{': ' + e.reason if e.reason else ''}.",
    m.GameDrawn: lambda e, s: f"The game ends drawn{': ' + e.reason if e.reason else ''}.",
}


def _cast_command(c: m.CastMystic, s: Seats) -> str:
    mystic = cards.name(c.card) if cards.is_card_id(c.card) else ""
    if mystic == cards.REBOUND:
        return f"Cast {label(c.card)}: turn the Mystic back at {s(c.target_seat)}" + (
            f", at {combatant(c.target_combatant)}" if c.target_combatant else "") + (
            f", naming {label(c.target_card)}" if c.target_card else "") + "."
    return f"Cast {label(c.card)}{_aim(mystic, c.target_seat, c.target_combatant, c.target_card, s)}."


PRIZES = {"discard": "Take the discard prize: throw out up to 2 of the loser's cards; they lose their next turn.",
          "strip": "Take the strip prize: one card off the loser's combatants, back to their hand."}

COMMANDS: dict[type[Command], Callable[[Any, Seats], str]] = {
    m.PlaceArmament: lambda c, s: f"Place {label(c.card)} on {combatant(c.combatant)}.",
    m.PlaceGuardian: lambda c, s: f"Place {label(c.card)} on {combatant(c.combatant)}.",
    m.Trade: lambda c, s: f"Trade {label(c.card)} in for the top card of your draw pile.",
    m.CastMystic: _cast_command,
    m.Sacrifice: lambda c, s: f"Sacrifice {label(c.card)} to halt the Mystic on top.",
    m.Pass: lambda c, s: "Let the card on top of the stack stand.",
    m.OpenForAttack: lambda c, s: "End your turn cards: you are open for attack.",
    m.EndAttack: lambda c, s: "End your attack.",
    m.CastAttack: lambda c, s: f"Cast {label(c.card)} to win.",
    m.DeclareDuel: lambda c, s: f"Challenge {s(c.opponent)} to a duel (once a game, instead of turn cards).",
    m.ChooseDuelPrize: lambda c, s: PRIZES.get(c.prize, f"Take the {c.prize} prize."),
    m.DuelDiscard: lambda c, s: f"Discard {label(c.card)} from the loser's hand.",
    m.DuelStrip: lambda c, s: f"Strip {label(c.card)} off the loser's combatant, back to their hand.",
}


def _combatant_line(c: CombatantView) -> str:
    held = [label(a.card) for a in c.armaments]
    guard = f", guarded by {label(c.guardian[0].card)}" if c.guardian else ""
    armed = " (fully armed)" if c.fully_armed else ""
    return f"{combatant(c.combatant)}{armed}: {listed(held, 'nothing')}{guard}"


def _seat_line(seat: SeatView, view: ArmoryView, s: Seats) -> str:
    you = " (you)" if seat.seat == view.viewer else ""
    lost = ", loses their next turn" if seat.loses_next_turn else ""
    duel = "" if seat.duel_used else ", duel unused"
    piles = f"{seat.hand_count} in hand, {seat.draw_count} to draw, {len(seat.used)} used{duel}{lost}"
    return f"{s(seat.seat)}{you}: {'; '.join(_combatant_line(c) for c in seat.combatants)}. {piles}."


PHASES = {"turn_cards": "playing turn cards", "attack": "open for attack", "duel": "a duel",
          "duel_prize": "the duel's winner chooses a prize", "duel_discard": "the duel's winner discards",
          "duel_strip": "the duel's winner strips a card", "setup": "setting up", "between_turns": "between turns"}


def glance(view: ArmoryView, seats: Seats) -> tuple[str, ...]:
    """The table in a few lines: the turn, the viewer's hand, each seat's combatants, the stack and a duel."""
    if view.finished:
        head = f"Game over: {seats(view.winner)} won." if view.winner else "Game over: drawn."
    else:
        head = (f"Turn {view.turn}: {seats.of(view.turn_player)} turn, {PHASES.get(view.phase, view.phase)}; "
                f"{view.actions_used} of 3 turn cards used{', a card traded' if view.traded else ''}.")
    lines = [head]
    mine = next((seat for seat in view.seats if seat.seat == view.viewer), None)
    if mine is not None:
        locked = f" (held back this turn: {_labels(mine.locked)})" if mine.locked else ""
        lines.append(f"Your hand ({len(mine.hand)}): {listed([label(c.card) for c in mine.hand])}{locked}.")
    lines += [_seat_line(seat, view, seats) for seat in view.seats]
    if view.stack:
        waiting = "; ".join(f"{seats.of(item.caster)} {label(item.card.card)}"
                            f"{_aim(item.mystic, item.target_seat, item.target_combatant, item.target_card, seats)}"
                            for item in view.stack)
        lines.append(f"On the stack, the last on top: {waiting}; {seats(view.responder)} answers.")
    duel = view.duel
    if duel.challenger and not view.finished:
        shown = f" {seats.of(duel.loser)} hand: {_labels(tuple(c.card for c in duel.revealed))}." if duel.revealed \
            else ""
        lines.append(f"A duel of {seats(duel.challenger)} and {seats(duel.challenged)}"
                     f"{f', won by {seats(duel.winner)}' if duel.winner else ''}.{shown}")
    return tuple(lines)


def tell_event(event: Event, seats: Seats) -> str:
    return EVENTS[type(event)](event, seats)


def tell_command(command: Command, seats: Seats) -> str:
    return COMMANDS[type(command)](command, seats)
