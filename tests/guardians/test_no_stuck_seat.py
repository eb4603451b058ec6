"""A seat waited on always has a legal command, and the rules accept each one: no Shield
may be left standing on another Shield's space (guardians Movement; RULES.md,
Attacking a stronghold)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.messages import GuardianAssaulted, ShieldStepped, Step, TurnShield
from domain.games.guardians.state import MOVEMENT, GuardiansState, Shield
from domain.kernel import Header, Rng, RuleViolation, Session
from domain.kernel.session import command_from_json
from tests.guardians.support import Table, instances, table

FIXTURE = Path(__file__).parent / "data" / "fly-past-then-strike.json"
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


def fixture_session() -> tuple[Session[Any], list[tuple[str, dict[str, Any]]]]:
    data = json.loads(FIXTURE.read_text())
    header = Header.from_json(data["header"])
    assert header.seed is not None
    session, _ = Session.create(GAME, header, header.seed)
    return session, [(c["command_id"], c["command"]) for c in data["commands"]]


def test_the_fuzzed_game_that_got_stuck_now_goes_on() -> None:
    """The fuzzer's game (ruleset 1.0.1): seat 1's Shield flew past seat 2's at b3 and
    struck seat 2's Guardian at b4 from there; later seat 2 turned the Shield at b3,
    reinforced it and could neither move it nor end its move. Decided again, the strike
    is refused, seat 1 has commands to go on with, and the game plays to its end."""
    session, commands = fixture_session()
    seed = session.header.seed
    assert seed is not None
    *before, (strike_id, strike) = commands
    for command_id, command in before:
        session, _ = session.execute(command_from_json(GAME, command), command_id, seed)
        seats_can_go_on(session.state, session.version)
    assert strike == {"fly": True, "past": False, "seat": 1, "to": "b4", "type": "Step"}
    at_b3 = {(s.seat, s.card) for s in session.state.shields if s.space == "b3"}
    assert at_b3 == {(1, session.state.moving), (2, "2.re-shield-ploogs-ox-08#1")}  # flown past, mid-move
    with pytest.raises(RuleViolation, match="cannot attack a stronghold space"):
        session.execute(command_from_json(GAME, strike), strike_id, seed)
    state = session.state
    assert command_from_json(GAME, strike) not in GAME.legal_commands(state, 1)
    chooser = random.Random(3)
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
