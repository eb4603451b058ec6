"""`tablerules play` shows a person the table: card ids by name and numbers when the view
carries a card catalog (Guardians), a grid board, and bots that finish a Guardians game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from bench.rules import start
from domain.games import REGISTRY
from domain.kernel import Rng, canonical_json
from service.convert import command_to_proto
from service.play import Cards, bot_choice, describe, render
from tablerules_client import command

GUARDIANS = REGISTRY["guardians"]
RAW_ID = re.compile(r"\b[12]\.[a-z]{2}-[a-z0-9-]+#[0-9]+")
"""A Guardians card instance id ("1.re-swordsman#2")."""


def played(moves: int, seed: int = 3, style: str = "types") -> tuple[Any, list[int]]:
    """A Guardians state after `moves` bot moves (in process), and the seats it waits for."""
    session, _ = start(GUARDIANS, "play-test", 2, "play-test")
    state, version = session.state, session.version
    chooser = random.Random(seed)
    for _ in range(moves):
        status = GUARDIANS.status(state)
        if status.finished:
            break
        seat = chooser.choice(status.to_act)
        legal = GUARDIANS.legal_commands(state, seat)
        protos = [command_to_proto(GUARDIANS, c) for c in legal]
        picked = legal[protos.index(bot_choice(chooser, protos, style, seat))]
        for event in GUARDIANS.decide(state, picked, Rng("play-test", "play-test", version)):
            state = GUARDIANS.evolve(state, event)
            version += 1
    return state, list(GUARDIANS.status(state).to_act)


def seen(state: Any, seat: int) -> tuple[str, list[str]]:
    """What the terminal shows the seat: its view, and its numbered commands."""
    view_json = canonical_json(GUARDIANS.view(state, seat)).decode()
    cards = Cards.of(view_json)
    commands = [describe(command_to_proto(GUARDIANS, c), cards, seat) for c in GUARDIANS.legal_commands(state, seat)]
    return render(view_json), commands


def test_guardians_cards_are_shown_by_name_and_numbers_not_by_id() -> None:
    state, to_act = played(0)  # Draw & Organize: the seat's drawn cards go to its stronghold
    seat = to_act[0]
    shown, commands = seen(state, seat)
    view = GUARDIANS.view(state, seat)
    drawn = next(s for s in view.seats if s.seat == seat).drawn_cards
    faces = {face.id: face for face in view.cards}
    assert drawn and commands
    for card in drawn:
        assert faces[card].name in shown
        assert any(line.startswith(f"Place {faces[card].name}") for line in commands), commands
    creature = next(faces[c] for c in drawn if faces[c].kind == "creature" and faces[c].vitality)
    assert any(f"Vit {creature.vitality}" in line and creature.name in line for line in commands)
    assert not [line for line in commands if RAW_ID.search(line)], "no raw card id in the commands"
    assert not RAW_ID.search(shown), "no raw card id in the view"
    assert f"guardian: {faces[view.seats[0].guardian].name}" in shown


def test_the_guardians_board_is_a_grid_of_the_twelve_spaces() -> None:
    state, to_act = played(120)
    shown, _ = seen(state, to_act[0])
    grid = [line for line in shown.splitlines() if line.startswith("|")]
    assert len(grid) == 16, "four rows of four lines"
    assert [line.split("|")[1].split()[0] for line in grid[::4]] == ["a4", "a3", "a2", "a1"]
    for space in ("a1", "b1", "c1", "a4", "b4", "c4", "b2", "c3"):
        assert any(f"|{space} " in line for line in grid)
    assert "spaces:" not in shown, "the spaces are drawn, not listed"


def test_no_raw_id_in_any_command_of_a_whole_game() -> None:
    """Every card a seat may name in a command is in its view's catalog."""
    session, _ = start(GUARDIANS, "ids", 2, "ids")
    state, version = session.state, session.version
    chooser = random.Random(11)
    while not (status := GUARDIANS.status(state)).finished:
        seat = chooser.choice(status.to_act)
        _, commands = seen(state, seat)
        assert not [line for line in commands if RAW_ID.search(line)], (state.phase, commands)
        legal = GUARDIANS.legal_commands(state, seat)
        protos = [command_to_proto(GUARDIANS, c) for c in legal]
        picked = legal[protos.index(bot_choice(chooser, protos, "aggressive", seat))]
        for event in GUARDIANS.decide(state, picked, Rng("ids", "ids", version)):
            state = GUARDIANS.evolve(state, event)
            version += 1
    assert state.turn < 40, "the aggressive bots won before the turn limit"


def test_a_view_without_a_catalog_renders_as_before() -> None:
    view = {"hand": ["1.07", "1.12"], "combatants": [{"name": "archer", "cards": ["2.03"]}]}
    shown = render(json.dumps(view))
    assert "hand: 1.07, 1.12" in shown and "cards: 2.03" in shown
    assert describe(command("armory", "Trade", card="1.07")) == "Trade card=1.07"


def test_a_catalog_names_ids_in_any_game() -> None:
    view = {"cards": [{"id": "x1", "name": "Sword", "kind": "weapon"}, {"id": "x2", "name": "Sword"},
                      {"id": "x3", "name": "Shield"}], "hand": ["x1", "x2", "x3", "x9"]}
    shown = render(json.dumps(view))
    assert "hand: Sword (1), Sword (2), Shield, x9" in shown
    assert "  Sword: weapon" in shown
    cards = Cards(view)
    assert describe(command("armory", "Trade", card="x3"), cards) == "Trade Shield (card)"


def test_aggressive_bots_step_toward_the_enemy_stronghold() -> None:
    chooser = random.Random(1)
    legal = [command("guardians", "EndMove")] + [command("guardians", "Step", to=space) for space in ("a1", "b2", "a3")]
    picks = [bot_choice(chooser, legal, "aggressive", 1).guardians.step.to for _ in range(40)]
    assert picks.count("a3") >= 30
    down = [command("guardians", "Step", to=space) for space in ("a4", "a3", "b2")]
    assert bot_choice(random.Random(5), down, "aggressive", 2).guardians.step.to == "b2"
