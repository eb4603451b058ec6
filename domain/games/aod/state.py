"""Army of Darkness state: immutable, canonical-JSON friendly."""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.aod.cards import ALLY as ALLY_KIND
from domain.games.aod.cards import (
    ARMY_SIZE,
    BOOK,
    CARD_IDS,
    EVIL,
    GOOD,
    ITEM,
    NECRONOMICON,
    card,
    is_goldtooth,
    parse_characters,
)
from domain.kernel import Setup, replace

# Phases of a turn (aod Draw, aod Play, aod Attack).
SETUP = "setup"
PLAY = "play"
ATTACK = "attack"
AFTERMATH = "aftermath"
"""The attack has been rolled; owed discards, then keep rolls, then the turn ends."""
OVER = "over"

# Zones (see messages.py).
DECK = "deck"
DISCARD = "discard"
HAND = "hand"
PILE = "pile"
WEAPON = "weapon"
OTHER = "other"
ALLY = "ally"
BOOK_ZONE = "book"

# random_discard option values (aod Optional: Random Discard).
RANDOM_OFF = "off"
RANDOM_ALWAYS = "always"
RANDOM_CHARACTERS = "characters"


_SEATS = tuple(tuple(range(1, n + 1)) for n in range(10))
"""Seat numbers by player count: players sit in seats 1, 2, ... in order."""


@dataclass(frozen=True, slots=True)
class Options:
    characters: str = ""
    turn_limit: int = 0
    discard_by_victory: bool = False
    random_discard: str = RANDOM_OFF
    switch_before_play_only: bool = False
    discard_allies_on_flip: bool = False
    take_from_beaten: bool = False
    natural_rolls_against_characters: bool = False


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    character: str
    alignment: str = GOOD
    hand: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    allies: tuple[str, ...] = ()

    def active_weapon(self) -> str:
        return self.weapons[0] if self.weapons else ""

    def active_other(self) -> str:
        return self.others[0] if self.others else ""

    def active_allies(self) -> tuple[str, ...]:
        """The first Ally; also the second while Goldtooth is the first (aod Allies)."""
        if self.allies and is_goldtooth(self.allies[0]):
            return self.allies[:2]
        return self.allies[:1]

    def inactive_allies(self) -> tuple[str, ...]:
        """The Allies he may switch to (aod Allies), in stack order."""
        active = self.active_allies()
        return tuple(ally for ally in self.allies if ally not in active)

    def items(self) -> tuple[str, ...]:
        """His Items in play: the weapon stack, then the other stack."""
        return (*self.weapons, *self.others)

    def inactive_items(self) -> tuple[str, ...]:
        """The Items he may switch to (aod Items): all but the first of each stack."""
        return (*self.weapons[1:], *self.others[1:])

    def with_stack(self, zone: str, cards: tuple[str, ...]) -> Player:
        if zone == HAND:
            return replace(self, hand=cards)
        if zone == PILE:
            return replace(self, pile=cards)
        if zone == WEAPON:
            return replace(self, weapons=cards)
        if zone == OTHER:
            return replace(self, others=cards)
        return replace(self, allies=cards)

    def stack(self, zone: str) -> tuple[str, ...]:
        # A chain of tests, not a dict built per call: legal_commands asks this often.
        if zone == HAND:
            return self.hand
        if zone == PILE:
            return self.pile
        if zone == WEAPON:
            return self.weapons
        if zone == OTHER:
            return self.others
        if zone == ALLY:
            return self.allies
        return ()


@dataclass(frozen=True, slots=True)
class AodState:
    options: Options
    players: tuple[Player, ...]
    order: tuple[int, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    book_holder: int = 0
    book_ready: bool = False
    """False while the holder got the book during another seat's turn and his own turn
    has not ended since (aod Objective)."""
    turn: int = 0
    active: int = 0
    phase: str = SETUP
    owed_seat: int = 0
    owed_count: int = 0
    owed_reason: str = ""
    used: tuple[str, ...] = ()
    winner: int = 0
    finished: bool = False
    result: str = ""

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def seats(self) -> tuple[int, ...]:
        return _SEATS[len(self.players)]

    def next_seat(self, seat: int) -> int:
        index = self.order.index(seat)
        return self.order[(index + 1) % len(self.order)]

    def with_player(self, player: Player) -> AodState:
        players = tuple(player if p.seat == player.seat else p for p in self.players)
        return replace(self, players=players)


def initial_state(setup: Setup) -> AodState:
    """Every seat with his character, good side up; the deck in the card set's order
    until the set-up shuffles it (aod Set-up)."""
    values = dict(setup.options)
    options = Options(
        characters=str(values.get("characters", "")),
        turn_limit=int(values.get("turn_limit", 0)),
        discard_by_victory=bool(values.get("discard_by_victory", False)),
        random_discard=str(values.get("random_discard", RANDOM_OFF)),
        switch_before_play_only=bool(values.get("switch_before_play_only", False)),
        discard_allies_on_flip=bool(values.get("discard_allies_on_flip", False)),
        take_from_beaten=bool(values.get("take_from_beaten", False)),
        natural_rolls_against_characters=bool(values.get("natural_rolls_against_characters", False)),
    )
    characters = parse_characters(options.characters, len(setup.seats))
    players = tuple(Player(seat=i, name=name, character=characters[i - 1])
                    for i, name in enumerate(setup.seats, start=1))
    return AodState(options=options, players=players, deck=CARD_IDS)


def play_zone(card_id: str) -> str:
    """Where a card goes when it enters play next to a character ("" if it cannot)."""
    info = card(card_id)
    if info.kind == ITEM:
        return info.slot
    if info.kind == ALLY_KIND:
        return ALLY
    if info.kind == NECRONOMICON:
        return BOOK_ZONE
    return ""


def top_of_discard(state: AodState, kind: str) -> str:
    """The most recently discarded card of a kind, or ""."""
    for card_id in reversed(state.discard):
        if card(card_id).kind == kind:
            return card_id
    return ""


def wins(state: AodState, seat: int) -> str:
    """The reason `seat` meets his victory condition now, or "" (aod Objective)."""
    if state.book_holder != seat:
        return ""
    player = state.player(seat)
    if player.alignment == GOOD and not player.pile:
        return "good, with an empty Monster pile and the Necronomicon"
    if player.alignment == EVIL and len(player.pile) >= ARMY_SIZE:
        return f"evil, with {len(player.pile)} Monsters in his pile and the Necronomicon"
    return ""


def all_cards(state: AodState) -> list[str]:
    """Every card id in every zone (for conservation checks)."""
    found = [*state.deck, *state.discard]
    for p in state.players:
        found += [*p.hand, *p.pile, *p.weapons, *p.others, *p.allies]
    if state.book_holder:
        found.append(BOOK)
    return found
