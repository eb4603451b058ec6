"""Swordplay: Arena (2 to 11 heroes): discard, draw, ready, fight; the last hero standing wins.

GAME is the game the service registers under the ruleset name "swordplay": the Ruleset
and the modules' functions, assembled. The turn structure, interpretations, options and
content are in RULES.md.
"""

from __future__ import annotations

from domain.games.swordplay import cards, messages
from domain.games.swordplay.checks import plan
from domain.games.swordplay.evolve import evolve
from domain.games.swordplay.legal import legal_commands
from domain.games.swordplay.state import (
    ABSORB,
    ANY,
    ARMOUR_DESTRUCTION,
    ATTACK_TARGETS,
    DEFAULT_TURN_LIMIT,
    State,
    initial_state,
)
from domain.games.swordplay.turn import status
from domain.games.swordplay.view import SwordplayView, redact, view
from domain.games.swordplay.words import glance, tell_command, tell_event
from domain.kernel import Chance, Command, Event, Information, OptionSpec, Rules, Ruleset, memo_last, types_in

RULESET = Ruleset(
    name="swordplay",
    title="Swordplay: Arena",
    version="3.0.0",
    min_seats=2,
    max_seats=cards.MAX_SEATS,
    chance=Chance.EXPLICIT_STOCHASTIC,
    information=Information.IMPERFECT,
    # Every option is a house rule (the rulebook offers none); off, or at the value the
    # rulebook describes, by default. RULES.md says why each exists.
    options=(
        OptionSpec("opening_deal",
                   "every hero is dealt five cards before the first turn; off, every hand starts empty and is "
                   "filled in its hero's first Draw phase", False),
        OptionSpec("first_player_roll",
                   "every seat rolls the d10 and the highest roll takes the first turn, tied seats rolling again; "
                   "off, seat 1 takes the first turn", False),
        OptionSpec("drop_without_readying",
                   "any ready item may be dropped at the start of the Ready phase, whether or not a new item is "
                   "readied; off, items are dropped only to make room for the weapon or shield readied next",
                   False),
        OptionSpec("armour_destruction",
                   "absorb (the rulebook's damage rule read plainly): armour points absorb damage and are used up, "
                   "the armour is discarded at 0; shatter: armour absorbs up to its points from one hit, then is "
                   "discarded", ABSORB, choices=ARMOUR_DESTRUCTION),
        OptionSpec("defence_after_damage",
                   "true: an attack's total damage is announced before its target answers; false (the rulebook's "
                   "order): the target answers first", False),
        OptionSpec("attack_targets",
                   "any (as the rulebook has it): any other living hero; left: with three or more heroes standing, "
                   "only the next hero clockwise", ANY, choices=ATTACK_TARGETS),
        OptionSpec("monster",
                   "the Monster joins the arena: it attacks a hero chosen by the d10 at the end of every "
                   "round and may be attacked", False),
        OptionSpec("turn_limit", "the game ends drawn after this many turns "
                   "(0, the default: no limit, as in the rulebook)", DEFAULT_TURN_LIMIT, minimum=0, maximum=100_000),
    ),
    contents=(cards.CONTENT,),
    rulebook="swordplay-arena.txt",
)


GAME: Rules[State] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=State,
    view_type=SwordplayView,
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

__all__ = ["GAME", "RULESET"]
