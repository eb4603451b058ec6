"""Client, seat client and typed errors for the tablerules gRPC service.

Commands are built from plain values with `command("armory", "PlaceArmament",
card="1.07", combatant="archer")`; the proto message types are found through the
generated descriptors, so a new game needs no client code.

Retries (the same as the Node.js client's, clients/python/README.md): the calls whose
repetition is harmless (ListRulesets, GetView, ExportLog, ReplayLog, VerifyLog, and
SubmitCommand with the same command_id) are sent again after UNAVAILABLE,
DEADLINE_EXCEEDED, or CANCELLED that the caller did not cause (a server that stopped
as the call reached it), up to `RetryPolicy.retries` times; streams resume from the
last seq received after the same failures. CreateGame, ImportLog and ForkGame are
never repeated: each may have made a game.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
import time
import uuid
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc

RETRYABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED)
"""Failures of the way to the server, not of the request: a retry may meet another replica."""
T = TypeVar("T")
_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


class ServiceCallError(Exception):
    """A failed call, with its gRPC code and message."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message


class RuleError(ServiceCallError):
    """FAILED_PRECONDITION: the rules refused the command; `rule` cites the rule."""

    def __init__(self, code: grpc.StatusCode, message: str, rule: str, description: str) -> None:
        super().__init__(code, message)
        self.rule = rule
        self.description = description


class StaleVersionError(ServiceCallError):
    """ABORTED: expected_version was not the game's version."""

    def __init__(self, code: grpc.StatusCode, message: str, expected: int, actual: int) -> None:
        super().__init__(code, message)
        self.expected = expected
        self.actual = actual


def decode_error(error: grpc.RpcError) -> ServiceCallError:
    """A typed error from a gRPC error and its google.rpc.Status details."""
    code: grpc.StatusCode = error.code()
    message: str = error.details() or ""
    status = rpc_status.from_call(error)
    for detail in status.details if status is not None else []:
        if detail.Is(error_details_pb2.PreconditionFailure.DESCRIPTOR):
            failure = error_details_pb2.PreconditionFailure()
            detail.Unpack(failure)
            violation = failure.violations[0]
            return RuleError(code, message, violation.subject, violation.description)
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            if info.reason == "STALE_VERSION":
                return StaleVersionError(code, message, int(info.metadata["expected"]), int(info.metadata["actual"]))
    return ServiceCallError(code, message)


def command(ruleset: str, type_name: str, **fields: Any) -> pb.Command:
    """A tablerules.v1.Command for `ruleset` from a type name and field values."""
    message = pb.Command()
    part = getattr(message, ruleset.replace("-", "_"))  # the proto member of "kings-armory" is kings_armory
    member = _CAMEL.sub("_", type_name).lower()
    getattr(part, member).SetInParent()
    json_format.ParseDict(fields, getattr(part, member), ignore_unknown_fields=False)
    return message


def command_json(message: pb.Command) -> dict[str, Any]:
    """A Command as {"type": ..., fields...}: the inverse of command()."""
    ruleset = message.WhichOneof("game")
    if ruleset is None:
        raise ValueError("the command names no game")
    part = getattr(message, ruleset)
    member = part.WhichOneof("command")
    inner = getattr(part, member)
    type_name = inner.DESCRIPTOR.name
    fields = json_format.MessageToDict(inner, preserving_proto_field_name=True)
    return {"type": type_name, **fields}


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How failed calls are sent again (the Node.js client's RetryPolicy, with the same defaults)."""

    retries: int = 4
    """Attempts after the first one."""
    initial_delay: float = 0.1
    """Seconds before the first retry, doubled each time up to max_delay."""
    max_delay: float = 2.0
    max_reconnects: int = 10
    """A stream's consecutive reconnections that received nothing before it gives up."""

    def delay(self, attempt: int) -> float:
        """The wait before retry `attempt` (0 first): between half and all of the doubled delay,
        so that the clients of a replica that went away do not all come back at once."""
        base = min(self.max_delay, self.initial_delay * 2.0 ** attempt)
        return base / 2 + random.random() * base / 2


# Whole logs travel in one message (ExportLog, ImportLog): lift gRPC's 4 MB default.
CHANNEL_OPTIONS = [("grpc.max_receive_message_length", 256 * 1024 * 1024),
                   ("grpc.max_send_message_length", 256 * 1024 * 1024)]


class Client:
    """One connection to a tablerules server; `token` is sent with every call."""

    def __init__(self, address: str = "127.0.0.1:50051", token: str | None = None,
                 channel: grpc.Channel | None = None, retry: RetryPolicy = RetryPolicy()) -> None:
        self.channel = channel or grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
        self.stub = pb_grpc.TablerulesStub(self.channel)
        self.token = token
        self.retry = retry
        self.closed = False
        """Set by close(): a call that fails because of it is not retried."""
        self.randomness: dict[tuple[str, str], str] = {}
        """Seat randomness values committed through this client, by (game id, seat token), until revealed."""
        self.batches = True
        """Streams ask for several events a message; False once the server turned that down as
        UNIMPLEMENTED (a server older than StreamEventBatches)."""

    def close(self) -> None:
        self.closed = True
        self.channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _metadata(self, token: str | None) -> list[tuple[str, str]]:
        chosen = token or self.token
        return [("authorization", f"Bearer {chosen}")] if chosen else []

    def call(self, method: str, request: Message, token: str | None = None, timeout: float = 30.0) -> Any:
        """One call, sent once."""
        try:
            return getattr(self.stub, method)(request, metadata=self._metadata(token), timeout=timeout)
        except grpc.RpcError as error:
            raise decode_error(error) from None

    def retrying(self, send: Callable[[], T], retries: int | None = None) -> T:
        """`send()`, sent again after a failure of the way to the server (RETRYABLE) up to
        `retries` times (default: the policy's); only for calls whose repetition is harmless."""
        attempts = self.retry.retries if retries is None else retries
        for attempt in range(attempts + 1):
            try:
                return send()
            except ServiceCallError as error:
                if error.code not in RETRYABLE or attempt == attempts or self.closed:
                    raise
                time.sleep(self.retry.delay(attempt))
        raise AssertionError("unreachable")

    def _retried(self, method: str, request: Message, token: str | None = None) -> Any:
        return self.retrying(lambda: self.call(method, request, token))

    def list_rulesets(self) -> list[Any]:
        return list(self._retried("ListRulesets", pb.ListRulesetsRequest()).rulesets)

    def create_game(self, ruleset: str, seats: list[str], options: Mapping[str, bool | int | str] | None = None,
                    content: str = "", seed: str = "", token: str | None = None) -> Any:
        """A new game. A chosen `seed` needs the operator's token (this client's, or `token`).
        Sent once: a retry could make a second game."""
        request = pb.CreateGameRequest(ruleset=ruleset, seats=seats, content=content, seed=seed)
        for key, value in (options or {}).items():
            if isinstance(value, bool):
                request.options[key].bool_value = value
            elif isinstance(value, int):
                request.options[key].int_value = value
            else:
                request.options[key].string_value = value
        return self.call("CreateGame", request, token)

    def seat(self, game_id: str, token: str) -> SeatClient:
        return SeatClient(self, game_id, token)

    def view(self, game_id: str, token: str | None = None) -> Any:
        return self._retried("GetView", pb.GetViewRequest(game_id=game_id), token)

    def export_log(self, game_id: str, token: str | None = None) -> str:
        return "".join(self.export_log_chunks(game_id, token))

    def export_log_chunks(self, game_id: str, token: str | None = None,
                          timeout: float = 600.0) -> Generator[str, None, None]:
        """The game's log in pieces of whole lines, the header first, as the server reads
        them from its store (ExportLogChunks); whole, from a server older than that."""
        request = pb.ExportLogRequest(game_id=game_id)
        for attempt in range(self.retry.retries + 1):
            received = False
            try:
                for chunk in self.stub.ExportLogChunks(request, metadata=self._metadata(token), timeout=timeout):
                    received = True
                    yield chunk.log_jsonl
                return
            except grpc.RpcError as error:
                failed = decode_error(error)
                if failed.code == grpc.StatusCode.UNIMPLEMENTED and not received:
                    yield str(self._retried("ExportLog", request, token).log_jsonl)
                    return
                # Sent again from the start while nothing has arrived (a read: harmless to repeat).
                if received or failed.code not in RETRYABLE or attempt == self.retry.retries or self.closed:
                    raise failed from None
                time.sleep(self.retry.delay(attempt))

    def import_log(self, log_jsonl: str) -> Any:
        """Sent once: a retry could make a second game."""
        return self.call("ImportLog", pb.ImportLogRequest(log_jsonl=log_jsonl))

    def replay_log(self, log_jsonl: str = "", game_id: str = "", upto: int = 0) -> Any:
        request = pb.ReplayLogRequest(log_jsonl=log_jsonl, upto=upto) if log_jsonl else \
            pb.ReplayLogRequest(game_id=game_id, upto=upto)
        return self._retried("ReplayLog", request)

    def verify_log(self, log_jsonl: str = "", game_id: str = "") -> Any:
        request = pb.VerifyLogRequest(log_jsonl=log_jsonl) if log_jsonl else pb.VerifyLogRequest(game_id=game_id)
        return self._retried("VerifyLog", request).report

    def fork(self, at: int, log_jsonl: str = "", game_id: str = "") -> Any:
        request = pb.ForkGameRequest(log_jsonl=log_jsonl, at=at) if log_jsonl else \
            pb.ForkGameRequest(game_id=game_id, at=at)
        return self.call("ForkGame", request)  # sent once: a retry could make a second game

    def stream(self, game_id: str, from_version: int = 0, token: str | None = None,
               reconnect: bool = True) -> Generator[Any, None, None]:
        """Events after from_version, in order, each once: catch-up, then live. They come
        several to a message (StreamEventBatches), or one a message (StreamEvents) from a
        server older than that. After a failure of the way to the server (RETRYABLE: a
        dropped connection, a replica that shuts down) it resumes after the last one seen,
        giving up after the policy's max_reconnects failures in a row that received
        nothing. close() the generator to leave the stream early."""
        last = from_version
        failures = 0
        while True:
            request = pb.StreamEventsRequest(game_id=game_id, from_version=last)
            try:
                for envelope in self._envelopes(request, token):
                    last = envelope.seq
                    failures = 0
                    yield envelope
                return
            except grpc.RpcError as error:
                if error.code() == grpc.StatusCode.UNIMPLEMENTED and self.batches:
                    self.batches = False  # nothing was sent: the same request again, one event a message
                    continue
                if (not reconnect or error.code() not in RETRYABLE or failures >= self.retry.max_reconnects
                        or self.closed):
                    raise decode_error(error) from None
                time.sleep(self.retry.delay(failures))
                failures += 1

    def _envelopes(self, request: pb.StreamEventsRequest, token: str | None) -> Iterator[Any]:
        if not self.batches:
            yield from self.stub.StreamEvents(request, metadata=self._metadata(token))
            return
        for batch in self.stub.StreamEventBatches(request, metadata=self._metadata(token)):
            yield from batch.events


class SeatClient:
    """A client acting for one seat of one game.

    In a game with seat randomness, submitting the listed CommitRandomness (its
    commitment empty) makes this seat's random value and commits to it; the listed
    RevealRandomness then reveals it. The Client keeps the value in between (every
    SeatClient of the same seat shares it); `randomness` reads it: keep it if the
    program may restart before the reveal, and pass it back in.
    """

    def __init__(self, client: Client, game_id: str, token: str, randomness: str | None = None) -> None:
        self.client = client
        self.game_id = game_id
        self.token = token
        if randomness is not None:
            self.randomness = randomness

    @property
    def randomness(self) -> str | None:
        return self.client.randomness.get((self.game_id, self.token))

    @randomness.setter
    def randomness(self, value: str) -> None:
        self.client.randomness[(self.game_id, self.token)] = value

    def view(self) -> Any:
        return self.client.view(self.game_id, self.token)

    def submit(self, command_message: pb.Command, command_id: str | None = None,
               expected_version: int | None = None, retries: int | None = None) -> Any:
        """Submit a command. A failure of the way to the server (RETRYABLE) is retried with the
        same command_id, `retries` times (default: the client's policy): the command is applied
        at most once, and a retry that finds it applied returns its first result (`duplicate`)."""
        request = pb.SubmitCommandRequest(game_id=self.game_id, command_id=command_id or uuid.uuid4().hex)
        request.command.CopyFrom(self._with_randomness(command_message))
        if expected_version is not None:
            request.expected_version = expected_version
        return self.client.retrying(lambda: self.client.call("SubmitCommand", request, self.token), retries)

    def _with_randomness(self, command_message: pb.Command) -> pb.Command:
        """The command, with this seat's random value (or its commitment) filled in where
        the legal command left it empty."""
        if command_message.WhichOneof("game") != "kernel":
            return command_message
        kernel = command_message.kernel
        which = kernel.WhichOneof("command")
        if which == "commit_randomness" and not kernel.commit_randomness.commitment:
            value = self.randomness or secrets.token_hex(32)
            self.randomness = value
            commitment = hashlib.sha256(value.encode()).hexdigest()
            return command("kernel", "CommitRandomness", commitment=commitment)
        if which == "reveal_randomness" and not kernel.reveal_randomness.value:
            if self.randomness is None:
                raise ValueError("this seat's random value is not known here: pass the value it committed to as "
                                 "SeatClient(..., randomness=...)")
            return command("kernel", "RevealRandomness", value=self.randomness)
        return command_message

    def stream(self, from_version: int = 0) -> Iterator[Any]:
        return self.client.stream(self.game_id, from_version, self.token)

    def export_log(self) -> str:
        return self.client.export_log(self.game_id, self.token)
