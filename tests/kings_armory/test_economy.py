"""The economy between Waves (kings-armory A1 Table Arrangement, A2, B5 Steps 1-7, E
Reward Cards, Equipment Cards, Reinforcement Cards, Armory Cards, Hireables, Maximum
Recruitment, Towers): the decks on the table and what they hide, the gold, every
purchase and sale, equipping, repositioning and the start of the next Wave."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import name
from domain.games.kings_armory.decks import DECKS, deck_of, out_of_deck, reward_count, whole_deck
from domain.games.kings_armory.state import PLACING, SHOPPING, Figure, KaState
from domain.kernel import SPECTATOR, Event, StartGame, canonical_json, replace, to_plain
from domain.kernel.session import decode_event
from tests.kings_armory.support import KIT, Dice, foe, hero, refused, route_space, run, table
from tests.kit import of


def test_set_up_shuffles_the_four_decks_and_deals_two_locked_equipment_cards_a_seat() -> None:
    """kings-armory A1 Table Arrangement: the four decks shuffled, their orders in the
    events; A2: each seat in turn takes the top two Equipment cards, locked, seen by all;
    the Armory deck's top card lies on offer, face down."""
    state, events = KIT.run(KIT.initial(3), StartGame(seat=0), "decks")
    shuffled = of(events, m.DeckShuffled)
    assert [(e.deck, e.cards, e.reason, e.rule) for e in shuffled] == [
        (deck, len(whole_deck(deck)), "set-up", "kings-armory A1 Table Arrangement") for deck in DECKS]
    assert [e.cards for e in shuffled] == [36, 14, 11, 7]  # GAME COMPONENTS: Card Decks
    for event in shuffled:
        assert Counter(event.order) == Counter(whole_deck(event.deck))
    equipment_order = shuffled[1].order
    dealt = of(events, m.EquipmentDealt)
    assert [(e.seat, e.cards, e.rule) for e in dealt] == [
        (seat, equipment_order[2 * seat - 2:2 * seat], "kings-armory A2") for seat in (1, 2, 3)]
    assert state.equipment_deck == equipment_order[6:]
    assert [(g.card, g.seat, g.locked) for g in state.gear] == [
        (card, seat, True) for seat in (1, 2, 3) for card in equipment_order[2 * seat - 2:2 * seat]]
    assert state.armory_deck == shuffled[3].order and not state.armory
    view = GAME.view(state, 1)
    assert (view.reward_deck, view.equipment_deck, view.reinforcement_deck, view.armory_deck) == (36, 8, 11, 7)
    assert view.armory_on_offer and view.armory_price == 900 and not view.armory  # E Armory Cards
    assert [(g.card, g.seat, g.locked, g.worn_by) for g in view.gear] == [
        (g.card, g.seat, True, "") for g in state.gear]
    check_decks(state)


def check_decks(state: KaState) -> None:
    """No card is lost or doubled: each deck and its cards on the table make the box."""
    for deck in DECKS:
        assert Counter(deck_of(state, deck)) + Counter(out_of_deck(state, deck)) == Counter(whole_deck(deck)), deck


def test_no_event_nor_view_shows_a_decks_order_or_the_armory_card_on_offer() -> None:
    """kings-armory A1 Table Arrangement: the decks lie face down and the Armory card on
    offer is seen by nobody until bought. Every event as any viewer receives it (its
    public form in the log too) and every view stay the same when the decks' orders
    change: they tell the sizes only."""
    played = KIT.play_random(5, 2, {"waves": 1, "round_limit": 2}, keep_states=True)
    hidden = [e for e in played.envelopes if e.type == "DeckShuffled"]
    assert hidden and all(e.public is not None and e.public["order"] == [] for e in hidden)
    assert all(e.public_payload["cards"] == len(e.payload["order"]) for e in hidden)
    for state in played.states[:40]:
        reordered = replace(state, reward_deck=state.reward_deck[::-1], equipment_deck=state.equipment_deck[::-1],
                            reinforcement_deck=state.reinforcement_deck[::-1], armory_deck=state.armory_deck[::-1])
        for viewer in (SPECTATOR, 1, 2):
            assert to_plain(GAME.view(state, viewer)) == to_plain(GAME.view(reordered, viewer))
    first = played.states[0]
    for viewer in (SPECTATOR, 1, 2):
        seen = canonical_json(GAME.view(first, viewer)).decode()
        assert all(f'"{card}"' not in seen for card in whole_deck("armory")), viewer
        for envelope in hidden:
            event = GAME.redact(decode_event(GAME, envelope), viewer)
            assert isinstance(event, m.DeckShuffled) and event.order == () and event.cards


def won_wave(*figures: Figure, wave: int = 1, reward_deck: tuple[str, ...] = (), gold: int = 0,
             **options: Any) -> tuple[KaState, list[Event]]:
    """The last foe of `wave` falls to Valcor's natural 20 (kings-armory B4 1)."""
    valcor = hero("valcor", name(route_space(21)))
    state = replace(table(valcor, *figures, foe("goblin-peon", 3, 20), wave=wave, **options),
                    reward_deck=reward_deck, gold=gold, unlocks=(0,) * max(f.seat for f in (valcor, *figures)))
    return run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-3"), Dice(20))


def test_b5_step_2_the_wave_card_and_the_hero_scaling_grid_count_the_reward_cards() -> None:
    """kings-armory B5 Step 2, E Reward Cards: Wave 2 earns 2 cards, and 5 Heroes earn 1
    more (the Hero Scaling Grid); their gold joins the team's 150."""
    deck = ("gold-250", "gold-50", "gold-100", "gold-150", "gold-100")
    others = [hero(key, "a1", seat=1) for key in ("midnight", "felicity", "ember", "cyrus")]
    state, events = won_wave(*others, wave=2, reward_deck=deck, gold=150)
    assert reward_count(state, 2) == 3
    (drawn,) = of(events, m.RewardsDrawn)
    assert (drawn.wave, drawn.cards, drawn.gold, drawn.total, drawn.rule) == (
        2, deck[:3], 400, 550, "kings-armory B5 Step 2")
    assert (state.gold, state.reward_deck, state.rewards_drawn, state.phase) == (550, deck[3:], deck[:3], SHOPPING)
    assert GAME.status(state).to_act == (1,)
    one_hero, _ = won_wave(wave=2, reward_deck=deck)
    assert one_hero.gold == 300 and reward_count(one_hero, 2) == 2


def test_b5_step_4_making_change_keeps_the_gold_and_shuffles_every_reward_card_back() -> None:
    """kings-armory B5 Step 4 (RULES.md: making change): once every seat is done, the gold
    stays as it is and the Reward deck is whole again, shuffled."""
    state, _ = won_wave(hero("midnight", "a1", seat=2), reward_deck=whole_deck("reward"), seats=2)
    assert state.gold and len(state.rewards_drawn) == 3
    state, ended = run(state, m.EndShopping(seat=2))
    assert [type(e) for e in ended] == [m.ShoppingEnded] and GAME.status(state).to_act == (1,)
    assert "seat 2 is done shopping" in str(refused(state, m.EndShopping(seat=2)))
    gold = state.gold
    state, events = run(state, m.EndShopping(seat=1))
    (shuffled,) = of(events, m.DeckShuffled)
    assert (shuffled.deck, shuffled.reason, shuffled.rule) == ("reward", "make change", "kings-armory B5 Step 4")
    assert Counter(state.reward_deck) == Counter(whole_deck("reward")) and not state.rewards_drawn
    assert state.gold == gold and state.phase == PLACING and state.seat == 1
