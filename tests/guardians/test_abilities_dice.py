"""Dice abilities (issue 30): amounts rolled once with the game's generator, in the
command's apply, and written into an event, so the totals read them from the state and a
replay needs no generator (DESIGN.md section 3). One test per kind, each with a card that
has it (guardians Text Box, and the section the ability changes)."""

from __future__ import annotations

import re

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.cards import Ability, card, dice_of
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import DeclareCommand, EffectApplied, PlayCreature, Step, Term
from domain.games.guardians.state import Combat, GuardiansState, side
from domain.kernel import replace
from domain.kernel.words import Seats
from tests.guardians.support import Table, card_of, face_off, key
from tests.guardians.test_texts import both_pass, combat_start, lay

DRIFTERS = ("dn-drifters-nexus-stronghold-l", "dn-drifters-nexus-stronghold-c", "dn-drifters-nexus-stronghold-r")


SEATS = Seats(("ann", "bob"))


def told(event: EffectApplied) -> str:
    return GAME.tell_event(event, SEATS)


def rolls(table: Table) -> list[EffectApplied]:
    return [e for e in table.of(EffectApplied) if e.effect.startswith("roll ")]


def faces(roll: EffectApplied) -> list[int]:
    """The dice a roll's note shows, in brackets after the dice rolled."""
    found = re.fullmatch(r"\d+d\d+(?:[+-]\d+)?(?: for .+)? \((?P<faces>[\d, ]+)\)(?:; .+)?", roll.note)
    assert found, roll.note
    return [int(face) for face in found.group("faces").split(", ")]


def test_dice_are_written_count_d_sides() -> None:
    assert dice_of("2d6") == (2, 6) and dice_of("1d20") == (1, 20)
    with pytest.raises(ValueError, match="NdS"):
        dice_of("d6")


@pytest.mark.parametrize(("name", "count"), [("Demorgan the Inciter", 2), ("Initiate of Entropy", 1)])
def test_a_rolled_primary_bonus_is_rolled_once_as_it_is_revealed(name: str, count: int) -> None:
    """primary-bonus with dice (guardians Text Box, PRIMARY ATTACKS): Demorgan adds 2d6 and
    the Initiate 1d6 to its Vitality as a primary attacker, rolled as its match-up is
    revealed; the total reads the number the event put in the state."""
    assert card(key(name)).abilities == (Ability("primary-bonus", when="match-up", dice=f"{count}d6"),)
    me = card_of(1, name)
    seen: set[int] = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        table = Table(face_off([name], ["Idiot"]), seed=seed)
        combat_start(table)
        lay(table, me, card_of(2, "Idiot"))
        [roll] = rolls(table)
        assert (roll.effect, roll.source, roll.cards, roll.seat) == ("roll primary-bonus", me, (me,), 1)
        dice = faces(roll)
        assert len(dice) == count and all(1 <= die <= 6 for die in dice) and roll.amount == sum(dice)
        assert roll.note.startswith(f"{count}d6 (")
        assert side(combat(table.state), 1).boosts == ((me, roll.amount),)
        resolved = both_pass(table)
        assert Term("own text: rolled", roll.amount) in resolved.attacker_terms
        assert resolved.attacker_total == sum(t.value for t in resolved.attacker_terms)
        assert len(rolls(table)) == 1  # once, not again at the resolution
        seen.add(roll.amount)
    assert len(seen) > 1  # the seed decides it


def test_a_creature_that_rolls_as_a_primary_attacker_does_not_as_a_secondary_one() -> None:
    """primary-bonus acts in a primary match-up only (guardians SECONDARY ATTACKS: a
    secondary attacker keeps its own text, and this text is for primary attackers)."""
    table = Table(face_off(["Axeman", "Demorgan the Inciter"], ["Desert Giant"]))
    combat_start(table)
    lay(table, card_of(1, "Axeman"), card_of(2, "Desert Giant"))
    assert both_pass(table).outcome == "defender"
    table.play(PlayCreature(seat=1, card=card_of(1, "Demorgan the Inciter"), target=card_of(2, "Desert Giant")))
    assert combat(table.state).secondary and rolls(table) == []


def test_garuda_rolls_a_d6_for_each_other_disciple_of_its_side_in_play() -> None:
    """bonus-per-yours with dice (guardians Text Box): Garuda Kahn rolls 1d6 for each other
    Disciple of Entropy its side has in play as it is revealed (RULES.md: "in play" is
    its side's table); none, no roll."""
    garuda, initiate = card_of(1, "Garuda Kahn, First Disciple"), card_of(1, "Initiate of Entropy")
    assert card(key("Garuda Kahn, First Disciple")).abilities == (
        Ability("bonus-per-yours", target="disciple of entropy", dice="1d6"),
    )
    table = Table(face_off(["Initiate of Entropy", "Garuda Kahn, First Disciple"], ["Idiot", "Swordsman"]))
    combat_start(table)
    lay(table, initiate, card_of(2, "Idiot"))
    assert both_pass(table).outcome == "attacker"  # 2 + 1d6 against 0: the Initiate stays in play
    lay(table, garuda, card_of(2, "Swordsman"))
    roll = rolls(table)[-1]
    assert (roll.effect, roll.source) == ("roll bonus-per-yours", garuda)
    assert roll.note.startswith("1d6 for 1 other disciple of entropy in play (")
    assert roll.amount == sum(faces(roll)) and 1 <= roll.amount <= 6
    resolved = both_pass(table)
    assert Term("own text: rolled", roll.amount) in resolved.attacker_terms
    assert "rolls 1d6 for 1 other disciple of entropy in play" in told(roll)

    alone = Table(face_off(["Garuda Kahn, First Disciple"], ["Swordsman"]))
    combat_start(alone)
    lay(alone, garuda, card_of(2, "Swordsman"))
    assert rolls(alone) == []
    assert not any(t.source == "own text: rolled" for t in both_pass(alone).attacker_terms)


def on_drifters_nexus(state: GuardiansState) -> GuardiansState:
    return state.with_player(2, stronghold=DRIFTERS)


def test_drifters_nexus_rolls_its_defence_once_before_combat() -> None:
    """defend-bonus with dice (guardians STRONGHOLDS): the Drifter's Nexus stronghold gives
    its defenders 1d6+1 Vitality, rolled once as the combat on it starts and the same for
    every match-up of that combat."""
    assert card(DRIFTERS[1]).abilities == (Ability("defend-bonus", 1, dice="1d6"),)
    state = face_off(["Axeman", "Axeman"], ["Idiot", "Idiot"], attacker_space="b3", defender_space="b4")
    table = Table(on_drifters_nexus(state))
    table.play(Step(seat=1, to="b4"))
    [roll] = rolls(table)
    assert (roll.effect, roll.source, roll.seat, roll.rule) == (
        "roll defend-bonus", DRIFTERS[1], 2, "guardians STRONGHOLDS"
    )
    [die] = faces(roll)
    assert roll.amount == die + 1 and roll.note == f"1d6+1 ({die})"
    assert "Vitality to the creatures defending it" in told(roll)
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    for copy in (1, 2):
        lay(table, card_of(1, "Axeman", copy), card_of(2, "Idiot", copy))
        resolved = both_pass(table)
        assert Term("stronghold", roll.amount) in resolved.defender_terms
        assert Term("stronghold", roll.amount) not in resolved.attacker_terms
    assert len(rolls(table)) == 1


def test_karnis_in_play_and_unbeaten_fixes_every_d6_at_1() -> None:
    """fixes-dice (guardians Text Box): once Karnis the Transcender is on the table and
    unbeaten, every d6 rolled, either side, shows 1, and no number is drawn for it."""
    assert card(key("Karnis the Transcender")).abilities == (Ability("fixes-dice", 1, "d6"),)
    table = Table(face_off(["Karnis the Transcender", "Demorgan the Inciter"], ["Idiot", "Initiate of Entropy"]))
    combat_start(table)
    lay(table, card_of(1, "Karnis the Transcender"), card_of(2, "Idiot"))
    assert both_pass(table).outcome == "attacker"
    lay(table, card_of(1, "Demorgan the Inciter"), card_of(2, "Initiate of Entropy"))
    mine, theirs = rolls(table)
    assert (mine.amount, faces(mine), theirs.amount, faces(theirs)) == (2, [1, 1], 1, [1])
    assert mine.note == "2d6 (1, 1); Karnis the Transcender fixes each die at 1"
    assert "Karnis the Transcender fixes each die at 1" in told(theirs)


def test_a_roll_is_a_fact_replay_needs_no_generator() -> None:
    """DESIGN.md section 3: evolve keeps the rolled amount the event carries."""
    table = Table(face_off(["Demorgan the Inciter"], ["Idiot"]))
    combat_start(table)
    lay(table, card_of(1, "Demorgan the Inciter"), card_of(2, "Idiot"))
    [roll] = rolls(table)
    before = table.state
    changed = replace(roll, amount=roll.amount + 5)
    assert side(combat(evolve(before, changed)), 1).boosts[-1] == (roll.source, roll.amount + 5)


def combat(state: GuardiansState) -> Combat:
    assert state.combat is not None
    return state.combat
