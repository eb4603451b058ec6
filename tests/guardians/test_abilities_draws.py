"""Draws, hands, discard piles and deck searches (wave 6e): one scenario per mechanism with
a card that has it, and what each viewer sees of it (guardians Text Box, Turn your Up card,
DRAW AND ORGANIZE PHASE; RULES.md, Cards and their texts)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians import GAME
from domain.games.guardians.cards import card
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import CardsMoved, DeckShuffled, EffectApplied, FinishOrganizing, PlayCard
from domain.games.guardians.state import DECK, DISCARD, MOVEMENT, OPENING, ORGANIZE, STORAGE, UP, GuardiansState
from domain.kernel import SPECTATOR, Event
from domain.kernel.words import Seats
from tests.guardians.support import KIT, Table, card_of, table
from tests.guardians.test_abilities_retrieval import seen_by

EISNMIR = "np-eisnmir-master-of-posessions"


def words(event: Event) -> str:
    return GAME.tell_event(event, Seats(("ann", "bob")))


def _with_guardian(state: GuardiansState, seat: int, guardian: str) -> GuardiansState:
    players = tuple(replace(p, guardian=guardian) if p.seat == seat else p for p in state.players)
    return replace(state, players=players)


def test_chickenhead_takes_up_to_three_gold_bribery_cards_as_it_is_turned() -> None:
    """guardians Turn your Up card, Chickenhead McCracken (search-deck "storage:bribery:gold",
    amount 3): turned as its seat's Up card, it takes three of the four Gold Bribery cards of
    the deck into the Storage Hand, unseen by the enemy and spectators, and the deck is
    reshuffled; it stays the Up card, and the Beer card stays in the deck."""
    chickenhead, archer, beer = card_of(1, "Chickenhead McCracken"), card_of(1, "Archer"), card_of(1, "Beer")
    golds = tuple(card_of(1, "Gold", n) for n in (1, 2, 3, 4))
    deck = (chickenhead, golds[0], archer, golds[1], beer, golds[2], golds[3])
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:deck": deck, "2:deck": (card_of(2, "Axeman"),)}))
    t.play(FinishOrganizing(seat=1))
    t.play(FinishOrganizing(seat=2))
    assert t.state.phase == MOVEMENT and t.state.zone(1, UP) == (chickenhead,)
    assert t.state.zone(1, STORAGE) == golds[:3]
    assert sorted(t.state.zone(1, DECK)) == sorted((archer, beer, golds[3]))
    [effect] = [e for e in t.of(EffectApplied) if e.effect == "search-deck"]
    assert effect.rule == "guardians Text Box (Chickenhead McCracken)" and effect.amount == 3
    assert "takes 3 cards into the Storage Hand" in words(effect)
    [taken] = [e for e in t.of(CardsMoved) if e.to_zone == STORAGE]
    assert taken.from_zone == DECK and seen_by(taken, 1).cards == golds[:3]
    assert all(seen_by(taken, viewer).cards == () and seen_by(taken, viewer).count == 3 for viewer in (2, SPECTATOR))
    assert [e.seat for e in t.of(DeckShuffled)] == [1]


def test_chickenhead_with_no_gold_in_the_deck_takes_nothing_but_stays_up() -> None:
    """Chickenhead McCracken: with no Gold Bribery card in the deck, nothing is taken."""
    chickenhead, archer = card_of(1, "Chickenhead McCracken"), card_of(1, "Archer")
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:deck": (chickenhead, archer), "2:deck": (card_of(2, "Axeman"),)}))
    t.play(FinishOrganizing(seat=1))
    t.play(FinishOrganizing(seat=2))
    assert t.state.zone(1, UP) == (chickenhead,) and t.state.zone(1, STORAGE) == ()
    assert [e.amount for e in t.of(EffectApplied) if e.effect == "search-deck"] == [0]


def test_gateway_to_mystfall_brings_back_fairies_of_up_to_ten_vitality() -> None:
    """guardians Text Box, Gateway to Mystfall (retrieve "storage:fairy", amount 10, costs-stones
    1, play draw): in Draw & Organize, for a stone, the Fairies of the discard pile come back to
    the Storage Hand up to 10 Vitality in all, the highest first (King of Mystfall 8, then
    Blackthwaite Jumper 1 and Goldthwaite Jumper 1: Green Missy's 6 no longer fits); not the
    Swordsman; PlayCard names no card, and with no Fairy to take it is refused."""
    gateway, king, missy = card_of(1, "Gateway To Mystfall"), card_of(1, "King of Mystfall"), card_of(1, "Green Missy")
    black, gold = card_of(1, "Blackthwaite Jumper"), card_of(1, "Goldthwaite Jumper")
    swordsman = card_of(1, "Swordsman")
    pile = (missy, swordsman, black, king, gold)
    t = Table(table(phase=ORGANIZE, turn=2, zones={"1:drawn": (gateway,), "1:discard": pile}))
    offers = [c for c in legal_commands(t.state, 1) if isinstance(c, PlayCard) and c.card == gateway]
    assert offers == [PlayCard(seat=1, card=gateway)]
    assert "names no target" in str(KIT.refused(t.state, PlayCard(seat=1, card=gateway, target=king)))
    t.cast(PlayCard(seat=1, card=gateway))
    assert set(t.state.zone(1, STORAGE)) == {king, black, gold}
    assert t.state.zone(1, DISCARD) == (missy, swordsman, gateway) and t.state.player(1).stones == 6
    [back] = [e for e in t.of(CardsMoved) if e.to_zone == STORAGE]
    assert back.rule == "guardians Text Box (Gateway To Mystfall)" and back.from_zone == DISCARD
    none = table(phase=ORGANIZE, turn=2, zones={"1:drawn": (gateway,), "1:discard": (swordsman,)})
    refusal = KIT.refused(none, PlayCard(seat=1, card=gateway))
    assert refusal.rule == "guardians Text Box (Gateway To Mystfall)" and "no fairy" in str(refusal)


def test_eisnmir_draws_a_card_each_time_the_enemy_plays_a_hand_item() -> None:
    """guardians Text Box, Eisnmir, Master of Posessions (draws 1, "enemy-hand-item"): the
    enemy plays the Sarcophagus of Haidra (a Hand Item) and Eisnmir's seat draws its deck's
    top card into its Storage Hand, named to it only; a Spell (Make Juice) draws nothing."""
    sarcophagus, juice = card_of(1, "Sarcophagus of Haidra"), card_of(1, "Make Juice")
    top, under = card_of(2, "Archer"), card_of(2, "Axeman")
    zones = {
        "1:storage": (sarcophagus, juice),
        "1:up": (card_of(1, "Swordsman"),),
        "2:up": (card_of(2, "Captain"),),
        "2:deck": (top, under),
    }
    state = _with_guardian(table(phase=MOVEMENT, window=OPENING, first=1, active=1, zones=zones), 2, EISNMIR)
    spell = Table(state)
    spell.cast(PlayCard(seat=1, card=juice))
    assert spell.state.zone(2, STORAGE) == () and not [e for e in spell.of(EffectApplied) if e.effect == "draws"]
    t = Table(state)
    t.cast(PlayCard(seat=1, card=sarcophagus))
    assert t.state.zone(2, STORAGE) == (top,) and t.state.zone(2, DECK) == (under,)
    [drew] = [e for e in t.of(EffectApplied) if e.effect == "draws"]
    assert (drew.seat, drew.source, drew.amount) == (2, EISNMIR, 1)
    assert drew.rule == f"guardians Text Box ({card(EISNMIR).name})"
    assert "draws 1 card" in words(drew)
    [drawn] = [e for e in t.of(CardsMoved) if e.to_zone == STORAGE and e.seat == 2]
    assert seen_by(drawn, 2).cards == (top,)
    assert all(seen_by(drawn, viewer).cards == () for viewer in (1, SPECTATOR))
