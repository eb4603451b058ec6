"""aod Items, aod Allies, immunities (aod Monsters) and the characters' abilities."""

from __future__ import annotations

from dataclasses import replace

from domain.games.aod import GAME
from domain.games.aod.messages import (
    Attack,
    AttackDeclared,
    AttackRolled,
    CardSwitched,
    KeepRolled,
    Modifier,
    PlayCard,
    SwitchAlly,
    SwitchItem,
)
from domain.games.aod.state import ATTACK, PLAY, AodState
from tests.aod.support import refused, run, table, with_die, with_player
from tests.kit import of


def fighter(character: str, alignment: str = "good", **zones: tuple[str, ...]) -> AodState:
    chars = {"ash": "ash,sheila", "sheila": "sheila,ash", "arthur": "arthur,ash", "henry": "henry,ash"}
    deck = ("shield", "armor-1", "torch", "delta-88")
    return table(2, phase=ATTACK, deck=deck, options={"characters": chars[character]}, players={
        1: {"hand": ("catapult",), "alignment": alignment, **zones}, 2: {"hand": ("armor-2",)}})


def mods(state: AodState, command: Attack) -> tuple[Modifier, ...]:
    events = with_die(state, command, 2).events
    return tuple(of(events, AttackRolled)[0].modifiers)


def test_henry_sword_bonus_lost_against_a_sword_immune_monster() -> None:
    """aod MONSTER CARDS (the rulebook's example): against a sword-immune Monster the sword
    gives nothing, and neither does Henry's +1 with swords that rides on it."""
    state = fighter("henry", weapons=("sword-1",), pile=("pit-witch-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="pit-witch-1", use_weapon=True)) == ()
    state = fighter("henry", weapons=("sword-1",), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True)) == (
        Modifier("Sword", 1), Modifier("Henry with a sword", 1))


def test_henry_switches_to_a_non_sword_non_complex_weapon_and_regains_its_bonus() -> None:
    """aod MONSTER CARDS (the example, continued): Henry switches to a Mace, whose bonus the
    sword-immune Monster does not stop. His own +1 is for swords (aod MONSTER CARDS), so it
    does not come back with a Mace: see RULES.md on the example's last words."""
    state = fighter("henry", weapons=("sword-1", "mace"), pile=("pit-witch-1",))
    state, events = run(state, SwitchItem(seat=1, card="mace"))
    assert of(events, CardSwitched) == [CardSwitched(seat=1, zone="weapon", card="mace")]
    assert state.player(1).weapons == ("mace", "sword-1")
    assert mods(state, Attack(seat=1, target_seat=1, target_card="pit-witch-1", use_weapon=True)) == (
        Modifier("Mace", 1),)


def test_henry_bonus_is_for_swords_only() -> None:
    """aod MONSTER CARDS: Henry's +1 is for using swords, not every medieval weapon."""
    for weapon, name in (("mace", "Mace"), ("crossbow-1", "Crossbow"), ("torch", "Torch")):
        state = fighter("henry", weapons=(weapon,), pile=("deadite-1",))
        assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True)) == (
            Modifier(name, 1),)
    state = fighter("henry", weapons=("broadsword",), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True)) == (
        Modifier("Broadsword", 2), Modifier("Henry with a sword", 1))


def test_ash_complex_weapon_bonus() -> None:
    state = fighter("ash", weapons=("boomstick-1",), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True)) == (
        Modifier("Boomstick", 2), Modifier("Ash with a complex weapon", 1))
    state = fighter("ash", weapons=("boomstick-1",), pile=("skeleton-warrior-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="skeleton-warrior-1", use_weapon=True)) == ()


def test_using_items_is_optional() -> None:
    """aod Items: an Item may be left unused (no bonus, no keep roll)."""
    state = fighter("ash", weapons=("chainsaw-1",), pile=("deadite-1",))
    events = with_die(state, Attack(seat=1, target_seat=1, target_card="deadite-1"), 2).events
    assert of(events, AttackDeclared)[0].used == () and of(events, KeepRolled) == []


def test_arthur_bonus_per_ally_even_without_ally_bonus_and_with_goldtooth() -> None:
    """aod Allies: Arthur +1 for Peasants; with Goldtooth two Allies are active, +1 each."""
    state = fighter("arthur", allies=("peasants-1",), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_allies=True)) == (
        Modifier("Arthur with Peasants", 1),)
    state = fighter("arthur", allies=("goldtooth", "knights-1", "peasants-1"), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_allies=True)) == (
        Modifier("Knights", 1), Modifier("Arthur with Goldtooth", 1), Modifier("Arthur with Knights", 1))


def test_ally_immunity_removes_arthur_bonus() -> None:
    state = fighter("arthur", allies=("knights-1",), pile=("skeleton-archer-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="skeleton-archer-1", use_allies=True)) == ()


def test_archer_captain_with_a_crossbow() -> None:
    """aod Allies: the Archer Captain helps more when the character wields a crossbow."""
    state = fighter("sheila", weapons=("crossbow-1",), allies=("archer-captain",), pile=("deadite-1",))
    assert mods(state, Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True,
                              use_allies=True)) == (
        Modifier("Crossbow", 1), Modifier("Archer Captain", 1), Modifier("Archer Captain with a crossbow", 2))


def test_one_weapon_and_one_other_item_new_ones_stack_inactive() -> None:
    """aod Items: extra Items go under the active one."""
    state = table(2, phase=PLAY, players={1: {"hand": ("sword-1",), "weapons": ("mace",)}})
    state = run(state, PlayCard(seat=1, card="sword-1")).state
    assert state.player(1).weapons == ("mace", "sword-1")


def test_goldtooth_switch_keeps_two_allies_active() -> None:
    """aod Allies: Goldtooth switched in makes the Ally under him the second active one."""
    state = fighter("arthur", allies=("knights-1", "peasants-1", "goldtooth"), pile=())
    state = run(state, SwitchAlly(seat=1, card="goldtooth")).state
    assert state.player(1).active_allies() == ("goldtooth", "knights-1")
    state = run(state, SwitchAlly(seat=1, card="peasants-1")).state
    assert state.player(1).active_allies() == ("goldtooth", "peasants-1")


def test_switch_rejections() -> None:
    state = fighter("ash", weapons=("sword-1", "mace"), allies=("knights-1",))
    assert refused(state, SwitchItem(seat=1, card="sword-1")).rule == "aod Items"
    assert refused(state, SwitchAlly(seat=1, card="knights-1")).rule == "aod Allies"
    assert refused(state, SwitchItem(seat=2, card="mace")).rule == "aod Items"


def test_keep_rolls_after_the_attack_and_failure_discards() -> None:
    """aod Items / aod Allies: used cards with a keep number roll after the carnage."""
    state = fighter("ash", weapons=("chainsaw-1",), allies=("knights-1",), pile=("deadite-1",))
    command = Attack(seat=1, target_seat=1, target_card="deadite-1", use_weapon=True, use_allies=True)
    state, events = with_die(state, command, 1, KeepRolled)
    keeps = of(events, KeepRolled)
    assert [k.card for k in keeps] == ["chainsaw-1", "knights-1"]
    assert not keeps[0].kept and "chainsaw-1" in state.discard
    assert events.index(keeps[0]) > events.index(of(events, AttackRolled)[0])


def test_sheila_keeps_allies_better() -> None:
    """aod Allies (Sheila): +1 to her Ally keep rolls."""
    state = fighter("sheila", allies=("knights-1",), pile=("mini-ash-1",))
    command = Attack(seat=1, target_seat=1, target_card="mini-ash-1", use_allies=True)
    events = with_die(state, command, 3, KeepRolled).events
    keep = of(events, KeepRolled)[0]
    assert keep.bonus == 1 and keep.needed == 4 and keep.kept


def test_switching_is_legal_at_any_time_out_of_turn_too() -> None:
    """aod ITEM CARDS, aod ALLY CARDS: stacked cards may be switched at any time: in the
    owner's turn, in another's turn, while another seat owes a discard. The table does not
    wait on a seat for that: it stays out of `to_act`, and its own legal commands list it."""
    state = fighter("ash", weapons=("sword-1",), pile=("deadite-1",))
    state = with_player(state, 2, weapons=("mace", "torch"), allies=("knights-1", "peasants-1"))
    switches = [SwitchItem(seat=2, card="torch"), SwitchAlly(seat=2, card="peasants-1")]
    assert GAME.status(state).to_act == (1,)
    assert GAME.legal_commands(state, 2) == switches
    after, events = run(state, SwitchItem(seat=2, card="torch"))
    assert of(events, CardSwitched) == [CardSwitched(seat=2, zone="weapon", card="torch")]
    assert after.player(2).weapons == ("torch", "mace") and GAME.status(after).to_act == (1,)
    owing = replace(state, phase="aftermath", owed_seat=1, owed_count=1, owed_reason="beaten")
    assert GAME.legal_commands(owing, 2) == switches
    run(owing, SwitchAlly(seat=2, card="peasants-1"))
    for closed, rule in ((replace(state, phase="setup"), "aod Set-up"),
                         (replace(state, finished=True, phase="over"), "aod Play")):
        assert GAME.legal_commands(closed, 2) == []
        assert refused(closed, SwitchItem(seat=2, card="torch")).rule == rule
