"""Command Cards and creature Magic Items (issue 30): Spells and Items played as the
Command Card (`play`, when "command"), and what a Command Card does to its own side or
to the enemy's Command Card. One test per ability kind, each with a card that has it
(guardians Text Box; guardians COMBAT: the Command Card step, AOE attacks)."""

from __future__ import annotations

from domain.games.guardians.cards import card
from domain.games.guardians.combat import command_candidates
from domain.games.guardians.messages import (
    CardsMoved,
    ChooseCommand,
    CommandsRevealed,
    DeclareCommand,
    EffectApplied,
    Pass,
    PlayCreature,
    Step,
)
from domain.games.guardians.state import DISCARD, fighters, hand, members
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands, statuses
from tests.guardians.test_texts import refuses
from tests.guardians.test_words import seen_by


def test_ice_storm_is_played_as_the_command_card_and_strikes_every_flyer() -> None:
    """play when "command" with aoe and aoe-own (guardians COMBAT, AOE attacks): Ice Storm
    comes from the Storage Hand as the Command Card; its 7 pt. AOE strikes the flyers of
    both Combat Hands and no other creature."""
    table = Table(
        face_off(["Gorgal Skag", "Idiot"], ["Gorgal Skag", "Gn'Obby Gnomes"], attacker_storage=["Ice Storm"])
    )
    storm = card_of(1, "Ice Storm")
    assert card("re-ice-storm").command_play == "any"
    commands(table, attacker=storm)
    assert table.of(CommandsRevealed)[-1].cards == (storm,)
    assert storm in table.state.zone(1, DISCARD)
    strikes = [e for e in table.of(EffectApplied) if e.source == storm]
    assert [(e.seat, e.amount, e.cards) for e in strikes] == [
        (1, 7, (card_of(2, "Gorgal Skag"),)),
        (1, 7, (card_of(1, "Gorgal Skag"),)),
    ]
    assert statuses(table) == {card_of(1, "Gorgal Skag"): "destroyed", card_of(2, "Gorgal Skag"): "destroyed"}


def test_rye_beaner_is_only_a_command_card_and_burns_its_own_hand() -> None:
    """command-only and aoe-own (guardians COMBAT, AOE attacks): the Rye Beaner never
    fights in a match-up; as the Command Card its 3 pt. fire AOE strikes its own seat's
    Combat Hand."""
    beaner = card_of(1, "Rye Beaner")
    table = Table(face_off(["Rye Beaner", "Idiot", "Swordsman"], ["Swordsman"]))
    table.play(Step(seat=1, to=next(s for s in table.state.shields if s.seat == 2).space))
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    refuses(table, PlayCreature(seat=1, card=beaner), "only as the Command Card")

    table = Table(face_off(["Rye Beaner", "Idiot", "Swordsman"], ["Idiot", "Swordsman"]))
    commands(table, attacker=beaner)
    burnt = next(e for e in table.of(EffectApplied) if e.source == beaner)
    assert (burnt.effect, burnt.amount, burnt.cards) == ("aoe fire", 3, (card_of(1, "Idiot"),))
    assert statuses(table) == {card_of(1, "Idiot"): "destroyed"}  # the enemy's Idiot is untouched


def test_scamp_jones_left_in_the_hand_does_not_hold_up_the_combat() -> None:
    """command-only (guardians SECONDARY ATTACKS): a Combat Hand holding only a creature
    played solely as the Command Card has no creature left to fight, so the combat goes
    on without it."""
    table = Table(face_off(["Scamp Jones", "Swordsman"], ["Swordsman", "Idiot"]))
    table.play(Step(seat=1, to=next(s for s in table.state.shields if s.seat == 2).space))
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Swordsman")))
    while table.state.combat is not None and table.state.combat.stage != "secondary":
        table.play(Pass(seat=table.state.combat.actor or 1))
    combat = table.state.combat
    assert combat is not None and combat.actor == 2  # only the defender has a creature to attack with
    assert fighters(table.state, combat.attacker) == () and hand(table.state, combat.attacker) == (
        card_of(1, "Scamp Jones"),
    )


def test_vensuni_inferno_swarm_as_command_card_discards_its_own_hand() -> None:
    """discards-hand (guardians COMBAT): the Swarm's 11 pt. fire AOE strikes the enemy,
    and its seat discards the rest of its Combat Hand."""
    swarm = card_of(1, "Vensuni Inferno Swarm")
    table = Table(face_off(["Vensuni Inferno Swarm", "Axeman"], ["Swordsman", "Idiot"]))
    commands(table, attacker=swarm)
    discarded = next(e for e in table.of(EffectApplied) if e.effect == "discards-hand")
    assert discarded.cards == (card_of(1, "Axeman"),)
    assert "discard the rest of their Combat Hand" in seen_by(discarded, 2)
    assert statuses(table) == {
        card_of(2, "Swordsman"): "destroyed",
        card_of(2, "Idiot"): "destroyed",
        card_of(1, "Axeman"): "destroyed",
    }


def test_exploding_tweezle_from_the_attackers_stack_destroys_both_command_cards() -> None:
    """play when "command" target attacking, destroys-command (guardians COMBAT): the
    creature Magic Item is a Command Card only for the attacker; it dispels the enemy's
    Command Card, and both are destroyed."""
    tweezle = card_of(1, "Exploding Tweezle")
    table = Table(face_off(["Exploding Tweezle", "Swordsman"], ["Exploding Tweezle", "Horse", "Swordsman"]))
    commands(table, attacker=tweezle, defender=card_of(2, "Horse"))
    revealed = table.of(CommandsRevealed)[-1]
    assert revealed.dispelled == (card_of(2, "Horse"),)
    assert statuses(table) == {card_of(2, "Horse"): "destroyed"}
    destroyed = next(e for e in table.of(EffectApplied) if e.effect == "destroys-command")
    assert destroyed.cards == (tweezle, card_of(2, "Horse"))
    assert "destroys itself and the enemy's Command Card" in seen_by(destroyed, 2)
    gone = next(e for e in table.of(CardsMoved) if e.cards == (tweezle,))
    assert (gone.from_zone, gone.to_zone) == (members("1.re-shield-ploogs-ox-10#1"), DISCARD)


def test_exploding_tweezle_is_no_command_card_for_the_defender() -> None:
    """play target attacking: the defender may not choose its Tweezle."""
    table = Table(face_off(["Swordsman"], ["Exploding Tweezle", "Swordsman"]))
    table.play(Step(seat=1, to=next(s for s in table.state.shields if s.seat == 2).space))
    table.play(DeclareCommand(seat=1, play=False))
    assert command_candidates(table.state, 2) == ()
    refuses(table, DeclareCommand(seat=2, play=True), "no card you may play as a Command Card")
    refuses(table, ChooseCommand(seat=2, card=card_of(2, "Exploding Tweezle")), "command")
