"""Army of Darkness (Eden Studios, 2004) as a tablerules decider. See RULES.md."""

from __future__ import annotations

from domain.games.aod import messages
from domain.games.aod.cards import CONTENT
from domain.games.aod.checks import plan
from domain.games.aod.citations import R_OPTIONAL_RULES, R_SETUP_SECTION
from domain.games.aod.evolve import evolve
from domain.games.aod.legal import legal_commands
from domain.games.aod.state import RANDOM_ALWAYS, RANDOM_CHARACTERS, RANDOM_OFF, AodState, initial_state
from domain.games.aod.turn import status
from domain.games.aod.view import AodView, redact, view
from domain.games.aod.words import glance, tell_command, tell_event
from domain.kernel import Chance, Command, Event, Information, OptionSpec, Rules, Ruleset, memo_last, types_in

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


GAME: Rules[AodState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=AodState,
    view_type=AodView,
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
