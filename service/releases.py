"""Earlier versions of the rules, kept to verify the logs they wrote.

A build decides with its own rules only, and a log written by an earlier major
version of its ruleset may not verify under them: 2.0.0 decides some command
otherwise, or seals a state of another shape. Only the rules that wrote a log can
re-decide it. So each superseded version is kept as released: `domain/releases/`
holds, per release, the `domain/` package of the commit that released it, as a
tar.gz made by `git archive`, with its commit, its git tree id (which anybody with
the repository can compare) and its SHA-256, listed in `releases.json` with the
rulesets and versions it decides.

`verify_log` is verify for a log of any version: this build checks the chain, the
seed and every secret digest, then, for a log of another version that a release
here decides, runs that release's own verify on it in a child process (the archive
imports as `domain` there, beside nothing of this build) and reports what it found.

The server verifies old logs through it (VerifyLog, in its log-check processes) and
the tools do too (`tablerules verify`, `upgrade`, the viewer), so it lives here, on the
server's side, and the tools import it. Maintainers add a release with the tool that
writes the archive: `python -m tools.releases add COMMIT RULESET...` (docs/log-format.md).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import domain
from domain.kernel import Game, Log, Report, verify
from domain.kernel.audit import Divergence, checked_seals

RELEASES = Path(domain.__file__).parent / "releases"
MANIFEST = "releases.json"
RUNNER = Path(__file__).with_name("release_runner.py")
SECONDS_PER_EVENT = 0.001
"""A release's verify is given 60 s plus this per event (it checks some 10,000 events/s)."""


class ReleaseError(Exception):
    """A release that cannot be used: missing, damaged, or failing to run."""


@dataclass(frozen=True, slots=True)
class Release:
    """One archived release: the `domain/` package of `commit`."""

    commit: str
    tree: str
    """The git tree id of `domain/` at the commit: the archive's files are its blobs."""
    archive: Path
    sha256: str
    rulesets: Mapping[str, str]
    """The rulesets, with their versions, whose logs this release re-decides."""

    @property
    def name(self) -> str:
        return f"release {self.commit[:7]}"

    def unpack(self, into: Path) -> Path:
        """The archive's files under `into`, after its bytes are checked; the directory to import from."""
        try:
            packed = self.archive.read_bytes()
        except OSError as problem:
            raise ReleaseError(f"{self.name}: cannot read {self.archive.name}: {problem.strerror}") from None
        if hashlib.sha256(packed).hexdigest() != self.sha256:
            raise ReleaseError(f"{self.name}: {self.archive.name} is not the archive listed in {MANIFEST} "
                               "(its SHA-256 differs)")
        with tarfile.open(self.archive, "r:gz") as archive:
            archive.extractall(into, filter="data")
        return into

    def run(self, mode: str, text: str = "", timeout: float = 60) -> dict[str, Any]:
        """The release's runner (service/release_runner.py) in a child process of its own."""
        with tempfile.TemporaryDirectory(prefix="tablerules-release-") as scratch:
            directory = self.unpack(Path(scratch))
            try:
                done = subprocess.run([sys.executable, "-I", str(RUNNER), str(directory), mode], input=text,
                                      capture_output=True, text=True, timeout=timeout, check=False)
            except subprocess.TimeoutExpired:
                raise ReleaseError(f"{self.name} did not finish within {timeout:.0f} s") from None
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise ReleaseError(f"{self.name} failed (exit {done.returncode}): {last[:300]}")
        result: dict[str, Any] = json.loads(done.stdout)
        return result


def releases(directory: Path | None = None) -> tuple[Release, ...]:
    """Every archived release, as the manifest of `directory` (RELEASES) lists them."""
    directory = directory or RELEASES
    manifest = directory / MANIFEST
    if not manifest.exists():
        return ()
    listed = json.loads(manifest.read_text(encoding="utf-8"))
    return tuple(Release(commit=entry["commit"], tree=entry["tree"], archive=directory / entry["archive"],
                         sha256=entry["sha256"], rulesets=dict(entry["rulesets"])) for entry in listed["releases"])


def release_for(ruleset: str, version: str, directory: Path | None = None) -> Release | None:
    """The archived release that decides logs of this ruleset version, if there is one."""
    return next((r for r in releases(directory) if r.rulesets.get(ruleset) == version), None)


def verify_log(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None,
               directory: Path | None = None) -> Report:
    """verify, for a log of any version of its ruleset: a log of this build's version, or
    of one that no archived release decides, is re-decided by this build's rules;
    another is re-decided by the release that wrote it, once this build has checked its
    chain, its seed and every secret digest."""
    header = log.header
    release = None
    if header.ruleset_version != game.ruleset.version:
        release = release_for(header.ruleset, header.ruleset_version, directory)
    if release is None:
        return verify(game, log, progress)
    seed, unsealed = checked_seals(game, log, progress=progress)
    if seed is None:
        assert unsealed is not None
        return unsealed
    try:
        found = release.run("verify", log.text(), timeout=60 + SECONDS_PER_EVENT * len(log.envelopes))
        if (found["ruleset"], found["version"]) != (header.ruleset, header.ruleset_version):
            raise ReleaseError(f"{release.name} holds {found['ruleset']} {found['version']}, not "
                               f"{header.ruleset} {header.ruleset_version}")
    except ReleaseError as problem:
        report = verify(game, log, progress)
        return dataclasses.replace(report, notes=(*report.notes, f"the archived rules of {header.ruleset} "
                                                  f"{header.ruleset_version} could not be used: {problem}"))
    return _released_report(found, release, header.ruleset, header.ruleset_version)


def upgraded_by_release(release: Release, lines: Sequence[str | bytes]) -> str:
    """A log of log format 1 in format 2, sealed by the release that decides its rules version
    (so it keeps that version, and verify re-decides it by that release); ReleaseError if the
    release cannot upgrade it, with its reason."""
    text = "".join((line.decode("utf-8") if isinstance(line, bytes) else line).rstrip("\n") + "\n" for line in lines)
    found = release.run("upgrade", text, timeout=60 + SECONDS_PER_EVENT * len(lines))
    if "text" not in found:
        raise ReleaseError(f"{release.name} could not upgrade it: {found.get('error', 'no reason given')}")
    return str(found["text"])


def _released_report(found: Mapping[str, Any], release: Release, ruleset: str, version: str) -> Report:
    divergence = found["divergence"]
    note = (f"re-decided by {ruleset} {version}, the rules that wrote the log: its {release.name} "
            f"(domain tree {release.tree[:12]}), archived in domain/releases; this build checked the chain, the "
            "seed and every secret digest first")
    return Report(ok=found["ok"], events=found["events"], commands=found["commands"],
                  rules_checked=found["rules_checked"], finished=found["finished"],
                  divergence=None if divergence is None else Divergence(
                      seq=divergence["seq"], reason=f"{divergence['reason']} (by {ruleset} {version})",
                      expected=divergence["expected"], actual=divergence["actual"],
                      state_diff=tuple(divergence["state_diff"])),
                  notes=(note, *found["notes"]), checked=tuple(found["checked"]))
