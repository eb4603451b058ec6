"""In-process play, no I/O: random legal games through the kernel, as the rules
speed figure (the OpenSpiel "random rollouts per second") and as the source of the
command scripts the service benchmarks submit."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Command, Envelope, Game, Header, Rng, Session, StartGame, seed_commitment

CREATED_AT = "2026-01-01T00:00:00Z"


def start(game: Game[Any], game_id: str, seats: int, seed: str,
          options: Mapping[str, bool | int | str] | None = None) -> tuple[Session[Any], list[Envelope]]:
    """A new game, started as the service starts one; the session and its first envelopes."""
    chosen = {o.name: o.default for o in game.ruleset.options} | dict(options or {})
    header = Header(game_id, game.ruleset.name, game.ruleset.version, tuple(f"p{n}" for n in range(1, seats + 1)),
                    chosen, game.ruleset.contents[0], seed_commitment(seed), CREATED_AT)
    session, created = Session.create(game, header, seed)
    session, started = session.execute(StartGame(seat=0), "start", seed)
    return session, [created, *started]


def random_command(game: Game[Any], state: Any, chooser: random.Random, avoid: Sequence[str] = ()) -> Command:
    """A legal command of a seat the game waits for, avoiding the named types if it can."""
    seat = chooser.choice(list(game.status(state).to_act))
    legal = game.legal_commands(state, seat)
    preferred = [c for c in legal if c.type_name() not in avoid] if avoid else legal
    return chooser.choice(preferred or legal)


def rules_speed(game: Game[Any], seats: int, seconds: float) -> tuple[float, float]:
    """Random legal play of the rules alone for about `seconds` (at least one game):
    commands/s and games/s, the OpenSpiel "random rollouts per second".

    Each command costs the status, the seat's legal commands, and decide with the
    command's generator, with the state after each event as the kernel takes it (the
    states the Emitter evolved: `Rules.decided`): no envelopes, hashes or I/O.
    """
    chooser = random.Random(1)
    commands = games = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline or games == 0:
        seed = game_id = f"bench-{games}"
        session, _ = start(game, game_id, seats, seed)
        state, version = session.state, session.version
        while not (status := game.status(state)).finished:
            seat = chooser.choice(status.to_act)
            command = chooser.choice(game.legal_commands(state, seat))
            decision = game.decided(state, command, Rng(seed, game_id, version))
            state = decision.states[-1]
            version += len(decision.events)
            commands += 1
        games += 1
    elapsed = time.perf_counter() - began
    return commands / elapsed, games / elapsed


def kernel_speed(game: Game[Any], seats: int, seconds: float) -> float:
    """Commands/s of random legal play through the kernel's Session, as a live game
    pays it: the rules plus the envelopes, their hashes and the state hash."""
    chooser = random.Random(1)
    commands = games = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline or games == 0:
        seed = f"bench-{games}"
        session, _ = start(game, f"bench-{games}", seats, seed)
        while not session.finished:
            session, _ = session.execute(random_command(game, session.state, chooser), f"c{commands}", seed)
            commands += 1
        games += 1
    return commands / (time.perf_counter() - began)
