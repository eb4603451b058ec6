"""legal_commands is exactly its slow definition: every candidate command, in the order
below, that validate accepts. legal.py builds the commands directly instead of
validating each candidate (issue 14); this file keeps the slow definition as the
oracle, as legal.py stood before, and checks that the two give the same list in the
same order at every position of random games, under every option that changes what
is legal."""

from __future__ import annotations

import random

import pytest

from domain.games.aod import GAME
from domain.games.aod.cards import EVENT, MONSTER, card
from domain.games.aod.effects import event_targets
from domain.games.aod.messages import Attack, DiscardCard, EndTurn, PlayCard, SwitchAlly, SwitchItem
from domain.games.aod.rules import may_switch, validate
from domain.games.aod.state import ATTACK, PLAY, AodState
from domain.games.aod.turn import to_act
from domain.kernel import Command, RuleViolation
from tests.aod.support import apply, pick_seat, started


def candidates(state: AodState, seat: int) -> list[Command]:
    found: list[Command] = []
    player = state.player(seat)
    if state.owed_seat == seat:
        found += [DiscardCard(seat=seat, card=c) for c in player.hand]
    elif state.active == seat and not state.owed_seat and state.phase == PLAY:
        for c in player.hand:
            kind = card(c).kind
            if kind == MONSTER:
                found += [PlayCard(seat=seat, card=c, target_seat=s) for s in state.seats()]
            elif kind == EVENT:
                found += [PlayCard(seat=seat, card=c, target_seat=s, target_card=t)
                          for s, t in event_targets(state, seat, c)]
            else:
                found.append(PlayCard(seat=seat, card=c))
            found.append(DiscardCard(seat=seat, card=c))
    elif state.active == seat and not state.owed_seat and state.phase == ATTACK:
        targets = [(s, state.player(s).pile[-1]) for s in state.seats() if state.player(s).pile]
        targets += [(s, "") for s in state.seats() if s != seat]
        weapon_flags = (False, True) if player.weapons else (False,)
        other_flags = (False, True) if player.others else (False,)
        ally_flags = (False, True) if player.allies else (False,)
        for target_seat, target_card in targets:
            found += [Attack(seat=seat, target_seat=target_seat, target_card=target_card,
                             use_weapon=w, use_other=o, use_allies=a)
                      for w in weapon_flags for o in other_flags for a in ally_flags]
        found.append(EndTurn(seat=seat))
    if may_switch(state, seat)[0]:
        found += [SwitchItem(seat=seat, card=c) for c in (*player.weapons[1:], *player.others[1:])]
        active = player.active_allies()
        found += [SwitchAlly(seat=seat, card=c) for c in player.allies if c not in active]
    return found


def accepted(state: AodState, seat: int) -> list[Command]:
    """The slow definition of legal_commands."""
    if seat not in to_act(state) and not may_switch(state, seat)[0]:
        return []
    legal: list[Command] = []
    for command in candidates(state, seat):
        try:
            validate(state, command)
        except RuleViolation:
            continue
        legal.append(command)
    return legal


@pytest.mark.parametrize("options", [
    {},
    {"switch_before_play_only": True, "take_from_beaten": True},
    {"discard_by_victory": True, "random_discard": "always", "discard_allies_on_flip": True},
])
@pytest.mark.parametrize("seats", [2, 4])
def test_legal_commands_are_the_candidates_validate_accepts(seats: int, options: dict[str, bool | str]) -> None:
    chooser = random.Random(seats * 7 + len(options))
    for game in range(3):
        state = started(seats, {**options, "turn_limit": 200}, seed=f"legal-{game}")
        positions = 0
        while not state.finished and positions < 3000:
            for seat in state.seats():
                assert GAME.legal_commands(state, seat) == accepted(state, seat), (seat, state)
            seat = pick_seat(state, chooser)
            state = apply(state, chooser.choice(GAME.legal_commands(state, seat)), position=positions)
            positions += 1
        for seat in state.seats():  # the game over: nothing is legal, as nothing is accepted
            assert GAME.legal_commands(state, seat) == accepted(state, seat)


def test_before_the_start_nothing_is_legal_as_nothing_is_accepted() -> None:
    state = GAME.initial_state(GAME.ruleset.check_setup(["ann", "bob"], {}, ""))
    assert [GAME.legal_commands(state, seat) for seat in (1, 2)] == [accepted(state, seat) for seat in (1, 2)] == [
        [], []]
