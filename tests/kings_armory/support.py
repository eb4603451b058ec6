"""Tables built to order for King's Armory tests: chosen figures on the standard map,
scripted dice; commands run through the shared kit (tests/kit.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.games.kings_armory import GAME
from domain.games.kings_armory.board import Space, board_for, parse
from domain.games.kings_armory.content import heroes, hireables, monsters
from domain.games.kings_armory.figures import stats
from domain.games.kings_armory.state import FOE, HERO, HIREABLE, PLAYERS, Figure, KaState, Options, Tower, numbered
from domain.kernel import Rng
from tests.kit import GameKit

ROUTE = ("main", "odd", "red")


class Dice(Rng):
    """A generator that gives the rolls it is told, in order: die(n) and below(n)
    both take the next number (below's is the index itself)."""

    def __init__(self, *rolls: int) -> None:
        super().__init__("test", "test", 0)
        self.rolls = list(rolls)

    def die(self, sides: int) -> int:
        assert self.rolls, "the test ran out of scripted rolls"
        value = self.rolls.pop(0)
        assert 1 <= value <= sides, f"a d{sides} cannot roll {value}"
        return value

    def below(self, n: int) -> int:
        assert self.rolls, "the test ran out of scripted rolls"
        value = self.rolls.pop(0)
        assert 0 <= value < n
        return value


def route_space(index: int, route: tuple[str, str, str] = ROUTE, board: str = "standard") -> Space:
    return board_for(board).routes[route].spaces[index]


def hero(key: str, at: str, seat: int = 1, **changes: Any) -> Figure:
    figure = Figure(figure=key, kind=HERO, key=key, seat=seat, hp=heroes()[key].stats.hp, space=parse(at))
    figure = replace(figure, actions=stats(figure).actions)
    return replace(figure, **changes)


def hireable(key: str, number: int, level: int, at: str, seat: int = 1, tower: str = "t1", **changes: Any) -> Figure:
    figure = Figure(figure=numbered(key, number), kind=HIREABLE, key=key, seat=seat, level=level,
                    hp=hireables()[key].stats(level).hp, space=parse(at), tower=tower)
    figure = replace(figure, actions=stats(figure).actions)
    return replace(figure, **changes)


def foe(key: str, number: int, index: int, route: tuple[str, str, str] = ROUTE, route_board: str = "standard",
        **changes: Any) -> Figure:
    card = monsters()[key]
    figure = Figure(figure=numbered(key, number), kind=FOE, key=key, seat=0, hp=card.hp,
                    space=route_space(index, route, route_board),
                    level=card.level, route=route, index=index, order=number)
    return replace(figure, **changes)


def table(*figures: Figure, towers: tuple[Tower, ...] = (), seats: int = 1, seat: int = 1, wave: int = 1,
          round_: int = 1, **options: Any) -> KaState:
    """A Players' Round of wave 1 with these figures on the standard map."""
    chosen = Options(**options)
    return KaState(options=chosen, seats=seats, phase=PLAYERS, towers=towers, figures=figures,
                   gate=chosen.gate_hp, wave=wave, round=round_, rounds=round_, seat=seat,
                   entered=tuple(f.key for f in figures if f.kind == FOE))


KIT = GameKit(GAME)
run, refused = KIT.run, KIT.refused
