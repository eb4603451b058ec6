"""`tablerules`: serve, play, replay, verify, audit, export, import and fork.

replay, verify, audit and diff work on files alone (no server); play, export, import
and fork talk to a running server; schema and migrate work on a store.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

from tqdm import tqdm

from domain.games import REGISTRY
from domain.kernel import Header, Log, LogFormatError, OptionSpec, Report, parse_log, replay_lines
from domain.kernel.log import SEED_CHOSEN, header_of, parse_line
from domain.kernel.quoting import inert
from domain.kernel.tell import told_seen
from domain.kernel.upgrade import DecidedOtherwise, NothingToUpgrade, upgrade
from domain.kernel.words import Seats
from service import serverlog
from service.config import Settings
from tools.remote import client, operator_token

if TYPE_CHECKING:
    from service.schema import Policy
    from service.store import GameStore


class InertStream(io.TextIOBase):
    """A text stream that shows what is written inert: every character a terminal acts on
    but a newline is written as its escape (domain/kernel/quoting.py). Every command's
    output goes through one, since much of it quotes logs and server replies; what a
    command writes as data (a log) goes to `raw`."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(inert(text, lines=True))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True


def _raw(stream: TextIO) -> TextIO:
    """The stream beneath an InertStream: for data (a log written out) and a progress bar's own escapes."""
    return stream.raw if isinstance(stream, InertStream) else stream


@contextlib.contextmanager
def _progress(total: int, stream: TextIO) -> Iterator[Callable[[int], None] | None]:
    """A progress bar (tqdm) for long logs on a terminal, ended however the check ends; None otherwise."""
    stream = _raw(stream)
    if total < 1000 or not stream.isatty():
        yield None
        return
    # A terminal that reports no size (some ptys) would get no bar: shutil falls back to 80x24.
    size = shutil.get_terminal_size()
    with tqdm(total=total, unit="events", file=stream, ncols=size.columns, nrows=size.lines, mininterval=0.2) as bar:

        def show(done: int) -> None:
            bar.update(done - bar.n)
        yield show


def _read_lines(path: str) -> list[bytes]:
    try:
        with open(path, "rb") as handle:
            return [line for line in handle.read().splitlines() if line.strip()]
    except OSError as problem:
        raise SystemExit(f"cannot read {path}: {problem.strerror}") from None


@contextlib.contextmanager
def _log_file(path: str) -> Iterator[None]:
    """Turns a malformed log into a one-line exit message naming the file."""
    try:
        yield
    except LogFormatError as problem:
        raise SystemExit(f"{path} is not a tablerules log: {problem}") from None


def _read_log(path: str) -> Log:
    with _log_file(path):
        return parse_log(_read_lines(path))


def _game_of(header: Header) -> Any:
    game = REGISTRY.get(header.ruleset)
    if game is None:
        raise SystemExit(f"this build has no ruleset {header.ruleset!r}")
    return game


def _print_report(report: Report, out: TextIO, replayed: bool = False) -> None:
    """The verdict first: VERIFIED only where every command was re-decided by the rules."""
    verdict = "REPLAYED" if replayed and report.ok else report.verdict
    out.write(f"{verdict}: {report.events} events")
    if report.rules_checked:
        out.write(f", {report.commands} commands re-decided by the rules")
    out.write(f", game {'finished' if report.finished else 'unfinished'}\n")
    if report.checked:
        upto = "" if report.divergence is None else f", up to the first divergence (event {report.divergence.seq})"
        out.write(f"checked{upto}: {', '.join(report.checked)}\n")
    if replayed and report.ok:
        out.write("not checked: the rules (tablerules verify re-decides every command)\n")
    for note in report.notes:
        out.write(f"note: {note}\n")
    if report.divergence is not None:
        out.write("first divergence:\n" + report.divergence.describe() + "\n")


VERIFY_EXIT = {"VERIFIED": 0, "FAILED": 1, "CHAIN INTACT": 3}
"""tablerules verify's exit status: 3 where the log could not be re-decided (no seed)."""


def _stop(args: argparse.Namespace, problem: str) -> NoReturn:
    """Exit 2 with the problem on stderr: the command cannot start as configured."""
    print(f"tablerules {args.command}: {problem}", file=sys.stderr)
    raise SystemExit(2)


def _settings(args: argparse.Namespace) -> Settings:
    """Flags over environment over defaults; a bad value stops the command with a message naming it."""
    try:
        return Settings.from_env().overridden(vars(args))
    except ValueError as problem:
        _stop(args, str(problem))


T = TypeVar("T")


def _or_stop(args: argparse.Namespace, work: Callable[[], T]) -> T:
    """`work()`, or an exit naming what stands in the way of the server or a tool on its store
    (a port taken, a store that cannot be reached or used)."""
    from service.serve import CannotStart

    try:
        return work()
    except CannotStart as problem:
        _stop(args, str(problem))


def _open_store(args: argparse.Namespace, url: str, policy: Policy | None = None) -> GameStore:
    """The GameStore at `url` with its schema as `policy` says (default: the store's own), or an exit
    naming what stands in the way."""
    from service.serve import open_store

    return _or_stop(args, lambda: open_store(url, policy))


def cmd_serve(args: argparse.Namespace) -> int:
    from service.serve import serve

    settings = _settings(args)
    return _or_stop(args, lambda: serve(settings))


def cmd_replay(args: argparse.Namespace) -> int:
    lines = _read_lines(args.file)
    with _log_file(args.file):
        # The listing needs every envelope parsed; the summary folds straight from the lines.
        log = None if args.summary else parse_log(lines)
        header = log.header if log is not None else header_of(lines)
        game = _game_of(header)
        upto = args.upto or None
        events = len(lines) - 1
        total = events if upto is None else min(upto, events)
        with _progress(total, sys.stderr) as progress:
            session, report = replay_lines(game, lines, upto, progress, args.every_state)
    seats = Seats(tuple(header.seats))
    for envelope in log.envelopes[:total] if log is not None else ():
        told = told_seen(game, envelope, envelope.payload, seats)
        if args.json:
            print(json.dumps({"seq": envelope.seq, "type": envelope.type, "rule": envelope.rule, "text": told,
                              "payload": dict(envelope.payload)}, sort_keys=True))
        else:
            print(f"{envelope.seq:>6}  {told}  [{envelope.rule}]")
    _print_report(report, sys.stdout, replayed=True)
    if session is not None:
        status = game.status(session.state)
        print(f"status: {status.summary or ('finished' if status.finished else 'in progress')}"
              f"{'; winners: ' + ', '.join(map(str, status.winners)) if status.winners else ''}")
    return 0 if report.ok else 1


def cmd_verify(args: argparse.Namespace) -> int:
    from service.releases import verify_log

    log = _read_log(args.file)
    with _progress(len(log.envelopes), sys.stderr) as progress:
        report = verify_log(_game_of(log.header), log, progress=progress)
    _print_report(report, sys.stdout)
    return VERIFY_EXIT[report.verdict]


MAX_VIEWED_LOG_BYTES = 256 * 1024 * 1024
"""The largest log file `tablerules view` opens (a game of 100,000 events is some 60 MB)."""


def cmd_view(args: argparse.Namespace) -> int:
    """Serve the web viewer for a log file or a live game until interrupted."""
    from tools.viewer.live import LiveTimeline
    from tools.viewer.timeline import Timeline, Unviewable, load
    from tools.viewer.web import NotBuilt, ViewerServer

    if (args.file is None) == (args.game is None):
        print("tablerules view: give a log file, or --game ID for a live game (not both)", file=sys.stderr)
        return 2
    source: Timeline | LiveTimeline
    if args.file is not None:
        try:
            if os.path.getsize(args.file) > MAX_VIEWED_LOG_BYTES:
                print(f"tablerules view: {args.file} is larger than {MAX_VIEWED_LOG_BYTES // 2**20} MiB",
                      file=sys.stderr)
                return 2
            with open(args.file, "rb") as handle:
                source = load(handle.read())
        except OSError as problem:
            print(f"tablerules view: cannot read {args.file}: {problem.strerror}", file=sys.stderr)
            return 2
        except Unviewable as problem:
            print(f"tablerules view: {args.file} cannot be drawn: {problem}", file=sys.stderr)
            return 1
        broken = source.check.broken
        if broken is None:
            print(f"{args.file}: {source.check.verdict}, {source.last_seq} events to show", flush=True)
        else:
            where = f"line {broken.line} (event {broken.seq})" if broken.line else f"event {broken.seq}"
            print(f"{args.file}: FAILED at {where}: {broken.reason}; "
                  f"{f'the {source.last_seq} events before it' if source.last_seq else 'no event'} to show",
                  flush=True)
    else:
        source = LiveTimeline(args.address, args.game, args.token)
    try:
        server = ViewerServer(source, port=args.port)
    except NotBuilt as problem:
        print(f"tablerules view: {problem}", file=sys.stderr)
        return 2
    print(f"viewer on {server.url} (loopback only; Ctrl-C stops it)", flush=True)
    try:
        server.http.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def cmd_audit(args: argparse.Namespace) -> int:
    """Every shuffle, draw and roll derived again from the seed (exit 0 as logged, 1 not, 3 cannot audit: no
    seed, or rules of another version that decide the log otherwise)."""
    from domain.kernel.chance_audit import EXIT_STATUS, audit_chance

    log = _read_log(args.file)
    with _progress(len(log.envelopes), sys.stderr) as progress:
        audit = audit_chance(_game_of(log.header), log, progress=progress)
    print(json.dumps(audit.to_json()) if args.json else audit.describe())
    return EXIT_STATUS[audit.verdict]


def cmd_diff(args: argparse.Namespace) -> int:
    """Where two logs of one game part (exit 0 identical, 1 they differ)."""
    from tools.logdiff import diff_logs

    a, b = _read_log(args.a), _read_log(args.b)
    found = diff_logs(_game_of(a.header), a, b)
    print(found.describe())
    return 0 if found.identical else 1


UPGRADE_EXIT = {"written": 0, "nothing to do": 0, "damaged": 1, "decided otherwise": 3}
"""`tablerules upgrade`'s exit statuses (docs/log-format.md, "Versions and upgrades")."""


def _option_json(option: OptionSpec) -> dict[str, object]:
    return {"name": option.name, "default": option.default, "description": option.description,
            "rulebook": option.rulebook, "house_rule": option.house_rule, "choices": list(option.choices),
            "minimum": option.minimum, "maximum": option.maximum}


def _allowed(option: OptionSpec) -> str:
    if option.choices:
        return "one of " + ", ".join(option.choices)
    if isinstance(option.default, bool):
        return "true or false"
    if isinstance(option.default, int):
        low = "" if option.minimum is None else str(option.minimum)
        high = "" if option.maximum is None else str(option.maximum)
        return f"a whole number {low}..{high}" if low or high else "a whole number"
    return "text"


def cmd_rulesets(args: argparse.Namespace) -> int:
    """This build's games: seats, version, where their rules are written, and each option."""
    rulesets = [game.ruleset for _, game in sorted(REGISTRY.items())]
    if args.json:
        print(json.dumps([{"name": r.name, "title": r.title, "version": r.version, "min_seats": r.min_seats,
                           "max_seats": r.max_seats, "contents": list(r.contents),
                           "rules": f"domain/games/{r.member}/RULES.md",
                           "options": [_option_json(o) for o in r.all_options]} for r in rulesets], indent=2))
        return 0
    for ruleset in rulesets:
        print(f"{ruleset.title} (--ruleset {ruleset.name}, version {ruleset.version}): {ruleset.min_seats} to "
              f"{ruleset.max_seats} seats; its rules and readings: domain/games/{ruleset.member}/RULES.md")
        for option in ruleset.all_options:
            default = json.dumps(option.default)
            print(f"  --option {option.name}={default}  ({_allowed(option)})")
            print(textwrap.fill(option.labelled, width=100, initial_indent=" " * 6, subsequent_indent=" " * 6))
        print()
    print("An option is given as --option NAME=VALUE to `tablerules play`, or in CreateGame's options.")
    return 0


def cmd_upgrade(args: argparse.Namespace) -> int:
    from service.releases import ReleaseError, release_for, upgraded_by_release

    lines = _read_lines(args.file)
    with _log_file(args.file):
        header = parse_line(lines[0], 1) if lines else {}
    game = REGISTRY.get(header.get("ruleset", "")) if isinstance(header, dict) else None
    if game is None:
        raise SystemExit(f"{args.file}: not a log of a ruleset this build has")
    current = f"{game.ruleset.name} {game.ruleset.version}"
    try:
        text, made = upgrade(game, lines).text(), f"log format 2, {current}; every command decided again"
    except NothingToUpgrade as problem:
        print(f"{args.file}: {problem}; no file written", file=sys.stderr)
        return UPGRADE_EXIT["nothing to do"]
    except DecidedOtherwise as problem:
        written_by = f"{header.get('ruleset')} {header.get('ruleset_version')}"
        release = release_for(str(header.get("ruleset")), str(header.get("ruleset_version")))
        if release is None:
            print(f"{args.file} cannot be upgraded to {current}, which decides its game otherwise: {problem}. "
                  f"Its seals hold: the log is intact, and stays the game {written_by} decided.",
                  file=sys.stderr)
            return UPGRADE_EXIT["decided otherwise"]
        if header.get("format_version") != 1:
            print(f"{args.file} cannot be upgraded to {current}, which decides its game otherwise: {problem}. "
                  f"Its seals hold and it is already in log format 2: `tablerules verify {args.file}` re-decides "
                  f"it by {written_by}, the rules that wrote it ({release.name}, archived in domain/releases).",
                  file=sys.stderr)
            return UPGRADE_EXIT["decided otherwise"]
        try:
            text = upgraded_by_release(release, lines)
        except ReleaseError as failed:
            print(f"{args.file} cannot be upgraded: {current} decides its game otherwise ({problem}), and {failed}",
                  file=sys.stderr)
            return UPGRADE_EXIT["decided otherwise"]
        made = (f"log format 2, still {written_by}: {current} decides its game otherwise, so {release.name}, the "
                "archived rules that wrote it, re-decided and sealed it; tablerules verify checks it by that release")
    except LogFormatError as problem:
        print(f"{args.file} cannot be upgraded: {problem}", file=sys.stderr)
        return UPGRADE_EXIT["damaged"]
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out} ({made})")
    else:
        _raw(sys.stdout).write(text)
    return UPGRADE_EXIT["written"]


def cmd_schema(args: argparse.Namespace) -> int:
    """`schema upgrade`: create or upgrade the store's schema, saying what it did; `schema status`:
    where it stands (exit 0 up to date, 1 not)."""
    from service.schema import Policy
    from service.serve import reached
    from service.store import is_shared, public_url, schema_status, upgrade_schema

    url = _settings(args).storage_url()
    where = public_url(url)
    if url == "memory:":
        _stop(args, "memory: keeps nothing, so it has no schema")
    if args.action == "status" and not is_shared(url) and not Path(url.removeprefix("sqlite:///")).exists():
        print(f"{where}: no such file (the server creates it, with its schema, on first start)")
        return 1
    before = _or_stop(args, lambda: reached(url, schema_status))
    if args.action == "status":
        print(f"{where}: {before.describe()}")
        for done in before.history:
            print(f"  version {done.version}, applied {done.applied_at}: {done.description}")
        return 0 if before.refusal(Policy.CURRENT) is None else 1
    applied = _or_stop(args, lambda: reached(url, upgrade_schema))
    if not applied:
        print(f"{where}: {before.describe()}; nothing to do")
        return 0
    print(f"{where}: schema upgraded from version {before.version} to {applied[-1].version}")
    for step in applied:
        print(f"  applied version {step.version}: {step.description}")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from service.migrate import migrate
    from service.schema import Policy

    source = _open_store(args, args.source, Policy.EXISTING)
    try:
        # The target is new and empty: filling it includes making its tables.
        target = _open_store(args, args.target, Policy.UPGRADE)
    except SystemExit:
        source.close()
        raise
    try:
        if next(target.game_ids(), None) is not None:
            raise SystemExit(f"{args.target} already holds games: migrate into a new, empty store")
        done = migrate(source, target, lambda game_id: print(f"moved {game_id}", file=sys.stderr))
    finally:
        source.close()
        target.close()
    print(f"{done.upgraded} games upgraded to the current format and rules, {done.copied} copied as they were, "
          f"{len(done.failed)} not moved")
    for line in done.failed:
        print(f"not moved: {line}")
    return 1 if done.failed else 0


def cmd_import_cards(args: argparse.Namespace) -> int:
    from tools.cardimport import convert_guardians

    source = Path(args.source)
    if not (source / "carddata.tsv").is_file():
        raise SystemExit(f"{source}: no carddata.tsv (see the data's README.md)")
    if args.out:
        out = Path(args.out)
    else:
        import domain.games.guardians.cards as guardians_cards

        out = Path(guardians_cards.__file__).parent
    summary = convert_guardians(source, out)
    for line in summary.lines():
        print(line)
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """A game's cards, filtered: one block each (its numbers and what its text does), or
    the raw records as JSON."""
    from domain.games.guardians.card_words import card_block
    from domain.games.guardians.cards import CARDS, card_to

    wanted_set, wanted_class, wanted_name = (args.set or "").upper(), (args.card_class or "").lower(), args.name or ""
    chosen = [item for item in CARDS.values()
              if (not wanted_set or item.set == wanted_set) and (not args.kind or item.kind == args.kind)
              and (not wanted_class or wanted_class in item.classes)
              and wanted_name.lower() in item.name.lower()]
    if args.json:
        print(json.dumps([card_to(item) for item in chosen], indent=1, sort_keys=True))
        return 0
    for item in chosen:
        print(card_block(item))
    print(f"{len(chosen)} of {len(CARDS)} cards")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    chunks = client(args).export_log_chunks(args.game_id, operator_token(args))
    if not args.out:
        for chunk in chunks:
            _raw(sys.stdout).write(chunk)
        return 0
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")  # the file appears whole or not at all
    lines = 0
    with partial.open("w", encoding="utf-8") as handle:  # written as it comes: a long log is never held whole
        for chunk in chunks:
            handle.write(chunk)
            lines += chunk.count("\n")
    partial.replace(out)
    print(f"wrote {args.out} ({lines - 1} events)")
    return 0


def _print_seats(response: Any) -> None:
    print(f"game {response.game_id} at version {response.version}")
    for seat in response.seats:
        print(f"  seat {seat.seat} ({seat.name}): token {seat.token}")


def cmd_import(args: argparse.Namespace) -> int:
    response = client(args).import_log(Path(args.file).read_text(encoding="utf-8"))
    _print_seats(response)
    if not response.finished:
        print(f"note: {SEED_CHOSEN}")
    return 0


def cmd_fork(args: argparse.Namespace) -> int:
    response = client(args).fork(args.at, log_jsonl=Path(args.file).read_text(encoding="utf-8"))
    _print_seats(response)
    print(f"note: {SEED_CHOSEN}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from tools.play import play

    return play(args)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="tablerules", description="event-sourced rules service for tabletop games")
    sub = top.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the gRPC server (default 127.0.0.1:50051, SQLite in ./data/)")
    serve.add_argument("--host", help="address to listen on (TABLERULES_HOST)")
    serve.add_argument("--port", type=int, help="port, 0 for any free one (TABLERULES_PORT)")
    serve.add_argument("--data-dir", help="directory for the SQLite file and operator token (TABLERULES_DATA_DIR)")
    serve.add_argument("--storage", help="memory:, sqlite:///FILE or postgresql://... (TABLERULES_STORAGE)")
    serve.add_argument("--workers", type=int,
                       help="threads for calls' blocking work: store reads, views, logs (TABLERULES_WORKERS)")
    serve.add_argument("--max-request-bytes", type=int,
                       help="largest request accepted, an inline log included (TABLERULES_MAX_REQUEST_BYTES, "
                            "default 4 MiB)")
    serve.add_argument("--log-workers", type=int, help="processes that check logs (TABLERULES_LOG_WORKERS, default 1)")
    serve.add_argument("--log-waiting", type=int,
                       help="log checks that may wait for a worker; more are refused (TABLERULES_LOG_WAITING, "
                            "default 4)")
    serve.add_argument("--log-memory-mb", type=int,
                       help="memory one log check may use (TABLERULES_LOG_MEMORY_MB, default 1024)")
    serve.add_argument("--log-seconds", type=int,
                       help="time one log check may take for each MiB of its log, one at least; a longer one is "
                            "stopped (TABLERULES_LOG_SECONDS, default 10)")
    serve.add_argument("--log-per-caller", type=int,
                       help="log checks one caller (an address) may have admitted at once; more are refused "
                            "(TABLERULES_LOG_PER_CALLER, default 2)")
    serve.add_argument("--metrics-port", type=int,
                       help="serve Prometheus metrics at http://HOST:PORT/metrics (TABLERULES_METRICS_PORT, "
                            "default 0: none)")
    serve.add_argument("--grace-seconds", type=int,
                       help="on SIGTERM or SIGINT, the time calls under way have to finish (TABLERULES_GRACE_SECONDS, "
                            "default 10)")
    serve.add_argument("--stream-interval-ms", type=int,
                       help="the least time between two messages of one game to one event stream; changes meanwhile "
                            "go together (TABLERULES_STREAM_INTERVAL_MS, default 15; 0: a message per change)")
    serve.add_argument("--max-game-events", type=int,
                       help="a game this long takes no more commands (RESOURCE_EXHAUSTED), and no longer log is "
                            "imported or forked (TABLERULES_MAX_GAME_EVENTS, default 50000)")
    serve.add_argument("--heavy-calls", type=int,
                       help="pieces of exports and catch-ups of long games worked on at once (in so many worker "
                            "processes), and whole logs held at once (TABLERULES_HEAVY_CALLS, default 2)")
    serve.add_argument("--heavy-waiting", type=int,
                       help="exports and catch-ups under way besides those, their pieces waiting their turn; more "
                            "are refused (TABLERULES_HEAVY_WAITING, default 32)")
    serve.add_argument("--log-requests", action="store_const", const="1",
                       help="a log line per request: method, game, code, time (TABLERULES_LOG_REQUESTS; default off)")
    serve.add_argument("--log-format", choices=serverlog.FORMATS,
                       help="stderr log: json, one object per line (default), or text (TABLERULES_LOG_FORMAT)")
    serve.set_defaults(run=cmd_serve)

    diff = sub.add_parser("diff", help="show where two logs of one game part, with the state difference there "
                          "(exit 0 identical, 1 they differ)")
    diff.add_argument("a", help="a log file (A)")
    diff.add_argument("b", help="another log of the same game (B)")
    diff.set_defaults(run=cmd_diff)
    for name, helptext, handler in (("replay", "print a log step by step and check its hashes", cmd_replay),
                                    ("verify", "re-decide every command of a log (exit 0 verified, 1 divergence, "
                                     "3 chain intact but no seed: rules not re-checked)",
                                     cmd_verify)):
        command = sub.add_parser(name, help=helptext)
        command.add_argument("file")
        if name == "replay":
            command.add_argument("--upto", type=int, default=0, help="stop after this many events")
            command.add_argument("--summary", action="store_true", help="print only the outcome")
            command.add_argument("--json", action="store_true",
                                 help="each event as a JSON line (seq, type, rule, text, payload), not a sentence")
            command.add_argument("--every-state", action="store_true",
                                 help="compare the state with every event's state_hash (default: every 128th "
                                      "and the last; verify always compares every one)")
        command.set_defaults(run=handler)

    audit = sub.add_parser("audit", help="derive every shuffle, draw and roll of a finished log again from its seed "
                                         "(exit 0 chance matches, 1 it differs or the log fails, 3 cannot audit: no "
                                         "seed, or rules of another version that decide the log otherwise)")
    audit.add_argument("file")
    audit.add_argument("--json", action="store_true", help="one JSON object: verdict, what was checked, the seed's "
                                                           "provenance, each command's draws and events")
    audit.set_defaults(run=cmd_audit)

    def remote(name: str, helptext: str) -> argparse.ArgumentParser:
        command = sub.add_parser(name, help=helptext)
        command.add_argument("--address", default=os.environ.get("TABLERULES_ADDRESS", "127.0.0.1:50051"))
        return command

    viewed = remote("view", "draw a log, or a live game (--game), in the browser: a page on 127.0.0.1")
    viewed.add_argument("file", nargs="?", help="a log file (.jsonl)")
    viewed.add_argument("--game", help="follow this live game on the server at --address instead")
    viewed.add_argument("--token", help="with --game: a seat token, to see that seat's view (default: spectator)")
    viewed.add_argument("--port", type=int, default=0, help="the page's port (default: any free one)")
    viewed.set_defaults(run=cmd_view)

    upgraded = sub.add_parser("upgrade", help="bring a log of format 1, or of an earlier version of its rules, to "
                                              "the current format and rules (it must carry its seed)")
    upgraded.add_argument("file")
    upgraded.add_argument("--out", help="file to write (default: standard output)")
    upgraded.set_defaults(run=cmd_upgrade)

    schema = sub.add_parser("schema", help="create or upgrade a store's tables (PostgreSQL: before the first "
                                           "`tablerules serve` and after an upgrade of tablerules), or show "
                                           "their version (docs/operations.md)")
    schema.add_argument("action", choices=("upgrade", "status"),
                        help="upgrade: create the tables or bring them to this release's version, saying what was "
                             "done (idempotent); status: the version recorded (exit 0 up to date, 1 not)")
    schema.add_argument("--storage", help="sqlite:///FILE or postgresql://... (TABLERULES_STORAGE; default: SQLite "
                                          "in --data-dir)")
    schema.add_argument("--data-dir", help="the server's data directory (TABLERULES_DATA_DIR)")
    schema.set_defaults(run=cmd_schema)

    moved = sub.add_parser("migrate", help="copy a store's games into a new store in the current format and rules "
                                           "(stop the server first; docs/operations.md)")
    moved.add_argument("--from", dest="source", required=True, help="the old store: sqlite:///FILE or postgresql://...")
    moved.add_argument("--to", dest="target", required=True, help="a new, empty store")
    moved.set_defaults(run=cmd_migrate)

    cards = sub.add_parser("import-cards", help="convert a game's public card data into its content files "
                                              "(facts and structured abilities, never the card texts)")
    cards.add_argument("game", choices=("guardians",))
    cards.add_argument("--source", required=True, help="the data folder (for guardians: carddata.tsv and decks/)")
    cards.add_argument("--out", help="where to write (default: the game's package, domain/games/guardians)")
    cards.set_defaults(run=cmd_import_cards)

    from domain.games.guardians.cards import KINDS, SETS

    listing = sub.add_parser("cards", help="list a game's cards to build decks from: each with its numbers and what "
                                           "its text does in our words (filters combine)")
    listing.add_argument("game", choices=("guardians",))
    listing.add_argument("--set", choices=[*SETS, *(code.lower() for code in SETS)], help="one set: " + ", ".join(SETS))
    listing.add_argument("--kind", choices=KINDS, help="one kind of card")
    listing.add_argument("--class", dest="card_class", metavar="CLASS",
                         help="creatures of one class (knight, undead, 'slag beast', ...)")
    listing.add_argument("--name", help="cards whose name holds this text (any case)")
    listing.add_argument("--json", action="store_true", help="the chosen cards' raw records as a JSON list")
    listing.set_defaults(run=cmd_cards)

    export = remote("export", "write a game's log (operator token from ./data/operator.token)")
    export.add_argument("game_id")
    export.add_argument("--out", help="file to write (default: standard output)")
    export.add_argument("--token", help="operator or seat token")
    export.add_argument("--data-dir", help="where the server keeps operator.token")
    export.set_defaults(run=cmd_export)

    imported = remote("import", "store a log as a new game (continuable if it carries its seed)")
    imported.add_argument("file")
    imported.set_defaults(run=cmd_import)

    fork = remote("fork", "start a new live game from the first N events of a log")
    fork.add_argument("file")
    fork.add_argument("--at", type=int, required=True, help="number of events to keep (at least 2)")
    fork.set_defaults(run=cmd_fork)

    play = remote("play", "play a game in the terminal: seats in turn, or against random bots")
    play.add_argument("--ruleset", default="armory", help="the game (tablerules rulesets lists them; default armory)")
    play.add_argument("--seats", type=int, default=2, help="number of seats (default 2)")
    play.add_argument("--names", default="", help="the seats' names, comma-separated (default seat-1, seat-2, ...; "
                                                  "sets the number of seats)")
    play.add_argument("--bots", default="", help="seats played by a random bot, e.g. 2 or 2,3")
    play.add_argument("--all-bots", action="store_true", help="bots on every seat (a demonstration)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option, repeatable (tablerules rulesets lists each game's)")
    play.add_argument("--seed", default="", help="fixed seed for a reproducible game (the operator's token)")
    play.add_argument("--bot-seed", type=int, default=0, help="seed of the bots' choices (default 0)")
    play.add_argument("--bot-style", choices=("eager", "types", "uniform", "aggressive"), default="eager",
                      help="eager (default): often the first listed move, else as types; types: a command "
                           "type, then a command of it; uniform: any legal command; aggressive: mostly a Step "
                           "toward the opponent's side of a grid board (guardians), else as types; in a game "
                           "of figures and foes (kings-armory) an attack or special, else a Step toward the "
                           "nearest foe, ending a turn last")
    play.add_argument("--game", help="join an existing game (with --token)")
    play.add_argument("--token", help="your seat token for --game")
    play.add_argument("--export", help="write the finished game's log here")
    play.add_argument("--data-dir", help="where the server keeps operator.token (for --export)")
    play.add_argument("--max-commands", type=int, default=100000, help="stop after this many commands")
    play.add_argument("--quiet", action="store_true", help="print only the outcome")
    play.add_argument("--full", action="store_true", help="show your whole view at each move, not a few lines")
    play.add_argument("--delay", type=float, default=0.0, metavar="SECONDS",
                      help="pause after each bot move, to follow a bots' game (default 0)")
    play.set_defaults(run=cmd_play)

    listed = sub.add_parser("rulesets", help="the games this build plays: seats, versions and every option with "
                                             "its default and where it comes from (the rulebook or a house rule)")
    listed.add_argument("--json", action="store_true", help="the same as a JSON list")
    listed.set_defaults(run=cmd_rulesets)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from tablerules_client import ServiceCallError

    try:
        with contextlib.redirect_stdout(InertStream(sys.stdout)), contextlib.redirect_stderr(InertStream(sys.stderr)):
            try:
                code: int = args.run(args)
            except ServiceCallError as error:
                print(f"error: {error}", file=sys.stderr)
                return 2
            except SystemExit as stop:
                if isinstance(stop.code, str):  # Python prints it: shown inert, as it may quote the log
                    raise SystemExit(inert(stop.code, lines=True)) from None
                raise
    except BrokenPipeError:
        # The reader went away (`tablerules audit log | head`): no traceback, and no second
        # error when Python flushes standard output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
