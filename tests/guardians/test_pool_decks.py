"""Random pool decks, option `random:<seed>` (guardians THE DECK, GUARDIANS, STRONGHOLDS):
a legal deck drawn from the whole card pool by decks.RECIPE, the same for the same seed
everywhere, refused with the deck rule when the seed is malformed, and named card by
card in the log (event DeckBuilt)."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.guardians import GAME
from domain.games.guardians.cards import CARDS
from domain.games.guardians.decks import RECIPE, SEED_PATTERN, check_deck, parse_deck, random_deck
from domain.games.guardians.messages import DeckBuilt, SeatSetUp
from domain.games.guardians.state import DECK, key_of
from domain.kernel import StartGame
from domain.kernel.words import Seats
from tests.guardians.support import KIT
from tests.test_words import RAW_IDS
from tools.cli import main

SEEDS = st.from_regex(SEED_PATTERN, fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_a_random_deck_is_legal_and_follows_the_recipe(seed: str) -> None:
    """guardians THE DECK: at least 55 cards, at most 5 of a name (terrain and Shields
    aside), Champs once; GUARDIANS: a Guardian outside the deck; STRONGHOLDS: one set's
    left, center and right."""
    deck = parse_deck(f"random:{seed}")
    check_deck(deck)
    assert deck.name == f"random:{seed}"
    assert deck.size == sum(share.cards for share in RECIPE) == 70
    for share in RECIPE:
        taken = {key: count for key, count in deck.cards if CARDS[key].kind in share.kinds}
        assert sum(taken.values()) == share.cards, share
        assert max(taken.values()) <= share.most
        names = Counter(CARDS[key].name for key in taken)
        assert max(names.values()) == 1, "a name is taken once per share"


def test_the_same_seed_gives_the_same_deck_on_every_machine() -> None:
    """The deck comes from the seed alone, through HMAC-SHA256 (kernel/rng.py), so a log's
    option means one deck wherever it is replayed. The digest pins `random:pinned`'s list:
    a change to the pool's keys or to the recipe would change what old logs' options mean
    (a major version)."""
    first = random_deck("pinned")
    assert parse_deck("  random:pinned\n") == first
    assert random_deck("pinned2") != first
    assert hashlib.sha256(first.compact().encode()).hexdigest() == PINNED


PINNED = "6e0a04e7016cd6efed9bc094b774f4bcb90547810d008cb6dd1e5464542c63d2"


@pytest.mark.parametrize("seed", ["", "a b", "ab!", "x" * 33, "ünï"])
def test_a_malformed_seed_is_refused_at_create_game_naming_the_rule(seed: str) -> None:
    with pytest.raises(ValueError, match=r"^deck_2: guardians THE DECK: a random deck's seed is 1 to 32 letters"):
        KIT.initial(2, {"deck_2": f"random:{seed}"})


def test_the_log_names_every_card_of_a_random_deck() -> None:
    """The option names only the seed; DeckBuilt (rule guardians THE DECK) gives the deck
    list it made, in the compact form, right after the seat's SeatSetUp: a reader of the
    log sees the cards without the rules that drew them. An example deck has none."""
    state = KIT.initial(2, {"deck_1": "random:log-1", "deck_2": "undead"})
    events = KIT.run(state, StartGame(seat=0), "s").events
    built = [e for e in events if isinstance(e, DeckBuilt)]
    assert len(built) == 1 and built[0].seat == 1 and built[0].option == "random:log-1"
    assert built[0].rule == "guardians THE DECK"
    assert events.index(built[0]) == 1 + next(i for i, e in enumerate(events) if isinstance(e, SeatSetUp))
    listed = parse_deck(built[0].deck)
    assert listed.cards == random_deck("log-1").cards and listed.guardian == random_deck("log-1").guardian
    assert Counter(key_of(card) for card in state.zone(1, DECK)) == dict(listed.cards)
    for viewer in (0, 1, 2):
        assert GAME.redact(built[0], viewer) == built[0], "a deck option is public"
    sentence = GAME.tell_event(built[0], Seats(("ann", "bob")))
    assert sentence.startswith("ann's deck random:log-1, drawn from the whole card pool, holds 70 cards: ")
    assert not RAW_IDS["guardians"].search(sentence)
    for key, count in listed.cards:
        assert f"{count} {CARDS[key].name}" in sentence


def test_replay_verify_and_audit_show_and_accept_a_random_decks_log(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A reader of the log sees the cards: `tablerules replay` tells DeckBuilt with every
    card by name, and verify and audit accept the log (the deck drawn again from the
    option, every command re-decided)."""
    played = KIT.play_random(5, 2, {"deck_1": "random:read-me", "deck_2": "random:x", "turn_limit": 2})
    path = tmp_path / "pool.jsonl"
    path.write_text(played.log.text(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    told = capsys.readouterr().out
    deck = random_deck("read-me")
    line = next(line for line in told.splitlines() if "deck random:read-me, drawn from the whole card pool" in line)
    assert line.endswith("[guardians THE DECK]")
    assert all(f"{count} {CARDS[key].name}" in line for key, count in deck.cards)
    assert main(["verify", str(path)]) == 0
    assert main(["audit", str(path)]) == 0
