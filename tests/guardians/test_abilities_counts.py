"""Card texts that are numbers, counts and conditions on existing mechanisms (wave 5a;
guardians Text Box, with the section each changes). One test per ability kind or reading
added (cards.py), each with a card that has it."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians.checks import accepted
from domain.games.guardians.combat import GUARDIAN
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardDispelled,
    Channel,
    CombatResolved,
    CreatureStatus,
    EffectApplied,
    Pass,
    PlayCreature,
    PlayRanged,
    StonesSpent,
    Term,
)
from domain.games.guardians.state import facedown
from tests.guardians.support import Table, card_of, face_off, instances
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_texts import both_pass, combat_start, lay, refuses


def finish(table: Table) -> CombatResolved:
    """Both seats pass (or make their only move) until the combat is resolved."""
    while not table.of(CombatResolved):
        seat = next(s for s in (1, 2) if legal_commands(table.state, s))
        moves = legal_commands(table.state, seat)
        table.play(next((m for m in moves if isinstance(m, Pass)), moves[0]))
    return table.of(CombatResolved)[-1]


def test_bonus_per_in_play_counts_both_sides() -> None:
    """Phil, Bar Fly: +1 for each other creature bribable by Beer in play, either side: the
    enemy's Idiot counts."""
    resolved = matchup(fight(["Phil, Bar Fly"], ["Idiot"]), "Phil, Bar Fly", "Idiot")
    assert Term("own text: 1 other bribe:beer in play", 1) in resolved.attacker_terms


def test_bonus_alone_while_no_other_knight_is_in_play() -> None:
    """Kurgan: +4 while it is the only Knight in play; facing a Knight, nothing."""
    kurgan = "Kurgan, Blademaster of the Exiled"
    alone = matchup(fight([kurgan], ["Idiot"]), kurgan, "Idiot")
    assert Term("own text: the only knight in play", 4) in alone.attacker_terms
    paired = matchup(fight([kurgan], ["Swordsman"]), kurgan, "Swordsman")
    assert not [t for t in paired.attacker_terms if "only knight" in t.source]


def test_terrain_bonus_on_a_terrainless_land_and_on_a_face_down_card() -> None:
    """Silver Server +3 on a disputed land with no terrain card, not on a Swamp; Tiger
    Baloo +3 on a land with a face-down terrain card (guardians TERRAIN BONUS)."""
    bare = matchup(fight(["Silver Server"], ["Idiot"]), "Silver Server", "Idiot")
    assert Term("terrain: terrainless", 3) in bare.attacker_terms
    swamp = matchup(fight(["Silver Server"], ["Idiot"], terrain_name="Swamp"), "Silver Server", "Idiot")
    assert not [t for t in swamp.attacker_terms if t.source.startswith("terrain:")]
    state = face_off(["Tiger Baloo"], ["Idiot"])
    table = Table(replace(state, zones={**state.zones, f"2:{facedown('b3')}": instances(2, ["Swordsman"])}))
    combat_start(table)
    assert Term("terrain: face-down", 3) in matchup(table, "Tiger Baloo", "Idiot").attacker_terms


def test_bonus_per_hand_counts_the_hand_when_laid() -> None:
    """Priestess of Isis: +1 for each single-bordered card in the Combat Hand when she was
    laid: the two creatures left, still counted once one of them is laid after her."""
    table = fight(["Priestess of Isis", "Swordsman", "Axeman"], ["Idiot", "Idiot"])
    first = matchup(table, "Priestess of Isis", "Idiot")
    assert Term("own text: 2 single-bordered cards in the Combat Hand", 2) in first.attacker_terms


def test_bonus_per_command_counts_creature_items_played_as_command_cards() -> None:
    """Whalebone Rick: +3 for each Creature Magic Item played as a Command Card (guardians
    COMBAT): the Exploding Tweezle of its side."""
    table = Table(face_off(["Exploding Tweezle", "Whalebone Rick"], ["Idiot"]))
    commands(table, attacker=card_of(1, "Exploding Tweezle"))
    lay(table, card_of(1, "Whalebone Rick"), card_of(2, "Idiot"))
    assert Term("own text: 1 creature-item Command Cards", 3) in both_pass(table).attacker_terms


def test_gain_stones_as_the_command_card_on_a_swamp() -> None:
    """Judge Dredge (a command ability): a stone when it takes effect as the Command Card in a
    combat on a Swamp; none elsewhere."""
    judge = card_of(1, "Judge Dredge")
    table = Table(face_off(["Judge Dredge", "Swordsman"], ["Idiot"], terrain_name="Swamp"))
    commands(table, attacker=judge)
    gained = [e for e in table.of(EffectApplied) if e.effect == "gain-stones"]
    assert [(e.source, e.amount) for e in gained] == [(judge, 1)]
    dry = Table(face_off(["Judge Dredge", "Swordsman"], ["Idiot"]))
    commands(dry, attacker=judge)
    assert not [e for e in dry.of(EffectApplied) if e.effect == "gain-stones"]


def test_surviving_a_combat_on_an_enemy_stronghold_costs_stones() -> None:
    """Thief of Shadow: survives a combat on the enemy's stronghold space, not rubble: the
    enemy loses 2 stones (guardians STRONGHOLDS, COMBAT RESOLUTION)."""
    state = face_off(["Thief of Shadow"], ["Idiot"], attacker_space="b3", defender_space="b4")
    table = Table(state)
    combat_start(table)
    matchup(table, "Thief of Shadow", "Idiot")
    finish(table)
    lost = [e for e in table.of(StonesSpent) if e.seat == 2 and "survived" in e.reason]
    assert [e.count for e in lost] == [2]


def test_receivers_while_the_giant_shaman_stands() -> None:
    """Giant Shaman in play: a Giant that takes no channeling may take it (guardians
    CHANNELING); without the Shaman it may not."""
    table = fight(["Giant Shaman", "River Giant"], ["Idiot", "Idiot"])
    matchup(table, "Giant Shaman", "Idiot")
    lay(table, card_of(1, "River Giant"), card_of(2, "Idiot", 2))
    assert accepted(table.state, Channel(seat=1, source=GUARDIAN))
    alone = fight(["River Giant"], ["Idiot"])
    lay(alone, card_of(1, "River Giant"), card_of(2, "Idiot"))
    refuses(alone, Channel(seat=1, source=GUARDIAN), "cannot receive channeling")


def test_receivers_yours_as_the_command_card() -> None:
    """Rik'Sook as the Command Card: any creature of its side may take channeling."""
    table = Table(face_off(["Rik'Sook", "Swordsman"], ["Idiot"]))
    commands(table, attacker=card_of(1, "Rik'Sook"))
    lay(table, card_of(1, "Swordsman"), card_of(2, "Idiot"))
    assert accepted(table.state, Channel(seat=1, source=GUARDIAN))


def test_ranged_only_while_your_primary_attacker_is_a_pirate() -> None:
    """Scurvy Dog fires only while its side's match-up creature is a Pirate (guardians
    Ranged Attacks)."""
    table = fight(["Lying Scum", "Scurvy Dog"], ["Idiot"])
    lay(table, card_of(1, "Lying Scum"), card_of(2, "Idiot"))
    assert accepted(table.state, PlayRanged(seat=1, card=card_of(1, "Scurvy Dog")))
    other = fight(["Swordsman", "Scurvy Dog"], ["Idiot"])
    lay(other, card_of(1, "Swordsman"), card_of(2, "Idiot"))
    refuses(other, PlayRanged(seat=1, card=card_of(1, "Scurvy Dog")), "fires only while your primary attacker")


def test_destroys_command_when_it_beats_by_more_than_its_number() -> None:
    """Bold Mold beats its opponent by more than the enemy Command Card's Vitality (the
    Horse's 3): that card is destroyed, its ability ended."""
    table = Table(face_off(["Bold Mold"], ["Horse", "Idiot"]))
    commands(table, defender=card_of(2, "Horse"))
    lay(table, card_of(1, "Bold Mold"), card_of(2, "Idiot"))
    assert both_pass(table).outcome == "attacker"
    destroyed = next(e for e in table.of(EffectApplied) if e.effect == "destroys-command")
    assert (destroyed.source, destroyed.cards) == (card_of(1, "Bold Mold"), (card_of(2, "Horse"),))
    assert [e.card for e in table.of(CardDispelled)] == [card_of(2, "Horse")]
    assert any(e.card == card_of(2, "Horse") and e.status == "destroyed" for e in table.of(CreatureStatus))


def test_destroys_own_command_when_beaten() -> None:
    """Ba Choomba loses a primary match-up: its side's Command Card, a creature, is destroyed."""
    table = Table(face_off(["Horse", "Ba Choomba"], ["Great Ba'te"]))
    commands(table, attacker=card_of(1, "Horse"))
    lay(table, card_of(1, "Ba Choomba"), card_of(2, "Great Ba'te"))
    assert both_pass(table).outcome == "defender"
    assert any(e.card == card_of(1, "Horse") and e.status == "destroyed" for e in table.of(CreatureStatus))


def test_lays_first_self_the_lawyer_is_the_first_primary_attacker() -> None:
    """Lawyer: while in the Combat Hand, the side's first primary attacker must be it."""
    table = fight(["Swordsman", "Lawyer"], ["Idiot"])
    refuses(table, PlayCreature(seat=1, card=card_of(1, "Swordsman")), "first primary attacker")
    assert accepted(table.state, PlayCreature(seat=1, card=card_of(1, "Lawyer")))
