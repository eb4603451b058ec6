"""Card data importers: public card lists -> the domain's generated content files.

`convert_guardians` reads the Guardians LackeyCCG plugin data (carddata.tsv and
LackeyCCG .dek example decks; see the data's README.md) and writes
domain/games/guardians/cards-<SET>.json and decks/<name>.json. The output holds
facts (names, sets, kinds, numbers, icons) and our structured reading of each card's
text, never the text itself. Running it twice gives identical bytes.

Every fix to the source data is here, with its reason, next to the number it changes.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from domain.games.guardians.cards import (
    CHANCE_KINDS,
    DICE_KINDS,
    SETS,
    SHIELD_KINDS,
    TERRAIN_TYPES,
    UNIQUE_TEXTS,
    Ability,
    Card,
    card_file,
    card_to,
    dice_of,
    slug,
)

SOURCE_REPO = "wishmstr/FPGGuardians"
CARDS_COMMIT = "df1b1c1705103898b53f31e226c951b77d43b0b6"
DECKS_COMMIT = "28ee29c372f1d0ae83ba5fa874401f24d7407a07"
CARDS_SOURCE = (f"github.com/{SOURCE_REPO}, sets/carddata.txt at commit {CARDS_COMMIT} (a fan-made LackeyCCG plugin "
                "for FPG's Guardians CCG; licence unknown)")
NOTE = ("Reconstructed: derived from the plugin's card table, not copied from it. This file holds only facts (names, "
        "sets, kinds, numbers, bribery icons, flags) and tablerules' own structured reading of each card's text "
        "('abilities' and 'text'); the printed card texts are not included. Left out: the plugin's 'Events' and "
        "'Adventure' rows (added by the plugin author, four of them marked as fan cards). Data fixes are listed "
        "in tools/cardimport.py.")

COLUMNS = ("Name", "Set", "ImageFile", "Type", "Class", "VP", "Flying", "Size", "Vitality", "Vit. Red", "OCB", "Babes",
           "Gold", "Beer", "Channeling", "Channeler", "Ranged attack", "Command", "Power stones", "basic draw", "LDL",
           "MDL", "LUC", "Effect", "Bonus", "Script")
SKIPPED_SETS = ("Events", "Adventure")
"""Rows the plugin author added: not cards of the four sets and the promos."""

KIND_OF_TYPE = {
    "mortal": "creature", "elemental": "creature", "external": "creature", "guardian": "guardian", "spell": "spell",
    "item/hand": "hand-item", "item/creature": "creature-item", "item/accessory": "accessory", "shield": "shield",
    "standard bearer": "standard-bearer", "shield/terrain": "shield-terrain", "stronghold": "stronghold",
    "upgrade": "upgrade", "downgrade": "downgrade", "terrain": "terrain", "bribery": "bribery",
}
BRIBE_OF_ICON = {"L": "babes", "G": "gold", "B": "beer"}
"""The icon letters. Read by letter, not by column: Rock Giant has its B (Beer) in the Gold column."""

# --- fixes to the source data (facts only) -------------------------------------------------

CLASS_FIXES = {
    "Undeal": "Undead",          # Dead Cats: a typo ("Undeal/Animal")
    "Saurina": "Saurian",        # Joomjaba: a typo ("Saurina/Blood Spear"); every other Saurian is spelled so
    "Misc Human": "Misc. Human",  # two spellings of one class
    # Fangis the Hunter: both prints' text carries an errata note that the Henchman class is a
    # misprint; the other print of the card is an Animal, so both become Animal.
    "Henchman": "Animal",
}
RANGED_FIXES = {
    ("Rock Giant", "RE"): 6,   # column 4, its text gives a 6 pt. ranged attack: the text wins
    ("Doomwing", "RE"): 6,     # column empty, its text gives a 6 pt. ranged attack
    # Column 6, but its text has no ranged attack, and only creatures whose text gives an
    # n pt. ranged attack may fire one (guardians OTHER MODIFIERS). The 6 looks like Rock Giant's.
    ("Huge Rock Giant", "RE"): 0,
}
CMP_FIXES = {
    # Its 6 stands in the Channeler (CMP) column, with the Ranged attack column empty: it is
    # the ranged number its text gives (RANGED_FIXES), and its text names no channeling.
    ("Doomwing", "RE"): 0,
}
TEXT_FROM = {
    # The texts of these three stronghold upgrades are rotated by one row in the source: each
    # text names another upgrade (the Large Idol's row describes the cannon, the Sacrificial
    # Altar's row the Idol, the Flame Cannon's row a sacrifice). Each card takes the text that
    # describes it. Only our reading of the text depends on this; no text is written out.
    ("Flame Cannon", "RE"): "Large Idol",
    ("Large Idol", "RE"): "Sacrificial Altar",
    ("Sacrificial Altar", "RE"): "Flame Cannon",
}
MOJIBAKE = {"‚Äö√Ñ¬∂": "...", "¬¨¬©": " "}
"""Mis-decoded characters in the Idiot and Death Pit of Djoser texts (an ellipsis, a bullet)."""
# Kept as in the source: Shield Brom's Goblin 04/08/12/16 have Vitality (Up number) 12/16/4/8,
# numbers that do not match their names; nothing says which is right, so the data's numbers stay.
# The Felisha row (Adventure, skipped) has its text in the Command column.

FLAVOUR = frozenset({
    # Hand-checked: the whole text is a quotation, a verse or a sound, with no game effect.
    "re-axeman", "re-swordsman", "re-zombie", "re-gorgal-skag", "re-idiot", "re-warrior-spirit", "re-gnobby-gnomes",
    "di-rotten-guy", "re-thak-steady-hand",
})

BASIC_TERRAIN = {"Mountains": "mountains", "Rivers and Lakes": "rivers-and-lakes", "Spires": "spires",
                 "Swamp": "swamp", "The Dry Heaps": "dry-heaps", "Woods": "woods", "Jungle": "jungle"}
SHIELD_LIMIT = 30
"""guardians MOVEMENT PHASE: a space (and so a shield) holds at most 30 points."""

DECK_FILES = (
    ("Basic_Knights_Theme.dek", "knights", "Basic Knights Theme", "decks/Basic_Knights_Theme.dek"),
    ("Basic_Giants_and_Fairies_Theme.dek", "giants-fairies", "Basic Giants and Fairies Theme",
     "decks/Basic_Giants_and_Fairies_Theme.dek"),
    ("Undead_Theme.dek", "undead", "Undead Theme", "decks/Old Decks/Undead_Theme.dek"),
)
STRONGHOLD_PLACES = {"left": 0, "l": 0, "center": 1, "c": 1, "right": 2, "r": 2}


# --- reading the text ---------------------------------------------------------------------

_TERRAIN = (r"(?:the\s+)?(?P<{0}>woods?|mountains?|swamps?|dry\s+heaps|rivers?\s*(?:and|&)\s*lakes?|spires|jungle)"
            r"(?:\s+terrain)?")


def terrain_of(text: str) -> str:
    word = text.lower().split()[0]
    for prefix, terrain in (("wood", "woods"), ("mountain", "mountains"), ("swamp", "swamp"), ("dry", "dry-heaps"),
                            ("river", "rivers-and-lakes"), ("spire", "spires"), ("jungle", "jungle")):
        if word.startswith(prefix):
            return terrain
    raise ValueError(f"no terrain type in {text!r}")


def _t(name: str) -> str:
    return _TERRAIN.format(name)


_SPECIAL_TARGETS: tuple[tuple[str, str], ...] = (
    (r"(?:creatures? )?(?:which |that )?(?:can be bribed|bribable|bribeable) by (babes|beer|gold)", "bribe:{0}"),
    (r"(?:creatures? )?(?:which |that )?can be bribed", "bribable"),
    (r"(?:creatures? )?(?:with|which has|which have) the ability to fly|flyers|flying creatures?|"
     r"creatures? (?:capable of flying|which can fly)", "flying"),
    (r"non-flyers|non-flying creatures?", "non-flying"),
    (r"(large|medium|small)(?:-sized)? creatures?", "{0}"),
    (r"creatures? defending in strongholds", "stronghold-defenders"),
    (r"(?:creatures? )?(?:which |that )?(?:is |are )?affected by fear", "fear"),
    (r"creatures? (?:which |that )?(?:is |are )immune to fear", "immune:fear"),
    (r"mortals? affected by fear", "mortal+fear"),
    (r"creatures? (?:which |that )?ha(?:s|ve) a ranged attack", "ranged"),
    (r"guardians?", "guardian"),
    (r"(mortal|elemental|external)s?", "{0}s"),
    (r"creatures? with (fire|fear)-based attacks?", "attack:{0}"),  # strength
    (r"(?:creatures? )?with an off-color bonus of zero", "ocb:0"),  # strength, second wave
    (r"creatures? with the ability to destroy another creature", "destroyer"),
    (r"channeling receivers?", "receivers"),  # remaining spells and items
)


def _singulars(word: str) -> list[str]:
    forms = [word]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms


@dataclass(frozen=True)
class Targets:
    """Resolves a phrase naming creatures to the target vocabulary (domain/games/guardians/cards.py)."""

    classes: frozenset[str]
    names: frozenset[str]

    def one(self, phrase: str) -> str | None:
        text = re.sub(r"^(?:any|all|the|an?)\s+", "", phrase.strip().lower()).strip()
        but = re.fullmatch(r"(.+?) other than (.+)", text)
        if but:  # "an Angel other than a Holy Avenger"
            kind, left_out = self.one(but.group(1)), self.one(but.group(2))
            return f"{kind}+!{left_out}" if kind and left_out and "|" not in kind + left_out else None
        for pattern, result in _SPECIAL_TARGETS:
            found = re.fullmatch(pattern, text)
            if found:
                return result.format(*found.groups())
        for form in _singulars(text):
            if form in self.classes:
                return form
        for form in _singulars(text):
            if form in self.names:
                return f"name:{form}"
        return None

    def creatures(self, phrase: str) -> str | None:
        """One target or several alternatives ("Undead, Demons and Devils" -> "undead|demon|devil")."""
        whole = self.one(phrase)
        if whole is not None:
            return whole
        parts = [part for part in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", phrase.strip()) if part]
        found = [self.one(part) for part in parts]
        if len(parts) < 2 or any(item is None for item in found):
            return None
        return "|".join(item for item in found if item)

    def immune(self, phrase: str) -> list[str] | None:
        results: list[str] = []
        for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", phrase.strip().lower()):
            if re.fullmatch(r"fire|fear", part):
                results.append(part)
            elif re.fullmatch(r"(?:all )?aoe(?:'s| attacks?|s)", part):
                results.append("aoe")
            elif re.fullmatch(r"ranged attacks?", part):
                results.append("ranged")
            else:
                target = self.one(part)
                if target is None:
                    return None
                results.append(target)
        return results


@dataclass(frozen=True)
class Context:
    name: str
    kind: str
    targets: Targets
    command: bool = False
    """A creature with a command ability (the Command column)."""


Build = Callable[[re.Match[str], Context], list[Ability] | None]
COUNTS_AS = "_counts-as"
ALLOWS_RANGED = "_allows-ranged"
SHIELD_LIMIT_KIND = "_shield-limit"
"""Sentences that set a card's fields rather than abilities (taken out after parsing)."""


def _n(match: re.Match[str]) -> int:
    return int(match.group("n"))


def _own(phrase: str, context: Context) -> bool:
    """Whether a phrase names the card itself ("Geyser" on Roaming Steam Geyser)."""
    words = set(re.sub(r"[^a-z' ]", " ", phrase.lower()).split()) - {"the"}
    return bool(words) and words <= set(re.sub(r"[^a-z' ]", " ", context.name.lower()).split())


def _terrain_bonus(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("terrain-bonus", _n(match), terrain=terrain_of(match.group("t")))]


def _with_target(kind: str, amount: bool = False) -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        target = context.targets.creatures(match.group("t"))
        if target is None:
            return None
        return [Ability(kind, _n(match) if amount else 0, target)]
    return build


def _immune(match: re.Match[str], context: Context) -> list[Ability] | None:
    found = context.targets.immune(match.group("t"))
    return None if found is None else [Ability("immune", target=target) for target in found]


def _ranged(match: re.Match[str], context: Context) -> list[Ability] | None:
    only = match.group("only")
    if only is None:
        return [Ability("ranged", _n(match))]
    if match.group("how").endswith(" in"):
        return [Ability("ranged", _n(match), terrain=terrain_of(only))]
    target = context.targets.creatures(only)
    return None if target is None else [Ability("ranged", _n(match), target)]


def _aoe(match: re.Match[str], context: Context) -> list[Ability] | None:
    words = f"{match.group('pre') or ''} {match.group('post') or ''}".lower()
    element = next((name for name in ("fire", "fear", "methane") if name in words), "plain")
    only = match.group("only")
    if only is not None:
        target = context.targets.one(only)
        if target is None:
            return None
        element = f"{element}:{target}"
    return [Ability("aoe", _n(match), element)]


def _element(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("attack-element", target=match.group("e").lower())]


def _destroys_beaten(match: re.Match[str], context: Context) -> list[Ability] | None:
    phrase = match.group("t")
    if phrase is None:
        return [Ability("destroys-beaten")]
    target = context.targets.one(phrase)
    return None if target is None else [Ability("destroys-beaten", target=target)]


def _amount(kind: str) -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        return [Ability(kind, _n(match))]
    return build


def _plain(kind: str) -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        return [Ability(kind)]
    return build


def _channels_only(match: re.Match[str], context: Context) -> list[Ability] | None:
    target = context.targets.creatures(match.group("t"))
    if target is None:
        return None
    extra = [Ability("channels-to-any")] if match.groupdict().get("any") else []
    return [Ability("channels-only-to", target=target), *extra]


def _no_channeling(match: re.Match[str], context: Context) -> list[Ability] | None:
    target = context.targets.creatures(match.group("t"))
    if target is None and _own(match.group("t"), context):
        target = f"name:{context.name.lower()}"
    return None if target is None else [Ability("no-channeling-vs", target=target)]


def _no_secondary(match: re.Match[str], context: Context) -> list[Ability] | None:
    return [Ability("no-secondary-vs")] if _own(match.group("t"), context) else None


def _ranged_bonus(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("ranged-bonus", _n(match), (match.groupdict().get("w") or "").lower())]


def _bonus_all(match: re.Match[str], context: Context) -> list[Ability] | None:
    groups = match.groupdict()
    if groups.get("w"):
        if context.kind not in SHIELD_KINDS:
            return None
        return [Ability("bonus-all", _n(match), groups["w"].lower())]
    if groups.get("terr"):
        return [Ability("bonus-all", _n(match), terrain=terrain_of(groups["terr"]))]
    if groups.get("t"):
        target = context.targets.creatures(groups["t"])
        return None if target is None else [Ability("bonus-all", _n(match), target)]
    return [Ability("bonus-all", _n(match))]


def _bonus_yours(kind: str, fixed: str = "") -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        target = fixed or context.targets.creatures(match.group("t"))
        if not target:
            return None
        return [Ability(kind, _n(match), target)]
    return build


def _sets_terrain(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("sets-terrain", terrain=terrain_of(match.group("t")))]


def _counts_as(match: re.Match[str], context: Context) -> list[Ability]:
    found = [terrain_of(match.group(name)) for name in ("t", "u") if match.group(name)]
    return [Ability(COUNTS_AS, terrain=terrain) for terrain in found]


def _shield_limit(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability(SHIELD_LIMIT_KIND, _n(match))]


def _nothing(match: re.Match[str], context: Context) -> list[Ability]:
    return []


_WHO = r"(?:the\s+)?[\w' -]+?"
"""A card naming itself in its text."""

# --- strength: Vitality, attack points and match-up outcomes ---


def _target_amount(kind: str, amount: bool = True, prefix: str = "") -> Build:
    """An ability of `kind` on the creatures the group "t" names (after a leading
    `prefix` word such as "who"), with the group "n" as its amount if `amount`."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        phrase = match.group("t")
        if prefix:
            phrase = re.sub(rf"^{prefix}\s+", "", phrase.strip(), flags=re.IGNORECASE)
        target = context.targets.creatures(phrase)
        return None if target is None else [Ability(kind, _n(match) if amount else 0, target)]
    return build


def _fixed(kind: str, target: str = "", sign: int = 1) -> Build:
    """An ability of `kind` with a fixed target and the group "n" (if any) as its amount."""
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        amount = sign * _n(match) if match.groupdict().get("n") else 0
        return [Ability(kind, amount, target)]
    return build


def _when_own(kind: str) -> Build:
    """A bonus to your creatures of "t" while the card (group "who") is in play."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        if not _own(match.group("who"), context):
            return None
        target = context.targets.creatures(match.group("t"))
        return None if target is None else [Ability(kind, _n(match), target)]
    return build


def _role(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("bonus-role", _n(match), match.group("w").lower())]


def _push_margin(match: re.Match[str], context: Context) -> list[Ability] | None:
    groups = match.groupdict()
    terrain = terrain_of(groups["terr"]) if groups.get("terr") else ""
    target = ""
    if groups.get("t"):
        found = context.targets.creatures(groups["t"])
        if found is None:
            return None
        target = found
    return [Ability("push-margin", _n(match), target, terrain)]


def _dies_when_beaten(match: re.Match[str], context: Context) -> list[Ability] | None:
    if not _own(match.group("who"), context):
        return None
    phrase = match.groupdict().get("t")
    if phrase is None:
        return [Ability("dies-when-beaten")]
    target = context.targets.creatures(phrase)
    return None if target is None else [Ability("dies-when-beaten", target=target)]


def _no_enemy_ocb(match: re.Match[str], context: Context) -> list[Ability] | None:
    if not _own(match.group("who"), context):
        return None
    phrase = match.groupdict().get("t")
    target = context.targets.creatures(phrase) if phrase else ""
    return None if target is None else [Ability("no-enemy-ocb", target=target)]


def _aoe_per_terrain(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("aoe-per-terrain", _n(match), terrain=terrain_of(match.group("terr")))]


def _play_limit(match: re.Match[str], context: Context) -> list[Ability] | None:
    """"Only one <X> per space per player": X is the card itself (its name or a word of
    it), "Captain" (a name that begins so), "Pirate Captain", or a class."""
    phrase = (match.group("t") or "").strip().lower()
    if not phrase or (_own(phrase, context) and not phrase.endswith("captain")):
        return [Ability("play-limit", target=f"name:{context.name.lower()}", limit="space")]
    words = phrase.split()
    if words[-1] == "captain":
        titled = "titled:captain"
        if len(words) == 1:
            return [Ability("play-limit", target=titled, limit="space")]
        kind = context.targets.one(" ".join(words[:-1]))
        return None if kind is None else [Ability("play-limit", target=f"{kind}+{titled}", limit="space")]
    target = context.targets.one(phrase)
    return None if target is None else [Ability("play-limit", target=target, limit="space")]


_STRENGTH_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"all (?P<t>[\w' ,]+?) are \+(?P<n>\d+) vitality \(both sides\)", _target_amount("bonus-both")),
    (rf"\+(?P<n>\d+) vitality to (?P<t>[\w' ]+?) on both sides (?:when|while) {_WHO} is in play",
     _target_amount("bonus-both")),
    (r"each of your creatures fighting an opponent (?P<t>[\w' ]+?) receives \+(?P<n>\d+) vitality",
     _target_amount("bonus-all", prefix="who")),
    (r"all (?:of )?your (?P<t>[\w' ]+?) are \+(?P<n>\d+) vitality for each (?P<who>[\w' ]+?) in play",
     _when_own("bonus-yours")),
    (rf"\+(?P<n>\d+) vitality to all your (?P<t>creatures with (?:fire|fear)-based attacks) (?:when|while) {_WHO} "
     r"is in play", _target_amount("bonus-yours")),
    (r"this\s+ability\s+can't\s+be\s+dispelled", _nothing),  # no rule dispels a creature's ability in play
    (rf"\+(?P<n>\d+) vitality to all (?:of )?your other (?P<t>[\w' ]+?) (?:when|while) (?P<who>{_WHO}) is in play",
     _when_own("bonus-others")),
    (r"\+(?P<n>\d+) vitality when your shield is (?P<w>attacking|defending)", _role),
    (r"\+(?P<n>\d+) vitality for each (?P<t>[\w' ]+?) you have in play", _target_amount("bonus-per-yours")),
    (r"\+(?P<n>\d+) vitality for each primary match-up which has occurred in this combat so far",
     _fixed("bonus-per-matchup")),
    (r"your first match-up creature is \+(?P<n>\d+), your second \+\d+, etc\.?", _fixed("bonus-per-matchup", "yours")),
    (rf"(?:{_WHO} is )?\+(?P<n>\d+) vitality for each (?P<t>[\w' ]+?) that has been beaten so far in this combat",
     _target_amount("bonus-per-beaten")),
    (rf"\+(?P<n>\d+) vitality to each of your other creatures for each of their bribery icons while {_WHO} "
     r"is in play", _fixed("bonus-per-icon")),
    (r"\+(?P<n>\d+) vitality to your creatures' off-color bonuses", _fixed("ocb-bonus")),
    (rf"opponent gets no vitality bonus for creature class when (?P<who>{_WHO}) is in play", _no_enemy_ocb),
    (r"your\s+opponent\s+gets\s+no\s+off-color\s+bonuses\s+vs\.? "
     rf"your (?P<t>[\w' ]+?) while (?P<who>{_WHO}) is in play", _no_enemy_ocb),
    (r"-(?P<n>\d+) vitality to opposing creatures' terrain bonuses", _fixed("terrain-bonus-change", "enemy", -1)),
    (r"no\s+terrain\s+bonus\s+may\s+be\s+reduced\s+below(?: zero| 0)?", _nothing),  # the kind's floor at 0 (RULES.md)
    (r"\+(?P<n>\d+) vitality to all creature terrain bonuses", _fixed("terrain-bonus-change", "yours")),
    (rf"when {_WHO} is in play and unbeaten, all of your other creatures gain their terrain bonuses, "
     r"regardless of which terrain they're fighting in", _fixed("terrain-bonus-anywhere")),
    (r"(?:the )?[\w' ]+? must be beaten by (?P<n>\d+) or more points "
     r"(?:of|or)\s+the\s+result\s+is\s+a\s+push", _push_margin),
    (rf"when in {_t('terr')}, your enemy must beat you by at least (?P<n>\d+) pts?\.? "
     r"or\s+the\s+match-up\s+is\s+a\s+push", _push_margin),
    (r"in primary match-ups, your (?P<t>[\w' ]+?) must be beaten by at least (?P<n>\d+) pts?\.? "
     r"or\s+the\s+result\s+is\s+a\s+push", _push_margin),
    (rf"if (?P<who>{_WHO}) loses a match-up, it is destroyed", _dies_when_beaten),
    (rf"if beaten by (?P<t>[\w' ]+?), (?P<who>{_WHO}) is destroyed", _dies_when_beaten),
    (r"immune to secondary attacks from (?P<t>[\w' ]+)", _target_amount("immune-secondary", amount=False)),
    (r"all\s+ranged\s+attacks\s+in\s+combat \(both sides\) are -(?P<n>\d+) strength",
     _fixed("ranged-bonus-both", sign=-1)),
    (rf"\+(?P<n>\d+) to all (?P<e>fire|fear)-based attacks when {_WHO} is in play",
     lambda match, context: [Ability("aoe-bonus", _n(match), match.group("e").lower())]),
    (r"when played, \+(?P<n>\d+) pts?\.? to the aoe attack for each different type of (?P<t>[\w' ]+?) in play",
     _target_amount("aoe-per-kind")),
    (rf"\+(?P<n>\d+) points? to the aoe for every {_t('terr')} in play", _aoe_per_terrain),
    (r"(?:only )?one (?:(?!per\b)(?P<t>[\w' ]+?) )?per (?:[\w' ]+? per )?space,? per player", _play_limit),
)


# --- strength, second wave: more bonuses and match-up outcomes ----------------------------


def _names_self(phrase: str, context: Context) -> bool:
    """`_own`, forgiving a plural spelled otherwise ("Pink Flamingoes" on Pink Flamingos)."""
    def words(text: str) -> list[str]:
        return [word for word in re.sub(r"[^a-z' ]", " ", text.lower()).split() if word != "the"]
    forms = {form for word in words(context.name) for form in _singulars(word)}
    said = words(phrase)
    return _own(phrase, context) or (bool(said) and all(set(_singulars(word)) & forms for word in said))


def _harmless(match: re.Match[str], context: Context) -> list[Ability] | None:
    return [Ability("harmless")] if _names_self(match.group("who"), context) else None


_STRENGTH2_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"\+(?P<n>\d+) vitality to all (?:of )?your secondary attackers", _fixed("secondary-bonus", "yours")),
    (r"\+(?P<n>\d+) vitality as a secondary attacker if your primary attacker in the match-up was (?P<t>.+)",
     _target_amount("secondary-bonus")),
    (rf"\+(?P<n>\d+) vitality to all (?:of )?your creatures which have an? {_t('terr')} terrain bonus,? "
     rf"while {_WHO} is in play",
     lambda match, context: [Ability("bonus-yours", _n(match), f"terrain-bonus:{terrain_of(match.group('terr'))}")]),
    (rf"\+(?P<n>\d+) vitality for each bribery icon on {_WHO}'s match-up opponent",
     _fixed("bonus-per-icon", "opponent")),
    (r"\+(?P<n>\d+) vitality for each (?P<t>[\w' ]+?) in your discard pile", _target_amount("bonus-per-discarded")),
    (rf"when {_WHO} is played as a primary attacker, add your shield's up-card number to {_WHO}'s base vitality",
     _fixed("bonus-shield-up")),
    (rf"all (?:of )?your (?P<t>[\w' ]+?) bypass your opponent's stronghold vitality bonus while {_WHO} "
     r"(?:is|are) in play", _target_amount("cancels-stronghold", amount=False)),
    (r"all creatures are immune to (?P<who>[\w' ]+)", _harmless),
)
"""The second strength wave's clauses (RULES.md: Strength texts)."""


# --- control, channeling, bribery, stones and draws ---------------------------------------

_COUNT = r"(?P<n>\d+|one|an?)"
"""A count written as a number or a word ("1", "one", "an")."""


def _count(match: re.Match[str]) -> int:
    word = match.group("n").lower()
    return _WORDS.get(word) or int(word)


_WORDS = {"one": 1, "a": 1, "an": 1, "two": 2}


def _counted(kind: str, target: str = "", sign: int = 1) -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        return [Ability(kind, sign * _count(match), target)]
    return build


def _control_bonus(match: re.Match[str], context: Context) -> list[Ability] | None:
    phrase = match.groupdict().get("t")
    if phrase is None:
        return [Ability("control-bonus", _n(match), "attacking")] if context.kind in SHIELD_KINDS else None
    target = context.targets.creatures(phrase)
    return None if target is None else [Ability("control-bonus", _n(match), target)]


def _no_control_opponent(match: re.Match[str], context: Context) -> list[Ability] | None:
    target = context.targets.one(match.group("t"))
    return None if target is None else [Ability("no-control-opponent", target=target)]


def _no_bribery(match: re.Match[str], context: Context) -> list[Ability] | None:
    on_space = match.groupdict().get("space") is not None
    if on_space != (context.kind in ("terrain", "shield-terrain")):
        return None  # a terrain's ban is on its space, a creature's once it is in play
    return [Ability("no-bribery", target=f"bribe:{match.group('icon').lower()}")]


def _extra_draw(target: str) -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        own = match.groupdict().get("who")
        if own is not None and not _own(own, context):
            return None
        return [Ability("extra-draw", _count(match), target, when="draw")]
    return build


_IN_DO = r"(?:during|in) the draw and organi[sz]e phase"
_CONTROL = r"for control of (?:the |a )?space"
_CONTROL_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"(?:if it survives, )?(?:{_WHO} )?counts as (?P<n>\d+) vitality {_CONTROL}", _amount("control-vitality")),
    (rf"both {_WHO} and its opponent in melee don't count towards? control of the space",
     lambda match, context: [Ability("no-control"), Ability("no-control-opponent")]),
    (r"if opponent in match-up was (?:an? )?(?P<t>[\w ]+?), then the [\w ]+?'s vitality doesn't count towards? "
     r"control of the space", _no_control_opponent),
    (rf"when attacking with this shield, add (?P<n>\d+) to your vitality total {_CONTROL}", _control_bonus),
    (rf"if {_WHO} is alive after combat, add \+(?P<n>\d+) vitality to each living (?P<t>[\w' ]+?) {_CONTROL}",
     _control_bonus),
    (r"unlimited channeling", _plain("unlimited-channeling")),
    (r"(?P<n>[+-]\d+) cmp to channeling \(both sides\)", _bonus_yours("cmp-bonus", "both")),
    (r"all channeling to your creatures gains? (?P<n>[+-]\d+) cmp", _bonus_yours("cmp-bonus", "yours")),
    (r"all channeling by creatures is (?P<n>[+-]\d+) cmp from beneath this stronghold card",
     _bonus_yours("cmp-bonus", "beneath")),
    (r"no power stones? may be spent for channeling during this combat", _plain("no-stone-channeling")),
    (rf"opponent cannot channel to any creature in combat if {_WHO} is in play and unbeaten",
     _plain("no-enemy-channeling")),
    (rf"no bribery by (?P<icon>babes|beer|gold) allowed once {_WHO} is in play unless {_WHO} is bribed first",
     _no_bribery),
    (r"no bribery by (?P<icon>babes|beer|gold) (?:is )?allowed (?P<space>on this space)", _no_bribery),
    (r"no bribery vs\.? creatures under this shield", _plain("no-bribery-vs")),
    (rf"if you bribe with (?P<icon>babes|beer|gold) while {_WHO} is in play, return (?:babes|beer|gold) to your "
     r"storage hand", lambda match, context: [Ability("bribe-returns", target=f"bribe:{match.group('icon').lower()}")]),
    (r"any bribery cards? you play works? vs\.? any bribable creature", _plain("bribes-any")),
    (rf"\+{_COUNT} power stones? every time one of your creatures is bribed", _counted("gain-stones", "bribed")),
    (rf"you gain {_COUNT} power stones? every time an opponent channels while {_WHO} is in play",
     _counted("gain-stones", "enemy-channels")),
    (rf"you gain {_COUNT} power stones? for each creature you beat after {_WHO} is in play, as long as it is unbeaten",
     _counted("gain-stones", "beats")),
    (rf"gain {_COUNT} power stones? every time this shield wins a combat", _counted("gain-stones", "shield-wins")),
    (rf"{_IN_DO}, draw {_COUNT} extra cards? for each swamp you control", _extra_draw("swamp")),
    (rf"draw {_COUNT} extra cards? {_IN_DO} if your up-card was a small creature", _extra_draw("up:small")),
    (rf"if (?P<who>[\w' ]+?) is your up-card before cards are drawn {_IN_DO}, draw {_COUNT} additional cards?",
     _extra_draw("up:self")),
    (rf"{_IN_DO}, draw {_COUNT} extra cards? for each shield you have lost from play during this game",
     _extra_draw("shields-lost")),
    (rf"{_IN_DO}, draw {_COUNT} extra cards? for each shield you have in the disputed lands",
     _extra_draw("shields-in-lands")),
)
"""The theme's clauses (RULES.md: Cards and their texts), tried after the keywords above."""


# --- dice: amounts rolled once (Ability.dice; domain/games/guardians/dice.py) ---

_DICE = r"(?P<dice>\d+d\d+)"


def _rolled(kind: str, when: str = "") -> Build:
    """An ability of `kind` whose amount is the dice of group "dice" plus group "n" (if
    any), on the card itself (group "who", if any, names it) or on the creatures of "t"."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        groups = match.groupdict()
        if groups.get("who") and not _own(groups["who"], context):
            return None
        target = ""
        if groups.get("t"):
            found = _class_of(groups["t"], context)
            if found is None:
                return None
            target = found
        return [Ability(kind, int(groups.get("n") or 0), target, when=when, dice=match.group("dice").lower())]
    return build


def _class_of(phrase: str, context: Context) -> str | None:
    """A target, or the one creature class the phrase begins ("Disciple": "disciple of entropy")."""
    found = context.targets.creatures(phrase)
    if found is not None:
        return found
    words = phrase.strip().lower()
    named = sorted(c for c in context.targets.classes if any(c.startswith(f"{form} ") for form in _singulars(words)))
    return named[0] if len(named) == 1 else None


_DICE_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"when played as a primary attacker, add {_DICE} to (?P<who>{_WHO})'s vitality",
     _rolled("primary-bonus", when="match-up")),
    (rf"(?P<who>{_WHO}) gains {_DICE} vitality for (?:every|each) other (?P<t>[\w' ]+?) (?:that is )?in play",
     _rolled("bonus-per-yours")),
    (rf"{_DICE}(?:\+(?P<n>\d+))? vitality to (?:defending creatures|defenders)", _rolled("defend-bonus")),
    (rf"while (?P<who>{_WHO}) is in play and unbeaten, all (?P<t>d\d+) rolls are reduced to an? (?P<n>\d+)",
     lambda match, context: [Ability("fixes-dice", _n(match), match.group("t").lower())]
     if _own(match.group("who"), context) else None),
    (r"roll once before (?:the )?combat", _nothing),  # the moment every rolled defence has (dice.roll_defence)
)
"""The theme's clauses (RULES.md: Cards and their texts), tried last."""
# --- spells, hand items and accessories (played the general way: domain casting.py) --------

_CAST_KINDS = ("spell", "hand-item", "accessory")


def _cast(kind: str, *, target: str = "", when: str = "", limit: str = "", amount: bool = False) -> Build:
    """An ability of a card played the general way; None for any other kind of card."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        if context.kind not in _CAST_KINDS:
            return None
        count = _count(match) if amount else 0
        return [Ability(kind, count, target, when=when, limit=limit)]
    return build


def _cast_bonus(target: str) -> Build:
    """An accessory's bonus to its Guardian while it is in play."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        if context.kind != "accessory":
            return None
        return [Ability("guardian-bonus", _n(match), target, limit="in-play")]
    return build


def _only_one(match: re.Match[str], context: Context) -> list[Ability] | None:
    name = match.group("name").strip().lower()
    if context.kind != "accessory" or name != context.name.lower():
        return None
    return [Ability("play-limit", target=f"name:{name}", limit="in-play")]


_ITS_STAY = r"for as long as (?:the )?[\w' ]+? is in play"
_CAST_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"play (?:at )?any time", _cast("play", when="any-time")),
    (rf"play {_IN_DO}", _cast("play", when="draw")),
    (r"play (?:immediately )?after up-cards (?:are |have been )?revealed", _cast("play", when="up")),
    (rf"costs {_COUNT} (?:power )?stones? to play", _cast("costs-stones", amount=True)),
    # An accessory's way into play (next to the Guardian: casting.py); any time.
    (r"play next to your guar(?:dian|idan)", lambda match, context: [] if context.kind == "accessory" else None),
    (rf"add {_COUNT} power stones?", _cast("gain-stones", amount=True)),
    (rf"remove {_COUNT} power stones? from any opponent's guardian and move it to your own",
     _cast("steal-stones", amount=True)),
    (r"your guardian's cmp is raised to (?P<n>\d+) for this turn",
     lambda match, context: [Ability("guardian-sets", _n(match), "cmp", limit="turn")]
     if context.kind in _CAST_KINDS else None),
    (rf"your guardian's cmp is incre?a?sed by (?P<n>\d+) {_ITS_STAY}", _cast_bonus("cmp")),
    (rf"your guardian is \+(?P<n>\d+) vitality {_ITS_STAY}", _cast_bonus("vitality")),
    (rf"\+(?P<n>\d+) to your guardian's luc {_ITS_STAY}", _cast_bonus("luc")),
    (r"if an? (?P<name>[\w' ]+?) is in play, no others may be played", _only_one),
    (r"destroy (?:a|any one) (?P<t>terrain|stronghold upgrade)(?: card)?(?: of your choice)?",
     lambda match, context: _cast("destroy-in-play", target=match.group("t").split()[-1].lower())(match, context)),
    (r"go (?:directly|straight) to the (?:terrain )?settlement phase", _cast("skip-to", target="settlement")),
    (r"all up-cards are discarded,? and new ones (?:are )?revealed", _cast("new-up-cards", target="both")),
)
"""The theme's clauses (RULES.md: Spells, Items and Accessories played by their abilities)."""


# --- reveals, looks and declarations (domain reveals.py) ------------------------------------

_DECLARED = r"(?P<w>size|type|class)(?: \(border colou?r\))?"


def _declare_first(limit: str) -> Build:
    """declare-first: the enemy says what group "w" names; as the Command Card if the card
    is a creature with a command ability and the sentence lasts the combat, else while
    the card is in play (a Standard Bearer, a creature on the table)."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        if match.groupdict().get("who") and not _own(match.group("who"), context):
            return None
        when = "command" if limit == "combat" and context.command else ""
        return [Ability("declare-first", target=match.group("w").lower(), when=when, limit=limit)]
    return build


def _shows(zone: str) -> Build:
    """shows: a Spell's as it takes effect; a creature's as the Command Card (only those
    with a command ability); group "t", if any, names the creatures of the zone shown."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        target = zone
        if match.groupdict().get("t"):
            found = context.targets.creatures(match.group("t"))
            if found is None:
                return None
            target = f"{zone}:{found}"
        if context.kind in _CAST_KINDS:
            return [Ability("shows", target=target)]
        return [Ability("shows", target=target, when="command")] if context.command else None
    return build


def _for_card(name: str, *abilities: Ability) -> Build:
    """A sentence read for one card only (it refers to another sentence of its text)."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        return list(abilities) if context.name == name else None
    return build


_REVEAL_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"view (?:your )?opponent's storage hand", _shows("storage")),
    (r"(?:your )?opponent must show you all (?P<t>[\w' ]+?) in (?:their|his|his/her) combat hand", _shows("hand")),
    # Trumpeter: "these" are the Demons and Devils its first sentence has shown.
    (r"(?:your )?opponent must play these in match-?ups before any others",
     _for_card("Trumpeter", Ability("lays-first", target="demon|devil", when="command"))),
    (rf"(?:your )?opponent must declare the {_DECLARED} of his(?:/her)? first creature in combat",
     _declare_first("once")),
    (rf"for the duration of combat, (?:your )?opponent must declare the {_DECLARED} of creatures in match-ups "
     r"before you pick your creatures", _declare_first("combat")),
    (rf"while (?P<who>{_WHO}) is in play, (?:your )?opponent must tell you the {_DECLARED} of his creatures in "
     r"match-ups before you pick yours", _declare_first("in-play")),
)
"""The theme's clauses (RULES.md: Cards and their texts), tried last."""


# --- healing, terrain settlement, stronghold cards, upgrades and downgrades -----------------

_ANY_CREATURE = "mortals|elementals|externals"


def _heals(*, when: str = "", limit: str = "") -> Build:
    """A healer's ability (guardians HEALING): its target, and the stones a heal costs."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        phrase = match.group("t")
        target = _ANY_CREATURE if phrase.lower() == "creature" else context.targets.creatures(phrase)
        if target is None:
            return None
        cost = _count(match) if match.groupdict().get("n") else 0
        return [Ability("heals", cost, target, when=when, limit=limit)]
    return build


def _upgrade(read: Callable[[re.Match[str]], list[Ability]]) -> Build:
    """A sentence only a stronghold upgrade's text reads so."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        return read(match) if context.kind == "upgrade" else None
    return build


def _lost_to_pen(match: re.Match[str], context: Context) -> list[Ability] | None:
    """A stronghold card's: its owner's lost creatures of the target go to the Creature Pen."""
    target = context.targets.creatures(match.group("t"))
    if context.kind != "stronghold" or target is None:
        return None
    return [Ability("lost-to-pen", target=target)]


_SETTLE_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"can heal one (?P<t>[\w' ]+?) regardless of who controls the space", _heals(when="combat-end")),
    (r"can heal one (?P<t>[\w' ]+?) for every creature your opponent lost in combat", _heals(limit="enemy-lost")),
    (rf"(?:can )?heal (?:any )?one (?P<t>[\w' ]+?)(?: \(after combat\))? for {_COUNT} power stones?", _heals()),
    # An upgrade fired instead of a Command Card in a combat on the lands of its column: the
    # moment is its fired-aoe's ("command"), the lands the kind's (domain powers.fired_upgrade).
    (r"during any combat in the two spaces in front of the (?:cannon|idol), the (?:cannon|idol) may be fired "
     r"instead of playing a command card", _upgrade(lambda match: [])),
    (r"\(c\) (?P<n>\d+) pts?\. aoe fireball costs 1 power\s+stone",
     _upgrade(lambda match: [Ability("fired-aoe", _n(match), "fire", when="command")])),
    (r"for each extra stone, add (?P<n>\d+) pts?\. to the aoe",
     _upgrade(lambda match: [Ability("per-extra-stone", _n(match))])),
    (r"(?:crenell?ations|crenalations) stop flying to all of your stronghold\s+cards",
     _upgrade(lambda match: [Ability("no-flying-in", target="strongholds")])),
    (r"flying is still allowed from the stronghold\s+spaces", _upgrade(lambda match: [])),  # no-flying-in's "in"
    (r"all (?P<t>[\w' ]+?) lost in combat on this card go to your (?P=t) creature pen instead of the discard pile",
     _lost_to_pen),
)
"""The theme's clauses (RULES.md: Cards and their texts), tried last."""

# --- creatures that leave or sit out a match-up (domain combat.py) ---------------------------

_SIT_OUT = (r"(?:can't|cannot) fight and (?:don't|do not) count (?:towards?|for) control of (?:the )?space"
            r"(?: \(both sides\))?")


def _sits_out(match: re.Match[str], context: Context) -> list[Ability] | None:
    """sits-out, as the Command Card (every such text is a command creature's): group "t"
    names the creatures; "creatures with a base Vitality less than n" are those below n."""
    if not context.command:
        return None
    if match.groupdict().get("n"):
        target: str | None = f"vitality:0-{_n(match) - 1}"
    else:
        target = context.targets.creatures(match.group("t"))
    return [Ability("sits-out", target=target, when="command")] if target else None


def _returns_opponent(target: str = "", limit: str = "") -> Build:
    """returns-opponent: its match-up opponent (of group "t", or of `target`) goes back to
    the Creature Pen."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        found = target or context.targets.creatures(match.group("t"))
        return [Ability("returns-opponent", target=found, limit=limit)] if found else None
    return build


_UNCHALLENGED_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"(?:all|any) creatures with a base vitality less than (?P<n>\d+) {_SIT_OUT}", _sits_out),
    (rf"(?:all|any) (?P<t>[\w' ]+?) {_SIT_OUT}", _sits_out),
    (r"no (?P<t>[\w' ]+?) may be used during this combat", _sits_out),
    # What sitting out means (RULES.md: Creatures set aside), said again by the cards.
    (r"set them off to one side(?: of the combat)?", _nothing),
    (r"they (?:do not|don't) count toward control of the space,? but can be attacked by secondary attackers",
     _nothing),
    (r"they can (?:still )?be attacked by secondary attackers", _nothing),
    (rf"if (?:the )?{_WHO}'s primary match-up opponent is an? (?P<t>[\w' ]+?), that creature immediately "
     r"returns to the creature pen", _returns_opponent()),
    (rf"while {_WHO} is in play, if any of your primary attackers matches up against a creature from the same "
     r"class, your opponent's creature returns to his creature pen", _returns_opponent("same-class", "in-play")),
)
"""The theme's clauses (RULES.md: Cards and their texts)."""

# An upgrade's bonus for control of the space after a combat on a land of its column (the
# Large Idol), and a point more for each Power Stone its seat pays in the control window.
_IDOL_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"when determining control of the space after combat in either of the two spaces directly in front of the "
     r"idol, add (?P<n>\d+) pts?\. to your vitality total",
     _upgrade(lambda match: [Ability("control-bonus", _n(match), "column")])),
    (r"add an additional point of vitality for each power\s+stone spent",
     _upgrade(lambda match: [Ability("activated", 1, "control-bonus:column", when="control")])),
)
"""The Large Idol's clauses (RULES.md: Cards and their texts)."""

# --- permissions and forced discards (domain answers.py: bans-play; discards.py) ------------

_ENEMY = r"(?:your |that )?opponent"
_HIS = r"(?:his|her|his/her|their)"


def _discards(target: str, when: str, amount: int = 0) -> Build:
    return lambda match, context: [Ability("discards", amount, target, when=when)]


def _discards_of(when: str) -> Build:
    """discards of the creatures group "t" names in the enemy's Combat Hand."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        target = context.targets.creatures(match.group("t"))
        return None if target is None else [Ability("discards", target=f"hand:{target}", when=when)]
    return build


def _shows_and_discards(when: str) -> Build:
    """The enemy shows its Storage Hand's double-bordered cards, then discards its Bribery
    cards of the icon of group "icon"."""
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        icon = match.group("icon").lower()
        return [Ability("shows", target="storage:double", when=when),
                Ability("discards", target=f"storage:bribery:{icon}", when=when)]
    return build


def _bans(target: str, limit: str = "") -> Build:
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        if match.groupdict().get("who") and not _own(match.group("who"), context):
            return None
        return [Ability("bans-play", target=target, limit=limit)]
    return build


_SHOW_DOUBLE = (rf"{_ENEMY} must show you all double-bordered cards in {_HIS} storage hand and discard all "
                rf"(?:of {_HIS} )?(?P<icon>gold|beer|babes) bribery cards")
_DISCARD_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"when played in a match-up, {_ENEMY} must discard (?:any |all )?items travell?ing as creatures on "
     r"(?:the|this) space", _discards("stack:creature-item", "reveal")),
    (rf"when played, {_ENEMY} must discard all unplayed (?P<t>[\w' ]+?) in {_HIS} combat hand",
     _discards_of("reveal")),
    (r"(?:both|all) players must (?:immediately )?discard all double-bordered cards",
     _discards("both:storage:double", "reveal")),
    (rf"if {_WHO} beats an opponent as a primary attacker, {_ENEMY} must discard one random card from {_HIS} "
     r"creature pen", _discards("pen:card", "beats", 1)),
    (rf"if {_WHO} survives its primary match-up, {_ENEMY} must discard one random card from {_HIS} creature pen"
     r"(?:, if possible)?", _discards("pen:card", "survives-match-up", 1)),
    (rf"if {_WHO} survives a combat over an opponent's non-rubbled stronghold card, {_ENEMY} loses two random "
     rf"cards from {_HIS} creature pen", _discards("pen:card", "survives-stronghold", 2)),
    (rf"if {_WHO} survives (?:his|her|its) primary match-up, {_SHOW_DOUBLE}", _shows_and_discards("survives-match-up")),
    (rf"when {_WHO} (?:is|are) played as a primary attacker, {_SHOW_DOUBLE}", _shows_and_discards("reveal")),
    (rf"while (?P<who>{_WHO}) is in play, {_ENEMY} may not play any hand magic items",
     _bans("enemy:hand-item", "in-play")),
    (r"no spells? may be played (?:during|in) this combat", _bans("both:spell")),
    (r"this ability cannot be dis+pelled", _nothing),  # no rule dispels a creature's ability in play
    (r"dispel magic may not be played (?:during|in) combat on this space", _bans("both:name:dispel magic")),
)
"""The theme's clauses (RULES.md: Forced discards and bans)."""



def _flow(kind: str, *, target: str = "", when: str = "", amount: bool = False) -> Build:
    """A combat-flow ability whose sentence fixes all its fields (but an amount it names)."""
    def build(match: re.Match[str], context: Context) -> list[Ability]:
        return [Ability(kind, _n(match) if amount else 0, target, when=when)]
    return build


def _initial_push(match: re.Match[str], context: Context) -> list[Ability] | None:
    phrase = match.group("t")
    target = context.targets.creatures(phrase) if phrase else ""
    return None if target is None else [Ability("initial-push", target=target)]


def _returns(zone: str) -> Build:
    """Returns to `zone` when beaten (by more than the group "n", by creatures of "t")."""
    def build(match: re.Match[str], context: Context) -> list[Ability] | None:
        groups = match.groupdict()
        by = context.targets.creatures(groups["t"]) if groups.get("t") else ""
        if by is None:
            return None
        return [Ability("returns-when-beaten", _n(match) if groups.get("n") else 0, f"{zone}:{by}" if by else zone)]
    return build


def _immune_played(match: re.Match[str], context: Context) -> list[Ability] | None:
    target = context.targets.creatures(match.group("t"))
    return None if target is None else [Ability("immune-played", target=f"{match.group('e').lower()}:{target}")]


def _on_terrain(build: Build) -> Build:
    """`build`'s abilities, acting only on the terrain of the group "terr"."""
    def on_terrain(match: re.Match[str], context: Context) -> list[Ability] | None:
        found = build(match, context)
        terrain = terrain_of(match.group("terr"))
        return None if found is None else [replace(ability, terrain=terrain) for ability in found]
    return on_terrain


def _no_secondary_once_beaten(match: re.Match[str], context: Context) -> list[Ability] | None:
    target = context.targets.creatures(match.group("t"))
    return None if target is None else [Ability("no-secondary-vs", target=target, when="beats")]


_LOSES = rf"(?:your )?opponent loses {_COUNT} power stones?"
_STRENGTH2_OUTCOMES: tuple[tuple[str, Build], ...] = (
    (r"when (?:used|played) as a primary attacker(?: vs\.? (?P<t>[\w' ]+?))?, the initial result is a push",
     _initial_push),
    (r"either\s+player\s+may\s+then\s+modify\s+the\s+match-up", _nothing),  # the rule's own modify window
    (rf"if {_WHO} loses a primary match-up by more than (?P<n>\d+) vitality, (?:he|she|it) (?:immediately )?"
     r"returns to your creature pen", _returns("pen")),
    (rf"if beaten by (?P<t>[\w' ]+?), {_WHO} is returned to your storage hand at the end of combat",
     _returns("storage")),
    (rf"if {_WHO} beats its primary match-up creature, {_LOSES}", _counted("enemy-loses-stones", "beats")),
    (rf"if {_WHO} beats an? (?:opponent|oppoent) who has accepted channeling in this combat, {_LOSES}",
     _counted("enemy-loses-stones", "beats-channeled")),
    (rf"if beaten by (?:in )?a match-up by a creature who can accept channeling, {_LOSES}",
     _counted("enemy-loses-stones", "beaten-by-receiver")),
    (r"no\s+secondary\s+attackers\s+may\s+be\s+played\s+on\s+this\s+match-up\s+by\s+either\s+player",
     _flow("no-secondary-vs", target="match-up")),
    (rf"if {_WHO} beats an? (?P<t>[\w' ]+?) in the primary attack round, it may not be attacked by secondary "
     r"attackers", _no_secondary_once_beaten),
    (r"\+(?P<n>\d+) pts?\.? to the aoe for every other (?P<t>[\w' ]+?) you have in play",
     _target_amount("aoe-per-yours")),
    (rf"all (?P<t>[\w' ]+?) played after {_WHO} are immune to (?P<e>fire|fear)", _immune_played),
    (rf"when in {_t('terr')}, {_WHO} is immune to (?P<t>[^,;]+)", _on_terrain(_immune)),
    (rf"when fighting in {_t('terr')}, {_WHO} destroys (?P<t>[^,;]+)", _on_terrain(_with_target("destroys"))),
    (r"immune to secondary attackers with base vitality (?P<n>\d+) or less",
     lambda match, context: [Ability("immune-secondary", target=f"vitality:0-{_n(match)}")]),
    (rf"{_WHO} adds his match-up opponent's off-color bonus to his vitality", _fixed("bonus-opponent-ocb")),
    (rf"add the base vitality of (?:your|you) opponent's previous match-up creature to {_WHO}'s vitality",
     _fixed("bonus-previous-opponent")),
    (rf"when {_WHO} (?:is|are) in play and beaten, all (?:of )?your creatures gain \+(?P<n>\d+) vitality",
     lambda match, context: [Ability("bonus-all", _n(match), when="beaten")]),
    (rf"(?P<who>{_WHO}) cannot be destroyed",
     lambda match, context: [Ability("indestructible")] if _own(match.group("who"), context) else None),
    (rf"if {_WHO} wins a primary match-up over an opponent's terrain space, (?:his/her|its|the)\s+terrain\s+card\s+"
     r"is\s+immediately\s+discarded", _flow("enemy-terrain", target="discard:face-up", when="beats")),
    (r"when fighting over a space with an opponent's face-down terrain or shield/terrain card,\s+that\s+card\s+is\s+"
     r"discarded\s+after\s+combat", _flow("enemy-terrain", target="discard:face-down")),
    (rf"if {_WHO} survives combat over an opponent's terrain card, immediately flip the terrain card to make it "
     r"a\s+face-down\s+terrain", _flow("enemy-terrain", target="flip:face-up", when="survives")),
)
"""The second strength wave's match-up outcomes (RULES.md: Strength texts, second wave)."""
# --- command cards and creature magic items (domain combat.py: the Command Card step) ----

_COMMAND_KINDS = ("spell", "hand-item", "creature-item")


def _command_play(match: re.Match[str], context: Context) -> list[Ability] | None:
    """A Spell or Item played as (or instead of) the Command Card; target: the role its
    seat must have."""
    if context.kind not in _COMMAND_KINDS:
        return None
    return [Ability("play", target=(match.group("w") or "").lower(), when="command")]


def _aoe_own(match: re.Match[str], context: Context) -> list[Ability]:
    return [Ability("aoe-own", _n(match), (match.group("e") or "plain").lower())]


_COMMAND_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"play (?:as|instead of) (?:a |your )?command card(?: when (?P<w>attacking|defending))?", _command_play),
    (r"must be played as (?:your )?command card",
     lambda match, context: [Ability("command-only")] if context.kind == "creature" else None),
    (r"does nothing", _nothing),  # Scamp Jones: a Command Card with no effect
    (r"(?P<n>\d+) pt\.? (?:(?P<e>fire|fear) )?aoe that affects your own combat hand", _aoe_own),
    (rf"discard your entire combat hand when {_WHO} is used as a command card", _flow("discards-hand")),
    (rf"{_WHO} and your opponent's command card are both destroyed", _flow("destroys-command")),
    (r"(?:your )?opponent'?s command ability is dispelled", _flow("dispels-command")),
    # A promotional offer printed on the card, not a rule.
    (r"or (?:mail|send) (?:this card|it) to fpg\b.*|include \$?[\d.]+ ?\$? for s&h", _nothing),
)
"""The theme's clauses (RULES.md: Cards and their texts), tried after the other themes'."""

# --- numbers, counts and conditions on existing mechanisms (wave 5a) ------------------------


def _own_then(build: Build) -> Build:
    """`build`'s abilities when the group "who" names the card itself."""
    def own_then(match: re.Match[str], context: Context) -> list[Ability] | None:
        return build(match, context) if _names_self(match.group("who"), context) else None
    return own_then


def _receivers(match: re.Match[str], context: Context) -> list[Ability] | None:
    """Creatures of group "t" may receive channeling: a creature's while it is in play, a
    terrain's on its space (the sentence says which it is)."""
    on_space = match.groupdict().get("space") is not None
    if on_space != (context.kind in ("terrain", "shield-terrain")):
        return None
    target = context.targets.creatures(match.group("t"))
    return None if target is None else [Ability("receivers", target=target)]


def _ranged_with(match: re.Match[str], context: Context) -> list[Ability] | None:
    """A ranged attack fired only while your primary attacker is of group "t"."""
    target = context.targets.one(match.group("t"))
    return None if target is None else [Ability("ranged", _n(match), f"with:{target}")]


_STRONGHOLD_SURVIVED = rf"if (?P<who>{_WHO}) survives a combat over an opponent's non-rubbled stronghold card"
_RANDOM_PEN = (r"(?:that |your )?opponent (?:loses|must discard) (?P<n>\d+|one|two|an?) random cards? from "
               r"(?:his|his/her|her) creature pen")
_W5A_PATTERNS: tuple[tuple[str, Build], ...] = (
    (r"\+(?P<n>\d+) vitality for each other (?P<t>[\w' ]+?) in play", _target_amount("bonus-per-in-play")),
    (rf"if this card is the only (?P<t>[\w' ]+?) in play, add \+(?P<n>\d+) to {_WHO}'s vitality",
     _target_amount("bonus-alone")),
    (r"\+(?P<n>\d+) vitality when fighting on a terrainless disputed land(?: space)?",
     lambda match, context: [Ability("terrain-bonus", _n(match), "terrainless")]),
    (r"\+(?P<n>\d+) vitality on a face-down terrain card",
     lambda match, context: [Ability("terrain-bonus", _n(match), "face-down")]),
    (rf"\+(?P<n>\d+) vitality for each single-bordered card in your combat hand when {_WHO} is played",
     _fixed("bonus-per-hand", "single")),
    (r"\+(?P<n>\d+) vitality for each creature item used as a command card in this combat",
     _fixed("bonus-per-command", "creature-item")),
    (rf"if this combat takes place on (?:an? )?{_t('terr')}, you gain {_COUNT} power stones?",
     lambda match, context: [Ability("gain-stones", _count(match), "revealed", terrain_of(match.group("terr")),
                                     when="command" if context.command else "")]),
    (rf"{_STRONGHOLD_SURVIVED}, {_LOSES}", _own_then(_counted("enemy-loses-stones", "survives-stronghold"))),
    (rf"while {_WHO} is in play, all (?P<t>[\w' ]+?) can receive channeling, even if they normally cannot "
     r"receive channeling", _receivers),
    (r"all (?P<t>[\w' ]+?) may receive channeling (?P<space>on this space)", _receivers),
    (r"you (?:can|may) channel to any creatures? in (?:the |a )?match-up",
     lambda match, context: [Ability("receivers", target="yours", when="command" if context.command else "")]
     if context.kind == "creature" else None),
    (r"(?P<n>\d+) pt\.? ranged attack which can only be used if your current primary attacker is an? (?P<t>[\w' ]+)",
     _ranged_with),
    (rf"if (?P<who>{_WHO}) loses a primary match-up, your command card is destroyed, if it is a creature",
     _own_then(_flow("destroys-command", when="beaten"))),
    (rf"if (?P<who>{_WHO}) beats opponent by more than the vitality of his/her command card, your opponent's "
     r"command card is destroyed", _own_then(_flow("destroys-command", when="beats"))),
    (r"must (?:be )?play(?:ed)? as (?:your |the )?first melee creatures?", _flow("lays-first", target="self")),
)
"""Wave 5a's clauses (RULES.md: Cards and their texts): counts and conditions on existing kinds."""


CARD_READINGS: dict[str, tuple[Ability, ...]] = {
    # An Undead from your discard pile to your Storage Hand, for a stone, in Draw & Organize.
    "pr-chaos-summoner": (Ability("play", when="draw"), Ability("costs-stones", 1),
                          Ability("retrieve", target="storage:creature+undead")),
    # A Creature from your discard pile as one of your draws (the discard pile is public: shown).
    "di-cuthbert-the-resurrector": (Ability("play", when="draw"), Ability("retrieve", target="drawn:creature")),
    # A Magic Item from your discard pile to your hand for a stone; Champs comes back too.
    "di-champs-the-wonder-dog": (Ability("play", when="draw"), Ability("costs-stones", 1),
                                 Ability("retrieve", target="storage:item"),
                                 Ability("retrieve", target="storage:self")),
    # Right after the Up cards: your Up card to your Storage Hand, the Sarcophagus in its place.
    "dn-sarcophagus-of-haidra": (Ability("play", when="up"), Ability("takes-up")),
    # As your Up card: look through your deck, take any card as the Up card, the Seeker is
    # discarded, the deck reshuffled.
    "di-jonstollo-the-seeker": (Ability("search-deck", target="up:card", when="up"),),
    # Right after the enemy's ranged attack: it is cancelled, and that seat fires no more this combat.
    "di-seraphim": (
        Ability("play", when="enemy-ranged"), Ability("cancel-ranged"), Ability("no-ranged", target="opponent")
    ),
    # Right after the enemy's ranged attack: its points go to your match-up creature, as if yours.
    "di-heisenburgs-missiles": (Ability("play", when="enemy-ranged"), Ability("redirect-ranged")),
    # Right after the enemy's Guardian channels: the amount is taken off instead of added.
    "re-energy-eater": (Ability("play", when="enemy-channels"), Ability("reverse-channeling")),
    # Right after an enemy creature channels: it is destroyed and the channeling cancelled.
    "re-magic-feedback": (Ability("play", when="enemy-channels"), Ability("cancel-channeling")),
    # A creature drawn at random from the enemy's Combat Hand, and Arms of the Earth itself,
    # sit out; both may be attacked by secondary attackers (as every creature set aside).
    "re-arms-of-the-earth": (Ability("sits-out", target="random", when="command"),),
    # Played on a primary match-up with an Undead in it: both its creatures are left unchallenged.
    "dn-you-cant-see-me-im-a-vampire": (Ability("play", when="match-up"), Ability("unchallenged", target="undead")),
    # Played as a primary match-up is fought: the enemy's creature, if it cannot be bribed, goes
    # back to its Creature Pen; the caster's is left unchallenged (what that leaves, said again).
    "dn-shroud-of-grahzue": (Ability("play", when="match-up"), Ability("returns-opponent", target="!bribable")),
    # Activated abilities, paid in Power Stones (activated.py):
    # one stone: the enemy's Command Card is dispelled, in the Command Cards' window.
    "re-standard-bearer-ploogs-chicken-12": (Ability("activated", 1, "dispels-command", when="command"),),
    # Two stones: an enemy Spell is dispelled while it waits for its answer.
    "dn-sikura-preceptor-of-prophets": (Ability("activated", 2, "dispels-spell", when="answer"),),
    # One stone each: creatures lost from this Shield go back to the Storage Hand.
    "re-standard-bearer-broms-angelic-19": (Ability("activated", 1, "returns-lost:shield", when="survives"),),
    # One stone: the Minion lost in combat goes back to the Storage Hand.
    "re-skeletal-minion": (Ability("activated", 1, "returns-lost:self", when="survives"),),
    # +1 step for the Shield being moved; played during your own move (RULES.md).
    "re-potion-of-movement-essence": (Ability("play", when="moving"), Ability("extra-steps", 1)),
    # A non-flying Shield of nothing but Pirates, carrying him, goes a space further, shown.
    "di-first-mate-muldoon": (Ability("extra-steps", 1, "pirate"),),
    # Your movement option passes once, before you turn a Shield.
    "di-crash": (Ability("play", when="moving"), Ability("pass-move")),
    # A second flying Shield this turn.
    "di-ongo-air-traffic-controller": (Ability("play", when="movement"), Ability("extra-flights", 1)),
    # Another Shield of yours moves as soon as this move ends.
    "di-war": (Ability("play", when="moving"), Ability("another-move")),
    # Ice Storm: its AOE on flyers strikes both Combat Hands, a reading its third sentence
    # gives to its second.
    "re-ice-storm": (
        Ability("play", when="command"),
        Ability("aoe", 7, "plain:flying"),
        Ability("aoe-own", 7, "plain:flying"),
    ),
    # Its 1 pt. ranged attack, fired, makes the enemy discard one creature Magic Item of its
    # stack on the space, drawn at random (RULES.md: Forced discards and bans).
    "np-secauris": (Ability("ranged", 1), Ability("discards", 1, "stack:creature-item", when="fired")),
    # Its 1 pt. ranged attack fires only at an External; fired, the enemy discards one
    # double-bordered card of its Storage Hand, drawn at random.
    "np-slim-jab": (Ability("ranged", 1, "externals"), Ability("discards", 1, "storage:double", when="fired")),
    # Remaining spells, items, upgrades and downgrades:
    # one creature of its stack counts its base Vitality, not its red number, toward limits.
    "di-petrified-heart": (Ability("stacking-relief", target="red-number"),),
    # one small Demon or Devil of its stack counts nothing toward limits; one a space a player.
    "np-vestibule-of-kabod": (
        Ability("stacking-relief", target="small+demon|small+devil"),
        Ability("play-limit", target="name:vestibule of kabod", limit="space"),
    ),
    # the Pirates of its Shield fly with it.
    "di-the-black-eye": (Ability("grants-flying", target="pirate"),),
    # on your creature in a primary match-up against a flier: both are destroyed.
    "dn-etherwave-magna-lock": (Ability("play", when="match-up"), Ability("destroys-both", target="flying")),
    # with your Giant in a primary match-up: the enemy's Command Card, if a creature, is destroyed.
    "dn-rock-of-far-rolling": (Ability("play", when="match-up"), Ability("destroys-enemy-command", target="giant")),
}
"""Cards whose whole text is read here, by key, in general ability kinds: a text whose
sentences no general pattern should read one by one."""

# --- ultimatums and optional choices (domain choices.py) ------------------------------------
CARD_READINGS.update({
    # As the Command Card, when defending: the attacker retreats, pays a stone or discards two
    # cards of its Storage Hand, before primary attacks.
    "di-great-horned-troll": (Ability("ultimatum", target="retreat|stone:1|discard:2", when="command",
                                      limit="defending"),),
    # As the Command Card: the enemy retreats now, or stays with +2 to its creatures; if it
    # stays and loses, its creatures left under its Shield are destroyed.
    "di-slimwit-man": (Ability("ultimatum", target="retreat|refuse", when="command"),
                       Ability("bonus-enemy", 2, when="refused"), Ability("wins-destroys", when="command")),
    # Revealed as a primary attacker: the enemy burns a stone, or it gets +6.
    "np-sales-weasel": (Ability("ultimatum", target="stone:1|refuse", when="match-up"),
                        Ability("primary-bonus", 6, when="refused")),
    # Beaten in a primary match-up: the enemy pays a stone, or it goes back to its Creature Pen.
    "np-blue-mountain-leechfoot": (Ability("ultimatum", target="stone:1|refuse", when="beaten"),
                                   Ability("returns-when-beaten", target="pen", when="refused")),
    # A creature Magic Item played as the Command Card: the enemy shows its Storage Hand (its
    # double-bordered cards) or loses a stone; then it is discarded. The mail-in offer is no rule.
    "pr-tweezle-the-sneaky": (Ability("play", when="command"),
                              Ability("ultimatum", target="show:storage|stone:1", when="command"),
                              Ability("discard-after-use")),
    # As the Command Card: the enemy shows its Combat Hand; then you may discard it and retreat.
    "re-darkness-elemental": (Ability("shows", target="hand", when="command"),
                              Ability("may", target="discard-retreat", when="command")),
    # As the Command Card: the enemy tells how many cards its Combat Hand holds and their total
    # Vitality; then you may discard it and retreat.
    "di-spirit-guide": (Ability("shows", target="tally", when="command"),
                        Ability("may", target="discard-retreat", when="command")),
    # In play and unbeaten once primary attacks are over: you may retreat; one Captain a space.
    "di-captain-hannibal-hawks": (Ability("may", target="retreat", when="after-primaries"),
                                  Ability("play-limit", target="titled:captain", limit="space")),
})

# --- strongholds, upgrades and downgrades, terrain settlement (wave 6d) ---------------------
# A downgrade's placement (on an enemy end stronghold card with no upgrade there) is the
# one rule of organize.py for every downgrade (RULES.md: Downgrades); its sentence adds nothing.
CARD_READINGS.update({
    # The stronghold card it lies on gives its defenders no bonus.
    "dn-sewage-backup": (Ability("cancels-stronghold", target="card"),),
    # At Terrain Settlement the owner of a Shield on the card discards one of its creatures.
    "np-snake-pit": (Ability("discards", 1, "both:stack:creature", when="settlement"),),
    # At the end of Draw & Organize the card's owner burns a stone if his Shield stands on it.
    "dn-ministry-of-tax-collection": (Ability("enemy-loses-stones", 1, "shield-on"),),
})

# --- bribery, ranged attacks, channeling and rolled attacks (wave 6c) -----------------------
CARD_READINGS.update({
    # Its ranged attack, of no points, answers the enemy's ranged attack just fired: cancelled.
    "di-schneebolt": (Ability("cancel-ranged", when="enemy-ranged"),),
    # Its ranged attack, of no points, answers an enemy channeler's channeling just made: the
    # channeler is destroyed and its points taken back (a Guardian is no creature: not answered).
    "dn-longshot-louie": (Ability("cancel-channeling", when="enemy-channels"),),
    # Its ranged attack, of no points: once fired, its side's match-up creature destroys the
    # opponent it beats in this match-up.
    "np-drizzle-bone-the-hack": (Ability("destroys-beaten", when="fired"),),
    # Its seat channels into a creature once in a combat, and 6 points at most.
    "re-harkin-spreader-of-the-wealth": (Ability("channels-once", 6),),
    # As the Command Card, for a stone: the creatures bribable by Babes, both sides, sit out.
    "np-mchooter-s-distraction": (Ability("play", when="command"), Ability("costs-stones", 1),
                                  Ability("sits-out", target="bribe:babes", when="command")),
})

def _guardians_channel_only(match: re.Match[str], context: Context) -> list[Ability]:
    """A terrain card: only Guardians channel in its combats, each channeling changed by n."""
    return [Ability("channeling-only-from", target="guardian"), Ability("cmp-bonus", _n(match), target="both")]


_W6C_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"add the sum of the unmodified point values of any other ranged attacks already played on this "
     rf"match-up to {_WHO}'?s ranged attack", _plain("ranged-sum")),
    (r"only guardians may channel into combat on this space, and at (?P<n>-\d+) cmp per stone",
     _guardians_channel_only),
)
"""Wave 6c's clauses (RULES.md: Cards and their texts): ranged attacks and channeling."""


# --- match-up order, swaps, returns to the Combat Hand and guesses (wave 6b; domain combat.py) --
CARD_READINGS.update({
    # Once it beats its primary match-up opponent, it goes back to your Combat Hand; the
    # opponent stays on the table, left unchallenged.
    "dn-disgruntled-postal-worker": (Ability("returns-to-hand", when="beats"),),
    # Facing a creature bribable by Babes, it goes back to your Combat Hand at once; the
    # opponent is left unchallenged.
    "np-the-minx": (Ability("returns-to-hand", target="bribe:babes", when="match-up"),),
    # As the Command Card: before each primary match-up is shown, you guess the size of the
    # enemy's creature; right, yours gets +2.
    "dn-jalupee-lobo": (Ability("guess", 2, target="self:size", when="command"),),
    # As the Command Card: before each primary match-up is shown, the enemy guesses the border
    # of your creature; wrong, yours gets +3.
    "re-sphinx": (Ability("guess", 3, target="enemy:type", when="command"),),
    # As the Command Card: both seats lay their match-up creatures from the lowest Vitality up
    # (ranged attacks as usual: nothing to read).
    "dn-wheel-of-law": (Ability("play", when="command"), Ability("lays-first", target="both:lowest", when="command")),
})
# Draws, hands, discard piles and deck searches (wave 6e).
CARD_READINGS.update({
    # Turned as your Up card: up to three Gold Bribery cards of your deck into your Storage
    # Hand, the deck reshuffled (RULES.md: it always takes them).
    "dn-chickenhead-mccracken": (Ability("search-deck", 3, target="storage:bribery:gold"),),
    # In Draw & Organize, for a stone: Fairies of up to 10 Vitality in all from your discard
    # pile to your Storage Hand (RULES.md: the rules pick them).
    "dn-gateway-to-mystfall": (Ability("play", when="draw"), Ability("costs-stones", 1),
                               Ability("retrieve", 10, target="storage:fairy")),
    # A Guardian: you draw a card each time the enemy plays a Hand Item (the card's errata).
    "np-eisnmir-master-of-posessions": (Ability("draws", 1, target="enemy-hand-item"),),
})

# Match-up order, swaps, command-card attacks and the Up card (wave 7b; domain combat.py).
CARD_READINGS.update({
    # A creature that beats it is destroyed unless its side stays on the space; +4 in the Spires.
    "re-tangle-web": (Ability("destroys-beater", target="space-lost"), Ability("terrain-bonus", 4, terrain="spires")),
    # As the Command Card: your Up card, if a small creature, joins your Combat Hand; the
    # Medallion becomes your Up card.
    "dn-medallion-of-skyphos": (Ability("play", when="command"), Ability("takes-up", target="small", when="command")),
    # As the Command Card: the enemy's creatures held twice or more in its Combat Hand go onto
    # the table, unchallenged.
    "dn-al-jabah": (Ability("pulls-unchallenged", target="duplicates", when="command"),),
    # Beating its primary match-up opponent, on 1d6 of 3+: a creature drawn at random from the
    # enemy's Combat Hand goes onto the table, unchallenged.
    "dn-vikia-tsoshanlu": (Ability("pulls-unchallenged", 3, target="random", when="beats", dice="1d6"),),
    # Revealed in a primary match-up, you may have her destroyed: the match-up ends, her
    # opponent left unchallenged; then a Gold Bribery card of your discard pile goes back to
    # your Storage Hand. One a space a player.
    "np-nubian-slave-girl": (Ability("may", target="sacrifice", when="match-up"),
                             Ability("retrieve", target="storage:bribery:gold", when="sacrificed"),
                             Ability("play-limit", target="name:nubian slave girl", limit="space")),
    # A Command Card Spell: the enemy shows its Combat Hand for the rest of the combat, and you
    # lay each of your primary attackers face down before it lays its own.
    "dn-press-leak": (Ability("play", when="command"), Ability("shows", target="hand", when="command"),
                      Ability("lays-before", when="command")),
    # As the Command Card: in the first match-up you lay first, shown; the enemy must lay its
    # creature of the highest base Vitality yours beats (ranged attacks, channeling as usual).
    "re-bruce-the-goose": (Ability("lays-before", target="shown", when="command", limit="once"),
                           Ability("lays-first", target="highest-below", when="command")),
    # As the Command Card: the enemy's primary attackers are drawn at random (ranged and
    # secondary attackers as usual).
    "re-shadow-spy": (Ability("lays-first", target="random", when="command"),),
    # From the Combat Hand, it may take the place of your creature just beaten in a match-up,
    # which goes back to the hand.
    "re-slippery-slime": (Ability("swaps", target="beaten"),),
    # From the Combat Hand, before the next match-up, it may take the place of one of your
    # Undead in a match-up, which goes back to the hand (the card's errata: Combat Hand).
    "re-phantom-stalker": (Ability("swaps", target="undead"),),
    # Beaten, it may be replaced by any other creature of your Combat Hand, beaten in its place;
    # it goes back to the hand.
    "dn-soggybottom-gertz": (Ability("swaps", target="hand", when="beaten"),),
    # Revealed against its first opponent, you may send that one back for a creature drawn at
    # random from the enemy's Combat Hand. One a space a player.
    "re-spirit-of-the-hunt": (Ability("may", target="swap", when="match-up"),
                              Ability("swaps", target="opponent:random", when="match-up"),
                              Ability("play-limit", target="name:spirit of the hunt", limit="space")),
    # As the Command Card: between primary match-ups, a stone each, beaten creatures of yours
    # go back to your Creature Pen.
    "np-guardian-angel": (Ability("activated", 1, "returns-lost:pen", when="between-match-ups"),),
    # As the Command Card: in a primary match-up you may detonate a Barnyard Animal in it, either
    # side's: both match-up creatures are destroyed (no Guardian is a creature in a match-up).
    "di-farmer-brown": (Ability("activated", 0, "destroys-both:barnyard animal", when="match-up"),),
    # As the Command Card: it attacks the enemy's Command Card, if a creature, before that takes
    # effect; winning, the enemy's does not take effect.
    "di-kazarian-squawker": (Ability("attacks", target="command", when="command"),),
    # As a primary attacker, it may attack the enemy's Command Card, if a creature, instead of its
    # opponent.
    "di-hackthorn-strangler": (Ability("may", target="attack:command", when="match-up"),
                               Ability("attacks", target="command", when="match-up")),
    # As the Command Card: it may attack the enemy's Up card, if a creature, with +2; beaten, the
    # Up card's seat draws one card fewer next turn.
    "re-shadow-warrior": (Ability("may", target="attack:up", when="command"),
                          Ability("attacks", 2, target="up", when="command"),
                          Ability("enemy-draws", -1, target="up-beaten")),
    # As the Command Card: if the enemy's Up card is a creature, a creature drawn from its Combat
    # Hand is destroyed if of higher base Vitality than the Up card.
    "di-knife-of-shadow": (Ability("destroys-above-up", target="random", when="command"),),
    # The Command Card only when defending: the combat is fought on the terrain of the space the
    # attacker came from (RULES.md).
    "re-agent-of-shadow": (Ability("play", target="defending", when="command"),
                           Ability("sets-terrain", target="came-from", when="command")),
    # A creature Magic Item played as the Command Card: a creature of your Combat Hand becomes a
    # Command creature and attacks the enemy's Command creature before its ability acts; if
    # yours is beaten, the Heels are lost.
    "re-heels-of-speed": (Ability("play", when="command"),
                          Ability("may", target="attack-with:command", when="before-commands")),
    # As the Command Card: the enemy discards a medium creature of its Combat Hand, of its choice.
    "np-mocodabi": (Ability("ultimatum", target="discard-hand:medium", when="command"),),
    # As the Command Card: both seats tell their Combat Hand's worth; if the enemy's is higher, it
    # discards creatures of its choice worth 5 Vitality or more (no Guardian is in a Combat Hand).
    "np-obelisk-of-bablos": (Ability("play", when="command"), Ability("shows", target="tally:both", when="command"),
                             Ability("ultimatum", target="discard-vitality:5", when="command", limit="hand-higher")),
})

# --- text boxes, classes and outcomes changed for a combat (wave 6a: strength.text_source) ---
CARD_READINGS.update({
    # Its primary match-up opponent's text box counts as empty for the rest of the combat.
    "di-manly-guy": (Ability("blanks", target="opponent"),),
    # Once revealed, every creature's text box counts as empty for the rest of the combat.
    "di-elandar-mighty-wizard": (Ability("blanks", target="creatures"),),
    # As the Command Card: your primary attackers after the first take the first one's classes.
    "di-sooooooul-mirror": (Ability("play", when="command"), Ability("shares-class")),
    # As the Command Card: your creature beaten by more than 10 wins, unless beaten by a Guardian.
    "np-dork-age": (Ability("play", when="command"), Ability("wins-beaten-by", 10, "!guardian")),
})

# --- bribery, ranged attacks, channeling and rolled attacks (wave 7c) -------------------------
CARD_READINGS.update({
    # A Guardian: for 2 stones a time it channels its CMP (5) into a creature that may not
    # receive channeling.
    "re-gaar-influencer-of-the-masses": (Ability("channels-to-any", 2),),
    # As the Command Card: your Fairies may receive channeling this combat, each up to your
    # Guardian's CMP; one a space a player.
    "dn-randy-creek-regulars": (Ability("receivers", target="fairy", when="command"),
                                Ability("max-channeling", target="fairy", when="command"),
                                Ability("play-limit", target="name:randy creek regulars", limit="space")),
    # As the Command Card: a 3 pt. ranged attack into your primary match-up for each stone paid.
    "dn-handles-orourke": (Ability("fires-ranged", 3, when="command"),
                           Ability("activated", 1, "fires-ranged", when="match-up")),
    # As the Command Card: the enemy shows you the creatures of its Combat Hand bribable by
    # the icon; you choose one of them, and it is bribed.
    **{key: (Ability("play", when="command"), Ability("shows", target=f"hand:bribe:{icon}", when="command"),
             Ability("bribes-hand", target=f"bribe:{icon}", when="command"))
       for key, icon in (("di-essence-of-babeitude", "babes"), ("di-santas-beer-sled", "beer"),
                         ("di-yap-attack", "gold"))},
    # In its primary match-up: +5 for each Beer Bribery card you discard (a Combat Hand's
    # bribery cards are in the Storage Hand: RULES.md, Combat hand).
    "dn-slatch-willer": (Ability("discards-for", 5, "storage:bribery:beer", when="match-up"),),
    # In its primary match-up: +4 for each Item you discard from your Storage Hand.
    "dn-zelda-bag-lady-bug": (Ability("discards-for", 4, "storage:item", when="match-up"),),
    # Its 2 pt. methane AOE, +1 for each Barnyard Animal of your Combat Hand you discard once
    # both Command Cards are face up (its text is a command ability).
    "np-mayor-mcevil": (Ability("aoe", 2, "methane"),
                        Ability("discards-for", 1, "hand:barnyard animal", when="command")),
    # As the Command Card: 1d6 to your creature of the primary match-up for each Bribery card
    # you discard.
    "dn-mighty-tiki-god": (Ability("play", when="command"),
                           Ability("discards-for", target="storage:bribery", when="match-up", dice="1d6")),
})
# Answers to the enemy's bribery of a creature of yours (reactions.py).
CARD_READINGS.update({
    # Right after the enemy bribes with the icon: the bribery is cancelled and its card is yours
    # to play in this combat (unplayed, it stays in its owner's discard pile, where it lies).
    **{key: (Ability("play", when="enemy-bribes"), Ability("cancels-bribe", target=f"take:bribery:{icon}"))
       for key, icon in (("np-shadow-bank-job", "gold"), ("np-shadow-beer-heist", "beer"),
                         ("np-shadow-panty-raid", "babes"))},
    # Right after one of your Pirates is bribed: it and its opponent are left unchallenged.
    "di-pirate-double-cross": (Ability("play", when="enemy-bribes"),
                               Ability("cancels-bribe", target="unchallenged:pirate")),
    # From your Combat Hand, right after one of your Pirates is bribed: the Cabin Boy goes to your
    # Creature Pen in its place.
    "di-cabin-boy": (Ability("activated", 0, "cancels-bribe:pen:pirate", when="enemy-bribes"),),
})
# Channeling cancelled, ranged attacks fired by a text or with cards.
CARD_READINGS.update({
    # A Guardian: right after the enemy channels, for 2 stones, that channeling is cancelled and
    # nobody channels for the rest of the combat.
    "re-siin-stealer-of-the-power": (Ability("activated", 2, "no-channeling:cancel", when="enemy-channels"),),
    # In a primary match-up, with an Element standing as your Command Card: a ranged attack of
    # that card's base Vitality.
    "dn-standard-of-the-elements": (Ability("play", when="match-up"),
                                    Ability("fires-ranged", target="command:element")),
    # As the Command Card: your Gold Bribery cards fire as ranged attacks of their Up number while
    # your primary match-up creature is a Barnyard Animal.
    "np-mayor-mcgreed": (Ability("fires-cards", target="bribery:gold;with:barnyard animal", when="command"),),
    # For a stone, on a Pirate of yours fired in the match-up: a plain AOE of its attack's strength.
    "di-the-great-balderoon": (Ability("play", when="match-up"), Ability("costs-stones", 1),
                               Ability("aoe-fired", target="pirate")),
    # Its 3 pt. ranged attack; fired, it takes up to 3 points of channeling, which add to it.
    "re-grim-skull": (Ability("ranged", 3), Ability("max-channeling", 3, when="fired")),
    # Played on a space right after the Up cards: no channeling in a combat on it or next to it
    # this turn.
    "re-monolith-of-power": (Ability("play", when="up"), Ability("no-channeling", target="near", limit="turn")),
})
# Bribery by an Item, and channelers sent away, by command abilities.
CARD_READINGS.update({
    # As the Command Card, once a combat: bribe the bribable enemy creature you face with an Item
    # of your Storage Hand, discarded, instead of a Bribery card.
    "dn-cratur-hobbs": (Ability("bribes-with", target="item", when="command", limit="combat"),),
    # As the Command Card, for a stone: the enemy's creatures under its stronghold spaces go to its
    # Creature Pen (nothing lies under an upgrade); +1 in the Jungle.
    "np-gehrund-field-marshal": (Ability("may", target="stone:1", when="command"),
                                 Ability("sends-to-pen", target="under", when="paid"),
                                 Ability("terrain-bonus", 1, terrain="jungle")),
})
# Rolled attacks (dice.py; rolled tables: one entry a face).
CARD_READINGS.update({
    # A 1d6 fear AOE, rolled as it strikes; a 6 does nothing.
    "dn-mendu-sada-the-havoc": (Ability("aoe", target="fear", dice="1d6"), Ability("roll-fails", 6)),
    # As a primary attacker it rolls at the destruction step: 1-2 it destroys an Elemental, 3-4
    # an External, 5-6 a Mortal; its match-up is then resolved with no further modification.
    "dn-orella-of-the-mist": (Ability("roll-destroys", target="elementals,elementals,externals,externals,mortals,"
                                      "mortals", dice="1d6"), Ability("no-modification")),
    # On your creature of a primary match-up: 1d6, +1 if it is small; 1-4 it is destroyed, 5-6 it
    # wins; nothing more changes the match-up (no Guardian fights in one: "does not affect
    # Guardians" changes nothing).
    "dn-summon-entropy-storm": (Ability("play", when="match-up"),
                                Ability("roll-outcome", 1, "small:destroyed,destroyed,destroyed,destroyed,wins,wins",
                                        dice="1d6")),
    # As the Command Card it rolls 1d6: no enemy channeling against your first 0, 1, 2, 2, 3 or
    # all primary attackers.
    # As the Command Card: whenever you fire a ranged attacker in a primary match-up you may roll
    # 1d6; on a 5 or 6 it and its match-up opponent (the enemy's creature) are destroyed.
    "dn-professor-heisenburg": (Ability("may", target="roll", when="fired"),
                                Ability("roll-destroys", target=",,,,mortals|elementals|externals,"
                                        "mortals|elementals|externals", when="fired", dice="1d6")),
    "dn-disc-of-siin": (Ability("play", when="command"),
                        Ability("no-enemy-channeling", target="first:0,1,2,2,3,all", when="command", dice="1d6")),
})


_PATTERNS: tuple[tuple[str, Build], ...] = (
    (rf"(?P<n>[+-]\d+)\s*(?:vitality\s+)?in\s+{_t('t')}", _terrain_bonus),
    (r"(?P<n>[+-]\d+)\s*(?:vitality\s+)?vs\.?\s+(?P<t>[^,;]+)", _with_target("bonus-vs", amount=True)),
    (r"immune to (?P<t>[^,;]+)", _immune),
    (r"(?P<n>\d+)\s*-?\s*(?:pt|pts|point)\.?\s+ranged attacks?"
     r"(?:\s+(?P<how>that only works on|that can only be used vs\.?|which can only be used against|"
     r"that only works in)\s+(?P<only>[^,;]+))?", _ranged),
    (r"(?P<n>\d+)\s*-?\s*(?:pt|pts|point)\.?\s+(?P<pre>fire\s+|fear\s+)?aoe"
     r"(?:\s+(?P<post>fireball|fire breath|fire attack|fear attack|methane attack|attack))?"
     r"(?:\s+that only affects (?P<only>[^,;]+))?", _aoe),
    (rf"(?:{_WHO}\s+)?has (?:an? )?(?P<e>fire|fear)-based attack", _element),
    (r"(?P<e>fire|fear)-based attack", _element),
    (r"destroys (?P<t>[\w' ]+?) when used as a secondary attacker", _with_target("destroys-secondary")),
    (rf"when used as a secondary attacker, {_WHO} destroys (?P<t>[^,;]+)", _with_target("destroys-secondary")),
    (r"destroys (?:any )?(?P<t>.+)", _with_target("destroys")),
    (rf"(?:during primary match-ups, )?if {_WHO} (?:wins a match-up|beats (?:an? )?(?P<t>[^,]+?)"
     rf"(?: during primary attacks)?), (?:its |the |that )?[\w ]*?(?:opponent|creatures?) is destroyed",
     _destroys_beaten),
    (r"\+(?P<n>\d+) vitality when used as (?:a )?secondary attacker", _amount("secondary-bonus")),
    (rf"{_WHO} is \+(?P<n>\d+) vitality when it is a secondary attacker", _amount("secondary-bonus")),
    (r"if beaten\b.*?, secondary attackers get a \+(?P<n>\d+)(?: vitality)? instead of\b.*",
     _amount("beaten-secondary-bonus")),
    (r"can accept up to (?P<n>\d+) pts?\.? of channeling", _amount("max-channeling")),
    (r"can only channel to (?P<t>[^,;]+)", _channels_only),
    (r"(?:can )?channels? to (?P<t>[\w' ]+?) only"
     r"(?P<any>\s*(?:-+|,)\s*even (?:to [\w' ]+?|those) that normally cannot accept channeling)?", _channels_only),
    (r"(?:can|may) only accept channeling from (?:your |the )?(?P<t>[^,;]+)", _with_target("channeling-only-from")),
    (r"no channeling vs\.? (?:the )?(?P<t>[^,;]+)", _no_channeling),
    (r"no secondary attacks (?:against|vs\.?) (?P<t>[^,;]+)", _no_secondary),
    (r"can heal one (?P<t>[^,;]+)", _with_target("heals")),
    (r"(?:creatures\s+under\s+this\s+shield\s+)?win\s+all\s+pushes\s+in\s+match-ups", _plain("win-pushes")),
    (r"no ranged attacks?(?: allowed)?", _plain("no-ranged")),
    (r"no flying into\b.*", _plain("no-flying")),
    (r"no flying (?:allowing to this space)", _plain("no-flying-in")),  # Khnumian C: into, not out of
    (r"\+(?P<n>\d+) vitality to (?:defending creatures|defenders)", _amount("defend-bonus")),
    (r"\+(?P<n>\d+) to (?:all )?your ranged attacks", _ranged_bonus),
    (r"when (?P<w>defending|attacking), add (?P<n>\d+) strength to all your ranged attacks(?: during combat)?",
     _ranged_bonus),
    (r"\+(?P<n>\d+) to ranged when (?P<w>attacking|defending)", _ranged_bonus),
    (rf"all (?:of )?your creatures are \+(?P<n>\d+) vitality"
     rf"(?: vs\.? (?P<t>[^,;]+)| while fighting in {_t('terr')})?", _bonus_all),
    (r"\+(?P<n>\d+)(?: vitality)? when (?P<w>attacking|defending)", _bonus_all),
    (r"\+(?P<n>\d+)\s+vitality\s+to\s+all\s+your\s+creatures\s+with\s+(?:at\s+least\s+one\s+)?bribery\s+icons?",
     _bonus_yours("bonus-yours", "bribable")),
    (rf"\+(?P<n>\d+) vitality to all your (?P<t>[\w' ]+?) played while {_WHO} is in play",
     _bonus_yours("bonus-yours-played")),
    (rf"\+(?P<n>\d+) vitality to all (?:of )?your (?P<t>[\w' ]+?) (?:when|while) {_WHO} is in play",
     _bonus_yours("bonus-yours")),
    (rf"all (?:of )?your (?P<t>[\w' ]+?) (?:are|at) \+(?P<n>\d+) vitality(?: (?:when|while) {_WHO} is in play)?",
     _bonus_yours("bonus-yours")),
    (r"all (?:of )?your (?P<t>[\w' ]+?) receive \+(?P<n>\d+) vitality", _bonus_yours("bonus-yours")),
    (rf"while {_WHO} is in play, all (?:of )?your (?P<t>[\w' ]+?) gain \+(?P<n>\d+) vitality",
     _bonus_yours("bonus-yours")),
    (rf"for the remainder of combat, .*? is considered to be {_t('t')}", _sets_terrain),
    (rf"counts as (?:both )?(?:an? )?{_t('t')}(?: and {_t('u')})?", _counts_as),
    # Sentences that set fields, or restate a rule, rather than give abilities.
    (r"ranged\s+attacks\s+are\s+allowed\s+on\s+this\s+space", _plain(ALLOWS_RANGED)),
    (r"shield/terrain use as either .+", _nothing),
    (r"if used as a shield card, .*?(?P<n>\d+)-point vitality limit", _shield_limit),
    (r"shield \((?P<n>\d+)\s*pt limit\) / terrain \(no bonuses\)", _shield_limit),
    (r"all affected creatures can't attack\b.*", _nothing),  # Cow: the methane rule (guardians COMBAT, AOE attacks)
    (r"\(errata applies\b[^)]*\)|\(errata: card says \w+\.?\)", _nothing),  # name/class errata, fixed in the fields
    *_STRENGTH_PATTERNS,
    *_STRENGTH2_PATTERNS,
    *_CONTROL_PATTERNS,
    *_STRENGTH2_OUTCOMES,
    # Combat flow: what a combat allows once a card is played, and the fate of others.
    (r"(?:once|when) played, no ranged attacks allowed by either player", _flow("no-ranged", when="reveal")),
    (r"(?:once|when) played, (?:infernal racket )?stops (?:your )?opponent from using any ranged attacks",
     _flow("no-ranged", target="opponent", when="reveal")),
    (r"(?:your )?opponent (?:can't|cannot) use any ranged attacks? in this combat",
     _flow("no-ranged", target="opponent")),
    (r"dispels? (?:your )?opponent'?s'? command card", _flow("dispels-command")),
    (rf"if played in a match-up, no channeling allowed after {_WHO} is played by either player",
     _flow("no-channeling", when="match-up")),
    (r"no command cards? (?:during|in) (?:the )?combat", _flow("no-command-cards")),
    (r"infernal racket confuses (?:the )?opponent", _nothing),  # Haba Naba Daba: names what its next sentence does
    (r"(?:the )?opponent in (?:the )?match-up loses any aoe at+ack", _flow("cancels-aoe")),
    (r"all creatures in your combat hand gain immunity to aoe'?s(?:, including aoe'?s from your opponent'?s "
     r"command card)?", _flow("hand-immune", target="aoe")),
    (r"all creatures on both sides beaten (?:during|in) primary attacks are destroyed", _flow("destroys-all-beaten")),
    (r"during primary attacks, if an opponent'?s creature wins a ma(?:tc|ct)h-up by less than (?P<n>\d+) vitality, "
     r"both match-up cards are destroyed", _flow("destroys-both-close", amount=True)),
    (rf"when used as a ranged attack, {_WHO} is beaten as well", _flow("beaten-when-fired")),
    (rf"beats (?:its )?opponent if {_WHO} is a secondary attacker", _flow("beats-as-secondary")),
    *_DICE_PATTERNS,
    *_CAST_PATTERNS,
    *_REVEAL_PATTERNS,
    *_COMMAND_PATTERNS,
    *_SETTLE_PATTERNS,
    *_UNCHALLENGED_PATTERNS,
    *_DISCARD_PATTERNS,
    *_W5A_PATTERNS,
    *_IDOL_PATTERNS,
    *_W6C_PATTERNS,
)

PATTERNS = tuple((re.compile(pattern, re.IGNORECASE), build) for pattern, build in _PATTERNS)
"""Keyword clauses, tried in this order at each clause of a sentence."""

_SENTENCE_END = re.compile(r"(?<!\bpt)(?<!\bpts)(?<!\bvs)(?<!\bst)\.+(?=\s|$|[+\-'(A-Z])|;", re.IGNORECASE)
_CLAUSE_GAP = re.compile(r"\s*,\s*|\s+(?=[+-]\d)|\s*$")


def sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


def parse_sentence(sentence: str, context: Context) -> list[Ability] | None:
    """A sentence's abilities, or None if some clause of it is not a keyword."""
    abilities: list[Ability] = []
    position = 0
    while position < len(sentence):
        for pattern, build in PATTERNS:
            match = pattern.match(sentence, position)
            if match is None:
                continue
            gap = _CLAUSE_GAP.match(sentence, match.end())
            if gap is None:
                continue
            built = build(match, context)
            if built is None:
                continue
            abilities.extend(built)
            position = gap.end()
            break
        else:
            return None
    return abilities


def clean_text(text: str) -> str:
    for wrong, right in MOJIBAKE.items():
        text = text.replace(wrong, right)
    text = re.sub(r"\s+", " ", text).strip()
    return text.removeprefix("'")  # a spreadsheet's text marker before "+3 in the woods"


@dataclass(frozen=True)
class Reading:
    abilities: tuple[Ability, ...]
    terrain_types: tuple[str, ...]
    shield_limit: int | None
    allows_ranged: bool
    parsed: int
    unparsed: int


def read_text(text: str, context: Context) -> Reading:
    abilities: list[Ability] = []
    parsed = unparsed = 0
    for sentence in sentences(text):
        found = parse_sentence(sentence, context)
        if found is None:
            unparsed += 1
        else:
            parsed += 1
            abilities.extend(found)
    unique: list[Ability] = []
    for ability in abilities:
        if ability not in unique:
            unique.append(ability)
    return Reading(
        abilities=tuple(item for item in unique if not item.kind.startswith("_")),
        terrain_types=tuple(item.terrain for item in unique if item.kind == COUNTS_AS),
        shield_limit=next((item.amount for item in unique if item.kind == SHIELD_LIMIT_KIND), None),
        allows_ranged=any(item.kind == ALLOWS_RANGED for item in unique),
        parsed=parsed, unparsed=unparsed)


# --- rows -> cards --------------------------------------------------------------------------

def read_rows(path: Path) -> list[dict[str, str]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    header = lines[0].split("\t")
    if tuple(header) != COLUMNS:
        raise ValueError(f"{path}: unexpected columns {header}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            raise ValueError(f"{path}:{number}: {len(cells)} columns, expected {len(COLUMNS)}")
        rows.append(dict(zip(COLUMNS, cells, strict=True)))
    return rows


def _int(text: str) -> int:
    return int(text.strip()) if text.strip() else 0


def _classes(text: str) -> tuple[str, ...]:
    parts = [part.strip() for part in text.split("/") if part.strip()]
    return tuple(CLASS_FIXES.get(part, part).lower() for part in parts)


def _place(name: str) -> int | None:
    return STRONGHOLD_PLACES.get(name.split()[-1].lower())


@dataclass
class Summary:
    by_set: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)
    by_text: dict[str, int] = field(default_factory=dict)
    example_deck_text: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    unique: tuple[str, ...] = ()
    files: tuple[str, ...] = ()

    @property
    def cards(self) -> int:
        return sum(self.by_set.values())

    def lines(self) -> list[str]:
        def counts(values: Mapping[str, int]) -> str:
            return ", ".join(f"{name} {count}" for name, count in values.items())
        return [f"{self.cards} cards: {counts(self.by_set)}",
                f"kinds: {counts(self.by_kind)}",
                f"text: {counts(self.by_text)}",
                f"text of the example decks' cards: {counts(self.example_deck_text)}",
                f"skipped rows: {counts(self.skipped)}",
                f"unique texts ({len(self.unique)}): {', '.join(self.unique)}",
                f"wrote {len(self.files)} files"]


def build_cards(rows: Sequence[dict[str, str]]) -> tuple[list[Card], dict[str, int]]:
    """The cards of the kept rows, in row order, and the skipped rows by reason."""
    kept = [row for row in rows if row["Set"] not in SKIPPED_SETS]
    skipped = Counter(("fan Events" if row["Name"].startswith("Fan - ") else row["Set"]) for row in rows
                      if row["Set"] in SKIPPED_SETS)
    creature_rows = [row for row in kept if KIND_OF_TYPE[row["Type"].lower()] == "creature"]
    targets = Targets(
        classes=frozenset(item for row in creature_rows for item in _classes(row["Class"])),
        names=frozenset(row["Name"].strip().lower() for row in creature_rows))
    texts = {(row["Name"].strip(), row["Set"]): row["Effect"] for row in kept}
    cards: list[Card] = []
    seen: set[str] = set()
    for row in kept:
        name, set_code = row["Name"].strip(), row["Set"]
        if set_code not in SETS:
            raise ValueError(f"unknown set {set_code!r} ({name})")
        kind = KIND_OF_TYPE[row["Type"].lower()]
        key = f"{set_code.lower()}-{slug(name)}"
        if key in seen:  # a second print in the same set (Fangis the Hunter)
            key = f"{key}-2"
        if key in seen:
            raise ValueError(f"a third print of {name} ({set_code})")
        seen.add(key)
        source = TEXT_FROM.get((name, set_code))
        text = clean_text(texts[(source, set_code)] if source else row["Effect"])
        reading = read_text(text, Context(name, kind, targets, command=row["Command"].strip() == "Y"))
        if key in CARD_READINGS:
            reading = Reading(CARD_READINGS[key], (), None, False, parsed=len(sentences(text)), unparsed=0)
        vitality = _int(row["Vitality"])
        terrain_types = list(reading.terrain_types)
        if kind == "terrain" and name in BASIC_TERRAIN:
            terrain_types.insert(0, BASIC_TERRAIN[name])
        abilities = list(reading.abilities)
        # A space that counts as Woods allows no ranged attacks (guardians OTHER MODIFIERS)
        # unless the card says otherwise (The Hollens Grove).
        if (kind in ("terrain", "shield-terrain") and "woods" in terrain_types and not reading.allows_ranged
                and Ability("no-ranged") not in abilities):
            abilities.append(Ability("no-ranged"))
        if key in FLAVOUR:
            status, abilities = "none", []
        elif not text or (kind == "bribery" and text.lower() == "bribery"):
            status = "none"
        elif reading.unparsed == 0:
            status = "keyword"
        else:
            status = "unique" if key in UNIQUE_TEXTS else "unimplemented"
        if key in UNIQUE_TEXTS and status != "unique":
            raise ValueError(f"{key} is in UNIQUE_TEXTS but its text reads as {status!r}")
        is_creature = kind == "creature"
        is_guardian = kind == "guardian"
        ranged = RANGED_FIXES.get((name, set_code), _int(row["Ranged attack"]))
        limit = 0
        if kind in SHIELD_KINDS:
            limit = reading.shield_limit or SHIELD_LIMIT
        cards.append(Card(
            key=key, name=name, set=set_code, kind=kind,
            creature_type=row["Type"].lower() if is_creature else "",
            classes=_classes(row["Class"]) if is_creature else (),
            flying=row["Flying"].strip() == "F",
            size=row["Size"].strip() if is_creature else "",
            vitality=vitality,
            stacking=_int(row["Vit. Red"]) if row["Vit. Red"].strip() else vitality,
            ocb=_int(row["OCB"]),
            bribes=tuple(sorted({BRIBE_OF_ICON[row[column].strip()] for column in ("Babes", "Gold", "Beer")
                                 if row[column].strip()})),
            receives_channeling=row["Channeling"].strip() == "C",
            cmp=CMP_FIXES.get((name, set_code), _int(row["Channeler"])),
            ranged=ranged,
            command=row["Command"].strip() == "Y",
            stones=_int(row["Power stones"]) if is_guardian else 0,
            base_draw=_int(row["basic draw"]) if is_guardian else 0,
            ldl=-_int(row["LDL"]) if is_guardian else 0,
            mdl=_int(row["MDL"]) if is_guardian else 0,
            luc=_int(row["LUC"]) if is_guardian else 0,
            terrain_types=tuple(dict.fromkeys(terrain_types)),
            shield_limit=limit,
            abilities=tuple(abilities),
            text=status))
    for item in cards:
        for ability in item.abilities:
            if ability.terrain and ability.terrain not in TERRAIN_TYPES:
                raise ValueError(f"{item.key}: terrain {ability.terrain!r}")
            if ability.dice:
                dice_of(ability.dice)
                if ability.kind not in DICE_KINDS + CHANCE_KINDS:
                    raise ValueError(f"{item.key}: {ability.kind} does not roll dice")
    missing = sorted(UNIQUE_TEXTS - {item.key for item in cards})
    if missing:
        raise ValueError(f"UNIQUE_TEXTS names unknown cards: {missing}")
    return cards, dict(sorted(skipped.items()))


# --- decks ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeckFile:
    name: str
    title: str
    source: str
    guardian: str
    stronghold: tuple[str, str, str]
    cards: dict[str, int]


def _match(cards: Iterable[Card], images: Mapping[str, str], name: str, set_code: str, image: str) -> Card:
    found = [item for item in cards if item.name == name.strip() and item.set == set_code.strip()]
    if len(found) > 1:  # two prints of one name in a set: the deck's image names the print
        found = [item for item in found if images[item.key] == image]
    if len(found) != 1:
        raise ValueError(f"deck card {name!r} ({set_code}) matches {len(found)} cards")
    return found[0]


def _deck_card(element: ElementTree.Element, cards: Sequence[Card], images: Mapping[str, str]) -> Card:
    label = element.find("name")
    if label is None:
        raise ValueError("a deck card without a name")
    return _match(cards, images, label.text or "", element.findtext("set") or "", label.get("id", ""))


def read_deck(path: Path, name: str, title: str, source: str, cards: Sequence[Card],
              images: Mapping[str, str]) -> DeckFile:
    root = ElementTree.parse(path).getroot()
    zones = {zone.get("name"): zone for zone in root.iter("superzone")}
    counts: Counter[str] = Counter()
    for element in zones["Deck"].iter("card"):
        counts[_deck_card(element, cards, images).key] += 1
    guardian = ""
    stronghold: list[str] = ["", "", ""]
    for element in zones["Starting"].iter("card"):
        found = _deck_card(element, cards, images)
        if found.kind == "guardian":
            guardian = found.key
        else:
            place = _place(found.name)
            if found.kind != "stronghold" or place is None:
                raise ValueError(f"{path.name}: {found.name} is not a stronghold card")
            stronghold[place] = found.key
    if not guardian or not all(stronghold):
        raise ValueError(f"{path.name}: no guardian or an incomplete stronghold")
    return DeckFile(name, title, source, guardian, (stronghold[0], stronghold[1], stronghold[2]),
                    dict(sorted(counts.items())))


# --- writing ----------------------------------------------------------------------------------

def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def cards_document(set_code: str, cards: Sequence[Card]) -> str:
    """The set's file: sorted keys, one card per line, ordered by key, ending with a newline."""
    header = {"content": "guardians", "set": set_code, "reconstructed": True, "source": CARDS_SOURCE, "note": NOTE}
    lines = ["{", '  "cards": [']
    ordered = sorted(cards, key=lambda item: item.key)
    for index, item in enumerate(ordered):
        lines.append(f"    {_json(card_to(item))}{',' if index < len(ordered) - 1 else ''}")
    lines.append("  ],")
    fields = sorted(header.items())
    for index, (name, value) in enumerate(fields):
        lines.append(f"  {_json(name)}: {_json(value)}{',' if index < len(fields) - 1 else ''}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def deck_document(deck: DeckFile) -> str:
    plain = {"name": deck.name, "title": deck.title, "reconstructed": True, "source": deck.source,
             "guardian": deck.guardian, "stronghold": list(deck.stronghold), "cards": deck.cards}
    return json.dumps(plain, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def convert_guardians(source_dir: Path, out_dir: Path) -> Summary:
    """carddata.tsv and decks/*.dek under source_dir -> cards-<SET>.json and decks/*.json under out_dir."""
    rows = read_rows(source_dir / "carddata.tsv")
    cards, skipped = build_cards(rows)
    images = {}
    kept = [row for row in rows if row["Set"] not in SKIPPED_SETS]
    for item, row in zip(cards, kept, strict=True):
        images[item.key] = row["ImageFile"].split(",")[0].strip()
    written: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    for set_code in SETS:
        path = out_dir / card_file(set_code)
        path.write_text(cards_document(set_code, [item for item in cards if item.set == set_code]), encoding="utf-8")
        written.append(str(path))
    decks_dir = out_dir / "decks"
    decks_dir.mkdir(exist_ok=True)
    deck_keys: set[str] = set()
    for file_name, name, title, repo_path in DECK_FILES:
        source = f"github.com/{SOURCE_REPO}, {repo_path} at commit {DECKS_COMMIT} (licence unknown)"
        deck = read_deck(source_dir / "decks" / file_name, name, title, source, cards, images)
        path = decks_dir / f"{name}.json"
        path.write_text(deck_document(deck), encoding="utf-8")
        written.append(str(path))
        deck_keys.update({deck.guardian, *deck.stronghold, *deck.cards})
    by_key = {item.key: item for item in cards}
    order = ("none", "keyword", "unique", "unimplemented")

    def statuses(items: Iterable[Card]) -> dict[str, int]:
        counted = Counter(item.text for item in items)
        return {status: counted[status] for status in order}

    return Summary(
        by_set={set_code: sum(1 for item in cards if item.set == set_code) for set_code in SETS},
        by_kind=dict(sorted(Counter(item.kind for item in cards).items())),
        by_text=statuses(cards),
        example_deck_text=statuses(by_key[key] for key in sorted(deck_keys)),
        skipped=skipped,
        unique=tuple(sorted(item.key for item in cards if item.text == "unique")),
        files=tuple(written))
