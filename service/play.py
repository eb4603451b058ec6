"""`tablerules play`: a terminal game against the server.

Any ruleset is playable the same way: the server lists each seat's legal commands
and the player picks one by number. Bots pick at random (seeded).

A view that carries a card catalog (a `cards` list of objects with `id` and `name`, as
Guardians' does) is shown with names instead of card ids, in the view and in the
commands, each card's numbers beside its name; a view whose `spaces` are board
coordinates (a1, b4) is drawn as a grid. A view's text blocks (a `map` or `legend` that
is a list of strings, as The King's Armory's) are printed line by line, and a list of
figures or towers (flat records named by a `figure` or `tower` field) one per line.
Commands whose fields all read as words (a figure, a target, a space) are worded:
"Step valcor to f7", "Attack m3 with royal-mace", "EndAlly valcor (hold)".
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from domain.kernel.log import SEED_CHOSEN
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


STAT_LABELS = (("vitality", "Vit"), ("ocb", "OCB"), ("cmp", "CMP"), ("ranged", "Ranged"), ("bonus", "bonus"),
               ("damage", "damage"), ("points", "points"), ("hands", "hands"))
"""A card's numbers as a label shows them, when the catalog has them and they are not 0."""
GRID_SPACE = re.compile(r"[a-z][0-9]{1,2}")
ZONE = re.compile(r"[a-z]+:[a-z][0-9]{1,2}")
"""A place on a grid space, as Guardians names them ("on:b1", "under:c4")."""
CELL_WIDTH = 29
TEXT_BLOCKS = ("map", "legend")
"""View fields that are text to print line by line (the board as a grid, what its marks are)."""
RECORD_IDS = ("figure", "tower")
"""A list of flat records named by one of these fields is shown one record per line."""
PHRASES = {"figure": "{}", "special": "{}", "target": "{}", "foe": "against {}", "to": "to {}", "at": "at {}",
           "direction": "toward {}", "attack": "with {}", "hold": "(hold)"}
"""How a command field reads, in this order; a command with any other field is shown as key=value."""
OWN_ACTIONS = ("attack", "special")
"""Fields that name the figure's own action: its figure then follows, as "by <figure>", unless it acts now."""
SPACE_NAME = re.compile(r"([a-z])([0-9]{1,2})")


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

    def merged(self, other: Cards) -> Cards:
        """The faces of both catalogs (this one's names where both have a card)."""
        return Cards({"cards": [*self.faces.values(), *(f for i, f in other.faces.items() if i not in self.faces)]})

    def named_json(self, text: str) -> str:
        """JSON text with the card ids it holds as names (the text as it is without a catalog)."""
        if not self.faces:
            return text

        def named(value: Any) -> Any:
            if isinstance(value, dict):
                return {key: named(item) for key, item in value.items()}
            if isinstance(value, list):
                return [named(item) for item in value]
            return self.name(value)

        return json.dumps(named(json.loads(text)), ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def name(self, value: Any) -> Any:
        """A card id as its name; anything else as it is."""
        return self.names.get(value, value) if isinstance(value, str) else value

    def label(self, value: Any) -> Any:
        """A card id as its name and numbers: "Swordsman (mortal knight, Vit 6, OCB 3, bribe gold)"."""
        face = self.faces.get(value) if isinstance(value, str) else None
        if face is None:
            return value
        return f"{self.names[value]} ({', '.join(facts(face))})"


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


def _words(type_name: str) -> str:
    """"PlayCreature" -> "Play creature"."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type_name)
    return spaced[:1] + spaced[1:].lower()


def _phrased(kind: str, data: dict[str, Any], acting: str) -> str | None:
    """"Step valcor to f7", "Attack m3 with royal-mace", "UseSpecial heal on ember by felicity";
    None if a field has no phrase."""
    if any(key not in PHRASES for key in data):
        return None
    own = any(data.get(key) for key in OWN_ACTIONS)
    parts = [kind]
    for key, phrase in PHRASES.items():
        value = data.get(key)
        if value in (None, "", False) or (key == "figure" and own):
            continue
        if key == "target" and data.get("special"):
            phrase = "on {}"
        parts.append(phrase.format(value))
    if own and data.get("figure") and data["figure"] != acting:
        parts.append(f"by {data['figure']}")
    return " ".join(parts)


def describe(command: Any, cards: Cards | None = None, seat: int | None = None, acting: str = "") -> str:
    """A command in words: its type, then its fields, cards by name and numbers ("card" unnamed).
    `acting`: the figure whose turn it is, left unsaid in its own attacks and specials."""
    cards = cards or Cards()
    data = command_json(command)
    kind = data.pop("type")
    if seat is not None and data.get("seat") == seat:
        del data["seat"]  # the seat that submits it
    if not cards.faces:
        worded = _phrased(kind, data, acting)
        if worded is not None:
            return worded
        details = " ".join(f"{k}={v}" for k, v in sorted(data.items()))
        return f"{kind} {details}".strip()
    parts = [_words(kind)]
    # The card first, booleans last: "Step to b2 fly: yes".
    for key, value in sorted(data.items(), key=lambda item: (item[0] != "card", isinstance(item[1], bool), item[0])):
        if isinstance(value, bool):
            parts.append(f"{key}: {'yes' if value else 'no'}")
        elif key == "card" or (value in cards.faces and key in kind.lower()):
            parts.append(str(cards.label(value)))  # "Turn shield <the Shield>", not "... shield <the Shield>"
        elif isinstance(value, str) and ZONE.fullmatch(value):
            parts.append(value.replace(":", " "))  # "on:b1" -> "on b1"
        else:
            parts.append(f"{key} {cards.label(value)}")
    return " ".join(parts)


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
    field that is not empty ("3 m1 Ettin Clubber at c2, hp 12/12, kind foe, level 3, to gate 23")."""
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


def choose(seat: int, legal: list[Any], view_json: str) -> Any:
    print(render(view_json))
    print(f"\nseat {seat}, your move:")
    cards = Cards.of(view_json)
    acting = _acting(view_json)
    for number, command in enumerate(legal, start=1):
        print(f"  {number:>3}. {describe(command, cards, seat, acting)}")
    while True:
        try:
            answer = input("choose a number (q to quit): ").strip()
        except EOFError:  # the input ended (Ctrl-D, or a script's input ran out): quit as "q" does
            print()
            raise SystemExit(0) from None
        if answer.lower() in ("q", "quit"):
            raise SystemExit(0)
        if is_digits(answer) and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        print(f"  type a number from 1 to {len(legal)}")


def _progress(data: dict[str, Any], seat: int) -> int | None:
    """How far a Step goes toward the far side of a grid board: the row of its target
    space for seat 1 (which starts on row 1), minus it for the other seat; None if the
    command is no Step to a grid space."""
    to = data.get("to")
    if data.get("type") != "Step" or not isinstance(to, str) or not GRID_SPACE.fullmatch(to):
        return None
    row = int(to[1:])
    return row if seat == 1 else -row


def _acting(view_json: str) -> str:
    """The figure whose turn it is, if the view names one (The King's Armory's `acting`)."""
    try:
        view = json.loads(view_json)
    except ValueError:
        return ""
    acting = view.get("acting") if isinstance(view, dict) else None
    return acting if isinstance(acting, str) else ""


def _coordinates(space: Any) -> tuple[int, int] | None:
    """"f7" as (7, 5): row, column; None if it is no space name."""
    found = SPACE_NAME.fullmatch(space) if isinstance(space, str) else None
    return (int(found.group(2)), ord(found.group(1)) - ord("a")) if found else None


def _foes_and_figures(view_json: str) -> tuple[list[tuple[int, int]], dict[str, tuple[int, int]]]:
    """From a view with `figures` (The King's Armory's): where the foes stand, and where
    every figure stands by its id."""
    try:
        view = json.loads(view_json) if view_json else {}
    except ValueError:
        return [], {}
    figures = view.get("figures") if isinstance(view, dict) else None
    foes: list[tuple[int, int]] = []
    where: dict[str, tuple[int, int]] = {}
    for figure in figures if isinstance(figures, list) else ():
        if not isinstance(figure, dict) or (space := _coordinates(figure.get("space"))) is None:
            continue
        where[str(figure.get("figure"))] = space
        if figure.get("kind") == "foe":
            foes.append(space)
    return foes, where


def _toward_foes(legal: list[Any], view_json: str) -> list[Any]:
    """The Steps that bring their figure nearest to a foe (orthogonal steps), if any brings
    it nearer than it stands; none otherwise."""
    foes, where = _foes_and_figures(view_json)
    if not foes:
        return []

    def distance(space: tuple[int, int]) -> int:
        return min(abs(space[0] - foe[0]) + abs(space[1] - foe[1]) for foe in foes)

    scored: list[tuple[int, Any]] = []
    for command in legal:
        data = command_json(command)
        to, origin = _coordinates(data.get("to")), where.get(str(data.get("figure")))
        if data["type"] == "Step" and to is not None and origin is not None and distance(to) < distance(origin):
            scored.append((distance(to), command))
    best = min((d for d, _ in scored), default=None)
    return [command for d, command in scored if d == best]


def _by_types(chooser: random.Random, legal: list[Any]) -> Any:
    by_type: dict[str, list[Any]] = {}
    for command in legal:
        by_type.setdefault(command_json(command)["type"], []).append(command)
    return chooser.choice(by_type[chooser.choice(sorted(by_type))])


def bot_choice(chooser: random.Random, legal: list[Any], style: str, seat: int = 1, view_json: str = "") -> Any:
    """A random bot's pick. "types": a command type first, then one of that type, so
    that moves with many variants (targets, cards) do not crowd out the rest.
    "eager": half the time the first listed command (games list the moves that make
    progress first), otherwise as "types". "aggressive": in a game of figures and foes
    (a view with `figures`, The King's Armory) an Attack or a UseSpecial, else a Step
    toward the nearest foe, else anything but a Step or ending the turn, else ending
    it; otherwise mostly a Step as far toward the opponent's side of a grid board as
    any (Guardians: Shields march on the enemy stronghold), otherwise as "types"."""
    if style == "uniform":
        return chooser.choice(legal)
    if style == "eager" and chooser.random() < 0.5:
        return legal[0]
    if style == "aggressive" and _foes_and_figures(view_json)[1]:
        fighting = [c for c in legal if command_json(c)["type"] in ("Attack", "UseSpecial")]
        if fighting:
            return _by_types(chooser, fighting)
        closer = _toward_foes(legal, view_json)
        if closer:
            return chooser.choice(closer)
        busy = [c for c in legal if command_json(c)["type"] not in ("Step", "EndAlly", "EndTurn")]
        ending = [c for c in legal if command_json(c)["type"] in ("EndAlly", "EndTurn")]
        return _by_types(chooser, busy or ending or legal)  # a Step that leads nowhere nearer waits
    if style == "aggressive" and chooser.random() < 0.9:
        steps = [(progress, command) for command in legal
                 if (progress := _progress(command_json(command), seat)) is not None]
        if steps:
            best = max(progress for progress, _ in steps)
            return chooser.choice([command for progress, command in steps if progress == best])
    return _by_types(chooser, legal)


def play(args: argparse.Namespace) -> int:
    client = Client(args.address)
    bots_rng = random.Random(args.bot_seed)
    if args.game:
        if not args.token:
            raise SystemExit("--game needs --token (your seat's token)")
        joined = client.view(args.game, args.token)
        seats = {joined.seat: SeatClient(client, args.game, args.token)}
        bots: set[int] = set()
        game_id = args.game
        if joined.seed_chosen:
            print(f"note: {SEED_CHOSEN}")
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
    known = Cards()
    """Every card face the terminal has been shown, to name cards in the events."""
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
        if seat in bots:
            picked = bot_choice(bots_rng, legal, args.bot_style, seat, view.view_json)
        else:
            picked = choose(seat, legal, view.view_json)
        reply = seats[seat].submit(picked, expected_version=view.version)
        commands += 1
        if not args.quiet:
            cards = Cards.of(view.view_json)
            print(f"seat {seat}: {describe(picked, cards, seat, _acting(view.view_json))}")
            # The events may name cards the seat sees only now (a draw into an empty hand), or saw before.
            known = cards.merged(Cards.of(seats[seat].view().view_json)).merged(known)
            cards = known
            for envelope in reply.events:
                payload = cards.named_json(envelope.payload_json)
                print(f"    {envelope.seq:>5} {envelope.type} [{envelope.rule}] {payload}")
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
