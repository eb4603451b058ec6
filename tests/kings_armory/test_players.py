"""Set-up, the Players' Round and the end of a Wave (kings-armory A2, B2, B4, B9, C1,
D1, E Towers, Special Actions), played through decide."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from domain.games.kings_armory import GAME
from domain.games.kings_armory.board import parse
from domain.games.kings_armory.combat import defeat
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.messages import (
    AlliesRecovered,
    AllyMoved,
    Attack,
    Boosted,
    BuyReinforcement,
    CardForeseen,
    EndAlly,
    EndTurn,
    EnterTower,
    ExitTower,
    FoeRolled,
    FoeSentBack,
    Foreseen,
    GameOver,
    GuardianSummoned,
    Healed,
    HireableSatOut,
    HitRolled,
    PlaceAlly,
    PlaceTower,
    Step,
    Tank,
    Tanked,
    TokensChanged,
    Untank,
    Untanked,
    UseSpecial,
    WaveBegan,
    WaveWon,
)
from domain.games.kings_armory.rounds import players_round
from domain.games.kings_armory.state import PLACING, SHOPPING, TOWERS, Figure, Tower
from domain.kernel import Emitter, RuleViolation, StartGame
from tests.kings_armory.support import Dice, between_waves, foe, hero, hireable, run, table
from tests.kit import of

YELLOW = ("main", "odd", "yellow")
TOWER = Tower("t1", (parse("f6"), parse("g6"), parse("f7"), parse("g7")), 3)


def started(seats: int = 2, **options: object) -> object:
    setup = GAME.ruleset.check_setup([f"p{n}" for n in range(1, seats + 1)], dict(options), "")
    state = GAME.initial_state(setup)
    state, _ = run(state, StartGame(seat=0))
    return state


def test_set_up_towers_then_allies_within_two_of_a_tower_then_wave_1() -> None:
    """kings-armory A2: starting Towers (Hero Scaling Grid: 2 for 2 Heroes) on open
    terrain, then each Hero on or within 2 spaces of a Tower; then the first Wave."""
    state = started()
    assert state.phase == TOWERS and state.towers_left == 2 and state.seat == 1  # type: ignore[attr-defined]
    with pytest.raises(RuleViolation, match="open terrain"):
        run(state, PlaceTower(seat=1, at="c5"), Dice())  # type: ignore[arg-type]
    state, _ = run(state, PlaceTower(seat=1, at="f6"), Dice())  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="overlap"):
        run(state, PlaceTower(seat=2, at="g7"), Dice())
    state, _ = run(state, PlaceTower(seat=2, at="k10"), Dice())
    assert state.phase == PLACING and state.seat == 1
    with pytest.raises(RuleViolation, match="within 2 spaces"):
        run(state, PlaceAlly(seat=1, figure="valcor", at="b12"), Dice())
    state, _ = run(state, PlaceAlly(seat=1, figure="valcor", at="h6"), Dice())
    state, events = run(state, PlaceAlly(seat=2, figure="midnight", at="f6"), Dice(*[1] * 60))
    assert of(events, WaveBegan)
    assert of(events, FoeRolled)
    midnight = state.figure("midnight")
    assert midnight is not None and midnight.on_tower == "t1"


def test_broken_options_are_named() -> None:
    """A custom map breaking kings-armory A1 and an unknown Hero fail at set-up."""
    gap = {"name": "gap", "title": "gap", "tiles": [["N>S", "."], [".", "N>S"]],
           "entrance": {"tile": [0, 0], "edge": "N"}, "gate": {"tile": [1, 1], "edge": "S"}, "cave": None}
    with pytest.raises(ValueError, match="kings-armory A1"):
        started(map=json.dumps(gap))
    with pytest.raises(ValueError, match="kings-armory A2: no Hero 'conan'"):
        started(heroes="valcor,conan")
    with pytest.raises(ValueError, match="Maximum Recruitment"):
        started(hireables="1:sorcerer:1,2:sorcerer:1,1:sorcerer:2")


def test_a_movement_costs_one_action_for_up_to_the_move_rate() -> None:
    """kings-armory C1 Step 1: orthogonal steps, never diagonal, never onto a Tower."""
    state = table(hero("valcor", "h7"), foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,))
    with pytest.raises(RuleViolation, match="never diagonally"):
        run(state, Step(seat=1, figure="valcor", to="i8"), Dice())
    with pytest.raises(RuleViolation, match="is a Tower"):
        run(state, Step(seat=1, figure="valcor", to="g7"), Dice())
    for to, left, actions in (("h8", 3, 2), ("h9", 2, 2), ("h10", 1, 2), ("h11", 0, 2), ("h12", 3, 1)):
        state, events = run(state, Step(seat=1, figure="valcor", to=to), Dice())
        valcor = state.figure("valcor")
        assert valcor is not None and (valcor.steps, valcor.actions) == (left, actions), to
        assert of(events, AllyMoved)


def test_e_actions_a_movement_is_opened_only_with_an_action_left() -> None:
    """kings-armory E Actions, C1 Step 1, E Teleport: the steps left of a movement under
    way are paid for; a new movement, walked or teleported, needs an action."""
    walker = hero("valcor", "h7", attacked=True, actions=0)
    state = table(walker, foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,))
    with pytest.raises(RuleViolation, match="kings-armory E Actions: valcor has 0 action"):
        run(state, Step(seat=1, figure="valcor", to="h8"), Dice())
    state, _ = run(table(replace(walker, steps=2), foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,)),
                    Step(seat=1, figure="valcor", to="h8"), Dice())
    valcor = state.figure("valcor")
    assert valcor is not None and (valcor.steps, valcor.actions) == (1, 0)
    other = Tower("t2", (parse("k10"), parse("l10"), parse("k11"), parse("l11")), 3)
    state = table(hero("boleslaw", "f6", on_tower="t1", tower="t1", attacked=True, actions=0),
                  foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER, other))
    with pytest.raises(RuleViolation, match="kings-armory E Actions: boleslaw has 0 action"):
        run(state, Step(seat=1, figure="boleslaw", to="l11"), Dice())


def test_towers_cost_an_action_to_climb_and_ranged_gain_a_space() -> None:
    """kings-armory E Towers."""
    state = table(hero("ember", "e6"), foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,))
    state, _ = run(state, EnterTower(seat=1, figure="ember", to="f6"), Dice())
    ember = state.figure("ember")
    assert ember is not None and ember.on_tower == "t1" and ember.actions == 2
    with pytest.raises(RuleViolation, match="climbing down"):
        run(state, Step(seat=1, figure="ember", to="f5"), Dice())
    state, _ = run(state, ExitTower(seat=1, figure="ember", to="h7"), Dice())
    ember = state.figure("ember")
    assert ember is not None and ember.on_tower == "" and ember.space == parse("h7")


def test_a_hireable_stays_within_two_spaces_of_a_tower() -> None:
    """kings-armory E Hireables, A2 Tower Hosting."""
    soldier = hireable("foot-soldier", 1, 1, "h7", tower="t1")
    state = table(soldier, hero("valcor", "p16"), foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,))
    state, _ = run(state, Step(seat=1, figure="foot-soldier-1", to="i7"), Dice())
    with pytest.raises(RuleViolation, match="within 2 spaces of a Tower"):
        run(state, Step(seat=1, figure="foot-soldier-1", to="j7"), Dice())


def test_boleslaw_teleports_from_tower_to_tower_only() -> None:
    """kings-armory E Teleport: he never leaves the Towers. (He has made his attack, which
    D1 asks of him with one foe left: the far Tower is out of his reach of it.)"""
    other = Tower("t2", (parse("k10"), parse("l10"), parse("k11"), parse("l11")), 3)
    state = table(hero("boleslaw", "f6", on_tower="t1", tower="t1", attacked=True), foe("bridge-troll", 1, 10, YELLOW),
                  towers=(TOWER, other))
    with pytest.raises(RuleViolation, match="never leaves the Towers"):
        run(state, Step(seat=1, figure="boleslaw", to="h8"), Dice())
    state, _ = run(state, Step(seat=1, figure="boleslaw", to="l11"), Dice())
    boleslaw = state.figure("boleslaw")
    assert boleslaw is not None and boleslaw.on_tower == "t2" and boleslaw.actions == 2


def test_d1_an_offensive_ally_may_not_end_its_turn_without_attacking_what_it_can() -> None:
    state = table(hero("valcor", "e6"), foe("bridge-troll", 1, 10, YELLOW))
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(state, EndAlly(seat=1, figure="valcor"), Dice())
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(state, EndTurn(seat=1), Dice())
    state, _ = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(2))
    state, _ = run(state, EndAlly(seat=1, figure="valcor"), Dice(*[10] * 20))


def test_tanking_is_passive_within_range_one_and_stops_the_foe() -> None:
    """kings-armory C1 Step 2: no action spent; the tanked foe does not move, and it
    attacks its tanker (Attack Priority 1)."""
    state = table(hero("valcor", "e7"), hero("felicity", "e6", seat=1), foe("war-orc", 1, 10, YELLOW))
    state, events = run(state, Tank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    valcor = state.figure("valcor")
    assert valcor is not None and valcor.actions == 3 and of(events, Tanked)
    with pytest.raises(RuleViolation, match="already tanked"):
        run(state, Tank(seat=1, figure="felicity", foe="war-orc-1"), Dice())
    with pytest.raises(RuleViolation, match="cannot tank"):
        run(table(hero("valcor", "h9"), foe("war-orc", 1, 10, YELLOW)), Tank(seat=1, figure="valcor", foe="war-orc-1"),
            Dice())


def test_heal_bless_ward_and_the_healing_aura() -> None:
    """Special Actions of the kinds heal, bless, ward and aura (RULES.md)."""
    hurt = hero("valcor", "e6", hp=10)
    cleric = hireable("cleric", 1, 3, "f8", tower="t1")
    state = table(hurt, cleric, hero("felicity", "e8"), foe("bridge-troll", 1, 2), towers=(TOWER,))
    state, events = run(state, UseSpecial(seat=1, figure="cleric-1", special="heal", target="valcor"), Dice())
    assert [(h.amount, h.hp) for h in of(events, Healed)] == [(3, 13)]
    state, events = run(state, UseSpecial(seat=1, figure="cleric-1", special="bless", target="valcor"), Dice())
    assert of(events, TokensChanged)[0].bless == 1
    state, _ = run(state, EndAlly(seat=1, figure="cleric-1"), Dice())
    state, events = run(state, UseSpecial(seat=1, figure="felicity", special="sanctuary", target="valcor"), Dice())
    assert [(b.effect, b.amount, b.lasts) for b in of(events, Boosted)] == [("ward", 1, "round")]


def test_summon_guardian_once_a_wave_within_five_of_felicity() -> None:
    """kings-armory E Summon Guardian."""
    state = table(hero("felicity", "e8"), foe("bridge-troll", 1, 2))
    with pytest.raises(RuleViolation, match="out of range 5"):
        run(state, UseSpecial(seat=1, figure="felicity", special="summon-guardian", at="k8"), Dice())
    state, events = run(state, UseSpecial(seat=1, figure="felicity", special="summon-guardian", at="f8"), Dice())
    assert [(g.figure, g.space) for g in of(events, GuardianSummoned)] == [("guardian", "f8")]
    with pytest.raises(RuleViolation, match="once per Wave"):
        run(state, UseSpecial(seat=1, figure="felicity", special="summon-guardian", at="f9"), Dice())


def test_psionicist_mind_cage_from_a_tower_and_teleport_foe_back_along_its_route() -> None:
    """kings-armory C1 Step 2 (Mind Cage tanks from a Tower), E Teleport; Teleport Foe
    rolls its Hitroll of 4 (CONTENT.md) against the War Orc's Dodge of 9 (C2 Third).
    (Valcor, who could defeat the Orc, keeps it from being a stalemate: E Tanking.)"""
    psion = hireable("psionicist", 1, 2, "f6", tower="t1", on_tower="t1")
    state = table(psion, hero("valcor", "p16"), foe("war-orc", 1, 10, YELLOW), towers=(TOWER,))
    _, events = run(state, UseSpecial(seat=1, figure="psionicist-1", special="mind-cage", target="war-orc-1"), Dice())
    assert [(t.figure, t.foe) for t in of(events, Tanked)] == [("psionicist-1", "war-orc-1")]
    with pytest.raises(RuleViolation, match="back along its route"):
        run(state, UseSpecial(seat=1, figure="psionicist-1", special="teleport-foe", target="war-orc-1", at="d9"),
            Dice())
    send_back = UseSpecial(seat=1, figure="psionicist-1", special="teleport-foe", target="war-orc-1", at="d4")
    for natural, result in ((5, "hit"), (4, "miss"), (1, "fumble")):
        _, events = run(state, send_back, Dice(natural))
        assert [(r.natural, r.bonus, r.total, r.dodge, r.result) for r in of(events, HitRolled)] == [
            (natural, 4, natural + 4, 9, result)]
        assert [(s.to, s.index) for s in of(events, FoeSentBack)] == ([("d4", 8)] if result == "hit" else [])


def test_mind_cage_and_a_declared_tank_take_a_foe_on_the_same_terms() -> None:
    """kings-armory E Tanking, C1 Step 2: a Mind Cage, like a declared tank, takes only a
    tankable foe that nobody tanks yet (Goblin Spy is Untankable), into a free tank slot;
    the Mind Cage's refusals cite E Tanking, the declared tank's C1 Step 2."""
    psion = hireable("psionicist", 1, 2, "f6", tower="t1", on_tower="t1")
    orc = foe("war-orc", 1, 10, YELLOW)
    spy = foe("goblin-spy", 2, 11, YELLOW)
    valcor, felicity = hero("valcor", "e7"), hero("felicity", "e6")  # both foes within their reach
    state = table(psion, valcor, felicity, replace(orc, tanked_by="valcor"), spy, towers=(TOWER,))
    cage = UseSpecial(seat=1, figure="psionicist-1", special="mind-cage", target="war-orc-1")
    with pytest.raises(RuleViolation, match="kings-armory E Tanking: war-orc-1 is already tanked by valcor"):
        run(state, cage, Dice())
    with pytest.raises(RuleViolation, match="kings-armory C1 Step 2: war-orc-1 is already tanked by valcor"):
        run(state, Tank(seat=1, figure="felicity", foe="war-orc-1"), Dice())
    with pytest.raises(RuleViolation, match="kings-armory E Tanking: goblin-spy-2 cannot be tanked"):
        run(state, replace(cage, target="goblin-spy-2"), Dice())
    with pytest.raises(RuleViolation, match="kings-armory C1 Step 2: goblin-spy-2 cannot be tanked"):
        run(state, Tank(seat=1, figure="felicity", foe="goblin-spy-2"), Dice())
    second_orc = foe("war-orc", 2, 11, YELLOW)
    caged = table(psion, valcor, replace(orc, tanked_by="psionicist-1"), second_orc, towers=(TOWER,))
    with pytest.raises(RuleViolation, match="kings-armory E Tanking: psionicist-1 has no free tank slot"):
        run(caged, replace(cage, target="war-orc-2"), Dice())


def test_foresight_rolls_the_next_waves_foes_now_and_the_wave_uses_them() -> None:
    """kings-armory E Foresight: revealed foes enter first, in order, with their rolls."""
    state = table(hero("raphael", "e6"), foe("goblin-peon", 1, 10, YELLOW))
    state, events = run(state, UseSpecial(seat=1, figure="raphael", special="foresight"), Dice(7, 0))
    (seen,) = of(events, Foreseen)
    assert state.foresight == (f"{seen.key}:7",)
    state = state.without("goblin-peon-1")
    state = replace(state, figures=tuple(replace(f, attacked=True) for f in state.figures))
    state, _ = run(state, EndAlly(seat=1, figure="raphael"), Dice())
    _, events = between_waves(state, Dice(*[5] * 40))
    rolled = of(events, FoeRolled)
    assert rolled[0].foreseen and rolled[0].natural == 7 and not rolled[1].foreseen


def test_foresight_turns_a_decks_top_card_face_up_until_it_is_gained() -> None:
    """kings-armory E Foresight: the next Reward, Equipment or Reinforcement card, face up on its
    deck, one a deck at a time, never the Armory card; the next card gained is that one."""
    state = replace(table(hero("raphael", "e6"), foe("goblin-peon", 1, 10, YELLOW)),
                    reinforcement_deck=("firestorm", "battle-hymn"), armory_deck=("time-engine",), gold=200)
    seen, events = run(state, UseSpecial(seat=1, figure="raphael", special="foresight", target="reinforcement"))
    assert [(e.deck, e.card, e.rule) for e in of(events, CardForeseen)] == [
        ("reinforcement", "firestorm", "kings-armory E Foresight")]
    assert [(t.deck, t.name) for t in GAME.view(seen, 1).face_up] == [("reinforcement", "Firestorm")]
    again = replace(seen, acting="")
    with pytest.raises(RuleViolation, match="face up already"):
        run(again, UseSpecial(seat=1, figure="raphael", special="foresight", target="reinforcement"))
    with pytest.raises(RuleViolation, match="never the Armory card"):
        run(again, UseSpecial(seat=1, figure="raphael", special="foresight", target="armory"))
    bought, _ = run(seen, BuyReinforcement(seat=1))
    assert bought.reinforcements == ("firestorm",) and not bought.revealed and not GAME.view(bought, 1).face_up


def test_the_last_foe_ends_the_wave_allies_heal_and_the_next_wave_comes() -> None:
    """kings-armory B4 1, B5 Step 1: the Wave is won; KO'd Heroes come back; the Allies
    leave the board to recuperate until they are placed anew (B5 Step 6), and the next
    Wave starts once they are (Step 7)."""
    state = table(hero("valcor", "e6"), hero("midnight", "p16", knocked_out=True, hp=0, done=True),
                  foe("goblin-peon", 1, 10, YELLOW))
    state, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-1"),
                         Dice(20))
    assert of(events, WaveWon)
    assert of(events, AlliesRecovered)
    midnight = state.figure("midnight")
    assert midnight is not None and not midnight.knocked_out and midnight.hp == 5  # her Heal Rate
    assert state.phase == SHOPPING and state.wave == 1
    assert all(f.space[0] < 0 and not f.tower for f in state.allies())
    state, _ = between_waves(state, Dice(*[5] * 40))
    assert state.wave == 2 and all(f.space[0] >= 0 for f in state.allies())


def test_the_last_wave_won_is_a_victory_for_every_seat() -> None:
    """kings-armory B9 Condition for Victory (a game of no Boss: tests/kings_armory/test_bosses.py
    wins one with its Boss)."""
    state = table(hero("valcor", "e6"), hero("midnight", "p16", seat=2), foe("goblin-peon", 1, 10, YELLOW),
                  seats=2, waves=1, bosses=0)
    state, events = run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-1"), Dice(20))
    assert [(g.won) for g in of(events, GameOver)] == [True]
    assert GAME.status(state).winners == (1, 2)


def test_a_healing_aura_heals_around_the_cleric_at_each_players_round() -> None:
    """Cleric level 3 (RULES.md: aura): Allies within 2 heal 1 when the round starts."""
    cleric = hireable("cleric", 1, 3, "f8", tower="t1", aura=True)
    state = table(hero("valcor", "f9", hp=10), hero("ember", "p16", hp=5), cleric, foe("bridge-troll", 1, 2),
                  towers=(TOWER,))
    em = Emitter(state, evolve)
    players_round(em, Dice())
    assert [(h.figure, h.hp) for h in of(list(em.events), Healed)] == [("valcor", 11)]


def test_felicity_and_her_guardian_stay_within_five_of_each_other() -> None:
    """kings-armory E Summon Guardian: a step that would part them further is refused,
    whichever of the two takes it."""
    guardian = Figure(figure="guardian", kind="guardian", key="guardian", seat=1, hp=12, space=parse("h11"),
                      actions=2)
    state = table(hero("felicity", "h6"), guardian, foe("bridge-troll", 1, 2))
    with pytest.raises(RuleViolation, match="within 5 spaces of each other"):
        run(state, Step(seat=1, figure="felicity", to="h5"), Dice())
    state, _ = run(state, EndAlly(seat=1, figure="felicity"), Dice())
    with pytest.raises(RuleViolation, match="within 5 spaces of each other"):
        run(state, Step(seat=1, figure="guardian", to="h12"), Dice())


def test_d1_a_hero_who_can_reach_a_foe_by_moving_must_go_and_attack_it() -> None:
    """kings-armory D1: "even if it requires moving also" (a Hero on the ground)."""
    state = table(hero("valcor", "h6"), foe("bridge-troll", 1, 10, YELLOW))  # d6: 4 spaces away
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(state, EndAlly(seat=1, figure="valcor"), Dice())
    far = table(hero("valcor", "p16"), foe("bridge-troll", 1, 10, YELLOW))
    _, events = run(far, EndAlly(seat=1, figure="valcor"), Dice(*[10] * 30))
    assert events


def test_d1_if_all_else_fails_the_last_hero_up_may_run_for_cover_but_not_in_the_final_wave() -> None:
    """kings-armory D1 If All Else Fails: with every other Hero knocked out this Wave, the last
    one may break the thematic rules (here: end its turn with a foe in reach); never in the
    final Wave."""
    fallen = hero("midnight", "p16", hp=0, knocked_out=True, done=True)
    state = table(hero("valcor", "h6"), fallen, foe("bridge-troll", 1, 10, YELLOW))
    _, events = run(state, EndAlly(seat=1, figure="valcor"), Dice(*[10] * 30))
    assert events
    final = table(hero("valcor", "h6"), fallen, foe("bridge-troll", 1, 10, YELLOW), waves=1)
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(final, EndAlly(seat=1, figure="valcor"), Dice())


def test_d1_a_psionicist_uses_a_special_on_a_foe_when_five_or_fewer_are_left_a_cleric_owes_nothing() -> None:
    """kings-armory D1 Utility Allies: with 5 or fewer foes a Hireable Psionicist uses one of its
    Special Actions a turn when one reaches a foe (its Mind Cage here); that done, it may end
    its turn. The Cleric's tanking is the players' choice: it owes nothing."""
    orc = foe("war-orc", 1, 10, YELLOW)  # d6
    psionicist = hireable("psionicist", 1, 1, "e6")
    state = replace(table(hero("valcor", "p16", done=True), psionicist, orc), acting="")
    with pytest.raises(RuleViolation, match="must use a Special Action on a foe"):
        run(state, EndAlly(seat=1, figure="psionicist-1"), Dice())
    caged, _ = run(state, UseSpecial(seat=1, figure="psionicist-1", special="mind-cage", target="war-orc-1"), Dice())
    run(caged, EndAlly(seat=1, figure="psionicist-1"), Dice(*[10] * 30))
    many = replace(state, figures=(*state.figures, *(foe("goblin-peon", n, 20 + n) for n in range(2, 7))))
    run(many, EndAlly(seat=1, figure="psionicist-1"), Dice(*[10] * 60))  # six foes: no duty yet
    cleric = table(hero("valcor", "p16", done=True), hireable("cleric", 1, 1, "e6"), orc)
    run(cleric, EndAlly(seat=1, figure="cleric-1"), Dice(*[10] * 30))


def test_a_tank_may_be_let_go_in_the_players_round_but_not_taken_up_again() -> None:
    """kings-armory C1 Step 2: untanking at will in the Players' Round (RULES.md: the
    same Ally may not tank that foe again this round)."""
    state = table(hero("valcor", "e7"), foe("war-orc", 1, 10, YELLOW))
    state, _ = run(state, Tank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    state, events = run(state, Untank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    assert [(u.figure, u.foe) for u in of(events, Untanked)] == [("valcor", "war-orc-1")]
    orc = state.figure("war-orc-1")
    assert orc is not None and not orc.tanked_by
    with pytest.raises(RuleViolation, match="let war-orc-1 go this round"):
        run(state, Tank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    with pytest.raises(RuleViolation, match="does not tank"):
        run(state, Untank(seat=1, figure="valcor", foe="war-orc-1"), Dice())


def test_the_round_limit_is_a_house_rule_off_by_default() -> None:
    """kings-armory B4, B9: a game ends only by a Wave won or lost; `round_limit` (RULES.md,
    not in the rulebook) is 0, no limit, unless asked for."""
    spec = next(option for option in GAME.ruleset.options if option.name == "round_limit")
    assert spec.default == 0 and spec.house_rule
    setup = GAME.ruleset.check_setup(["p1"], {}, "")
    assert GAME.initial_state(setup).options.round_limit == 0
    for limit, lost in ((0, False), (60, True)):
        state = table(hero("valcor", "p16"), foe("goblin-peon", 1, 2), round_=60, round_limit=limit)
        state, events = run(state, EndTurn(seat=1), Dice(*[10] * 10))
        assert bool(of(events, GameOver)) == lost, limit
        assert state.rounds == (60 if lost else 61)


def test_a_hero_knocked_out_on_a_tower_keeps_its_hosting_slot() -> None:
    """kings-armory E Towers (a Hero on a Tower always uses a slot), E Defeated (a KO'd
    Hero stays where it is until the Wave ends), A2 Tower Hosting (3 slots): with Valcor
    knocked out on a full Tower, Ember may not climb it, so that none is over-full when
    he comes back between Waves (B5 Step 1)."""
    state = table(hero("valcor", "f6", tower="t1", on_tower="t1"),
                  hireable("archer", 1, 1, "g6", tower="t1", on_tower="t1"),
                  hireable("archer", 2, 1, "f7", tower="t1", on_tower="t1"), hero("ember", "h7"),
                  foe("bridge-troll", 1, 10, YELLOW), towers=(TOWER,))
    em = Emitter(state, evolve)
    defeat(em, "valcor", "hit points")
    state = em.state
    assert state.hosted("t1") == 3
    with pytest.raises(RuleViolation, match="free hosting slot"):
        run(state, EnterTower(seat=1, figure="ember", to="g7"), Dice())


def test_d1_an_ally_that_owes_its_attack_may_not_spend_the_actions_it_needs_on_specials() -> None:
    """kings-armory D1: Ember can shoot the Troll (4 away, Longbow range 6). Her Wolf
    (a Special, 1 action) may come first while an action is left for the bow, not after:
    the turn's attack cannot be escaped by spending the actions on something else."""
    state = table(hero("ember", "h6"), foe("bridge-troll", 1, 10, YELLOW))
    wolf = UseSpecial(seat=1, figure="ember", special="faelan", target="bridge-troll-1")
    state, _ = run(state, wolf, Dice(15))
    state, _ = run(state, wolf, Dice(15))
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(state, wolf, Dice(15))
    state, _ = run(state, Attack(seat=1, figure="ember", attack="longbow", target="bridge-troll-1"), Dice(15))
    ember = state.figure("ember")
    assert ember is not None and ember.attacked and ember.actions == 0


def test_d1_an_ally_that_owes_its_attack_may_not_walk_out_of_reach() -> None:
    """kings-armory D1: Valcor stands by the Troll (d6). He may step away while the rest
    of his movement can bring him back (f6, g6), not further (h6, with one step left)."""
    state = table(hero("valcor", "e6"), foe("bridge-troll", 1, 10, YELLOW))
    state, _ = run(state, Step(seat=1, figure="valcor", to="f6"), Dice())
    state, _ = run(state, Step(seat=1, figure="valcor", to="g6"), Dice())
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(state, Step(seat=1, figure="valcor", to="h6"), Dice())
    state, _ = run(state, Step(seat=1, figure="valcor", to="f6"), Dice())
    state, _ = run(state, Step(seat=1, figure="valcor", to="e6"), Dice())
    run(state, Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-1"), Dice(15))


FAR_TOWER = Tower("t1", (parse("h8"), parse("i8"), parse("h9"), parse("i9")), 3)
OUT_OF_REACH = (6, 17, 18, 19, 26)
"""Yellow route spaces 8 or more from every cell of FAR_TOWER: beyond a bow shot from it."""


def test_d1_a_ranged_hero_leaves_its_tower_once_5_or_fewer_foes_are_left() -> None:
    """kings-armory D1: Ember on a Tower need not climb down to shoot while more than 5
    foes are on the board; with 5 or fewer she must, when a foe is in reach once she is
    down and has moved (the Orc at d3 is 9 from the Tower, her bow reaches 7 from it)."""
    on_top = hero("ember", "h8", on_tower="t1", tower="t1")
    orc = foe("war-orc", 1, 7, YELLOW)  # d3
    others = [foe("goblin-peon", n, index, YELLOW) for n, index in enumerate(OUT_OF_REACH, start=2)]
    crowded = table(on_top, orc, *others, towers=(FAR_TOWER,))
    run(crowded, EndAlly(seat=1, figure="ember"), Dice(*[10] * 40))
    alone = table(on_top, orc, towers=(FAR_TOWER,))
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(alone, EndAlly(seat=1, figure="ember"), Dice())
    state, _ = run(alone, ExitTower(seat=1, figure="ember", to="g8"), Dice())
    state, _ = run(state, Step(seat=1, figure="ember", to="g7"), Dice())
    state, _ = run(state, Step(seat=1, figure="ember", to="f7"), Dice())
    run(state, Attack(seat=1, figure="ember", attack="longbow", target="war-orc-1"), Dice(15))


def test_d1_a_melee_hero_climbs_down_to_fight_however_many_foes_are_left() -> None:
    """kings-armory D1: only the Allies that fight at range may stay in a Tower; Valcor
    on one, with six foes about and one 4 spaces away, owes his attack."""
    on_top = hero("valcor", "h8", on_tower="t1", tower="t1")
    near = foe("war-orc", 1, 12, YELLOW)  # d8
    others = [foe("goblin-peon", n, index, YELLOW) for n, index in enumerate(OUT_OF_REACH, start=2)]
    with pytest.raises(RuleViolation, match="kings-armory D1"):
        run(table(on_top, near, *others, towers=(FAR_TOWER,)), EndAlly(seat=1, figure="valcor"), Dice())


def test_hireables_beyond_the_hosting_slots_sit_out_the_last_hired_first() -> None:
    """kings-armory B5 Step 6 (A2 Tower Hosting): four Heroes get 2 starting Towers (3
    slots each) and the 2 Parapets (1 each): 8 Allies. Of five Hireables the last one
    hired sits out, and every Ally left finds a place, so set-up ends in Wave 1."""
    hired = "1:foot-soldier:1,1:archer:1,2:archer:1,3:cleric:1,4:sorcerer:1"
    setup = GAME.ruleset.check_setup([f"p{n}" for n in range(1, 5)], {"hireables": hired}, "")
    state = GAME.initial_state(setup)
    state, events = run(state, StartGame(seat=0))
    assert [(e.figure, e.seat, e.level) for e in of(events, HireableSatOut)] == [("sorcerer-1", 4, 1)]
    assert state.figure("sorcerer-1") is None
    assert len(state.allies()) == 8
    rolls = Dice(*[5, 0] * 3, *[10] * 30)
    while state.phase in (TOWERS, PLACING):
        legal = GAME.legal_commands(state, state.seat)
        assert legal, f"seat {state.seat} has a legal command"
        state, _ = run(state, legal[-1], rolls)
    assert state.wave == 1
