"""RULES.md lists every card whose text the rules do not implement, with the count
(issue 12: never silently ignored). On a mismatch the failure prints the section as
it should read."""

from __future__ import annotations

from domain.games.guardians.cards import CARDS, SETS
from tests.rules_md import rules_md_sections

HEADING = "Cards whose text is not implemented"


def expected_section() -> str:
    cards = [c for c in CARDS.values() if c.text == "unimplemented"]
    lines = [
        "",
        f"{len(cards)} cards. Each plays with its numbers and its keyword sentences only, and says",
        "so when it comes into play; a Spell, an Item or a downgrade among them is not played.",
        "By set:",
        "",
    ]
    for code in SETS:
        names = sorted({c.name for c in cards if c.set == code})
        if names:
            lines.append(f"- **{code}** ({sum(1 for c in cards if c.set == code)}): {', '.join(names)}.")
    return "\n".join(lines) + "\n"


def test_rules_md_lists_every_unimplemented_text() -> None:
    section = rules_md_sections("guardians").get(HEADING, "")
    expected = expected_section()
    assert section.strip() == expected.strip(), f"## {HEADING}\n{expected}"
