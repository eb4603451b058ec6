"""The reconstructed content and the package's contract with the service."""

from __future__ import annotations

import dataclasses
import json
import typing
from collections import Counter
from importlib import resources

from domain.games.swordplay import GAME, cards
from domain.games.swordplay.view import SwordplayView
from domain.kernel import Command, Event


def test_the_combat_deck_has_57_cards_with_ids_c01_to_c57() -> None:
    assert len(cards.ALL_CARDS) == 57 and cards.ALL_CARDS[0] == "c01" and cards.ALL_CARDS[-1] == "c57"
    assert Counter(c.kind for c in cards.CARDS) == {"attack": 24, "defence": 15, "armor": 6, "weapon": 8, "shield": 4}


def test_every_direction_has_attacks_defences_and_the_data_is_marked_reconstructed() -> None:
    for direction in cards.DIRECTIONS:
        assert sum(c.direction == direction for c in cards.CARDS) == 6
        assert sum(direction in c.counters for c in cards.CARDS) >= 5
    assert not any(set(c.blocks) == set(cards.DIRECTIONS) for c in cards.CARDS), "no shield may block everything"
    data = json.loads(resources.files("domain.games.swordplay").joinpath(cards.DATA_FILE).read_text("utf-8"))
    assert data["reconstructed"] is True and "replace" in data["note"]
    assert len(cards.HEROES) == 6


ALLOWED = (int, str, bool, tuple[str, ...], tuple[int, ...])


def _field_types_ok(cls: type) -> None:
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name == "rule":
            continue
        hint = hints[f.name]
        if hint in ALLOWED:
            continue
        inner = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else hint
        assert dataclasses.is_dataclass(inner), f"{cls.__name__}.{f.name}: {hint}"
        _field_types_ok(inner)  # type: ignore[arg-type]


def test_messages_and_views_use_only_contract_field_types() -> None:
    assert set(GAME.command_types) == {
        "Discard", "SkipDiscard", "DropItem", "ReadyItem", "EndReady", "Attack", "AttackMonster", "EndTurn",
        "Defend", "BlockWithShield", "TakeHit",
    }
    for cls in (*GAME.command_types.values(), *GAME.event_types.values(), SwordplayView):
        _field_types_ok(cls)
    assert all(issubclass(c, Command) for c in GAME.command_types.values())
    assert all(issubclass(e, Event) for e in GAME.event_types.values())
    assert GAME.view_type is SwordplayView and GAME.ruleset.name == "swordplay"
