"""The remaining Spells, Items, upgrades and downgrades (issue 30, wave 5): one test per
ability kind, each with a card that has it (guardians Text Box; Place Creatures and
Shields for the limits; MOVEMENT PHASE for flying; SPELLS for the match-up's windows;
COMBAT for the Command Card)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.messages import (
    CreatureStatus,
    MatchupResolved,
    Place,
    PlayCard,
    Term,
)
from domain.games.guardians.movement import flies
from domain.games.guardians.room import carrying, stacking
from domain.games.guardians.state import MOVEMENT, ORGANIZE, Shield, combat_now, members
from domain.games.guardians.strength import terms
from domain.kernel import RuleViolation
from tests.guardians.support import Table, card_of, face_off, instances, table
from tests.guardians.test_abilities_flow import commands, statuses
from tests.guardians.test_abilities_unchallenged import _to_the_spell_window
from tests.guardians.test_texts import both_pass, lay, refuses

SHIELD = "1.re-shield-ploogs-ox-10#1"


def test_petrified_heart_counts_one_creature_by_its_base_vitality() -> None:
    """stacking-relief, target red-number (Petrified Heart; guardians Shields): a Dust
    Geyser (Vitality 1, red number 7) in the Heart's stack counts 1, not 7; a second red
    number creature still counts its red number (one creature a Heart)."""
    geyser, heart, necromancer = instances(1, ["Dust Geyser", "Petrified Heart", "Necromancer"])
    assert stacking((geyser,)) == 7
    assert stacking((geyser, heart)) == 1
    # The Heart relieves the creature it saves most on: the Geyser (6), not the Necromancer (3).
    assert stacking((geyser, necromancer, heart)) == 1 + 8
    assert carrying(SHIELD, (geyser, heart)) == carrying(SHIELD, (geyser,)) + 6


def test_vestibule_of_kabod_lets_a_small_demon_count_nothing_once_a_space() -> None:
    """stacking-relief with a creature target, and play-limit on a creature Magic Item
    (Vestibule of Kabod; guardians Place Creatures): a small Demon of its stack counts
    nothing toward the space's 30 points, other creatures count in full, and a second
    Vestibule may not join the space."""
    squawker, swordsman, vestibule = instances(1, ["Kazarian Squawker", "Swordsman", "Vestibule of Kabod"])
    assert stacking((squawker, swordsman, vestibule)) == stacking((swordsman,))
    assert stacking((swordsman, vestibule)) == stacking((swordsman,))
    imp, other_imp, first, second = instances(
        1, ["Kazarian Squawker", "Kazarian Squawker", "Vestibule of Kabod", "Vestibule of Kabod"]
    )
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (imp, other_imp, first, second)}))
    t.play(Place(seat=1, card=imp, to="on:b1"))
    t.play(Place(seat=1, card=other_imp, to="on:b1"))
    t.play(Place(seat=1, card=first, to="on:b1"))
    with pytest.raises(RuleViolation, match=r"\(Vestibule of Kabod\): one vestibule of kabod per space per player"):
        t.play(Place(seat=1, card=second, to="on:b1"))
    assert Place(seat=1, card=second, to="on:b1") not in GAME.legal_commands(t.state, 1)


def test_the_black_eye_lets_the_pirates_of_its_shield_fly() -> None:
    """grants-flying, target pirate (The Black Eye; guardians MOVEMENT PHASE, flying: a
    Shield flies only if all it carries fly): a Shield of Pirates and the Eye flies; one
    carrying a creature that is no Pirate and cannot fly does not."""
    jibber, gunner, eye, swordsman = instances(1, ["Jibber", "Gunner", "The Black Eye", "Swordsman"])
    shield = Shield(card=SHIELD, seat=1, space="b2")

    def flying(carried: tuple[str, ...]) -> bool:
        return flies(table(phase=MOVEMENT, zones={f"1:{members(SHIELD)}": carried}, shields=(shield,)), shield)

    assert not flying((jibber, gunner))
    assert flying((jibber, gunner, eye))
    assert not flying((jibber, swordsman, eye))


def test_pulse_wave_as_the_command_card_lifts_your_channeling_receivers() -> None:
    """bonus-yours, target receivers, from a live Command Card Spell (Pulse Wave; guardians
    COMBAT, the Command Card): your creatures that may receive channeling get +2 in their
    match-ups; a creature that may not, and the enemy's, get nothing."""
    table_ = Table(face_off(["Cleric", "Swordsman"], ["Cleric", "Swordsman"], attacker_storage=["Pulse Wave"]))
    wave = card_of(1, "Pulse Wave")
    commands(table_, attacker=wave)
    mine, theirs = card_of(1, "Cleric"), card_of(2, "Cleric")
    lay(table_, mine, theirs)
    combat = combat_now(table_.state)
    assert Term("Pulse Wave", 2) in terms(table_.state, combat, mine, theirs, secondary=False)
    assert all(t.source != "Pulse Wave" for t in terms(table_.state, combat, theirs, mine, secondary=False))
    assert both_pass(table_).outcome == "attacker"
    swordsman, enemy = card_of(1, "Swordsman"), card_of(2, "Swordsman")
    lay(table_, swordsman, enemy)
    combat = combat_now(table_.state)
    assert all(t.source != "Pulse Wave" for t in terms(table_.state, combat, swordsman, enemy, secondary=False))


def test_etherwave_magna_lock_destroys_both_creatures_of_a_match_up_with_a_flier() -> None:
    """destroys-both, target flying, play when match-up (Etherwave Magna Lock; guardians
    SPELLS): refused when the enemy's creature does not fly; against a flier, the
    caster's creature and the flier are destroyed and the next match-up begins."""
    table_ = Table(
        face_off(
            ["Swordsman", "Archer"], ["Swordsman", "Gorgal Skag"], attacker_storage=["Etherwave Magna Lock"]
        )
    )
    commands(table_)
    lock = card_of(1, "Etherwave Magna Lock")
    _to_the_spell_window(table_, card_of(1, "Swordsman"), card_of(2, "Swordsman"))
    refuses(table_, PlayCard(seat=1, card=lock), "does not match")
    both_pass(table_)
    archer, skag = card_of(1, "Archer"), card_of(2, "Gorgal Skag")
    _to_the_spell_window(table_, archer, skag)
    table_.cast(PlayCard(seat=1, card=lock))
    assert {archer: "destroyed", skag: "destroyed"}.items() <= statuses(table_).items()
    assert all(e.by == lock for e in table_.of(CreatureStatus) if e.card in (archer, skag))
    assert len(table_.of(MatchupResolved)) == 1  # only the Swordsmen fought



def test_rock_of_far_rolling_destroys_the_enemys_command_creature_for_a_giant() -> None:
    """destroys-enemy-command, target giant, play when match-up (Rock of Far Rolling;
    guardians SPELLS, COMBAT: the Command Card): refused unless the caster's match-up
    creature is a Giant; then the enemy's Command Card creature is destroyed."""
    table_ = Table(
        face_off(
            ["Swordsman", "Giant Babe"],
            ["Grotto Troll", "Swordsman", "Archer"],
            attacker_storage=["Rock of Far Rolling"],
        )
    )
    troll, rock = card_of(2, "Grotto Troll"), card_of(1, "Rock of Far Rolling")
    commands(table_, defender=troll)
    _to_the_spell_window(table_, card_of(1, "Swordsman"), card_of(2, "Swordsman"))
    refuses(table_, PlayCard(seat=1, card=rock), "not one of the Giant")
    both_pass(table_)
    _to_the_spell_window(table_, card_of(1, "Giant Babe"), card_of(2, "Archer"))
    table_.cast(PlayCard(seat=1, card=rock))
    assert statuses(table_).get(troll) == "destroyed"
    assert next(e for e in table_.of(CreatureStatus) if e.card == troll).by == rock
