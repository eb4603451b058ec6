"""Any command of any game, with any field values, is either decided or refused with
a RuleViolation naming the rule; no other exception (issue 17: a card id of
non-ASCII digits crashed ARMORY's id parsing, which the service answered INTERNAL)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.rules import random_command, start
from domain.games import REGISTRY
from domain.kernel import Command, RuleViolation
from domain.kernel.text import is_digits

ODD_DIGITS = ("²", "٣", "１", "２", "𝟗", "⁰", "½", "Ⅻ", "\ud800", "\x00", " ", "-", "+")


@st.composite
def near_ids(draw: st.DrawFn) -> str:
    """Ids of every game's shape with a character changed or added: '1.0²', 'c１2'."""
    base = draw(st.sampled_from(["1.07", "2.60", "3.01", "c01", "c12", "c60", "ash", "shotgun", "warrior-1",
                                 "archer", "armament", "draw"]))
    at = draw(st.integers(0, len(base)))
    odd = draw(st.sampled_from(ODD_DIGITS))
    return draw(st.sampled_from([base[:at] + odd + base[at:], base[:at] + odd + base[at + 1:]]))


TEXT = st.one_of(near_ids(), st.text(max_size=12), st.sampled_from(ODD_DIGITS))
VALUES: dict[str, st.SearchStrategy[Any]] = {"str": TEXT, "int": st.integers(-3, 2**63), "bool": st.booleans()}


def command_of(kind: type[Command], data: st.DataObject, acting: list[int]) -> Command:
    """Any values, the seat mostly one the game waits on (or its checks stop at the seat)."""
    values = {f.name: data.draw(VALUES[str(f.type)], label=f.name) for f in dataclasses.fields(kind)}
    values["seat"] = data.draw(st.one_of(st.sampled_from(acting or [1]), VALUES["int"]), label="seat")
    return kind(**values)


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
@settings(max_examples=300, deadline=None)
@given(data=st.data(), moves=st.integers(0, 40))
def test_any_command_is_decided_or_refused_by_a_rule(ruleset: str, data: st.DataObject, moves: int) -> None:
    game = REGISTRY[ruleset]
    session, _ = start(game, "malformed", 2, "malformed-seed")
    chooser = random.Random(moves)
    for n in range(moves):  # somewhere into a game, where other checks apply
        if session.finished:
            break
        session, _ = session.execute(random_command(game, session.state, chooser), f"m{n}", "malformed-seed")
    kind = data.draw(st.sampled_from(sorted(game.command_types.values(), key=lambda k: k.__name__)))
    command = command_of(kind, data, list(session.status().to_act))
    try:
        session.step(command, "probe", "malformed-seed")
    except RuleViolation as violation:
        assert violation.rule.startswith(ruleset) or violation.rule.startswith("kernel"), violation.rule


def test_ascii_digits_only() -> None:
    assert is_digits("0123456789")
    for text in ("", "²", "1²", "１", "٣", "𝟗", " 1", "-1", "1.0"):
        assert not is_digits(text), text
