"""Replay, verify and fork a log: the tools of audits and bug reproduction.

Replay folds evolve over the log and checks the hash chain and every state hash;
it never consults the rules or the generator. Verify re-decides every logged
command with the revealed seed and reports the first divergence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.canonical import JsonValue, digest, to_plain
from domain.kernel.game import Game
from domain.kernel.log import GENESIS_HASH, Envelope, Log, LogFormatError
from domain.kernel.messages import RuleViolation
from domain.kernel.rng import seed_commitment
from domain.kernel.session import GAME_CREATED, SEED_REVEALED, Session, command_from_json

MAX_DIFF_LINES = 20
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


def check_chain(log: Log) -> Divergence | None:
    """Sequence numbers, hashes and the chain: edits, drops, inserts, reorders."""
    previous = GENESIS_HASH
    for index, envelope in enumerate(log.envelopes, start=1):
        if envelope.seq != index:
            return Divergence(index, f"sequence number {envelope.seq} where {index} belongs ({MOVED})")
        if envelope.prev_hash != previous:
            return Divergence(index, f"prev_hash does not match the previous event's hash ({MOVED})")
        if envelope.computed_hash() != envelope.hash:
            return Divergence(index, "the event's hash does not match its content (the event was edited)")
        previous = envelope.hash
    if not log.envelopes or log.envelopes[0].type != GAME_CREATED:
        return Divergence(1, "a log starts with GameCreated")
    if dict(log.envelopes[0].payload) != log.header.created_payload():
        return Divergence(1, "the header does not match GameCreated",
                          expected=log.header.created_payload(), actual=log.envelopes[0].payload)
    return None


def revealed_seed(log: Log) -> str | None:
    """The seed, from the SeedRevealed event or an operator export's header."""
    for envelope in reversed(log.envelopes):
        if envelope.type == SEED_REVEALED:
            seed = envelope.payload.get("seed")
            return seed if isinstance(seed, str) else None
    return log.header.seed


def replay(game: Game[Any], log: Log, upto: int | None = None,
           progress: Callable[[int], None] | None = None) -> tuple[Session[Any] | None, Report]:
    """Fold the log (or its first `upto` events) into a state, checking hashes."""
    broken = check_chain(log)
    if broken is not None:
        return None, Report(ok=False, events=0, divergence=broken)
    comparable = log.header.ruleset_version == game.ruleset.version
    notes = () if comparable else (
        f"the log was written by {game.ruleset.name} {log.header.ruleset_version}, this is "
        f"{game.ruleset.version}: state hashes were not compared",
    )
    session, _ = Session.create(game, log.header)
    envelopes = log.envelopes if upto is None else log.envelopes[:upto]
    for envelope in envelopes[1:]:
        try:
            session = session.apply(envelope)
        except LogFormatError as error:
            return None, Report(ok=False, events=envelope.seq - 1, divergence=Divergence(envelope.seq, str(error)))
        if comparable and digest(session.state) != envelope.state_hash:
            return None, Report(ok=False, events=envelope.seq - 1, divergence=Divergence(
                envelope.seq, "the state after this event does not match its state_hash"))
        if progress is not None:
            progress(envelope.seq)
    finished = game.status(session.state).finished
    return session, Report(ok=True, events=len(envelopes), finished=finished, notes=notes)


def verify(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None) -> Report:
    """Re-decide every logged command and compare what the rules produce."""
    broken = check_chain(log)
    if broken is not None:
        return Report(ok=False, events=0, divergence=broken)
    seed = revealed_seed(log)
    if seed is None:
        _, report = replay(game, log, progress=progress)
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
