"""Shared helpers for the Swordplay tests: arranged states, running commands, random play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.state import DISCARD, Hero, State
from domain.kernel import Command, Event, Header, Log, Rng, RuleViolation, Session, StartGame, seed_commitment


def ids(name: str) -> list[str]:
    """The ids of every combat card with this name, in deck order."""
    found = [cards.card_id(c.number) for c in cards.CARDS if c.name == name]
    assert found, name
    return found


def card(name: str, copy: int = 0) -> str:
    return ids(name)[copy]


def new_state(seats: int = 2, **options: bool | int | str) -> State:
    setup = GAME.ruleset.check_setup(tuple(f"player {n}" for n in range(1, seats + 1)), options, "")
    return GAME.initial_state(setup)


def apply(state: State, events: Sequence[Event]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    return state


def run(state: State, command: Command, seed: str = "test") -> tuple[list[Event], State]:
    events = GAME.decide(state, command, Rng(seed, "game", 0))
    return events, apply(state, events)


def violation(state: State, command: Command) -> RuleViolation:
    """The RuleViolation decide raises for this command (the test fails if it is accepted)."""
    try:
        GAME.decide(state, command, Rng("violation", "game", 0))
    except RuleViolation as error:
        return error
    raise AssertionError(f"{command} was accepted")


def started(seats: int = 2, seed: str = "start", **options: bool | int | str) -> State:
    return run(new_state(seats, **options), StartGame(seat=0), seed)[1]


@dataclass(frozen=True)
class Kit:
    """What a hero holds in an arranged state."""

    hand: tuple[str, ...] = ()
    armor: str = ""
    items: tuple[str, ...] = ()
    life: int = 10
    alive: bool = True


def arranged(kits: Mapping[int, Kit], seats: int = 2, active: int = 1, phase: str = DISCARD,
             deck: tuple[str, ...] | None = None, discard: tuple[str, ...] = (),
             options: Mapping[str, bool | int | str] | None = None, **more: bool | int | str) -> State:
    """A started game at `active`'s turn; every card not placed is in the deck (in id order)."""
    base = new_state(seats, **{**(options or {}), **more})
    placed: list[str] = list(discard)
    heroes: list[Hero] = []
    for hero in base.heroes:
        kit = kits.get(hero.seat, Kit())
        held = (*kit.hand, *((kit.armor,) if kit.armor else ()), *kit.items)
        placed.extend(held)
        heroes.append(dataclasses.replace(
            hero, hand=kit.hand, armor=kit.armor, armor_points=cards.card_def(kit.armor).points if kit.armor else 0,
            items=kit.items, life=kit.life, alive=kit.alive,
        ))
    rest = tuple(c for c in cards.ALL_CARDS if c not in placed)
    assert len(set(placed)) == len(placed)
    return dataclasses.replace(
        base, heroes=tuple(heroes), deck=rest if deck is None else deck, discard=discard,
        phase=phase, active=active, turn=1, first_seat=1,
    )


def zones(state: State) -> list[str]:
    """Every combat card in every zone (each should appear exactly once)."""
    found = [*state.deck, *state.discard]
    for hero in state.heroes:
        found.extend(hero.hand)
        found.extend(hero.items)
        if hero.armor:
            found.append(hero.armor)
    if state.pending is not None and state.pending.card:
        found.append(state.pending.card)
    return found


def of_type(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------- sessions and random play


def header(seats: int, options: Mapping[str, bool | int | str], seed: str, game_id: str = "sp-test") -> Header:
    setup = GAME.ruleset.check_setup(tuple(f"player {n}" for n in range(1, seats + 1)), options, "")
    return Header(
        game_id=game_id, ruleset=GAME.ruleset.name, ruleset_version=GAME.ruleset.version, seats=setup.seats,
        options=dict(setup.options), content=setup.content, seed_commitment=seed_commitment(seed),
        created_at="2024-01-01T00:00:00Z",
    )


@dataclass
class Played:
    session: Session[State]
    log: Log
    commands: int = 0
    states: list[State] = field(default_factory=list)


def play_random(seats: int, options: Mapping[str, bool | int | str], seed: int,
                max_commands: int = 20_000, keep_states: bool = False) -> Played:
    """A whole game through the kernel Session, choosing uniformly among legal commands."""
    secret = f"seed-{seed}"
    session, created = Session.create(GAME, header(seats, options, secret), secret)
    envelopes = [created]
    session, made = session.execute(StartGame(seat=0), "start", secret)
    envelopes.extend(made)
    chooser = random.Random(seed)
    played = Played(session, Log(session.header, ()))
    while not session.finished:
        assert played.commands < max_commands, "the game did not end"
        status = GAME.status(session.state)
        seat = chooser.choice(status.to_act)
        command = chooser.choice(GAME.legal_commands(session.state, seat))
        session, made = session.execute(command, f"c{played.commands}", secret)
        envelopes.extend(made)
        played.commands += 1
        if keep_states:
            played.states.append(session.state)
    played.session = session
    played.log = Log(session.header, tuple(envelopes))
    return played
