"""Match-up order, swaps, returns to the Combat Hand and guesses (issue 30, wave 6b). One
test per ability kind, each with a card that has it (guardians Text Box; PRIMARY ATTACKS
for the match-ups; COMBAT RESOLUTION for what counts; BRIBERY's example for a creature
left unchallenged)."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    ChoiceOffered,
    Choose,
    CombatResolved,
    CreatureStatus,
    EffectApplied,
    MatchupResolved,
    MatchupRevealed,
    Pass,
    PlayCreature,
    Term,
)
from domain.games.guardians.state import combat_now, hand
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_texts import both_pass, lay, refuses


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


def _no_bribes(table: Table) -> None:
    """Neither seat bribes in the match-up just shown."""
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))


def test_jalupee_lobo_guesses_the_enemy_size_before_the_match_up_is_shown() -> None:
    """guess, target self:size, when command (Jalupee Lobo): once both creatures are laid and
    before they are shown, Lobo's seat guesses the enemy creature's size; right, its own
    creature gets +2 for the match-up; wrong, nothing (guardians PRIMARY ATTACKS: the
    match-up cards are laid face down, then shown)."""
    table = Table(face_off(["Jalupee Lobo", "Swordsman", "Archer"], ["Devil Dog", "Wild Nymph"]))
    lobo, swordsman, dog = card_of(1, "Jalupee Lobo"), card_of(1, "Swordsman"), card_of(2, "Devil Dog")
    commands(table, attacker=lobo)
    table.play(PlayCreature(seat=1, card=swordsman))
    table.play(PlayCreature(seat=2, card=dog))
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.source, offered.options) == (1, lobo, ("guess:S", "guess:M", "guess:L"))
    assert not table.of(MatchupRevealed)  # still face down while the guess waits
    assert legal_commands(table.state, 1) == [Choose(seat=1, option=o) for o in offered.options]
    refuses(table, Choose(seat=2, option="guess:M"), "seat 1 chooses now")
    table.play(Choose(seat=1, option="guess:M"))  # the Devil Dog is medium: right
    (won,) = [e for e in table.of(EffectApplied) if e.effect == "guess"]
    assert (won.source, won.cards, won.amount, won.note) == (lobo, (swordsman,), 2, "M")
    assert table.of(MatchupRevealed)[0].attacker_card == swordsman
    _no_bribes(table)
    resolved = both_pass(table)
    assert Term("Jalupee Lobo (guess)", 2) in resolved.attacker_terms
    assert resolved.attacker_total == 6 + 3 + 2  # Vitality, off-color bonus, the guess
    table.play(PlayCreature(seat=1, card=card_of(1, "Archer")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Wild Nymph")))
    table.play(Choose(seat=1, option="guess:L"))  # the Nymph is small: wrong
    _no_bribes(table)
    assert [e.amount for e in table.of(EffectApplied) if e.effect == "guess"] == [2, 0]
    assert not any(t.source.endswith("(guess)") for t in both_pass(table).attacker_terms)


def test_sphinx_gives_its_creature_three_when_the_enemy_guesses_its_border_wrong() -> None:
    """guess, target enemy:type, when command (Sphinx, the defender's Command Card): the
    attacker guesses the border of the defender's creature laid; wrong, it gets +3."""
    table = Table(face_off(["Swordsman"], ["Sphinx", "Wraith"]))
    sphinx, wraith = card_of(2, "Sphinx"), card_of(2, "Wraith")
    commands(table, defender=sphinx)
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    table.play(PlayCreature(seat=2, card=wraith))
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.options) == (1, ("guess:mortal", "guess:elemental", "guess:external"))
    table.play(Choose(seat=1, option="guess:mortal"))  # the Wraith is an External: wrong
    _no_bribes(table)
    resolved = both_pass(table)
    assert Term("Sphinx (guess)", 3) in resolved.defender_terms
    assert resolved.defender_total == 8 + 3


def test_wheel_of_law_makes_both_seats_lay_from_the_lowest_vitality_up() -> None:
    """lays-first, target both:lowest, when command (Wheel of Law, a creature Magic Item
    played as the Command Card): each seat's primary attacker must be one of the lowest base
    Vitality left in its Combat Hand, the enemy's and its own seat's alike."""
    table = Table(face_off(["Wheel of Law", "Swordsman", "Wild Nymph"], ["Devil Dog", "Gn'Omish Gnomes", "Ice Spirit"]))
    commands(table, attacker=card_of(1, "Wheel of Law"))
    refuses(table, PlayCreature(seat=1, card=card_of(1, "Swordsman")), "lowest base Vitality")
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Devil Dog")), "lowest base Vitality")
    assert [c for c in legal_commands(table.state, 2) if isinstance(c, PlayCreature)] == [
        PlayCreature(seat=2, card=card_of(2, "Gn'Omish Gnomes"))
    ]
    lay(table, card_of(1, "Wild Nymph"), card_of(2, "Gn'Omish Gnomes"))
    both_pass(table)
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Devil Dog")), "Wheel of Law")
    table.play(PlayCreature(seat=2, card=card_of(2, "Ice Spirit")))  # 5 before 6
