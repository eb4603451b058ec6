"""`tablerules play`: a terminal game against the server.

Any ruleset is playable the same way, from what the server says in words: each move
shows what happened since the person's last one (the events' sentences, as their seat
sees them), their view in a few lines (GetView's `view_lines`) and their legal
commands in words, picked by number. Bots pick at random (seeded; tools/bots.py).

The whole view (`v`, or `--full`) is rendered generically: a view that carries a card
catalog (a `cards` list of objects with `id` and `name`, as Guardians' does) shows
names instead of card ids, each card's numbers beside its name; a view whose `spaces`
are board coordinates (a1, b4) is drawn as a grid; text blocks (a `map` or `legend`
that is a list of strings, as The King's Armory's) are printed line by line, and a list
of figures or towers (flat records named by a `figure` or `tower` field) one per line.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

from domain.kernel.log import SEED_CHOSEN
from domain.kernel.text import is_digits
from tablerules_client import Client, SeatClient
from tools.bots import bot_choice
from tools.remote import operator_token


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


STAT_LABELS = (("vitality", "Vit"), ("ocb", "OCB"), ("cmp", "CMP"), ("ranged", "Ranged"), ("bonus", "bonus"),
               ("damage", "damage"), ("points", "points"), ("hands", "hands"))
"""A card's numbers as a label shows them, when the catalog has them and they are not 0."""
GRID_SPACE = re.compile(r"[a-z][0-9]{1,2}")
CELL_WIDTH = 29
TEXT_BLOCKS = ("map", "legend")
"""View fields that are text to print line by line (the board as a grid, what its marks are)."""
RECORD_IDS = ("figure", "tower")
"""A list of flat records named by one of these fields is shown one record per line."""


class Cards:
    """A view's card catalog: card id -> its face. Ids the catalog does not name stay as they are."""

    def __init__(self, view: Any = None) -> None:
        faces = view.get("cards") if isinstance(view, dict) else None
        self.faces: dict[str, dict[str, Any]] = {}
        if isinstance(faces, list):
            for face in faces:
                if isinstance(face, dict) and isinstance(face.get("id"), str) and isinstance(face.get("name"), str):
                    self.faces[face["id"]] = face
        self._collect(view)
        # Copies that share a name are told apart by a number, in the order of their ids.
        by_name: dict[str, list[str]] = {}
        for card_id in sorted(self.faces):
            by_name.setdefault(self.faces[card_id]["name"], []).append(card_id)
        self.names = {card_id: name if len(ids) == 1 else f"{name} ({n})"
                      for name, ids in by_name.items() for n, card_id in enumerate(ids, start=1)}

    def _collect(self, value: Any) -> None:
        """Cards a view shows as records of their own ({"card": id, "name": ..., numbers},
        as ARMORY's do) join the catalog too."""
        if isinstance(value, dict):
            card, name = value.get("card"), value.get("name")
            if isinstance(card, str) and isinstance(name, str) and card and card not in self.faces:
                self.faces[card] = {"id": card, **value}
            for item in value.values():
                self._collect(item)
        elif isinstance(value, list):
            for item in value:
                self._collect(item)

    @classmethod
    def of(cls, view_json: str) -> Cards:
        try:
            return cls(json.loads(view_json))
        except ValueError:
            return cls()

    def name(self, value: Any) -> Any:
        """A card id as its name; anything else as it is."""
        return self.names.get(value, value) if isinstance(value, str) else value


def facts(face: dict[str, Any]) -> list[str]:
    """What a card is, in a few words: its type and classes (or kind), then its numbers."""
    what = [str(face.get("creature_type") or ""), *map(str, face.get("classes") or ())]
    found = [" ".join(w for w in what if w) or str(face.get("kind") or "card")]
    if face.get("kind") not in (None, "creature") and face.get("creature_type"):
        found.append(str(face["kind"]))
    found += [f"{label} {face[key]}" for key, label in STAT_LABELS if face.get(key)]
    if face.get("direction"):
        found.append(f"aimed {face['direction']}")
    for key in ("counters", "blocks"):
        if face.get(key):
            found.append(f"{key} {'/'.join(map(str, face[key]))}")
    if face.get("flying"):
        found.append("flying")
    if face.get("bribes"):
        found.append("bribe " + "/".join(map(str, face["bribes"])))
    return found


def _cell(space: dict[str, Any], cards: Cards) -> list[str]:
    """One board space in four short lines: where, the Shield, the cards with it, the terrain."""
    name = space["space"]
    if space.get("owner"):
        where = f"{name} seat {space['owner']}'s stronghold"
    elif "controller" in space:
        where = f"{name} land of seat {space['controller']}"
    else:
        where = name
    shields = [s for s in space.get("shields") or () if isinstance(s, dict)]
    # The line says what a Shield is; a turned one is starred.
    held = " / ".join(f"[{s.get('seat', '?')}] {str(cards.name(s.get('card', ''))).removeprefix('Shield ')}"
                      + (" *" if s.get("turned") else "") for s in shields) or "no Shield"
    counts = [f"carried {s['carried']}" for s in shields if s.get("carried")]
    counts += [f"{key} {space[key]}" for key in ("loose", "under") if space.get(key)]
    upgrade = space.get("upgrade") or ()
    counts += [f"upgrade {cards.name(card)}" for card in upgrade]
    ground = [str(cards.name(card)) for card in space.get("terrain") or ()]
    if space.get("facedown_terrain"):
        ground.append(f"{space['facedown_terrain']} face down")
    lines = [where, held, ", ".join(counts) or "-", ("terrain " + ", ".join(ground)) if ground else "-"]
    return [line if len(line) < CELL_WIDTH else line[:CELL_WIDTH - 2] + "~" for line in lines]


def board(spaces: Any, cards: Cards) -> list[str] | None:
    """Spaces named a1..c4 as a grid, the highest row on top; None if they are not a grid."""
    if not (isinstance(spaces, list) and spaces and all(
            isinstance(s, dict) and isinstance(s.get("space"), str) and GRID_SPACE.fullmatch(s["space"])
            for s in spaces)):
        return None
    rows: dict[int, dict[str, dict[str, Any]]] = {}
    for space in spaces:
        rows.setdefault(int(space["space"][1:]), {})[space["space"][0]] = space
    columns = sorted({column for row in rows.values() for column in row})
    rule = "+" + "+".join("-" * CELL_WIDTH for _ in columns) + "+"
    lines = ["board (* a turned Shield; [n] the Shield's seat):", rule]
    for number in sorted(rows, reverse=True):
        cells = [_cell(rows[number][c], cards) if c in rows[number] else [""] * 4 for c in columns]
        for line in range(4):
            lines.append("|" + "|".join(cell[line].ljust(CELL_WIDTH) for cell in cells) + "|")
        lines.append(rule)
    return lines


def _records(value: Any) -> bool:
    """A list of flat records (scalars or lists of scalars) that each name themselves by a
    RECORD_IDS field: figures, towers."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(item, dict) and any(isinstance(item.get(key), str) for key in RECORD_IDS)
        and all(not isinstance(v, (dict, list)) or (isinstance(v, list) and not any(
            isinstance(x, (dict, list)) for x in v)) for v in item.values()) for item in value)


def record(item: dict[str, Any]) -> str:
    """One record on one line: its mark, id and name, where it is, its hp, then every
    field that is not empty ("3 ettin-clubber-1 Ettin Clubber at c2, hp 12/12, kind foe, level 3, to gate 23")."""
    own = next(key for key in RECORD_IDS if isinstance(item.get(key), str))
    shown = {"mark", own, "name", "space", "hp", "max_hp"}
    head = " ".join(str(item[key]) for key in ("mark", own, "name") if item.get(key) not in (None, ""))
    if "space" in item:
        head += f" at {item['space']}" if item["space"] else " (not placed)"
    parts = [head]
    if "hp" in item and "max_hp" in item:
        parts.append(f"hp {item['hp']}/{item['max_hp']}")
    for key in sorted(item):
        value = item[key]
        if key in shown or value in (None, "", 0, False, []):
            continue
        words = key.replace("_", " ")
        if value is True:
            parts.append(words)
        elif isinstance(value, list):
            parts.append(f"{words} {' '.join(map(str, value))}")
        else:
            parts.append(f"{words} {value}")
    return ", ".join(parts)


def render(view_json: str, indent: str = "  ") -> str:
    """The view as indented text: compact lists of scalars, nested blocks otherwise;
    card ids by name, a card catalog as one line per card, board spaces as a grid,
    figures and towers one per line, and text blocks (a map, its legend) line by line last."""
    lines: list[str] = []
    view = json.loads(view_json)
    cards = Cards(view)
    blocks: list[tuple[str, list[str]]] = []
    if isinstance(view, dict):
        for key in TEXT_BLOCKS:
            text = view.get(key)
            if isinstance(text, list) and text and all(isinstance(line, str) for line in text):
                blocks.append((key, text))
        view = {key: value for key, value in view.items() if key not in dict(blocks)}

    def walk(value: Any, prefix: str, depth: int) -> None:
        pad = indent * depth
        if _records(value):
            lines.append(f"{pad}{prefix}:")
            lines.extend(f"{pad}{indent}{record(item)}" for item in value)
        elif isinstance(value, dict):
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
            shown = ", ".join(str(cards.name(v)) for v in value) if isinstance(value, list) else cards.name(value)
            lines.append(f"{pad}{prefix}: {shown}")

    if isinstance(view, dict) and cards.faces:
        view = dict(view)
        view.pop("cards", None)
        grid = board(view.get("spaces"), cards)
        if grid is not None:
            del view["spaces"]
        walk(view, "", 0)
        lines.extend(grid or ())
        lines.append("cards:")
        seen: set[str] = set()
        for card_id in sorted(cards.faces, key=lambda c: cards.names[c]):
            face = cards.faces[card_id]
            line = f"{face['name']}: {', '.join(facts(face))}"
            abilities = face.get("abilities") or ()
            if abilities:
                line += "; " + "; ".join(map(str, abilities))
            if line not in seen:
                seen.add(line)
                lines.append(f"{indent}{line}")
    else:
        walk(view, "", 0)
    for key, text in blocks:
        lines.append(f"{key}:")
        lines.extend(text)  # as it is: a grid keeps its columns
    return "\n".join(lines)


SINCE_SHOWN = 30
"""What happened since a person's last move: at most this many sentences, the newest."""


class Leave(Exception):
    """The person asked to leave (q, Ctrl-D)."""


def screen(seat: int, name: str, view: Any, since: list[str], full: bool) -> str:
    """One screen for a person's move: what happened since their last one, their view in a
    few lines (or whole, with --full, or where the game gives no lines), and the numbered
    commands in words."""
    lines = [f"--- {name} (seat {seat}), your move ---"]
    if since:
        lines.append("Since your last move:")
        if len(since) > SINCE_SHOWN:
            lines.append(f"  ... {len(since) - SINCE_SHOWN} earlier events (tablerules view shows them all)")
        lines += [f"  {text}" for text in since[-SINCE_SHOWN:]]
    glance = list(view.view_lines)
    lines += [render(view.view_json)] if full or not glance else glance
    lines.append("Your commands:")
    lines += [f"  {number:>3}. {text}" for number, text in enumerate(view.legal_command_texts, start=1)]
    return "\n".join(lines)


def choose(view: Any) -> Any:
    """The person's pick by number; Leave on q or the end of the input."""
    legal = list(view.legal_commands)
    while True:
        try:
            answer = input(f"choose 1-{len(legal)} (v: the whole view, q: leave): ").strip().lower()
        except EOFError:  # Ctrl-D, or a script's input ran out
            print()
            raise Leave from None
        if answer in ("q", "quit"):
            raise Leave
        if answer == "v":
            print(render(view.view_json))
            continue
        if is_digits(answer) and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        print(f"  type a number from 1 to {len(legal)}, v or q")


def bot_seats(text: str, all_bots: bool, seats: int) -> set[int]:
    """The seats bots play, from --bots ("2" or "2,3") or --all-bots; SystemExit naming the
    problem before any game is made."""
    if all_bots:
        return set(range(1, seats + 1))
    found: set[int] = set()
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if not is_digits(part):
            refuse(f"--bots takes seat numbers, such as 2 or 2,3, not {part[:20]!r}")
        if not 1 <= int(part) <= seats:
            refuse(f"--bots {part}: a game of {seats} seats has seats 1 to {seats} (--seats sets how many)")
        found.add(int(part))
    return found


def refuse(message: str) -> NoReturn:
    """A usage error: said on standard error, exit status 2, nothing made."""
    print(f"tablerules play: {message}", file=sys.stderr)
    raise SystemExit(2)


class Table:
    """The seats this terminal plays, and what each person has been shown."""

    def __init__(self, client: Client, game_id: str, seats: dict[int, SeatClient], tokens: dict[int, str],
                 names: dict[int, str], bots: set[int]) -> None:
        self.client, self.game_id, self.seats, self.tokens, self.names, self.bots = (
            client, game_id, seats, tokens, names, bots)
        self.shown = dict.fromkeys(seats, 0)
        """The last event each person's screen told them of."""

    def since(self, seat: int, version: int) -> list[str]:
        """What happened since the seat's last screen, in words as that seat sees it."""
        first = self.shown[seat]
        self.shown[seat] = version
        if version <= first:
            return []
        return [e.text for e in itertools.islice(self.seats[seat].stream(from_version=first), version - first)]

    def rejoin(self, address: str) -> str:
        """How each seat this terminal played comes back to the game (a bot's with --bots)."""
        return "\n".join(f"  {self.names[seat]} (seat {seat}): tablerules play --address {address} --game "
                         f"{self.game_id} --token {self.tokens[seat]}"
                         f"{f' --bots {seat}' if seat in self.bots else ''}" for seat in sorted(self.seats))


def _names(names: Any) -> dict[int, str]:
    return {seat: str(name) for seat, name in enumerate(names, start=1)}


def play(args: argparse.Namespace) -> int:
    client = Client(args.address)
    bots_rng = random.Random(args.bot_seed)
    if args.game:
        if not args.token:
            refuse("--game needs --token (your seat's token, printed when the game was made)")
        joined = client.view(args.game, args.token)
        if joined.seat == 0:
            refuse(f"the token is not a seat's of game {args.game}: a spectator cannot play (tablerules view "
                   "follows a game)")
        events = client.stream(args.game, 0, args.token)
        created_payload = json.loads(next(iter(events)).payload_json)  # GameCreated: the seats' names
        events.close()
        if args.bots and args.bots.strip() != str(joined.seat):
            refuse(f"with --game, --bots can only name the seat of --token (seat {joined.seat}): a bot plays it")
        table = Table(client, args.game, {joined.seat: SeatClient(client, args.game, args.token)},
                      {joined.seat: args.token}, _names(created_payload.get("seats") or ()),
                      {joined.seat} if args.bots else set())
        print(f"joined game {args.game} as {table.names.get(joined.seat, 'seat')} (seat {joined.seat}), "
              f"at event {joined.version}")
        table.shown[joined.seat] = joined.version
        if joined.seed_chosen:
            print(f"note: {SEED_CHOSEN}")
    else:
        names = [n.strip() for n in args.names.split(",")] if args.names else [
            f"seat-{n}" for n in range(1, args.seats + 1)]
        bots = bot_seats(args.bots, args.all_bots, len(names))
        # A chosen seed is the operator's privilege (reproducible games).
        operator = operator_token(args) if args.seed else None
        created = client.create_game(args.ruleset, names, parse_options(args.option), seed=args.seed, token=operator)
        table = Table(client, created.game_id, {s.seat: SeatClient(client, created.game_id, s.token)
                                               for s in created.seats},
                      {s.seat: s.token for s in created.seats}, _names(names), bots)
        people = [table.names[s] for s in sorted(table.seats) if s not in bots]
        print(f"game {created.game_id}: {args.ruleset} for {', '.join(names)}; you play "
              f"{', '.join(people) or 'no seat (bots play them all)'}")
    try:
        return _played(args, table, bots_rng)
    except (Leave, KeyboardInterrupt):
        version = client.view(table.game_id).version
        print(f"\nleft game {table.game_id} at event {version}; it waits for you. To come back:\n"
              f"{table.rejoin(args.address)}")
        return 0


def _played(args: argparse.Namespace, table: Table, bots_rng: random.Random) -> int:
    client, game_id, seats, bots = table.client, table.game_id, table.seats, table.bots
    commands = 0
    waiting_for: tuple[int, ...] = ()
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
            # Another player's decision: say whom we wait for (once), then wait for the next event.
            if tuple(status.to_act) != waiting_for:
                waiting_for = tuple(status.to_act)
                print(f"waiting for {', '.join(table.names.get(s, f'seat {s}') for s in waiting_for)} "
                      "(Ctrl-C leaves; the game waits)", flush=True)
            version = client.view(game_id).version
            for _ in client.stream(game_id, version, next(iter(seats.values())).token):
                break
            status = client.view(game_id).status
            continue
        waiting_for = ()
        humans = [s for s in offers if s not in bots]
        # Mostly a seat the table waits on: out-of-turn moves that are always open (an
        # Army of Darkness switch) would otherwise fill a bots' game with idle moves.
        waited = [s for s in offers if s in status.to_act]
        pool = waited if waited and bots_rng.random() < 0.9 else list(offers)
        seat = humans[0] if humans else bots_rng.choice(sorted(pool))
        view = offers[seat]
        legal = list(view.legal_commands)
        if seat in bots:
            picked = bot_choice(bots_rng, legal, args.bot_style, seat, view.view_json)
        else:
            print(screen(seat, table.names[seat], view, table.since(seat, view.version), args.full))
            picked = choose(view)
        reply = seats[seat].submit(picked, expected_version=view.version)
        commands += 1
        # What a move did, as the seat that made it sees it: a person's own move, or every
        # move of a bots' game. A bot's move is not shown beside a person: it would show the
        # bot's hidden cards, and the person's next screen tells it as the person sees it.
        if not args.quiet and (seat not in bots or bots == set(seats)):
            for envelope in reply.events:
                print(f"  {envelope.text}")
        if seat not in bots:
            table.shown[seat] = reply.version
        if seat in bots and args.delay:
            time.sleep(args.delay)
        status = client.view(game_id).status
    final = client.view(game_id)
    winners = ", ".join(table.names.get(s, f"seat {s}") for s in final.status.winners) or "nobody"
    print(f"game {game_id}: {'finished' if final.status.finished else 'stopped'} after "
          f"{final.version} events; won by {winners}. {final.status.summary}")
    if args.export:
        text = client.export_log(game_id, operator_token(args))
        Path(args.export).parent.mkdir(parents=True, exist_ok=True)
        Path(args.export).write_text(text, encoding="utf-8")
        print(f"log written to {args.export}", file=sys.stderr)
    return 0
