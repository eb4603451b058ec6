"""Runs inside a released rules archive (service/releases.py): `python -I release_runner.py DIR MODE`.

DIR holds a release's `domain/` package, which this process imports in place of the
current one; it imports nothing of the current build. MODE `versions` prints the
release's rulesets and their versions; MODE `verify` reads a log from standard input
and prints the release's own verify report; MODE `upgrade` reads a log of log format 1
from standard input and prints it in format 2 as the release's own upgrade seals it
(`text`), or why it could not (`error`). Each as one JSON object on standard output.
The archive is trusted code: its bytes are pinned in the manifest.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _report_json(report: Any, ruleset: str, version: str) -> dict[str, Any]:
    divergence = report.divergence
    return {
        "ruleset": ruleset, "version": version, "ok": report.ok, "verdict": report.verdict,
        "events": report.events, "commands": report.commands, "rules_checked": report.rules_checked,
        "finished": report.finished, "checked": list(report.checked), "notes": list(report.notes),
        "divergence": None if divergence is None else {
            "seq": divergence.seq, "reason": divergence.reason,
            "expected": None if divergence.expected is None else dict(divergence.expected),
            "actual": None if divergence.actual is None else dict(divergence.actual),
            "state_diff": list(divergence.state_diff),
        },
    }


def main(directory: str, mode: str) -> dict[str, Any]:
    sys.path.insert(0, directory)
    import domain
    from domain.games import REGISTRY
    from domain.kernel import parse_log, verify

    if not (domain.__file__ or "").startswith(directory):
        raise SystemExit(f"the release's domain package was not the one imported: {domain.__file__}")
    if mode == "versions":
        return {name: game.ruleset.version for name, game in REGISTRY.items()}
    lines = sys.stdin.read().splitlines()
    if mode == "upgrade":
        from domain.kernel import LogFormatError
        from domain.kernel.upgrade import upgrade

        ruleset = json.loads(lines[0])["ruleset"] if lines else ""
        try:
            return {"text": upgrade(REGISTRY[ruleset], lines).text()}
        except (LogFormatError, KeyError) as problem:
            return {"error": str(problem)}
    log = parse_log(lines)
    game = REGISTRY[log.header.ruleset]
    return _report_json(verify(game, log), game.ruleset.name, game.ruleset.version)


if __name__ == "__main__":
    json.dump(main(sys.argv[1], sys.argv[2]), sys.stdout)
