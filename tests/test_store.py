"""Group commit (service/store.py): appends that arrive together share a transaction,
and each caller learns its own outcome."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from service.store import GameStore, GroupCommit


def rows(stream: str, *versions: int) -> list[StoredEvent]:
    return [StoredEvent(stream, v, "test:Row", b"{}") for v in versions]


def test_concurrent_appends_share_transactions_and_a_conflict_fails_only_its_own(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'group.db'}")
    store.events.insert_events(rows("taken", 1))
    transactions: list[int] = []
    insert = store.events.insert_events

    def counted(batch: Sequence[StoredEvent]) -> object:
        transactions.append(len(batch))
        return insert(batch)

    group = GroupCommit(counted)
    start = threading.Barrier(17)
    failures: dict[str, Exception] = {}

    def writer(stream: str) -> None:
        start.wait()
        try:
            group.write(rows(stream, 1, 2))
        except Exception as problem:  # recorded for the assertions below
            failures[stream] = problem

    streams = [f"game-{n}" for n in range(16)]
    streams[7] = "taken"
    threads = [threading.Thread(target=writer, args=(stream,)) for stream in streams]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join(30)

    assert set(failures) == {"taken"} and isinstance(failures["taken"], IntegrityError)
    for stream in streams:
        expected = [1] if stream == "taken" else [1, 2]
        assert [e.originator_version for e in store.events.select_events(stream)] == expected
    assert max(transactions) > 2, "appends that waited together share a transaction"
    store.close()


def test_a_failing_database_fails_every_append_of_the_group() -> None:
    def broken(batch: Sequence[StoredEvent]) -> object:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        GroupCommit(broken).write(rows("g", 1))
