"""The rulebook's worked examples, and the default game being the rulebook's own
(swordplay Combat: Making An Attack and Defending; RULES.md's two lists)."""

from __future__ import annotations

import re

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
from tests.kit import of
from tests.rules_md import FROM_RULEBOOK, rules_md_sections

from .helpers import Kit, arranged, card, run

ATTACK_HIGH = card("Attack - High")
SHIELDS = sorted({c.name for c in cards.CARDS if c.kind == cards.SHIELD})


def test_making_an_attack_example_an_attack_high_card_makes_a_high_attack_at_the_target() -> None:
    """swordplay Combat, Making An Attack: the example plays Attack - High and makes a High attack."""
    state = arranged({1: Kit(hand=(ATTACK_HIGH,))}, seats=3, phase=COMBAT)
    _, events = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=3))
    made = of(events, AttackMade)
    assert made == [AttackMade(attacker=1, card=ATTACK_HIGH, target_seat=3, direction=cards.HIGH, bonus=0)]


@pytest.mark.parametrize("defence", ["Duck", "Parry - High", "Dodge"])
def test_defending_example_a_duck_a_parry_high_or_a_dodge_counters_a_high_attack(defence: str) -> None:
    """swordplay Combat, Defending: the example's defence cards counter a High attack, which then
    scores no damage."""
    state = arranged({1: Kit(hand=(ATTACK_HIGH,)), 2: Kit(hand=(card(defence),))}, phase=COMBAT)
    attacked, _ = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=2))
    assert Defend(seat=2, card=card(defence)) in GAME.legal_commands(attacked, 2)
    after, events = run(attacked, Defend(seat=2, card=card(defence)))
    assert of(events, AttackCountered) and not of(events, DamageDealt)
    assert after.hero(2).life == 10


@pytest.mark.parametrize("shield", SHIELDS)
def test_defending_example_every_ready_shield_counters_a_high_attack(shield: str) -> None:
    """swordplay Combat, Defending: the example says a ready Shield counters a High attack; the
    Round Shield's data used to refuse it."""
    assert cards.HIGH in cards.card_def(card(shield)).blocks
    state = arranged({1: Kit(hand=(ATTACK_HIGH,)), 2: Kit(items=(card(shield),))}, phase=COMBAT)
    attacked, _ = run(state, Attack(seat=1, card=ATTACK_HIGH, target_seat=2))
    assert GAME.legal_commands(attacked, 2) == [BlockWithShield(seat=2, card=card(shield)), TakeHit(seat=2)]
    after, events = run(attacked, BlockWithShield(seat=2, card=card(shield)))
    assert of(events, AttackCountered) and not of(events, DamageDealt)
    assert after.hero(2).life == 10 and after.hero(2).items == (card(shield),)


# ---------------------------------------------------------------- the default game is the rulebook's own

RULEBOOK_DEFAULTS: dict[str, bool | int | str] = {
    "opening_deal": False,  # swordplay Setup: the rulebook deals no opening hand
    "first_player_roll": False,  # swordplay Setup: no roll for the first player
    "drop_without_readying": False,  # swordplay Ready, Dropping Items: only to make room
    "armour_destruction": "absorb",  # swordplay Damage: armour takes damage before life
    "defence_after_damage": False,  # swordplay Combat: the target answers, then damage
    "attack_targets": "any",  # swordplay Combat, Making An Attack: the attacker names the target
    "monster": False,  # not in the rulebook
    "turn_limit": 0,  # swordplay Options: no limit, as the rulebook has none
}


def test_every_option_is_a_house_rule_whose_default_is_the_rulebooks_game() -> None:
    """Not in the rulebook (RULES.md): the rulebook offers no option, so every option is a house
    rule with an empty `rulebook`, and its default is the rulebook's game."""
    options = {o.name: o for o in GAME.ruleset.options}
    assert {name: o.default for name, o in options.items()} == RULEBOOK_DEFAULTS
    assert all(o.house_rule and o.rulebook == "" for o in options.values())
    assert all(o.labelled.startswith("house rule, not in the rulebook: ") for o in options.values())


def test_rules_md_names_no_section_the_rulebook_lacks() -> None:
    """The rulebook has no Setup, Monster or Options section: RULES.md's list of its rules
    cites none (tests/test_rules_md.py checks where each option is listed)."""
    for section in re.findall(r"`swordplay (\w+)`", rules_md_sections("swordplay")[FROM_RULEBOOK]):
        assert section not in ("Setup", "Monster", "Options"), "not rulebook sections"
