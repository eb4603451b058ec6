"""Spells, Hand Items and Accessories played the one general way (casting.py): one
scenario per ability kind with a card that has it (guardians SPELLS, Text Box, Turn your
Up card, TERRAIN SETTLEMENT PHASE, THE TURN IS OVER; RULES.md, Spells, Items and
Accessories played by their abilities)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.casting import general
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    AnswerClosed,
    CardsMoved,
    EffectApplied,
    Pass,
    PlayCard,
    StonesSpent,
)
from domain.games.guardians.state import (
    ACCESSORIES,
    DISCARD,
    IN_EFFECT,
    MOVEMENT,
    OPENING,
    ORGANIZE,
    SETTLEMENT,
    UP,
    GuardiansState,
    draw_count,
    facedown,
    guardian_number,
    terrain,
    upgrade,
)
from domain.kernel import RuleViolation
from tests.guardians.support import KIT, Table, card_of, table

UPS = {"1:up": (card_of(1, "Swordsman"),), "2:up": (card_of(2, "Axeman"),)}


def opening(storage_1: tuple[str, ...], storage_2: tuple[str, ...] = (), **zones: tuple[str, ...]) -> GuardiansState:
    """The Movement phase's opening window, seat 1 to play or pass (guardians Turn your Up card)."""
    held = {"1:storage": storage_1, "2:storage": storage_2, **UPS, **zones}
    return table(phase=MOVEMENT, zones={k: v for k, v in held.items() if v}, window=OPENING, first=1, active=1)


def test_make_juice_gives_a_stone_and_the_window_goes_on() -> None:
    """guardians SPELLS, Make Juice (gain-stones, play any-time): +1 Power Stone; the
    opening window goes on with the enemy."""
    juice = card_of(1, "Make Juice")
    t = Table(opening((juice,)))
    assert general(juice) and PlayCard(seat=1, card=juice) in legal_commands(t.state, 1)
    t.cast(PlayCard(seat=1, card=juice))
    assert t.state.player(1).stones == 8
    [gain] = [e for e in t.of(EffectApplied) if e.effect == "gain-stones"]
    assert (gain.source, gain.amount, gain.rule) == (juice, 1, "guardians Text Box (Make Juice)")
    assert t.state.window == OPENING and t.state.active == 2


def test_dispel_magic_negates_make_juice() -> None:
    """guardians Text Box, Dispel Magic: a Spell played the general way is answered too."""
    juice, dispel = card_of(1, "Make Juice"), card_of(2, "Dispel Magic")
    t = Table(opening((juice,), (dispel,)))
    t.play(PlayCard(seat=1, card=juice))
    t.play(PlayCard(seat=2, card=dispel, target=juice))
    t.play(Pass(seat=1))
    assert not t.of(AnswerClosed)[0].stands
    assert t.state.player(1).stones == 7 and t.state.active == 2


def test_channeling_flux_sets_the_guardians_cmp_for_the_turn() -> None:
    """guardians CHANNELING, Channeling Flux (guardian-sets, play draw): the Guardian's
    CMP is 20 until the next Draw & Organize; it is played in Draw & Organize only."""
    flux = card_of(1, "Channeling Flux")
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (flux,)}, turn=2))
    assert guardian_number(t.state, 1, "cmp") == 9
    t.cast(PlayCard(seat=1, card=flux))
    assert t.state.zone(1, IN_EFFECT) == (flux,)
    assert guardian_number(t.state, 1, "cmp") == 20 and guardian_number(t.state, 2, "cmp") == 9
    late = card_of(1, "Channeling Flux", 2)
    assert "not played in the movement phase" in str(KIT.refused(opening((late,)), PlayCard(seat=1, card=late)))


def test_peace_costs_a_stone_and_goes_straight_to_settlement() -> None:
    """guardians TERRAIN SETTLEMENT PHASE, Peace (costs-stones, skip-to, play up): after
    the Up cards, for a stone, no Shield turns: Terrain Settlement comes next."""
    peace = card_of(1, "Peace")
    t = Table(opening((peace,)))
    t.cast(PlayCard(seat=1, card=peace))
    assert [e.count for e in t.of(StonesSpent)] == [1]
    assert any(e.effect == "skip-to" for e in t.of(EffectApplied))
    # No land to settle: the next turn's Draw & Organize begins.
    assert t.state.phase in (SETTLEMENT, ORGANIZE) and t.state.turn == 2
    poor = opening((peace,))
    poor = poor.with_player(1, stones=0)
    assert "Power Stones" in str(KIT.refused(poor, PlayCard(seat=1, card=peace)))


def test_hammer_of_doom_destroys_a_terrain_card_it_names() -> None:
    """guardians Text Box, Hammer of Doom (destroy-in-play terrain): the Terrain card
    named goes to its owner's discard pile. A face-down card is refused in the very words
    of a card that is not there at all."""
    hammer, mountain = card_of(1, "Hammer of Doom"), card_of(2, "Spirit Mountain")
    hidden = card_of(2, "Archer")
    t = Table(opening((hammer,), **{f"2:{terrain('a2')}": (mountain,), f"2:{facedown('b2')}": (hidden,)}))
    assert [c for c in legal_commands(t.state, 1) if isinstance(c, PlayCard)] == [
        PlayCard(seat=1, card=hammer, target=mountain)
    ]
    hidden_refusal = KIT.refused(t.state, PlayCard(seat=1, card=hammer, target=hidden))
    nothing_refusal = KIT.refused(t.state, PlayCard(seat=1, card=hammer, target=card_of(2, "Archer", 5)))
    assert str(hidden_refusal) == str(nothing_refusal)
    assert "guardians Text Box (Hammer of Doom)" in str(hidden_refusal)
    t.cast(PlayCard(seat=1, card=hammer, target=mountain))
    assert t.state.zone(2, terrain("a2")) == () and mountain in t.state.zone(2, DISCARD)


def test_loghammers_sapper_destroys_a_stronghold_upgrade() -> None:
    """guardians Text Box, Summon Loghammer's Sapper (destroy-in-play upgrade)."""
    sapper, alarm = card_of(1, "Summon Loghammer's Sapper"), card_of(2, "Alarm Bells")
    t = Table(opening((sapper,), **{f"2:{upgrade('c4')}": (alarm,)}))
    with pytest.raises(RuleViolation, match="stronghold upgrade"):
        t.play(PlayCard(seat=1, card=sapper))
    t.cast(PlayCard(seat=1, card=sapper, target=alarm))
    assert alarm in t.state.zone(2, DISCARD) and not t.state.zone(2, upgrade("c4"))


def test_shadow_strike_discards_every_up_card_and_turns_new_ones() -> None:
    """guardians Turn your Up card, Shadow Strike (new-up-cards both, play up)."""
    strike = card_of(1, "Shadow Strike")
    new_ups = card_of(1, "Archer"), card_of(2, "Axeman", 2)
    t = Table(opening((strike,), **{"1:deck": new_ups[:1], "2:deck": new_ups[1:]}))
    t.cast(PlayCard(seat=1, card=strike))
    assert (t.state.zone(1, UP), t.state.zone(2, UP)) == (new_ups[:1], new_ups[1:])
    assert t.state.first == 2  # the Axeman's 7 beats the Archer's Up number
    assert card_of(1, "Swordsman") in t.state.zone(1, DISCARD) and card_of(2, "Axeman") in t.state.zone(2, DISCARD)


def test_small_mox_takes_a_stone_from_the_enemy() -> None:
    """guardians Text Box, Small Mox (steal-stones, costs-stones): a stone paid, one taken."""
    mox = card_of(1, "Small Mox")
    t = Table(opening((mox,)))
    t.cast(PlayCard(seat=1, card=mox))
    assert (t.state.player(1).stones, t.state.player(2).stones) == (7, 6)
    broke = opening((mox,)).with_player(2, stones=0)
    assert "no Power Stone" in str(KIT.refused(broke, PlayCard(seat=1, card=mox)))


def test_gifts_and_scarab_lie_next_to_the_guardian() -> None:
    """guardians Text Box, Gift of Isis, Gift of Osirus, Scarab of Bounty (guardian-bonus,
    play-limit in-play): each lies face up next to its Guardian and adds to it while
    there; a second of a name is refused while one is in play, either seat's."""
    isis, osirus, scarab = card_of(1, "Gift of Isis"), card_of(1, "Gift of Osirus"), card_of(1, "Scarab of Bounty")
    t = Table(opening((isis, osirus, scarab), (card_of(2, "Gift of Isis"),)))
    t.cast(PlayCard(seat=1, card=isis))
    assert t.state.zone(1, ACCESSORIES) == (isis,)
    moved = t.of(CardsMoved)[-1]
    assert (moved.from_zone, moved.to_zone) == (DISCARD, ACCESSORIES)
    assert guardian_number(t.state, 1, "cmp") == 9 + 2
    # Face up: both seats and a spectator see it next to seat 1's Guardian.
    assert all(GAME.view(t.state, viewer).seats[0].accessories == (isis,) for viewer in (0, 1, 2))
    with pytest.raises(RuleViolation, match="one of that name is in play"):
        t.play(PlayCard(seat=2, card=card_of(2, "Gift of Isis")))
    t.play(Pass(seat=2))
    t.cast(PlayCard(seat=1, card=osirus))
    assert guardian_number(t.state, 1, "vitality") == 30 + 3
    t.play(Pass(seat=2))
    t.cast(PlayCard(seat=1, card=scarab))
    assert t.state.player(1).stones == 6
    low = t.state.with_player(1, low_up=True)
    assert draw_count(low, 1)[2] == 1 + 1
