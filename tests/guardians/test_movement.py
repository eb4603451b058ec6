"""Movement, assaults on a Guardian, terrain settlement and the draw (guardians MOVEMENT
PHASE, TERRAIN SETTLEMENT PHASE, THE TURN IS OVER, THE GAME)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.effects import begin_settlement
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import (
    CombatStarted,
    DeclareCommand,
    DropCreature,
    DropOff,
    EndMove,
    GameWon,
    GuardianAssaulted,
    MatchupResolved,
    Pass,
    PickUp,
    PlaceTerrain,
    PlayCreature,
    Reinforce,
    ShieldDestroyed,
    ShieldStepped,
    Step,
    Term,
    TurnShield,
)
from domain.games.guardians.state import MOVEMENT, SETTLEMENT, Shield, draw_count
from domain.kernel import Emitter, Rng, RuleViolation
from tests.guardians.support import Table, instances, table

OX10, OX11, OX12 = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1", "1.re-shield-ploogs-ox-12#1"


def moving(zones: dict[str, tuple[str, ...]], shields: tuple[Shield, ...]) -> Table:
    return Table(table(phase=MOVEMENT, zones=zones, shields=shields, active=1))


def test_a_walking_shield_may_not_pass_a_land_without_its_terrain() -> None:
    t = moving({"1:shields": (OX10,), f"1:shield:{OX10}": instances(1, ["Swordsman"])}, (Shield(OX10, 1, "a1"),))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="a2"))
    with pytest.raises(RuleViolation, match="guardians Movement: a walking Shield may not move past a2"):
        t.play(Step(seat=1, to="a3"))
    with_terrain = moving(
        {
            "1:shields": (OX10,),
            f"1:shield:{OX10}": instances(1, ["Swordsman"]),
            "1:terrain:a2": instances(1, ["Woods"]),
        },
        (Shield(OX10, 1, "a1"),),
    )
    with_terrain.play(TurnShield(seat=1, shield=OX10))
    with_terrain.play(Step(seat=1, to="a2"))
    with_terrain.play(Step(seat=1, to="a3"))  # two spaces: the move ends by itself
    assert with_terrain.state.seat_at("a3") == 1 and not with_terrain.state.moving


def test_only_fliers_fly_showing_what_they_carry_once_a_turn_and_never_over_spires() -> None:
    fliers = instances(1, ["Floyd the Flying Pig"])
    t = moving({"1:shields": (OX10,), f"1:shield:{OX10}": fliers}, (Shield(OX10, 1, "a1"),))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="a2", fly=True))
    t.play(Step(seat=1, to="a3", fly=True))
    assert t.of(ShieldStepped)[0].revealed == fliers
    spires = moving(
        {"1:shields": (OX10,), f"1:shield:{OX10}": fliers, "2:terrain:a3": instances(2, ["Spires"])},
        (Shield(OX10, 1, "a2"),),
    )
    spires.play(TurnShield(seat=1, shield=OX10))
    with pytest.raises(RuleViolation, match="no flying into, out of or over the Spires"):
        spires.play(Step(seat=1, to="a3", fly=True))
    walkers = moving({"1:shields": (OX10,), f"1:shield:{OX10}": instances(1, ["Swordsman"])}, (Shield(OX10, 1, "a1"),))
    walkers.play(TurnShield(seat=1, shield=OX10))
    with pytest.raises(RuleViolation, match="only a Shield carrying nothing but fliers may fly"):
        walkers.play(Step(seat=1, to="a2", fly=True))


KHNUMIAN = ("re-khnumian-l", "re-khnumian-c", "re-khnumian-r")
FREEBOOTERS = ("di-freebooters-stronghold-l", "di-freebooters-stronghold-c", "di-freebooters-stronghold-r")


def test_no_flying_shield_enters_the_space_of_khnumian_c() -> None:
    """guardians STRONGHOLDS: a stronghold card's text acts on its space. Khnumian C
    forbids flying to its space (seat 2's b4): a flying Shield may not attack it, a
    walking one may; the Shield standing there may still fly out, and rubble has no
    text."""
    fliers = instances(1, ["Floyd the Flying Pig"])
    zones = {"1:shields": (OX10,), f"1:shield:{OX10}": fliers, "2:on:b4": instances(2, ["Archer"])}
    state = table(phase=MOVEMENT, zones=zones, shields=(Shield(OX10, 1, "b3"),), active=1)
    t = Table(state.with_player(2, stronghold=KHNUMIAN))
    t.play(TurnShield(seat=1, shield=OX10))
    assert Step(seat=1, to="b4", fly=True) not in GAME.legal_commands(t.state, 1)
    with pytest.raises(RuleViolation, match=r"guardians Movement: no flying into.*\(Khnumian C"):
        t.play(Step(seat=1, to="b4", fly=True))
    t.play(Step(seat=1, to="b4"))
    assert t.of(CombatStarted)[0].space == "b4"
    rubble = Table(state.with_player(2, stronghold=KHNUMIAN, rubble=("re-khnumian-c",)))
    rubble.play(TurnShield(seat=1, shield=OX10))
    rubble.play(Step(seat=1, to="b4", fly=True))
    assert rubble.of(CombatStarted)[0].space == "b4"
    home = {"2:shields": (OX11,), f"2:shield:{OX11}": instances(2, ["Floyd the Flying Pig"])}
    leaving = Table(table(phase=MOVEMENT, zones=home, shields=(Shield(OX11, 2, "b4"),), active=2)
                    .with_player(2, stronghold=KHNUMIAN))
    leaving.play(TurnShield(seat=2, shield=OX11))
    leaving.play(Step(seat=2, to="b3", fly=True))
    assert leaving.state.shield(OX11) == Shield(OX11, 2, "b3", turned=True, came_from="b4")


def test_a_stronghold_that_counts_as_a_terrain_is_fought_on_as_that_terrain() -> None:
    """guardians STRONGHOLDS, TERRAIN BONUS: Freebooter's Stronghold L and R count as
    Rivers & Lakes, so a combat on their space is fought there (the Black Lung's +4);
    the center card counts as no terrain."""
    lung = instances(1, ["Black Lung"])
    for space, fought_on in (("a4", ("rivers-and-lakes",)), ("b4", ())):
        zones = {"1:shields": (OX10,), f"1:shield:{OX10}": lung, f"2:on:{space}": instances(2, ["Archer"])}
        start = f"{space[0]}3"
        state = table(phase=MOVEMENT, zones=zones, shields=(Shield(OX10, 1, start),), active=1)
        t = Table(state.with_player(2, stronghold=FREEBOOTERS))
        t.play(TurnShield(seat=1, shield=OX10))
        t.play(Step(seat=1, to=space))
        assert t.of(CombatStarted)[0].terrain == fought_on
        t.play(DeclareCommand(seat=1, play=False))
        t.play(DeclareCommand(seat=2, play=False))
        t.play(PlayCreature(seat=1, card=lung[0]))
        t.play(PlayCreature(seat=2, card=instances(2, ["Archer"])[0]))
        for seat in (1, 2, 1, 2, 1, 2):
            t.play(Pass(seat=seat))
        [resolved] = t.of(MatchupResolved)
        assert (Term("terrain rivers-and-lakes", 4) in resolved.attacker_terms) == bool(fought_on)


def test_a_shield_passes_its_own_shield_but_does_not_stop_on_it() -> None:
    zones = {
        "1:shields": (OX10, OX12),
        f"1:shield:{OX10}": instances(1, ["Swordsman"]),
        "1:terrain:b2": instances(1, ["Woods"]),
    }
    t = moving(zones, (Shield(OX10, 1, "b1"), Shield(OX12, 1, "b2")))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="b2"))
    with pytest.raises(RuleViolation, match="may not stop where another Shield stands"):
        t.play(EndMove(seat=1))
    t.play(Step(seat=1, to="a2"))


@pytest.mark.parametrize("blocked", [True, False])
def test_a_shield_passes_onto_its_own_shield_only_if_it_could_go_on_from_there(blocked: bool) -> None:
    """Flying from b2 onto its own Shield at b3 with one step left after it: back to b2 is
    onto another of its Shields, b4 is attacked from where a Shield stands, and Force
    Barriers close a3 and (blocked) c3 (guardians Movement)."""
    ox13 = "1.re-shield-ploogs-ox-13#1"
    state = table(
        phase=MOVEMENT,
        zones={"1:shields": (OX10, OX12, ox13)},
        shields=(Shield(OX10, 1, "b2", turned=True), Shield(OX12, 1, "b2"), Shield(ox13, 1, "b3")),
        active=1,
        moving=OX10,
        steps_left=2,
        mode="fly",
        path=("c2", "b2"),
    )
    state = state.with_player(1, flew=True, barrier="a3").with_player(2, barrier="c3" if blocked else "")
    step = Step(seat=1, to="b3", fly=True)
    assert (step in GAME.legal_commands(state, 1)) is not blocked
    if blocked:
        with pytest.raises(RuleViolation, match="from b3 your Shield could go no further"):
            Table(state).play(step)
    else:
        Table(state).play(step)


def test_entering_an_enemy_shield_starts_a_combat() -> None:
    t = moving(
        {
            "1:shields": (OX10,),
            "2:shields": (OX11,),
            f"1:shield:{OX10}": instances(1, ["Swordsman"]),
            f"2:shield:{OX11}": instances(2, ["Archer"]),
        },
        (Shield(OX10, 1, "b2"), Shield(OX11, 2, "b3")),
    )
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="b3"))
    [started] = t.of(CombatStarted)
    assert (started.attacker, started.defender, started.came_from) == (1, 2, "b2")


def test_pick_up_and_drop_off_on_your_stronghold_space() -> None:
    swordsman, archer = instances(1, ["Swordsman", "Archer"])
    t = moving({"1:shields": (OX10,), f"1:shield:{OX10}": (swordsman,), "1:on:b1": (archer,)}, (Shield(OX10, 1, "b1"),))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(PickUp(seat=1, card=archer))
    t.play(DropOff(seat=1, card=swordsman))
    assert t.state.zone(1, f"shield:{OX10}") == (archer,) and t.state.zone(1, "on:b1") == (swordsman,)
    t.play(Step(seat=1, to="b2"))
    with pytest.raises(RuleViolation, match="must stand on one of your stronghold spaces"):
        t.play(DropOff(seat=1, card=archer))


def test_a_shield_picks_up_no_more_than_its_limit() -> None:
    """guardians Shields, Picking Up and Dropping Off Creatures: a Shield carries at most
    its printed limit, checked where it is placed and where it picks up alike."""
    angelic = "1.di-shield-terrain-broms-angelic#1"  # carries 25 points
    carried, swordsman = instances(1, ["Desert Giant", "Archer"]), instances(1, ["Swordsman"])[0]
    zones = {"1:shields": (angelic,), f"1:shield:{angelic}": carried, "1:on:b1": (swordsman,)}
    t = moving(zones, (Shield(angelic, 1, "b1"),))
    t.play(TurnShield(seat=1, shield=angelic))
    with pytest.raises(RuleViolation, match="guardians Picking Up and Dropping Off Creatures: Shield / Terrain Brom's "
                                            "Angelic holds 25 points, not 26"):
        t.play(PickUp(seat=1, card=swordsman))


def test_reinforce_a_turned_shield_from_the_strongholds() -> None:
    swordsman = instances(1, ["Swordsman"])[0]
    zones = {"1:shields": (OX10, OX12), f"1:shield:{OX10}": instances(1, ["Archer"]), "1:on:b1": (swordsman,)}
    t = moving(zones, (Shield(OX10, 1, "b2"), Shield(OX12, 1, "c2")))
    t.play(TurnShield(seat=1, shield=OX12))
    with pytest.raises(RuleViolation, match="reinforce a turned Shield of yours"):
        t.play(Reinforce(seat=1, card=swordsman, shield=OX10))
    t.play(Reinforce(seat=1, card=swordsman, shield=OX12))  # b1 to c2: two steps over b1's own stronghold row
    assert swordsman in t.state.zone(1, f"shield:{OX12}")
    with pytest.raises(RuleViolation, match="reinforcing, not moving"):
        t.play(Step(seat=1, to="c3"))


def test_a_shield_on_an_empty_enemy_stronghold_space_strikes_the_guardian() -> None:
    """tablerules' reading (RULES.md): wounds add up to the Guardian's Vitality."""
    giants = instances(1, ["Desert Giant", "Elder Cave Giant"])
    t = moving({"1:shields": (OX10,), f"1:shield:{OX10}": giants}, (Shield(OX10, 1, "b3"),))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="b4"))
    [struck] = t.of(GuardianAssaulted)
    assert (struck.damage, struck.wounds) == (28, 28) and not t.state.finished
    assert t.state.seat_at("b3") == 1
    again = moving({"1:shields": (OX10,), f"1:shield:{OX10}": giants}, (Shield(OX10, 1, "b3"),))
    again.state = again.state.with_player(2, wounds=28)
    again.play(TurnShield(seat=1, shield=OX10))
    again.play(Step(seat=1, to="b4"))
    [won] = again.of(GameWon)
    assert won.seat == 1 and "Guardian" in won.reason


def test_settlement_takes_enemy_terrain_and_asks_for_terrain_or_a_creature() -> None:
    woods, swamp = instances(1, ["Woods", "Swamp"])
    last = instances(2, ["Archer"])
    zones = {
        "1:shields": (OX10,),
        "2:shields": (OX11,),
        f"1:shield:{OX10}": instances(1, ["Swordsman"]),
        f"2:shield:{OX11}": last,
        "2:terrain:a2": instances(2, ["Spires"]),
        "1:pen": (woods,),
        "1:storage": (swamp,),
    }
    t = moving(zones, (Shield(OX10, 1, "a2", turned=True), Shield(OX11, 2, "c3", turned=True)))
    em = Emitter(t.state, evolve)
    begin_settlement(em, Rng("test", "settlement", 0))
    t.state, t.events = em.state, list(em.events)
    assert t.state.phase == SETTLEMENT and t.state.zone(2, "discard") == instances(2, ["Spires"])
    assert set(t.state.settling) == {"a2", "c3"}
    t.play(PlaceTerrain(seat=1, land="a2", card=woods))
    with pytest.raises(RuleViolation, match="guardians TERRAIN SETTLEMENT PHASE: a2 is not a land of yours waiting"):
        t.play(PlaceTerrain(seat=1, land="a2", card=swamp))
    t.play(DropCreature(seat=2, land="c3", card=last[0]))  # the last creature: the Shield goes with it
    assert t.of(ShieldDestroyed)[0].reason == "its last creature was given up"
    assert t.state.player(2).shields_lost == 1 and t.state.phase == "organize"


def test_a_card_goes_face_down_only_when_the_seat_holds_no_terrain_card() -> None:
    """guardians TERRAIN SETTLEMENT PHASE: a Terrain card is played; a card goes face
    down for a stone only when the seat has no Terrain card (a creature may be given up
    instead either way)."""
    from domain.games.guardians.settlement import settlements

    woods, archer = instances(1, ["Woods", "Archer"])
    zones = {
        "1:shields": (OX10, OX12),
        f"1:shield:{OX10}": instances(1, ["Swordsman"]),
        f"1:shield:{OX12}": instances(1, ["Axeman"]),
        "1:pen": (woods, archer),
    }
    t = Table(table(phase=SETTLEMENT, zones=zones, shields=(Shield(OX10, 1, "a2"), Shield(OX12, 1, "b2")),
                    settling=("a2", "b2")))
    assert not [c for c in settlements(t.state, 1) if isinstance(c, PlaceTerrain) and c.face_down]
    with pytest.raises(RuleViolation, match="guardians TERRAIN SETTLEMENT PHASE: you hold a Terrain card"):
        t.play(PlaceTerrain(seat=1, land="a2", card=archer, face_down=True))
    t.play(PlaceTerrain(seat=1, land="a2", card=woods))
    assert PlaceTerrain(seat=1, land="b2", card=archer, face_down=True) in settlements(t.state, 1)
    t.play(PlaceTerrain(seat=1, land="b2", card=archer, face_down=True))
    assert t.state.zone(1, "facedown:b2") == (archer,) and t.state.player(1).stones == 6


def test_the_draw_counts_lands_and_the_low_up_card() -> None:
    """Rak Nam draws 3, +1 MDL with more lands, -1 LDL with fewer, +1 LUC after the lower Up card."""
    state = table(phase=MOVEMENT, zones={"1:terrain:a3": instances(1, ["Woods"])})
    assert draw_count(state, 1) == (3, 1, 0) and draw_count(state, 2) == (3, -1, 0)
    low = state.with_player(2, low_up=True)
    assert draw_count(low, 2) == (3, -1, 1)


def test_the_rulesets_decks_must_follow_the_deck_rules() -> None:
    with pytest.raises(ValueError, match="deck_2: guardians THE DECK"):
        GAME.initial_state(
            GAME.ruleset.check_setup(
                ["a", "b"],
                {
                    "deck_2": "guardian=re-rak-nam-leader-of-the-mighty;"
                    "stronghold=re-carreg-amroth-left,"
                    "re-carreg-amroth-center,re-carreg-amroth-right;"
                    "cards=re-swordsman*5"
                },
                "",
            )
        )


def test_a_won_attack_on_a_stronghold_space_does_not_take_it() -> None:
    """Unshielded defenders that lose are discarded; the attacker stays where it attacked
    from (RULES.md: Attacking a stronghold)."""
    giants = instances(1, ["Desert Giant"])
    defender = instances(2, ["Female Pixie"])
    t = moving({"1:shields": (OX10,), f"1:shield:{OX10}": giants, "2:on:b4": defender}, (Shield(OX10, 1, "b3"),))
    t.play(TurnShield(seat=1, shield=OX10))
    t.play(Step(seat=1, to="b4"))
    assert t.of(CombatStarted)[0].defender_zone == "on:b4"
    for command in (
        DeclareCommand(seat=1, play=False),
        DeclareCommand(seat=2, play=False),
        PlayCreature(seat=1, card=giants[0]),
        PlayCreature(seat=2, card=defender[0]),
        Pass(seat=1),
        Pass(seat=2),
        Pass(seat=1),
        Pass(seat=2),
        Pass(seat=1),
        Pass(seat=2),
    ):
        t.play(command)
    assert t.state.combat is None and t.state.seat_at("b3") == 1 and t.state.seat_at("b4") == 0
    assert t.state.zone(2, "discard") == defender
