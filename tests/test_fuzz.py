"""Both fuzz targets (tests/fuzz) for a bounded while, side by side: no finding
(issue 11 item 7). TABLERULES_FUZZ_SECONDS sets how long; `make fuzz` runs longer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

SECONDS = int(os.environ.get("TABLERULES_FUZZ_SECONDS", "45"))
TARGETS = ("requests", "logs")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(SECONDS + 240)
def test_the_fuzz_targets_find_nothing(tmp_path: Path) -> None:
    runs = {}
    for target in TARGETS:
        found = tmp_path / target
        found.mkdir()
        output = (tmp_path / f"{target}.out").open("w")
        runs[target] = (subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz", target, f"-max_total_time={SECONDS}", "-timeout=60",
             "-rss_limit_mb=3072", f"-artifact_prefix={found}/", str(tmp_path / f"{target}-corpus")],
            cwd=ROOT, stdout=output, stderr=subprocess.STDOUT), output)
    failures = []
    for target, (process, output) in runs.items():
        code = process.wait(SECONDS + 200)
        output.close()
        text = (tmp_path / f"{target}.out").read_text(errors="replace")
        done = re.search(r"Done (\d+) runs", text)
        if code != 0 or done is None or int(done.group(1)) < 100:
            lines = [line for line in text.splitlines() if not line.startswith("INFO: Instrumenting")]
            failures.append(f"{target}: exit {code}, findings {sorted(p.name for p in (tmp_path / target).iterdir())}"
                            "\n" + "\n".join(lines[-60:]))
    assert not failures, "\n\n".join(failures)
