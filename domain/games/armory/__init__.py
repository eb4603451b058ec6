"""ARMORY (Mark Keller, 2003) as a pure decider: GAME is what the service plays.

Rule citations: `armory R1`..`armory R11` (R11a..d) and `armory glossary: TERM`;
interpretations are listed in RULES.md next to this file.
"""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.checks import plan
from domain.games.armory.citations import R11C
from domain.games.armory.evolve import evolve
from domain.games.armory.legal import legal_commands
from domain.games.armory.messages import COMMAND_TYPES, EVENT_SCHEMA, EVENT_TYPES, UPCASTERS
from domain.games.armory.state import MAX_SEATS, ArmoryState, initial_state
from domain.games.armory.turn import status
from domain.games.armory.view import ArmoryView, redact, view
from domain.games.armory.words import glance, tell_command, tell_event
from domain.kernel import Chance, Information, OptionSpec, Rules, Ruleset

RULESET = Ruleset(
    name="armory",
    title="ARMORY",
    version="3.0.0",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.IMPERFECT,
    options=(
        OptionSpec(
            name="attack_can_be_halted",
            description="a cast ATTACK may be halted by a Mystic: a COUNTER, or an INTERRUPT or DUPLICITY "
            "that takes the turn (it then returns to its owner's hand)",
            default=False,
            rulebook=R11C,
        ),
        OptionSpec(
            name="any_opponent_answers",
            description="with 3 players, every opponent attacks the Turn Player in turn, clockwise (each one "
            "ends his own attack), and each may halt his ATTACK; off, only the Turn Opponent (the next seat) does",
            default=False,
        ),
        OptionSpec(
            name="turn_limit",
            description="the game ends drawn once this many turns were played (0, the default: "
            "no limit, as in the rulebook)",
            default=0,
            minimum=0,
            maximum=100000,
        ),
    ),
    contents=(cards.CONTENT,),
    rulebook="rulebooks/armory.txt",
)


GAME: Rules[ArmoryState] = Rules(
    ruleset=RULESET,
    command_types={c.type_name(): c for c in COMMAND_TYPES},
    event_types={e.type_name(): e for e in EVENT_TYPES},
    state_type=ArmoryState,
    view_type=ArmoryView,
    initial_state=initial_state,
    plan=plan,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    status=status,
    event_schema=EVENT_SCHEMA,
    upcasters=UPCASTERS,
    tell_event=tell_event,
    tell_command=tell_command,
    glance=glance,
)

__all__ = ["GAME", "RULESET", "ArmoryState", "ArmoryView"]
