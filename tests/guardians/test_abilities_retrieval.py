"""Cards taken back and moved between a seat's own zones (retrieval.py): one scenario per
ability kind with a card that has it, and what each viewer sees of it (guardians Text
Box, DRAW AND ORGANIZE PHASE, Turn your Up card; RULES.md, Cards taken back and moved)."""

from __future__ import annotations

from typing import TypeVar

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsMoved,
    DeckSeen,
    DeckShuffled,
    PlayCard,
    StonesSpent,
    TakeCard,
    UpCardsCompared,
)
from domain.games.guardians.state import DECK, DISCARD, DRAWN, MOVEMENT, OPENING, ORGANIZE, STORAGE, UP
from domain.games.guardians.view import redact, view
from domain.kernel import SPECTATOR, Event
from tests.guardians.support import KIT, Table, card_of, table

VIEWERS = (1, 2, SPECTATOR)
E = TypeVar("E", bound=Event)


def seen_by(event: E, viewer: int) -> E:
    """The event as a viewer's stream carries it, with its type."""
    shown = redact(event, viewer)
    assert isinstance(shown, type(event))
    return shown


def _cast_offers(t: Table, card: str) -> list[PlayCard]:
    return [c for c in legal_commands(t.state, 1) if isinstance(c, PlayCard) and c.card == card]


def test_chaos_summoner_takes_an_undead_from_the_discard_pile_for_a_stone() -> None:
    """guardians Text Box, Chaos Summoner (retrieve "storage:creature+undead", costs-stones 1,
    play draw): in Draw & Organize, the Undead named leaves the discard pile for the Storage
    Hand; only the Undead there are offered, and the pile being face up, every viewer sees
    which card went."""
    summoner, wight = card_of(1, "Chaos Summoner"), card_of(1, "Barrow Wight")
    swordsman = card_of(1, "Swordsman")
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:drawn": (summoner,), "1:discard": (swordsman, wight)}))
    assert _cast_offers(t, summoner) == [PlayCard(seat=1, card=summoner, target=wight)]
    refusal = KIT.refused(t.state, PlayCard(seat=1, card=summoner, target=swordsman))
    assert refusal.rule == "guardians Text Box (Chaos Summoner)" and "discard pile" in str(refusal)
    assert "discard pile" in str(KIT.refused(t.state, PlayCard(seat=1, card=summoner)))
    t.cast(PlayCard(seat=1, card=summoner, target=wight))
    assert t.state.zone(1, STORAGE) == (wight,)
    assert t.state.zone(1, DISCARD) == (swordsman, summoner)
    assert [e.count for e in t.of(StonesSpent)] == [1] and t.state.player(1).stones == 6
    [taken] = [e for e in t.of(CardsMoved) if e.to_zone == STORAGE]
    assert taken.rule == "guardians Text Box (Chaos Summoner)" and taken.from_zone == DISCARD
    assert all(redact(taken, viewer) == taken for viewer in VIEWERS)
    empty = table(phase=ORGANIZE, turn=2, zones={"1:drawn": (summoner,), "1:discard": (swordsman,)})
    assert _cast_offers(Table(empty), summoner) == []


def test_cuthbert_brings_a_creature_back_as_one_of_the_draws_shown() -> None:
    """guardians Text Box, Cuthbert the Resurrector (retrieve "drawn:creature"): the
    Creature named joins the cards drawn this turn, named to both seats and spectators."""
    cuthbert, archer = card_of(1, "Cuthbert the Resurrector"), card_of(1, "Archer")
    juice = card_of(1, "Make Juice")
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:storage": (cuthbert,), "1:discard": (juice, archer)}))
    assert _cast_offers(t, cuthbert) == [PlayCard(seat=1, card=cuthbert, target=archer)]
    t.cast(PlayCard(seat=1, card=cuthbert, target=archer))
    assert t.state.zone(1, DRAWN) == (archer,)
    [shown] = [e for e in t.of(CardsMoved) if e.to_zone == DRAWN]
    assert shown.cards == (archer,) and all(seen_by(shown, viewer).cards == (archer,) for viewer in VIEWERS)


def test_champs_takes_an_item_back_and_comes_back_too() -> None:
    """guardians Text Box, Champs, the Wonder Dog (retrieve "storage:item" and
    "storage:self", costs-stones 1): a Magic Item of the discard pile and Champs himself
    go to the Storage Hand; a Spell there is not an item."""
    champs, heart = card_of(1, "Champs, the Wonder Dog"), card_of(1, "Petrified Heart")
    juice = card_of(1, "Make Juice")
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:drawn": (champs,), "1:discard": (juice, heart)}))
    assert _cast_offers(t, champs) == [PlayCard(seat=1, card=champs, target=heart)]
    t.cast(PlayCard(seat=1, card=champs, target=heart))
    assert set(t.state.zone(1, STORAGE)) == {heart, champs}
    assert t.state.zone(1, DISCARD) == (juice,) and t.state.player(1).stones == 6


def test_sarcophagus_takes_the_up_card_into_the_hand_and_lies_in_its_place() -> None:
    """guardians Turn your Up card, Sarcophagus of Haidra (takes-up, play up): right after
    the Up cards, the seat's Up card goes to its Storage Hand and the Sarcophagus becomes
    its Up card; who moves first stays as the Up cards were compared (RULES.md)."""
    sarcophagus, knight = card_of(1, "Sarcophagus of Haidra"), card_of(1, "Swordsman")
    state = table(
        phase=MOVEMENT,
        window=OPENING,
        first=1,
        active=1,
        zones={"1:storage": (sarcophagus,), "1:up": (knight,), "2:up": (card_of(2, "Axeman"),)},
    )
    t = Table(state)
    assert _cast_offers(t, sarcophagus) == [PlayCard(seat=1, card=sarcophagus)]
    t.cast(PlayCard(seat=1, card=sarcophagus))
    assert t.state.zone(1, UP) == (sarcophagus,) and t.state.zone(1, STORAGE) == (knight,)
    assert t.state.first == 1 and t.state.window == OPENING and t.state.active == 2
    assert all(redact(e, viewer) == e for e in t.of(CardsMoved) for viewer in VIEWERS)
    bare = table(phase=MOVEMENT, window=OPENING, first=1, active=1, zones={"1:storage": (sarcophagus,)})
    assert "no Up card" in str(KIT.refused(bare, PlayCard(seat=1, card=sarcophagus)))


def test_jonstollo_searches_the_deck_unseen_by_the_enemy_and_takes_a_new_up_card() -> None:
    """guardians Turn your Up card, Jonstollo the Seeker (search-deck "up:card", when up):
    as its seat's Up card, in the opening window, its seat looks through its deck (named
    to it only: the enemy and spectators see how many cards, not which), takes one as its
    Up card, the Seeker is discarded, the deck reshuffled and the Up cards compared again."""
    seeker, axeman = card_of(1, "Jonstollo the Seeker"), card_of(2, "Axeman")
    deck = (card_of(1, "Archer"), card_of(1, "Make Juice"), card_of(1, "Swordsman"))
    state = table(
        phase=MOVEMENT,
        window=OPENING,
        first=2,
        active=1,
        up_turned=True,
        zones={"1:up": (seeker,), "2:up": (axeman,), "1:deck": deck},
    )
    t = Table(state)
    assert PlayCard(seat=1, card=seeker) in legal_commands(t.state, 1)
    assert "names no target" in str(KIT.refused(t.state, PlayCard(seat=1, card=seeker, target=deck[0])))
    t.play(PlayCard(seat=1, card=seeker))
    [seen] = t.of(DeckSeen)
    assert seen.cards == tuple(sorted(deck)) and t.state.player(1).looking == tuple(sorted(deck))
    for viewer in (2, SPECTATOR):
        assert seen_by(seen, viewer).cards == () and view(t.state, viewer).seats[0].looking_cards == ()
    assert view(t.state, 1).seats[0].looking_cards == tuple(sorted(deck))
    # Only the seat looking may act, and only it is offered the cards.
    assert legal_commands(t.state, 2) == []
    assert set(legal_commands(t.state, 1)) == {TakeCard(seat=1, card=c) for c in deck}
    assert "not among" in str(KIT.refused(t.state, TakeCard(seat=1, card=seeker)))
    assert "not searching" in str(KIT.refused(t.state, TakeCard(seat=2, card=axeman)))
    swordsman = deck[2]
    t.play(TakeCard(seat=1, card=swordsman))
    assert t.state.zone(1, UP) == (swordsman,) and seeker in t.state.zone(1, DISCARD)
    assert sorted(t.state.zone(1, DECK)) == sorted(deck[:2]) and not t.state.player(1).looking
    [shuffled] = [e for e in t.of(DeckShuffled) if e.seat == 1]
    assert all(seen_by(shuffled, viewer).order == () for viewer in (2, SPECTATOR))
    compared = t.of(UpCardsCompared)[-1]
    assert compared.cards == (swordsman, axeman) and t.state.first == compared.first
    assert t.state.window == OPENING and t.state.active == 2
    # The new Up card lies face up: named to everyone.
    [turned] = [e for e in t.of(CardsMoved) if e.to_zone == UP]
    assert all(seen_by(turned, viewer).cards == (swordsman,) for viewer in VIEWERS)
