"""Running the service (issue 16, operations): the request log, metrics, a health
service that follows the store, and a shutdown that drains."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from domain.kernel import Command, Game
from service.calls import Call
from service.commands import Commands, Outcome
from service.config import Settings
from service.errors import Unavailable
from service.metrics import RULE_LABELS, Metrics
from service.server import SERVICE_NAME, Running, start
from service.serverlog import REQUESTS, JsonLines
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client, RuleError, ServiceCallError
from tests.conftest import OPERATOR, eventually, health_status
from tests.load import Answers
from tests.stored_logs import GOLDEN

SEED = "operations-seed"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def new_game(client: Client) -> tuple[str, dict[int, str]]:
    created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 8}, seed=SEED, token=OPERATOR)
    return created.game_id, {s.seat: s.token for s in created.seats}


def first_move(client: Client, game_id: str, tokens: dict[int, str]) -> tuple[int, Any]:
    """The seat to act and its view."""
    seat = client.view(game_id).status.to_act[0]
    return seat, client.view(game_id, tokens[seat])


def play_and_refuse(client: Client, game_id: str, tokens: dict[int, str], commands: int) -> RuleError:
    """Play `commands` legal commands, then repeat the last one, which the rules refuse."""
    for n in range(commands):
        seat, view = first_move(client, game_id, tokens)
        client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id=f"ok-{n}")
    with pytest.raises(RuleError) as refused:
        client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="again")
    return refused.value


def requests_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == REQUESTS.name]


def test_a_json_line_per_request_without_tokens_or_seeds(server: Running, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger=REQUESTS.name), Client(f"127.0.0.1:{server.port}") as client:
        game_id, tokens = new_game(client)
        refused = play_and_refuse(client, game_id, tokens, commands=1)
        with pytest.raises(Exception, match="NOT_FOUND"):
            client.view("no-such-game")
        # A refused call's line is written as its status leaves: maybe just after the client has it.
        assert eventually(lambda: len(requests_logged(caplog)) == 6)
    lines = [JsonLines().format(record) for record in requests_logged(caplog)]
    entries = [json.loads(line) for line in lines]
    assert [e["method"] for e in entries] == ["CreateGame", "GetView", "GetView", "SubmitCommand", "SubmitCommand",
                                              "GetView"]
    created, submitted, rejected, missing = entries[0], entries[3], entries[4], entries[5]
    assert created["game_id"] == game_id and created["ruleset"] == "armory" and created["code"] == "OK"
    assert submitted["command_id"] == "ok-0" and submitted["code"] == "OK" and "rule" not in submitted
    assert rejected["command_id"] == "again" and rejected["code"] == "FAILED_PRECONDITION"
    assert rejected["rule"] == refused.rule and rejected["ruleset"] == "armory"
    assert missing["code"] == "NOT_FOUND" and "ruleset" not in missing
    assert all(e["ms"] >= 0 and e["level"] == "INFO" and e["time"] for e in entries)
    text = "\n".join(lines)
    for secret in [OPERATOR, SEED, *tokens.values()]:
        assert secret not in text
    assert refused.description not in text  # a refusal's sentence may name a card in the seat's hand


def test_the_text_form_quotes_what_a_client_chose() -> None:
    """A command id is the client's text: it cannot start a log line of its own."""
    line = str(Call("SubmitCommand", game_id="g", command_id='x"\nforged line', code="OK"))
    assert "\n" not in line and 'command_id="x\\"\\nforged line"' in line


def scrape(port: int) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample at /metrics, by name and labels."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def metric(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def measured() -> Iterator[Running]:
    running = start(Tables(GameStore("memory:"), OPERATOR), "127.0.0.1", 0, workers=16, metrics_port=0)
    yield running
    running.stop(0)


def test_metrics_count_commands_and_rejections_and_time_them(measured: Running) -> None:
    assert measured.metrics is not None
    port = measured.metrics.port
    address = f"127.0.0.1:{measured.port}"
    with Client(address) as client, grpc.insecure_channel(address) as channel:
        game_id, tokens = new_game(client)
        refused = play_and_refuse(client, game_id, tokens, commands=3)
        stream = pb_grpc.TablerulesStub(channel).StreamEvents(pb.StreamEventsRequest(game_id=game_id), timeout=30)
        next(stream)
        # A refused command is counted as its status leaves: maybe just after the client has it.
        assert eventually(lambda: metric(scrape(port), "tablerules_command_seconds_count", ruleset="armory") == 4)
        samples = scrape(port)
        assert metric(samples, "tablerules_commands_total", ruleset="armory", code="OK") == 3
        assert metric(samples, "tablerules_commands_total", ruleset="armory", code="FAILED_PRECONDITION") == 1
        assert metric(samples, "tablerules_command_rejections_total", rule=refused.rule) == 1
        assert metric(samples, "tablerules_command_seconds_count", ruleset="armory") == 4
        assert metric(samples, "tablerules_command_seconds_bucket", ruleset="armory", le="+Inf") == 4
        assert 0 < metric(samples, "tablerules_command_seconds_sum", ruleset="armory") < 60
        assert metric(samples, "tablerules_event_streams_open") == 1
        assert metric(samples, "tablerules_live_games") == 1
        assert metric(samples, "tablerules_serving") == 1
        stream.cancel()
        assert eventually(lambda: metric(scrape(port), "tablerules_event_streams_open") == 0)


def test_rejections_name_a_bounded_number_of_rules() -> None:
    metrics = Metrics(lambda: 0, lambda: True, "127.0.0.1", 0)
    for n in range(RULE_LABELS + 3):
        metrics.record(Call("SubmitCommand", ruleset="armory", code="FAILED_PRECONDITION", rule=f"armory R{n}"))
    assert metrics.registry.get_sample_value("tablerules_command_rejections_total", {"rule": "armory R0"}) == 1
    assert metrics.registry.get_sample_value("tablerules_command_rejections_total", {"rule": "other"}) == 3
    assert metrics.registry.get_sample_value("tablerules_commands_total",
                                             {"ruleset": "armory", "code": "FAILED_PRECONDITION"}) == RULE_LABELS + 3


class FlakyStore(GameStore):
    """A store whose health probe fails, or hangs, when a test says so."""

    def __init__(self) -> None:
        super().__init__("memory:")
        self.down = False
        self.answering = threading.Event()
        self.answering.set()

    def ping(self) -> None:
        self.answering.wait(30)
        if self.down:
            raise ConnectionError("the database is gone")
        super().ping()


def test_health_follows_the_store() -> None:
    store = FlakyStore()
    running = start(Tables(store, OPERATOR), "127.0.0.1", 0, workers=8, metrics_port=0, probe_every=0.05)
    assert running.metrics is not None
    metrics_port = running.metrics.port
    try:
        assert health_status(running.port) == SERVING
        store.down = True
        assert eventually(lambda: health_status(running.port) == NOT_SERVING)
        assert metric(scrape(metrics_port), "tablerules_serving") == 0
        store.down = False
        assert eventually(lambda: health_status(running.port) == SERVING)
        assert metric(scrape(metrics_port), "tablerules_serving") == 1
        store.answering.clear()  # a probe that never returns: its timeout (2 s) counts as a failure
        assert eventually(lambda: health_status(running.port) == NOT_SERVING)
        store.answering.set()
        assert eventually(lambda: health_status(running.port) == SERVING)
    finally:
        store.answering.set()
        running.stop(0)


class HeldCommands(Commands):
    """Holds each command until the test releases it: a command under way, for as long as needed."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables.live_games, tables.tokens, tables.max_game_events)
        self.arrived = threading.Event()
        self.released = threading.Event()

    async def submit(self, game_id: str, token: str | None, command_id: str, expected_version: int | None,
                     build: Callable[[Game[Any], int], Command]) -> Outcome:
        self.arrived.set()
        await asyncio.to_thread(self.released.wait, 30)
        return await super().submit(game_id, token, command_id, expected_version, build)


def test_a_stream_that_was_sending_when_the_drain_rang_ends_at_once() -> None:
    """The drain rings each game's bell once; a stream busy sending at that moment is not
    waiting on the bell, so it must see the drain before it waits (CI caught it waiting
    out the whole grace period, then cancelled)."""
    tables = Tables(GameStore("memory:"), OPERATOR)
    game_id, _, _, version = tables.create_game("armory", ["ann", "bob"], {}, seed=SEED, token=OPERATOR)

    async def follow_through_a_drain() -> None:
        stream = tables.streams.follow(tables.live_games.live(game_id), None, 0)
        first = await anext(stream)  # the stream is now held at its send
        assert isinstance(first, list)
        assert [envelope.envelope.seq for envelope in first] == list(range(1, version + 1))
        tables.streams.drain()
        with pytest.raises(Unavailable, match=f"resume from_version {version}"):
            await asyncio.wait_for(anext(stream), 5)

    try:
        asyncio.run(follow_through_a_drain())
    finally:
        tables.close()


def test_shutdown_drains_and_lets_a_command_under_way_finish() -> None:
    grace = 20.0
    tables = Tables(GameStore("memory:"), OPERATOR)
    held = tables.commands = HeldCommands(tables)
    running = start(tables, "127.0.0.1", 0, workers=8)
    address = f"127.0.0.1:{running.port}"
    stopped = threading.Thread(target=running.stop, args=(grace,))
    try:
        with Client(address) as client, grpc.insecure_channel(address) as channel:
            game_id, tokens = new_game(client)
            seat, view = first_move(client, game_id, tokens)
            watch = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(service=SERVICE_NAME),
                                                              timeout=30)
            assert next(watch).status == SERVING
            stream = pb_grpc.TablerulesStub(channel).StreamEvents(pb.StreamEventsRequest(game_id=game_id), timeout=30)
            received = [next(stream).seq]
            answers: list[Any] = []
            submitter = threading.Thread(target=lambda: answers.append(
                client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="held")))
            submitter.start()
            assert held.arrived.wait(10)
            began = time.monotonic()
            stopped.start()

            assert next(watch).status == NOT_SERVING  # at once: the command is still held
            with pytest.raises(grpc.RpcError) as ended:
                received.extend(envelope.seq for envelope in stream)
            assert ended.value.code() == grpc.StatusCode.UNAVAILABLE
            assert f"resume from_version {received[-1]}" in (ended.value.details() or "")
            with Client(address) as latecomer, pytest.raises(Exception, match="UNAVAILABLE"):
                latecomer.view(game_id)
            assert not answers

            held.released.set()
            submitter.join(30)
            stopped.join(30)
            # No waiting out the grace, for the command or for the open Watch, which the stop ended.
            assert not stopped.is_alive() and time.monotonic() - began < grace / 2
            assert answers and answers[0].version > view.version
            with pytest.raises(grpc.RpcError) as watch_ended:
                next(watch)
            assert watch_ended.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        held.released.set()
        if not stopped.is_alive() and not running.loop.is_closed():
            running.stop(0)


STOPS = 6
CALLERS = 4


def test_calls_that_reach_a_stopping_server_are_answered_unavailable_never_cancelled() -> None:
    """Issue 33: gRPC's own stop cancels a call it has received but not yet handed over, and the
    caller gets CANCELLED where UNAVAILABLE is promised. The server refuses new calls itself
    while it drains, and stops gRPC once none is arriving. Through STOPS stops, callers send
    calls one after another (each retried by the client as it does, with its back-off): every
    answer is the call's own (NOT_FOUND) or UNAVAILABLE, and each stop is quick."""
    answers = Answers()
    stops: list[float] = []
    for _ in range(STOPS):
        running = start(Tables(GameStore("memory:"), OPERATOR), "127.0.0.1", 0, workers=8)
        channels = [grpc.intercept_channel(grpc.insecure_channel(f"127.0.0.1:{running.port}"), answers)
                    for _ in range(CALLERS)]
        callers = [threading.Thread(target=call_until_gone, args=(Client(channel=channel),)) for channel in channels]
        for caller in callers:
            caller.start()
        time.sleep(0.2)
        began = time.monotonic()
        running.stop(10)
        stops.append(time.monotonic() - began)
        for caller in callers:
            caller.join(30)
        assert not any(caller.is_alive() for caller in callers)
    codes = {code for _, code in answers.counts}
    assert codes <= {"NOT_FOUND", "UNAVAILABLE"} and "UNAVAILABLE" in codes, (answers.counts, answers.messages)
    # Not the grace: the callers' retries (1.5 s in all) give up, then the server's quiet second passes.
    assert max(stops) < 5, stops


def call_until_gone(client: Client) -> None:
    """Ask for a game that does not exist until the server is gone (the client's retries ran out)."""
    with client:
        for _ in range(10_000):
            try:
                client.view("no-such-game")
            except ServiceCallError as error:
                if error.code != grpc.StatusCode.NOT_FOUND:
                    return


def exit_status(process: subprocess.Popen[str], errors: Path, seconds: float = 30) -> int:
    """The server's exit status once it has stopped; if it has not within `seconds`, the
    failure shows its threads' stacks (SIGUSR1, docs/operations.md) and its stderr."""
    try:
        return process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGUSR1)
        time.sleep(2)
        raise AssertionError(f"the server did not stop within {seconds} s:\n{errors.read_text()}") from None


@pytest.mark.parametrize("log_requests", [True, False], ids=["log-requests", "quiet"])
def test_serve_logs_json_lines_and_exits_0_on_sigterm(tmp_path: Path, log_requests: bool) -> None:
    """A line per request only when asked (--log-requests): a person's `make run` stays quiet."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("TABLERULES_")},
           "TABLERULES_OPERATOR_TOKEN": OPERATOR}
    errors = tmp_path / "stderr.log"
    with errors.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "tools.cli", "serve", "--host", "127.0.0.1", "--port", "0",
                                    "--storage", "memory:", "--grace-seconds", "5",
                                    *(["--log-requests"] if log_requests else [])],
                                   stdout=subprocess.PIPE, stderr=sink, text=True, env=env)
    try:
        assert process.stdout is not None
        announced = process.stdout.readline()
        assert " serving on " in announced, errors.read_text()
        with Client(announced.split(" serving on ")[1].split()[0]) as client:
            game_id, tokens = new_game(client)
            client.view(game_id, tokens[1])
        process.send_signal(signal.SIGTERM)
        assert exit_status(process, errors) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    text = errors.read_text()
    entries = [json.loads(line) for line in text.splitlines()]
    requests = [e for e in entries if e["logger"] == REQUESTS.name]
    assert [(e["method"], e["game_id"], e["code"]) for e in requests] == ([
        ("CreateGame", game_id, "OK"), ("GetView", game_id, "OK")] if log_requests else [])
    assert any("shutting down" in e.get("message", "") for e in entries)
    for secret in [OPERATOR, SEED, *tokens.values()]:
        assert secret not in text


def test_ctrl_c_on_a_server_that_checked_a_log_stops_it_without_a_traceback(tmp_path: Path) -> None:
    """issue 28: Ctrl-C reaches the terminal's whole process group, the log worker included;
    the worker leaves the stopping to the server, and nothing prints a traceback."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("TABLERULES_")},
           "TABLERULES_OPERATOR_TOKEN": OPERATOR}
    errors = tmp_path / "stderr.log"
    with errors.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "tools.cli", "serve", "--port", "0", "--storage",
                                    "memory:", "--grace-seconds", "2"], stdout=subprocess.PIPE, stderr=sink,
                                   text=True, env=env, start_new_session=True)
    try:
        assert process.stdout is not None
        announced = process.stdout.readline()
        with Client(announced.split(" serving on ")[1].split()[0]) as client:
            log = (GOLDEN.parent / "armory" / "2p-attack-win.jsonl").read_text(encoding="utf-8")
            assert client.verify_log(log_jsonl=log).verdict == "VERIFIED"
            process.send_signal(signal.SIGUSR1)  # an operator asks what it is doing: it says, and serves on
            time.sleep(0.5)
            assert client.list_rulesets()
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
        assert exit_status(process, errors) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)
    text = errors.read_text()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert "(most recent call first)" in text and "wait_for_a_stop_signal" in text, text


def test_settings_of_operations() -> None:
    settings = Settings.from_env({"TABLERULES_METRICS_PORT": "9464", "TABLERULES_GRACE_SECONDS": "0",
                                  "TABLERULES_LOG_FORMAT": "text", "TABLERULES_LOG_REQUESTS": "true"})
    assert (settings.metrics_port, settings.grace_seconds, settings.log_format) == (9464, 0, "text")
    assert settings.log_requests and not Settings.from_env({"TABLERULES_LOG_REQUESTS": "0"}).log_requests
    with pytest.raises(ValueError, match=r"TABLERULES_LOG_REQUESTS.*true or false"):
        Settings.from_env({"TABLERULES_LOG_REQUESTS": "maybe"})
    with pytest.raises(ValueError, match=r"port .*from 0 to 65535, not '99999'"):
        Settings.from_env({"TABLERULES_PORT": "99999"})
    assert (Settings().metrics_port, Settings().grace_seconds, Settings().log_format) == (0, 10, "json")
    with pytest.raises(ValueError, match="log_format"):
        Settings.from_env({"TABLERULES_LOG_FORMAT": "xml"})
