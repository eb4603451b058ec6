"""Text boxes, classes and outcomes changed for a combat (issue 30, wave 6a): a creature's
text box counted as empty, its classes taken from another, a lost match-up turned into a
win. One place decides a creature's text box and classes in a combat (strength.text_source,
strength.classes_of); these scenarios hold the readers to it (guardians Text Box)."""

from __future__ import annotations

from domain.games.guardians.messages import CreatureStatus, EffectApplied, Term
from domain.games.guardians.strength import abilities, classes_of, has, matches
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_texts import both_pass, lay


def _burnt(table: Table, card: str) -> bool:
    return any(e.card == card and e.status == "destroyed" for e in table.of(CreatureStatus))


def test_manly_guy_empties_his_opponents_text_box_for_the_combat() -> None:
    """blanks "opponent" (guardians Text Box, AOE attacks): the Fire Elemental facing Manly
    Guy has no text left, so its AOE burns nothing and it keeps no ability for the rest of
    the combat; facing a Swordsman instead, its AOE burns the Cabin Boy."""
    for attacker, emptied in (("Manly Guy", True), ("Swordsman", False)):
        table = fight([attacker, "Cabin Boy"], ["Fire Elemental"])
        lay(table, card_of(1, attacker), card_of(2, "Fire Elemental"))
        elemental = card_of(2, "Fire Elemental")
        assert _burnt(table, card_of(1, "Cabin Boy")) is not emptied, attacker
        combat = table.state.combat
        assert has(elemental, "aoe", combat) is not emptied
        assert has(elemental, "aoe")  # printed text unchanged outside the combat's reading
        said = [e for e in table.of(EffectApplied) if e.effect == "blanks"]
        assert [(e.source, e.cards) for e in said] == ([(card_of(1, "Manly Guy"), (elemental,))] if emptied else [])


def test_elandar_empties_every_creatures_text_box_once_revealed() -> None:
    """blanks "creatures" (guardians Text Box): once Elandar is revealed, the Fire
    Elemental's AOE burns nothing, and in the next match-up the Vampire Hunters get no
    +10 against the Zombie; before Elandar, texts count (the Hunters' +10 in match-up one)."""
    table = fight(["Zombie", "Elandar, Mighty Wizard", "Cabin Boy", "Zombie"],
                  ["Vampire Hunters", "Fire Elemental", "Vampire Hunters"])
    first = matchup(table, "Zombie", "Vampire Hunters")
    assert Term("vs undead", 10) in first.defender_terms
    lay(table, card_of(1, "Elandar, Mighty Wizard"), card_of(2, "Fire Elemental"))
    assert not _burnt(table, card_of(1, "Cabin Boy"))
    both_pass(table)
    third = matchup(table, "Zombie", "Vampire Hunters", copies=(2, 2))
    assert not any(t.value == 10 for t in third.defender_terms)
    said = [e for e in table.of(EffectApplied) if e.effect == "blanks"]
    assert [(e.source, e.cards) for e in said] == [(card_of(1, "Elandar, Mighty Wizard"), ())]
    assert abilities(card_of(2, "Vampire Hunters", 2), "bonus-vs", table.state.combat) == ()


def test_sooooooul_mirror_gives_later_primaries_the_first_ones_class() -> None:
    """shares-class (guardians Text Box, OTHER MODIFIERS): with the Mirror as seat 1's
    Command Card, its first creature is a Zombie (Undead), so its Swordsman laid next is
    Undead for the combat and the Vampire Hunters get their +10 against it; without the
    Mirror the Swordsman stays a Knight."""
    for mirror in (True, False):
        attackers = ["Zombie", "Swordsman"]
        table = Table(face_off(attackers, ["Swordsman", "Vampire Hunters"],
                               attacker_storage=["Sooooooul Mirror"] if mirror else []))
        commands(table, card_of(1, "Sooooooul Mirror") if mirror else "")
        matchup(table, "Zombie", "Swordsman")
        second = matchup(table, "Swordsman", "Vampire Hunters")
        swordsman = card_of(1, "Swordsman")
        assert (Term("vs undead", 10) in second.defender_terms) is mirror
        assert classes_of(swordsman, table.state.combat) == (("undead",) if mirror else ("knight",))
        assert matches("knight", swordsman, table.state.combat) is not mirror
        changed = [e.cards for e in table.of(EffectApplied) if e.effect == "class"]
        assert changed == ([(swordsman, "undead")] if mirror else [])


def test_dork_age_turns_a_loss_by_more_than_ten_into_a_win() -> None:
    """wins-beaten-by (guardians IS IT OVER YET?): with Dork Age as seat 1's Command Card,
    the Cabin Boy (4 + 1 off-color) beaten by the Greater Air Elemental (16) by 11 wins; the
    Swordsman beaten by the Warrior Spirit by less stays beaten."""
    table = Table(face_off(["Cabin Boy", "Swordsman"], ["Greater Air Elemental", "Warrior Spirit"],
                           attacker_storage=["Dork Age"]))
    commands(table, card_of(1, "Dork Age"))
    far = matchup(table, "Cabin Boy", "Greater Air Elemental")
    assert (far.attacker_total, far.defender_total, far.outcome) == (5, 16, "attacker")
    close = matchup(table, "Swordsman", "Warrior Spirit")
    assert close.outcome == "defender"
    turned = [e for e in table.of(EffectApplied) if e.effect == "wins-beaten-by"]
    assert [(e.source, e.cards) for e in turned] == [(card_of(1, "Dork Age"), (card_of(1, "Cabin Boy"),))]
