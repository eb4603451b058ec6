"""aod Set-up and aod Draw."""

from __future__ import annotations

import pytest

from domain.games.aod.cards import CARD_IDS, HAND_SIZE, MONSTER, card
from domain.games.aod.messages import CardMoved, CardsDrawn, DeckShuffled, EndTurn, GameStarted, TurnStarted
from domain.games.aod.state import PLAY, all_cards
from domain.kernel import Event, StartGame
from tests.aod.support import KIT, refused, run, table
from tests.kit import of


def start_events(seats: int = 3, options: dict[str, bool | int | str] | None = None) -> list[Event]:
    return run(KIT.initial(seats, options), StartGame(seat=0)).events


def test_default_characters_follow_seat_order_and_ash_goes_first() -> None:
    """aod Set-up: Ash, Sheila, Arthur, Henry by seat; Ash's seat starts."""
    state = KIT.started(4)
    assert [p.character for p in state.players] == ["ash", "sheila", "arthur", "henry"]
    assert all(p.alignment == "good" for p in state.players)
    assert state.order == (1, 2, 3, 4) and state.active == 1 and state.turn == 1


def test_characters_option_puts_ash_seat_first() -> None:
    """aod Set-up: Ash goes first wherever he sits; play passes on in seat order."""
    events = start_events(3, {"characters": "henry,ash,sheila"})
    started_event = of(events, GameStarted)[0]
    assert started_event.characters == ("henry", "ash", "sheila")
    assert started_event.order == (2, 3, 1)
    assert of(events, TurnStarted)[0].seat == 2


def test_without_ash_seat_one_starts() -> None:
    """aod Set-up: with no Ash, tablerules lets seat 1 go first."""
    state = KIT.started(2, {"characters": "arthur,henry"})
    assert state.active == 1 and state.order == (1, 2)


@pytest.mark.parametrize("text", ["ash", "ash,ash", "ash,bruce", "ash,sheila,arthur"])
def test_bad_characters_option_is_rejected(text: str) -> None:
    """aod Set-up: one different character per seat."""
    with pytest.raises(ValueError):
        KIT.initial(2, {"characters": text})


def test_each_pile_starts_with_the_first_monster_drawn() -> None:
    """aod Set-up: draw and discard face up until a Monster starts the pile, in turn order."""
    events = start_events(3)
    shuffled = of(events, DeckShuffled)[0]
    assert sorted(shuffled.order) == sorted(CARD_IDS)
    reveals = [e for e in of(events, CardMoved) if e.rule == "aod Set-up"]
    assert [e.card for e in reveals] == list(shuffled.order[:len(reveals)])
    piles = [e for e in reveals if e.to_zone == "pile"]
    assert [e.to_seat for e in piles] == [1, 2, 3]
    for e in reveals:
        assert (card(e.card).kind == MONSTER) == (e.to_zone == "pile")


def test_five_card_hands_then_the_first_draw() -> None:
    """aod Set-up then aod Draw: five cards each, the first player draws a sixth."""
    state = KIT.started(3)
    assert [len(p.hand) for p in state.players] == [HAND_SIZE + 1, HAND_SIZE, HAND_SIZE]
    assert all(len(p.pile) == 1 for p in state.players)
    assert state.phase == PLAY
    assert sorted(all_cards(state)) == sorted(CARD_IDS)


def test_start_game_only_once() -> None:
    assert refused(KIT.started(), StartGame(seat=0)).rule == "aod Set-up"


def test_drawing_the_last_card_reshuffles_the_discard_pile() -> None:
    """aod Draw: the discard pile becomes the new draw pile at once."""
    state = table(phase="attack", deck=("mace",), discard=("sword-1", "armor-1"),
                  players={2: {"hand": ("shield",), "pile": ()}, 1: {"hand": ("torch",)}})
    events = run(state, EndTurn(seat=1)).events
    drawn = of(events, CardsDrawn)
    assert drawn[0].cards == ("mace",)
    shuffle = of(events, DeckShuffled)
    assert len(shuffle) == 1 and sorted(shuffle[0].order) == ["armor-1", "sword-1"]
