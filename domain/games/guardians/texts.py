"""Card texts the rules implement by card key (cards.UNIQUE_TEXTS), where a text is
more than the keyword abilities that cards.py reads generally.

Each entry says what the engine does with the card; every card of UNIQUE_TEXTS is
handled (RULES.md, "Cards and their texts")."""

from __future__ import annotations

from domain.games.guardians.cards import Ability, Card

OPPONENT_STATES = "the opponent states something about his creatures"
CONTRADICTIONS: dict[str, str] = {
    # Each makes the opponent state something about his creatures before combat: the size
    # or the type of those in the match-ups, the count and Vitality of the Combat Hand.
    # The rulebook's example 2 (Visionary against Seer) makes any two of them contradict,
    # whatever each asks; its example 3 keeps the Trumpeter, which makes the opponent
    # show and lay his Demons first, apart from them.
    "re-seer": OPPONENT_STATES,
    "re-visionary": OPPONENT_STATES,
    "re-baleful-eye": OPPONENT_STATES,
    "di-spirit-guide": OPPONENT_STATES,
}
"""Command cards that contradict each other share a category (guardians COMBAT: the
lower Up number is dispelled; equal, both are). Cards that set the terrain (the
Overlords: the sets-terrain ability) contradict each other too (combat.py)."""

EXTRA_ABILITIES: dict[str, tuple[Ability, ...]] = {
    # Their match-up opponent loses its stronghold bonus when they attack a stronghold.
    "re-cave-giant": (Ability("cancels-stronghold"),),
    "re-elder-cave-giant": (Ability("cancels-stronghold"),),
}
"""Unique texts that the general strength rules express once given as abilities. A
sentence the card data already holds as an ability (the Vampire Lord's +3 to your
Vampires) is not given again here: it would count twice."""

SELF_DESTROYING_COMMANDS = frozenset({"re-floyd-the-flying-pig"})
"""Creatures destroyed when used as the Command Card (their bonus stays for the combat)."""

UNDEAD_RETURN = frozenset({"di-howl-of-the-dead"})
DISPEL_MAGIC = "re-dispel-magic"
POWER_LUNCH = "re-power-lunch"
ST_BALLANTINE = "re-st-ballantines-evocation"
ANVIL = "re-anvil-of-heaviness"
ANVIL_BONUS = 7
FOR_THE_WHOLE_COMBAT = frozenset({ANVIL})
"""Cards whose bonus to a side lasts the combat, so its secondary attackers keep it too
(guardians SECONDARY ATTACKS: texts "for the duration of the combat"); other boosts are
for the primary attackers only (Floyd)."""
FIRST_KNIGHT_BONUS = ("re-horse", 6)

# Combat (powers.py)
RANGED_RETURN = "re-eye-of-missile-mayhem"
"""Your ranged attackers of this combat come back to your Combat Hand after a match-up."""
RANGED_MAGNETS = frozenset({"di-bone-fright"})
"""The enemy fires every ranged attack it may into a match-up against these before passing."""
TITANS = frozenset({"re-male-titan", "re-female-titan"})
SIZE_CUTS = {"L": 0, "M": 2, "S": 4}
"""A Titan's Vitality cut by the size it takes."""
STRONGHOLD_WRECKERS = frozenset({"di-giant-aunts"})
"""Beating a stronghold's defender in a primary match-up turns that stronghold card to rubble."""
PUSH_FORCERS = frozenset({"re-djinn"})
"""Fired as a ranged attack: the match-up is a push, with no further modification."""

# Draw & Organize and Movement (spells.py)
CURSE = "di-curse-of-the-betrayed"
ASSASSIN = "di-assassin-of-shadow"
ORGANIZE_SPELLS = frozenset({CURSE, ASSASSIN})
"""Played during Draw & Organize."""
VISION = "di-argammonds-vision"
CONTROL_DESTINY = "re-control-destiny"
CONTROL_DESTINY_CARDS = 6
ROOSTER = "re-rooster"
FORCE_BARRIER = "re-force-barrier"
SLOW_DOWN = "re-pepes-slow-down"
OPENING_CARDS = frozenset({VISION, CONTROL_DESTINY, ROOSTER, FORCE_BARRIER, SLOW_DOWN})
"""Played in the Movement phase's opening window, after the Up cards, before any Shield turns."""
TELEPORT_TOWER = "re-teleport-tower"
TES_LET = "re-tes-let-leader-with-foresight"
"""The Guardian whose text lets its seat skip the Up card as first draw (organize.py, KeepUpCard)."""


def implemented(card: Card) -> bool:
    """Whether the rules know everything the card's printed text does."""
    return card.text in ("none", "keyword", "unique")
