"""Card texts of the strength theme, second wave (guardians Text Box, with the section each
changes): more bonuses, immunities and match-up outcomes. One test per ability kind or
reading added (cards.py), each with a card that has it."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians.messages import MatchupResolved, Pass, PlayCreature, SecondaryResolved, Term
from tests.guardians.support import Table, card_of, face_off, instances
from tests.guardians.test_texts import both_pass, combat_start, lay


def fight(attacker: list[str], defender: list[str], **options: str) -> Table:
    """Seat 1 attacks seat 2's Shield; neither plays a Command Card."""
    table = Table(face_off(attacker, defender, **options))
    combat_start(table)
    return table


def matchup(table: Table, attacker: str, defender: str, copies: tuple[int, int] = (1, 1)) -> MatchupResolved:
    lay(table, card_of(1, attacker, copies[0]), card_of(2, defender, copies[1]))
    return both_pass(table)


def secondary(table: Table, attacker: str, target: str) -> SecondaryResolved:
    """Seat 1's secondary attack; neither bribes nor modifies it."""
    table.play(PlayCreature(seat=1, card=card_of(1, attacker), target=card_of(2, target)))
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    return table.of(SecondaryResolved)[-1]


def test_secondary_bonus_for_all_your_secondary_attackers() -> None:
    """Voodoo Wizard in play: your secondary attackers +4 (guardians SECONDARY ATTACKS)."""
    table = fight(["Voodoo Wizard", "Idiot", "Swordsman"], ["Idiot", "Axeman"])
    assert matchup(table, "Voodoo Wizard", "Idiot").outcome == "attacker"
    assert matchup(table, "Idiot", "Axeman").outcome == "defender"
    attack = secondary(table, "Swordsman", "Axeman")
    assert Term("Voodoo Wizard: secondary attackers", 4) in attack.terms
    assert attack.total == 6 + 4


def test_secondary_bonus_when_your_primary_was_a_paladin_and_harmless() -> None:
    """Holy Avenger +10 as a secondary attacker on the creature a Paladin of yours faced
    (guardians SECONDARY ATTACKS); Pink Flamingos beat nobody: everything is immune to
    them, so the Paladin's match-up is a push (guardians IMMUNITY)."""
    table = fight(["Paladin", "Holy Avenger"], ["Pink Flamingos"])
    pushed = matchup(table, "Paladin", "Pink Flamingos")
    assert (pushed.defender_total > pushed.attacker_total, pushed.outcome) == (True, "push")
    assert pushed.attacker_damage == 0
    attack = secondary(table, "Holy Avenger", "Pink Flamingos")
    assert Term("secondary attacker", 10) in attack.terms and attack.total == 5 + 10


def test_bonus_yours_to_creatures_with_a_rivers_and_lakes_bonus() -> None:
    """Barnacle Bazulee' in play: your creatures with a Rivers and Lakes terrain bonus +2,
    wherever they fight (target terrain-bonus:rivers-and-lakes)."""
    table = fight(["Barnacle Bazulee'", "Water Nymph", "Swordsman"], ["Idiot", "Idiot"])
    assert matchup(table, "Barnacle Bazulee'", "Idiot").outcome == "attacker"
    nymph = matchup(table, "Water Nymph", "Idiot", (1, 2))
    assert Term("Barnacle Bazulee'", 2) in nymph.attacker_terms


def test_bonus_per_icon_on_its_opponent() -> None:
    """Angel of Righteousness: +3 for each bribery icon of its match-up opponent."""
    resolved = matchup(fight(["Angel of Righteousness"], ["Idiot"]), "Angel of Righteousness", "Idiot")
    assert Term("own text: 3 bribery icons on its opponent", 9) in resolved.attacker_terms


def test_bonus_per_discarded_undead() -> None:
    """Carrag the Black: +1 for each Undead in your discard pile (not the enemy's)."""
    state = face_off(["Carrag the Black"], ["Swordsman"])
    discards = {
        "1:discard": instances(1, ["Zombie", "Skeletal Minion", "Idiot"]),
        "2:discard": instances(2, ["Zombie"]),
    }
    table = Table(replace(state, zones={**state.zones, **discards}))
    combat_start(table)
    resolved = matchup(table, "Carrag the Black", "Swordsman")
    assert Term("own text: 2 undead in the discard pile", 2) in resolved.attacker_terms


def test_bonus_shield_up_as_a_primary_attacker() -> None:
    """Captain South America: + its Shield's Up number as a primary attacker."""
    table = fight(["Captain South America"], ["Swordsman"])
    resolved = matchup(table, "Captain South America", "Swordsman")
    assert Term("own text: Shield Ploog's Ox 10's Up number", 10) in resolved.attacker_terms


def test_cancels_stronghold_for_your_fairies() -> None:
    """Starling Dodd Boys in play: your Fairies, themselves included, bypass the stronghold
    bonus of the creatures they face (guardians STRONGHOLDS)."""
    table = fight(["Starling Dodd Boys"], ["Idiot"], attacker_space="b3", defender_space="b4")
    resolved = matchup(table, "Starling Dodd Boys", "Idiot")
    assert not [t for t in resolved.defender_terms if t.source == "stronghold"]
    held = fight(["Swordsman"], ["Idiot"], attacker_space="b3", defender_space="b4")
    assert Term("stronghold", 5) in matchup(held, "Swordsman", "Idiot").defender_terms


def test_immune_to_creatures_by_their_off_color_bonus_or_bribery_icon() -> None:
    """Eats, Cockroach King is immune to creatures whose off-color bonus is 0; Slag Bunny
    to creatures bribable by Babes (guardians IMMUNITY): each loses only to a push."""
    eats = matchup(fight(["Gn'Obby Gnomes"], ["Eats, Cockroach King"]), "Gn'Obby Gnomes", "Eats, Cockroach King")
    assert eats.attacker_total > eats.defender_total and eats.outcome == "push"
    bunny = matchup(fight(["Chephros"], ["Slag Bunny"]), "Chephros", "Slag Bunny")
    assert bunny.attacker_total > bunny.defender_total and bunny.outcome == "push"
