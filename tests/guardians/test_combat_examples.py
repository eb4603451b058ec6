"""The rulebook's worked combat examples (guardians COMBAT EXAMPLES: example 1 and
2a-2d, and the Sand Lord against the Swordsman of guardians Off-Color Bonus and
Ranged Attacks), played through decide with their printed totals."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.games.guardians.messages import (
    CardsMoved,
    Channel,
    ChooseCommand,
    CombatResolved,
    DeclareCommand,
    DestroyShield,
    MatchupResolved,
    Pass,
    PlayCard,
    PlayCreature,
    PlayRanged,
    Retreat,
    SecondaryResolved,
    Step,
)
from domain.games.guardians.state import members
from domain.kernel import Command, RuleViolation
from tests.guardians.support import Table, card_of, face_off, through_spells
from tests.kit import of

CHRIS = ["Super Model", "Snogwart", "Archer", "Wraith", "Wild Nymph"]
BILL = ["Floyd the Flying Pig", "Ugly Wart Fiend", "Baal-a-Gog", "Devil Dog", "Ice Spirit", "Gn'Omish Gnomes"]


def matchup(table: Table, attacker: str, defender: str, *, a_extra: Sequence[Command] = ()) -> MatchupResolved:
    table.play(PlayCreature(seat=1, card=attacker))
    table.play(PlayCreature(seat=2, card=defender))
    table.play(Pass(seat=1))  # no bribe
    table.play(Pass(seat=2))
    through_spells(table)
    if table.state.combat is not None and table.state.combat.stage == "modify":
        for command in a_extra:
            table.play(command)
            table.play(Pass(seat=2))
        table.play(Pass(seat=1))
        if table.state.combat is not None and table.state.combat.stage == "modify":
            table.play(Pass(seat=2))
    resolved = table.of(MatchupResolved)
    return resolved[-1]


def example_1() -> Table:
    """Chris attacks Bill in the Swamps (guardians COMBAT EXAMPLES, example 1), up to
    Bill's retreat, checking the example's numbers on the way."""
    table = Table(
        face_off(
            CHRIS,
            BILL,
            terrain_name="Swamp",
            attacker_guardian="tes let",
            attacker_storage=["Vitales Dark Cloud"],
            defender_storage=["Dispel Magic"],
        )
    )
    table.play(Step(seat=1, to="b3"))
    table.play(DeclareCommand(seat=1, play=True))
    table.play(DeclareCommand(seat=2, play=True))
    vitales, floyd = card_of(1, "Vitales Dark Cloud"), card_of(2, "Floyd the Flying Pig")
    table.play(ChooseCommand(seat=1, card=vitales))
    table.play(ChooseCommand(seat=2, card=floyd))
    table.play(Pass(seat=1))
    table.play(PlayCard(seat=2, card=card_of(2, "Dispel Magic"), target=vitales))  # Vitales fizzles
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    combat = table.state.combat
    assert combat is not None and not combat.attacker.command_live and combat.defender.boosts == ((floyd, 2),)
    assert floyd in combat.defender.destroyed  # Floyd is destroyed when used as the Command Card

    nymph = matchup(table, card_of(1, "Wild Nymph"), card_of(2, "Ugly Wart Fiend"))
    assert (nymph.attacker_total, nymph.defender_total, nymph.outcome) == (5, 3, "attacker")  # 4+1 OCB vs 1+2 Floyd
    snog = matchup(table, card_of(1, "Snogwart"), card_of(2, "Devil Dog"))
    assert (snog.attacker_total, snog.defender_total, snog.outcome) == (10, 8, "attacker")  # no Dry Heaps bonus
    wraith = matchup(
        table, card_of(1, "Wraith"), card_of(2, "Ice Spirit"), a_extra=[Channel(seat=1, source="guardian")]
    )
    # 8 + 7 from Tes let's CMP against 5 + 2 OCB + 2 Floyd: the Ice Spirit is immune to Undead, both survive
    assert (wraith.attacker_total, wraith.defender_total, wraith.outcome) == (15, 9, "push")
    assert wraith.defender_damage == 0 and wraith.attacker_damage == 5
    assert table.state.player(1).stones == 6
    matchup(table, card_of(1, "Super Model"), card_of(2, "Baal-a-Gog"))
    combat = table.state.combat
    assert combat is not None and card_of(2, "Baal-a-Gog") in combat.defender.destroyed  # destroyed, not beaten
    archer = matchup(table, card_of(1, "Archer"), card_of(2, "Gn'Omish Gnomes"))
    assert (archer.attacker_total, archer.defender_total, archer.outcome) == (6, 6, "push")
    [resolved] = table.of(CombatResolved)
    # The rulebook prints 30 for Chris, counting the Super Model's stacking number 4;
    # its own resolution rule counts Vitality, 1 (RULES.md).
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (27, 9, 1)
    assert table.state.combat is not None and table.state.combat.stage == "retreat"
    return table


def test_example_1() -> None:
    table = example_1()
    table.play(Retreat(seat=2, to="b4"))
    held = table.state.shield_at("b3")
    assert held is not None and held.seat == 1


def test_a_shield_given_up_shows_the_creatures_it_sends_to_the_discard_pile() -> None:
    """guardians COMBAT RESOLUTION: the loser may destroy its Shield and all in it. The
    discard pile is face up, so the creatures' move is an event of its own (a seat's
    view must never show a card no event showed)."""
    table = example_1()
    shield = table.state.combat.defender.shield if table.state.combat else ""
    inside = table.state.zone(2, members(shield))
    assert inside, "survivors are left in Bill's Shield"
    events = table.play(DestroyShield(seat=2))
    moved = [e for e in of(events, CardsMoved) if e.from_zone == members(shield)]
    assert [(m.cards, m.to_zone) for m in moved] == [(inside, "discard")]
    assert [type(e).__name__ for e in events].index("CardsMoved") < [type(e).__name__ for e in events].index(
        "ShieldDestroyed")


BRIAN = ["Wood Nymph", "Ice Ogre", "Sun Spirit"]
MATT = ["Amber Well", "Gorgal Skag", "Black Lung", "Rock Spirit"]


def example_2(order: list[tuple[str, str]], *, bribe_ogre: bool = False) -> Table:
    table = Table(face_off(BRIAN, MATT, terrain_name="Woods", defender_storage=["Babes"] if bribe_ogre else []))
    table.play(Step(seat=1, to="b3"))
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    for brian, matt in order:
        table.play(PlayCreature(seat=1, card=card_of(1, brian)))
        table.play(PlayCreature(seat=2, card=card_of(2, matt)))
        table.play(Pass(seat=1))
        if bribe_ogre and brian == "Ice Ogre":
            table.play(PlayCard(seat=2, card=card_of(2, "Babes"), target=card_of(1, "Ice Ogre")))
            continue
        table.play(Pass(seat=2))
        through_spells(table)
        if table.state.combat is not None and table.state.combat.stage == "modify":
            table.play(Pass(seat=1))
            table.play(Pass(seat=2))
    return table


def secondary(table: Table, seat: int, name: str, target_seat: int, target: str) -> SecondaryResolved:
    table.play(PlayCreature(seat=seat, card=card_of(seat, name), target=card_of(target_seat, target)))
    table.play(Pass(seat=3 - seat))  # no bribe
    table.play(Pass(seat=seat))  # no channeling
    return table.of(SecondaryResolved)[-1]


def totals(table: Table) -> tuple[int, int, int]:
    resolved = table.of(CombatResolved)[-1]
    assert isinstance(resolved, CombatResolved)
    return resolved.attacker_total, resolved.defender_total, resolved.winner


def test_example_2a() -> None:
    table = example_2([("Wood Nymph", "Amber Well"), ("Ice Ogre", "Gorgal Skag"), ("Sun Spirit", "Black Lung")])
    first, second, third = table.of(MatchupResolved)
    assert (first.attacker_total, first.defender_total) == (11, 4)  # 8 + 3 Woods vs 4
    assert (second.attacker_total, second.defender_total) == (11, 4)  # 9 + 2 OCB vs 4
    assert (third.attacker_total, third.defender_total) == (18, 14)  # 12 + 6 OCB vs 14
    rock = secondary(table, 2, "Rock Spirit", 1, "Sun Spirit")  # 12 vs 14 + 5: no bonus of the Woods is left
    assert (rock.total, rock.damage_before, rock.killed) == (5, 14, True)
    assert totals(table) == (17, 5, 1)  # Brian 17, Matt 5: Matt retreats


def test_example_2b() -> None:
    table = example_2(
        [("Wood Nymph", "Amber Well"), ("Ice Ogre", "Gorgal Skag"), ("Sun Spirit", "Black Lung")], bribe_ogre=True
    )
    combat = table.state.combat
    assert combat is not None and card_of(2, "Gorgal Skag") not in combat.defender.beaten
    secondary(table, 2, "Rock Spirit", 1, "Sun Spirit")
    assert totals(table) == (8, 9, 2)  # Wood Nymph 8 against Rock Spirit and Gorgal Skag 9: Brian retreats


def test_example_2c() -> None:
    table = example_2([("Ice Ogre", "Amber Well"), ("Sun Spirit", "Gorgal Skag"), ("Wood Nymph", "Black Lung")])
    first, second, third = table.of(MatchupResolved)
    assert (first.attacker_total, first.defender_total, first.attacker_damage) == (11, 4, 8)  # Amber Well's +8
    assert (second.attacker_total, second.defender_total) == (12, 4)
    assert (third.attacker_total, third.defender_total, third.outcome) == (11, 14, "defender")
    rock = secondary(table, 2, "Rock Spirit", 1, "Ice Ogre")  # 8 + 5 against 9
    assert (rock.total, rock.damage_before, rock.killed) == (5, 8, True)
    assert totals(table) == (12, 19, 2)  # Brian 12, Matt 19: Matt keeps the space


def test_example_2d() -> None:
    table = example_2([("Ice Ogre", "Rock Spirit"), ("Sun Spirit", "Amber Well"), ("Wood Nymph", "Gorgal Skag")])
    lung = secondary(table, 2, "Black Lung", 1, "Sun Spirit")
    assert lung.killed
    assert totals(table) == (17, 14, 1)  # Wood Nymph and Ice Ogre 17 against Black Lung 14: Matt retreats


def test_sand_lord_and_swordsman_with_an_archer() -> None:
    """Swordsman 6 + 3 OCB + 3 from the Archer's ranged attack beats the Sand Lord's 11
    (guardians Off-Color Bonus, Ranged Attacks); in the Woods no ranged attack is allowed
    and the Sand Lord drops to 5."""
    table = Table(face_off(["Swordsman", "Archer"], ["Sand Lord"], terrain_name="Swamp"))
    table.play(Step(seat=1, to="b3"))
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    resolved = matchup(
        table, card_of(1, "Swordsman"), card_of(2, "Sand Lord"), a_extra=[PlayRanged(seat=1, card=card_of(1, "Archer"))]
    )
    assert (resolved.attacker_total, resolved.defender_total, resolved.outcome) == (12, 11, "attacker")

    woods = Table(face_off(["Swordsman", "Archer"], ["Sand Lord"], terrain_name="Woods"))
    woods.play(Step(seat=1, to="b3"))
    woods.play(DeclareCommand(seat=1, play=False))
    woods.play(DeclareCommand(seat=2, play=False))
    woods.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    woods.play(PlayCreature(seat=2, card=card_of(2, "Sand Lord")))
    woods.play(Pass(seat=1))
    woods.play(Pass(seat=2))
    through_spells(woods)
    with pytest.raises(RuleViolation, match="guardians Ranged Attacks: no ranged attacks on this space"):
        woods.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    woods.play(Pass(seat=1))
    woods.play(Pass(seat=2))
    last = woods.of(MatchupResolved)[-1]
    assert (last.attacker_total, last.defender_total, last.outcome) == (9, 5, "attacker")
