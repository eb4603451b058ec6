"""The King's Armory (GateKeeper Gaming) as a tablerules decider: a cooperative
tower-defence game for 1 to 7 seats. See RULES.md."""

from __future__ import annotations

from domain.games.kings_armory import messages
from domain.games.kings_armory.checks import plan
from domain.games.kings_armory.citations import A1, A2, B7, D2_2, D2_3
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.legal import legal_commands
from domain.games.kings_armory.state import DEFAULT_HEROES, KaState, initial_state
from domain.games.kings_armory.turn import status
from domain.games.kings_armory.view import KaView, redact, view
from domain.games.kings_armory.words import glance, tell_command, tell_event
from domain.kernel import Chance, Command, Event, Information, OptionSpec, Rules, Ruleset, memo_last, types_in

RULESET = Ruleset(
    name="kings-armory",
    title="The King's Armory",
    version="0.3.0",
    min_seats=1,
    max_seats=7,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.IMPERFECT,
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
        OptionSpec("bosses", "Bosses on the final Wave: 1, or 2 in a 7-Wave game (the second in the third "
                   "Foes' Round, on the other side); 0 for none, not in the rulebook", 1, minimum=0, maximum=2,
                   rulebook=B7),
        OptionSpec("hireables", "Hireables the team starts with, besides those it hires between Waves: "
                   "seat:class:level, comma separated (1:archer:2,2:foot-soldier:1)", ""),
        OptionSpec("round_limit", "a guard against endless games that the rulebook does not have: the game "
                   "is lost after this many rounds in all; 0, the default, sets no limit, as in the rulebook", 0,
                   minimum=0),
    ),
    contents=("standard",),
    rulebook="kings-armory.md",
)


GAME: Rules[KaState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=KaState,
    view_type=KaView,
    initial_state=initial_state,
    plan=plan,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    status=memo_last(status),
    tell_event=tell_event,
    tell_command=tell_command,
    glance=glance,
)

__all__ = ["DEFAULT_HEROES", "GAME", "RULESET"]
