"""Setup, turn order and the Discard, Draw and Ready phases (swordplay Playing, Discard, Draw, Ready)."""

from __future__ import annotations

import pytest

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import (
    Attack,
    CardDiscarded,
    CardsDrawn,
    DeckShuffled,
    DieRolled,
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
from tests.kit import of

from .helpers import Kit, arranged, card, ids, new_state, refused, run, started, zones

FULL_HAND = (card("Attack - High"), card("Attack - Low"), card("Duck"), card("Jump"), card("Dagger"))


# ---------------------------------------------------------------- swordplay Setup


def test_setup_by_default_shuffles_the_deck_deals_nothing_and_seat_1_starts() -> None:
    """swordplay Setup (Not in the rulebook): the rulebook gives no setup; the smallest reading
    shuffles the combat deck, deals no opening hand and lets seat 1 start, without a die roll."""
    state, events = run(new_state(4), StartGame(seat=0))
    shuffled = of(events, DeckShuffled)
    assert len(shuffled) == 1 and sorted(shuffled[0].order) == sorted(cards.ALL_CARDS)
    assert not of(events, CardsDrawn) and not of(events, DieRolled)
    assert events[1:] == [FirstPlayerChosen(seat=1), TurnStarted(seat=1, turn=1)]
    assert events[-1].rule == "swordplay Playing" and events[1].rule == "swordplay Setup"
    assert all(h.hand == () for h in state.heroes) and len(state.deck) == 57
    assert state.phase == DISCARD and state.active == 1


def test_the_first_draw_phase_fills_an_empty_hand() -> None:
    """swordplay Discard, swordplay Draw: with nothing to discard, the first Draw deals the hand."""
    state = started(2)
    assert GAME.legal_commands(state, 1) == [SkipDiscard(seat=1)]
    after, events = run(state, SkipDiscard(seat=1))
    assert of(events, CardsDrawn)[0].count == 5
    assert len(after.hero(1).hand) == 5 and after.hero(2).hand == ()


def test_opening_deal_deals_five_each_in_seat_order() -> None:
    """swordplay Setup, house rule `opening_deal`."""
    state, events = run(new_state(4, opening_deal=True), StartGame(seat=0))
    dealt = of(events, CardsDrawn)
    assert [(e.seat, e.count, e.reason) for e in dealt] == [
        (seat, 5, "start") for seat in (1, 2, 3, 4)
    ]
    assert all(len(h.hand) == 5 for h in state.heroes)
    assert sorted(zones(state)) == sorted(cards.ALL_CARDS)


def test_first_player_roll_rolls_the_d10_and_the_highest_roll_starts() -> None:
    """swordplay Setup, house rule `first_player_roll`: every seat rolls, tied seats roll again."""
    rerolled = 0
    for seed in ("0", "8", "14", "20"):  # seeds 8, 14 and 20 tie on the first roll
        state, events = run(new_state(3, first_player_roll=True), StartGame(seat=0), seed)
        rolls = [(r.seat, r.value) for r in of(events, DieRolled)]
        rolling, position = [1, 2, 3], 0
        while len(rolling) > 1:
            round_rolls = rolls[position:position + len(rolling)]
            assert [seat for seat, _ in round_rolls] == rolling
            best = max(value for _, value in round_rolls)
            rolling = [seat for seat, value in round_rolls if value == best]
            position += len(round_rolls)
        assert position == len(rolls) and events[-2] == FirstPlayerChosen(seat=rolling[0])
        assert state.active == rolling[0]
        rerolled += len(rolls) > 3
    assert rerolled == 3


def test_heroes_have_ten_life_base_damage_one_and_two_hands() -> None:
    state = new_state(11)
    assert [(h.life, h.base_damage, h.hands) for h in state.heroes] == [(10, 1, 2)] * 11


def test_start_only_once_and_nothing_before_it() -> None:
    state = started()
    assert refused(state, StartGame(seat=0)).rule == "swordplay Setup"
    assert refused(new_state(), SkipDiscard(seat=1)).rule == "swordplay Setup"


def test_two_or_more_heroes_up_to_eleven_and_heroes_repeat_past_the_sixth() -> None:
    """swordplay Playing: two or more players; the cap of 11 (Not in the rulebook) is the most
    heroes that can each hold five of the 57 combat cards at once."""
    assert (GAME.ruleset.min_seats, GAME.ruleset.max_seats) == (2, 11) == (2, cards.COMBAT_CARDS // cards.HAND_SIZE)
    with pytest.raises(ValueError):
        new_state(1)
    with pytest.raises(ValueError):
        new_state(12)
    state = new_state(11)
    names = [h.name for h in state.heroes]
    assert names[:6] == [h.name for h in cards.HEROES] and names[6:] == names[:5]
    dealt, _ = run(new_state(11, opening_deal=True), StartGame(seat=0))
    assert all(len(h.hand) == 5 for h in dealt.heroes) and len(dealt.deck) == 2


# ---------------------------------------------------------------- swordplay Discard / Draw


def test_discard_one_card_then_the_draw_refills_the_hand() -> None:
    state = arranged({1: Kit(hand=FULL_HAND)})
    after, events = run(state, Discard(seat=1, card=FULL_HAND[0]))
    assert events[0] == CardDiscarded(seat=1, card=FULL_HAND[0]) and events[0].rule == "swordplay Discard"
    drawn = of(events, CardsDrawn)
    assert drawn[0].count == 1 and drawn[0].rule == "swordplay Draw"
    assert len(after.hero(1).hand) == 5 and after.discard == (FULL_HAND[0],)
    assert after.phase == READY and events[-1] == PhaseStarted(seat=1, phase=READY)


def test_skip_discard_with_a_full_hand_draws_nothing() -> None:
    after, events = run(arranged({1: Kit(hand=FULL_HAND)}), SkipDiscard(seat=1))
    assert events == [PhaseStarted(seat=1, phase=READY)]
    assert after.hero(1).hand == FULL_HAND


def test_draw_fills_a_short_hand_to_five() -> None:
    after, events = run(arranged({1: Kit(hand=FULL_HAND[:2])}), SkipDiscard(seat=1))
    assert of(events, CardsDrawn)[0].count == 3
    assert len(after.hero(1).hand) == 5


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    deck = (card("Sword"),)
    pile = (card("Mace"), card("Spear"), card("Buckler"))
    rest = tuple(c for c in cards.ALL_CARDS if c not in (*deck, *pile, *FULL_HAND[:2]))
    state = arranged({1: Kit(hand=FULL_HAND[:2]), 2: Kit(hand=rest)}, deck=deck, discard=pile)
    after, events = run(state, SkipDiscard(seat=1))
    shuffles = of(events, DeckShuffled)
    assert len(shuffles) == 1 and shuffles[0].reason == "discard pile reshuffled"
    assert shuffles[0].rule == "swordplay Draw"
    assert sorted(shuffles[0].order) == sorted(pile)
    assert len(after.hero(1).hand) == 5 and after.discard == () and len(after.deck) == 1
    assert sorted(zones(after)) == sorted(cards.ALL_CARDS)


def test_discard_rules_are_cited() -> None:
    state = arranged({1: Kit(hand=FULL_HAND)})
    assert refused(state, Discard(seat=1, card=card("Plate Armor"))).rule == "swordplay Discard"
    assert refused(state, Discard(seat=2, card=FULL_HAND[0])).rule == "swordplay Discard"
    assert refused(state, Discard(seat=1, card="x99")).rule == "swordplay Discard"
    ready = arranged({1: Kit(hand=FULL_HAND)}, phase=READY)
    assert refused(ready, Discard(seat=1, card=FULL_HAND[0])).rule == "swordplay Discard"


# ---------------------------------------------------------------- swordplay Ready


def test_readying_an_item_ends_the_turn_without_an_attack() -> None:
    armour = card("Leather Armor")
    state = arranged({1: Kit(hand=(armour, card("Attack - High")))}, phase=READY)
    after, events = run(state, ReadyItem(seat=1, card=armour))
    assert events[0] == ItemReadied(seat=1, card=armour, kind=cards.ARMOR, points=2)
    assert events[1] == TurnEnded(seat=1, turn=1, reason="readied an item: no attack this turn")
    assert events[1].rule == "swordplay Ready"
    assert events[2] == TurnStarted(seat=2, turn=2)
    assert after.hero(1).armor == armour and after.hero(1).armor_points == 2


def test_a_new_armour_discards_the_old_one() -> None:
    old, new = card("Leather Armor"), card("Chain Mail")
    state = arranged({1: Kit(hand=(new,), armor=old)}, phase=READY)
    after, events = run(state, ReadyItem(seat=1, card=new))
    assert events[0] == ItemDropped(seat=1, card=old, reason="replaced by a new armour")
    assert after.hero(1).armor == new and after.hero(1).armor_points == 3 and old in after.discard


def test_weapons_and_shields_are_limited_by_two_hands() -> None:
    axe = card("Battle Axe")
    state = arranged({1: Kit(hand=(axe, card("Dagger", 1), card("Buckler")), items=(card("Dagger"),))}, phase=READY)
    broken = refused(state, ReadyItem(seat=1, card=axe))
    assert broken.rule == "swordplay Ready" and "hand" in broken.message
    after, _ = run(state, ReadyItem(seat=1, card=card("Buckler")))
    assert after.hero(1).items == (card("Dagger"), card("Buckler"))
    full = arranged({1: Kit(hand=(card("Dagger", 1),), items=(card("Dagger"), card("Buckler")))}, phase=READY)
    assert refused(full, ReadyItem(seat=1, card=card("Dagger", 1))).rule == "swordplay Ready"


def test_dropping_an_item_at_the_start_of_ready_makes_room() -> None:
    """swordplay Ready, Dropping Items: a drop makes room for the item readied next."""
    axe, dagger = card("Battle Axe"), card("Dagger")
    state = arranged({1: Kit(hand=(axe,), items=(dagger,))}, phase=READY)
    dropped, events = run(state, DropItem(seat=1, card=dagger))
    assert events == [ItemDropped(seat=1, card=dagger, reason="dropped")] and events[0].rule == "swordplay Ready"
    assert dropped.discard == (dagger,)
    after, _ = run(dropped, ReadyItem(seat=1, card=axe))
    assert after.hero(1).items == (axe,)


def test_by_default_an_item_is_dropped_only_to_make_room_for_a_new_one() -> None:
    """swordplay Ready, Dropping Items: no drop without an item in hand that needs the room;
    ready armour is never dropped, a new armour replaces it."""
    sword, buckler = card("Sword"), card("Buckler")
    state = arranged({1: Kit(hand=(card("Dagger"), card("Chain Mail")), armor=card("Leather Armor"),
                             items=(sword,))}, phase=READY)
    for item in (sword, card("Leather Armor")):
        broken = refused(state, DropItem(seat=1, card=item))
        assert broken.rule == "swordplay Ready" and "room" in broken.message
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, DropItem)]
    full = arranged({1: Kit(hand=(card("Dagger"),), items=(sword, buckler))}, phase=READY)
    assert [c for c in GAME.legal_commands(full, 1) if isinstance(c, DropItem)] == [
        DropItem(seat=1, card=sword), DropItem(seat=1, card=buckler)
    ]


def test_after_a_drop_the_hero_must_ready_an_item_that_needed_the_room() -> None:
    """swordplay Ready, Dropping Items: the drop is part of readying the new item."""
    axe, dagger, sword, leather = card("Battle Axe"), card("Dagger"), card("Sword"), card("Leather Armor")
    state = arranged({1: Kit(hand=(axe, sword, leather), items=(dagger,))}, phase=READY)
    dropped, _ = run(state, DropItem(seat=1, card=dagger))
    assert refused(dropped, EndReady(seat=1)).rule == "swordplay Ready"
    for fitted_before in (sword, leather):
        assert refused(dropped, ReadyItem(seat=1, card=fitted_before)).rule == "swordplay Ready"
    assert GAME.legal_commands(dropped, 1) == [ReadyItem(seat=1, card=axe)]


def test_two_one_handed_items_may_be_dropped_for_a_two_handed_one() -> None:
    """swordplay Ready, Dropping Items and Weapons & Shields."""
    axe, dagger, buckler = card("Battle Axe"), card("Dagger"), card("Buckler")
    state = arranged({1: Kit(hand=(axe,), items=(dagger, buckler))}, phase=READY)
    state, _ = run(state, DropItem(seat=1, card=dagger))
    assert GAME.legal_commands(state, 1) == [DropItem(seat=1, card=buckler)]
    state, _ = run(state, DropItem(seat=1, card=buckler))
    after, _ = run(state, ReadyItem(seat=1, card=axe))
    assert after.hero(1).items == (axe,) and after.discard == (dagger, buckler) and after.active == 2


def test_drop_without_readying_lets_any_ready_item_go() -> None:
    """House rule `drop_without_readying` (Not in the rulebook): the looser reading."""
    sword, leather = card("Sword"), card("Leather Armor")
    state = arranged({1: Kit(armor=leather, items=(sword,))}, phase=READY, drop_without_readying=True)
    assert [c for c in GAME.legal_commands(state, 1) if isinstance(c, DropItem)] == [
        DropItem(seat=1, card=leather), DropItem(seat=1, card=sword)
    ]
    state, _ = run(state, DropItem(seat=1, card=leather))
    state, _ = run(state, DropItem(seat=1, card=sword))
    after, events = run(state, EndReady(seat=1))
    assert events == [PhaseStarted(seat=1, phase=COMBAT)] and after.discard == (leather, sword)


def test_only_items_may_be_readied_and_only_ready_items_dropped() -> None:
    attack = card("Attack - High")
    state = arranged({1: Kit(hand=(attack,))}, phase=READY)
    assert refused(state, ReadyItem(seat=1, card=attack)).rule == "swordplay Ready"
    assert refused(state, DropItem(seat=1, card=attack)).rule == "swordplay Ready"
    combat = arranged({1: Kit(hand=(card("Sword"),))}, phase=COMBAT)
    assert refused(combat, ReadyItem(seat=1, card=card("Sword"))).rule == "swordplay Ready"


def test_end_ready_moves_on_to_combat() -> None:
    after, events = run(arranged({}, phase=READY), EndReady(seat=1))
    assert events == [PhaseStarted(seat=1, phase=COMBAT)] and after.phase == COMBAT


def test_no_attack_once_an_item_is_readied() -> None:
    sword, attack = card("Sword"), card("Attack - High")
    after, _ = run(arranged({1: Kit(hand=(sword, attack))}, phase=READY), ReadyItem(seat=1, card=sword))
    assert after.active == 2
    assert refused(after, Attack(seat=1, card=attack, target_seat=2)).rule == "swordplay Combat"


# ---------------------------------------------------------------- swordplay Playing / Options


def test_turns_pass_clockwise_and_skip_defeated_heroes() -> None:
    state = arranged({2: Kit(alive=False, life=0)}, seats=3, phase=COMBAT)
    _, events = run(state, EndTurn(seat=1))
    assert events[-1] == TurnStarted(seat=3, turn=2)
    back, _ = run(arranged({}, seats=3, active=3, phase=COMBAT), EndTurn(seat=3))
    assert back.active == 1


def test_turn_limit_ends_the_game_drawn() -> None:
    state = arranged({}, phase=COMBAT, turn_limit=1)
    after, events = run(state, EndTurn(seat=1))
    assert isinstance(events[-1], GameDrawn) and events[-1].rule == "swordplay Options"
    status = GAME.status(after)
    assert status.finished and status.winners == () and GAME.legal_commands(after, 2) == []


def test_only_the_active_seat_acts() -> None:
    state = arranged({}, phase=COMBAT)
    assert refused(state, EndTurn(seat=2)).rule == "swordplay Combat"
    assert GAME.status(state).to_act == (1,)
    assert GAME.legal_commands(state, 2) == []


def test_all_card_ids() -> None:
    assert ids("Dodge") == ["c25", "c26"]
