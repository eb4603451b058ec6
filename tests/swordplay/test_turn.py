"""Setup, turn order and the Discard, Draw and Ready phases (swordplay Playing, Discard, Draw, Ready)."""

from __future__ import annotations

import pytest

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import (
    Attack,
    CardDiscarded,
    CardsDrawn,
    DeckShuffled,
    Discard,
    DropItem,
    EndReady,
    EndTurn,
    FirstPlayerChosen,
    GameDrawn,
    ItemDropped,
    ItemReadied,
    PhaseStarted,
    ReadyItem,
    SkipDiscard,
    TurnEnded,
    TurnStarted,
)
from domain.games.swordplay.state import COMBAT, DISCARD, READY
from domain.kernel import StartGame

from .helpers import Kit, arranged, card, ids, new_state, of_type, run, started, violation, zones

FULL_HAND = (card("Attack - High"), card("Attack - Low"), card("Duck"), card("Jump"), card("Dagger"))


# ---------------------------------------------------------------- swordplay Setup


def test_setup_shuffles_the_57_cards_deals_five_each_and_rolls_for_the_first_player() -> None:
    events, state = run(new_state(4), StartGame(seat=0))
    shuffled = of_type(events, DeckShuffled)
    assert len(shuffled) == 1 and sorted(shuffled[0].order) == sorted(cards.ALL_CARDS)  # type: ignore[attr-defined]
    dealt = of_type(events, CardsDrawn)
    assert [e.seat for e in dealt] == [1, 2, 3, 4]  # type: ignore[attr-defined]
    assert all(len(h.hand) == 5 for h in state.heroes)
    first = of_type(events, FirstPlayerChosen)[0].seat  # type: ignore[attr-defined]
    assert events[-1] == TurnStarted(seat=first, turn=1)
    assert events[-1].rule == "swordplay Playing"
    assert sorted(zones(state)) == sorted(cards.ALL_CARDS)
    assert state.phase == DISCARD and state.active == first


def test_heroes_have_ten_life_base_damage_one_and_two_hands() -> None:
    state = new_state(6)
    assert [(h.life, h.base_damage, h.hands) for h in state.heroes] == [(10, 1, 2)] * 6


def test_start_only_once_and_nothing_before_it() -> None:
    state = started()
    assert violation(state, StartGame(seat=0)).rule == "swordplay Setup"
    assert violation(new_state(), SkipDiscard(seat=1)).rule == "swordplay Setup"


def test_seat_range_is_two_to_six() -> None:
    with pytest.raises(ValueError):
        new_state(1)
    with pytest.raises(ValueError):
        new_state(7)


# ---------------------------------------------------------------- swordplay Discard / Draw


def test_discard_one_card_then_the_draw_refills_the_hand() -> None:
    state = arranged({1: Kit(hand=FULL_HAND)})
    events, after = run(state, Discard(seat=1, card=FULL_HAND[0]))
    assert events[0] == CardDiscarded(seat=1, card=FULL_HAND[0]) and events[0].rule == "swordplay Discard"
    drawn = of_type(events, CardsDrawn)
    assert drawn[0].count == 1 and drawn[0].rule == "swordplay Draw"  # type: ignore[attr-defined]
    assert len(after.hero(1).hand) == 5 and after.discard == (FULL_HAND[0],)
    assert after.phase == READY and events[-1] == PhaseStarted(seat=1, phase=READY)


def test_skip_discard_with_a_full_hand_draws_nothing() -> None:
    events, after = run(arranged({1: Kit(hand=FULL_HAND)}), SkipDiscard(seat=1))
    assert events == [PhaseStarted(seat=1, phase=READY)]
    assert after.hero(1).hand == FULL_HAND


def test_draw_fills_a_short_hand_to_five() -> None:
    events, after = run(arranged({1: Kit(hand=FULL_HAND[:2])}), SkipDiscard(seat=1))
    assert of_type(events, CardsDrawn)[0].count == 3  # type: ignore[attr-defined]
    assert len(after.hero(1).hand) == 5


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    deck = (card("Sword"),)
    pile = (card("Mace"), card("Spear"), card("Buckler"))
    rest = tuple(c for c in cards.ALL_CARDS if c not in (*deck, *pile, *FULL_HAND[:2]))
    state = arranged({1: Kit(hand=FULL_HAND[:2]), 2: Kit(hand=rest)}, deck=deck, discard=pile)
    events, after = run(state, SkipDiscard(seat=1))
    shuffles = of_type(events, DeckShuffled)
    assert len(shuffles) == 1 and shuffles[0].reason == "discard pile reshuffled"  # type: ignore[attr-defined]
    assert shuffles[0].rule == "swordplay Draw"
    assert sorted(shuffles[0].order) == sorted(pile)  # type: ignore[attr-defined]
    assert len(after.hero(1).hand) == 5 and after.discard == () and len(after.deck) == 1
    assert sorted(zones(after)) == sorted(cards.ALL_CARDS)


def test_discard_rules_are_cited() -> None:
    state = arranged({1: Kit(hand=FULL_HAND)})
    assert violation(state, Discard(seat=1, card=card("Plate Armor"))).rule == "swordplay Discard"
    assert violation(state, Discard(seat=2, card=FULL_HAND[0])).rule == "swordplay Discard"
    assert violation(state, Discard(seat=1, card="x99")).rule == "swordplay Discard"
    ready = arranged({1: Kit(hand=FULL_HAND)}, phase=READY)
    assert violation(ready, Discard(seat=1, card=FULL_HAND[0])).rule == "swordplay Discard"


# ---------------------------------------------------------------- swordplay Ready


def test_readying_an_item_ends_the_turn_without_an_attack() -> None:
    armour = card("Leather Armor")
    state = arranged({1: Kit(hand=(armour, card("Attack - High")))}, phase=READY)
    events, after = run(state, ReadyItem(seat=1, card=armour))
    assert events[0] == ItemReadied(seat=1, card=armour, kind=cards.ARMOR, points=2)
    assert events[1] == TurnEnded(seat=1, turn=1, reason="readied an item: no attack this turn")
    assert events[1].rule == "swordplay Ready"
    assert events[2] == TurnStarted(seat=2, turn=2)
    assert after.hero(1).armor == armour and after.hero(1).armor_points == 2


def test_a_new_armour_discards_the_old_one() -> None:
    old, new = card("Leather Armor"), card("Chain Mail")
    state = arranged({1: Kit(hand=(new,), armor=old)}, phase=READY)
    events, after = run(state, ReadyItem(seat=1, card=new))
    assert events[0] == ItemDropped(seat=1, card=old, reason="replaced by a new armour")
    assert after.hero(1).armor == new and after.hero(1).armor_points == 3 and old in after.discard


def test_weapons_and_shields_are_limited_by_two_hands() -> None:
    axe = card("Battle Axe")
    state = arranged({1: Kit(hand=(axe, card("Dagger", 1), card("Buckler")), items=(card("Dagger"),))}, phase=READY)
    broken = violation(state, ReadyItem(seat=1, card=axe))
    assert broken.rule == "swordplay Ready" and "hand" in broken.message
    _, after = run(state, ReadyItem(seat=1, card=card("Buckler")))
    assert after.hero(1).items == (card("Dagger"), card("Buckler"))
    full = arranged({1: Kit(hand=(card("Dagger", 1),), items=(card("Dagger"), card("Buckler")))}, phase=READY)
    assert violation(full, ReadyItem(seat=1, card=card("Dagger", 1))).rule == "swordplay Ready"


def test_dropping_an_item_at_the_start_of_ready_makes_room() -> None:
    axe, dagger = card("Battle Axe"), card("Dagger")
    state = arranged({1: Kit(hand=(axe,), items=(dagger,))}, phase=READY)
    events, dropped = run(state, DropItem(seat=1, card=dagger))
    assert events == [ItemDropped(seat=1, card=dagger, reason="dropped")] and events[0].rule == "swordplay Ready"
    assert dropped.discard == (dagger,)
    _, after = run(dropped, ReadyItem(seat=1, card=axe))
    assert after.hero(1).items == (axe,)


def test_only_items_may_be_readied_and_only_ready_items_dropped() -> None:
    attack = card("Attack - High")
    state = arranged({1: Kit(hand=(attack,))}, phase=READY)
    assert violation(state, ReadyItem(seat=1, card=attack)).rule == "swordplay Ready"
    assert violation(state, DropItem(seat=1, card=attack)).rule == "swordplay Ready"
    combat = arranged({1: Kit(hand=(card("Sword"),))}, phase=COMBAT)
    assert violation(combat, ReadyItem(seat=1, card=card("Sword"))).rule == "swordplay Ready"


def test_end_ready_moves_on_to_combat() -> None:
    events, after = run(arranged({}, phase=READY), EndReady(seat=1))
    assert events == [PhaseStarted(seat=1, phase=COMBAT)] and after.phase == COMBAT


def test_no_attack_once_an_item_is_readied() -> None:
    sword, attack = card("Sword"), card("Attack - High")
    _, after = run(arranged({1: Kit(hand=(sword, attack))}, phase=READY), ReadyItem(seat=1, card=sword))
    assert after.active == 2
    assert violation(after, Attack(seat=1, card=attack, target_seat=2)).rule == "swordplay Combat"


# ---------------------------------------------------------------- swordplay Playing / Options


def test_turns_pass_clockwise_and_skip_defeated_heroes() -> None:
    state = arranged({2: Kit(alive=False, life=0)}, seats=3, phase=COMBAT)
    events, _ = run(state, EndTurn(seat=1))
    assert events[-1] == TurnStarted(seat=3, turn=2)
    _, back = run(arranged({}, seats=3, active=3, phase=COMBAT), EndTurn(seat=3))
    assert back.active == 1


def test_turn_limit_ends_the_game_drawn() -> None:
    state = arranged({}, phase=COMBAT, turn_limit=1)
    events, after = run(state, EndTurn(seat=1))
    assert isinstance(events[-1], GameDrawn) and events[-1].rule == "swordplay Options"
    status = GAME.status(after)
    assert status.finished and status.winners == () and GAME.legal_commands(after, 2) == []


def test_only_the_active_seat_acts() -> None:
    state = arranged({}, phase=COMBAT)
    assert violation(state, EndTurn(seat=2)).rule == "swordplay Combat"
    assert GAME.status(state).to_act == (1,)
    assert GAME.legal_commands(state, 2) == []


def test_all_card_ids() -> None:
    assert ids("Dodge") == ["c25", "c26"]
