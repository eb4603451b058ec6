"""Record the Guardians replays: `.venv/bin/python replays/record_guardians.py [FILE ...]`
(all of them, or only the files named, e.g. `2p-random-pool-six-lands-win.jsonl`).

Starts a throwaway server (loopback, a free port, in memory), then for each game below
plays bots with `tablerules play --all-bots --export` under bot seeds 1, 2, 3, ... until
a game ends the way the row asks (within MAX_COMMANDS), and writes it to
replays/guardians/. Every attempt is a different game (the generator is keyed by the
game id), so a new run records new games; run it again whenever the Guardians rules or
events change. Prints each file with the bot seed and game that made it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).with_name("tablerules")
ATTEMPTS = 200
MAX_COMMANDS = 5000
"""An attempt that has not ended after this many commands is dropped: the rulebook's game
has no turn limit (the house rule turn_limit is off), and bots need not end it."""

GAMES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    # file, the result wanted (a regular expression), options, bot style
    ("2p-six-lands-win.jsonl", r"holds all six disputed lands", (), "aggressive"),
    ("2p-five-shields-destroyed-win.jsonl", r"destroyed 5 of seat \d's Shields", (), "aggressive"),
    ("2p-guardian-killed-win.jsonl", r"killed seat \d's Guardian", (), "aggressive"),
    ("2p-alternating-deck-list-win.jsonl", r".", ("placement=alternating", "deck_2=@undead"), "aggressive"),
    # Decks drawn from the whole card pool (issue 30), so the card texts play in stored games.
    ("2p-random-pool-guardian-killed-win.jsonl", r"killed seat 1's Guardian",
     ("deck_1=random:pool-2a", "deck_2=random:pool-2b"), "aggressive"),
    ("2p-random-pool-six-lands-win.jsonl", r"holds all six disputed lands",
     ("deck_1=random:pool-3a", "deck_2=random:pool-3b"), "types"),
    ("2p-random-pool-long-six-lands-win.jsonl", r"holds all six disputed lands",
     ("deck_1=random:pool-4a", "deck_2=random:pool-4b"), "eager"),
)


def undead_list() -> str:
    """The undead example deck in the compact form a client sends (some 700 characters)."""
    sys.path.insert(0, str(HERE.parent))
    from domain.games.guardians.decks import EXAMPLE_DECKS

    return EXAMPLE_DECKS["undead"].compact()


def result(log: Path) -> str:
    """The reason of the log's GameWon event, "" if the game was not won."""
    for line in log.read_text(encoding="utf-8").splitlines()[1:]:
        row = json.loads(line)
        if row["type"] == "GameWon":
            return str(row["payload"]["reason"])
    return ""


def main(names: list[str]) -> int:
    unknown = set(names) - {name for name, *_ in GAMES}
    if unknown:
        print(f"no such Guardians replay: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="tablerules-record-") as scratch:
        server = subprocess.Popen([str(BIN), "serve", "--port", "0", "--storage", "memory:", "--data-dir", scratch],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            address = re.search(r"serving on (\S+)", server.stdout.readline())
            if address is None:
                raise SystemExit("the server did not start")
            for name, wanted, options, style in GAMES:
                if names and name not in names:
                    continue
                chosen = [o.replace("@undead", undead_list()) for o in options]
                out = Path(scratch) / name
                for seed in range(1, ATTEMPTS + 1):
                    command = [str(BIN), "play", "--address", address.group(1), "--ruleset", "guardians", "--all-bots",
                               "--quiet", "--bot-style", style, "--bot-seed", str(seed), "--data-dir", scratch,
                               "--max-commands", str(MAX_COMMANDS), "--export", str(out)]
                    for option in chosen:
                        command += ["--option", option]
                    played = subprocess.run(command, capture_output=True, text=True, check=True)
                    reason = result(out)
                    if reason and re.search(wanted, reason):
                        target = HERE / "guardians" / name
                        target.parent.mkdir(exist_ok=True)
                        target.write_bytes(out.read_bytes())
                        print(f"{target.relative_to(HERE.parent)}: --bot-seed {seed}, {reason}; "
                              f"{played.stdout.strip().splitlines()[-1]}", flush=True)
                        break
                else:
                    print(f"{name}: no game ended with {wanted!r} in {ATTEMPTS} tries", file=sys.stderr)
                    return 1
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
