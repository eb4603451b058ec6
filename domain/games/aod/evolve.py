"""Army of Darkness evolve: apply one fact. No checks, no randomness."""

from __future__ import annotations

from domain.games.aod.cards import is_goldtooth
from domain.games.aod.messages import (
    AttackDeclared,
    CardMoved,
    CardsDrawn,
    CardSwitched,
    CardTaken,
    CharacterFlipped,
    DeckShuffled,
    DiscardOwed,
    GameDrawn,
    GameStarted,
    GameWon,
    PhaseChanged,
    TurnEnded,
    TurnStarted,
)
from domain.games.aod.state import (
    AFTERMATH,
    ALLY,
    BOOK_ZONE,
    DECK,
    DISCARD,
    HAND,
    OVER,
    PLAY,
    AodState,
    Player,
)
from domain.kernel import Event, replace


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card) if card in cards else -1
    return cards if index < 0 else cards[:index] + cards[index + 1:]


def _remove(state: AodState, seat: int, zone: str, card: str) -> AodState:
    if zone == DECK:
        return replace(state, deck=_without(state.deck, card))
    if zone == DISCARD:
        return replace(state, discard=_without(state.discard, card))
    if zone == BOOK_ZONE:
        return replace(state, book_holder=0, book_ready=False)
    player = state.player(seat)
    return state.with_player(player.with_stack(zone, _without(player.stack(zone), card)))


def _add(state: AodState, seat: int, zone: str, card: str) -> AodState:
    """Discard and piles take the card on top (last); Item and Ally stacks underneath
    (last: inactive unless the stack was empty); hands at the end."""
    if zone == DECK:
        return replace(state, deck=(card, *state.deck))
    if zone == DISCARD:
        return replace(state, discard=(*state.discard, card))
    if zone == BOOK_ZONE:
        return replace(state, book_holder=seat, book_ready=seat == state.active)
    player = state.player(seat)
    return state.with_player(player.with_stack(zone, (*player.stack(zone), card)))


def _switched(player: Player, zone: str, card: str) -> Player:
    if zone == ALLY:
        rest = _without(player.allies, card)
        if is_goldtooth(card) or not rest or not is_goldtooth(rest[0]):
            return replace(player, allies=(card, *rest))
        return replace(player, allies=(rest[0], card, *rest[1:]))
    return player.with_stack(zone, (card, *_without(player.stack(zone), card)))


def evolve(state: AodState, event: Event) -> AodState:
    match event:
        case GameStarted(characters=characters, order=order):
            players = tuple(replace(p, character=c) for p, c in zip(state.players, characters, strict=True))
            return replace(state, players=players, order=order)
        case DeckShuffled(order=order):
            return replace(state, deck=order, discard=())
        case CardsDrawn(seat=seat, cards=cards):
            player = state.player(seat)
            return replace(state.with_player(replace(player, hand=(*player.hand, *cards))),
                           deck=state.deck[len(cards):])
        case CardMoved(card=card, from_seat=from_seat, from_zone=from_zone, to_seat=to_seat, to_zone=to_zone):
            return _add(_remove(state, from_seat, from_zone, card), to_seat, to_zone, card)
        case CardTaken(seat=seat, from_seat=from_seat, card=card):
            return _add(_remove(state, from_seat, HAND, card), seat, HAND, card)
        case PhaseChanged(phase=phase):
            return replace(state, phase=phase)
        case TurnStarted(seat=seat, turn=turn):
            return replace(state, active=seat, turn=turn, phase=PLAY, used=())
        case TurnEnded(seat=seat):
            ready = state.book_ready or state.book_holder == seat
            return replace(state, book_ready=ready, used=(), owed_seat=0, owed_count=0, owed_reason="")
        case AttackDeclared(used=used):
            return replace(state, phase=AFTERMATH, used=used)
        case DiscardOwed(seat=seat, count=count, reason=reason):
            if count <= 0:
                return replace(state, owed_seat=0, owed_count=0, owed_reason="")
            return replace(state, owed_seat=seat, owed_count=count, owed_reason=reason)
        case CharacterFlipped(seat=seat, alignment=alignment):
            return state.with_player(replace(state.player(seat), alignment=alignment))
        case CardSwitched(seat=seat, zone=zone, card=card):
            return state.with_player(_switched(state.player(seat), zone, card))
        case GameWon(seat=seat, reason=reason):
            return replace(state, winner=seat, finished=True, phase=OVER, result=reason)
        case GameDrawn(reason=reason):
            return replace(state, finished=True, phase=OVER, result=reason)
    return state

