"""Hypothesis properties of random legal ARMORY games.

Random play picks a command type uniformly, then one command of that type (helpers.pick);
the replay check plays through the kit's play_random (uniform among the legal commands).
Games use a small turn_limit so that the whole suite stays fast.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.armory import GAME, cards
from domain.games.armory.messages import (
    ArmamentRemoved,
    AttackHalted,
    CardStripped,
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeckShuffled,
    DeclareDuel,
    DuelCardDrawn,
    DuelDiscard,
    DuelStrip,
    EndAttack,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    HandRevealed,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
    TurnStarted,
)
from domain.games.armory.state import DUEL_DISCARD, ArmoryState, Player, all_cards_of, fully_armed, player
from domain.kernel import Command, Event, StartGame, parse_log, replay, to_plain, verify
from tests.armory.helpers import KIT, initial, pick

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PUBLIC_WHEN_NAMED = (DuelCardDrawn, ArmamentRemoved, AttackHalted, CardStripped)
"""Events that may name a card in (or going back to) a hand: the rules show it to everybody."""


def card_ids(value: object) -> Iterator[str]:
    """Every card id named anywhere in a message or view."""
    plain = to_plain(value)
    stack = [plain]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if cards.is_card_id(item):
                yield item
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


def armed_and_guarded(p: Player) -> bool:
    """armory HOW: every combatant fully armed and guarded, what the ATTACK needs to win."""
    return all(c.guardian and fully_armed(c) for c in p.combatants)


def hidden_from(state: ArmoryState, viewer: int) -> set[str]:
    """Cards the viewer may not know: other seats' hands (duel-stripped cards too: the table saw
    them go back, but not where they go next) and every draw pile."""
    hidden: set[str] = set()
    for p in state.players:
        hidden.update(p.draw)
        if p.seat != viewer:
            hidden.update(p.hand)
    return hidden


class Game:
    """A game played command by command through the kit, with a check after every event
    against the state that event led to."""

    def __init__(self, seed: int, seats: int, halted: bool, limit: int, anyone: bool = False) -> None:
        self.seed = str(seed)
        self.state = initial(seats, attack_can_be_halted=halted, turn_limit=limit, any_opponent_answers=anyone)
        self.events: list[Event] = []
        self.apply(StartGame(seat=0))

    def apply(self, command: Command) -> None:
        # Each command's generator is the seed's at the number of events so far, as in a live game.
        steps = KIT.steps(self.state, command, self.seed, len(self.events))
        assert steps, f"{command} produced nothing"
        for event, state in steps:
            self.state = state
            self.events.append(event)
            self.after_event(event)

    def after_event(self, event: Event) -> None:
        pass


Step = Callable[[Game, int, list[Command]], None]
Picker = Callable[[random.Random, list[Command]], Command]


def eager(chooser: random.Random, commands: list[Command]) -> Command:
    """Half the time the first listed command (legal_commands lists the moves towards the ATTACK first)."""
    return commands[0] if chooser.random() < 0.5 else pick(chooser, commands)


def play(game: Game, chooser: random.Random, on_step: Step | None = None, max_steps: int = 20000,
         picker: Picker = pick) -> None:
    steps = 0
    while not game.state.finished:
        status = GAME.status(game.state)
        assert status.to_act, f"nobody can act in phase {game.state.phase}"
        seat = chooser.choice(status.to_act)
        commands = GAME.legal_commands(game.state, seat)
        if on_step is not None:
            on_step(game, seat, commands)
        game.apply(picker(chooser, commands))
        steps += 1
        assert steps < max_steps


# ---------------------------------------------------------------- properties


@FAST
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans(), limit=st.integers(3, 30),
       anyone=st.booleans(), chooser=st.randoms(use_true_random=False))
def test_random_legal_games_end_within_the_turn_cap(seed: int, seats: int, halted: bool, limit: int, anyone: bool,
                                                    chooser: random.Random) -> None:
    game = Game(seed, seats, halted, limit, anyone)
    play(game, chooser)
    last = game.events[-1]
    assert isinstance(last, (GameWon, GameDrawn))
    assert game.state.turn <= limit
    status = GAME.status(game.state)
    assert status.finished and status.to_act == ()
    assert all(GAME.legal_commands(game.state, seat) == [] for seat in game.state.seats)
    assert status.winners == ((last.seat,) if isinstance(last, GameWon) else ())


class Accounted(Game):
    def after_event(self, event: Event) -> None:
        for seat in self.state.seats:
            found = all_cards_of(self.state, seat)
            assert sorted(found) == sorted(cards.deck_ids(seat)), f"seat {seat}'s cards after {event}"


@FAST
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans(),
       chooser=st.randoms(use_true_random=False))
def test_the_sixty_cards_of_each_deck_are_always_accounted_for(seed: int, seats: int, halted: bool,
                                                               chooser: random.Random) -> None:
    play(Accounted(seed, seats, halted, 20), chooser)


class Refereed(Game):
    """armory R4: who starts; HOW: who wins; R2, R7b, R11c: how a hand may pass 7 cards."""

    def __init__(self, seed: int, seats: int, halted: bool, limit: int, anyone: bool) -> None:
        self.first = 0
        self.ceiling = dict.fromkeys(range(1, seats + 1), cards.HAND_SIZE)
        super().__init__(seed, seats, halted, limit, anyone)

    def after_event(self, event: Event) -> None:
        if isinstance(event, FirstPlayerChosen):
            assert event.rule == "armory R4" and event.seat in self.state.seats and not self.first
            self.first = event.seat
        if isinstance(event, TurnStarted):
            assert event.turn != 1 or event.seat == self.first
            # A hand kept above 7 (armory R2 only refills up to 7) is its new ceiling.
            self.ceiling = {p.seat: max(cards.HAND_SIZE, len(p.hand)) for p in self.state.players}
        if isinstance(event, GameWon):
            assert armed_and_guarded(player(self.state, event.seat)), "the ATTACK won without armed and guarded"
        if isinstance(event, (CardStripped, AttackHalted)):
            self.ceiling[event.seat] += 1
        for p in self.state.players:
            assert len(p.hand) <= self.ceiling[p.seat], f"seat {p.seat} holds {len(p.hand)} cards after {event}"


@FAST
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans(), anyone=st.booleans())
def test_a_drawn_first_player_an_attack_that_wins_only_armed_and_guarded_and_hands_past_seven_only_by_exception(
        seed: int, seats: int, halted: bool, anyone: bool) -> None:
    """Eager play over the default turn limit: most of these games end with an ATTACK."""
    game = Refereed(seed, seats, halted, 300, anyone)
    # The chooser comes from the seed: games this long would exhaust Hypothesis' data for st.randoms.
    play(game, random.Random(seed), picker=eager)
    assert game.first


def _waits_on_exactly_the_seats_that_may_act(game: Game, seat: int, commands: list[Command]) -> None:
    assert commands, "a seat in to_act has legal commands"
    acting = tuple(s for s in game.state.seats if GAME.legal_commands(game.state, s))
    assert GAME.status(game.state).to_act == acting, "exactly the seats with a legal command are waited on"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans(), anyone=st.booleans(),
       chooser=st.randoms(use_true_random=False))
def test_the_table_waits_on_exactly_the_seats_with_a_legal_command(seed: int, seats: int, halted: bool,
                                                                   anyone: bool, chooser: random.Random) -> None:
    """The status names as to act exactly the seats whose legal list is not empty (that every
    listed command is accepted is tests/test_games.py's check, for every game)."""
    play(Game(seed, seats, halted, 10, anyone), chooser, on_step=_waits_on_exactly_the_seats_that_may_act)


def superset(state: ArmoryState, seat: int) -> Iterator[Command]:
    """Many more commands than could be legal, from the whole state (for completeness)."""
    seats = range(0, len(state.players) + 2)
    combatants = ("", *cards.COMBATANTS, "knight")
    on_table = [""]
    for p in state.players:
        for c in p.combatants:
            on_table.extend(c.armaments)
            if c.guardian:
                on_table.append(c.guardian)
    on_table.extend(item.card for item in state.stack)
    everyone = [c for p in state.players for c in p.hand] + on_table
    hand = player(state, seat).hand
    yield from (Pass(seat=seat), OpenForAttack(seat=seat), EndAttack(seat=seat))
    yield from (DeclareDuel(seat=seat, opponent=o) for o in seats)
    yield from (ChooseDuelPrize(seat=seat, prize=p) for p in ("discard", "strip", "both"))
    for card in everyone:
        yield DuelDiscard(seat=seat, card=card)
        yield DuelStrip(seat=seat, card=card)
        yield Sacrifice(seat=seat, card=card)
    for card in hand:
        yield Trade(seat=seat, card=card)
        yield CastAttack(seat=seat, card=card)
        for name in combatants:
            yield PlaceArmament(seat=seat, card=card, combatant=name)
            yield PlaceGuardian(seat=seat, card=card, combatant=name)
        if cards.kind(card) == cards.MYSTIC:
            for target in seats:
                for name in combatants:
                    for target_card in on_table:
                        yield CastMystic(seat=seat, card=card, target_seat=target, target_combatant=name,
                                         target_card=target_card)


def _legal_commands_are_complete(game: Game, _seat: int, _commands: list[Command]) -> None:
    if len(game.events) % 3:
        return
    for seat in game.state.seats:
        accepted = {command for command in superset(game.state, seat) if GAME.refusal(game.state, command) is None}
        assert accepted == set(GAME.legal_commands(game.state, seat))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), anyone=st.booleans(),
       chooser=st.randoms(use_true_random=False))
def test_legal_commands_are_complete(seed: int, seats: int, anyone: bool, chooser: random.Random) -> None:
    play(Game(seed, seats, True, 8, anyone), chooser, on_step=_legal_commands_are_complete)


class Watched(Game):
    """Checks every event and view as each seat and a spectator would see them."""

    def after_event(self, event: Event) -> None:
        for viewer in (0, *self.state.seats):
            seen = GAME.redact(event, viewer)
            assert type(seen) is type(event)
            if isinstance(seen, DeckShuffled):
                assert seen.order == ()
            hidden = hidden_from(self.state, viewer)
            named = set(card_ids(seen)) & hidden
            if named:
                allowed = isinstance(event, PUBLIC_WHEN_NAMED) or (
                    isinstance(event, HandRevealed) and viewer in (event.seat, event.to_seat))
                assert allowed, f"viewer {viewer} sees hidden {sorted(named)} in {seen}"
            in_view = set(card_ids(GAME.view(self.state, viewer))) & hidden
            if self.state.phase == DUEL_DISCARD and viewer == self.state.duel.winner:
                in_view -= set(player(self.state, self.state.duel.loser).hand)
            assert not in_view, f"viewer {viewer}'s view shows hidden {sorted(in_view)}"


@FAST
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans(),
       chooser=st.randoms(use_true_random=False))
def test_no_viewer_sees_a_card_in_another_seats_hand_or_any_draw_pile(seed: int, seats: int, halted: bool,
                                                                     chooser: random.Random) -> None:
    play(Watched(seed, seats, halted, 15), chooser)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 3), halted=st.booleans())
def test_replay_and_verify_reproduce_the_live_game(seed: int, seats: int, halted: bool) -> None:
    played = KIT.play_random(seed, seats, {"attack_can_be_halted": halted, "turn_limit": 6})
    log = parse_log(played.log.text().splitlines())
    replayed, report = replay(GAME, log)
    assert report.ok and replayed is not None and report.finished
    assert replayed.state == played.session.state
    checked = verify(GAME, log)
    assert checked.ok and checked.rules_checked, checked.divergence
