"""Record the King's Armory replays: `.venv/bin/python replays/record_kings_armory.py`.

Random bots lose The King's Armory within a Wave or two, so these games are played in
process by a greedy team: each seat tries every legal command on a copy of the table
(with a generator of its own, never the game's) and takes the one that leaves the
table best by a simple measure (foes' hit points weighted by how near the Castle Gate
they are, the Allies' hit points, the Gate's, and how far the attackers stand from
the foes). Between Waves each seat shops as `tablerules play`'s bots do (tools/bots.py:
its own Equipment unlocked and put on, Hireables raised and hired, a Tower built when
the Allies need slots), the seat to move drawn among those still shopping. The games
go through the kernel's Session, so each file is the same log a server exports
(`tablerules export`): a header, hash-chained events, SeedRevealed.
Game ids are tried in turn until each row's game ends the way the row asks; run it
again after any change to the King's Armory rules or events (it rewrites the files).
The team's cards are played as the bots judge them (tools/bots.py), never by the
lookahead, which would spend them at once.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from domain.games.kings_armory import GAME  # noqa: E402
from domain.games.kings_armory.board import manhattan, parse  # noqa: E402
from domain.games.kings_armory.figures import attacks, max_hp  # noqa: E402
from domain.games.kings_armory.messages import (  # noqa: E402
    BuyReinforcement,
    EndAlly,
    LetFoeAct,
    PlaceAlly,
    PlaceTower,
    PlayCard,
)
from domain.games.kings_armory.state import (  # noqa: E402
    FOE,
    FOES,
    HERO,
    SHOPPING,
    KaState,
    board_of,
)
from domain.kernel import (  # noqa: E402
    Command,
    Header,
    Log,
    Rng,
    RuleViolation,
    Session,
    StartGame,
    canonical_json,
    seed_commitment,
)
from service.convert import command_to_proto  # noqa: E402
from tools.bots import bot_choice, card_choice  # noqa: E402

ATTEMPTS = 40
MAX_COMMANDS = 20000
CREATED_AT = "2026-11-25T00:00:00Z"

STRONG_TEAM = {"heroes": "valcor+ember+cyrus,midnight+felicity+boleslaw", "map": "easy-single", "gate_hp": 25,
               "hireables": "1:archer:2,2:archer:2,2:sorcerer:2"}
"""Six Heroes and three Hireables on the easy single route (kings-armory D2-1), the Gate at 25 (D2-3's
"need a break"): a team the greedy bots can bring through a final Wave with its Boss."""


class Row(NamedTuple):
    file: str
    seats: int
    options: dict[str, Any]
    greedy: bool
    wanted: str
    ends_as_wanted: Callable[[KaState], bool]


GAMES: tuple[Row, ...] = (
    Row("2p-five-waves-win.jsonl", 2, STRONG_TEAM, True, "all five Waves won, the Boss too",
        lambda state: state.won),
    Row("3p-easy-single-hireables-delayed-win.jsonl", 3,
        {"heroes": "valcor,ember+felicity,cyrus", "map": "easy-single", "waves": 3, "delayed_entry": True,
         "hireables": "1:foot-soldier:2,2:archer:2,3:cleric:3"}, True, "won", lambda state: state.won),
    Row("1p-gate-falls-loss.jsonl", 1, {"map": "hard-split"}, False, "lost", lambda state: not state.won),
    Row("2p-seven-waves-two-bosses.jsonl", 2, {**STRONG_TEAM, "waves": 7, "bosses": 2}, True,
        "the seventh Wave reached and both Bosses come", lambda state: len(state.bosses) == 2),
)


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


def play(game_id: str, seats: int, options: dict[str, Any], greedy: bool) -> tuple[Session[Any], Log]:
    secret = f"secret-{game_id}"
    setup = GAME.ruleset.check_setup([f"p{n}" for n in range(1, seats + 1)], options, "")
    header = Header(game_id=game_id, ruleset=GAME.ruleset.name, ruleset_version=GAME.ruleset.version,
                    seats=setup.seats, options=dict(setup.options), content=setup.content,
                    seed_commitment=seed_commitment(secret), created_at=CREATED_AT)
    session, first = Session.create(GAME, header, secret)
    envelopes = [first]
    session, made = session.execute(StartGame(seat=0), "start", secret)
    envelopes += made
    chooser = random.Random(game_id)
    commands = 0
    while not session.finished and commands < MAX_COMMANDS:
        seat = chooser.choice(GAME.status(session.state).to_act)
        command = choose(session.state, seat, GAME.legal_commands(session.state, seat), chooser, greedy)
        session, made = session.execute(command, f"c{commands}", secret)
        envelopes += made
        commands += 1
    return session, Log(header=header, envelopes=tuple(envelopes))


def main() -> int:
    target = HERE / "kings-armory"
    target.mkdir(exist_ok=True)
    for row in GAMES:
        for attempt in range(1, ATTEMPTS + 1):
            game_id = f"{row.file.removesuffix('.jsonl')}-{attempt}"
            session, log = play(game_id, row.seats, row.options, greedy=row.greedy)
            state: KaState = session.state
            if session.finished and row.ends_as_wanted(state):
                (target / row.file).write_text(log.text(), encoding="utf-8")
                print(f"replays/kings-armory/{row.file}: game {game_id}, {state.result}; wave {state.wave}, "
                      f"{state.rounds} rounds, {len(log.envelopes)} events", flush=True)
                break
            print(f"{game_id}: {state.result or 'unfinished'} (wave {state.wave})", file=sys.stderr, flush=True)
        else:
            print(f"{row.file}: no game ended as wanted ({row.wanted}) in {ATTEMPTS} tries", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
