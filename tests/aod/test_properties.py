"""Properties of random legal play: it ends, conserves cards, hides what it must, and
its logs replay and verify. (Every listed command is accepted: tests/test_games.py.)"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.aod import GAME
from domain.games.aod.cards import CARD_IDS
from domain.games.aod.messages import CardMoved, CardsDrawn, CardTaken, DeckShuffled
from domain.games.aod.state import AodState, all_cards
from domain.kernel import Envelope, Event, StartGame, canonical_json, replay, to_plain, verify
from tests.aod.support import KIT, pick_seat, run
from tests.plain import strings

OPTIONS = st.fixed_dictionaries({
    "discard_by_victory": st.booleans(),
    "random_discard": st.sampled_from(["off", "always", "characters"]),
    "switch_before_play_only": st.booleans(),
    "discard_allies_on_flip": st.booleans(),
    "take_from_beaten": st.booleans(),
    "natural_rolls_against_characters": st.booleans(),
    "turn_limit": st.sampled_from([0, 120, 300]),
})
MAX_COMMANDS = 30000


def covered_monsters(state: AodState) -> set[str]:
    """The Monsters below the top of every pile: nobody may see them (aod SET UP)."""
    return {c for p in state.players for c in p.pile[:-1]}


def check_redaction(after: AodState, steps: list[tuple[Event, AodState]]) -> None:
    """What each viewer receives of one command: its events (each against the state it
    leads to), then the view and the legal commands after them."""
    events = [event for event, _ in steps]
    public = {e.card for e in events if isinstance(e, CardMoved)}
    for viewer in (0, *after.seats()):
        told = {e.card for e in events if isinstance(e, CardTaken) and viewer in (e.seat, e.from_seat)}
        hidden = {c for p in after.players if p.seat != viewer for c in p.hand} - public - told
        for event, state in steps:
            seen = GAME.redact(event, viewer)
            if isinstance(seen, DeckShuffled):
                assert seen.order == ()
            if isinstance(seen, CardsDrawn) and seen.seat != viewer:
                assert seen.cards == () and seen.count == len(event.cards)  # type: ignore[attr-defined]
            if isinstance(seen, CardTaken) and viewer not in (seen.seat, seen.from_seat):
                assert seen.card == ""
            assert not strings(seen) & hidden, (viewer, seen)
            assert not strings(seen) & covered_monsters(state), (viewer, "a covered Monster", seen)
        secret = hidden | covered_monsters(after)
        assert not strings(GAME.view(after, viewer)) & secret
        if viewer:
            assert not strings(GAME.legal_commands(after, viewer)) & secret


def random_play(seed: int, seats: int, options: dict[str, bool | int | str]) -> AodState:
    """A random legal game, switches out of turn included; after every command each card
    is in exactly one zone and each viewer is told only what he may know."""
    chooser = random.Random(seed)
    state = run(KIT.initial(seats, options), StartGame(seat=0), str(seed)).state
    commands = 0
    while not GAME.status(state).finished:
        commands += 1
        assert commands < MAX_COMMANDS
        assert GAME.status(state).to_act
        seat = pick_seat(state, chooser)
        legal = GAME.legal_commands(state, seat)
        assert legal, "a seat to act always has a legal command"
        steps = KIT.steps(state, chooser.choice(legal), str(seed), commands)
        assert steps, "an accepted command leaves an event"
        state = steps[-1][1]
        assert sorted(all_cards(state)) == sorted(CARD_IDS), "every card is in exactly one zone"
        check_redaction(state, steps)
        canonical_json(state)
    limit = int(options.get("turn_limit", 0))
    assert state.winner or (limit and state.turn >= limit)
    return state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 4), options=OPTIONS)
def test_random_games_end_conserve_cards_and_hide_hands_and_covered_monsters(
        seed: int, seats: int, options: dict[str, bool | int | str]) -> None:
    random_play(seed, seats, options)


def out_of_turn_switches(envelopes: list[Envelope]) -> int:
    """How many switches a seat made in another seat's turn."""
    active = 0
    count = 0
    for envelope in envelopes:
        if envelope.type == "TurnStarted":
            active = envelope.payload["seat"]
        count += envelope.type == "CardSwitched" and envelope.payload["seat"] != active
    return count


def test_replay_equals_live_state_and_the_log_verifies() -> None:
    """A whole game through the kernel Session: replay folds to the live state, verify re-decides
    (switches out of turn included, aod ITEM CARDS)."""
    for seed, seats, side in ((6, 2, "evil"), (9, 3, "good")):
        played = KIT.play_random(seed, seats, {}, pick_seat=pick_seat)
        assert played.session.finished
        types = [e.type for e in played.envelopes]
        assert "CharacterFlipped" in types, "the game includes an alignment flip"
        assert out_of_turn_switches(played.envelopes), "the game includes a switch out of turn"
        won = [e.payload for e in played.envelopes if e.type == "GameWon"]
        assert won and won[0]["alignment"] == side
        assert types[-1] == "SeedRevealed"
        session, report = replay(GAME, played.log)
        assert report.ok and session is not None and report.finished
        assert to_plain(session.state) == to_plain(played.session.state)
        verified = verify(GAME, played.log)
        assert verified.ok and verified.rules_checked, verified.divergence
