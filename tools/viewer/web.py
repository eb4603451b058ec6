"""The web viewer's HTTP server: the page, its assets and a small JSON API, on loopback.

Every asset is served from this process (the page loads nothing from elsewhere, and
its Content-Security-Policy says so). The API answers only requests that carry the
key printed with the address, so another user of the machine cannot read a seat's
view through the port. Endpoints (docs/viewer.md):

- `GET /api/summary`: the game, its viewers and what the checks found;
- `GET /api/events?viewer=N`: every event as that viewer saw it (a file; live: the viewer is fixed);
- `GET /api/view?seq=S&viewer=N`: the table after event S as that viewer saw it;
- `GET /api/stream?after=S` (live only): server-sent events: `events` (a batch of
  new events), `view` (a new view arrived) and `end`;
- `POST /api/submit` (live, with a seat's token): `{"version": V, "index": I}` submits
  the seat's legal command I of the list shown with the view at event V.

Every string the API sends (a key or a value) is inert (domain/kernel/quoting.py): what a
log or a seat's name holds is shown, never acted on.
"""

from __future__ import annotations

import functools
import hmac
import json
import secrets
import threading
from collections.abc import Callable, Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from domain.kernel.canonical import JsonValue
from domain.kernel.quoting import inert
from tools.viewer.live import LiveTimeline, Refused
from tools.viewer.timeline import Timeline

WEB_ROOT = Path(__file__).resolve().parents[2] / "clients" / "web"
"""The page's sources (public/) and its compiled scripts (dist/, built by `make viewer`)."""
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
MAX_QUERY = 2048
MAX_BODY = 1024
"""A submit's body: two numbers."""
STREAM_HEARTBEAT_SECONDS = 15.0
STREAM_PACE_SECONDS = 0.1


class NotBuilt(RuntimeError):
    """The page's scripts are missing: `make viewer` builds them."""


def assets(root: Path = WEB_ROOT) -> dict[str, tuple[bytes, str]]:
    """Every file the page needs, by URL path, read once at start."""
    built = root / "dist"
    if not (built / "app.js").is_file():
        raise NotBuilt(f"the viewer's scripts are not built ({built / 'app.js'} is missing): run `make viewer`")
    found: dict[str, tuple[bytes, str]] = {}
    for folder, prefix in ((root / "public", "/"), (built, "/js/")):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in CONTENT_TYPES:
                found[prefix + path.relative_to(folder).as_posix()] = (path.read_bytes(), CONTENT_TYPES[path.suffix])
    found["/"] = found["/index.html"]
    return found


class _LoopbackServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # a page asks for views in bursts while a live game is played


class BadRequest(ValueError):
    pass


class ViewerServer:
    """Serves one game (a checked log file, or a live game) to the browser."""

    def __init__(self, source: Timeline | LiveTimeline, port: int = 0, root: Path = WEB_ROOT) -> None:
        self.source = source
        self.key = secrets.token_urlsafe(18)
        self.files = assets(root)
        self.stopping = threading.Event()
        handler = _handler_for(self)
        self.http = _LoopbackServer(("127.0.0.1", port), handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}/?key={self.key}"

    def serve_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=self.http.serve_forever, name="viewer-http", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        self.stopping.set()
        if isinstance(self.source, LiveTimeline):
            with self.source.changed:
                self.source.changed.notify_all()
        self.http.shutdown()
        self.http.server_close()

    # -- the API ---------------------------------------------------------------------

    def answer(self, path: str, query: Mapping[str, str]) -> JsonValue:
        source = self.source
        if path == "/api/summary":
            return source.summary()
        if path == "/api/events":
            viewer = _number(query, "viewer", 0)
            if isinstance(source, LiveTimeline):
                self._check_live_viewer(viewer)
                with source.changed:
                    return {"events": list(source.events)}
            return {"events": source.events(viewer)}
        if path == "/api/view":
            seq, viewer = _number(query, "seq", 1), _number(query, "viewer", 0)
            if isinstance(source, LiveTimeline):
                self._check_live_viewer(viewer)
                return source.view(seq)
            try:
                return source.view(seq, viewer)
            except ValueError as problem:
                raise BadRequest(str(problem)) from None
        raise LookupError(path)

    def submit(self, body: bytes) -> JsonValue:
        source = self.source
        if not isinstance(source, LiveTimeline):
            raise BadRequest("a log file is a finished record: only a live game followed with a seat's token plays")
        try:
            asked = json.loads(body)
        except ValueError:
            raise BadRequest("the body must be JSON: {\"version\": V, \"index\": I}") from None
        version, index = (asked.get(key) if isinstance(asked, dict) else None for key in ("version", "index"))
        if not all(isinstance(value, int) and not isinstance(value, bool) and value >= 0 for value in (version, index)):
            raise BadRequest("version and index must be whole numbers: the view's event and the command's place")
        return source.submit(int(version), int(index))  # type: ignore[arg-type]  # Refused: not submitted

    def _check_live_viewer(self, viewer: int) -> None:
        seat = self.source.seat  # type: ignore[union-attr]
        if viewer != seat:
            raise BadRequest(f"this live game is followed as viewer {seat} only: the server shows each token "
                             f"its own view")

    def stream(self, after: int, send: Callable[[str, JsonValue], None]) -> None:
        """Live events after `after`, then each new view, until the game ends or the viewer stops."""
        source = self.source
        if not isinstance(source, LiveTimeline):
            raise BadRequest("a log file has no stream: its events are all in /api/events")
        sent, views_sent = after, 0
        while not self.stopping.is_set():
            with source.changed:
                source.changed.wait_for(functools.partial(self._news, source, sent, views_sent),
                                        timeout=STREAM_HEARTBEAT_SECONDS)
                fresh = [event for event in source.events if event["seq"] > sent]
                new_view = source.views[-1] if len(source.views) != views_sent else None
                views_sent = len(source.views)
                finished = source.ended and not source.views_behind()
            if fresh:
                sent = fresh[-1]["seq"]
                send("events", fresh)
            if new_view is not None:
                send("view", new_view)
            if finished:
                send("end", source.summary())
                return
            if not fresh and new_view is None:
                send("heartbeat", None)  # finds a page that went away
            # A page redraws on each message: a game played faster than that arrives in
            # fewer, larger batches instead of a backlog the page cannot work off.
            self.stopping.wait(STREAM_PACE_SECONDS)

    def _news(self, source: LiveTimeline, sent: int, views_sent: int) -> bool:
        newer = bool(source.events) and source.events[-1]["seq"] > sent
        return self.stopping.is_set() or source.ended or newer or len(source.views) != views_sent


def shown(value: JsonValue) -> JsonValue:
    """The value with every string in it, keys included, made inert for the page."""
    if isinstance(value, str):
        return inert(value)
    if isinstance(value, dict):
        return {inert(key): shown(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shown(item) for item in value]
    return value


def _json(value: JsonValue) -> str:
    return json.dumps(shown(value), ensure_ascii=False, separators=(",", ":"))


def _number(query: Mapping[str, str], name: str, default: int) -> int:
    text = query.get(name)
    if text is None:
        return default
    if not text.isdigit() or len(text) > 9:
        raise BadRequest(f"{name} must be a whole number of at most 9 digits, not {text[:20]!r}")
    return int(text)


def _handler_for(server: ViewerServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "tablerules-viewer"
        sys_version = ""

        def log_message(self, format: str, *args: Any) -> None:
            pass  # a browser's requests are not worth a line each on the terminal

        def do_GET(self) -> None:
            if len(self.path) > MAX_QUERY:
                self._send_json(HTTPStatus.REQUEST_URI_TOO_LONG, {"error": "the address is too long"})
                return
            parts = urlsplit(self.path)
            if not parts.path.startswith("/api/"):
                self._send_file(parts.path)
                return
            query = {name: values[0] for name, values in parse_qs(parts.query).items()}
            if not hmac.compare_digest(query.get("key", ""), server.key):
                self._send_json(HTTPStatus.FORBIDDEN, {"error": "the key printed with the viewer's address is "
                                                                "missing or wrong"})
                return
            try:
                if parts.path == "/api/stream":
                    self._stream(_number(query, "after", 0))
                else:
                    self._send_json(HTTPStatus.OK, server.answer(parts.path, query))
            except BadRequest as problem:
                self._send_json(HTTPStatus.BAD_REQUEST, {"error": str(problem)})
            except LookupError:
                self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no such endpoint: {parts.path}"})
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page went away

        def do_POST(self) -> None:
            parts = urlsplit(self.path)
            query = {name: values[0] for name, values in parse_qs(parts.query).items()}
            length = int(self.headers.get("Content-Length") or 0)
            if len(self.path) > MAX_QUERY or length > MAX_BODY:
                self._send_json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": "the request is too long"})
                return
            if not hmac.compare_digest(query.get("key", ""), server.key):
                self._send_json(HTTPStatus.FORBIDDEN, {"error": "the key printed with the viewer's address is "
                                                                "missing or wrong"})
                return
            if parts.path != "/api/submit":
                self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no such endpoint: {parts.path}"})
                return
            try:
                self._send_json(HTTPStatus.OK, server.submit(self.rfile.read(length)))
            except BadRequest as problem:
                self._send_json(HTTPStatus.BAD_REQUEST, {"error": str(problem)})
            except Refused as refused:
                self._send_json(HTTPStatus.CONFLICT, {"error": str(refused)})
            except (BrokenPipeError, ConnectionResetError):
                pass

        def _send_file(self, path: str) -> None:
            found = server.files.get(path)
            if found is None:
                self._send_json(HTTPStatus.NOT_FOUND, {"error": f"no such file: {path}"})
                return
            body, content_type = found
            self.send_response(HTTPStatus.OK)
            self._headers(content_type, len(body))
            self.wfile.write(body)

        def _send_json(self, status: HTTPStatus, value: JsonValue) -> None:
            body = _json(value).encode()
            self.send_response(status)
            self._headers("application/json; charset=utf-8", len(body))
            self.wfile.write(body)

        def _headers(self, content_type: str, length: int | None) -> None:
            self.send_header("Content-Type", content_type)
            if length is not None:
                self.send_header("Content-Length", str(length))
            self.send_header("Cache-Control", "no-store")
            for name, value in SECURITY_HEADERS.items():
                self.send_header(name, value)
            self.end_headers()

        def _stream(self, after: int) -> None:
            if not isinstance(server.source, LiveTimeline):
                raise BadRequest("a log file has no stream: its events are all in /api/events")
            self.send_response(HTTPStatus.OK)
            self._headers("text/event-stream; charset=utf-8", None)

            def send(kind: str, data: JsonValue) -> None:
                self.wfile.write(f"event: {kind}\ndata: {_json(data)}\n\n".encode())
                self.wfile.flush()
            server.stream(after, send)
            self.close_connection = True

    return Handler
