"""Dispel Magic negates a Spell, an Item or a Command Card (guardians Text Box, its text;
COMBAT, example 1, for a Command Card). A Spell or Item played waits for the enemy's
answer before it takes effect, and a Dispel Magic may answer a Dispel Magic (RULES.md,
Answering a Spell or Item)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME, casting, texts
from domain.games.guardians.cards import CARDS
from domain.games.guardians.checks import RESOLVERS
from domain.games.guardians.messages import (
    AnswerClosed,
    AnswerOpened,
    CardDispelled,
    DeclareCommand,
    EffectApplied,
    FinishOrganizing,
    Pass,
    Place,
    PlayCard,
    PlayCreature,
    Step,
    TurnEffect,
)
from domain.games.guardians.state import DISCARD, MOVEMENT, OPENING, ORGANIZE
from domain.games.guardians.turn import to_act
from domain.kernel import RuleViolation
from tests.guardians.support import Table, card_of, face_off, instances, table


def power_lunch_played(*, attacker_dispels: int = 0, defender_dispels: int = 1) -> Table:
    """A match-up's modify window: seat 1 has just played a Power Lunch on its Swordsman."""
    t = Table(
        face_off(
            ["Swordsman"],
            ["Archer"],
            attacker_storage=["Power Lunch", *["Dispel Magic"] * attacker_dispels],
            defender_storage=["Dispel Magic"] * defender_dispels,
        )
    )
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=False))
    t.play(DeclareCommand(seat=2, play=False))
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    for seat in (1, 2, 1, 2):  # no bribe, no Spell "at any time"
        t.play(Pass(seat=seat))
    t.play(PlayCard(seat=1, card=card_of(1, "Power Lunch"), target=card_of(1, "Swordsman")))
    return t


def channeling_allowed(t: Table) -> bool:
    return any(e.effect == "receive-channeling" for e in t.of(EffectApplied))


def test_a_spell_waits_for_the_enemys_answer_whatever_it_holds() -> None:
    """The answer opens though the enemy holds no Dispel Magic: its only command is to
    pass, and nothing else may happen before."""
    t = power_lunch_played(defender_dispels=0)
    [opened] = t.of(AnswerOpened)
    assert (opened.seat, opened.card, opened.actor) == (1, card_of(1, "Power Lunch"), 2)
    assert to_act(t.state) == (2,) and GAME.legal_commands(t.state, 2) == [Pass(seat=2)]
    assert GAME.legal_commands(t.state, 1) == []
    assert not channeling_allowed(t)
    with pytest.raises(RuleViolation, match="guardians answering a Spell or Item: seat 2 answers the Power Lunch"):
        t.play(Pass(seat=1))
    t.play(Pass(seat=2))
    assert t.of(AnswerClosed)[0].stands and channeling_allowed(t)
    combat = t.state.combat
    assert combat is not None and combat.stage == "modify" and combat.actor == 2  # the window goes on


def test_dispel_magic_negates_a_spell() -> None:
    t = power_lunch_played()
    lunch, dispel = card_of(1, "Power Lunch"), card_of(2, "Dispel Magic")
    assert PlayCard(seat=2, card=dispel, target=lunch) in GAME.legal_commands(t.state, 2)
    t.play(PlayCard(seat=2, card=dispel, target=lunch))
    assert t.of(CardDispelled)[0].card == lunch and dispel in t.state.zone(2, DISCARD)
    assert to_act(t.state) == (1,) and GAME.legal_commands(t.state, 1) == [Pass(seat=1)]
    t.play(Pass(seat=1))
    assert not t.of(AnswerClosed)[0].stands and not channeling_allowed(t)
    assert t.state.answer is None and lunch in t.state.zone(1, DISCARD)


def test_a_dispel_magic_is_dispelled_in_turn() -> None:
    """guardians COMBAT, example 1: a seat may dispel the Dispel Magic that negated its card."""
    t = power_lunch_played(attacker_dispels=1)
    lunch = card_of(1, "Power Lunch")
    t.play(PlayCard(seat=2, card=card_of(2, "Dispel Magic"), target=lunch))
    t.play(PlayCard(seat=1, card=card_of(1, "Dispel Magic"), target=lunch))
    assert [e.by for e in t.of(CardDispelled)] == [card_of(2, "Dispel Magic"), card_of(1, "Dispel Magic")]
    assert GAME.legal_commands(t.state, 2) == [Pass(seat=2)]  # its only Dispel Magic is spent
    t.play(Pass(seat=2))
    assert t.of(AnswerClosed)[0].stands and channeling_allowed(t)


def test_dispel_magic_negates_an_item_in_the_opening_window() -> None:
    """The Rooster (an Item) dispelled: the first mover stays, and the window goes on with
    the enemy."""
    rooster, dispel = instances(1, ["Rooster"])[0], instances(2, ["Dispel Magic"])[0]
    up = {"1:up": instances(1, ["Swordsman"]), "2:up": instances(2, ["Axeman"])}
    t = Table(
        table(phase=MOVEMENT, zones={"1:storage": (rooster,), "2:storage": (dispel,), **up}, window=OPENING,
              first=2, active=1)
    )
    t.play(PlayCard(seat=1, card=rooster))
    t.play(PlayCard(seat=2, card=dispel, target=rooster))
    t.play(Pass(seat=1))
    assert not t.of(TurnEffect) and t.state.first == 2
    assert t.state.window == OPENING and t.state.active == 2


def test_dispel_magic_from_the_hand_negates_a_curse_in_draw_and_organize() -> None:
    """In Draw & Organize a seat's Dispel Magic may still be in the cards it drew."""
    curse, dispel = card_of(1, "Curse of the Betrayed"), card_of(2, "Dispel Magic")
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (curse,), "2:drawn": (dispel, card_of(2, "Archer"))}))
    t.play(Place(seat=2, card=card_of(2, "Archer"), to="on:a4"))
    t.play(PlayCard(seat=1, card=curse, target="re-power-lunch"))
    assert to_act(t.state) == (2,)
    with pytest.raises(RuleViolation, match="waits for an answer"):
        t.play(FinishOrganizing(seat=2))
    t.play(PlayCard(seat=2, card=dispel, target=curse))
    t.play(Pass(seat=1))
    assert t.state.player(2).cursed == () and not t.of(TurnEffect)
    assert to_act(t.state) == (1, 2)  # both go on placing


def test_every_spell_and_item_played_waits_for_an_answer() -> None:
    """Each Spell and Item the rules implement is answered (checks.RESOLVERS, or
    casting.resolve for those played the general way), but the Dispel Magic itself and
    the Spells played as Command Cards (their own window)."""
    played = {
        key
        for key, item in CARDS.items()
        if item.kind in ("spell", "hand-item", "accessory") and texts.implemented(item)
    }
    general = {key for key in played if casting.general(f"1.{key}#1")}
    assert general and not general & set(RESOLVERS)
    commands = {key for key in played if CARDS[key].command_play}
    assert set(RESOLVERS) | general == played - {texts.DISPEL_MAGIC} - commands
