"""The final Wave's Boss (kings-armory B7, B9, E Bosses, G3 THE BOSSES, D2-2): when and where it
enters, the rules every Boss keeps, and each kind of rule a Boss's Stat Card gives it, played
through the Foes' Round and the rules' checks."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import name, parse
from domain.games.kings_armory.combat import put_tokens, take_damage
from domain.games.kings_armory.content import BOSS_LEVEL, bosses
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.figures import move_rate, resistance_in
from domain.games.kings_armory.foes import foe_turn
from domain.games.kings_armory.rounds import foes_round
from domain.games.kings_armory.state import FOE, PLAYERS, Figure, KaState, Tokens, Tower
from domain.kernel import Emitter, Event
from tests.kings_armory.support import KIT, Dice, foe, hero, hireable, refused, route_space, run, table
from tests.kings_armory.test_board import cave_data
from tests.kings_armory.test_cards import holding
from tests.kit import of

ROUTE = ("main", "odd", "red")
EVEN_YELLOW = ("main", "even", "yellow")


def boss(key: str, index: int, route: tuple[str, str, str] = ROUTE, **changes: Any) -> Figure:
    card = bosses()[key]
    figure = Figure(figure=f"{key}-1", kind=FOE, key=key, seat=0, hp=card.hp, space=route_space(index, route),
                    level=BOSS_LEVEL, route=route, index=index, order=1)
    return replace(figure, **changes)


def foes_round_of(state: KaState, *rolls: int) -> tuple[KaState, list[Event]]:
    """Every Ally done: the next Foes' Round, with scripted dice."""
    ended = replace(state, figures=tuple(replace(f, done=True) if f.kind != FOE else f for f in state.figures))
    em = Emitter(ended, evolve)
    foes_round(em, Dice(*rolls))
    return em.state, list(em.events)


def turn(state: KaState, figure_id: str, *rolls: int) -> tuple[KaState, list[Event]]:
    em = Emitter(state, evolve)
    foe_turn(em, Dice(*rolls), figure_id, "test")
    return em.state, list(em.events)


def test_the_boss_enters_in_the_final_waves_second_foes_round_after_the_other_foes() -> None:
    """kings-armory B7: after every other foe's turn in the Foes' Round 2 of the final Wave, a
    Boss drawn at random enters on an unmodified d12's side, on its Stat Card's hit points,
    and takes its turn."""
    state = table(hero("valcor", "b16"), foe("goblin-peon", 1, 5), waves=1)
    after, events = foes_round_of(state, 0, 3)  # the first Boss of the pile; a d12 of 3: odd
    names = [type(e).__name__ for e in events]
    assert names.index("BossEntered") > names.index("FoeMoved")  # the Goblin Peon went first
    (entered,) = of(events, m.BossEntered)
    assert (entered.figure, entered.key, entered.hp, entered.space, entered.entrance, entered.lane,
            entered.color, entered.side_roll, entered.entrance_roll, entered.rule) == (
        "goblin-golem-1", "goblin-golem", 80, "h0", "main", "odd", "red", 3, 0, "kings-armory B7")
    assert [(t.figure, t.rule) for t in of(events, m.FoeTurnBegan)][-1] == ("goblin-golem-1", "kings-armory B7")
    golem = after.figure("goblin-golem-1")
    assert golem is not None and golem.index == 3  # Move 3
    assert after.bosses == (("goblin-golem", "main", "odd"),) and after.phase == PLAYERS
    view = GAME.view(after, 1)
    assert [(b.figure, b.hp, b.max_hp) for b in view.bosses] == [("goblin-golem-1", 80, 80)]
    assert any("Falling Goblins" in line for line in view.bosses[0].text) and view.bosses_to_come == 0


def test_no_boss_before_the_final_wave_nor_in_its_first_round_and_later_with_delayed_entry() -> None:
    """kings-armory B7: the final Wave only; D2-2 Delayed Monster Entry: the Foes' Round 3."""
    early = table(hero("valcor", "b16"), foe("goblin-peon", 1, 5), waves=2)
    _, events = foes_round_of(early)
    assert not of(events, m.BossEntered)
    delayed = table(hero("valcor", "b16"), foe("goblin-peon", 1, 5), waves=1, delayed_entry=True)
    after, events = foes_round_of(delayed)
    assert not of(events, m.BossEntered) and GAME.view(after, 1).bosses_to_come == 1
    after, events = foes_round_of(replace(after, phase=PLAYERS), 6, 8)
    assert [(e.key, e.lane) for e in of(events, m.BossEntered)] == [("sky-titan", "even")]


def test_with_two_entrances_a_second_roll_picks_the_entrance() -> None:
    """kings-armory B7 Two Monster Entrances: odd, the Monster Entrance; even, the Cave."""
    cave_map = json.dumps(cave_data())
    state = table(hero("valcor", "b16"), waves=1, map=cave_map, round_=1)
    _, events = foes_round_of(state, 1, 5, 4, 3, 0)  # Lord Sorymon, then his call (a d12, a draw)
    (entered,) = of(events, m.BossEntered)
    assert (entered.key, entered.lane, entered.entrance, entered.side_roll, entered.entrance_roll) == (
        "lord-sorymon", "odd", "cave", 5, 4)


def test_a_seven_wave_game_may_have_two_bosses_the_second_on_the_other_side() -> None:
    """kings-armory B7 (5 Wave Game vs. 7 Wave Game, D2-2 Extra-Boss Modes): the second Boss in the
    Foes' Round 3, on the side the first did not take; only in a 7-Wave game."""
    with pytest.raises(ValueError, match="kings-armory B7"):
        KIT.initial(2, {"bosses": 2})
    first = boss("goblin-golem", 3)
    state = replace(table(hero("valcor", "b16"), first, waves=7, wave=7, bosses=2, round_=2),
                    bosses=(("goblin-golem", "main", "odd"),))
    _, events = foes_round_of(state, 0, 3, 0)
    (second,) = of(events, m.BossEntered)
    assert (second.key, second.lane, second.side_roll) == ("lord-sorymon", "even", 0)


def test_the_game_is_won_only_when_the_boss_and_every_foe_are_defeated() -> None:
    """kings-armory B9, B7 Finishing the Game: the last foe of the final Wave falls, but the Boss
    is still to come: no victory yet; the Boss the last foe standing: its defeat wins."""
    state = table(hero("valcor", "e6"), foe("goblin-peon", 1, 10, ("main", "odd", "yellow")), waves=1)
    after, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-1"),
                        Dice(20))
    assert not of(events, m.GameOver) and not of(events, m.WaveWon) and after.phase == PLAYERS
    golem = boss("goblin-golem", 10, ("main", "odd", "yellow"), hp=2)
    last = replace(table(hero("valcor", "e6"), golem, waves=1, round_=2), bosses=(("goblin-golem", "main", "odd"),))
    _, events = run(last, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-golem-1"), Dice(20))
    assert [(g.won, g.rule) for g in of(events, m.GameOver)] == [(True, "kings-armory B9")]


def test_a_boss_is_untankable_and_shrugs_off_stun_removal_and_instakill() -> None:
    """kings-armory E Bosses: Untankable; immune to Instakill, Destruction, Removal and Stun;
    E Teleport (RULES.md): a Teleport Foe takes what a tank may take."""
    golem = boss("goblin-golem", 10, ("main", "odd", "yellow"))  # d6
    state = table(hero("valcor", "e6"), golem, hireable("psionicist", 1, 3, "e7"), waves=1)
    assert "cannot be tanked" in str(refused(state, m.Tank(seat=1, figure="valcor", foe="goblin-golem-1")))
    state = replace(state, acting="")
    assert "cannot lose its turn" in str(refused(state, m.UseSpecial(seat=1, figure="psionicist-1",
                                                                      special="time-rift", target="goblin-golem-1")))
    em = Emitter(state, evolve)
    put_tokens(em, "goblin-golem-1", "stun", 1)
    assert not em.events
    mirror = holding(state, "banishing-mirror")
    assert "would do nothing" in str(refused(mirror, m.PlayCard(seat=1, card="banishing-mirror",
                                                                target="goblin-golem-1")))
    ember = table(hero("ember", "e3"), golem, waves=1)
    _, events = run(ember, m.Attack(seat=1, figure="ember", attack="head-shot", target="goblin-golem-1"), Dice(20))
    assert of(events, m.Damaged) and not of(events, m.Defeated)


def test_only_a_card_that_says_so_touches_a_boss() -> None:
    """kings-armory E Bosses (CONTENT.md): the Dwarven Thunder Cannon affects Bosses; its
    Non-Resistible blast takes all 10 (E Non-Resistible)."""
    golem = boss("goblin-golem", 10, ("main", "odd", "yellow"))
    state = holding(table(hero("valcor", "e9"), golem, waves=1), "thunder-cannon")
    _, events = run(state, m.PlayCard(seat=1, card="thunder-cannon", target="goblin-golem-1"), Dice())
    assert ("goblin-golem-1", 10) in [(d.figure, d.taken) for d in of(events, m.Damaged)]


def test_a_slow_token_takes_one_from_a_boss_never_below_three() -> None:
    """kings-armory E Bosses: Slow at -1 a token, a Move Rate of 3 at least."""
    king = boss("grey-fairie-king", 3, EVEN_YELLOW)
    assert [move_rate(replace(king, tokens=Tokens(slow=slow))) for slow in (0, 1, 2)] == [6, 5, 4]
    golem = boss("goblin-golem", 3)
    assert move_rate(replace(golem, tokens=Tokens(slow=2))) == 3


def test_a_boss_is_never_bumped_back_and_shares_its_space() -> None:
    """kings-armory E Bosses: it stays where it lands, stacking with what is there; a foe may
    land on it too (E Stacking)."""
    state = table(hero("valcor", "b16"), boss("goblin-golem", 3), foe("war-orc", 1, 6), waves=1)
    after, events = turn(state, "goblin-golem-1")
    assert [(e.index, e.how) for e in of(events, m.FoeMoved)] == [(6, "moved")]
    golem, orc = after.figure("goblin-golem-1"), after.figure("war-orc-1")
    assert golem is not None and orc is not None and golem.space == orc.space


def test_a_boss_stays_on_the_gate_and_attacks_it_first_then_allies() -> None:
    """kings-armory E Bosses: it treats the Gate as Siege Equipment does, never going in; once
    there its first attack strikes the Gate (no roll: E Castle Gate), the others Allies by
    Attack Priority."""
    avatar = boss("pyramid-avatar", 27)
    state = table(hero("valcor", "k16"), avatar, waves=1)
    after, events = turn(state, "pyramid-avatar-1", 15)
    assert [(e.index, e.how) for e in of(events, m.FoeMoved)] == [(29, "moved")]
    assert [(g.by, g.amount, g.rule) for g in of(events, m.GateDamaged)] == [
        ("pyramid-avatar-1", 5, "kings-armory E Bosses")]
    assert [(h.attacker, h.target) for h in of(events, m.HitRolled)] == [("pyramid-avatar-1", "valcor")]
    assert after.figure("pyramid-avatar-1") is not None


def test_a_boss_makes_every_attack_on_its_card_each_turn() -> None:
    """kings-armory E Bosses: all its attacks every Round, each by Attack Priority."""
    state = table(hero("valcor", "q9"), boss("pyramid-avatar", 12), waves=1)  # it walks to p8, beside Valcor
    _, events = turn(state, "pyramid-avatar-1", 2, 2)
    assert [h.target for h in of(events, m.HitRolled)] == ["valcor", "valcor"]


def test_the_fairie_king_enters_with_his_pixies() -> None:
    """Royal Swarm (escort, B7: Monster additions): two Grey Pixies enter with it and act after it."""
    state = table(hero("valcor", "b16"), waves=1, round_=1)
    _, events = foes_round_of(state, 3, 2, 9, 4)  # the two Pixies tie: a d20 each
    assert [e.key for e in of(events, m.BossEntered)] == ["grey-fairie-king"]
    assert [(e.key, e.space, e.rule) for e in of(events, m.FoeEntered)] == [
        ("grey-pixie", "g0", "kings-armory B7"), ("grey-pixie", "g0", "kings-armory B7")]
    assert [t.figure for t in of(events, m.FoeTurnBegan)] == ["grey-fairie-king-1", "grey-pixie-1", "grey-pixie-2"]


def test_lord_sorymon_calls_a_foe_as_each_of_his_turns_begins() -> None:
    """Call the Horde (summon, E Summoning): a level 2 foe enters at the Monster Entrance, on an
    unmodified d12's side, drawn from its level's pile."""
    state = table(hero("valcor", "b16"), boss("lord-sorymon", 5, EVEN_YELLOW), waves=1)
    after, events = turn(state, "lord-sorymon-1", 7, 0)
    (rolled,) = of(events, m.FoeRolled)
    assert (rolled.natural, rolled.level, rolled.lane, rolled.entrance, rolled.rule) == (
        7, 2, "odd", "main", "kings-armory B7")
    (entered,) = of(events, m.FoeEntered)
    assert (entered.level, entered.space, entered.rule) == (2, "h0", "kings-armory E Summoning")
    assert after.figure(entered.figure) is not None


def test_the_goblin_golem_sheds_a_goblin_for_every_ten_hit_points_it_loses() -> None:
    """Falling Goblins (shed): each multiple of 10 lost drops a Goblin Peon on its space and route."""
    state = table(hero("valcor", "b16"), boss("goblin-golem", 12), waves=1)
    em = Emitter(state, evolve)
    take_damage(em, "goblin-golem-1", 25, "supernatural", True)
    appeared = of(list(em.events), m.FoeAppeared)
    assert [(e.key, e.space, e.index, e.by) for e in appeared] == [
        ("goblin-peon", name(route_space(12)), 12, "goblin-golem-1")] * 2
    take_damage(em, "goblin-golem-1", 5, "supernatural", True)  # 50 left: the third
    assert len(of(list(em.events), m.FoeAppeared)) == 3


def test_the_pyramid_avatar_wards_the_foes_near_it() -> None:
    """Ancient Runes (foe-ward): every other foe within 3 gets +1 to every resistance."""
    near, far = foe("war-orc", 1, 14), foe("war-orc", 2, 20)
    state = table(hero("valcor", "b16"), boss("pyramid-avatar", 12), near, far, waves=1)
    assert resistance_in(state, near, "melee") == resistance_in(state, far, "melee") + 1  # type: ignore[operator]


def test_the_giant_boulder_covers_the_foes_beside_it_and_crushes_allies_on_its_way() -> None:
    """Boulder Cover (cover: foes within 1 immune to Ranged damage, E Immune) and Squash (crush: 3
    Non-Resistible damage to each Ally on a space it rolls onto or through, E Non-Resistible)."""
    beside = foe("war-orc", 1, 13)
    state = table(hero("valcor", "p6"), boss("giant-boulder", 12), beside, waves=1)  # Valcor on the path ahead
    assert resistance_in(state, beside, "ranged") is None and resistance_in(state, beside, "melee") is not None
    _, events = turn(state, "giant-boulder-1", 2)
    assert ("valcor", 3, 0, "kings-armory B7") in [(d.figure, d.taken, d.resisted, d.rule)
                                                   for d in of(events, m.Damaged)]


def test_the_lightning_troll_arcs_to_allies_near_its_target_and_shrugs_off_slow() -> None:
    """Forked Lightning (chain: up to 2 more Allies within 2 of the target, the same roll) and its
    immunity to Slow (its Stat Card)."""
    # It walks from p5 to p9: Storm Fist on Valcor (Melee: Attack Priority 3), Arc Discharge on
    # Midnight, leaping to Valcor and Felicity.
    state = table(hero("valcor", "q9"), hero("midnight", "q10"), hero("felicity", "q11"),
                  boss("lightning-troll", 13), waves=1)
    _, events = turn(state, "lightning-troll-1", 3, 12)
    arcs = [h for h in of(events, m.HitRolled) if h.natural == 12]
    assert len(arcs) == 3 and len({h.target for h in arcs}) == 3
    em = Emitter(state, evolve)
    put_tokens(em, "lightning-troll-1", "slow", 1)
    assert not em.events


def test_the_sky_titan_sweeps_every_ally_in_reach_off_the_towers() -> None:
    """Thunder from Above (sweep): Thunderclap strikes every Ally within 5 not on a Tower."""
    tower = Tower("t1", (parse("e11"), parse("f11"), parse("e12"), parse("f12")), 3)
    # It flies from c9 to c13: Valcor 2 away, Felicity 3, Midnight on the Tower 4.
    state = table(hero("valcor", "e13"), hero("midnight", "e11", on_tower="t1", tower="t1"), hero("felicity", "c16"),
                  boss("sky-titan", 13, EVEN_YELLOW), towers=(tower,), waves=1)
    _, events = turn(state, "sky-titan-1", 3, 10)
    swept = {h.target for h in of(events, m.HitRolled) if h.natural == 10}
    assert "midnight" not in swept and {"valcor", "felicity"} <= swept


def test_a_boss_crits_on_more_than_a_natural_20() -> None:
    """kings-armory E Bosses: a wider Crit Range than the foes' (Lord Sorymon's Green Foot Hex crits
    on 18-20: C2 Fifth, the Crit Mod doubles its 5)."""
    state = table(hero("valcor", "e6"), boss("lord-sorymon", 0, EVEN_YELLOW), waves=1)  # it walks to e2
    _, events = turn(state, "lord-sorymon-1", 7, 0, 18)
    hex_hit = next(h for h in of(events, m.HitRolled) if h.attacker == "lord-sorymon-1")
    assert (hex_hit.natural, hex_hit.result) == (18, "crit")
    assert next(d.dealt for d in of(events, m.Damaged) if d.figure == "valcor") == 10
