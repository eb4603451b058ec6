"""Reactions: Spells played in answer to the enemy's act, on the answering seat's next
move (reactions.py; casting.py's timings "enemy-ranged" and "enemy-channels"): one
scenario per ability kind with a card that has it (guardians SPELLS, RANGED ATTACKS,
CHANNELING, Text Box; RULES.md, Reactions)."""

from __future__ import annotations

import pytest

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsMoved,
    Channel,
    EffectApplied,
    Pass,
    PlayCard,
    PlayRanged,
    ReactionWindow,
)
from domain.games.guardians.reactions import reaction
from domain.games.guardians.state import DISCARD, lookup
from domain.kernel import RuleViolation, replace
from tests.guardians.support import Table, card_of, face_off, instances
from tests.guardians.test_texts import combat_start, lay


def fired(storage: str) -> tuple[Table, str, str, str]:
    """Seat 1's Archer fires (its points add to seat 1's Swordsman, against seat 2's
    Axeman), and seat 2 holds `storage`: the table, the card held, the Swordsman and the
    Axeman."""
    t = Table(face_off(["Swordsman", "Archer"], ["Axeman"], defender_storage=[storage]))
    combat_start(t)
    swordsman, axeman = card_of(1, "Swordsman"), card_of(2, "Axeman")
    lay(t, swordsman, axeman)
    t.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    return t, card_of(2, storage), swordsman, axeman


def support(t: Table, creature: str) -> int:
    assert t.state.combat is not None
    return lookup(t.state.combat.support, creature)


def test_a_ranged_attack_opens_a_window_whatever_the_enemy_holds() -> None:
    """RULES.md, Reactions: every ranged attack says its window, so that it tells nothing;
    the enemy's next move is its move anyway, and any move closes the window."""
    t, _, swordsman, _ = fired("Dispel Magic")
    [window] = t.of(ReactionWindow)
    assert (window.when, window.seat, window.into, window.actor) == ("enemy-ranged", 1, swordsman, 2)
    found = reaction(t.state)
    assert found is not None and (found.source, found.amount) == (card_of(1, "Archer"), window.amount)
    t.play(Pass(seat=2))
    assert reaction(t.state) is None and t.state.window == ""


def test_seraphim_cancels_the_ranged_attack_and_bars_more() -> None:
    """guardians RANGED ATTACKS, Seraphim (play enemy-ranged, cancel-ranged, no-ranged
    opponent): the Archer's attack is cancelled, seat 1 fires no more in this combat, and
    the window goes on with seat 1."""
    t, seraphim, swordsman, _ = fired("Seraphim")
    assert support(t, swordsman) > 0
    assert PlayCard(seat=2, card=seraphim) in legal_commands(t.state, 2)
    t.cast(PlayCard(seat=2, card=seraphim))
    assert support(t, swordsman) == 0
    assert t.state.combat is not None and t.state.combat.no_ranged == (1,)
    assert t.state.combat.actor == 1 and t.state.window == ""
    [cancel] = [e for e in t.of(EffectApplied) if e.effect == "ranged-change"]
    assert cancel.rule == "guardians Text Box (Seraphim)" and cancel.cards == (swordsman,)


def test_seraphim_waits_for_a_ranged_attack() -> None:
    """Seraphim answers only the move right after the enemy's ranged attack: once seat 2
    has moved, the window is gone."""
    t = Table(face_off(["Swordsman", "Archer"], ["Axeman"], defender_storage=["Seraphim"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    t.play(Pass(seat=1))
    seraphim = card_of(2, "Seraphim")
    assert PlayCard(seat=2, card=seraphim) not in legal_commands(t.state, 2)
    with pytest.raises(RuleViolation, match="Seraphim answers the enemy's ranged attack"):
        t.play(PlayCard(seat=2, card=seraphim))


def test_heisenburgs_missiles_turn_the_attack_on_its_own_side() -> None:
    """guardians RANGED ATTACKS, Heisenburg's Missiles (redirect-ranged): the Archer's
    points leave the Swordsman and go to the Axeman, as if seat 2 had fired them."""
    t, missiles, swordsman, axeman = fired("Heisenburg's Missiles")
    points = support(t, swordsman)
    t.cast(PlayCard(seat=2, card=missiles))
    assert (support(t, swordsman), support(t, axeman)) == (0, points)


def channeled(storage: str, source: str = "guardian") -> tuple[Table, str, str]:
    """Seat 1 channels into its Wraith (from `source`), and seat 2 holds `storage`."""
    state = face_off(["Wraith"], ["Archer"], defender_storage=[storage])
    if source != "guardian":
        state = replace(state, zones={**state.zones, "1:under:a1": instances(1, [source])})
    t = Table(state)
    combat_start(t)
    wraith = card_of(1, "Wraith")
    lay(t, wraith, card_of(2, "Archer"))
    t.play(Channel(seat=1, source="guardian" if source == "guardian" else card_of(1, source)))
    return t, card_of(2, storage), wraith


def channel_into(t: Table, creature: str) -> int:
    assert t.state.combat is not None
    return lookup(t.state.combat.channel, creature)


def test_energy_eater_subtracts_the_guardians_channeling() -> None:
    """guardians CHANNELING, Energy Eater (play enemy-channels, reverse-channeling): Rak
    Nam's 9 into the Wraith is taken off instead: -9."""
    t, eater, wraith = channeled("Energy Eater")
    assert channel_into(t, wraith) == 9
    t.cast(PlayCard(seat=2, card=eater))
    assert channel_into(t, wraith) == -9


def test_energy_eater_answers_only_a_guardian() -> None:
    """Energy Eater's text names the Guardian's channeling: a channeler's is not its to answer."""
    t, eater, _ = channeled("Energy Eater", source="Eternal Witch Lord")
    assert PlayCard(seat=2, card=eater) not in legal_commands(t.state, 2)
    with pytest.raises(RuleViolation, match="Guardian"):
        t.play(PlayCard(seat=2, card=eater))


def test_magic_feedback_destroys_the_channeler_and_cancels_it() -> None:
    """guardians CHANNELING, Magic Feedback (cancel-channeling): the Eternal Witch Lord
    that channeled 2 into the Wraith is destroyed, and the 2 are gone."""
    t, feedback, wraith = channeled("Magic Feedback", source="Eternal Witch Lord")
    witch = card_of(1, "Eternal Witch Lord")
    assert channel_into(t, wraith) == 2
    t.cast(PlayCard(seat=2, card=feedback))
    assert channel_into(t, wraith) == 0
    assert witch in t.state.zone(1, DISCARD)
    [moved] = [e for e in t.of(CardsMoved) if e.cards == (witch,)]
    assert moved.rule == "guardians Text Box (Magic Feedback)"
