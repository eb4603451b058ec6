"""Guardians (FPG, 1995) as a tablerules decider. See RULES.md."""

from __future__ import annotations

from domain.games.guardians import messages
from domain.games.guardians.cards import CONTENT
from domain.games.guardians.checks import plan
from domain.games.guardians.citations import R_DECK, R_WHO_PLACES
from domain.games.guardians.evolve import evolve
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.state import ALTERNATING, SIMULTANEOUS, GuardiansState, initial_state
from domain.games.guardians.turn import status
from domain.games.guardians.view import GuardiansView, redact, view
from domain.games.guardians.words import glance, tell_command, tell_event
from domain.kernel import (
    Chance,
    Command,
    Event,
    Information,
    OptionSpec,
    Rules,
    Ruleset,
    memo_last,
    types_in,
)

DECK_HELP = (
    "an example deck (knights, giants-fairies, undead), a deck list "
    "'guardian=<key>;stronghold=<key>,<key>,<key>;cards=<key>*<count>,...', or 'random:<seed>' "
    "(a legal deck drawn from the whole card pool by the seed: 1 to 32 letters, digits, '-' or '_')"
)

RULESET = Ruleset(
    name="guardians",
    title="Guardians",
    version="5.0.0",
    min_seats=2,
    max_seats=2,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.IMPERFECT,
    options=(
        OptionSpec("deck_1", f"seat 1's deck: {DECK_HELP}", "knights", rulebook=R_DECK),
        OptionSpec("deck_2", f"seat 2's deck: {DECK_HELP}", "giants-fairies", rulebook=R_DECK),
        OptionSpec(
            "placement",
            "how the seats place their cards in Draw & Organize: 'alternating' (a coin says "
            "who places first, then one card each in turn, seen by the other) is the rulebook's remedy; "
            "'simultaneous' (both place in secret and commit, then both are revealed) is the default, "
            "since the rulebook's own game has both place at once",
            SIMULTANEOUS,
            choices=(SIMULTANEOUS, ALTERNATING),
            rulebook=R_WHO_PLACES,
        ),
        OptionSpec(
            "up_cards_in_organize",
            "turn the Up cards as soon as both seats have drawn in Draw & Organize, instead of as the "
            "Movement phase begins, so that both seats place knowing who moves first",
            False,
            rulebook=R_WHO_PLACES,
        ),
        OptionSpec(
            "turn_limit",
            "the game ends drawn after this many turns, so that games of bots end "
            "(0, the default: no limit, as in the rulebook)",
            0,
            minimum=0,
        ),
    ),
    contents=(CONTENT,),
    rulebook="guardians.txt",
)


GAME: Rules[GuardiansState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=GuardiansState,
    view_type=GuardiansView,
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
