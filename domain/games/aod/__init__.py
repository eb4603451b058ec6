"""Army of Darkness (Eden Studios, 2004) as a tablerules decider. See RULES.md."""

from __future__ import annotations

from domain.games.aod import messages
from domain.games.aod.cards import CARD_IDS, CONTENT, parse_characters
from domain.games.aod.citations import R_OPTIONAL_RULES, R_SETUP_SECTION
from domain.games.aod.evolve import evolve
from domain.games.aod.legal import legal_commands
from domain.games.aod.rules import decide, to_act
from domain.games.aod.state import (
    RANDOM_ALWAYS,
    RANDOM_CHARACTERS,
    RANDOM_OFF,
    SETUP,
    AodState,
    Options,
    Player,
)
from domain.games.aod.view import AodView, redact, view
from domain.games.aod.words import character, glance, tell_command, tell_event
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
    types_in,
)
from domain.kernel.game import memo_last

RULESET = Ruleset(
    name="aod",
    title="Army of Darkness",
    version="3.0.0",
    min_seats=2,
    max_seats=4,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.IMPERFECT,
    options=(
        OptionSpec("characters", "comma list of characters by seat (ash, sheila, arthur, henry); "
                   "empty: Ash, Sheila, Arthur, Henry in seat order. Ash's seat goes first", "",
                   rulebook=R_SETUP_SECTION),
        OptionSpec("turn_limit", "the game ends drawn after this many turns (0, the default: no "
                   "limit, as in the rulebook)", 0, minimum=0, maximum=100_000),
        OptionSpec("discard_by_victory", "a loss to a Monster discards its Victory rating "
                   "in cards (at least one)", False, rulebook=R_OPTIONAL_RULES),
        OptionSpec("random_discard", "losses discard at random: off, always, or only "
                   "when beaten by a character", RANDOM_OFF,
                   choices=(RANDOM_OFF, RANDOM_ALWAYS, RANDOM_CHARACTERS), rulebook=R_OPTIONAL_RULES),
        OptionSpec("switch_before_play_only", "Items and Allies may be switched only "
                   "between the draw and the play", False, rulebook=R_OPTIONAL_RULES),
        OptionSpec("discard_allies_on_flip", "a character who changes sides discards all "
                   "his Allies", False, rulebook=R_OPTIONAL_RULES),
        OptionSpec("take_from_beaten", "the winner of a fight between characters takes a "
                   "random card from the loser's hand (the loser still discards)", False,
                   rulebook=R_OPTIONAL_RULES),
        OptionSpec("natural_rolls_against_characters", "a natural 6 always wins and a natural 1 "
                   "always loses in attacks on characters too, not only on Monsters", False),
    ),
    contents=(CONTENT,),
    rulebook="army-of-darkness.txt",
)


def initial_state(setup: Setup) -> AodState:
    values = dict(setup.options)
    options = Options(
        characters=str(values.get("characters", "")),
        turn_limit=int(values.get("turn_limit", 0)),
        discard_by_victory=bool(values.get("discard_by_victory", False)),
        random_discard=str(values.get("random_discard", RANDOM_OFF)),
        switch_before_play_only=bool(values.get("switch_before_play_only", False)),
        discard_allies_on_flip=bool(values.get("discard_allies_on_flip", False)),
        take_from_beaten=bool(values.get("take_from_beaten", False)),
        natural_rolls_against_characters=bool(values.get("natural_rolls_against_characters", False)),
    )
    characters = parse_characters(options.characters, len(setup.seats))
    players = tuple(Player(seat=i, name=name, character=characters[i - 1])
                    for i, name in enumerate(setup.seats, start=1))
    return AodState(options=options, players=players, deck=CARD_IDS)


def _seat(state: AodState, seat: int) -> str:
    """A seat and the side of its character, for the status line: "seat 2 (evil Sheila)"."""
    player = state.player(seat)
    return f"seat {seat} ({player.alignment} {character(player.character)})"


def status(state: AodState) -> Status:
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        summary = f"{_seat(state, state.winner)} won: {state.result}" if state.winner else state.result
        return Status(finished=True, winners=winners, turn=state.turn, summary=summary)
    acting = to_act(state)
    if state.phase == SETUP:
        return in_progress(acting, state.turn, NOT_STARTED)
    summary = f"turn {state.turn}: {_seat(state, state.active)}, {state.phase} step"
    if state.owed_seat:
        owed = "1 discard" if state.owed_count == 1 else f"{state.owed_count} discards"
        summary += f"; {_seat(state, state.owed_seat)} owes {owed} ({state.owed_reason})"
    return in_progress(acting, state.turn, summary)


GAME: Rules[AodState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=AodState,
    view_type=AodView,
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
