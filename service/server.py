"""The gRPC adapter: tablerules.v1.Tablerules over service.tables.Tables.

Errors become google.rpc.Status with details (DESIGN.md section 4): BadRequest for
INVALID_ARGUMENT, PreconditionFailure naming the rule for FAILED_PRECONDITION,
ErrorInfo with expected and actual versions for ABORTED.

Every request is admitted in one place before its method runs: bytes that do not
parse are INVALID_ARGUMENT (not UNKNOWN with a traceback), and every field is
checked against its size limit (service/limits.py). Every call ends in one place
too: a refusal becomes its status, a defect INTERNAL (details in the server's log),
and the call gets its request log line and, where they are on, its metrics.

The server is grpc.aio on an event loop thread of its own. Commands are decided on
the loop and wait for their durable write without a thread (service/commands.py);
other calls' work that may block (store reads, replays) runs on the loop's worker
threads. Streams stay on the loop, where sending a message costs about half what a
thread per stream paid, and one command wakes every stream of its game with a single
hop onto the loop. What a long game costs (an export, a stream's catch-up from the
store) is read and converted a page at a time in a worker process of its own (a short
game's on a thread), in turns that bound how much of it runs and waits at once
(service/heavy.py); the loop only sends the bytes.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent import futures
from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import DecodeError, Message
from google.protobuf.message_factory import GetMessageClass
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection
from grpc_status import rpc_status

from domain.kernel import Game, Report, Status, canonical_json, to_plain
from service import convert, encoded, pages
from service.auth import SeatGrant
from service.calls import Call
from service.encoded import Converted, batches, converted
from service.errors import (
    InvalidArgument,
    MalformedRequest,
    NotFound,
    OutOfRange,
    PermissionDenied,
    Rejected,
    ResourceExhausted,
    ServiceError,
    StaleVersion,
    Unauthenticated,
    Unavailable,
)
from service.health import PROBE_SECONDS, Health
from service.limits import MAX_REQUEST_BYTES, MAX_TOKEN, check_sizes
from service.metrics import Metrics
from service.outages import is_outage
from service.protos import pb, pb_grpc
from service.seen import SeenEnvelope
from service.serverlog import REQUESTS
from service.streams import CatchUp
from service.tables import Tables

log = logging.getLogger("tablerules.server")
SERVICE = pb.DESCRIPTOR.services_by_name["Tablerules"]
SERVICE_NAME = SERVICE.full_name


def _status(code: int, message: str, detail: Message | None) -> grpc.Status:
    details = []
    if detail is not None:
        packed = any_pb2.Any()
        packed.Pack(detail)
        details.append(packed)
    status: grpc.Status = rpc_status.to_status(status_pb2.Status(code=code, message=message, details=details))
    return status


def error_status(error: ServiceError) -> grpc.Status:
    """The gRPC status (with rich details) for a service error."""
    if isinstance(error, InvalidArgument):
        detail = error_details_pb2.BadRequest(field_violations=[
            error_details_pb2.BadRequest.FieldViolation(field=error.field, description=error.description)])
        return _status(code_pb2.INVALID_ARGUMENT, error.message, detail)
    if isinstance(error, Rejected):
        precondition = error_details_pb2.PreconditionFailure(violations=[
            error_details_pb2.PreconditionFailure.Violation(type="RULE", subject=error.rule,
                                                            description=error.description)])
        return _status(code_pb2.FAILED_PRECONDITION, error.message, precondition)
    if isinstance(error, StaleVersion):
        info = error_details_pb2.ErrorInfo(reason="STALE_VERSION", domain="tablerules",
                                           metadata={"expected": str(error.expected), "actual": str(error.actual)})
        return _status(code_pb2.ABORTED, error.message, info)
    codes: dict[type[ServiceError], int] = {
        MalformedRequest: code_pb2.INVALID_ARGUMENT,
        NotFound: code_pb2.NOT_FOUND,
        Unauthenticated: code_pb2.UNAUTHENTICATED,
        PermissionDenied: code_pb2.PERMISSION_DENIED,
        ResourceExhausted: code_pb2.RESOURCE_EXHAUSTED,
        OutOfRange: code_pb2.OUT_OF_RANGE,
        Unavailable: code_pb2.UNAVAILABLE,
    }
    code = codes.get(type(error), code_pb2.INTERNAL)
    return _status(code, error.message, None)


def bearer(context: grpc.aio.ServicerContext) -> str | None:
    """The token in `authorization: Bearer <token>`, None if absent."""
    for key, value in context.invocation_metadata():
        if key == "authorization":
            scheme, _, token = str(value).partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise Unauthenticated("the authorization metadata must be 'Bearer <token>'")
            if len(token) > MAX_TOKEN:
                raise Unauthenticated(f"the token is longer than any this server issues (at most {MAX_TOKEN} "
                                      "characters)")
            return token.strip()
    return None


def caller_of(context: grpc.aio.ServicerContext) -> str:
    """Who is calling, for the limits per caller: the peer's address without its port
    ("ipv4:10.0.0.5", "ipv6:[::1]", "unix:/path"). Behind a proxy, the proxy's."""
    peer = str(context.peer() or "")
    kind, _, where = peer.partition(":")
    if kind in ("ipv4", "ipv6") and ":" in where:
        where = where.rsplit(":", 1)[0]
    return f"{kind}:{where}" if where else kind


def _seats(grants: list[SeatGrant]) -> list[pb.SeatToken]:
    return [pb.SeatToken(seat=g.seat, name=g.name, token=g.token) for g in grants]


def _status_message(status: Status) -> pb.Status:
    return pb.Status(finished=status.finished, winners=list(status.winners), to_act=list(status.to_act),
                     turn=status.turn, summary=status.summary)


def _report(report: Report) -> pb.Report:
    message = pb.Report(ok=report.ok, events=report.events, commands=report.commands,
                        rules_checked=report.rules_checked, finished=report.finished, notes=list(report.notes),
                        verdict=report.verdict, checked=list(report.checked))
    if report.divergence is not None:
        d = report.divergence
        message.divergence.CopyFrom(pb.Divergence(
            seq=d.seq, reason=d.reason,
            expected_json="" if d.expected is None else canonical_json(d.expected).decode(),
            actual_json="" if d.actual is None else canonical_json(d.actual).decode(),
            state_diff=list(d.state_diff)))
    return message


class EnvelopeMessages:
    """Envelope messages by (game, seq, audience): a log never changes, so the many
    streams of one game convert each event once per audience, not once per stream.
    (A batch entry is about 0.5 KB for an ARMORY event: some 4 MB when full.) Live
    streams need only the newest events, and a smaller memo keeps the cycle collector's
    full passes short (seen.SEEN_LIMIT)."""

    LIMIT = 8192

    def __init__(self) -> None:
        self._made: dict[tuple[str, int, int], Converted] = {}

    def of(self, game_id: str, game: Game[Any], seen: SeenEnvelope) -> Converted:
        key = (game_id, seen.envelope.seq, seen.audience)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= self.LIMIT:
                self._made.clear()
            made = self._made[key] = converted(game_id, game, seen)
        return made


class Servicer(pb_grpc.TablerulesServicer):
    """The methods; a refusal is raised as a ServiceError, which the handlers turn into
    its status. A method's work that may block (the store) runs on a worker thread."""

    ENCODED: ClassVar[frozenset[str]] = frozenset({"StreamEvents", "StreamEventBatches", "ExportLog",
                                                    "ExportLogChunks"})
    """Methods whose messages are bytes, encoded already."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.messages = EnvelopeMessages()

    async def ListRulesets(self, request: pb.ListRulesetsRequest,
                           context: grpc.aio.ServicerContext) -> pb.ListRulesetsResponse:
        rulesets = []
        for game in sorted(self.tables.games.values(), key=lambda g: g.ruleset.name):
            r = game.ruleset
            rulesets.append(pb.Ruleset(
                name=r.name, title=r.title, version=r.version, min_seats=r.min_seats, max_seats=r.max_seats,
                chance=pb.ChanceMode.Value(f"CHANCE_MODE_{r.chance.value.upper()}"),
                information=pb.InformationKind.Value(f"INFORMATION_KIND_{r.information.value.upper()}"),
                options=[pb.OptionSpec(name=o.name, description=o.labelled, default=convert.option_value(o.default),
                                       house_rule=o.house_rule, rulebook_section=o.rulebook,
                                       choices=list(o.choices), minimum=o.minimum, maximum=o.maximum)
                         for o in r.all_options],
                contents=list(r.contents), rulebook=r.rulebook))
        return pb.ListRulesetsResponse(rulesets=rulesets)

    async def CreateGame(self, request: pb.CreateGameRequest,
                         context: grpc.aio.ServicerContext) -> pb.CreateGameResponse:
        def work() -> pb.CreateGameResponse:
            try:
                options = {k: convert.option_from_proto(v) for k, v in request.options.items()}
            except ValueError as problem:
                raise InvalidArgument("options", str(problem)) from None
            game_id, grants, commitment, version = self.tables.create_game(
                request.ruleset, list(request.seats), options, request.content, request.seed, bearer(context))
            return pb.CreateGameResponse(game_id=game_id, seats=_seats(grants), seed_commitment=commitment,
                                         version=version)
        return await asyncio.to_thread(work)

    async def SubmitCommand(self, request: pb.SubmitCommandRequest,
                      context: grpc.aio.ServicerContext) -> pb.SubmitCommandResponse:
        # On the event loop: Commands.submit says why.
        expected = request.expected_version if request.HasField("expected_version") else None
        outcome = await self.tables.commands.submit(
            request.game_id, bearer(context), request.command_id, expected,
            lambda game, seat: convert.command_from_proto(game, request.command, seat))
        return pb.SubmitCommandResponse(
            version=outcome.version, duplicate=outcome.duplicate,
            events=[self.messages.of(request.game_id, outcome.game, e).message for e in outcome.events])

    async def GetView(self, request: pb.GetViewRequest, context: grpc.aio.ServicerContext) -> pb.GetViewResponse:
        def work() -> pb.GetViewResponse:
            seen = self.tables.view(request.game_id, bearer(context))
            game = seen.game
            return pb.GetViewResponse(
                game_id=request.game_id, version=seen.version, ruleset=game.ruleset.name, seat=seen.seat,
                status=_status_message(seen.status), view=convert.view_to_proto(game, seen.view),
                legal_commands=[convert.command_to_proto(game, c) for c in seen.legal],
                view_json=canonical_json(seen.view).decode(), seed_chosen=seen.seed_chosen,
                legal_command_texts=seen.legal_texts, view_lines=seen.lines)
        return await asyncio.to_thread(work)

    async def _followed(self, request: pb.StreamEventsRequest, context: grpc.aio.ServicerContext,
                        batched: bool) -> AsyncIterator[list[bytes]]:
        """The stream's messages, encoded, as many at a time as are ready: EventBatch messages
        (`batched`), else EventEnvelope messages. Live events are converted on the loop, once
        for every stream of their audience; a catch-up from the store is read and converted
        a page at a time in its turns (service/heavy.py), and sent as it goes."""
        # A caller who leaves cancels this coroutine: nothing here needs to look for it.
        token = bearer(context)
        game_id = request.game_id
        live = await asyncio.to_thread(self.tables.live_games.live, game_id)
        async for step in self.tables.streams.follow(live, token, request.from_version):
            if isinstance(step, CatchUp):
                async for messages in self._caught_up(step, batched):
                    yield messages
                continue
            made = [self.messages.of(game_id, live.game, seen) for seen in step]
            yield batches(made) if batched else [m.encoded for m in made]

    async def _caught_up(self, step: CatchUp, batched: bool) -> AsyncIterator[list[bytes]]:
        """A catch-up's messages, a page at a time."""
        limit = encoded.MAX_BATCH_BYTES if batched else None
        waiting: list[bytes] = []
        after = step.after
        release = self.tables.heavy.admit()
        try:
            while after < step.upto:
                messages, after, waiting = await self.tables.heavy.run(
                    pages.catch_up_page, step.live.game.ruleset.name, step.live.game_id,
                    tuple(step.live.session.header.seats), step.viewer, after,
                    step.upto, pages.CATCH_UP_PAGE, limit, waiting, events=step.upto - step.after)
                if messages:
                    yield messages
            if waiting:
                yield [b"".join(waiting)]
        finally:
            release()

    async def StreamEvents(  # type: ignore[override]  # its EventEnvelope messages go out encoded (ENCODED)
            self, request: pb.StreamEventsRequest, context: grpc.aio.ServicerContext) -> AsyncIterator[bytes]:
        async for messages in self._followed(request, context, batched=False):
            for message in messages:
                yield message

    async def StreamEventBatches(  # type: ignore[override]  # its EventBatch messages go out encoded (ENCODED)
            self, request: pb.StreamEventsRequest, context: grpc.aio.ServicerContext) -> AsyncIterator[bytes]:
        # A message costs the server a write on the event loop whatever its size: one per
        # wake-up, not one per event.
        async for messages in self._followed(request, context, batched=True):
            for message in messages:
                yield message

    async def ExportLog(  # type: ignore[override]  # its reply goes out encoded (ENCODED)
            self, request: pb.ExportLogRequest, context: grpc.aio.ServicerContext) -> bytes:
        # One reply holds the whole log: built from the stored lines as they are, in one turn.
        self._holding_whole_log(context)  # first: a refusal costs nothing more
        export = await asyncio.to_thread(self.tables.logs.export, request.game_id, bearer(context))
        return await self.tables.heavy.run(pages.whole_export, export, pages.EXPORT_PAGE, events=export.upto)

    def _holding_whole_log(self, context: grpc.aio.ServicerContext) -> None:
        """Admit a call that holds a whole log until it ends (its reply sent, or its check done)."""
        release = self.tables.heavy.admit(whole=True)
        context.add_done_callback(lambda _: release())

    async def ExportLogChunks(  # type: ignore[override]  # its LogChunk messages go out encoded (ENCODED)
            self, request: pb.ExportLogRequest, context: grpc.aio.ServicerContext) -> AsyncIterator[bytes]:
        release = self.tables.heavy.admit()
        try:
            export = await asyncio.to_thread(self.tables.logs.export, request.game_id, bearer(context))
            after = 0
            while after < export.upto:
                chunk, reached = await self.tables.heavy.run(pages.export_chunk, export, after, pages.EXPORT_PAGE,
                                                             events=export.upto)
                if reached == after:
                    raise Unavailable(f"the game's events after {after} could not be read; retry the export")
                after = reached
                yield chunk
        finally:
            release()

    async def ImportLog(self, request: pb.ImportLogRequest, context: grpc.aio.ServicerContext) -> pb.ImportLogResponse:
        def work() -> pb.ImportLogResponse:
            game_id, version, finished, grants = self.tables.logs.import_log(request.log_jsonl, caller_of(context))
            return pb.ImportLogResponse(game_id=game_id, version=version, finished=finished, seats=_seats(grants))
        return await asyncio.to_thread(work)

    async def _source(self, request: pb.ReplayLogRequest | pb.VerifyLogRequest | pb.ForkGameRequest,
                      context: grpc.aio.ServicerContext) -> str:
        """The log a request names: sent inline, or a stored game's (read in a turn of heavy work)."""
        which = request.WhichOneof("source")
        if which == "log_jsonl" and request.log_jsonl:
            return request.log_jsonl
        if which == "game_id" and request.game_id:
            self._holding_whole_log(context)  # until the log is checked
            export = await asyncio.to_thread(self.tables.logs.export, request.game_id, bearer(context))
            return await self.tables.heavy.run(pages.game_log_text, export, pages.EXPORT_PAGE, events=export.upto)
        raise InvalidArgument("source", "give either log_jsonl or game_id")

    async def ReplayLog(self, request: pb.ReplayLogRequest, context: grpc.aio.ServicerContext) -> pb.ReplayLogResponse:
        text = await self._source(request, context)

        def work() -> pb.ReplayLogResponse:
            replayed = self.tables.logs.replay(text, request.upto, caller_of(context))
            response = pb.ReplayLogResponse(report=_report(replayed.report), state_hash=replayed.state_hash)
            if replayed.status is not None:
                game = self.tables.games[replayed.ruleset]
                response.status.CopyFrom(_status_message(replayed.status))
                response.view.CopyFrom(convert.view_to_proto(game, replayed.view))
                response.view_json = canonical_json(to_plain(replayed.view)).decode()
            return response
        return await asyncio.to_thread(work)

    async def VerifyLog(self, request: pb.VerifyLogRequest, context: grpc.aio.ServicerContext) -> pb.VerifyLogResponse:
        text = await self._source(request, context)

        def work() -> pb.VerifyLogResponse:
            return pb.VerifyLogResponse(report=_report(self.tables.logs.verify(text, caller_of(context))))
        return await asyncio.to_thread(work)

    async def ForkGame(self, request: pb.ForkGameRequest, context: grpc.aio.ServicerContext) -> pb.ForkGameResponse:
        text = await self._source(request, context)

        def work() -> pb.ForkGameResponse:
            game_id, version, _, grants = self.tables.logs.fork(text, request.at, caller_of(context))
            return pb.ForkGameResponse(game_id=game_id, version=version, seats=_seats(grants))
        return await asyncio.to_thread(work)


class _Malformed:
    """A request whose bytes do not parse as its message type."""

    def __init__(self, kind: str, problem: str) -> None:
        self.kind = kind
        self.problem = problem


def _lenient(kind: type[Message]) -> Callable[[bytes], Message | _Malformed]:
    """A deserializer that hands a malformed request on as a value, for the handler to refuse."""
    def decode(data: bytes) -> Message | _Malformed:
        try:
            return kind.FromString(data)
        except DecodeError as error:
            return _Malformed(kind.DESCRIPTOR.full_name, str(error))
    return decode


def _admitted(request: Message | _Malformed) -> Message:
    """The request, once it parsed and every field is within its limit; else a refusal."""
    if isinstance(request, _Malformed):
        raise MalformedRequest(f"malformed request: {request.problem or f'not a valid {request.kind}'}")
    check_sizes(request)
    return request


QUIET_SECONDS = 1.0
"""A draining server stops once no call is under way and none has arrived for this long:
the balancers and clients that follow its health have stopped sending it calls. Longer
than the clients' longest wait between two retries by default (0.8 s before the fourth):
a caller still retrying keeps the server refusing it (UNAVAILABLE), where gRPC's own stop
would cancel its call (CANCELLED; at 0.25 s one call of 1,309 in a test of six stops got it)."""
SETTLE_CHECK_SECONDS = 0.02


class Gate:
    """Lets calls in until the server drains; then refuses each new one with UNAVAILABLE
    before it does anything, and tells the drain when the calls under way are done and no
    new one has arrived for a while. gRPC's own stop cancels a call that has reached it
    but not yet the service (CANCELLED, where callers are promised UNAVAILABLE), so the
    server answers such calls itself and stops gRPC only once they stop coming."""

    def __init__(self) -> None:
        self.open = True
        self.under_way = 0
        self._last_arrival = 0.0

    def enter(self, refusal: str) -> None:
        """Count a call in, or refuse it with `refusal` (what to do instead) once the gate is
        closed; call on the event loop as the call arrives."""
        self._last_arrival = time.monotonic()
        if not self.open:
            raise Unavailable(f"the server is shutting down: {refusal}")
        self.under_way += 1

    def leave(self) -> None:
        self.under_way -= 1

    def close(self) -> None:
        self.open = False

    async def settled(self, deadline: float) -> None:
        """Wait until no call is under way and none arrived for QUIET_SECONDS, or until
        `deadline` (time.monotonic)."""
        while time.monotonic() < deadline:
            if self.under_way == 0 and time.monotonic() - self._last_arrival >= QUIET_SECONDS:
                return
            await asyncio.sleep(SETTLE_CHECK_SECONDS)


@dataclass(frozen=True)
class _Ending:
    """How every call ends: its status, its request log line and its metrics."""

    tables: Tables
    metrics: Metrics | None
    gate: Gate

    async def fail(self, context: grpc.aio.ServicerContext, call: Call, error: Exception, next_step: str) -> NoReturn:
        if is_outage(error):
            # The database's state, not the call's: the caller may retry; the operator's log says what failed.
            log.warning("%s: the store failed (%s: %s)", call.method, type(error).__name__, error)
            error = Unavailable("the game store did not answer (its database is unreachable, restarting or "
                                f"overloaded): {next_step}")
        if isinstance(error, ServiceError):
            status = error_status(error)
            call.code = status.code.name
            call.rule = error.rule if isinstance(error, Rejected) else ""
            await context.abort_with_status(status)
        else:
            # A defect, not a refusal: the operator's log gets the details, the caller a safe next step.
            log.error("internal error in %s", call.method, exc_info=error)
            call.code = grpc.StatusCode.INTERNAL.name
            await context.abort(grpc.StatusCode.INTERNAL,
                                f"internal error (details are in the server log); {next_step}")
        raise AssertionError("abort raises")

    def report(self, call: Call) -> None:
        call.seconds = time.perf_counter() - call.started
        live = self.tables.live_games.cached(call.game_id) if call.game_id else None
        if live is not None:
            call.ruleset = live.game.ruleset.name
        REQUESTS.info(call)
        if self.metrics is not None:
            self.metrics.record(call)


def _unary(name: str, behavior: Callable[[Any, grpc.aio.ServicerContext], Awaitable[Message]],
           ending: _Ending) -> Callable[..., Any]:
    async def handle(request: Message | _Malformed, context: grpc.aio.ServicerContext) -> Message:
        call = Call(name)
        entered = False
        try:
            ending.gate.enter("send the call to another replica (a command with the same command_id)")
            entered = True
            admitted = _admitted(request)
            call.about(admitted)
            response = await behavior(admitted, context)
            call.game_id = call.game_id or getattr(response, "game_id", "")  # the game it created, if any
            return response
        except asyncio.CancelledError:
            call.code = grpc.StatusCode.CANCELLED.name
            raise
        except Exception as error:
            await ending.fail(context, call, error, "a retry with the same command_id is safe")
        finally:
            if entered:
                ending.gate.leave()
            ending.report(call)
    return handle


def _streaming(name: str, behavior: Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Message]],
               ending: _Ending) -> Callable[..., Any]:
    async def handle(request: Message | _Malformed, context: grpc.aio.ServicerContext) -> AsyncIterator[Message]:
        call = Call(name)
        entered = False
        if ending.metrics is not None:
            ending.metrics.streams.inc()
        try:
            ending.gate.enter("resume from the last seq received on another replica")
            entered = True
            admitted = _admitted(request)
            call.about(admitted)
            async for message in behavior(admitted, context):
                yield message
        except (asyncio.CancelledError, GeneratorExit):  # the caller left
            call.code = grpc.StatusCode.CANCELLED.name
            raise
        except Exception as error:
            await ending.fail(context, call, error, "resume from the last seq received")
        finally:
            if entered:
                ending.gate.leave()
            if ending.metrics is not None:
                ending.metrics.streams.dec()
            ending.report(call)
    return handle


def handlers(servicer: Servicer, metrics: Metrics | None = None, gate: Gate | None = None) -> grpc.GenericRpcHandler:
    """The servicer's methods, each behind the gate, _admitted and _Ending (in place of the
    generated add_TablerulesServicer_to_server, whose deserializers raise on malformed bytes)."""
    ending = _Ending(servicer.tables, metrics, gate or Gate())
    methods = {}
    for method in SERVICE.methods:
        decode = _lenient(GetMessageClass(method.input_type))
        encode = None if method.name in servicer.ENCODED else GetMessageClass(method.output_type).SerializeToString
        behavior = getattr(servicer, method.name)
        methods[method.name] = (
            grpc.unary_stream_rpc_method_handler(_streaming(method.name, behavior, ending), decode, encode)
            if method.server_streaming
            else grpc.unary_unary_rpc_method_handler(_unary(method.name, behavior, ending), decode, encode))
    return grpc.method_handlers_generic_handler(SERVICE_NAME, methods)


@dataclass
class Running:
    """A server serving on its own event loop thread."""

    server: grpc.aio.Server
    port: int
    tables: Tables
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    health: Health
    metrics: Metrics | None
    gate: Gate

    def stop(self, grace: float = 1.0) -> None:
        """Drain, then stop: the health service answers NOT_SERVING at once, new calls are
        refused (UNAVAILABLE), streams end (UNAVAILABLE, naming the version to resume from),
        and the calls under way have `grace` seconds to finish."""
        asyncio.run_coroutine_threadsafe(self._drain(grace), self.loop).result(grace + 30)
        # Before the loop closes: the listener wakes streams through it.
        self.tables.live_games.stop_listening()
        self.health.stop()
        if self.metrics is not None:
            self.metrics.close()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)
        self.tables.close()

    async def _drain(self, grace: float) -> None:
        deadline = time.monotonic() + grace
        await self.health.shut()
        self.gate.close()
        self.tables.streams.drain()
        # gRPC's own stop comes last: it cancels a call that reaches it meanwhile (Gate).
        await self.gate.settled(deadline)
        self.health.end_watches()
        await self.server.stop(max(0.0, deadline - time.monotonic()))


MAX_REPLY_BYTES = 256 * 1024 * 1024
"""A whole log travels in one reply (ExportLog): a 10,000-move game is about 8 MB."""


def new_server(max_request_bytes: int = MAX_REQUEST_BYTES) -> grpc.aio.Server:
    """A gRPC server with tablerules' settings (the benchmarks' echo ceiling uses the same);
    create it on the event loop that will run it. A larger request is refused by gRPC
    with RESOURCE_EXHAUSTED, naming both sizes."""
    return grpc.aio.server(options=[("grpc.so_reuseport", 0), ("grpc.max_receive_message_length", max_request_bytes),
                                    ("grpc.max_send_message_length", MAX_REPLY_BYTES)])


async def listen(server: grpc.aio.Server, host: str, port: int) -> int:
    """Bind and start; returns the port (port 0 picks a free one)."""
    bound: int = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    await server.start()
    return bound


async def _serve(tables: Tables, host: str, port: int, max_request_bytes: int, health: Health,
                 metrics: Metrics | None, gate: Gate) -> tuple[grpc.aio.Server, int]:
    server = new_server(max_request_bytes)
    server.add_generic_rpc_handlers((handlers(Servicer(tables), metrics, gate),))
    await health.register(server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME), server)
    return server, await listen(server, host, port)


def _run_loop(loop: asyncio.AbstractEventLoop, workers: int) -> None:
    asyncio.set_event_loop(loop)
    # The worker threads of every call's blocking work (asyncio.to_thread).
    loop.set_default_executor(futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="rpc"))
    try:
        loop.run_forever()
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()


def start(tables: Tables, host: str = "127.0.0.1", port: int = 50051, workers: int = 256,
          max_request_bytes: int = MAX_REQUEST_BYTES, metrics_port: int | None = None,
          probe_every: float = PROBE_SECONDS) -> Running:
    """Start serving (port 0 picks a free port) with `workers` threads for calls' blocking
    work, metrics over HTTP on `metrics_port` of the same host (None: no metrics; 0: a
    free port), and the store probed for the health service every `probe_every` seconds;
    returns the running server."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=_run_loop, args=(loop, workers), name="rpc-loop", daemon=True)
    thread.start()
    health = Health(("", SERVICE_NAME), tables.store.ping, loop, probe_every)
    metrics = None if metrics_port is None else Metrics(tables.live_games.cached_count, lambda: health.answer, host,
                                                        metrics_port)
    gate = Gate()
    try:
        server, bound = asyncio.run_coroutine_threadsafe(
            _serve(tables, host, port, max_request_bytes, health, metrics, gate), loop).result(30)
        if metrics is not None:
            metrics.serve()
    except BaseException:
        loop.call_soon_threadsafe(loop.stop)
        raise
    health.start()
    return Running(server, bound, tables, loop, thread, health, metrics, gate)
