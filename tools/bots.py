"""Random bots for `tablerules play`: a seeded pick among a seat's legal commands, in
one of a few styles (bot_choice says them), from what the server sends any client:
the commands as JSON and the view."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from domain.games.kings_armory.content import CardEffect, armory_cards, reinforcements
from tablerules_client import command_json

SPACE_NAME = re.compile(r"([a-z])([0-9]{1,2})")
"""A space of a grid board: its column letter, then its row (f7)."""


def _progress(data: dict[str, Any], seat: int) -> int | None:
    """How far a Step goes toward the far side of a grid board: the row of its target
    space for seat 1 (which starts on row 1), minus it for the other seat; None if the
    command is no Step to a grid space."""
    to = data.get("to")
    if data.get("type") != "Step" or not isinstance(to, str) or not SPACE_NAME.fullmatch(to):
        return None
    row = int(to[1:])
    return row if seat == 1 else -row


def _coordinates(space: Any) -> tuple[int, int] | None:
    """"f7" as (7, 5): row, column; None if it is no space name."""
    found = SPACE_NAME.fullmatch(space) if isinstance(space, str) else None
    return (int(found.group(2)), ord(found.group(1)) - ord("a")) if found else None


def _view(view_json: str) -> dict[str, Any]:
    try:
        view = json.loads(view_json) if view_json else {}
    except ValueError:
        return {}
    return view if isinstance(view, dict) else {}


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


PATH_GLYPHS = frozenset("<>^v+")
"""The text map's path marks (The King's Armory: arrows and crossings)."""
TOWER_REACH = 3
"""How far from a Tower's spaces a shopper counts the path spaces a new Tower would watch."""


def _path_spaces(view: dict[str, Any]) -> list[tuple[int, int]]:
    """The path's spaces on a King's Armory text map (a header line, then each row after
    its number)."""
    lines = view.get("map")
    found: list[tuple[int, int]] = []
    for row, line in enumerate(lines[1:] if isinstance(lines, list) else ()):
        found.extend((row, col) for col, glyph in enumerate(str(line)[3:]) if glyph in PATH_GLYPHS)
    return found


def _tower_site_value(data: dict[str, Any], path: list[tuple[int, int]]) -> int:
    """Path spaces within reach of a Tower with its top-left corner where a BuildTower says."""
    corner = _coordinates(data.get("at"))
    if corner is None:
        return 0
    cells = [(corner[0] + dr, corner[1] + dc) for dr in (0, 1) for dc in (0, 1)]
    return sum(1 for space in path if min(abs(space[0] - r) + abs(space[1] - c) for r, c in cells) <= TOWER_REACH)


def _shopping(chooser: random.Random, legal: list[Any], view: dict[str, Any], seat: int) -> Any:
    """A King's Armory seat between Waves, spending the team's gold in an order that makes
    sense: play a card worth playing now (a Reward card); before the final Wave the Armory
    card and Reinforcement cards first; unlock its own Equipment, put on what it may, raise a
    Hireable of level 1 or 2, build a Tower when the Allies fill every hosting slot, hire for
    itself while a slot is free, keep two Reinforcement cards, then say it is done. The legal
    list offers only what the gold pays for."""
    data = [(command_json(c), c) for c in legal]

    def of_type(kind: str, keep: Any = lambda _: True) -> list[Any]:
        return [c for d, c in data if d["type"] == kind and keep(d)]

    card = card_choice(chooser, legal, view)
    if card is not None:
        return card
    if int(view.get("wave", 0)) + 1 == int(view.get("waves", 0)):
        # Before the final Wave and its Boss, the Armory card, then Reinforcement cards (F: not too early).
        for choices in (of_type("BuyArmory"), of_type("BuyReinforcement")):
            if choices:
                return choices[0]
    own = {g.get("card") for g in view.get("gear", []) if g.get("seat", 0) == seat}
    allies = [f for f in view.get("figures", []) if f.get("kind") != "foe"] + list(view.get("bench", []))
    slots = sum(int(t.get("slots", 0)) for t in view.get("towers", []))
    for choices in (of_type("UnlockEquipment", lambda d: d.get("card") in own), of_type("Equip"),
                    of_type("Upgrade")):
        if choices:
            return chooser.choice(choices)
    towers = of_type("BuildTower")
    if towers and len(allies) >= slots:
        path = _path_spaces(view)
        scored = [(_tower_site_value(command_json(c), path), c) for c in towers]
        best = max(score for score, _ in scored)
        return chooser.choice([c for score, c in scored if score == best])
    hires = of_type("Hire", lambda d: d.get("controller") == seat)
    if hires and len(allies) < slots:
        return chooser.choice(hires)
    cards = of_type("BuyReinforcement")
    if cards and len(view.get("reinforcements", [])) < 2:
        return cards[0]
    ending = of_type("EndShopping")
    return ending[0] if ending else None


CARD_COMMANDS = ("PlayCard", "BuyReinforcement", "LetFoeAct")
"""The King's Armory's commands for the team's cards: the bots play cards by _card_worth only."""
LOW = 0.5
"""A Hero at or below this share of its hit points is low: a heal card is worth playing."""
NEAR_GATE = 10
"""A foe this many route spaces or fewer from the Castle Gate threatens it."""
MANY_FOES = 5


def _effects(card: str, heroes: set[str]) -> tuple[CardEffect, ...]:
    """A card's effects, with its Hero's when that Hero is on the board (content.py)."""
    found = reinforcements().get(card)
    if found is not None:
        return (*found.effects, *(found.hero_effects if found.hero in heroes else ()))
    armory = armory_cards().get(card)
    return armory.effects if armory is not None else ()


def _in_area(centre: tuple[int, int], area: tuple[int, int], space: tuple[int, int]) -> bool:
    """`space` lies in an area centred on `centre`, as The King's Armory centres a card's area."""
    width, length = area
    top, left = centre[0] - (length - 1) // 2, centre[1] - (width - 1) // 2
    return top <= space[0] < top + length and left <= space[1] < left + width


def _card_worth(data: dict[str, Any], view: dict[str, Any]) -> float:
    """How much a PlayCard is worth now, 0 when a sensible team would keep the card: a heal when
    a Hero is low, a repair when the Gate has lost what it mends, an attack on a Boss or on
    several foes and no Ally, a foe sent back or removed near the Gate, help when many foes
    or a Boss are on the board, a Reward card at once."""
    figures = [f for f in view.get("figures", []) if isinstance(f, dict) and _coordinates(f.get("space"))]
    foes = [f for f in figures if f.get("kind") == "foe"]
    allies = [f for f in figures if f.get("kind") != "foe" and not f.get("knocked_out")]
    bosses = {b.get("figure") for b in view.get("bosses", []) if isinstance(b, dict)}
    heroes = {f.get("figure") for f in figures if f.get("kind") == "hero"}
    crowded = len(foes) >= MANY_FOES or bool(bosses)
    target = next((f for f in foes if f.get("figure") == data.get("target")), None)
    worth = 0.0
    for effect in _effects(str(data.get("card")), {str(h) for h in heroes}):
        kind = effect.kind
        if kind == "reward":
            worth += 1
        elif kind == "repair-gate":
            missing = int(view.get("gate_max", 0)) - int(view.get("gate", 0))
            worth += min(effect.amount, missing) if missing >= effect.amount else 0
        elif kind == "heal":
            low = [f for f in allies if f.get("kind") == "hero" and f.get("hp", 0) <= LOW * f.get("max_hp", 1)]
            worth += 2 * len(low)
        elif kind in ("summon", "ward", "bless") or (kind in ("slow", "stun") and effect.target == "foes"):
            worth += 3 if crowded else 0
        elif target is not None:
            worth += _aimed_worth(effect, target, foes, allies, bosses)
    return worth


def _aimed_worth(effect: CardEffect, target: dict[str, Any], foes: list[dict[str, Any]],
                 allies: list[dict[str, Any]], bosses: set[Any]) -> float:
    """An effect aimed at a foe: worth it on a Boss it touches, on several foes, or near the Gate."""
    centre = _coordinates(target.get("space"))
    assert centre is not None
    if effect.area is not None:
        area = effect.area
        hit = [f for f in foes if _in_area(centre, area, _coordinates(f.get("space")) or (-9, -9))
               and (f.get("figure") not in bosses or effect.affects_bosses)]
        harmed = [f for f in allies if _in_area(centre, area, _coordinates(f.get("space")) or (-9, -9))]
    else:
        hit = [target] if target.get("figure") not in bosses or effect.affects_bosses else []
        harmed = []
    if effect.kind == "attack" and harmed:
        return 0  # a card's area strikes friend and foe: never the team's own
    if any(f.get("figure") in bosses for f in hit):
        return 10
    threatening = [f for f in hit if int(f.get("to_gate", 99)) <= NEAR_GATE]
    if effect.kind in ("remove", "teleport-foe") and threatening:
        return 4 + len(hit)
    return 2 * len(hit) if len(hit) >= 2 or threatening else 0


def card_choice(chooser: random.Random, legal: list[Any], view: dict[str, Any]) -> Any:
    """The PlayCard most worth playing now, or None (the bots keep a card for later)."""
    scored = [(_card_worth(data, view), chooser.random(), command) for command in legal
              if (data := command_json(command))["type"] == "PlayCard"]
    best = max(scored, default=None, key=lambda row: (row[0], row[1]))
    return best[2] if best is not None and best[0] > 0 else None


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
    any (Guardians: Shields march on the enemy stronghold), otherwise as "types". Every
    style but "uniform" shops between The King's Armory's Waves as _shopping says, and plays
    the team's cards as _card_worth judges them: one worth it now, else none (a foe whose
    turn waits goes on)."""
    if style == "uniform":
        return chooser.choice(legal)
    view = _view(view_json)
    if view.get("phase") == "shopping":
        picked = _shopping(chooser, legal, view, seat)
        if picked is not None:
            return picked
    if view.get("figures") is not None and view.get("phase") != "shopping":
        # The King's Armory's cards: one worth playing now, else none; a foe's turn goes on.
        card = card_choice(chooser, legal, view)
        if card is not None:
            return card
        rest = [c for c in legal if command_json(c)["type"] not in CARD_COMMANDS]
        if not rest:
            return next((c for c in legal if command_json(c)["type"] == "LetFoeAct"), legal[0])
        legal = rest
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
