"""The logs target: any text as a log sent to ReplayLog, VerifyLog, ImportLog and
ForkGame, through the very functions their log jobs run (service/logchecks.py).

Each may refuse with a ServiceError; any other exception is a finding, and so is a
log that verify, import and fork judge differently: a log imports exactly when it
verifies, and a fork of its first commands is refused whenever those commands fail
verification. The mutator knows logs: half the time it edits one JSON value, drops,
repeats or swaps lines, or reseals an edit with the revealed seed as a forger would;
otherwise it leaves the bytes to libFuzzer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from domain.kernel import LogFormatError, parse_log
from service import logchecks
from service.errors import ServiceError
from tests.forgery import leaves, resealed_from, with_leaf
from tests.fuzz.games import log_texts, new_tables, short_games

WILD_VALUES: tuple[Any, ...] = (None, 0, -1, 2**63, 1.5, "", "x" * 300, "1.0²", "１２", "\ud800", [], {}, True)


class Target:
    def __init__(self, mutate_bytes: Callable[[bytes, int], bytes]) -> None:
        self.mutate_bytes = mutate_bytes

    def __call__(self, data: bytes) -> None:
        text = data.decode("utf-8", errors="replace")
        verdict = _outcome(logchecks.verified_report, text)
        imported = _outcome(logchecks.importable, text)
        verified = not isinstance(verdict, ServiceError) and verdict.verdict == "VERIFIED"
        if verified != (not isinstance(imported, ServiceError)):
            raise AssertionError(f"verify says {getattr(verdict, 'verdict', verdict)} but import "
                                 f"{'refused: ' + str(imported) if isinstance(imported, ServiceError) else 'took it'}")
        _outcome(logchecks.replayed, text, 0)
        if verified:
            return
        for at in (2, 5, 12):
            forked = _outcome(logchecks.forkable, text, at)
            refused_early = isinstance(verdict, ServiceError) or (
                verdict.divergence is not None and verdict.divergence.seq <= at)
            if refused_early and not isinstance(forked, ServiceError):
                raise AssertionError(f"fork at {at} took a log that verify refuses at or before it: {verdict}")

    def mutate(self, data: bytes, max_size: int, seed: int) -> bytes:
        chooser = random.Random(seed)
        if chooser.random() < 0.5:
            mutated = _edited(data.decode("utf-8", errors="replace").splitlines(), chooser)
            if mutated is not None and len(mutated) <= max_size:
                return mutated
        return self.mutate_bytes(data, max_size)

    @staticmethod
    def seeds() -> Iterator[bytes]:
        tables = new_tables()
        for text in log_texts(tables, short_games(tables)):
            yield text.encode("utf-8")


def _outcome(check: Callable[..., Any], *args: Any) -> Any:
    """The check's result, or the ServiceError it refused with."""
    try:
        return check(*args)
    except ServiceError as refusal:
        return refusal


def _wild(chooser: random.Random) -> Callable[[Any], Any]:
    return lambda _value: chooser.choice(WILD_VALUES)


def _edited(lines: list[str], chooser: random.Random) -> bytes | None:
    if len(lines) < 2:
        return None
    index = chooser.randrange(len(lines))
    kind = chooser.choice(("value", "value", "drop", "repeat", "swap", "reseal"))
    if kind == "drop":
        del lines[index]
    elif kind == "repeat":
        lines.insert(chooser.randrange(len(lines)), lines[index])
    elif kind == "swap":
        other = chooser.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
    elif kind == "value":
        try:
            row = json.loads(lines[index])
        except ValueError:
            return None
        lines[index] = json.dumps(with_leaf(row, chooser.choice(leaves(row)), _wild(chooser)))
    else:
        return _resealed(lines, chooser)
    return ("\n".join(lines) + "\n").encode("utf-8", errors="surrogatepass")


def _resealed(lines: list[str], chooser: random.Random) -> bytes | None:
    """A payload value changed and the log sealed again from there with its seed."""
    try:
        log = parse_log(lines)
        index = chooser.randrange(1, len(log.envelopes))
        row = log.envelopes[index].to_json()
        payload = with_leaf(row["payload"], chooser.choice(leaves(row["payload"])), _wild(chooser))
        edited = type(log.envelopes[index]).from_json({**row, "payload": payload})
        forged = resealed_from(log, [*log.envelopes[:index], edited, *log.envelopes[index + 1:]], index)
        return forged.text().encode("utf-8", errors="surrogatepass")
    except (LogFormatError, AssertionError, ValueError, TypeError, KeyError, IndexError):
        return None  # not a log with a seed: leave it to another mutation
