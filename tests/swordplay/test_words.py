"""Swordplay in words (issue 28): a hidden draw reads as a count to everybody but the
drawer, representative events and commands read as the game's own terms, and a seat's
glance shows its own hand by label and the others' only as counts."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from domain.games.swordplay import GAME
from domain.games.swordplay import messages as m
from domain.games.swordplay.state import DEFEND, Pending
from domain.games.swordplay.words import label
from domain.kernel import SPECTATOR, parse_log
from domain.kernel.tell import told
from domain.kernel.words import Seats, counted, plain_event
from tests.stored_logs import REPLAYS
from tests.test_words import RAW_IDS, played

from .helpers import Kit, arranged, card, started

SEATS = Seats(("ann", "bob", "cat"))


def test_a_drawn_hand_reads_by_name_to_its_owner_and_as_a_count_to_the_others() -> None:
    """swordplay Draw: the cards drawn are the drawer's alone (view.redact), in words as in the event."""
    path = REPLAYS / "swordplay" / "2p-last-hero-standing.jsonl"
    log = parse_log(Path(path).read_text(encoding="utf-8").splitlines())
    drawn = next(e for e in log.envelopes if e.type == "CardsDrawn" and len(e.payload["cards"]) == 5)
    seat = int(drawn.payload["seat"])
    mine, theirs, spectator = (told(GAME, drawn, log.header.seats, viewer) for viewer in (seat, 3 - seat, SPECTATOR))
    name = log.header.seats[seat - 1]
    assert theirs == spectator == f"{name} draws 5 cards to fill their hand."
    assert mine.startswith(f"{name} draws ") and "5 cards" not in mine
    assert mine.count("#") == 5 and all(f"#{int(c[1:])}" in mine for c in drawn.payload["cards"])


def test_attacks_answers_and_damage_read_in_the_games_terms() -> None:
    """swordplay Combat, swordplay Damage, swordplay Monster: cards by name and deck number, seats by name."""
    high = card("Attack - High +1")
    tell = GAME.tell_event
    assert tell(m.AttackMade(attacker=2, card=high, target_seat=1, direction="high", bonus=1), SEATS) == (
        "bob attacks ann High with Attack - High +1 #4.")
    assert tell(m.AttackMade(attacker=0, target_seat=3, direction="left", damage=3, announced=True), SEATS) == (
        "The Arena Beast attacks cat Left for 3 damage.")
    assert tell(m.AttackCountered(seat=1, attacker=2, card=card("Buckler"), by="shield", attack_card=high),
                SEATS) == "ann blocks bob's Attack - High +1 #4 with Buckler #54."
    hit = m.DamageDealt(seat=1, attacker=2, attack_card=high, damage=4, absorbed=3, life_lost=1, life=9)
    assert tell(hit, SEATS) == (
        "bob's Attack - High +1 #4 hits ann for 4: ann's armour takes 3 (no point left) and ann is down to 9 life.")
    assert tell(m.DieRolled(seat=0, purpose="monster direction", sides=10, value=5), SEATS) == (
        "The Arena Beast rolls 5 on the d10 for the aim of its attack: Low.")
    assert tell(m.HeroDefeated(seat=3, by_seat=0, cards=(card("Dagger"),)), SEATS) == (
        "cat's Mercenary falls to the Arena Beast: Dagger #46 goes to the discard pile.")
    assert GAME.tell_command(m.ReadyItem(seat=1, card=card("Great Sword")), SEATS) == (
        "Ready Great Sword #53 (+3 damage, 2 hands), and make no attack this turn.")
    assert GAME.tell_command(m.Attack(seat=2, card=high, target_seat=1), SEATS) == (
        "Attack ann High with Attack - High +1 #4.")
    assert RAW_IDS["swordplay"].search(plain_event(hit, SEATS)), "the raw-id pattern must catch a raw id"


def test_the_status_line_names_the_attack_waiting_by_its_label() -> None:
    """swordplay Combat, Defending: the target answers the attack card, named by its label."""
    state = started(2)
    waiting = Pending(attacker=1, target=2, card=card("Attack - Low +2"), direction="low", damage=0, announced=False)
    state = dataclasses.replace(state, phase=DEFEND, pending=waiting)
    assert GAME.status(state).summary == "seat 2 (Swordmaiden) answers Attack - Low +2 #12 from seat 1 (Gladiator)"


def test_a_glance_shows_the_viewers_hand_by_label_and_the_others_as_counts() -> None:
    """swordplay Draw: a hand is its owner's alone (view.py); the glance says what the view
    does, in labels: every hero's life, armour and ready items, and each hand's size."""
    game, session, seats = played(REPLAYS / "swordplay" / "3p-monster-shatter.jsonl", 120)
    state, viewer = session.state, 1
    lines = game.glance(game.view(state, viewer), seats)
    text = "\n".join(lines)
    own = state.heroes[viewer - 1].hand
    assert own and f"Your hand ({len(own)}): " in lines[1]
    assert all(label(c) in lines[1] for c in own)
    for hero in state.heroes:
        line = next(line for line in lines if line.startswith(f"{seats(hero.seat)}"))
        assert f"{hero.life}/{hero.max_life} life" in line and f"{counted(len(hero.hand), 'card')} in hand" in line
        assert all(label(item) in line for item in hero.items)
        if hero.seat != viewer:
            assert hero.hand, "the position must hold cards to hide"
            assert not any(re.search(rf"{re.escape(label(c))}\b", text) for c in hero.hand), hero.seat
    assert not RAW_IDS["swordplay"].search(text)
    assert 4 <= len(lines) <= 12
    spectator = game.glance(game.view(state, SPECTATOR), seats)
    assert not any(line.startswith("Your hand") for line in spectator)


def test_a_glance_names_the_attack_waiting_for_its_answer() -> None:
    """swordplay Combat, Defending: the target answers; the attack is named by its label."""
    high = card("Attack - High +1")
    state = arranged({1: Kit(hand=(card("Duck"),)), 2: Kit(items=(card("Sword"),))}, active=2)
    state = dataclasses.replace(state, phase=DEFEND, pending=Pending(
        attacker=2, target=1, card=high, direction="high", damage=0, announced=False))
    lines = GAME.glance(GAME.view(state, 1), SEATS)
    assert lines[0] == "Turn 1: bob's turn (Swordmaiden), the Combat phase, an attack waiting for its answer."
    assert lines[1] == "Your hand (1): Duck #27."
    assert lines[3] == ("bob, Swordmaiden: 10/10 life, no armour, holds Sword #48 (1 of 2 hands), hits for 3; "
                        "no card in hand.")
    assert lines[-1] == "Waiting: bob attacks ann High with Attack - High +1 #4; ann answers."
