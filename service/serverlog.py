"""The server's log on stderr: one line per request (service/calls.py) among the
other records, as JSON objects (the default) or as text.

Records are handed to a writer thread as they are: the event loop that ends a call
never formats a line nor waits for stderr, however slowly stderr is read.

Every string is written inert (domain/kernel/quoting.py): an id a client sent, or a
message quoting a log, cannot move a terminal's cursor, reorder the line, or start a
line of its own; only a traceback keeps its newlines.
"""

from __future__ import annotations

import logging
import queue
import sys
from datetime import UTC, datetime
from logging.handlers import QueueHandler, QueueListener
from typing import Any

import orjson

from domain.kernel.quoting import inert
from service.calls import Call

REQUESTS = logging.getLogger("tablerules.requests")
"""One record per request; its message is the Call."""
FORMATS = ("json", "text")


class JsonLines(logging.Formatter):
    """One JSON object per line: time, level, logger, then a request's fields or the message."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name}
        if isinstance(record.msg, Call):
            line.update({key: inert(value) if isinstance(value, str) else value
                         for key, value in record.msg.fields().items()})
        else:
            line["message"] = inert(record.getMessage())
        if record.exc_info:
            line["exception"] = inert(self.formatException(record.exc_info), lines=True)
        return orjson.dumps(line).decode()


class TextLines(logging.Formatter):
    """time, logger and message on one line; a traceback on the lines after it."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(name)s %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:
        return inert(super().formatMessage(record))

    def formatException(self, ei: Any) -> str:
        return inert(super().formatException(ei), lines=True)

    def formatStack(self, stack_info: str) -> str:
        return inert(super().formatStack(stack_info), lines=True)


class _Handoff(QueueHandler):
    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        # The default formats here, on the caller's thread; the writer formats instead.
        return record


def configure(form: str, requests: bool = True) -> QueueListener:
    """Send every record to stderr in `form` (json or text), written by a thread of its
    own, a line per request among them where `requests` says so; stop the returned
    listener at exit, and what is queued is written."""
    writer = logging.StreamHandler(sys.stderr)
    writer.setFormatter(JsonLines() if form == "json" else TextLines())
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    root = logging.getLogger()
    root.handlers[:] = [_Handoff(records)]
    root.setLevel(logging.INFO)
    REQUESTS.setLevel(logging.INFO if requests else logging.WARNING)
    listener = QueueListener(records, writer)
    listener.start()
    return listener
