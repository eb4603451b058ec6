"""Draw & Organize: the mulligan, placement rules and the committed secret placement
(guardians DRAW AND ORGANIZE PHASE, Place Creatures, Channelers, Other placement,
Shields, Who Places First?)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.messages import (
    CardsMoved,
    Committed,
    FinishOrganizing,
    LayoutRevealed,
    Mulligan,
    Place,
    PlacerChosen,
    ShieldPlaced,
    StonesSpent,
)
from domain.games.guardians.organize import placement_digest
from domain.games.guardians.state import ORGANIZE, GuardiansState, Shield
from domain.kernel import RuleViolation
from tests.guardians.support import Table, instances, table


def organizing(
    first: Sequence[str], second: Sequence[str] = (), *, deck: Sequence[str] = (), placement: str = "simultaneous"
) -> Table:
    zones = {"1:drawn": instances(1, first), "2:drawn": instances(2, second), "1:deck": instances(1, deck)}
    return Table(table(phase=ORGANIZE, zones={k: v for k, v in zones.items() if v}, placement=placement))


def test_thirty_points_on_and_under_a_space_counting_red_numbers() -> None:
    """Giants of 14, 14 and a Super Model (Vitality 1, stacks as 4) make 32 (guardians Place Creatures)."""
    t = organizing(["Desert Giant", "Elder Cave Giant", "Super Model", "Valkyrie Spirit"])
    desert, elder, model, valkyrie = t.state.zone(1, "drawn")
    t.play(Place(seat=1, card=desert, to="on:b1"))
    t.play(Place(seat=1, card=elder, to="on:b1"))
    with pytest.raises(RuleViolation, match=r"guardians Place Creatures: b1 would hold 32 points; the limit is 30"):
        t.play(Place(seat=1, card=model, to="on:b1"))
    with pytest.raises(RuleViolation, match="limit is 30"):
        t.play(Place(seat=1, card=valkyrie, to="under:b1"))
    t.play(Place(seat=1, card=model, to="on:a1"))


def test_any_creature_goes_under_a_stronghold() -> None:
    """guardians Place Creatures: a creature may go on a stronghold, under a Shield or
    not, under a stronghold or into the Creature Pen; a channeler goes under one to
    channel (Channelers), but so may any other creature. Nothing else goes under."""
    t = organizing(["Valkyrie Spirit", "Swordsman", "Shield Ploog's Ox 10"])
    valkyrie, swordsman, ox = t.state.zone(1, "drawn")
    assert Place(seat=1, card=swordsman, to="under:a1") in GAME.legal_commands(t.state, 1)
    t.play(Place(seat=1, card=valkyrie, to="under:a1"))
    t.play(Place(seat=1, card=swordsman, to="under:a1"))
    assert t.state.zone(1, "under:a1") == (valkyrie, swordsman)
    assert Place(seat=1, card=ox, to="under:b1") not in GAME.legal_commands(t.state, 1)
    with pytest.raises(RuleViolation, match="guardians Place Creatures: only creatures go under a stronghold"):
        t.play(Place(seat=1, card=ox, to="under:b1"))


def test_a_shield_covers_the_creatures_on_its_space_and_one_standard_bearer() -> None:
    t = organizing(
        [
            "Swordsman",
            "Shield Ploog's Ox 10",
            "Shield Ploog's Ox 11",
            "Standard Bearer Ploog's Ox 05",
            "Standard Bearer Warhola's Snakes 06",
        ]
    )
    swordsman, ox10, ox11, bearer, other_bearer = t.state.zone(1, "drawn")
    t.play(Place(seat=1, card=swordsman, to="on:a1"))
    t.play(Place(seat=1, card=ox10, to="on:a1"))
    assert t.state.zone(1, f"shield:{ox10}") == (swordsman,) and not t.state.zone(1, "on:a1")
    with pytest.raises(RuleViolation, match="guardians Shields: a1 already has a Shield"):
        t.play(Place(seat=1, card=ox11, to="on:a1"))
    t.play(Place(seat=1, card=bearer, to="on:b1"))
    with pytest.raises(RuleViolation, match="only one Standard Bearer"):
        t.play(Place(seat=1, card=other_bearer, to="on:c1"))


def test_upgrades_stand_beside_the_left_or_right_stronghold_once() -> None:
    t = organizing(["Teleport Tower", "Large Idol"])
    tower, idol = t.state.zone(1, "drawn")
    with pytest.raises(RuleViolation, match="guardians Other placement: upgrades stand beside your left or right"):
        t.play(Place(seat=1, card=tower, to="upgrade:b1"))
    t.play(Place(seat=1, card=tower, to="upgrade:a1"))
    with pytest.raises(RuleViolation, match="already stands beside a1"):
        t.play(Place(seat=1, card=idol, to="upgrade:a1"))


def test_double_bordered_cards_go_to_the_storage_hand() -> None:
    """guardians Other placement: the cards a seat leaves in its hand go, by their
    borders, to the Creature Pen and the Storage Hand, once both layouts are revealed."""
    t = organizing(["Dispel Magic", "Woods", "Swordsman"], ["Archer"])
    dispel, woods, swordsman = t.state.zone(1, "drawn")
    with pytest.raises(RuleViolation, match="double-bordered"):
        t.play(Place(seat=1, card=dispel, to="pen"))
    t.play(FinishOrganizing(seat=1))
    assert t.state.zone(1, "drawn") == (dispel, woods, swordsman)  # not yet: see test_what_the_other_seat_sees
    t.play(FinishOrganizing(seat=2))
    assert t.state.zone(1, "storage") == (dispel,)
    assert set(t.state.zone(1, "pen")) == {woods, swordsman}


def test_the_no_shield_mulligan_costs_a_stone_and_redraws_as_many() -> None:
    t = organizing(["Swordsman", "Archer"], deck=["Axeman", "Captain", "Corporal", "Marshal"])
    t.play(Mulligan(seat=1))
    assert t.state.player(1).stones == 6 and len(t.state.zone(1, "drawn")) == 2
    assert t.of(StonesSpent)[0].reason == "mulligan: no Shield drawn"
    with_shield = organizing(["Shield Ploog's Ox 10", "Archer"], deck=["Axeman"])
    with pytest.raises(RuleViolation, match="you drew a Shield: no mulligan"):
        with_shield.play(Mulligan(seat=1))
    placed = organizing(["Swordsman", "Archer"], deck=["Axeman"])
    placed.play(Place(seat=1, card=placed.state.zone(1, "drawn")[0], to="on:a1"))
    with pytest.raises(RuleViolation, match="before you place anything"):
        placed.play(Mulligan(seat=1))


def test_secret_placement_is_committed_then_revealed_together() -> None:
    """Neither seat sees the other's placement until both have committed; the commitment
    binds the layout (guardians Who Places First?)."""
    t = organizing(
        ["Swordsman", "Shield Ploog's Ox 10"], ["Archer", "Shield Ploog's Ox 11"], deck=["Axeman", "Captain"]
    )
    swordsman, ox = t.state.zone(1, "drawn")
    t.play(Place(seat=1, card=swordsman, to="on:b1"))
    t.play(Place(seat=1, card=ox, to="on:b1"))
    for event in t.events:
        seen = GAME.redact(event, 2)
        assert swordsman not in str(seen) and ox not in str(seen) and "b1" not in str(seen), seen
    t.play(FinishOrganizing(seat=1))
    committed = t.of(Committed)[0]
    assert committed.digest == placement_digest(t.state, 1, committed.salt)
    hidden, own = GAME.redact(committed, 2), GAME.redact(committed, 1)
    assert isinstance(hidden, Committed) and isinstance(own, Committed)
    assert hidden.salt == "" and own.salt == committed.salt
    with pytest.raises(RuleViolation, match="your placement is committed"):
        t.play(Place(seat=1, card=swordsman, to="on:a1"))
    assert not t.of(LayoutRevealed)
    archer, ox11 = t.state.zone(2, "drawn")
    t.play(Place(seat=2, card=ox11, to="on:a4"))
    t.play(FinishOrganizing(seat=2))
    [layout] = t.of(LayoutRevealed)
    shown = {(s.space, s.seat, s.shield, s.on) for s in layout.spaces}
    assert (("b1", 1, ox, 1) in shown) and (("a4", 2, ox11, 0) in shown)
    assert archer not in str(GAME.redact(layout, 1))


def test_alternating_placement_takes_turns_in_the_open() -> None:
    t = organizing(["Swordsman", "Archer"], ["Axeman", "Captain"], placement="alternating")
    t = Table(_with_opener(t.state, 2))
    with pytest.raises(RuleViolation, match="seat 2 places next"):
        t.play(Place(seat=1, card=t.state.zone(1, "drawn")[0], to="on:a1"))
    t.play(Place(seat=2, card=t.state.zone(2, "drawn")[0], to="on:a4"))
    moved = t.of(CardsMoved)[-1]
    seen = GAME.redact(moved, 1)
    assert isinstance(seen, CardsMoved) and seen.to_zone == "on:a4" and seen.cards == ()
    assert t.of(PlacerChosen)[-1].seat == 1
    assert not t.of(ShieldPlaced)


def _with_opener(state: GuardiansState, seat: int) -> GuardiansState:
    from domain.kernel.records import replace

    return replace(state, active=seat, opener=seat)


def test_each_card_is_placed_once_and_a_shield_on_the_board_stays() -> None:
    """Each card is placed once, where it is to go, and a Shield already on the board
    leaves its space only by moving (RULES.md: Reorganizing)."""
    old, new = "1.re-shield-ploogs-ox-10#1", "1.re-shield-ploogs-ox-11#1"
    swordsman = instances(1, ["Swordsman"])[0]
    t = Table(
        table(
            phase=ORGANIZE,
            turn=2,
            zones={"1:shields": (old,), "1:drawn": (new, swordsman)},
            shields=(Shield(old, 1, "a1"),),
        )
    )
    with pytest.raises(RuleViolation, match=r"guardians Shields: .* stands on the board: it leaves its space only by"):
        t.play(Place(seat=1, card=old, to="pen"))
    t.play(Place(seat=1, card=new, to="on:b1"))
    with pytest.raises(RuleViolation, match="stands on the board"):
        t.play(Place(seat=1, card=new, to="on:c1"))
    t.play(Place(seat=1, card=swordsman, to="on:c1"))
    with pytest.raises(RuleViolation, match="placed already this turn: each card is placed once"):
        t.play(Place(seat=1, card=swordsman, to="on:b1"))
