"""ARMORY commands and events.

Field types are the protobuf contract: int, str, bool, tuple[str, ...] only.
0 means "no seat" and "" means "no card / no combatant".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.kernel import Command, Event, JsonValue

# ---------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class PlaceArmament(Command):
    """Turn card: put an Armament from hand on one of your combatants (armory R4, R8)."""

    card: str = ""
    combatant: str = ""


@dataclass(frozen=True, slots=True)
class PlaceGuardian(Command):
    """Turn card: put a Guardian on one of your fully armed combatants (armory R10)."""

    card: str = ""
    combatant: str = ""


@dataclass(frozen=True, slots=True)
class Trade(Command):
    """Turn card: a card from hand to the used pile, and draw one (armory R6)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class CastMystic(Command):
    """Cast a Mystic: a turn card, an attack (Interrupt and Duplicity included), or a response.

    target_seat: the seat it is aimed at (for a COUNTER or REBOUND: the caster of the
    Mystic on top of the stack). target_combatant / target_card: for WOUNDING (both)
    and REMOVAL (combatant); for a REBOUND, the new targets among the caster's
    combatants; for a COUNTER, target_card is the card it counters.
    """

    card: str = ""
    target_seat: int = 0
    target_combatant: str = ""
    target_card: str = ""


@dataclass(frozen=True, slots=True)
class Sacrifice(Command):
    """Give up one of your Armaments in play to halt the Mystic on top (armory R9)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Let the top of the stack resolve (or, for an ATTACK, decline to halt it)."""


@dataclass(frozen=True, slots=True)
class OpenForAttack(Command):
    """The Turn Player ends his turn cards and is open for attack (armory R5)."""


@dataclass(frozen=True, slots=True)
class EndAttack(Command):
    """The Turn Opponent ends his attack; the turn ends (armory R5), or the next opponent attacks
    (house rule any_opponent_answers)."""


@dataclass(frozen=True, slots=True)
class CastAttack(Command):
    """Turn card: cast the ATTACK card to win (armory R10, R11)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class DeclareDuel(Command):
    """Instead of turn cards, force a duel on another player, once a game (armory R7)."""

    opponent: int = 0


@dataclass(frozen=True, slots=True)
class ChooseDuelPrize(Command):
    """The duel winner's prize: "discard" or "strip" (armory R7)."""

    prize: str = ""


@dataclass(frozen=True, slots=True)
class DuelDiscard(Command):
    """The duel winner discards one card from the loser's hand (armory R7a)."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class DuelStrip(Command):
    """The duel winner strips one card off the loser's combatants (armory R7b)."""

    card: str = ""


COMMAND_TYPES: tuple[type[Command], ...] = (
    PlaceArmament, PlaceGuardian, Trade, CastMystic, Sacrifice, Pass, OpenForAttack,
    EndAttack, CastAttack, DeclareDuel, ChooseDuelPrize, DuelDiscard, DuelStrip,
)

# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """A draw pile's new order (top first). reason: "start" or "used pile reshuffled"."""

    seat: int = 0
    order: tuple[str, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards from the top of the draw pile to the hand. reason: "start", "refill", "trade"."""

    seat: int = 0
    cards: tuple[str, ...] = ()
    count: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    """The seat that plays the first turn, drawn at random among the seats (armory R4)."""

    seat: int = 0
    seats: int = 0


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int = 0
    turn: int = 0


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """A seat's turn comes and is lost (the duel prize "discard", armory R7a)."""

    seat: int = 0
    turn: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ArmamentPlaced(Event):
    seat: int = 0
    card: str = ""
    combatant: str = ""


@dataclass(frozen=True, slots=True)
class GuardianPlaced(Event):
    seat: int = 0
    card: str = ""
    combatant: str = ""


@dataclass(frozen=True, slots=True)
class CardTraded(Event):
    """A traded card goes face up to the used pile (public)."""

    seat: int = 0
    card: str = ""


@dataclass(frozen=True, slots=True)
class MysticCast(Event):
    """A Mystic goes on the stack. turn_card: it counts as one of the caster's turn cards."""

    seat: int = 0
    card: str = ""
    mystic: str = ""
    target_seat: int = 0
    target_combatant: str = ""
    target_card: str = ""
    turn_card: bool = False


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """The responder lets the top of the stack (`card`) stand."""

    seat: int = 0
    card: str = ""


@dataclass(frozen=True, slots=True)
class MysticCountered(Event):
    """A COUNTER (`card`, cast by `seat`) resolved: it and the countered card go to the used piles."""

    seat: int = 0
    card: str = ""
    countered_seat: int = 0
    countered_card: str = ""


@dataclass(frozen=True, slots=True)
class MysticRebounded(Event):
    """A REBOUND (`card`, by `seat`) turned `rebounded_card` back at its caster, with new targets."""

    seat: int = 0
    card: str = ""
    rebounded_card: str = ""
    caster: int = 0
    target_combatant: str = ""
    target_card: str = ""


@dataclass(frozen=True, slots=True)
class ArmamentSacrificed(Event):
    seat: int = 0
    combatant: str = ""
    card: str = ""


@dataclass(frozen=True, slots=True)
class MysticHalted(Event):
    """A Sacrifice by `seat` halted the Mystic `card` cast by `caster` (armory R9)."""

    seat: int = 0
    card: str = ""
    caster: int = 0


@dataclass(frozen=True, slots=True)
class MysticResolved(Event):
    """The top Mystic takes effect (or fizzles: nothing valid to act on) and goes to the used pile."""

    seat: int = 0
    card: str = ""
    mystic: str = ""
    target_seat: int = 0
    fizzled: bool = False


@dataclass(frozen=True, slots=True)
class ArmamentRemoved(Event):
    """An Armament leaves a combatant. destination: "used" or "hand"."""

    seat: int = 0
    combatant: str = ""
    card: str = ""
    destination: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card from a hand goes face up to the used pile. reason: TORCH, PILFER or "duel"."""

    seat: int = 0
    card: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """The Turn Player loses the rest of his turn to a turn-stopping Mystic (armory R5)."""

    seat: int = 0
    by_seat: int = 0
    mystic: str = ""


@dataclass(frozen=True, slots=True)
class OpenedForAttack(Event):
    seat: int = 0


@dataclass(frozen=True, slots=True)
class AttackHandedOn(Event):
    """House rule any_opponent_answers: `seat` is done attacking and `to_seat`, the next opponent, attacks."""

    seat: int = 0
    to_seat: int = 0


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int = 0
    turn: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class AttackCast(Event):
    """The ATTACK card is cast; with halting allowed it waits on the stack (armory R11c)."""

    seat: int = 0
    card: str = ""
    halting_allowed: bool = False


@dataclass(frozen=True, slots=True)
class AttackHalted(Event):
    """A Mystic halted the ATTACK: it returns to its owner's hand (armory R11c). `by_card` is a
    COUNTER, or an INTERRUPT or DUPLICITY that took the Turn Player's turn."""

    seat: int = 0
    card: str = ""
    by_seat: int = 0
    by_card: str = ""


@dataclass(frozen=True, slots=True)
class DuelDeclared(Event):
    seat: int = 0
    opponent: int = 0


@dataclass(frozen=True, slots=True)
class DuelCardDrawn(Event):
    """`seat` drew `card` at random from `from_seat`'s hand (shown, then returned)."""

    seat: int = 0
    from_seat: int = 0
    card: str = ""
    number: int = 0


@dataclass(frozen=True, slots=True)
class DuelWon(Event):
    winner: int = 0
    loser: int = 0


@dataclass(frozen=True, slots=True)
class DuelStandoff(Event):
    """No winner: a hand ran out of cards that may be drawn."""

    challenger: int = 0
    challenged: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class DuelPrizeChosen(Event):
    """discards: how many cards the winner will discard (prize "discard", at most 2)."""

    seat: int = 0
    prize: str = ""
    loser: int = 0
    discards: int = 0


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """`seat`'s hand shown to `to_seat` only."""

    seat: int = 0
    to_seat: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardStripped(Event):
    """A card off `seat`'s combatant back to his hand, locked for his next turn (armory R7b)."""

    seat: int = 0
    combatant: str = ""
    card: str = ""
    by_seat: int = 0


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int = 0
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    reason: str = ""


EVENT_TYPES: tuple[type[Event], ...] = (
    DeckShuffled, CardsDrawn, TurnStarted, TurnSkipped, ArmamentPlaced, GuardianPlaced,
    CardTraded, MysticCast, Passed, MysticCountered, MysticRebounded, ArmamentSacrificed,
    MysticHalted, MysticResolved, ArmamentRemoved, CardDiscarded, TurnLost, OpenedForAttack,
    TurnEnded, AttackCast, AttackHalted, DuelDeclared, DuelCardDrawn, DuelWon, DuelStandoff,
    DuelPrizeChosen, HandRevealed, CardStripped, GameWon, GameDrawn, FirstPlayerChosen, AttackHandedOn,
)

EVENT_SCHEMA = 2
"""Schema 2 came with armory 3.0.0 (AttackHalted's `by_card`)."""


def attack_halted_from_schema_1(payload: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Schema 2 (armory 3.0.0): an INTERRUPT or DUPLICITY halts the ATTACK too, so the halting
    card is `by_card`, no longer `counter_card`."""
    return {**{k: v for k, v in payload.items() if k != "counter_card"}, "by_card": payload.get("counter_card", "")}


UPCASTERS: dict[tuple[str, int], Callable[[dict[str, JsonValue]], dict[str, JsonValue]]] = {
    ("AttackHalted", 1): attack_halted_from_schema_1,
}
"""Old events brought up to the current schema as a log is read (docs/log-format.md)."""
