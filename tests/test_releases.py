"""The archive of earlier rules (domain/releases/, service/releases.py): each release is
the `domain/` package of the commit that released it, pinned by its SHA-256 and its
git tree id; a log of an earlier version is re-decided by the release that wrote it,
after this build has checked its chain, seed and every secret digest (issue 15: old
logs keep verifying as the rules change)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import Log, parse_log, verify
from domain.kernel.audit import DIGESTS, SEED
from service.releases import MANIFEST, RELEASES, Release, release_for, releases, verify_log
from tests.forgery import resealed_from
from tests.stored_logs import GOLDEN
from tools.releases import ARCHIVED

REPOSITORY = Path(__file__).resolve().parent.parent
ARMORY_1 = GOLDEN / "armory-1.0.0.jsonl"


def load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


def test_each_archive_is_the_one_its_manifest_pins_and_decides_an_earlier_version() -> None:
    listed = releases()
    assert listed, "domain/releases/ lists no release"
    decided: set[tuple[str, str]] = set()
    for release in listed:
        assert hashlib.sha256(release.archive.read_bytes()).hexdigest() == release.sha256, release.name
        for ruleset, version in release.rulesets.items():
            assert ruleset in REGISTRY and version != REGISTRY[ruleset].ruleset.version, (ruleset, version)
            assert (ruleset, version) not in decided, f"{ruleset} {version} is archived twice"
            decided.add((ruleset, version))
    assert {(r, v) for r, v in decided} >= {("armory", "1.0.0"), ("swordplay", "1.0.0"), ("aod", "1.0.0"),
                                           ("guardians", "1.0.0"), ("guardians", "1.0.1")}


def _blob_id(content: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


def _has_commit(commit: str) -> bool:
    found = subprocess.run(["git", "-C", str(REPOSITORY), "cat-file", "-e", f"{commit}^{{commit}}"],
                           capture_output=True, check=False)
    return found.returncode == 0


@pytest.mark.parametrize("release", releases(), ids=lambda r: r.name)
def test_an_archive_holds_exactly_the_domain_tree_of_its_commit(release: Release) -> None:
    """Its provenance, checked against the repository's history where the clone has it."""
    if shutil.which("git") is None or not _has_commit(release.commit):
        pytest.skip(f"this clone has no commit {release.commit[:7]} (a shallow clone): provenance not checked")
    tree = subprocess.run(["git", "-C", str(REPOSITORY), "rev-parse", f"{release.commit}:domain"],
                          capture_output=True, check=True, text=True).stdout.strip()
    assert tree == release.tree
    listing = subprocess.run(["git", "-C", str(REPOSITORY), "ls-tree", "-r", release.commit, "domain"],
                             capture_output=True, check=True, text=True).stdout.splitlines()
    in_git = {line.split("\t", 1)[1]: line.split()[2] for line in listing}
    with tarfile.open(release.archive, "r:gz") as archive:
        in_archive = {member.name: _blob_id(archive.extractfile(member).read())  # type: ignore[union-attr]
                      for member in archive.getmembers() if member.isfile()}
    if not any(name.startswith(f"{ARCHIVED}/") for name in in_archive):
        # Archives made since 127f640 leave the earlier archives out (tools/releases.py add).
        in_git = {name: blob for name, blob in in_git.items() if not name.startswith(f"{ARCHIVED}/")}
    assert in_archive == in_git


@pytest.mark.parametrize("release", releases(), ids=lambda r: r.name)
def test_an_archive_runs_and_holds_the_versions_its_manifest_names(release: Release) -> None:
    versions = release.run("versions")
    assert {r: versions[r] for r in release.rulesets} == dict(release.rulesets)


def test_a_resealed_edit_of_an_old_log_passes_this_build_s_checks_and_the_release_finds_it() -> None:
    """The edit a forger with the revealed seed makes: this build alone cannot tell it from a
    difference of versions; the rules that wrote the log can."""
    log = load(ARMORY_1)
    envelopes = list(log.envelopes)
    index = next(n for n, e in enumerate(envelopes)
                 if n > 20 and e.type == "CardsDrawn" and len(e.payload["cards"]) > 1)
    payload = dict(envelopes[index].payload)
    cards = list(payload["cards"])
    payload["cards"] = [cards[-1], *cards[:-1]]
    assert payload != envelopes[index].payload
    envelopes[index] = dataclasses.replace(envelopes[index], payload=payload)
    forged = resealed_from(log, envelopes, index)
    report = verify_log(REGISTRY["armory"], forged)
    assert report.verdict == "FAILED" and report.divergence is not None
    assert report.divergence.seq <= index + 1 and report.divergence.reason.endswith("(by armory 1.0.0)")
    assert "re-decided by armory 1.0.0" in report.notes[0]
    assert report.divergence.expected is not None and report.divergence.actual is not None


def test_a_broken_chain_is_found_by_this_build_before_any_release_runs(tmp_path: Path) -> None:
    lines = ARMORY_1.read_text(encoding="utf-8").splitlines()
    del lines[7]
    damaged = _damaged_releases(tmp_path)  # a release that ran would be noticed: it cannot
    report = verify_log(REGISTRY["armory"], parse_log(lines), directory=damaged)
    assert report.verdict == "FAILED" and report.divergence is not None and report.divergence.seq == 7
    assert not any("could not be used" in note for note in report.notes)


def _damaged_releases(tmp_path: Path) -> Path:
    """A copy of domain/releases/ whose archives' bytes are not the pinned ones."""
    copy = tmp_path / "releases"
    shutil.copytree(RELEASES, copy)
    for release in releases(copy):
        release.archive.write_bytes(release.archive.read_bytes()[:-10])
    return copy


def test_a_damaged_archive_is_not_run_and_verify_says_why(tmp_path: Path) -> None:
    report = verify_log(REGISTRY["armory"], load(ARMORY_1), directory=_damaged_releases(tmp_path))
    assert report.verdict == "FAILED"  # this build's rules decide armory 1.0.0's game otherwise
    assert any("could not be used" in note and "SHA-256 differs" in note for note in report.notes)


def test_a_version_without_a_release_is_verified_by_this_build_s_rules(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text(json.dumps({"releases": []}), encoding="utf-8")
    assert release_for("armory", "1.0.0", tmp_path) is None
    log = load(ARMORY_1)
    assert verify_log(REGISTRY["armory"], log, directory=tmp_path) == verify(REGISTRY["armory"], log)


def test_a_log_without_its_seed_is_not_handed_to_a_release() -> None:
    lines = ARMORY_1.read_text(encoding="utf-8").splitlines()[:40]  # cut before the seed was revealed
    report = verify_log(REGISTRY["armory"], parse_log(lines))
    assert report.verdict == "CHAIN INTACT" and SEED not in report.checked and DIGESTS not in report.checked
