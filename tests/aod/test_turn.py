"""aod Play and the turn's order (draw, play, attack)."""

from __future__ import annotations

from domain.games.aod import GAME
from domain.games.aod.messages import (
    Attack,
    CardMoved,
    DiscardCard,
    EndTurn,
    PhaseChanged,
    PlayCard,
    TurnStarted,
)
from domain.games.aod.state import ATTACK, PLAY, AodState
from tests.aod.support import refused, run, table
from tests.kit import of


def base(phase: str = PLAY) -> AodState:
    return table(3, phase=phase, deck=("mace", "shield", "torch"), players={
        1: {"hand": ("deadite-1", "sword-1", "knights-1", "necronomicon")},
        2: {"hand": ("armor-1",), "pile": ("mini-ash-1",)},
        3: {"hand": ("catapult",)},
    })


def test_play_a_monster_on_any_pile() -> None:
    """aod Monsters: a Monster goes on top of any character's pile."""
    state, events = run(base(), PlayCard(seat=1, card="deadite-1", target_seat=2))
    assert state.player(2).pile == ("mini-ash-1", "deadite-1")
    assert of(events, PhaseChanged)[-1].phase == ATTACK


def test_play_items_allies_and_the_necronomicon_next_to_you() -> None:
    """aod Items / aod Allies / aod Objective: they enter play next to your character."""
    state = run(base(), PlayCard(seat=1, card="sword-1")).state
    assert state.player(1).weapons == ("sword-1",)
    state = run(base(), PlayCard(seat=1, card="knights-1")).state
    assert state.player(1).allies == ("knights-1",)
    state = run(base(), PlayCard(seat=1, card="necronomicon")).state
    assert state.book_holder == 1 and state.book_ready


def test_discard_instead_of_playing() -> None:
    """aod Play: a card that is not played is discarded."""
    state, events = run(base(), DiscardCard(seat=1, card="sword-1"))
    assert state.discard == ("sword-1",) and state.phase == ATTACK
    assert of(events, CardMoved)[0].reason == "discarded instead of a play"


def test_only_one_card_per_turn_and_only_your_own() -> None:
    """aod Play: one card, by the active seat, from his hand."""
    state = run(base(), PlayCard(seat=1, card="sword-1")).state
    assert refused(state, PlayCard(seat=1, card="knights-1")).rule == "aod Play"
    assert refused(base(), PlayCard(seat=2, card="armor-1")).rule == "aod Play"
    assert refused(base(), PlayCard(seat=1, card="armor-1")).rule == "aod Play"
    assert refused(base(), PlayCard(seat=1, card="sword-1", target_seat=2)).rule == "aod Play"
    assert refused(base(), PlayCard(seat=1, card="deadite-1", target_seat=9)).rule == "aod Play"


def test_no_attack_before_the_play() -> None:
    """aod Play: draw, then play, then attack, in that order."""
    assert refused(base(), Attack(seat=1, target_seat=2)).rule == "aod Attack"


def test_attack_is_mandatory_with_monsters_in_your_pile() -> None:
    """aod Attack: a seat with Monsters in his pile must attack something."""
    state = table(2, phase=ATTACK, players={1: {"hand": ("mace",), "pile": ("deadite-1",)}})
    assert refused(state, EndTurn(seat=1)).rule == "aod Attack"
    assert EndTurn(seat=1) not in GAME.legal_commands(state, 1)


def test_empty_pile_may_end_the_turn_without_attacking() -> None:
    """aod Attack: no Monsters, no obligation; play passes on."""
    state = table(2, phase=ATTACK, deck=("mace",), players={1: {"hand": ("torch",)}})
    state, events = run(state, EndTurn(seat=1))
    assert of(events, TurnStarted)[0].seat == 2 and state.player(2).hand == ("mace",)


def test_attack_targets_only_top_monsters_and_other_characters() -> None:
    """aod Attack / aod Monsters: only the top Monster of a pile; not your own character."""
    state = table(2, phase=ATTACK, players={1: {"hand": ("mace",), "pile": ("deadite-1", "deadite-2")}})
    assert refused(state, Attack(seat=1, target_seat=1, target_card="deadite-1")).rule == "aod Attack"
    assert refused(state, Attack(seat=1, target_seat=1)).rule == "aod Attack"
    assert refused(state, Attack(seat=1, target_seat=2, use_weapon=True)).rule == "aod Items"
    assert refused(state, Attack(seat=1, target_seat=2, use_allies=True)).rule == "aod Allies"
    legal = GAME.legal_commands(state, 1)
    assert {(c.target_seat, c.target_card) for c in legal if isinstance(c, Attack)} == {(1, "deadite-2"), (2, "")}


def test_legal_commands_in_the_play_step() -> None:
    state = base()
    legal = GAME.legal_commands(state, 1)
    assert PlayCard(seat=1, card="deadite-1", target_seat=3) in legal
    assert DiscardCard(seat=1, card="necronomicon") in legal
    assert GAME.legal_commands(state, 2) == []
    assert GAME.status(state).to_act == (1,)
