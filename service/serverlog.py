"""The server's log on stderr: one line per request (service/calls.py) among the
other records, as JSON objects (the default) or as text.

Records are handed to a writer thread as they are: the event loop that ends a call
never formats a line nor waits for stderr, however slowly stderr is read.
"""

from __future__ import annotations

import logging
import queue
import sys
from datetime import UTC, datetime
from logging.handlers import QueueHandler, QueueListener

import orjson

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
            line.update(record.msg.fields())
        else:
            line["message"] = record.getMessage()
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(line).decode()


class _Handoff(QueueHandler):
    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        # The default formats here, on the caller's thread; the writer formats instead.
        return record


def configure(form: str) -> QueueListener:
    """Send every record to stderr in `form` (json or text), written by a thread of its
    own; stop the returned listener at exit, and what is queued is written."""
    writer = logging.StreamHandler(sys.stderr)
    writer.setFormatter(JsonLines() if form == "json" else logging.Formatter("%(asctime)s %(name)s %(message)s"))
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    root = logging.getLogger()
    root.handlers[:] = [_Handoff(records)]
    root.setLevel(logging.INFO)
    listener = QueueListener(records, writer)
    listener.start()
    return listener
