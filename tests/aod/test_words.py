"""Army of Darkness in words (issue 28): a card taken from a hand reads by name to the
taker and the loser and as "a card" to the others, a hidden draw as a count,
representative events and commands read in the game's own terms, and a seat's glance
shows its own hand by label and the others' only as counts."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from domain.games.aod import GAME
from domain.games.aod import messages as m
from domain.games.aod.words import label
from domain.kernel import SPECTATOR, parse_log
from domain.kernel.tell import told
from domain.kernel.words import Seats, counted, listed, plain_event
from tests.aod.support import KIT
from tests.stored_logs import REPLAYS
from tests.test_words import RAW_IDS, played

SEATS = Seats(("ann", "bob", "cat"))


def test_a_taken_card_and_a_draw_read_by_name_only_to_those_who_see_them() -> None:
    """aod Optional: Take from the Beaten (taker and loser see the card), aod Draw (the drawer alone)."""
    log = parse_log(Path(REPLAYS / "aod" / "4p-optional-rules-evil-win.jsonl").read_text("utf-8").splitlines())
    names = log.header.seats
    taken = next(e for e in log.envelopes if e.type == "CardTaken")
    taker, loser = int(taken.payload["seat"]), int(taken.payload["from_seat"])
    other = next(seat for seat in range(1, 5) if seat not in (taker, loser))
    hidden = f"{names[taker - 1]} takes a card at random from {names[loser - 1]}'s hand."
    assert told(GAME, taken, names, other) == told(GAME, taken, names, SPECTATOR) == hidden
    assert told(GAME, taken, names, taker) == told(GAME, taken, names, loser) == (
        f"{names[taker - 1]} takes {label(str(taken.payload['card']))} at random from {names[loser - 1]}'s hand.")
    drawn = next(e for e in log.envelopes if e.type == "CardsDrawn")
    drawer = int(drawn.payload["seat"])
    assert told(GAME, drawn, names, drawer % 4 + 1) == f"{names[drawer - 1]} draws 5 cards for their starting hand."
    assert "5 cards" not in told(GAME, drawn, names, drawer)


def test_attacks_rolls_and_moves_read_in_the_games_terms() -> None:
    """aod Attack, aod Monsters, aod Items, aod Objective: cards by name and copy, seats by name."""
    tell = GAME.tell_event
    declared = m.AttackDeclared(seat=1, target_seat=2, target_card="deadite-3", used=("sword-1", "knights-2"))
    assert tell(declared, SEATS) == (
        "ann attacks Deadite 3 on bob's Monster pile (needs 4), using Sword 1 and Knights 2.")
    rolled = m.AttackRolled(seat=1, die=5, modifiers=(m.Modifier("Sword", 1), m.Modifier("Henry with a sword", 1)),
                            total=7, needed=4, won=True)
    assert tell(rolled, SEATS) == "ann rolls 5 +1 (Sword) +1 (Henry with a sword) = 7 against 4: a win."
    natural = replace(rolled, die=6, modifiers=(), total=6, needed=9)
    assert tell(natural, SEATS) == "ann rolls 6 against 9: a natural 6 wins."
    victory = m.CardMoved(card="knights-2", from_seat=0, from_zone="deck", to_seat=1, to_zone="ally",
                          reason="drawn for a Victory")
    assert tell(victory, SEATS) == "Knights 2 is turned up for the Victory and joins ann's Allies."
    assert tell(m.KeepRolled(seat=3, card="chainsaw-1", die=2, bonus=1, needed=3, kept=True), SEATS) == (
        "cat rolls 2 +1 to keep Chainsaw 1 (needs 3): kept.")
    won = m.GameWon(seat=2, alignment="evil", reason="evil, with 6 Monsters in his pile and the Necronomicon")
    assert tell(won, SEATS) == "bob wins the game: evil, with 6 Monsters in their pile and the Necronomicon."
    assert GAME.tell_command(m.PlayCard(seat=1, card="necronomicon"), SEATS) == "Play the Necronomicon."
    assert GAME.tell_command(m.PlayCard(seat=1, card="ill-take-that", target_seat=3, target_card="boomstick-2"),
                             SEATS) == "Play I'll Take That: take cat's Boomstick 2."
    assert GAME.tell_command(m.Attack(seat=1, target_seat=1, target_card="pit-witch-1", use_weapon=True),
                             SEATS) == "Attack Pit Witch 1 on your own Monster pile (needs 6), using your weapon."
    assert RAW_IDS["aod"].search(plain_event(victory, SEATS)), "the raw-id pattern must catch a raw id"


def test_the_status_line_names_characters_and_what_is_owed() -> None:
    """aod Health: the seat that owes discards, its character and side, and why."""
    state = replace(KIT.started(3), owed_seat=2, owed_count=1, owed_reason="beaten by Deadite")
    assert GAME.status(state).summary == (
        f"turn {state.turn}: seat {state.active} (good Ash), play step; seat 2 (good Sheila) owes 1 discard "
        "(beaten by Deadite)")


def test_a_glance_shows_the_viewers_hand_by_label_and_the_others_as_counts() -> None:
    """aod SET UP (a hand is its owner's, a Monster pile shows its top card), aod Objective
    (each side's goal): the glance says what the view does, in labels."""
    game, session, seats = played(REPLAYS / "aod" / "3p-evil-win.jsonl", 400)
    state, viewer = session.state, 1
    view = game.view(state, viewer)
    lines = game.glance(view, seats)
    text = "\n".join(lines)
    # What the glance says besides the cards the view shows: a hidden card's label must not
    # be in it ("Deadite 3" is hidden while "Pit Deadite 3" shows).
    rest = text
    for shown in sorted((label(face.id) for face in view.cards), key=len, reverse=True):
        rest = rest.replace(shown, "")
    own = state.player(viewer).hand
    assert own and lines[1] == f"Your hand ({len(own)}): {listed([label(c) for c in own])}."
    mine = state.player(viewer)
    assert lines[2].startswith(f"You are {mine.alignment}: to win, hold the Necronomicon")
    for player in state.players:
        line = next(line for line in lines if line.startswith(f"{seats(player.seat)}"))
        assert f"{counted(len(player.hand), 'card')} in hand" in line
        assert all(label(c) in line for c in (*player.weapons, *player.others, *player.allies))
        if player.pile:
            assert f"Monster pile {len(player.pile)}, {label(player.pile[-1])} on top" in line
        # Only the top Monster of a pile shows (aod SET UP).
        assert not any(re.search(rf"{re.escape(label(c))}\b", rest) for c in player.pile[:-1]), player.seat
        if player.seat != viewer:
            assert player.hand, "the position must hold cards to hide"
            assert not any(re.search(rf"{re.escape(label(c))}\b", rest) for c in player.hand), player.seat
    assert not RAW_IDS["aod"].search(text)
    assert 5 <= len(lines) <= 12


def test_a_glance_names_the_discards_owed() -> None:
    """aod Health: the seat that owes discards, how many and why."""
    state = replace(KIT.started(3), owed_seat=2, owed_count=2, owed_reason="beaten by Deadite")
    lines = GAME.glance(GAME.view(state, 2), SEATS)
    assert lines[0] == f"Turn {state.turn}, {SEATS.of(state.active)} turn: their play."
    assert lines[-1] == "bob must discard 2 cards of their choice (beaten by Deadite)."
