"""ARMORY's own test support: card numbers, states built to order and random play's choice of
command; commands run and games played through the shared kit (tests/kit.py)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from domain.games.armory import GAME, cards
from domain.games.armory.state import TURN_CARDS, ArmoryState, Combatant, Player
from domain.kernel import Command, Event
from tests.kit import GameKit

# Duel numbers of the standard deck (deck-standard.json; test_deck checks them).
SHIELD_INV, SHIELD, SHIELD_B, SHIELD_C = 1, 2, 3, 4
SPEAR, SPEAR_B = 5, 6
SWORD_INV, SWORD, SWORD_B = 9, 10, 11
HELMET_INV, HELMET, HELMET_B, HELMET_C = 13, 14, 15, 16
BOW_UNC, BOW, BOW_B = 18, 19, 20
QUIVER, QUIVER_B = 21, 22
GUARDIAN_INV, GUARDIAN, GUARDIAN_B, GUARDIAN_C = 24, 25, 26, 27
COUNTER_UNC, COUNTER, COUNTER_B = 29, 30, 31
INTERRUPT = 36
DUPLICITY = 39
REBOUND, REBOUND_B = 41, 42
WOUNDING_UNC, WOUNDING, WOUNDING_B = 45, 46, 47
REMOVAL = 51
TORCH = 54
PILFER = 58
ATTACK = 60

WARRIOR_KIT = (SHIELD, SPEAR, SWORD, HELMET)
ARCHER_KIT = (HELMET_B, BOW, QUIVER)


def cid(seat: int, number: int) -> str:
    return cards.card_id(seat, number)


KIT = GameKit(GAME, game_id="game")
run, refused = KIT.run, KIT.refused


def initial(seats: int = 2, **options: bool | int) -> ArmoryState:
    """The state before StartGame; options not given keep their defaults (the rulebook's game)."""
    return KIT.initial(seats, options)


def build(
    seats: int = 2,
    hands: Mapping[int, Sequence[int]] | None = None,
    armed: Mapping[int, Mapping[str, Sequence[int]]] | None = None,
    guards: Mapping[int, Mapping[str, int]] | None = None,
    used: Mapping[int, Sequence[int]] | None = None,
    turn_player: int = 1,
    turn: int = 5,
    **fields: object,
) -> ArmoryState:
    """A state in the turn-card phase; every card not named stays in its owner's draw pile (deck order).

    A seat with no hand given holds two plain Spears (7, 8), so that the turn does not stop
    for an empty hand (armory R5).
    """
    hands, armed, guards, used = hands or {}, armed or {}, guards or {}, used or {}
    hands = {seat: hands.get(seat, (7, 8)) for seat in range(1, seats + 1)}
    base = initial(seats)
    players = []
    for p in base.players:
        seat = p.seat
        hand = tuple(cid(seat, n) for n in hands.get(seat, ()))
        used_pile = tuple(cid(seat, n) for n in used.get(seat, ()))
        combatants = tuple(
            Combatant(
                name,
                tuple(cid(seat, n) for n in armed.get(seat, {}).get(name, ())),
                cid(seat, guards[seat][name]) if name in guards.get(seat, {}) else "",
            )
            for name in cards.COMBATANTS
        )
        taken = set(hand) | set(used_pile)
        for c in combatants:
            taken.update(c.armaments)
            if c.guardian:
                taken.add(c.guardian)
        draw = tuple(c for c in cards.deck_ids(seat) if c not in taken)
        players.append(Player(seat=seat, name=p.name, hand=hand, draw=draw, used=used_pile, combatants=combatants))
    state = dataclasses.replace(base, players=tuple(players), phase=TURN_CARDS, turn=turn, turn_player=turn_player,
                                attacker=turn_player % seats + 1)
    return dataclasses.replace(state, **fields)  # type: ignore[arg-type]


def full_kit() -> dict[str, tuple[int, ...]]:
    return {"warrior-1": WARRIOR_KIT, "warrior-2": (SHIELD_B, SPEAR_B, SWORD_B, HELMET_C), "archer": ARCHER_KIT}


def types_of(events: Sequence[Event]) -> list[str]:
    return [e.type_name() for e in events]


def pick(chooser: random.Random, commands: Sequence[Command]) -> Command:
    """A random legal command: a command type first, then one command of that type."""
    groups: dict[str, list[Command]] = {}
    for command in commands:
        groups.setdefault(command.type_name(), []).append(command)
    return chooser.choice(groups[chooser.choice(sorted(groups))])
