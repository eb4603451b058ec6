"""aod Health (flips) and aod Objective (wins, the Necronomicon's timing)."""

from __future__ import annotations

from domain.games.aod import GAME
from domain.games.aod.messages import (
    Attack,
    CardsDrawn,
    CharacterFlipped,
    DiscardCard,
    DiscardOwed,
    EndTurn,
    GameDrawn,
    GameWon,
    PlayCard,
    TurnStarted,
)
from domain.games.aod.state import ATTACK, PLAY
from tests.aod.support import run, table, with_die
from tests.kit import of

DECK = ("mace", "shield", "torch", "armor-1", "armor-2", "sword-1", "sword-2", "sword-3", "delta-88")


def test_discarding_the_last_card_flips_and_draws_five() -> None:
    """aod Health: at zero cards the character changes sides and draws back to five."""
    state = table(2, phase=ATTACK, deck=DECK, players={
        1: {"hand": ("catapult",), "pile": ("kandarian-demon",)}, 2: {"hand": ("armor-2",)}})
    state = with_die(state, Attack(seat=1, target_seat=1, target_card="kandarian-demon"), 2).state
    state, events = run(state, DiscardCard(seat=1, card="catapult"))
    assert of(events, CharacterFlipped) == [CharacterFlipped(seat=1, alignment="evil", reason="out of cards")]
    assert of(events, CardsDrawn)[0].count == 5 and of(events, CardsDrawn)[0].seat == 1
    assert state.player(1).alignment == "evil" and len(state.player(1).hand) == 5
    assert of(events, TurnStarted)[0].seat == 2


def test_playing_the_last_card_flips_too_and_evil_turns_good() -> None:
    """aod Health: playing your last card also empties your health; evil becomes good."""
    state = table(2, phase=PLAY, deck=DECK, players={1: {"hand": ("mace",), "alignment": "evil"}})
    state = run(state, PlayCard(seat=1, card="mace")).state
    assert state.player(1).alignment == "good" and len(state.player(1).hand) == 5
    assert state.phase == ATTACK


def test_a_flip_ends_the_discards_still_owed() -> None:
    """aod HEALTH with aod OPTIONAL RULES (discard by Victory rating), our reading where the
    rulebook is silent: the flip and the draw back to five end the damage; what remains
    owed is cancelled."""
    state = table(2, phase=ATTACK, deck=DECK, options={"discard_by_victory": True}, players={
        1: {"hand": ("catapult",), "pile": ("kandarian-demon",)}, 2: {"hand": ("gunpowder-1",)}})
    state, events = with_die(state, Attack(seat=1, target_seat=1, target_card="kandarian-demon"), 2)
    assert of(events, DiscardOwed)[0].count == 4
    state, events = run(state, DiscardCard(seat=1, card="catapult"))
    assert of(events, DiscardOwed) == [DiscardOwed(seat=1, count=0, reason="the flip ends the discards still owed")]
    assert of(events, CharacterFlipped) and state.owed_seat == 0 and of(events, TurnStarted)[0].seat == 2


def test_good_wins_with_an_empty_pile_and_the_necronomicon() -> None:
    """aod Objective: good, empty pile, Necronomicon, checked at the end of his turn."""
    state = table(2, phase=ATTACK, deck=DECK, book_holder=1, players={1: {"hand": ("mace",)}})
    state, events = run(state, EndTurn(seat=1))
    assert of(events, GameWon) == [GameWon(seat=1, alignment="good",
                                           reason="good, with an empty Monster pile and the Necronomicon")]
    assert GAME.status(state).finished and GAME.status(state).winners == (1,)
    assert GAME.legal_commands(state, 1) == [] and GAME.legal_commands(state, 2) == []


def test_good_wins_by_beating_his_last_monster() -> None:
    state = table(2, phase=ATTACK, deck=DECK, book_holder=1, players={
        1: {"hand": ("mace",), "pile": ("mini-ash-1",)}})
    events = with_die(state, Attack(seat=1, target_seat=1, target_card="mini-ash-1"), 5).events
    assert of(events, GameWon)[0].seat == 1


def test_evil_wins_with_five_monsters_and_the_necronomicon() -> None:
    """aod Objective: evil, five Monsters in his pile, Necronomicon."""
    pile = ("deadite-1", "deadite-2", "deadite-3", "deadite-4")
    state = table(2, phase=PLAY, deck=DECK, book_holder=1, players={
        1: {"hand": ("deadite-5", "mace", "torch"), "pile": pile, "alignment": "evil"}, 2: {"hand": ("shield",)}})
    state = run(state, PlayCard(seat=1, card="deadite-5", target_seat=1)).state
    assert not state.finished
    state = with_die(state, Attack(seat=1, target_seat=1, target_card="deadite-5"), 2).state
    won = of(run(state, DiscardCard(seat=1, card="mace")).events, GameWon)
    assert won and won[0].alignment == "evil" and won[0].seat == 1
    assert won[0].rule == "aod Objective"


def test_conditions_swap_with_alignment() -> None:
    """aod Health: an evil character with an empty pile does not win."""
    state = table(2, phase=ATTACK, deck=DECK, book_holder=1, players={1: {"hand": ("mace",), "alignment": "evil"}})
    assert not of(run(state, EndTurn(seat=1)).events, GameWon)


def test_book_shifted_in_another_turn_waits_for_the_holders_own_turn() -> None:
    """aod Objective: a character who got the Necronomicon during another's turn cannot win
    until the end of his own turn. (No card of the reconstructed set shifts it out of turn:
    the position is constructed.)"""
    # A constructed shift onto seat 3 during seat 1's turn: seat 3 is good with an empty pile.
    shifted = table(3, phase=ATTACK, deck=DECK, book_holder=3, book_ready=False, players={
        1: {"hand": ("mace",), "pile": ("deadite-1",)}, 2: {"hand": ("torch",), "pile": ("deadite-2",)},
        3: {"hand": ("armor-1",)}})
    after = with_die(shifted, Attack(seat=1, target_seat=1, target_card="deadite-1"), 2).state
    if after.owed_seat:
        after = run(after, DiscardCard(seat=1, card="mace")).state
    assert not after.finished and after.active == 2
    # Seat 2's turn ends: seat 3 still cannot win.
    after = run(after, DiscardCard(seat=2, card=after.player(2).hand[0])).state
    after = with_die(after, Attack(seat=2, target_seat=2, target_card="deadite-2"), 2).state
    if after.owed_seat:
        after = run(after, DiscardCard(seat=2, card=after.player(2).hand[0])).state
    assert not after.finished and after.active == 3
    # Seat 3's own turn ends: now he wins.
    after = run(after, DiscardCard(seat=3, card=after.player(3).hand[0])).state
    assert of(run(after, EndTurn(seat=3)).events, GameWon)[0].seat == 3


def test_a_holder_whose_condition_is_met_in_another_turn_wins_then() -> None:
    """aod Objective: the win conditions are looked at as each player's turn ends."""
    state = table(2, phase=ATTACK, deck=DECK, book_holder=2, players={
        1: {"hand": ("mace",)}, 2: {"hand": ("torch",), "pile": ("mini-ash-1",)}})
    events = with_die(state, Attack(seat=1, target_seat=2, target_card="mini-ash-1"), 5).events
    assert of(events, GameWon)[0].seat == 2


def test_turn_limit_draws_the_game() -> None:
    """tablerules turn_limit: the game ends with no winner."""
    state = table(2, phase=ATTACK, turn=5, deck=DECK, options={"turn_limit": 5}, players={1: {"hand": ("mace",)}})
    state, events = run(state, EndTurn(seat=1))
    assert of(events, GameDrawn) == [GameDrawn(reason="the turn limit of 5 turns was reached", turn=5)]
    assert GAME.status(state).finished and GAME.status(state).winners == ()
