"""aod Events: each reconstructed event card, its targets and its discard."""

from __future__ import annotations

from domain.games.aod import GAME
from domain.games.aod.messages import CardMoved, CardPlayed, DiscardCard, PlayCard
from domain.games.aod.state import AodState
from tests.aod.support import refused, run, table, with_player
from tests.kit import of

DECK = ("mace", "shield", "torch", "armor-1", "armor-2")


def board(event: str, book_holder: int = 0) -> AodState:
    players: dict[int, dict[str, object]] = {
        1: {"hand": (event, "delta-88"), "pile": ("deadite-1",)},
        2: {"hand": ("armor-2", "sword-3"), "weapons": ("sword-1", "mace"), "allies": ("knights-1",),
            "others": ("shield",)},
        3: {"hand": ("catapult",)},
    }
    return table(3, deck=DECK, discard=("boomstick-1", "deadite-2", "gunpowder-1", "deadite-3"),
                 players=players, book_holder=book_holder)


def play(state: AodState, event: str, target_seat: int = 0, target_card: str = "") -> AodState:
    command = PlayCard(seat=1, card=event, target_seat=target_seat, target_card=target_card)
    assert command in GAME.legal_commands(state, 1)
    after, events = run(state, command)
    assert of(events, CardPlayed)[0].card == event
    assert event in after.discard, "an event is discarded once resolved (aod Events)"
    return after


def rejected(state: AodState, event: str, target_seat: int = 0, target_card: str = "") -> str:
    """The rule that refuses seat 1's play of `event`."""
    return refused(state, PlayCard(seat=1, card=event, target_seat=target_seat, target_card=target_card)).rule


def test_into_the_pit_moves_your_top_monster() -> None:
    after = play(board("into-the-pit"), "into-the-pit", 3)
    assert after.player(1).pile == () and after.player(3).pile == ("deadite-1",)
    assert rejected(board("into-the-pit"), "into-the-pit", 1) == "aod Events"


def test_ignored_discards_active_allies() -> None:
    after = play(board("ignored"), "ignored", 2)
    assert after.player(2).allies == () and "knights-1" in after.discard
    assert rejected(board("ignored"), "ignored", 3) == "aod Events"


def test_paybacks_a_bitch_makes_the_target_discard_his_choice() -> None:
    after = play(board("paybacks-a-bitch"), "paybacks-a-bitch", 2)
    assert after.owed_seat == 2 and GAME.status(after).to_act == (2,)
    after = run(after, DiscardCard(seat=2, card="sword-3")).state
    assert "sword-3" in after.discard and GAME.status(after).to_act == (1,) and after.phase == "attack"


def test_yer_screwed_discards_the_active_weapon() -> None:
    after = play(board("yer-screwed-1"), "yer-screwed-1", 2)
    assert after.player(2).weapons == ("mace",)
    assert rejected(board("yer-screwed-1"), "yer-screwed-1", 3) == "aod Events"


def test_sucker_punch_discards_at_random() -> None:
    after = play(board("sucker-punch"), "sucker-punch", 2)
    assert len(after.player(2).hand) == 1


def test_suck_it_up_draws_two() -> None:
    after = play(board("suck-it-up"), "suck-it-up")
    assert after.player(1).hand == ("delta-88", "mace", "shield")


def test_ill_take_that_takes_an_item_or_the_necronomicon() -> None:
    after = play(board("ill-take-that"), "ill-take-that", 2, "mace")
    assert after.player(1).weapons == ("mace",) and after.player(2).weapons == ("sword-1",)
    after = play(board("ill-take-that", book_holder=3), "ill-take-that", 3, "necronomicon")
    assert after.book_holder == 1
    assert rejected(board("ill-take-that"), "ill-take-that", 2, "knights-1") == "aod Events"


def test_im_bad_and_goody_goody_turn_your_character() -> None:
    after = play(board("im-bad"), "im-bad")
    assert after.player(1).alignment == "evil"
    assert rejected(after.with_player(after.player(1)), "goody-goody-two-shoes") == "aod Play"
    state = board("goody-goody-two-shoes")
    assert rejected(state, "goody-goody-two-shoes") == "aod Events"
    state = with_player(state, 1, alignment="evil")
    after = play(state, "goody-goody-two-shoes")
    assert after.player(1).alignment == "good"


def test_double_crossed_takes_an_active_ally() -> None:
    after = play(board("double-crossed"), "double-crossed", 2, "knights-1")
    assert after.player(1).allies == ("knights-1",) and after.player(2).allies == ()


def test_its_back_returns_the_last_discarded_monster_to_any_pile() -> None:
    after = play(board("its-back"), "its-back", 1, "deadite-3")
    assert after.player(1).pile == ("deadite-1", "deadite-3")
    assert rejected(board("its-back"), "its-back", 1, "deadite-2") == "aod Events"


def test_s_mart_takes_the_last_discarded_item() -> None:
    after = play(board("s-mart"), "s-mart", 0, "gunpowder-1")
    assert after.player(1).others == ("gunpowder-1",)
    moved = of(run(board("s-mart"), PlayCard(seat=1, card="s-mart", target_card="gunpowder-1")).events, CardMoved)
    assert moved[0].from_zone == "discard" and moved[0].to_zone == "other"


def test_an_event_without_a_legal_target_can_only_be_discarded() -> None:
    """aod PLAY A CARD, aod EVENT CARDS (our reading, RULES.md): an Event is played only
    where it has an effect; otherwise it is discarded instead of played. The card ends in
    the discard pile either way."""
    state = with_player(board("ignored"), 2, allies=())
    legal = GAME.legal_commands(state, 1)
    assert DiscardCard(seat=1, card="ignored") in legal
    assert not [c for c in legal if isinstance(c, PlayCard) and c.card == "ignored"]
    assert rejected(state, "ignored", 2) == "aod Events"
