"""The kernel: the recorded generator, option checks, records and from_plain (canonical JSON:
tests/test_canonical.py)."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.games import REGISTRY
from domain.kernel import Event, OptionSpec, Rng, seed_commitment, to_plain
from domain.kernel.messages import from_plain
from domain.kernel.records import builder, replace


def test_generator_blocks_are_hmac_sha256_of_game_position_and_block() -> None:
    rng = Rng("seed", "game", 7)
    block = hmac.new(b"seed", b"game/7/0", hashlib.sha256).digest()
    assert rng.below(2**64 - 1) == int.from_bytes(block[:8], "big") % (2**64 - 1)


def test_generator_is_a_pure_function_of_seed_game_and_position() -> None:
    assert Rng("s", "g", 3).shuffled(range(60)) == Rng("s", "g", 3).shuffled(range(60))
    assert Rng("s", "g", 3).shuffled(range(60)) != Rng("s", "g", 4).shuffled(range(60))
    assert Rng("s", "g", 3).shuffled(range(60)) != Rng("t", "g", 3).shuffled(range(60))


@given(st.integers(min_value=1, max_value=10**6), st.text(max_size=20), st.integers(min_value=0, max_value=10**6))
def test_below_stays_in_range(n: int, seed: str, position: int) -> None:
    value = Rng(seed, "g", position).below(n)
    assert 0 <= value < n


@given(st.lists(st.integers(), max_size=80), st.text(max_size=10))
def test_shuffle_is_a_permutation(items: list[int], seed: str) -> None:
    assert sorted(Rng(seed, "g", 1).shuffled(items)) == sorted(items)


def test_die_is_roughly_uniform() -> None:
    rng = Rng("fair", "g", 0)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die(6) - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_commitment_is_sha256_of_the_seed() -> None:
    assert seed_commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_option_spec_checks_type_bounds_and_choices() -> None:
    limit = OptionSpec("turn_limit", "cap", 300, minimum=0, maximum=10000)
    assert limit.check(10) == 10
    for bad in (True, "10", -1, 10001):
        with pytest.raises(ValueError, match="turn_limit"):
            limit.check(bad)
    flavour = OptionSpec("mode", "m", "a", choices=("a", "b"))
    with pytest.raises(ValueError, match="one of a, b"):
        flavour.check("c")


def test_an_unknown_option_is_refused_with_the_valid_ones_named() -> None:
    ruleset = REGISTRY["armory"].ruleset
    with pytest.raises(ValueError, match=r"armory has no option.*'turnlimit'.*its options are any_opponent_answers, "
                                         r"attack_can_be_halted, seat_randomness, turn_limit"):
        ruleset.check_setup(["a", "b"], {"turnlimit": 3}, "")


def test_replace_copies_like_dataclasses_replace_into_a_frozen_object_of_the_same_class() -> None:
    first = Pair(Cell(("a",)), 1)
    second = replace(first, count=2)
    assert type(second) is Pair and second == dataclasses.replace(first, count=2) and second.left is first.left
    assert first == Pair(Cell(("a",)), 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        second.count = 3  # type: ignore[misc]
    cited = replace(Moved(step=4), rule="test R1")
    assert type(cited) is Moved and (cited.step, cited.rule) == (4, "test R1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        cited.rule = ""  # type: ignore[misc]
    with pytest.raises(TypeError):
        replace(first, colour="red")


def test_builder_takes_the_parameters_and_defaults_of_the_dataclass_init() -> None:
    build = builder(Moved)
    assert type(build(4, rule="test R1")) is Moved
    assert build(4, rule="test R1") == Moved(4, rule="test R1") and build().rule == Moved().rule == ""
    assert builder(Listed)(1) == Listed(1) and builder(Listed)(1).tags is not builder(Listed)(1).tags
    with pytest.raises(TypeError):
        builder(Listed)()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        build(4, "test R1")  # type: ignore[call-arg]


@dataclasses.dataclass(frozen=True, slots=True)
class Cell:
    items: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Pair:
    left: Cell
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Tagged:
    count: int
    names: tuple[str, ...]
    partner: Cell | None
    cells: tuple[Cell, ...] = ()
    by_seat: dict[int, Cell] = dataclasses.field(default_factory=dict)
    flag: bool = False
    placed: tuple[tuple[int, str, int], ...] = ()


def test_from_plain_rebuilds_what_to_plain_wrote() -> None:
    full = Tagged(3, ("a", "b"), Cell(("x",)), (Cell(()), Cell(("y",))), {2: Cell(("z",))}, True, ((1, "a", 2),))
    assert from_plain(Tagged, to_plain(full)) == full
    assert from_plain(Tagged, {"count": 1, "names": [], "partner": None}) == Tagged(1, (), None)


@pytest.mark.parametrize(("plain", "problem"), [
    ({"count": 1.5, "names": [], "partner": None}, "Tagged.count: 1.5 is not an integer"),
    ({"count": True, "names": [], "partner": None}, "Tagged.count: True is not an integer"),
    ({"count": 1, "names": ["a", 2], "partner": None}, "Tagged.names: 2 is not a string"),
    ({"count": 1, "names": [], "partner": None, "flag": 0}, "Tagged.flag: 0 is not true or false"),
    ({"count": 1, "names": [], "partner": {"items": [None]}}, "Cell.items: None is not a string"),
    ({"count": 1, "names": []}, "Tagged needs the field partner"),
    ({"count": 1, "names": [], "partner": [1]}, "Cell: a value is not the object or list its field needs"),
    ({"count": 1, "names": [], "partner": None, "extra": 1}, "Tagged has no field"),
    ({"count": 1, "names": [], "partner": None, "placed": [[1, "a"]]}, "Tagged.placed: [1, 'a'] is not a list of"),
    ({"count": 1, "names": [], "partner": None, "placed": [[1, 2, 3]]}, "Tagged.placed: 2 is not a string"),
])
def test_from_plain_names_the_malformed_field(plain: dict[str, object], problem: str) -> None:
    """A log or a client that sends the wrong JSON type gets an error naming the field
    (JSON has floats and strings where an int belongs, the rules must never see them)."""
    with pytest.raises((TypeError, ValueError), match=re.escape(problem)):
        from_plain(Tagged, plain)


@dataclasses.dataclass(frozen=True, slots=True)
class Moved(Event):
    step: int = 0


@dataclasses.dataclass(frozen=True, slots=True)
class Listed:
    count: int
    tags: list[str] = dataclasses.field(default_factory=list)
