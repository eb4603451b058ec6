"""Replay, verify and fork a log: the tools of audits and bug reproduction.

Replay folds evolve over the log and checks its seals: the hash chain always; with
the seed (revealed at the end, or in an operator's export) also the seed against
its commitment, every secret digest and public form, and the state hashes (every
128th and the last, or every one when asked). It never consults the rules.

Verify checks the chain and the seed, then re-decides every logged command with
the seed and compares what the rules produce with the log, byte for byte: so every
digest, public form, state hash and hash is checked too. A log without its seed
cannot be re-decided: verify says so and never calls it verified. Import and fork
run verify (fork up to the point it keeps), so the three check the same things.

A log written by another version of the rules has every digest checked before any
command is re-decided: an edit is reported as an edit, and what the rules then make
differently is named as a difference of the versions (docs/log-format.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.canonical import JsonValue, canonical_json, canonical_json_of_plain, to_plain
from domain.kernel.game import Game
from domain.kernel.log import (
    ENVELOPE_FIELDS,
    GENESIS_HASH,
    Envelope,
    Header,
    Log,
    LogFormatError,
    check_envelope,
    header_of,
    parse_line,
)
from domain.kernel.messages import Event, RuleViolation
from domain.kernel.quoting import quoted
from domain.kernel.rng import Rng, seed_commitment
from domain.kernel.seal import Encoder, Keys, chain_hash, public_form, secret_digest, state_hash
from domain.kernel.session import (
    CANNOT_FOLLOW,
    GAME_CREATED,
    SEED_REVEALED,
    Session,
    Step,
    command_from_json,
    fold,
    public_payload,
    upcast_payload,
)

MAX_DIFF_LINES = 20
MAX_SHOWN = 240
"""A value or difference in a report is cut to this many characters."""
OTHER_FIELDS = tuple(sorted(ENVELOPE_FIELDS - {"type", "rule", "payload"}))
"""An envelope's fields besides the event's type, rule and payload: its seals and place."""
STATE_CHECK_INTERVAL = 128
"""Replay compares the folded state with the logged state_hash at every 128th event and
at the last: hashing a whole state afresh costs about as much as folding 10 events.
`every_state` and verify compare every one."""
MOVED = "an event was dropped, inserted or reordered"
DIFFERS = "the log differs from what the rules produce for this command"
NO_COMMAND = "this event does not follow from a logged command"
REJECTED = "the rules reject the logged command"
UNTOUCHED = "not a sign of tampering: the chain and every secret digest hold"
SEALED_APART = (
    ("schema", "the payload's schema", "events are of another schema, with the same facts"),
    ("payload", "the payload", "events record the same facts in another form"),
    ("rule", "the rule citation", "rules are cited otherwise"),
    ("public", "the public form", "redaction shows spectators another part of this event"),
    ("state_hash", "the state hash", "state differs"),
)
"""What two versions of the rules may seal differently in an event whose facts they
agree on (decided_facts), each with why: the first that differs explains the rest."""

CHAIN = "hash chain"
SEED = "seed against its commitment"
DIGESTS = "secret digests"
PUBLIC_FORMS = "public forms"
STATES = "state hashes"
SAMPLED_STATES = "state hashes (every 128th and the last)"
RULES = "rules (every command re-decided)"
NO_SEED = ("chain intact, rules not re-checked: no seed. The log reveals no seed (a game under way, exported "
           "without it, or a log cut short), so its full payloads, digests and state hashes cannot be checked; "
           "the chain proves only the public form of each event")


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first place where a log and the rules (or its own seals) disagree."""

    seq: int
    reason: str
    expected: Mapping[str, JsonValue] | None = None
    actual: Mapping[str, JsonValue] | None = None
    state_diff: tuple[str, ...] = ()

    def describe(self) -> str:
        """The event and the reason; where the rules made an envelope the log does not
        hold alike, each side's event type and rule citation, the payload paths and
        the other envelope fields that differ; then the state paths that differ. Every
        line is bounded: a shuffled deck would otherwise fill the terminal."""
        lines = [f"event {self.seq}: {self.reason}"]
        sides = self.envelopes()
        if sides is not None:
            lines.extend(_envelope_sides(*sides))
        else:  # a payload (GameCreated against the header) or a rejected command
            if self.expected is not None:
                lines.append(f"  expected: {quoted(dict(self.expected), MAX_SHOWN)}")
            if self.actual is not None:
                lines.append(f"  logged:   {quoted(dict(self.actual), MAX_SHOWN)}")
        if self.state_diff:
            lines.append("  the state after it (the rules' != the log's):")
            lines.extend(f"    {shortened(line)}" for line in self.state_diff)
        return "\n".join(lines)

    def envelopes(self) -> tuple[Mapping[str, JsonValue], Mapping[str, JsonValue] | None] | None:
        """The envelope the rules made and the logged one in its place (None where the
        log ends), where the log differs from what the rules made; None otherwise."""
        if self.expected is None or not self.expected.keys() >= ENVELOPE_FIELDS:
            return None
        return self.expected, self.actual


def _envelope_sides(made: Mapping[str, JsonValue], logged: Mapping[str, JsonValue] | None) -> list[str]:
    """How the envelope the rules made and the logged one differ, in a few lines."""
    lines = [f"  the rules: {made['type']}, citing {made['rule']}"]
    if logged is None:
        return [*lines, "  the log:   nothing (it ends here)"]
    lines.append(f"  the log:   {logged['type']}, citing {logged['rule']}")
    paths = first_lines(state_diff(made["payload"], logged["payload"], "payload"))
    if paths:
        lines.append("  the payload (the rules' != the log's):")
        lines.extend(f"    {shortened(path)}" for path in paths)
    others = [name for name in OTHER_FIELDS if not same_json(made[name], logged[name])]
    if others:
        lines.append(f"  the envelopes also differ in: {', '.join(others)}")
    return lines


def shortened(line: str) -> str:
    """A line of a difference, cut to MAX_SHOWN characters (quoted() cuts a value)."""
    return line if len(line) <= MAX_SHOWN else line[:MAX_SHOWN] + "..."


def same_json(a: object, b: object) -> bool:
    """Equal as canonical JSON: a Python comparison would take `true` for `1`."""
    try:
        return canonical_json_of_plain(a) == canonical_json_of_plain(b)
    except TypeError:  # a float: no canonical form, so not what the rules made
        return False


@dataclass(frozen=True, slots=True)
class Report:
    """What replay or verify found, and what it checked (`checked`, in words).

    `ok`: replay found nothing wrong in what it checked; verify also re-decided every
    command (a log that cannot be re-decided is never ok from verify).
    """

    ok: bool
    events: int
    commands: int = 0
    rules_checked: bool = False
    finished: bool = False
    divergence: Divergence | None = None
    notes: tuple[str, ...] = field(default=())
    checked: tuple[str, ...] = field(default=())

    @property
    def verdict(self) -> str:
        """VERIFIED (the rules re-decided it), CHAIN INTACT (nothing wrong in what
        could be checked, rules not re-decided) or FAILED."""
        if self.divergence is not None:
            return "FAILED"
        return "VERIFIED" if self.rules_checked else "CHAIN INTACT"


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


def first_lines(lines: Iterator[str]) -> tuple[str, ...]:
    """The first MAX_DIFF_LINES of a difference."""
    return tuple(line for _, line in zip(range(MAX_DIFF_LINES), lines, strict=False))


def _failed(divergence: Divergence, events: int = 0, commands: int = 0, checked: tuple[str, ...] = (),
            notes: tuple[str, ...] = ()) -> Report:
    return Report(ok=False, events=events, commands=commands, divergence=divergence, checked=checked, notes=notes)


class _Chain:
    """Follows the hash chain envelope by envelope: sequence numbers, prev_hash links,
    each envelope's hash over its public form and digest, GameCreated first and
    nothing after SeedRevealed. Catches edits of anything public, drops, inserts,
    reorders and events appended after the end."""

    def __init__(self, header: Header, encode: Encoder = canonical_json) -> None:
        self.header = header
        self.encode = encode
        self.previous = GENESIS_HASH
        self.length = 0
        self.revealed_at = 0

    def follow(self, row: dict[str, Any]) -> Divergence | None:
        index = self.length + 1
        try:
            check_envelope(row)
        except LogFormatError as error:
            return Divergence(index, str(error))
        if row["seq"] != index:
            return Divergence(index, f"sequence number {row['seq']} where {index} belongs ({MOVED})")
        if row["prev_hash"] != self.previous:
            return Divergence(index, f"prev_hash does not match the previous event's hash ({MOVED})")
        public = row["payload"] if row["public"] is None else row["public"]
        try:
            hashed = chain_hash(row["prev_hash"], public_form(index, row["type"], row["schema"], row["command_id"],
                                                              row["rule"], row["state_hash"], public),
                                row["secret_digest"], self.encode)
        except TypeError:  # a float: JSON that has no canonical form
            hashed = ""
        if hashed != row["hash"]:
            return Divergence(index, "the event's hash does not match its public form (the event was edited)")
        if index == 1 and (row["type"] != GAME_CREATED or row["payload"] != self.header.created_payload()
                           or row["public"] is not None or row["command"] is not None):
            return Divergence(1, "a log starts with GameCreated, and the header matches it",
                              expected=self.header.created_payload(), actual=row["payload"])
        if self.revealed_at:
            return Divergence(index, f"an event after SeedRevealed (event {self.revealed_at}): the game had ended")
        if row["type"] == SEED_REVEALED:
            self.revealed_at = index
        self.previous = row["hash"]
        self.length = index
        return None

    def end(self) -> Divergence | None:
        return None if self.length else Divergence(1, "a log starts with GameCreated: this one has no events")


def check_chain(log: Log) -> Divergence | None:
    """The hash chain of an in-memory log (see _Chain)."""
    chain = _Chain(log.header)
    for envelope in log.envelopes:
        broken = chain.follow(envelope.to_json())
        if broken is not None:
            return broken
    return chain.end()


def known_seed(header: Header, last: object) -> tuple[str | None, Divergence | None]:
    """The log's seed (revealed by its last event, or in an operator export's header)
    and any contradiction: each seed present must match the commitment in GameCreated."""
    if header.seed is not None and seed_commitment(header.seed) != header.seed_commitment:
        return None, Divergence(1, "the seed in the header does not match the seed commitment in GameCreated")
    revealed = None
    if isinstance(last, Mapping) and last.get("type") == SEED_REVEALED:
        payload = last.get("payload")
        seed = payload.get("seed") if isinstance(payload, Mapping) else None
        seq = last.get("seq")
        if not isinstance(seed, str) or seed_commitment(seed) != header.seed_commitment:
            return None, Divergence(seq if isinstance(seq, int) else 0,
                                    "the revealed seed does not match the seed commitment in GameCreated")
        revealed = seed
    return revealed or header.seed, None


def revealed_seed(log: Log) -> str | None:
    """The seed, from the SeedRevealed event or an operator export's header (unchecked:
    see known_seed)."""
    for envelope in reversed(log.envelopes):
        if envelope.type == SEED_REVEALED:
            seed = envelope.payload.get("seed")
            return seed if isinstance(seed, str) else None
    return log.header.seed


def digest_problem(keys: Keys, row: Mapping[str, Any], encode: Encoder = canonical_json) -> Divergence | None:
    """Whether the row's secret digest covers its payload and command."""
    try:
        digest = secret_digest(keys, row["seq"], row["payload"], row["command"], encode)
    except TypeError:  # a float: JSON that has no canonical form, so no digest of ours covers it
        digest = ""
    if digest != row["secret_digest"]:
        return Divergence(row["seq"], "the secret digest does not match the event's payload and command "
                                      "(the event was edited)")
    return None


def _public_problem(game: Game[Any], row: dict[str, Any], event: Event | None) -> Divergence | None:
    """Whether the public form is the rules' redaction of the payload for a spectator."""
    expected = None if event is None else public_payload(game, event, row["payload"])
    # Python takes `true` for `1`: forms it finds equal are compared as canonical JSON too (the
    # logged one has a canonical form, as its chain hash held).
    if row["public"] != expected or (expected is not None
                                     and canonical_json_of_plain(row["public"]) != canonical_json(expected)):
        return Divergence(row["seq"], "the public form is not what the rules show a spectator of this event "
                                      "(the event was edited)")
    return None


def replay(game: Game[Any], log: Log, upto: int | None = None, progress: Callable[[int], None] | None = None,
           every_state: bool = False) -> tuple[Session[Any] | None, Report]:
    """replay_lines() of an in-memory log."""
    lines = [canonical_json(log.header.to_json())]
    for envelope in log.envelopes:
        try:
            lines.append(canonical_json(envelope.to_json()))
        except TypeError:  # a float: no canonical form, so no seal of ours covers the event
            return None, _failed(Divergence(envelope.seq, "the event holds a number with a fraction, which the log "
                                                          "format does not allow (the event was edited)"),
                                 checked=(CHAIN,))
    return replay_lines(game, lines, upto, progress, every_state)


def replay_lines(game: Game[Any], lines: Sequence[str | bytes], upto: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 every_state: bool = False) -> tuple[Session[Any] | None, Report]:
    """Fold a log file's lines (or its first `upto` events) into a state.

    Checks the whole hash chain and, where the seed is known, every digest and public
    form, and the state after every STATE_CHECK_INTERVAL-th event and the last one
    folded; where a state differs, or with `every_state`, after each event, so that
    the first one that differs is named. LogFormatError if the header or a line is
    not JSON.
    """
    rows = [line.encode() if isinstance(line, str) else line for line in lines if line.strip()]
    header = header_of(rows)
    seed, contradiction = known_seed(header, parse_line(rows[-1], len(rows)) if len(rows) > 1 else None)
    if contradiction is not None:
        return None, _failed(contradiction)
    keys = None if seed is None else Keys.of(seed, header.game_id)
    comparable = header.ruleset_version == game.ruleset.version
    notes: tuple[str, ...] = ()
    checked: tuple[str, ...] = (CHAIN,)
    if keys is None:
        notes = (NO_SEED,)
    else:
        checked += (SEED, DIGESTS)
        if comparable:
            checked += (PUBLIC_FORMS, STATES if every_state else SAMPLED_STATES)
        else:
            notes = (f"the log was written by {game.ruleset.name} {header.ruleset_version}, this is "
                     f"{game.ruleset.version}: public forms and state hashes were not compared",)
    compare_states = keys is not None and comparable
    chain = _Chain(header, canonical_json_of_plain)
    try:
        session = Session.opened(game, header, "")
    except LogFormatError as refused:
        return None, _failed(Divergence(1, str(refused)), checked=checked, notes=notes)
    state, contributions = session.state, session.contributions
    folded = 0
    last: dict[str, Any] | None = None
    problem: Divergence | None = None  # of the fold; a broken chain anywhere is reported first
    for number, line in enumerate(rows[1:], start=2):
        row = parse_line(line, number)
        broken = chain.follow(row)
        if broken is not None:
            return None, _failed(broken, checked=checked, notes=notes)
        if problem is not None or (upto is not None and chain.length > upto):
            continue  # only the chain is checked here
        event: Event | None = None
        if chain.length > 1:
            try:
                state, contributions, event = fold(game, header, state, contributions, row["seq"], row["type"],
                                                   row["payload"], row["schema"], row["rule"])
            except LogFormatError as error:
                problem = Divergence(chain.length, str(error))
                continue
        if keys is not None:
            problem = (digest_problem(keys, row, canonical_json_of_plain)
                       or (_public_problem(game, row, event) if comparable else None))
            if problem is not None:
                continue
        folded, last = chain.length, row
        if compare_states and (every_state or folded % STATE_CHECK_INTERVAL == 0):
            assert keys is not None
            if state_hash(keys, folded, state) != row["state_hash"]:
                if not every_state:  # fold again, comparing each state, to name the first that differs
                    return replay_lines(game, rows, upto, None, every_state=True)
                problem = Divergence(folded, "the state after this event does not match its state_hash")
                continue
        if progress is not None:
            progress(folded)
    broken = chain.end()
    if broken is not None or problem is not None:
        return None, _failed(broken or problem or Divergence(0, ""), events=max(folded - 1, 0), checked=checked,
                             notes=notes)
    assert last is not None
    if compare_states and not every_state and keys is not None and state_hash(keys, folded, state) != last[
            "state_hash"]:
        return replay_lines(game, rows, upto, None, every_state=True)
    revealed = bool(chain.revealed_at) and chain.revealed_at <= folded
    replayed = Session(game, header, state, folded, last["hash"], revealed, contributions)
    finished = replayed.status().finished
    if revealed and not finished:
        return None, _failed(Divergence(chain.revealed_at, "the seed is revealed here, but the game had not ended"),
                             events=folded, checked=checked, notes=notes)
    if finished and not revealed and upto is None:
        return None, _failed(Divergence(folded, "the game has ended here, but the log does not reveal its seed "
                                                "(it was cut short, or its SeedRevealed line removed)"),
                             events=folded, checked=checked, notes=notes)
    return replayed, Report(ok=True, events=folded, finished=finished, notes=notes, checked=checked)


def verify(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None) -> Report:
    """Check the chain and the seed, then re-decide every logged command and compare
    what the rules produce."""
    return verified(game, log, progress)[1]


def verified(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None,
             upto: int | None = None) -> tuple[Session[Any] | None, Report]:
    """verify(), re-deciding the commands of the first `upto` events only (a fork keeps
    no more), and the session the rules lead to: None unless the report is ok."""
    other = None if log.header.ruleset_version == game.ruleset.version else _OtherRules(game, log.header)
    notes = () if other is None else (other.note,)
    # A log of another version has every digest checked before any rule: an edit is reported as
    # an edit, and what the rules then find can only be a difference of the versions.
    seed, unsealed = checked_seals(game, log, every_digest=other is not None, progress=progress, notes=notes)
    if seed is None:
        assert unsealed is not None
        return None, unsealed
    logged = list(log.envelopes)
    checked = (CHAIN, SEED, DIGESTS, PUBLIC_FORMS, STATES, RULES)

    def failed(divergence: Divergence, commands: int = 0) -> tuple[None, Report]:
        return None, _failed(divergence, events=divergence.seq - 1, commands=commands, checked=checked, notes=notes)

    try:
        live, created = Session.create(game, log.header, seed)
    except LogFormatError as refused:
        return failed(Divergence(1, str(refused)))
    if not _identical(created, logged[0]):
        return failed(Divergence(1, "GameCreated is not sealed with this seed (the event was edited)" if other is None
                                 else other.differs(created, logged[0]),
                                 expected=created.to_json(), actual=logged[0].to_json()))
    commands = 0
    end = len(logged) if upto is None else min(upto, len(logged))
    for decided in redecisions(live, logged, seed, end):
        if isinstance(decided, Divergence):
            return failed(decided if other is None else other.explained(decided), commands)
        commands += 1
        differs = first_difference(decided, logged, _identical)
        if differs is not None:
            return failed(differs if other is None else other.explained(differs), commands)
        live = decided.step.session
        if progress is not None:
            for made in decided.step.envelopes:
                progress(made.seq)
    return live, Report(ok=True, events=live.version, commands=commands, rules_checked=True, finished=live.finished,
                        notes=notes, checked=checked)


def checked_seals(game: Game[Any], log: Log, every_digest: bool = True,
                  progress: Callable[[int], None] | None = None,
                  notes: tuple[str, ...] = ()) -> tuple[str, None] | tuple[None, Report]:
    """What verify checks before it re-decides anything: the chain, the seed against its
    commitment and, with `every_digest`, every secret digest. The seed where they hold;
    else the failed Report, or without a seed the report that says the rules could not
    be re-decided (the chain and every state the events fold to checked)."""
    broken = check_chain(log)
    if broken is not None:
        return None, _failed(broken, checked=(CHAIN,), notes=notes)
    seed, contradiction = known_seed(log.header, log.envelopes[-1].to_json())
    if contradiction is not None:
        return None, _failed(contradiction, checked=(CHAIN,), notes=notes)
    if seed is None:
        _, report = replay(game, log, progress=progress, every_state=True)
        return None, Report(ok=False, events=report.events, divergence=report.divergence, finished=report.finished,
                            notes=(NO_SEED, *notes), checked=(CHAIN,))
    if every_digest:
        keys = Keys.of(seed, log.header.game_id)
        edited = next(filter(None, (digest_problem(keys, envelope.to_json()) for envelope in log.envelopes)), None)
        if edited is not None:
            return None, _failed(edited, events=edited.seq - 1, checked=(CHAIN, SEED, DIGESTS), notes=notes)
    return seed, None


@dataclass(frozen=True, slots=True)
class Redecision:
    """A logged command decided again by the rules: the session before it (its first
    event is logged at index `before.version`) and the step the rules made of it."""

    before: Session[Any]
    step: Step[Any]


def redecisions(live: Session[Any], logged: Sequence[Envelope], seed: str, end: int,
                generator: type[Rng] = Rng) -> Iterator[Redecision | Divergence]:
    """Each logged command whose first event lies before index `end`, decided again
    with the seed from the session the rules led to (not the log), its generator made
    of the class `generator`. A Divergence ends it where an event follows from no
    logged command or the rules reject the command; the caller stops where the log
    does not hold what the rules made (first_difference)."""
    while live.version < end:
        first = logged[live.version]
        if first.command is None:
            yield Divergence(first.seq, NO_COMMAND)
            return
        try:
            command = command_from_json(live.game, dict(first.command))
            step = live.step(command, first.command_id, seed, generator)
        except (ValueError, RuleViolation) as error:
            yield Divergence(first.seq, f"{REJECTED}: {error}", actual=first.command)
            return
        yield Redecision(live, step)
        live = step.session


def first_difference(decided: Redecision, logged: Sequence[Envelope],
                     alike: Callable[[Envelope, Envelope], bool]) -> Divergence | None:
    """The first envelope the rules made for a command that the log does not hold
    `alike` at its place, with the state paths that differ after it."""
    position = decided.before.version
    for offset, made in enumerate(decided.step.envelopes):
        index = position + offset
        actual = logged[index] if index < len(logged) else None
        if actual is None or not alike(made, actual):
            return Divergence(made.seq, DIFFERS,
                              expected=made.to_json(), actual=None if actual is None else actual.to_json(),
                              state_diff=_diverging_states(decided.before, logged[position:index], made, actual))
    return None


def decided_facts(game: Game[Any], row: Mapping[str, Any]) -> tuple[Any, ...]:
    """What an event says happened, as another version of the rules must reproduce it:
    its type, its payload upcast to the current schema, its command id and command."""
    payload = row["payload"]
    if row["type"] in game.event_types:
        payload = upcast_payload(game, row["type"], payload, row["schema"])
    return row["type"], dict(payload), row["command_id"], row["command"]


class _OtherRules:
    """The wording of verify's divergences on a log written by another version of the
    rules, once its chain and every digest held: what this build's rules make
    differently is then a difference of the versions, not a sign of an edit."""

    def __init__(self, game: Game[Any], header: Header) -> None:
        self.game = game
        self.written = f"{header.ruleset} {header.ruleset_version}"
        self.deciding = f"{game.ruleset.name} {game.ruleset.version}"

    @property
    def note(self) -> str:
        return (f"the log was written by {self.written}, this is {self.deciding}: it verifies where the two decide "
                "alike; elsewhere, the release that wrote it re-decides it")

    def differs(self, made: Envelope, logged: Envelope | None) -> str:
        """Why the envelope this build's rules made is not the logged one."""
        if logged is None or decided_facts(self.game, made.to_json()) != decided_facts(self.game, logged.to_json()):
            return f"{self.deciding} decides this command differently from {self.written} ({UNTOUCHED})"
        return next((f"{what} differs: the log was written by {self.written} and this build's rules are "
                     f"{self.deciding}, whose {whose} ({UNTOUCHED})"
                     for name, what, whose in SEALED_APART if getattr(made, name) != getattr(logged, name)), DIFFERS)

    def explained(self, divergence: Divergence) -> Divergence:
        """verify's divergence, its reason told as a difference of the versions."""
        if divergence.expected is not None:
            actual = None if divergence.actual is None else Envelope.from_json(divergence.actual)
            reason = self.differs(Envelope.from_json(divergence.expected), actual)
        elif divergence.reason == NO_COMMAND:
            reason = (f"{self.deciding} does not make this event: it decides the command before it differently "
                      f"from {self.written} ({UNTOUCHED})")
        elif divergence.reason.startswith(REJECTED):
            error = divergence.reason.removeprefix(REJECTED).removeprefix(": ")
            reason = f"{self.deciding} refuses the logged command, which {self.written} accepted: {error} ({UNTOUCHED})"
        else:
            return divergence
        return dataclasses.replace(divergence, reason=reason)


def _identical(made: Envelope, logged: Envelope) -> bool:
    """Byte for byte, as canonical JSON: seals included."""
    return same_json(made.to_json(), logged.to_json())


def _diverging_states(before: Session[Any], agreed: Sequence[Envelope], made: Envelope,
                      actual: Envelope | None) -> tuple[str, ...]:
    """Where the state the rules lead to differs from the state the log leads to."""
    if actual is None:
        return ()
    base = before
    for envelope in agreed:  # the same facts as the rules': they apply
        base = base.apply(envelope)
    expected_state = base.apply(made).state
    try:
        actual_state = base.apply(actual).state
        return first_lines(state_diff(expected_state, actual_state))
    except (LogFormatError, *CANNOT_FOLLOW) as error:
        return (f"the logged event cannot be applied: {error}",)
