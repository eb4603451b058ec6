"""Guardians cards in words, for a person building a deck (`tablerules cards guardians`):
a card's numbers, and what its text does, told from its structured abilities in our own
words (one sentence per ability kind, written here once), never the printed text.

A card whose text the rules implement by name (`unique`) says so beside its keyword
sentences; one whose text is not implemented says that, as it does in play (RULES.md:
Cards and their texts).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.games.guardians.cards import CARDS, Ability, Card
from domain.games.guardians.words import terrain

TYPES = {"mortal": "Mortals", "mortals": "Mortals", "elemental": "Elementals", "elementals": "Elementals",
         "external": "Externals", "externals": "Externals"}
SIZES = {"S": "small", "M": "medium", "L": "large"}
PLAIN_TARGETS = {
    "large": "large creatures",
    "medium": "medium creatures",
    "small": "small creatures",
    "flying": "fliers",
    "non-flying": "creatures that do not fly",
    "bribable": "creatures that can be bribed",
    "fear": "creatures that fear affects",
    "immune:fear": "creatures immune to fear",
    "ranged": "creatures with a ranged attack",
    "stronghold-defenders": "creatures defending a stronghold",
    "guardian": "the Guardian",
}
ATTACKS = {"fire": "fire attacks", "fear": "fear attacks", "aoe": "every AOE attack", "ranged": "ranged attacks"}
"""What an immunity can be to, besides creatures."""
SHIELD_SIDE = {"attacking": "when this Shield attacks", "defending": "when this Shield defends"}
WHEN = {
    "reveal": "As it is revealed in combat",
    "match-up": "In its match-up",
    "beaten": "When it is beaten",
    "beats": "When it beats its opponent",
    "settlement": "At Terrain Settlement",
    "moving": "When its Shield moves",
    "draw": "In Draw & Organize",
    "any-time": "Played at any time",
    "command": "As the Command Card",
}
LIMITS = {
    "once": "once",
    "combat": "once per combat",
    "turn": "once per turn",
    "in-play": "while it is in play",
    "space": "one such card per space per player",
}


def _card_name(name: str) -> str:
    """A card named in a text ("name:gopher"), as printed where the pool has it."""
    found = next((item.name for item in CARDS.values() if item.name.lower() == name), None)
    return found or name.title()


def _one(target: str) -> str:
    if target in TYPES:
        return TYPES[target]
    if target in PLAIN_TARGETS:
        return PLAIN_TARGETS[target]
    kind, _, rest = target.partition(":")
    if kind == "name":
        return _card_name(rest)
    if kind == "bribe":
        return f"creatures bribable with {rest}"
    return f"{target.title()} creatures"  # a creature class


def target_words(target: str) -> str:
    """The target vocabulary (cards.py) as a noun phrase: "Demon or Devil creatures"."""
    either = [" that are also ".join(_one(part) for part in choice.split("+")) for choice in target.split("|")]
    return " or ".join(either)


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _where(ability: Ability) -> str:
    return f" in {terrain(ability.terrain)}" if ability.terrain else ""


def _ranged(a: Ability) -> str:
    against = f" against {target_words(a.target)}" if a.target else ""
    only = f", only{_where(a)}" if a.terrain else ""
    return f"A {a.amount} pt. ranged attack{against}{only}."


def _aoe(a: Ability) -> str:
    element, _, only = a.target.partition(":")
    kind = "" if element == "plain" else f"{element} "
    affects = f" that affects only {target_words(only)}" if only else ""
    return f"A {a.amount} pt. {kind}AOE attack{affects}."


def _bonus_all(a: Ability) -> str:
    when = SHIELD_SIDE.get(a.target) or (f"against {target_words(a.target)}" if a.target else "")
    return f"All your creatures get {_signed(a.amount)} Vitality{' ' + when if when else ''}{_where(a)}."


def _ranged_bonus(a: Ability) -> str:
    when = f" {SHIELD_SIDE[a.target]}" if a.target in SHIELD_SIDE else ""
    return f"Your ranged attacks get {_signed(a.amount)}{when}."


ABILITY_WORDS: dict[str, Callable[[Ability], str]] = {
    "immune": lambda a: f"Takes no damage from {ATTACKS.get(a.target) or target_words(a.target)}.",
    "terrain-bonus": lambda a: f"{_signed(a.amount)} Vitality when fighting in {terrain(a.terrain)}.",
    "bonus-vs": lambda a: f"{_signed(a.amount)} Vitality against {target_words(a.target)}.",
    "ranged": _ranged,
    "aoe": _aoe,
    "attack-element": lambda a: f"Its attack is {a.target}-based.",
    "destroys": lambda a: f"Destroys the {target_words(a.target)} it faces in a match-up.",
    "destroys-secondary": lambda a: f"As a secondary attacker, destroys {target_words(a.target)}.",
    "destroys-beaten": lambda a: (f"Destroys the {target_words(a.target)} it beats in a match-up." if a.target
                                  else "Destroys the match-up opponents it beats."),
    "secondary-bonus": lambda a: f"{_signed(a.amount)} Vitality as a secondary attacker.",
    "beaten-secondary-bonus": lambda a: (f"Once it is beaten, secondary attackers against it get "
                                         f"{_signed(a.amount)} instead of the usual bonus."),
    "max-channeling": lambda a: f"May take up to {a.amount} points of channeling.",
    "channels-only-to": lambda a: f"Channels only into {target_words(a.target)}.",
    "channels-to-any": lambda a: "Channels even into creatures that could not take channeling otherwise.",
    "channeling-only-from": lambda a: f"Takes channeling only from {target_words(a.target)}.",
    "no-channeling-vs": lambda a: "Nobody channels against it.",
    "no-secondary-vs": lambda a: "Secondary attackers may not attack it.",
    "heals": lambda a: f"Heals one of {target_words(a.target)}.",
    "win-pushes": lambda a: "Wins every push (as a Command Card: this combat; as a Shield: its creatures').",
    "no-ranged": lambda a: "No ranged attacks here (a Command Card: in this combat).",
    "no-flying": lambda a: "No flying Shield may enter, leave or fly over this space.",
    "no-flying-in": lambda a: "No flying Shield may enter or fly over this space; one there may fly out.",
    "defend-bonus": lambda a: f"The creatures defending it get {_signed(a.amount)} Vitality.",
    "ranged-bonus": _ranged_bonus,
    "bonus-all": _bonus_all,
    "bonus-yours": lambda a: f"While it is in play, your {target_words(a.target)} get {_signed(a.amount)} Vitality.",
    "bonus-yours-played": lambda a: (f"Your {target_words(a.target)} played while it is in play get "
                                     f"{_signed(a.amount)} Vitality."),
    "sets-terrain": lambda a: f"The space counts as {terrain(a.terrain)} for the rest of the combat.",
}
"""One sentence per ability kind (cards.ABILITY_KINDS), from the ability's fields alone."""


def ability_words(ability: Ability) -> str:
    """One ability in a sentence, with when it acts and how often, if the ability says."""
    sentence = ABILITY_WORDS[ability.kind](ability)
    if ability.when:
        sentence = f"{WHEN[ability.when]}: {sentence[0].lower()}{sentence[1:]}"
    if ability.limit:
        sentence = f"{sentence[:-1]} ({LIMITS[ability.limit]})."
    return sentence


def numbers(item: Card) -> str:
    """The card's numbers and icons that apply to it, in the order a card shows them."""
    parts: list[str] = []
    if item.vitality:
        parts.append(f"Vitality {item.vitality}" if item.kind in ("creature", "guardian") else f"Up {item.vitality}")
    if item.stacking != item.vitality:
        parts.append(f"stacks as {item.stacking}")
    if item.size:
        parts.append(SIZES.get(item.size, item.size))
    if item.creature_type:
        parts.append(item.creature_type.title())
    parts.extend(name.title() for name in item.classes)
    for flag, word in ((item.flying, "flying"), (item.receives_channeling, "takes channeling"),
                       (item.command, "may be a Command Card")):
        if flag:
            parts.append(word)
    for number, word in ((item.ocb, "OCB"), (item.ranged, "ranged"), (item.cmp, "CMP"), (item.stones, "stones"),
                         (item.base_draw, "draws"), (item.ldl, "LDL"), (item.mdl, "MDL"), (item.luc, "LUC"),
                         (item.shield_limit, "holds")):
        if number:
            parts.append(f"{word} {number}")
    if item.bribes:
        parts.append(f"bribed with {' or '.join(item.bribes)}")
    if item.terrain_types:
        parts.append(f"counts as {' and '.join(terrain(kind) for kind in item.terrain_types)}")
    return ", ".join(parts)


def text_words(item: Card) -> str:
    """What the card's text does, in our words."""
    said = " ".join(ability_words(ability) for ability in item.abilities)
    if item.text == "unimplemented":
        return f"{said} The rest of its text is not yet implemented." if said else "Text not yet implemented."
    if item.text == "unique":
        return f"{said} The rules implement its text by name (RULES.md).".lstrip()
    return said or "No text beyond its numbers."


def card_block(item: Card) -> str:
    """A card in three lines: name, key, set and kind; its numbers; its text."""
    shown = numbers(item)
    return "\n".join((f"{item.name}  [{item.key}]  {item.set} {item.kind}",
                      *((f"  {shown[0].upper()}{shown[1:]}",) if shown else ()), f"  {text_words(item)}"))
