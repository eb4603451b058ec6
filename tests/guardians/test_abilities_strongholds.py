"""Card texts of strongholds, upgrades and downgrades, terrain settlement and the board:
one scenario per ability kind (or per extension of one) with a card that has it
(guardians STRONGHOLDS, Other placement, DRAW AND ORGANIZE PHASE, TERRAIN SETTLEMENT
PHASE; RULES.md, Downgrades)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.effects import begin_settlement
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import (
    CardsMoved,
    FinishOrganizing,
    Place,
    ShieldDestroyed,
    StonesSpent,
    Term,
)
from domain.games.guardians.state import MOVEMENT, ORGANIZE, Shield
from domain.kernel import Emitter, Rng, RuleViolation, replace
from tests.guardians.support import Table, card_of, face_off, instances, table
from tests.guardians.test_abilities_strength import matchup
from tests.guardians.test_texts import combat_start

OX10, OX11 = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1"


# ---------------------------------------------------------------- downgrades: placement


def test_a_downgrade_goes_on_an_enemy_end_stronghold_card_without_an_upgrade() -> None:
    """guardians Other placement, Sewage Backup (RULES.md, Downgrades): a downgrade goes on
    the enemy's left or right stronghold card (seat 2's c4 and a4), not its center, not
    one's own, not where the enemy's upgrade stands already, one a card; an upgrade the
    enemy places in secret this same turn is not there "already"."""
    sewage, pit = instances(1, ["Sewage Backup", "Snake Pit"])
    tower = card_of(2, "Teleport Tower")
    zones = {"1:drawn": (sewage, pit), "2:drawn": (tower,), "2:upgrade:c4": instances(2, ["Large Idol"])}
    t = Table(table(phase=ORGANIZE, zones=zones))
    legal = GAME.legal_commands(t.state, 1)
    assert Place(seat=1, card=sewage, to="downgrade:a4") in legal
    assert Place(seat=1, card=sewage, to="downgrade:c4") not in legal
    for target, problem in (
        ("downgrade:b4", "downgrades go on your opponent's left or right stronghold card"),
        ("downgrade:a1", "downgrades go on your opponent's left or right stronghold card"),
        ("downgrade:c4", "c4 has an upgrade of your opponent's or a downgrade of yours already"),
        ("upgrade:a1", "Sewage Backup is not a stronghold upgrade"),
    ):
        with pytest.raises(RuleViolation, match=f"guardians Other placement: {problem}"):
            t.play(Place(seat=1, card=sewage, to=target))
    t.play(Place(seat=2, card=tower, to="upgrade:a4"))  # in secret: seat 1 does not know it
    t.play(Place(seat=1, card=sewage, to="downgrade:a4"))
    with pytest.raises(RuleViolation, match="a4 has an upgrade of your opponent's or a downgrade of yours"):
        t.play(Place(seat=1, card=pit, to="downgrade:a4"))
    t.play(FinishOrganizing(seat=1))
    t.play(FinishOrganizing(seat=2))
    assert t.state.zone(1, "downgrade:a4") == (sewage,) and t.state.zone(2, "upgrade:a4") == (tower,)
    [a4] = [s for s in GAME.view(t.state, 2).spaces if s.space == "a4"]
    assert a4.downgrade == (sewage,) and a4.upgrade == (tower,)


# ---------------------------------------------------------------- downgrades: what they do


def test_sewage_backup_takes_the_stronghold_cards_defence_bonus_away() -> None:
    """guardians STRONGHOLDS, Sewage Backup (cancels-stronghold, a downgrade's): the Idiot
    defending seat 2's a4 gets no +5 from Carreg Amroth with the downgrade on the card,
    and gets it without."""
    state = face_off(["Swordsman"], ["Idiot"], attacker_space="a3", defender_space="a4")
    downgraded = Table(replace(state, zones={**state.zones, "1:downgrade:a4": instances(1, ["Sewage Backup"])}))
    combat_start(downgraded)
    assert not [t for t in matchup(downgraded, "Swordsman", "Idiot").defender_terms if t.source == "stronghold"]
    plain = Table(state)
    combat_start(plain)
    assert Term("stronghold", 5) in matchup(plain, "Swordsman", "Idiot").defender_terms


def test_ministry_of_tax_collection_burns_a_stone_of_the_owner_on_it() -> None:
    """guardians DRAW AND ORGANIZE PHASE, Ministry of Tax Collection (enemy-loses-stones
    "shield-on"): at the end of Draw & Organize seat 2, whose Shield stands on the
    downgraded a4, burns one Power Stone; seat 1's Shield there would cost nothing."""
    ministry = card_of(1, "Ministry of Tax Collection")
    zones = {"1:drawn": (ministry,), "2:shields": (OX11,), f"2:shield:{OX11}": instances(2, ["Archer"])}
    t = Table(table(phase=ORGANIZE, zones=zones, shields=(Shield(OX11, 2, "a4"),)))
    t.play(Place(seat=1, card=ministry, to="downgrade:a4"))
    t.play(FinishOrganizing(seat=1))
    t.play(FinishOrganizing(seat=2))
    [burned] = t.of(StonesSpent)
    assert (burned.seat, burned.count, burned.rule) == (2, 1, "guardians Text Box (Ministry of Tax Collection)")
    assert t.state.player(2).stones == 6 and t.state.player(1).stones == 7


def settle(state: Table) -> Table:
    """The Terrain Settlement phase begins on the table's position."""
    em = Emitter(state.state, evolve)
    begin_settlement(em, Rng("test", "settlement", 0))
    state.state, state.events = em.state, list(em.events)
    return state


def test_snake_pit_takes_a_creature_from_the_shield_on_it_at_settlement() -> None:
    """guardians TERRAIN SETTLEMENT PHASE, Snake Pit (discards "both:stack:creature", 1,
    when "settlement"): seat 2's Shield on the pitted a4 loses one of its two creatures,
    drawn at random; a Shield with one creature left with none is destroyed."""
    pit = card_of(1, "Snake Pit")
    pair = instances(2, ["Archer", "Swordsman"])
    zones = {"1:downgrade:a4": (pit,), "2:shields": (OX11,), f"2:shield:{OX11}": pair}
    t = settle(Table(table(phase=MOVEMENT, zones=zones, shields=(Shield(OX11, 2, "a4", turned=True),))))
    [taken] = [e for e in t.of(CardsMoved) if e.rule == "guardians Text Box (Snake Pit)"]
    assert taken.seat == 2 and taken.count == 1 and taken.cards[0] in pair and taken.to_zone == "discard"
    assert len(t.state.zone(2, f"shield:{OX11}")) == 1 and not t.of(ShieldDestroyed)
    last = {**zones, f"2:shield:{OX11}": pair[:1]}
    alone = settle(Table(table(phase=MOVEMENT, zones=last, shields=(Shield(OX11, 2, "a4", turned=True),))))
    [lost] = alone.of(ShieldDestroyed)
    assert (lost.shield, lost.rule) == (OX11, "guardians Text Box (Snake Pit)")
    assert alone.state.player(2).shields_lost == 1
