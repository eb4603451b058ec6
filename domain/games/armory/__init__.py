"""ARMORY (Mark Keller, 2003) as a pure decider: GAME is what the service plays.

Rule citations: `armory R1`..`armory R11` (R11a..d) and `armory glossary: TERM`;
interpretations are listed in RULES.md next to this file.
"""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.citations import R11C
from domain.games.armory.evolve import evolve
from domain.games.armory.legal import legal_commands
from domain.games.armory.messages import COMMAND_TYPES, EVENT_TYPES
from domain.games.armory.rules import decide
from domain.games.armory.state import ArmoryState, Combatant, Player, awaited, player, responder
from domain.games.armory.view import ArmoryView, redact, view
from domain.games.armory.words import glance, label, tell_command, tell_event
from domain.kernel import (
    NOT_STARTED,
    Chance,
    Information,
    JsonValue,
    OptionSpec,
    Rules,
    Ruleset,
    Setup,
    Status,
    in_progress,
    memo_last,
)

RULESET = Ruleset(
    name="armory",
    title="ARMORY",
    version="3.0.0",
    min_seats=2,
    max_seats=3,
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


def initial_state(setup: Setup) -> ArmoryState:
    """armory R1: every player has warrior-1, warrior-2 and the archer; his 60 cards are in the draw pile."""
    players = tuple(
        Player(
            seat=seat,
            name=name,
            draw=cards.deck_ids(seat),
            combatants=tuple(Combatant(c) for c in cards.COMBATANTS),
        )
        for seat, name in enumerate(setup.seats, start=1)
    )
    halted = setup.options.get("attack_can_be_halted", False)
    anyone = setup.options.get("any_opponent_answers", False)
    limit = setup.options.get("turn_limit", 0)
    return ArmoryState(
        players=players,
        attack_can_be_halted=bool(halted),
        any_opponent_answers=bool(anyone),
        turn_limit=int(limit),
    )


def status(state: ArmoryState) -> Status:
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        # The turn limit is the only way an ARMORY game ends without a winner.
        summary = (f"seat {state.winner} won" if state.winner
                   else f"drawn: the turn limit of {state.turn_limit} turns was reached")
        return Status(finished=True, winners=winners, turn=state.turn, summary=summary)
    to_act = awaited(state)
    if state.stack:
        summary = f"turn {state.turn}: seat {responder(state)} answers {label(state.stack[-1].card)}"
    elif state.turn:
        summary = f"turn {state.turn}: seat {state.turn_player} ({state.phase})"
    else:
        summary = NOT_STARTED
    return in_progress(to_act, state.turn, summary)


def attack_halted_from_schema_1(payload: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Schema 2 (armory 3.0.0): an INTERRUPT or DUPLICITY halts the ATTACK too, so the halting
    card is `by_card`, no longer `counter_card`."""
    return {**{k: v for k, v in payload.items() if k != "counter_card"}, "by_card": payload.get("counter_card", "")}


GAME: Rules[ArmoryState] = Rules(
    ruleset=RULESET,
    command_types={c.type_name(): c for c in COMMAND_TYPES},
    event_types={e.type_name(): e for e in EVENT_TYPES},
    state_type=ArmoryState,
    view_type=ArmoryView,
    initial_state=initial_state,
    decider=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    redact=redact,
    status=memo_last(status),
    event_schema=2,
    upcasters={("AttackHalted", 1): attack_halted_from_schema_1},
    tell_event=tell_event,
    tell_command=tell_command,
    glance=glance,
)

__all__ = ["GAME", "RULESET", "ArmoryState", "ArmoryView", "player"]
