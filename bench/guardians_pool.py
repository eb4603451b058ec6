"""Stress run of Guardians over the whole card pool: random legal games with random pool
decks (`random:<seed>` on both seats), each command checked as the property tests check
the example decks (tests/guardians/test_pool_properties.py runs the same `play_checked`
under hypothesis). Not part of the suite; it stops by itself after N games or a time
limit, whichever comes first:

    .venv/bin/python -m bench.guardians_pool --games 200 --seconds 600

Per game, after every command: every command listed for either seat is accepted and a
command listed for the other seat or at the position before is accepted only if listed
(tests/guardians/test_legal_commands.py's Checker); every card is in exactly one zone;
nothing face down reaches another seat, in events, views or legal commands
(test_properties.check_redaction); the game ends within the command bound; at the end
the log replays to the live state and verify re-decides every command. It prints a
summary: games, commands, time, and each failure with what reproduces it (the game's
number, its options, the number of the first failing command and that command).
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field

from bench.rules import start
from domain.games.guardians import GAME
from domain.games.guardians.state import GuardiansState
from domain.kernel import Command, Event, Log, replay, to_plain
from domain.kernel import verify as verify_log
from tests.guardians.test_legal_commands import Checker
from tests.guardians.test_properties import all_instances, check_redaction

MAX_COMMANDS = 20_000
"""A game that has not ended after this many commands is a failure (with the turn limit,
random games end in a few hundred)."""
TURN_LIMIT = 12
PLACEMENTS = ("simultaneous", "alternating")


@dataclass(frozen=True)
class Failure:
    game: int
    options: Mapping[str, bool | int | str]
    command_number: int
    """0: StartGame or the checks after the last command (replay, verify)."""
    command: str
    problem: str

    def describe(self) -> str:
        shown = " ".join(f"{name}={value}" for name, value in sorted(self.options.items()))
        return (f"game {self.game} ({shown}): command {self.command_number} {self.command}: "
                f"{self.problem}")


@dataclass
class GameRun:
    commands: int = 0
    finished: bool = False
    failure: Failure | None = None


def pool_options(game: int, turn_limit: int = TURN_LIMIT) -> dict[str, bool | int | str]:
    """Game `game`'s options: both seats' pool decks and the placement follow from its number."""
    return {"deck_1": f"random:g{game}-1", "deck_2": f"random:g{game}-2", "placement": PLACEMENTS[game % 2],
            "turn_limit": turn_limit}


def _check_command(state: GuardiansState, after: GuardiansState, events: list[Event], cards: list[str],
                   views: bool) -> None:
    assert all_instances(after) == cards, "every card is in exactly one zone"
    if views:
        check_redaction(state, after, events)


def play_checked(game: int, options: Mapping[str, bool | int | str], *, views: bool = True,
                 max_commands: int = MAX_COMMANDS) -> GameRun:
    """One random legal game, every command checked; the first failure stops it."""
    run = GameRun()
    secret = game_id = f"pool-{game}"
    chooser = random.Random(game)
    checker = Checker()
    command: Command | None = None
    try:
        session, envelopes = start(GAME, game_id, 2, secret, options)
        cards = all_instances(session.state)
        while not session.finished:
            if run.commands >= max_commands:
                raise AssertionError(f"the game did not end within {max_commands} commands")
            state = session.state
            checker.check(state)
            acting = GAME.status(state).to_act
            assert acting, "someone always has a decision in a game under way"
            command = chooser.choice(GAME.legal_commands(state, chooser.choice(acting)))
            run.commands += 1
            step = session.step(command, f"c{run.commands}", secret)
            session = step.session
            envelopes.extend(step.envelopes)
            _check_command(state, session.state, step.events, cards, views)
        command = None
        # A drawn game is the house rule's (turn_limit): the rulebook's game ends only when won.
        limit = int(options.get("turn_limit", 0))
        assert session.state.winner or (limit and session.state.turn >= limit), session.state.result
        log = Log(header=session.header, envelopes=tuple(envelopes))
        replayed, report = replay(GAME, log)
        assert report.ok and replayed is not None, f"replay: {report.divergence}"
        assert to_plain(replayed.state) == to_plain(session.state), "replay does not fold to the live state"
        verified = verify_log(GAME, log)
        assert verified.ok and verified.rules_checked, f"verify: {verified.divergence}"
        run.finished = True
    except Exception as problem:  # every kind of failure is reported, with what reproduces it
        where = traceback.extract_tb(problem.__traceback__)[-1]
        said = f"{type(problem).__name__}: {problem} ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        number = run.commands if command is not None else 0
        run.failure = Failure(game, dict(options), number, repr(command) if command else "-", said[:2000])
    return run


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    commands: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    def lines(self) -> list[str]:
        rate = self.commands / self.seconds if self.seconds else 0.0
        said = [f"{self.games} games ({self.finished} ended and checked), {self.commands} commands in "
                f"{self.seconds:.0f} s ({rate:.0f} commands/s), {len(self.failures)} failures"]
        return said + [f"FAILED {failure.describe()}" for failure in self.failures]


def stress(games: int, seconds: float, first: int = 0, turn_limit: int = TURN_LIMIT, views: bool = True,
           progress: bool = False) -> Summary:
    """Games first, first+1, ... until `games` are played or `seconds` have passed (a game
    under way is finished)."""
    summary = Summary()
    began = time.perf_counter()
    for game in range(first, first + games):
        if time.perf_counter() - began >= seconds:
            break
        run = play_checked(game, pool_options(game, turn_limit), views=views)
        summary.games += 1
        summary.finished += run.finished
        summary.commands += run.commands
        if run.failure is not None:
            summary.failures.append(run.failure)
        if progress:
            print(f"game {game}: {run.commands} commands, {'ok' if run.failure is None else 'FAILED'}", flush=True)
    summary.seconds = time.perf_counter() - began
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games to play at most (default 100)")
    parser.add_argument("--seconds", type=float, default=300, help="time limit; the game under way ends (default 300)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--turn-limit", type=int, default=TURN_LIMIT, help=f"turn_limit (default {TURN_LIMIT})")
    parser.add_argument("--no-views", action="store_true", help="skip the redaction checks (faster)")
    parser.add_argument("--progress", action="store_true", help="a line per game")
    args = parser.parse_args()
    summary = stress(args.games, args.seconds, args.first, args.turn_limit, not args.no_views, args.progress)
    for line in summary.lines():
        print(line)
    return 1 if summary.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
