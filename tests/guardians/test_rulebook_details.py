"""Rulebook details a review found missing (guardians Movement, AOE attacks, COMBAT,
OTHER MODIFIERS, THE TURN IS OVER)."""

from __future__ import annotations

import pytest

from domain.games import REGISTRY
from domain.games.guardians import GAME
from domain.games.guardians.effects import UP_ROUNDS, begin_organize, draw_turn, turn_up_cards
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import (
    ChooseCommand,
    CombatStarted,
    CommandsRevealed,
    Committed,
    CreatureStatus,
    DeclareCommand,
    EndMove,
    FinishOrganizing,
    GameDrawn,
    KeepUpCard,
    MatchupResolved,
    OpeningWindow,
    Pass,
    PhaseStarted,
    Place,
    PlacerChosen,
    PlayCard,
    PlayCreature,
    ShieldStepped,
    Step,
    TurnShield,
    UpCardsCompared,
)
from domain.games.guardians.organize import up_choice_pending
from domain.games.guardians.state import MOVEMENT, ORGANIZE, SETTLEMENT, Options, Shield, draw_count
from domain.games.guardians.turn import to_act
from domain.kernel import Emitter, Rng, RuleViolation, StartGame, replace
from tests.guardians.support import Table, card_of, face_off, instances, table

FLIER, ENEMY = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1"


def test_a_flying_shield_flies_past_an_enemy_shield() -> None:
    """guardians Movement: nothing may pass an enemy Shield unless it flies."""
    t = Table(
        table(
            phase=MOVEMENT,
            active=1,
            zones={
                "1:shields": (FLIER,),
                "2:shields": (ENEMY,),
                f"1:shield:{FLIER}": instances(1, ["Floyd the Flying Pig"]),
                f"2:shield:{ENEMY}": instances(2, ["Archer"]),
            },
            shields=(Shield(FLIER, 1, "b2"), Shield(ENEMY, 2, "b3")),
        )
    )
    t.play(TurnShield(seat=1, shield=FLIER))
    with pytest.raises(RuleViolation, match="only a flying Shield with a step left flies past"):
        t.play(Step(seat=1, to="b3", past=True))
    t.play(Step(seat=1, to="b3", fly=True, past=True))
    assert not t.of(CombatStarted)
    with pytest.raises(RuleViolation, match="may not stop where another Shield stands"):
        t.play(EndMove(seat=1))
    t.play(Step(seat=1, to="a3", fly=True))
    assert [e.to_space for e in t.of(ShieldStepped)] == ["b3", "a3"] and t.state.seat_at("a3") == 1


def test_an_aoe_strikes_when_its_opponent_was_bribed_away() -> None:
    """guardians AOE attacks: the Sorcerer bribes the Merchant away; then its AOE strikes."""
    t = Table(face_off(["Sorcerer"], ["Merchant", "Super Model"], attacker_storage=["Babes"]))
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=False))
    t.play(DeclareCommand(seat=2, play=False))
    t.play(PlayCreature(seat=1, card=card_of(1, "Sorcerer")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Merchant")))
    t.play(PlayCard(seat=1, card=card_of(1, "Babes"), target=card_of(2, "Merchant")))
    t.play(Pass(seat=2))
    hit = {e.card for e in t.of(CreatureStatus) if e.status == "destroyed"}
    assert hit == {card_of(2, "Merchant"), card_of(2, "Super Model")}


def test_overlords_that_set_the_terrain_contradict() -> None:
    """guardians COMBAT, example 4: two Command Cards that set the terrain; the lower Up
    number is dispelled (Slor 5 over Uras 2)."""
    t = Table(face_off(["Slor, Overlord of the Wastes"], ["Uras, Overlord of Mountains"]))
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=True))
    t.play(DeclareCommand(seat=2, play=True))
    t.play(ChooseCommand(seat=1, card=card_of(1, "Slor, Overlord of the Wastes")))
    t.play(ChooseCommand(seat=2, card=card_of(2, "Uras, Overlord of Mountains")))
    [revealed] = t.of(CommandsRevealed)
    assert revealed.dispelled == (card_of(2, "Uras, Overlord of Mountains"),)


@pytest.mark.parametrize(
    ("attacker", "defender", "dispelled"),
    [
        ("Visionary", "Seer", ("Visionary", "Seer")),  # example 2: both Vitality 5
        ("Seer", "Baleful Eye", ("Seer", "Baleful Eye")),  # both ask for the size
        ("Baleful Eye", "Visionary", ("Baleful Eye", "Visionary")),
        ("Trumpeter", "Baleful Eye", ()),  # example 3: both can be done
    ],
)
def test_command_cards_that_make_the_opponent_state_something_contradict(
    attacker: str, defender: str, dispelled: tuple[str, ...]
) -> None:
    """guardians COMBAT, examples 2 and 3: two Command Cards that each make the opponent
    state something about his creatures contradict; with equal Up numbers both are
    dispelled. The Trumpeter's demand (show and lay Demons first) stands beside them."""
    t = Table(face_off([attacker, "Swordsman"], [defender, "Archer"]))
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=True))
    t.play(DeclareCommand(seat=2, play=True))
    t.play(ChooseCommand(seat=1, card=card_of(1, attacker)))
    t.play(ChooseCommand(seat=2, card=card_of(2, defender)))
    [revealed] = t.of(CommandsRevealed)
    named = {card_of(1, attacker): attacker, card_of(2, defender): defender}
    assert sorted(named[c] for c in revealed.dispelled) == sorted(dispelled)


def test_a_standard_bearers_bonus_counts_for_the_creatures_under_it() -> None:
    """Standard Bearer Brom's Demonic 04: +2 to its creatures when attacking."""
    bearer = "1.re-standard-bearer-broms-demonic-04#1"
    t = Table(face_off(["Swordsman"], ["Archer"], attacker_shield=bearer))
    t.play(Step(seat=1, to="b3"))
    for command in (
        DeclareCommand(seat=1, play=False),
        DeclareCommand(seat=2, play=False),
        PlayCreature(seat=1, card=card_of(1, "Swordsman")),
        PlayCreature(seat=2, card=card_of(2, "Archer")),
        Pass(seat=1),
        Pass(seat=2),
        Pass(seat=1),
        Pass(seat=2),
        Pass(seat=1),
        Pass(seat=2),
    ):
        t.play(command)
    [resolved] = t.of(MatchupResolved)
    assert resolved.attacker_total == 8  # Swordsman 6 + 2


def test_with_the_deck_used_up_the_up_card_is_not_drawn() -> None:
    """guardians THE TURN IS OVER: no card is drawn once the deck is empty; the Up card
    taken from the discard pile goes back there."""
    up = instances(1, ["Swordsman"])
    em = Emitter(table(phase=MOVEMENT, zones={"1:up": up}), evolve)
    draw_turn(em, 1, keep_up=True)
    assert em.state.zone(1, "discard") == up and not em.state.zone(1, "drawn")


def test_st_ballantines_evocation_comes_before_destruction() -> None:
    """guardians BRIBERY, Possibility 4 and DESTRUCTION: nobody bribes; the Swordsman's
    seat casts St. Ballantine's Evocation before the Merchant's "destroys" text acts:
    both creatures are destroyed."""
    t = Table(face_off(["Swordsman"], ["Merchant"], attacker_storage=["St. Ballantine's Evocation"]))
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=False))
    t.play(DeclareCommand(seat=2, play=False))
    swordsman, merchant = card_of(1, "Swordsman"), card_of(2, "Merchant")
    t.play(PlayCreature(seat=1, card=swordsman))
    t.play(PlayCreature(seat=2, card=merchant))
    t.play(Pass(seat=1))
    t.play(Pass(seat=2))
    assert t.state.combat is not None and t.state.combat.stage == "spells"
    t.cast(PlayCard(seat=1, card=card_of(1, "St. Ballantine's Evocation"), target=swordsman))
    destroyed = {(e.card, e.by) for e in t.of(CreatureStatus) if e.status == "destroyed"}
    evocation = card_of(1, "St. Ballantine's Evocation")
    assert destroyed == {(swordsman, evocation), (merchant, evocation)}


def test_tes_let_says_first_whether_the_up_card_is_drawn() -> None:
    """guardians THE TURN IS OVER: Tes let's seat may start drawing below its Up card;
    it chooses before it organizes."""
    up, archer = instances(1, ["Swordsman"])[0], instances(1, ["Archer"])[0]
    t = Table(
        table(
            phase=ORGANIZE,
            turn=2,
            guardians=("tes let", "rak nam"),
            zones={"1:up": (up,), "1:pen": (archer,), "1:deck": instances(1, ["Axeman", "Captain", "Corporal"])},
        )
    )
    with pytest.raises(RuleViolation, match="first say whether you keep your Up card"):
        t.play(Place(seat=1, card=archer, to="on:a1"))
    t.play(KeepUpCard(seat=1, keep=False))
    assert t.state.zone(1, "discard") == (up,) and len(t.state.zone(1, "drawn")) == 3
    t.play(Place(seat=1, card=archer, to="on:a1"))


def test_tes_let_chooses_its_up_card_while_the_other_seat_places_first() -> None:
    """guardians THE TURN IS OVER, Who Places First?: with alternating placement, Tes
    let's choice is its draw, not a placement: its seat makes it, and is listed to,
    while the other seat has the turn to place."""
    up, archer = instances(1, ["Swordsman"])[0], instances(2, ["Archer"])[0]
    state = table(
        phase=ORGANIZE,
        turn=2,
        placement="alternating",
        guardians=("tes let", "rak nam"),
        active=2,
        zones={"1:up": (up,), "1:deck": instances(1, ["Axeman", "Captain", "Corporal"]), "2:pen": (archer,)},
    )
    assert to_act(state) == (1, 2)
    assert GAME.legal_commands(state, 1) == [KeepUpCard(seat=1, keep=True), KeepUpCard(seat=1, keep=False)]
    t = Table(state)
    t.play(KeepUpCard(seat=1, keep=True))
    assert to_act(t.state) == (2,) and up in t.state.zone(1, "drawn")
    t.play(Place(seat=2, card=archer, to="on:a4"))


def test_the_default_game_has_no_turn_limit() -> None:
    """guardians THE GAME: a game ends by one of its three victories only; `turn_limit`
    is a house rule (RULES.md), off unless a game asks for it."""
    [limit] = [o for o in REGISTRY["guardians"].ruleset.options if o.name == "turn_limit"]
    assert limit.default == 0 and limit.house_rule and "house rule" in limit.labelled
    ended = table(phase=SETTLEMENT, turn=40)
    assert ended.options.turn_limit == 0
    em = Emitter(ended, evolve)
    begin_organize(em, Rng("test", "limit", 0))
    assert [(e.phase, e.turn) for e in em.events if isinstance(e, PhaseStarted)] == [(ORGANIZE, 41)]
    capped = Emitter(replace(ended, options=Options(turn_limit=40)), evolve)
    begin_organize(capped, Rng("test", "limit", 0))
    [drawn] = [e for e in capped.events if isinstance(e, GameDrawn)]
    assert drawn.rule == "tablerules turn limit" and capped.state.finished


def test_after_the_tied_up_cards_the_coin_gives_nobody_the_low_up_bonus() -> None:
    """guardians THE TURN IS OVER: the LUC bonus goes to the seat whose Up card was the
    lower. When the Up cards tie round after round a coin says who moves first (RULES.md,
    Up-card ties that never end): no Up card was lower, so neither seat takes it."""
    decks = {f"{seat}:deck": instances(seat, ["Swordsman"] * (UP_ROUNDS + 2)) for seat in (1, 2)}
    em = Emitter(table(phase=MOVEMENT, zones=decks), evolve)
    turn_up_cards(em, Rng("test", "ties", 0))
    compared = [e for e in em.events if isinstance(e, UpCardsCompared)]
    assert len(compared) == UP_ROUNDS + 1 and compared[-1].rule == "tablerules Up-card ties"
    assert compared[-1].first in (1, 2) and em.state.first == compared[-1].first
    assert not em.state.player(1).low_up and not em.state.player(2).low_up
    assert draw_count(em.state, 1)[2] == draw_count(em.state, 2)[2] == 0


def _started(**options: object) -> Table:
    setup = REGISTRY["guardians"].ruleset.check_setup(["ann", "bob"], options, "")
    t = Table(REGISTRY["guardians"].initial_state(setup))
    t.play(StartGame(seat=0))
    return t


@pytest.mark.parametrize("placement", ["simultaneous", "alternating"])
def test_the_up_cards_may_be_turned_in_draw_and_organize(placement: str) -> None:
    """guardians Who Places First?: the rulebook's variant turns the Up card at the start
    of Draw & Organize instead of the Movement phase (option up_cards_in_organize, off by
    default): both seats then place knowing who moves first, and the Movement phase opens
    with those Up cards, turning no others."""
    usual = _started(placement=placement)
    assert not usual.of(UpCardsCompared) and not usual.state.up_turned
    t = _started(placement=placement, up_cards_in_organize=True)
    [compared] = [e for e in t.of(UpCardsCompared) if e.first]
    assert t.state.phase == ORGANIZE and t.state.first == compared.first and t.state.up_turned
    names = [type(e).__name__ for e in t.events]
    assert names.index("UpCardsCompared") > max(i for i, n in enumerate(names) if n == "CardsMoved")  # after the draws
    if placement == "alternating":
        assert t.state.active == t.of(PlacerChosen)[-1].seat  # the placer, not the first mover
    for _ in range(2):
        seat = (t.state.active or 1) if placement == "alternating" else len(t.of(Committed)) + 1
        t.play(FinishOrganizing(seat=seat))
    assert t.state.phase == MOVEMENT and len([e for e in t.of(UpCardsCompared) if e.first]) == 1
    [window] = t.of(OpeningWindow)
    assert window.actor == compared.first


def test_with_the_up_cards_in_draw_and_organize_tes_let_still_chooses_first() -> None:
    """guardians THE TURN IS OVER: Tes let's seat says whether it draws its last Up card
    before it draws; the new Up cards are turned once both seats have drawn."""
    up = instances(1, ["Swordsman"])
    state = table(
        phase=SETTLEMENT,
        turn=1,
        guardians=("tes let", "rak nam"),
        zones={
            "1:up": up,
            "2:up": instances(2, ["Archer"]),
            "1:deck": instances(1, ["Axeman", "Captain", "Corporal", "Marshal", "Archer"]),
            "2:deck": instances(2, ["Archer", "Archer", "Archer", "Swordsman", "Swordsman"]),
        },
    )
    em = Emitter(replace(state, options=Options(up_cards_in_organize=True)), evolve)
    begin_organize(em, Rng("test", "tes let", 0))
    t = Table(em.state)
    assert up_choice_pending(t.state, 1) and not t.state.up_turned
    t.play(KeepUpCard(seat=1, keep=True))
    assert t.state.up_turned and not up_choice_pending(t.state, 1)
    assert up[0] in t.state.zone(1, "drawn") and len(t.state.zone(1, "up")) == 1
