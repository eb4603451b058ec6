"""Every rule citation of Army of Darkness, each defined once (RULES.md: the labels).

The strings are in every event's `rule` and in the stored logs: changing one changes
every log. The rulebook's sections are cited by short labels ("aod Play" is PLAY A
CARD); the house rules by their option's name.
"""

from __future__ import annotations

R_SETUP = "aod Set-up"
R_DRAW = "aod Draw"
R_PLAY = "aod Play"
R_ATTACK = "aod Attack"
R_HEALTH = "aod Health"
R_ITEMS = "aod Items"
R_ALLIES = "aod Allies"
R_MONSTERS = "aod Monsters"
R_EVENTS = "aod Events"
R_OBJECTIVE = "aod Objective"

R_OPT_VICTORY = "aod Optional: Discard by Victory Rating"
R_OPT_RANDOM = "aod Optional: Random Discard"
R_OPT_SWITCH = "aod Optional: Switch Between Draw and Play"
R_OPT_ALLIES = "aod Optional: Discard Allies on a Flip"
R_OPT_TAKE = "aod Optional: Take from the Beaten"

R_TURN_LIMIT = "aod turn_limit"
R_NATURAL_ROLLS = "aod natural_rolls_against_characters"

# Where the rulebook offers an option (OptionSpec.rulebook, as ListRulesets reports it).
R_SETUP_SECTION = "aod SET UP"
"""The SET UP section as a whole: the players choose their characters."""
R_OPTIONAL_RULES = "aod OPTIONAL RULES"
"""The OPTIONAL RULES section as a whole: each of its paragraphs is an option."""
