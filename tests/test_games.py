"""Every game against the kernel's one interface (issue 29): along random play, every
command a seat's legal list holds is accepted, and, for a game that lists completely,
every command the rules accept is listed.

"Accepted" is the kernel's own `refusal(state, command)`, made from the game's `plan`:
the checks alone, no events, no generator. The commands tried that the list does not
hold are the ones most likely to be wrongly accepted: those listed for another seat or
at a nearby position, given to this seat. Copies of each game's old, slow legal lists
(kept as oracles in its tests) are not needed beside this.
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from typing import Any

import pytest

from bench.rules import start
from domain.games import REGISTRY
from domain.kernel import Command, Game, Rng

SHORT = {  # options that keep random play short: the rulebooks' games may last thousands of commands
    "armory": {"turn_limit": 40},
    "swordplay": {"turn_limit": 30},
    "aod": {"turn_limit": 30},
    "guardians": {"turn_limit": 6},
    "kings-armory": {"waves": 2},
}
VARIED: dict[str, tuple[dict[str, bool | int | str], ...]] = {
    # The King's Armory's two default Heroes on the standard map never Teleport, summon the
    # Guardian or lead a Hireable: its games take turns with every Hero, the Hireables'
    # Special Actions, every map and delayed entry (its slow legal oracle did, before this test).
    "kings-armory": (
        {},
        {"heroes": "boleslaw+felicity,ember", "hireables": "1:archer:2", "map": "easy-single"},
        {"heroes": "cyrus,raphael+valcor", "hireables": "1:foot-soldier:1,2:cleric:3", "map": "hard-split",
         "delayed_entry": True},
        {"heroes": "felicity,boleslaw+midnight", "hireables": "1:psionicist:3,2:sorcerer:3",
         "map": "balanced-single"},
    ),
}
"""Options a ruleset's games play by in turn, on top of SHORT's."""
GAMES_PER_RULESET = 6
MAX_COMMANDS = 600
NEARBY = 6
"""Positions back whose listed commands are tried again."""
TRIED_PER_POSITION = 40


def _seats(game: Game[Any]) -> int:
    return max(2, game.ruleset.min_seats) if game.ruleset.max_seats > 1 else 1


def _as_seat(command: Command, seat: int) -> Command:
    return dataclasses.replace(command, seat=seat)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_listed_command_is_accepted_and_a_complete_list_misses_none(name: str) -> None:
    game = REGISTRY[name]
    varied = VARIED.get(name, ({},))
    for number in range(GAMES_PER_RULESET):
        chooser = random.Random(f"{name}-{number}")
        options = SHORT[name] | varied[number % len(varied)]
        session, _ = start(game, f"games-{name}-{number}", _seats(game), f"games-{name}-{number}", options)
        state, version = session.state, session.version
        recent: deque[list[Command]] = deque(maxlen=NEARBY)
        for _ in range(MAX_COMMANDS):
            status = game.status(state)
            if status.finished:
                break
            listed = {seat: game.legal_commands(state, seat) for seat in range(1, _seats(game) + 1)}
            for seat, commands in listed.items():
                for command in commands:
                    refused = game.refusal(state, command)
                    assert refused is None, f"{name}: seat {seat}'s listed {command} is refused: {refused}"
            if game.lists_completely:
                _check_nothing_accepted_is_missing(game, state, listed, recent, chooser)
            recent.append([c for commands in listed.values() for c in commands])
            seat = chooser.choice(list(status.to_act))
            command = chooser.choice(listed[seat])
            for event in game.decide(state, command, Rng(f"games-{name}", "games", version)):
                state = game.evolve(state, event)
                version += 1


def _check_nothing_accepted_is_missing(game: Game[Any], state: Any, listed: dict[int, list[Command]],
                                       recent: deque[list[Command]], chooser: random.Random) -> None:
    candidates = [c for commands in (*recent, *listed.values()) for c in commands]
    for seat, commands in listed.items():
        own = set(commands)
        tried = {_as_seat(c, seat) for c in candidates} - own
        for command in chooser.sample(sorted(tried, key=repr), min(TRIED_PER_POSITION, len(tried))):
            assert game.refusal(state, command) is not None, (
                f"{game.ruleset.name}: seat {seat}'s {command} is accepted but not in its legal commands")
