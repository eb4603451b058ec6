"""Card texts of the strength theme, second wave (guardians Text Box, with the section each
changes): more bonuses, immunities and match-up outcomes. One test per ability kind or
reading added (cards.py), each with a card that has it."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians import GAME
from domain.games.guardians.messages import (
    CardsMoved,
    CreatureStatus,
    EffectApplied,
    Pass,
    PlayCreature,
    PlayRanged,
    SecondaryResolved,
    StonesSpent,
    Term,
)
from domain.games.guardians.state import PEN, STORAGE
from tests.guardians.support import Table, card_of, face_off, instances
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_texts import answered, combat_start, lay, refuses


def secondary(table: Table, attacker: str, target: str) -> SecondaryResolved:
    """Seat 1's secondary attack; neither bribes nor modifies it."""
    table.play(PlayCreature(seat=1, card=card_of(1, attacker), target=card_of(2, target)))
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    return table.of(SecondaryResolved)[-1]


def test_secondary_bonus_for_all_your_secondary_attackers() -> None:
    """Voodoo Wizard in play: your secondary attackers +4 (guardians SECONDARY ATTACKS)."""
    table = fight(["Voodoo Wizard", "Idiot", "Swordsman"], ["Idiot", "Axeman"])
    assert matchup(table, "Voodoo Wizard", "Idiot").outcome == "attacker"
    assert matchup(table, "Idiot", "Axeman").outcome == "defender"
    attack = secondary(table, "Swordsman", "Axeman")
    assert Term("Voodoo Wizard: secondary attackers", 4) in attack.terms
    assert attack.total == 6 + 4


def test_secondary_bonus_when_your_primary_was_a_paladin_and_harmless() -> None:
    """Holy Avenger +10 as a secondary attacker on the creature a Paladin of yours faced
    (guardians SECONDARY ATTACKS); Pink Flamingos beat nobody: everything is immune to
    them, so the Paladin's match-up is a push (guardians IMMUNITY)."""
    table = fight(["Paladin", "Holy Avenger"], ["Pink Flamingos"])
    pushed = matchup(table, "Paladin", "Pink Flamingos")
    assert (pushed.defender_total > pushed.attacker_total, pushed.outcome) == (True, "push")
    assert pushed.attacker_damage == 0
    attack = secondary(table, "Holy Avenger", "Pink Flamingos")
    assert Term("secondary attacker", 10) in attack.terms and attack.total == 5 + 10


def test_bonus_yours_to_creatures_with_a_rivers_and_lakes_bonus() -> None:
    """Barnacle Bazulee' in play: your creatures with a Rivers and Lakes terrain bonus +2,
    wherever they fight (target terrain-bonus:rivers-and-lakes)."""
    table = fight(["Barnacle Bazulee'", "Water Nymph", "Swordsman"], ["Idiot", "Idiot"])
    assert matchup(table, "Barnacle Bazulee'", "Idiot").outcome == "attacker"
    nymph = matchup(table, "Water Nymph", "Idiot", (1, 2))
    assert Term("Barnacle Bazulee'", 2) in nymph.attacker_terms


def test_bonus_per_icon_on_its_opponent() -> None:
    """Angel of Righteousness: +3 for each bribery icon of its match-up opponent."""
    resolved = matchup(fight(["Angel of Righteousness"], ["Idiot"]), "Angel of Righteousness", "Idiot")
    assert Term("own text: 3 bribery icons on its opponent", 9) in resolved.attacker_terms


def test_bonus_per_discarded_undead() -> None:
    """Carrag the Black: +1 for each Undead in your discard pile (not the enemy's)."""
    state = face_off(["Carrag the Black"], ["Swordsman"])
    discards = {
        "1:discard": instances(1, ["Zombie", "Skeletal Minion", "Idiot"]),
        "2:discard": instances(2, ["Zombie"]),
    }
    table = Table(replace(state, zones={**state.zones, **discards}))
    combat_start(table)
    resolved = matchup(table, "Carrag the Black", "Swordsman")
    assert Term("own text: 2 undead in the discard pile", 2) in resolved.attacker_terms


def test_bonus_shield_up_as_a_primary_attacker() -> None:
    """Captain South America: + its Shield's Up number as a primary attacker."""
    table = fight(["Captain South America"], ["Swordsman"])
    resolved = matchup(table, "Captain South America", "Swordsman")
    assert Term("own text: Shield Ploog's Ox 10's Up number", 10) in resolved.attacker_terms


def test_cancels_stronghold_for_your_fairies() -> None:
    """Starling Dodd Boys in play: your Fairies, themselves included, bypass the stronghold
    bonus of the creatures they face (guardians STRONGHOLDS)."""
    table = fight(["Starling Dodd Boys"], ["Idiot"], attacker_space="b3", defender_space="b4")
    resolved = matchup(table, "Starling Dodd Boys", "Idiot")
    assert not [t for t in resolved.defender_terms if t.source == "stronghold"]
    held = fight(["Swordsman"], ["Idiot"], attacker_space="b3", defender_space="b4")
    assert Term("stronghold", 5) in matchup(held, "Swordsman", "Idiot").defender_terms


def test_immune_to_creatures_by_their_off_color_bonus_or_bribery_icon() -> None:
    """Eats, Cockroach King is immune to creatures whose off-color bonus is 0; Slag Bunny
    to creatures bribable by Babes (guardians IMMUNITY): each loses only to a push."""
    eats = matchup(fight(["Gn'Obby Gnomes"], ["Eats, Cockroach King"]), "Gn'Obby Gnomes", "Eats, Cockroach King")
    assert eats.attacker_total > eats.defender_total and eats.outcome == "push"
    bunny = matchup(fight(["Chephros"], ["Slag Bunny"]), "Chephros", "Slag Bunny")
    assert bunny.attacker_total > bunny.defender_total and bunny.outcome == "push"


def test_initial_push_leaves_the_match_up_to_its_modifications() -> None:
    """Delilah Rangoon against a Mortal: the match-up starts as a push, the side behind
    evened up; a ranged attack then decides it (guardians IS IT OVER YET?)."""
    table = fight(["Delilah Rangoon", "Archer"], ["Swordsman"])
    lay(table, card_of(1, "Delilah Rangoon"), card_of(2, "Swordsman"))
    table.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    resolved = answered(table)
    assert Term("Delilah Rangoon: initial push", 2) in resolved.defender_terms
    assert (resolved.attacker_total, resolved.defender_total, resolved.outcome) == (6 + 2 + 3, 6 + 2, "attacker")
    pushed = matchup(fight(["Delilah Rangoon"], ["Swordsman"]), "Delilah Rangoon", "Swordsman")
    assert pushed.outcome == "push"


def test_returns_when_beaten_to_the_pen_or_the_storage_hand() -> None:
    """Weasly Guy beaten by more than 4 returns to the Creature Pen at once; Leprechaun
    beaten by a large creature returns to the Storage Hand (guardians Text Box)."""
    table = fight(["Weasly Guy", "Leprechaun"], ["Zombie", "Fatback Chak"])
    weasly, leprechaun = card_of(1, "Weasly Guy"), card_of(1, "Leprechaun")
    beaten = matchup(table, "Weasly Guy", "Zombie")
    assert (beaten.outcome, beaten.defender_total - beaten.attacker_total) == ("defender", 5)
    assert table.state.zone(1, PEN) == (weasly,)
    assert matchup(table, "Leprechaun", "Fatback Chak").outcome == "defender"
    assert table.state.zone(1, STORAGE) == (leprechaun,)
    moved = table.of(CardsMoved)[-1]
    assert (moved.cards, moved.rule) == ((leprechaun,), "guardians Text Box (Leprechaun)")


def test_enemy_loses_stones_when_the_goat_wins() -> None:
    """Goat beats its primary match-up opponent: the enemy loses a Power Stone."""
    table = fight(["Goat"], ["Idiot"])
    assert matchup(table, "Goat", "Idiot").outcome == "attacker"
    spent = table.of(StonesSpent)[-1]
    assert (spent.seat, spent.count, spent.reason) == (2, 1, "beaten by Goat")
    assert table.state.player(2).stones == 7 - 1


def test_no_secondary_attacks_on_either_creature_of_fatbacks_match_up() -> None:
    """Fatback Chak: no secondary attacks on it or its match-up opponent; Monolith of
    Chaos, once it has beaten an External, is not attacked either (guardians SECONDARY
    ATTACKS)."""
    table = fight(["Swordsman", "Idiot", "Axeman"], ["Fatback Chak", "Zombie"])
    assert matchup(table, "Swordsman", "Fatback Chak").outcome == "defender"
    assert matchup(table, "Idiot", "Zombie").outcome == "defender"
    axeman, fatback = card_of(1, "Axeman"), card_of(2, "Fatback Chak")
    refuses(table, PlayCreature(seat=1, card=axeman, target=fatback), "is not an enemy creature on the table")
    assert PlayCreature(seat=1, card=axeman, target=card_of(2, "Zombie")) in GAME.legal_commands(table.state, 1)
    monolith = fight(["Zombie", "Idiot", "Axeman"], ["Monolith of Chaos", "Gorgal Skag"])
    assert matchup(monolith, "Zombie", "Monolith of Chaos").outcome == "defender"
    assert matchup(monolith, "Idiot", "Gorgal Skag").outcome == "defender"
    targets = {c.target for c in GAME.legal_commands(monolith.state, 1) if isinstance(c, PlayCreature)}
    assert targets == {card_of(2, "Gorgal Skag")}


def test_aoe_per_yours_counts_your_other_bugs() -> None:
    """Annoying Gnats in the Hood: its 1 pt. fear AOE +1 for each other Bug of yours in
    play (guardians AOE attacks)."""
    table = fight(["Eats, Cockroach King", "Annoying Gnats in the Hood"], ["Idiot", "Swordsman"])
    assert matchup(table, "Eats, Cockroach King", "Idiot").outcome == "attacker"
    lay(table, card_of(1, "Annoying Gnats in the Hood"), card_of(2, "Swordsman"))
    aoe = next(e for e in table.of(EffectApplied) if e.source == card_of(1, "Annoying Gnats in the Hood"))
    assert (aoe.effect, aoe.amount, aoe.note) == ("aoe fear", 2, "1 other bug of yours +1")


def test_mortals_laid_after_the_paladin_are_immune_to_fear() -> None:
    """Paladin: Mortals laid after it in the combat are immune to fear (guardians
    IMMUNITY): the Mummy's fear-based attack beats the Gn'Obby Gnomes by the totals, but
    the match-up is a push."""
    table = fight(["Paladin", "Gn'Obby Gnomes"], ["Idiot", "Mummy"])
    assert matchup(table, "Paladin", "Idiot").outcome == "attacker"
    resolved = matchup(table, "Gn'Obby Gnomes", "Mummy")
    assert resolved.defender_total > resolved.attacker_total and resolved.outcome == "push"


def test_immune_and_destroys_only_on_their_terrain() -> None:
    """River Giant is immune to Elementals only in Rivers and Lakes (guardians IMMUNITY);
    Festus destroys Externals only in the Mountains (guardians DESTRUCTION)."""
    there = matchup(fight(["Old Nick"], ["River Giant"], terrain_name="Rivers and Lakes"), "Old Nick", "River Giant")
    assert there.attacker_total > there.defender_total and there.outcome == "push"
    elsewhere = matchup(fight(["Old Nick"], ["River Giant"]), "Old Nick", "River Giant")
    assert elsewhere.outcome == "attacker"
    mountains = fight(["Festus"], ["Zombie"], terrain_name="Mountains")
    lay(mountains, card_of(1, "Festus"), card_of(2, "Zombie"))
    assert mountains.state.combat is not None and card_of(2, "Zombie") in mountains.state.combat.defender.destroyed
    plain = fight(["Festus"], ["Zombie"])
    lay(plain, card_of(1, "Festus"), card_of(2, "Zombie"))
    assert plain.state.combat is not None and not plain.state.combat.defender.destroyed


def test_immune_secondary_to_small_base_vitality() -> None:
    """Vesuvious Rex: immune to secondary attackers of base Vitality 5 or less (target
    vitality:0-5; guardians SECONDARY ATTACKS)."""
    table = fight(["Swordsman", "Idiot", "Axeman"], ["Vesuvious Rex"])
    assert matchup(table, "Swordsman", "Vesuvious Rex").outcome == "defender"
    rex = card_of(2, "Vesuvious Rex")
    refuses(table, PlayCreature(seat=1, card=card_of(1, "Idiot"), target=rex), "immune to secondary attacks")
    assert PlayCreature(seat=1, card=card_of(1, "Axeman"), target=rex) in GAME.legal_commands(table.state, 1)


def test_bonus_by_the_opponents_numbers() -> None:
    """Evil Baron Stoner + its opponent's off-color bonus; Moheidra + the base Vitality of
    the enemy's creature of the match-up before hers."""
    baron = matchup(fight(["Evil Baron Stoner"], ["Swordsman"]), "Evil Baron Stoner", "Swordsman")
    assert Term("own text: Swordsman's off-color bonus", 3) in baron.attacker_terms
    table = fight(["Swordsman", "Moheidra, Mistress of Souls"], ["Axeman", "Idiot"])
    first = matchup(table, "Swordsman", "Axeman")
    assert not [t for t in first.attacker_terms if "Vitality" in t.source]
    second = matchup(table, "Moheidra, Mistress of Souls", "Idiot")
    assert Term("own text: Axeman's Vitality", 7) in second.attacker_terms


def test_bonus_all_while_beaten() -> None:
    """Dead Cats lying beaten on your table: your creatures +2 (guardians Text Box)."""
    table = fight(["Dead Cats", "Swordsman"], ["Axeman", "Idiot"])
    assert matchup(table, "Dead Cats", "Axeman").outcome == "defender"
    resolved = matchup(table, "Swordsman", "Idiot")
    assert Term("Dead Cats (beaten)", 2) in resolved.attacker_terms


def test_enemy_terrain_discarded_or_turned_face_down() -> None:
    """Gumbo Jake wins a primary match-up on the enemy's terrain: the card is discarded at
    once; Gopher survives a combat there: the card is turned face down; Reverend Smilin'
    Jackoid fought over the enemy's face-down card: discarded after the combat (guardians
    COMBAT RESOLUTION)."""
    woods = "2.re-woods#9"
    jake = fight(["Gumbo Jake"], ["Idiot"], terrain_name="Woods")
    assert matchup(jake, "Gumbo Jake", "Idiot").outcome == "attacker"
    assert jake.state.zone(2, "terrain:b3") == () and woods in jake.state.zone(2, "discard")
    gopher = fight(["Gopher"], ["Idiot"], terrain_name="Woods")
    matchup(gopher, "Gopher", "Idiot")
    assert gopher.state.zone(2, "facedown:b3") == (woods,)
    [moved] = [e for e in gopher.of(CardsMoved) if e.cards == (woods,)]
    assert moved.rule == "guardians Text Box (Gopher)"
    state = face_off(["Reverend Smilin' Jackoid"], ["Swordsman"])
    hidden = Table(replace(state, zones={**state.zones, "2:facedown:b3": (woods,)}))
    combat_start(hidden)
    assert matchup(hidden, "Reverend Smilin' Jackoid", "Swordsman").outcome != "attacker"
    assert hidden.state.zone(2, "facedown:b3") == () and woods in hidden.state.zone(2, "discard")


def test_golden_fleecer_destroys_destroyers_and_cannot_be_destroyed() -> None:
    """Golden Fleecer destroys a creature with an ability to destroy (the Merchant) and is
    not destroyed itself: two Fleecers face each other and both stay (guardians
    DESTRUCTION)."""
    table = fight(["Golden Fleecer"], ["Merchant"])
    lay(table, card_of(1, "Golden Fleecer"), card_of(2, "Merchant"))
    status = table.of(CreatureStatus)[-1]
    fleecer, merchant = card_of(1, "Golden Fleecer"), card_of(2, "Merchant")
    assert (status.card, status.status, status.by) == (merchant, "destroyed", fleecer)
    twins = fight(["Golden Fleecer"], ["Golden Fleecer"])
    assert matchup(twins, "Golden Fleecer", "Golden Fleecer").outcome == "push"
    assert not twins.of(CreatureStatus)
