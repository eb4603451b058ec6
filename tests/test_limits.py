"""Every input has a limit, and bad input gets a clear answer (issue 11 items 4 and 5):
field sizes, the message size, malformed bytes, a stream from the future, log
checks bounded in number and memory, and a store only its owner can read."""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from service.config import Settings
from service.errors import InvalidArgument, Rejected, ResourceExhausted, ServiceError
from service.limits import DEFAULT_ITEM_LIMIT, FIELD_TEXT_LIMITS, TEXT_LIMITS, check_sizes
from service.logchecks import verified_report
from service.logjobs import MEGABYTE, LogJobs
from service.server import SERVICE, Running, start
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules_client import Client, ServiceCallError, command
from tests.conftest import OPERATOR, play_randomly
from tests.stored_logs import GOLDEN

REPLAY = Path(__file__).resolve().parent.parent / "replays" / "aod" / "2p-flip-then-good-win.jsonl"


def refused(call: object, code: grpc.StatusCode, *words: str) -> str:
    assert callable(call)
    with pytest.raises(ServiceCallError) as error:
        call()
    assert error.value.code == code, error.value
    for word in words:
        assert word in error.value.message, error.value.message
    return error.value.message


def game_count(running: Running) -> int:
    return running.tables.live_games.cached_count()


# -- fields -------------------------------------------------------------------------------


def test_each_field_over_its_limit_is_invalid_argument_naming_it(client: Client, server: Running) -> None:
    before = game_count(server)
    long_name = "n" * (TEXT_LIMITS["seats"] + 1)
    refused(lambda: client.create_game("armory", [long_name, "b"]), grpc.StatusCode.INVALID_ARGUMENT,
            "seats[0]", "at most 64 characters", "65")
    refused(lambda: client.create_game("armory", ["a"] * 17), grpc.StatusCode.INVALID_ARGUMENT, "seats", "at most 16")
    refused(lambda: client.create_game("armory", ["a", "b"], {f"o{n}": 1 for n in range(33)}),
            grpc.StatusCode.INVALID_ARGUMENT, "options", "at most 32")
    refused(lambda: client.create_game("armory", ["a", "b"], {"k" * 65: 1}), grpc.StatusCode.INVALID_ARGUMENT,
            "options.key")
    refused(lambda: client.create_game("aod", ["a", "b"], {"characters": "x" * (OPTION_TEXT_LIMIT + 1)}),
            grpc.StatusCode.INVALID_ARGUMENT, "options[characters].string_value", "at most 2048")
    refused(lambda: client.create_game("armory", ["a", "b"], seed="s" * 257, token=OPERATOR),
            grpc.StatusCode.INVALID_ARGUMENT, "seed")
    refused(lambda: client.create_game("r" * 65, ["a", "b"]), grpc.StatusCode.INVALID_ARGUMENT, "ruleset")
    assert game_count(server) == before, "nothing refused was stored"
    refused(lambda: client.view("g" * 100_000), grpc.StatusCode.INVALID_ARGUMENT, "game_id", "100000")


OPTION_TEXT_LIMIT = FIELD_TEXT_LIMITS["tablerules.v1.OptionValue.string_value"]


def test_an_option_string_holds_a_deck_list_of_2048_characters_and_no_more(client: Client, server: Running) -> None:
    """A Guardians deck list is an option string of some 700 characters: option values
    may be 2048 characters long; any other string keeps its own limit."""
    assert OPTION_TEXT_LIMIT == 2048
    before = game_count(server)
    # 2048 characters pass the size check; the rules then refuse a deck list of nonsense.
    message = refused(lambda: client.create_game("guardians", ["a", "b"], {"deck_1": "x" * OPTION_TEXT_LIMIT}),
                      grpc.StatusCode.INVALID_ARGUMENT, "guardians THE DECK")
    assert "at most" not in message
    refused(lambda: client.create_game("guardians", ["a", "b"], {"deck_1": "x" * (OPTION_TEXT_LIMIT + 1)}),
            grpc.StatusCode.INVALID_ARGUMENT, "options[deck_1].string_value", "at most 2048 characters", "2049")
    assert game_count(server) == before
    # Any other string keeps the default limit, a card id in a Guardians command too.
    request = pb.SubmitCommandRequest(game_id="g", command_id="c",
                                      command=command("guardians", "Place", card="c" * 257, to="pen"))
    with pytest.raises(InvalidArgument, match="at most 256"):
        check_sizes(request)


def test_a_long_card_id_inside_a_command_is_refused_and_changes_nothing(client: Client) -> None:
    created = client.create_game("armory", ["a", "b"], {"turn_limit": 12}, seed="limits", token=OPERATOR)
    tokens = {s.seat: s.token for s in created.seats}
    seat = client.view(created.game_id).status.to_act[0]
    before = client.view(created.game_id).version
    long_card = command("armory", "PlaceArmament", card="1" * 300, combatant="archer")
    message = refused(lambda: client.seat(created.game_id, tokens[seat]).submit(long_card),
                      grpc.StatusCode.INVALID_ARGUMENT, "command.armory.place_armament.card", "at most 256")
    assert "1" * 100 not in message, "the refusal does not echo the input"
    long_id = pb.SubmitCommandRequest(game_id=created.game_id, command_id="c" * 129,
                                      command=client.view(created.game_id, tokens[seat]).legal_commands[0])
    refused(lambda: client.call("SubmitCommand", long_id, tokens[seat]), grpc.StatusCode.INVALID_ARGUMENT,
            "command_id", "at most 128")
    assert client.view(created.game_id).version == before


def test_a_token_longer_than_any_issued_is_unauthenticated(client: Client) -> None:
    created = client.create_game("armory", ["a", "b"])
    refused(lambda: client.view(created.game_id, "t" * 300), grpc.StatusCode.UNAUTHENTICATED, "at most 256")


def test_check_sizes_walks_every_repeated_and_nested_field() -> None:
    many = pb.CreateGameRequest(ruleset="armory", seats=["a"] * 16)
    check_sizes(many)
    report = pb.VerifyLogResponse(report=pb.Report(notes=["n"] * (DEFAULT_ITEM_LIMIT + 1)))
    with pytest.raises(InvalidArgument, match=r"report.notes: at most 256 entries"):
        check_sizes(report)
    with pytest.raises(InvalidArgument, match=r"report.notes\[1\]: at most 256 characters"):
        check_sizes(pb.VerifyLogResponse(report=pb.Report(notes=["n", "n" * 257])))
    check_sizes(pb.ImportLogRequest(log_jsonl="x" * 100_000))  # bounded by the message size alone


# -- the whole message ---------------------------------------------------------------------


def test_a_message_over_the_limit_is_resource_exhausted_and_the_server_goes_on(client: Client) -> None:
    message = refused(lambda: client.import_log("x" * (5 * MEGABYTE)), grpc.StatusCode.RESOURCE_EXHAUSTED)
    assert "4194304" in message, "the refusal names the limit"
    assert client.list_rulesets()


def test_the_request_limit_is_a_setting(tmp_path: Path) -> None:
    running = start(Tables(GameStore("memory:"), OPERATOR), "127.0.0.1", 0, workers=8,
                    max_request_bytes=8 * MEGABYTE)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            padded = REPLAY.read_text(encoding="utf-8") + "\n" * (5 * MEGABYTE)  # blank lines are allowed
            assert client.import_log(padded).finished
    finally:
        running.stop(0)
    assert Settings.from_env({"TABLERULES_MAX_REQUEST_BYTES": "8388608"}).max_request_bytes == 8 * MEGABYTE
    for bad in ("4MB", "-1", "0", "²"):
        with pytest.raises(ValueError, match="max_request_bytes"):
            Settings.from_env({"TABLERULES_MAX_REQUEST_BYTES": bad})


# -- malformed requests --------------------------------------------------------------------


@pytest.mark.parametrize("method", [m.name for m in SERVICE.methods])
def test_malformed_bytes_are_invalid_argument_for_every_method(server: Running, method: str,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    corrupt = b"\x0a\xff\xff\xff\xff\x0f"  # field 1, a length far past the end
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        path = f"/{SERVICE.full_name}/{method}"
        with caplog.at_level(logging.WARNING):
            if SERVICE.methods_by_name[method].server_streaming:
                call = channel.unary_stream(path, request_serializer=bytes, response_deserializer=bytes)
                with pytest.raises(grpc.RpcError) as error:
                    list(call(corrupt, timeout=10))
            else:
                unary = channel.unary_unary(path, request_serializer=bytes, response_deserializer=bytes)
                with pytest.raises(grpc.RpcError) as error:
                    unary(corrupt, timeout=10)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "malformed request" in (error.value.details() or "")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], "no traceback in the log"


# -- streams -------------------------------------------------------------------------------


def test_a_stream_from_a_future_version_is_out_of_range(client: Client) -> None:
    created = client.create_game("armory", ["a", "b"], seed="stream", token=OPERATOR)
    message = refused(lambda: list(client.stream(created.game_id, from_version=created.version + 1)),
                      grpc.StatusCode.OUT_OF_RANGE, f"resume from {created.version} or less")
    assert str(created.version + 1) in message
    # The current version itself is a place to wait from.
    events = client.stream(created.game_id, from_version=created.version)
    tokens = {s.seat: s.token for s in created.seats}
    seat = client.view(created.game_id).status.to_act[0]
    client.seat(created.game_id, tokens[seat]).submit(client.view(created.game_id, tokens[seat]).legal_commands[0])
    assert next(events).seq == created.version + 1
    events.close()


# -- the store -----------------------------------------------------------------------------


def test_the_sqlite_file_and_its_directory_are_private(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'data' / 'games.db'}")
    store.close()
    assert stat.S_IMODE(os.stat(tmp_path / "data" / "games.db").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(tmp_path / "data").st_mode) & 0o077 == 0


def test_files_of_an_upgraded_install_are_made_private_at_start_with_a_warning_naming_each(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 27, "File modes on upgraded installs": a database made 0644 by an earlier
    release stayed so, and SQLite made its -wal and -shm files 0644 too; they hold live seeds."""
    database = tmp_path / "games.db"
    GameStore(f"sqlite:///{database}").close()
    companions = [tmp_path / "games.db-wal", tmp_path / "games.db-shm"]
    token = tmp_path / "operator.token"
    token.write_text("an operator token\n")
    for path in (database, *companions, token):
        path.touch()
        os.chmod(path, 0o644)
    with caplog.at_level(logging.WARNING, logger="tablerules.files"):
        store = GameStore(f"sqlite:///{database}")
        assert Settings(data_dir=str(tmp_path)).resolved_operator_token() == "an operator token"
    warned = " ".join(record.getMessage() for record in caplog.records)
    for path in (database, *companions, token):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
        assert f"{path} was readable or writable by other users (mode 644)" in warned
    store.close()
    # What SQLite creates from here on takes the database file's mode.
    for path in companions:
        path.unlink(missing_ok=True)
    store = GameStore(f"sqlite:///{database}")
    try:
        Tables(store, OPERATOR).create_game("armory", ["a", "b"], {})
        created = [path for path in companions if path.exists()]
        assert created and all(stat.S_IMODE(os.stat(path).st_mode) == 0o600 for path in created)
    finally:
        store.close()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="tablerules.files"):
        GameStore(f"sqlite:///{database}").close()
    assert not caplog.records, "a private file is left alone, without a word"


# -- log checks ----------------------------------------------------------------------------


def _pid() -> int:
    return os.getpid()


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _hoard(megabytes: int) -> int:
    return len(bytearray(megabytes * MEGABYTE))


def _refuse() -> None:
    raise Rejected("log", "a refusal made in the worker")


def _child_sleeping(pid_file: str) -> None:
    """A check that waits on a child process, as an archived release's verify does."""
    subprocess.run(["sh", "-c", f"echo $$ > {pid_file}; exec sleep 60"], check=False)


@pytest.fixture
def jobs() -> Iterator[LogJobs]:
    pool = LogJobs(workers=1, waiting=0, memory_bytes=512 * MEGABYTE)
    yield pool
    pool.close()


def test_log_checks_run_in_another_process_and_their_refusals_cross_intact(jobs: LogJobs) -> None:
    assert jobs.run(_pid) != os.getpid()
    with pytest.raises(Rejected) as error:
        jobs.run(_refuse)
    assert (error.value.rule, error.value.description) == ("log", "a refusal made in the worker")
    assert isinstance(error.value, ServiceError)


def test_log_checks_beyond_the_workers_and_waiting_are_refused_at_once(jobs: LogJobs) -> None:
    jobs.run(_pid)  # the worker is up
    first = threading.Thread(target=jobs.run, args=(_sleep, 1.0))
    first.start()
    try:
        deadline = time.monotonic() + 10
        while jobs._admitted == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        with pytest.raises(ResourceExhausted, match="TABLERULES_LOG_WORKERS"):
            jobs.run(_pid)
    finally:
        first.join(10)
    assert jobs.run(_pid) > 0, "admitted again once the first is done"


def test_a_log_check_over_its_memory_is_resource_exhausted_and_the_next_one_runs(jobs: LogJobs) -> None:
    with pytest.raises(ResourceExhausted, match="512 MB"):
        jobs.run(_hoard, 1024)
    assert jobs.run(_hoard, 16) == 16 * MEGABYTE


@pytest.fixture
def timed_jobs() -> Iterator[LogJobs]:
    pool = LogJobs(workers=1, waiting=2, memory_bytes=512 * MEGABYTE, seconds=1, per_caller=1)
    yield pool
    pool.close()


def _waiting_for_a_worker(jobs: LogJobs, job: object, *args: object, caller: str = "") -> threading.Thread:
    """job(*args) started on a thread, once the worker is busy with it."""
    busy = threading.Thread(target=jobs.run, args=(job, *args), kwargs={"caller": caller})
    busy.start()
    deadline = time.monotonic() + 10
    while jobs._admitted == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    return busy


def test_a_log_check_is_stopped_when_its_time_is_up_and_its_worker_goes_on(timed_jobs: LogJobs,
                                                                          tmp_path: Path) -> None:
    """Issue 27, "Slow old-version logs": a check may take `seconds` for each MiB of its
    log, one at least; a longer one is stopped, its child processes too."""
    assert timed_jobs.time_for(100_000) == 1 and timed_jobs.time_for(int(3.5 * MEGABYTE)) == 4
    worker = timed_jobs.run(_pid)
    began = time.monotonic()
    with pytest.raises(ResourceExhausted, match=r"longer than the 1 s it may .*TABLERULES_LOG_SECONDS"):
        timed_jobs.run(_sleep, 30.0)
    assert time.monotonic() - began < 10
    pid_file = tmp_path / "child.pid"
    with pytest.raises(ResourceExhausted, match="TABLERULES_LOG_SECONDS"):
        timed_jobs.run(_child_sleeping, str(pid_file))
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)  # the child went with the check
    assert timed_jobs.run(_pid) == worker, "the same worker serves the next check"


def test_an_old_version_log_is_checked_within_its_time_or_refused(tmp_path: Path) -> None:
    """The outside test's case: a log of earlier rules is re-decided by its archived
    release in a child process, which costs seconds whatever the log's length."""
    text = (GOLDEN / "guardians-1.0.0.jsonl").read_text(encoding="utf-8")
    hurried = LogJobs(workers=1, waiting=0, seconds=0.05)
    try:
        with pytest.raises(ResourceExhausted, match="TABLERULES_LOG_SECONDS"):
            hurried.run(verified_report, text, size=len(text))
    finally:
        hurried.close()


def test_one_caller_may_have_only_so_many_log_checks_at_once(timed_jobs: LogJobs) -> None:
    timed_jobs.run(_pid)  # the worker is up
    busy = _waiting_for_a_worker(timed_jobs, _sleep, 0.5, caller="ipv4:10.0.0.1")
    try:
        with pytest.raises(ResourceExhausted, match="TABLERULES_LOG_PER_CALLER"):
            timed_jobs.run(_pid, caller="ipv4:10.0.0.1")
        assert timed_jobs.run(_pid, caller="ipv4:10.0.0.2") > 0, "another caller's check waits its turn and runs"
    finally:
        busy.join(10)
    assert timed_jobs.run(_pid, caller="ipv4:10.0.0.1") > 0, "admitted again once the first is done"


def test_the_server_counts_log_checks_by_the_callers_address() -> None:
    tables = Tables(GameStore("memory:"), OPERATOR, log_jobs=LogJobs(workers=1, waiting=4, per_caller=1))
    running = start(tables, "127.0.0.1", 0, workers=8)
    try:
        tables.log_jobs.run(_pid)
        busy = _waiting_for_a_worker(tables.log_jobs, _sleep, 1.0, caller="ipv4:127.0.0.1")
        with Client(f"127.0.0.1:{running.port}") as client:
            refused(lambda: client.verify_log(REPLAY.read_text(encoding="utf-8")),
                    grpc.StatusCode.RESOURCE_EXHAUSTED, "TABLERULES_LOG_PER_CALLER")
            busy.join(10)
            assert client.verify_log(REPLAY.read_text(encoding="utf-8")).verdict == "VERIFIED"
    finally:
        running.stop(0)


def test_a_busy_server_refuses_more_log_checks_with_resource_exhausted(tmp_path: Path) -> None:
    tables = Tables(GameStore("memory:"), OPERATOR, log_jobs=LogJobs(workers=1, waiting=0))
    running = start(tables, "127.0.0.1", 0, workers=8)
    try:
        tables.log_jobs.run(_pid)
        busy = threading.Thread(target=tables.log_jobs.run, args=(_sleep, 1.0))
        busy.start()
        deadline = time.monotonic() + 10
        while tables.log_jobs._admitted == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        with Client(f"127.0.0.1:{running.port}") as client:
            refused(lambda: client.verify_log(REPLAY.read_text(encoding="utf-8")),
                    grpc.StatusCode.RESOURCE_EXHAUSTED, "retry later")
            busy.join(10)
            assert client.verify_log(REPLAY.read_text(encoding="utf-8")).verdict == "VERIFIED"
            created = client.create_game("armory", ["a", "b"], {"turn_limit": 12}, seed="busy", token=OPERATOR)
            play_randomly(client, created.game_id, {s.seat: s.token for s in created.seats}, seed=1)
    finally:
        running.stop(0)
