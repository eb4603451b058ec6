"""Every rule citation of Swordplay: Arena, each defined once with one meaning.

The strings are in every event's `rule` and every refusal: changing one changes every
log. The first seven name sections of the rulebook; the last three name what RULES.md
adds where the rulebook is silent.
"""

from __future__ import annotations

PLAYING = "swordplay Playing"
"""Playing The Game: the heroes, one per seat, and the turn order."""
DISCARD = "swordplay Discard"
DRAW = "swordplay Draw"
READY = "swordplay Ready"
"""The Ready phase, with its parts Armor, Weapons & Shields and Dropping Items."""
COMBAT = "swordplay Combat"
"""Making An Attack and Defending."""
DAMAGE = "swordplay Damage"
"""Determining Damage and Applying Damage (the end of the rulebook's Combat section)."""
WINNING = "swordplay Winning"

SETUP = "swordplay Setup"
"""Not in the rulebook: the start (RULES.md, The start)."""
MONSTER = "swordplay Monster"
"""Not in the rulebook: the Monster (option `monster`)."""
OPTIONS = "swordplay Options"
"""Not in the rulebook: the turn limit (option `turn_limit`)."""
