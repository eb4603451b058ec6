"""Guardians' events and commands in words (domain/kernel/words.py).

One labelling function for every card a person reads: its printed name and its copy in
the deck ("Archer #2", "Shield Maitz's Lightning 10 #1"), the same in commands, events,
views and status lines; a Guardian or a stronghold card, which has no copy, by its name
alone. A card's owner is the seat in its id, so sentences say whose it is ("bob's Cave
Giant #2"). Spaces keep the board's names (a1..c4: rows 1 and 4 are the strongholds,
rows 2 and 3 the disputed lands), as commands and the drawn board name them.

A card list and its numbers are public (the deck lists are options everybody sees), so
a label tells nothing an id does not.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Any

from domain.games.guardians import messages as m
from domain.games.guardians.board import COLUMNS, SPACES, stronghold_owner
from domain.games.guardians.cards import CARDS
from domain.games.guardians.combat import GUARDIAN
from domain.games.guardians.decks import parse_deck
from domain.games.guardians.state import (
    ARRANGE,
    COMBAT,
    DROPPED_OFF,
    INSTANCE,
    KEPT,
    MOVEMENT,
    ORGANIZE,
    OVER,
    PICKED_UP,
    PLACED,
    PLACED_OPENLY,
    REINFORCED,
    SEEK,
    SETTLEMENT,
    SETUP,
    UP_CARDS,
    key_of,
    other,
    seat_of,
)
from domain.games.guardians.texts import DISPEL_MAGIC, SIZE_CUTS
from domain.games.guardians.view import CombatView, GuardiansView, SeatView, ShieldView, SideView, SpaceView
from domain.kernel import Command, Event, Seats, counted, listed

# ---------------------------------------------------------------- labels


@functools.cache
def _name(key: str) -> str:
    """A card key's printed name; a second card of the same name (a second print in its
    set, a promo reprint) says which it is, so that no two keys read alike."""
    name = CARDS[key].name
    alike = sorted(k for k, c in CARDS.items() if c.name == name)
    if alike.index(key) == 0:
        return name
    return f"{name} ({'promo' if CARDS[key].set == 'PR' else 'second print'})"


def label(card: str) -> str:
    """A card as a person reads it: "Archer #2" for the instance "1.re-archer#2" (its name
    and its copy in the deck); a card key ("re-carreg-amroth-left": a Guardian or a
    stronghold card, of which a seat has one) by its name alone."""
    if INSTANCE.fullmatch(card) and key_of(card) in CARDS:
        return f"{_name(key_of(card))} #{card.rsplit('#', 1)[1]}"
    if card in CARDS:
        return _name(card)
    return card or "no card"


def _labels(cards: Sequence[str]) -> str:
    return listed([label(card) for card in cards])


def owned(card: str, s: Seats) -> str:
    """A card with its owner: "bob's Cave Giant #2" (the owner is the seat in its id)."""
    if INSTANCE.fullmatch(card):
        return f"{s.of(seat_of(card))} {label(card)}"
    return label(card)


def _yours(card: str, seat: int, s: Seats) -> str:
    """A card as the seat choosing a command reads it: "your Archer #2", "bob's Cave Giant #2"."""
    if INSTANCE.fullmatch(card) and seat_of(card) != seat:
        return owned(card, s)
    return f"your {label(card)}"


TERRAIN = {"woods": "Woods", "mountains": "Mountains", "swamp": "Swamp", "dry-heaps": "the Dry Heaps",
           "rivers-and-lakes": "Rivers and Lakes", "spires": "Spires", "jungle": "Jungle"}
"""The basic terrain types (cards.TERRAIN_TYPES) as the cards name them."""


def terrain(kind: str) -> str:
    return TERRAIN.get(kind, kind.replace("-", " "))


def _ground(kinds: Sequence[str]) -> str:
    """What a combat is fought on: "Woods", "Woods and Spires", "bare land"."""
    return listed([terrain(k) for k in kinds], "bare land")


def zone(name: str, whose: str = "their") -> str:
    """Where a card lies, after a preposition's place: "their Creature Pen", "on b1",
    "under b1", "beside b1", "their Shield Ploog's Ox 10 #1" (messages.py names the zones)."""
    plain = {"deck": f"{whose} deck", "drawn": f"{whose} cards just drawn", "pen": f"{whose} Creature Pen",
             "storage": f"{whose} Storage Hand", "discard": f"{whose} discard pile", "up": f"{whose} Up card",
             "shields": f"{whose} Shields"}
    if name in plain:
        return plain[name]
    kind, _, where = name.partition(":")
    if kind == "shield":
        return f"{whose} {label(where)}"
    places = {"on": "on", "under": "under", "upgrade": "beside", "tower": "in the Teleport Tower beside",
              "terrain": "on", "facedown": "face down on"}
    return f"{places[kind]} {where}" if kind in places and where else name or "somewhere hidden"


SPACE_ZONES = ("on:", "under:", "upgrade:", "tower:", "terrain:", "facedown:")
"""Zones named by a space (the others are a seat's own or a Shield's)."""


def _into(name: str, whose: str = "their") -> str:
    """A zone after a verb of putting: "on b1", "in their Creature Pen"."""
    kind = name.partition(":")[0]
    if name.startswith(SPACE_ZONES):
        return zone(name, whose)
    return f"{'under' if kind == 'shield' else 'in'} {zone(name, whose)}"


SEAT_IN_TEXT = re.compile(r"\bseat ([0-9]+)\b")
CARD_IN_TEXT = re.compile(r"\b[12]\.[a-z0-9-]+#[0-9]+")


def _said(text: str, s: Seats) -> str:
    """A reason the rules wrote (it may name cards by id and seats by number), in words."""
    text = CARD_IN_TEXT.sub(lambda found: owned(found.group(0), s), text)
    return SEAT_IN_TEXT.sub(lambda found: s(int(found.group(1))), text)


def _target(target: str, s: Seats, seat: int = 0) -> str:
    """What a card played names: a card (whose it is), a space, a seat, a card's name."""
    if INSTANCE.fullmatch(target):
        return _yours(target, seat, s) if seat else owned(target, s)
    if target in CARDS:
        return label(target)
    if target.isdigit():
        return s(int(target))
    return target


def _what(cards: Sequence[str], count: int, noun: str = "card") -> str:
    """The cards moved, by label, or as many as the viewer may know of: "a card", "3 cards"."""
    if cards:
        return _labels(cards)
    return f"a {noun}" if count == 1 else counted(count, noun)


def _whose_what(e: m.CardsMoved, s: Seats, noun: str = "card", first: bool = False) -> str:
    """The cards moved with their owner: "ann's Archer #2", "one of ann's cards" ("One" to
    begin a sentence)."""
    if e.cards:
        return f"{s.of(e.seat)} {_labels(e.cards)}"
    if e.count == 1:
        return f"{'One' if first else 'one'} of {s.of(e.seat)} {noun}s"
    return f"{e.count} of {s.of(e.seat)} {noun}s"


def _goes(e: m.CardsMoved) -> str:
    return "goes" if max(len(e.cards), e.count) == 1 else "go"


# ---------------------------------------------------------------- events

PHASES = {ORGANIZE: "Draw & Organize", MOVEMENT: "Movement", SETTLEMENT: "Terrain Settlement", COMBAT: "Combat",
          SETUP: "Set-up", UP_CARDS: "Up cards", OVER: "Game over"}


def _moved(e: m.CardsMoved, s: Seats) -> str:
    who, what, reason = s(e.seat), _what(e.cards, e.count), e.reason
    space = next((z.partition(":")[2] for z in (e.to_zone, e.from_zone) if z.startswith(SPACE_ZONES)), "")
    if reason == PLACED and not e.to_zone:
        return f"{who} places a card in secret."
    if reason in (PLACED, PLACED_OPENLY):
        return f"{who} places {what} {_into(e.to_zone)}{', in secret' if reason == PLACED else ''}."
    if reason == KEPT:
        return f"{who} keeps {what} {_into(e.to_zone)}."
    if reason.startswith("played: "):
        return f"{who} plays {what}."
    if reason.startswith("bribes "):
        return f"{who} bribes {owned(reason.removeprefix('bribes '), s)} away with {what}."
    if reason.startswith("discarded: "):
        return (f"{reason.removeprefix('discarded: ')} makes {who} discard {what}, the creature Magic Items "
                f"{_into(e.from_zone)}.")
    if e.from_zone.startswith("shield:") and e.to_zone.startswith("on:") and reason == DROPPED_OFF:
        return f"{s.of(e.seat)} {label(e.from_zone[7:])} drops off {what} on {space}."
    if e.to_zone.startswith("shield:") and reason in (PICKED_UP, REINFORCED, "teleported"):
        shield, creature = f"{s.of(e.seat)} {label(e.to_zone[7:])}", _what(e.cards, e.count, "creature")
        if reason == PICKED_UP:
            return f"{shield} picks up {creature} on {space}."
        if reason == REINFORCED:
            return f"{who} reinforces {label(e.to_zone[7:])} with {creature} from {space}."
        return f"{creature[:1].upper()}{creature[1:]} teleports from the Teleport Tower beside {space} into {shield}."
    simple = MOVES.get(reason)
    if simple is not None:
        return simple(e, s, what, space)
    return (f"{_whose_what(e, s)} {_goes(e)} from {zone(e.from_zone)} to {zone(e.to_zone)}"
            f"{f' ({_said(reason, s)})' if reason else ''}.")


MoveText = Callable[[m.CardsMoved, Seats, str, str], str]

MOVES: dict[str, MoveText] = {
    "first draw": lambda e, s, what, space: f"{s(e.seat)} draws {what} for the first turn.",
    "turn draw": lambda e, s, what, space: f"{s(e.seat)} draws {what} for the turn.",
    "mulligan": lambda e, s, what, space: f"{s(e.seat)} shuffles {what} back into their deck: no Shield among them.",
    "mulligan draw": lambda e, s, what, space: f"{s(e.seat)} draws {what} again.",
    "Up card": lambda e, s, what, space: f"{s(e.seat)} turns {what} as their Up card.",
    "Up cards tied: to the bottom of the deck": lambda e, s, what, space: (
        f"{s.of(e.seat)} Up card {what} goes to the bottom of their deck."),
    "Up card drawn at random from the discard pile: the deck is empty": lambda e, s, what, space: (
        f"{s.of(e.seat)} deck is used up: their Up card, {what}, comes at random from their discard pile."),
    "last Up card drawn first": lambda e, s, what, space: f"{s(e.seat)} draws their Up card, {what}, first.",
    "Up card not drawn": lambda e, s, what, space: f"{s(e.seat)} discards their Up card, {what}, undrawn.",
    "Vision": lambda e, s, what, space: f"Argammond's Vision makes {s(e.seat)} discard their Up card, {what}.",
    "Command Card": lambda e, s, what, space: f"{s.of(e.seat)} Command Card {what} goes to their discard pile.",
    "terrain": lambda e, s, what, space: (
        f"{s(e.seat)} lays {what} {'face down ' if e.to_zone.startswith('facedown:') else ''}on {space} as terrain."),
    "terrain taken by the enemy's Shield": lambda e, s, what, space: (
        f"{s.of(e.seat)} {what} on {space} is discarded: an enemy Shield stands there."),
    "given up: no terrain played": lambda e, s, what, space: (
        f"{s(e.seat)} gives up {what} from {zone(e.from_zone)} to settle its land."),
    "lost in combat": lambda e, s, what, space: (
        f"{_whose_what(e, s, first=True)}, lost in combat, {_goes(e)} to the discard pile."),
    "unshielded creatures cannot retreat": lambda e, s, what, space: (
        f"{_whose_what(e, s, first=True)} on {space} {_goes(e)} to the discard pile: with no Shield they cannot "
        "retreat."),
    "its Shield is destroyed": lambda e, s, what, space: (
        f"{_whose_what(e, s, first=True)} {_goes(e)} to the discard pile with {label(e.from_zone[7:])}."),
    "over the Shield's limit after merging": lambda e, s, what, space: (
        f"{s(e.seat)} discards {what} from {zone(e.from_zone)}, over its limit after the merge."),
    "Howl of the Dead": lambda e, s, what, space: (
        f"Howl of the Dead brings {_whose_what(e, s, 'creature')} back to their Creature Pen."),
    "returned for a Power Stone": lambda e, s, what, space: (
        f"{_whose_what(e, s, 'creature', first=True)} {'returns' if _goes(e) == 'goes' else 'return'} to their "
        "Storage Hand."),
    "taken by Assassin of Shadow": lambda e, s, what, space: (
        f"Assassin of Shadow takes {what} out of {s.of(e.seat)} deck, into their discard pile."),
}
"""CardsMoved by its reason (the rules' own words, turns.move and its callers)."""


def _placed(e: m.ShieldPlaced, s: Seats) -> str:
    if not e.shield:  # placed in secret, in a log before 3.0.0
        return f"{s(e.seat)} places a Shield in secret."
    return f"{s(e.seat)} places {label(e.shield)} {_into(e.to_zone)}{', in the open' if e.openly else ''}."


def _layout_part(space: m.SpaceLayout) -> str:
    """One stronghold space as revealed: "Shield Ploog's Ox 10 #1 on a4 over 3 cards (1 under a4)"."""
    if space.shield:
        held = f"{label(space.shield)} on {space.space}" + (f" over {counted(space.on, 'card')}" if space.on else "")
    else:
        held = f"{counted(space.on, 'card')} on {space.space}" if space.on else ""
    if not space.under:
        return held
    return f"{held} ({space.under} under it)" if held else f"{counted(space.under, 'card')} under {space.space}"


def _layout(e: m.LayoutRevealed, s: Seats) -> str:
    seats = sorted({space.seat for space in e.spaces})
    parts = [f"{s(seat)} has {', '.join(_layout_part(p) for p in e.spaces if p.seat == seat)}" for seat in seats]
    return f"Both placements are revealed: {'; '.join(parts) if parts else 'nothing is on the strongholds'}."


def _up_cards(e: m.UpCardsCompared, s: Seats) -> str:
    if not any(e.cards):
        return f"After a run of tied Up cards a coin decides: {s(e.first)} moves first."
    shown = listed([f"{s.of(seat)} {label(card)} ({number})"
                    for seat, (card, number) in enumerate(zip(e.cards, e.numbers, strict=True), start=1)])
    if not e.first:
        return f"The Up cards tie: {shown}; each seat turns another."
    return f"Up cards: {shown}; {s(e.first)} moves first."


def _drawn_count(e: m.DrawCounted, s: Seats) -> str:
    parts = [f"base {e.base}"]
    if e.lands:
        parts.append(f"{e.lands:+d} for {'more' if e.lands > 0 else 'fewer'} lands held than the enemy")
    if e.low_up:
        parts.append(f"{e.low_up:+d} for the lower Up card")
    return f"{s(e.seat)} draws {counted(e.total, 'card')} this turn ({', '.join(parts)})."


STONE_REASONS: tuple[tuple[str, Callable[[str, Seats], str]], ...] = (
    ("mulligan: no Shield drawn", lambda rest, s: "to draw again, having drawn no Shield"),
    ("Force Barrier on ", lambda rest, s: f"for the Force Barrier on {rest}"),
    ("channels into ", lambda rest, s: f"for their Guardian to channel into {label(rest)}"),
    ("beaten by ", lambda rest, s: f": {rest} beat a creature of theirs that had been channeled into"),
    ("face-down terrain on ", lambda rest, s: f"to lay a card face down as terrain on {rest}"),
    ("heal by ", lambda rest, s: f"for {rest} to heal"),
    ("Skeletal Minion returns", lambda rest, s: "to bring back a Skeletal Minion"),
    ("ability: ", lambda rest, s: f"to use {label(rest)}"),
    ("cast: ", lambda rest, s: f"to play {rest}"),
    ("taken by ", lambda rest, s: f": {rest} takes them"),
)
"""StonesSpent by the start of its reason (the rules' words), the rest of it in words."""
FIRED = " fired"
"""The end of a StonesSpent reason for an upgrade fired instead of a Command Card (fired-aoe)."""


def _stones(e: m.StonesSpent, s: Seats) -> str:
    if e.reason.endswith(" returns") and not e.reason.startswith("Skeletal Minion"):  # activated.redeem
        back = e.reason.removesuffix(" returns")
        return f"{s(e.seat)} spends {counted(e.count, 'Power Stone')} to bring back {back}."
    fired = f"to fire their {e.reason.removesuffix(FIRED)}" if e.reason.endswith(FIRED) else _said(e.reason, s)
    why = next((words(e.reason.removeprefix(start), s) for start, words in STONE_REASONS
                if e.reason.startswith(start)), fired)
    verb = "loses" if e.reason.startswith(("beaten by ", "taken by ")) else "spends"
    return f"{s(e.seat)} {verb} {counted(e.count, 'Power Stone')}{'' if why.startswith(':') else ' '}{why}."


def _turn_effect(e: m.TurnEffect, s: Seats) -> str:
    by = f"{s.of(e.seat)} {label(e.source)}"
    if e.effect == "curse":
        return f"{by}: {s(other(e.seat))} may not play {e.target} this turn."
    if e.effect == "barrier":
        return f"{by} closes {e.target} this turn: no Shield moves into, out of or over it."
    if e.effect == "slow":
        return f"{by}: {s.of(int(e.target))} Shields move at most one space this turn."
    if e.effect == "first":
        return f"{by}: {s(int(e.target))} moves first this turn."
    if e.effect == "extra-step":
        return f"{by}: {label(e.target)} may step one space more."
    if e.effect == "no-channeling":
        return f"{by}: nobody channels in a combat on {e.target} or a space next to it this turn."
    return f"{by}: {e.effect.replace('-', ' ')} ({_target(e.target, s)}) for this turn."


def _deck_seen(e: m.DeckSeen, s: Seats) -> str:
    if e.look == ARRANGE:
        seen = f": {_labels(e.cards)}" if e.cards else ""
        return f"{s(e.seat)} looks at the top cards of their deck to put them back in an order of their own{seen}."
    seen = f" ({counted(len(e.cards), 'card')})" if e.cards else ""
    if e.look == SEEK:
        return f"{s(e.seat)} looks through their own deck{seen} for the card to take."
    return f"{s(e.seat)} looks through {s.of(e.owner)} deck{seen} for a Creature to take."


def _declared(e: m.CreatureDeclared, s: Seats) -> str:
    what = {"size": "of size", "type": "of type"}.get(e.what, "of class")
    return f"For {s.of(other(e.seat))} {label(e.source)}, {s(e.seat)} says the creature they laid is {what} " \
        f"{e.value or 'none'}."


def _shown(e: m.CardsShown, s: Seats) -> str:
    told = f", {e.total} Vitality in all" if e.total else ""
    shown = f": {_labels(e.cards)}" if e.cards else f" ({counted(e.count, 'card')})"
    return f"For {s.of(e.seat)} {label(e.source)}, {s(e.owner)} shows them their {e.zone}{shown}{told}."


def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def option_words(option: str, card: str = "", source: str = "") -> str:
    """An option of a choice a card's text gives (choices.py), in words."""
    word, _, value = option.partition(":")
    if word in ("stone", "discard") and not value.isdigit():
        return option  # not an option the rules offer: said as given
    if word == "retreat":
        return "retreat from the combat"
    if word == "discard-retreat":
        return f"discard {label(source) if source else 'the card'} and retreat from the combat"
    if word == "stone":
        return f"pay {counted(int(value), 'Power Stone')}"
    if word == "discard":
        return f"discard {label(card)}" if card else f"discard {counted(int(value), 'card')} of the Storage Hand"
    if word == "show":
        return f"show {SHOWN_ZONES.get(value, value)}"
    if word == "refuse":
        return "refuse, and let the card's text act"
    if word == "guess":
        return f"guess {GUESSES.get(value, value)}"
    if word == "attack-with" and card:
        return f"send {label(card)} to attack the enemy's Command Card"
    if word == "attack-with":
        return "send a creature of the Combat Hand to attack the enemy's Command Card"
    if word == "attack":
        return f"attack the enemy's {'Command Card' if value == 'command' else 'Up card'}"
    if word == "swap":
        return "send the opponent back for a creature drawn at random from the enemy's Combat Hand"
    if word == "sacrifice":
        return f"have {label(source) if source else 'the card'} destroyed, ending the match-up"
    if word in ("discard-hand", "discard-vitality") and card:
        return f"discard {label(card)} from the Combat Hand"
    if word == "discard-hand":
        return f"discard a creature ({value.replace('|', ' or ')}) of the Combat Hand"
    if word == "discard-vitality":
        return f"discard creatures of the Combat Hand worth {value} Vitality or more"
    if word == "roll":
        return "roll the die"
    if word == "bribe":
        return f"bribe the creature shown {ordinal(int(value))}" if value.isdigit() else option
    return "let it pass"


SHOWN_ZONES = {"storage": "the Storage Hand", "hand": "the Combat Hand"}
GUESSES = {"S": "small", "M": "medium", "L": "large", "mortal": "a Mortal", "elemental": "an Elemental",
           "external": "an External"}
"""What a guess says (choices.py, "guess:<value>")."""


def _offered(e: m.ChoiceOffered, s: Seats) -> str:
    options = " or ".join(option_words(o, source=e.source) for o in e.options)
    return f"{owned(e.source, s)} gives {s(e.seat)} a choice: {options}."


def _made(e: m.ChoiceMade, s: Seats) -> str:
    return f"By {owned(e.source, s)}, {s(e.seat)} chooses to {option_words(e.option, e.card, e.source)}."


def _put_back(e: m.CardPutBack, s: Seats) -> str:
    where = "at the bottom of their deck" if e.bottom else "on top of their deck"
    return f"{s(e.seat)} puts {label(e.card) if e.card else 'a card'} back {where}."


def _stepped(e: m.ShieldStepped, s: Seats) -> str:
    if not e.fly:
        return f"{s.of(e.seat)} {label(e.shield)} steps from {e.from_space} to {e.to_space}."
    shown = f", showing {_labels(e.revealed)}" if e.revealed else ", carrying no creature"
    return f"{s.of(e.seat)} {label(e.shield)} flies from {e.from_space} to {e.to_space}{shown}."


def _combat(e: m.CombatStarted, s: Seats) -> str:
    if e.defender_shield:
        defender = f"{s.of(e.defender)} {label(e.defender_shield)}"
    else:
        defender = f"the creatures on {s.of(e.defender)} stronghold space"
    return (f"Combat on {e.space}: {s.of(e.attacker)} {label(e.attacker_shield)} attacks {defender} from "
            f"{e.came_from}, on {_ground(e.terrain)}.")


def _commands_revealed(e: m.CommandsRevealed, s: Seats) -> str:
    shown = listed([owned(card, s) for card in e.cards])
    lost = (f"; {listed([owned(card, s) for card in e.dispelled])} {'is' if len(e.dispelled) == 1 else 'are'} "
            "dispelled") if e.dispelled else ""
    return f"The Command Cards are revealed: {shown}{lost}."


ROLLED_FOR = {
    "defend-bonus": "to the creatures defending it",
    "primary-bonus": "to it as a primary attacker",
    "bonus-per-yours": "to it",
}
"""Whom a rolled amount goes to, by the ability that rolled (dice.py)."""


def _effect(e: m.EffectApplied, s: Seats) -> str:
    by = owned(e.source, s) if INSTANCE.fullmatch(e.source) else f"{s.of(e.seat)} {label(e.source)}"
    if e.effect == "text not implemented":
        return f"{by}: only its numbers and keyword abilities take part; the rest of its text is not implemented."
    if e.effect == "no-ranged":
        seats = [s(int(seat)) for seat in e.cards if seat.isdigit()]
        whom = "anybody" if len(seats) != 1 else seats[0]
        return f"{by}: no ranged attacks for {whom} in this combat."
    if e.effect == "bonus-all":
        return f"{by}: {e.amount:+d} Vitality to {s.of(e.seat)} creatures in this combat."
    if e.effect == "primary-bonus":
        return f"{by}: its ultimatum refused, it gets {e.amount:+d} Vitality as a primary attacker in this combat."
    if e.effect == "roll no-enemy-channeling":
        return f"{by} rolls {e.note}: {e.amount}; the enemy may not channel in the first primary match-ups it covers."
    if e.effect.startswith("rolled "):
        return f"{by} rolls {e.note} ({e.effect.removeprefix('rolled ')}): {e.amount}."
    if e.effect == "roll-fails":
        return f"{by}: a roll of {e.amount} gives its text no effect."
    if e.effect == "no-modification":
        return f"{by}: its roll made, the match-up is resolved with no further modification."
    if e.effect.startswith("roll "):
        whom = ROLLED_FOR.get(e.effect.removeprefix("roll "), "")
        return f"{by} rolls {e.note}: {e.amount:+d} Vitality {whom} in this combat."
    if e.effect == "terrain":
        return f"{by}: the combat is fought on {_ground(e.cards)} from now on."
    if e.effect.startswith("aoe "):
        kind = e.effect.removeprefix("aoe ")
        hit = f": {listed([owned(card, s) for card in e.cards])} {'is' if len(e.cards) == 1 else 'are'} hit" \
            if e.cards else f", which hits nothing ({e.note})" if e.note else ", which hits nothing"
        return f"{by} strikes with a {e.amount} pt. {'' if kind == 'plain' else kind + ' '}AOE{hit}."
    if e.effect == "receive-channeling":
        return f"{by}: {listed([owned(card, s) for card in e.cards])} may receive channeling in this match-up."
    if e.effect == "ranged-return":
        back = listed([owned(card, s) for card in e.cards], "no creature")
        return f"{by}: {back} {'comes' if len(e.cards) == 1 else 'come'} back to the Combat Hand."
    if e.effect == "no-command-cards":
        return f"{by}: no Command Cards in this combat."
    if e.effect == "no-channeling":
        return f"{by}: no channeling for anybody for the rest of this combat."
    if e.effect == "aoe-cancelled":
        return f"{by}: {listed([owned(card, s) for card in e.cards])} loses its AOE attack."
    if e.effect in ("ranged-change", "channel-change"):
        what = "ranged attack" if e.effect == "ranged-change" else "channeling"
        return f"{by}: {e.amount:+d} {what} on {listed([owned(card, s) for card in e.cards])} in this match-up."
    if e.effect == "discards-for":
        rolled = f" (rolled {e.note})" if "(" in e.note else f" ({e.note})" if e.note else ""
        return f"{by}: {e.amount:+d} to {listed([owned(card, s) for card in e.cards])} in this match-up{rolled}."
    if e.effect == "ranged-sum":
        before = listed([owned(card, s) for card in e.cards])
        return f"{by}: {e.amount:+d} to its ranged attack, the printed points of {before}, fired before it."
    if e.effect == "blanks":
        whose = listed([owned(card, s) for card in e.cards]) + "'s text box" if e.cards else "every creature's text box"
        return f"{by}: {whose} counts as empty for the rest of this combat."
    if e.effect == "wins-beaten-by":
        return f"{by}: {listed([owned(card, s) for card in e.cards])} wins its match-up ({e.note})."
    if e.effect == "class":
        classes = "/".join(name.title() for name in e.cards[1:]) or "no class"
        return f"{by}: {owned(e.cards[0], s)} is of the class {classes} for the rest of this combat."
    if e.effect == "forced-push":
        return f"{by} forces the match-up to a push, with no further modification."
    if e.effect == "gain-stones":
        return f"{by}: {s(e.seat)} gains {counted(e.amount, 'Power Stone')} ({e.note})."
    if e.effect == "skip-to":
        return f"{by}: the turn goes straight to {e.note}."
    if e.effect == "extra-draw":
        return f"{by}: {s(e.seat)} draws {counted(e.amount, 'card')} more this turn."
    if e.effect == "cmp-bonus":
        return f"{by}: {e.amount:+d} CMP to this channeling."
    if e.effect == "control-vitality":
        return f"{by} counts as {e.amount} Vitality for control of the space."
    if e.effect == "no-control":
        return f"{by}: {listed([owned(card, s) for card in e.cards])} does not count for control of the space."
    if e.effect == "control-bonus":
        return f"{by}: {e.amount:+d} to {s.of(e.seat)} total for control of the space."
    if e.effect == m.PAID_BONUS:
        paid = counted(e.amount, "point")
        return f"{by}: {paid} more, paid for, toward {s.of(e.seat)} total for control of the space."
    if e.effect == "bribe-returns":
        return f"{by}: {listed([owned(card, s) for card in e.cards])} goes back to the Storage Hand, not spent."
    if e.effect == "pass-move":
        return f"{by}: {s(e.seat)} passes this movement option without turning a Shield."
    if e.effect == "discards-hand":
        gone = listed([owned(card, s) for card in e.cards], "no creature")
        return f"{by}, played as the Command Card, makes {s(e.seat)} discard the rest of their Combat Hand: {gone}."
    if e.effect == "destroys-command" and e.source not in e.cards:
        return f"{by}: the Command Card {listed([owned(card, s) for card in e.cards])} is destroyed ({e.note})."
    if e.effect == "destroys-command":
        return f"{by} destroys itself and the enemy's Command Card: {listed([owned(card, s) for card in e.cards])}."
    if e.effect == "guess":
        said = f"the guess was {GUESSES.get(e.note, e.note)}"
        won = f"{owned(e.cards[0], s)} gets {e.amount:+d}" if e.amount else f"nothing for {owned(e.cards[0], s)}"
        return f"{by}: {said}; {won} in this match-up."
    if e.effect == "unchallenged":
        left = listed([owned(card, s) for card in e.cards])
        return (f"{by}: {left} {'is' if len(e.cards) == 1 else 'are'} left unchallenged: no match-up opponent, "
                "counted for control of the space, open to secondary attackers.")
    if e.effect == "sits-out":
        drawn = listed([owned(card, s) for card in e.cards], "no creature")
        return f"{by}: {drawn} {'is' if len(e.cards) == 1 else 'are'} set aside with it ({e.note})."
    if e.effect == "search-deck" and e.note:
        return f"{by}: {s(e.seat)} searches their deck and takes {e.note}."
    if e.effect == "search-deck":
        return f"{by}: {s(e.seat)} searches their deck for a card to take."
    if e.effect == "draws":
        return f"{by}: {s(e.seat)} draws {counted(e.amount, 'card')} ({e.note})."
    if e.effect == "attacks":
        return f"{by} attacks {listed([owned(card, s) for card in e.cards])}: {e.note}."
    if e.effect == "enemy-draws":
        beaten = listed([owned(card, s) for card in e.cards])
        return f"{by} beat {beaten}: its seat draws {abs(e.amount)} fewer next turn."
    if e.effect == "destroys-above-up":
        picked, up = e.cards
        return f"{by} picks {owned(picked, s)} from the Combat Hand and compares it with {owned(up, s)}: {e.note}."
    if e.effect == "detonates":
        return f"{by} detonates {listed([owned(card, s) for card in e.cards])}: both match-up creatures are destroyed."
    if e.effect == "swap":
        leaving, entering = e.cards
        return (f"{by}: {owned(entering, s)} takes the place of {owned(leaving, s)}, which goes back to its "
                "Combat Hand.")
    if e.effect == "chance":
        return f"{by} rolls {e.amount}: {e.note}."
    if e.effect == "destroys-beater":
        return (f"{by} is beaten by {listed([owned(card, s) for card in e.cards])}, which is destroyed after the "
                "combat unless its side stays on the space.")
    cards = f" ({listed([_target(card, s) for card in e.cards])})" if e.cards else ""
    return f"{by}: {e.effect.replace('-', ' ')}{f' {e.amount}' if e.amount else ''}{cards}."


STAGES = {
    "declare": "{actor} says whether they will play a Command Card.",
    "command": "Those who declared one choose their Command Card, face down.",
    "choose": "The next match-up: each side lays a creature face down.",
    "spells": "{actor} may cast a Spell that is played at any time, or pass.",
    "modify": "{actor} may fire a ranged attack, channel or cast a Spell, or pass.",
    "secondary": "{actor} may make secondary attacks on the creatures left on the table.",
    "secondary-modify": "{actor} may channel or cast a Spell for the secondary attack, or pass.",
    "retreat": "{actor} must retreat their beaten Shield or give it up.",
    "trim": "{actor} must discard creatures until the merged Shield is within its limit.",
    "redeem": "{actor} may buy back creatures of theirs lost in this combat.",
    "control": "{actor} may pay Power Stones for points toward control of the space, or pass.",
    "heal": "{actor} may heal their beaten creatures.",
    "bribe": "{actor} may bribe the enemy creature in the match-up, or pass.",
}


def _stage(e: m.StageBegan, s: Seats) -> str:
    text = STAGES.get(e.stage, f"The combat goes on to {e.stage.replace('-', ' ')}" + (
        "; {actor} acts first." if e.actor else "."))
    return text.format(actor=s(e.actor) if e.actor else "each side")


def _dispelled(e: m.CardDispelled, s: Seats) -> str:
    if INSTANCE.fullmatch(e.by) and seat_of(e.by) == e.seat:
        return f"{s.of(e.seat)} {label(e.by)} dispels the Dispel Magic against their {label(e.card)}: it stands again."
    return f"{owned(e.by, s)} dispels {owned(e.card, s)}."


def _answer_opened(e: m.AnswerOpened, s: Seats) -> str:
    aim = f" {'naming' if e.target in CARDS else 'on'} {_target(e.target, s)}" if e.target else ""
    return f"{s(e.seat)} plays {label(e.card)}{aim}; {s(e.actor)} may answer it with a Dispel Magic or let it be."


def _answer_closed(e: m.AnswerClosed, s: Seats) -> str:
    outcome = "takes effect" if e.stands else "stays dispelled"
    return f"{s(e.seat)} lets it be: {owned(e.card, s)} {outcome}."


def _creature_chosen(e: m.CreatureChosen, s: Seats) -> str:
    return f"{s(e.seat)} lays {label(e.card) if e.card else 'a creature'} face down for the match-up."


def _matchup(e: m.MatchupRevealed, s: Seats) -> str:
    return f"Match-up: {_fighter(e.attacker_card, s)} against {_fighter(e.defender_card, s)}."


def _fighter(card: str, s: Seats) -> str:
    """A creature in a match-up with its numbers: "ann's Swordsman #1 (mortal, Vitality 6)"."""
    if not INSTANCE.fullmatch(card) or key_of(card) not in CARDS:
        return owned(card, s)
    info = CARDS[key_of(card)]
    return f"{owned(card, s)} ({', '.join(w for w in (info.creature_type, f'Vitality {info.vitality}') if w)})"


def _status(e: m.CreatureStatus, s: Seats) -> str:
    creature = f"{s.of(e.seat)} {label(e.card)}"
    by = "" if not e.by else " by its own text" if e.by == e.card else f" by {owned(e.by, s)}"
    if e.status == "destroyed" and INSTANCE.fullmatch(e.by) and CARDS[key_of(e.by)].kind == "bribery":
        return f"{creature} is bribed away with {owned(e.by, s)}."
    if e.status == "out":
        return f"{creature} is out of play for this combat{f' ({owned(e.by, s)})' if e.by else ''}."
    if e.status == "table":
        return f"{creature} is back in play."
    if e.status == "hand":
        return f"{creature} goes back to its Combat Hand{by}, to be laid again."
    if e.status == "unchallenged":
        return (f"{creature} is pulled from its Combat Hand onto the table{by}: unchallenged, no match-up "
                "opponent.")
    return f"{creature} is {e.status}{by}."


TERMS = {"vitality": "Vitality", "off-color bonus": "Off-Color Bonus", "own text": "its text",
         "secondary attacker": "as a secondary attacker", "stronghold": "the stronghold",
         "ranged attacks": "ranged attacks", "channeling": "channeling"}


def _term(term: m.Term) -> str:
    """One part of a total: "Vitality 6", "Off-Color Bonus +3", "Woods +2"."""
    if term.source == "vitality":
        return f"Vitality {term.value}"
    if term.source.startswith("terrain "):
        source = terrain(term.source.removeprefix("terrain "))
    elif term.source.startswith("vs "):
        source = "against " + term.source.removeprefix("vs ").replace("name:", "").replace("|", " or ")
    elif term.source.startswith("size "):
        source = term.source
    else:
        source = TERMS.get(term.source, term.source)
    return f"{source} {term.value:+d}"


def _total(card: str, terms: Sequence[m.Term], total: int, s: Seats) -> str:
    """A creature and its total, term by term when there is more than its Vitality:
    "ann's Archer #2 (9: Vitality 6, Off-Color Bonus +3)"."""
    shown = f": {', '.join(_term(t) for t in terms)}" if len(terms) > 1 else ""
    return f"{owned(card, s)} ({total}{shown})"


def _matchup_resolved(e: m.MatchupResolved, s: Seats) -> str:
    sides = (f"{_total(e.attacker_card, e.attacker_terms, e.attacker_total, s)} against "
             f"{_total(e.defender_card, e.defender_terms, e.defender_total, s)}")
    if e.outcome == "push":
        return f"{sides}: a push."
    winner, loser = ((e.attacker_card, e.defender_card) if e.outcome == "attacker"
                     else (e.defender_card, e.attacker_card))
    return f"{sides}: {owned(winner, s)} beats {label(loser)}."


def _secondary(e: m.SecondaryResolved, s: Seats) -> str:
    total = _total(e.card, e.terms, e.total, s)
    outcome = "it falls" if e.killed else "it stands"
    return f"Secondary attack: {total} against {owned(e.target, s)}, which needed {e.needed}: {outcome}."


def _resolved(e: m.CombatResolved, s: Seats) -> str:
    attacker = e.winner if e.attacker_total > e.defender_total else e.loser
    tie = " (the defender holds a tie)" if e.attacker_total == e.defender_total else ""
    return (f"The combat is resolved: {s.of(attacker)} creatures left total {e.attacker_total} Vitality, "
            f"{s.of(other(attacker))} {e.defender_total}; {s(e.winner)} wins{tie}.")


SHIELD_LOSSES = {
    "given up by its seat": "{seat} gives up {shield} and everything under it.",
    "its last creature was given up": "{seat}'s {shield} goes with its last creature, given up to settle its land.",
    "could not settle its land": "{seat}'s {shield} is destroyed: it could not settle its land.",
    "no space to retreat to": "{seat}'s {shield} is destroyed: it has no space to retreat to.",
}


def _shield_destroyed(e: m.ShieldDestroyed, s: Seats) -> str:
    text = SHIELD_LOSSES.get(e.reason, "{seat}'s {shield} is destroyed: " + _said(e.reason, s) + ".")
    return text.format(seat=s(e.seat), shield=label(e.shield))


def _assaulted(e: m.GuardianAssaulted, s: Seats) -> str:
    enemy = s.of(other(e.seat))
    return (f"{s.of(e.seat)} {label(e.shield)} strikes {enemy} Guardian on {e.space} for {e.damage}: "
            f"{enemy} Guardian has {counted(e.wounds, 'wound')}.")


def _won(e: m.GameWon, s: Seats) -> str:
    reason = _said(e.reason, s)
    if reason.startswith("holds "):
        reason = "they hold" + reason.removeprefix("holds")
    elif reason.startswith(("killed ", "destroyed ")):
        reason = f"they {reason}"
    return f"{s(e.seat)} wins the game: {reason}."


def _merged(e: m.ShieldMerged, s: Seats) -> str:
    turned = " (turned)" if e.turned else ""
    return (f"{s.of(e.seat)} {label(e.shield)} retreats onto their {label(e.into)}{turned}: its creatures join it, "
            "and the retreating Shield card is discarded, counting as destroyed.")


def _built(e: m.DeckBuilt, s: Seats) -> str:
    deck = parse_deck(e.deck)
    cards = listed([f"{count} {label(key)}" for key, count in deck.cards])
    return f"{s.of(e.seat)} deck {e.option}, drawn from the whole card pool, holds {deck.size} cards: {cards}."


EVENTS: dict[type[Event], Callable[[Any, Seats], str]] = {
    m.SeatSetUp: lambda e, s: (f"{s(e.seat)} plays {label(e.guardian)} ({counted(e.stones, 'Power Stone')}) with "
                               f"the stronghold {listed([label(c) for c in e.stronghold])} and the {e.deck} deck."),
    m.DeckBuilt: _built,
    m.DeckShuffled: lambda e, s: f"{s.of(e.seat)} deck is shuffled.",
    m.CardsMoved: _moved,
    m.PhaseStarted: lambda e, s: f"Turn {e.turn}: the {PHASES.get(e.phase, e.phase)} phase begins.",
    m.DrawCounted: _drawn_count,
    m.StonesSpent: _stones,
    m.ShieldPlaced: _placed,
    m.Committed: lambda e, s: f"{s(e.seat)} is done placing and commits to their layout, sealed until the reveal.",
    m.LayoutRevealed: _layout,
    m.PlacerChosen: lambda e, s: (f"{s(e.seat)} places first this turn." if e.opens
                                  else f"{s(e.seat)} places next."),
    m.UpCardsCompared: _up_cards,
    m.OpeningWindow: lambda e, s: (f"Before the first Shield turns, {s(e.actor)} may play a card that acts now, "
                                   "or pass."),
    m.ReactionWindow: lambda e, s: (f"{s(e.actor)} may answer {s.of(e.seat)} "
                                    f"{'ranged attack' if e.when == 'enemy-ranged' else 'channeling'} "
                                    "on the next move."),
    m.TurnEffect: _turn_effect,
    m.DeckSeen: _deck_seen,
    m.CardPutBack: _put_back,
    m.LookEnded: lambda e, s: f"{s(e.seat)} is done looking at the deck.",
    m.TurnPassed: lambda e, s: f"{s(e.seat)} turns a Shield next." if e.seat else "Nobody has a Shield left to turn.",
    m.ShieldTurned: lambda e, s: (f"{s(e.seat)} turns {label(e.shield)}: it may go up to "
                                  f"{counted(e.steps, 'space')}."),
    m.ShieldStepped: _stepped,
    m.MoveEnded: lambda e, s: f"{s.of(e.seat)} {label(e.shield)} ends its move.",
    m.CombatStarted: _combat,
    m.CommandDeclared: lambda e, s: (f"{s(e.seat)} will play a Command Card." if e.play
                                     else f"{s(e.seat)} plays no Command Card."),
    m.CommandChosen: lambda e, s: (f"{s(e.seat)} chooses {label(e.card)} as their Command Card, face down." if e.card
                                   else f"{s(e.seat)} chooses a Command Card, face down."),
    m.CommandsRevealed: _commands_revealed,
    m.EffectApplied: _effect,
    m.StageBegan: _stage,
    # A seat that bribed has had its say as one that passed (combat._said_bribe): "done" fits both.
    m.WindowMove: lambda e, s: (f"{s(e.seat)} is done; {s(e.actor)} may act." if e.passed
                                else f"{s(e.actor)} may act next."),
    m.CardDispelled: _dispelled,
    m.AnswerOpened: _answer_opened,
    m.AnswerClosed: _answer_closed,
    m.CreatureChosen: _creature_chosen,
    m.CreatureDeclared: _declared,
    m.CardsShown: _shown,
    m.IdolFired: lambda e, s: (f"{s(e.seat)} fires {label(e.idol)} for {counted(e.stones, 'Power Stone')}: a "
                               f"{e.amount} pt. AOE."),
    m.SizeChanged: lambda e, s: (f"{s.of(e.seat)} {label(e.card)} takes size {e.size}"
                                 f"{f' ({-SIZE_CUTS[e.size]:+d} Vitality)' if SIZE_CUTS.get(e.size) else ''}."),
    m.StrongholdRuined: lambda e, s: (f"{owned(e.by, s)} turns {s.of(e.seat)} {label(e.card)} to rubble: "
                                      "it gives no bonus for the rest of the game."),
    m.MatchupRevealed: _matchup,
    m.CreatureStatus: _status,
    m.RangedFired: lambda e, s: (f"{s(e.seat)} fires {label(e.card)} into the match-up: {e.amount:+d} for "
                                 f"{owned(e.into, s)}."),
    m.Channeled: lambda e, s: (f"{s.of(e.seat)} {'Guardian' if e.source == GUARDIAN else label(e.source)} channels "
                               f"{e.amount} into {label(e.into)}."),
    m.MatchupResolved: _matchup_resolved,
    m.SecondaryDeclared: lambda e, s: (f"{s(e.seat)} attacks {owned(e.target, s)} with {label(e.card)}, "
                                       "a secondary attack."),
    m.SecondaryResolved: _secondary,
    m.CombatResolved: _resolved,
    m.ChoiceOffered: _offered,
    m.ChoiceMade: _made,
    m.CombatConceded: lambda e, s: (f"By {owned(e.source, s)}, {s(e.seat)} retreats from the combat before it is "
                                    f"fought out: {s(other(e.seat))} wins it."),
    m.Healed: lambda e, s: f"{s.of(e.seat)} {label(e.healer)} heals {label(e.card)}.",
    m.ShieldRetreated: lambda e, s: (f"{s.of(e.seat)} {label(e.shield)} retreats from {e.from_space} to "
                                     f"{e.to_space}."),
    m.ShieldMerged: _merged,
    m.ShieldDestroyed: _shield_destroyed,
    m.ShieldAdvanced: lambda e, s: f"{s.of(e.seat)} {label(e.shield)} takes {e.to_space}.",
    m.CombatEnded: lambda e, s: f"The combat on {e.space} is over.",
    m.GuardianAssaulted: _assaulted,
    m.TerrainPlaced: lambda e, s: (f"{s(e.seat)} settles {e.land} with a card face down." if e.face_down
                                   else f"{s(e.seat)} settles {e.land} with {label(e.card)}."),
    m.LandSettled: lambda e, s: f"{e.land} is settled for {s(e.seat)}.",
    m.GameWon: _won,
    m.GameDrawn: lambda e, s: f"The game ends drawn in turn {e.turn}: {_said(e.reason, s)}.",
}


# ---------------------------------------------------------------- commands


def _play(c: m.PlayCard, s: Seats) -> str:
    key = key_of(c.card) if INSTANCE.fullmatch(c.card) else ""
    if key in CARDS and CARDS[key].kind == "bribery" and c.target:
        return f"Bribe {_target(c.target, s, c.seat)} away with {label(c.card)}."
    if key == DISPEL_MAGIC and INSTANCE.fullmatch(c.target):
        if seat_of(c.target) == c.seat:
            return f"Play {label(c.card)}: dispel the Dispel Magic against your {label(c.target)}."
        return f"Play {label(c.card)}: dispel {owned(c.target, s)}."
    if c.target in CARDS:
        return f"Play {label(c.card)}, naming {label(c.target)}."
    return f"Play {label(c.card)}{f' on {_target(c.target, s, c.seat)}' if c.target else ''}."


def _step(c: m.Step, s: Seats) -> str:
    if c.past:
        return f"Fly over the enemy Shield on {c.to}."
    return f"{'Fly' if c.fly else 'Step'} to {c.to}."


def _size(c: m.ChangeSize) -> str:
    cut = SIZE_CUTS.get(c.size, 0)
    return f"Change {label(c.card)} to size {c.size}{f' ({-cut:+d} Vitality)' if cut else ' (its full Vitality)'}."


COMMANDS: dict[type[Command], Callable[[Any, Seats], str]] = {
    m.Mulligan: lambda c, s: "Spend a Power Stone: shuffle back the cards you drew, with no Shield, and draw again.",
    m.KeepUpCard: lambda c, s: ("Keep your Up card as the first card you draw." if c.keep
                                else "Discard your Up card and draw from your deck."),
    m.Place: lambda c, s: f"Place {label(c.card)} {_into(c.to, 'your')}.",
    m.FinishOrganizing: lambda c, s: "Finish placing: commit to your layout.",
    m.PlayCard: _play,
    m.Pass: lambda c, s: "Pass.",
    m.TurnShield: lambda c, s: f"Turn {label(c.shield)}.",
    m.Step: _step,
    m.PickUp: lambda c, s: f"Pick up {label(c.card)}.",
    m.DropOff: lambda c, s: f"Drop off {label(c.card)} here.",
    m.Reinforce: lambda c, s: f"Reinforce {label(c.shield)} with {label(c.card)}.",
    m.EndMove: lambda c, s: "End the move.",
    m.DeclareCommand: lambda c, s: "Declare a Command Card." if c.play else "Declare no Command Card.",
    m.ChooseCommand: lambda c, s: f"Choose {label(c.card)} as your Command Card.",
    m.PlayCreature: lambda c, s: (f"Attack {_target(c.target, s, c.seat)} with {label(c.card)}." if c.target
                                  else f"Lay {label(c.card)} face down for the match-up."),
    m.PlayRanged: lambda c, s: f"Fire {label(c.card)} into the match-up.",
    m.Channel: lambda c, s: ("Spend a Power Stone: your Guardian channels into your creature." if c.source == GUARDIAN
                             else f"Channel from {label(c.source)} into your creature."),
    m.Heal: lambda c, s: f"Heal {label(c.card)} with {label(c.healer)}.",
    m.Retreat: lambda c, s: f"Retreat to {c.to}.",
    m.DestroyShield: lambda c, s: "Give up your beaten Shield and everything under it.",
    m.DiscardCard: lambda c, s: f"Discard {label(c.card)} to bring the Shield within its limit.",
    m.PlaceTerrain: lambda c, s: (f"Settle {c.land} with {label(c.card)} face down, for a Power Stone." if c.face_down
                                  else f"Settle {c.land} with {label(c.card)}."),
    m.DropCreature: lambda c, s: f"Settle {c.land} by giving up {label(c.card)}.",
    m.PutBack: lambda c, s: (f"Put {label(c.card)} back {'at the bottom of' if c.bottom else 'on top of'} "
                             "your deck."),
    m.Assassinate: lambda c, s: f"Take {owned(c.card, s)} out of their deck.",
    m.TakeCard: lambda c, s: f"Take {label(c.card)} out of your deck.",
    m.Teleport: lambda c, s: f"Teleport the creature in your Teleport Tower into {label(c.shield)}.",
    m.FireIdol: lambda c, s: (f"Fire your upgrade for {counted(c.stones, 'Power Stone')} instead of playing a "
                              "Command Card."),
    m.ChangeSize: lambda c, s: _size(c),
    m.Redeem: lambda c, s: f"Pay Power Stones to take {label(c.card)} back to your Storage Hand.",
    m.Choose: lambda c, s: f"Choose to {option_words(c.option, c.card)}.",
    m.UseAbility: lambda c, s: (f"Pay Power Stones to use {'your Guardian' if c.card == GUARDIAN else label(c.card)}"
                                f"{f' on {owned(c.target, s)}' if c.target else ''}."),
}


def tell_event(event: Event, seats: Seats) -> str:
    return EVENTS[type(event)](event, seats)


def tell_command(command: Command, seats: Seats) -> str:
    return COMMANDS[type(command)](command, seats)


# ---------------------------------------------------------------- the glance


def _head(view: GuardiansView, s: Seats) -> str:
    if view.finished:
        return f"Game over in turn {view.turn}: " + (
            f"{s(view.winner)} won ({_said(view.result, s)})." if view.winner else f"drawn ({view.result}).")
    phase = PHASES.get(view.phase, view.phase)
    head = f"Turn {view.turn}, {phase}"
    if view.phase == ORGANIZE:
        waiting = [s(seat.seat) for seat in view.seats if not seat.committed]
        return f"{head}: {listed(waiting, 'nobody')} still placing."
    if view.phase == MOVEMENT:
        first = f"{s(view.first)} moved first" if view.first else ""
        if view.window:
            return f"{head} ({first}): {s(view.active)} may play a card before the first Shield turns, or pass."
        if view.moving:
            return (f"{head} ({first}): {s.of(view.active)} {label(view.moving)} is moving, "
                    f"{counted(view.steps_left, 'step')} left.")
        return f"{head} ({first}): {s(view.active)} turns a Shield." if view.active else f"{head}."
    if view.phase == COMBAT and view.combat:
        return f"Turn {view.turn}, Movement: combat on {view.combat[0].space}."
    if view.phase == SETTLEMENT:
        return f"{head}: lands to settle: {listed(list(view.settling), 'none')}."
    return f"{head}."


def _grouped(cards: Sequence[str]) -> str:
    """Many cards in little room, copies of a name together in their order:
    "Archer #1 #4, Spires #2, Woods #1 #3"."""
    copies: dict[str, list[int]] = {}
    for card in cards:
        if INSTANCE.fullmatch(card) and key_of(card) in CARDS:
            copies.setdefault(_name(key_of(card)), []).append(int(card.rsplit("#", 1)[1]))
        else:
            copies.setdefault(label(card), [])
    return ", ".join(f"{name} {' '.join(f'#{n}' for n in sorted(numbers))}".strip()
                     for name, numbers in sorted(copies.items()))


def _shield_marks(view: GuardiansView) -> dict[str, str]:
    """Each Shield on the board by a mark for the drawn board ("S1"), in the board's order."""
    shields = [held.card for space in view.spaces for held in space.shields]
    return {card: f"S{number}" for number, card in enumerate(shields, start=1)}


def _cell(space: SpaceView, marks: dict[str, str], s: Seats) -> str:
    """One space in a few words: who holds it, its terrain, its Shields, cards lying there."""
    words = [f"{space.space} {s(space.controller) if space.controller else '-'}"]
    if space.terrain:
        words.append("/".join(_terrain_card(card) for card in space.terrain))
    if space.facedown_terrain:
        words.append("face-down terrain")
    words += [marks[held.card] + ("'" if held.turned else "") for held in space.shields]
    counts = [f"{space.loose} on" if space.loose else "", f"{space.under} under" if space.under else "",
              f"{space.tower} in tower" if space.tower else ""]
    words += [count for count in counts if count]
    return " ".join(words)


def _terrain_card(card: str) -> str:
    """A terrain card on the board by its name alone (one card lies on a land)."""
    return _name(key_of(card)) if INSTANCE.fullmatch(card) and key_of(card) in CARDS else label(card)


def _board(view: GuardiansView, marks: dict[str, str], s: Seats) -> list[str]:
    cells = {space.space: _cell(space, marks, s) for space in view.spaces}
    width = max(len(text) for text in cells.values())
    rows = sorted({int(space[1]) for space in SPACES}, reverse=True)
    lines = []
    for row in rows:
        owner = stronghold_owner(f"a{row}")
        side = f"{s.of(owner)} stronghold" if owner else "lands"
        lines.append("  " + " | ".join(cells[f"{column}{row}"].ljust(width) for column in COLUMNS) + f"  ({side})")
    return lines


def _shield_line(held: ShieldView, space: str, mark: str, view: GuardiansView, s: Seats) -> str:
    whose = "your" if held.seat == view.viewer else s.of(held.seat)
    state = "turned" if held.turned else "unturned"
    carried = f": {_labels(held.carried_cards)}" if held.carried_cards else \
        f", {counted(held.carried, 'card')} under it"
    return f"{mark} {whose} {label(held.card)} on {space} ({state}){carried}"


def _seat_line(seat: SeatView, view: GuardiansView, s: Seats) -> str:
    you = " (you)" if seat.seat == view.viewer else ""
    guardian = CARDS.get(seat.guardian)
    wounds = f", {counted(seat.wounds, 'wound')}" if seat.wounds else ""
    if wounds and guardian is not None:
        wounds += f" (Vitality {guardian.vitality})"
    parts = [f"{label(seat.guardian)}: {counted(seat.stones, 'Power Stone')}{wounds}",
             f"{seat.shields_lost} of 5 Shields lost", f"deck {seat.deck_count}", f"discard {len(seat.discard)}",
             f"Pen {seat.pen}", f"Storage Hand {seat.storage}"]
    if seat.drawn:
        parts.append(f"drawn {seat.drawn}")
    if seat.up:
        parts.append(f"Up card {_labels(seat.up)}")
    upgrades = [f"{label(card)} beside {space.space}" for space in view.spaces
                if stronghold_owner(space.space) == seat.seat for card in space.upgrade]
    parts += upgrades
    if seat.rubble:
        parts.append(f"rubble: {_labels(seat.rubble)}")
    if seat.cursed:
        parts.append(f"may not play {listed(list(seat.cursed))}")
    if seat.barrier:
        parts.append(f"Force Barrier on {seat.barrier}")
    if seat.slowed:
        parts.append("Shields slowed to one space")
    if seat.committed and view.phase == ORGANIZE:
        parts.append("committed")
    return f"{s(seat.seat)}{you}: {'; '.join(parts)}."


COMBAT_STAGES = {"declare": "saying whether they play Command Cards", "command": "choosing Command Cards",
                 "command-window": "answering the Command Cards", "choose": "laying creatures",
                 "bribe": "bribery", "spells": "Spells", "modify": "ranged attacks, channeling and Spells",
                 "secondary": "secondary attacks", "secondary-bribe": "bribing a secondary target",
                 "secondary-modify": "modifying a secondary attack", "heal": "healing",
                 "redeem": "buying back lost creatures", "retreat": "the loser retreats",
                 "control": "paying for control of the space",
                 "trim": "trimming a merged Shield"}


def _side_line(side: SideView, view: GuardiansView, s: Seats) -> str:
    parts = [f"{counted(side.hand, 'card')} in the Combat Hand"]
    if side.hand_cards:
        parts[0] += f" ({_labels(side.hand_cards)})"
    if side.command:
        parts.append(f"Command Card {label(side.command)}{'' if side.command_live else ' (dispelled)'}")
    elif side.declared == 1:
        parts.append("a Command Card face down")
    for name, cards in (("on the table", side.played), ("fired", side.ranged), ("beaten", side.beaten),
                        ("gone", side.destroyed), ("out of play", side.out)):
        if cards:
            parts.append(f"{name}: {_labels(cards)}")
    if side.chosen:
        parts.append("a creature laid face down")
    return f"  {s(side.seat)}{' (you)' if side.seat == view.viewer else ''}: {'; '.join(parts)}."


def _combat_lines(fight: CombatView, view: GuardiansView, s: Seats) -> list[str]:
    acting = f", {s(fight.actor)} to act" if fight.actor else ""
    lines = [f"Combat on {fight.space}, fought on {_ground(fight.terrain)}: "
             f"{COMBAT_STAGES.get(fight.stage, fight.stage)}{acting}."]
    if fight.attacker_card and fight.defender_card:
        kind = "Secondary attack" if fight.secondary else "Match-up"
        lines.append(f"  {kind}: {owned(fight.attacker_card, s)} against {owned(fight.defender_card, s)}.")
    lines += [_side_line(side, view, s) for side in (fight.attacker, fight.defender)]
    hurt = [f"{owned(d.card, s)} {d.amount}" for d in fight.damage if d.amount]
    if hurt:
        lines.append(f"  Damage taken: {listed(hurt)}.")
    return lines


def glance(view: GuardiansView, seats: Seats) -> tuple[str, ...]:
    """The table for a person: the turn and phase, the viewer's cards by label (copies of a
    name together), the twelve spaces as a grid, row 4 on top (S1.. mark the Shields,
    listed below it; ' marks a turned one), each seat's counts, and a combat under way."""
    lines = [_head(view, seats)]
    mine = next((seat for seat in view.seats if seat.seat == view.viewer), None)
    if mine is not None:
        for name, cards in (("Just drawn", mine.drawn_cards), ("Your Creature Pen", mine.pen_cards),
                            ("Your Storage Hand", mine.storage_cards), ("You are looking at", mine.looking_cards)):
            if cards:
                lines.append(f"{name} ({len(cards)}): {_grouped(cards)}.")
    marks = _shield_marks(view)
    lines.append("The board (S1.. are the Shields listed below it, ' marks a turned one; the counts are cards face "
                 "down on and under a space):")
    lines += _board(view, marks, seats)
    lines += [_shield_line(held, space.space, marks[held.card], view, seats)
              for space in view.spaces for held in space.shields]
    lines += [_seat_line(seat, view, seats) for seat in view.seats]
    for fight in view.combat:
        lines += _combat_lines(fight, view, seats)
    return tuple(lines)


__all__ = ["glance", "label", "owned", "tell_command", "tell_event", "terrain", "zone"]
