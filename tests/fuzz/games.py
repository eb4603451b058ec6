"""Short games of every ruleset on an in-memory service: the fuzzers' targets and seeds.

Game ids are random, so requests name a game by an alias (its ruleset's name, or
"<ruleset>-done" for a finished one) that the requests target swaps for the real id.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.games import REGISTRY
from domain.kernel import Command, Game
from service import pages
from service.store import GameStore
from service.tables import Tables

OPERATOR = "fuzz-operator"
TURN_LIMIT = 4


@dataclass(frozen=True)
class Played:
    alias: str
    ruleset: str
    game_id: str
    tokens: dict[int, str]
    commands: tuple[tuple[int, Command], ...]
    """(seat, command) in the order they were played."""


def _options(ruleset: str) -> dict[str, object]:
    names = {o.name for o in REGISTRY[ruleset].ruleset.all_options}
    return {"turn_limit": TURN_LIMIT} if "turn_limit" in names else {}


def _always(command: Command) -> Callable[[Game[Any], int], Command]:
    return lambda _game, _seat: command


def play(tables: Tables, ruleset: str, moves: int, chooser: random.Random, alias: str) -> Played:
    """A two-seat game with up to `moves` random legal commands (fewer if it ends)."""
    game_id, grants, _, _ = tables.create_game(ruleset, ["ann", "bob"], _options(ruleset), seed=f"fuzz-{alias}",
                                               token=OPERATOR)
    tokens = {g.seat: g.token for g in grants}
    played: list[tuple[int, Command]] = []

    async def moved() -> None:  # commands are decided on an event loop (Commands.submit)
        for number in range(moves):
            status = tables.view(game_id, None).status
            if status.finished:
                break
            seat = chooser.choice(list(status.to_act))
            command = chooser.choice(list(tables.view(game_id, tokens[seat]).legal))
            await tables.commands.submit(game_id, tokens[seat], f"seed-{number}", None, _always(command))
            played.append((seat, command))

    asyncio.run(moved())
    return Played(alias, ruleset, game_id, tokens, tuple(played))


def short_games(tables: Tables) -> list[Played]:
    """For every ruleset: a game a few moves in, and one played to its end."""
    chooser = random.Random(7)
    games = []
    for ruleset in sorted(REGISTRY):
        games.append(play(tables, ruleset, 6, chooser, ruleset))
        games.append(play(tables, ruleset, 3000, chooser, f"{ruleset}-done"))
    return games


def new_tables() -> Tables:
    return Tables(GameStore("memory:"), OPERATOR)


def log_texts(tables: Tables, games: list[Played]) -> list[str]:
    """Each game's log as its operator exports it (an unfinished game's carries the seed)."""
    return [pages.game_log_text(tables.store, tables.logs.export(g.game_id, OPERATOR), pages.EXPORT_PAGE)
            for g in games]

