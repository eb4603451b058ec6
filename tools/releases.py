"""The release archive's maintainer tool: archive `domain/` as it was at a commit, as
the release of the rulesets named, to verify the logs it wrote; and list the archive.

`python -m tools.releases add COMMIT RULESET...` before a version is superseded, and
`python -m tools.releases list` (docs/log-format.md, "Versions and upgrades"). Reading the
archive, and verifying a log by a release, is the server's too: service/releases.py.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gzip
import hashlib
import json
import subprocess
from pathlib import Path

from service.releases import MANIFEST, RELEASES, Release, releases

ARCHIVED = "domain/releases"
"""Where the archives live in the repository; an archive holds `domain/` but this folder."""


def _git(*arguments: str) -> bytes:
    return subprocess.run(["git", *arguments], capture_output=True, check=True).stdout


def add(commit: str, rulesets: list[str], directory: Path | None = None) -> Release:
    """Archive `domain/` as it was at `commit` and list it as the release of the named
    rulesets, at the versions it has there."""
    directory = directory or RELEASES
    full = _git("rev-parse", "--verify", f"{commit}^{{commit}}").decode().strip()
    tree = _git("rev-parse", f"{full}:domain").decode().strip()
    name = f"domain-{full[:12]}.tar.gz"
    # mtime 0: the same commit always gives the same bytes. The earlier archives in
    # domain/releases/ are left out: each would otherwise carry all the ones before it.
    packed = gzip.compress(_git("archive", "--format=tar", full, "domain", f":(exclude){ARCHIVED}"),
                           compresslevel=9, mtime=0)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_bytes(packed)
    release = Release(full, tree, directory / name, hashlib.sha256(packed).hexdigest(), {})
    versions = release.run("versions")
    unknown = sorted(set(rulesets) - set(versions))
    if unknown:
        raise SystemExit(f"{full[:7]} has no ruleset {', '.join(unknown)}; it has {', '.join(sorted(versions))}")
    release = dataclasses.replace(release, rulesets={r: versions[r] for r in sorted(rulesets)})
    kept = [r for r in releases(directory) if r.commit != full]
    for other in kept:
        for ruleset, version in release.rulesets.items():
            if other.rulesets.get(ruleset) == version:
                raise SystemExit(f"{ruleset} {version} is already archived as {other.name}")
    listing = [{"archive": r.archive.name, "commit": r.commit, "rulesets": dict(r.rulesets), "sha256": r.sha256,
                "tree": r.tree} for r in sorted([*kept, release], key=lambda r: r.archive.name)]
    (directory / MANIFEST).write_text(json.dumps({"releases": listing}, indent=2, sort_keys=True) + "\n",
                                      encoding="utf-8")
    return release


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.releases",
                                     description="archive the rules of a release, to verify the logs it wrote")
    sub = parser.add_subparsers(dest="action", required=True)
    adding = sub.add_parser("add", help="archive domain/ at a commit as the release of the named rulesets")
    adding.add_argument("commit")
    adding.add_argument("rulesets", nargs="+")
    sub.add_parser("list", help="the archived releases")
    args = parser.parse_args(argv)
    if args.action == "add":
        release = add(args.commit, args.rulesets)
        print(f"archived {release.name} as {release.archive.name}: "
              + ", ".join(f"{r} {v}" for r, v in release.rulesets.items()))
        return 0
    for release in releases():
        print(f"{release.name} {release.archive.name}: " + ", ".join(f"{r} {v}" for r, v in release.rulesets.items()))
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        raise SystemExit(main())
