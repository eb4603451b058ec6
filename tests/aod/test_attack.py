"""aod Attack and aod Monsters: rolls, victories, defeats, fights between characters."""

from __future__ import annotations

from domain.games.aod import GAME
from domain.games.aod.messages import (
    Attack,
    AttackRolled,
    CardMoved,
    DiscardCard,
    DiscardOwed,
    TurnStarted,
)
from domain.games.aod.state import AFTERMATH, ATTACK, AodState
from tests.aod.support import run, table, with_die
from tests.kit import of


def monster_fight(deck: tuple[str, ...] = ("boomstick-1", "knights-1", "deadite-3", "mace")) -> AodState:
    return table(2, phase=ATTACK, deck=deck, players={
        1: {"hand": ("torch", "shield"), "pile": ("deadite-2", "skeleton-warrior-1")},
        2: {"hand": ("armor-1",)},
    })


def test_win_draws_the_victory_rating_items_and_allies_into_play() -> None:
    """aod Monsters: draw the Victory rating; Items and Allies go into play, the rest and the
    Monster are discarded."""
    state = table(2, phase=ATTACK, deck=("boomstick-1", "deadite-3", "knights-1"), players={
        1: {"hand": ("torch",), "pile": ("deadite-2", "skeleton-warrior-1")}, 2: {"hand": ("armor-1",)}})
    state, events = with_die(state, Attack(seat=1, target_seat=1, target_card="skeleton-warrior-1"), 5)
    rolled = of(events, AttackRolled)[0]
    assert rolled.won and rolled.needed == 5 and rolled.total == 5
    moves = of(events, CardMoved)
    assert [(m.card, m.to_zone) for m in moves] == [
        ("boomstick-1", "weapon"), ("deadite-3", "discard"), ("skeleton-warrior-1", "discard")]
    assert state.player(1).pile == ("deadite-2",) and state.player(1).weapons == ("boomstick-1",)
    assert of(events, TurnStarted)[0].seat == 2


def test_a_loss_owes_a_discard_of_your_choice() -> None:
    """aod Attack: a beaten attacker discards a card he chooses; the Monster stays."""
    state, events = with_die(monster_fight(), Attack(seat=1, target_seat=1, target_card="skeleton-warrior-1"), 3)
    assert not of(events, AttackRolled)[0].won
    assert of(events, DiscardOwed)[0].count == 1
    assert state.phase == AFTERMATH and GAME.status(state).to_act == (1,)
    assert GAME.legal_commands(state, 1) == [DiscardCard(seat=1, card="torch"), DiscardCard(seat=1, card="shield")]
    state, events = run(state, DiscardCard(seat=1, card="shield"))
    assert state.discard == ("shield",) and state.player(1).pile[-1] == "skeleton-warrior-1"
    assert of(events, TurnStarted)[0].seat == 2


def test_a_necronomicon_drawn_for_a_victory_is_discarded() -> None:
    """aod ATTACK SOMETHING, aod MONSTER CARDS: of the cards drawn for a Victory only Items
    and Allies go into play; the rest, the Necronomicon too, are discarded."""
    state = table(2, phase=ATTACK, deck=("necronomicon", "knights-1", "mace", "shield"), players={
        1: {"hand": ("torch",), "pile": ("skeleton-warrior-1",)}, 2: {"hand": ("armor-1",), "pile": ("deadite-1",)}})
    state, events = with_die(state, Attack(seat=1, target_seat=1, target_card="skeleton-warrior-1"), 5)
    assert [(m.card, m.to_zone) for m in of(events, CardMoved)] == [
        ("necronomicon", "discard"), ("knights-1", "ally"), ("skeleton-warrior-1", "discard")]
    assert state.book_holder == 0 and "necronomicon" in state.discard and state.player(1).allies == ("knights-1",)


def test_six_always_wins_and_one_always_loses_against_a_monster() -> None:
    """aod ATTACK SOMETHING: a natural 6 wins against any number, a natural 1 loses whatever the bonus."""
    state = table(2, phase=ATTACK, deck=("mace", "armor-1", "shield", "torch", "sword-1"), players={
        1: {"hand": ("catapult",), "pile": ("kandarian-demon",)}, 2: {"hand": ("armor-2",)}})
    events = with_die(state, Attack(seat=1, target_seat=1, target_card="kandarian-demon"), 6).events
    assert of(events, AttackRolled)[0].won and of(events, AttackRolled)[0].total == 6
    strong = table(2, phase=ATTACK, players={
        1: {"hand": ("catapult",), "pile": ("mini-ash-1",), "weapons": ("sword-1",), "others": ("armor-1",),
            "allies": ("knights-1",)}, 2: {"hand": ("armor-2",)}})
    events = with_die(strong, Attack(seat=1, target_seat=1, target_card="mini-ash-1", use_weapon=True,
                                        use_other=True, use_allies=True), 1).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.total >= rolled.needed and not rolled.won


def character_fight(options: dict[str, bool | int | str] | None = None) -> AodState:
    """Ash (seat 1) with +7 when he uses everything: Boomstick 2, Death Coaster 3, Knights 1, complex weapon 1."""
    return table(2, phase=ATTACK, options=options, players={
        1: {"hand": ("catapult", "mace"), "weapons": ("boomstick-1",), "others": ("death-coaster",),
            "allies": ("knights-1",)},
        2: {"hand": ("armor-2", "shield")}})


ALL_IN = Attack(seat=1, target_seat=2, use_weapon=True, use_other=True, use_allies=True)


def test_against_a_character_only_the_total_counts() -> None:
    """aod ATTACK SOMETHING: the always-win 6 and always-lose 1 are stated for Monsters; a
    character is beaten by a modified 8 or more, so a bare 6 loses and 1 + 7 wins."""
    events = with_die(character_fight(), Attack(seat=1, target_seat=2), 6).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.total == 6 and rolled.needed == 8 and not rolled.won and rolled.rule == "aod Attack"
    events = with_die(character_fight(), ALL_IN, 1).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.total == 8 and rolled.won


def test_house_rule_natural_rolls_against_characters() -> None:
    """House rule `natural_rolls_against_characters` (not in the rulebook, aod ATTACK SOMETHING):
    the natural 6 and 1 decide attacks on characters too, and the roll cites the option."""
    options: dict[str, bool | int | str] = {"natural_rolls_against_characters": True}
    events = with_die(character_fight(options), Attack(seat=1, target_seat=2), 6).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.total == 6 and rolled.won and rolled.rule == "aod natural_rolls_against_characters"
    events = with_die(character_fight(options), ALL_IN, 1).events
    rolled = of(events, AttackRolled)[0]
    assert rolled.total == 8 and not rolled.won
    events = with_die(character_fight(options), ALL_IN, 3).events
    assert of(events, AttackRolled)[0].won and of(events, AttackRolled)[0].rule == "aod Attack"


def test_attacking_a_character_needs_eight_and_the_loser_discards() -> None:
    """aod ATTACK SOMETHING: 8+ beats a character, who then discards; else the attacker discards."""
    state = table(2, phase=ATTACK, players={
        1: {"hand": ("catapult", "mace"), "weapons": ("boomstick-1",), "others": ("death-coaster",)},
        2: {"hand": ("armor-2", "shield")}})
    won, events = with_die(state, Attack(seat=1, target_seat=2, use_weapon=True, use_other=True), 3)
    rolled = of(events, AttackRolled)[0]
    assert rolled.needed == 8 and rolled.total == 3 + 2 + 3 + 1 and rolled.won
    assert won.owed_seat == 2 and GAME.status(won).to_act == (2,)
    lost, events = with_die(state, Attack(seat=1, target_seat=2), 5)
    assert not of(events, AttackRolled)[0].won and lost.owed_seat == 1


def test_beating_the_holder_does_not_move_the_necronomicon() -> None:
    """aod OBJECTIVE: the rulebook gives a fight no effect on the Necronomicon (the old
    "winner takes the book" was ours); it moves only as a card says (I'll Take That)."""
    state = table(2, phase=ATTACK, book_holder=2, players={
        1: {"hand": ("mace",), "weapons": ("boomstick-1",), "others": ("death-coaster",)}, 2: {"hand": ("shield",)}})
    state, events = with_die(state, Attack(seat=1, target_seat=2, use_weapon=True, use_other=True), 4)
    assert of(events, AttackRolled)[0].won and state.owed_seat == 2 and state.book_holder == 2
    assert not [m for m in of(events, CardMoved) if m.card == "necronomicon"]


def test_attack_on_any_pile_top() -> None:
    """aod Attack: the top Monster of another character's pile may be attacked."""
    state = table(2, phase=ATTACK, deck=("mace",), players={
        1: {"hand": ("shield",)}, 2: {"hand": ("torch",), "pile": ("deadite-1",)}})
    state = with_die(state, Attack(seat=1, target_seat=2, target_card="deadite-1"), 4).state
    assert state.player(2).pile == () and state.player(1).weapons == ("mace",)


def test_attack_decide_is_deterministic() -> None:
    state = monster_fight()
    command = Attack(seat=1, target_seat=1, target_card="skeleton-warrior-1")
    assert run(state, command, "a", 3) == run(state, command, "a", 3)
