"""What an export or a stream's catch-up makes of a stored game, a page at a time: the
heavy work of the serving process (service/heavy.py runs each piece in its turn, on a
thread, or in a worker process that opened the store itself).

Each function takes the store to read first, then plain values only, so that it runs
alike in either place; what it returns is bytes ready to send.
"""

from __future__ import annotations

from domain.games import REGISTRY
from service.auth import Viewer
from service.encoded import Batcher, converted, log_message
from service.gamelogs import Export
from service.seen import seen_by
from service.store import GameStore

CATCH_UP_PAGE = 256
"""Events a stream's catch-up reads from the store and converts at a time (some 150 KB of
ARMORY events)."""
EXPORT_PAGE = 1000
"""Stored lines an export reads at a time (some 600 KB)."""


def export_lines(store: GameStore, export: Export, after: int, page: int) -> list[bytes]:
    """The next `page` event lines of an export after event `after`, as stored (no newlines)."""
    return store.read_lines(export.game_id, after, export.upto, page)


def _all_lines(store: GameStore, export: Export, page: int) -> list[bytes]:
    """The whole log as its lines, the header first, read `page` at a time."""
    lines = [export.header_line]
    while len(lines) <= export.upto:
        read = export_lines(store, export, len(lines) - 1, page)
        if not read:
            break
        lines.extend(read)
    return lines


def whole_export(store: GameStore, export: Export, page: int) -> bytes:
    """ExportLog's reply, encoded: the whole log in one message."""
    return log_message(_all_lines(store, export, page), export.includes_seed)


def export_chunk(store: GameStore, export: Export, after: int, page: int) -> tuple[bytes, int]:
    """ExportLogChunks' next message: the lines after event `after` (the header first), and
    the event they reach."""
    lines = export_lines(store, export, after, page)
    head = [export.header_line] if after == 0 else []
    return log_message(head + lines, export.includes_seed), after + len(lines)


def game_log_text(store: GameStore, export: Export, page: int) -> str:
    """A stored game's log as text (for a Replay, Verify or Fork request that names the game)."""
    return "".join(line.decode("utf-8") + "\n" for line in _all_lines(store, export, page))


def catch_up_page(store: GameStore, ruleset: str, game_id: str, seats: tuple[str, ...], viewer: Viewer, after: int,
                  upto: int, page: int, batch_limit: int | None,
                  waiting: list[bytes]) -> tuple[list[bytes], int, list[bytes]]:
    """A stream's catch-up, its next `page` events after `after` (up to `upto`) as `viewer`
    sees them: the messages they make (EventBatch messages filled as far as they go, with
    `waiting` the entries left over from the page before, where `batch_limit` is given;
    else one EventEnvelope message each), the event reached, and the entries left over."""
    game = REGISTRY[ruleset]
    made = [converted(game_id, game, seen_by(game, seats, envelope, viewer))
            for envelope in store.read(game_id, after=after, upto=min(after + page, upto))]
    reached = made[-1].message.seq if made else upto
    if batch_limit is None:
        return [m.encoded for m in made], reached, []
    batcher = Batcher(batch_limit, waiting)
    return batcher.add(m.entry for m in made), reached, batcher.waiting
