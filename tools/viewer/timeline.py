"""A log file as the web viewer shows it: its checks, and every event and view as
each viewer saw them.

The file is checked as `tablerules verify` checks it (or as `replay` does, where it
carries no seed). The timeline holds the events before the first line that fails a
check: what follows a broken line cannot be trusted, so it is not drawn, and the
broken line itself is shown with the reason. Views are folded on demand from a
checkpoint (one every CHECKPOINT_EVERY events), so a long game costs little memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.games import REGISTRY
from domain.kernel import (
    SPECTATOR,
    Envelope,
    Game,
    Header,
    Log,
    LogFormatError,
    Report,
    Status,
    replay_lines,
)
from domain.kernel.audit import SEED
from domain.kernel.canonical import JsonValue, to_plain
from domain.kernel.log import SEED_CHOSEN, header_of, parse_line
from domain.kernel.session import Session, seen_payload
from domain.kernel.tell import told_seen
from domain.kernel.words import Seats
from service.releases import release_for, verify_log
from tools.viewer.faces import card_faces

CHECKPOINT_EVERY = 64
"""Folding 64 events costs about as much as drawing one view; a checkpoint holds a state."""
MAX_SHOWN_LINE = 2000
"""How much of a broken line the page shows (a line may be a megabyte of garbage)."""


@dataclass(frozen=True, slots=True)
class BrokenLine:
    """The first line of the file that fails a check."""

    line: int  # 1-based, in the file as given (blank lines count)
    seq: int  # the event it holds or should hold; 0 for the header
    reason: str
    text: str


@dataclass(frozen=True, slots=True)
class Check:
    """What the viewer's checks found, in the words of tablerules verify."""

    verdict: str  # VERIFIED; REPLAYED (seals checked with the seed, rules not re-decided); CHAIN INTACT; FAILED
    checked: tuple[str, ...]
    notes: tuple[str, ...]
    broken: BrokenLine | None
    details: tuple[str, ...] = ()

    def to_json(self) -> dict[str, JsonValue]:
        broken = None if self.broken is None else {
            "line": self.broken.line, "seq": self.broken.seq, "reason": self.broken.reason, "text": self.broken.text}
        return {"verdict": self.verdict, "checked": list(self.checked), "notes": list(self.notes),
                "broken": broken, "details": list(self.details)}


class Timeline:
    """A checked log: its events as each viewer saw them, and its views at any event."""

    def __init__(self, game: Game[Any], header: Header, envelopes: Sequence[Envelope], check: Check) -> None:
        self.game = game
        self.header = header
        self.envelopes = tuple(envelopes)
        self.check = check
        session = Session.opened(game, header, "")
        self._checkpoints: list[Session[Any]] = [session]  # the table after GameCreated, then every 64th
        for envelope in self.envelopes[1:]:
            session = session.apply(envelope)
            if session.version % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(session)
        self._last = session

    @property
    def last_seq(self) -> int:
        return len(self.envelopes)

    def viewers(self) -> list[dict[str, JsonValue]]:
        """Spectator first, then one entry per seat."""
        return [{"id": SPECTATOR, "label": "spectator"}] + [
            {"id": seat, "label": f"seat {seat} ({name})"} for seat, name in enumerate(self.header.seats, start=1)]

    def check_viewer(self, viewer: int) -> None:
        if not SPECTATOR <= viewer <= len(self.header.seats):
            raise ValueError(f"viewer {viewer} is neither the spectator (0) nor a seat (1..{len(self.header.seats)})")

    def events(self, viewer: int) -> list[dict[str, JsonValue]]:
        """Every trusted event, its payload as the viewer saw it (as the service redacts it)."""
        self.check_viewer(viewer)
        seats = Seats(tuple(self.header.seats))
        shown = []
        for envelope in self.envelopes:
            payload = seen_payload(self.game, envelope, viewer)
            shown.append({"seq": envelope.seq, "type": envelope.type, "rule": envelope.rule,
                          "command_id": envelope.command_id, "payload": dict(payload),
                          "redacted": payload != envelope.payload, "hash": envelope.hash,
                          "text": told_seen(self.game, envelope, payload, seats)})
        return shown

    def session_at(self, seq: int) -> Session[Any]:
        """The table after event `seq` (1..last_seq)."""
        if not 1 <= seq <= self.last_seq:
            raise ValueError(f"seq {seq} is outside the timeline (1..{self.last_seq})")
        if seq == self.last_seq:
            return self._last
        session = self._checkpoints[seq // CHECKPOINT_EVERY]  # versions 1, 64, 128, ...: at or before seq
        for envelope in self.envelopes[session.version:seq]:
            session = session.apply(envelope)
        return session

    def view(self, seq: int, viewer: int) -> dict[str, JsonValue]:
        """The viewer's view after event `seq`, with the game's status then."""
        self.check_viewer(viewer)
        session = self.session_at(seq)
        return {"seq": seq, "view": to_plain(self.game.view(session.state, viewer)),
                "status": status_json(session.status())}

    def summary(self) -> dict[str, JsonValue]:
        """What the page needs first: the game, its viewers, the checks and the faces of its
        cards (tools/viewer/faces.py)."""
        check = self.check if not self.header.seed_chosen else replace(self.check,
                                                                       notes=(*self.check.notes, SEED_CHOSEN))
        return {"mode": "replay", "game_id": self.header.game_id, "ruleset": self.header.ruleset,
                "ruleset_version": self.header.ruleset_version, "seats": list(self.header.seats),
                "options": dict(self.header.options), "viewers": self.viewers(), "last_seq": self.last_seq,
                "check": check.to_json(), "cards": card_faces(self.header.ruleset)}


def status_json(status: Status) -> dict[str, JsonValue]:
    return {"finished": status.finished, "winners": list(status.winners), "to_act": list(status.to_act),
            "turn": status.turn, "summary": status.summary}


class Unviewable(ValueError):
    """A file the viewer cannot open at all: no header it can read, or a ruleset this
    build does not have."""


def load(data: bytes) -> Timeline:
    """Check a log file's bytes and build its timeline; Unviewable if there is nothing to draw."""
    numbered = [(number, line) for number, line in enumerate(data.splitlines(), start=1) if line.strip()]
    if not numbered:
        raise Unviewable("the file is empty: a log starts with its header line")
    try:
        header = header_of([numbered[0][1]])
    except LogFormatError as problem:
        raise Unviewable(f"line {numbered[0][0]}: {problem}") from None
    game = REGISTRY.get(header.ruleset)
    if game is None:
        raise Unviewable(f"this build has no ruleset {header.ruleset!r}")
    envelopes, unreadable = _readable(numbered)
    report = _report(game, header, [line for _, line in numbered[:len(envelopes) + 1]], envelopes,
                     cut_short=unreadable is not None)
    broken = _first_broken(numbered, report, unreadable)
    details = () if report.divergence is None else tuple(report.divergence.describe().splitlines()[1:])
    verdict = "FAILED" if broken else "REPLAYED" if not report.rules_checked and SEED in report.checked \
        else report.verdict
    check = Check(verdict, report.checked, report.notes, broken, details)
    trusted = envelopes if broken is None else envelopes[:max(broken.seq - 1, 0)]
    try:
        return Timeline(game, header, trusted, check)
    except LogFormatError as problem:  # a check passed what the fold cannot follow: say so, never crash
        raise Unviewable(str(problem)) from None


def _readable(numbered: list[tuple[int, bytes]]) -> tuple[list[Envelope], BrokenLine | None]:
    """The envelopes up to the first line that is not an envelope, and that line."""
    envelopes: list[Envelope] = []
    for number, line in numbered[1:]:
        try:
            envelopes.append(Envelope.from_json(parse_line(line, number)))
        except (LogFormatError, KeyError, TypeError, ValueError) as problem:
            reason = str(problem) if isinstance(problem, LogFormatError) else f"line {number} is not an envelope"
            return envelopes, BrokenLine(number, len(envelopes) + 1, reason, _shown(line))
    return envelopes, None


def _report(game: Game[Any], header: Header, lines: list[bytes], envelopes: list[Envelope],
            cut_short: bool) -> Report:
    """verify's report where the whole file is readable and carries a seed, else replay's
    (of the readable lines only, where one is not: an unreadable line is the problem
    to show, not the seed that it may have hidden)."""
    replayed = replay_lines(game, lines, upto=len(envelopes) if cut_short else None)[1]
    if cut_short or not replayed.ok or SEED not in replayed.checked:
        return replayed
    if (header.ruleset_version != game.ruleset.version
            and release_for(header.ruleset, header.ruleset_version) is None):
        # Rules of another version would re-decide it as they decide: that is no check of this log.
        return replace(replayed, notes=(*replayed.notes, f"the rules were not re-decided: this build has "
                                        f"{game.ruleset.name} {game.ruleset.version} and no archived release of "
                                        f"{header.ruleset} {header.ruleset_version}, the rules that wrote the log "
                                        f"(docs/log-format.md)"))
    return verify_log(game, Log(header=header, envelopes=tuple(envelopes)))


def _first_broken(numbered: list[tuple[int, bytes]], report: Report,
                  unreadable: BrokenLine | None) -> BrokenLine | None:
    divergence = report.divergence
    if divergence is None or (unreadable is not None and divergence.seq >= unreadable.seq):
        return unreadable
    index = min(max(divergence.seq, 1), len(numbered) - 1)
    number, line = numbered[index]
    return BrokenLine(number, divergence.seq, divergence.reason, _shown(line))


def _shown(line: bytes) -> str:
    text = line.decode("utf-8", errors="replace")
    return text if len(text) <= MAX_SHOWN_LINE else text[:MAX_SHOWN_LINE] + " …"

