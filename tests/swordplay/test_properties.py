"""Properties of random legal play: games end, cards are conserved, legal commands
are accepted and complete, nothing hidden leaks, replay and verify agree."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.messages import (
    Attack,
    AttackMonster,
    BlockWithShield,
    Defend,
    Discard,
    DropItem,
    EndReady,
    EndTurn,
    ReadyItem,
    SkipDiscard,
    TakeHit,
)
from domain.games.swordplay.state import State
from domain.kernel import Command, StartGame, replay, to_plain, verify
from tests.forgery import resealed_from

from .helpers import KIT, new_state, play_random, run, zones

OPTIONS = st.fixed_dictionaries({
    "armour_destruction": st.sampled_from(("absorb", "shatter")),
    "defence_after_damage": st.booleans(),
    "attack_targets": st.sampled_from(("any", "left")),
    "monster": st.booleans(),
    "opening_deal": st.booleans(),
    "first_player_roll": st.booleans(),
    "drop_without_readying": st.booleans(),
})
SEATS = st.integers(min_value=2, max_value=cards.MAX_SEATS)
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_ids_in(value: object) -> set[str]:
    """Every combat card id named anywhere in an event or a view."""
    plain = to_plain(value)
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str) and cards.is_card_id(node):
            found.add(node)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(plain)
    return found


def hidden_from(state: State, viewer: int) -> set[str]:
    return {c for h in state.heroes if h.seat != viewer for c in h.hand}


def some_commands(state: State, seat: int, chooser: random.Random) -> list[Command]:
    """A sample of well-formed commands, legal or not."""
    card = chooser.choice(cards.ALL_CARDS)
    target = chooser.randint(0, state.seats + 1)
    return [
        Discard(seat=seat, card=card), SkipDiscard(seat=seat), DropItem(seat=seat, card=card),
        ReadyItem(seat=seat, card=card), EndReady(seat=seat), Attack(seat=seat, card=card, target_seat=target),
        AttackMonster(seat=seat, card=card), EndTurn(seat=seat), Defend(seat=seat, card=card),
        BlockWithShield(seat=seat, card=card), TakeHit(seat=seat),
    ]


@FAST
@given(seats=SEATS, options=OPTIONS, seed=st.integers(min_value=0, max_value=10**9))
def test_random_legal_games_end_conserve_cards_and_hide_hands(
    seats: int, options: dict[str, bool | str], seed: int
) -> None:
    chooser = random.Random(seed)
    state = new_state(seats, **options)
    state, events = run(state, StartGame(seat=0), str(seed))
    position = len(events)
    steps = 0
    while not GAME.status(state).finished:
        steps += 1
        assert steps < 5000 and state.turn <= 300
        status = GAME.status(state)
        assert status.to_act
        for seat in range(1, seats + 1):
            legal = GAME.legal_commands(state, seat)
            assert bool(legal) == (seat in status.to_act)
            if not legal and chooser.random() < 0.8:
                continue
            # Commands naming any card, not only those listed: accepted exactly when listed.
            for command in some_commands(state, seat, chooser):
                refusal = GAME.refusal(state, command)
                assert refusal is None or (refusal.rule.startswith("swordplay ") and refusal.message)
                assert (refusal is None) == (command in legal), command
        seat = chooser.choice(status.to_act)
        command = chooser.choice(GAME.legal_commands(state, seat))
        stepped = KIT.steps(state, command, str(seed), position)
        position += len(stepped)
        for event, state in stepped:
            for viewer in range(0, seats + 1):
                # A card an event names is public from then on; it must not sit in another seat's hand.
                assert not card_ids_in(GAME.redact(event, viewer)) & hidden_from(state, viewer), (viewer, event)
        placed = zones(state)
        assert len(placed) == len(set(placed)) == cards.COMBAT_CARDS
        for viewer in range(0, seats + 1):
            hidden = hidden_from(state, viewer)
            seen = GAME.view(state, viewer)
            assert not card_ids_in(dataclasses.replace(seen, hand=())) & hidden
            assert not card_ids_in(seen.hand) & hidden
    assert GAME.legal_commands(state, 1) == []
    assert GAME.status(state).winners or state.draw_reason


@settings(max_examples=6, deadline=None)
@given(seats=SEATS, options=OPTIONS, seed=st.integers(min_value=0, max_value=10**9))
def test_replay_equals_live_state_and_the_log_verifies(seats: int, options: dict[str, bool | str], seed: int) -> None:
    played = play_random(seed, seats, options)
    session, report = replay(GAME, played.log)
    assert report.ok and report.finished and session is not None
    assert session.state == played.session.state
    checked = verify(GAME, played.log)
    assert checked.ok and checked.rules_checked and checked.commands == played.commands + 1


def test_a_tampered_log_is_caught_by_verify() -> None:
    played = play_random(7)
    envelopes = list(played.log.envelopes)
    index = next(i for i, e in enumerate(envelopes) if e.type == "DamageDealt")
    envelopes[index] = dataclasses.replace(envelopes[index], payload={**envelopes[index].payload, "life": 99})
    report = verify(GAME, resealed_from(played.log, envelopes, index))
    assert not report.ok and report.divergence is not None


def test_fifty_seeded_random_games_all_end_with_a_winner() -> None:
    for seed in range(50):
        played = play_random(seed, (2, 4, 11)[seed % 3], {"monster": seed % 5 == 0})
        assert GAME.status(played.session.state).winners
