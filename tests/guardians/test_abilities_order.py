"""Match-up order, swaps, returns to the Combat Hand and guesses (issue 30, wave 6b). One
test per ability kind, each with a card that has it (guardians Text Box; PRIMARY ATTACKS
for the match-ups; COMBAT RESOLUTION for what counts; BRIBERY's example for a creature
left unchallenged)."""

from __future__ import annotations

from domain.games.guardians.messages import CombatResolved, CreatureStatus, EffectApplied, MatchupResolved
from domain.games.guardians.state import combat_now, hand
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_texts import both_pass, lay


def test_minx_goes_back_to_the_hand_facing_a_babes_bribable_creature() -> None:
    """returns-to-hand, when match-up, target bribe:babes (The Minx): facing Doomwing it
    goes back to its Combat Hand unfought, Doomwing is left unchallenged (and counts for
    control), and the Minx is laid again in the next match-up."""
    table = Table(face_off(["The Minx"], ["Doomwing", "Wild Nymph"]))
    commands(table)
    minx, doomwing, nymph = card_of(1, "The Minx"), card_of(2, "Doomwing"), card_of(2, "Wild Nymph")
    lay(table, minx, doomwing)
    (back,) = [e for e in table.of(CreatureStatus) if e.status == "hand"]
    assert (back.card, back.by) == (minx, minx)
    (left,) = [e for e in table.of(EffectApplied) if e.effect == "unchallenged"]
    assert left.cards == (doomwing,)
    assert not table.of(MatchupResolved)
    combat = combat_now(table.state)
    assert minx in hand(table.state, combat.attacker) and minx not in combat.attacker.played
    lay(table, minx, nymph)  # a gold-bribable opponent: this match-up is fought
    assert both_pass(table).outcome == "defender"  # the Nymph's 4 + off-color 1 beats 4
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total) == (0, 14 + 4)  # Doomwing, unchallenged, counts


def test_postal_worker_goes_back_to_the_hand_when_it_beats_and_its_opponent_stands() -> None:
    """returns-to-hand, when beats (Disgruntled Postal Worker): it beats the Wild Nymph, goes
    back to its Combat Hand (its damage gone), and the Nymph is not beaten but left
    unchallenged; laid again, it fights the next match-up as any creature does."""
    table = Table(face_off(["Disgruntled Postal Worker"], ["Wild Nymph", "Ice Spirit"]))
    commands(table)
    worker, nymph = card_of(1, "Disgruntled Postal Worker"), card_of(2, "Wild Nymph")
    lay(table, worker, nymph)
    assert both_pass(table).outcome == "attacker"
    assert [(e.card, e.status) for e in table.of(CreatureStatus)] == [(worker, "hand")]
    (left,) = [e for e in table.of(EffectApplied) if e.effect == "unchallenged"]
    assert (left.source, left.cards) == (worker, (nymph,))
    combat = combat_now(table.state)
    assert worker in hand(table.state, combat.attacker)
    assert nymph not in combat.defender.beaten and not combat.damage
    lay(table, worker, card_of(2, "Ice Spirit"))
    assert both_pass(table).outcome == "defender"  # Ice Spirit 5 + off-color 2 beats 6
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total) == (0, 4 + 5)
