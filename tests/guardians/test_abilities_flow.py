"""Combat-flow abilities (issue 30): what a combat allows once a card is played, and the
fate of the other creatures. One test per ability kind, each with a card that has it
(guardians Text Box, and the section the ability changes)."""

from __future__ import annotations

from domain.games.guardians.combat import GUARDIAN
from domain.games.guardians.messages import (
    Channel,
    ChooseCommand,
    CommandsRevealed,
    CreatureStatus,
    DeclareCommand,
    EffectApplied,
    Pass,
    PlayCreature,
    PlayRanged,
    SecondaryResolved,
    Step,
)
from domain.games.guardians.state import survivors
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_texts import answered, both_pass, combat_start, lay, refuses


def commands(table: Table, attacker: str = "", defender: str = "") -> None:
    """Seat 1 attacks; each seat plays the Command Card named (or none), and both pass the
    Command Card window (guardians COMBAT)."""
    enemy = next(s for s in table.state.shields if s.seat == 2)
    table.play(Step(seat=1, to=enemy.space))
    table.play(DeclareCommand(seat=1, play=bool(attacker)))
    table.play(DeclareCommand(seat=2, play=bool(defender)))
    if attacker:
        table.play(ChooseCommand(seat=1, card=attacker))
    if defender:
        table.play(ChooseCommand(seat=2, card=defender))
    if attacker or defender:
        table.play(Pass(seat=1))
        table.play(Pass(seat=2))


def statuses(table: Table) -> dict[str, str]:
    return {e.card: e.status for e in table.of(CreatureStatus)}


def test_smoke_spirit_closes_ranged_attacks_for_both_once_played() -> None:
    """no-ranged, when reveal (guardians Ranged Attacks): from its match-up on, nobody fires."""
    table = Table(face_off(["Smoke Spirit", "Archer"], ["Swordsman", "Archer"]))
    combat_start(table)
    lay(table, card_of(1, "Smoke Spirit"), card_of(2, "Swordsman"))
    closed = [e for e in table.of(EffectApplied) if e.effect == "no-ranged"]
    assert [(e.source, e.cards) for e in closed] == [(card_of(1, "Smoke Spirit"), ("1", "2"))]
    refuses(table, PlayRanged(seat=1, card=card_of(1, "Archer")), "no ranged attacks")
    table.play(Pass(seat=1))
    refuses(table, PlayRanged(seat=2, card=card_of(2, "Archer")), "no ranged attacks")


def test_haba_naba_kaba_closes_ranged_attacks_for_its_enemy_only() -> None:
    """no-ranged, target opponent, when reveal (guardians Ranged Attacks)."""
    table = Table(face_off(["Haba Naba Kaba", "Archer"], ["Swordsman", "Archer"]))
    combat_start(table)
    lay(table, card_of(1, "Haba Naba Kaba"), card_of(2, "Swordsman"))
    table.play(PlayRanged(seat=1, card=card_of(1, "Archer")))  # its own seat still fires
    refuses(table, PlayRanged(seat=2, card=card_of(2, "Archer")), "no ranged attacks")


def test_energy_leech_dispels_the_enemy_command_card() -> None:
    """dispels-command (guardians COMBAT): the Leech as Command Card dispels the enemy's."""
    table = Table(face_off(["Energy Leech", "Axeman"], ["Horse", "Swordsman"]))
    commands(table, card_of(1, "Energy Leech"), card_of(2, "Horse"))
    revealed = table.of(CommandsRevealed)[-1]
    assert revealed.dispelled == (card_of(2, "Horse"),)


def test_energy_leech_in_a_match_up_stops_all_channeling() -> None:
    """no-channeling, when match-up (guardians CHANNELING): once it is laid, neither seat
    channels for the rest of the combat; before, they may."""
    table = Table(face_off(["Cleric", "Energy Leech"], ["Cleric", "Swordsman"]))
    combat_start(table)
    lay(table, card_of(1, "Cleric"), card_of(2, "Cleric"))
    table.play(Channel(seat=1, source=GUARDIAN))  # a Cleric may receive it
    answered(table)
    lay(table, card_of(1, "Energy Leech"), card_of(2, "Swordsman"))
    refuses(table, Channel(seat=1, source=GUARDIAN), "Energy Leech")
    table.play(Pass(seat=1))
    refuses(table, Channel(seat=2, source=GUARDIAN), "Energy Leech")


def test_the_jungle_allows_no_command_cards() -> None:
    """no-command-cards (guardians COMBAT): a combat on a Jungle card has no Command Cards."""
    table = Table(face_off(["Horse", "Swordsman"], ["Cabin Boy"], terrain_name="Jungle"))
    table.play(Step(seat=1, to="b3"))
    assert [e.effect for e in table.of(EffectApplied)] == ["no-command-cards"]
    refuses(table, DeclareCommand(seat=1, play=True), "no card you may play as a Command Card")
    table.play(DeclareCommand(seat=1, play=False))


def test_haba_naba_daba_takes_its_opponents_aoe() -> None:
    """cancels-aoe (guardians AOE attacks): the Fire Elemental's AOE in the match-up strikes
    nothing against Haba Naba Daba; against another creature it burns the Cabin Boy."""
    for defender, burnt in (("Haba Naba Daba", False), ("Swordsman", True)):
        table = Table(face_off(["Fire Elemental"], [defender, "Cabin Boy"]))
        combat_start(table)
        lay(table, card_of(1, "Fire Elemental"), card_of(2, defender))
        assert (statuses(table).get(card_of(2, "Cabin Boy")) == "destroyed") is burnt, defender
        assert any(e.effect == "aoe-cancelled" for e in table.of(EffectApplied)) is not burnt


def test_dachas_makes_the_combat_hand_immune_to_aoe() -> None:
    """hand-immune aoe (guardians AOE attacks): the Wailing Specter's AOE as a Command Card
    hits nothing in a Combat Hand that Dachas commands; without Dachas it hits."""
    for command, hit in (("Dachas, Supreme Leader", False), ("", True)):
        defenders = ["Cabin Boy", "Swordsman", *([command] if command else [])]
        table = Table(face_off(["Wailing Specter", "Axeman"], defenders))
        commands(table, card_of(1, "Wailing Specter"), card_of(2, command) if command else "")
        aoe = next(e for e in table.of(EffectApplied) if e.effect.startswith("aoe"))
        assert bool(aoe.cards) is hit, command
        assert (statuses(table).get(card_of(2, "Cabin Boy")) == "destroyed") is hit


def test_eater_of_the_dead_destroys_every_beaten_creature() -> None:
    """destroys-all-beaten (guardians DESTRUCTION): with the Eater as a Command Card, the loser
    of each primary match-up is destroyed, whichever side it is on."""
    table = Table(face_off(["Axeman", "Cabin Boy"], ["Eater of the Dead", "Swordsman", "Snogwart"]))
    commands(table, defender=card_of(2, "Eater of the Dead"))
    lay(table, card_of(1, "Axeman"), card_of(2, "Swordsman"))  # 7 beats 6
    first = both_pass(table)
    assert first.outcome == "attacker"
    lay(table, card_of(1, "Cabin Boy"), card_of(2, "Snogwart"))
    assert both_pass(table).outcome == "defender"  # 8 beats 4
    found = statuses(table)
    assert found[card_of(2, "Swordsman")] == "destroyed"
    assert found[card_of(1, "Cabin Boy")] == "destroyed"


def test_hal_destroys_both_when_the_enemy_wins_by_less_than_five() -> None:
    """destroys-both-close 5 (guardians DESTRUCTION): Hal as Command Card; the enemy's 7 over
    6 destroys both, its 14 over 4 beats as usual."""
    table = Table(face_off(["Axeman", "Rock Giant"], ["Hal, a Tosis Dragon", "Swordsman", "Cabin Boy"]))
    commands(table, defender=card_of(2, "Hal, a Tosis Dragon"))
    lay(table, card_of(1, "Axeman"), card_of(2, "Swordsman"))
    assert both_pass(table).outcome == "attacker"
    found = statuses(table)
    assert found[card_of(2, "Swordsman")] == found[card_of(1, "Axeman")] == "destroyed"
    lay(table, card_of(1, "Rock Giant"), card_of(2, "Cabin Boy"))
    assert both_pass(table).outcome == "attacker"
    found = statuses(table)
    assert found[card_of(2, "Cabin Boy")] == "beaten" and card_of(1, "Rock Giant") not in found


def test_thunder_hawk_is_beaten_when_fired() -> None:
    """beaten-when-fired (guardians Ranged Attacks): its 13 pts. count, and it is beaten."""
    table = Table(face_off(["Swordsman", "Thunder Hawk"], ["Snogwart"]))
    combat_start(table)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Snogwart"))
    hawk = card_of(1, "Thunder Hawk")
    table.play(PlayRanged(seat=1, card=hawk))
    assert statuses(table)[hawk] == "beaten"
    combat = table.state.combat
    assert combat is not None and hawk not in survivors(table.state, combat.attacker)


def test_corruption_stream_beats_as_a_secondary_attacker() -> None:
    """beats-as-secondary (guardians SECONDARY ATTACKS): its 2 Vitality beats the Snogwart,
    which would need 5 more."""
    table = Table(face_off(["Cabin Boy", "Corruption Stream"], ["Snogwart"]))
    combat_start(table)
    lay(table, card_of(1, "Cabin Boy"), card_of(2, "Snogwart"))
    assert both_pass(table).outcome == "defender"
    table.play(PlayCreature(seat=1, card=card_of(1, "Corruption Stream"), target=card_of(2, "Snogwart")))
    table.play(Pass(seat=2))  # no bribe
    table.play(Pass(seat=1))  # no modification
    resolved = table.of(SecondaryResolved)[-1]
    assert resolved.killed and resolved.total < resolved.needed
