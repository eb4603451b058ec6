"""Helpers for the Army of Darkness tests: sessions, random play, constructed states."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.games.aod import GAME
from domain.games.aod.state import AodState
from domain.kernel import (
    Command,
    Envelope,
    Event,
    Header,
    Log,
    Rng,
    Session,
    StartGame,
    seed_commitment,
)


def header(seats: int = 3, options: Mapping[str, bool | int | str] | None = None, seed: str = "s",
           game_id: str = "g1") -> Header:
    setup = GAME.ruleset.check_setup([f"p{i}" for i in range(1, seats + 1)], dict(options or {}), "")
    return Header(game_id=game_id, ruleset="aod", ruleset_version=GAME.ruleset.version, seats=setup.seats,
                  options=dict(setup.options), content=setup.content, seed_commitment=seed_commitment(seed),
                  created_at="2024-01-01T00:00:00Z")


def started(seats: int = 3, options: Mapping[str, bool | int | str] | None = None,
            seed: str = "s") -> AodState:
    h = header(seats, options, seed)
    state = GAME.initial_state(GAME.ruleset.check_setup(h.seats, h.options, ""))
    return apply(state, StartGame(seat=0), seed)


def apply(state: AodState, command: Command, seed: str = "x", position: int = 0) -> AodState:
    for event in GAME.decide(state, command, Rng(seed, "g", position)):
        state = GAME.evolve(state, event)
    return state


def run(state: AodState, command: Command, seed: str = "x") -> tuple[AodState, list[Event]]:
    events = GAME.decide(state, command, Rng(seed, "g", 0))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


OUT_OF_TURN = 0.1
"""How often random play lets a seat the table is not waiting on act (it may switch)."""


def pick_seat(state: AodState, chooser: random.Random) -> int:
    """Mostly a seat the table waits on; sometimes one that may act out of turn (a switch)."""
    waited_on = GAME.status(state).to_act
    others = [s for s in state.seats() if s not in waited_on and GAME.legal_commands(state, s)]
    if others and chooser.random() < OUT_OF_TURN:
        return chooser.choice(others)
    return chooser.choice(waited_on)


@dataclass
class Played:
    session: Session[Any]
    envelopes: list[Envelope]
    commands: int

    @property
    def log(self) -> Log:
        return Log(header=self.session.header, envelopes=tuple(self.envelopes))


def play_random(seed: int, seats: int = 3, options: Mapping[str, bool | int | str] | None = None,
                max_commands: int = 20000) -> Played:
    """A whole game of random legal commands through the kernel Session."""
    chooser = random.Random(seed)
    secret = f"seed-{seed}"
    session, first = Session.create(GAME, header(seats, options, secret, f"game-{seed}"), secret)
    envelopes = [first]
    session, made = session.execute(StartGame(seat=0), "start", secret)
    envelopes += made
    commands = 0
    while not session.finished and commands < max_commands:
        seat = pick_seat(session.state, chooser)
        command = chooser.choice(GAME.legal_commands(session.state, seat))
        session, made = session.execute(command, f"c{commands}", secret)
        envelopes += made
        commands += 1
    return Played(session, envelopes, commands)


def with_player(state: AodState, seat: int, **changes: Any) -> AodState:
    return state.with_player(replace(state.player(seat), **changes))


def table(seats: int = 2, *, phase: str = "play", active: int = 1, turn: int = 1,
          deck: tuple[str, ...] = (), discard: tuple[str, ...] = (), book_holder: int = 0,
          book_ready: bool = True, options: Mapping[str, bool | int | str] | None = None,
          players: Mapping[int, Mapping[str, Any]] | None = None) -> AodState:
    """A constructed position: seat `active` to act in `phase`; players' zones as given."""
    h = header(seats, options)
    state = GAME.initial_state(GAME.ruleset.check_setup(h.seats, h.options, ""))
    state = replace(state, order=tuple(range(1, seats + 1)), deck=deck, discard=discard, phase=phase,
                    active=active, turn=turn, book_holder=book_holder, book_ready=book_ready)
    for seat, changes in (players or {}).items():
        state = with_player(state, seat, **changes)
    return state


def with_die(state: AodState, command: Command, die: int, kind: type[Event] | None = None,
             field: str = "die") -> tuple[AodState, list[Event]]:
    """Decide `command` with the first generator seed whose first `kind` event rolls `die`."""
    from domain.games.aod.messages import AttackRolled

    wanted = kind or AttackRolled
    for n in range(2000):
        events = GAME.decide(state, command, Rng(f"die-{n}", "g", 0))
        rolled = [e for e in events if isinstance(e, wanted)]
        if rolled and getattr(rolled[0], field) == die:
            for event in events:
                state = GAME.evolve(state, event)
            return state, events
    raise AssertionError(f"no seed rolls {die}")


def of(events: list[Event], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
