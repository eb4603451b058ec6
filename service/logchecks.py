"""What ReplayLog, VerifyLog, ImportLog and ForkGame work out from a log's text.

Each is a function of the text alone, so that it can run in a log job's worker
process (service/logjobs.py): its arguments and results are plain values that
cross a process boundary, and the refusals it raises are ServiceErrors, which do
too. Import and fork check the log here; the service then stores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games import REGISTRY
from domain.kernel import (
    SPECTATOR,
    Game,
    Header,
    Log,
    LogFormatError,
    Report,
    Session,
    Status,
    known_seed,
    parse_log,
    replay_lines,
    revealed_seed,
    to_plain,
)
from domain.kernel.audit import NO_SEED, verified
from domain.kernel.fairness import Contributions
from domain.kernel.log import header_of, parse_line
from domain.kernel.messages import from_plain
from domain.kernel.quoting import quoted
from domain.kernel.seal import Keys, state_hash
from service.errors import InvalidArgument, Rejected
from service.releases import verify_log


def game_named(name: str) -> Game[Any]:
    game = REGISTRY.get(name)
    if game is None:
        raise InvalidArgument("ruleset", f"no ruleset named {quoted(name)}; known: {', '.join(sorted(REGISTRY))}")
    return game


def parsed(text: str) -> tuple[Game[Any], Log]:
    """The log in `text` and its ruleset; InvalidArgument names what is malformed."""
    try:
        log = parse_log(text.splitlines())
    except LogFormatError as problem:
        raise InvalidArgument("log_jsonl", str(problem)) from None
    return game_named(log.header.ruleset), log


def _refusal(report: Report) -> str:
    """Why a log was refused, in one bounded line (the report's full details come from VerifyLog)."""
    reason = NO_SEED if report.divergence is None else f"event {report.divergence.seq}: {report.divergence.reason}"
    return reason if len(reason) <= 1000 else reason[:1000] + "..."


@dataclass(frozen=True, slots=True)
class Replayed:
    ruleset: str
    report: Report
    state_hash: str
    """Keyed by the seed: empty where the log does not carry it."""
    status: Status | None = None
    view: Any = None
    """What a spectator sees at that point; None unless the replay succeeded."""


@dataclass(frozen=True, slots=True)
class Adoptable:
    """A log that verified, and the session the rules lead to after its first
    `version` events, as plain values (a new game is made of them)."""

    seed: str
    state: Any
    """As plain JSON."""
    version: int
    last_hash: str
    finished: bool
    contributions: Contributions | None

    def session(self, game: Game[Any], log: Log) -> Session[Any]:
        return Session(game, log.header, from_plain(game.state_type, self.state), self.version, self.last_hash,
                       self.finished, self.contributions)


def replayed(text: str, upto: int) -> Replayed:
    """The log folded (up to `upto` events; 0: all), with what a spectator sees then."""
    if upto < 0:
        raise InvalidArgument("upto", "must be 0 (the whole log) or more")
    # Folded from the lines as sent: no parse and re-encoding first (a line need not
    # even be canonical JSON for the fold to report where it breaks).
    rows = [line for line in text.splitlines() if line.strip()]
    try:
        header = header_of(rows)
        game = game_named(header.ruleset)
        session, report = replay_lines(game, rows, upto or None)
        seed, _ = known_seed(header, parse_line(rows[-1], len(rows)) if len(rows) > 1 else None)
    except LogFormatError as problem:
        raise InvalidArgument("log_jsonl", str(problem)) from None
    if session is None:
        return Replayed(game.ruleset.name, report, "")
    keyed = "" if seed is None else state_hash(Keys.of(seed, header.game_id), session.version, session.state)
    try:
        status, shown = session.status(), game.view(session.state, SPECTATOR)
    except Exception as problem:  # events no rule produced fold to any state at all
        # An unkeyed log proves only its chain: its payloads may hold what no rule makes.
        raise InvalidArgument("log_jsonl", f"the events fold to a position the rules cannot show "
                              f"(event data that no rule produces: {type(problem).__name__})") from None
    return Replayed(game.ruleset.name, report, keyed, status, shown)


def verified_report(text: str) -> Report:
    game, log = parsed(text)
    return verify_log(game, log)


def check_servable(game: Game[Any], header: Header, refused: str) -> None:
    """Rejected unless this server's rules are the ones that wrote the log: a server
    continues a game only under the rules that decided it (docs/log-format.md,
    "Versions and upgrades"), so a game of other rules, stored, would answer nothing
    but 'run tablerules migrate' from the next restart on."""
    version = game.ruleset.version
    if header.ruleset_version != version:
        raise Rejected("log", f"the log cannot be {refused}: it was written by {game.ruleset.name} "
                              f"{quoted(header.ruleset_version)} and this server runs {game.ruleset.name} {version}, "
                              "whose games go on only under their own rules; upgrade it first (`tablerules upgrade "
                              f"FILE --out NEW` decides every command again under {version} and seals it anew, where "
                              "they decide alike), then send the upgraded log")


def _adoptable(game: Game[Any], log: Log, upto: int | None, refused: str) -> Adoptable:
    check_servable(game, log.header, refused)
    session, report = verified(game, log, upto=upto)
    seed = revealed_seed(log)
    if session is None or seed is None:
        raise Rejected("log", f"the log cannot be {refused}: {_refusal(report)}")
    return Adoptable(seed, to_plain(session.state), session.version, session.last_hash, session.finished,
                     session.contributions)


def importable(text: str) -> Adoptable:
    """The whole log, if it verifies: every command re-decided."""
    game, log = parsed(text)
    return _adoptable(game, log, None, "imported")


def forkable(text: str, at: int) -> Adoptable:
    """The log's first `at` events, if they verify (and the chain of the whole log does),
    end between two commands and leave a game to play on."""
    game, log = parsed(text)
    envelopes = log.envelopes
    if not 2 <= at <= len(envelopes):
        raise InvalidArgument("at", f"must be between 2 and {len(envelopes)} (the log's length)")
    started = [e.seq for e in envelopes[:at] if e.command is not None]
    if at < len(envelopes) and envelopes[at].command is None and started:
        # The live game would resume from a state no command left behind: re-deciding
        # its log would then disagree with it. Name the boundaries on either side. (A
        # log with no command before `at` is no genuine log: verification refuses it.)
        first = started[-1]
        last = next((e.seq - 1 for e in envelopes[at:] if e.command is not None), len(envelopes))
        choices = " or ".join(f"at={n}" for n in (first - 1, last) if n >= 2)
        raise InvalidArgument("at", f"event {at} is inside the events of one command (events {first} to {last}); "
                                    f"a fork starts between commands: {choices}")
    if revealed_seed(log) is None:
        raise Rejected("fork", "the log carries no seed (export it as the operator, or fork a finished game)")
    adoptable = _adoptable(game, log, at, "forked")
    if adoptable.finished:
        raise Rejected("fork", f"the game had already ended at event {at}: nothing to play from there")
    if adoptable.contributions is not None and not adoptable.contributions.complete:
        # The forked seats would have to reveal values committed by the original seats.
        raise Rejected("fork", f"the game had not started at event {at} (the seats' randomness was still being "
                               "collected): fork at or after the event that started it")
    return adoptable
