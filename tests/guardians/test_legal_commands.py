"""Guardians' legal lists agree with its plan (the one decide shape, issue 29) at the
positions the generic test (tests/test_games.py) does not reach: games of decks with
the uncommon cards (channelers, creature items, stronghold upgrades, Teleport Towers,
shield/terrain cards, standard bearers) and every position of the stored logs. Every
listed command is accepted; a command listed for the other seat or at the position
before, given to this seat, is accepted only if it is listed."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.guardians import GAME
from domain.games.guardians.cards import CARDS
from domain.games.guardians.decks import MAX_COPIES, RESTRICTED, parse_deck
from domain.games.guardians.state import GuardiansState
from domain.kernel import Command, Rng, StartGame, parse_log
from domain.kernel.session import decode_event
from tests.stored_logs import CURRENT_LOGS, GOLDEN_LOGS

# ---------------------------------------------------------------- the positions


class Checker:
    """Checks the positions of one game in order, remembering the last one's lists."""

    def __init__(self) -> None:
        self.before: list[Command] = []

    def check(self, state: GuardiansState) -> None:
        listed = {seat: GAME.legal_commands(state, seat) for seat in (1, 2)}
        for seat, commands in listed.items():
            for command in commands:
                refused = GAME.refusal(state, command)
                assert refused is None, f"seat {seat}'s listed {command} is refused: {refused}"
        others = [*self.before, *listed[1], *listed[2]]
        for seat, commands in listed.items():
            tried = {dataclasses.replace(c, seat=seat) for c in others} - set(commands)
            for command in tried:
                assert GAME.refusal(state, command) is not None, f"seat {seat}'s {command} is accepted, not listed"
        self.before = [c for commands in listed.values() for c in commands]


def random_positions(seed: int, options: Mapping[str, Any]) -> Iterator[GuardiansState]:
    """The positions of one random legal game, each before a seat chooses."""
    setup = GAME.ruleset.check_setup(["ann", "bob"], dict(options), "")
    state = GAME.initial_state(setup)
    chooser = random.Random(seed)
    position = 0
    command: Command = StartGame(seat=0)
    while True:
        events = GAME.decide(state, command, Rng(str(seed), "g", position))
        for event in events:
            state = GAME.evolve(state, event)
        position += len(events)
        if state.finished:
            return
        yield state
        seat = chooser.choice(GAME.status(state).to_act)
        command = chooser.choice(GAME.legal_commands(state, seat))


DECKS = ("knights", "giants-fairies", "undead")
UNCOMMON = sorted(
    key
    for key, card in CARDS.items()
    if card.in_deck
    and key not in RESTRICTED
    and (card.cmp > 0 or card.kind in ("creature-item", "upgrade", "shield-terrain", "standard-bearer", "hand-item"))
)
"""Cards the example decks hold few of or none: channelers, creature items, stronghold
upgrades, shield/terrain cards, standard bearers, items."""


@st.composite
def decks(draw: st.DrawFn) -> str:
    """An example deck, or one with some uncommon cards added (a deck list)."""
    deck = parse_deck(draw(st.sampled_from(DECKS)))
    added = draw(st.lists(st.sampled_from(UNCOMMON), max_size=10, unique=True))
    if not added:
        return deck.name
    counts = dict(deck.cards)
    for key in added:
        counts[key] = min(counts.get(key, 0) + draw(st.integers(1, 3)), MAX_COPIES)
    cards = ",".join(f"{key}*{count}" for key, count in sorted(counts.items()))
    return f"guardian={deck.guardian};stronghold={','.join(deck.stronghold)};cards={cards}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    options=st.fixed_dictionaries(
        {
            "deck_1": decks(),
            "deck_2": decks(),
            "placement": st.sampled_from(["simultaneous", "alternating"]),
            "turn_limit": st.sampled_from([3, 8, 16]),
        }
    ),
)
def test_legal_commands_are_what_plan_accepts(seed: int, options: dict[str, Any]) -> None:
    checker = Checker()
    for state in random_positions(seed, options):
        checker.check(state)


@pytest.mark.parametrize(
    "path",
    [p for p in (*CURRENT_LOGS, *GOLDEN_LOGS) if p.name.startswith("guardians") or p.parent.name == "guardians"],
    ids=lambda p: p.name,
)
def test_legal_commands_along_the_stored_logs(path: Any) -> None:
    """Every position of a stored game where a seat chose its next command."""
    log = parse_log(path.read_text(encoding="utf-8").splitlines())
    setup = GAME.ruleset.check_setup(list(log.header.seats), dict(log.header.options), log.header.content)
    state = GAME.initial_state(setup)
    command_id = ""
    checker = Checker()
    for envelope in log.envelopes:
        if envelope.type not in GAME.event_types:
            continue
        if envelope.command_id != command_id:
            checker.check(state)
            command_id = envelope.command_id
        state = GAME.evolve(state, decode_event(GAME, envelope))
