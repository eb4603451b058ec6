"""Bribery, ranged attacks, channeling and rolled attacks, wave 7c (issue 30): one scenario
per ability kind or extension, each with a card that has it (guardians BRIBERY, Ranged
Attacks, CHANNELING, Text Box; RULES.md, Bribery, ranged attacks, channeling and rolled
attacks (wave 7c))."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import Channel, Channeled, EffectApplied, Pass, StonesSpent, UseAbility
from domain.games.guardians.state import lookup
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_texts import combat_start, lay, refuses


def support(t: Table, creature: str) -> int:
    assert t.state.combat is not None
    return lookup(t.state.combat.support, creature)


# ---------------------------------------------------------------- channeling


def test_gaar_channels_into_a_creature_that_may_not_receive_for_two_stones() -> None:
    """channels-to-any with an amount, on a Guardian (Gaar, Influencer of the Masses, CMP 5):
    the Swordsman may not receive channeling, yet Gaar's seat channels 5 into it for 2
    Power Stones (guardians CHANNELING)."""
    t = Table(face_off(["Swordsman"], ["Axeman"], attacker_guardian="gaar"))
    combat_start(t)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    t.play(Channel(seat=1, source="guardian"))
    (paid,) = t.of(StonesSpent)
    assert (paid.count, paid.rule) == (2, "guardians Text Box (Gaar, Influencer of the Masses)")
    assert [(e.into, e.amount) for e in t.of(Channeled)] == [(swordsman, 5)]
    assert t.state.player(1).stones == 7 - 2


def test_without_gaar_a_guardian_does_not_channel_into_a_non_receiver() -> None:
    """Rak Nam has no such text: the Swordsman may not receive its channeling."""
    t = Table(face_off(["Swordsman"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    assert Channel(seat=1, source="guardian") not in legal_commands(t.state, 1)
    refuses(t, Channel(seat=1, source="guardian"), "cannot receive channeling")


def test_gaar_needs_two_stones_for_a_non_receiver() -> None:
    """With one Power Stone left, Gaar's channeling into a non-receiver is refused."""
    state = face_off(["Swordsman"], ["Axeman"], attacker_guardian="gaar")
    t = Table(state.with_player(1, stones=1))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    refuses(t, Channel(seat=1, source="guardian"), "costs 2 Power Stones")


def test_randy_creek_regulars_make_your_fairies_take_up_to_the_guardians_cmp() -> None:
    """receivers and max-channeling, when "command" (Randy Creek Regulars as the Command
    Card): the Hair-de-hobbins (a Fairy of 6 that may not receive channeling) takes Rak
    Nam's full 9 (guardians CHANNELING: LIMITS)."""
    t = Table(face_off(["Randy Creek Regulars", "Hair-de-hobbins"], ["Axeman"]))
    commands(t, attacker=card_of(1, "Randy Creek Regulars"))
    fairy = card_of(1, "Hair-de-hobbins")
    lay(t, fairy, card_of(2, "Axeman"))
    t.play(Channel(seat=1, source="guardian"))
    assert [(e.into, e.amount) for e in t.of(Channeled)] == [(fairy, 9)]


def test_randy_creek_regulars_help_only_their_own_side() -> None:
    """The enemy's Fairy gains nothing from seat 1's Regulars."""
    t = Table(face_off(["Randy Creek Regulars", "Axeman"], ["Hair-de-hobbins"]))
    commands(t, attacker=card_of(1, "Randy Creek Regulars"))
    lay(t, card_of(1, "Axeman"), card_of(2, "Hair-de-hobbins"))
    t.play(Pass(seat=1))
    refuses(t, Channel(seat=2, source="guardian"), "cannot receive channeling")


# ---------------------------------------------------------------- ranged attacks fired by a text


def test_handles_orourke_fires_three_points_for_each_stone() -> None:
    """fires-ranged, activated (Handles O'Rourke as the Command Card): each use pays a Power
    Stone and adds a 3 pt. ranged attack to the seat's match-up creature; the enemy's
    reaction window opens after it, as after any ranged attack (guardians Ranged Attacks)."""
    t = Table(face_off(["Handles O'Rourke", "Swordsman"], ["Axeman"]))
    handles = card_of(1, "Handles O'Rourke")
    commands(t, attacker=handles)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    assert UseAbility(seat=1, card=handles) in legal_commands(t.state, 1)
    t.play(UseAbility(seat=1, card=handles))
    assert support(t, swordsman) == 3
    assert t.state.player(1).stones == 6
    assert t.state.combat is not None and t.state.combat.reaction is not None
    assert t.state.combat.reaction.when == "enemy-ranged"
    t.play(Pass(seat=2))
    t.play(UseAbility(seat=1, card=handles))
    assert support(t, swordsman) == 6
    shots = [e for e in t.of(EffectApplied) if e.effect == "ranged-change"]
    assert [(e.rule, e.amount) for e in shots] == [("guardians Text Box (Handles O'Rourke)", 3)] * 2


def test_handles_orourke_does_not_fire_in_the_woods() -> None:
    """No ranged attacks in the Woods (guardians Ranged Attacks): his shots neither."""
    t = Table(face_off(["Handles O'Rourke", "Swordsman"], ["Axeman"], terrain_name="Woods"))
    handles = card_of(1, "Handles O'Rourke")
    commands(t, attacker=handles)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    assert UseAbility(seat=1, card=handles) not in legal_commands(t.state, 1)
    refuses(t, UseAbility(seat=1, card=handles), "no ranged attacks")
