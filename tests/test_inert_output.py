"""Strings from logs and requests are shown inert (issue 27, "A tampered log can show
VERIFIED on a terminal"): a forged log whose header carried "erase the line, write
VERIFIED" made a failing `tablerules verify` show only "VERIFIED: ...". Every string
a log or a request holds reaches a terminal, the server's log or the viewer with its
control, escape and format characters written as escapes. Each header field and each
payload field of every event type is tried with escape sequences in it."""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from domain.games import REGISTRY
from domain.kernel import Envelope, Log, parse_log
from domain.kernel.quoting import inert
from service.calls import Call
from service.serverlog import JsonLines, TextLines
from tests.forgery import leaves, resealed_from, with_leaf
from tools.cli import main
from tools.viewer.timeline import Unviewable, load
from tools.viewer.web import shown

BASE = Path(__file__).resolve().parent.parent / "replays" / "swordplay" / "2p-last-hero-standing.jsonl"
TAINT = "\x1b[2K\r\x1b[1AVERIFIED: \u202etsil\x07\x9b31m\U000e0041\u2028"
"""Erase the line and write over the one before, a right-to-left override, a bell, a C1
control sequence introducer, an invisible tag character, a line separator."""


def acts(text: str) -> list[str]:
    """The characters in `text` that a terminal or a reader of the text acts on (a newline aside)."""
    return sorted({c for c in text if not c.isprintable() and c != "\n"})


def test_inert_escapes_what_a_terminal_acts_on_and_keeps_the_rest() -> None:
    assert inert("plain text, ü, 漢字") == "plain text, ü, 漢字"
    assert inert("\x1b[31m") == "\\u001b[31m"
    assert inert("a\u202eb\x9bc\U000e0041") == "a\\u202eb\\u009bc\\udb40\\udc41"
    assert inert("one\ntwo") == "one\\u000atwo"
    assert inert("one\ntwo\r", lines=True) == "one\ntwo\\u000d"
    assert not acts(inert(TAINT))
    # Within a JSON string the escapes stand for the very characters they replaced.
    assert json.loads(f'"{inert(TAINT)}"') == TAINT


# -- forged logs --------------------------------------------------------------------------


def _header_variants(log: Log, reseal: bool = True) -> Iterator[tuple[str, Log]]:
    """The log with each string of its header (and GameCreated, which repeats it) tainted,
    resealed by somebody who knows the seed (or not)."""
    header = log.header.to_json()
    paths = [path for path in leaves(header) if isinstance(_at(header, path), str) and path[0] != "format"]
    added = {("options", f"key{TAINT}"): {**header, "options": {**header["options"], f"key{TAINT}": TAINT}},
             ("seed",): {**header, "seed": TAINT}}
    for path in [*paths, *added]:
        tainted = added.get(path) or with_leaf(header, path, lambda value: f"{value}{TAINT}")
        created = {key: value for key, value in tainted.items() if key not in ("format", "format_version", "seed")}
        first = dataclasses.replace(log.envelopes[0], payload=created)
        edited = Log(header=dataclasses.replace(log.header, **_header_fields(tainted)),
                     envelopes=(first, *log.envelopes[1:]))
        yield f"header {'.'.join(map(str, path))}", resealed_from(edited, edited.envelopes, 0) if reseal else edited


def _header_fields(data: dict[str, Any]) -> dict[str, Any]:
    fields = {key: data[key] for key in ("game_id", "ruleset", "ruleset_version", "options", "content",
                                         "seed_commitment", "created_at", "seed_chosen")}
    return {**fields, "seats": tuple(data["seats"]), "seed": data.get("seed")}


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _payload_variants(log: Log) -> Iterator[tuple[str, Log]]:
    """For each event type, the log with every string of each of its payloads tainted
    (and one variant with the envelope's own strings: rule, command id, command), resealed."""
    def tainted(value: Any) -> Any:
        for path in leaves(value):
            if isinstance(_at(value, path), str):
                value = with_leaf(value, path, lambda text: f"{text}{TAINT}")
        return value

    for kind in sorted({e.type for e in log.envelopes}):
        edited = [dataclasses.replace(e, payload=tainted(dict(e.payload)),
                                      public=None if e.public is None else tainted(dict(e.public)))
                  if e.type == kind else e for e in log.envelopes]
        start = next(n for n, e in enumerate(log.envelopes) if e.type == kind)
        yield f"payload of {kind}", resealed_from(log, edited, start)
    commanded = next(n for n, e in enumerate(log.envelopes) if e.command is not None and n > 1)
    envelope: Envelope = log.envelopes[commanded]
    assert envelope.command is not None
    envelope = dataclasses.replace(envelope, rule=envelope.rule + TAINT, command_id=envelope.command_id + TAINT,
                                   command=tainted(dict(envelope.command)))
    edited = [*log.envelopes[:commanded], envelope, *log.envelopes[commanded + 1:]]
    yield "rule, command id and command", resealed_from(log, edited, commanded)


def _written(tmp_path: Path, name: str, log: Log) -> Path:
    path = tmp_path / f"{abs(hash(name))}.jsonl"
    path.write_text(log.text(), encoding="utf-8")
    return path


def _shown(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What `tablerules ARGV...` writes, its exit message included."""
    try:
        main(list(argv))
        ended = ""
    except SystemExit as stop:
        ended = str(stop.code)
    captured = capsys.readouterr()
    return captured.out + captured.err + ended


def test_every_header_and_payload_field_with_escapes_reaches_the_terminal_inert(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = parse_log(BASE.read_text(encoding="utf-8").splitlines())
    base = tmp_path / "base.jsonl"
    base.write_text(log.text(), encoding="utf-8")
    variants = [*_header_variants(log), *_payload_variants(log)]
    assert len(variants) > 20
    for name, forged in variants:
        path = _written(tmp_path, name, forged)
        for argv in (("verify", str(path)), ("replay", str(path)), ("audit", str(path)),
                     ("diff", str(base), str(path))):
            output = _shown(capsys, *argv)
            assert not acts(output), f"{name}: {argv[0]} wrote {acts(output)!r}"


def test_a_forged_version_that_fails_shows_failed_and_the_escapes(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The outside test's log: its ruleset_version erases the FAILED line and writes VERIFIED."""
    log = parse_log(BASE.read_text(encoding="utf-8").splitlines())
    forged = dict(_header_variants(log, reseal=False))["header ruleset_version"]
    path = _written(tmp_path, "version", forged)
    assert main(["verify", str(path)]) == 1
    output = capsys.readouterr().out
    assert output.startswith("FAILED:") and not acts(output)
    assert "\\u001b[2K" in output, "the forged text is shown, escaped"


# -- the server's log and the viewer -------------------------------------------------------


def test_the_request_log_writes_a_clients_strings_inert_in_both_formats() -> None:
    call = Call("GetView", game_id=f"g{TAINT}", command_id=f"c\n{TAINT}")
    records = [logging.LogRecord("tablerules.requests", logging.INFO, __file__, 1, call, None, None),
               logging.LogRecord("tablerules.server", logging.WARNING, __file__, 1, "%s: failed", (f"x\n{TAINT}",),
                                 None)]
    try:
        raise ValueError(f"a message\nquoting {TAINT}")
    except ValueError as problem:
        records.append(logging.LogRecord("tablerules.server", logging.ERROR, __file__, 1, "internal error", None,
                                         (type(problem), problem, problem.__traceback__)))
    for record in records:
        line = JsonLines().format(record)
        assert "\n" not in line and not acts(line)
        assert TAINT in json.dumps(orjson.loads(line)) or "\\u001b" in line
        text = TextLines().format(record)
        assert not acts(text)
        if record.exc_info is None:
            assert "\n" not in text, "a client's newline cannot start a line of its own"
        record.exc_text = None  # each formatter formats the traceback afresh


def test_the_viewer_shows_a_forged_logs_strings_inert() -> None:
    log = parse_log(BASE.read_text(encoding="utf-8").splitlines())
    variants = [*_header_variants(log), *_payload_variants(log)]
    shown_any = False
    for name, forged in variants:
        try:
            timeline = load(forged.text().encode())
        except Unviewable as problem:  # refused before anything is drawn; `tablerules view` prints why
            assert forged.header.ruleset not in REGISTRY or "setup" in str(problem), problem
            continue
        answers: list[Any] = [timeline.summary(), timeline.events(0), timeline.events(1)]
        answers += [timeline.view(seq, 1) for seq in range(1, timeline.last_seq + 1, 16)]
        for answer in answers:
            text = json.dumps(shown(answer), ensure_ascii=False)
            assert not acts(text), f"{name}: the page would get {acts(text)!r}"
            shown_any = shown_any or "\\u001b" in text
    assert shown_any, "the forged text is shown, escaped"
