"""Card texts of the strength theme (guardians Text Box, with the section each changes):
what changes a creature's Vitality or an attack's points in combat, and the outcome of
a match-up. One test per ability kind (cards.py), each with a card that has it."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.messages import (
    CreatureStatus,
    EffectApplied,
    MatchupResolved,
    Place,
    PlayCreature,
    PlayRanged,
    RangedFired,
    Term,
)
from domain.games.guardians.state import ORGANIZE
from domain.kernel import RuleViolation
from tests.guardians.support import Table, card_of, face_off, instances, table
from tests.guardians.test_texts import both_pass, combat_start, lay, refuses

SKULL_16 = "1.re-standard-bearer-broms-skull-16#1"
GOBLIN_11 = "2.di-standard-bearer-broms-goblin-11#1"
DRAGON_15 = "2.re-standard-bearer-broms-dragon-15#1"


def fight(attacker: list[str], defender: list[str], **options: str) -> Table:
    """Seat 1 attacks seat 2's Shield; neither plays a Command Card."""
    table = Table(face_off(attacker, defender, **options))
    combat_start(table)
    return table


def matchup(table: Table, attacker: str, defender: str, copies: tuple[int, int] = (1, 1)) -> MatchupResolved:
    lay(table, card_of(1, attacker, copies[0]), card_of(2, defender, copies[1]))
    return both_pass(table)


def test_bonus_both_gives_every_demon_two() -> None:
    """Yandrax (guardians Text Box, OTHER MODIFIERS): all Demons and Devils, both sides, +2."""
    table = fight(["Yandrax"], ["Gorgal Skag"])
    resolved = matchup(table, "Yandrax", "Gorgal Skag")
    assert Term("own text", 2) in resolved.attacker_terms
    assert Term("Yandrax", 2) in resolved.defender_terms
    assert resolved.defender_total == 4 + 2


def test_bonus_yours_reads_fire_based_attacks() -> None:
    """Flame Geyser: your creatures with a fire-based attack (target "attack:fire"),
    itself one, +2 while it is in play."""
    resolved = matchup(fight(["Flame Geyser"], ["Swordsman"]), "Flame Geyser", "Swordsman")
    assert Term("own text", 2) in resolved.attacker_terms


def test_bonus_others_and_bonus_per_matchup() -> None:
    """Shackzu gives your other Saurians +1, not itself; Jimandu is +1 per primary
    match-up of the combat so far, its own included (RULES.md)."""
    table = fight(["Shackzu, Field Marshal", "Jimandu"], ["Gorgal Skag", "Axeman"])
    first = matchup(table, "Shackzu, Field Marshal", "Gorgal Skag")
    assert first.outcome == "attacker" and first.attacker_total == 6
    second = matchup(table, "Jimandu", "Axeman")
    assert Term("Shackzu, Field Marshal", 1) in second.attacker_terms
    assert Term("own text: match-up 2", 2) in second.attacker_terms


def test_bonus_per_matchup_for_your_creatures() -> None:
    """Grand Phooba Schnee: your first match-up creature +1, your second +2, ..."""
    table = fight(["Grand Phooba Schnee", "Swordsman"], ["Gorgal Skag", "Gorgal Skag"])
    first = matchup(table, "Grand Phooba Schnee", "Gorgal Skag")
    assert Term("own text: match-up 1", 1) in first.attacker_terms and first.outcome == "attacker"
    second = matchup(table, "Swordsman", "Gorgal Skag", (1, 2))
    assert Term("Grand Phooba Schnee: match-up 2", 2) in second.attacker_terms


def test_bonus_role_when_your_shield_attacks() -> None:
    """Lowland Troll: +3 when your Shield is attacking, not when it defends."""
    attacking = matchup(fight(["Lowland Troll"], ["Swordsman"]), "Lowland Troll", "Swordsman")
    assert Term("own text: attacking", 3) in attacking.attacker_terms
    defending = matchup(fight(["Swordsman"], ["Lowland Troll"]), "Swordsman", "Lowland Troll")
    assert not [t for t in defending.defender_terms if t.source.startswith("own text")]


def test_bonus_per_yours_counts_your_nymphs() -> None:
    """Woodland Troll: +4 for each Nymph of yours in play."""
    table = fight(["Wood Nymph", "Woodland Troll"], ["Gorgal Skag", "Swordsman"])
    assert matchup(table, "Wood Nymph", "Gorgal Skag").outcome == "attacker"
    resolved = matchup(table, "Woodland Troll", "Swordsman")
    assert Term("own text: 1 nymph in play", 4) in resolved.attacker_terms


def test_bonus_per_beaten_counts_demons_beaten() -> None:
    """Chephros: +2 for each Demon or Devil beaten so far in this combat."""
    table = fight(["Swordsman", "Chephros"], ["Gorgal Skag", "Axeman"])
    assert matchup(table, "Swordsman", "Gorgal Skag").outcome == "attacker"
    resolved = matchup(table, "Chephros", "Axeman")
    assert Term("own text: 1 demon|devil beaten", 2) in resolved.attacker_terms


def test_bonus_per_icon_counts_bribery_icons() -> None:
    """Doogop: your other creatures +1 for each of their bribery icons while it is in play."""
    table = fight(["Doogop, the Greedy", "Idiot"], ["Gorgal Skag", "Swordsman"])
    first = matchup(table, "Doogop, the Greedy", "Gorgal Skag")
    assert first.outcome == "attacker"
    assert not [t for t in first.attacker_terms if "bribery icons" in t.source]
    second = matchup(table, "Idiot", "Swordsman")
    assert Term("Doogop, the Greedy: 3 bribery icons", 3) in second.attacker_terms


def test_ocb_bonus_from_a_standard_bearer() -> None:
    """Standard Bearer Brom's Skull 16: +2 to your off-color bonuses (guardians Off-Color Bonus)."""
    resolved = matchup(fight(["Swordsman"], ["Gorgal Skag"], attacker_shield=SKULL_16), "Swordsman", "Gorgal Skag")
    assert Term("off-color bonus", 3) in resolved.attacker_terms
    assert Term("Standard Bearer Brom's Skull 16", 2) in resolved.attacker_terms
    assert resolved.attacker_total == 6 + 3 + 2


def test_no_enemy_ocb_against_your_externals() -> None:
    """Old Gumper: the enemy gets no off-color bonus against your Externals while it is
    in play (guardians Off-Color Bonus), Gumper itself included."""
    resolved = matchup(fight(["Gorgal Skag"], ["Old Gumper"]), "Gorgal Skag", "Old Gumper")
    assert Term("off-color bonus", 1) in resolved.attacker_terms
    assert Term("Old Gumper", -1) in resolved.attacker_terms
    assert resolved.attacker_total == 4


def test_terrain_bonus_change_never_below_zero() -> None:
    """Standard Bearer Brom's Goblin 11: the enemy's terrain bonuses -3, never below 0
    (guardians TERRAIN BONUS): King of Mystfall's +2 in the Woods becomes 0."""
    resolved = matchup(
        fight(["King of Mystfall"], ["Swordsman"], terrain_name="Woods", defender_shield=GOBLIN_11),
        "King of Mystfall",
        "Swordsman",
    )
    assert Term("terrain woods", 2) in resolved.attacker_terms
    assert Term("Standard Bearer Brom's Goblin 11", -2) in resolved.attacker_terms


def test_terrain_bonus_anywhere_while_rachur_stands() -> None:
    """Rachur in play and unbeaten: your other creatures get their terrain bonuses on
    any terrain (guardians TERRAIN BONUS)."""
    table = fight(["Rachur, Field Marshal", "King of Mystfall"], ["Gorgal Skag", "Swordsman"])
    assert matchup(table, "Rachur, Field Marshal", "Gorgal Skag").outcome == "push"
    resolved = matchup(table, "King of Mystfall", "Swordsman")
    assert Term("terrain woods (Rachur, Field Marshal)", 2) in resolved.attacker_terms


def test_push_margin_makes_a_narrow_win_a_push() -> None:
    """Slackback Chak must be beaten by 3 or more (guardians IS IT OVER YET?): Chephros's
    11 against its 10 is a push, said in an EffectApplied."""
    table = fight(["Chephros"], ["Slackback Chak"])
    resolved = matchup(table, "Chephros", "Slackback Chak")
    assert (resolved.attacker_total, resolved.defender_total, resolved.outcome) == (11, 10, "push")
    effect = table.of(EffectApplied)[-1]
    assert (effect.effect, effect.amount, effect.cards) == ("push-margin", 3, (card_of(2, "Slackback Chak"),))


def test_dies_when_beaten_by_an_elemental() -> None:
    """Crook End Snoot beaten by an Elemental is destroyed (guardians DESTRUCTION)."""
    table = fight(["Gorgal Skag"], ["Crook End Snoot"])
    assert matchup(table, "Gorgal Skag", "Crook End Snoot").outcome == "attacker"
    status = table.of(CreatureStatus)[-1]
    assert (status.card, status.status, status.rule) == (
        card_of(2, "Crook End Snoot"),
        "destroyed",
        "guardians Text Box (Crook End Snoot)",
    )


def test_immune_secondary_refuses_an_elemental() -> None:
    """Great Ba'te is immune to secondary attacks from Elementals (guardians SECONDARY
    ATTACKS): the attack is refused, and not listed; a Mortal may attack it."""
    table = fight(["Swordsman", "Gorgal Skag", "Axeman"], ["Great Ba'te"])
    assert matchup(table, "Swordsman", "Great Ba'te").outcome == "defender"
    bate, skag = card_of(2, "Great Ba'te"), card_of(1, "Gorgal Skag")
    attack = PlayCreature(seat=1, card=skag, target=bate)
    refuses(table, attack, "Great Ba'te is immune to secondary attacks from elementals")
    assert attack not in GAME.legal_commands(table.state, 1)
    assert PlayCreature(seat=1, card=card_of(1, "Axeman"), target=bate) in GAME.legal_commands(table.state, 1)


def test_ranged_bonus_both_weakens_every_ranged_attack() -> None:
    """Standard Bearer Brom's Dragon 15: every ranged attack of the combat -1, the
    enemy's too (guardians Ranged Attacks)."""
    table = fight(["Swordsman", "Archer"], ["Axeman"], defender_shield=DRAGON_15)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    table.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    assert table.of(RangedFired)[-1].amount == 3 - 1


def test_aoe_bonus_and_aoe_per_kind() -> None:
    """Plague Walker in play: every fear AOE +2; Iron Lord's AOE +3 for each other kind
    of Elemental Lord in play (guardians AOE attacks)."""
    table = fight(["Plague Walker", "Iron Lord"], ["Rock Lord", "Swordsman", "Gn'Obby Gnomes", "Zombie"])
    matchup(table, "Plague Walker", "Rock Lord")
    rock = next(e for e in table.of(EffectApplied) if e.source == card_of(2, "Rock Lord"))
    assert (rock.effect, rock.amount, rock.note) == ("aoe fear", 3 + 2, "Plague Walker +2")
    matchup(table, "Iron Lord", "Swordsman")
    iron = next(e for e in table.of(EffectApplied) if e.source == card_of(1, "Iron Lord"))
    assert (iron.amount, iron.note) == (3 + 3, "1 other elemental lord +3")
    assert iron.cards == (card_of(2, "Gn'Obby Gnomes"),)


def test_aoe_per_terrain_counts_swamps_on_the_board() -> None:
    """Odious Clamjack: a 2 pt. AOE, +1 for each Swamp in play (guardians AOE attacks)."""
    table = fight(["Odious Clamjack"], ["Swordsman", "Gn'Obby Gnomes"], terrain_name="Swamp")
    lay(table, card_of(1, "Odious Clamjack"), card_of(2, "Swordsman"))
    aoe = next(e for e in table.of(EffectApplied) if e.source == card_of(1, "Odious Clamjack"))
    assert (aoe.effect, aoe.amount, aoe.note) == ("aoe plain", 3, "1 swamp in play +1")


def test_play_limit_one_per_space_per_player() -> None:
    """King of Mystfall: only one King per space per player; Captain Red Nose: one
    Pirate Captain, which a Captain Hannibal Hawks is (guardians Place Creatures). A
    second goes to another space."""
    cards = instances(1, ["King of Mystfall", "King of Mystfall", "Captain Red Nose", "Captain Hannibal Hawks"])
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": cards}))
    king, second, nose, hawks = cards
    t.play(Place(seat=1, card=king, to="on:b1"))
    with pytest.raises(RuleViolation, match=r"\(King of Mystfall\): one king of mystfall per space per player: b1"):
        t.play(Place(seat=1, card=second, to="under:b1"))
    assert Place(seat=1, card=second, to="on:b1") not in GAME.legal_commands(t.state, 1)
    t.play(Place(seat=1, card=second, to="on:a1"))
    t.play(Place(seat=1, card=hawks, to="on:c1"))
    with pytest.raises(RuleViolation, match=r"\(Captain Red Nose\): one pirate captain per space per player: c1"):
        t.play(Place(seat=1, card=nose, to="on:c1"))
    t.play(Place(seat=1, card=nose, to="on:b1"))
    assert t.state.zone(1, "on:b1") == (king, nose)

