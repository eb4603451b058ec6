"""The rulebook's worked examples (swordplay Combat: Making An Attack and Defending)."""

from __future__ import annotations

import pytest

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import (
    Attack,
    AttackCountered,
    AttackMade,
    BlockWithShield,
    DamageDealt,
    Defend,
    TakeHit,
)
from domain.games.swordplay.state import COMBAT

from .helpers import Kit, arranged, card, of_type, run

ATTACK_HIGH = card("Attack - High")
SHIELDS = sorted({c.name for c in cards.CARDS if c.kind == cards.SHIELD})


def test_making_an_attack_example_an_attack_high_card_makes_a_high_attack_at_the_target() -> None:
    """swordplay Combat, Making An Attack: the example plays Attack - High and makes a High attack."""
    state = arranged({1: Kit(hand=(ATTACK_HIGH,))}, seats=3, phase=COMBAT)
    events, _ = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=3))
    made = of_type(events, AttackMade)
    assert made == [AttackMade(attacker=1, card=ATTACK_HIGH, target_seat=3, direction=cards.HIGH, bonus=0)]


@pytest.mark.parametrize("defence", ["Duck", "Parry - High", "Dodge"])
def test_defending_example_a_duck_a_parry_high_or_a_dodge_counters_a_high_attack(defence: str) -> None:
    """swordplay Combat, Defending: the example's defence cards counter a High attack, which then
    scores no damage."""
    state = arranged({1: Kit(hand=(ATTACK_HIGH,)), 2: Kit(hand=(card(defence),))}, phase=COMBAT)
    _, attacked = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=2))
    assert Defend(seat=2, card=card(defence)) in GAME.legal_commands(attacked, 2)
    events, after = run(attacked, Defend(seat=2, card=card(defence)))
    assert of_type(events, AttackCountered) and not of_type(events, DamageDealt)
    assert after.hero(2).life == 10


@pytest.mark.parametrize("shield", SHIELDS)
def test_defending_example_every_ready_shield_counters_a_high_attack(shield: str) -> None:
    """swordplay Combat, Defending: the example says a ready Shield counters a High attack; the
    Round Shield's data used to refuse it."""
    assert cards.HIGH in cards.card_def(card(shield)).blocks
    state = arranged({1: Kit(hand=(ATTACK_HIGH,)), 2: Kit(items=(card(shield),))}, phase=COMBAT)
    _, attacked = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=2))
    assert GAME.legal_commands(attacked, 2) == [BlockWithShield(seat=2, card=card(shield)), TakeHit(seat=2)]
    events, after = run(attacked, BlockWithShield(seat=2, card=card(shield)))
    assert of_type(events, AttackCountered) and not of_type(events, DamageDealt)
    assert after.hero(2).life == 10 and after.hero(2).items == (card(shield),)
