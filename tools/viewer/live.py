"""A live game as the web viewer shows it: followed over gRPC, as one viewer sees it.

The viewer reads the server only as a client does (the event stream and GetView with the
token it was given, or none for a spectator), so the page can never show more than
that token may see. With a seat's token it also plays that seat: each view lists the
seat's legal commands in words, and the page submits the one clicked. Each received
envelope's hash chain is checked on arrival. A view
is fetched after each burst of events, and kept with the version it shows, so the
page can scrub back through the views it was sent.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from domain.kernel.canonical import JsonValue
from domain.kernel.log import SEED_CHOSEN
from tablerules_client.chain import BrokenChain, ChainCheck
from tablerules_client.client import Client, ServiceCallError
from tools.viewer.faces import card_faces
from tools.viewer.timeline import status_json

FIRST_EVENT_SECONDS = 10.0
"""How long the page's first request waits for GameCreated, the event that names the seats."""
MAX_KEPT_VIEWS = 5000
"""Views kept for scrubbing back; the oldest are dropped first (events are all kept)."""


class Refused(ValueError):
    """A command the page asked for that was not submitted, and why."""


class LiveTimeline:
    """The events and views of a game in progress, as the token's viewer receives them."""

    def __init__(self, address: str, game_id: str, token: str | None) -> None:
        self.game_id = game_id
        self._token = token or ""
        self._client = Client(address, token)
        first = self._client.view(game_id)  # ServiceCallError: no such game, a bad token, no server
        self.ruleset: str = first.ruleset
        self.seat: int = first.seat
        self.events: list[dict[str, JsonValue]] = []
        self.views: list[dict[str, JsonValue]] = [self._view_json(first)]
        self.problem: str | None = None
        self.broken: BrokenChain | None = None
        self.ended = False
        self.changed = threading.Condition()
        self._chain = ChainCheck()
        threading.Thread(target=self._follow, name="viewer-stream", daemon=True).start()
        threading.Thread(target=self._fetch_views, name="viewer-views", daemon=True).start()

    def close(self) -> None:
        self._client.close()

    @staticmethod
    def _view_json(response: Any) -> dict[str, JsonValue]:
        status = response.status
        return {"seq": response.version, "view": json.loads(response.view_json),
                "status": status_json(status), "legal": list(response.legal_command_texts)}

    def submit(self, version: int, index: int) -> dict[str, JsonValue]:
        """Submit the seat's legal command number `index` (0-based) of the list it was shown
        at `version`; Refused (with why) if it cannot be, nothing submitted then."""
        if self.seat == 0:
            raise Refused("a spectator has no commands: follow the game with a seat's token (--token) to play")
        try:
            now = self._client.view(self.game_id)
            if now.version != version or not 0 <= index < len(now.legal_commands):
                raise Refused(f"the game moved on (event {now.version}, not {version}): choose from the new list")
            reply = self._client.seat(self.game_id, self._token).submit(now.legal_commands[index],
                                                                      expected_version=version)
        except ServiceCallError as refused:
            raise Refused(str(refused)) from None
        return {"version": reply.version, "events": [event.text for event in reply.events]}

    def _follow(self) -> None:
        try:
            for envelope in self._client.stream(self.game_id):
                self._chain.add(envelope)
                shown = {"seq": envelope.seq, "type": envelope.type, "rule": envelope.rule,
                         "command_id": envelope.command_id, "payload": json.loads(envelope.payload_json),
                         "redacted": envelope.redacted, "hash": envelope.hash, "text": envelope.text}
                with self.changed:
                    self.events.append(shown)
                    self.changed.notify_all()
        except BrokenChain as broken:
            self.broken = broken
            self._stop(str(broken))
        except ServiceCallError as failed:
            self._stop(f"the server ended the stream: {failed}")
        else:
            self._stop(None)

    def _stop(self, problem: str | None) -> None:
        with self.changed:
            self.problem = problem
            self.ended = True
            self.changed.notify_all()

    def _fetch_views(self) -> None:
        """One GetView after each burst of events, until the last event's view is in."""
        while True:
            with self.changed:
                self.changed.wait_for(lambda: self.ended or self.views_behind())
                if not self.views_behind():
                    return
            try:
                response = self._client.view(self.game_id)
            except ServiceCallError as failed:
                self._stop(f"the server refused the view: {failed}")
                return
            with self.changed:
                if response.version > self.views[-1]["seq"]:
                    self.views.append(self._view_json(response))
                    del self.views[:-MAX_KEPT_VIEWS]
                self.changed.notify_all()

    def views_behind(self) -> bool:
        return bool(self.events) and self.events[-1]["seq"] > self.views[-1]["seq"]

    def created(self) -> dict[str, JsonValue] | None:
        """GameCreated's payload, once it has arrived."""
        with self.changed:
            self.changed.wait_for(lambda: bool(self.events) or self.ended, timeout=FIRST_EVENT_SECONDS)
            payload = self.events[0]["payload"] if self.events else None
        return payload if isinstance(payload, dict) else None

    def view(self, seq: int) -> dict[str, JsonValue]:
        """The latest view received that shows the table at or before event `seq`."""
        with self.changed:
            shown = [view for view in self.views if view["seq"] <= seq]
            return shown[-1] if shown else self.views[0]

    def summary(self) -> dict[str, JsonValue]:
        created = self.created() or {}
        seats = created.get("seats", [])
        seat_names = seats if isinstance(seats, list) else []
        label = "spectator" if self.seat == 0 else f"seat {self.seat} ({seat_names[self.seat - 1]})"
        with self.changed:
            verdict = "CHAIN INTACT" if self.broken is None else "FAILED"
            broken = None if self.broken is None else {
                "line": 0, "seq": self.broken.seq, "reason": self.broken.reason, "text": ""}
            return {"mode": "live", "game_id": self.game_id, "ruleset": self.ruleset,
                    "ruleset_version": created.get("ruleset_version", ""), "seats": seat_names,
                    "options": created.get("options", {}), "viewers": [{"id": self.seat, "label": label}],
                    "last_seq": self.events[-1]["seq"] if self.events else 0, "cards": card_faces(self.ruleset),
                    "ended": self.ended, "problem": self.problem,
                    "check": {"verdict": verdict, "checked": ["hash chain (of the events received)"],
                              "notes": ["a live game is checked as it arrives: the rules are re-decided by "
                                        "tablerules verify once the game has ended and its log is exported",
                                        *([SEED_CHOSEN] if created.get("seed_chosen") is True else [])],
                              "broken": broken, "details": []}}
