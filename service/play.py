"""`tablerules play`: a terminal game against the server.

Any ruleset is playable the same way: the server lists each seat's legal commands
and the player picks one by number. Bots pick uniformly at random (seeded).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from domain.kernel.text import is_digits
from service.cli import _operator_token
from tablerules_client import Client, SeatClient, command_json


def parse_options(pairs: list[str]) -> dict[str, bool | int | str]:
    options: dict[str, bool | int | str] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        if raw.lower() in ("true", "false"):
            options[name] = raw.lower() == "true"
        elif is_digits(raw.removeprefix("-")):
            options[name] = int(raw)
        else:
            options[name] = raw
    return options


def describe(command: Any) -> str:
    data = command_json(command)
    kind = data.pop("type")
    details = " ".join(f"{k}={v}" for k, v in sorted(data.items()))
    return f"{kind} {details}".strip()


def render(view_json: str, indent: str = "  ") -> str:
    """The view as indented text: compact lists of scalars, nested blocks otherwise."""
    lines: list[str] = []

    def walk(value: Any, prefix: str, depth: int) -> None:
        pad = indent * depth
        if isinstance(value, dict):
            if prefix:
                lines.append(f"{pad}{prefix}:")
                depth += 1
            for key in sorted(value):
                walk(value[key], key, depth)
        elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
            lines.append(f"{pad}{prefix}:")
            for item in value:
                walk(item, "-", depth + 1)
        else:
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            lines.append(f"{pad}{prefix}: {shown}")

    walk(json.loads(view_json), "", 0)
    return "\n".join(lines)


def choose(seat: int, legal: list[Any], view_json: str) -> Any:
    print(render(view_json))
    print(f"\nseat {seat}, your move:")
    for number, command in enumerate(legal, start=1):
        print(f"  {number:>3}. {describe(command)}")
    while True:
        answer = input("choose a number (q to quit): ").strip()
        if answer.lower() in ("q", "quit"):
            raise SystemExit(0)
        if is_digits(answer) and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        print(f"  type a number from 1 to {len(legal)}")


def bot_choice(chooser: random.Random, legal: list[Any], style: str) -> Any:
    """A random bot's pick. "types": a command type first, then one of that type, so
    that moves with many variants (targets, cards) do not crowd out the rest.
    "eager": half the time the first listed command (games list the moves that make
    progress first), otherwise as "types"."""
    if style == "uniform":
        return chooser.choice(legal)
    if style == "eager" and chooser.random() < 0.5:
        return legal[0]
    by_type: dict[str, list[Any]] = {}
    for command in legal:
        by_type.setdefault(command_json(command)["type"], []).append(command)
    return chooser.choice(by_type[chooser.choice(sorted(by_type))])


def play(args: argparse.Namespace) -> int:
    client = Client(args.address)
    bots_rng = random.Random(args.bot_seed)
    if args.game:
        if not args.token:
            raise SystemExit("--game needs --token (your seat's token)")
        seats = {client.view(args.game, args.token).seat: SeatClient(client, args.game, args.token)}
        bots: set[int] = set()
        game_id = args.game
    else:
        names = [f"seat-{n}" for n in range(1, args.seats + 1)]
        # A chosen seed is the operator's privilege (reproducible games).
        operator = _operator_token(args) if args.seed else None
        created = client.create_game(args.ruleset, names, parse_options(args.option), seed=args.seed, token=operator)
        game_id = created.game_id
        seats = {s.seat: SeatClient(client, game_id, s.token) for s in created.seats}
        bots = set(seats) if args.all_bots else {int(b) for b in args.bots.split(",") if b.strip()}
        print(f"game {game_id} ({args.ruleset}, {len(names)} seats; bots: {sorted(bots) or 'none'})")
    commands = 0
    status = client.view(game_id).status
    while not status.finished and commands < args.max_commands:
        # to_act names only whose decision the table waits for; a seat may also have an
        # out-of-turn move (an AoD switch) that only its own view shows. Bots look for those.
        candidates = [s for s in status.to_act if s in seats] + [s for s in sorted(bots) if s not in status.to_act]
        offers = {}
        for candidate in candidates:
            seen = seats[candidate].view()
            if seen.legal_commands:
                offers[candidate] = seen
        if not offers:
            # Another player's decision: wait for the next event.
            version = client.view(game_id).version
            for _ in client.stream(game_id, version, next(iter(seats.values())).token):
                break
            status = client.view(game_id).status
            continue
        humans = [s for s in offers if s not in bots]
        # Mostly a seat the table waits on: out-of-turn moves that are always open (an
        # Army of Darkness switch) would otherwise fill a bots' game with idle moves.
        waited = [s for s in offers if s in status.to_act]
        pool = waited if waited and bots_rng.random() < 0.9 else list(offers)
        seat = humans[0] if humans else bots_rng.choice(sorted(pool))
        view = offers[seat]
        legal = list(view.legal_commands)
        picked = bot_choice(bots_rng, legal, args.bot_style) if seat in bots else choose(seat, legal, view.view_json)
        reply = seats[seat].submit(picked, expected_version=view.version)
        commands += 1
        if not args.quiet:
            print(f"seat {seat}: {describe(picked)}")
            for envelope in reply.events:
                print(f"    {envelope.seq:>5} {envelope.type} [{envelope.rule}] {envelope.payload_json}")
        status = client.view(game_id).status
    final = client.view(game_id)
    winners = ", ".join(map(str, final.status.winners)) or "none"
    print(f"game {game_id}: {'finished' if final.status.finished else 'stopped'} after "
          f"{final.version} events; winners: {winners}. {final.status.summary}")
    if args.export:
        text = client.export_log(game_id, _operator_token(args))
        Path(args.export).parent.mkdir(parents=True, exist_ok=True)
        Path(args.export).write_text(text, encoding="utf-8")
        print(f"log written to {args.export}", file=sys.stderr)
    return 0
