"""Assassin of Shadow looks at the enemy's deck and takes a Creature from it (guardians
Text Box): the deck looked at does not change under the look, so the card taken is
still in it and every card stays in exactly one zone. The draws come before the
organizing (DRAW AND ORGANIZE PHASE), Tes let's choice of its Up card included, and
the enemy's mulligan waits until the card is taken (RULES.md, Assassin of Shadow)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.messages import Assassinate, CardsMoved, KeepUpCard, Mulligan, Pass, PlayCard
from domain.games.guardians.organize import up_choice_pending
from domain.games.guardians.state import ASSASSINATE, DECK, DISCARD, DRAWN, ORGANIZE, GuardiansState, face
from domain.kernel import Rng, RuleViolation
from tests.guardians.support import Table, card_of, decided, instances, kept_position, table
from tests.guardians.test_no_stuck_seat import play_on, seats_can_go_on
from tests.guardians.test_properties import all_instances

FIXTURE = Path(__file__).parent / "data" / "assassin-looks-before-the-draw.json"
ASSASSIN, MAGMA = "1.di-assassin-of-shadow#1", "2.re-magma-elemental#1"


def before_the_assassin() -> tuple[GuardiansState, str, int]:
    """The random game's position before seat 1's Assassin of Shadow."""
    state, seed, position, _ = kept_position(FIXTURE)
    return state, seed, position


def test_the_assassin_waits_for_the_enemys_draw_and_takes_a_card_still_in_its_deck() -> None:
    """The random game (2.0.0, seed 156): seat 1 played Assassin of Shadow and looked at
    seat 2's deck while seat 2 (Tes let) had not yet drawn; seat 2 then drew the Magma
    Elemental seat 1 was looking at, and seat 1's Assassinate took it from the deck it
    had left, so it was in seat 2's hand and discard pile at once. From there, the spell
    waits for the draw; once seat 2 has drawn, the look shows the deck as it is and the
    card drawn is no choice."""
    state, seed, position = before_the_assassin()
    cards = all_instances(state)
    assert state.phase == ORGANIZE and up_choice_pending(state, 2)
    assert state.zone_of(ASSASSIN) in (DRAWN, "storage") and state.zone_of(MAGMA) == DECK
    cast = PlayCard(seat=1, card=ASSASSIN)
    with pytest.raises(RuleViolation, match="the enemy has not drawn yet"):
        GAME.decide(state, cast, Rng(seed, "g", position))
    assert cast not in GAME.legal_commands(state, 1)
    seats_can_go_on(state, position)

    state = decided(state, KeepUpCard(seat=2, keep=False), seed, position)
    assert state.zone_of(MAGMA) == DRAWN
    assert cast in GAME.legal_commands(state, 1)
    state = decided(state, cast, seed, position + 1)
    state = decided(state, Pass(seat=2), seed, position + 2)  # seat 2 does not dispel it (answers.py)
    looking = state.player(1).looking
    assert state.player(1).look == ASSASSINATE and looking == state.zone(2, DECK) and MAGMA not in looking
    stale = Assassinate(seat=1, card=MAGMA)
    with pytest.raises(RuleViolation, match="not a Creature in the deck you are looking at"):
        GAME.decide(state, stale, Rng(seed, "g", position + 3))
    legal = GAME.legal_commands(state, 1)
    assert stale not in legal
    assert set(legal) == {Assassinate(seat=1, card=c) for c in looking if face(c).is_creature}
    seats_can_go_on(state, position + 3)

    taken = legal[0]
    assert isinstance(taken, Assassinate)
    state = decided(state, taken, seed, position + 3)
    assert all_instances(state) == cards, "every card is in exactly one zone"
    assert state.zone_of(taken.card) == DISCARD and not state.player(1).looking
    play_on(state, seed, random.Random(156))


def looking_at_bobs_deck() -> Table:
    """Turn 2's Draw & Organize: seat 2 drew two creatures (no Shield) and may mulligan;
    seat 1 has just played Assassin of Shadow and looks at seat 2's deck."""
    t = Table(
        table(
            phase=ORGANIZE,
            turn=2,
            zones={
                "1:drawn": (card_of(1, "Assassin of Shadow"),),
                "2:drawn": instances(2, ["Skeletal Minion", "Skeletal Minion"]),
                "2:deck": (card_of(2, "Magma Elemental"), card_of(2, "Skeletal Minion", 3)),
            },
        )
    )
    t.cast(PlayCard(seat=1, card=card_of(1, "Assassin of Shadow")))
    assert t.state.player(1).look == ASSASSINATE
    return t


def test_the_enemy_may_not_mulligan_while_its_deck_is_looked_at() -> None:
    """A mulligan shuffles the hand back into the deck and draws again: under the look
    it would draw cards the caster may still choose. It waits until the card is taken."""
    t = looking_at_bobs_deck()
    with pytest.raises(RuleViolation, match="looking at your deck"):
        t.play(Mulligan(seat=2))
    assert Mulligan(seat=2) not in GAME.legal_commands(t.state, 2)
    seats_can_go_on(t.state, 0)
    cards = all_instances(t.state)
    t.play(Assassinate(seat=1, card=card_of(2, "Magma Elemental")))
    assert all_instances(t.state) == cards
    assert t.state.zone_of(card_of(2, "Magma Elemental")) == DISCARD
    assert Mulligan(seat=2) in GAME.legal_commands(t.state, 2)


def test_a_card_that_left_the_deck_is_no_longer_taken() -> None:
    """Should a looked-at card leave the deck anyway, the Assassinate naming it is
    refused rather than taking it from a zone it is not in."""
    t = looking_at_bobs_deck()
    magma = card_of(2, "Magma Elemental")
    moved = CardsMoved(rule="test", seat=2, cards=(magma,), count=1, from_zone=DECK, to_zone=DRAWN)
    t.state = GAME.evolve(t.state, moved)
    with pytest.raises(RuleViolation, match="no longer in the enemy's deck"):
        t.play(Assassinate(seat=1, card=magma))
