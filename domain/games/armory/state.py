"""The ARMORY state: frozen dataclasses and tuples only, so canonical JSON encodes it;
the state a game begins with, and pure queries of it.

Zones of a player's 60 cards: hand, draw (top first), used, on a combatant, on the
stack. Card ids are f"{seat}.{number:02d}" (cards.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.armory import cards
from domain.games.armory.cards import ARMAMENT, ATTACK_NAME
from domain.kernel import Setup

MAX_SEATS = 3
"""The rulebook's opening line: a game for 2-3 players."""

# Phases.
SETUP = "setup"
TURN_CARDS = "turn_cards"
ATTACK = "attack"
DUEL = "duel"
DUEL_PRIZE = "duel_prize"
DUEL_DISCARD = "duel_discard"
DUEL_STRIP = "duel_strip"
BETWEEN = "between_turns"
WON = "won"
DRAWN = "drawn"
FINISHED = (WON, DRAWN)
_SEATS = tuple(tuple(range(1, n + 1)) for n in range(10))


@dataclass(frozen=True, slots=True)
class Combatant:
    """One of a player's three fighters (armory R1) and the cards on him."""

    combatant: str
    armaments: tuple[str, ...] = ()
    guardian: str = ""


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    hand: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    combatants: tuple[Combatant, ...] = ()
    duel_used: bool = False
    loses_next_turn: bool = False
    locked: tuple[str, ...] = ()
    """Cards stripped in a duel: they may not be placed during his next turn (armory R7b)."""
    locked_turn: int = 0
    """The turn in which the cards were locked; the lock ends with his first turn after it."""
    guardian_turn: int = 0
    """The last turn in which he placed a Guardian (armory R11a)."""


@dataclass(frozen=True, slots=True)
class StackItem:
    """A cast Mystic (or, with attack_can_be_halted, the ATTACK) waiting to resolve."""

    card: str
    caster: int
    mystic: str
    target_seat: int = 0
    target_combatant: str = ""
    target_card: str = ""
    rebounded: bool = False
    turn_card: bool = False
    passed: tuple[int, ...] = ()
    """For the ATTACK: the opponents who declined to halt it."""


# The duel's prizes (armory R7).
DISCARD = "discard"
STRIP = "strip"
PRIZES = (DISCARD, STRIP)
DUEL_DISCARDS = 2
"""The discard prize throws out this many of the loser's cards, or all he has if fewer."""


@dataclass(frozen=True, slots=True)
class Duel:
    challenger: int = 0
    challenged: int = 0
    winner: int = 0
    loser: int = 0
    prize: str = ""
    discards_left: int = 0


NO_DUEL = Duel()
"""The one "no duel under way" value: every turn shares it, so it is encoded once."""


@dataclass(frozen=True, slots=True)
class ArmoryState:
    players: tuple[Player, ...]
    attack_can_be_halted: bool = False
    any_opponent_answers: bool = False
    turn_limit: int = 0
    phase: str = SETUP
    turn: int = 0
    turn_player: int = 0
    attacker: int = 0
    """The Turn Opponent: the seat that attacks (armory R5), the next one clockwise from the Turn
    Player; with any_opponent_answers, each opponent in turn, clockwise."""
    actions: int = 0
    """Turn-card actions performed this turn (armory R4: 1 to 3)."""
    traded: bool = False
    torch_cast: bool = False
    trade_drawn: tuple[str, ...] = ()
    """Cards the Turn Player drew by trading this turn: defensive use only (armory R6)."""
    placed: tuple[str, ...] = ()
    """Cards the Turn Player placed on his combatants this turn."""
    turn_stopping_cast: bool = False
    """An INTERRUPT or DUPLICITY was cast in this attack: the turn ends once the stack is empty (armory R5)."""
    attack_halted: bool = False
    """The Turn Player's ATTACK was halted this turn: it may not be cast again until his next turn (armory R11c)."""
    stack: tuple[StackItem, ...] = ()
    duel: Duel = NO_DUEL
    winner: int = 0

    @property
    def seats(self) -> tuple[int, ...]:
        return _SEATS[len(self.players)]

    @property
    def finished(self) -> bool:
        return self.phase in FINISHED


def initial_state(setup: Setup) -> ArmoryState:
    """armory R1: every player has warrior-1, warrior-2 and the archer; his 60 cards are in the draw pile."""
    players = tuple(
        Player(
            seat=seat,
            name=name,
            draw=cards.deck_ids(seat),
            combatants=tuple(Combatant(c) for c in cards.COMBATANTS),
        )
        for seat, name in enumerate(setup.seats, start=1)
    )
    halted = setup.options.get("attack_can_be_halted", False)
    anyone = setup.options.get("any_opponent_answers", False)
    limit = setup.options.get("turn_limit", 0)
    return ArmoryState(
        players=players,
        attack_can_be_halted=bool(halted),
        any_opponent_answers=bool(anyone),
        turn_limit=int(limit),
    )


# ---------------------------------------------------------------- queries


def player(state: ArmoryState, seat: int) -> Player:
    return state.players[seat - 1]


def combatant(p: Player, name: str) -> Combatant:
    for c in p.combatants:
        if c.combatant == name:
            return c
    raise KeyError(name)


def find_on_combatant(p: Player, card: str) -> str:
    """The combatant that holds `card` (armament or guardian), or ""."""
    for c in p.combatants:
        if card in c.armaments or card == c.guardian:
            return c.combatant
    return ""


def fully_armed(c: Combatant) -> bool:
    """armory R10: a Warrior with Shield, Spear, Sword, Helmet; the Archer with Helmet, Bow, Quiver."""
    return set(map(cards.name, c.armaments)).issuperset(cards.CARRIED[c.combatant])


def removable(state: ArmoryState, card: str) -> bool:
    """Can a Mystic take this Armament off its (unguarded) combatant?

    armory glossary: INVINCIBLE (never removed from play) and UNCOUNTERABLE (immune to
    Mystics in the turn it was placed).
    """
    info = cards.card_def(card)
    return info.kind == ARMAMENT and not info.invincible and not (info.uncounterable and card in state.placed)


def removable_on(state: ArmoryState, c: Combatant) -> tuple[str, ...]:
    """The Armaments of a combatant a Mystic may remove; none if he is guarded (armory R10)."""
    if c.guardian or not c.armaments:
        return ()
    return tuple(a for a in c.armaments if removable(state, a))


def drawable(p: Player) -> tuple[str, ...]:
    """Cards that may be drawn or picked from a hand by anyone else (armory glossary: INVINCIBLE)."""
    return tuple(c for c in p.hand if not cards.invincible(c))


def attack_waits(state: ArmoryState) -> bool:
    """Is a cast ATTACK on the stack, waiting for the answers of armory R11c?"""
    return any(item.mystic == ATTACK_NAME for item in state.stack)


def all_cards_of(state: ArmoryState, seat: int) -> tuple[str, ...]:
    """Every card id of a seat's deck wherever it is (the 60-card invariant)."""
    p = player(state, seat)
    found = [*p.hand, *p.draw, *p.used]
    for c in p.combatants:
        found.extend(c.armaments)
        if c.guardian:
            found.append(c.guardian)
    found.extend(item.card for item in state.stack if cards.owner(item.card) == seat)
    return tuple(found)
