"""Logs made into live games by ImportLog and ForkGame (issue 27):

- "Logs that claim another rules version": a server continues a game only under the
  rules that decided it, so a log of other rules (a Guardians 1.0.0 golden log; an
  ARMORY log relabelled 9.9.9) is refused at import and fork, naming both versions and
  the upgrade, where it used to play until a restart and then fail every call;
- "A fork of a public finished log keeps its revealed seed": a game adopted from a log
  to be played on (a fork; an import of an unfinished game) says `seed_chosen: true` in
  its GameCreated, and GetView tells its viewers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from domain.games import REGISTRY
from domain.kernel import Log, parse_log
from domain.kernel.upgrade import upgrade
from service.server import Running
from tablerules_client import Client, ServiceCallError
from tests.conftest import OPERATOR, command_boundary, play_randomly, serve
from tests.forgery import resealed_from
from tests.stored_logs import GOLDEN
from tools.logdiff import diff_logs

FINISHED = Path(__file__).resolve().parent.parent / "replays" / "swordplay" / "2p-last-hero-standing.jsonl"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Running]:
    running = serve(sqlite_url)
    yield running
    running.stop(0)


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}") as connected:
        yield connected


def refused(call: object) -> str:
    assert callable(call)
    with pytest.raises(ServiceCallError) as error:
        call()
    assert error.value.code == grpc.StatusCode.FAILED_PRECONDITION, error.value
    return error.value.message


def relabelled(log: Log, version: str) -> Log:
    """The log claiming another version of its rules, resealed with its revealed seed."""
    first = log.envelopes[0]
    edited = Log(header=dataclasses.replace(log.header, ruleset_version=version),
                 envelopes=(dataclasses.replace(first, payload={**first.payload, "ruleset_version": version}),
                            *log.envelopes[1:]))
    return resealed_from(edited, edited.envelopes, 0)


def test_a_log_of_other_rules_is_refused_at_import_and_fork_naming_the_versions_and_the_upgrade(
        client: Client, server: Running) -> None:
    stored = server.tables.live_games.cached_count()
    golden = (GOLDEN / "guardians-1.0.0.jsonl").read_text(encoding="utf-8")
    assert client.verify_log(log_jsonl=golden).verdict == "VERIFIED"  # its own release verifies it
    for message in (refused(lambda: client.import_log(golden)),
                    refused(lambda: client.fork(command_boundary(golden, 20), log_jsonl=golden))):
        assert "written by guardians '1.0.0'" in message
        assert f"this server runs guardians {REGISTRY['guardians'].ruleset.version}" in message
        assert "tablerules upgrade" in message
    swordplay = parse_log(FINISHED.read_text(encoding="utf-8").splitlines())
    future = relabelled(swordplay, "9.9.9").text()
    assert client.verify_log(log_jsonl=future).verdict == "VERIFIED", "this build's rules decide it alike"
    assert "swordplay '9.9.9'" in refused(lambda: client.import_log(future))
    assert "swordplay '9.9.9'" in refused(lambda: client.fork(command_boundary(future, 20), log_jsonl=future))
    assert server.tables.live_games.cached_count() == stored, "nothing was stored"
    # What the message advises: the upgraded log is of this server's rules, and imports.
    game = REGISTRY["swordplay"]
    upgraded = upgrade(game, future.encode().splitlines()).text()
    assert client.import_log(upgraded).finished


def test_a_fork_says_its_seed_is_known_and_plays_on_verifiably(client: Client) -> None:
    text = FINISHED.read_text(encoding="utf-8")
    source = parse_log(text.splitlines())
    assert not source.header.seed_chosen
    at = command_boundary(text, 40)
    forked = client.fork(at, log_jsonl=text)
    tokens = {s.seat: s.token for s in forked.seats}
    assert client.view(forked.game_id).seed_chosen, "a spectator is told"
    assert client.view(forked.game_id, tokens[1]).seed_chosen, "and each seat"
    created = next(client.stream(forked.game_id, from_version=0))
    assert created.type == "GameCreated" and '"seed_chosen":true' in created.payload_json
    exported_text = client.export_log(forked.game_id, OPERATOR)
    exported = parse_log(exported_text.splitlines())
    assert exported.header.seed_chosen and exported.envelopes[0].payload["seed_chosen"] is True
    assert client.verify_log(log_jsonl=exported_text).verdict == "VERIFIED"
    # The same game as far as it was kept: every event alike but for that mark; the seals differ.
    compared = diff_logs(REGISTRY["swordplay"], source, exported)
    assert compared.agreed == at and compared.chosen == (False, True) and "seed_chosen" in compared.describe()
    assert [e.state_hash for e in exported.envelopes] == [e.state_hash for e in source.envelopes[:at]]
    play_randomly(client, forked.game_id, tokens, seed=3)
    assert client.verify_log(game_id=forked.game_id).verdict == "VERIFIED"


def test_an_unfinished_import_says_its_seed_is_known_and_a_finished_one_is_kept_as_it_was(client: Client) -> None:
    created = client.create_game("armory", ["a", "b"], {"turn_limit": 12}, seed="adopted", token=OPERATOR)
    assert client.view(created.game_id).seed_chosen, "the operator chose this seed: the game says so"
    fresh = client.create_game("armory", ["a", "b"], {"turn_limit": 12})
    assert not client.view(fresh.game_id).seed_chosen, "a game of the server's own secret seed"
    tokens = {s.seat: s.token for s in fresh.seats}
    play_randomly(client, fresh.game_id, tokens, seed=4, max_commands=6, stop_unfinished=True)
    unfinished = client.import_log(client.export_log(fresh.game_id, OPERATOR))  # the operator's export holds the seed
    assert not unfinished.finished and client.view(unfinished.game_id).seed_chosen
    play_randomly(client, fresh.game_id, tokens, seed=4)
    finished_text = client.export_log(fresh.game_id)
    finished = client.import_log(finished_text)
    assert finished.finished and not client.view(finished.game_id).seed_chosen
    assert client.export_log(finished.game_id) == finished_text, "nothing to play on: the log is kept as it was"
