"""Army of Darkness commands and events.

Zones named in events: "deck", "discard" (seat 0), and per seat "hand", "pile" (the
Monster pile, last = top), "weapon", "other" (the two Item stacks, first = active),
"ally" (first = active; the second too while Goldtooth is first) and "book" (the
Necronomicon in play with that seat).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event

# ---------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """Play a card from hand (aod Play): a Monster onto `target_seat`'s pile, an Item,
    Ally or the Necronomicon next to your character, or an Event with its target
    (`target_seat` and/or `target_card`, as the event needs)."""

    card: str
    target_seat: int = 0
    target_card: str = ""


@dataclass(frozen=True, slots=True)
class DiscardCard(Command):
    """Discard a card from hand: instead of playing one (aod Play), or one you owe
    after a defeat or an event."""

    card: str


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Attack the top Monster `target_card` of `target_seat`'s pile, or the character of
    `target_seat` (target_card ""). The flags say which active cards you use (aod Items,
    aod Allies: using them is optional)."""

    target_seat: int
    target_card: str = ""
    use_weapon: bool = False
    use_other: bool = False
    use_allies: bool = False


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """End your turn without attacking (only when your own pile is empty, aod Attack)."""


@dataclass(frozen=True, slots=True)
class SwitchItem(Command):
    """Make an inactive Item of yours the active one of its stack (aod Items)."""

    card: str


@dataclass(frozen=True, slots=True)
class SwitchAlly(Command):
    """Make an inactive Ally of yours active (aod Allies)."""

    card: str


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Modifier:
    """One term of an attack total: where it comes from and its value."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """Characters by seat (all good side up) and the turn order, Ash's seat first."""

    characters: tuple[str, ...]
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """A new draw pile in this order (top first): every card at the start, later the
    discard pile. Nobody sees `order` (redacted to ())."""

    order: tuple[str, ...]
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards from the top of the draw pile into `seat`'s hand; others see only `count`."""

    seat: int
    cards: tuple[str, ...]
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """A card moved in public (face up) from one zone to another."""

    card: str
    from_seat: int
    from_zone: str
    to_seat: int
    to_zone: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """`seat` took a random card from `from_seat`'s hand into his own; only the two see it."""

    seat: int
    from_seat: int
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """`seat` played `card` (it is then moved or resolved by the events that follow)."""

    seat: int
    card: str
    target_seat: int
    target_card: str


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """The active seat's turn moved on to `phase` ("play", "attack" or "aftermath")."""

    seat: int
    phase: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """The attack's target and the active cards that take part in it."""

    seat: int
    target_seat: int
    target_card: str
    used: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AttackRolled(Event):
    """The die, every modifier, the total, the number needed and the outcome."""

    seat: int
    die: int
    modifiers: tuple[Modifier, ...]
    total: int
    needed: int
    won: bool


@dataclass(frozen=True, slots=True)
class DiscardOwed(Event):
    """`seat` must now discard `count` cards of his choice (0: nothing owed)."""

    seat: int
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class KeepRolled(Event):
    """A keep roll after an attack: die + bonus against `needed`; a failure discards."""

    seat: int
    card: str
    die: int
    bonus: int
    needed: int
    kept: bool


@dataclass(frozen=True, slots=True)
class CharacterFlipped(Event):
    """The character of `seat` now shows `alignment`."""

    seat: int
    alignment: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardSwitched(Event):
    """An inactive Item or Ally became active (`zone` "weapon", "other" or "ally")."""

    seat: int
    zone: str
    card: str


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int
    alignment: str
    reason: str


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    reason: str
    turn: int
