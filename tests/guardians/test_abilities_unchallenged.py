"""Creatures that leave or sit out a match-up, and those left unchallenged (issue 30). One
test per ability kind, each with a card that has it (guardians Text Box; COMBAT RESOLUTION
for what counts; SECONDARY ATTACKS for what may be attacked; BRIBERY's example for a
creature left unchallenged)."""

from __future__ import annotations

from domain.games.guardians.messages import (
    CombatResolved,
    CreatureStatus,
    EffectApplied,
    MatchupResolved,
    Pass,
    PlayCard,
    PlayCreature,
)
from domain.games.guardians.state import PEN, combat_now, hand, survivors
from tests.guardians.support import KIT, Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands, statuses
from tests.guardians.test_texts import both_pass, lay, refuses


def test_stinking_spirit_sets_aside_the_weak_creatures_of_both_sides() -> None:
    """sits-out, when command (Stinking Spirit: base Vitality below 5): set aside, they are
    laid no more and do not count for control, but secondary attackers may attack them."""
    table = Table(
        face_off(["Stinking Spirit", "Swordsman", "Wild Nymph"], ["Devil Dog", "Gn'Omish Gnomes", "Ice Spirit"])
    )
    spirit = card_of(1, "Stinking Spirit")
    commands(table, attacker=spirit)
    nymph, gnomes = card_of(1, "Wild Nymph"), card_of(2, "Gn'Omish Gnomes")
    assert statuses(table) == {nymph: "out", gnomes: "out"}
    assert all(e.by == spirit for e in table.of(CreatureStatus))
    combat = combat_now(table.state)
    assert nymph not in hand(table.state, combat.attacker) and gnomes not in hand(table.state, combat.defender)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Devil Dog"))
    both_pass(table)
    # Seat 1's hand is empty; seat 2 still holds the Ice Spirit, and may attack the Nymph set aside.
    assert combat_now(table.state).stage == "secondary"
    table.play(PlayCreature(seat=2, card=card_of(2, "Ice Spirit"), target=nymph))
    combat = combat_now(table.state)
    assert nymph not in survivors(table.state, combat.attacker)
    assert gnomes not in survivors(table.state, combat.defender)


def test_arms_of_the_earth_sets_aside_itself_and_a_random_enemy_creature() -> None:
    """sits-out, target random, when command (Arms of the Earth): one creature drawn from
    the enemy's Combat Hand by the game's generator, named in the events, and the card."""
    table = Table(face_off(["Arms of the Earth", "Swordsman"], ["Devil Dog", "Ice Spirit", "Wraith"]))
    arms = card_of(1, "Arms of the Earth")
    commands(table, attacker=arms)
    (drawn,) = [e for e in table.of(EffectApplied) if e.effect == "sits-out"]
    assert drawn.source == arms and len(drawn.cards) == 1
    assert drawn.cards[0] in (card_of(2, "Devil Dog"), card_of(2, "Ice Spirit"), card_of(2, "Wraith"))
    assert statuses(table) == {drawn.cards[0]: "out", arms: "out"}
    combat = combat_now(table.state)
    assert drawn.cards[0] not in hand(table.state, combat.defender)
    assert arms not in survivors(table.state, combat.attacker)


def test_fan_bearer_sends_a_flying_opponent_back_and_is_left_unchallenged() -> None:
    """returns-opponent (Fan Bearer, flying): after bribery, the flier goes back to its
    Creature Pen, no match-up is fought, and the Fan Bearer is left unchallenged: it counts
    for control and secondary attackers may attack it (guardians BRIBERY, Possibility 1;
    COMBAT RESOLUTION; SECONDARY ATTACKS)."""
    table = Table(face_off(["Fan Bearer", "Wild Nymph"], ["Doomwing", "Ice Spirit", "Gn'Omish Gnomes"]))
    commands(table)
    bearer, doomwing = card_of(1, "Fan Bearer"), card_of(2, "Doomwing")
    lay(table, bearer, doomwing)
    assert statuses(table) == {doomwing: "out"}
    assert doomwing in table.state.zone(2, PEN)
    (left,) = [e for e in table.of(EffectApplied) if e.effect == "unchallenged"]
    assert (left.source, left.cards) == (bearer, (bearer,))
    assert not table.of(MatchupResolved) and combat_now(table.state).stage == "choose"
    lay(table, card_of(1, "Wild Nymph"), card_of(2, "Ice Spirit"))
    both_pass(table)
    assert combat_now(table.state).stage == "secondary"
    gnomes = card_of(2, "Gn'Omish Gnomes")
    KIT.refused(table.state, PlayCreature(seat=2, card=gnomes, target=doomwing))  # its own, and gone
    table.play(PlayCreature(seat=2, card=gnomes, target=bearer))
    assert combat_now(table.state).d_card == bearer


def test_fan_bearer_counts_for_control_when_left_unchallenged() -> None:
    """returns-opponent: the creature left unchallenged counts its Vitality for control of
    the space; the one sent back counts for nothing (guardians COMBAT RESOLUTION)."""
    table = Table(face_off(["Fan Bearer"], ["Doomwing"]))
    commands(table)
    lay(table, card_of(1, "Fan Bearer"), card_of(2, "Doomwing"))
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (4, 0, 1)


def test_bruno_sends_back_the_same_class_opponent_of_another_attacker_while_in_play() -> None:
    """returns-opponent, target same-class, limit in-play (Bruno Smashmouth): while Bruno
    stands on its table, the enemy creature facing one of its side's primary attackers of a
    class they share goes back to its Creature Pen."""
    table = Table(face_off(["Bruno Smashmouth, Union Boss", "Archer"], ["Ugly Wart Fiend", "Swordsman"]))
    commands(table)
    lay(table, card_of(1, "Bruno Smashmouth, Union Boss"), card_of(2, "Ugly Wart Fiend"))
    assert both_pass(table).outcome == "attacker"
    archer, swordsman = card_of(1, "Archer"), card_of(2, "Swordsman")
    lay(table, archer, swordsman)
    assert swordsman in table.state.zone(2, PEN)
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "unchallenged"] == [(archer,)]
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total) == (5 + 6, 0)


def test_major_party_animal_sets_aside_the_beer_bribables_of_both_sides() -> None:
    """sits-out, target bribe:beer (Major Party Animal, a unique text before): the events are
    those of its old code, cited to guardians Text Box; the card itself is not set aside."""
    table = Table(face_off(["Major Party Animal", "Swordsman"], ["Devil Dog", "Wraith"]))
    party = card_of(1, "Major Party Animal")
    commands(table, attacker=party)
    (out,) = table.of(CreatureStatus)
    assert (out.card, out.status, out.by, out.rule) == (card_of(2, "Devil Dog"), "out", party, "guardians Text Box")


def _to_the_spell_window(table: Table, attacker: str, defender: str) -> None:
    """Both lay a creature and neither bribes: the match-up's first Spell window opens,
    seat 1 to act (guardians SPELLS)."""
    table.play(PlayCreature(seat=1, card=attacker))
    table.play(PlayCreature(seat=2, card=defender))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    assert combat_now(table.state).stage == "spells"


def test_you_cant_see_me_leaves_both_creatures_of_an_undead_match_up_unchallenged() -> None:
    """unchallenged, target undead, play when match-up (You Can't See Me, I'm a Vampire):
    refused on a match-up without an Undead; on one with, no fight, both stay and count."""
    table = Table(face_off(["Wraith", "Swordsman"], ["Devil Dog", "Ice Spirit"],
                           attacker_storage=["You Can't See Me, I'm a Vampire"]))
    commands(table)
    spell = card_of(1, "You Can't See Me, I'm a Vampire")
    _to_the_spell_window(table, card_of(1, "Swordsman"), card_of(2, "Devil Dog"))
    refuses(table, PlayCard(seat=1, card=spell), "Undead")
    both_pass(table)
    wraith, spirit = card_of(1, "Wraith"), card_of(2, "Ice Spirit")
    _to_the_spell_window(table, wraith, spirit)
    table.cast(PlayCard(seat=1, card=spell))
    (left,) = [e for e in table.of(EffectApplied) if e.effect == "unchallenged"]
    assert (left.source, left.cards) == (spell, (wraith, spirit))
    (fought,) = table.of(MatchupResolved)  # the first match-up only
    assert fought.outcome == "attacker"
    (resolved,) = table.of(CombatResolved)
    assert wraith in survivors(table.state, combat_now(table.state).attacker)
    assert spirit in survivors(table.state, combat_now(table.state).defender)
    assert (resolved.attacker_total, resolved.defender_total) == (8 + 6, 5)  # the Devil Dog was beaten


def test_shroud_sends_back_a_non_bribable_enemy_creature() -> None:
    """returns-opponent, target !bribable, on a Hand Item played in a match-up (Shroud of
    Grahzue): refused against a bribable creature; else the enemy's creature goes back to
    its Creature Pen and the caster's is left unchallenged."""
    table = Table(face_off(["Swordsman", "Archer"], ["Devil Dog", "Ice Spirit"],
                           attacker_storage=["Shroud of Grahzue"]))
    commands(table)
    shroud = card_of(1, "Shroud of Grahzue")
    _to_the_spell_window(table, card_of(1, "Swordsman"), card_of(2, "Devil Dog"))
    refuses(table, PlayCard(seat=1, card=shroud), "does not match")
    both_pass(table)
    archer, spirit = card_of(1, "Archer"), card_of(2, "Ice Spirit")
    _to_the_spell_window(table, archer, spirit)
    table.cast(PlayCard(seat=1, card=shroud))
    assert spirit in table.state.zone(2, PEN)
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "unchallenged"] == [(archer,)]
    assert len(table.of(MatchupResolved)) == 1
