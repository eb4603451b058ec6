"""Army of Darkness's own test support: positions built to order, random play's choice of
seat (switches out of turn included) and a search for a wanted die; commands run and games
played through the shared kit (tests/kit.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.games.aod import GAME
from domain.games.aod.messages import AttackRolled, KeepRolled
from domain.games.aod.state import AodState
from domain.kernel import Command
from tests.kit import GameKit, Ran, of

KIT = GameKit(GAME, game_id="g")
run, refused = KIT.run, KIT.refused

OUT_OF_TURN = 0.1
"""How often random play lets a seat the table is not waiting on act (it may switch)."""


def pick_seat(state: AodState, chooser: random.Random) -> int:
    """Mostly a seat the table waits on; sometimes one that may act out of turn (a switch)."""
    waited_on = GAME.status(state).to_act
    others = [s for s in state.seats() if s not in waited_on and GAME.legal_commands(state, s)]
    if others and chooser.random() < OUT_OF_TURN:
        return chooser.choice(others)
    return chooser.choice(waited_on)


def with_player(state: AodState, seat: int, **changes: Any) -> AodState:
    return state.with_player(replace(state.player(seat), **changes))


def table(seats: int = 2, *, phase: str = "play", active: int = 1, turn: int = 1,
          deck: tuple[str, ...] = (), discard: tuple[str, ...] = (), book_holder: int = 0,
          book_ready: bool = True, options: Mapping[str, bool | int | str] | None = None,
          players: Mapping[int, Mapping[str, Any]] | None = None) -> AodState:
    """A constructed position: seat `active` to act in `phase`; players' zones as given."""
    state = replace(KIT.initial(seats, options), order=tuple(range(1, seats + 1)), deck=deck, discard=discard,
                    phase=phase, active=active, turn=turn, book_holder=book_holder, book_ready=book_ready)
    for seat, changes in (players or {}).items():
        state = with_player(state, seat, **changes)
    return state


def with_die(state: AodState, command: Command, die: int,
             kind: type[AttackRolled | KeepRolled] = AttackRolled) -> Ran[AodState]:
    """Run `command` with the first seed whose first `kind` event rolls `die`."""
    for n in range(2000):
        ran = run(state, command, f"die-{n}")
        rolled = of(ran.events, kind)
        if rolled and rolled[0].die == die:
            return ran
    raise AssertionError(f"no seed rolls {die}")
