"""The Foes' Round: the monster AI follows the rulebook's lists (kings-armory B1, B3)
and cites the line that chose each foe and each target."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from domain.games.kings_armory.board import board_for
from domain.games.kings_armory.combat import add_tokens
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.foes import choose, foe_attack, foe_turn, next_foe
from domain.games.kings_armory.messages import (
    Attack,
    Damaged,
    Defeated,
    EndAlly,
    FoeEntered,
    FoeMoved,
    FoeRolled,
    FoeTurnBegan,
    GateDamaged,
    HitRolled,
    StatusDamage,
    Tank,
    Tanked,
    TankEnded,
    TieRolled,
    TurnLost,
    UseSpecial,
    WaveWon,
)
from domain.games.kings_armory.state import Figure, KaState, Tokens
from domain.kernel import Emitter, Event, RuleViolation
from tests.kings_armory.support import Dice, between_waves, foe, hero, hireable, route_space, run, table
from tests.kings_armory.test_board import cave_data
from tests.kit import of

RED = ("main", "odd", "red")
YELLOW = ("main", "odd", "yellow")


def turn(state: KaState, figure_id: str, *rolls: int) -> tuple[KaState, list[Event]]:
    em = Emitter(state, evolve)
    foe_turn(em, Dice(*rolls), figure_id, "test")
    return em.state, list(em.events)


def attack_only(state: KaState, figure_id: str, *rolls: int) -> list[Event]:
    """The attack step of a foe's turn alone, where it stands."""
    em = Emitter(state, evolve)
    foe_attack(em, Dice(*rolls), figure_id)
    return list(em.events)


def where(state: KaState, figure_id: str) -> Figure:
    found = state.figure(figure_id)
    assert found is not None
    return found


def test_turn_priority_1_the_foe_closest_to_the_gate_goes_first() -> None:
    state = table(foe("goblin-peon", 1, 5), foe("goblin-peon", 2, 9, YELLOW))
    em = Emitter(state, evolve)
    chosen, rule = next_foe(em, Dice(), state.foes())
    assert chosen.figure == "goblin-peon-2" and rule == "kings-armory B3 Monster Turn Priority 1"


def test_turn_priority_2_and_3_flying_then_the_lower_level() -> None:
    """Equal distance: the flier first; then, between ground foes, the lower level."""
    flier = foe("goblin-icarus", 1, 7, RED)  # level 2, flying
    walker = foe("goblin-peon", 2, 7, YELLOW)
    em = Emitter(table(flier, walker), evolve)
    assert next_foe(em, Dice(), (flier, walker)) == (flier, "kings-armory B3 Monster Turn Priority 2")
    orc = foe("war-orc", 3, 7, RED)
    em = Emitter(table(orc, walker), evolve)
    assert next_foe(em, Dice(), (orc, walker)) == (walker, "kings-armory B3 Monster Turn Priority 3")


def test_a_foe_walks_its_move_rate_along_its_route() -> None:
    state, events = turn(table(foe("goblin-peon", 1, 3)), "goblin-peon-1")
    (moved,) = of(events, FoeMoved)
    assert moved.index == 7 and len(moved.path) == 4  # Move Rate 4
    assert where(state, "goblin-peon-1").space == route_space(7)


def test_landing_on_a_foe_of_its_layer_bumps_back_and_a_flier_stacks() -> None:
    """kings-armory B1 If a Monster...: ground on ground bumps back to the last open
    ground space; a flier shares a ground foe's space."""
    blocker = foe("war-orc", 2, 7)
    state, events = turn(table(foe("goblin-peon", 1, 3), blocker), "goblin-peon-1")
    assert of(events, FoeMoved)[0].how == "bumped back"
    assert where(state, "goblin-peon-1").index == 6
    state, events = turn(table(foe("goblin-icarus", 1, 1), blocker), "goblin-icarus-1")  # Move Rate 6: lands on index 7
    assert where(state, "goblin-icarus-1").index == 7 and of(events, FoeMoved)[0].how == "moved"


def test_bumping_back_onto_the_entrance_bumps_forward_past_the_line() -> None:
    line = [foe("war-orc", n, n - 1) for n in range(2, 7)]  # indices 1..5 taken
    state, events = turn(table(foe("goblin-peon", 1, 0), *line), "goblin-peon-1")  # lands on 4
    assert of(events, FoeMoved)[0].how == "bumped forward"
    assert where(state, "goblin-peon-1").index == 6


def test_a_foe_on_a_gate_space_goes_in_hurts_the_gate_and_is_defeated() -> None:
    """kings-armory B3 Monsters at the Castle Gate."""
    state, events = turn(table(foe("war-orc", 1, 26)), "war-orc-1")
    assert of(events, FoeMoved)[0].how == "gate"
    assert [(g.amount, g.hp) for g in of(events, GateDamaged)] == [(3, 17)]
    assert [d.how for d in of(events, Defeated)] == ["castle"]
    assert state.figure("war-orc-1") is None


def test_siege_equipment_stays_on_the_gate_space_and_attacks_each_turn() -> None:
    """kings-armory E Siege Equipment: it never goes in; castle-only, no roll."""
    state, events = turn(table(foe("battering-ram", 1, 27)), "battering-ram-1")
    assert where(state, "battering-ram-1").index == 29
    assert [g.amount for g in of(events, GateDamaged)] == [6]
    state, events = turn(state, "battering-ram-1")
    assert [g.hp for g in of(events, GateDamaged)] == [8]
    assert not of(events, HitRolled)


def test_attack_priority_1_the_tanker_before_a_closer_ally() -> None:
    orc = foe("war-orc", 1, 10, YELLOW, tanked_by="valcor")  # d6
    state = table(hero("valcor", "e7"), hero("felicity", "e6", seat=1), orc)
    state, events = turn(state, "war-orc-1", 15)
    assert of(events, FoeMoved)[0].how == "tanked"
    (roll,) = of(events, HitRolled)
    assert roll.target == "valcor" and roll.rule == "kings-armory B1 Attack Priority 1"


def test_attack_priority_2_the_closest_ally() -> None:
    """A Bridge Troll (Melee, Range 2) that stays put: Valcor at 1 before Felicity at 2."""
    troll = foe("bridge-troll", 1, 10, YELLOW)  # d6
    state = table(hero("valcor", "e6"), hero("felicity", "d8"), troll)
    events = attack_only(state, "bridge-troll-1", 15)
    (roll,) = of(events, HitRolled)
    assert roll.target == "valcor" and roll.rule == "kings-armory B1 Attack Priority 2"


def test_attack_priority_3_same_damage_type_breaks_a_distance_tie() -> None:
    """Two Allies at Range 1: the one that deals Melee is chosen by a Melee foe."""
    orc = foe("war-orc", 1, 10, YELLOW)  # d6
    state = table(hero("valcor", "e6"), hero("midnight", "c6"), orc)
    events = attack_only(state, "war-orc-1", 15)
    (roll,) = of(events, HitRolled)
    assert roll.target == "valcor" and roll.rule == "kings-armory B1 Attack Priority 3"


def test_attack_priority_5_counts_the_castle_gate_spaces_as_path() -> None:
    """kings-armory B1 Attack Priority 5, E Castle Gate (its two spaces count as Path): an
    Orc Archer at l15 has Valcor on the even gate space k17 and Cyrus on open terrain at
    n16, both 3 away, both Melee, neither on its route: Valcor stands on the Path."""
    archer = foe("orc-archer", 1, 27, RED)  # l15
    state = table(hero("valcor", "k17"), hero("cyrus", "n16"), archer)
    events = attack_only(state, "orc-archer-1", 15)
    (roll,) = of(events, HitRolled)
    assert roll.target == "valcor" and roll.rule == "kings-armory B1 Attack Priority 5"


def test_a_tie_the_lists_leave_is_rolled_and_recorded() -> None:
    """kings-armory B1 Attack Priority 7.5, B3: "roll for it". A d20 each, the highest
    wins, a tie rolls again; every roll is in TieRolled."""
    felicity, midnight = hero("felicity", "f5"), hero("midnight", "f7")
    em = Emitter(table(felicity, midnight), evolve)
    chosen, rule = choose(em, Dice(7, 7, 4, 9), [felicity, midnight], [("same", lambda f: 0)], "tie rule")
    assert chosen.figure == "midnight" and rule == "tie rule"
    assert [(t.rolls, t.chosen) for t in of(list(em.events), TieRolled)] == [((7, 7), ""), ((4, 9), "midnight")]


def test_a_holding_ally_tanks_a_foe_walking_into_its_reach() -> None:
    """RULES.md standing tank orders: the foe stops on the first space within reach."""
    peon = foe("goblin-peon", 1, 8, YELLOW)  # d5, walks down the d column
    state = table(hero("valcor", "e8", holding=True), peon)
    state, events = turn(state, "goblin-peon-1", 15)
    assert [t.figure for t in of(events, Tanked)] == ["valcor"]
    assert where(state, "goblin-peon-1").space == route_space(11, YELLOW)  # d7: the first space diagonal to e8
    assert of(events, HitRolled)[0].target == "valcor"


def test_upkeep_bleeds_burns_and_a_stun_costs_the_turn() -> None:
    """kings-armory B1 Monster Upkeep, C2 Seventh."""
    troll = foe("bridge-troll", 1, 10, YELLOW, tokens=Tokens(bleed=2, burn=1, stun=1))
    state, events = turn(table(troll), "bridge-troll-1")
    assert [(s.status, s.amount) for s in of(events, StatusDamage)] == [("bleed", 2), ("burn", 1)]
    assert of(events, TurnLost) and not of(events, FoeMoved)
    assert where(state, "bridge-troll-1").hp == 15 and where(state, "bridge-troll-1").tokens.stun == 0


def test_token_caps_and_bleed_and_burn_together() -> None:
    """kings-armory C2: Bleed 3, Burn 2, Slow 2, Stun 1, Bless 1; past 4 Bleed and Burn
    together a new token takes one of the other kind."""
    tokens = add_tokens(Tokens(), "bleed", 5)
    assert tokens.bleed == 3
    tokens = add_tokens(tokens, "burn", 1)
    assert (tokens.bleed, tokens.burn) == (3, 1)
    tokens = add_tokens(tokens, "burn", 1)
    assert (tokens.bleed, tokens.burn) == (2, 2)
    assert add_tokens(Tokens(), "slow", 3).slow == 2
    assert add_tokens(Tokens(stun=1), "stun", 1).stun == 1


def test_the_foes_round_follows_the_last_seat_and_new_foes_enter_one_by_one() -> None:
    """kings-armory B1: each foe enters and takes its turn before the next is rolled;
    the d12 and the draw are in the events."""
    state = replace(table(hero("valcor", "p16")), round=0, to_enter=2)
    # One Hero: the d12 takes 1 (the Hero Scaling Grid). d12 = 4: net 3, level 1, odd side, pile index 0
    # (a Goblin Peon); d12 = 9: net 8, level 2, even side, index 4 (a War Orc).
    state, events = run(state, EndAlly(seat=1, figure="valcor"), Dice(4, 0, 9, 4))
    kinds = [type(e).__name__ for e in events if isinstance(e, (FoeRolled, FoeEntered, FoeTurnBegan, FoeMoved))]
    assert kinds == ["FoeRolled", "FoeEntered", "FoeTurnBegan", "FoeMoved"] * 2
    rolled = of(events, FoeRolled)
    assert [(r.natural, r.modifier, r.net, r.level, r.lane) for r in rolled] == [(4, -1, 3, 1, "odd"),
                                                                                   (9, -1, 8, 2, "even")]
    assert [e.key for e in of(events, FoeEntered)] == ["goblin-peon", "war-orc"]
    assert not of(events, Damaged)
    assert state.phase == "players" and state.seat == 1


def test_a_tank_ends_when_the_tanker_is_out_of_reach() -> None:
    """kings-armory E Tanking: once the foe is out of the tanker's reach it walks on."""
    orc = foe("war-orc", 1, 10, YELLOW, tanked_by="valcor")  # d6
    state, events = turn(table(hero("valcor", "h9"), orc), "war-orc-1")
    assert [(t.figure, t.foe) for t in of(events, TankEnded)] == [("valcor", "war-orc-1")]
    assert of(events, FoeMoved)[0].how == "moved" and where(state, "war-orc-1").index == 14


def test_with_the_cave_foes_alternate_entrances_and_the_main_one_goes_first_on_a_tie() -> None:
    """kings-armory B1 Two Monster Entrances: the first foe at the Monster Entrance, the
    second at the Cave, and so on; B3 Monster Turn Priority 6-7 on a tie."""
    cave_map = json.dumps(cave_data())
    state = replace(table(hero("valcor", "b16"), map=cave_map), round=0, to_enter=3)
    state, events = run(state, EndAlly(seat=1, figure="valcor"), Dice(4, 0, 4, 0, 4, 0))
    assert [e.entrance for e in of(events, FoeEntered)] == ["main", "cave", "main"]
    # The same distance to the gate (routes of 26 and 20 spaces), the same kind, lane and colour.
    main = foe("goblin-peon", 1, 11, ("main", "odd", "red"), route_board=cave_map)
    cave = foe("goblin-peon", 2, 5, ("cave", "odd", "red"), route_board=cave_map)
    assert board_for(cave_map).routes[main.route].remaining(11) == board_for(cave_map).routes[cave.route].remaining(5)
    em = Emitter(table(main, cave, map=cave_map), evolve)
    assert next_foe(em, Dice(), (cave, main)) == (main, "kings-armory B3 Monster Turn Priority 6-7")


def test_with_the_cave_every_waves_first_foe_comes_in_at_the_monster_entrance() -> None:
    """kings-armory B1 Two Monster Entrances: the alternation starts again with each
    Wave. Wave 1 brought three foes (the last one through the main entrance); Wave 2's
    first still comes in there, not at the Cave."""
    cave_map = json.dumps(cave_data())
    last = foe("goblin-peon", 3, 20, RED, route_board=cave_map)  # near the Castle Gate
    beside = route_space(21, RED, cave_map)
    state = replace(table(hero("valcor", "b16", space=beside), last, map=cave_map), entered=("goblin-peon",) * 3,
                    wave_entered=3)
    # A natural 20 kills the Peon and wins Wave 1; Wave 2 brings 5 - 1 = 4 foes (one Hero),
    # each a d12 of 4 and the first of its pile.
    state, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-3"), Dice(20))
    assert of(events, WaveWon)
    state, events = between_waves(state, Dice(*[4, 0] * 4))
    assert [e.entrance for e in of(events, FoeEntered)] == ["main", "cave", "main", "cave"]


def test_a_foes_id_names_its_kind_and_its_number_among_the_games_foes_of_that_kind() -> None:
    """kings-armory B1 (messages.py: ids that say what a figure is): three Goblin Peons
    entered in Wave 1, so Wave 2's four (each d12 a 5 less 1, the first of the level 1
    pile) are the game's Goblin Peons 4 to 7, though only one of the others is left."""
    last = foe("goblin-peon", 3, 20, RED)
    state = replace(table(hero("valcor", "b16", space=route_space(21, RED)), last),
                    entered=("goblin-peon", "war-orc", "goblin-peon", "goblin-peon"), wave_entered=4)
    state, _ = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-3"), Dice(20))
    state, events = between_waves(state, Dice(*[5, 0] * 4))
    assert [e.figure for e in of(events, FoeEntered)] == [f"goblin-peon-{n}" for n in range(4, 8)]
    assert state.entered[4:] == ("goblin-peon",) * 4


def test_e_tanking_once_only_stalemates_remain_the_foe_goes_free() -> None:
    """kings-armory E Tanking, E Teleport: Felicity and a Psionicist have only
    Supernatural attacks, or none, and the Orc War Mage is immune to Supernatural: they
    cannot defeat it. While a Goblin Peon is still about, Felicity may tank the Mage;
    once it is the only foe left she may not, her tank ends in its turn and it walks
    on, a standing order does not stop it, and it may not be sent back either."""
    mage = foe("orc-war-mage", 1, 10, YELLOW)  # d6
    felicity = hero("felicity", "e6")
    run(table(felicity, mage, foe("goblin-peon", 2, 2)), Tank(seat=1, figure="felicity", foe="orc-war-mage-1"), Dice())
    with pytest.raises(RuleViolation, match=r"kings-armory E Tanking: orc-war-mage-1 .* stalemate"):
        run(table(felicity, mage), Tank(seat=1, figure="felicity", foe="orc-war-mage-1"), Dice())
    state, events = turn(table(felicity, replace(mage, tanked_by="felicity")), "orc-war-mage-1", *[10] * 4)
    assert [(t.figure, t.foe) for t in of(events, TankEnded)] == [("felicity", "orc-war-mage-1")]
    assert of(events, FoeMoved)[0].how == "moved" and where(state, "orc-war-mage-1").index == 14
    state, events = turn(table(replace(felicity, holding=True), mage), "orc-war-mage-1", *[10] * 4)
    assert not of(events, Tanked) and where(state, "orc-war-mage-1").index == 14
    psionicist = hireable("psionicist", 1, 2, "e7")
    with pytest.raises(RuleViolation, match=r"kings-armory E Teleport: orc-war-mage-1 .* stalemate"):
        run(table(psionicist, mage), UseSpecial(seat=1, figure="psionicist-1", special="teleport-foe",
                                                 target="orc-war-mage-1", at="d4"), Dice())
