"""The King's Armory's bots measured: how often they win whole default games, played in
process through the rules alone (no server, no log), bounded in games, commands and time.

    .venv/bin/python -m bench.kings_armory_bots --player aggressive --games 100
    .venv/bin/python -m bench.kings_armory_bots --player greedy --games 100 --seats 2

`aggressive` is `tablerules play`'s bot (tools/bots.py: attacks first, then steps toward
the foes; shops in a sensible order; plays the team's cards when they count); `greedy`
is the in-process team the replays are recorded with (tools/ka_team.py: one command of
lookahead, the same shopping and cards). The game is the rulebook's default one but for
the seat count: 5 Waves on the standard map, the Gate at 20, one Boss, seat n playing the
n-th default Hero."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.state import KaState
from domain.kernel import Command, Rng, StartGame, canonical_json
from service.convert import command_to_proto
from tools.bots import bot_choice
from tools.ka_team import choose

PLAYERS = ("aggressive", "greedy")
MAX_COMMANDS = 20_000
"""A game that has not ended after this many commands counts as unfinished."""


@dataclass(frozen=True)
class Outcome:
    won: bool
    finished: bool
    wave: int
    rounds: int
    cards: int
    """Cards the team played."""
    bosses: int
    """Bosses that entered."""


def _pick(player: str, state: KaState, seat: int, legal: list[Command], chooser: random.Random) -> Command:
    if player == "greedy":
        return choose(state, seat, legal, chooser, greedy=True)
    protos = [command_to_proto(GAME, command) for command in legal]
    view = canonical_json(GAME.view(state, seat)).decode()
    return legal[protos.index(bot_choice(chooser, protos, player, seat, view))]


def play_one(number: int, player: str, seats: int, options: Mapping[str, Any]) -> Outcome:
    """One whole game, the seat to move drawn among those the table waits on."""
    setup = GAME.ruleset.check_setup([f"p{n}" for n in range(1, seats + 1)], dict(options), "")
    state = GAME.initial_state(setup)
    chooser = random.Random(f"{player}-{number}")
    version, cards = 0, 0
    for event in GAME.decide(state, StartGame(seat=0), Rng(f"bench-{number}", "bench", version)):
        state, version = GAME.evolve(state, event), version + 1
    for _ in range(MAX_COMMANDS):
        status = GAME.status(state)
        if status.finished:
            break
        seat = chooser.choice(status.to_act)
        command = _pick(player, state, seat, GAME.legal_commands(state, seat), chooser)
        for event in GAME.decide(state, command, Rng(f"bench-{number}", "bench", version)):
            state, version = GAME.evolve(state, event), version + 1
            cards += isinstance(event, m.CardPlayed)
    return Outcome(state.won, state.finished, state.wave, state.rounds, cards, len(state.bosses))


def measure(player: str, games: int, seats: int, seconds: float, options: Mapping[str, Any]) -> dict[str, Any]:
    """Up to `games` games, no new one begun after `seconds`: the win rate and how far they got."""
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    for number in range(games):
        if outcomes and time.perf_counter() - started > seconds:
            break
        outcomes.append(play_one(number, player, seats, options))
    played = len(outcomes)
    won = sum(o.won for o in outcomes)
    return {
        "player": player, "seats": seats, "options": dict(options), "games": played, "won": won,
        "win_rate": round(won / played, 3) if played else 0.0,
        "unfinished": sum(not o.finished for o in outcomes),
        "last_wave": dict(sorted(Counter(o.wave for o in outcomes).items())),
        "met_the_boss": sum(o.bosses > 0 for o in outcomes),
        "cards_played_per_game": round(sum(o.cards for o in outcomes) / played, 2) if played else 0.0,
        "mean_rounds": round(sum(o.rounds for o in outcomes) / played, 1) if played else 0.0,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", choices=PLAYERS, default="aggressive")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1800.0, help="no new game is begun after this long")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (JSON value), beside the defaults")
    args = parser.parse_args(argv)
    options = {name: json.loads(value) for name, _, value in (item.partition("=") for item in args.option)}
    print(json.dumps(measure(args.player, args.games, args.seats, args.seconds, options), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
