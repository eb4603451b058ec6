"""Match-up order, swaps, attacks on a Command Card or an Up card (issue 30, wave 7b). One
test per ability kind, each with a card that has it (guardians Text Box; PRIMARY ATTACKS for
the match-ups; COMBAT RESOLUTION for what stays on the space)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians.messages import CombatResolved, CreatureStatus, EffectApplied, Pass
from domain.games.guardians.state import UP, GuardiansState, combat_now, hand
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_texts import both_pass, lay


def _fates(table: Table, card: str) -> list[tuple[str, str]]:
    return [(e.status, e.by) for e in table.of(CreatureStatus) if e.card == card]


def test_tangle_webs_beater_is_destroyed_when_its_side_leaves_the_space() -> None:
    """destroys-beater, target space-lost (Tangle Web): the Sand Lord beats it, then the
    attacker loses the combat (Doomwing left in the defender's hand counts 14 against 11),
    so the Sand Lord, which does not stay on the space, is destroyed."""
    table = fight(["Sand Lord"], ["Tangle Web", "Doomwing"])
    lord, web = card_of(1, "Sand Lord"), card_of(2, "Tangle Web")
    assert matchup(table, "Sand Lord", "Tangle Web").outcome == "attacker"
    (marked,) = [e for e in table.of(EffectApplied) if e.effect == "destroys-beater"]
    assert (marked.source, marked.cards) == (web, (lord,))
    table.play(Pass(seat=2))  # no secondary attack
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (11, 14, 2)
    assert _fates(table, lord) == [("destroyed", web)]


def test_tangle_webs_beater_is_spared_when_its_side_takes_the_space() -> None:
    """destroys-beater (Tangle Web): the Sand Lord's side wins the land and stays on it."""
    table = fight(["Sand Lord"], ["Tangle Web"])
    lord = card_of(1, "Sand Lord")
    assert matchup(table, "Sand Lord", "Tangle Web").outcome == "attacker"
    assert table.of(CombatResolved)[0].winner == 1
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "destroys-beater"] == [(lord,)]
    assert _fates(table, lord) == []


def _with_up(state: GuardiansState, seat: int, name: str) -> GuardiansState:
    """The position with the seat's Up card turned: a card of that name."""
    return replace(state, zones={**state.zones, f"{seat}:{UP}": (card_of(seat, name, 9),)})


def test_medallion_of_skyphos_takes_a_small_up_card_into_the_combat_hand() -> None:
    """takes-up, target small, when command (Medallion of Skyphos, a Hand Item played as the
    Command Card): the seat's Up card, a small creature, joins its Combat Hand and fights; the
    Medallion becomes the Up card (guardians COMBAT: a Hand Item as a Command Card)."""
    state = face_off(["Swordsman"], ["Devil Dog", "Ice Spirit"], attacker_storage=["Medallion of Skyphos"])
    table = Table(_with_up(state, 1, "Wild Nymph"))
    medallion, nymph = card_of(1, "Medallion of Skyphos"), card_of(1, "Wild Nymph", 9)
    commands(table, attacker=medallion)
    assert table.state.zone(1, UP) == (medallion,)
    combat = combat_now(table.state)
    assert nymph in hand(table.state, combat.attacker)
    lay(table, nymph, card_of(2, "Ice Spirit"))
    assert both_pass(table).attacker_card == nymph


def test_medallion_of_skyphos_leaves_a_large_up_card() -> None:
    """takes-up, target small (Medallion of Skyphos): a large Up card stays where it is."""
    state = face_off(["Swordsman"], ["Devil Dog"], attacker_storage=["Medallion of Skyphos"])
    table = Table(_with_up(state, 1, "Doomwing"))
    commands(table, attacker=card_of(1, "Medallion of Skyphos"))
    assert table.state.zone(1, UP) == (card_of(1, "Doomwing", 9),)
