"""Card texts of healing, terrain settlement, stronghold cards, upgrades and downgrades:
one scenario per ability kind (or per extension of one) with a card that has it
(guardians HEALING, TERRAIN SETTLEMENT PHASE, STRONGHOLDS, Other placement)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsMoved,
    CombatResolved,
    DeclareCommand,
    FireIdol,
    Heal,
    Healed,
    IdolFired,
    Pass,
    StageBegan,
    Step,
    StonesSpent,
    TurnShield,
)
from domain.games.guardians.state import MOVEMENT, PEN, Shield
from domain.kernel import RuleViolation, replace
from tests.guardians.support import Table, card_of, face_off, instances, table
from tests.guardians.test_texts import both_pass, combat_start, lay


def to_healing(table: Table) -> None:
    """Every seat passes its secondary attacks, until the combat has moved past them."""
    while (combat := table.state.combat) is not None and combat.stage == "secondary":
        table.play(Pass(seat=combat.actor))


def heals_offered(table: Table, seat: int) -> list[Heal]:
    return [c for c in legal_commands(table.state, seat) if isinstance(c, Heal)]


def test_the_cleric_heals_one_mortal_of_the_winner() -> None:
    """guardians HEALING, Cleric (heals mortals): the Axeman beats the Swordsman; the
    attacker wins on the Sun Spirit and the Cleric, and the Cleric heals the Swordsman,
    once."""
    t = Table(face_off(["Swordsman", "Sun Spirit", "Cleric"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    both_pass(t)
    to_healing(t)
    assert t.of(CombatResolved)[-1].winner == 1
    cleric, swordsman = card_of(1, "Cleric"), card_of(1, "Swordsman")
    assert heals_offered(t, 1) == [Heal(seat=1, healer=cleric, card=swordsman)]
    t.play(Heal(seat=1, healer=cleric, card=swordsman))
    [healed] = t.of(Healed)
    assert (healed.healer, healed.card, healed.rule) == (cleric, swordsman, "guardians HEALING")
    assert t.state.combat is None or t.state.combat.stage != "heal"


def test_demon_horde_of_kabod_heals_a_horde_for_the_loser() -> None:
    """guardians HEALING (the rulebook names the Hordes as the exception to "only the
    winner heals"), Demon Horde of Kabod (heals, when combat-end): the attacker loses,
    and its standing Horde heals the beaten one; the winner had no healer."""
    t = Table(face_off(["Demon Horde of Kabod", "Demon Horde of Kabod"], ["Sun Spirit"]))
    combat_start(t)
    first, second = card_of(1, "Demon Horde of Kabod"), card_of(1, "Demon Horde of Kabod", 2)
    lay(t, first, card_of(2, "Sun Spirit"))
    both_pass(t)
    to_healing(t)
    assert t.of(CombatResolved)[-1].winner == 2
    opened = t.of(StageBegan)[-1]
    assert (opened.stage, opened.actor, opened.rule) == ("heal", 1, "guardians HEALING")
    assert heals_offered(t, 1) == [Heal(seat=1, healer=second, card=first)]
    t.play(Heal(seat=1, healer=second, card=first))
    assert [(h.seat, h.healer, h.card) for h in t.of(Healed)] == [(1, second, first)]


def test_the_cleric_does_not_heal_for_the_loser() -> None:
    """guardians HEALING: only the winner heals; a healer without the Hordes' text gets no turn."""
    t = Table(face_off(["Swordsman", "Cleric"], ["Sun Spirit"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Sun Spirit"))
    both_pass(t)
    to_healing(t)
    assert t.of(CombatResolved)[-1].winner == 2
    assert not [e for e in t.of(StageBegan) if e.stage == "heal"] and not t.of(Healed)


def test_eternal_witch_lord_heals_one_undead_per_enemy_lost() -> None:
    """guardians HEALING, Eternal Witch Lord (heals undead, limit enemy-lost): two Zombies
    are beaten and the enemy lost one creature (the Swordsman), so one Zombie is healed."""
    attackers = ["Zombie", "Zombie", "Eternal Witch Lord", "Sun Spirit"]
    t = Table(face_off(attackers, ["Sun Spirit", "Sun Spirit", "Swordsman"]))
    combat_start(t)
    zombies = card_of(1, "Zombie"), card_of(1, "Zombie", 2)
    lay(t, zombies[0], card_of(2, "Sun Spirit"))
    both_pass(t)
    lay(t, zombies[1], card_of(2, "Sun Spirit", 2))
    both_pass(t)
    lay(t, card_of(1, "Eternal Witch Lord"), card_of(2, "Swordsman"))
    both_pass(t)
    to_healing(t)
    assert t.of(CombatResolved)[-1].winner == 1
    witch = card_of(1, "Eternal Witch Lord")
    assert heals_offered(t, 1) == [Heal(seat=1, healer=witch, card=z) for z in zombies]
    t.play(Heal(seat=1, healer=witch, card=zombies[1]))
    assert [h.card for h in t.of(Healed)] == [zombies[1]]
    assert t.state.combat is None or t.state.combat.stage != "heal"


def test_arwyddyn_heals_a_spirit_for_a_stone() -> None:
    """guardians HEALING, Arwyddyn (heals spirit, 1 Power Stone): the heal costs a stone,
    and a seat without one is offered no heal."""
    state = face_off(["Ice Spirit", "Arwyddyn", "Sun Spirit"], ["Moon Spirit"])
    t = Table(state)
    combat_start(t)
    lay(t, card_of(1, "Ice Spirit"), card_of(2, "Moon Spirit"))
    both_pass(t)
    to_healing(t)
    arwyddyn, ice = card_of(1, "Arwyddyn"), card_of(1, "Ice Spirit")
    poor = t.state.with_player(1, stones=0)
    assert not heals_offered(Table(poor), 1)
    with pytest.raises(RuleViolation, match="guardians HEALING"):
        Table(poor).play(Heal(seat=1, healer=arwyddyn, card=ice))
    stones = t.state.player(1).stones
    t.play(Heal(seat=1, healer=arwyddyn, card=ice))
    [spent] = t.of(StonesSpent)[-1:]
    assert (spent.count, spent.rule) == (1, "guardians HEALING")
    assert t.state.player(1).stones == stones - 1 and [h.card for h in t.of(Healed)] == [ice]


def test_the_altar_of_takuli_in_the_stack_heals_for_a_stone() -> None:
    """guardians HEALING, Altar of Takuli (a creature Magic Item; heals any creature, 1 Power
    Stone): riding in the winner's stack, it heals the beaten Swordsman."""
    t = Table(face_off(["Swordsman", "Sun Spirit", "Altar of Takuli"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    both_pass(t)
    to_healing(t)
    altar, swordsman = card_of(1, "Altar of Takuli"), card_of(1, "Swordsman")
    assert heals_offered(t, 1) == [Heal(seat=1, healer=altar, card=swordsman)]
    t.play(Heal(seat=1, healer=altar, card=swordsman))
    assert t.of(StonesSpent)[-1].count == 1 and [h.healer for h in t.of(Healed)] == [altar]


# ---------------------------------------------------------------- upgrades


def test_the_flame_cannon_fires_instead_of_a_command_card() -> None:
    """guardians Text Box, AOE attacks, Flame Cannon (fired-aoe 3 fire, per-extra-stone 2):
    beside c1 it covers the lands of column c; fired for 3 stones it is a 7 pt. fire AOE,
    which discards the defender's Cabin Boy (4) and Howling Reaver (5) but not the
    Snogwart (8)."""
    state = face_off(["Axeman"], ["Cabin Boy", "Howling Reaver", "Snogwart"], attacker_space="c2", defender_space="c3")
    cannon = "1.re-flame-cannon#1"
    t = Table(replace(state, zones={**state.zones, "1:upgrade:c1": (cannon,)}))
    t.play(Step(seat=1, to="c3"))
    assert FireIdol(seat=1, stones=3) in legal_commands(t.state, 1)
    t.play(FireIdol(seat=1, stones=3))
    [spent], [fired] = t.of(StonesSpent), t.of(IdolFired)
    assert (spent.count, spent.reason, spent.rule) == (3, "Flame Cannon fired", "guardians Text Box (Flame Cannon)")
    assert (fired.idol, fired.amount, fired.rule) == (cannon, 7, "guardians Text Box (Flame Cannon)")
    t.play(DeclareCommand(seat=2, play=False))
    combat = t.state.combat
    assert combat is not None and t.state.player(1).stones == 4
    assert set(combat.defender.destroyed) == {card_of(2, "Cabin Boy"), card_of(2, "Howling Reaver")}


def test_the_flame_cannon_covers_only_its_column_and_costs_what_its_seat_has() -> None:
    """guardians Text Box, Flame Cannon: beside c1 it is not fired in a combat on b3, and on
    c3 not for more stones than its seat has (7)."""
    cannon = {"1:upgrade:c1": ("1.re-flame-cannon#1",)}
    state = face_off(["Axeman"], ["Cabin Boy"])
    t = Table(replace(state, zones={**state.zones, **cannon}))
    t.play(Step(seat=1, to="b3"))
    with pytest.raises(RuleViolation, match="no upgrade to fire"):
        t.play(FireIdol(seat=1, stones=1))
    state = face_off(["Axeman"], ["Cabin Boy"], attacker_space="c2", defender_space="c3")
    t = Table(replace(state, zones={**state.zones, **cannon}))
    t.play(Step(seat=1, to="c3"))
    with pytest.raises(RuleViolation, match="fire it with 1 to 7 Power Stones"):
        t.play(FireIdol(seat=1, stones=8))


def test_spikey_crenellations_close_every_stronghold_space_to_fliers() -> None:
    """guardians STRONGHOLDS, Other placement, Spikey Crenellations (no-flying-in
    "strongholds"): beside seat 2's c4, they keep a flying Shield out of b4 as well; a
    walking Shield still attacks there, and seat 2's flier may fly out of its own space."""
    ox10, ox11 = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1"
    spikes = {"2:upgrade:c4": ("2.di-spikey-crenellations#1",)}
    zones = {"1:shields": (ox10,), f"1:shield:{ox10}": instances(1, ["Floyd the Flying Pig"]),
             "2:on:b4": instances(2, ["Archer"]), **spikes}
    t = Table(table(phase=MOVEMENT, zones=zones, shields=(Shield(ox10, 1, "b3"),), active=1))
    t.play(TurnShield(seat=1, shield=ox10))
    assert Step(seat=1, to="b4", fly=True) not in GAME.legal_commands(t.state, 1)
    with pytest.raises(RuleViolation, match=r"guardians Movement: no flying into.*Spikey Crenellations"):
        t.play(Step(seat=1, to="b4", fly=True))
    t.play(Step(seat=1, to="b4"))
    home = {"2:shields": (ox11,), f"2:shield:{ox11}": instances(2, ["Floyd the Flying Pig"]), **spikes}
    leaving = Table(table(phase=MOVEMENT, zones=home, shields=(Shield(ox11, 2, "b4"),), active=2))
    leaving.play(TurnShield(seat=2, shield=ox11))
    leaving.play(Step(seat=2, to="b3", fly=True))
    assert leaving.state.shield(ox11) == Shield(ox11, 2, "b3", turned=True, came_from="b4")


# ---------------------------------------------------------------- stronghold cards

NECROPOLIS = ("np-necropolis-park-l", "np-necropolis-park-c", "np-necropolis-park-r")


def test_necropolis_park_sends_its_owners_lost_undead_to_the_creature_pen() -> None:
    """guardians STRONGHOLDS, COMBAT RESOLUTION, Necropolis Park C (lost-to-pen undead):
    the Sun Spirit beats the Zombie defending the park (+3), and the Zombie goes to seat
    2's Creature Pen, not its discard pile."""
    state = face_off(["Sun Spirit"], ["Zombie"], attacker_space="b3", defender_space="b4")
    t = Table(state.with_player(2, stronghold=NECROPOLIS))
    combat_start(t)
    lay(t, card_of(1, "Sun Spirit"), card_of(2, "Zombie"))
    both_pass(t)
    to_healing(t)
    zombie = card_of(2, "Zombie")
    [penned] = [e for e in t.of(CardsMoved) if zombie in e.cards]
    assert (penned.to_zone, penned.rule) == (PEN, "guardians Text Box (Necropolis Park C)")
    assert zombie in t.state.zone(2, PEN)
