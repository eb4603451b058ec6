"""Ranged attacks, channeling and bribery, wave 6c (issue 30): one scenario per ability kind
or extension, each with a card that has it (guardians RANGED ATTACKS, CHANNELING, BRIBERY,
Text Box; RULES.md, Ranged attacks and channeling (wave 6c))."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    Channel,
    Channeled,
    CreatureStatus,
    DeclareCommand,
    EffectApplied,
    Pass,
    PlayRanged,
    RangedFired,
    Step,
    StonesSpent,
)
from domain.games.guardians.state import DISCARD, lookup
from domain.kernel import replace
from tests.guardians.support import Table, card_of, face_off, instances
from tests.guardians.test_abilities_flow import commands, statuses
from tests.guardians.test_texts import both_pass, combat_start, lay, refuses


def support(t: Table, creature: str) -> int:
    assert t.state.combat is not None
    return lookup(t.state.combat.support, creature)


def channeled_into(t: Table, creature: str) -> int:
    assert t.state.combat is not None
    return lookup(t.state.combat.channel, creature)


def test_tavinmoor_adds_the_printed_points_of_the_attacks_fired_before_it() -> None:
    """ranged-sum (Tavinmoor, First Called: 5 pt.): fired after the Archer's 3 in the same
    match-up, it strikes for 5 + 3; the Archer's own attack is not changed."""
    t = Table(face_off(["Swordsman", "Archer", "Tavinmoor, First Called"], ["Axeman"]))
    combat_start(t)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    archer, tavinmoor = card_of(1, "Archer"), card_of(1, "Tavinmoor, First Called")
    t.play(PlayRanged(seat=1, card=archer))
    t.play(Pass(seat=2))
    t.play(PlayRanged(seat=1, card=tavinmoor))
    assert [(e.card, e.amount) for e in t.of(RangedFired)] == [(archer, 3), (tavinmoor, 5 + 3)]
    (added,) = [e for e in t.of(EffectApplied) if e.effect == "ranged-sum"]
    assert (added.source, added.amount, added.cards) == (tavinmoor, 3, (archer,))
    assert added.rule == "guardians Text Box (Tavinmoor, First Called)"
    assert support(t, swordsman) == 3 + 8


def test_tavinmoor_fired_first_adds_nothing() -> None:
    """ranged-sum counts only the attacks fired before it in this match-up."""
    t = Table(face_off(["Swordsman", "Tavinmoor, First Called"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    t.play(PlayRanged(seat=1, card=card_of(1, "Tavinmoor, First Called")))
    assert [e.amount for e in t.of(RangedFired)] == [5]
    assert not [e for e in t.of(EffectApplied) if e.effect == "ranged-sum"]


def test_drizzle_bones_attack_makes_its_side_destroy_the_creature_it_beats() -> None:
    """destroys-beaten, when fired (Drizzle Bone the Hack): its attack has no points; the
    Axeman (7) beaten by seat 1's Wraith (8) is destroyed, by its text."""
    t = Table(face_off(["Wraith", "Drizzle Bone the Hack"], ["Axeman"]))
    combat_start(t)
    axeman = card_of(2, "Axeman")
    lay(t, card_of(1, "Wraith"), axeman)
    drizzle = card_of(1, "Drizzle Bone the Hack")
    assert PlayRanged(seat=1, card=drizzle) in legal_commands(t.state, 1)
    t.play(PlayRanged(seat=1, card=drizzle))
    assert [e.amount for e in t.of(RangedFired)] == [0]
    t.play(Pass(seat=2))
    t.play(Pass(seat=1))
    (fate,) = [e for e in t.of(CreatureStatus) if e.card == axeman]
    assert (fate.status, fate.rule) == ("destroyed", "guardians Text Box (Drizzle Bone the Hack)")


def test_without_drizzle_bone_the_beaten_creature_is_only_beaten() -> None:
    """The same match-up with no ranged attack: the Axeman is beaten, not destroyed."""
    t = Table(face_off(["Wraith", "Drizzle Bone the Hack"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Wraith"), card_of(2, "Axeman"))
    both_pass(t)
    assert statuses(t)[card_of(2, "Axeman")] == "beaten"


def test_schneebolt_fires_only_to_cancel_the_enemys_ranged_attack() -> None:
    """cancel-ranged, when enemy-ranged, on a creature (Schneebolt): its ranged attack is
    fired only on the move right after the enemy's, and cancels it."""
    t = Table(face_off(["Swordsman", "Archer"], ["Axeman", "Schneebolt"]))
    combat_start(t)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    schneebolt = card_of(2, "Schneebolt")
    t.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    assert support(t, swordsman) == 3
    assert PlayRanged(seat=2, card=schneebolt) in legal_commands(t.state, 2)
    t.play(PlayRanged(seat=2, card=schneebolt))
    assert support(t, swordsman) == 0
    (cancel,) = [e for e in t.of(EffectApplied) if e.effect == "ranged-change"]
    assert (cancel.rule, cancel.amount, cancel.cards) == ("guardians Text Box (Schneebolt)", -3, (swordsman,))


def test_schneebolt_waits_for_an_enemy_ranged_attack() -> None:
    """With no enemy ranged attack just fired, Schneebolt may not fire."""
    t = Table(face_off(["Swordsman", "Archer"], ["Axeman", "Schneebolt"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    t.play(Pass(seat=1))
    schneebolt = card_of(2, "Schneebolt")
    assert PlayRanged(seat=2, card=schneebolt) not in legal_commands(t.state, 2)
    refuses(t, PlayRanged(seat=2, card=schneebolt), "answers the enemy's ranged attack")


def _witch_channels(defender: str) -> tuple[Table, str, str]:
    """Seat 1's Eternal Witch Lord, under its stronghold, channels 2 into its Wraith; seat 2
    holds `defender` in its Combat Hand."""
    state = face_off(["Wraith"], ["Archer", defender])
    state = replace(state, zones={**state.zones, "1:under:a1": instances(1, ["Eternal Witch Lord"])})
    t = Table(state)
    combat_start(t)
    wraith = card_of(1, "Wraith")
    lay(t, wraith, card_of(2, "Archer"))
    return t, wraith, card_of(1, "Eternal Witch Lord")


def test_longshot_louie_destroys_a_channeler_that_just_channeled() -> None:
    """cancel-channeling, when enemy-channels, on a creature (Longshot Louie): fired right
    after a channeler's channeling, the channeler is destroyed and its points taken back."""
    t, wraith, witch = _witch_channels("Longshot Louie")
    t.play(Channel(seat=1, source=witch))
    assert channeled_into(t, wraith) == 2
    louie = card_of(2, "Longshot Louie")
    t.play(PlayRanged(seat=2, card=louie))
    assert channeled_into(t, wraith) == 0
    assert witch in t.state.zone(1, DISCARD)


def test_longshot_louie_does_not_answer_a_guardian() -> None:
    """A Guardian is no creature: Longshot Louie does not answer its channeling."""
    t, _, _ = _witch_channels("Longshot Louie")
    t.play(Channel(seat=1, source="guardian"))
    louie = card_of(2, "Longshot Louie")
    assert PlayRanged(seat=2, card=louie) not in legal_commands(t.state, 2)
    refuses(t, PlayRanged(seat=2, card=louie), "not by a Guardian")


def test_harkin_channels_into_a_creature_once() -> None:
    """channels-once (Harkin, Spreader of the Wealth: 6 at most): the Guardian's 6 go into the
    Wraith; a second channeling into it, from any source, is refused."""
    state = face_off(["Wraith"], ["Archer"], attacker_guardian="harkin")
    state = replace(state, zones={**state.zones, "1:under:a1": instances(1, ["Eternal Witch Lord"])})
    t = Table(state)
    combat_start(t)
    wraith = card_of(1, "Wraith")
    lay(t, wraith, card_of(2, "Archer"))
    t.play(Channel(seat=1, source="guardian"))
    assert [e.amount for e in t.of(Channeled)] == [6]
    t.play(Pass(seat=2))
    for source in ("guardian", card_of(1, "Eternal Witch Lord")):
        assert Channel(seat=1, source=source) not in legal_commands(t.state, 1)
        refuses(t, Channel(seat=1, source=source), "once in a combat")


def test_rocks_at_rhuadan_lets_only_guardians_channel_and_for_3_less() -> None:
    """channeling-only-from and cmp-bonus on a terrain card (Rocks at Rhuadan): in a combat on
    its land a channeler may not channel, and Rak Nam's 9 comes as 6."""
    state = face_off(["Wraith"], ["Archer"], terrain_name="Rocks at Rhuadan")
    state = replace(state, zones={**state.zones, "1:under:a1": instances(1, ["Eternal Witch Lord"])})
    t = Table(state)
    combat_start(t)
    wraith = card_of(1, "Wraith")
    lay(t, wraith, card_of(2, "Archer"))
    refuses(t, Channel(seat=1, source=card_of(1, "Eternal Witch Lord")), "only from guardian")
    t.play(Channel(seat=1, source="guardian"))
    assert [e.amount for e in t.of(Channeled)] == [9 - 3]
    (change,) = [e for e in t.of(EffectApplied) if e.effect == "cmp-bonus"]
    assert change.amount == -3 and change.source.endswith("np-rocks-at-rhuadan#9")


def test_mchooters_distraction_costs_a_stone_and_sets_aside_the_babes_bribables() -> None:
    """sits-out bribe:babes and costs-stones on a Command Card Spell (McHooter's
    Distraction): the stone is paid as the Command Cards are revealed; the creatures
    bribable by Babes, both sides, are set aside."""
    t = Table(face_off(["Corporal", "Swordsman"], ["Baleful Eye", "Axeman"],
                       attacker_storage=["McHooter s Distraction"]))
    mchooter = card_of(1, "McHooter s Distraction")
    commands(t, attacker=mchooter)
    (paid,) = t.of(StonesSpent)
    assert (paid.seat, paid.count, paid.rule) == (1, 1, "guardians Text Box (McHooter s Distraction)")
    assert t.state.player(1).stones == 6
    assert statuses(t) == {card_of(1, "Corporal"): "out", card_of(2, "Baleful Eye"): "out"}


def test_mchooters_distraction_needs_its_stone() -> None:
    """Without a Power Stone it is not a Command Card its seat may play: with no other, the
    seat may not even declare one."""
    state = face_off(["Corporal", "Swordsman"], ["Baleful Eye"], attacker_storage=["McHooter s Distraction"])
    t = Table(state.with_player(1, stones=0))
    enemy = next(s for s in t.state.shields if s.seat == 2)
    t.play(Step(seat=1, to=enemy.space))
    refuses(t, DeclareCommand(seat=1, play=True), "no card you may play as a Command Card")
