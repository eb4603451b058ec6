"""The requests target: any bytes as any RPC's request, from any caller.

An input is one byte choosing the method, one choosing the caller (anonymous, the
operator, a seat, a stranger's token) and the request's bytes. It goes through the
handlers the server registers (service/server.py: the lenient decoding, the size
limits, the servicer), with a stand-in for gRPC's call context. A call may end in
any status the service means to give; INTERNAL or UNKNOWN, or an exception that
escapes the handler, is a finding.

The mutator knows protobuf (libprotobuf-mutator does not build here): half the
time it decodes the request, changes one field's value (a string gets a token
such as a digit that is not ASCII, a number an extreme) and encodes it again, so
that lengths stay right; otherwise it leaves the bytes to libFuzzer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

import grpc
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from domain.games import REGISTRY
from service import convert
from service.server import SERVICE, Servicer, handlers
from tablerules.v1 import tablerules_pb2 as pb
from tests.fuzz.games import OPERATOR, Played, log_texts, new_tables, short_games

METHODS = [m.name for m in SERVICE.methods]
STREAM_SECONDS = 0.05
"""How long a stream is followed: a live one waits for commands that do not come."""
DEFECTS = (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN)
MAX_GAMES = 2000
"""Games the fuzzed calls may create before the service starts afresh (memory stays bounded)."""
TOKENS = ("²", "０", "１２", "٣", "𝟗", "½", "Ⅻ", "-1", "+1", " 1", "1e3", "0x1", "\0", "\n", "x" * 300, "é")
NUMBERS = (0, 1, -1, 2, 255, 256, 2**31 - 1, -(2**31), 2**63 - 1, -(2**63))


class Aborted(Exception):
    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(f"{code.name}: {details}")
        self.code = code


class CallContext:
    """What the servicer uses of grpc.aio.ServicerContext."""

    def __init__(self, metadata: Sequence[tuple[str, str]]) -> None:
        self._metadata = tuple(metadata)
        self._done: list[Callable[[Any], None]] = []

    def add_done_callback(self, callback: Callable[[Any], None]) -> None:
        self._done.append(callback)

    def ended(self) -> None:
        """The call is over: what gRPC would do once its reply is sent."""
        for callback in self._done:
            callback(self)

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    def peer(self) -> str:
        return "ipv4:127.0.0.1:50000"

    async def abort(self, code: grpc.StatusCode, details: str = "", *_: Any) -> None:
        raise Aborted(code, details)

    async def abort_with_status(self, status: grpc.Status) -> None:
        raise Aborted(status.code, status.details)


class Defects(logging.Handler):
    """The server logs a defect with its traceback before answering INTERNAL: keep it."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.last = ""

    def emit(self, record: logging.LogRecord) -> None:
        self.last = self.format(record)


class Target:
    def __init__(self, mutate_bytes: Callable[[bytes, int], bytes]) -> None:
        self.mutate_bytes = mutate_bytes
        self.loop = asyncio.new_event_loop()
        self.defects = Defects()
        self.games: dict[str, Played] = {}
        self.methods: dict[str, Any] = {}
        logging.getLogger("tablerules").addHandler(self.defects)
        self.tables = new_tables()
        self._fresh()

    def _fresh(self) -> None:
        """A new in-memory service with its short games (the old one's memory is let go)."""
        self.tables.close()
        self.tables = new_tables()
        self.games = {g.alias: g for g in short_games(self.tables)}
        self.methods = {name: handlers(Servicer(self.tables)).service(_Details(f"/{SERVICE.full_name}/{name}"))
                        for name in METHODS}

    def metadata(self, caller: int, game: Played | None) -> list[tuple[str, str]]:
        if caller == 1:
            return [("authorization", f"Bearer {OPERATOR}")]
        if caller == 2:
            return [("authorization", "Bearer not-a-token")]
        if caller >= 3 and game is not None and caller - 2 in game.tokens:
            return [("authorization", f"Bearer {game.tokens[caller - 2]}")]
        return []

    def __call__(self, data: bytes) -> None:
        if len(data) < 2:
            return
        if self.tables.live_games.cached_count() > MAX_GAMES:
            self._fresh()
        name = METHODS[data[0] % len(METHODS)]
        handler = self.methods[name]
        request = handler.request_deserializer(data[2:])
        game = None
        if isinstance(request, Message) and "game_id" in request.DESCRIPTOR.fields_by_name:
            game = self.games.get(request.game_id)  # type: ignore[attr-defined]
            if game is not None:
                request.game_id = game.game_id  # type: ignore[attr-defined]
        context = CallContext(self.metadata(data[1] % 8, game))
        self.defects.last = ""
        try:
            if handler.unary_stream is not None:
                self.loop.run_until_complete(_follow(handler.unary_stream(request, context)))
            else:
                self.loop.run_until_complete(handler.unary_unary(request, context))
        except Aborted as aborted:
            if aborted.code in DEFECTS:
                raise AssertionError(f"{name} answered {aborted}\n{self.defects.last}") from None
        finally:
            context.ended()

    def mutate(self, data: bytes, max_size: int, seed: int) -> bytes:
        chooser = random.Random(seed)
        if len(data) >= 2 and chooser.random() < 0.5:
            request = self.methods[METHODS[data[0] % len(METHODS)]].request_deserializer(data[2:])
            fields = list(_set_fields(request)) if isinstance(request, Message) else []
            if fields and _changed(*chooser.choice(fields), chooser):
                mutated: bytes = data[:2] + request.SerializeToString()
                if len(mutated) <= max_size:
                    return mutated
        return self.mutate_bytes(data, max_size)

    def seeds(self) -> Iterator[bytes]:
        """Every method with a well-formed request of each kind, from each caller."""
        logs = log_texts(self.tables, list(self.games.values()))
        for game in self.games.values():
            for seat, command in game.commands[:4]:
                request = pb.SubmitCommandRequest(game_id=game.alias, command_id="c",
                                                  command=convert.command_to_proto(REGISTRY[game.ruleset], command))
                yield _input("SubmitCommand", seat + 2, request)
            for caller in range(5):
                yield _input("GetView", caller, pb.GetViewRequest(game_id=game.alias))
                for stream in ("StreamEvents", "StreamEventBatches"):
                    yield _input(stream, caller, pb.StreamEventsRequest(game_id=game.alias, from_version=1))
                yield _input("ExportLog", caller, pb.ExportLogRequest(game_id=game.alias))
            options = {o.name: convert.option_value(o.default) for o in REGISTRY[game.ruleset].ruleset.all_options}
            yield _input("CreateGame", 1, pb.CreateGameRequest(ruleset=game.ruleset, seats=["a", "b"], options=options,
                                                               seed="s"))
            yield _input("ForkGame", 1, pb.ForkGameRequest(game_id=game.alias, at=4))
        yield _input("ListRulesets", 0, pb.ListRulesetsRequest())
        for text in logs[:2]:
            yield _input("VerifyLog", 0, pb.VerifyLogRequest(log_jsonl=text))
            yield _input("ReplayLog", 0, pb.ReplayLogRequest(log_jsonl=text, upto=3))
            yield _input("ImportLog", 0, pb.ImportLogRequest(log_jsonl=text))


class _Details:
    """What a generic handler reads of grpc.HandlerCallDetails."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


async def _follow(stream: AsyncIterator[Message]) -> None:
    async def drain() -> None:
        async for _ in stream:
            pass
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(drain(), STREAM_SECONDS)


def _set_fields(message: Message) -> Iterator[tuple[Message, FieldDescriptor, int | None]]:
    """Every scalar field set in the message and the messages within it: (its message,
    the field, the index in a repeated field or None)."""
    for field, value in message.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            if field.message_type.fields_by_name["value"].message_type is not None:
                for item in value.values():
                    yield from _set_fields(item)
        elif field.message_type is not None:
            for item in (value if field.is_repeated else [value]):
                yield from _set_fields(item)
        elif field.is_repeated:
            yield from ((message, field, index) for index in range(len(value)))
        else:
            yield message, field, None


def _changed(message: Message, field: FieldDescriptor, index: int | None, chooser: random.Random) -> bool:
    """Give the field another value; False if protobuf refuses it (a lone surrogate)."""
    old = getattr(message, field.name) if index is None else getattr(message, field.name)[index]
    if field.type == FieldDescriptor.TYPE_STRING:
        token, at = chooser.choice(TOKENS), chooser.randrange(len(old) + 1)
        new: Any = chooser.choice((old[:at] + token + old[at:], old[:at] + token + old[at + 1:], token, "", old * 2))
    elif field.type == FieldDescriptor.TYPE_BOOL:
        new = not old
    elif field.type in (FieldDescriptor.TYPE_BYTES, FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return False
    else:
        new = chooser.choice((*NUMBERS, old + 1, old - 1))
    try:
        if index is None:
            setattr(message, field.name, new)
        else:
            getattr(message, field.name)[index] = new
    except (ValueError, TypeError):
        return False
    return True


def _input(method: str, caller: int, request: Message) -> bytes:
    return bytes([METHODS.index(method), caller]) + request.SerializeToString()
