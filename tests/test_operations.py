"""Running the service (issue 16, operations): the request log."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.calls import Call
from service.config import Settings
from service.server import Running
from service.serverlog import REQUESTS, JsonLines
from tablerules_client import Client, RuleError
from tests.conftest import OPERATOR

SEED = "operations-seed"


def eventually(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether `check` comes true within `seconds` (asked every 20 ms)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return True
        time.sleep(0.02)
    return check()


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


def test_serve_logs_json_lines_and_exits_0_on_sigterm(tmp_path: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("TABLERULES_")},
           "TABLERULES_OPERATOR_TOKEN": OPERATOR}
    errors = tmp_path / "stderr.log"
    with errors.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", "0",
                                    "--storage", "memory:"],
                                   stdout=subprocess.PIPE, stderr=sink, text=True, env=env)
    try:
        assert process.stdout is not None
        announced = process.stdout.readline()
        assert " serving on " in announced, errors.read_text()
        with Client(announced.split(" serving on ")[1].split()[0]) as client:
            game_id, tokens = new_game(client)
            client.view(game_id, tokens[1])
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    text = errors.read_text()
    entries = [json.loads(line) for line in text.splitlines()]
    requests = [e for e in entries if e["logger"] == REQUESTS.name]
    assert [(e["method"], e["game_id"], e["code"]) for e in requests] == [
        ("CreateGame", game_id, "OK"), ("GetView", game_id, "OK")]
    for secret in [OPERATOR, SEED, *tokens.values()]:
        assert secret not in text


def test_settings_of_operations() -> None:
    assert Settings.from_env({"TABLERULES_LOG_FORMAT": "text"}).log_format == "text"
    assert Settings().log_format == "json"
    with pytest.raises(ValueError, match="log_format"):
        Settings.from_env({"TABLERULES_LOG_FORMAT": "xml"})
