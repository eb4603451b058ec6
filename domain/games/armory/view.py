"""What a viewer may see: view(state, viewer) and redact(event, viewer).

Public: combatants and their cards, the stack, used piles (face up), counts of hands
and draw piles, cards shown in a duel, cards that went from play back to a hand.
Private: a hand (its owner only; a duel winner choosing discards also sees the
loser's hand), every draw pile's order (nobody).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from domain.games.armory import cards
from domain.games.armory.messages import CardsDrawn, DeckShuffled, HandRevealed
from domain.games.armory.state import (
    DUEL_DISCARD,
    ArmoryState,
    Combatant,
    Player,
    StackItem,
    fully_armed,
)
from domain.games.armory.turn import responder, turn_opponent
from domain.kernel import Event


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as a client renders it, without the deck file."""

    card: str
    number: int
    kind: str
    name: str
    invincible: bool
    uncounterable: bool


@dataclass(frozen=True, slots=True)
class CombatantView:
    combatant: str
    kind: str
    armaments: tuple[CardView, ...]
    guardian: tuple[CardView, ...]
    """Empty, or the one Guardian."""
    fully_armed: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    hand: tuple[CardView, ...]
    """Only in the viewer's own SeatView; empty for the others."""
    hand_count: int
    draw_count: int
    used: tuple[CardView, ...]
    """The used pile, face up (public), oldest first."""
    combatants: tuple[CombatantView, ...]
    duel_used: bool
    loses_next_turn: bool
    locked: tuple[str, ...]
    """Cards stripped in a duel that may not be placed during his next turn: only in the
    viewer's own SeatView. The table saw each strip, but the cards are in a hand now, and
    where a card in a hand goes next is hidden from the others."""
    locked_count: int


@dataclass(frozen=True, slots=True)
class StackItemView:
    card: CardView
    caster: int
    mystic: str
    target_seat: int
    target_combatant: str
    target_card: str
    rebounded: bool
    turn_card: bool
    passed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DuelView:
    challenger: int
    challenged: int
    winner: int
    loser: int
    prize: str
    discards_left: int
    revealed: tuple[CardView, ...]
    """The loser's hand, shown only to the winner while he discards."""


@dataclass(frozen=True, slots=True)
class ArmoryView:
    viewer: int
    phase: str
    turn: int
    turn_player: int
    turn_opponent: int
    actions_used: int
    traded: bool
    torch_cast: bool
    trade_drawn: tuple[str, ...]
    """Cards the viewer drew by trading this turn (defensive use only); empty for others."""
    stack: tuple[StackItemView, ...]
    responder: int
    seats: tuple[SeatView, ...]
    duel: DuelView
    attack_can_be_halted: bool
    turn_limit: int
    winner: int
    finished: bool
    any_opponent_answers: bool


def card_view(card: str) -> CardView:
    info = cards.card_def(card)
    return CardView(card=card, number=info.number, kind=info.kind, name=info.name,
                    invincible=info.invincible, uncounterable=info.uncounterable)


def _combatant_view(c: Combatant) -> CombatantView:
    return CombatantView(
        combatant=c.combatant, kind=cards.combatant_kind(c.combatant),
        armaments=tuple(card_view(a) for a in c.armaments),
        guardian=(card_view(c.guardian),) if c.guardian else (),
        fully_armed=fully_armed(c),
    )


def _seat_view(p: Player, viewer: int) -> SeatView:
    return SeatView(
        seat=p.seat, name=p.name,
        hand=tuple(card_view(c) for c in p.hand) if p.seat == viewer else (),
        hand_count=len(p.hand), draw_count=len(p.draw),
        used=tuple(card_view(c) for c in p.used),
        combatants=tuple(_combatant_view(c) for c in p.combatants),
        duel_used=p.duel_used, loses_next_turn=p.loses_next_turn,
        locked=p.locked if p.seat == viewer else (), locked_count=len(p.locked),
    )


def _stack_view(item: StackItem) -> StackItemView:
    return StackItemView(
        card=card_view(item.card), caster=item.caster, mystic=item.mystic, target_seat=item.target_seat,
        target_combatant=item.target_combatant, target_card=item.target_card, rebounded=item.rebounded,
        turn_card=item.turn_card, passed=item.passed,
    )


def view(state: ArmoryState, viewer: int) -> ArmoryView:
    duel = state.duel
    revealed: tuple[CardView, ...] = ()
    if state.phase == DUEL_DISCARD and viewer == duel.winner and duel.loser:
        revealed = tuple(card_view(c) for c in state.players[duel.loser - 1].hand)
    return ArmoryView(
        viewer=viewer, phase=state.phase, turn=state.turn, turn_player=state.turn_player,
        turn_opponent=turn_opponent(state), actions_used=state.actions, traded=state.traded,
        torch_cast=state.torch_cast,
        # Only what is still in the Turn Player's hand: a card traded in, used and reshuffled this
        # turn stays in trade_drawn but its new place in the draw pile is nobody's to see.
        trade_drawn=tuple(c for c in state.trade_drawn if c in state.players[viewer - 1].hand)
        if viewer == state.turn_player else (),
        stack=tuple(_stack_view(item) for item in state.stack), responder=responder(state),
        seats=tuple(_seat_view(p, viewer) for p in state.players),
        duel=DuelView(challenger=duel.challenger, challenged=duel.challenged, winner=duel.winner,
                      loser=duel.loser, prize=duel.prize, discards_left=duel.discards_left, revealed=revealed),
        attack_can_be_halted=state.attack_can_be_halted, turn_limit=state.turn_limit,
        winner=state.winner, finished=state.finished, any_opponent_answers=state.any_opponent_answers,
    )


def redact(event: Event, viewer: int) -> Event:
    """The event as `viewer` (a seat, or 0 for a spectator) may see it."""
    match event:
        case DeckShuffled():
            return dataclasses.replace(event, order=())
        case CardsDrawn(seat=seat) if seat != viewer:
            return dataclasses.replace(event, cards=())
        case HandRevealed(seat=seat, to_seat=to_seat) if viewer not in (seat, to_seat):
            return dataclasses.replace(event, cards=())
    return event
