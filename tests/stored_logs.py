"""The game logs kept in replays/: the current rules' games, re-recorded whenever the
rules change, and the golden logs of earlier rules versions (replays/golden/), which
never are."""

from __future__ import annotations

from pathlib import Path

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
GOLDEN = REPLAYS / "golden"
CURRENT_LOGS = sorted(path for path in REPLAYS.glob("*/*.jsonl") if path.parent != GOLDEN)
GOLDEN_LOGS = sorted(GOLDEN.glob("*.jsonl"))
