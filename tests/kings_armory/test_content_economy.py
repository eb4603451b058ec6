"""The King's Armory part 2 content: the Reward, Equipment, Reinforcement and Armory decks and
the Bosses. Counts (GAME COMPONENTS, facts.md), every number the rulebook states, and the
strict parser's refusals."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from domain.games.kings_armory.content import (
    RANGED,
    REWARD_GOLD,
    SUPERNATURAL,
    armory_cards,
    boss_rules,
    bosses,
    equipment,
    heroes,
    hireables,
    monsters,
    parse_armory,
    parse_bosses,
    parse_equipment,
    parse_reinforcements,
    parse_rewards,
    reinforcements,
    rewards,
)
from tests.kings_armory.test_content import PACKAGE


def _raw(name: str) -> dict[str, object]:
    data = json.loads((PACKAGE / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _cards(data: dict[str, object], list_name: str = "cards") -> list[dict[str, object]]:
    items = data[list_name]
    assert isinstance(items, list)
    return items


# ---------------------------------------------------------------- counts


def test_deck_and_boss_counts() -> None:  # GAME COMPONENTS (Card Decks, Stat Cards); facts.md
    assert sum(card.count for card in rewards().values()) == 36
    assert len(equipment()) == 14
    assert len(reinforcements()) == 11
    assert len(armory_cards()) == 7
    assert len(bosses()) == 7


def test_every_key_is_unique_across_decks_and_figures() -> None:
    card_keys = [*rewards(), *equipment(), *reinforcements(), *armory_cards()]
    assert len(card_keys) == len(set(card_keys))
    # Bosses become figures on the board beside foes, Heroes and Hireables (words.py ids)
    figure_keys = [*bosses(), *monsters(), *heroes(), *hireables()]
    assert len(figure_keys) == len(set(figure_keys))


# ---------------------------------------------------------------- rewards


def test_reward_values_average_100() -> None:  # B5 Step 2, E Reward Cards
    assert {card.gold for card in rewards().values()} == set(REWARD_GOLD) == {50, 100, 150, 250}
    total = sum(card.gold * card.count for card in rewards().values())
    assert total == 100 * 36
    assert all(card.count > 0 for card in rewards().values())


# ---------------------------------------------------------------- equipment


def test_every_hero_has_two_equipment_cards_one_primary() -> None:  # E Equipment Cards, H Solo Play
    per_hero = Counter(card.hero for card in equipment().values())
    assert per_hero == Counter({hero: 2 for hero in heroes()})
    primaries = Counter(card.hero for card in equipment().values() if card.primary_item)
    assert primaries == Counter({hero: 1 for hero in heroes()})


def test_equipment_prices() -> None:  # B5 Step 3: unlock 150, buy 100, sell 50
    for card in equipment().values():
        assert (card.unlock, card.buy, card.sell) == (150, 100, 50), card.key
        assert card.buy < card.unlock  # B5: new Equipment comes at a reduced cost


def test_the_rulebooks_named_equipment() -> None:  # B5 Step 7, D1, E Tanking, F
    cards = {card.name: card for card in equipment().values()}
    assert {"Tower Shield", "Elven Bow", "Netting", "Phase Ring", "Windslasher Katana", "Griffon Gauntlets"} <= set(
        cards
    )
    # B5 Step 7: one speaker hopes for "my" Katana and Griffon Gauntlets; G1 gives Cyrus the griffon
    assert cards["Windslasher Katana"].hero == cards["Griffon Gauntlets"].hero == "cyrus"
    # F: Ember with a Tower Shield can tank, with a Phase Ring is rarely hit
    assert cards["Tower Shield"].stats.tank > 0 and cards["Phase Ring"].stats.dodge > 0
    # E Tanking: Cyrus with Netting tanks a Goblin Icarus, a flying foe
    assert "tank-flying" in cards["Netting"].grants and monsters()["goblin-icarus"].flying
    # D1: an Elven Bow lets Valcor reach flying foes; F: a Katana gives Midnight a new attack
    assert [attack.kind for attack in cards["Elven Bow"].attacks] == [RANGED]
    assert cards["Windslasher Katana"].attacks


def test_equipment_effects_are_in_scale() -> None:
    for card in equipment().values():
        stats = card.stats
        assert all(abs(value) <= 3 for value in (stats.hp, stats.tank, stats.dodge)), card.key
        assert stats.actions == 0, card.key  # an extra action would outweigh any other card
        if card.attack_bonus is not None:
            assert card.attack_bonus.damage <= 1 and card.attack_bonus.hitroll <= 2, card.key
        for attack in card.attacks:
            assert attack.crit_from is not None and attack.crit_from >= 18, card.key


# ---------------------------------------------------------------- reinforcements


def test_one_reinforcement_per_hero_and_common_ones() -> None:  # E Reinforcement Cards
    per_hero = Counter(card.hero for card in reinforcements().values() if card.hero is not None)
    assert per_hero == Counter({hero: 1 for hero in heroes()})
    common = [card for card in reinforcements().values() if card.hero is None]
    assert len(common) == 11 - 7
    for card in reinforcements().values():
        assert card.price == 200, card.key  # B5 Step 3
        assert bool(card.hero_effects) == (card.hero is not None), card.key


def test_reinforcements_mid_wave_and_hail_storm() -> None:  # E Reinforcement Cards, B6, F
    mid_wave = [card.key for card in reinforcements().values() if card.mid_wave]
    assert len(mid_wave) >= 9  # playable at any time unless the card says otherwise
    hail = reinforcements()["hail-storm"]
    assert hail.hero == "boleslaw"
    slows = [effect for effect in hail.effects if effect.kind == "slow"]
    assert slows and slows[0].amount > 0  # F: slows by a number, no token


def test_summons_name_real_hireables() -> None:  # E Summoning, E Maximum Recruitment
    for card in reinforcements().values():
        for effect in (*card.effects, *card.hero_effects):
            if effect.kind == "summon":
                assert effect.summon is not None and effect.summon.hireable in hireables(), card.key
                assert effect.lasts == "wave", card.key


# ---------------------------------------------------------------- armory


def test_armory_prices_by_game_length() -> None:  # E Armory Cards, B5 Step 3
    for card in armory_cards().values():
        assert (card.price(5), card.price(7)) == (900, 1200), card.key
        assert card.price(3) == 900 and card.price(6) == 1200  # H The Gauntlet: waves 6-7 are 7-Wave rules
        assert card.mid_wave  # E Armory Cards: played any time, even in a foe's turn
    with pytest.raises(ValueError, match="1 Wave or more"):
        armory_cards()["time-engine"].price(0)


def test_sword_golem_is_the_boxs_token() -> None:  # GAME COMPONENTS: 1 Sword Golem
    figures = [
        effect.summon.figure
        for card in armory_cards().values()
        for effect in card.effects
        if effect.summon is not None and effect.summon.figure is not None
    ]
    assert [(figure.key, figure.name) for figure in figures] == [("sword-golem", "Sword Golem")]
    golem = figures[0]
    assert golem.attacks[0].primary and golem.stats.hp > 0


def test_only_armory_cards_say_they_touch_bosses() -> None:  # E Bosses, E Removal
    reaching = sorted(card.key for card in armory_cards().values() for effect in card.effects if effect.affects_bosses)
    assert reaching == ["thunder-cannon"]
    assert not any(
        effect.affects_bosses for card in reinforcements().values() for effect in (*card.effects, *card.hero_effects)
    )
    mirror = armory_cards()["banishing-mirror"].effects[0]
    assert mirror.kind == "remove" and not mirror.affects_bosses


# ---------------------------------------------------------------- bosses


def test_the_seven_bosses_in_order() -> None:  # G3 THE BOSSES
    assert [boss.name for boss in bosses().values()] == [
        "Goblin Golem",
        "Lord Sorymon",
        "Lightning Troll",
        "Grey Fairie King",
        "Pyramid Avatar",
        "Giant Boulder",
        "Sky Titan",
    ]


def test_general_boss_rules() -> None:  # E Bosses
    general = boss_rules()
    assert general.untankable and general.all_attacks
    assert {"instakill", "destroy", "remove", "stun"} <= set(general.immune_effects)
    assert (general.slow_per_token, general.slow_floor) == (1, 3)
    assert not general.bumps_back and general.stacks
    assert general.stays_at_gate and general.gate_first
    for boss in bosses().values():
        assert set(general.immune_effects) <= set(boss.immune_effects), boss.key
        assert boss.move >= general.slow_floor, boss.key


def test_boss_crit_ranges_are_wider_than_monsters() -> None:  # C2 Fifth, E Bosses
    for boss in bosses().values():
        crits = [attack.crit_from for attack in boss.attacks if attack.crit_from is not None]
        assert crits and min(crits) < 20, boss.key
        assert all(attack.hitroll is not None and not attack.castle_only for attack in boss.attacks), boss.key


def test_boss_characters() -> None:  # G3 THE BOSSES, B7 (Monster additions, immunities)
    kinds = {boss.key: {rule.kind for rule in boss.rules} for boss in bosses().values()}
    assert "summon" in kinds["lord-sorymon"]  # a summoner
    assert "shed" in kinds["goblin-golem"]  # many goblins as one
    assert "escort" in kinds["grey-fairie-king"] and bosses()["grey-fairie-king"].flying  # wings, a swarm
    assert "foe-ward" in kinds["pyramid-avatar"]  # enchants those who serve him
    boulder = bosses()["giant-boulder"]
    assert boulder.pushable and "cover" in kinds["giant-boulder"]  # cover to those who push it
    assert boulder.resist.immune_to(RANGED) and {"bleed", "burn"} <= set(boulder.immune_effects)
    assert "sweep" in kinds["sky-titan"]  # hiding (on a Tower) is the way
    assert not bosses()["lightning-troll"].resist.immune_to(SUPERNATURAL)
    for boss in bosses().values():
        for rule in boss.rules:
            if rule.monster is not None:
                assert rule.monster in monsters(), boss.key
            if rule.attack is not None:
                assert rule.attack in [attack.key for attack in boss.attacks], boss.key


def test_bosses_outclass_the_bestiary() -> None:
    strongest = max(monster.hp for monster in monsters().values())
    for boss in bosses().values():
        assert boss.hp > 1.5 * strongest, boss.key
        assert boss.hp % 5 == 0, boss.key  # a stack of 10 and 5 hit point tokens


# ---------------------------------------------------------------- strict parsing


def test_parsers_refuse_unknown_and_missing_keys() -> None:
    bad = copy.deepcopy(_raw("rewards.json"))
    _cards(bad)[0]["silver"] = 1
    with pytest.raises(ValueError, match=r"rewards\.json: entry 'gold-50': unknown key\(s\) silver"):
        parse_rewards(bad)
    bad = copy.deepcopy(_raw("equipment.json"))
    del _cards(bad)[0]["unlock"]
    with pytest.raises(ValueError, match=r"equipment\.json: entry 'tower-shield': missing key\(s\) unlock"):
        parse_equipment(bad)
    bad = copy.deepcopy(_raw("equipment.json"))
    _cards(bad)[0]["stats"] = {"tank": 2, "luck": 1}
    with pytest.raises(ValueError, match=r"entry 'tower-shield' stats: unknown key\(s\) luck"):
        parse_equipment(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    general = bad["general"]
    assert isinstance(general, dict)
    del general["slow_floor"]
    with pytest.raises(ValueError, match=r"bosses\.json: general: missing key\(s\) slow_floor"):
        parse_bosses(bad)
    bad = copy.deepcopy(_raw("armory.json"))
    bad["prices"] = {}
    with pytest.raises(ValueError, match=r"armory\.json: top level: unknown key\(s\) prices"):
        parse_armory(bad)


def test_parsers_refuse_unknown_kinds() -> None:
    bad = copy.deepcopy(_raw("equipment.json"))
    _cards(bad)[3]["grants"] = ["fly"]
    with pytest.raises(ValueError, match=r"entry 'netting': unknown grant 'fly'"):
        parse_equipment(bad)
    bad = copy.deepcopy(_raw("equipment.json"))
    _cards(bad)[4]["attack_bonus"] = {"scope": "fire", "damage": 1}
    with pytest.raises(ValueError, match=r"entry 'crown-of-embers' attack bonus: unknown attack scope 'fire'"):
        parse_equipment(bad)
    bad = copy.deepcopy(_raw("reinforcements.json"))
    effect = _cards(bad)[3]["effects"]
    assert isinstance(effect, list)
    effect[0]["kind"] = "resurrect"
    with pytest.raises(ValueError, match=r"entry 'chorus-of-light' effect 1: unknown effect kind 'resurrect'"):
        parse_reinforcements(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    rules = _cards(bad, "bosses")[0]["rules"]
    assert isinstance(rules, list)
    rules[0]["kind"] = "explode"
    with pytest.raises(ValueError, match=r"entry 'goblin-golem' rule 1: unknown boss rule kind 'explode'"):
        parse_bosses(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    _cards(bad, "bosses")[2]["immune_effects"] = ["fear"]
    with pytest.raises(ValueError, match=r"entry 'lightning-troll': unknown immunity 'fear'"):
        parse_bosses(bad)


def test_parsers_refuse_what_the_rulebook_forbids() -> None:
    bad = copy.deepcopy(_raw("rewards.json"))
    _cards(bad)[0]["gold"] = 75
    with pytest.raises(ValueError, match=r"entry 'gold-50': .*not 75 \(kings-armory E Reward Cards\)"):
        parse_rewards(bad)
    bad = copy.deepcopy(_raw("reinforcements.json"))
    del _cards(bad)[0]["hero_effects"]
    with pytest.raises(ValueError, match=r"entry 'call-to-arms': .*kings-armory E Reinforcement Cards"):
        parse_reinforcements(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    _cards(bad, "bosses")[0]["move"] = 2
    with pytest.raises(ValueError, match=r"entry 'goblin-golem': .*slow floor 3 \(kings-armory E Bosses\)"):
        parse_bosses(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    _cards(bad, "bosses")[0]["rules"] = []
    with pytest.raises(ValueError, match=r"entry 'goblin-golem': a Boss has a rule of its own \(kings-armory B7\)"):
        parse_bosses(bad)


def test_parsers_refuse_broken_references_and_shapes() -> None:
    bad = copy.deepcopy(_raw("equipment.json"))
    _cards(bad)[0]["hero"] = "asphar"  # an expansion Hero (E Flying sidebar), not in heroes.json
    with pytest.raises(ValueError, match=r"entry 'tower-shield': unknown hero 'asphar'"):
        parse_equipment(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    rules = _cards(bad, "bosses")[2]["rules"]
    assert isinstance(rules, list)
    rules[0]["attack"] = "storm-kick"
    with pytest.raises(ValueError, match=r"entry 'lightning-troll' rule 1: unknown attack 'storm-kick'"):
        parse_bosses(bad)
    bad = copy.deepcopy(_raw("bosses.json"))
    rules = _cards(bad, "bosses")[3]["rules"]
    assert isinstance(rules, list)
    rules[0]["reach"] = 2  # an escort has no reach
    with pytest.raises(ValueError, match=r"entry 'grey-fairie-king' rule 1: unknown key\(s\) reach"):
        parse_bosses(bad)
    bad = copy.deepcopy(_raw("reinforcements.json"))
    effects = _cards(bad)[6]["effects"]
    assert isinstance(effects, list)
    del effects[0]["area"]
    with pytest.raises(ValueError, match=r"entry 'hail-storm' effect 1: an area"):
        parse_reinforcements(bad)
    bad = copy.deepcopy(_raw("reinforcements.json"))
    effects = _cards(bad)[3]["effects"]
    assert isinstance(effects, list)
    effects[0]["affects_bosses"] = True
    with pytest.raises(ValueError, match=r"entry 'chorus-of-light' effect 1: only an effect on foes"):
        parse_reinforcements(bad)
    bad = copy.deepcopy(_raw("armory.json"))
    effects = _cards(bad)[1]["effects"]
    assert isinstance(effects, list)
    effects[0]["summon"]["hireable"] = "archer"
    with pytest.raises(ValueError, match=r"entry 'sword-golem' effect 1 summon: .*exactly one"):
        parse_armory(bad)
    bad = copy.deepcopy(_raw("armory.json"))
    cards = _cards(bad)
    cards.append(copy.deepcopy(cards[0]))
    with pytest.raises(ValueError, match=r"entry 'thunder-cannon': key used twice"):
        parse_armory(bad)


def test_loaded_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        equipment()["phase-ring"].stats.dodge = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        bosses()["sky-titan"] = bosses()["giant-boulder"]  # type: ignore[index]
    assert bosses() is bosses() and boss_rules() is boss_rules()
