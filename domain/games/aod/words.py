"""Army of Darkness's events and commands in words (domain/kernel/words.py).

One labelling function for every card a person reads: its name, and its copy number
when the set holds several ("Deadite 3", "Broadsword", "the Necronomicon"). The card
set is one public list, so a label tells nothing an id does not. Characters are named
as the box names them (Ash, Sheila, Arthur, Henry); seats by their players' names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from domain.games.aod import cards
from domain.games.aod import messages as m
from domain.games.aod.state import ALLY, BOOK_ZONE, DECK, DISCARD, HAND, OTHER, PILE, SETUP, WEAPON
from domain.games.aod.view import AodView, PlayerView
from domain.kernel import Command, Event, Seats, counted, listed


def label(card: str) -> str:
    """A card as a person reads it: "Deadite 3" (its name and copy), "Mace", "the Necronomicon"."""
    if not cards.is_card(card):
        return card or "no card"
    info = cards.card(card)
    if info.kind == cards.NECRONOMICON:
        return f"the {info.name}"
    copy = card.removeprefix(cards.slug(info.name)).lstrip("-")
    return f"{info.name} {copy}" if copy else info.name


def character(name: str) -> str:
    """ "ash" -> "Ash"."""
    return cards.CHARACTER_NAMES.get(name, name.capitalize())


def _labels(found: tuple[str, ...]) -> str:
    return listed([label(card) for card in found])


def _kind(card: str) -> str:
    return cards.kind(card) if cards.is_card(card) else ""


def _pile(seat: int, owner: int, s: Seats) -> str:
    """A Monster pile named for a sentence about `owner`'s doing: "their own Monster pile"."""
    return "their own Monster pile" if seat == owner else _place(seat, PILE, s)


def _place(seat: int, zone: str, s: Seats) -> str:
    """Where a card is: "the draw pile", "ann's Monster pile", "ann's Allies"."""
    if zone == DECK:
        return "the draw pile"
    if zone == DISCARD:
        return "the discard pile"
    owned = {HAND: "hand", PILE: "Monster pile", WEAPON: "weapons", OTHER: "other Items", ALLY: "Allies",
             BOOK_ZONE: "side"}
    return f"{s.of(seat)} {owned.get(zone, zone)}"


def _started(e: m.GameStarted, s: Seats) -> str:
    playing = listed([f"{s(seat)} plays {character(name)}" for seat, name in enumerate(e.characters, start=1)])
    return f"{playing}, all good side up; turns go {listed([s(seat) for seat in e.order])}."


def _shuffled(e: m.DeckShuffled, s: Seats) -> str:
    if e.reason == "set-up":
        return f"The {counted(e.count, 'card')} are shuffled into the draw pile."
    return f"The draw pile ran out: the discard pile's {counted(e.count, 'card')} are shuffled into a new one."


DRAWS = {"starting hand": "for their starting hand", "the turn's draw": "for their turn",
         "back to five after a flip": "to get back to five after the flip"}


def _drawn(e: m.CardsDrawn, s: Seats) -> str:
    why = DRAWS.get(e.reason, f"for {e.reason}")
    what = _labels(e.cards) if e.cards else counted(e.count, "card")
    return f"{s(e.seat)} draws {what} {why}."


MOVES = {
    "discarded instead of a play": "instead of a play",
    "Sucker Punch": "Sucker Punch, at random",
    "Allies leave a character who changes sides": "they leave a character who changes sides",
}
"""Why a card moved, as words after the move (an Event card's name reads as it is)."""


def _moved(e: m.CardMoved, s: Seats) -> str:
    card, why = _opening(label(e.card)), f" ({MOVES.get(e.reason, e.reason)})" if e.reason else ""
    to = _place(e.to_seat, e.to_zone, s)
    if e.reason == "resolved":
        return f"{card} takes effect and goes to the discard pile."
    if e.reason == "the first Monster starts the pile":
        return f"{card} is turned up and starts {to}."
    if e.reason == "drawn before the first Monster":
        return f"{card} is turned up before any Monster and goes to the discard pile."
    if e.reason == "drawn for a Victory":
        return f"{card} is turned up for the Victory and {'goes to' if e.to_zone == DISCARD else 'joins'} {to}."
    if e.reason == "defeated":
        return f"{card} is defeated and leaves {_place(e.from_seat, e.from_zone, s)} for the discard pile."
    if e.reason == "failed its keep roll":
        return f"{card} leaves {_place(e.from_seat, e.from_zone, s)} for the discard pile."
    if e.from_zone == HAND and e.to_zone == DISCARD:
        return f"{s(e.from_seat)} discards {label(e.card)}{why}."
    if e.from_zone == HAND and e.to_zone == PILE:
        return f"{card} is now on top of {to}."
    if e.from_zone == HAND and e.to_zone == BOOK_ZONE:
        return f"{card} comes into play with {s(e.to_seat)}."
    if e.from_zone == HAND:
        return f"{card} joins {to}."
    if e.to_zone == PILE:
        return f"{card} goes from {_place(e.from_seat, e.from_zone, s)} on top of {to}{why}."
    return f"{card} goes from {_place(e.from_seat, e.from_zone, s)} to {to}{why}."


def _opening(words: str) -> str:
    """A label opening a sentence: "The Necronomicon"."""
    return words[:1].upper() + words[1:]


def _taken(e: m.CardTaken, s: Seats) -> str:
    what = label(e.card) if e.card else "a card"
    return f"{s(e.seat)} takes {what} at random from {s.of(e.from_seat)} hand."


def _played(e: m.CardPlayed, s: Seats) -> str:
    kind = _kind(e.card)
    if kind == cards.MONSTER:
        return f"{s(e.seat)} plays {label(e.card)} onto {_pile(e.target_seat, e.seat, s)}."
    if kind != cards.EVENT:
        return f"{s(e.seat)} plays {label(e.card)}."
    if e.target_card and e.target_seat and cards.is_card(e.target_card) and _kind(e.target_card) == cards.MONSTER:
        return (f"{s(e.seat)} plays {label(e.card)}: {label(e.target_card)} comes back onto "
                f"{_pile(e.target_seat, e.seat, s)}.")
    if e.target_card and e.target_seat:
        return f"{s(e.seat)} plays {label(e.card)} to take {s.of(e.target_seat)} {label(e.target_card)}."
    if e.target_card:
        return f"{s(e.seat)} plays {label(e.card)} to take {label(e.target_card)} from the discard pile."
    return f"{s(e.seat)} plays {label(e.card)}{' on ' + s(e.target_seat) if e.target_seat else ''}."


PHASES = {"play": "their play", "attack": "their attack", "aftermath": "the keep rolls"}


def _declared(e: m.AttackDeclared, s: Seats) -> str:
    if e.target_card:
        needs = cards.card(e.target_card).number if cards.is_card(e.target_card) else 0
        target = f"{label(e.target_card)} on {_pile(e.target_seat, e.seat, s)} (needs {needs})"
    else:
        target = f"{s(e.target_seat)} (needs {cards.CHARACTER_TARGET})"
    using = f", using {_labels(e.used)}" if e.used else ", with nothing but the die"
    return f"{s(e.seat)} attacks {target}{using}."


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _rolled(e: m.AttackRolled, s: Seats) -> str:
    bonuses = "".join(f" {_signed(mod.value)} ({mod.source})" for mod in e.modifiers)
    total = f" = {e.total}" if e.modifiers else ""
    if e.won and e.total < e.needed:
        outcome = "a natural 6 wins"
    elif not e.won and e.total >= e.needed:
        outcome = "a natural 1 loses"
    else:
        outcome = "a win" if e.won else "a loss"
    return f"{s(e.seat)} rolls {e.die}{bonuses}{total} against {e.needed}: {outcome}."


def _must_discard(seat: int, count: int, reason: str, s: Seats) -> str:
    return f"{s(seat)} must discard {counted(count, 'card')} of their choice ({reason})."


def _owed(e: m.DiscardOwed, s: Seats) -> str:
    if e.count:
        return _must_discard(e.seat, e.count, e.reason, s)
    if e.reason == "the flip ends the discards still owed":
        return f"The flip ends the discards {s(e.seat)} still owed."
    return f"{s(e.seat)} owes no more discards."


def _kept(e: m.KeepRolled, s: Seats) -> str:
    bonus = f" {_signed(e.bonus)}" if e.bonus else ""
    return (f"{s(e.seat)} rolls {e.die}{bonus} to keep {label(e.card)} (needs {e.needed}): "
            f"{'kept' if e.kept else 'lost'}.")


def _flipped(e: m.CharacterFlipped, s: Seats) -> str:
    if e.reason == "out of cards":
        return f"{s(e.seat)} is out of cards: their character turns {e.alignment}."
    return f"{s.of(e.seat)} character turns {e.alignment}{' (' + e.reason + ')' if e.reason else ''}."


SWITCHED = {WEAPON: "their active weapon", OTHER: "their active Item", ALLY: "an active Ally"}


def _victory(alignment: str, reason: str) -> str:
    """How a game was won, as words: "good, with an empty Monster pile and the Necronomicon"."""
    if alignment == cards.GOOD:
        return "good, with an empty Monster pile and the Necronomicon"
    # The reason names the pile's size ("evil, with 6 Monsters in his pile ...").
    size = re.search(r"[0-9]+", reason)
    return f"evil, with {size[0] if size else cards.ARMY_SIZE} Monsters in their pile and the Necronomicon"


def _won(e: m.GameWon, s: Seats) -> str:
    return f"{s(e.seat)} wins the game: {_victory(e.alignment, e.reason)}."


EVENTS: dict[type[Event], Callable[[Any, Seats], str]] = {
    m.GameStarted: _started,
    m.DeckShuffled: _shuffled,
    m.CardsDrawn: _drawn,
    m.CardMoved: _moved,
    m.CardTaken: _taken,
    m.CardPlayed: _played,
    m.PhaseChanged: lambda e, s: f"{s(e.seat)} moves on to {PHASES.get(e.phase, e.phase)}.",
    m.TurnStarted: lambda e, s: f"Turn {e.turn}: {s.of(e.seat)} turn begins.",
    m.TurnEnded: lambda e, s: f"{s.of(e.seat)} turn {e.turn} ends.",
    m.AttackDeclared: _declared,
    m.AttackRolled: _rolled,
    m.DiscardOwed: _owed,
    m.KeepRolled: _kept,
    m.CharacterFlipped: _flipped,
    m.CardSwitched: lambda e, s: f"{s(e.seat)} makes {label(e.card)} {SWITCHED.get(e.zone, 'active')}.",
    m.GameWon: _won,
    m.GameDrawn: lambda e, s: f"The game ends drawn after turn {e.turn}{': ' + e.reason if e.reason else ''}.",
}


def _describe(card: str) -> str:
    """What an Item or Ally gives, for a person choosing whether to play it: " (weapon, +1, keep 3)"."""
    info = cards.card(card)
    keep = f", keep {info.keep}" if info.keep else ""
    if info.kind == cards.ITEM:
        return f" ({'weapon' if info.slot == WEAPON else 'Item'}, {_signed(info.bonus)}{keep})"
    if info.kind == cards.ALLY:
        return f" (Ally, {_signed(info.bonus)}{keep})"
    return ""


def _play_command(c: m.PlayCard, s: Seats) -> str:
    if not cards.is_card(c.card):
        return f"Play {label(c.card)}."
    info = cards.card(c.card)
    if info.kind == cards.MONSTER:
        pile = "your own Monster pile" if c.target_seat == c.seat else _place(c.target_seat, PILE, s)
        return f"Play {label(c.card)} (needs {info.number}, Victory {info.victory}) onto {pile}."
    if info.kind != cards.EVENT:
        return f"Play {label(c.card)}{_describe(c.card)}."
    if c.target_card and _kind(c.target_card) == cards.MONSTER:
        pile = "your own Monster pile" if c.target_seat == c.seat else _place(c.target_seat, PILE, s)
        return f"Play {label(c.card)}: {label(c.target_card)} goes back onto {pile}."
    if c.target_card and c.target_seat:
        return f"Play {label(c.card)}: take {s.of(c.target_seat)} {label(c.target_card)}."
    if c.target_card:
        return f"Play {label(c.card)}: take {label(c.target_card)} from the discard pile."
    return f"Play {label(c.card)}{' on ' + s(c.target_seat) if c.target_seat else ''}."


def _attack_command(c: m.Attack, s: Seats) -> str:
    if c.target_card:
        own = c.target_seat == c.seat
        needs = cards.card(c.target_card).number if cards.is_card(c.target_card) else 0
        pile = "your own Monster pile" if own else _place(c.target_seat, PILE, s)
        target = f"{label(c.target_card)} on {pile} (needs {needs})"
    else:
        target = f"{s(c.target_seat)} (needs {cards.CHARACTER_TARGET})"
    using = [name for used, name in ((c.use_weapon, "your weapon"), (c.use_other, "your other Item"),
                                      (c.use_allies, "your Allies")) if used]
    return f"Attack {target}{', using ' + listed(using) if using else ', with nothing but the die'}."


def _switch_item(c: m.SwitchItem, s: Seats) -> str:
    slot = cards.card(c.card).slot if cards.is_card(c.card) else ""
    return f"Make {label(c.card)} your active {'weapon' if slot == WEAPON else 'Item'}."


COMMANDS: dict[type[Command], Callable[[Any, Seats], str]] = {
    m.PlayCard: _play_command,
    m.DiscardCard: lambda c, s: f"Discard {label(c.card)}.",
    m.Attack: _attack_command,
    m.EndTurn: lambda c, s: "End your turn without attacking.",
    m.SwitchItem: _switch_item,
    m.SwitchAlly: lambda c, s: f"Make {label(c.card)} an active Ally.",
}


GOALS = {cards.GOOD: "hold the Necronomicon with an empty Monster pile",
         cards.EVIL: f"hold the Necronomicon with {cards.ARMY_SIZE} or more Monsters in your pile"}
"""What wins the game for a side (aod Objective), told to its player."""


def _in_play(found: tuple[str, ...], active: tuple[str, ...]) -> str:
    return listed([f"{label(card)}{' (active)' if card in active else ''}" for card in found])


def _player_line(p: PlayerView, view: AodView, s: Seats) -> str:
    parts = [f"{counted(p.hand_count, 'card')} in hand"]
    if p.top_monster:
        top = cards.card(p.top_monster) if cards.is_card(p.top_monster) else None
        needs = f" (needs {top.number})" if top is not None else ""
        parts.append(f"Monster pile {p.pile_count}, {label(p.top_monster)} on top{needs}")
    else:
        parts.append("no Monster pile")
    for name, found, active in (("weapons", p.weapons, p.weapons[:1]), ("Items", p.others, p.others[:1]),
                                ("Allies", p.allies, p.active_allies)):
        if found:
            parts.append(f"{name} {_in_play(found, active)}")
    if p.has_necronomicon:
        parts.append(f"holds the Necronomicon{' and can win now' if p.can_win_now else ''}")
    you = " (you)" if p.seat == view.viewer else ""
    return f"{s(p.seat)}{you}, {p.alignment} {p.character}: {'; '.join(parts)}."


def _head(view: AodView, s: Seats) -> str:
    if view.finished and view.winner:
        winner = next((p for p in view.players if p.seat == view.winner), None)
        alignment = winner.alignment if winner is not None else ""
        return f"Game over: {s(view.winner)} wins, {_victory(alignment, view.result)}."
    if view.finished:
        return f"Game over: drawn{': ' + view.result if view.result else ''}."
    if view.phase == SETUP or not view.active_seat:
        return "Setting up: the Monster piles are started and the hands dealt."
    return f"Turn {view.turn}, {s.of(view.active_seat)} turn: {PHASES.get(view.phase, view.phase)}."


def glance(view: AodView, seats: Seats) -> tuple[str, ...]:
    """The table in a few lines: the turn, the viewer's hand and goal, each seat in turn
    order, the piles and the discards owed."""
    lines = [_head(view, seats)]
    mine = next((p for p in view.players if p.seat == view.viewer), None)
    if mine is not None:
        lines.append(f"Your hand ({len(view.hand)}): {_labels(view.hand)}.")
    if mine is not None and not view.finished:
        lines.append(f"You are {mine.alignment}: to win, {GOALS.get(mine.alignment, mine.goal)}.")
    order = {seat: place for place, seat in enumerate(view.turn_order)}
    players = sorted(view.players, key=lambda p: (order.get(p.seat, len(order)), p.seat))
    lines += [_player_line(p, view, seats) for p in players]
    top = f", {label(view.discard[-1])} on top" if view.discard else ""
    lines.append(f"Draw pile: {counted(view.deck_count, 'card')}; discard pile: "
                 f"{counted(len(view.discard), 'card')}{top}.")
    if view.owed_seat and not view.finished:
        lines.append(_must_discard(view.owed_seat, view.owed_count, view.owed_reason, seats))
    return tuple(lines)


def tell_event(event: Event, seats: Seats) -> str:
    return EVENTS[type(event)](event, seats)


def tell_command(command: Command, seats: Seats) -> str:
    return COMMANDS[type(command)](command, seats)
