"""The economy between Waves (kings-armory A1 Table Arrangement, A2, B5 Steps 1-7, E
Reward Cards, Equipment Cards, Reinforcement Cards, Armory Cards, Hireables, Maximum
Recruitment, Towers): the decks on the table and what they hide, the gold, every
purchase and sale, equipping, repositioning and the start of the next Wave."""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import name
from domain.games.kings_armory.decks import DECKS, deck_of, out_of_deck, reward_count, whole_deck
from domain.games.kings_armory.figures import attacks, max_hp, specials, stats
from domain.games.kings_armory.state import PLACING, PLAYERS, SHOPPING, TOWERS, Figure, Gear, KaState
from domain.kernel import SPECTATOR, Command, Event, StartGame, canonical_json, replace, to_plain
from domain.kernel.session import decode_event
from tests.kings_armory.support import KIT, Dice, foe, hero, hireable, refused, route_space, run, table
from tests.kit import of
from tests.test_games import NEARBY, _check_nothing_accepted_is_missing

YELLOW = ("main", "odd", "yellow")


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


def shopping(seats: int = 2, gold: int = 0, seed: str = "shop", **options: Any) -> KaState:
    """Between Waves 1 and 2 (kings-armory B5 Step 3): a game set up with `seed`, its
    starting Towers on the first open blocks, every Ally off the board, `gold` to spend."""
    state = KIT.started(seats, options, seed)
    while state.phase == TOWERS:
        state, _ = run(state, GAME.legal_commands(state, state.seat)[0])
    return replace(state, phase=SHOPPING, wave=1, gold=gold, seat=0)


def test_b5_step_3_a_tower_costs_100_gold_on_open_terrain_while_the_box_has_one() -> None:
    """kings-armory B5 Step 3, E Towers (open terrain, never the Path nor the Border), GAME
    COMPONENTS (7 Towers); refused outside the phase and to a seat done shopping."""
    state = shopping(gold=160)
    assert "a Tower costs 100 gold and the team has 60: 40 more needed" in str(
        refused(replace(state, gold=60), m.BuildTower(seat=1, at="h8")))
    assert "kings-armory E Towers" in str(refused(state, m.BuildTower(seat=1, at="g1")))  # the path
    first = state.tower("t1")
    assert first is not None
    overlap = name(first.cells[3])
    assert "may not overlap" in str(refused(state, m.BuildTower(seat=1, at=overlap)))
    state, events = run(state, m.BuildTower(seat=2, at="h8"))
    (built,) = of(events, m.TowerBuilt)
    assert (built.tower, built.cells, built.slots, built.price, built.gold, built.rule) == (
        "t3", ("h8", "i8", "h9", "i9"), 3, 100, 60, "kings-armory B5 Step 3")
    assert state.tower("t3") is not None and state.gold == 60
    seven = replace(state, gold=500, towers=state.towers + tuple(
        replace(first, tower=f"t{n}") for n in range(4, 8)))
    assert "kings-armory GAME COMPONENTS" in str(refused(seven, m.BuildTower(seat=1, at="f11")))
    assert "Between Waves only" in str(refused(replace(state, phase=PLAYERS), m.BuildTower(seat=1, at="f11")))
    done, _ = run(state, m.EndShopping(seat=1))
    assert "seat 1 is done shopping" in str(refused(done, m.BuildTower(seat=1, at="f11")))


def test_b5_step_3_a_tower_sells_for_50_but_the_heroes_keep_their_slots() -> None:
    """kings-armory B5 Step 3 (+50 gold); Step 6: Heroes never sit out, so a sale that
    leaves fewer hosting slots than Heroes is refused; the Parapets are never for sale."""
    state = shopping(seats=4)
    assert [t.slots for t in state.towers] == [1, 1, 3, 3]  # the Parapets, then the starting Towers
    state, events = run(state, m.SellTower(seat=3, tower="t1"))
    assert [(e.tower, e.price, e.gold) for e in of(events, m.TowerSold)] == [("t1", 50, 50)]
    assert state.tower("t1") is None and state.gold == 50
    violation = refused(state, m.SellTower(seat=1, tower="t2"))
    assert violation.rule == "kings-armory B5 Step 6" and "Heroes never sit out" in str(violation)
    assert "Parapets are the Gate's" in str(refused(state, m.SellTower(seat=1, tower="p1")))


def test_b5_step_3_hiring_a_level_1_hireable_for_a_seat_within_maximum_recruitment() -> None:
    """kings-armory B5 Step 3, E Hireables (hired at level 1, at the Stat Card's cost, for
    the seat that leads it, placed in Step 6), E Maximum Recruitment (3 Archers a game,
    the defeated counted: never hired again)."""
    state = shopping(gold=400)
    state, events = run(state, m.Hire(seat=1, hireable="archer", controller=2))
    (hired,) = of(events, m.Hired)
    assert (hired.figure, hired.key, hired.seat, hired.level, hired.hp, hired.price, hired.gold) == (
        "archer-1", "archer", 2, 1, 8, 100, 300)
    archer = state.figure("archer-1")
    assert archer is not None and archer.seat == 2 and archer.space[0] < 0 and state.recruited == ("archer-1",)
    defeated = replace(state, recruited=("archer-1", "archer-2", "archer-3"))  # archers 2 and 3 fell in a Wave
    violation = refused(defeated, m.Hire(seat=1, hireable="archer", controller=1))
    assert violation.rule == "kings-armory E Maximum Recruitment" and "3 are recruited" in str(violation)
    state, _ = run(defeated, m.Hire(seat=2, hireable="cleric", controller=1))
    assert state.figure("cleric-1") is not None and state.gold == 150
    assert "a level 1 Sorcerer costs 150 gold and the team has 149" in str(
        refused(replace(state, gold=149), m.Hire(seat=1, hireable="sorcerer", controller=1)))
    assert "no Hireable class 'knight'" in str(refused(state, m.Hire(seat=1, hireable="knight", controller=1)))
    assert "no seat 3" in str(refused(state, m.Hire(seat=1, hireable="archer", controller=3)))


def test_b5_step_3_an_upgrade_pays_each_level_and_heals_twice_in_a_row() -> None:
    """kings-armory E Hireables: each level paid for before the next (the Foot Soldier's
    150, then 200), each healing the new level's Heal Rate (4, then 5) up to its hit
    points; level 3 is the top. A Hireable sitting out may be upgraded too."""
    soldier = replace(hireable("foot-soldier", 1, 1, "a1", tower=""), hp=3)
    state = replace(shopping(gold=400), figures=(*shopping().figures, soldier), recruited=("foot-soldier-1",))
    state, events = run(state, m.Upgrade(seat=2, figure="foot-soldier-1"))
    state, more = run(state, m.Upgrade(seat=1, figure="foot-soldier-1"))
    assert [(e.level, e.price, e.healed, e.hp, e.gold) for e in of([*events, *more], m.Upgraded)] == [
        (2, 150, 4, 7, 250), (3, 200, 5, 12, 50)]
    topped = refused(replace(state, gold=900), m.Upgrade(seat=1, figure="foot-soldier-1"))
    assert "at level 3, the highest" in str(topped)
    benched = replace(state, figures=state.figures[:-1], bench=(replace(soldier, level=1),), gold=150)
    state, _ = run(benched, m.Upgrade(seat=1, figure="foot-soldier-1"))
    assert state.bench[0].level == 2 and state.gold == 0
    assert "is not a Hireable of the team" in str(refused(state, m.Upgrade(seat=1, figure="valcor")))


def test_b5_step_3_equipment_is_unlocked_for_150_and_new_equipment_sold_once_a_seat_has_both() -> None:
    """kings-armory B5 Step 3: unlocking costs 150; new Equipment (100, the deck's top card,
    blind, unlocked) is for sale only once a seat has unlocked both its starting pieces (E
    Equipment Cards); it belongs to no seat (extra Equipment)."""
    state = shopping(gold=500)
    first, second = (g.card for g in state.gear if g.seat == 1)
    state, events = run(state, m.UnlockEquipment(seat=2, card=first))
    assert [(e.card, e.seat, e.price, e.gold) for e in of(events, m.EquipmentUnlocked)] == [(first, 1, 150, 350)]
    assert "is no locked Equipment card" in str(refused(state, m.UnlockEquipment(seat=1, card=first)))
    assert "once a seat has unlocked both" in str(refused(state, m.BuyEquipment(seat=1)))
    state, _ = run(state, m.UnlockEquipment(seat=1, card=second))
    top = state.equipment_deck[0]
    state, events = run(state, m.BuyEquipment(seat=2))
    assert [(e.card, e.price, e.gold) for e in of(events, m.EquipmentBought)] == [(top, 100, 100)]
    assert state.gear_of(top) == Gear(top, 0, locked=False) and top not in state.equipment_deck
    assert "new Equipment costs 100 gold and the team has 0" in str(
        refused(replace(state, gold=0), m.BuyEquipment(seat=1)))
    assert "the Equipment deck is empty" in str(refused(replace(state, equipment_deck=()), m.BuyEquipment(seat=1)))
    check_decks(state)


def test_b5_step_3_only_unlocked_equipment_nobody_wears_sells_for_50_to_the_bottom_of_the_deck() -> None:
    """kings-armory B5 Step 3 (locked Equipment is not the team's), Step 4's note (sold
    cards go to the bottom of their deck), Step 5 (a worn card is taken off first)."""
    state = shopping(gold=150)
    locked, other = (g.card for g in state.gear if g.seat == 2)
    assert "is locked: not the team's until it is unlocked" in str(refused(state, m.SellEquipment(seat=1, card=locked)))
    state, _ = run(state, m.UnlockEquipment(seat=1, card=locked))
    worn = state.with_figure(replace(state.figures[1], worn=(locked,)))
    assert "take it off first" in str(refused(worn, m.SellEquipment(seat=1, card=locked)))
    state, events = run(state, m.SellEquipment(seat=1, card=locked))
    assert [(e.card, e.price, e.gold) for e in of(events, m.EquipmentSold)] == [(locked, 50, 50)]
    assert state.equipment_deck[-1] == locked and state.gear_of(locked) is None and state.gear_of(other)
    check_decks(state)


def test_b5_step_3_reinforcement_cards_cost_200_and_the_team_holds_three() -> None:
    """kings-armory B5 Step 3 (200 gold, the top card, blind), E Reinforcement Cards (3
    held at most: one must be used first)."""
    state = shopping(gold=800)
    tops = state.reinforcement_deck[:3]
    for seat in (1, 2, 1):
        state, events = run(state, m.BuyReinforcement(seat=seat))
    assert state.reinforcements == tops and state.gold == 200
    assert [(e.card, e.price, e.gold) for e in of(events, m.ReinforcementBought)] == [(tops[2], 200, 200)]
    violation = refused(state, m.BuyReinforcement(seat=2))
    assert violation.rule == "kings-armory E Reinforcement Cards" and "3 Reinforcement cards" in str(violation)
    check_decks(state)


def test_b5_step_3_the_armory_card_costs_900_or_1200_and_one_is_held_at_a_time() -> None:
    """kings-armory E Armory Cards, B5 Step 3: 900 gold in a 5-Wave game, 1,200 in a 7-Wave
    one; bought blind, replaced on offer by the next card face down; one held at most."""
    state = shopping(gold=1000)
    offered, following = state.armory_deck[:2]
    state, events = run(state, m.BuyArmory(seat=2))
    assert [(e.card, e.price, e.gold) for e in of(events, m.ArmoryBought)] == [(offered, 900, 100)]
    assert state.armory == offered and state.armory_deck[0] == following and GAME.view(state, 1).armory_on_offer
    violation = refused(replace(state, gold=2000), m.BuyArmory(seat=1))
    assert violation.rule == "kings-armory E Armory Cards" and "must be used before" in str(violation)
    mega = shopping(gold=1100, waves=7)
    assert "the Armory card costs 1200 gold and the team has 1100: 100 more needed" in str(
        refused(mega, m.BuyArmory(seat=1)))
    check_decks(state)


PAID = (m.TowerBuilt, m.Hired, m.Upgraded, m.EquipmentUnlocked, m.EquipmentBought, m.ReinforcementBought,
        m.ArmoryBought)
EARNED = (m.TowerSold, m.EquipmentSold)


def gold_flow(events: list[Event]) -> int:
    """Gold in (Reward cards drawn, by a Wave or a card, sales) less gold out (prices paid), from
    the events alone."""
    drawn = sum(e.gold for e in of(events, m.RewardsDrawn)) + sum(e.gold for e in of(events, m.CardRewards))
    earned = sum(e.price for e in events if isinstance(e, EARNED))
    paid = sum(e.price for e in events if isinstance(e, PAID))
    return drawn + earned - paid


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(1, 4), gold=st.integers(0, 60).map(lambda n: 50 * n))
def test_gold_and_cards_are_conserved_through_buying_selling_and_making_change(seed: int, seats: int,
                                                                             gold: int) -> None:
    """kings-armory B5 Steps 3-4: whatever the team buys and sells, its gold is what it had
    plus what sales bring in less what it paid, never below 0, and no card is lost or
    doubled among the decks and the table; making change leaves the gold as it is."""
    chooser = random.Random(seed)
    state = shopping(seats, gold, seed=str(seed))
    events: list[Event] = []
    while state.phase == SHOPPING:
        seat = chooser.choice(GAME.status(state).to_act)
        legal = GAME.legal_commands(state, seat)
        ends = [c for c in legal if isinstance(c, m.EndShopping)]
        command = ends[0] if chooser.random() < 0.08 else chooser.choice(legal)
        state, made = run(state, command, str(seed), len(events))
        events += made
        assert state.gold == gold + gold_flow(events) >= 0
        check_decks(state)
    assert state.phase == PLACING and of(events, m.ShopClosed)


def unlocked(state: KaState, *cards: str, seat: int | None = None) -> KaState:
    """The cards unlocked (and held by `seat`, if given)."""
    gear = tuple(replace(g, locked=False, seat=g.seat if seat is None else seat) if g.card in cards else g
                 for g in state.gear)
    return replace(state, gear=gear)


def test_b5_step_5_a_hero_wears_two_unlocked_pieces_its_seat_holds() -> None:
    """kings-armory B5 Step 5, E Equipment Cards: a seat's Hero puts on the seat's unlocked
    cards, two at most; locked cards and other seats' cards are not its to wear; extra
    Equipment (bought, the team's) is its to take while it holds fewer than two a Hero."""
    state = shopping()
    mine = tuple(g.card for g in state.gear if g.seat == 1)
    theirs = tuple(g.card for g in state.gear if g.seat == 2)
    locked = refused(state, m.Equip(seat=1, card=mine[0], hero="valcor"))
    assert "is locked: not the team's until it is unlocked" in str(locked)
    state = unlocked(state, *mine, *theirs)
    assert "seat 2 holds" in str(refused(state, m.Equip(seat=1, card=theirs[0], hero="valcor")))
    assert "is not a Hero of seat 1" in str(refused(state, m.Equip(seat=1, card=mine[0], hero="midnight")))
    state, events = run(state, m.Equip(seat=1, card=mine[0], hero="valcor"))
    assert [(e.card, e.hero, e.seat, e.rule) for e in of(events, m.Equipped)] == [
        (mine[0], "valcor", 1, "kings-armory B5 Step 5")]
    state, _ = run(state, m.Equip(seat=1, card=mine[1], hero="valcor"))
    valcor = state.figure("valcor")
    assert valcor is not None and valcor.worn == mine and GAME.view(state, 2).figures[0].worn == mine
    extra = state.equipment_deck[0]
    shelf = replace(state, equipment_deck=state.equipment_deck[1:], gear=(*state.gear, Gear(extra, 0, locked=False)))
    assert "holds 2 Equipment cards" in str(refused(shelf, m.Equip(seat=1, card=extra, hero="valcor")))
    state, _ = run(shelf, m.Unequip(seat=1, card=mine[1]))
    state, _ = run(state, m.SellEquipment(seat=1, card=mine[1]))
    state, _ = run(state, m.Equip(seat=1, card=extra, hero="valcor"))
    assert state.gear_of(extra) == Gear(extra, 1, locked=False)
    three = replace(state, gear=(*state.gear, Gear("x", 1, False)))
    assert "wears 2 pieces of Equipment already" in str(
        refused(unlocked(three, theirs[0], seat=1), m.Equip(seat=1, card=theirs[0], hero="valcor")))
    check_decks(state)


def test_b5_step_5_taking_off_a_hit_point_bonus_keeps_the_hero_within_its_maximum() -> None:
    """kings-armory B5 Step 5, E Statistical Adjustments: the Robe of Warding's +3 hit
    points raise Boleslaw's maximum from 10 to 13; taken off, 12 hit points fall to 10."""
    state = shopping(heroes="boleslaw,midnight")
    state = replace(unlocked(state, "robe-of-warding", seat=1), gold=0)
    if state.gear_of("robe-of-warding") is None:
        state = replace(state, gear=(*state.gear, Gear("robe-of-warding", 1, False)),
                        equipment_deck=tuple(c for c in state.equipment_deck if c != "robe-of-warding"))
    state, _ = run(state, m.Equip(seat=1, card="robe-of-warding", hero="boleslaw"))
    boleslaw = state.figure("boleslaw")
    assert boleslaw is not None and max_hp(boleslaw) == 13 and stats(boleslaw).resist.melee == 2
    state = state.with_figure(replace(boleslaw, hp=12))
    state, events = run(state, m.Unequip(seat=1, card="robe-of-warding"))
    assert [(e.hero, e.hp) for e in of(events, m.Unequipped)] == [("boleslaw", 10)]
    assert "no Hero of seat 2 wears" in str(refused(state, m.Unequip(seat=2, card="robe-of-warding")))


def test_b5_step_5_trades_are_one_for_one_and_need_both_seats() -> None:
    """kings-armory B5 Step 5, E Equipment Cards: unlocked cards trade one for one; a seat
    is never forced to trade, so another seat's card changes hands only when that seat
    offers the same trade back; the team's extra Equipment trades at once."""
    state = shopping()
    mine = tuple(g.card for g in state.gear if g.seat == 1)
    theirs = tuple(g.card for g in state.gear if g.seat == 2)
    assert "is locked" in str(refused(state, m.Trade(seat=1, give=mine[0], take=theirs[0])))
    state = unlocked(state, *mine, *theirs)
    state, events = run(state, m.Trade(seat=1, give=mine[0], take=theirs[0]))
    assert [(e.seat, e.give, e.to_seat, e.take) for e in of(events, m.TradeOffered)] == [(1, mine[0], 2, theirs[0])]
    assert state.gear_of(mine[0]) == Gear(mine[0], 1, False) and GAME.view(state, 2).offers
    assert "offered already" in str(refused(state, m.Trade(seat=1, give=mine[0], take=theirs[0])))
    state, events = run(state, m.Trade(seat=2, give=theirs[0], take=mine[0]))
    assert [(e.seat, e.give, e.other, e.take) for e in of(events, m.EquipmentTraded)] == [(2, theirs[0], 1, mine[0])]
    assert (state.gear_of(mine[0]), state.gear_of(theirs[0])) == (Gear(mine[0], 2, False), Gear(theirs[0], 1, False))
    assert not state.offers
    extra = state.equipment_deck[0]
    state = replace(state, equipment_deck=state.equipment_deck[1:], gear=(*state.gear, Gear(extra, 0, False)))
    state, events = run(state, m.Trade(seat=1, give=mine[1], take=extra))
    assert [(e.seat, e.give, e.other, e.take) for e in of(events, m.EquipmentTraded)] == [(1, mine[1], 0, extra)]
    worn, _ = run(state, m.Equip(seat=1, card=extra, hero="valcor"))
    assert "take it off first" in str(refused(worn, m.Trade(seat=1, give=extra, take=theirs[1])))
    done, _ = run(state, m.EndShopping(seat=2))
    assert "seat 2 is done shopping" in str(refused(done, m.Trade(seat=1, give=extra, take=theirs[1])))
    check_decks(state)


def test_worn_equipment_changes_stats_and_attacks_wherever_they_are_read() -> None:
    """kings-armory B5 Step 5, E Statistical Adjustments, E Primary Attack, E Tanking,
    D1, F: the Tower Shield's tank and resistance bonuses, the Elven Bow's attack on a
    flying foe, the Griffon Gauntlets' +1 on each of Dual Wield's 2+2 and a Melee reach
    to flyers, the Lens of Certainty's +2 on every attack, the Staff's reach on an Auto
    attack that stays Auto, Netting's tank on a flying foe, the Warhorn's Special."""
    shielded = hero("valcor", "e6", worn=("tower-shield",))
    assert (stats(shielded).tank, stats(shielded).resist.melee, stats(shielded).resist.ranged) == (5, 4, 3)
    icarus = foe("goblin-icarus", 1, 10, YELLOW)
    bow = hero("valcor", "e6", worn=("elven-bow",))
    _, events = run(table(bow, icarus), m.Attack(seat=1, figure="valcor", attack="elven-bow", target="goblin-icarus-1"),
                    Dice(10))
    assert [(h.bonus, h.result) for h in of(events, m.HitRolled)] == [(7, "hit")]
    gauntlets = hero("cyrus", "e6", worn=("griffon-gauntlets",))
    dual = next(a for a in attacks(gauntlets) if a.key == "dual-wield")
    assert dual.damage == (3, 3) and dual.hits_flying
    assert next(a for a in attacks(gauntlets) if a.key == "mind-spike").damage == (2,)  # not the Primary Attack
    lens = hero("raphael", "e6", worn=("lens-of-certainty",))
    assert [a.hitroll for a in attacks(lens)] == [7]
    staff = hero("boleslaw", "e6", worn=("staff-of-the-old-king",))
    assert [(a.hitroll, a.reach, a.damage) for a in attacks(staff)] == [(None, 14, (3,))]
    netted = hero("valcor", "e7", worn=("netting",))
    archer = hero("ember", "k9")  # an Ally that can defeat the flyer: no stalemate (E Tanking)
    assert "cannot be tanked" in str(refused(table(hero("valcor", "e7"), archer, icarus),
                                             m.Tank(seat=1, figure="valcor", foe="goblin-icarus-1")))
    _, events = run(table(netted, archer, icarus), m.Tank(seat=1, figure="valcor", foe="goblin-icarus-1"))
    assert of(events, m.Tanked)
    horn = hero("valcor", "e6", worn=("generals-warhorn",))
    assert "rallying-call" in [s.key for s in specials(horn)]
    crown = hero("midnight", "e6", worn=("crown-of-embers",))
    assert [a.damage for a in attacks(crown)] == [(4,), (4,)]
    assert [s.attack.damage for s in specials(crown) if s.attack is not None] == [(3,)]  # E Special Actions


def place_all(state: KaState) -> tuple[KaState, list[Event]]:
    """Each seat places its Allies in turn at the first space offered (kings-armory B5 Step 6)."""
    events: list[Event] = []
    while state.phase == PLACING:
        assert GAME.status(state).to_act == (state.seat,)
        state, made = run(state, GAME.legal_commands(state, state.seat)[0], "place", len(events))
        events += made
    return state, events


def test_b5_step_6_the_allies_are_placed_anew_seat_by_seat_and_the_next_wave_starts() -> None:
    """kings-armory B5 Step 6: every Hero and Hireable on or within 2 spaces of a Tower
    with a free slot, a Hero using one between Waves (A2 Tower Hosting); a Hireable hired
    this phase is placed by the seat that leads it; Step 7: then the next Wave."""
    state = shopping(gold=100)
    state, _ = run(state, m.Hire(seat=1, hireable="archer", controller=2))
    state, _ = run(state, m.EndShopping(seat=1))
    state, events = run(state, m.EndShopping(seat=2))
    assert [e.seat for e in of(events, m.SeatTurnBegan)] == [1] and state.phase == PLACING
    assert of(events, m.SeatTurnBegan)[0].rule == "kings-armory B5 Step 6"
    assert [c.figure for c in GAME.legal_commands(state, 1) if isinstance(c, m.PlaceAlly)] and not \
        GAME.legal_commands(state, 2)
    state, events = place_all(state)
    placed = {e.figure: e for e in of(events, m.AllyPlaced)}
    assert list(placed) == ["valcor", "midnight", "archer-1"] and all(e.tower for e in placed.values())
    wave = next(n for n, e in enumerate(events) if isinstance(e, m.WaveBegan))
    assert [e.seat for e in of(events[:wave], m.SeatTurnBegan)] == [2]  # seat 2 places Midnight and its Archer
    assert state.wave == 2


def test_b5_step_6_hireables_beyond_the_slots_sit_out_the_last_recruited_first_and_come_back() -> None:
    """kings-armory B5 Step 6: one Tower and the two Parapets host 5 Allies; with Valcor
    that leaves 4 slots, so of 5 Hireables the last one recruited sits out the next Wave,
    off the board; once another Tower stands, it comes back. Heroes never sit out."""
    state = shopping(seats=1, gold=900)
    state, _ = run(state, m.SellTower(seat=1, tower="t2"))
    for key in ("archer", "foot-soldier", "archer", "cleric", "foot-soldier"):
        state, _ = run(state, m.Hire(seat=1, hireable=key, controller=1))
    state, events = run(state, m.EndShopping(seat=1))
    assert [(e.figure, e.rule) for e in of(events, m.HireableSatOut)] == [("foot-soldier-2", "kings-armory B5 Step 6")]
    assert [f.figure for f in state.bench] == ["foot-soldier-2"] and state.figure("foot-soldier-2") is None
    state, _ = place_all(state)
    assert state.wave == 2 and all(f.space[0] >= 0 for f in state.allies())
    between = replace(state, phase=SHOPPING, gold=100, figures=tuple(
        replace(f, space=(-1, -1), tower="", on_tower="") for f in state.allies()))
    between, _ = run(between, m.BuildTower(seat=1, at="h8"))
    between, events = run(between, m.EndShopping(seat=1))
    assert [e.figure for e in of(events, m.HireableReturned)] == ["foot-soldier-2"] and not between.bench
    assert between.figure("foot-soldier-2") is not None


def test_b5_step_6_a_hireable_is_handed_to_another_seat_between_waves_only() -> None:
    """kings-armory B5 Step 6, E Hireables: control of a Hireable changes between Waves,
    in the Reposition Allies step; its new seat places and leads it."""
    state = shopping(gold=100)
    state, _ = run(state, m.Hire(seat=1, hireable="archer", controller=1))
    assert "leads archer-1 already" in str(refused(state, m.Reassign(seat=2, figure="archer-1", to_seat=1)))
    assert "not a Hireable of the team" in str(refused(state, m.Reassign(seat=2, figure="valcor", to_seat=2)))
    state, events = run(state, m.Reassign(seat=2, figure="archer-1", to_seat=2))
    assert [(e.figure, e.seat, e.rule) for e in of(events, m.HireableReassigned)] == [
        ("archer-1", 2, "kings-armory B5 Step 6")]
    archer = state.figure("archer-1")
    assert archer is not None and archer.seat == 2
    assert "Between Waves only" in str(refused(replace(state, phase=PLAYERS), m.Reassign(seat=1, figure="archer-1",
                                                                                         to_seat=1)))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(1, 3))
def test_between_waves_every_listed_command_is_accepted_and_none_accepted_is_missing(seed: int, seats: int) -> None:
    """kings-armory B5 Steps 3-7 (tests/test_games.py's check, on a richer shop): with
    gold to spare, every command a seat's list holds is accepted, and the commands listed
    for another seat or a few positions back are refused unless this seat's list has them."""
    chooser = random.Random(seed)
    state = shopping(seats, 2500, seed=str(seed))
    recent: deque[list[Command]] = deque(maxlen=NEARBY)
    for position in range(80):
        if state.phase != SHOPPING:
            break
        listed = {seat: GAME.legal_commands(state, seat) for seat in range(1, seats + 1)}
        for commands in listed.values():
            for command in commands:
                assert GAME.refusal(state, command) is None, command
        _check_nothing_accepted_is_missing(GAME, state, listed, recent, chooser)
        recent.append([c for commands in listed.values() for c in commands])
        seat = chooser.choice(GAME.status(state).to_act)
        shopping_only = [c for c in listed[seat] if not isinstance(c, m.EndShopping)]
        command = chooser.choice(shopping_only) if shopping_only and chooser.random() < 0.95 else listed[seat][-1]
        state, _ = run(state, command, str(seed), position)
