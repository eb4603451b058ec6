"""The King's Armory content: counts, the rulebook's and facts.md's numbers, and strict parsing."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

import domain.games.kings_armory.content as content
from domain.games.kings_armory.content import (
    DAMAGE_TYPES,
    MELEE,
    RANGED,
    SPECIAL_KINDS,
    SUPERNATURAL,
    Attack,
    heroes,
    hireables,
    monsters,
    monsters_of_level,
    parse_heroes,
    parse_hireables,
    parse_monsters,
    parse_wave_card,
    wave_card,
)

PACKAGE = Path(content.__file__).parent
DATA_FILES = (
    "heroes.json",
    "hireables.json",
    "monsters.json",
    "wave-card.json",
    "rewards.json",
    "equipment.json",
    "reinforcements.json",
    "armory.json",
    "bosses.json",
)


def _raw(name: str) -> dict[str, object]:
    data = json.loads((PACKAGE / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _rulebook() -> Path | None:
    for parent in Path(__file__).resolve().parents[2:]:
        candidate = parent / "shared" / "rulebooks" / "kings-armory.md"
        if candidate.is_file():
            return candidate
    return None


RULEBOOK = _rulebook()


# ---------------------------------------------------------------- counts


def test_counts() -> None:
    assert len(heroes()) == 7
    assert len(hireables()) == 5
    assert all(len(item.levels) == 3 for item in hireables().values())
    assert len(monsters()) == 25
    assert sum(monster.tokens for monster in monsters().values()) == 85  # GAME COMPONENTS
    for level in range(1, 6):
        assert len(monsters_of_level(level)) == 5
    assert [monster.tokens for monster in monsters().values()] == [5] * 5 + [4] * 5 + [3] * 10 + [2] * 5
    with pytest.raises(ValueError):
        monsters_of_level(6)


def test_names_and_bestiary_order() -> None:
    assert [hero.name for hero in heroes().values()] == [
        "Valcor the Warrior",
        "Ember the Ranger",
        "Midnight the Sorceress",
        "Felicity the Master Healer",
        "Cyrus the Psionic Warrior",
        "Raphael the Psion",
        "Boleslaw the Mage",
    ]
    assert list(hireables()) == ["foot-soldier", "archer", "sorcerer", "psionicist", "cleric"]
    assert [monster.name for monster in monsters().values()] == [
        "Goblin Peon", "Goblin Berzerker", "Goblin Slinger", "Goblin Spazcaster", "Koblinkaze",
        "Goblin Icarus", "War Orc", "Orc Archer", "Orc Mage", "Orc Bombadier",
        "Grey Pixie", "Orc Crossbowman", "Goblin Spy", "Ettin Clubber", "Battering Ram",
        "Bridge Troll", "Ballista", "Goblin Mutant", "Wind Drake", "Orc War Mage",
        "Fire Drake", "Catapult", "Ballistic Giant", "Grey Fairie", "Furious Giant",
    ]  # fmt: skip
    for monster in monsters().values():
        assert monster.key == re.sub(r"[^a-z0-9]+", "-", monster.name.lower())
    assert [[m.level for m in monsters_of_level(level)] for level in range(1, 6)] == [[n] * 5 for n in range(1, 6)]


# ---------------------------------------------------------------- heroes


def test_every_hero_has_four_actions_with_one_of_each_kind() -> None:
    for hero in heroes().values():
        assert len(hero.attacks) + len(hero.specials) == 4, hero.key
        assert hero.attacks and hero.specials, hero.key
        assert hero.attacks[0].primary and not any(attack.primary for attack in hero.attacks[1:]), hero.key
        assert hero.stats.actions == 3, hero.key  # B2: most have 3
        assert all(special.kind in SPECIAL_KINDS for special in hero.specials)
        assert all((special.kind == "attack") == (special.attack is not None) for special in hero.specials)
    boleslaw = heroes()["boleslaw"]
    assert (len(boleslaw.attacks), len(boleslaw.specials)) == (1, 3)  # B2


def test_roles() -> None:  # D1
    roles = {key: (hero.role, hero.ranged_role) for key, hero in heroes().items()}
    assert roles == {
        "valcor": ("offensive", False),
        "ember": ("offensive", True),
        "midnight": ("offensive", True),
        "cyrus": ("offensive", False),
        "felicity": ("utility", False),
        "raphael": ("utility", False),
        "boleslaw": ("utility", False),
    }


def test_valcor() -> None:
    valcor = heroes()["valcor"]
    assert valcor.stats.hp == 20  # facts.md
    mace = valcor.attacks[0]  # C2 worked example
    assert (mace.kind, mace.damage, mace.crit_from, mace.crit_mod, dict(mace.on_crit)) == (
        MELEE,
        (4,),
        19,
        2,
        {"bleed": 1},
    )
    specials = {special.name: special for special in valcor.specials}
    assert specials["Personal Phalanx"].kind == "tank-boost"
    assert specials["Guard Ally"].kind == "ward" and specials["Guard Ally"].reach == 1
    # C2: against the Bridge Troll's 3 melee resistance a hit takes 1, a crit 8 - 3 = 5
    troll = monsters()["bridge-troll"]
    assert max(1, mace.damage[0] - troll.resist.of(MELEE)) == 1
    assert mace.damage[0] * mace.crit_mod - troll.resist.of(MELEE) == 5


def test_ember() -> None:
    ember = heroes()["ember"]
    attacks = {attack.name: attack for attack in ember.attacks}
    assert ember.attacks[0].kind == RANGED
    assert attacks["Volley of Arrows"].area == (3, 3)  # C2 AOE
    head_shot = attacks["Head Shot"]  # E Immune: n20 deals 4 and instakills
    assert (head_shot.kind, head_shot.damage, head_shot.crit_from, dict(head_shot.on_crit)) == (
        RANGED,
        (4,),
        20,
        {"instakill": 1},
    )
    assert head_shot.damage[0] * head_shot.crit_mod == 4
    assert [special.kind for special in ember.specials if "Faelan" in special.name] == ["slow"]


def test_midnight() -> None:
    midnight = heroes()["midnight"]
    flame = next(attack for attack in midnight.attacks if attack.name == "Flame Thrower")
    assert flame.area == (1, 3) and flame.is_line and "burn" in flame.on_crit  # C2 AOE
    specials = {special.name: special for special in midnight.specials}
    ball = specials["Ball Lightning"]
    assert ball.kind == "attack" and ball.attack is not None and ball.attack.kind == SUPERNATURAL
    shield = specials["Energy Shield"]
    assert (shield.kind, shield.reach, shield.lasts) == ("ward", 0, "wave")


def test_boleslaw() -> None:
    boleslaw = heroes()["boleslaw"]
    assert boleslaw.stats.teleport and boleslaw.towers_only
    bolt = boleslaw.attacks[0]
    assert bolt.name == "Magic Bolt" and bolt.kind == SUPERNATURAL and bolt.hitroll is None and bolt.crit_from is None
    assert bolt.reach >= 10
    kinds = {special.name: special.kind for special in boleslaw.specials}
    assert kinds == {"Enchant Weapon": "enchant", "Slow Target": "slow", "Gravity Well": "slow"}
    assert next(s for s in boleslaw.specials if s.name == "Gravity Well").area is not None
    assert not any(hero.towers_only for hero in heroes().values() if hero.key != "boleslaw")


def test_felicity_raphael_cyrus() -> None:
    felicity = heroes()["felicity"]
    kinds = [special.kind for special in felicity.specials]
    assert "summon-guardian" in kinds and "heal" in kinds
    assert felicity.guardian is not None and felicity.guardian.hp > 0
    summon = next(special for special in felicity.specials if special.kind == "summon-guardian")
    assert summon.once_per_wave and summon.reach == 5  # E Summon Guardian
    assert all(hero.guardian is None for hero in heroes().values() if hero.key != "felicity")
    raphael = {special.kind for special in heroes()["raphael"].specials}
    assert {"foresight", "teleport-ally", "teleport-foe"} <= raphael
    cyrus = heroes()["cyrus"]
    dual = cyrus.attacks[0]
    assert dual.name == "Dual Wield" and len(dual.damage) == 2
    assert any(special.name == "Bio Manipulation" and special.kind == "heal" for special in cyrus.specials)


# ---------------------------------------------------------------- hireables


def test_recruitment_limits_and_counting() -> None:  # E Maximum Recruitment, B1 note
    limits = {key: item.max_recruits for key, item in hireables().items()}
    assert limits == {"foot-soldier": 3, "archer": 3, "sorcerer": 2, "psionicist": 2, "cleric": 2}
    assert hireables()["cleric"].counts_as == SUPERNATURAL
    assert hireables()["psionicist"].counts_as == SUPERNATURAL
    assert not hireables()["cleric"].attacks and not hireables()["psionicist"].attacks
    for item in hireables().values():
        costs = [level.cost for level in item.levels]
        assert costs == sorted(costs) and costs[0] > 0
        assert item.role in ("offensive", "utility")


def test_foot_soldier_levels() -> None:  # facts.md
    soldier = hireables()["foot-soldier"]
    one, two, three = (soldier.attacks_at(level)[0] for level in (1, 2, 3))
    assert len(soldier.attacks_at(3)) == 1
    assert two.hitroll == _n(one.hitroll) + 2 and two.damage[0] == one.damage[0] + 1
    assert _n(two.crit_from) < _n(one.crit_from)
    assert three.hitroll == _n(two.hitroll) + 4 and three.damage[0] == two.damage[0] + 1
    assert dict(three.on_crit) == {"bleed": 1} and not two.on_crit
    s1, s2, s3 = (soldier.stats(level) for level in (1, 2, 3))
    assert s2.tank > s1.tank
    assert (s2.resist.melee, s2.resist.ranged, s2.resist.supernatural) == (
        s1.resist.melee + 1,
        s1.resist.ranged,
        s1.resist.supernatural + 1,
    )
    assert (s3.resist.melee, s3.resist.ranged, s3.resist.supernatural) == (
        s2.resist.melee,
        s2.resist.ranged + 1,
        s2.resist.supernatural,
    )


def test_archer_levels() -> None:
    archer = hireables()["archer"]
    one, two = archer.attacks_at(1)[0], archer.attacks_at(2)[0]
    assert (two.kind, two.hitroll, two.reach, two.damage) == (RANGED, 7, 7, (2,))  # C2 worked example
    assert two.hitroll == _n(one.hitroll) + 3 and two.reach == one.reach + 1  # facts.md
    assert _n(two.crit_from) < _n(one.crit_from) and dict(two.on_crit) == {"bleed": 1} and not one.on_crit
    s1, s2 = archer.stats(1), archer.stats(2)
    assert (s2.dodge, s2.move) == (s1.dodge + 1, s1.move + 1)
    # C2: natural 5 + 7 = 12 hits the Bridge Troll's dodge 12; 2 ranged damage, resisted to 1
    troll = monsters()["bridge-troll"]
    assert 5 + _n(two.hitroll) >= troll.dodge
    assert max(1, two.damage[0] - troll.resist.of(RANGED)) == 1


def test_sorcerer_levels() -> None:  # facts.md
    sorcerer = hireables()["sorcerer"]
    s1, s2, s3 = (sorcerer.stats(level) for level in (1, 2, 3))
    assert s2.resist.supernatural == s1.resist.supernatural + 1 and s2.actions == s1.actions + 1
    assert s3.resist.ranged == s2.resist.ranged + 1 and s3.actions == s2.actions + 1
    assert [attack.name for attack in sorcerer.attacks_at(1)] == ["Fire Bolt"]
    assert [attack.name for attack in sorcerer.attacks_at(2)] == ["Fire Bolt", "Ice Bolt"]
    assert [attack.name for attack in sorcerer.attacks_at(3)] == ["Fire Bolt", "Ice Bolt", "Fire Ball"]
    ice = sorcerer.attacks_at(2)[1]
    assert "slow" in ice.on_crit and ice.level == 2
    assert sorcerer.attacks_at(3)[2].area is not None


def test_psionicist_and_cleric_levels() -> None:
    psionicist = hireables()["psionicist"]
    assert [special.name for special in psionicist.specials_at(1)] == ["Mind Cage"]
    assert [special.name for special in psionicist.specials_at(2)] == ["Mind Cage", "Teleport Foe"]  # B5 example
    assert [special.kind for special in psionicist.specials_at(3)] == ["mind-cage", "teleport-foe", "time-rift"]
    cleric = hireables()["cleric"]
    assert [special.kind for special in cleric.specials_at(3)] == ["heal", "bless", "aura"]
    assert [special.level for special in cleric.specials] == [1, 2, 3]
    with pytest.raises(ValueError):
        cleric.stats(4)


def _n(value: int | None) -> int:
    assert value is not None
    return value


# ---------------------------------------------------------------- monsters


def test_bridge_troll() -> None:  # C2 and G3
    troll = monsters()["bridge-troll"]
    assert troll.level == 4 and troll.dodge == 12
    assert (troll.resist.melee, troll.resist.ranged) == (3, 3)
    assert troll.attack.kind == MELEE and troll.attack.reach == 2
    assert troll.move <= 2 and troll.hp >= 15


def test_monster_attacks_crit_on_n20_with_x2() -> None:  # C2, E Crit Range
    for monster in monsters().values():
        attack = monster.attack
        assert attack.cost == 0 and attack.level == 1, monster.key
        assert attack.crit_mod == 2 and not attack.on_crit, monster.key
        if attack.hitroll is None:
            assert attack.crit_from is None, monster.key
        else:
            assert attack.crit_from == 20, monster.key


def test_siege_and_special_monsters() -> None:
    siege = [key for key, monster in monsters().items() if monster.siege]
    assert siege == ["battering-ram", "ballista", "catapult"]
    for key in siege:
        monster = monsters()[key]
        assert monster.attack.castle_only and monster.attack.hitroll is None and monster.attack.crit_from is None
        assert monster.pushable and monster.untankable
    assert monsters()["ballista"].attack.kind == RANGED and monsters()["catapult"].attack.kind == RANGED
    assert monsters()["catapult"].attack.reach > monsters()["ballista"].attack.reach
    assert monsters()["koblinkaze"].attack.castle_only
    spy = monsters()["goblin-spy"]
    assert spy.untankable and spy.unstoppable and spy.move >= 8
    flyers = {key for key, monster in monsters().items() if monster.flying}
    assert flyers == {"goblin-icarus", "grey-pixie", "wind-drake", "fire-drake", "grey-fairie"}
    assert monsters()["goblin-icarus"].attack.kind == RANGED
    wind = monsters()["wind-drake"].resist
    assert wind.immune_to(RANGED) and wind.immune_to(MELEE) and not wind.immune_to(SUPERNATURAL)
    assert monsters()["orc-war-mage"].resist.immune_to(SUPERNATURAL)
    assert monsters()["ettin-clubber"].attack.rolls == 2
    assert monsters()["fire-drake"].attack.area is not None
    assert any(len(monster.attack.damage) == 2 for monster in monsters().values())
    for level in range(1, 6):  # split routes spread each level
        assert {monster.arrow for monster in monsters_of_level(level)} == {"red", "yellow"}


def test_monster_hit_points_are_in_scale() -> None:
    for monster in monsters().values():
        if monster.name.startswith("Goblin") and monster.level <= 2:
            assert 2 <= monster.hp <= 4, monster.key
        if monster.level == 5:
            assert 15 <= monster.hp <= 30, monster.key
    average = [sum(m.hp for m in monsters_of_level(level)) / 5 for level in range(1, 6)]
    assert average == sorted(average)


# ---------------------------------------------------------------- wave card


def test_wave_card_facts() -> None:  # facts.md
    card = wave_card()
    assert [row.wave for row in card.waves] == [1, 2, 3, 4, 5, 6, 7]
    first = card.row(1)
    assert first.foes == 3 and first.levels == ((1, 5, 1), (6, 8, 2), (9, 12, 3))
    assert [first.level_for(roll) for roll in range(1, 13)] == [1] * 5 + [2] * 3 + [3] * 4
    third = card.row(3)
    assert third.foes == 7 and max(level for _, _, level in third.levels) == 4
    with pytest.raises(ValueError):
        card.row(8)


def test_wave_rows_cover_the_d12_and_grow() -> None:
    card = wave_card()
    for row in card.waves:
        covered = [roll for low, high, _ in row.levels for roll in range(low, high + 1)]
        assert covered == list(range(1, 13)), row.wave
        assert all(level <= row.wave + 2 for _, _, level in row.levels), row.wave
        assert [level for _, _, level in row.levels] == sorted({level for _, _, level in row.levels})
    assert [row.foes for row in card.waves] == sorted(row.foes for row in card.waves)
    assert card.row(5).levels[-1][2] == 5


def test_level_for_clamps() -> None:  # E Roll Modifier
    row = wave_card().row(4)
    assert row.level_for(0) == row.level_for(-3) == row.levels[0][2]
    assert row.level_for(13) == row.level_for(15) == row.levels[-1][2]


def test_hero_scaling() -> None:
    card = wave_card()
    assert [scale.heroes for scale in card.scaling] == list(range(1, 8))
    for scale in card.scaling:  # E Roll Modifier: only with 1 or 5+ heroes
        assert (scale.roll_mod != 0) == (scale.heroes == 1 or scale.heroes >= 5)
        assert 1 <= scale.towers <= 7 and scale.towers * 3 >= scale.heroes
    assert card.scale(1).extra_foes < 0
    assert [card.scale(n).extra_foes for n in (2, 3, 4)] == [0, 0, 0]
    assert all(card.scale(n).extra_foes > 0 for n in (5, 6, 7))
    with pytest.raises(ValueError):
        card.scale(8)


# ---------------------------------------------------------------- strict parsing


def test_every_file_says_reconstructed() -> None:
    for name in DATA_FILES:
        data = _raw(name)
        assert data["reconstructed"] is True and data["note"], name
        assert data["set"] == name.removesuffix(".json")


def test_parse_rejects_an_unknown_key_naming_the_entry() -> None:
    data = _raw("monsters.json")
    bad = copy.deepcopy(data)
    bad_monsters = bad["monsters"]
    assert isinstance(bad_monsters, list)
    bad_monsters[15]["armour"] = 2
    with pytest.raises(ValueError, match=r"monsters\.json: entry 'bridge-troll': unknown key\(s\) armour"):
        parse_monsters(bad)
    bad = copy.deepcopy(data)
    bad["monsters"][0]["attack"]["splash"] = 1  # type: ignore[index]
    with pytest.raises(ValueError, match=r"monsters\.json: entry 'goblin-peon' attack: unknown key"):
        parse_monsters(bad)
    bad = copy.deepcopy(data)
    bad["extra"] = 1
    with pytest.raises(ValueError, match="unknown key"):
        parse_monsters(bad)


def test_parse_rejects_an_unknown_kind_naming_the_entry() -> None:
    heroes_data = _raw("heroes.json")
    bad = copy.deepcopy(heroes_data)
    bad["heroes"][0]["specials"][0]["kind"] = "shout"  # type: ignore[index]
    with pytest.raises(ValueError, match=r"heroes\.json: entry 'valcor' special 1: unknown special kind 'shout'"):
        parse_heroes(bad)
    bad = copy.deepcopy(heroes_data)
    bad["heroes"][1]["attacks"][0]["kind"] = "magic"  # type: ignore[index]
    with pytest.raises(ValueError, match=r"entry 'ember' attack 1: unknown attack kind 'magic'"):
        parse_heroes(bad)
    bad = copy.deepcopy(heroes_data)
    bad["heroes"][1]["attacks"][1]["on_crit"] = {"fear": 1}  # type: ignore[index]
    with pytest.raises(ValueError, match=r"entry 'ember' attack 2: unknown crit effect 'fear'"):
        parse_heroes(bad)
    hireables_data = _raw("hireables.json")
    bad = copy.deepcopy(hireables_data)
    bad["hireables"][4]["counts_as"] = "holy"  # type: ignore[index]
    with pytest.raises(ValueError, match=r"hireables\.json: entry 'cleric': unknown damage type 'holy'"):
        parse_hireables(bad)
    bad = copy.deepcopy(_raw("monsters.json"))
    bad["monsters"][2]["arrow"] = "blue"  # type: ignore[index]
    with pytest.raises(ValueError, match=r"entry 'goblin-slinger': unknown arrow 'blue'"):
        parse_monsters(bad)
    bad = copy.deepcopy(_raw("monsters.json"))
    bad["monsters"][18]["resist"]["immune"] = ["fire"]  # type: ignore[index]
    with pytest.raises(ValueError, match=r"entry 'wind-drake' resist: unknown immunity 'fire'"):
        parse_monsters(bad)


def test_parse_rejects_broken_invariants() -> None:
    bad = copy.deepcopy(_raw("monsters.json"))
    bad["monsters"][14]["pushable"] = False  # type: ignore[index]
    with pytest.raises(ValueError, match="entry 'battering-ram'"):
        parse_monsters(bad)
    bad = copy.deepcopy(_raw("heroes.json"))
    del bad["heroes"][0]["attacks"][0]["crit_from"]  # type: ignore[index]
    with pytest.raises(ValueError, match=r"entry 'valcor' attack 1: missing key\(s\) crit_from"):
        parse_heroes(bad)
    bad = copy.deepcopy(_raw("wave-card.json"))
    bad["waves"][0]["levels"][1] = [7, 8, 2]  # type: ignore[index]
    with pytest.raises(ValueError, match=r"wave-card\.json: wave 1: the level bands cover 1\.\.12"):
        parse_wave_card(bad)
    bad = copy.deepcopy(_raw("wave-card.json"))
    bad["reconstructed"] = False
    with pytest.raises(ValueError, match="reconstructed"):
        parse_wave_card(bad)


def test_loaded_values_are_immutable() -> None:
    attack: Attack = heroes()["valcor"].attacks[0]
    with pytest.raises(AttributeError):
        attack.reach = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        attack.on_crit["bleed"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        heroes()["nobody"] = heroes()["valcor"]  # type: ignore[index]
    assert heroes() is heroes()
    assert heroes()["valcor"].stats.resist.of(MELEE) >= 0
    assert set(DAMAGE_TYPES) == {MELEE, RANGED, SUPERNATURAL}


# ---------------------------------------------------------------- our words, not the rulebook's


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(RULEBOOK is None, reason="the rulebook (../shared/rulebooks beside the repository) is not here")
def test_no_five_word_run_of_the_rulebook() -> None:
    assert RULEBOOK is not None
    words = _words(RULEBOOK.read_text(encoding="utf-8"))
    runs = {tuple(words[i : i + 5]) for i in range(len(words) - 4)}
    assert len(runs) > 10_000
    for path in [*(PACKAGE / name for name in DATA_FILES), PACKAGE / "CONTENT.md"]:
        ours = _words(path.read_text(encoding="utf-8"))
        copied = {" ".join(ours[i : i + 5]) for i in range(len(ours) - 4) if tuple(ours[i : i + 5]) in runs}
        assert not copied, f"{path.name} repeats the rulebook: {sorted(copied)[:5]}"
