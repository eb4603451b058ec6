"""Prometheus metrics of one server, served over HTTP on a port of their own
(`tablerules serve --metrics-port`); docs/operations.md lists them.

Each server has its own registry, so that several may run in one process (tests).
A command costs one counter increment and one histogram observation; the gauges of
games in memory and of the health state are read when a scrape asks.
"""

from __future__ import annotations

from collections.abc import Callable
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, start_http_server

from service.calls import Call

RULE_LABELS = 256
"""Distinct rules the rejection counter names; any further rule counts as "other".
The citations come from the rules' code, a few hundred at most, but a bound keeps a
defect from growing the series without end."""
COMMAND_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a command takes about 1 to 10 ms on loopback with SQLite."""


class Metrics:
    def __init__(self, live_games: Callable[[], int], serving: Callable[[], bool], host: str, port: int) -> None:
        self.host = host
        self.port = port
        """Where /metrics is served; port 0 picks a free one, which serve() then sets here."""
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        self.commands = Counter("tablerules_commands", "Commands submitted, by ruleset and result (OK or the "
                                "gRPC status name)", ["ruleset", "code"], registry=self.registry)
        self.rejections = Counter("tablerules_command_rejections", "Commands the rules refused, by the rule cited",
                                  ["rule"], registry=self.registry)
        self.latency = Histogram("tablerules_command_seconds", "Time from a command's arrival to its answer",
                                 ["ruleset"], buckets=COMMAND_BUCKETS, registry=self.registry)
        self.streams = Gauge("tablerules_event_streams_open", "StreamEvents and StreamEventBatches calls under way",
                             registry=self.registry)
        Gauge("tablerules_live_games", "Games held in memory", registry=self.registry).set_function(live_games)
        Gauge("tablerules_serving", "1 while the health service answers SERVING, else 0",
              registry=self.registry).set_function(lambda: float(serving()))
        self._rules: set[str] = set()
        self._http: WSGIServer | None = None

    def record(self, call: Call) -> None:
        """Count a call that ended (only commands are counted; call on the event loop)."""
        if call.method != "SubmitCommand":
            return
        self.commands.labels(call.ruleset, call.code).inc()
        self.latency.labels(call.ruleset).observe(call.seconds)
        if call.rule:
            self.rejections.labels(self._rule_label(call.rule)).inc()

    def _rule_label(self, rule: str) -> str:
        if rule not in self._rules:
            if len(self._rules) >= RULE_LABELS:
                return "other"
            self._rules.add(rule)
        return rule

    def serve(self) -> None:
        """Serve /metrics over HTTP, on a thread of its own."""
        self._http, _ = start_http_server(self.port, self.host, self.registry)
        self.port = self._http.server_port

    def close(self) -> None:
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
