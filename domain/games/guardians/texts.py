"""Card texts the rules implement by card key (cards.UNIQUE_TEXTS), where a text is
more than the keyword abilities that cards.py reads generally.

Each entry says what the engine does with the card; a card of UNIQUE_TEXTS that is
not handled here is reported as not implemented when it is played (RULES.md lists
them)."""

from __future__ import annotations

from domain.games.guardians.cards import Ability, Card

COMMAND_SPELLS = frozenset({"re-vitales-dark-cloud", "di-howl-of-the-dead"})
"""Spells played as (or instead of) the Command Card (guardians COMBAT)."""

CONTRADICTIONS: dict[str, str] = {
    # Both demand that the opponent state something about his creatures first.
    "re-seer": "opponent-declares",
    "re-visionary": "opponent-declares",
    "re-baleful-eye": "opponent-declares-size",
    # Both set the terrain of the space for the combat.
    "dn-slor-overlord-of-the-wastes": "terrain",
    "dn-uras-overlord-of-mountains": "terrain",
}
"""Command cards that contradict each other share a category (guardians COMBAT: the
lower Up number is dispelled; equal, both are)."""

EXTRA_ABILITIES: dict[str, tuple[Ability, ...]] = {
    # Their match-up opponent loses its stronghold bonus when they attack a stronghold.
    "re-cave-giant": (Ability("cancels-stronghold"),),
    "re-elder-cave-giant": (Ability("cancels-stronghold"),),
    # All your Vampires are +3 while the Vampire Lord is in play.
    "re-vampire-lord": (Ability("bonus-yours", 3, "name:vampire"),),
}
"""Unique texts that the general strength rules express once given as abilities."""

SELF_DESTROYING_COMMANDS = frozenset({"re-floyd-the-flying-pig"})
"""Creatures destroyed when used as the Command Card (their bonus stays for the combat)."""

DISPELS_OPPOSING_COMMAND = frozenset({"re-iron-crag-baggler"})
OPPONENT_NO_RANGED = frozenset({"re-iron-crag-buggler"})
BEER_BRIBABLES_OUT = frozenset({"re-major-party-animal"})
UNDEAD_RETURN = frozenset({"di-howl-of-the-dead"})
STONE_THIEVES = frozenset({"re-vampire", "re-vampire-lord"})
"""Beating an opponent that accepted channeling this combat costs its seat two stones."""
STONES_STOLEN = 2
DISPEL_MAGIC = "re-dispel-magic"
POWER_LUNCH = "re-power-lunch"
ST_BALLANTINE = "re-st-ballantines-evocation"
ANVIL = "re-anvil-of-heaviness"
ANVIL_BONUS = 7
FIRST_KNIGHT_BONUS = ("re-horse", 6)

NOT_YET = frozenset(
    {
        "re-standard-bearer-maitzs-lightning-04",
        "re-eye-of-missile-mayhem",
        "re-rooster",
        "re-force-barrier",
        "re-horse",
        "di-bone-fright",
        "re-control-destiny",
        "re-male-titan",
        "re-female-titan",
        "di-giant-aunts",
        "re-iron-crag-boggler",
        "re-teleport-tower",
        "re-large-idol",
        "re-potion-of-movement-essence",
        "di-curse-of-the-betrayed",
        "di-assassin-of-shadow",
        "di-argammonds-vision",
        "re-pepes-slow-down",
        "re-djinn",
        "re-skeletal-minion",
    }
)
"""Unique texts of the example decks that the engine does not implement yet (RULES.md)."""


def implemented(card: Card) -> bool:
    """Whether the rules know everything the card's printed text does."""
    return card.text in ("none", "keyword") or (card.text == "unique" and card.key not in NOT_YET)
