"""Views, redaction and status."""

from __future__ import annotations

from dataclasses import replace

from domain.games.aod import GAME
from domain.games.aod.messages import CardsDrawn, CardTaken, DeckShuffled
from domain.kernel import SPECTATOR, Rng, StartGame, to_plain
from tests.aod.support import header, started, table


def test_each_seat_sees_only_his_own_hand() -> None:
    state = started(3)
    for viewer in (1, 2, 3):
        seen = GAME.view(state, viewer)
        assert seen.hand == state.player(viewer).hand
        assert [p.hand_count for p in seen.players] == [len(p.hand) for p in state.players]
    assert GAME.view(state, SPECTATOR).hand == ()
    spectator_text = str(to_plain(GAME.view(state, SPECTATOR)))
    for player in state.players:
        for card_id in player.hand:
            assert f"'{card_id}'" not in spectator_text


def test_start_events_redacted_per_viewer() -> None:
    h = header(2)
    state = GAME.initial_state(GAME.ruleset.check_setup(h.seats, h.options, ""))
    events = GAME.decide(state, StartGame(seat=0), Rng("s", "g", 0))
    for viewer in (SPECTATOR, 1, 2):
        for event in events:
            seen = GAME.redact(event, viewer)
            if isinstance(seen, DeckShuffled):
                assert seen.order == () and seen.count == 76
            if isinstance(seen, CardsDrawn):
                assert (seen.cards != ()) == (seen.seat == viewer)


def test_card_taken_seen_by_the_two_only() -> None:
    event = CardTaken(seat=1, from_seat=2, card="mace", reason="r")
    assert GAME.redact(event, 1) == event and GAME.redact(event, 2) == event
    blank = CardTaken(seat=1, from_seat=2, card="", reason="r")
    assert GAME.redact(event, 3) == blank and GAME.redact(event, SPECTATOR) == blank


def test_view_fields_public_zones() -> None:
    state = table(2, phase="attack", book_holder=2, book_ready=False, discard=("torch",), players={
        1: {"hand": ("mace",), "pile": ("deadite-1", "deadite-2"), "allies": ("goldtooth", "knights-1", "peasants-1")},
        2: {"hand": ("shield",), "weapons": ("sword-1", "mace")}})
    seen = GAME.view(state, 1)
    me, them = seen.players
    assert me.pile_count == 2 and me.top_monster == "deadite-2"
    assert me.active_allies == ("goldtooth", "knights-1") and me.character == "Ash"
    assert them.weapons == ("sword-1", "mace") and them.has_necronomicon and not them.can_win_now
    assert seen.discard == ("torch",) and seen.necronomicon_holder == 2 and seen.phase == "attack"


def test_a_monster_pile_shows_only_its_top_card_to_every_viewer() -> None:
    """aod SET UP: Monsters are stacked with only the top one visible. No viewer (either
    seat, a spectator) sees a covered Monster in a view; the count is public."""
    state = table(2, phase="attack", players={
        1: {"hand": ("mace",), "pile": ("deadite-1", "pit-witch-1", "mini-ash-2")},
        2: {"hand": ("shield",), "pile": ("skeleton-archer-1",)}})
    for viewer in (SPECTATOR, 1, 2):
        seen = GAME.view(state, viewer)
        assert [(p.top_monster, p.pile_count) for p in seen.players] == [("mini-ash-2", 3), ("skeleton-archer-1", 1)]
        text = str(to_plain(seen))
        assert "'deadite-1'" not in text and "'pit-witch-1'" not in text


def test_status_names_who_acts() -> None:
    state = table(2, phase="attack", players={1: {"hand": ("mace",)}})
    status = GAME.status(state)
    assert not status.finished and status.to_act == (1,) and status.turn == 1
    owing = table(2, phase="attack", players={1: {"hand": ("mace",)}, 2: {"hand": ("torch",)}})
    owing = replace(owing, owed_seat=2, owed_count=1, owed_reason="x")
    assert GAME.status(owing).to_act == (2,)
