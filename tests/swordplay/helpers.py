"""Swordplay's own test support: card ids by name and states arranged to order; commands
run and games played through the shared kit (tests/kit.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.state import DISCARD, Hero, State
from domain.kernel import StartGame
from tests.kit import GameKit


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


KIT = GameKit(GAME)
run, refused, play_random = KIT.run, KIT.refused, KIT.play_random


def started(seats: int = 2, seed: str = "start", **options: bool | int | str) -> State:
    return run(new_state(seats, **options), StartGame(seat=0), seed).state


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
