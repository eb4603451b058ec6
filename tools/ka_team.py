"""A greedy team for The King's Armory, in process: the player the replays are recorded with
(replays/record_kings_armory.py) and whose win rate bench/kings_armory_bots.py measures.

Each seat tries every legal command on a copy of the table (with a generator of its own,
never the game's) and takes the one that leaves the table best by a simple measure (foes'
hit points weighted by how near the Castle Gate they are, the Allies' hit points, the
Gate's, and how far the attackers stand from the foes); a tie goes to holding to tank.
Set-up places Towers where many route spaces are within reach and Allies near the path.
Between Waves each seat shops as `tablerules play`'s bots do, and the team's cards are
played as the bots judge them (tools/bots.py), never by the lookahead, which would spend
them at once."""

from __future__ import annotations

import json
import random

from domain.games.kings_armory import GAME
from domain.games.kings_armory.board import manhattan, parse
from domain.games.kings_armory.figures import attacks, max_hp
from domain.games.kings_armory.messages import BuyReinforcement, EndAlly, LetFoeAct, PlaceAlly, PlaceTower, PlayCard
from domain.games.kings_armory.state import FOE, FOES, HERO, SHOPPING, KaState, board_of
from domain.kernel import Command, Rng, RuleViolation, canonical_json
from service.convert import command_to_proto
from tools.bots import bot_choice, card_choice


def value(state: KaState) -> float:
    """How well the defence stands: higher is better."""
    if state.finished:
        return 1e9 if state.won else -1e9
    board = board_of(state)
    foes = [f for f in state.figures if f.kind == FOE]
    threat = sum(f.hp * (1 + 20 / (1 + board.routes[f.route].remaining(f.index))) for f in foes)
    allies = [f for f in state.figures if f.kind != FOE and f.space[0] >= 0]
    health = sum((3 if f.kind == HERO else 1) * f.hp / max(1, max_hp(f)) * 10 for f in allies)
    knocked = sum(40 for f in allies if f.knocked_out)
    reach = 0.0
    if foes:
        for ally in allies:
            if ally.active and attacks(ally):
                reach += min(manhattan(ally.space, f.space) for f in foes)
    return -threat + health - knocked + 25 * state.gate - 0.4 * reach - 8 * state.to_enter


def probe(state: KaState, command: Command, rng: Rng) -> KaState | None:
    try:
        events = GAME.decide(state, command, rng)
    except RuleViolation:
        return None
    for event in events:
        state = GAME.evolve(state, event)
    return state


def place_value(state: KaState, command: Command) -> float:
    """Set-up: Towers where many route spaces are within reach; Allies near the path."""
    board = board_of(state)
    route_spaces = {s for r in board.routes.values() for s in r.spaces[1:]}
    if isinstance(command, PlaceTower):
        after = probe(state, command, Rng("plan", "plan", 0))
        assert after is not None
        cells = after.towers[-1].cells
        near = sum(1 for s in route_spaces if min(manhattan(s, c) for c in cells) <= 4)
        return near - 0.05 * min(board.distance_to_gate(c) for c in cells)
    assert isinstance(command, PlaceAlly)
    # Judged where the Ally is put (the last placement starts a Wave, which may defeat it).
    space = parse(command.at)
    on_tower = state.tower_at(space) is not None
    return -board.distance_to_path(space) + (3 if on_tower else 0) - 0.02 * board.distance_to_gate(space)


def shop(state: KaState, seat: int, legal: list[Command], chooser: random.Random) -> Command:
    """Between Waves: what `tablerules play`'s bots buy, from the seat's view and its list."""
    protos = [command_to_proto(GAME, command) for command in legal]
    view = canonical_json(GAME.view(state, seat)).decode()
    return legal[protos.index(bot_choice(chooser, protos, "types", seat, view))]


def cards_worth_playing(state: KaState, seat: int, legal: list[Command], chooser: random.Random) -> list[Command]:
    """The team's card the bots would play now (tools/bots.py: a heal when a Hero is low, an
    attack on the Boss, ...), at most one."""
    protos = [command_to_proto(GAME, command) for command in legal]
    view = json.loads(canonical_json(GAME.view(state, seat)).decode())
    picked = card_choice(chooser, protos, view)
    return [legal[protos.index(picked)]] if picked is not None else []


def choose(state: KaState, seat: int, legal: list[Command], chooser: random.Random, greedy: bool) -> Command:
    if state.phase == SHOPPING:
        return shop(state, seat, legal, chooser)
    if not greedy:
        return chooser.choice(legal)
    if isinstance(legal[0], (PlaceTower, PlaceAlly)):
        return max(legal, key=lambda c: (place_value(state, c), chooser.random()))
    # The cards are played as the bots judge them (a lookahead of one command would spend
    # them at once), and at a foe's moment nothing else is weighed.
    card = cards_worth_playing(state, seat, legal, chooser)
    if state.phase == FOES:
        return card[0] if card else next(c for c in legal if isinstance(c, LetFoeAct))
    legal = [c for c in legal if not isinstance(c, (PlayCard, BuyReinforcement))] + card
    planner = Rng(f"plan-{chooser.random()}", "plan", 0)
    scored = []
    for command in legal:
        after = probe(state, command, planner)
        if after is not None:
            # Holding to tank costs nothing now and stops foes in the Foes' Round: it wins a tie.
            holds = isinstance(command, EndAlly) and command.hold
            scored.append((value(after), holds, chooser.random(), command))
    return max(scored, key=lambda row: (row[0], row[1], row[2]))[3]
