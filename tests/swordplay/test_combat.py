"""Attacks, defences, shields, damage, armour, defeat and winning; the Monster
(swordplay Combat, Damage, Winning, Monster)."""

from __future__ import annotations

import dataclasses

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import (
    Attack,
    AttackCountered,
    AttackMade,
    AttackMonster,
    BlockWithShield,
    DamageDealt,
    Defend,
    DieRolled,
    EndTurn,
    GameWon,
    HeroDefeated,
    ItemDropped,
    MonsterDefeated,
    SkipDiscard,
    TakeHit,
    TurnEnded,
    TurnStarted,
)
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, State
from tests.kit import Ran, of

from .helpers import Kit, arranged, card, refused, run, zones

HIGH, LOW, LEFT = card("Attack - High"), card("Attack - Low"), card("Attack - Left")
HIGH_2 = card("Attack - High +2")


def attacked(defender: Kit, attacker: Kit | None = None, attack: str = HIGH, seats: int = 2,
             **options: bool | int | str) -> Ran[State]:
    kits = {1: attacker or Kit(hand=(attack,)), 2: defender}
    state = arranged(kits, seats=seats, phase=COMBAT, options=options)
    return run(state, Attack(seat=1, card=attack, target_seat=2))


# ---------------------------------------------------------------- swordplay Combat


def test_an_attack_takes_the_cards_direction_and_waits_for_the_target() -> None:
    state, events = attacked(Kit())
    assert events == [AttackMade(attacker=1, card=HIGH, target_seat=2, direction=cards.HIGH, bonus=0)]
    assert events[0].rule == "swordplay Combat"
    assert state.phase == DEFEND and GAME.status(state).to_act == (2,)
    assert sorted(zones(state)) == sorted(cards.ALL_CARDS)


def test_attack_needs_an_attack_card_and_a_living_other_hero() -> None:
    state = arranged({1: Kit(hand=(HIGH, card("Duck"))), 3: Kit(alive=False, life=0)}, seats=3, phase=COMBAT)
    assert refused(state, Attack(seat=1, card=card("Duck"), target_seat=2)).rule == "swordplay Combat"
    assert refused(state, Attack(seat=1, card=HIGH, target_seat=1)).rule == "swordplay Combat"
    assert refused(state, Attack(seat=1, card=HIGH, target_seat=3)).rule == "swordplay Combat"
    assert refused(state, Attack(seat=1, card=HIGH, target_seat=9)).rule == "swordplay Combat"
    assert refused(state, Attack(seat=1, card=LOW, target_seat=2)).rule == "swordplay Combat"
    discard_phase = arranged({1: Kit(hand=(HIGH,))}, phase=DISCARD)
    assert refused(discard_phase, Attack(seat=1, card=HIGH, target_seat=2)).rule == "swordplay Combat"


def test_attack_targets_left_allows_only_the_next_hero_clockwise() -> None:
    state = arranged({1: Kit(hand=(HIGH,))}, seats=4, phase=COMBAT, attack_targets="left")
    broken = refused(state, Attack(seat=1, card=HIGH, target_seat=3))
    assert broken.rule == "swordplay Combat" and "seat 2" in broken.message
    assert [c.target_seat for c in GAME.legal_commands(state, 1) if isinstance(c, Attack)] == [2]
    anyone = arranged({1: Kit(hand=(HIGH,))}, seats=4, phase=COMBAT)
    assert [c.target_seat for c in GAME.legal_commands(anyone, 1) if isinstance(c, Attack)] == [2, 3, 4]


def test_a_fitting_defence_counters_the_attack_and_ends_the_turn() -> None:
    state, _ = attacked(Kit(hand=(card("Duck"), card("Jump"))))
    after, events = run(state, Defend(seat=2, card=card("Duck")))
    assert events[0] == AttackCountered(seat=2, attacker=1, card=card("Duck"), by=cards.DEFENCE, attack_card=HIGH)
    assert events[0].rule == "swordplay Combat"
    assert not of(events, DamageDealt)
    assert after.discard == (HIGH, card("Duck")) and after.hero(2).life == 10
    assert events[1] == TurnEnded(seat=1, turn=1, reason="attacked") and events[2] == TurnStarted(seat=2, turn=2)


def test_defences_counter_only_their_directions_and_dodge_counters_all() -> None:
    state, _ = attacked(Kit(hand=(card("Duck"), card("Dodge"), card("Parry - Low"))), attack=LOW)
    assert refused(state, Defend(seat=2, card=card("Duck"))).rule == "swordplay Combat"
    legal = GAME.legal_commands(state, 2)
    assert legal == [Defend(seat=2, card=card("Dodge")), Defend(seat=2, card=card("Parry - Low")), TakeHit(seat=2)]


def test_a_ready_shield_blocks_its_directions_and_stays_ready() -> None:
    buckler = card("Buckler")
    state, _ = attacked(Kit(items=(buckler,)))
    after, events = run(state, BlockWithShield(seat=2, card=buckler))
    assert events[0] == AttackCountered(seat=2, attacker=1, card=buckler, by=cards.SHIELD, attack_card=HIGH)
    assert after.hero(2).items == (buckler,) and after.discard == (HIGH,)
    low, _ = attacked(Kit(items=(buckler,)), attack=LOW)
    assert refused(low, BlockWithShield(seat=2, card=buckler)).rule == "swordplay Combat"
    assert GAME.legal_commands(low, 2) == [TakeHit(seat=2)]


def test_only_the_target_answers_an_attack() -> None:
    state, _ = attacked(Kit(hand=(card("Duck"),)), seats=3)
    assert refused(state, TakeHit(seat=3)).rule == "swordplay Combat"
    assert refused(state, EndTurn(seat=1)).rule == "swordplay Combat"
    assert GAME.legal_commands(state, 1) == [] and GAME.legal_commands(state, 3) == []


# ---------------------------------------------------------------- swordplay Damage


def test_damage_is_base_plus_every_ready_weapon_plus_the_bonus() -> None:
    attacker = Kit(hand=(HIGH_2,), items=(card("Dagger"), card("Sword")))
    state, _ = attacked(Kit(), attacker=attacker, attack=HIGH_2)
    after, events = run(state, TakeHit(seat=2))
    hit = of(events, DamageDealt)[0]
    assert hit == DamageDealt(seat=2, attacker=1, attack_card=HIGH_2, damage=1 + 1 + 2 + 2, absorbed=0,
                              life_lost=6, life=4, armor_points=0)
    assert hit.rule == "swordplay Damage" and after.hero(2).life == 4


def test_armour_absorbs_first_and_is_discarded_when_used_up() -> None:
    chain = card("Chain Mail")
    attacker = Kit(hand=(HIGH_2,), items=(card("Battle Axe"),))
    state, _ = attacked(Kit(armor=chain), attacker=attacker, attack=HIGH_2)
    after, events = run(state, TakeHit(seat=2))
    assert of(events, DamageDealt)[0].absorbed == 3
    assert of(events, ItemDropped) == [ItemDropped(seat=2, card=chain, reason="armour used up")]
    assert after.hero(2).life == 10 - 3 and after.hero(2).armor == "" and chain in after.discard


def test_absorb_keeps_worn_armour_and_shatter_discards_it_after_one_hit() -> None:
    plate = card("Plate Armor")
    state, _ = attacked(Kit(armor=plate))
    after, _ = run(state, TakeHit(seat=2))
    assert after.hero(2).armor == plate and after.hero(2).armor_points == 4 and after.hero(2).life == 10
    state, _ = attacked(Kit(armor=plate), armour_destruction="shatter")
    after, events = run(state, TakeHit(seat=2))
    assert of(events, ItemDropped) == [ItemDropped(seat=2, card=plate, reason="armour shattered")]
    assert after.hero(2).armor == "" and after.hero(2).life == 10


def test_a_hero_at_zero_life_is_defeated_and_the_last_hero_standing_wins() -> None:
    state, _ = attacked(Kit(life=1, hand=(card("Jump"),), items=(card("Sword"),)))
    after, events = run(state, TakeHit(seat=2))
    defeated = of(events, HeroDefeated)[0]
    assert defeated == HeroDefeated(seat=2, by_seat=1, cards=(card("Jump"), card("Sword")))
    assert defeated.rule == "swordplay Damage"
    assert events[-1] == GameWon(seat=1, reason="the last hero standing") and events[-1].rule == "swordplay Winning"
    status = GAME.status(after)
    assert status.finished and status.winners == (1,)
    assert refused(after, SkipDiscard(seat=1)).rule == "swordplay Winning"
    assert sorted(zones(after)) == sorted(cards.ALL_CARDS)


def test_with_three_heroes_a_defeat_does_not_end_the_game() -> None:
    state, _ = attacked(Kit(life=1), seats=3)
    after, events = run(state, TakeHit(seat=2))
    assert not of(events, GameWon) and events[-1] == TurnStarted(seat=3, turn=2)
    assert not after.hero(2).alive and GAME.legal_commands(after, 2) == []


def test_damage_is_announced_before_the_answer_only_with_defence_after_damage() -> None:
    _, events = attacked(Kit(), attack=HIGH_2, defence_after_damage=True)
    assert events[0].damage == 3 and events[0].announced  # type: ignore[attr-defined]
    _, events = attacked(Kit(), attack=HIGH_2)
    assert events[0].damage == 0 and not events[0].announced  # type: ignore[attr-defined]


# ---------------------------------------------------------------- swordplay Monster


def test_the_monster_attacks_at_the_end_of_each_round() -> None:
    state = arranged({}, phase=COMBAT, active=2, monster=True)
    after, events = run(state, EndTurn(seat=2))
    rolls = of(events, DieRolled)
    assert [r.purpose for r in rolls][-2:] == ["monster target", "monster direction"]
    made = of(events, AttackMade)[0]
    assert made.attacker == 0 and made.card == "" and made.rule == "swordplay Monster"
    assert after.phase == DEFEND and GAME.status(after).to_act == (made.target_seat,)
    target = made.target_seat
    hit, hit_events = run(after, TakeHit(seat=target))
    damage_roll = of(hit_events, DieRolled)
    assert [r.purpose for r in damage_roll] == ["monster damage"]
    expected = cards.MONSTER.damage_by_roll[damage_roll[0].value - 1]
    assert hit.hero(target).life == 10 - expected
    assert hit_events[-1] == TurnStarted(seat=1, turn=2)


def test_with_more_heroes_than_die_faces_the_monster_reads_two_rolls_as_a_d100() -> None:
    """swordplay Monster (house rule `monster`): every one of 11 heroes is equally likely."""
    for seed in ("a", "b", "c"):
        _, events = run(arranged({}, seats=11, phase=COMBAT, active=11, monster=True), EndTurn(seat=11), seed)
        rolls = [r.value for r in of(events, DieRolled) if r.purpose == "monster target"]
        assert len(rolls) % 2 == 0 and set(rolls[:-2]) <= {10}  # only a 10 then a 10 (99) is rolled again
        value = (rolls[-2] - 1) * 10 + rolls[-1] - 1
        assert value < 99 and of(events, AttackMade)[0].target_seat == value % 11 + 1


def test_the_monster_does_not_act_mid_round_or_when_absent() -> None:
    _, events = run(arranged({}, phase=COMBAT, active=1, monster=True), EndTurn(seat=1))
    assert not of(events, AttackMade)
    _, events = run(arranged({}, phase=COMBAT, active=2), EndTurn(seat=2))
    assert not of(events, AttackMade)


def test_heroes_may_attack_and_defeat_the_monster() -> None:
    state = arranged({1: Kit(hand=(HIGH_2,), items=(card("Battle Axe"),))}, phase=COMBAT, monster=True)
    state = dataclasses.replace(state, monster_life=5)
    after, events = run(state, AttackMonster(seat=1, card=HIGH_2))
    assert of(events, DamageDealt)[0].life == 5 - 6
    assert of(events, MonsterDefeated) == [MonsterDefeated(by_seat=1)]
    assert not after.monster_alive() and after.discard == (HIGH_2,)
    assert refused(arranged({1: Kit(hand=(HIGH,))}, phase=COMBAT), AttackMonster(seat=1, card=HIGH)).rule \
        == "swordplay Monster"
