"""The rulebook's worked combat examples (kings-armory C2, E Immune) and the attack
rules around them, played through decide with scripted dice."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from domain.games.kings_armory.board import parse
from domain.games.kings_armory.combat import gate_damage, resolve_attack
from domain.games.kings_armory.content import Attack as Attack_
from domain.games.kings_armory.content import heroes, monsters
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.messages import (
    Attack,
    Damaged,
    Defeated,
    HitRolled,
    TokensChanged,
)
from domain.games.kings_armory.state import Figure, KaState, Tokens, Tower
from domain.kernel import Emitter, Event, RuleViolation
from tests.kings_armory.support import Dice, foe, hero, hireable, run, table
from tests.kit import of

YELLOW = ("main", "odd", "yellow")
TROLL_AT = 10  # d6 on the odd lane of the yellow route


def troll() -> Figure:
    return foe("bridge-troll", 1, TROLL_AT, YELLOW)


def test_c2_the_level_2_archer_hits_the_bridge_troll_for_one() -> None:
    """kings-armory C2: natural 5 + Hitroll 7 = 12 meets the Troll's Dodge 12; 2 Ranged
    Damage less Ranged resistance 3 is still 1."""
    archer = hireable("archer", 1, 2, "h6")
    state = table(archer, troll())
    state, events = run(state, Attack(seat=1, figure="archer-1", attack="bow-l2", target="bridge-troll-1"), Dice(5))
    (roll,) = of(events, HitRolled)
    assert (roll.natural, roll.bonus, roll.total, roll.dodge, roll.result) == (5, 7, 12, 12, "hit")
    (damage,) = of(events, Damaged)
    assert (damage.dealt, damage.kind, damage.taken, damage.hp) == (2, "ranged", 1, 17)


def test_c2_the_archers_range_is_seven_and_a_tower_adds_one() -> None:
    """kings-armory C2 First, E Towers: Range 7 from the ground, 8 for Ranged from a Tower."""
    far = hireable("archer", 1, 2, "l6")  # 8 spaces from d6
    state = table(far, foe("bridge-troll", 1, TROLL_AT, YELLOW))
    with pytest.raises(RuleViolation, match="out of range 7"):
        run(state, Attack(seat=1, figure="archer-1", attack="bow-l2", target="bridge-troll-1"), Dice(15))
    tower = Tower("t1", (parse("l6"), parse("m6"), parse("l7"), parse("m7")), 3)
    on_top = hireable("archer", 1, 2, "l6", on_tower="t1")
    state = table(on_top, foe("bridge-troll", 1, TROLL_AT, YELLOW), towers=(tower,))
    _, events = run(state, Attack(seat=1, figure="archer-1", attack="bow-l2", target="bridge-troll-1"), Dice(15))
    assert of(events, HitRolled)[0].result == "hit"


def test_c2_valcor_deals_the_troll_one_then_five_and_a_bleed_on_a_natural_19() -> None:
    """kings-armory C2 Fifth: 4 base damage less 3 Melee resistance is 1; a natural 19
    is a crit: 4 x 2 = 8 less 3 is 5, and Valcor's Special puts 1 Bleed token on it."""
    state = table(hero("valcor", "e6"), foe("bridge-troll", 1, TROLL_AT, YELLOW))
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(10))
    assert of(events, HitRolled)[0].result == "hit"
    assert [(d.dealt, d.taken, d.hp) for d in of(events, Damaged)] == [(4, 1, 17)]
    after, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(19))
    assert of(events, HitRolled)[0].result == "crit"
    assert [(d.dealt, d.taken, d.hp) for d in of(events, Damaged)] == [(8, 5, 13)]
    assert of(events, TokensChanged)[0].bleed == 1
    troll_after = after.figure("bridge-troll-1")
    assert troll_after is not None and troll_after.tokens == Tokens(bleed=1)


def test_range_one_counts_a_diagonal() -> None:
    """kings-armory C1 Diagram C1-1, E Range: Range 1 reaches diagonally; Range 2 and
    more does not count diagonals."""
    state = table(hero("valcor", "e7"), foe("bridge-troll", 1, TROLL_AT, YELLOW))  # d6 is diagonal to e7
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(12))
    assert of(events, HitRolled)


def test_e_immune_ember_head_shot_on_a_wind_drake_does_nothing() -> None:
    """kings-armory E Immune: a natural 20 with Head Shot deals 4 and instakills, except
    that a Wind Drake is immune to Ranged: no damage and no instakill."""
    drake = foe("wind-drake", 1, TROLL_AT, YELLOW)
    state = table(hero("ember", "h6"), drake)
    after, events = run(state, Attack(seat=1, figure="ember", attack="head-shot", target="wind-drake-1"), Dice(20))
    assert of(events, HitRolled)[0].result == "crit"
    assert [(d.dealt, d.taken) for d in of(events, Damaged)] == [(4, 0)]
    assert not of(events, Defeated)
    ember = after.figure("ember")
    assert ember is not None and not ember.attacked  # kings-armory D1: it does not count as the attack


def test_head_shot_instakills_a_living_foe_on_a_crit() -> None:
    state = table(hero("ember", "h6"), foe("war-orc", 1, TROLL_AT, YELLOW), foe("war-orc", 2, 2))
    after, events = run(state, Attack(seat=1, figure="ember", attack="head-shot", target="war-orc-1"), Dice(20))
    assert [d.how for d in of(events, Defeated)] == ["instakill"]
    assert after.figure("war-orc-1") is None


def test_a_natural_1_always_misses() -> None:
    """kings-armory C2 Fifth: a Critical Failure, whatever the total."""
    state = table(hero("valcor", "e6"), foe("goblin-peon", 1, TROLL_AT, YELLOW))
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-1"), Dice(1))
    assert of(events, HitRolled)[0].result == "fumble"
    assert not of(events, Damaged)


def test_plus_damage_is_dealt_and_resisted_twice() -> None:
    """kings-armory E Special Attack Symbols: Cyrus's 2+2 against Melee resistance 3 is
    two hits of at least 1."""
    state = table(hero("cyrus", "e6"), foe("bridge-troll", 1, TROLL_AT, YELLOW))
    _, events = run(state, Attack(seat=1, figure="cyrus", attack="dual-wield", target="bridge-troll-1"), Dice(15))
    assert [(d.dealt, d.taken) for d in of(events, Damaged)] == [(2, 1), (2, 1)]


def test_melee_cannot_hit_a_flying_foe_nor_reach_off_a_tower() -> None:
    """kings-armory C2 Second, E Towers."""
    state = table(hero("valcor", "e6"), foe("goblin-icarus", 1, TROLL_AT, YELLOW))
    with pytest.raises(RuleViolation, match="flies"):
        run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-icarus-1"), Dice(15))
    tower = Tower("t1", (parse("e6"), parse("f6"), parse("e7"), parse("f7")), 3)
    state = table(hero("valcor", "e6", on_tower="t1", tower="t1"), troll(), towers=(tower,))
    with pytest.raises(RuleViolation, match="Tower"):
        run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(15))


def test_bless_adds_one_to_every_resistance() -> None:
    """kings-armory C2 Bless: Valcor's 4 less the Troll's 3 +1 would be 0: still 1."""
    state = table(hero("valcor", "e6"), foe("war-orc", 1, TROLL_AT, YELLOW, tokens=Tokens(bless=1)))
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="war-orc-1"), Dice(15))
    war_orc_melee = 1  # monsters.json
    assert [d.taken for d in of(events, Damaged)] == [max(1, 4 - war_orc_melee - 1)]


def test_a_line_attack_hits_friend_and_foe_in_its_line() -> None:
    """kings-armory C2 Sixth, E Line Attacks: Midnight's Flame Thrower (1x3) from d9
    northwards hits d8, d7, d6: an Ally in the line burns too."""
    state = table(hero("midnight", "d9"), hero("valcor", "d8"), foe("bridge-troll", 1, TROLL_AT, YELLOW))
    _, events = run(state, Attack(seat=1, figure="midnight", attack="flame-thrower", direction="N"), Dice(12))
    assert sorted(r.target for r in of(events, HitRolled)) == ["bridge-troll-1", "valcor"]
    assert len({r.natural for r in of(events, HitRolled)}) == 1  # one roll for the whole area


def test_an_ally_passes_through_another_but_never_gets_stranded_on_its_space() -> None:
    """kings-armory B2: Allies move through each other but never stop together; a step
    onto an Ally's space with no free space left within reach is refused."""
    from domain.games.kings_armory.messages import Step

    walled = table(hero("ember", "k16", steps=1), hero("felicity", "k15"), hero("valcor", "j15"),
                   hero("cyrus", "l15"), hero("midnight", "k14"), troll())
    with pytest.raises(RuleViolation, match="could reach no free space"):
        run(walled, Step(seat=1, figure="ember", to="k15"), Dice())
    state, _ = run(table(hero("ember", "k16", steps=2), hero("felicity", "k15"), troll()),
                    Step(seat=1, figure="ember", to="k15"), Dice())
    ember = state.figure("ember")
    assert ember is not None and ember.space == parse("k15") and ember.steps == 1


def _profile(**changes: object) -> Attack_:
    """A made-up attack for rules no card in the set uses yet."""
    base = heroes()["valcor"].attacks[0]
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def _strike(state: KaState, attacker: str, profile: Attack_, target: str, *rolls: int) -> list[Event]:
    em = Emitter(state, evolve)
    assert state.figure(attacker) is not None
    resolve_attack(em, Dice(*rolls), attacker, profile, [target])
    return list(em.events)


def test_non_resistible_damage_ignores_resistance() -> None:
    """kings-armory E Non-Resistible: the Troll's 3 does not apply."""
    state = table(hero("valcor", "e6"), troll())
    events = _strike(state, "valcor", _profile(non_resistible=True), "bridge-troll-1", 10)
    assert [(d.dealt, d.taken) for d in of(events, Damaged)] == [(4, 4)]


def test_non_resistible_damage_is_its_own_type_past_a_types_immunity() -> None:
    """kings-armory E Non-Resistible: a damage type of its own, resisted in no way; the Wind
    Drake's immunity to Ranged damage (E Immune) does not stop it."""
    drake = foe("wind-drake", 1, TROLL_AT, YELLOW)
    state = table(hero("ember", "e6"), drake)
    arrow = _profile(kind="ranged", reach=6)
    assert [(d.dealt, d.taken) for d in of(_strike(state, "ember", arrow, "wind-drake-1", 10), Damaged)] == [(4, 0)]
    blast = _profile(kind="ranged", reach=6, non_resistible=True)
    assert [(d.dealt, d.taken) for d in of(_strike(state, "ember", blast, "wind-drake-1", 10), Damaged)] == [(4, 4)]


def test_removal_defeats_what_instakill_and_destroy_cannot() -> None:
    """kings-armory E Removal: it bypasses the immunity of Siege Equipment to Instakill."""
    state = table(hero("valcor", "e6"), foe("battering-ram", 1, TROLL_AT, YELLOW))
    instakill = _strike(state, "valcor", _profile(on_crit=MappingProxyType({"instakill": 1})), "battering-ram-1", 20)
    assert not of(instakill, Defeated)
    removal = _strike(state, "valcor", _profile(on_crit=MappingProxyType({"remove": 1})), "battering-ram-1", 20)
    assert [d.how for d in of(removal, Defeated)] == ["removed"]


def test_an_x2_hitroll_rolls_twice_and_hits_the_gate_once() -> None:
    """kings-armory E Special Attack Symbols: the Ettin Clubber's x2 rolls twice against
    an Ally; at the Castle Gate it deals its damage once per two rolls."""
    clubber = foe("ettin-clubber", 1, TROLL_AT, YELLOW)
    state = table(hero("valcor", "e6"), clubber)
    events = _strike(state, "ettin-clubber-1", monsters()["ettin-clubber"].attack, "valcor", 12, 3)
    assert [r.natural for r in of(events, HitRolled)] == [12, 3]
    assert gate_damage(monsters()["ettin-clubber"].attack) == 3
    assert gate_damage(monsters()["goblin-mutant"].attack) == 6  # "+": both numbers


def test_a_crit_multiplies_the_base_damage_and_an_enchant_comes_after() -> None:
    """kings-armory C2 Fifth, E Crit Mods: x2 applies to the Base Damage (Valcor's 4);
    Boleslaw's Enchant Weapon (+1) is added to the result: 4 x 2 + 1 = 9 against the
    Troll's Melee 3 is 6, and a plain hit is 4 + 1 = 5, less 3 is 2."""
    state = table(hero("valcor", "e6", enchant=1), troll())
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(19))
    assert [(d.dealt, d.taken) for d in of(events, Damaged)] == [(9, 6)]
    _, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(10))
    assert [(d.dealt, d.taken) for d in of(events, Damaged)] == [(5, 2)]


def test_raising_a_crit_range_adds_the_numbers_below_it() -> None:
    """kings-armory E Crit Range: a raise adds lower numbers. Valcor's Royal Mace crits
    on 19-20; raised by 2 it crits on 17-20 (a natural 16 is a plain hit), never on a
    natural 1; Boleslaw's Auto bolt has no Crit Range to raise."""
    mace = heroes()["valcor"].attacks[0]
    raised = mace.crit_range_raised(2)
    assert (mace.crit_from, raised.crit_from) == (19, 17)
    state = table(hero("valcor", "e6"), troll())
    assert [r.result for r in of(_strike(state, "valcor", raised, "bridge-troll-1", 17), HitRolled)] == ["crit"]
    assert [r.result for r in of(_strike(state, "valcor", raised, "bridge-troll-1", 16), HitRolled)] == ["hit"]
    assert mace.crit_range_raised(30).crit_from == 2
    bolt = heroes()["boleslaw"].attacks[0]
    assert bolt.crit_from is None and bolt.crit_range_raised(2) == bolt
    with pytest.raises(ValueError, match="E Crit Range"):
        mace.crit_range_raised(-1)
