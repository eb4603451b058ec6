"""Guardians (FPG, 1995) as a tablerules decider. See RULES.md."""

from __future__ import annotations

from domain.games.guardians import messages
from domain.games.guardians.cards import CONTENT
from domain.games.guardians.decks import check_deck, parse_deck
from domain.games.guardians.evolve import evolve
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.rules import decide, to_act
from domain.games.guardians.state import ALTERNATING, DECK, SETUP, SIMULTANEOUS, GuardiansState, Options, Player
from domain.games.guardians.view import GuardiansView, redact, view
from domain.games.guardians.words import PHASES, glance, label, tell_command, tell_event
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

DECK_HELP = (
    "an example deck (knights, giants-fairies, undead) or a deck list "
    "'guardian=<key>;stronghold=<key>,<key>,<key>;cards=<key>*<count>,...'"
)

RULESET = Ruleset(
    name="guardians",
    title="Guardians",
    version="3.0.0",
    min_seats=2,
    max_seats=2,
    chance=Chance.SAMPLED_STOCHASTIC,
    information=Information.IMPERFECT,
    options=(
        OptionSpec("deck_1", f"seat 1's deck: {DECK_HELP}", "knights", rulebook="guardians THE DECK"),
        OptionSpec("deck_2", f"seat 2's deck: {DECK_HELP}", "giants-fairies", rulebook="guardians THE DECK"),
        OptionSpec(
            "placement",
            "how the seats place their cards in Draw & Organize: 'alternating' (a coin says "
            "who places first, then one card each in turn, seen by the other) is the rulebook's remedy; "
            "'simultaneous' (both place in secret and commit, then both are revealed) is the default, "
            "since the rulebook's own game has both place at once",
            SIMULTANEOUS,
            choices=(SIMULTANEOUS, ALTERNATING),
            rulebook="guardians Who Places First?",
        ),
        OptionSpec(
            "up_cards_in_organize",
            "turn the Up cards as soon as both seats have drawn in Draw & Organize, instead of as the "
            "Movement phase begins, so that both seats place knowing who moves first",
            False,
            rulebook="guardians Who Places First?",
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


def initial_state(setup: Setup) -> GuardiansState:
    values = dict(setup.options)
    decks = (str(values.get("deck_1", "knights")), str(values.get("deck_2", "giants-fairies")))
    lists = []
    for seat, text in enumerate(decks, start=1):
        deck = parse_deck(text)
        try:
            check_deck(deck)
        except ValueError as error:
            raise ValueError(f"deck_{seat}: {error}") from None
        lists.append(deck)
    options = Options(
        decks=decks,
        placement=str(values.get("placement", SIMULTANEOUS)),
        turn_limit=int(values.get("turn_limit", 0)),
        up_cards_in_organize=bool(values.get("up_cards_in_organize", False)),
    )
    players = tuple(Player(seat=i, name=name) for i, name in enumerate(setup.seats, start=1))
    zones = {
        f"{seat}:{DECK}": tuple(f"{seat}.{instance}" for instance in deck.instances())
        for seat, deck in enumerate(lists, start=1)
    }
    return GuardiansState(options=options, players=players, zones=zones)


def status(state: GuardiansState) -> Status:
    if state.finished:
        winners = (state.winner,) if state.winner else ()
        return Status(finished=True, winners=winners, turn=state.turn, summary=state.result)
    acting = to_act(state)
    if state.phase == SETUP:
        return in_progress(acting, state.turn, NOT_STARTED)
    summary = f"turn {state.turn}: {PHASES.get(state.phase, state.phase)}"
    if state.combat is not None:
        summary += f" at {state.combat.space} ({state.combat.stage})"
    if state.answer is not None:
        summary += f", seat {state.answer.actor} answers {label(state.answer.card)}"
    return in_progress(acting, state.turn, summary)


GAME: Rules[GuardiansState] = Rules(
    ruleset=RULESET,
    command_types=types_in(vars(messages), Command),
    event_types=types_in(vars(messages), Event),
    state_type=GuardiansState,
    view_type=GuardiansView,
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
