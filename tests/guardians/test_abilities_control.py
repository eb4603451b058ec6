"""Card texts of the control theme, one scenario per ability kind with a card that has
it: control of the space after combat, channeling, bribery, Power Stones gained, and
the draw (guardians COMBAT RESOLUTION, CHANNELING, BRIBERY, DRAW AND ORGANIZE PHASE)."""

from __future__ import annotations

import pytest

from domain.games.guardians import GAME
from domain.games.guardians.effects import draw_turn
from domain.games.guardians.evolve import evolve
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    PAID_BONUS,
    Channel,
    CombatResolved,
    DeclareCommand,
    DrawCounted,
    EffectApplied,
    FireIdol,
    Pass,
    PlayCard,
    PlayCreature,
    StageBegan,
    Step,
    StonesSpent,
    UseAbility,
)
from domain.games.guardians.state import DECK, MOVEMENT, UP, GuardiansState, terrain
from domain.kernel import Emitter, RuleViolation, Seats, replace
from tests.guardians.support import Table, card_of, face_off, instances, key, table
from tests.guardians.test_texts import both_pass, combat_start, lay

INSECT_14 = "1.re-standard-bearer-maitzs-insect-14#1"
INSECT_16 = "2.re-standard-bearer-maitzs-insect-16#1"
SNAKES_17 = "1.re-standard-bearer-warholas-snakes-17#1"
SKULL_21 = "2.re-standard-bearer-broms-skull-21#1"
EGYPTIAN_11 = "1.np-egyptian-motif-standard-11#1"


def effects(table: Table, effect: str) -> list[EffectApplied]:
    return [e for e in table.of(EffectApplied) if e.effect == effect]


def with_guardian(state: GuardiansState, seat: int, guardian: str) -> GuardiansState:
    return state.with_player(seat, guardian=guardian)


def to_modify(table: Table, attacker: str, defender: str) -> None:
    """The match-up is laid, nobody bribes: the modify window opens, seat 1 to act."""
    lay(table, attacker, defender)
    assert table.state.combat is not None and table.state.combat.stage == "modify"


# ---------------------------------------------------------------- control of the space


def test_the_mule_counts_as_four_for_control() -> None:
    """guardians COMBAT RESOLUTION, Mule (control-vitality): the Axeman beats the Archer;
    the Mule, never laid, stays and counts 4 instead of its Vitality 2."""
    t = Table(face_off(["Axeman", "Mule"], ["Archer"]))
    combat_start(t)
    lay(t, card_of(1, "Axeman"), card_of(2, "Archer"))
    both_pass(t)
    resolved = t.of(CombatResolved)[-1]
    assert resolved.attacker_total == 7 + 4 and resolved.defender_total == 0
    [note] = effects(t, "control-vitality")
    assert (note.source, note.amount) == (card_of(1, "Mule"), 4)


def test_the_minataur_and_its_opponent_do_not_count_for_control() -> None:
    """guardians COMBAT RESOLUTION, Minataur (no-control, no-control-opponent): it beats
    the Axeman and does not count; the Swordsman and the Archer push and count 6 each,
    so the defender holds on the tie."""
    t = Table(face_off(["Minataur", "Swordsman"], ["Axeman", "Archer"]))
    combat_start(t)
    lay(t, card_of(1, "Minataur"), card_of(2, "Axeman"))
    both_pass(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Archer"))
    both_pass(t)
    resolved = t.of(CombatResolved)[-1]
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (6, 6, 2)
    assert [e.cards for e in effects(t, "no-control")] == [(card_of(1, "Minataur"),)]


def test_brap_back_goblins_leave_out_their_large_opponent() -> None:
    """guardians COMBAT RESOLUTION, Brap Back Goblins (no-control-opponent, large): the
    Ancient Ogre (L) beats them and does not count; the Archer, never laid, does."""
    t = Table(face_off(["Brap Back Goblins"], ["Ancient Ogre", "Archer"]))
    combat_start(t)
    lay(t, card_of(1, "Brap Back Goblins"), card_of(2, "Ancient Ogre"))
    both_pass(t)
    resolved = t.of(CombatResolved)[-1]
    assert resolved.defender_total == 6
    [note] = effects(t, "no-control")
    assert (note.source, note.cards) == (card_of(1, "Brap Back Goblins"), (card_of(2, "Ancient Ogre"),))


def test_control_bonus_of_an_attacking_standard_bearer_and_per_slag_beast() -> None:
    """guardians COMBAT RESOLUTION, Standard Bearer Maitz's Insect 14 (control-bonus,
    attacking: +3) and Ploogak the Conqueror (+2 per living Slag Beast, itself one)."""
    t = Table(face_off(["Axeman", "Ploogak the Conqueror"], ["Archer"], attacker_shield=INSECT_14))
    combat_start(t)
    lay(t, card_of(1, "Axeman"), card_of(2, "Archer"))
    both_pass(t)
    assert t.of(CombatResolved)[-1].attacker_total == 7 + 4 + 3 + 2
    assert sorted(e.amount for e in effects(t, "control-bonus")) == [2, 3]


IDOL = "1.re-large-idol#1"


def idol_combat(space: str, *, stones: int = 7) -> Table:
    """Seat 1, its Large Idol beside a1, attacks seat 2 on `space` from the land below it:
    its Swordsman (6) against the Axeman (7), who beats it, and no creature is left to lay."""
    state = face_off(["Swordsman"], ["Axeman"], attacker_space=f"{space[0]}2", defender_space=space)
    t = Table(replace(state, zones={**state.zones, "1:upgrade:a1": (IDOL,)}).with_player(1, stones=stones))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    both_pass(t)
    return t


def test_the_large_idol_adds_three_and_a_point_per_stone_paid() -> None:
    """guardians COMBAT RESOLUTION, Large Idol (control-bonus "column" 3; activated 1,
    control-bonus:column, when "control"): beside a1 it covers a2 and a3. Its seat lost its
    only creature to the Axeman (7), yet its control window opens (the defender has no Idol,
    so no window); it pays 5 stones, one point each: 3 + 5 = 8 takes the space."""
    t = idol_combat("a3")
    combat = t.state.combat
    assert combat is not None and (combat.stage, combat.actor) == ("control", 1) and not t.of(CombatResolved)
    assert legal_commands(t.state, 1) == [UseAbility(seat=1, card=IDOL), Pass(seat=1)]
    with pytest.raises(RuleViolation, match="names no target"):
        t.play(UseAbility(seat=1, card=IDOL, target=card_of(2, "Axeman")))
    for _ in range(5):
        t.play(UseAbility(seat=1, card=IDOL))
    spent = t.of(StonesSpent)
    assert [(e.count, e.rule) for e in spent] == [(1, "guardians Text Box (Large Idol)")] * 5
    assert [(e.source, e.amount) for e in effects(t, PAID_BONUS)] == [(IDOL, 1)] * 5
    assert GAME.tell_event(effects(t, PAID_BONUS)[0], Seats(("ann", "bob"))) == (
        "ann's Large Idol #1: 1 point more, paid for, toward ann's total for control of the space.")
    t.play(Pass(seat=1))
    [note] = effects(t, "control-bonus")
    assert (note.source, note.amount, note.rule) == (IDOL, 3 + 5, "guardians COMBAT RESOLUTION")
    resolved = t.of(CombatResolved)[-1]
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (8, 7, 1)
    assert t.state.player(1).stones == 2


def test_the_large_idol_window_closes_with_the_last_stone_and_fires_nothing() -> None:
    """guardians COMBAT RESOLUTION, Large Idol: with 2 stones its seat pays both and the
    window closes by itself; 3 + 2 = 5 loses to the Axeman's 7. It is no upgrade fired in
    place of a Command Card (that text is the Flame Cannon's: tools/cardimport.py TEXT_FROM)."""
    state = face_off(["Swordsman"], ["Axeman"], attacker_space="a2", defender_space="a3")
    t = Table(replace(state, zones={**state.zones, "1:upgrade:a1": (IDOL,)}).with_player(1, stones=2))
    t.play(Step(seat=1, to="a3"))
    assert not [c for c in legal_commands(t.state, 1) if isinstance(c, FireIdol)]
    with pytest.raises(RuleViolation, match="no upgrade to fire"):
        t.play(FireIdol(seat=1, stones=1))
    t.play(DeclareCommand(seat=1, play=False))
    t.play(DeclareCommand(seat=2, play=False))
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    both_pass(t)
    t.play(UseAbility(seat=1, card=IDOL))
    t.play(UseAbility(seat=1, card=IDOL))
    resolved = t.of(CombatResolved)[-1]
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (5, 7, 2)
    assert t.state.player(1).stones == 0


@pytest.mark.parametrize(("space", "stones", "bonus"), [("b3", 7, 0), ("a3", 0, 3)])
def test_the_large_idol_window_opens_only_over_its_column_and_with_a_stone(space: str, stones: int, bonus: int) -> None:
    """guardians COMBAT RESOLUTION, Large Idol: on b3, outside its column, it adds nothing and
    no window opens; on a3 without a stone there is nothing to choose, and its 3 still count."""
    t = idol_combat(space, stones=stones)
    assert not [e for e in t.of(StageBegan) if e.stage == "control"]
    assert t.of(CombatResolved)[-1].attacker_total == bonus


# ---------------------------------------------------------------- channeling


def test_the_greater_energy_elemental_takes_unlimited_channeling() -> None:
    """guardians CHANNELING: LIMITS, Greater Energy Elemental (unlimited-channeling): two
    channelings of Rak Nam's CMP 9 give 18, above its base Vitality 12."""
    t = Table(face_off(["Greater Energy Elemental"], ["Archer"]))
    combat_start(t)
    elemental = card_of(1, "Greater Energy Elemental")
    to_modify(t, elemental, card_of(2, "Archer"))
    t.play(Channel(seat=1, source="guardian"))
    t.play(Pass(seat=2))
    t.play(Channel(seat=1, source="guardian"))
    assert t.state.combat is not None and dict(t.state.combat.channel)[elemental] == 18


@pytest.mark.parametrize(
    ("shields", "cmp"),
    [({"attacker_shield": SNAKES_17}, 9 + 2), ({"defender_shield": SKULL_21}, 9 - 3)],
)
def test_standard_bearers_change_the_cmp(shields: dict[str, str], cmp: int) -> None:
    """guardians CHANNELING, cmp-bonus: Warhola's Snakes 17 adds 2 to channeling into its
    own side's creatures; Brom's Skull 21 takes 3 from every channeling in its combats."""
    t = Table(face_off(["Wraith"], ["Archer"], **shields))
    combat_start(t)
    wraith = card_of(1, "Wraith")
    to_modify(t, wraith, card_of(2, "Archer"))
    t.play(Channel(seat=1, source="guardian"))
    assert t.state.combat is not None and dict(t.state.combat.channel)[wraith] == cmp
    assert [e.effect for e in t.of(EffectApplied) if e.effect == "cmp-bonus"] == ["cmp-bonus"]


def test_the_wizards_tower_adds_to_channelers_beneath_it() -> None:
    """guardians CHANNELING, Wizard's Tower (cmp-bonus, beneath): the Eternal Witch Lord
    under the stronghold space beside the Tower channels 2 + 1 into the Wraith."""
    state = face_off(["Wraith"], ["Archer"])
    witch = card_of(1, "Eternal Witch Lord")
    tower = instances(1, ["Wizard's Tower"])
    state = replace(state, zones={**state.zones, "1:under:a1": (witch,), "1:upgrade:a1": tower})
    t = Table(state)
    combat_start(t)
    wraith = card_of(1, "Wraith")
    to_modify(t, wraith, card_of(2, "Archer"))
    t.play(Channel(seat=1, source=witch))
    assert t.state.combat is not None and dict(t.state.combat.channel)[wraith] == 3


def test_the_priest_of_sethos_forbids_stones_for_channeling() -> None:
    """guardians CHANNELING, Priest of Sethos (no-stone-channeling): once revealed, no
    Guardian channels in this combat, on either side."""
    t = Table(face_off(["Priest of Sethos"], ["Wraith"]))
    combat_start(t)
    to_modify(t, card_of(1, "Priest of Sethos"), card_of(2, "Wraith"))
    with pytest.raises(RuleViolation, match="guardians CHANNELING: Priest of Sethos: no Power Stone"):
        t.play(Channel(seat=1, source="guardian"))
    assert Channel(seat=1, source="guardian") not in legal_commands(t.state, 1)


def test_the_ancient_ogre_in_play_and_unbeaten_stops_enemy_channeling() -> None:
    """guardians CHANNELING, Ancient Ogre (no-enemy-channeling): after it beats the Archer,
    seat 2 may not channel into its Wraith in the next match-up."""
    t = Table(face_off(["Ancient Ogre", "Swordsman"], ["Archer", "Wraith"]))
    combat_start(t)
    lay(t, card_of(1, "Ancient Ogre"), card_of(2, "Archer"))
    both_pass(t)
    to_modify(t, card_of(1, "Swordsman"), card_of(2, "Wraith"))
    t.play(Pass(seat=1))
    with pytest.raises(RuleViolation, match="Ancient Ogre is in play and unbeaten"):
        t.play(Channel(seat=2, source="guardian"))


# ---------------------------------------------------------------- bribery


def test_the_greedy_fiend_forbids_gold_once_in_play() -> None:
    """guardians BRIBERY, Greedy Fiend (no-bribery, gold): beaten but not bribed, it still
    forbids bribery by Gold in the next match-up."""
    gold = card_of(2, "Gold")
    t = Table(face_off(["Greedy Fiend", "Swordsman"], ["Archer", "Axeman"], defender_storage=["Gold"]))
    combat_start(t)
    lay(t, card_of(1, "Greedy Fiend"), card_of(2, "Archer"))
    both_pass(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Axeman")))
    t.play(Pass(seat=1))
    with pytest.raises(RuleViolation, match="guardians BRIBERY: Greedy Fiend forbids bribery by Gold"):
        t.play(PlayCard(seat=2, card=gold, target=card_of(1, "Swordsman")))


def test_no_bribery_against_creatures_under_maitzs_insect_16() -> None:
    """guardians BRIBERY, Standard Bearer Maitz's Insect 16 (no-bribery-vs)."""
    t = Table(face_off(["Swordsman"], ["Archer"], attacker_storage=["Gold"], defender_shield=INSECT_16))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    with pytest.raises(RuleViolation, match="Standard Bearer Maitz's Insect 16 forbids bribery"):
        t.play(PlayCard(seat=1, card=card_of(1, "Gold"), target=card_of(2, "Archer")))


def test_the_house_of_babes_forbids_babes_on_its_space() -> None:
    """guardians BRIBERY, The S.S. House of Babes (no-bribery on its space)."""
    house = "The S.S. House of Babes"
    t = Table(face_off(["Swordsman"], ["Lying Scum"], attacker_storage=["Babes"], terrain_name=house))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Lying Scum")))
    with pytest.raises(RuleViolation, match=r"The S\.S\. House of Babes forbids bribery by Babes"):
        t.play(PlayCard(seat=1, card=card_of(1, "Babes"), target=card_of(2, "Lying Scum")))


def test_pig_dog_sends_babes_back_to_the_storage_hand() -> None:
    """guardians BRIBERY, Pig Dog (bribe-returns, babes): the Babes bribe the Lying Scum
    and stay in the Storage Hand."""
    babes = card_of(1, "Babes")
    t = Table(face_off(["Pig Dog"], ["Lying Scum"], attacker_storage=["Babes"]))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Pig Dog")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Lying Scum")))
    t.play(PlayCard(seat=1, card=babes, target=card_of(2, "Lying Scum")))
    assert t.state.zone_of(babes) == "storage"
    assert t.state.combat is not None and card_of(2, "Lying Scum") in t.state.combat.defender.destroyed


def test_jamchops_bribes_with_any_icon() -> None:
    """guardians BRIBERY, Jamchops the Trader (bribes-any): Babes bribe the Archer, whose
    only icon is Gold; without Jamchops they may not."""
    t = Table(face_off(["Jamchops the Trader"], ["Archer"], attacker_storage=["Babes"]))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Jamchops the Trader")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    t.play(PlayCard(seat=1, card=card_of(1, "Babes"), target=card_of(2, "Archer")))
    assert t.state.combat is not None and card_of(2, "Archer") in t.state.combat.defender.destroyed
    t = Table(face_off(["Swordsman"], ["Archer"], attacker_storage=["Babes"]))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    with pytest.raises(RuleViolation, match="cannot be bribed by Babes"):
        t.play(PlayCard(seat=1, card=card_of(1, "Babes"), target=card_of(2, "Archer")))


# ---------------------------------------------------------------- Power Stones


def test_grahzue_gains_a_stone_when_its_creature_is_bribed() -> None:
    """guardians BRIBERY, Grahzue: Lover of Vice (gain-stones, bribed)."""
    state = face_off(["Swordsman"], ["Archer"], attacker_storage=["Gold"])
    state = with_guardian(state, 2, key("Grahzue: Lover of Vice"))
    t = Table(state)
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=card_of(2, "Archer")))
    t.play(PlayCard(seat=1, card=card_of(1, "Gold"), target=card_of(2, "Archer")))
    assert t.state.player(2).stones == 7 + 1
    [gain] = effects(t, "gain-stones")
    assert (gain.seat, gain.amount) == (2, 1)


def test_koset_gains_a_stone_when_the_enemy_channels() -> None:
    """guardians CHANNELING, Koset of the Light (gain-stones, enemy-channels)."""
    t = Table(face_off(["Wraith"], ["Koset of the Light"]))
    combat_start(t)
    to_modify(t, card_of(1, "Wraith"), card_of(2, "Koset of the Light"))
    t.play(Channel(seat=1, source="guardian"))
    assert (t.state.player(1).stones, t.state.player(2).stones) == (7 - 1, 7 + 1)


def test_the_angel_of_death_gains_a_stone_for_a_creature_beaten() -> None:
    """guardians IS IT OVER YET?, Angel of Death (gain-stones, beats)."""
    t = Table(face_off(["Angel of Death"], ["Archer"]))
    combat_start(t)
    lay(t, card_of(1, "Angel of Death"), card_of(2, "Archer"))
    both_pass(t)
    assert t.state.player(1).stones == 7 + 1


def test_egyptian_motif_standard_11_gains_a_stone_when_it_wins() -> None:
    """guardians COMBAT RESOLUTION, Egyptian motif Standard 11 (gain-stones, shield-wins)."""
    t = Table(face_off(["Axeman"], ["Archer"], attacker_shield=EGYPTIAN_11))
    combat_start(t)
    lay(t, card_of(1, "Axeman"), card_of(2, "Archer"))
    both_pass(t)
    assert t.of(CombatResolved)[-1].winner == 1 and t.state.player(1).stones == 7 + 1


# ---------------------------------------------------------------- the draw


def drawn(state: GuardiansState) -> tuple[DrawCounted, list[EffectApplied]]:
    em = Emitter(state, evolve)
    draw_turn(em, 1, keep_up=True)
    counted = [e for e in em.events if isinstance(e, DrawCounted)]
    return counted[0], [e for e in em.events if isinstance(e, EffectApplied) and e.effect == "extra-draw"]


def deck() -> dict[str, tuple[str, ...]]:
    return {f"1:{DECK}": instances(1, ["Swordsman"] * 5 + ["Archer"] * 5 + ["Axeman"] * 5)}


@pytest.mark.parametrize(
    ("guardian", "zones", "lost", "extra"),
    [
        ("Finn, Swamp King", {f"1:{terrain('a2')}": ("1.re-swamp#1",), f"1:{terrain('b2')}": ("1.re-swamp#2",)}, 0, 2),
        ("Tookle, Leader of the Many", {f"1:{UP}": instances(1, ["Gn'Obby Gnomes"])}, 0, 1),
        ("Tookle, Leader of the Many", {f"1:{UP}": instances(1, ["Swordsman"])}, 0, 0),
        ("K'Hutek, Protector of the Fallen", {}, 3, 3),
    ],
)
def test_guardians_draw_extra_cards(guardian: str, zones: dict[str, tuple[str, ...]], lost: int, extra: int) -> None:
    """guardians DRAW AND ORGANIZE PHASE, extra-draw: Finn per Swamp he controls, Tookle
    when the Up card was a small creature, K'Hutek per Shield lost."""
    state = table(phase=MOVEMENT, zones={**deck(), **zones})
    state = state.with_player(1, guardian=key(guardian), shields_lost=lost)
    counted, notes = drawn(state)
    plain = counted.base + counted.lands + counted.low_up
    assert counted.total == plain + extra
    assert sum(e.amount for e in notes) == extra


def test_buster_scrimbo_as_the_up_card_draws_one_more() -> None:
    """guardians DRAW AND ORGANIZE PHASE, Buster Scrimbo (extra-draw, up:self)."""
    buster = instances(1, ["Buster Scrimbo"])
    counted, notes = drawn(table(phase=MOVEMENT, zones={**deck(), f"1:{UP}": buster}))
    assert counted.total == counted.base + counted.lands + counted.low_up + 1
    assert [(e.source, e.amount) for e in notes] == [(buster[0], 1)]
