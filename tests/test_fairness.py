"""Nobody picks the dice (issue 11 item 2; docs/security.md): a chosen seed is the
operator's privilege and the log says so; with seat randomness not even the operator
can steer the game's chance."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import pytest

from domain.games import REGISTRY
from domain.kernel import Rng, Session, StartGame, parse_log, verify
from domain.kernel.messages import payload_of
from service.server import Running
from tablerules_client import Client, RuleError, ServiceCallError, command
from tests.conftest import OPERATOR, play_randomly, serve


def test_only_the_operator_chooses_a_seed_and_the_log_says_so(client: Client) -> None:
    with pytest.raises(ServiceCallError) as refused:
        client.create_game("armory", ["ann", "bob"], seed="predictable")
    assert refused.value.code.name == "PERMISSION_DENIED" and "operator" in refused.value.message
    seat_token = client.create_game("armory", ["ann", "bob"]).seats[0].token
    with pytest.raises(ServiceCallError) as by_a_seat:
        client.create_game("armory", ["ann", "bob"], seed="predictable", token=seat_token)
    assert by_a_seat.value.code.name == "PERMISSION_DENIED"
    chosen = client.create_game("armory", ["ann", "bob"], seed="predictable", token=OPERATOR)
    secret = client.create_game("armory", ["ann", "bob"])
    for created, was_chosen in ((chosen, True), (secret, False)):
        header = json.loads(client.export_log(created.game_id, OPERATOR).splitlines()[0])
        assert header["seed_chosen"] is was_chosen
        assert ("seed" in header) and len(header["seed"]) == (11 if was_chosen else 64)


def test_seat_randomness_is_listed_as_an_option_of_every_ruleset(client: Client) -> None:
    for ruleset in client.list_rulesets():
        option = {o.name: o for o in ruleset.options}["seat_randomness"]
        assert option.default.bool_value is False and "steer" in option.description


def legal(client: Client, game_id: str, token: str) -> list[Any]:
    return list(client.view(game_id, token).legal_commands)


def test_seat_randomness_commit_then_reveal_then_the_game_starts(client: Client) -> None:
    created = client.create_game("swordplay", ["ann", "bob", "cy"], {"seat_randomness": True, "turn_limit": 12})
    game_id = created.game_id
    tokens = {s.seat: s.token for s in created.seats}
    seats = {n: client.seat(game_id, token) for n, token in tokens.items()}
    status = client.view(game_id).status
    assert list(status.to_act) == [1, 2, 3] and "commit" in status.summary
    [template] = legal(client, game_id, tokens[1])
    assert template.kernel.commit_randomness.commitment == ""

    with pytest.raises(RuleError) as early_move:  # no game command before the game starts
        seats[1].submit(command("swordplay", "EndTurn"))
    assert early_move.value.rule == "kernel seat-randomness"

    seats[1].submit(template)
    assert legal(client, game_id, tokens[1]) == []
    with pytest.raises(RuleError) as early_reveal:  # a value shown now would let a later seat choose its own
        seats[1].submit(command("kernel", "RevealRandomness", value=seats[1].randomness))
    assert "every seat has committed" in early_reveal.value.description
    for seat in (2, 3):
        seats[seat].submit(legal(client, game_id, tokens[seat])[0])
    assert "reveal" in client.view(game_id).status.summary

    with pytest.raises(RuleError) as wrong_value:
        seats[2].submit(command("kernel", "RevealRandomness", value="0" * 64))
    assert "does not match" in wrong_value.value.description
    for seat in (1, 2):
        reply = seats[seat].submit(legal(client, game_id, tokens[seat])[0])
        assert [e.type for e in reply.events] == ["RandomnessRevealed"]
    last = seats[3].submit(legal(client, game_id, tokens[3])[0])
    assert last.events[0].type == "RandomnessRevealed" and len(last.events) > 1  # and the game's start
    assert not client.view(game_id).status.finished and "seat randomness" not in client.view(game_id).status.summary

    play_randomly(client, game_id, tokens, seed=4)
    text = client.export_log(game_id)
    log = parse_log(text.splitlines())
    report = verify(REGISTRY["swordplay"], log)
    assert report.verdict == "VERIFIED", report.divergence and report.divergence.describe()
    assert_started_with_the_combined_seed(text)

    with pytest.raises(RuleError) as too_early:  # its seats would have to reveal the original seats' values
        client.fork(3, log_jsonl=text)
    assert "had not started" in too_early.value.description
    started = next(n for n in range(8, len(log.envelopes)) if log.envelopes[n].command is not None)
    forked = client.fork(started, log_jsonl=text)
    play_randomly(client, forked.game_id, {s.seat: s.token for s in forked.seats}, seed=5)


def assert_started_with_the_combined_seed(text: str) -> None:
    """The game's start follows from HMAC(server seed, the seats' values), computed here
    independently of the kernel."""
    log = parse_log(text.splitlines())
    rows = [json.loads(line) for line in text.splitlines()[1:]]
    values = [row["payload"]["value"] for row in sorted((r for r in rows if r["type"] == "RandomnessRevealed"),
                                                         key=lambda r: r["payload"]["seat"])]
    server_seed = rows[-1]["payload"]["seed"]
    combined = hmac.new(server_seed.encode(), json.dumps(values, separators=(",", ":")).encode(),
                        hashlib.sha256).hexdigest()
    last_reveal = max(i for i, r in enumerate(rows) if r["type"] == "RandomnessRevealed")
    game = REGISTRY[log.header.ruleset]
    state = Session.opened(game, log.header, "").state
    started = game.decide(state, StartGame(seat=0), Rng(combined, log.header.game_id, last_reveal))
    logged = rows[last_reveal + 1:last_reveal + 1 + len(started)]
    assert [payload_of(e) for e in started] == [row["payload"] for row in logged]


def test_randomness_commands_outside_a_seat_randomness_game_are_refused(client: Client) -> None:
    created = client.create_game("armory", ["ann", "bob"])
    with pytest.raises(RuleError) as refused:
        client.seat(created.game_id, created.seats[0].token).submit(
            command("kernel", "CommitRandomness", commitment="a" * 64))
    assert "seat_randomness" in refused.value.description


def test_a_seat_randomness_game_resumes_after_a_restart_with_the_same_chance(storage_url: str) -> None:
    """The seats' values survive in the store (events and snapshots), so the generator
    after a restart is the one the game started with: the log still verifies."""
    first: Running = serve(storage_url)
    with Client(f"127.0.0.1:{first.port}") as client:
        created = client.create_game("armory", ["ann", "bob"], {"seat_randomness": True, "turn_limit": 40})
        tokens = {s.seat: s.token for s in created.seats}
        play_randomly(client, created.game_id, tokens, seed=2, max_commands=70, stop_unfinished=True)
        assert client.view(created.game_id).version > 50  # past a snapshot (every 50 events in tests)
    first.stop(0)
    second = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{second.port}") as client:
            play_randomly(client, created.game_id, tokens, seed=3)
            report = verify(REGISTRY["armory"], parse_log(client.export_log(created.game_id).splitlines()))
            assert report.verdict == "VERIFIED", report.divergence and report.divergence.describe()
    finally:
        second.stop(0)
