"""What a seat or a spectator sees, and event redaction."""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.games.aod import cards
from domain.games.aod.cards import ARMY_SIZE, CHARACTER_NAMES, GOOD
from domain.games.aod.messages import CardsDrawn, CardTaken, DeckShuffled
from domain.games.aod.state import AodState, Player
from domain.kernel import Event


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    character: str
    alignment: str
    goal: str
    hand_count: int
    pile_count: int
    """How many Monsters the pile holds. Only the top one is visible (aod SET UP)."""
    top_monster: str
    weapons: tuple[str, ...]
    """First = active."""
    others: tuple[str, ...]
    allies: tuple[str, ...]
    active_allies: tuple[str, ...]
    has_necronomicon: bool
    can_win_now: bool


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as printed, in numbers, for every card id a view shows: a client names and
    describes the cards without the data file. Fields that do not apply are 0 or empty."""

    id: str
    name: str
    kind: str
    number: int
    victory: int
    immune: tuple[str, ...]
    slot: str
    category: str
    tags: tuple[str, ...]
    bonus: int
    keep: int
    ability: str
    effect: str


def card_face(card_id: str) -> CardFace:
    d = cards.card(card_id)
    return CardFace(id=d.id, name=d.name, kind=d.kind, number=d.number, victory=d.victory, immune=d.immune,
                    slot=d.slot, category=d.category, tags=d.tags, bonus=d.bonus, keep=d.keep, ability=d.ability,
                    effect=d.effect)


@dataclass(frozen=True, slots=True)
class AodView:
    viewer: int
    turn: int
    active_seat: int
    phase: str
    players: tuple[PlayerView, ...]
    hand: tuple[str, ...]
    """The viewer's own hand (empty for a spectator)."""
    deck_count: int
    discard: tuple[str, ...]
    """Face up, bottom first."""
    necronomicon_holder: int
    owed_seat: int
    owed_count: int
    owed_reason: str
    turn_order: tuple[int, ...]
    finished: bool
    winner: int
    result: str
    cards: tuple[CardFace, ...]
    """The face of every card id this view shows (own hand, discard pile, each pile's top
    Monster, Items and Allies in play, the Necronomicon in play): never a covered Monster
    or another seat's hand."""


def _goal(player: Player) -> str:
    if player.alignment == GOOD:
        return "empty Monster pile and the Necronomicon"
    return f"{ARMY_SIZE} Monsters in his pile and the Necronomicon"


def _player_view(state: AodState, player: Player) -> PlayerView:
    holder = state.book_holder == player.seat
    return PlayerView(
        seat=player.seat,
        name=player.name,
        character=CHARACTER_NAMES.get(player.character, player.character),
        alignment=player.alignment,
        goal=_goal(player),
        hand_count=len(player.hand),
        pile_count=len(player.pile),
        top_monster=player.pile[-1] if player.pile else "",
        weapons=player.weapons,
        others=player.others,
        allies=player.allies,
        active_allies=player.active_allies(),
        has_necronomicon=holder,
        can_win_now=holder and (state.book_ready or state.active == player.seat),
    )


def view(state: AodState, viewer: int) -> AodView:
    own = state.player(viewer).hand if viewer in state.seats() else ()
    players = tuple(_player_view(state, p) for p in state.players)
    in_play = (cards.BOOK,) if state.book_holder else ()
    shown = {*own, *state.discard, *in_play,
             *(c for p in players for c in (p.top_monster, *p.weapons, *p.others, *p.allies) if c)}
    return AodView(
        viewer=viewer,
        turn=state.turn,
        active_seat=state.active,
        phase=state.phase,
        players=players,
        hand=own,
        deck_count=len(state.deck),
        discard=state.discard,
        necronomicon_holder=state.book_holder,
        owed_seat=state.owed_seat,
        owed_count=state.owed_count,
        owed_reason=state.owed_reason,
        turn_order=state.order,
        finished=state.finished,
        winner=state.winner,
        result=state.result,
        cards=tuple(card_face(c) for c in sorted(shown) if cards.is_card(c)),
    )


def redact(event: Event, viewer: int) -> Event:
    """Nobody sees a shuffled order; only the drawer sees his cards; a card taken from a
    hand is seen by the taker and the loser only.

    A Monster pile shows only its top card (aod SET UP): no event names a Monster
    while it lies below the top (each is named when it goes on top, face up), and the
    view shows the top and the count.
    """
    match event:
        case DeckShuffled():
            return replace(event, order=())
        case CardsDrawn(seat=seat) if seat != viewer:
            return replace(event, cards=())
        case CardTaken(seat=seat, from_seat=from_seat) if viewer not in (seat, from_seat):
            return replace(event, card="")
    return event
