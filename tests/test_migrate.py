"""`tablerules migrate`: a store written by a version with log format 1 keeps its
games. They are refused with the way out until migrated, then served again with
their seats' tokens, and their logs verify (docs/operations.md)."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from eventsourcing.persistence import StoredEvent

from domain.games import REGISTRY
from domain.kernel import Log, LogFormatError, parse_log, revealed_seed, verify
from domain.kernel.upgrade import upgrade
from service.store import GameStore, Secrets
from tablerules_client import Client, RuleError
from tests.conftest import OPERATOR, play_randomly, serve
from tests.forgery import resealed_from
from tests.format1 import as_format_1
from tools.cli import main

AOD_REPLAY = Path(__file__).resolve().parent.parent / "replays" / "aod" / "2p-flip-then-good-win.jsonl"


@contextlib.contextmanager
def served(url: str) -> Iterator[Client]:
    """A client of a server on the store at `url`, stopped afterwards."""
    running = serve(url)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            yield client
    finally:
        running.stop(0)


def store_format_1_game(store: GameStore, game_id: str, rows: list[dict[str, object]], seed: str,
                        tokens: list[str]) -> None:
    """The rows as a format 1 server stored them (the lineage id in GameCreated is kept)."""
    store.create(game_id, Secrets(seed, tuple(hashlib.sha256(t.encode()).hexdigest() for t in tokens)))
    store.events.insert_events([StoredEvent(game_id, row["seq"], f"tablerules:{row['type']}",  # type: ignore[arg-type]
                                            json.dumps(row).encode()) for row in rows])


def test_format_1_games_are_refused_until_migrated_then_served_with_their_tokens(tmp_path: Path,
                                                                                 storage_url: str) -> None:
    """From a SQLite file into each store: into PostgreSQL is how a server scales out."""
    lines = as_format_1(parse_log(AOD_REPLAY.read_text(encoding="utf-8").splitlines()))
    rows = [json.loads(line) for line in lines[1:]]
    seed = rows[-1]["payload"]["seed"]
    cut = next(n for n in range(40, len(rows)) if rows[n]["command"] is not None)  # an unfinished game
    old_url, new_url = f"sqlite:///{tmp_path / 'old.db'}", storage_url
    old = GameStore(old_url)
    store_format_1_game(old, "finished", rows, seed, ["f1", "f2"])
    store_format_1_game(old, "unfinished", rows[:cut], seed, ["u1", "u2"])
    old.close()

    with served(old_url) as client:
        fresh = client.create_game("armory", ["ann", "bob"], {"turn_limit": 8})
        with pytest.raises(RuleError) as refused:
            client.view("unfinished")
        assert "tablerules migrate" in refused.value.message
        fresh_log = client.export_log(fresh.game_id, OPERATOR)

    assert main(["migrate", "--from", old_url, "--to", new_url]) == 0

    with served(new_url) as client:
        assert client.export_log(fresh.game_id, OPERATOR) == fresh_log  # format 2 games are copied as they are
        for game_id in ("finished", "unfinished"):
            assert client.view(game_id).version == (len(rows) if game_id == "finished" else cut)
        play_randomly(client, "unfinished", {1: "u1", 2: "u2"}, seed=5)  # the old tokens still hold
        for game_id in ("finished", "unfinished"):
            log = parse_log(client.export_log(game_id).splitlines())
            assert log.header.seed_chosen  # format 1 did not say who chose the seed
            assert verify(REGISTRY["aod"], log).verdict == "VERIFIED"


def test_migrate_refuses_a_store_that_already_holds_games(storage_url: str) -> None:
    with served(storage_url) as client:
        client.create_game("armory", ["ann", "bob"])
    with pytest.raises(SystemExit, match="already holds games"):
        main(["migrate", "--from", storage_url, "--to", storage_url])


# -- an earlier version of the rules ------------------------------------------------------

REPLAY = Path(__file__).resolve().parent.parent / "replays" / "armory" / "2p-attack-win.jsonl"


def as_earlier_version(log: Log, version: str = "0.9.0") -> Log:
    """The same game as an earlier ruleset version would have sealed it (the state
    hashes are left as they were: an earlier version's states are its own)."""
    header = dataclasses.replace(log.header, ruleset_version=version)
    created = dataclasses.replace(log.envelopes[0], payload=header.created_payload())
    return resealed_from(Log(header, (created, *log.envelopes[1:])), (created, *log.envelopes[1:]), 0)


def test_a_log_of_an_earlier_rules_version_is_upgraded_where_the_rules_decide_it_alike() -> None:
    game = REGISTRY["armory"]
    current = parse_log(REPLAY.read_text(encoding="utf-8").splitlines())
    upgraded = upgrade(game, list(as_earlier_version(current).lines()))
    assert upgraded.header.ruleset_version == game.ruleset.version
    assert [e.to_json() for e in upgraded.envelopes] == [e.to_json() for e in current.envelopes]
    assert verify(game, upgraded).verdict == "VERIFIED"
    with pytest.raises(LogFormatError, match="nothing to upgrade"):
        upgrade(game, list(current.lines()))


def test_an_earlier_version_log_the_rules_now_decide_differently_is_not_upgraded() -> None:
    game = REGISTRY["armory"]
    earlier = as_earlier_version(parse_log(REPLAY.read_text(encoding="utf-8").splitlines()))
    index = next(n for n, e in enumerate(earlier.envelopes) if n > 10 and e.type == "DeckShuffled")
    shuffled = earlier.envelopes[index]
    order = list(shuffled.payload["order"])
    edited = dataclasses.replace(shuffled, payload={**shuffled.payload, "order": order[1:] + order[:1]})
    forged = resealed_from(earlier, (*earlier.envelopes[:index], edited, *earlier.envelopes[index + 1:]), index)
    with pytest.raises(LogFormatError, match="decides this command differently"):
        upgrade(game, list(forged.lines()))


def test_a_stored_game_of_an_earlier_rules_version_is_refused_until_migrated(tmp_path: Path) -> None:
    # SQLite to SQLite only: the format 1 test above migrates into PostgreSQL too, and playing
    # this game to its end there as well took 15 s more.
    earlier = as_earlier_version(parse_log(REPLAY.read_text(encoding="utf-8").splitlines()))
    seed = revealed_seed(earlier)
    assert seed is not None
    cut = next(n for n in range(40, len(earlier.envelopes)) if earlier.envelopes[n].command is not None)
    old_url, new_url = f"sqlite:///{tmp_path / 'old.db'}", f"sqlite:///{tmp_path / 'new.db'}"
    old = GameStore(old_url)
    old.create("unfinished", Secrets(seed, tuple(hashlib.sha256(t.encode()).hexdigest() for t in ("a1", "a2"))))
    old.append("unfinished", list(earlier.envelopes[:cut]))
    old.close()
    with served(old_url) as client, pytest.raises(RuleError) as refused:
        client.view("unfinished")
    assert "0.9.0" in refused.value.message and "tablerules migrate" in refused.value.message
    assert main(["migrate", "--from", old_url, "--to", new_url]) == 0
    with served(new_url) as client:
        assert client.view("unfinished").version == cut
        play_randomly(client, "unfinished", {1: "a1", 2: "a2"}, seed=3)
        log = parse_log(client.export_log("unfinished").splitlines())
        assert log.header.ruleset_version == REGISTRY["armory"].ruleset.version
        assert verify(REGISTRY["armory"], log).verdict == "VERIFIED"


def test_an_earlier_version_log_with_an_edited_hidden_payload_is_not_upgraded() -> None:
    """The digests are checked as verify checks them: a float (no canonical form) is an edit too."""
    earlier = as_earlier_version(parse_log(REPLAY.read_text(encoding="utf-8").splitlines()))
    index = next(n for n, e in enumerate(earlier.envelopes) if e.public is not None and n > 2)
    victim = earlier.envelopes[index]
    for value in (0.5, "x"):
        edited = dataclasses.replace(victim, payload={**victim.payload, "count": value})
        forged = Log(earlier.header, (*earlier.envelopes[:index], edited, *earlier.envelopes[index + 1:]))
        lines = [json.dumps(forged.header.to_json()), *(json.dumps(e.to_json()) for e in forged.envelopes)]
        with pytest.raises(LogFormatError, match=f"event {index + 1}: the secret digest does not match"):
            upgrade(REGISTRY["armory"], lines)
