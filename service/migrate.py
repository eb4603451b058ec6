"""Moving a store's games to the current log format and rules (`tablerules migrate`).

A game stored in log format 1, or written by an earlier version of its ruleset,
cannot go on as it is: format 1 seals events differently (docs/log-format.md), and
the current rules must not continue a game from a state they did not decide. A
game's stored events cannot be rewritten in place (the store is append-only), so the
games are copied into a new store: each such game is upgraded (domain/kernel/upgrade.py:
its seals checked, every command decided again with the game's seed, which the store
keeps) and written with the same game id, seed and seat token hashes, so seats keep
their tokens. Games already current are copied as they are; a game that the current
rules decide differently is listed and not moved. The source store is only read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.games import REGISTRY
from domain.kernel import Envelope, LogFormatError
from domain.kernel.log import LOG_FORMAT
from domain.kernel.upgrade import upgrade
from service.store import GameStore


@dataclass(frozen=True, slots=True)
class Migrated:
    upgraded: int
    copied: int
    failed: tuple[str, ...]
    """One line per game that could not be moved: its id and why."""


def is_format_1(row: Mapping[str, Any]) -> bool:
    return "secret_digest" not in row


def is_current(row: Mapping[str, Any]) -> bool:
    """Whether a game's first stored event (GameCreated) is of the current format and rules."""
    created = row["payload"]
    game = REGISTRY.get(created.get("ruleset"))
    return not is_format_1(row) and game is not None and created.get("ruleset_version") == game.ruleset.version


def migrate(source: GameStore, target: GameStore, progress: Callable[[str], None] | None = None) -> Migrated:
    upgraded = copied = 0
    failed: list[str] = []
    for game_id in source.game_ids():
        secrets = source.secrets(game_id)
        rows = source.read_rows(game_id)
        if secrets is None or not rows:
            failed.append(f"{game_id}: no secrets or no events stored")
            continue
        try:
            if is_current(rows[0]):
                envelopes = [Envelope.from_json(row) for row in rows]
                copied += 1
            else:
                created = rows[0]["payload"]
                header = {**created, "format": LOG_FORMAT, "format_version": 1 if is_format_1(rows[0]) else 2,
                          "seed": secrets.seed}
                game = REGISTRY[created["ruleset"]]
                envelopes = list(upgrade(game, [json.dumps(header), *map(json.dumps, rows)]).envelopes)
                upgraded += 1
        except (LogFormatError, KeyError) as problem:
            failed.append(f"{game_id}: {problem}")
            continue
        target.create(game_id, secrets)
        target.append(game_id, envelopes)
        if progress is not None:
            progress(game_id)
    return Migrated(upgraded, copied, tuple(failed))
