"""Views, redaction and status."""

from __future__ import annotations

from dataclasses import replace

from domain.games.aod import GAME
from domain.games.aod.messages import CardsDrawn, CardTaken, DeckShuffled
from domain.kernel import SPECTATOR, StartGame, to_plain
from tests.aod.support import KIT, run, table


def test_each_seat_sees_only_his_own_hand() -> None:
    state = KIT.started(3)
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
    events = run(KIT.initial(2), StartGame(seat=0)).events
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


def test_the_card_catalog_names_only_what_the_viewer_sees() -> None:
    """The view's `cards` give the face of each card it shows (issue 15: readable clients):
    the viewer's hand, the discard pile, each pile's top Monster, Items and Allies in play,
    the Necronomicon in play; never a covered Monster, another seat's hand or the draw pile."""
    state = table(2, phase="attack", discard=("torch",), book_holder=2, players={
        1: {"hand": ("mace", "ignored"), "pile": ("deadite-1", "pit-witch-1"), "allies": ("goldtooth", "knights-1")},
        2: {"hand": ("shield",), "weapons": ("sword-1",), "others": ("armor-1",), "pile": ("mini-ash-2",)}})
    public = {"necronomicon", "torch", "pit-witch-1", "goldtooth", "knights-1", "sword-1", "armor-1", "mini-ash-2"}
    for viewer, own in ((SPECTATOR, set()), (1, {"mace", "ignored"}), (2, {"shield"})):
        seen = GAME.view(state, viewer)
        assert {face.id for face in seen.cards} == public | own
    faces = {face.id: face for face in GAME.view(state, 1).cards}
    witch = faces["pit-witch-1"]
    assert (witch.name, witch.number, witch.victory, witch.immune) == ("Pit Witch", 6, 2, ("sword",))
    assert (faces["torch"].slot, faces["torch"].bonus, faces["torch"].keep) == ("weapon", 1, 4)
    assert faces["ignored"].kind == "event" and faces["goldtooth"].ability == "second-ally"
