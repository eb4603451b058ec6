"""Cards taken back and moved between a seat's own zones (retrieval.py): one scenario per
ability kind with a card that has it, and what each viewer sees of it (guardians Text
Box, DRAW AND ORGANIZE PHASE, Turn your Up card; RULES.md, Cards taken back and moved)."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import CardsMoved, PlayCard, StonesSpent
from domain.games.guardians.state import DISCARD, DRAWN, MOVEMENT, OPENING, ORGANIZE, STORAGE, UP
from domain.games.guardians.view import redact
from domain.kernel import SPECTATOR
from tests.guardians.support import KIT, Table, card_of, table

VIEWERS = (1, 2, SPECTATOR)


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
    assert shown.cards == (archer,) and all(redact(shown, viewer).cards == (archer,) for viewer in VIEWERS)


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
