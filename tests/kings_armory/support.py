"""Tables built to order for King's Armory tests: chosen figures on the standard map,
scripted dice; commands run through the shared kit (tests/kit.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.games.kings_armory import GAME
from domain.games.kings_armory.board import Space, area_spaces, board_for, parse
from domain.games.kings_armory.content import heroes, hireables, monsters
from domain.games.kings_armory.figures import stats
from domain.games.kings_armory.messages import EndShopping
from domain.games.kings_armory.state import (
    FOE,
    HERO,
    HIREABLE,
    PLACING,
    PLAYERS,
    SHOPPING,
    TOWER_SLOTS,
    Figure,
    KaState,
    Options,
    Tower,
    numbered,
)
from domain.kernel import Event, Rng
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


def between_waves(state: KaState, rolls: Rng | str = "test") -> tuple[KaState, list[Event]]:
    """Through the Between Waves phase with nothing bought (kings-armory B5 Steps 3-7):
    every seat says it is done shopping, each Ally is placed at the first space its seat
    is offered (a Tower on the map's first open block is built for a table that has
    none), and the last placement starts the next Wave with `rolls`."""
    assert state.phase == SHOPPING, state.phase
    if not state.towers:
        board = board_for(state.options.map)
        corner = next((row, col) for row in range(board.rows) for col in range(board.cols)
                      if board.tower_fits((row, col)))
        state = replace(state, towers=(Tower("t1", area_spaces(corner, 2, 2), TOWER_SLOTS),), next_tower=2)
    events: list[Event] = []
    for seat in GAME.status(state).to_act:
        state, made = run(state, EndShopping(seat=seat))
        events += made
    while state.phase == PLACING:
        last = sum(1 for f in state.allies() if f.space[0] < 0) == 1
        state, made = run(state, GAME.legal_commands(state, state.seat)[0], rolls if last else "test")
        events += made
    return state, events
