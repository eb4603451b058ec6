"""Swordplay: Arena (2 to 11 heroes): discard, draw, ready, fight; the last hero standing wins.

GAME is the decider the service registers under the ruleset name "swordplay".
The turn structure, interpretations, options and content are in RULES.md.
"""

from __future__ import annotations

from domain.games.swordplay import cards, messages
from domain.games.swordplay.evolve import evolve
from domain.games.swordplay.legal import legal_commands
from domain.games.swordplay.rules import decide
from domain.games.swordplay.state import (
    ABSORB,
    ANY,
    ARMOUR_DESTRUCTION,
    ATTACK_TARGETS,
    DEFAULT_TURN_LIMIT,
    DEFEND,
    SETUP,
    Hero,
    State,
)
from domain.games.swordplay.view import SwordplayView, redact, view
from domain.games.swordplay.words import MONSTER, direction, glance, hero, label, tell_command, tell_event
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


def _hero(seat: int) -> Hero:
    played = cards.hero_for_seat(seat)
    return Hero(seat=seat, name=played.name, life=played.life, max_life=played.life,
                base_damage=played.base_damage, hands=played.hands)


def initial_state(setup: Setup) -> State:
    options = setup.options
    heroes = tuple(_hero(seat) for seat in range(1, len(setup.seats) + 1))
    monster = bool(options.get("monster", False))
    return State(
        seats=len(setup.seats),
        turn_limit=int(options.get("turn_limit", DEFAULT_TURN_LIMIT)),
        armour_destruction=str(options.get("armour_destruction", ABSORB)),
        defence_after_damage=bool(options.get("defence_after_damage", False)),
        attack_targets=str(options.get("attack_targets", ANY)),
        monster=monster,
        opening_deal=bool(options.get("opening_deal", False)),
        first_player_roll=bool(options.get("first_player_roll", False)),
        drop_without_readying=bool(options.get("drop_without_readying", False)),
        heroes=heroes,
        monster_life=cards.MONSTER.life if monster else 0,
    )


def _seat(seat: int) -> str:
    """A seat and the hero it plays, for the status line: "seat 2 (Swordmaiden)"."""
    return f"seat {seat} ({hero(seat)})"


def status(state: State) -> Status:
    if state.finished:
        if state.winner:
            summary = f"{_seat(state.winner)} is the last hero standing"
            return Status(finished=True, winners=(state.winner,), turn=state.turn, summary=summary)
        return Status(finished=True, turn=state.turn, summary=f"drawn: {state.draw_reason}")
    if state.phase == SETUP:
        return in_progress((), 0, NOT_STARTED)
    if state.phase == DEFEND and state.pending is not None:
        pending = state.pending
        if pending.attacker == 0:
            attack = f"{MONSTER}'s {direction(pending.direction)} attack"
        else:
            attack = f"{label(pending.card)} from {_seat(pending.attacker)}"
        return in_progress((pending.target,), state.turn, f"{_seat(pending.target)} answers {attack}")
    return in_progress((state.active,), state.turn, f"{_seat(state.active)}: {state.phase} phase")


GAME: Rules[State] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=State,
    view_type=SwordplayView,
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
