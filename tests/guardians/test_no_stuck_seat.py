"""A seat waited on always has a legal command, and the rules accept each one: no Shield
may be left standing on another Shield's space (guardians Movement, COMBAT RESOLUTION;
RULES.md, Attacking a stronghold), and no land waiting to be settled may be left with no
way to settle it (guardians TERRAIN SETTLEMENT PHASE)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.board import neighbours
from domain.games.guardians.messages import (
    DestroyShield,
    DropCreature,
    GameWon,
    GuardianAssaulted,
    LandSettled,
    PlaceTerrain,
    Retreat,
    ShieldDestroyed,
    ShieldRetreated,
    ShieldStepped,
    Step,
    TurnShield,
)
from domain.games.guardians.state import MOVEMENT, PEN, SETTLEMENT, STORAGE, GuardiansState, Shield, face, members
from domain.kernel import Command, Rng, RuleViolation
from tests.guardians.support import Table, instances, kept_position, table

FIXTURE = Path(__file__).parent / "data" / "fly-past-then-strike.json"
RETREAT_FIXTURE = Path(__file__).parent / "data" / "retreat-onto-the-attacker.json"
SETTLE_FIXTURE = Path(__file__).parent / "data" / "settle-the-last-terrain-elsewhere.json"
FLIER, ENEMY = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1"


def seats_can_go_on(state: GuardiansState, position: int) -> None:
    """Every seat waited on has a legal command, and the rules accept each one."""
    status = GAME.status(state)
    assert status.finished or status.to_act, "someone always has a decision in a game under way"
    for seat in status.to_act:
        legal = GAME.legal_commands(state, seat)
        assert legal, f"seat {seat} is waited on and has no legal command ({status.summary})"
        for command in legal:
            assert GAME.decide(state, command, Rng("stuck", "legal", position)), command


def flier_past_the_enemy() -> Table:
    """Seat 1's empty Shield (an empty Shield flies) at b2, seat 2's Shield at b3, next
    to seat 2's stronghold space b4 with no creature on it."""
    return Table(
        table(
            phase=MOVEMENT,
            active=1,
            zones={
                "1:shields": (FLIER,),
                "2:shields": (ENEMY,),
                f"2:shield:{ENEMY}": instances(2, ["Archer"]),
            },
            shields=(Shield(FLIER, 1, "b2"), Shield(ENEMY, 2, "b3")),
        )
    )


def test_a_shield_that_flies_past_an_enemy_shield_may_not_strike_from_its_space() -> None:
    """A strike on a stronghold space leaves the striker where it stood: never on the
    enemy Shield it flew past (which could then neither move on nor end its move)."""
    t = flier_past_the_enemy()
    t.play(TurnShield(seat=1, shield=FLIER))
    t.play(Step(seat=1, to="b3", fly=True, past=True))
    with pytest.raises(RuleViolation, match="cannot attack a stronghold space from a space where another Shield"):
        t.play(Step(seat=1, to="b4", fly=True))
    legal = GAME.legal_commands(t.state, 1)
    assert Step(seat=1, to="b4", fly=True) not in legal
    assert Step(seat=1, to="b2", fly=True) in legal
    seats_can_go_on(t.state, 0)
    t.play(Step(seat=1, to="b2", fly=True))
    assert [e.to_space for e in t.of(ShieldStepped)] == ["b3", "b2"] and not t.of(GuardianAssaulted)


def test_the_fuzzed_game_that_got_stuck_now_goes_on() -> None:
    """The fuzzer's game (ruleset 1.0.1): seat 1's Shield flew past seat 2's at b3 and
    struck seat 2's Guardian at b4 from there; later seat 2 turned the Shield at b3,
    reinforced it and could neither move it nor end its move. From the position before
    the strike, the strike is refused, seat 1 has commands to go on with, and the game
    plays to its end."""
    state, seed, position, strike = kept_position(FIXTURE)
    assert strike == Step(seat=1, to="b4", fly=True)
    seats_can_go_on(state, position)
    at_b3 = {(s.seat, s.card) for s in state.shields if s.space == "b3"}
    assert at_b3 == {(1, state.moving), (2, "2.re-shield-ploogs-ox-08#1")}  # flown past, mid-move
    with pytest.raises(RuleViolation, match="cannot attack a stronghold space"):
        GAME.decide(state, strike, Rng(seed, "g", position))
    assert strike not in GAME.legal_commands(state, 1)
    play_on(state, seed, random.Random(3))


def play_on(state: GuardiansState, seed: str, chooser: random.Random) -> GuardiansState:
    """Random legal play to the end: every seat waited on can go on, Shields at rest
    never share a space."""
    for position in range(3000):
        seats_can_go_on(state, position)
        status = GAME.status(state)
        if status.finished:
            break
        seat = chooser.choice(status.to_act)
        chosen = chooser.choice(GAME.legal_commands(state, seat))
        for event in GAME.decide(state, chosen, Rng(seed, "on", position)):
            state = GAME.evolve(state, event)
        if not state.moving and state.combat is None:
            assert len({s.space for s in state.shields}) == len(state.shields), "Shields share a space at rest"
    assert GAME.status(state).finished
    return state


def test_a_beaten_defender_may_not_retreat_where_the_attacker_goes_back_to() -> None:
    """The random game (2.0.0, seed 606) where seat 1's Shield attacked seat 2's on seat
    2's stronghold space b4 from b3, and won. A stronghold space is never taken, so the
    attacker goes back to b3 (RULES.md, Attacking a stronghold); seat 2's Shield retreated
    to b3 too (b3 is seat 2's land, COMBAT RESOLUTION) and the two shared the space.
    From that position, b3 is no retreat: it is offered nowhere and refused; the seat's other ways
    (its own Shields' spaces, merging, or giving the Shield up) stay, each accepted."""
    state, seed, position, _ = kept_position(RETREAT_FIXTURE)
    combat = state.combat
    assert combat is not None and combat.stage == "retreat" and combat.actor == 2
    assert (combat.space, combat.came_from, combat.winner, combat.loser) == ("b4", "b3", 1, 2)
    attacker = state.shield(combat.attacker.shield)
    assert attacker is not None and attacker.space == "b4" and state.shield_at("b3") is None
    seats_can_go_on(state, position)

    with pytest.raises(RuleViolation, match="retreat to one of a4, c4"):
        GAME.decide(state, Retreat(seat=2, to="b3"), Rng(seed, "g", 0))
    legal = GAME.legal_commands(state, 2)
    assert sorted(c.to for c in legal if isinstance(c, Retreat)) == ["a4", "c4"]
    assert DestroyShield(seat=2) in legal
    for space in neighbours("b4"):  # exactly the retreats the rules accept are listed
        try:
            GAME.decide(state, Retreat(seat=2, to=space), Rng(seed, "g", 0))
        except RuleViolation:
            assert Retreat(seat=2, to=space) not in legal, space
        else:
            assert Retreat(seat=2, to=space) in legal, space

    retreated = []
    answer: Command = Retreat(seat=2, to="a4")  # onto its own Shield: they merge
    while True:
        events = GAME.decide(state, answer, Rng(seed, "g", 0))
        retreated += [(e.seat, e.to_space) for e in events if isinstance(e, ShieldRetreated)]
        for event in events:
            state = GAME.evolve(state, event)
        if state.combat is None:
            break
        seats_can_go_on(state, 0)
        answer = GAME.legal_commands(state, 2)[0]  # trimming the merged Shield
    assert retreated == [(2, "a4"), (1, "b3")]
    assert [s.seat for s in state.shields if s.space == "b3"] == [1]
    assert len({s.space for s in state.shields}) == len(state.shields)
    play_on(state, seed, random.Random(606))


def test_a_land_left_with_no_way_to_settle_it_loses_its_shield() -> None:
    """The random game (2.0.0, seed 155): on turn 20 seat 2 had Shields to settle on a3
    (two creatures under it) and c2 (none), one Terrain card, Woods, and no Power Stone.
    It put the Woods on a3, and c2 was left with no terrain, no stone for a face-down
    card and no creature to give up: seat 2 was waited on with no legal command. A
    seat's Terrain cards and stones serve all its lands, so the check that destroys a
    Shield that cannot settle its land (RULES.md) is made again after each land is
    settled: the Woods on a3 now costs the Shield on c2, seat 2's fifth, and seat 1 wins
    (guardians THE GAME). Each command offered is accepted, every other is refused."""
    state, seed, position, stuck = kept_position(SETTLE_FIXTURE)
    woods = "2.re-woods#8"
    assert (state.phase, state.turn, state.settling) == (SETTLEMENT, 20, ("a3", "c2"))
    empty = state.shield_at("c2")
    assert empty is not None and empty.seat == 2 and not state.zone(2, members(empty.card))
    stock = (*state.zone(2, PEN), *state.zone(2, STORAGE))
    assert [c for c in stock if face(c).kind in ("terrain", "shield-terrain")] == [woods]
    assert state.player(2).stones == 0 and state.player(2).shields_lost == 4
    seats_can_go_on(state, position)

    legal = GAME.legal_commands(state, 2)
    candidates: list[Command] = []
    for land in state.settling:
        shield = state.shield_at(land)
        assert shield is not None
        candidates += [PlaceTerrain(seat=2, land=land, card=c, face_down=down) for c in stock for down in (False, True)]
        candidates += [DropCreature(seat=2, land=land, card=c) for c in state.zone(2, members(shield.card))]
    for command in candidates:  # exactly the commands the rules accept are listed
        try:
            GAME.decide(state, command, Rng(seed, "g", 0))
        except RuleViolation:
            assert command not in legal, command
        else:
            assert command in legal, command
    assert set(legal) <= set(candidates)
    assert PlaceTerrain(seat=2, land="c2", card=woods) in legal  # the Woods could settle c2 instead

    assert stuck == PlaceTerrain(seat=2, land="a3", card=woods)
    events = GAME.decide(state, stuck, Rng(seed, "g", position))
    assert [(e.shield, e.reason) for e in events if isinstance(e, ShieldDestroyed)] == [
        (empty.card, "could not settle its land")
    ]
    assert [e.land for e in events if isinstance(e, LandSettled)] == ["a3", "c2"]
    assert [e.seat for e in events if isinstance(e, GameWon)] == [1]
    after = state
    for event in events:
        after = GAME.evolve(after, event)
    assert after.finished and after.winner == 1 and after.settling == ()
    seats_can_go_on(after, 0)

    for command in legal:  # every other way on plays to the end
        after = state
        for event in GAME.decide(state, command, Rng(seed, "g", 0)):
            after = GAME.evolve(after, event)
        play_on(after, seed, random.Random(155))
