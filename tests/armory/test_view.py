"""Views, redaction, the field-type contract and the Game object."""

from __future__ import annotations

import dataclasses
import typing

from domain.games.armory import GAME
from domain.games.armory.messages import AttackHalted, CardsDrawn, DeckShuffled, HandRevealed
from domain.games.armory.view import ArmoryView, CardView, CombatantView, DuelView, SeatView, StackItemView, view
from domain.kernel import digest, to_plain
from domain.kernel.session import logged_event
from tests.armory.helpers import KIT, SHIELD, SPEAR, cid

ALLOWED = {int, str, bool, tuple[str, ...], tuple[int, ...]}
VIEW_TYPES = (ArmoryView, CardView, CombatantView, DuelView, SeatView, StackItemView)


def test_contract_fields_are_protobuf_friendly() -> None:
    for cls in (*GAME.command_types.values(), *GAME.event_types.values(), *VIEW_TYPES):
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            if field.name == "rule":
                continue
            hint = hints[field.name]
            nested = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else hint
            assert hint in ALLOWED or nested in VIEW_TYPES, f"{cls.__name__}.{field.name}: {hint}"


def test_game_object_and_ruleset() -> None:
    assert GAME.ruleset.name == "armory" and GAME.ruleset.contents == ("standard",)
    assert {o.name: o.default for o in GAME.ruleset.options} == {
        "attack_can_be_halted": False, "any_opponent_answers": False, "turn_limit": 0}
    assert (GAME.ruleset.min_seats, GAME.ruleset.max_seats) == (2, 3)
    assert GAME.event_schema == 2 and set(GAME.upcasters) == {("AttackHalted", 1)}


def test_schema_1_attack_halted_upcasts_its_counter_card_to_by_card() -> None:
    """armory 3.0.0 renamed the halting card's field: an INTERRUPT or DUPLICITY halts too (armory R11c)."""
    old = {"seat": 1, "card": "1.60", "by_seat": 2, "counter_card": "2.30"}
    event = logged_event(GAME, 9, "AttackHalted", old, 1, "armory R11c")
    assert event == AttackHalted(seat=1, card="1.60", by_seat=2, by_card="2.30", rule="armory R11c")
    assert "StartGame" not in GAME.command_types and "PlaceArmament" in GAME.command_types


def test_state_and_views_are_canonical_json() -> None:
    state = KIT.started(3)
    assert len(digest(state)) == 64
    for viewer in (0, 1, 2, 3):
        assert isinstance(to_plain(GAME.view(state, viewer)), dict)


def test_a_seat_sees_only_its_own_hand() -> None:
    state = KIT.started(2)
    mine = view(state, 1)
    assert len(mine.seats[0].hand) == 7 and mine.seats[1].hand == () and mine.seats[1].hand_count == 7
    assert mine.seats[0].draw_count == 53
    spectator = view(state, 0)
    assert all(seat.hand == () for seat in spectator.seats)


def test_redaction_of_draws_shuffles_and_revealed_hands() -> None:
    drawn = CardsDrawn(seat=1, cards=(cid(1, SHIELD), cid(1, SPEAR)), count=2, reason="refill")
    assert GAME.redact(drawn, 1) == drawn
    assert GAME.redact(drawn, 2) == CardsDrawn(seat=1, cards=(), count=2, reason="refill")
    assert GAME.redact(drawn, 0) == CardsDrawn(seat=1, cards=(), count=2, reason="refill")
    shuffled = DeckShuffled(seat=1, order=(cid(1, SHIELD),), reason="start")
    hidden = DeckShuffled(seat=1, order=(), reason="start")
    assert GAME.redact(shuffled, 1) == hidden and GAME.redact(shuffled, 0) == hidden
    shown = HandRevealed(seat=2, to_seat=1, cards=(cid(2, SHIELD),))
    assert GAME.redact(shown, 1) == shown and GAME.redact(shown, 2) == shown
    assert GAME.redact(shown, 3) == GAME.redact(shown, 0) == HandRevealed(seat=2, to_seat=1, cards=())


def test_trade_drawn_lists_only_cards_still_in_the_turn_players_hand() -> None:
    """armory R6: a card traded in, cast and reshuffled this turn is back in the draw pile,
    whose order nobody sees; the view names only the traded-in cards still in hand."""
    state = KIT.started(2)
    turn_player = state.players[state.turn_player - 1]
    kept = turn_player.hand[0]
    reshuffled = turn_player.draw[0]
    state = dataclasses.replace(state, trade_drawn=(reshuffled, kept))
    assert view(state, state.turn_player).trade_drawn == (kept,)
    assert view(state, 3 - state.turn_player).trade_drawn == () and view(state, 0).trade_drawn == ()


def test_every_option_says_where_it_comes_from() -> None:
    """armory R11c offers attack_can_be_halted; the rest are house rules, off by default: the default
    game is the rulebook's, which has no turn limit (issue 26). tests/test_rules_md.py checks RULES.md's lists."""
    options = {o.name: o for o in GAME.ruleset.options}
    assert options["attack_can_be_halted"].rulebook == "armory R11c"
    assert options["any_opponent_answers"].house_rule and options["any_opponent_answers"].default is False
    assert options["turn_limit"].house_rule and options["turn_limit"].default == 0


def test_r7_cards_locked_after_a_strip_are_named_to_their_owner_only() -> None:
    """armory R7: a stripped card goes back to its owner's hand, locked for his next turn. The
    others saw the strip, but the card is in a hand now: they see how many are locked."""
    state = KIT.started(2)
    owner = state.players[0]
    card = owner.hand[0]
    state = dataclasses.replace(state, players=(dataclasses.replace(owner, locked=(card,), locked_turn=state.turn),
                                                *state.players[1:]))
    assert view(state, 1).seats[0].locked == (card,) and view(state, 1).seats[0].locked_count == 1
    for other in (0, 2):
        assert view(state, other).seats[0].locked == () and view(state, other).seats[0].locked_count == 1
