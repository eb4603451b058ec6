"""Views and redaction: hands are hidden, shuffles are secret (conventions: Views and redaction)."""

from __future__ import annotations

import dataclasses

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import CardsDrawn, DeckShuffled, ItemReadied
from domain.games.swordplay.view import SwordplayView

from .helpers import started


def test_each_seat_sees_its_own_hand_and_only_counts_of_others() -> None:
    state = started(3, opening_deal=True)
    for viewer in (1, 2, 3):
        seen = GAME.view(state, viewer)
        assert isinstance(seen, SwordplayView)
        assert seen.hand == state.hero(viewer).hand
        assert [h.hand_count for h in seen.heroes] == [5, 5, 5]
    spectator = GAME.view(state, 0)
    assert spectator.hand == () and spectator.deck_count == 57 - 15
    assert not spectator.pending.active and not spectator.monster.present


def test_redaction_blanks_other_seats_draws_and_every_shuffle() -> None:
    drawn = CardsDrawn(seat=1, cards=("c01", "c02"), count=2, reason="draw phase")
    assert GAME.redact(drawn, 1) == drawn
    assert GAME.redact(drawn, 2) == dataclasses.replace(drawn, cards=())
    assert GAME.redact(drawn, 0).cards == () and GAME.redact(drawn, 0).count == 2  # type: ignore[attr-defined]
    shuffle = DeckShuffled(order=cards.ALL_CARDS, reason="start")
    assert all(GAME.redact(shuffle, viewer).order == () for viewer in (0, 1, 2))  # type: ignore[attr-defined]
    public = ItemReadied(seat=1, card="c45", kind="armor", points=5)
    assert GAME.redact(public, 2) == public


def test_the_monster_is_in_the_view_when_it_plays() -> None:
    seen = GAME.view(started(2, monster=True), 1)
    assert seen.monster.present and seen.monster.alive and seen.monster.life == cards.MONSTER.life


def test_the_card_catalog_names_only_what_the_viewer_sees() -> None:
    """The view's `cards` give the face of each card it shows (issue 15: readable
    clients), never of a card in another seat's hand or in the deck."""
    state = started(3, opening_deal=True)
    for viewer in (0, 1, 2, 3):
        seen = GAME.view(state, viewer)
        named = {face.id for face in seen.cards}
        own = set(state.hero(viewer).hand) if viewer else set()
        assert own <= named
        others = {c for h in state.heroes if h.seat != viewer for c in h.hand}
        assert not named & (others | set(state.deck)) - own
        assert all(face.name == cards.card_def(face.id).name for face in seen.cards)
