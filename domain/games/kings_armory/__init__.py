"""The King's Armory (GateKeeper Gaming) as a tablerules decider: a cooperative
tower-defence game for 1 to 7 seats. See RULES.md."""

from __future__ import annotations

from domain.games.kings_armory import messages
from domain.games.kings_armory.citations import A1, A2, D2_2, D2_3, E_HIREABLES, E_MAXIMUM_RECRUITMENT
from domain.games.kings_armory.content import heroes, hireables
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.legal import legal_commands
from domain.games.kings_armory.rules import decide, to_act
from domain.games.kings_armory.state import PLACING, PLAYERS, TOWERS, KaState, Options
from domain.games.kings_armory.table import board_for
from domain.games.kings_armory.view import KaView, redact, view
from domain.games.kings_armory.words import glance, label, tell_command, tell_event
from domain.kernel import (
    NOT_STARTED,
    Chance,
    Command,
    Event,
    Information,
    OptionSpec,
    Rules,
    Ruleset,
    Setup,
    Status,
    in_progress,
    memo_last,
    types_in,
)

DEFAULT_HEROES = ("valcor", "midnight", "felicity", "ember", "cyrus", "raphael", "boleslaw")
"""Seat n plays the n-th of these unless the `heroes` option says otherwise."""
MAX_HEROES = 7

RULESET = Ruleset(
    name="kings-armory",
    title="The King's Armory",
    version="0.2.0",
    min_seats=1,
    max_seats=7,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.PERFECT,
    options=(
        OptionSpec("heroes", "the Heroes of each seat: seats separated by commas, a seat's Heroes joined by "
                   "'+' (valcor+felicity,ember); empty: seat n plays the n-th of " + ", ".join(DEFAULT_HEROES), "",
                   rulebook=A2),
        OptionSpec("map", "a built-in map (standard, hard-split, easy-single, balanced-single: kings-armory "
                   "D2-1) or a custom map as JSON (docs/kings-armory-maps.md), checked by kings-armory A1",
                   "standard", rulebook=A1),
        OptionSpec("waves", "the Waves to win: 5 (a standard game) or 7 (a mega game); fewer make a short game "
                   "(not in the rulebook)", 5, minimum=1, maximum=7, rulebook=A1),
        OptionSpec("gate_hp", "the Castle Gate's starting (and highest) hit points", 20, minimum=1, maximum=99,
                   rulebook=D2_3),
        OptionSpec("delayed_entry", "half of each Wave's foes (rounded up) enter in the first Foes' Round, "
                   "the rest in the second", False, rulebook=D2_2),
        OptionSpec("hireables", "Hireables the team starts with, until part 2 brings hiring: "
                   "seat:class:level, comma separated (1:archer:2,2:foot-soldier:1)", ""),
        OptionSpec("round_limit", "a guard against endless games that the rulebook does not have: the game "
                   "is lost after this many rounds in all; 0, the default, sets no limit, as in the rulebook", 0,
                   minimum=0),
    ),
    contents=("standard",),
    rulebook="kings-armory.md",
)


def parse_heroes(text: str, seats: int) -> tuple[tuple[str, ...], ...]:
    """The `heroes` option as hero keys by seat, or a ValueError naming the problem."""
    if not text.strip():
        if seats > len(DEFAULT_HEROES):
            raise ValueError(f"{A2}: at most {MAX_HEROES} Heroes")
        return tuple((key,) for key in DEFAULT_HEROES[:seats])
    groups = [part.strip() for part in text.split(",")]
    if len(groups) != seats:
        raise ValueError(f"{A2}: the heroes option lists {len(groups)} seat(s) for {seats} seat(s)")
    known = heroes()
    chosen: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for group in groups:
        keys = tuple(key.strip().lower() for key in group.split("+") if key.strip())
        if not keys:
            raise ValueError(f"{A2}: every seat plays at least one Hero")
        for key in keys:
            if key not in known:
                raise ValueError(f"{A2}: no Hero {key!r}; the Heroes are {', '.join(known)}")
            if key in seen:
                raise ValueError(f"{A2}: {key} is chosen twice")
            seen.add(key)
        chosen.append(keys)
    return tuple(chosen)


def parse_hireables(text: str, seats: int) -> tuple[tuple[int, str, int], ...]:
    """The `hireables` option as (seat, class, level), checked against kings-armory E
    Maximum Recruitment."""
    found: list[tuple[int, str, int]] = []
    known = hireables()
    for entry in (part.strip() for part in text.split(",") if part.strip()):
        pieces = entry.split(":")
        if len(pieces) != 3 or not pieces[0].isdigit() or not pieces[2].isdigit():
            raise ValueError(f"hireables option: {entry!r} is not seat:class:level")
        seat, key, level = int(pieces[0]), pieces[1].strip().lower(), int(pieces[2])
        if not 1 <= seat <= seats:
            raise ValueError(f"hireables option: there is no seat {seat}")
        if key not in known:
            raise ValueError(f"{E_HIREABLES}: no class {key!r}; the classes are {', '.join(known)}")
        if not 1 <= level <= 3:
            raise ValueError(f"{E_HIREABLES}: levels are 1 to 3, not {level}")
        found.append((seat, key, level))
        if sum(1 for _, k, _ in found if k == key) > known[key].max_recruits:
            raise ValueError(f"{E_MAXIMUM_RECRUITMENT}: at most {known[key].max_recruits} {key}")
    return tuple(found)


def initial_state(setup: Setup) -> KaState:
    values = dict(setup.options)
    options = Options(
        map=str(values.get("map", "standard")),
        waves=int(values.get("waves", 5)),
        gate_hp=int(values.get("gate_hp", 20)),
        delayed_entry=bool(values.get("delayed_entry", False)),
        round_limit=int(values.get("round_limit", 0)),
    )
    seats = len(setup.seats)
    chosen = parse_heroes(str(values.get("heroes", "")), seats)
    if sum(len(keys) for keys in chosen) > MAX_HEROES:
        raise ValueError(f"{A2}: at most {MAX_HEROES} Heroes")
    board_for(options.map)  # a broken custom map fails here, naming the A1 rule it breaks
    return KaState(options=options, seats=seats, heroes=chosen,
                   hireables=parse_hireables(str(values.get("hireables", "")), seats), gate=options.gate_hp)


def status(state: KaState) -> Status:
    if state.finished:
        winners = tuple(range(1, state.seats + 1)) if state.won else ()
        return Status(finished=True, winners=winners, turn=state.rounds, summary=state.result)
    acting = f" ({label(state.acting)} acting)" if state.acting else ""
    if state.phase == TOWERS:
        summary = f"setting up: seat {state.seat} places a starting Tower" if state.seat else NOT_STARTED
    elif state.phase == PLACING:
        summary = f"setting up: seat {state.seat} places its Allies"
    elif state.phase == PLAYERS:
        summary = f"wave {state.wave}, the Players' Round {state.round}: seat {state.seat}{acting}"
    else:
        summary = f"wave {state.wave}, the Foes' Round {state.round}{acting}"
    return in_progress(to_act(state), state.rounds, summary)


GAME: Rules[KaState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=KaState,
    view_type=KaView,
    initial_state=initial_state,
    decider=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    status=memo_last(status),
    tell_event=tell_event,
    tell_command=tell_command,
    glance=glance,
)

__all__ = ["GAME", "RULESET"]
