"""Every event and command told in words (domain/kernel/words.py, issue 28): each game's
sentences cover all its event and command types, every event of every stored log reads
as a sentence for each viewer, with labels and names instead of raw ids, and a sentence
says no more than the redacted event it is made from. A game's glance (its view in a few
lines for a terminal) reads in labels too, for every viewer, in about one screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from domain.games import REGISTRY
from domain.games.aod.cards import CARD_IDS as AOD_CARD_IDS
from domain.games.kings_armory.content import Hero, Hireable
from domain.games.kings_armory.content import heroes as ka_heroes
from domain.games.kings_armory.content import hireables as ka_hireables
from domain.games.kings_armory.content import monsters as ka_monsters
from domain.kernel import SPECTATOR, Game, Log, Session, parse_log
from domain.kernel.session import decode_event
from domain.kernel.tell import told, told_command
from domain.kernel.words import Seats, listed, no_glance, plain_command, plain_event
from tests.stored_logs import CURRENT_LOGS

KA_ALLIES: tuple[Hero | Hireable, ...] = (*ka_heroes().values(), *ka_hireables().values())
KA_KEYS = {"guardian", *ka_heroes(), *ka_hireables(), *ka_monsters(),
           *(attack.key for card in KA_ALLIES for attack in card.attacks),
           *(special.key for card in KA_ALLIES for special in card.specials),
           *(monster.attack.key for monster in ka_monsters().values())}
"""The King's Armory's content keys: a Hero's id is its key ("valcor"), and every key reads
as a name on a card in words ("Valcor", "Royal Mace")."""

RAW_IDS = {
    "armory": re.compile(r"\b[0-9]\.[0-9]{2}\b"),
    "swordplay": re.compile(r"\bc[0-9]{2}\b"),
    # Every AoD id is a lower-case slug ("armor-1", "goldtooth"); a label is capitalised.
    "aod": re.compile(r"\b(?:" + "|".join(sorted(AOD_CARD_IDS, key=len, reverse=True)) + r")\b"),
    "kings-armory": re.compile(r"\b(?:" + "|".join(sorted(KA_KEYS, key=len, reverse=True)) + r")\b"
                               r"|\b[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+\b|\bm(?:2[6-9]|[3-9][0-9]|[0-9]{3,})\b"),
    # A card instance ("1.re-archer#2"), a card key ("re-archer", "di-giant-aunts"), a zone
    # string ("on:b1", "shield:...") or a terrain key ("dry-heaps").
    "guardians": re.compile(r"\b[12]\.[a-z0-9-]+#[0-9]+|\b(?:re|di|dn|np|pr)-[a-z0-9-]+"
                            r"|\b(?:on|under|upgrade|tower|shield|terrain|facedown):|\b(?:dry-heaps|rivers-and-lakes)\b"),
}
"""What a game's raw ids look like: none may reach a sentence. The King's Armory's: its
content keys, kebab or snake ids ("orc-archer-2", "archer-1", "royal-mace"), and foe ids
of the form before 0.2.0 ("m33") that no space can be named (rows stop at 25: "m7" is a
space); its Tower ids ("t1", "p1") are space names too, and so are not looked for.
Guardians' spaces (a1..c4) are the board's names, in sentences as on the drawn board."""


def _told_games() -> list[str]:
    return sorted(name for name, game in REGISTRY.items() if game.tell_event is not plain_event)


def _glancing_games() -> list[str]:
    return sorted(name for name, game in REGISTRY.items() if game.glance is not no_glance)


def _load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


GLANCE_LINES = 45
"""About one screen: the most lines a glance may take (a board game's map included)."""


def played(path: Path, events: int) -> tuple[Game[Any], Session[Any], Seats]:
    """A stored log's game after its first `events` events (GameCreated counts as one),
    with its seats by name."""
    log = _load(path)
    game = REGISTRY[log.header.ruleset]
    session = Session.opened(game, log.header, log.envelopes[0].hash)
    for envelope in log.envelopes[1:events]:
        session = session.apply(envelope)
    return game, session, Seats(tuple(log.header.seats))


def test_every_game_tells_its_events_and_commands_in_its_own_words() -> None:
    told_games = _told_games()
    assert {"armory", "swordplay", "aod", "kings-armory", "guardians"} <= set(told_games)
    for name in told_games:
        game = REGISTRY[name]
        assert game.tell_command is not plain_command, name


@pytest.mark.parametrize("path", [p for p in CURRENT_LOGS if p.parent.name in _told_games()],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_logged_event_reads_as_a_sentence_for_every_viewer(path: Path) -> None:
    log = _load(path)
    game = REGISTRY[log.header.ruleset]
    raw = RAW_IDS.get(game.ruleset.name)
    viewers = [SPECTATOR, *range(1, len(log.header.seats) + 1)]
    told_types: set[str] = set()
    for envelope in log.envelopes:
        event = None if envelope.type in ("GameCreated", "SeedRevealed") else decode_event(game, envelope)
        for viewer in viewers:
            sentence = told(game, envelope, log.header.seats, viewer, event)
            assert sentence and sentence[-1] in ".!" and "\n" not in sentence, (envelope.seq, sentence)
            assert raw is None or not raw.search(sentence), (envelope.seq, viewer, sentence)
        told_types.add(envelope.type)
    assert len(told_types) > 5


def test_a_hidden_draw_reads_as_a_count_to_everybody_but_the_drawer() -> None:
    """armory R2: the drawn cards are the drawer's alone, in words as in the event."""
    log = _load(next(p for p in CURRENT_LOGS if p.parent.name == "armory"))
    game = REGISTRY["armory"]
    drawn = next(e for e in log.envelopes if e.type == "CardsDrawn")
    seat = int(drawn.payload["seat"])
    other = 2 if seat == 1 else 1
    mine, theirs = (told(game, drawn, log.header.seats, viewer) for viewer in (seat, other))
    spectator = told(game, drawn, log.header.seats, SPECTATOR)
    assert "7 cards" in theirs and theirs == spectator and "7 cards" not in mine
    assert all(card.split(".")[1].lstrip("0") in mine for card in drawn.payload["cards"])


def test_every_legal_command_of_a_game_under_way_reads_as_a_sentence() -> None:
    from domain.kernel import Session

    for name in _told_games():
        game = REGISTRY[name]
        log = _load(next(p for p in CURRENT_LOGS if p.parent.name == name))
        session = Session.opened(game, log.header, log.envelopes[0].hash)
        for envelope in log.envelopes[1:60]:
            session = session.apply(envelope)
            for seat in range(1, len(log.header.seats) + 1):
                for command in session.legal_commands(seat):
                    sentence = told_command(game, command, log.header.seats)
                    assert sentence[0].isupper() and sentence.endswith("."), sentence
                    raw = RAW_IDS.get(name)
                    assert raw is None or not raw.search(sentence), sentence


def test_seats_are_named_and_lists_read_as_a_person_writes_them() -> None:
    seats = Seats(("ann", "bob"))
    assert (seats(1), seats.of(2), seats(3), seats(0)) == ("ann", "bob's", "seat 3", "the table")
    assert [listed([]), listed(["a"]), listed(["a", "b"]), listed(["a", "b", "c"])] == [
        "nothing", "a", "a and b", "a, b and c"]


@pytest.mark.parametrize("path", [p for p in CURRENT_LOGS if p.parent.name in _glancing_games()],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_viewer_glances_at_the_table_in_labels_and_one_screen(path: Path) -> None:
    """At every 25th position of each stored log (and its last), each viewer's glance is a
    few lines of words: no raw id, no empty or multi-line line, at most GLANCE_LINES."""
    assert {"armory", "swordplay", "aod", "kings-armory"} <= set(_glancing_games())
    log = _load(path)
    game = REGISTRY[log.header.ruleset]
    raw = RAW_IDS[game.ruleset.name]
    seats = Seats(tuple(log.header.seats))
    viewers = [SPECTATOR, *range(1, len(log.header.seats) + 1)]
    session = Session.opened(game, log.header, log.envelopes[0].hash)
    for position, envelope in enumerate(log.envelopes[1:], start=2):
        session = session.apply(envelope)
        if position % 25 and position != len(log.envelopes):
            continue
        for viewer in viewers:
            lines = game.glance(game.view(session.state, viewer), seats)
            assert 0 < len(lines) <= GLANCE_LINES, (position, viewer, len(lines))
            for line in lines:
                assert line.strip() and "\n" not in line, (position, viewer, lines)
                assert not raw.search(line), (position, viewer, line)
