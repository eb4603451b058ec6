"""The Movement phase's ability kinds: one scenario per kind with a card that has it
(guardians MOVEMENT PHASE, Movement, Text Box; RULES.md, card texts where the card
leaves something open)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.guardians.casting import general
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    AnswerOpened,
    CardsMoved,
    EffectApplied,
    EndMove,
    PlayCard,
    ShieldStepped,
    ShieldTurned,
    Step,
    TurnEffect,
    TurnPassed,
    TurnShield,
)
from domain.games.guardians.state import DISCARD, IN_EFFECT, MOVEMENT, OPENING, GuardiansState, Shield, members
from domain.kernel import RuleViolation
from tests.guardians.support import Table, card_of, face_off, instances, table

OX10, OX11, OX12 = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1", "1.re-shield-ploogs-ox-12#1"


def turn_of(zones: dict[str, tuple[str, ...]], shields: tuple[Shield, ...]) -> Table:
    """Seat 1's movement turn, outside the opening window, no Shield turned yet."""
    return Table(table(phase=MOVEMENT, zones=zones, shields=shields, active=1, first=1))


def test_potion_of_movement_essence_is_played_the_general_way_on_your_move() -> None:
    """guardians Text Box, Potion of Movement Essence (play "moving", extra-steps 1): one
    more step for the Shield being moved; the answer names that Shield; not before a
    Shield is turned, nor by the seat that does not move."""
    potion = card_of(1, "Potion of Movement Essence")
    t = Table(face_off(["Axeman"], ["Cabin Boy"], attacker_storage=["Potion of Movement Essence"]))
    assert general(potion) and PlayCard(seat=1, card=potion) in legal_commands(t.state, 1)
    t.cast(PlayCard(seat=1, card=potion))
    assert t.of(AnswerOpened)[0].target == "1.re-shield-ploogs-ox-10#1"
    [extra] = t.of(TurnEffect)
    assert (extra.effect, extra.rule, t.state.steps_left) == (
        "extra-step", "guardians Text Box (Potion of Movement Essence)", 3)
    before = turn_of({"1:shields": (OX10,), "1:storage": (potion,)}, (Shield(OX10, 1, "a1"),))
    with pytest.raises(RuleViolation, match="while your turned Shield moves"):
        before.play(PlayCard(seat=1, card=potion))


def _pirates(crew: list[str]) -> Table:
    zones = {
        "1:shields": (OX10,),
        f"1:{members(OX10)}": instances(1, crew),
        "1:terrain:a2": instances(1, ["Woods"]),
        "1:terrain:a3": instances(1, ["Spires"]),
    }
    return turn_of(zones, (Shield(OX10, 1, "a1"),))


def test_first_mate_muldoon_gives_an_all_pirate_walking_shield_a_shown_third_step() -> None:
    """guardians Movement, First Mate Muldoon (extra-steps 1, target pirate): the Shield
    carrying him and nothing but Pirates, unable to fly, goes three spaces under the
    usual rules and shows what it carries on the third; with a non-Pirate, two."""
    t = _pirates(["First Mate Muldoon", "Gunner"])
    t.play(TurnShield(seat=1, shield=OX10))
    [turned] = t.of(ShieldTurned)
    assert (turned.steps, turned.rule) == (3, "guardians Text Box (First Mate Muldoon)")
    for space in ("a2", "a3", "b3"):
        t.play(Step(seat=1, to=space))
    shown = [e.revealed for e in t.of(ShieldStepped)]
    assert shown == [(), (), instances(1, ["First Mate Muldoon", "Gunner"])]
    assert t.state.seat_at("b3") == 1 and not t.state.moving
    mixed = _pirates(["First Mate Muldoon", "Swordsman"])
    mixed.play(TurnShield(seat=1, shield=OX10))
    assert mixed.of(ShieldTurned)[0].steps == 2


def _two_shields(storage: tuple[str, ...]) -> GuardiansState:
    zones = {
        "1:shields": (OX10, OX12),
        "2:shields": (OX11,),
        "1:storage": storage,
        f"1:{members(OX10)}": instances(1, ["Swordsman"]),
        f"1:{members(OX12)}": instances(1, ["Archer"]),
        f"2:{members(OX11)}": instances(2, ["Axeman"]),
    }
    shields = (Shield(OX10, 1, "a1"), Shield(OX12, 1, "c1"), Shield(OX11, 2, "b4"))
    return table(phase=MOVEMENT, zones=zones, shields=shields, active=1, first=1)


def replace_shield(state: GuardiansState, card: str, *, turned: bool) -> GuardiansState:
    return replace(state, shields=tuple(replace(s, turned=turned) if s.card == card else s for s in state.shields))


def test_crash_passes_a_movement_option_before_a_shield_is_turned() -> None:
    """guardians Movement, Crash (play "moving", pass-move): seat 1 passes without turning
    a Shield; seat 2 turns one next, and seat 1's Shields are still to turn. Not after
    a Shield is turned, nor when the enemy has no Shield left to turn."""
    crash = card_of(1, "Crash")
    t = Table(_two_shields((crash,)))
    assert general(crash) and PlayCard(seat=1, card=crash) in legal_commands(t.state, 1)
    t.cast(PlayCard(seat=1, card=crash))
    [passed] = [e for e in t.of(EffectApplied) if e.effect == "pass-move"]
    assert passed.rule == "guardians Text Box (Crash)"
    assert t.of(TurnPassed)[-1].seat == 2 and t.state.active == 2
    assert not any(s.turned for s in t.state.shields_of(1))
    moved = Table(_two_shields((crash,)))
    moved.play(TurnShield(seat=1, shield=OX10))
    with pytest.raises(RuleViolation, match="pass before you turn a Shield"):
        moved.play(PlayCard(seat=1, card=crash))
    alone = Table(replace_shield(_two_shields((crash,)), OX11, turned=True))
    with pytest.raises(RuleViolation, match="the enemy has no Shield left to turn"):
        alone.play(PlayCard(seat=1, card=crash))


def test_ongo_lets_a_second_shield_fly_and_is_used_up_by_it() -> None:
    """guardians Movement (one flying Shield a turn), Ongo, Air Traffic Controller (play
    "movement", extra-flights 1): cast in the opening window it lies in effect; a seat
    that has flown once flies a second Shield, which uses the card up; without it, no."""
    ongo = card_of(1, "Ongo, Air Traffic Controller")
    window = Table(table(phase=MOVEMENT, zones={"1:storage": (ongo,)}, window=OPENING, first=1, active=1))
    window.cast(PlayCard(seat=1, card=ongo))
    assert window.state.zone(1, IN_EFFECT) == (ongo,)
    fliers = {"1:shields": (OX10,), f"1:{members(OX10)}": instances(1, ["Floyd the Flying Pig"])}
    flown = turn_of({**fliers, "1:in-effect": (ongo,)}, (Shield(OX10, 1, "a1"),))
    flown.state = flown.state.with_player(1, flew=True)
    flown.play(TurnShield(seat=1, shield=OX10))
    flown.play(Step(seat=1, to="a2", fly=True))
    [used] = [e for e in flown.of(CardsMoved) if e.cards == (ongo,)]
    assert (used.to_zone, used.rule) == (DISCARD, "guardians Text Box (Ongo, Air Traffic Controller)")
    flown.play(Step(seat=1, to="a3", fly=True))  # the same flight goes on
    grounded = turn_of(fliers, (Shield(OX10, 1, "a1"),))
    grounded.state = grounded.state.with_player(1, flew=True)
    grounded.play(TurnShield(seat=1, shield=OX10))
    with pytest.raises(RuleViolation, match="you may fly only one Shield per turn"):
        grounded.play(Step(seat=1, to="a2", fly=True))


def test_war_gives_another_movement_option_when_the_move_ends() -> None:
    """guardians Movement (seats alternate turning Shields), War (play "moving",
    another-move): played during seat 1's move, seat 1 turns its other Shield as the move
    ends, and War is used up; after that move, seat 2 turns next."""
    war = card_of(1, "War")
    t = Table(_two_shields((war,)))
    t.play(TurnShield(seat=1, shield=OX10))
    assert PlayCard(seat=1, card=war) in legal_commands(t.state, 1)
    t.cast(PlayCard(seat=1, card=war))
    assert t.state.zone(1, IN_EFFECT) == (war,)
    t.play(EndMove(seat=1))
    again = t.of(TurnPassed)[-1]
    assert (again.seat, again.rule) == (1, "guardians Text Box (War)")
    assert war in t.state.zone(1, DISCARD) and not t.state.zone(1, IN_EFFECT)
    t.play(TurnShield(seat=1, shield=OX12))
    t.play(EndMove(seat=1))
    assert t.of(TurnPassed)[-1].seat == 2
    last = Table(replace_shield(_two_shields((war,)), OX12, turned=True))
    last.play(TurnShield(seat=1, shield=OX10))
    with pytest.raises(RuleViolation, match="no other Shield left to turn"):
        last.play(PlayCard(seat=1, card=war))
