"""Canonical JSON (domain/kernel/canonical.py, docs/log-format.md): the bytes every hash is
computed over. canonical_json and canonical_json_of_plain are fast paths of one
definition, reference_json (json.dumps of to_plain, keys sorted, no spaces, UTF-8, no
floats); these tests hold each path to it."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from typing import Any

import orjson
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from bench.rules import start
from domain.games import REGISTRY
from domain.kernel import Game, Rng, canonical_json, to_plain
from domain.kernel.canonical import canonical_json_of_plain, reference_json
from domain.kernel.messages import payload_of
from domain.kernel.session import command_to_json
from tests.test_kernel import Cell, Pair

# -- the definition ---------------------------------------------------------------------


def test_canonical_json_sorts_keys_and_refuses_floats() -> None:
    assert canonical_json({"b": 1, "a": [True, None, "é"]}) == '{"a":[true,null,"é"],"b":1}'.encode()
    for floating in ({"x": 0.5}, [float("nan")], {"y": {"z": float("inf")}}, 1.0, Counted(1.5)):
        with pytest.raises(TypeError):
            canonical_json(floating)


def test_mapping_keys_that_are_not_strings_are_written_as_strings_in_string_order() -> None:
    assert canonical_json({10: "a", 2: "b", 1: "c"}) == b'{"1":"c","10":"a","2":"b"}'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_canonical_json_matches_the_reference_encoding(value: object) -> None:
    reference = json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical_json(value) == reference_json(value) == reference.encode("utf-8")
    assert canonical_json_of_plain(value) == reference.encode("utf-8")


# -- values of types that hold no float: written by msgspec -------------------------------


class Suit(enum.StrEnum):
    CUPS = "cups"
    SWORDS = "swords"


class Rank(enum.IntEnum):
    LOW = 1
    HIGH = 10


@dataclasses.dataclass(frozen=True, slots=True)
class Table:
    """Every kind of field a game's state has."""

    suit: Suit
    rank: Rank
    seats: tuple[int, ...]
    hands: tuple[Cell, ...]
    marked: frozenset[str]
    scores: dict[str, int]
    partner: Pair | None
    spot: tuple[str, int, bool]
    note: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Counted:
    """A float field: its values are searched for floats, and refused."""

    amount: float


@dataclasses.dataclass(frozen=True, slots=True)
class Loose:
    """A field of any type: searched too."""

    anything: Any


texts = st.text(max_size=6)
tables = st.builds(
    Table, st.sampled_from(Suit), st.sampled_from(Rank), st.tuples(st.integers(), st.integers()),
    st.lists(st.builds(Cell, st.lists(texts, max_size=3).map(tuple)), max_size=3).map(tuple),
    st.frozensets(texts, max_size=4), st.dictionaries(texts, st.integers(), max_size=3),
    st.none() | st.builds(Pair, st.builds(Cell, st.lists(texts, max_size=2).map(tuple)), st.integers()),
    st.tuples(texts, st.integers(min_value=-2**63, max_value=2**64 - 1), st.booleans()), texts)


@given(tables)
@example(Table(Suit.CUPS, Rank.HIGH, (), (), frozenset({"é", "Z", "a", "\U0001F600", "\uffff"}), {"b": 1, "a": 2},
               None, ("\n\x00\"\\\u2028", -2**63, True)))
def test_a_value_of_a_float_free_type_is_written_as_the_definition_writes_it(table: Table) -> None:
    assert canonical_json(table) == reference_json(table)


def test_a_float_or_any_field_is_searched_and_a_float_refused() -> None:
    with pytest.raises(TypeError):
        canonical_json(Loose({"deep": [0.5]}))
    assert canonical_json(Loose({"deep": [5]})) == b'{"anything":{"deep":[5]}}'


def test_a_dataclass_is_its_fields_in_sorted_order() -> None:
    first = Pair(Cell(("a", "b")), 1)
    assert canonical_json(first) == b'{"count":1,"left":{"items":["a","b"]}}'
    assert canonical_json(dataclasses.replace(first, count=2)) == b'{"count":2,"left":{"items":["a","b"]}}'


def _random_game(game: Game[Any], seed: int, limit: int = 400) -> list[object]:
    """Every state, event, payload and command of one random game, in order."""
    chooser = random.Random(seed)
    session, _ = start(game, f"canonical-{seed}", min(2 + seed, game.ruleset.max_seats), f"canonical-{seed}")
    state, version, seen = session.state, session.version, [session.state]
    for _ in range(limit):
        status = game.status(state)
        if status.finished:
            break
        command = chooser.choice(game.legal_commands(state, chooser.choice(status.to_act)))
        seen += [command, command_to_json(command)]
        for event in game.decide(state, command, Rng("canonical", "canonical", version)):
            state = game.evolve(state, event)
            version += 1
            seen += [event, payload_of(event), state]
    return seen


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_every_state_event_and_payload_of_random_games_is_written_as_the_definition_writes_it(ruleset: str) -> None:
    game = REGISTRY[ruleset]
    for seed in range(3):
        for value in _random_game(game, seed):
            assert canonical_json(value) == reference_json(value), type(value).__name__
            if isinstance(value, dict):
                assert canonical_json_of_plain(value) == reference_json(value)


# -- plain data: written by orjson ---------------------------------------------------------

json_numbers = st.from_regex(r"-?(0|[1-9][0-9]{0,24})(\.[0-9]{1,4})?([eE][+-]?[0-9]{1,3})?", fullmatch=True)
json_texts = st.recursive(
    json_numbers | st.sampled_from(["true", "false", "null"])
    | st.text(alphabet=st.sampled_from("ab:,[.eE0159-é\"\\\n"), max_size=8).map(json.dumps),
    lambda children: (st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]")
                      | st.dictionaries(st.text(max_size=3).map(json.dumps), children, max_size=4).map(
                          lambda members: "{" + ", ".join(f"{key}: {value}" for key, value in members.items()) + "}")),
    max_leaves=12,
)
"""JSON texts as any writer may spell them: every number form (fractions, exponents, integers
beyond 64 bits), strings full of the characters that mark a float, spaces after separators."""


@given(json_texts)
@example("[1.0]")
@example('{"a": -0.0}')
@example('{"a": [1, {"b": 1E5}]}')
@example("1e-7")
@example('{"a": 123456789012345678901234567890}')
@example('[18446744073709551615, -9223372036854775808, -9223372036854775809]')
@example('{"x:1.5": ",e", "y": "[E"}')
@example('{"zone": "1:shield:1.re-archer", "n": [1, 2.5]}')
@example('{"zone": "1:shield:1.re-archer", "n": [1, 25]}')
@example('["\\"1:2.", 3e2]')
@example("[" * 300 + "]" * 300)
def test_canonical_json_of_plain_data_is_canonical_json(text: str) -> None:
    """replay encodes what it parsed through orjson: every value comes out as canonical_json
    makes it, and every float is refused as canonical_json refuses it."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:  # an exponent beyond a double's range, or nesting beyond orjson's reach
        assume(False)
    try:
        expected = canonical_json(value)
    except TypeError:
        with pytest.raises(TypeError):
            canonical_json_of_plain(value)
    else:
        assert canonical_json_of_plain(value) == expected


def test_what_is_not_plain_data_is_written_by_the_definition_and_not_by_orjson() -> None:
    """orjson would write a dataclass's fields in their declared order, and a str subclass
    as it likes: such values are handed to the definition."""
    nested = {"pair": Pair(Cell(("x",)), 3), "suit": Suit.SWORDS, "marked": frozenset({"b", "a"})}
    assert canonical_json_of_plain(nested) == reference_json(nested)
    assert canonical_json_of_plain(nested) == b'{"marked":["a","b"],"pair":{"count":3,"left":{"items":["x"]}},' \
                                              b'"suit":"swords"}'
