"""Guardians' own test support: card keys by name, tables built to order (two Shields
face to face with chosen creatures), a table that casts Spells, and positions of random
games found by fuzzing or property tests, kept as fixtures. Commands run through the
shared kit (tests/kit.py)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from domain.games.guardians import GAME
from domain.games.guardians.cards import CARDS
from domain.games.guardians.messages import Pass
from domain.games.guardians.state import (
    MOVEMENT,
    STORAGE,
    GuardiansState,
    Options,
    Player,
    Shield,
    members,
    terrain,
)
from domain.kernel import Command, Event
from domain.kernel.messages import from_plain
from domain.kernel.session import command_from_json
from tests import kit
from tests.kit import GameKit

KIT = GameKit(GAME, game_id="g")
"""The kept positions (tests/guardians/data) were found with generators of game id "g"."""
run, refused = KIT.run, KIT.refused

GUARDIAN_KEYS = {
    "rak nam": "re-rak-nam-leader-of-the-mighty",
    "tes let": "re-tes-let-leader-with-foresight",
    "sikura": "dn-sikura-preceptor-of-prophets",
    "harkin": "re-harkin-spreader-of-the-wealth",
    "gaar": "re-gaar-influencer-of-the-masses",
    "siin": "re-siin-stealer-of-the-power",
}
STRONGHOLD = ("re-carreg-amroth-left", "re-carreg-amroth-center", "re-carreg-amroth-right")


def key(name: str) -> str:
    """A card key by its printed name (base set first)."""
    wanted = name.lower()
    found = sorted((c.set != "RE", c.key) for c in CARDS.values() if c.name.lower() == wanted)
    assert found, f"no card named {name}"
    return found[0][1]


def instances(seat: int, names: Iterable[str]) -> tuple[str, ...]:
    made: list[str] = []
    for name in names:
        base = f"{seat}.{key(name)}#"
        copy = 1 + sum(1 for m in made if m.startswith(base))
        made.append(f"{base}{copy}")
    return tuple(made)


def face_off(
    attacker: Iterable[str],
    defender: Iterable[str],
    *,
    terrain_name: str = "",
    attacker_guardian: str = "rak nam",
    defender_guardian: str = "rak nam",
    attacker_storage: Iterable[str] = (),
    defender_storage: Iterable[str] = (),
    attacker_space: str = "b2",
    defender_space: str = "b3",
    attacker_shield: str = "1.re-shield-ploogs-ox-10#1",
    defender_shield: str = "2.re-shield-ploogs-ox-11#1",
) -> GuardiansState:
    """Seat 1's Shield at b2 has been turned and may step onto seat 2's Shield at b3."""
    a_cards, d_cards = instances(1, attacker), instances(2, defender)
    zones = {
        "1:shields": (attacker_shield,),
        "2:shields": (defender_shield,),
        f"1:{members(attacker_shield)}": a_cards,
        f"2:{members(defender_shield)}": d_cards,
        f"1:{STORAGE}": instances(1, attacker_storage),
        f"2:{STORAGE}": instances(2, defender_storage),
    }
    if terrain_name:
        zones[f"2:{terrain(defender_space)}"] = (f"2.{key(terrain_name)}#9",)
    zones = {name: cards for name, cards in zones.items() if cards}
    players = tuple(
        Player(
            seat=seat, name=name, guardian=GUARDIAN_KEYS[guardian], stronghold=STRONGHOLD, deck_name="test", stones=7
        )
        for seat, name, guardian in ((1, "chris", attacker_guardian), (2, "bill", defender_guardian))
    )
    shields = (
        Shield(card=attacker_shield, seat=1, space=attacker_space, turned=True),
        Shield(card=defender_shield, seat=2, space=defender_space),
    )
    return GuardiansState(
        options=Options(),
        players=players,
        zones=zones,
        shields=shields,
        phase=MOVEMENT,
        turn=1,
        active=1,
        moving=attacker_shield,
        steps_left=2,
        path=(attacker_space,),
    )


class Table(kit.Table[GuardiansState]):
    """The kit's table for Guardians, which also casts a Spell or Item and lets it stand."""

    def __init__(self, state: GuardiansState, seed: str = "test") -> None:
        super().__init__(KIT, state, seed)

    def cast(self, command: Command) -> list[Event]:
        """A Spell or Item played and let stand: the enemy passes its answer (answers.py)."""
        events = self.play(command)
        answer = self.state.answer
        assert answer is not None, "no answer opened"
        return events + self.play(Pass(seat=answer.actor))


def card_of(seat: int, name: str, copy: int = 1) -> str:
    return f"{seat}.{key(name)}#{copy}"


def table(
    *,
    phase: str,
    zones: dict[str, tuple[str, ...]] | None = None,
    shields: tuple[Shield, ...] = (),
    placement: str = "simultaneous",
    turn: int = 1,
    stones: int = 7,
    guardians: tuple[str, str] = ("rak nam", "rak nam"),
    **state: Any,
) -> GuardiansState:
    """A constructed position: the zones (keyed "<seat>:<zone>") and Shields as given."""
    players = tuple(
        Player(
            seat=seat,
            name=name,
            guardian=GUARDIAN_KEYS[guardian],
            stronghold=STRONGHOLD,
            deck_name="test",
            stones=stones,
        )
        for seat, name, guardian in ((1, "ann", guardians[0]), (2, "bob", guardians[1]))
    )
    options = Options(placement=placement)
    return GuardiansState(
        options=options, players=players, zones=dict(zones or {}), shields=shields, phase=phase, turn=turn, **state
    )


def through_spells(table: Table) -> None:
    """Both seats pass the window for Spells cast "at any time" after bribery (guardians
    SPELLS), if it is open."""
    while table.state.combat is not None and table.state.combat.stage == "spells":
        table.play(Pass(seat=table.state.combat.actor))


def kept_position(fixture: Path) -> tuple[GuardiansState, str, int, Command | None]:
    """A position of a random game kept as a fixture (tests/guardians/data): its state,
    its seed, the position of its next command and, where the fixture names it, that
    command."""
    data = json.loads(fixture.read_text())
    state = from_plain(GuardiansState, data["state"])
    following = command_from_json(GAME, data["next"]) if "next" in data else None
    return state, str(data["seed"]), int(data["position"]), following
