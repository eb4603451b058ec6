"""One or more unit tests per ARMORY rule (armory R1..R11) and glossary term."""

from __future__ import annotations

import dataclasses

from domain.games.armory import GAME, cards
from domain.games.armory.messages import (
    ArmamentRemoved,
    AttackHalted,
    CardDiscarded,
    CardsDrawn,
    CardStripped,
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeckShuffled,
    DeclareDuel,
    DuelCardDrawn,
    DuelDiscard,
    DuelStandoff,
    DuelStrip,
    DuelWon,
    EndAttack,
    FirstPlayerChosen,
    GameWon,
    HandRevealed,
    MysticCountered,
    MysticResolved,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from domain.games.armory.state import ATTACK as ATTACK_PHASE
from domain.games.armory.state import DUEL_PRIZE, TURN_CARDS, ArmoryState, Duel, player
from domain.kernel import StartGame
from tests.armory.helpers import (
    ARCHER_KIT,
    ATTACK,
    BOW,
    BOW_UNC,
    COUNTER,
    COUNTER_B,
    COUNTER_UNC,
    DUPLICITY,
    GUARDIAN,
    GUARDIAN_B,
    GUARDIAN_C,
    GUARDIAN_INV,
    HELMET,
    HELMET_B,
    HELMET_C,
    HELMET_INV,
    INTERRUPT,
    KIT,
    PILFER,
    REBOUND,
    REMOVAL,
    SHIELD,
    SHIELD_B,
    SHIELD_C,
    SHIELD_INV,
    SPEAR,
    SWORD,
    SWORD_INV,
    TORCH,
    WARRIOR_KIT,
    WOUNDING,
    WOUNDING_B,
    WOUNDING_UNC,
    build,
    cid,
    full_kit,
    initial,
    refused,
    run,
    types_of,
)
from tests.kit import of

GUARDED = {"warrior-1": GUARDIAN, "warrior-2": GUARDIAN_B, "archer": GUARDIAN_C}


def _quiet_turn(state: ArmoryState) -> ArmoryState:
    """The rest of the turn with nothing cast: the Turn Player trades his first card (armory R6)
    unless he has played a turn card, opens for attack, and the Turn Opponent ends the attack (R5)."""
    turn_player = state.turn_player
    if not state.actions:
        state, _ = run(state, Trade(seat=turn_player, card=player(state, turn_player).hand[0]))
    state, _ = run(state, OpenForAttack(seat=turn_player))
    state, _ = run(state, EndAttack(seat=state.attacker))
    assert state.turn_player != turn_player, "the turn passed on"
    return state


def test_deck_numbers_match_the_data_file() -> None:
    assert cards.DECK_SIZE == 60
    expect = {SHIELD_INV: ("Shield", True, False), BOW_UNC: ("Bow", False, True),
              GUARDIAN_INV: ("GUARDIAN", True, False),
              COUNTER_UNC: ("COUNTER", False, True), INTERRUPT: ("INTERRUPT", False, False),
              DUPLICITY: ("DUPLICITY", False, False), REBOUND: ("REBOUND", False, False),
              WOUNDING_UNC: ("WOUNDING", False, True), WOUNDING: ("WOUNDING", False, False),
              REMOVAL: ("REMOVAL", False, False), TORCH: ("TORCH", False, False), PILFER: ("PILFER", False, False),
              ATTACK: ("ATTACK", False, False), HELMET_INV: ("Helmet", True, False), SWORD_INV: ("Sword", True, False)}
    for number, (name, invincible, uncounterable) in expect.items():
        info = cards.DECK[number - 1]
        assert (info.name, info.invincible, info.uncounterable) == (name, invincible, uncounterable)
    counts: dict[str, int] = {}
    for info in cards.DECK:
        counts[info.kind] = counts.get(info.kind, 0) + 1
    assert counts == {"armament": 23, "guardian": 5, "mystic": 31, "attack": 1}


# ---------------------------------------------------------------- R1


def test_r1_each_player_starts_with_two_warriors_and_an_archer() -> None:
    state = initial(3)
    for p in state.players:
        assert [c.combatant for c in p.combatants] == ["warrior-1", "warrior-2", "archer"]
        assert all(not c.armaments and not c.guardian for c in p.combatants)


def test_r1_an_unknown_combatant_is_rejected() -> None:
    state = build(hands={1: [SHIELD]})
    assert refused(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="knight")).rule == "armory R1"


# ---------------------------------------------------------------- R2, R3


def test_r2_start_shuffles_and_deals_seven_then_r4_draws_the_first_player() -> None:
    state, events = run(initial(2), StartGame(seat=0))
    assert types_of(events) == ["DeckShuffled", "CardsDrawn", "DeckShuffled", "CardsDrawn", "FirstPlayerChosen",
                                "TurnStarted"]
    assert {e.rule for e in events[:4]} == {"armory R2"}
    chosen = events[-2]
    assert isinstance(chosen, FirstPlayerChosen) and chosen.rule == "armory R4" and chosen.seats == 2
    assert events[-1] == TurnStarted(seat=chosen.seat, turn=1) and state.turn_player == chosen.seat
    for p in state.players:
        assert len(p.hand) == 7 and len(p.draw) == 53
    shuffled = events[0]
    assert isinstance(shuffled, DeckShuffled) and sorted(shuffled.order) == sorted(cards.deck_ids(1))


def test_r4_who_goes_first_is_drawn_from_the_games_generator_not_always_seat_one() -> None:
    """armory R4 says to decide who goes first: the draw comes from the seed, so a replay repeats it."""
    firsts = {seats: {KIT.started(seats, seed=f"first-{n}").turn_player for n in range(24)} for seats in (2, 3)}
    assert firsts == {2: {1, 2}, 3: {1, 2, 3}}
    assert KIT.started(3, seed="first-5").turn_player == KIT.started(3, seed="first-5").turn_player


def test_r2_everybody_draws_back_up_to_seven_before_the_next_turn() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [1, 2, 3, 4, 5, 6, 7, 8]}, phase=ATTACK_PHASE, actions=1)
    state, events = run(state, EndAttack(seat=2))
    drawn = of(events, CardsDrawn)
    assert [(e.seat, e.count, e.rule) for e in drawn] == [(1, 5, "armory R2")]
    assert len(player(state, 1).hand) == 7
    assert len(player(state, 2).hand) == 8, "a player with more than 7 keeps them"
    assert events[-1] == TurnStarted(seat=2, turn=6)


def test_r3_an_empty_draw_pile_is_replaced_by_the_reshuffled_used_pile() -> None:
    state = build(hands={1: [SHIELD, SPEAR]}, used={1: [SWORD, HELMET]})
    p = dataclasses.replace(player(state, 1), draw=())
    state = dataclasses.replace(state, players=(p, state.players[1]))
    state, events = run(state, Trade(seat=1, card=cid(1, SHIELD)))
    assert types_of(events)[:3] == ["CardTraded", "DeckShuffled", "CardsDrawn"]
    shuffle = events[1]
    assert isinstance(shuffle, DeckShuffled) and shuffle.reason == "used pile reshuffled"
    assert shuffle.rule == "armory R3"
    assert sorted(shuffle.order) == sorted(cid(1, n) for n in (SHIELD, SWORD, HELMET))
    assert len(player(state, 1).used) == 0 and len(player(state, 1).draw) == 2


# ---------------------------------------------------------------- R4


def test_r4_at_most_three_turn_cards() -> None:
    state = build(hands={1: [SHIELD, SPEAR, SWORD, HELMET]})
    for number in (SHIELD, SPEAR, SWORD):
        state, _ = run(state, PlaceArmament(seat=1, card=cid(1, number), combatant="warrior-1"))
    violation = refused(state, PlaceArmament(seat=1, card=cid(1, HELMET), combatant="warrior-1"))
    assert violation.rule == "armory R4"
    assert [type(c) for c in GAME.legal_commands(state, 1)] == [OpenForAttack]


def test_r4_at_least_one_turn_card_before_opening_for_attack() -> None:
    state = build(hands={1: [SHIELD]})
    assert refused(state, OpenForAttack(seat=1)).rule == "armory R4"


def test_r4_no_armament_after_a_trade() -> None:
    state = build(hands={1: [SHIELD, SPEAR]})
    state, _ = run(state, Trade(seat=1, card=cid(1, SHIELD)))
    violation = refused(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    assert violation.rule == "armory R4" and "trade" in violation.message


def test_r4_turns_proceed_clockwise() -> None:
    state = build(seats=3, hands={1: [SHIELD], 2: [SPEAR], 3: [SWORD]}, turn_player=3, phase=ATTACK_PHASE, actions=1)
    state, events = run(state, EndAttack(seat=1))
    assert events[-1] == TurnStarted(seat=1, turn=6)


def test_r4_only_the_turn_player_plays_turn_cards() -> None:
    state = build(hands={1: [SHIELD], 2: [SPEAR]})
    assert refused(state, PlaceArmament(seat=2, card=cid(2, SPEAR), combatant="warrior-1")).rule == \
        "armory glossary: TURN PLAYER"


# ---------------------------------------------------------------- R5


def test_r5_open_for_attack_then_the_turn_opponent_attacks_and_ends() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [WOUNDING, HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    state, events = run(state, OpenForAttack(seat=1))
    assert state.phase == ATTACK_PHASE and events[0].rule == "armory R5"
    attack = CastMystic(seat=2, card=cid(2, WOUNDING), target_seat=1, target_combatant="warrior-1",
                        target_card=cid(1, SHIELD))
    assert attack in GAME.legal_commands(state, 2)
    state, _ = run(state, attack)
    state, events = run(state, Pass(seat=1))
    assert ArmamentRemoved(seat=1, combatant="warrior-1", card=cid(1, SHIELD), destination="used",
                           reason="WOUNDING") in events
    state, events = run(state, EndAttack(seat=2))
    assert isinstance(events[0], TurnEnded) and events[-1] == TurnStarted(seat=2, turn=6)


def test_r5_the_turn_stops_when_a_player_has_no_cards_in_hand() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    state, events = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    ended = of(events, TurnEnded)
    assert ended and ended[0].rule == "armory R5" and "no cards" in ended[0].reason


def test_r5_interrupt_stops_the_turn_and_returns_this_turns_armaments_except_invincible() -> None:
    state = build(hands={1: [SHIELD_INV, SPEAR, SWORD], 2: [INTERRUPT, HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD_INV), combatant="warrior-1"))
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1))
    state, events = run(state, Pass(seat=1))
    assert "TurnLost" in types_of(events)
    removed = of(events, ArmamentRemoved)
    assert [(e.card, e.destination) for e in removed] == [(cid(1, SPEAR), "hand")]
    assert cid(1, SHIELD_INV) in player(state, 1).combatants[0].armaments
    assert events[-1] == TurnStarted(seat=2, turn=6)


def test_r5_duplicity_sends_this_turns_armaments_to_the_used_pile() -> None:
    state = build(hands={1: [SPEAR, SWORD], 2: [DUPLICITY, HELMET]}, armed={1: {"warrior-1": [SHIELD]}})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, DUPLICITY), target_seat=1))
    state, events = run(state, Pass(seat=1))
    removed = of(events, ArmamentRemoved)
    assert [(e.card, e.destination) for e in removed] == [(cid(1, SPEAR), "used")]
    assert player(state, 1).combatants[0].armaments == (cid(1, SHIELD),), "earlier turns' cards stay"


def test_r5_the_turn_opponent_casts_interrupt_and_duplicity_once_the_turn_player_is_open_for_attack() -> None:
    """armory R5: the Turn Opponent's right to cast Mystics starts with "open for attack", not before."""
    state = build(hands={1: [SPEAR, SWORD], 2: [INTERRUPT, DUPLICITY, HELMET]})
    interrupt = CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1)
    assert refused(state, interrupt).rule == "armory R5"
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    assert refused(state, interrupt).rule == "armory R5" and GAME.legal_commands(state, 2) == []
    assert GAME.status(state).to_act == (1,)
    state, _ = run(state, OpenForAttack(seat=1))
    offered = GAME.legal_commands(state, 2)
    assert interrupt in offered and CastMystic(seat=2, card=cid(2, DUPLICITY), target_seat=1) in offered
    state, events = run(state, interrupt)
    assert events[0].rule == "armory R5" and state.stack[-1].target_seat == 1


def test_r5_a_turn_stopping_mystic_stops_the_attack_even_when_it_is_countered() -> None:
    """armory R5 lists a turn-stopping Mystic being cast among what stops an attack: countered, it takes
    nothing off the table, but the Turn Opponent may cast nothing more and the turn ends."""
    state = build(hands={1: [SPEAR, COUNTER, SWORD], 2: [INTERRUPT, WOUNDING, HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1))
    state, _ = run(state, CastMystic(seat=1, card=cid(1, COUNTER), target_seat=2, target_card=cid(2, INTERRUPT)))
    state, events = run(state, Pass(seat=2))
    assert types_of(events)[:2] == ["Passed", "MysticCountered"] and "TurnLost" not in types_of(events)
    ended = of(events, TurnEnded)[0]
    assert ended.rule == "armory R5" and "turn-stopping" in ended.reason
    assert events[-1] == TurnStarted(seat=2, turn=6)
    assert player(state, 1).combatants[0].armaments == (cid(1, SPEAR),), "the countered INTERRUPT took nothing"


def test_r5_a_sacrifice_halts_an_interrupt_and_the_turn_still_ends() -> None:
    """armory R9 halts the INTERRUPT (the Turn Player keeps this turn's cards); armory R5 ends the turn."""
    state = build(hands={1: [SPEAR, SWORD], 2: [INTERRUPT, HELMET]}, armed={1: {"archer": [HELMET_B]}})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SPEAR), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1))
    state, events = run(state, Sacrifice(seat=1, card=cid(1, HELMET_B)))
    assert types_of(events)[:3] == ["ArmamentSacrificed", "MysticHalted", "TurnEnded"]
    assert player(state, 1).combatants[0].armaments == (cid(1, SPEAR),)


# ---------------------------------------------------------------- R6


def test_r6_worked_example_one_shield_then_the_two_turn_cards_left_are_traded() -> None:
    """armory R6's example: one Shield cast on a combatant, then the 2 turn cards left traded for 2 new ones."""
    state = build(hands={1: [SHIELD, SPEAR, SWORD, HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    drawn = player(state, 1).draw[:2]
    state, _ = run(state, Trade(seat=1, card=cid(1, SPEAR)))
    state, events = run(state, Trade(seat=1, card=cid(1, SWORD)))
    assert types_of(events) == ["CardTraded", "CardsDrawn"] and state.actions == 3
    assert player(state, 1).used == (cid(1, SPEAR), cid(1, SWORD))
    assert sorted(player(state, 1).hand) == sorted([cid(1, HELMET), *drawn]), "drawn right then"
    assert [type(c) for c in GAME.legal_commands(state, 1)] == [OpenForAttack], "not usable that turn"


def test_r6_a_trade_draws_a_card_that_is_defensive_only_this_turn() -> None:
    state = build(hands={1: [SHIELD, SPEAR]})
    top = player(state, 1).draw[0]
    state, events = run(state, Trade(seat=1, card=cid(1, SHIELD)))
    assert types_of(events) == ["CardTraded", "CardsDrawn"]
    assert cid(1, SHIELD) in player(state, 1).used and top in player(state, 1).hand
    assert refused(state, Trade(seat=1, card=top)).rule == "armory R6"


def test_r6_a_traded_for_counter_may_still_be_used_defensively() -> None:
    state = build(hands={1: [SHIELD, SPEAR, COUNTER], 2: [INTERRUPT, HELMET]}, actions=1, traded=True,
                  trade_drawn=(cid(1, COUNTER),))
    assert refused(state, Trade(seat=1, card=cid(1, COUNTER))).rule == "armory R6"
    state, _ = run(state, OpenForAttack(seat=1))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1))
    counter = CastMystic(seat=1, card=cid(1, COUNTER), target_seat=2, target_card=cid(2, INTERRUPT))
    assert counter in GAME.legal_commands(state, 1)
    state, _ = run(state, counter)
    assert [item.card for item in state.stack] == [cid(2, INTERRUPT), cid(1, COUNTER)]


def test_r6_no_trading_in_a_turn_with_a_torch() -> None:
    state = build(hands={1: [TORCH, SHIELD], 2: [HELMET]})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, TORCH), target_seat=2))
    state, _ = run(state, Pass(seat=2))
    assert refused(state, Trade(seat=1, card=cid(1, SHIELD))).rule == "armory R6"
    traded = build(hands={1: [TORCH, SHIELD], 2: [HELMET]})
    traded, _ = run(traded, Trade(seat=1, card=cid(1, SHIELD)))
    assert refused(traded, CastMystic(seat=1, card=cid(1, TORCH), target_seat=2)).rule == "armory R6"


# ---------------------------------------------------------------- R7


def test_r7_a_duel_draws_from_each_hand_and_the_higher_number_wins() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [ATTACK]})
    state, events = run(state, DeclareDuel(seat=1, opponent=2))
    drawn = of(events, DuelCardDrawn)
    assert drawn[0].seat == 1 and drawn[0].card == cid(2, ATTACK) and drawn[0].number == ATTACK
    assert DuelWon(winner=1, loser=2) in events
    assert state.phase == DUEL_PRIZE and player(state, 1).duel_used
    assert len(player(state, 2).hand) == 1, "drawn cards go back to their owners' hands"


def test_r7_only_once_per_game_and_only_instead_of_turn_cards() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [HELMET]})
    used = dataclasses.replace(state, players=(dataclasses.replace(state.players[0], duel_used=True), state.players[1]))
    assert refused(used, DeclareDuel(seat=1, opponent=2)).rule == "armory R7"
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    assert refused(state, DeclareDuel(seat=1, opponent=2)).rule == "armory R7"


def test_r7_a_duel_is_a_standoff_when_a_hand_has_nothing_drawable() -> None:
    state = build(hands={1: [SHIELD], 2: [SHIELD_INV]})
    state, events = run(state, DeclareDuel(seat=1, opponent=2))
    assert of(events, DuelStandoff)
    assert events[-1] == TurnStarted(seat=2, turn=6)


def test_r7_prize_discard_reveals_the_hand_discards_two_and_the_loser_loses_his_turn() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [ATTACK, HELMET, BOW, SHIELD_INV]})
    state = dataclasses.replace(state, phase=DUEL_PRIZE, duel=Duel(1, 2, winner=1, loser=2))
    state, events = run(state, ChooseDuelPrize(seat=1, prize="discard"))
    revealed = events[-1]
    assert isinstance(revealed, HandRevealed) and revealed.to_seat == 1 and len(revealed.cards) == 4
    assert refused(state, DuelDiscard(seat=1, card=cid(2, SHIELD_INV))).rule == "armory glossary: INVINCIBLE"
    state, _ = run(state, DuelDiscard(seat=1, card=cid(2, ATTACK)))
    state, events = run(state, DuelDiscard(seat=1, card=cid(2, HELMET)))
    assert CardDiscarded(seat=2, card=cid(2, HELMET), reason="duel") in events
    assert any(e.seat == 2 for e in of(events, TurnSkipped))
    assert events[-1] == TurnStarted(seat=1, turn=7)


def test_r7_prize_strip_takes_even_a_guardian_which_is_locked_for_the_next_turn() -> None:
    state = build(hands={1: [SHIELD, SPEAR], 2: [HELMET]}, armed={2: {"warrior-1": WARRIOR_KIT}},
                  guards={2: {"warrior-1": GUARDIAN}})
    state = dataclasses.replace(state, phase=DUEL_PRIZE, duel=Duel(1, 2, winner=1, loser=2))
    state, _ = run(state, ChooseDuelPrize(seat=1, prize="strip"))
    state, events = run(state, DuelStrip(seat=1, card=cid(2, GUARDIAN)))
    assert CardStripped(seat=2, combatant="warrior-1", card=cid(2, GUARDIAN), by_seat=1) in events
    assert cid(2, GUARDIAN) in player(state, 2).hand and state.turn_player == 2
    locked = PlaceGuardian(seat=2, card=cid(2, GUARDIAN), combatant="warrior-1")
    assert refused(state, locked).rule == "armory R7"
    state, _ = run(state, PlaceArmament(seat=2, card=cid(2, HELMET), combatant="archer"))
    state = _quiet_turn(_quiet_turn(state))
    assert state.turn_player == 2 and locked in GAME.legal_commands(state, 2), "placeable on the turn after"


def test_r7_a_duel_may_strip_an_armament_off_a_guarded_combatant() -> None:
    """armory R7 lets the winner strip any card, "even a Guardian", off an opposing combatant; R10's
    immunity is against Mystics, and a duel is not one. The Guardian stays, the combatant is not fully armed."""
    state = build(hands={1: [SHIELD_C, SPEAR], 2: [HELMET]}, armed={2: full_kit()}, guards={2: GUARDED})
    state = dataclasses.replace(state, phase=DUEL_PRIZE, duel=Duel(1, 2, winner=1, loser=2))
    state, _ = run(state, ChooseDuelPrize(seat=1, prize="strip"))
    assert DuelStrip(seat=1, card=cid(2, SHIELD)) in GAME.legal_commands(state, 1)
    state, events = run(state, DuelStrip(seat=1, card=cid(2, SHIELD)))
    assert CardStripped(seat=2, combatant="warrior-1", card=cid(2, SHIELD), by_seat=1) in events
    warrior = player(state, 2).combatants[0]
    assert warrior.guardian == cid(2, GUARDIAN) and cid(2, SHIELD) not in warrior.armaments


def test_r7_the_strip_lock_ends_with_the_losers_next_turn_even_when_that_turn_is_lost() -> None:
    """armory R7b: the stripped card may not go back on the loser's next turn, but may on the turn after.
    When that next turn is lost (R7a, another duel's discard prize), the lock ends with it."""
    state = build(seats=3, hands={1: [SHIELD_C, SPEAR], 2: [HELMET, SWORD], 3: [SPEAR, SWORD]},
                  armed={2: {"warrior-1": [SHIELD]}}, turn_player=1)
    p2 = dataclasses.replace(player(state, 2), loses_next_turn=True)
    state = dataclasses.replace(state, players=(state.players[0], p2, state.players[2]), phase=DUEL_PRIZE,
                                duel=Duel(1, 2, winner=1, loser=2))
    state, _ = run(state, ChooseDuelPrize(seat=1, prize="strip"))
    state, events = run(state, DuelStrip(seat=1, card=cid(2, SHIELD)))
    assert [(e.seat, e.turn) for e in of(events, TurnSkipped)] == [(2, 6)]
    assert player(state, 2).locked == (), "the lost turn was his next turn"
    state = _quiet_turn(_quiet_turn(state))
    assert state.turn_player == 2
    assert PlaceArmament(seat=2, card=cid(2, SHIELD), combatant="warrior-1") in GAME.legal_commands(state, 2)


# ---------------------------------------------------------------- R8 and HOW


def test_r8_a_combatant_may_not_hold_two_shields() -> None:
    state = build(hands={1: [SHIELD_B]}, armed={1: {"warrior-1": [SHIELD]}})
    violation = refused(state, PlaceArmament(seat=1, card=cid(1, SHIELD_B), combatant="warrior-1"))
    assert violation.rule == "armory R8" and "already has a Shield" in violation.message


def test_how_a_bow_fits_only_the_archer_and_a_shield_only_a_warrior() -> None:
    state = build(hands={1: [BOW, SHIELD]})
    assert refused(state, PlaceArmament(seat=1, card=cid(1, BOW), combatant="warrior-1")).rule == "armory HOW"
    assert refused(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="archer")).rule == "armory HOW"
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, BOW), combatant="archer"))
    assert player(state, 1).combatants[2].armaments == (cid(1, BOW),)


# ---------------------------------------------------------------- R9


def test_r9_a_sacrifice_halts_a_wounding() -> None:
    state = build(hands={1: [WOUNDING, SHIELD_C], 2: [HELMET]}, armed={2: {"warrior-1": [SHIELD, SPEAR]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    state, events = run(state, Sacrifice(seat=2, card=cid(2, SPEAR)))
    assert types_of(events) == ["ArmamentSacrificed", "MysticHalted"]
    assert {e.rule for e in events} == {"armory R9"}
    assert player(state, 2).combatants[0].armaments == (cid(2, SHIELD),)
    assert cid(1, WOUNDING) in player(state, 1).used and cid(2, SPEAR) in player(state, 2).used


def test_r9_any_armament_in_play_may_be_sacrificed_even_on_a_guarded_combatant() -> None:
    """armory R9 says any Armament in play: R10's immunity protects a guarded combatant from Mystics,
    not from his owner's own choice. Invincible ones stay (glossary: cannot be removed from play)."""
    state = build(hands={1: [WOUNDING, SHIELD_C], 2: [HELMET]},
                  armed={2: {"warrior-1": (SHIELD_INV, SPEAR, SWORD, HELMET_C), "archer": [BOW]}},
                  guards={2: {"warrior-1": GUARDIAN}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="archer",
                                     target_card=cid(2, BOW)))
    sacrifices = {c.card for c in GAME.legal_commands(state, 2) if isinstance(c, Sacrifice)}
    assert sacrifices == {cid(2, SPEAR), cid(2, SWORD), cid(2, HELMET_C), cid(2, BOW)}
    assert refused(state, Sacrifice(seat=2, card=cid(2, SHIELD_INV))).rule == "armory glossary: INVINCIBLE"
    assert refused(state, Sacrifice(seat=2, card=cid(2, GUARDIAN))).rule == "armory R9"
    state, events = run(state, Sacrifice(seat=2, card=cid(2, SPEAR)))
    assert types_of(events) == ["ArmamentSacrificed", "MysticHalted"]
    assert player(state, 2).combatants[0].armaments == (cid(2, SHIELD_INV), cid(2, SWORD), cid(2, HELMET_C))
    assert player(state, 2).combatants[2].armaments == (cid(2, BOW),)


def test_r9_only_the_seat_a_mystic_is_aimed_at_sacrifices_to_halt_it() -> None:
    """armory R9 says who halts nothing: the seat that answers the Mystic (RULES.md, Not in the rulebook)."""
    state = build(seats=3, hands={1: [WOUNDING, SHIELD_C]},
                  armed={2: {"warrior-1": [SHIELD]}, 3: {"warrior-1": [SHIELD]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    assert refused(state, Sacrifice(seat=3, card=cid(3, SHIELD))).rule == "armory R9"
    assert GAME.legal_commands(state, 3) == []


def test_r9_a_sacrifice_cannot_halt_a_counter() -> None:
    state = build(hands={1: [INTERRUPT, SHIELD], 2: [HELMET, COUNTER]}, turn_player=2, actions=1, phase=ATTACK_PHASE,
                  armed={1: {"warrior-1": [SPEAR]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, INTERRUPT), target_seat=2))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, INTERRUPT)))
    assert refused(state, Sacrifice(seat=1, card=cid(1, SPEAR))).rule == "armory R9"


# ---------------------------------------------------------------- R10


def test_r10_a_guardian_goes_only_on_a_fully_armed_combatant() -> None:
    state = build(hands={1: [GUARDIAN, GUARDIAN_B]}, armed={1: {"warrior-1": WARRIOR_KIT, "archer": (HELMET_B, BOW)}})
    assert refused(state, PlaceGuardian(seat=1, card=cid(1, GUARDIAN), combatant="archer")).rule == "armory R10"
    state, events = run(state, PlaceGuardian(seat=1, card=cid(1, GUARDIAN), combatant="warrior-1"))
    assert events[0].rule == "armory R10" and state.actions == 1, "a Guardian is a turn card"
    assert refused(state, PlaceGuardian(seat=1, card=cid(1, GUARDIAN_B), combatant="warrior-1")).rule == "armory R10"


def test_r10_a_guarded_combatant_is_immune_to_mystics() -> None:
    state = build(hands={1: [WOUNDING, REMOVAL], 2: [HELMET]}, armed={2: {"warrior-1": WARRIOR_KIT}},
                  guards={2: {"warrior-1": GUARDIAN}})
    wound = CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                       target_card=cid(2, SHIELD))
    assert refused(state, wound).rule == "armory R10"
    removal = CastMystic(seat=1, card=cid(1, REMOVAL), target_seat=2, target_combatant="warrior-1")
    assert refused(state, removal).rule == "armory R10"
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, CastMystic)]


# ---------------------------------------------------------------- R11


def _ready(guardian_turn: int = 1, turn_player: int = 1, halted: bool = False) -> ArmoryState:
    state = build(hands={1: [ATTACK, SHIELD_C], 2: [HELMET, COUNTER, COUNTER_UNC]}, armed={1: full_kit()},
                  guards={1: GUARDED}, turn_player=turn_player, attack_can_be_halted=halted)
    p = dataclasses.replace(player(state, 1), guardian_turn=guardian_turn)
    return dataclasses.replace(state, players=(p, *state.players[1:]))


def test_r11_the_attack_wins_when_all_three_combatants_are_guarded() -> None:
    state = _ready()
    state, events = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert types_of(events) == ["AttackCast", "GameWon"]
    assert events[-1] == GameWon(seat=1, reason="ATTACK: all combatants armed and guarded")
    status = GAME.status(state)
    assert status.finished and status.winners == (1,) and GAME.legal_commands(state, 2) == []


def test_how_to_win_the_attack_needs_every_combatant_armed_as_well_as_guarded() -> None:
    """armory HOW (4): all armed and Guardianed. A guarded combatant that lost an Armament (a duel strip,
    armory R7, or a Sacrifice, R9) must be armed again before the ATTACK; he may be, Guardian and all."""
    state = _ready()
    warrior = player(state, 1).combatants[0]
    stripped = dataclasses.replace(warrior, armaments=tuple(a for a in warrior.armaments if a != cid(1, SHIELD)))
    p = dataclasses.replace(player(state, 1), combatants=(stripped, *player(state, 1).combatants[1:]))
    state = dataclasses.replace(state, players=(p, *state.players[1:]))
    violation = refused(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert violation.rule == "armory HOW" and "warrior-1" in violation.message
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, CastAttack)]
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD_C), combatant="warrior-1"))
    state, events = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert isinstance(events[-1], GameWon) and state.winner == 1


def test_r11a_no_attack_in_the_turn_of_a_guardian() -> None:
    state = _ready(guardian_turn=5)
    assert refused(state, CastAttack(seat=1, card=cid(1, ATTACK))).rule == "armory R11a"


def test_r11b_the_attack_needs_every_combatant_guarded() -> None:
    state = build(hands={1: [ATTACK]}, armed={1: full_kit()}, guards={1: {"warrior-1": GUARDIAN}})
    assert refused(state, CastAttack(seat=1, card=cid(1, ATTACK))).rule == "armory R11b"


def test_r11c_with_the_play_option_a_counter_returns_the_attack_to_hand() -> None:
    state = _ready(halted=True)
    state, events = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert types_of(events) == ["AttackCast"] and GAME.status(state).to_act == (2,)
    counter = CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, ATTACK))
    assert counter in GAME.legal_commands(state, 2)
    state, _ = run(state, counter)
    state, events = run(state, Pass(seat=1))
    assert AttackHalted(seat=1, card=cid(1, ATTACK), by_seat=2, by_card=cid(2, COUNTER)) in events
    assert cid(1, ATTACK) in player(state, 1).hand and not state.finished


def test_r11c_a_halted_attack_cannot_be_cast_again_until_the_next_turn() -> None:
    """armory R11c: a halted ATTACK is forced back into the hand; we read "halted" as stopped for the turn."""
    state = _ready(halted=True)
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, ATTACK)))
    state, _ = run(state, Pass(seat=1))
    assert cid(1, ATTACK) in player(state, 1).hand and state.actions == 1
    assert refused(state, CastAttack(seat=1, card=cid(1, ATTACK))).rule == "armory R11c"
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, CastAttack)]
    state = _quiet_turn(_quiet_turn(state))
    assert state.turn_player == 1 and CastAttack(seat=1, card=cid(1, ATTACK)) in GAME.legal_commands(state, 1)


def test_r11c_with_three_players_only_the_turn_opponent_may_halt_the_attack() -> None:
    """armory R5 gives the Mystics against the Turn Player to the Turn Opponent; R11c's halting is one."""
    state = build(seats=3, hands={1: [ATTACK, SHIELD_C], 2: [HELMET, COUNTER], 3: [HELMET, COUNTER]},
                  armed={1: full_kit()}, guards={1: GUARDED}, attack_can_be_halted=True)
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert GAME.status(state).to_act == (2,) and GAME.legal_commands(state, 3) == []
    state, events = run(state, Pass(seat=2))
    assert isinstance(events[-1], GameWon) and state.winner == 1


def _attack_waits(answers: list[int]) -> ArmoryState:
    """Seat 1's ATTACK, cast with the play option, waits for seat 2, who holds `answers`."""
    state = build(hands={1: [ATTACK, SHIELD_C, COUNTER_B], 2: answers}, armed={1: full_kit()},
                  guards={1: GUARDED}, attack_can_be_halted=True)
    state = dataclasses.replace(state, players=(dataclasses.replace(player(state, 1), guardian_turn=1),
                                                *state.players[1:]))
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    return state


def test_r11c_an_interrupt_or_a_duplicity_halts_the_attack_and_takes_the_turn() -> None:
    """armory R11c: with the play option, the ATTACK "can be halted by a MYSTIC card", not only a
    COUNTER; an INTERRUPT or DUPLICITY takes the Turn Player's turn (facts.md), the ATTACK with it,
    back into his hand."""
    for stopper in (INTERRUPT, DUPLICITY):
        state = _attack_waits([HELMET, stopper])
        halt = CastMystic(seat=2, card=cid(2, stopper), target_seat=1, target_card=cid(1, ATTACK))
        assert halt in GAME.legal_commands(state, 2)
        state, events = run(state, halt)
        assert events[0].rule == "armory R11c" and GAME.status(state).to_act == (1,)
        state, events = run(state, Pass(seat=1))
        assert types_of(events)[:4] == ["Passed", "AttackHalted", "TurnLost", "TurnEnded"]
        assert AttackHalted(seat=1, card=cid(1, ATTACK), by_seat=2, by_card=cid(2, stopper)) in events
        assert cid(1, ATTACK) in player(state, 1).hand and not state.finished and state.turn_player == 2
        assert cid(2, stopper) in player(state, 2).used and state.stack == ()


def test_r11c_the_turn_player_may_counter_the_mystic_that_would_halt_his_attack() -> None:
    """armory R11c with the glossary's COUNTER: countering the INTERRUPT leaves the ATTACK waiting;
    if nothing else halts it, it wins."""
    state = _attack_waits([HELMET, INTERRUPT])
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1, target_card=cid(1, ATTACK)))
    counter = CastMystic(seat=1, card=cid(1, COUNTER_B), target_seat=2, target_card=cid(2, INTERRUPT))
    assert counter in GAME.legal_commands(state, 1)
    state, events = run(state, counter)
    state, events = run(state, Pass(seat=2))
    assert isinstance(events[-1], MysticCountered) and GAME.status(state).to_act == (2,)
    state, events = run(state, Pass(seat=2))
    assert isinstance(events[-1], GameWon) and state.winner == 1


def test_r11c_no_sacrifice_while_the_attack_waits() -> None:
    """armory R9 halts most Mystics with a Sacrifice, but the ATTACK wins only with every combatant
    armed (armory HOW): a Sacrifice cannot save it, so none is offered (RULES.md)."""
    state = _attack_waits([HELMET, INTERRUPT])
    state, _ = run(state, CastMystic(seat=2, card=cid(2, INTERRUPT), target_seat=1, target_card=cid(1, ATTACK)))
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, Sacrifice)]
    armament = player(state, 1).combatants[0].armaments[0]
    assert refused(state, Sacrifice(seat=1, card=armament)).rule == "armory R11c"


def test_r11c_other_mystics_do_not_halt_the_attack() -> None:
    """A WOUNDING, REMOVAL, TORCH or PILFER acts on combatants or a hand; it halts nothing (armory R11c)."""
    state = _attack_waits([HELMET, PILFER])
    violation = refused(state, CastMystic(seat=2, card=cid(2, PILFER), target_seat=1, target_card=cid(1, ATTACK)))
    assert violation.rule == "armory R11c" and "cannot halt the ATTACK" in str(violation)


def test_r11c_without_the_play_option_nothing_halts_the_attack() -> None:
    state = _ready()
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    assert state.finished


def test_r11c_if_every_opponent_passes_the_attack_wins() -> None:
    state = _ready(halted=True)
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    state, events = run(state, Pass(seat=2))
    assert isinstance(events[-1], GameWon) and state.winner == 1


def test_r11d_the_attack_only_on_your_own_turn() -> None:
    state = _ready(turn_player=2)
    assert refused(state, CastAttack(seat=1, card=cid(1, ATTACK))).rule == "armory R11d"


# ---------------------------------------------------------------- house rule any_opponent_answers


def test_house_rule_any_opponent_answers_every_opponent_attacks_in_turn_clockwise() -> None:
    """Not in the rulebook: the other reading of armory R5 with 3 players (off by default)."""
    state = build(seats=3, hands={1: [SHIELD, SPEAR], 2: [WOUNDING, HELMET], 3: [WOUNDING, HELMET]},
                  any_opponent_answers=True)
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    assert GAME.status(state).to_act == (2,) and GAME.legal_commands(state, 3) == []
    state, events = run(state, EndAttack(seat=2))
    assert types_of(events) == ["AttackHandedOn"] and events[0].rule == "tablerules option any_opponent_answers"
    assert GAME.status(state).to_act == (3,) and GAME.view(state, 0).turn_opponent == 3
    wound = CastMystic(seat=3, card=cid(3, WOUNDING), target_seat=1, target_combatant="warrior-1",
                       target_card=cid(1, SHIELD))
    assert wound in GAME.legal_commands(state, 3) and GAME.legal_commands(state, 2) == []
    state, _ = run(state, wound)
    state, _ = run(state, Pass(seat=1))
    assert player(state, 1).combatants[0].armaments == ()
    state, events = run(state, EndAttack(seat=3))
    assert isinstance(events[0], TurnEnded) and events[-1] == TurnStarted(seat=2, turn=6)


def test_house_rule_any_opponent_answers_each_opponent_may_halt_the_attack() -> None:
    """armory R11c under the house rule: each opponent in turn, clockwise, may halt the ATTACK."""
    state = build(seats=3, hands={1: [ATTACK, SHIELD_C], 2: [HELMET, COUNTER], 3: [HELMET, COUNTER]},
                  armed={1: full_kit()}, guards={1: GUARDED}, attack_can_be_halted=True, any_opponent_answers=True)
    state, _ = run(state, CastAttack(seat=1, card=cid(1, ATTACK)))
    state, _ = run(state, Pass(seat=2))
    assert GAME.status(state).to_act == (3,) and not state.finished
    state, _ = run(state, CastMystic(seat=3, card=cid(3, COUNTER), target_seat=1, target_card=cid(1, ATTACK)))
    state, events = run(state, Pass(seat=1))
    assert AttackHalted(seat=1, card=cid(1, ATTACK), by_seat=3, by_card=cid(3, COUNTER)) in events


def test_house_rule_any_opponent_answers_changes_nothing_with_two_players() -> None:
    """armory R5: with 2 players the only opponent is the Turn Opponent, whichever reading."""
    state = build(hands={1: [SHIELD, SPEAR]}, any_opponent_answers=True)
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, SHIELD), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=1))
    state, events = run(state, EndAttack(seat=2))
    assert isinstance(events[0], TurnEnded) and events[-1] == TurnStarted(seat=2, turn=6)


# ---------------------------------------------------------------- glossary


def test_glossary_counter_sends_the_mystic_and_the_counter_to_the_used_piles() -> None:
    state = build(hands={1: [WOUNDING, SHIELD_C], 2: [COUNTER, HELMET]}, armed={2: {"warrior-1": [SHIELD]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, WOUNDING)))
    assert GAME.status(state).to_act == (1,), "the countered caster may counter the counter"
    state, events = run(state, Pass(seat=1))
    assert events[-1] == MysticCountered(seat=2, card=cid(2, COUNTER), countered_seat=1,
                                         countered_card=cid(1, WOUNDING))
    assert events[-1].rule == "armory glossary: COUNTER"
    assert cid(2, SHIELD) in player(state, 2).combatants[0].armaments and not state.stack


def test_glossary_counter_wars_a_counter_may_be_countered() -> None:
    state = build(hands={1: [WOUNDING, COUNTER_B], 2: [COUNTER, HELMET]}, armed={2: {"warrior-1": [SHIELD]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    state, _ = run(state, CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, WOUNDING)))
    state, _ = run(state, CastMystic(seat=1, card=cid(1, COUNTER_B), target_seat=2, target_card=cid(2, COUNTER)))
    state, _ = run(state, Pass(seat=2))
    assert [i.card for i in state.stack] == [cid(1, WOUNDING)] and GAME.status(state).to_act == (2,)
    state, events = run(state, Pass(seat=2))
    assert of(events, ArmamentRemoved)


def test_glossary_invincible_armament_cannot_be_wounded_or_sacrificed() -> None:
    state = build(hands={1: [WOUNDING], 2: [HELMET]}, armed={2: {"warrior-1": [SHIELD_INV, SPEAR]}})
    wound = CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                       target_card=cid(2, SHIELD_INV))
    assert refused(state, wound).rule == "armory glossary: INVINCIBLE"
    state, _ = run(state, dataclasses.replace(wound, target_card=cid(2, SPEAR)))
    assert refused(state, Sacrifice(seat=2, card=cid(2, SHIELD_INV))).rule == "armory glossary: INVINCIBLE"


def test_glossary_invincible_cards_are_never_pilfered_or_torched() -> None:
    state = build(hands={1: [PILFER, TORCH, SHIELD_C], 2: [GUARDIAN_INV, SHIELD_INV, GUARDIAN, ATTACK]})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, TORCH), target_seat=2))
    state, events = run(state, Pass(seat=2))
    burnt = sorted(e.card for e in of(events, CardDiscarded))
    assert burnt == sorted([cid(2, GUARDIAN), cid(2, ATTACK)])
    state, _ = run(state, CastMystic(seat=1, card=cid(1, PILFER), target_seat=2))
    state, events = run(state, Pass(seat=2))
    resolved = of(events, MysticResolved)[0]
    assert resolved.fizzled and not of(events, CardDiscarded)
    assert sorted(player(state, 2).hand) == sorted([cid(2, GUARDIAN_INV), cid(2, SHIELD_INV)])


def test_glossary_uncounterable_mystic_cannot_be_countered_or_rebounded() -> None:
    state = build(hands={1: [WOUNDING_UNC], 2: [COUNTER, REBOUND, HELMET]}, armed={2: {"warrior-1": [SHIELD]},
                                                                               1: {"warrior-1": [SPEAR]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING_UNC), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    counter = CastMystic(seat=2, card=cid(2, COUNTER), target_seat=1, target_card=cid(1, WOUNDING_UNC))
    assert refused(state, counter).rule == "armory glossary: UNCOUNTERABLE"
    rebound = CastMystic(seat=2, card=cid(2, REBOUND), target_seat=1, target_combatant="warrior-1",
                         target_card=cid(1, SPEAR))
    assert refused(state, rebound).rule == "armory glossary: UNCOUNTERABLE"


def test_glossary_uncounterable_armament_is_immune_in_the_turn_it_was_placed() -> None:
    state = build(hands={1: [BOW_UNC, SHIELD], 2: [WOUNDING, WOUNDING_B, HELMET]})
    state, _ = run(state, PlaceArmament(seat=1, card=cid(1, BOW_UNC), combatant="archer"))
    state, _ = run(state, OpenForAttack(seat=1))
    wound = CastMystic(seat=2, card=cid(2, WOUNDING), target_seat=1, target_combatant="archer",
                       target_card=cid(1, BOW_UNC))
    assert refused(state, wound).rule == "armory glossary: UNCOUNTERABLE"
    later = build(hands={1: [SHIELD], 2: [WOUNDING]}, armed={1: {"archer": [BOW_UNC]}}, turn_player=2)
    assert wound in GAME.legal_commands(later, 2), "on a later turn it is an ordinary card"


def test_glossary_rebound_turns_a_wounding_back_at_its_caster() -> None:
    state = build(hands={1: [WOUNDING], 2: [REBOUND, HELMET]}, armed={2: {"warrior-1": [SHIELD]},
                                                                     1: {"archer": [HELMET_B, BOW]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, WOUNDING), target_seat=2, target_combatant="warrior-1",
                                     target_card=cid(2, SHIELD)))
    rebounds = [c for c in GAME.legal_commands(state, 2) if isinstance(c, CastMystic)]
    assert {(c.target_combatant, c.target_card) for c in rebounds} == {("archer", cid(1, HELMET_B)),
                                                                       ("archer", cid(1, BOW))}
    state, _ = run(state, CastMystic(seat=2, card=cid(2, REBOUND), target_seat=1, target_combatant="archer",
                                     target_card=cid(1, BOW)))
    state, events = run(state, Pass(seat=1))
    assert types_of(events) == ["Passed", "MysticRebounded"]
    assert state.stack[-1].target_seat == 1 and state.stack[-1].rebounded
    assert not [c for c in GAME.legal_commands(state, 1) if isinstance(c, CastMystic) and c.card == cid(1, REBOUND)]
    state, events = run(state, Pass(seat=1))
    assert ArmamentRemoved(seat=1, combatant="archer", card=cid(1, BOW), destination="used",
                           reason="WOUNDING") in events
    assert cid(2, SHIELD) in player(state, 2).combatants[0].armaments


def test_glossary_turn_opponent_is_the_next_seat_clockwise_and_only_he_attacks() -> None:
    """armory glossary TURN OPPONENT and R5: with 3 players, the next seat clockwise attacks; the third waits."""
    state = build(seats=3, hands={1: [INTERRUPT, WOUNDING], 2: [DUPLICITY, WOUNDING], 3: [SHIELD, SPEAR]},
                  turn_player=3)
    state, _ = run(state, PlaceArmament(seat=3, card=cid(3, SHIELD), combatant="warrior-1"))
    state, _ = run(state, OpenForAttack(seat=3))
    assert GAME.status(state).to_act == (1,) and GAME.view(state, 0).turn_opponent == 1
    assert GAME.legal_commands(state, 2) == []
    assert refused(state, CastMystic(seat=2, card=cid(2, DUPLICITY), target_seat=3)).rule == "armory R5"
    state, _ = run(state, CastMystic(seat=1, card=cid(1, INTERRUPT), target_seat=3))
    state, events = run(state, Pass(seat=3))
    assert "TurnLost" in types_of(events) and events[-1] == TurnStarted(seat=1, turn=6)


def test_glossary_turn_cards_a_removal_takes_every_removable_armament() -> None:
    state = build(hands={1: [REMOVAL], 2: [HELMET]}, armed={2: {"warrior-1": [SHIELD_INV, SPEAR, SWORD]}})
    state, _ = run(state, CastMystic(seat=1, card=cid(1, REMOVAL), target_seat=2, target_combatant="warrior-1"))
    assert state.actions == 1 and state.stack[-1].turn_card
    state, events = run(state, Pass(seat=2))
    assert sorted(e.card for e in of(events, ArmamentRemoved)) == [cid(2, SPEAR), cid(2, SWORD)]
    assert player(state, 2).combatants[0].armaments == (cid(2, SHIELD_INV),)


def test_glossary_armament_kits_make_a_combatant_fully_armed() -> None:
    state = build(hands={1: [GUARDIAN]}, armed={1: {"archer": ARCHER_KIT}})
    state, _ = run(state, PlaceGuardian(seat=1, card=cid(1, GUARDIAN), combatant="archer"))
    assert player(state, 1).combatants[2].guardian == cid(1, GUARDIAN)


def test_phase_names_are_stable() -> None:
    assert TURN_CARDS == "turn_cards"
