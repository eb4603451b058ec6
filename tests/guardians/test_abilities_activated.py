"""Activated abilities (issue 30, wave 4): a seat's choice for its card in play, paid in
Power Stones (cards.py: activated; activated.py). One test per effect, each with a card
that has it (guardians Text Box, and the section the effect belongs to)."""

from __future__ import annotations

from domain.games.guardians import GAME
from domain.games.guardians.activated import GUARDIAN
from domain.games.guardians.citations import text_box
from domain.games.guardians.messages import (
    AnswerClosed,
    CardDispelled,
    CardsMoved,
    ChooseCommand,
    DeclareCommand,
    Pass,
    PlayCard,
    Redeem,
    Step,
    StonesSpent,
    UseAbility,
)
from domain.games.guardians.state import STORAGE
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_texts import both_pass, combat_start, lay, refuses

CHICKEN = "1.re-standard-bearer-ploogs-chicken-12#1"
ANGELIC = "2.re-standard-bearer-broms-angelic-19#1"


def test_ploogs_chicken_dispels_the_enemy_command_card_for_a_stone() -> None:
    """dispels-command, when "command" (guardians COMBAT): on its seat's move in the Command
    Cards' window, its Shield pays a stone and the enemy's Command Card stands no more."""
    horse = card_of(2, "Horse")
    table = Table(face_off(["Axeman"], ["Horse", "Swordsman"], attacker_shield=CHICKEN))
    table.play(Step(seat=1, to="b3"))
    table.play(DeclareCommand(seat=1, play=False))
    use = UseAbility(seat=1, card=CHICKEN, target=horse)
    refuses(table, use, "once both Command Cards are face up")
    table.play(DeclareCommand(seat=2, play=True))
    table.play(ChooseCommand(seat=2, card=horse))
    assert use in GAME.legal_commands(table.state, 1)
    refuses(table, UseAbility(seat=1, card=CHICKEN, target=card_of(2, "Swordsman")), "enemy's Command Card")
    refuses(table, UseAbility(seat=2, card="2.re-shield-ploogs-ox-11#1", target=horse), "no ability to use")
    events = table.play(use)
    rule = text_box("Standard Bearer Ploog's Chicken 12")
    spent, dispelled = events[0], events[1]
    assert isinstance(spent, StonesSpent) and (spent.seat, spent.count, spent.rule) == (1, 1, rule)
    assert isinstance(dispelled, CardDispelled) and (dispelled.card, dispelled.by) == (horse, CHICKEN)
    combat = table.state.combat
    assert combat is not None and not combat.defender.command_live and combat.actor == 2
    assert table.state.player(1).stones == 6
    assert use not in GAME.legal_commands(table.state, 1)  # nothing left standing to dispel


def test_sikura_dispels_an_enemy_spell_for_two_stones() -> None:
    """dispels-spell, when "answer" (guardians Text Box; RULES.md, Answering a Spell or
    Item): the Guardian pays two stones on its seat's turn to answer, as a Dispel Magic."""
    lunch, swordsman = card_of(1, "Power Lunch"), card_of(1, "Swordsman")
    table = Table(
        face_off(["Swordsman"], ["Archer"], attacker_storage=["Power Lunch"], defender_guardian="sikura")
    )
    combat_start(table)
    lay(table, swordsman, card_of(2, "Archer"))
    refuses(table, UseAbility(seat=2, card=GUARDIAN, target=lunch), "waits for your answer")
    table.play(PlayCard(seat=1, card=lunch, target=swordsman))
    use = UseAbility(seat=2, card=GUARDIAN, target=lunch)
    assert GAME.legal_commands(table.state, 2) == [Pass(seat=2), use]
    refuses(table, UseAbility(seat=2, card=GUARDIAN, target=swordsman), "name the Spell answered")
    events = table.play(use)
    spent, dispelled = events[0], events[1]
    assert isinstance(spent, StonesSpent) and (spent.seat, spent.count) == (2, 2)
    assert isinstance(dispelled, CardDispelled) and dispelled.by == "dn-sikura-preceptor-of-prophets"
    assert GAME.legal_commands(table.state, 1) == [Pass(seat=1)]
    table.play(Pass(seat=1))
    assert not table.of(AnswerClosed)[0].stands and table.state.player(2).stones == 5


def test_broms_angelic_buys_back_a_creature_lost_from_its_shield() -> None:
    """returns-lost, target "shield" (guardians Text Box, COMBAT RESOLUTION): after the
    combat, its seat pays a stone and the creature lost goes to its Storage Hand."""
    swordsman = card_of(2, "Swordsman")
    table = Table(face_off(["Male Titan"], ["Swordsman"], defender_shield=ANGELIC))
    combat_start(table)
    lay(table, card_of(1, "Male Titan"), swordsman)
    both_pass(table)
    combat = table.state.combat
    assert combat is not None and combat.stage == "redeem"
    assert Redeem(seat=2, card=swordsman) in GAME.legal_commands(table.state, 2)
    events = table.play(Redeem(seat=2, card=swordsman))
    rule = text_box("Standard Bearer Brom's Angelic 19")
    spent, moved = events[0], events[1]
    assert isinstance(spent, StonesSpent) and (spent.count, spent.rule, spent.reason) == (1, rule, "Swordsman returns")
    assert isinstance(moved, CardsMoved) and moved.to_zone == STORAGE and moved.rule == rule
    assert swordsman in table.state.zone(2, STORAGE) and table.state.player(2).stones == 6


def test_skeletal_minion_keeps_its_events() -> None:
    """returns-lost, target "self": the Minion's own text, with the events it had as a
    unique text (rule, reasons)."""
    minion = card_of(2, "Skeletal Minion")
    table = Table(face_off(["Male Titan"], ["Skeletal Minion"]))
    combat_start(table)
    lay(table, card_of(1, "Male Titan"), minion)
    both_pass(table)
    spent, moved = table.play(Redeem(seat=2, card=minion))[:2]
    rule = text_box("Skeletal Minion")
    assert isinstance(spent, StonesSpent) and (spent.rule, spent.reason) == (rule, "Skeletal Minion returns")
    assert isinstance(moved, CardsMoved) and (moved.rule, moved.reason) == (rule, "returned for a Power Stone")
