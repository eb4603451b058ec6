"""Properties of random legal Guardians play: it ends, conserves cards, hides what it
must, and its logs replay and verify. (Every listed command is accepted, and every
accepted one listed: tests/test_games.py.)"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from domain.games.guardians import GAME
from domain.games.guardians.decks import parse_deck
from domain.games.guardians.messages import CardsMoved, CommandChosen, Committed, CreatureChosen, DeckShuffled, Place
from domain.games.guardians.state import INSTANCE, PLACED, GuardiansState, is_public, seat_of
from domain.kernel import Event, StartGame, canonical_json, replay, to_plain
from domain.kernel import verify as verify_log
from tests.guardians.support import KIT, run
from tests.plain import strings

DECKS = ("knights", "giants-fairies", "undead")
OPTIONS = st.fixed_dictionaries(
    {
        "deck_1": st.sampled_from(DECKS),
        "deck_2": st.sampled_from(DECKS),
        "placement": st.sampled_from(["simultaneous", "alternating"]),
        "turn_limit": st.sampled_from([8, 20, 40]),
    }
)
MAX_COMMANDS = 20000


def all_instances(state: GuardiansState) -> list[str]:
    return sorted(card for cards in state.zones.values() for card in cards)


def face_up(state: GuardiansState) -> set[str]:
    """Cards anybody may see now: in public zones, or face up in the combat under way."""
    shown = {c for name, cards in state.zones.items() if is_public(name.split(":", 1)[1]) for c in cards}
    if state.combat is not None:
        for side in (state.combat.attacker, state.combat.defender):
            shown |= {*side.played, *side.ranged, *side.beaten, *side.destroyed, *side.out}
            if state.combat.stage not in ("declare", "command"):
                shown.add(side.command)
    return shown


def secret_from(state: GuardiansState, viewer: int) -> set[str]:
    """Another seat's cards that lie face down (or in its deck) now, but those the viewer
    is shown by a spell of its own (Assassin of Shadow)."""
    shown = set(state.player(viewer).looking) if viewer else set()
    # A seat placing in secret is pictured as it stood before: what was face up then may show.
    pictured = state.veiled(viewer)
    return {c for cards in state.zones.values() for c in cards if seat_of(c) != viewer} - face_up(pictured) - shown


def check_redaction(before: GuardiansState, after: GuardiansState, events: list[Event]) -> None:
    for viewer in (0, 1, 2):
        for event in events:
            seen = GAME.redact(event, viewer)
            if isinstance(seen, DeckShuffled):
                assert seen.order == ()
            if isinstance(seen, CardsMoved) and isinstance(event, CardsMoved) and seen.seat != viewer:
                if seen.reason == PLACED:
                    assert seen.cards == () and seen.to_zone == "" and seen.from_zone == ""
                elif not (is_public(event.from_zone) or is_public(event.to_zone)):
                    assert seen.cards == ()
                assert seen.count == len(event.cards)
            if isinstance(seen, CommandChosen | CreatureChosen) and seen.seat != viewer:
                assert seen.card == ""
            if isinstance(seen, Committed) and seen.seat != viewer:
                assert seen.salt == ""
        hidden = secret_from(after, viewer)
        seen = GAME.view(after, viewer)
        assert not strings(seen) & hidden, viewer
        if viewer:
            legal = GAME.legal_commands(after, viewer)
            assert not strings(legal) & hidden
            # Every card a command names is described in the view (name and numbers).
            described = {face.id for face in seen.cards}
            assert {s for s in strings(legal) if INSTANCE.fullmatch(s)} <= described


def random_play(seed: int, options: Mapping[str, Any], *, check_views: bool = False) -> GuardiansState:
    """A random legal game, checked after every command; its generators are the kit's
    (game id "g"), those of the games kept in tests/guardians/data."""
    state = KIT.initial(2, options)
    cards = all_instances(state)
    chooser = random.Random(seed)
    state = run(state, StartGame(seat=0), str(seed)).state
    commands = 0
    while not GAME.status(state).finished:
        commands += 1
        assert commands < MAX_COMMANDS
        acting = GAME.status(state).to_act
        assert acting, "someone always has a decision in a game under way"
        seat = chooser.choice(acting)
        legal = GAME.legal_commands(state, seat)
        assert legal, f"seat {seat} is waited on and has a legal command ({GAME.status(state).summary})"
        before = state
        command = chooser.choice(legal)
        state, events = run(state, command, str(seed), commands)
        assert all_instances(state) == cards, "every card is in exactly one zone"
        if not state.moving and state.combat is None:
            # A Shield on another's space could neither move on nor end a move there.
            assert len({s.space for s in state.shields}) == len(state.shields), "two Shields share a space"
        if check_views:
            check_redaction(before, state, events)
            if isinstance(command, Place) and state.options.placement == "simultaneous":
                for viewer in (0, 3 - command.seat):
                    assert GAME.view(before, viewer) == GAME.view(state, viewer), "a secret placement shows"
        canonical_json(state)
    # A drawn game is the house rule's (turn_limit): the rulebook's game ends only when won.
    limit = int(options.get("turn_limit", 0))
    assert state.winner or (limit and state.turn >= limit), state.result
    return state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=OPTIONS)
# Its beaten defender retreated where the attacker went back to (test_no_stuck_seat).
@example(seed=606, options={"deck_1": "giants-fairies", "deck_2": "giants-fairies", "placement": "alternating",
                            "turn_limit": 8})
# Its Woods settled one land and left the other with no way to settle it (test_no_stuck_seat).
@example(seed=155, options={"deck_1": "undead", "deck_2": "undead", "placement": "simultaneous", "turn_limit": 20})
# Its Assassin of Shadow took a card the enemy had drawn since the look (test_assassin).
@example(seed=156, options={"deck_1": "undead", "deck_2": "undead", "placement": "simultaneous", "turn_limit": 20})
def test_random_games_end_and_conserve_cards(seed: int, options: dict[str, Any]) -> None:
    random_play(seed, options)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=OPTIONS)
def test_nothing_face_down_reaches_another_seat(seed: int, options: dict[str, Any]) -> None:
    random_play(seed, {**options, "turn_limit": 6}, check_views=True)


def test_a_custom_deck_list_plays() -> None:
    """A client's own deck list (the compact form) sets up and plays (guardians THE DECK)."""
    undead = parse_deck("undead")
    text = (
        f"guardian={undead.guardian};stronghold={','.join(undead.stronghold)};"
        f"cards={','.join(f'{key}*{count}' for key, count in undead.cards)}"
    )
    state = random_play(3, {"deck_1": text, "turn_limit": 4})
    assert state.player(1).deck_name != "undead"


def test_replay_equals_live_state_and_the_log_verifies() -> None:
    """A whole game through the kernel Session: replay folds to the live state and verify
    re-decides every command."""
    played = KIT.play_random(11, 2, {"turn_limit": 10})
    session, log = played.session, played.log
    assert session.finished
    replayed, report = replay(GAME, log)
    assert report.ok and replayed is not None and report.finished
    assert to_plain(replayed.state) == to_plain(session.state)
    verified = verify_log(GAME, log)
    assert verified.ok and verified.rules_checked, verified.divergence
