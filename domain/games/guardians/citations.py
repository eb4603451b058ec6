"""Every rule citation of Guardians, each defined once: the rulebook's sections
(/work/shared/rulebooks), tablerules' own rules (RULES.md), and a card's text cited by
the card's printed name. The strings are in every event's `rule`: changing one changes
every log."""

from __future__ import annotations

# ---------------------------------------------------------------- the rulebook's sections

R_GAME = "guardians THE GAME"
R_DECK = "guardians THE DECK"
R_GUARDIANS = "guardians GUARDIANS"
R_STRONGHOLDS = "guardians STRONGHOLDS"
R_ORGANIZE = "guardians DRAW AND ORGANIZE PHASE"
R_PLACE = "guardians Place Creatures"
R_CHANNELERS = "guardians Channelers"
R_OTHER_PLACEMENT = "guardians Other placement"
R_SHIELDS = "guardians Shields"
R_WHO_PLACES = "guardians Who Places First?"
R_MOVEMENT = "guardians MOVEMENT PHASE"
R_UP = "guardians Turn your Up card"
R_MOVE = "guardians Movement"
R_REINFORCE = "guardians Reinforcing a Shield"
R_PICK_UP = "guardians Picking Up and Dropping Off Creatures"
R_COMBAT = "guardians COMBAT"
R_AOE = "guardians AOE attacks"
R_PRIMARY = "guardians PRIMARY ATTACKS"
R_BRIBERY = "guardians BRIBERY"
R_SPELLS = "guardians SPELLS"
R_DESTRUCTION = "guardians DESTRUCTION"
R_RANGED = "guardians Ranged Attacks"
R_CHANNELING = "guardians CHANNELING"
R_OVER_YET = "guardians IS IT OVER YET?"
R_SECONDARY = "guardians SECONDARY ATTACKS"
R_RESOLUTION = "guardians COMBAT RESOLUTION"
R_HEALING = "guardians HEALING"
R_SETTLEMENT = "guardians TERRAIN SETTLEMENT PHASE"
R_NEXT_TURN = "guardians THE TURN IS OVER"
R_TEXT = "guardians Text Box"

# ---------------------------------------------------------------- tablerules' own (RULES.md)

R_ANSWER = "guardians answering a Spell or Item"
R_ASSAULT = "guardians Guardian assault"
R_TURN_LIMIT = "tablerules turn limit"
R_UP_TIES = "tablerules Up-card ties"

# ---------------------------------------------------------------- a card's text


def text_box(card_name: str) -> str:
    """A card's own text (guardians Text Box), cited by its printed name."""
    return f"{R_TEXT} ({card_name})"


R_CURSE = text_box("Curse of the Betrayed")
R_ASSASSIN = text_box("Assassin of Shadow")
R_CONTROL_DESTINY = text_box("Control Destiny")
R_FORCE_BARRIER = text_box("Force Barrier")
R_SLOW_DOWN = text_box("Pepe's Slow Down")
R_TELEPORT_TOWER = text_box("Teleport Tower")
R_RANGED_RETURN = text_box("Eye of Missile Mayhem")
R_TITANS = text_box("Male Titan, Female Titan")
R_GIANT_AUNTS = text_box("Giant Aunts")
