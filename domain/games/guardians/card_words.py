"""Guardians cards in words, for a person building a deck (`tablerules cards guardians`):
a card's numbers, and what its text does, told from its structured abilities in our own
words (one sentence per ability kind, written here once), never the printed text.

A card whose text the rules implement by name (`unique`) says so beside its keyword
sentences; one whose text is not implemented says that, as it does in play (RULES.md:
Cards and their texts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

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
    "receivers": "creatures that may receive channeling",
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
    "survives": "After a combat it fought and survived",
    "combat-end": "After a combat, won or lost",
    "answer": "While an enemy Spell or Item waits for its answer",
    "any-time": "Played at any time",
    "command": "As the Command Card",
    "up": "Played right after the Up cards are turned",
    "movement": "Played in the Movement phase",
    "enemy-ranged": "Played right after the enemy's ranged attack",
    "enemy-channels": "Played right after the enemy channels",
    "survives-match-up": "When it survives its primary match-up",
    "fired": "When it fires its ranged attack",
    "survives-stronghold": "After a combat it survived over the enemy's stronghold card (not rubble)",
    "control": "Before control of the space is counted after a combat",
    "refused": "If the enemy refused its ultimatum",
    "after-primaries": "Once primary attacks are over",
    "sacrificed": "Once you have it destroyed so",
    "before-commands": "Before any Command Card takes effect",
    "between-match-ups": "Between primary match-ups, before you lay your next creature",
    "enemy-bribes": "Right after the enemy bribes a creature of yours",
    "paid": "Once you paid for it",
}
PLAYED = {
    "draw": "Played in Draw & Organize",
    "any-time": "Played at any time",
    "up": "Played right after the Up cards are turned",
    "movement": "Played in the Movement phase",
    "moving": "Played on your own movement turn",
    "command": "Played as the Command Card",
    "match-up": "Played in a primary match-up",
    "enemy-ranged": "Played right after the enemy's ranged attack",
    "enemy-channels": "Played right after the enemy channels",
    "enemy-bribes": "Played right after the enemy bribes a creature of yours",
}
"""When a Spell, Item or Accessory is played (its `play` ability's when)."""
ROLE = {"attacking": " when attacking", "defending": " when defending"}
SAYS_ITS_LIMIT = frozenset({"play-limit", "guardian-sets", "declare-first", "returns-opponent", "ultimatum",
                            "lays-before"})
SAYS_ITS_MOMENT = frozenset({"play", "fired-aoe", "activated", "destroys-command", "ultimatum", "may",
                             "roll-destroys"})
"""Kinds whose sentence already says when it acts."""
"""Kinds whose sentence already says how long or how often."""
LIMITS = {
    "once": "once",
    "combat": "once per combat",
    "turn": "once per turn",
    "in-play": "while it is in play",
    "space": "one such card per space per player",
    "enemy-lost": "once for each creature the enemy lost",
    "defending": "only when you defend",
    "hand-higher": "only when the enemy's Combat Hand is worth more Vitality than yours",
}


def _card_name(name: str) -> str:
    """A card named in a text ("name:gopher"), as printed where the pool has it."""
    found = next((item.name for item in CARDS.values() if item.name.lower() == name), None)
    return found or name.title()


def _one(target: str) -> str:
    if target.startswith("!"):
        return f"not {_one(target[1:])}"
    if target in TYPES:
        return TYPES[target]
    if target in PLAIN_TARGETS:
        return PLAIN_TARGETS[target]
    kind, _, rest = target.partition(":")
    if kind == "name":
        return _card_name(rest)
    if kind == "bribe":
        return f"creatures bribable with {rest}"
    if kind == "attack":
        return f"creatures with a {rest}-based attack"
    if kind == "terrain-bonus":
        return f"creatures with a {terrain(rest)} terrain bonus"
    if kind == "ocb":
        return f"creatures with an off-color bonus of {rest}"
    if kind == "vitality":
        low, _, high = rest.partition("-")
        return f"creatures of base Vitality {low} to {high}"
    if target == "destroyer":
        return "creatures that can destroy another"
    if kind == "titled":
        return f"creatures whose name begins with {rest.title()}"
    return f"{target.title()} creatures"  # a creature class


def target_words(target: str) -> str:
    """The target vocabulary (cards.py) as a noun phrase: "Demon or Devil creatures"."""
    either = []
    for choice in target.split("|"):
        parts = choice.split("+")
        titled = [part.partition(":")[2].title() for part in parts if part.startswith("titled:")]
        rest = [part for part in parts if not part.startswith("titled:")]
        phrase = " that are also ".join(_one(part) for part in rest) if rest else ""
        phrase = phrase.replace(" that are also not ", ", but not ")
        if titled:
            phrase = f"{phrase or 'creatures'} whose name begins with {titled[0]}"
        either.append(phrase)
    return " or ".join(either)


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _where(ability: Ability) -> str:
    return f" in {terrain(ability.terrain)}" if ability.terrain else ""


def _rolled(a: Ability) -> str:
    """An amount, with the dice it rolls where it has them ("2d6", "1d6+1")."""
    if not a.dice:
        return _signed(a.amount)
    return f"+{a.dice}{_signed(a.amount) if a.amount else ''} (rolled once)"


def _per(a: Ability, what: str) -> str:
    each = f"{a.dice} rolled once for each" if a.dice else f"{_signed(a.amount)} Vitality for each"
    return f"{each} {what}."


GAINS = {
    "": "when it takes effect",
    "bribed": "each time one of your creatures is bribed",
    "enemy-channels": "each time the enemy channels while it is on your table",
    "beats": "for each creature your creatures beat while it is on your table and unbeaten",
    "shield-wins": "each time this Shield wins a combat",
    "revealed": "as it is revealed in a combat on",
}
DRAWS = {
    "swamp": "for each Swamp you control",
    "up:small": "when your Up card was a small creature",
    "up:self": "when this card is your Up card",
    "shields-lost": "for each Shield you have lost",
    "shields-in-lands": "for each Shield of yours on a disputed land",
}
CMP_WHOSE = {
    "both": "every channeling in this Shield's combats, both sides",
    "yours": "your channeling in this Shield's combats",
    "beneath": "channeling by channelers under its stronghold space",
}
GUARDIAN_NUMBERS = {"cmp": "CMP", "vitality": "Vitality", "luc": "LUC"}


LOSSES = {
    "beats": "when it beats its primary match-up opponent",
    "beats-channeled": "when it beats an opponent that took channeling",
    "beaten-by-receiver": "when a creature that may take channeling beats it",
    "survives-stronghold": "after a combat it survives on the enemy's stronghold space, if that card is not rubble",
    "shield-on": "at the end of Draw & Organize, if a Shield of its stands on the stronghold card this lies on",
}
COMMAND_DESTROYED: dict[str, str] = {
    "": "This card and the enemy's Command Card are both destroyed.",
    "beats": ("When it beats its primary match-up opponent by more than the enemy Command Card's number, that "
              "Command Card is destroyed."),
    "beaten": "When it loses a primary match-up, your Command Card, if a creature, is destroyed.",
}
"""What destroys-command says, by its when."""
TERRAIN_SPACES = {
    "terrainless": "on a disputed land with no terrain card",
    "face-down": "on a land with a face-down terrain card",
}
TERRAIN_FATES = {
    "discard:face-up": "discarded, if face up",
    "discard:face-down": "discarded, if face down",
    "flip:face-up": "turned face down, if face up",
}


DECLARED = {"size": "size", "type": "type (border color)", "class": "class"}
SHOWN = {
    "storage": "its Storage Hand",
    "hand": "its Combat Hand",
    "tally": "how many creatures its Combat Hand holds and their total Vitality (told, not named)",
    "tally:both": ("how many creatures its Combat Hand holds and their total Vitality, and you tell it the same "
                   "of yours (told, not named)"),
}
CARD_WORDS = {
    "card": "cards",
    "creature": "creatures",
    "item": "Magic Items",
    "hand-item": "Hand Magic Items",
    "creature-item": "creature Magic Items",
    "spell": "Spells",
    "bribery": "Bribery cards",
    "double": "double-bordered cards",
}
"""Card words (strength.card_fits) as nouns; other words are creature words."""
DISCARD_ZONES = {
    "stack": "travelling with its Shield on the space",
    "hand": "left in its Combat Hand",
    "storage": "in its Storage Hand",
    "pen": "in its Creature Pen",
}


def card_target_words(target: str) -> str:
    """Card words as a noun phrase: "double-bordered cards", "Gold Bribery cards"."""
    either = []
    for choice in target.split("|"):
        kind, _, rest = choice.partition(":")
        if choice in CARD_WORDS:
            either.append(CARD_WORDS[choice])
        elif kind == "bribery":
            either.append(f"{rest.title()} Bribery cards")
        elif kind == "name":
            either.append(f"cards named {_card_name(rest)}")
        else:
            either.append(target_words(choice))
    return " or ".join(either)


def _shown_creatures(target: str) -> str:
    zone, _, what = target.partition(":")
    if zone == "storage":
        return f"the {card_target_words(what)} in its Storage Hand"
    return f"the {target_words(what)} in its Combat Hand"


def _discards(a: Ability) -> str:
    who, _, rest = a.target.partition(":")
    both = who == "both"
    zone, _, what = (rest if both else a.target).partition(":")
    whose = "Each seat discards" if both else "The enemy discards"
    if a.amount:
        return f"{whose} {a.amount} of the {card_target_words(what)} {DISCARD_ZONES[zone]}, drawn at random."
    return f"{whose} all {card_target_words(what)} {DISCARD_ZONES[zone]}."


def _bans(a: Ability) -> str:
    who, _, what = a.target.partition(":")
    whom = "Neither seat may" if who == "both" else "The enemy may not"
    return f"{whom} play {card_target_words(what)} in this combat."


def _after_primary(a: Ability) -> str:
    return f" after your primary attacker there was one of {target_words(a.target)}" if a.target else ""


def _retrieved(a: Ability) -> str:
    zone, _, what = a.target.partition(":")
    into = "as one of your draws" if zone == "drawn" else "to your Storage Hand"
    if what == "self":
        return f"This card comes back {into}."
    if a.when == "sacrificed":  # the rules take one, no card named
        return f"One of the {card_target_words(what)} of your discard pile goes {into}."
    kinds = {"creature": "Creature", "item": "Magic Item", "spell": "Spell", "bribery": "Bribery card"}
    words = what.split("+")
    named = " or ".join(kinds[w] for w in words if w in kinds) or "card"
    others = "+".join(w for w in words if w not in kinds)
    of = f" ({target_words(others)})" if others else ""
    if a.amount:
        return f"Takes {target_words(what)} of up to {a.amount} Vitality in all from your discard pile {into}."
    return f"Takes a {named}{of} you name from your discard pile {into}."


DRAWS_ON = {"enemy-hand-item": "each time the enemy plays a Hand Item"}
"""When a draws ability draws (its target)."""


def _searched(a: Ability) -> str:
    zone, _, what = a.target.partition(":")
    if zone == "storage":
        return (f"Turned as your Up card, it takes up to {a.amount} {card_target_words(what)} from your deck into "
                "your Storage Hand; your deck is reshuffled.")
    return ("If it is your Up card, you may look through your deck and take a card as your Up card in its place; "
            "it is discarded and your deck reshuffled.")


def _returns(a: Ability) -> str:
    where, _, only = a.target.partition(":")
    zone = "your Creature Pen" if where == "pen" else "your Storage Hand"
    margin = f" by more than {a.amount}" if a.amount else ""
    by = f" by {target_words(only)}" if only else ""
    return f"Beaten{by}{margin} in a primary match-up, it returns to {zone}."


def _immune_played(a: Ability) -> str:
    element, _, who = a.target.partition(":")
    return f"{target_words(who)}, either side, laid after it in the combat are immune to {element}.".capitalize()


def _ranged(a: Ability) -> str:
    partner = a.target.removeprefix("with:") if a.target.startswith("with:") else ""
    if partner:
        return (f"A {a.amount} pt. ranged attack, fired only while your primary attacker is one of the "
                f"{target_words(partner)}.")
    against = f" against {target_words(a.target)}" if a.target else ""
    only = f", only{_where(a)}" if a.terrain else ""
    return f"A {a.amount} pt. ranged attack{against}{only}."


def _aoe(a: Ability) -> str:
    element, _, only = a.target.partition(":")
    kind = "" if element == "plain" else f"{element} "
    affects = f" that affects only {target_words(only)}" if only else ""
    points = f"{a.dice}{_signed(a.amount) if a.amount else ''}" if a.dice else a.amount
    return f"A {points} pt. {kind}AOE attack{affects}{' (rolled as it strikes)' if a.dice else ''}."


def _bonus_all(a: Ability) -> str:
    when = SHIELD_SIDE.get(a.target) or (f"against {target_words(a.target)}" if a.target else "")
    return f"All your creatures get {_signed(a.amount)} Vitality{' ' + when if when else ''}{_where(a)}."


def _ranged_bonus(a: Ability) -> str:
    when = f" {SHIELD_SIDE[a.target]}" if a.target in SHIELD_SIDE else ""
    return f"Your ranged attacks get {_signed(a.amount)}{when}."


ABILITY_WORDS: dict[str, Callable[[Ability], str]] = {
    "immune": lambda a: f"Takes no damage from {ATTACKS.get(a.target) or target_words(a.target)}.",
    "terrain-bonus": lambda a: (f"{_signed(a.amount)} Vitality when fighting "
                                f"{TERRAIN_SPACES[a.target] if a.target else 'in ' + terrain(a.terrain)}."),
    "bonus-vs": lambda a: f"{_signed(a.amount)} Vitality against {target_words(a.target)}.",
    "ranged": _ranged,
    "aoe": _aoe,
    "attack-element": lambda a: f"Its attack is {a.target}-based.",
    "destroys": lambda a: f"Destroys the {target_words(a.target)} it faces in a match-up.",
    "destroys-secondary": lambda a: f"As a secondary attacker, destroys {target_words(a.target)}.",
    "destroys-beaten": lambda a: ("Your creature in the match-up destroys the opponent it beats." if a.when == "fired"
                                  else f"Destroys the {target_words(a.target)} it beats in a match-up." if a.target
                                  else "Destroys the match-up opponents it beats."),
    "secondary-bonus": lambda a: (f"While it is in play, your secondary attackers get {_signed(a.amount)} Vitality."
                                  if a.target == "yours" else
                                  f"{_signed(a.amount)} Vitality as a secondary attacker{_after_primary(a)}."),
    "beaten-secondary-bonus": lambda a: (f"Once it is beaten, secondary attackers against it get "
                                         f"{_signed(a.amount)} instead of the usual bonus."),
    "max-channeling": lambda a: (f"May take up to {a.amount} points of channeling." if not a.target and not a.when
                                 else f"It may take up to {a.amount} points of channeling, which add to its "
                                 "ranged attack." if a.when == "fired" else
                                 f"Your {target_words(a.target)} may take up to "
                                 f"{a.amount or 'your Guardian CMP in'} points of channeling."),
    "channels-only-to": lambda a: f"Channels only into {target_words(a.target)}.",
    "channels-to-any": lambda a: ("Channels even into creatures that could not take channeling otherwise." if not
                                  a.amount else f"For {a.amount} Power Stones a time, your Guardian channels its "
                                  "CMP into a creature that could not take channeling otherwise."),
    "channeling-only-from": lambda a: f"Takes channeling only from {target_words(a.target)}.",
    "no-channeling-vs": lambda a: "Nobody channels against it.",
    "no-secondary-vs": lambda a: "Secondary attackers may not attack it.",
    "heals": lambda a: (f"Heals one of {target_words(a.target)}"
                        f"{f' for {a.amount} Power Stone' + ('s' if a.amount != 1 else '') if a.amount else ''}."),
    "win-pushes": lambda a: "Wins every push (as a Command Card: this combat; as a Shield: its creatures').",
    "no-ranged": lambda a: ("The enemy fires no more ranged attacks in this combat." if a.target == "opponent"
                            else "No ranged attacks here (a Command Card: in this combat)."),
    "no-flying": lambda a: "No flying Shield may enter, leave or fly over this space.",
    "no-flying-in": lambda a: "No flying Shield may enter or fly over this space; one there may fly out.",
    "defend-bonus": lambda a: f"The creatures defending it get {_rolled(a)} Vitality.",
    "ranged-bonus": _ranged_bonus,
    "bonus-all": _bonus_all,
    "bonus-yours": lambda a: f"While it is in play, your {target_words(a.target)} get {_signed(a.amount)} Vitality.",
    "bonus-yours-played": lambda a: (f"Your {target_words(a.target)} played while it is in play get "
                                     f"{_signed(a.amount)} Vitality."),
    "sets-terrain": lambda a: ("The space counts as the terrain of the space the attacker came from for the rest of "
                               "the combat." if a.target == "came-from" else
                               f"The space counts as {terrain(a.terrain)} for the rest of the combat."),
    # strength
    "bonus-both": lambda a: (f"While it is in play, every {target_words(a.target)}, on both sides, gets "
                             f"{_signed(a.amount)} Vitality."),
    "bonus-others": lambda a: (f"While it is in play, your other {target_words(a.target)} get "
                               f"{_signed(a.amount)} Vitality."),
    "bonus-role": lambda a: f"{_signed(a.amount)} Vitality {SHIELD_SIDE.get(a.target, a.target)}.",
    "bonus-per-yours": lambda a: _per(a, f"other {target_words(a.target)} of yours in play"),
    "bonus-per-matchup": lambda a: (f"Your primary attackers get {_signed(a.amount)} Vitality times their "
                                    "match-up's number in the combat." if a.target == "yours" else
                                    f"{_signed(a.amount)} Vitality times its match-up's number in the combat."),
    "bonus-per-beaten": lambda a: _per(a, f"{target_words(a.target)} beaten so far in the combat"),
    "bonus-per-icon": lambda a: (f"While it is in play, your other creatures get {_signed(a.amount)} Vitality "
                                 "for each bribery icon they bear."),
    "ocb-bonus": lambda a: f"Your creatures' off-color bonuses get {_signed(a.amount)}.",
    "no-enemy-ocb": lambda a: ("While it is in play, enemy creatures get no off-color bonus against your "
                               f"{target_words(a.target) if a.target else 'creatures'}."),
    "terrain-bonus-change": lambda a: (f"{'Your' if a.target == 'yours' else 'Enemy'} creatures' terrain "
                                       f"bonuses change by {_signed(a.amount)}, never below 0."),
    "terrain-bonus-anywhere": lambda a: ("While it is in play and unbeaten, your other creatures get their "
                                         "terrain bonuses on any terrain."),
    "push-margin": lambda a: (f"{'Your ' + target_words(a.target) if a.target else 'It'} can be beaten only by "
                              f"{a.amount} or more{_where(a)}; a closer win is a push."),
    "dies-when-beaten": lambda a: (f"Destroyed when {target_words(a.target)} beat it." if a.target
                                   else "Destroyed when it is beaten."),
    "immune-secondary": lambda a: f"Secondary attacks by {target_words(a.target)} cannot beat it.",
    "ranged-bonus-both": lambda a: f"Every ranged attack in its combats, both sides, gets {_signed(a.amount)}.",
    "aoe-bonus": lambda a: f"While it is in play, every {a.target} AOE attack gets {_signed(a.amount)}.",
    "aoe-per-kind": lambda a: (f"Its AOE attack gets {_signed(a.amount)} for each other kind of "
                               f"{target_words(a.target)} in play."),
    "aoe-per-terrain": lambda a: (f"Its AOE attack gets {_signed(a.amount)} for each {terrain(a.terrain)} "
                                  "terrain card face up on the board."),
    "play-limit": lambda a: (f"Only one of {target_words(a.target)} may be in play at a time, either side's."
                             if a.limit == "in-play" else
                             f"Only one of {target_words(a.target)} per space for each player."),
    "cancels-stronghold": lambda a: ("The stronghold card it lies on gives its defenders no bonus."
                                     if a.target == "card" else
                                     f"While it is in play, your {target_words(a.target)} take the enemy's "
                                     "stronghold bonus away." if a.target else
                                     "Its match-up opponent gets no stronghold bonus."),
    "harmless": lambda a: "Every creature is immune to it: it beats and damages none.",
    "bonus-per-discarded": lambda a: _per(a, f"{target_words(a.target)} in your discard pile"),
    "bonus-shield-up": lambda a: "As a primary attacker, + its Shield's Up number.",
    "initial-push": lambda a: (f"As a primary attacker{' against ' + target_words(a.target) if a.target else ''}, "
                               "its match-up starts as a push."),
    "returns-when-beaten": lambda a: _returns(a),
    "enemy-loses-stones": lambda a: (f"The enemy loses {a.amount} Power Stone{'s' if a.amount != 1 else ''} "
                                     f"{LOSSES.get(a.target, a.target)}."),
    "aoe-per-yours": lambda a: (f"Its AOE attack gets {_signed(a.amount)} for each other "
                                f"{target_words(a.target)} of yours in play."),
    "immune-played": lambda a: _immune_played(a),
    "bonus-opponent-ocb": lambda a: "+ its match-up opponent's off-color bonus.",
    "bonus-previous-opponent": lambda a: ("As a primary attacker, + the base Vitality of the enemy's creature of "
                                          "the match-up before."),
    "enemy-terrain": lambda a: f"The enemy's terrain card where it fights is {TERRAIN_FATES.get(a.target, a.target)}.",
    "indestructible": lambda a: "No text or spell destroys it.",
    # reveals, looks and declarations
    "declare-first": lambda a: (f"The enemy lays its {'first ' if a.limit == 'once' else ''}match-up creature "
                                f"first and says its {DECLARED.get(a.target, a.target)}."),
    "shows": lambda a: f"The enemy shows you {SHOWN.get(a.target) or _shown_creatures(a.target)}.",
    "lays-first": lambda a: ("If it is in your Combat Hand, it must be your first primary attacker."
                             if a.target == "self" else
                             "Both seats lay their creatures in match-ups from the lowest base Vitality up."
                             if a.target == "both:lowest" else
                             "The enemy must lay its creature of the highest base Vitality below that of yours shown."
                             if a.target == "highest-below" else
                             "The enemy's primary attackers are laid by the rules, each drawn at random."
                             if a.target == "random" else
                             f"The enemy lays its {target_words(a.target)} in match-ups before any other."),
    # Command Cards and creature Magic Items
    "command-only": lambda a: "Played only as the Command Card.",
    "aoe-own": lambda a: _aoe(a).replace(" attack", " attack on your own Combat Hand", 1),
    "discards-hand": lambda a: "Your other creatures in the Combat Hand are discarded.",
    "destroys-command": lambda a: COMMAND_DESTROYED[a.when],
    # healing, settlement, strongholds and upgrades
    "fired-aoe": lambda a: ("Fired instead of a Command Card in a combat on a land of its column, for a Power "
                            f"Stone: {_aoe(replace(a, target=a.target or 'plain'))[0].lower()}"
                            f"{_aoe(replace(a, target=a.target or 'plain'))[1:]}"),
    "per-extra-stone": lambda a: f"Its fired AOE gets {_signed(a.amount)} for each further Power Stone.",
    "lost-to-pen": lambda a: (f"Its owner's {target_words(a.target)} lost in a combat on it go to the Creature Pen "
                              "instead of the discard pile."),
    # creatures that leave or sit out a match-up
    "sits-out": lambda a: ("A creature drawn at random from the enemy's Combat Hand and this card sit out the combat "
                           "(they count for nothing, secondary attackers may attack them)." if a.target == "random"
                           else f"The {target_words(a.target)} of both sides sit out the combat "
                           "(they count for nothing, secondary attackers may attack them)."),
    "returns-opponent": lambda a: (("While it is in play, the match-up opponent of each of your primary "
                                    "attackers, " if a.limit == "in-play" else "The enemy's creature in the match-up, ")
                                   + ("if of a class they share" if a.target == "same-class"
                                      else f"if of the {target_words(a.target)}")
                                   + ", goes back to its Creature Pen, and yours is left unchallenged."),
    "unchallenged": lambda a: (f"On a match-up with {target_words(a.target)} in it: both its creatures are left "
                               "unchallenged."),
    # the Movement phase
    "extra-steps": lambda a: (f"The Shield you are moving may go {a.amount} more space{'s' if a.amount != 1 else ''}."
                              if not a.target else
                              f"A Shield carrying it that cannot fly and carries only {target_words(a.target)} "
                              f"may go {a.amount} more space{'s' if a.amount != 1 else ''}."),
    "extra-flights": lambda a: f"You may fly {a.amount} more Shield{'s' if a.amount != 1 else ''} this turn.",
    "pass-move": lambda a: "Before you turn a Shield, your movement option passes to the enemy; yours comes later.",
    "another-move": lambda a: "When your move ends, you turn another Shield at once.",
    # reactions
    "cancel-ranged": lambda a: "The enemy's ranged attack just fired is cancelled.",
    "redirect-ranged": lambda a: ("The enemy's ranged attack just fired strikes the enemy's own match-up creature, "
                                  "as if you had fired it."),
    "reverse-channeling": lambda a: ("The channeling the enemy's Guardian just made is taken from its creature "
                                     "instead of added."),
    "cancel-channeling": lambda a: "The enemy creature that just channeled is destroyed and its channeling cancelled.",
    # control, channeling, bribery, stones and draws
    "control-vitality": lambda a: f"Counts as {a.amount} Vitality for control of the space.",
    "no-control": lambda a: "Does not count toward control of the space.",
    "no-control-opponent": lambda a: ("Its match-up opponent"
                                      f"{', if ' + target_words(a.target) + ',' if a.target else ''}"
                                      " does not count toward control of the space."),
    "control-bonus": lambda a: (f"{_signed(a.amount)} to your total for control of the space when this Shield "
                                "attacks." if a.target == "attacking" else
                                f"{_signed(a.amount)} to your total for control of the space after a combat on "
                                "either land of its column." if a.target == "column" else
                                f"{_signed(a.amount)} to your total for control of the space for each living "
                                f"{target_words(a.target)} of yours."),
    "unlimited-channeling": lambda a: "May take any amount of channeling.",
    "cmp-bonus": lambda a: f"{_signed(a.amount)} to {CMP_WHOSE.get(a.target, a.target)}.",
    "no-stone-channeling": lambda a: "Once it is revealed, no Power Stone may be spent to channel in the combat.",
    "no-enemy-channeling": lambda a: ("While it is on the table and unbeaten, the enemy may not channel." if not a.dice
                                      else f"It rolls {a.dice}: the enemy may not channel in as many of your "
                                      f"first primary match-ups as the face gives "
                                      f"({_faces(a.target.removeprefix('first:'))})."),
    "no-bribery": lambda a: (f"No bribery with {a.target.partition(':')[2]} once it is in play, unless it was "
                             "bribed itself."),
    "no-bribery-vs": lambda a: "No bribery against the creatures under this Shield.",
    "bribe-returns": lambda a: (f"While it is on your table, your {a.target.partition(':')[2]} bribery cards go "
                                "back to your Storage Hand."),
    "bribes-any": lambda a: "While it is on your table, your bribery cards work against any bribable creature.",
    "gain-stones": lambda a: (f"You gain {a.amount} Power Stone{'s' if a.amount != 1 else ''} "
                              f"{GAINS.get(a.target, a.target)}{' ' + terrain(a.terrain) if a.terrain else ''}."),
    "extra-draw": lambda a: (f"You draw {a.amount} more card{'s' if a.amount != 1 else ''} "
                             f"{DRAWS.get(a.target, a.target)}."),
    # combat flow
    "dispels-command": lambda a: "As the Command Card, dispels the enemy's Command Card.",
    "no-channeling": lambda a: ("No channeling by either side for the rest of the combat." if a.target != "near"
                                else "Played on a space: nobody channels in a combat on it or a space next to "
                                "it."),
    "no-command-cards": lambda a: "No Command Cards in a combat on this space.",
    "cancels-aoe": lambda a: "Its match-up opponent's AOE attack does not strike.",
    "hand-immune": lambda a: ("As the Command Card, your Combat Hand takes no damage from "
                              f"{ATTACKS.get(a.target, a.target)}."),
    "destroys-all-beaten": lambda a: "As the Command Card, every creature beaten in a primary match-up is destroyed.",
    "destroys-both-close": lambda a: (f"As the Command Card, an enemy creature that beats yours by less than "
                                      f"{a.amount} is destroyed with it."),
    "beaten-when-fired": lambda a: "Fired as a ranged attack, it is beaten too.",
    "beats-as-secondary": lambda a: "As a secondary attacker, it beats its target.",
    # dice
    "primary-bonus": lambda a: f"{_rolled(a)} Vitality as a primary attacker.",
    "fixes-dice": lambda a: f"While it is in play and unbeaten, every {a.target} rolled shows {a.amount}.",
    # spells, hand items and accessories
    "play": lambda a: f"{PLAYED.get(a.when, PLAYED['any-time'])}{ROLE.get(a.target, '')}.",
    "costs-stones": lambda a: f"Costs {a.amount} Power Stone{'s' if a.amount != 1 else ''} to play.",
    "steal-stones": lambda a: f"Takes up to {a.amount} of the enemy's Power Stones.",
    "destroy-in-play": lambda a: ("Destroys the terrain card you name." if a.target == "terrain"
                                  else "Destroys the stronghold upgrade you name."),
    "guardian-sets": lambda a: (f"Your Guardian's {GUARDIAN_NUMBERS.get(a.target, a.target)} is {a.amount} for "
                                "the rest of the turn."),
    "guardian-bonus": lambda a: f"Your Guardian gets {_signed(a.amount)} {GUARDIAN_NUMBERS.get(a.target, a.target)}.",
    "skip-to": lambda a: "The game goes straight to Terrain Settlement.",
    "new-up-cards": lambda a: "Every Up card is discarded and new ones are turned.",
    # activated abilities
    "activated": lambda a: _activated(a),
    "dispels-spell": lambda a: "Dispels the enemy's Spell waiting for its answer.",
    "returns-lost": lambda a: (f"{LOST['pen']} returns to your Creature Pen." if a.target == "pen" else
                               f"{LOST.get(a.target, a.target)}, lost in combat, returns to your Storage Hand."),
    # cards taken back and moved
    "retrieve": lambda a: _retrieved(a),
    "takes-up": lambda a: (f"Your Up card, if one of the {target_words(a.target)}, joins your Combat Hand, and this "
                           "card becomes your Up card." if a.target else
                           "Your Up card goes to your Storage Hand, and this card becomes your Up card."),
    # ultimatums and optional choices
    "ultimatum": lambda a: _ultimatum(a),
    "may": lambda a: f"{CHOICE_WHEN.get(a.when, a.when)}, you may {_options(a)}.",
    "bonus-enemy": lambda a: f"The enemy's creatures get {_signed(a.amount)} Vitality for the rest of the combat.",
    "wins-destroys": lambda a: ("If your side wins the combat, the enemy's creatures left under its Shield are "
                                "destroyed."),
    "discard-after-use": lambda a: "It is discarded once used.",
    # bribery, ranged attacks, channeling and rolled attacks (wave 6c)
    "ranged-sum": lambda a: ("Its ranged attack adds the printed points of every other ranged attack fired before "
                             "it in the match-up, either side."),
    "channels-once": lambda a: f"You channel into a creature once in a combat, {a.amount} points at most.",
    # draws, hands, discard piles and deck searches (wave 6e)
    "draws": lambda a: (f"You draw {a.amount} card{'s' if a.amount != 1 else ''} into your Storage Hand "
                        f"{DRAWS_ON.get(a.target, a.target)}."),
    "search-deck": lambda a: _searched(a),
    # text boxes, classes and outcomes changed for a combat (wave 6a)
    "blanks": lambda a: ("As it is revealed in a combat, its primary match-up opponent's text box counts as empty "
                         "for the rest of the combat." if a.target == "opponent" else
                         "As it is revealed in a combat, every creature's text box, its own too, counts as empty "
                         "for the rest of the combat."),
    "shares-class": lambda a: ("Each of your primary attackers after your first takes your first one's classes "
                               "for the rest of the combat."),
    "wins-beaten-by": lambda a: (f"Your creature beaten in a primary match-up by more than {a.amount}"
                                 f"{'' if a.target in ('', '!guardian') else ' by ' + target_words(a.target)} "
                                 "wins it instead."),
    # bribery, ranged attacks, channeling and rolled attacks (wave 7c)
    "fires-ranged": lambda a: (f"Fires {a.amount} pt. ranged attacks into your primary match-up, each paid for."
                               if not a.target else "Fires a ranged attack into your primary match-up of your "
                               f"Command Card's base Vitality, if it is one of the "
                               f"{target_words(a.target.removeprefix('command:'))}."),
    "fires-cards": lambda a: _fires_cards(a),
    "aoe-fired": lambda a: (f"Played on one of your {target_words(a.target)} fired in the match-up: an AOE attack of "
                            "the strength of its ranged attack strikes too."),
    "bribes-hand": lambda a: (f"You choose one of the {target_words(a.target)} shown in the enemy's Combat Hand: it "
                              "is bribed."),
    "discards-for": lambda a: _discards_for(a),
    "cancels-bribe": lambda a: _cancels_bribe(a),
    "roll-fails": lambda a: f"A roll of {a.amount} gives its rolled ability no effect.",
    "bribes-with": lambda a: (f"You may bribe any bribable creature you face with one of the "
                              f"{card_target_words(a.target)} of your Storage Hand instead of a Bribery card."),
    "sends-to-pen": lambda a: "The enemy's creatures under its stronghold spaces go to its Creature Pen.",
    "roll-destroys": lambda a: (f"As a primary attacker it rolls {a.dice}: it destroys its match-up opponent if "
                                f"that is {_faces(a.target, target_words)}." if a.when != "fired" else
                                f"On a roll ({a.dice}) of {' or '.join(_hits(a.target))}, your ranged attacker "
                                "just fired and its match-up opponent are both destroyed."),
    "no-modification": lambda a: "Once it has rolled, its match-up is resolved with no further modification.",
    "roll-outcome": lambda a: _roll_outcome(a),
    # permissions and forced discards
    "bans-play": lambda a: _bans(a),
    "discards": lambda a: _discards(a),
    # numbers, counts and conditions (wave 5a)
    "bonus-per-in-play": lambda a: _per(a, f"other {target_words(a.target)} in play, either side"),
    "bonus-alone": lambda a: (f"{_signed(a.amount)} Vitality while none of the other {target_words(a.target)} "
                              "is in play, either side."),
    "bonus-per-command": lambda a: _per(a, "Creature Magic Item played as a Command Card in the combat"),
    "bonus-per-hand": lambda a: _per(a, f"{a.target}-bordered card in your Combat Hand when it was laid"),
    "receivers": lambda a: ("While it is in play, any creature of yours may take channeling." if a.target == "yours"
                            else f"Your {target_words(a.target)} may take channeling." if a.when == "command"
                            else f"{target_words(a.target).capitalize()} may take channeling (a terrain: on "
                            "this space; a creature: while it is in play)."),
    # remaining spells, items, upgrades and downgrades
    "stacking-relief": lambda a: ("One creature of its Shield or space counts its base Vitality instead of its "
                                  "red number toward their limits." if a.target == "red-number" else
                                  f"One of the {target_words(a.target)} of its Shield or space counts nothing "
                                  "toward their limits."),
    "grants-flying": lambda a: f"The {target_words(a.target)} of its Shield fly with it.",
    "destroys-both": lambda a: (f"On your creature in a match-up against one of the {target_words(a.target)}: both "
                                "creatures are destroyed."),
    "destroys-enemy-command": lambda a: (f"With one of your {target_words(a.target)} in the match-up: the enemy's "
                                         "Command Card, if a creature, is destroyed."),
    # match-up order, swaps, returns to the Combat Hand and guesses (wave 6b)
    "returns-to-hand": lambda a: ((f"Facing one of the {target_words(a.target)}, it" if a.target else "It")
                                  + " goes back to your Combat Hand, to be laid again; its opponent is left "
                                  "unchallenged."),
    "guess": lambda a: (("Before each primary match-up is shown, you guess the "
                         + ("size of the enemy's creature" if a.target.endswith("size") else
                            "border of the enemy's creature")
                         + f"; right, yours gets {_signed(a.amount)} Vitality.") if a.target.startswith("self")
                        else ("Before each primary match-up is shown, the enemy guesses the "
                              + ("size" if a.target.endswith("size") else "border")
                              + f" of your creature; wrong, yours gets {_signed(a.amount)} Vitality.")),
    # match-up order, swaps, command-card attacks and the Up card (wave 7b)
    "pulls-unchallenged": lambda a: ((f"Roll {a.dice}: on {a.amount} or more, " if a.dice else "")
                                     + ("a creature drawn at random from the enemy's Combat Hand goes"
                                        if a.target == "random" else
                                        "the enemy's creatures of one name held more than once in its Combat Hand go")
                                     + " onto the table, unchallenged."),
    "lays-before": lambda a: (f"You lay your {'first ' if a.limit == 'once' else ''}primary attacker before the "
                              "enemy lays its own" + (", showing it to the enemy." if a.target == "shown" else
                                                      ", face down.")),
    "swaps": lambda a: SWAPS.get(a.target) or (f"From your Combat Hand, it may take the place of one of your "
                                                f"{target_words(a.target)} in a match-up, which goes back to the "
                                                "hand."),
    "attacks": lambda a: (f"It attacks the enemy's {'Command Card' if a.target == 'command' else 'Up card'}, if a "
                          "creature" + (f", with {_signed(a.amount)} Vitality" if a.amount else "")
                          + ": the lower total is beaten" + ("; the enemy's Command Card, beaten, does not take "
                                                              "effect." if a.target == "command" else ".")),
    "enemy-draws": lambda a: (f"If it beats the enemy's Up card, the enemy draws {abs(a.amount)} card"
                              f"{'s' if abs(a.amount) != 1 else ''} {'fewer' if a.amount < 0 else 'more'} next turn."),
    "destroys-above-up": lambda a: ("If the enemy's Up card is a creature, a creature drawn at random from its Combat "
                                    "Hand is destroyed if its base Vitality is higher than the Up card's."),
    "destroys-beater": lambda a: ("A creature that beats it is destroyed after the combat, unless its side stays "
                                  "on the space."),
}
"""One sentence per ability kind (cards.ABILITY_KINDS), from the ability's fields alone."""


SWAPS: dict[str, str] = {
    "beaten": ("From your Combat Hand, it may take the place of your creature beaten in the match-up just over, "
               "which goes back to the hand."),
    "hand": "Any creature of your Combat Hand may take its place, beaten; it goes back to the hand.",
    "opponent:random": ("Its opponent goes back to the enemy's Combat Hand, and one drawn at random from there takes "
                        "its place."),
}
"""What swaps does, by its target (a creature target: the sentence in ABILITY_WORDS)."""


ACTIVATED_WHEN: dict[str, str] = {
    "command": "Once both Command Cards are face up",
    "answer": "While an enemy Spell or Item waits for its answer",
    "survives": "After a combat",
    "control": "Before control of the space is counted after a combat",
    "match-up": "On your move in a primary match-up, once bribery is over",
    "enemy-channels": "Right after the enemy channels",
    "enemy-bribes": "Right after the enemy bribes a creature of yours, while this card is in your Combat Hand",
    "any-time": "At any time you act",
    "between-match-ups": "As the Command Card, between primary match-ups, before you lay your next creature",
}
"""When an activated ability may be used (its `when`)."""
LOST: dict[str, str] = {"self": "This card", "shield": "A creature of this Shield", "pen": "A beaten creature of yours"}
"""Whose creature returns-lost brings back (its target)."""
ACTIVATED_EFFECTS: dict[str, str] = {
    "fires-ranged": "It fires its ranged attack, as any ranged attack.",
    "no-channeling": "That channeling is taken back, and nobody channels for the rest of the combat.",
}
"""Effects whose words a use says without the kind's own sentence (an amount of the card's own)."""


CHOICE_WHEN: dict[str, str] = {
    "command": "As the Command Card",
    "match-up": "As it is revealed as a primary attacker",
    "beaten": "When it is beaten in a primary match-up",
    "after-primaries": "Once primary attacks are over, while it is in play and unbeaten",
    "before-commands": "As the Command Card, before any Command Card takes effect",
    "fired": "As the Command Card, whenever you fire a ranged attacker in a primary match-up",
}
"""When an ultimatum or a may offers its choice (its `when`)."""
OPTIONS: dict[str, str] = {
    "retreat": "retreat",
    "discard-retreat": "discard this card and retreat",
    "refuse": "refuse",
    "show:storage": "show its Storage Hand",
    "sacrifice": "have it destroyed, ending the match-up with its opponent left unchallenged",
    "swap": "send its opponent back for one drawn at random from the enemy's Combat Hand",
    "attack:command": "attack the enemy's Command Card, if a creature, instead of its opponent",
    "attack:up": "attack the enemy's Up card, if a creature",
    "attack-with:command": ("send a creature of your Combat Hand onto the table to attack the enemy's Command Card, "
                            "if a creature (beaten, it takes this card to the discard pile)"),
    "roll": "roll the die",
}
"""The options of a choice, by their words in the ability's target (choices.py)."""


def _options(ability: Ability) -> str:
    words: list[str] = []
    for option in ability.target.split("|"):
        word, _, count = option.partition(":")
        if word == "stone":
            words.append(f"pay {count} Power Stone{'s' if count != '1' else ''}")
        elif word == "discard":
            words.append(f"discard {count} card{'s' if count != '1' else ''} of its Storage Hand")
        elif word == "discard-hand":
            words.append(f"discard one of the {target_words(count)} of its Combat Hand, of its choice")
        elif word == "discard-vitality":
            words.append(f"discard creatures of its Combat Hand, of its choice, worth {count} Vitality or more")
        else:
            words.append(OPTIONS.get(option, option))
    return " or ".join(words)


def _ultimatum(ability: Ability) -> str:
    role = f", {LIMITS[ability.limit]}" if ability.limit else ""
    role = ", when you defend" if ability.limit == "defending" else role
    return f"{CHOICE_WHEN.get(ability.when, ability.when)}{role}, the enemy must {_options(ability)}."


DISCARDED_FROM = {"storage": "your Storage Hand", "hand": "your Combat Hand"}
"""Where a discards-for ability's cards come from (its target's zone)."""
DISCARD_GAIN = {"command": "to its AOE", "match-up": "to your creature of the match-up"}
"""What a discards-for ability's amount raises, by its when."""


def _discards_for(ability: Ability) -> str:
    """Cards discarded, each for an amount (discards-for)."""
    zone, _, what = ability.target.partition(":")
    gain = " + ".join(part for part in (ability.dice, str(ability.amount) if ability.amount else "") if part)
    return (f"Each of the {card_target_words(what)} you discard from {DISCARDED_FROM.get(zone, zone)} gives "
            f"+{gain} {DISCARD_GAIN.get(ability.when, '')} in this match-up.")


def _hits(table: str) -> list[str]:
    """The faces of a rolled table with an entry."""
    return [str(number) for number, entry in enumerate(table.split(","), start=1) if entry]


def _fires_cards(a: Ability) -> str:
    what, _, partner = a.target.partition(";with:")
    only = f", while your creature of the match-up is one of the {target_words(partner)}" if partner else ""
    return f"You may fire {card_target_words(what)} of your Storage Hand as ranged attacks of their Up number{only}."


def _faces(table: str, say: Callable[[str], str] = str) -> str:
    """A rolled table in words: "1-2 Elementals, 3-4 Externals, 5-6 Mortals"."""
    entries = table.split(",")
    runs: list[tuple[int, int, str]] = []
    for number, entry in enumerate(entries, start=1):
        if runs and runs[-1][2] == entry:
            runs[-1] = (runs[-1][0], number, entry)
        else:
            runs.append((number, number, entry))
    return ", ".join(f"{a if a == b else f'{a}-{b}'}: {say(entry) if entry else 'none'}" for a, b, entry in runs)


OUTCOMES = {"destroyed": "your creature is destroyed", "wins": "your creature wins the match-up"}


def _roll_outcome(a: Ability) -> str:
    who, _, table = a.target.partition(":")
    bonus = f" (+{a.amount} for {target_words(who)})" if who and a.amount else ""
    return (f"On your creature of the match-up it rolls {a.dice}{bonus}: "
            f"{_faces(table, lambda e: OUTCOMES.get(e, e))}; no further modification.")


BRIBE_UNDONE = {
    "take": "the Bribery card is yours to play in this combat",
    "pen": "this card goes to your Creature Pen instead",
    "unchallenged": "the creature and its opponent are left unchallenged",
}
"""What else a cancels-bribe does (its target's first word)."""


def _cancels_bribe(ability: Ability) -> str:
    what, _, condition = ability.target.partition(":")
    of = (f" by {card_target_words(condition)}" if condition.startswith("bribery") else
          f" of one of your {target_words(condition)}") if condition else ""
    return f"The enemy's bribery{of} is undone, the creature back in play; {BRIBE_UNDONE[what]}."


def _activated(ability: Ability) -> str:
    """An activated ability: its moment, its price and its effect (the kind its target names),
    each use's (an effect with an amount, for 1: cards.py)."""
    kind, _, target = ability.target.partition(":")
    if kind == "destroys-both":  # the Spell's destroys-both names the enemy's
        effect = (f"Detonate one of the {target_words(target)} in the match-up, either side's: both match-up "
                  "creatures are destroyed.")
    else:
        effect = ACTIVATED_EFFECTS.get(kind) or ABILITY_WORDS[kind](Ability(kind, 1, target=target)).removeprefix(
            "As the Command Card, ")
    moment = ACTIVATED_WHEN.get(ability.when, ACTIVATED_WHEN["any-time"])
    if not ability.amount:
        return f"{moment}, you may: {effect[0].lower()}{effect[1:]}"
    price = f"{ability.amount} Power Stone{'s' if ability.amount != 1 else ''}"
    return f"{moment}, you may pay {price}: {effect[0].lower()}{effect[1:]}"


def ability_words(ability: Ability) -> str:
    """One ability in a sentence, with when it acts and how often, if the ability says."""
    sentence = ABILITY_WORDS[ability.kind](ability)
    if ability.when and ability.kind not in SAYS_ITS_MOMENT:
        sentence = f"{WHEN[ability.when]}: {sentence[0].lower()}{sentence[1:]}"
    if ability.limit and ability.kind not in SAYS_ITS_LIMIT:
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
