"""`tablerules play` shows a person the table: a game's glance and its commands in words
(Guardians: cards by label), the whole view with card ids by name and numbers when the view
carries a card catalog, a grid board, and bots that finish a Guardians game."""

from __future__ import annotations

import json
import random
from typing import Any

from bench.rules import start
from domain.games import REGISTRY
from domain.games.guardians.words import label
from domain.kernel import Rng, canonical_json
from domain.kernel.words import Seats
from service.convert import command_to_proto
from tablerules_client import command
from tests.test_words import RAW_IDS
from tools.bots import bot_choice
from tools.play import render

GUARDIANS = REGISTRY["guardians"]
RAW_ID = RAW_IDS["guardians"]
"""A Guardians card instance id ("1.re-swordsman#2"), card key or zone string."""
SEATS = Seats(("p1", "p2"))


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


def seen(state: Any, seat: int) -> tuple[str, list[str], list[str]]:
    """What the terminal shows the seat: its whole view (v, --full), its glance (the
    server's view_lines) and its numbered commands (legal_command_texts)."""
    view = GUARDIANS.view(state, seat)
    commands = [GUARDIANS.tell_command(c, SEATS) for c in GUARDIANS.legal_commands(state, seat)]
    return render(canonical_json(view).decode()), list(GUARDIANS.glance(view, SEATS)), commands


def test_guardians_cards_are_shown_by_name_and_numbers_not_by_id() -> None:
    state, to_act = played(0)  # Draw & Organize: the seat's drawn cards go to its stronghold
    seat = to_act[0]
    shown, glance, commands = seen(state, seat)
    view = GUARDIANS.view(state, seat)
    drawn = next(s for s in view.seats if s.seat == seat).drawn_cards
    faces = {face.id: face for face in view.cards}
    assert drawn and commands
    for card in drawn:
        assert faces[card].name in shown and faces[card].name in glance[1]
        assert any(line.startswith(f"Place {label(card)} ") for line in commands), commands
    assert not [line for line in commands if RAW_ID.search(line)], "no raw card id in the commands"
    assert not [line for line in glance if RAW_ID.search(line)], "no raw card id in the glance"
    assert not RAW_ID.search(shown), "no raw card id in the view"
    assert f"guardian: {faces[view.seats[0].guardian].name}" in shown


def test_the_guardians_board_is_a_grid_of_the_twelve_spaces() -> None:
    state, to_act = played(120)
    shown, _, _ = seen(state, to_act[0])
    grid = [line for line in shown.splitlines() if line.startswith("|")]
    assert len(grid) == 16, "four rows of four lines"
    assert [line.split("|")[1].split()[0] for line in grid[::4]] == ["a4", "a3", "a2", "a1"]
    for space in ("a1", "b1", "c1", "a4", "b4", "c4", "b2", "c3"):
        assert any(f"|{space} " in line for line in grid)
    assert "spaces:" not in shown, "the spaces are drawn, not listed"


def test_no_raw_id_in_any_command_of_a_whole_game() -> None:
    """Every command a seat may choose, and its glance, read in words all game long."""
    session, _ = start(GUARDIANS, "ids", 2, "ids")
    state, version = session.state, session.version
    chooser = random.Random(11)
    while not (status := GUARDIANS.status(state)).finished:
        seat = chooser.choice(status.to_act)
        _, glance, commands = seen(state, seat)
        assert not [line for line in commands if RAW_ID.search(line)], (state.phase, commands)
        assert not [line for line in glance if RAW_ID.search(line)], (state.phase, glance)
        legal = GUARDIANS.legal_commands(state, seat)
        protos = [command_to_proto(GUARDIANS, c) for c in legal]
        picked = legal[protos.index(bot_choice(chooser, protos, "aggressive", seat))]
        for event in GUARDIANS.decide(state, picked, Rng("ids", "ids", version)):
            state = GUARDIANS.evolve(state, event)
            version += 1
    assert state.winner, "the aggressive bots won the game (it has no turn limit by default)"


def test_a_view_without_a_catalog_renders_as_before() -> None:
    view = {"hand": ["1.07", "1.12"], "combatants": [{"name": "archer", "cards": ["2.03"]}]}
    shown = render(json.dumps(view))
    assert "hand: 1.07, 1.12" in shown and "cards: 2.03" in shown


def test_a_catalog_names_ids_in_any_game() -> None:
    view = {"cards": [{"id": "x1", "name": "Sword", "kind": "weapon"}, {"id": "x2", "name": "Sword"},
                      {"id": "x3", "name": "Shield"}], "hand": ["x1", "x2", "x3", "x9"]}
    shown = render(json.dumps(view))
    assert "hand: Sword (1), Sword (2), Shield, x9" in shown
    assert "  Sword: weapon" in shown


def test_aggressive_bots_step_toward_the_enemy_stronghold() -> None:
    chooser = random.Random(1)
    legal = [command("guardians", "EndMove")] + [command("guardians", "Step", to=space) for space in ("a1", "b2", "a3")]
    picks = [bot_choice(chooser, legal, "aggressive", 1).guardians.step.to for _ in range(40)]
    assert picks.count("a3") >= 30
    down = [command("guardians", "Step", to=space) for space in ("a4", "a3", "b2")]
    assert bot_choice(random.Random(5), down, "aggressive", 2).guardians.step.to == "b2"


KINGS_ARMORY = REGISTRY["kings-armory"]


def kings_armory_game(moves: int, seed: int = 4, style: str = "aggressive") -> tuple[Any, list[int]]:
    """A one-Wave King's Armory game for two seats after `moves` bot moves (in process)."""
    session, _ = start(KINGS_ARMORY, "ka-play", 2, "ka-play", {"waves": 1})
    state, version = session.state, session.version
    chooser = random.Random(seed)
    for _ in range(moves):
        status = KINGS_ARMORY.status(state)
        if status.finished:
            break
        seat = chooser.choice(status.to_act)
        legal = KINGS_ARMORY.legal_commands(state, seat)
        protos = [command_to_proto(KINGS_ARMORY, c) for c in legal]
        view_json = canonical_json(KINGS_ARMORY.view(state, seat)).decode()
        picked = legal[protos.index(bot_choice(chooser, protos, style, seat, view_json))]
        for event in KINGS_ARMORY.decide(state, picked, Rng("ka-play", "ka-play", version)):
            state = KINGS_ARMORY.evolve(state, event)
            version += 1
    return state, list(KINGS_ARMORY.status(state).to_act)


def test_the_kings_armory_map_is_printed_as_lines_with_its_legend() -> None:
    state, to_act = kings_armory_game(12)
    seat = to_act[0]
    view = KINGS_ARMORY.view(state, seat)
    shown = render(canonical_json(view).decode()).splitlines()
    start_at = shown.index("map:")
    assert shown[start_at + 1:start_at + 1 + len(view.map)] == list(view.map), "each map line as it is"
    assert shown[start_at + 1 + len(view.map)] == "legend:"
    assert shown[start_at + 2 + len(view.map):] == list(view.legend)
    assert not [line for line in shown if line.startswith("map: ") or "['" in line], "no JSON list"
    placed = [f for f in view.figures if f.space]
    assert placed
    for figure in placed:
        line = next(line for line in shown if line.strip().startswith(f"{figure.mark} {figure.figure} {figure.name}"))
        assert f"at {figure.space}" in line and f"hp {figure.hp}/{figure.max_hp}" in line, line
    assert "  p1, cells j17, slots 1" in shown, "towers one per line"


def test_aggressive_bots_attack_first_then_step_toward_the_nearest_foe() -> None:
    view = {"acting": "valcor", "figures": [
        {"figure": "valcor", "kind": "hero", "space": "f7"},
        {"figure": "goblin-peon-1", "kind": "foe", "space": "f3"},
        {"figure": "war-orc-1", "kind": "foe", "space": "k7"}]}
    view_json = json.dumps(view)
    steps = [command("kings-armory", "Step", figure="valcor", to=to) for to in ("f6", "e7", "g7", "f8")]
    ending = [command("kings-armory", "EndAlly", figure="valcor"),
              command("kings-armory", "EndAlly", figure="valcor", hold=True)]
    attack = command("kings-armory", "Attack", figure="valcor", attack="royal-mace", target="goblin-peon-1")
    chooser = random.Random(3)
    for _ in range(20):
        assert bot_choice(chooser, [*steps, attack, *ending], "aggressive", 1, view_json) == attack
        assert bot_choice(chooser, [*steps, *ending], "aggressive", 1, view_json).kings_armory.step.to == "f6"
    tank = command("kings-armory", "Tank", figure="valcor", foe="goblin-peon-1")
    away = [command("kings-armory", "Step", figure="valcor", to="f8")]
    assert bot_choice(chooser, [*away, tank, *ending], "aggressive", 1, view_json) == tank, "no early end"
    for _ in range(10):
        assert bot_choice(chooser, [*away, *ending], "aggressive", 1, view_json) in ending


def test_aggressive_bots_finish_a_one_wave_kings_armory_game() -> None:
    state, _ = kings_armory_game(2000)
    assert KINGS_ARMORY.status(state).finished


def test_bots_shop_between_kings_armory_waves_in_an_order_that_makes_sense() -> None:
    """kings-armory B5 Steps 3, 5, 7: a bot unlocks its own Equipment, puts it on, raises a
    Hireable, builds a Tower (watching the path) when the Allies fill every slot, hires for
    itself while a slot is free, and says it is done when nothing of that is left."""
    view = {"phase": "shopping", "gold": 400, "map": ["   abcde", " 0 #####", " 1 #.v.#", " 2 #.v.#", " 3 #...#"],
            "gear": [{"card": "netting", "seat": 1}, {"card": "phase-ring", "seat": 2}],
            "towers": [{"tower": "p1", "slots": 1}], "bench": [],
            "figures": [{"figure": "valcor", "kind": "hero"}]}

    def ka(kind: str, **fields: Any) -> Any:
        return command("kings-armory", kind, **fields)

    end = ka("EndShopping")
    unlock_mine, unlock_theirs = ka("UnlockEquipment", card="netting"), ka("UnlockEquipment", card="phase-ring")
    equip, upgrade = ka("Equip", card="netting", hero="valcor"), ka("Upgrade", figure="archer-1")
    near, far = ka("BuildTower", at="c2"), ka("BuildTower", at="a5")
    hire_mine, hire_theirs = ka("Hire", hireable="archer", controller=1), ka("Hire", hireable="archer", controller=2)
    chooser = random.Random(1)

    def pick(*legal: Any, seen: dict[str, Any] = view) -> Any:
        return bot_choice(chooser, list(legal), "types", 1, json.dumps(seen))

    assert pick(unlock_theirs, near, unlock_mine, end) == unlock_mine
    assert pick(unlock_theirs, equip, upgrade, end) == equip
    assert pick(unlock_theirs, upgrade, near, end) == upgrade
    assert pick(far, near, hire_mine, end) == near, "one Ally, one slot: a Tower by the path first"
    roomy = {**view, "towers": [{"tower": "t1", "slots": 3}]}
    assert pick(far, near, hire_theirs, hire_mine, end, seen=roomy) == hire_mine
    assert pick(unlock_theirs, hire_theirs, end, seen=roomy) == end


def test_bots_keep_the_teams_cards_for_when_they_count() -> None:
    """kings-armory B6, E Reinforcement Cards: a bot plays a heal card when a Hero is low, an
    attack card that touches Bosses on the Boss, never an area attack on its own Allies; else
    it keeps its cards, and at a foe's moment lets the foe go on."""
    def ka(kind: str, **fields: Any) -> Any:
        return command("kings-armory", kind, **fields)

    figures = [{"figure": "valcor", "kind": "hero", "space": "e6", "hp": 20, "max_hp": 20},
               {"figure": "goblin-golem-1", "kind": "foe", "space": "d9", "hp": 80, "max_hp": 80, "to_gate": 20},
               {"figure": "goblin-peon-1", "kind": "foe", "space": "d2", "hp": 3, "max_hp": 3, "to_gate": 25}]
    view = {"phase": "foes", "gate": 20, "gate_max": 20, "figures": figures,
            "bosses": [{"figure": "goblin-golem-1"}]}
    heal, on_boss = ka("PlayCard", card="chorus-of-light"), ka("PlayCard", card="thunder-cannon",
                                                                target="goblin-golem-1")
    on_peon, let_go = ka("PlayCard", card="thunder-cannon", target="goblin-peon-1"), ka("LetFoeAct")
    chooser = random.Random(2)

    def pick(*legal: Any, seen: dict[str, Any] = view) -> Any:
        return bot_choice(chooser, list(legal), "aggressive", 1, json.dumps(seen))

    assert pick(heal, on_peon, let_go) == let_go, "nobody low, one weak foe: keep the cards"
    assert pick(heal, on_boss, on_peon, let_go) == on_boss
    low = {**view, "figures": [{**figures[0], "hp": 6}, *figures[1:]]}
    assert pick(heal, on_peon, let_go, seen=low) == heal
    beside = {**view, "figures": [*figures, {"figure": "midnight", "kind": "hero", "space": "d10", "hp": 13,
                                               "max_hp": 13}]}
    assert pick(heal, on_boss, let_go, seen=beside) == let_go, "the blast would strike Midnight"
