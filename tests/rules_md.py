"""Reading a game's RULES.md: its `## ` sections by heading."""

from __future__ import annotations

import re
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "domain" / "games"
FROM_RULEBOOK = "From the rulebook"
NOT_IN_RULEBOOK = "Not in the rulebook"


def rules_md_sections(game: str) -> dict[str, str]:
    """The text under each `## ` heading of domain/games/<game>/RULES.md, by heading."""
    text = (GAMES / game.replace("-", "_") / "RULES.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return {heading.strip(): body for heading, body in zip(parts[1::2], parts[2::2], strict=True)}
