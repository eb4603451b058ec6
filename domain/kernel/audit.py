"""Replay, verify and fork a log: the tools of audits and bug reproduction.

Replay folds evolve over the log, checks the hash chain and the final state hash
(every state hash where that one differs, or when asked); it never consults the
rules or the generator. Verify re-decides every logged
command with the revealed seed and reports the first divergence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from domain.kernel.canonical import JsonValue, digest, sha256_hex, to_plain
from domain.kernel.game import Game
from domain.kernel.log import (
    GENESIS_HASH,
    Envelope,
    Header,
    Log,
    LogFormatError,
    check_envelope,
    header_of,
    parse_line,
)
from domain.kernel.messages import RuleViolation
from domain.kernel.rng import seed_commitment
from domain.kernel.session import GAME_CREATED, SEED_REVEALED, Session, command_from_json, fold

MAX_DIFF_LINES = 20
STATE_CHECK_INTERVAL = 128
"""Replay compares the folded state with the logged state_hash at every 128th event and
at the last: hashing a whole state afresh costs about as much as folding 10 events.
`every_state` and verify compare every one."""
MOVED = "an event was dropped, inserted or reordered"


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first place where a log and the rules (or its own hashes) disagree."""

    seq: int
    reason: str
    expected: Mapping[str, JsonValue] | None = None
    actual: Mapping[str, JsonValue] | None = None
    state_diff: tuple[str, ...] = ()

    def describe(self) -> str:
        lines = [f"event {self.seq}: {self.reason}"]
        if self.expected is not None:
            lines.append(f"  expected: {dict(self.expected)}")
        if self.actual is not None:
            lines.append(f"  actual:   {dict(self.actual)}")
        lines.extend(f"  state: {line}" for line in self.state_diff)
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Report:
    """What replay or verify found. `rules_checked` is False where no seed was known."""

    ok: bool
    events: int
    commands: int = 0
    rules_checked: bool = False
    finished: bool = False
    divergence: Divergence | None = None
    notes: tuple[str, ...] = field(default=())


def state_diff(expected: object, actual: object, path: str = "state") -> Iterator[str]:
    """Paths at which two states differ, as `path: expected != actual` lines."""
    a, b = to_plain(expected), to_plain(actual)
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            yield from state_diff(a.get(key), b.get(key), f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from state_diff(x, y, f"{path}[{index}]")
    elif a != b:
        yield f"{path}: {a!r} != {b!r}"


def _first_lines(lines: Iterator[str]) -> tuple[str, ...]:
    return tuple(line for _, line in zip(range(MAX_DIFF_LINES), lines, strict=False))


class _Chain:
    """Follows the hash chain line by line: sequence numbers, prev_hash links and each
    event's own hash. Catches edits, drops, inserts and reorders."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.previous = GENESIS_HASH
        self.length = 0

    def follow(self, line: bytes, row: dict[str, Any]) -> Divergence | None:
        """Check the next envelope, given as its line and the parsed line."""
        index = self.length + 1
        try:
            check_envelope(row)
        except LogFormatError as error:
            return Divergence(index, str(error))
        if row["seq"] != index:
            return Divergence(index, f"sequence number {row['seq']} where {index} belongs ({MOVED})")
        if row["prev_hash"] != self.previous:
            return Divergence(index, f"prev_hash does not match the previous event's hash ({MOVED})")
        if not _sealed(line, row):
            return Divergence(index, "the event's hash does not match its content (the event was edited)")
        if index == 1 and (row["type"] != GAME_CREATED or row["payload"] != self.header.created_payload()):
            return Divergence(1, "a log starts with GameCreated, and the header matches it",
                              expected=self.header.created_payload(), actual=row["payload"])
        self.previous = row["hash"]
        self.length = index
        return None

    def end(self) -> Divergence | None:
        return None if self.length else Divergence(1, "a log starts with GameCreated: this one has no events")


def _sealed(line: bytes, row: dict[str, Any]) -> bool:
    """Whether the envelope's hash is the SHA-256 of its canonical JSON without `hash`.

    A line tablerules wrote is that canonical JSON with the hash member inserted
    (keys sorted, so it sits between command_id and payload): hashing the line with
    the member cut out takes no encoding at all. Any other spelling of the same JSON
    (another tool's writer) is encoded afresh.
    """
    claimed: str = row["hash"]
    member = b'"hash":"' + claimed.encode() + b'",'
    body = line.replace(member, b"", 1)
    if len(body) + len(member) == len(line) and sha256_hex(body) == claimed:
        return True
    try:
        return digest({name: value for name, value in row.items() if name != "hash"}) == claimed
    except TypeError:  # a float: JSON that has no canonical form
        return False


def check_chain(log: Log) -> Divergence | None:
    """The hash chain of an in-memory log (see _Chain)."""
    chain = _Chain(log.header)
    for line in log.lines(envelopes_only=True):
        broken = chain.follow(line, orjson.loads(line))
        if broken is not None:
            return broken
    return chain.end()


def revealed_seed(log: Log) -> str | None:
    """The seed, from the SeedRevealed event or an operator export's header."""
    for envelope in reversed(log.envelopes):
        if envelope.type == SEED_REVEALED:
            seed = envelope.payload.get("seed")
            return seed if isinstance(seed, str) else None
    return log.header.seed


def replay(game: Game[Any], log: Log, upto: int | None = None, progress: Callable[[int], None] | None = None,
           every_state: bool = False) -> tuple[Session[Any] | None, Report]:
    """replay_lines() of an in-memory log."""
    return replay_lines(game, list(log.lines()), upto, progress, every_state)


def replay_lines(game: Game[Any], lines: Sequence[str | bytes], upto: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 every_state: bool = False) -> tuple[Session[Any] | None, Report]:
    """Fold a log file's lines (or its first `upto` events) into a state.

    Checks the whole hash chain, folds each event with evolve (no rules, no
    generator), and compares the state with the logged `state_hash` at every
    STATE_CHECK_INTERVAL-th event and the last one folded; where they differ, or with
    `every_state`, at each event, so that the first one that differs is named.
    LogFormatError if the header or a line is not JSON.
    """
    rows = [line.encode() if isinstance(line, str) else line for line in lines if line.strip()]
    header = header_of(rows)
    comparable = header.ruleset_version == game.ruleset.version
    notes = () if comparable else (
        f"the log was written by {game.ruleset.name} {header.ruleset_version}, this is "
        f"{game.ruleset.version}: state hashes were not compared",
    )
    chain = _Chain(header)
    created, _ = Session.create(game, header)
    state, finished = created.state, False
    folded = 0
    last: dict[str, Any] | None = None
    problem: Report | None = None  # of the fold; a broken chain anywhere is reported first
    for number, line in enumerate(rows[1:], start=2):
        row = parse_line(line, number)
        broken = chain.follow(line, row)
        if broken is not None:
            return None, Report(ok=False, events=0, divergence=broken)
        if problem is not None or (upto is not None and chain.length > upto) or chain.length == 1:
            continue  # only the chain is checked here; GameCreated made the session
        try:
            state, revealed = fold(game, header, state, row["seq"], row["type"], row["payload"], row["schema"],
                                   row["rule"])
        except LogFormatError as error:
            problem = Report(ok=False, events=folded, divergence=Divergence(chain.length, str(error)))
            continue
        finished = finished or revealed
        folded, last = chain.length, row
        if comparable and (every_state or folded % STATE_CHECK_INTERVAL == 0) and digest(state) != row["state_hash"]:
            if not every_state:  # fold again, comparing each state, to name the first that differs
                return replay_lines(game, rows, upto, None, every_state=True)
            problem = Report(ok=False, events=folded - 1, divergence=Divergence(
                folded, "the state after this event does not match its state_hash"))
        elif progress is not None:
            progress(folded)
    broken = chain.end()
    if broken is not None or problem is not None:
        return None, problem or Report(ok=False, events=0, divergence=broken)
    if last is None:
        return created, Report(ok=True, events=1, finished=game.status(state).finished, notes=notes)
    if comparable and not every_state and digest(state) != last["state_hash"]:
        return replay_lines(game, rows, upto, None, every_state=True)
    session = Session(game, header, state, folded, last["hash"], finished)
    return session, Report(ok=True, events=folded, finished=game.status(state).finished, notes=notes)


def verify(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None) -> Report:
    """Re-decide every logged command and compare what the rules produce."""
    broken = check_chain(log)
    if broken is not None:
        return Report(ok=False, events=0, divergence=broken)
    seed = revealed_seed(log)
    if seed is None:
        _, report = replay(game, log, progress=progress, every_state=True)
        return Report(ok=report.ok, events=report.events, divergence=report.divergence,
                      notes=(*report.notes, "no seed in the log (an unfinished game): hashes and "
                             "states were checked, the rules were not re-decided"))
    if seed_commitment(seed) != log.header.seed_commitment:
        return Report(ok=False, events=0, divergence=Divergence(
            1, "the seed does not match the commitment in GameCreated"))
    live, _ = Session.create(game, log.header)
    logged = list(log.envelopes[1:])
    commands = 0
    position = 0
    while position < len(logged):
        first = logged[position]
        if first.command is None:
            return Report(ok=False, events=first.seq - 1, commands=commands, divergence=Divergence(
                first.seq, "this event does not follow from a logged command"))
        try:
            command = command_from_json(game, dict(first.command))
            live_next, produced = live.execute(command, first.command_id, seed)
        except (ValueError, RuleViolation) as error:
            return Report(ok=False, events=first.seq - 1, commands=commands, divergence=Divergence(
                first.seq, f"the rules reject the logged command: {error}", actual=first.command))
        commands += 1
        for offset, made in enumerate(produced):
            index = position + offset
            if index >= len(logged) or logged[index].to_json() != made.to_json():
                actual = logged[index] if index < len(logged) else None
                return Report(ok=False, events=made.seq - 1, commands=commands, divergence=Divergence(
                    made.seq,
                    "the log differs from what the rules produce for this command",
                    expected=made.to_json(),
                    actual=None if actual is None else actual.to_json(),
                    state_diff=_diverging_states(live, logged[position:index], made, actual),
                ))
            if progress is not None:
                progress(made.seq)
        position += len(produced)
        live = live_next
    return Report(ok=True, events=len(log.envelopes), commands=commands, rules_checked=True,
                  finished=live.finished)


def _diverging_states(before: Session[Any], agreed: list[Envelope], made: Envelope,
                      actual: Envelope | None) -> tuple[str, ...]:
    """Where the state the rules lead to differs from the state the log leads to."""
    if actual is None:
        return ()
    base = before
    for envelope in agreed:
        base = base.apply(envelope)
    expected_state = base.apply(made).state
    try:
        actual_state = base.apply(actual).state
    except (LogFormatError, TypeError, ValueError, KeyError) as error:
        return (f"the logged event cannot be applied: {error}",)
    return _first_lines(state_diff(expected_state, actual_state))
