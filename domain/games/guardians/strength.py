"""How strong a creature is in a match-up, term by term, and what it may do to its
opponent: off-color bonus, terrain, text-box bonuses, stronghold defence, ranged
support, channeling (guardians Off-Color Bonus, TERRAIN BONUS, OTHER MODIFIERS,
CHANNELING), and immunity and destruction (guardians IMMUNITY, DESTRUCTION).
"""

from __future__ import annotations

from functools import cache

from domain.games.guardians import texts
from domain.games.guardians.board import is_land, stronghold_owner
from domain.games.guardians.cards import CARDS, DICE_KINDS, Ability, Card, card
from domain.games.guardians.messages import Term
from domain.games.guardians.state import (
    ALL_CREATURES,
    DISCARD,
    Combat,
    GuardiansState,
    Side,
    downgrades_on,
    face,
    facedown,
    hand,
    key_of,
    lookup,
    seat_of,
    side,
    terrain,
)

OFF_COLOR_PREY = {"mortal": "elemental", "elemental": "external", "external": "mortal"}
"""Whom each border gets its Off-Color Bonus against (guardians Off-Color Bonus)."""

TYPE_WORDS = {"mortal": "mortals", "elemental": "elementals", "external": "externals"}
UNLIMITED = 10**6
"""The channeling limit of a creature whose text says it may take any amount."""


def text_source(instance: str, combat: Combat | None) -> str:
    """Whose text box a card has in this combat (guardians Text Box): its own, or "" where
    it counts as empty (Manly Guy's opponent; every creature once Elandar is revealed).
    Combat.texts names a creature as the source, so a text that takes another's text box
    over (Xaz, not yet implemented) is one more entry. The one place every reader of a
    card's abilities asks, through `abilities` and `has`."""
    if combat is None or not combat.texts:
        return instance
    if face(instance).is_creature and any(c == ALL_CREATURES for c, _ in combat.texts):
        return ""
    return next((source for c, source in combat.texts if c == instance), instance)


def abilities(instance: str, kind: str, combat: Combat | None = None) -> tuple[Ability, ...]:
    """A card's abilities of one kind: the keywords from the data, and those texts.py
    gives its unique text; in a combat, those of the text box it has there (text_source)."""
    source = text_source(instance, combat)
    if not source:
        return ()
    info = face(source)
    return tuple(a for a in (*info.abilities, *texts.EXTRA_ABILITIES.get(info.key, ())) if a.kind == kind)


def has(instance: str, kind: str, combat: Combat | None = None) -> bool:
    source = text_source(instance, combat)
    return bool(source) and kind in _kinds(face(source).key)


def classes_of(instance: str, combat: Combat | None = None) -> tuple[str, ...]:
    """A creature's classes: as printed, unless a text changed them for this combat
    (Sooooooul Mirror)."""
    changed = next((found for c, found in combat.classes if c == instance), None) if combat else None
    return face(instance).classes if changed is None else changed


@cache
def _kinds(key: str) -> frozenset[str]:
    """The ability kinds a card has, once per card (the totals ask often)."""
    info = card(key)
    return frozenset(a.kind for a in (*info.abilities, *texts.EXTRA_ABILITIES.get(key, ())))


def is_ranged(instance: str, combat: Combat | None = None) -> bool:
    """A ranged attacker: an n pt. ranged attack, or a text that fires one (the Djinn, and
    the ranged attacks of no points of `pointless_attack`); its text box in the combat
    (text_source) is where the ranged attack is printed."""
    source = text_source(instance, combat)
    if not source:
        return False
    key = face(source).key
    return face(source).ranged > 0 or key in texts.PUSH_FORCERS or pointless_attack(key) is not None


POINTLESS_ATTACKS = {"cancel-ranged": "enemy-ranged", "cancel-channeling": "enemy-channels", "destroys-beaten": "fired"}
"""The abilities, with their `when`, that make a creature's ranged attack of no points
(guardians Text Box: "Ranged attack - ..."): an answer to the enemy's ranged attack or
channeling (reactions.py), or a destroys-beaten for its side's match-up creature."""


@cache
def pointless_attack(key: str) -> Ability | None:
    """The ability that is a creature's ranged attack of no points, None if none."""
    info = card(key)
    if not info.is_creature:
        return None
    return next((a for a in info.abilities if a.when and POINTLESS_ATTACKS.get(a.kind) == a.when), None)


def may_fire(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The ranged attackers a seat may fire into the match-up now (guardians Ranged Attacks)."""
    combat = state.combat
    if combat is None or combat.stage != "modify" or seat in combat.no_ranged:
        return ()
    return tuple(c for c in hand(state, side(combat, seat)) if is_ranged(c, combat))


def size_of(instance: str, combat: Combat | None = None) -> str:
    """A creature's size: as printed, unless its text changed it for this combat (a Titan)."""
    changed = next((size for card_id, size in combat.sizes if card_id == instance), "") if combat else ""
    return changed or face(instance).size


def size_cut(instance: str, combat: Combat | None = None) -> int:
    """What a Titan's changed size takes from its Vitality (guardians Text Box)."""
    return texts.SIZE_CUTS[size_of(instance, combat)] if face(instance).key in texts.TITANS else 0


def vitality(instance: str, combat: Combat | None = None) -> int:
    """Vitality, less what a Titan's size takes away."""
    return face(instance).vitality - size_cut(instance, combat)


def matches(target: str, instance: str, combat: Combat | None = None) -> bool:
    """Whether a creature is what an ability's target names (cards.py lists the
    vocabulary): "a|b" either, "a+b" both; a border ("externals"), a class ("undead"),
    "name:<card name>", a size, "flying"/"non-flying", "bribe:<icon>", "bribable",
    "fear" (affected by fear), "immune:fear", "ranged" (has a ranged attack),
    "stronghold-defenders", "ocb:<n>", "terrain-bonus:<terrain>"; "!<word>" is not that word."""
    return any(all(_is(word.strip(), instance, combat) for word in either.split("+")) for either in target.split("|"))


CARD_KINDS = {
    "creature": ("creature",),
    "item": ("hand-item", "creature-item"),
    "hand-item": ("hand-item",),
    "creature-item": ("creature-item",),
    "spell": ("spell",),
    "bribery": ("bribery",),
}
"""Card words naming the kind of a card (a Magic Item is a Hand or Creature Item)."""


def card_fits(target: str, instance: str, combat: Combat | None = None) -> bool:
    """Whether a card of any kind is what a target of card words names: "a|b" either,
    "a+b" both; "card" any card, a word of CARD_KINDS, "double" (double-bordered),
    "bribery:<icon>" (a Bribery card of that icon), "name:<card name>", "!<word>" not that
    word; any other word is a creature word (matches), true of creatures only."""
    return any(
        all(_card_is(word.strip(), instance, combat) for word in either.split("+")) for either in target.split("|")
    )


def _card_is(word: str, instance: str, combat: Combat | None) -> bool:
    if word.startswith("!"):
        return not _card_is(word[1:], instance, combat)
    info = face(instance)
    kind, _, detail = word.partition(":")
    if word == "card":
        return True
    if word == "double":
        return info.border == "double"
    if kind == "name":
        return info.name.lower() == detail
    if kind == "bribery":
        return info.kind == "bribery" and (not detail or info.name.lower() == detail)
    kinds = CARD_KINDS.get(word)
    if kinds is not None:
        return info.kind in kinds
    return info.is_creature and _is(word, instance, combat)


def _is(word: str, instance: str, combat: Combat | None) -> bool:
    if word.startswith("!"):
        return not _is(word[1:], instance, combat)
    subject = face(instance)
    kind, _, detail = word.partition(":")
    if kind == "ocb":
        return subject.ocb == int(detail)
    if word == "destroyer":
        return bool(DESTROYER_KINDS & _kinds(subject.key))
    if kind == "vitality":
        low, _, high = detail.partition("-")
        return int(low) <= subject.vitality <= int(high)
    if kind == "terrain-bonus":
        return any(a.terrain == detail and a.amount > 0 for a in abilities(instance, "terrain-bonus", combat))
    if kind == "name":
        return subject.name.lower() == detail
    if kind == "bribe":
        return detail in subject.bribes
    if kind == "immune":
        return any(a.target == detail for a in abilities(instance, "immune", combat))
    if kind == "attack":
        return any(a.target == detail for a in abilities(instance, "attack-element", combat))
    if kind == "titled":
        return subject.name.lower().split()[0] == detail
    if word == "stronghold-defenders":
        return combat is not None and defending_stronghold(combat, instance)
    size = size_of(instance, combat)
    simple = {
        "bribable": bool(subject.bribes),
        "fear": not any(a.target == "fear" for a in abilities(instance, "immune", combat)),
        "ranged": is_ranged(instance, combat),
        "receivers": subject.receives_channeling,
        "flying": subject.flying,
        "non-flying": not subject.flying,
        "large": size == "L",
        "medium": size == "M",
        "small": size == "S",
    }
    if word in simple:
        return simple[word]
    if word in (subject.creature_type, TYPE_WORDS.get(subject.creature_type)):
        return True
    classes = classes_of(instance, combat)
    return word in classes or word.removesuffix("s") in classes


DESTROYER_KINDS = frozenset({"destroys", "destroys-secondary", "destroys-beaten", "destroys-both-close"})
"""A creature's own ways to destroy another (target "destroyer": Golden Fleecer)."""


def defending_stronghold(combat: Combat, instance: str) -> bool:
    return seat_of(instance) == combat.defender.seat and stronghold_owner(combat.space) == combat.defender.seat


def immune(instance: str, attacker: str, combat: Combat | None = None) -> bool:
    """`instance` takes no damage from `attacker` and cannot be beaten by it (guardians
    IMMUNITY): immune to fire or fear means to fire- or fear-based attacks; "bribable" and
    "bribe:<icon>" name the creatures bribable so (Party Animal, Slag Bunny). Nothing is
    beaten by a harmless creature (Pink Flamingos)."""
    if has(attacker, "harmless", combat):
        return True
    for ability in abilities(instance, "immune", combat):
        if ability.terrain and (combat is None or ability.terrain not in combat.terrain):
            continue  # only there (River Giant)
        if ability.target in ("fire", "fear"):
            if any(a.target == ability.target for a in abilities(attacker, "attack-element", combat)):
                return True
        elif ability.target not in ("aoe", "ranged") and matches(ability.target, attacker, combat):
            return True
    if combat is not None and has(attacker, "attack-element", combat):
        return any(granted_immunity(combat, instance, a.target) for a in abilities(attacker, "attack-element", combat))
    return False


def granted_immunity(combat: Combat, instance: str, element: str) -> str:
    """The card revealed before `instance` in this combat, on either side, whose text makes
    creatures of a target laid after it immune to `element` (Paladin: immune-played
    "fear:mortals"), "" if none."""
    for source in (*combat.attacker.played, *combat.defender.played):
        if source == instance or not has(source, "immune-played", combat):
            continue
        for a in abilities(source, "immune-played", combat):
            what, _, who = a.target.partition(":")
            if what == element and matches(who, instance, combat) and laid_order(combat, instance) > laid_order(
                combat, source
            ):
                return source
    return ""


def laid_order(combat: Combat, instance: str) -> int:
    """When a creature was laid in the combat: its match-up's number (secondary attackers,
    after every match-up, count on), the same for both creatures of a match-up; 0 for the
    Command Card creature, laid before them all."""
    one = side_of(combat, instance)
    laid = [c for c in one.played if c != one.command]
    return laid.index(instance) + 1 if instance in laid else 0


def immune_to(instance: str, what: str, combat: Combat | None = None) -> bool:
    """Immune to a kind of attack rather than an attacker: "aoe", "ranged", "fire", "fear"."""
    return any(a.target == what for a in abilities(instance, "immune", combat))


def immune_to_aoe(instance: str, element: str, combat: Combat | None = None) -> bool:
    return immune_to(instance, "aoe", combat) or (element in ("fire", "fear") and immune_to(instance, element, combat))


def destroys(instance: str, victim: str, combat: Combat | None = None) -> bool:
    """A "destroys X" text (guardians DESTRUCTION), on its terrain if it names one (Festus)."""
    return any(
        matches(a.target, victim, combat) and (not a.terrain or (combat is not None and a.terrain in combat.terrain))
        for a in abilities(instance, "destroys", combat)
    )


def ocb(instance: str, opponent: str) -> int:
    mine, theirs = face(instance), face(opponent)
    return mine.ocb if OFF_COLOR_PREY.get(mine.creature_type) == theirs.creature_type else 0


def stronghold_card(state: GuardiansState, space: str) -> str:
    """The stronghold card of a stronghold space (its owner's left, center or right card)."""
    owner = state.player(stronghold_owner(space))
    column = "abc".index(space[0])
    ordered = owner.stronghold if owner.seat == 1 else owner.stronghold[::-1]
    return ordered[column]


def stronghold_face(state: GuardiansState, space: str) -> Card | None:
    """The stronghold card a stronghold space stands for, whose text acts there (its
    bonus, its terrain, its flying rule: guardians STRONGHOLDS); None on a land, and
    for rubble, which has no text for the rest of the game (Giant Aunts)."""
    owner = stronghold_owner(space)
    if not owner:
        return None
    held = stronghold_card(state, space)
    return None if held in state.player(owner).rubble else card(held)


def stronghold_bonus(state: GuardiansState, combat: Combat, instance: str, opponent: str) -> int:
    """A defending creature on its own stronghold space gets that stronghold card's
    bonus (guardians STRONGHOLDS), unless its opponent's text takes it away or the card
    is rubble (Giant Aunts)."""
    if not defending_stronghold(combat, instance) or stronghold_cancelled(combat, opponent):
        return 0
    held = stronghold_face(state, combat.space)
    if held is None or defence_ignored(state, combat.space):
        return 0
    fixed = sum(a.amount for a in held.abilities if a.kind == "defend-bonus" and not a.dice)
    return fixed + (kept(combat.defender, held.key) if rolls_dice(held.key) else 0)


def defence_ignored(state: GuardiansState, space: str) -> bool:
    """A downgrade on the stronghold card takes its defence bonus away (cancels-stronghold:
    Sewage Backup)."""
    return any(has(c, "cancels-stronghold") for c in downgrades_on(state, space))


def stronghold_cancelled(combat: Combat, attacker: str) -> bool:
    """The attacker's own text takes its opponent's stronghold bonus away (a Cave Giant), or
    a card of its side in play does so for its creatures of a target (Starling Dodd Boys)."""
    if any(not a.target for a in abilities(attacker, "cancels-stronghold", combat)):
        return True
    return any(
        a.target and matches(a.target, attacker, combat)
        for source in in_play(side_of(combat, attacker))
        if has(source, "cancels-stronghold", combat)
        for a in abilities(source, "cancels-stronghold", combat)
    )


def first_knight_bonus(side: Side, instance: str) -> int:
    """The Horse as a live Command Card: the first Knight its side plays gets +6."""
    horse, bonus = texts.FIRST_KNIGHT_BONUS
    if not (side.command and side.command_live and face(side.command).key == horse):
        return 0
    knights = [c for c in side.played if c != side.command and "knight" in face(c).classes]
    return bonus if knights and knights[0] == instance else 0


def side_of(combat: Combat, instance: str) -> Side:
    return side(combat, seat_of(instance))


def standing(side: Side) -> tuple[str, ...]:
    """Creatures of a side on the table and still fighting."""
    gone = set(side.beaten) | set(side.destroyed) | set(side.out)
    on_table = (*side.played, *side.unchallenged) if side.unchallenged else side.played
    return tuple(c for c in on_table if c not in gone)


def terms(state: GuardiansState, combat: Combat, instance: str, opponent: str, *, secondary: bool) -> tuple[Term, ...]:
    """Every term of a creature's total against `opponent` in the current match-up.

    In a secondary attack only the attacker's own text, terrain, Off-Color Bonus and
    channeling count (guardians SECONDARY ATTACKS): no ranged support, no bonus from
    other cards but one that lasts the whole combat (the Anvil of Heaviness)."""
    me = face(instance)
    found = [Term("vitality", me.vitality)]
    cut = size_cut(instance, combat)
    if cut:
        found.append(Term(f"size {size_of(instance, combat)}", -cut))
    side = side_of(combat, instance)
    enemy = side_of(combat, opponent)
    bonus = ocb(instance, opponent)
    if bonus:
        found.append(Term("off-color bonus", bonus))
        if not secondary:
            found.extend(_ocb_changes(combat, side, enemy, opponent, bonus))
    found.extend(_terrain_terms(state, combat, side, enemy, instance, secondary=secondary))
    for ability in abilities(instance, "bonus-vs", combat):
        if matches(ability.target, opponent, combat):
            found.append(Term(f"vs {ability.target}", ability.amount))
    role = "attacking" if side.seat == combat.attacker.seat else "defending"
    found.extend(_own_counted(combat, side, instance, role))
    if _OWN_STATE_COUNTERS & _kinds(me.key):
        found.extend(_own_from_state(state, combat, side, instance, opponent, secondary=secondary))
    # A secondary attacker keeps only its own text; a primary also gets its side's, and its
    # live Command Card's if a Spell or Item (Pulse Wave: bonus-yours).
    sources = (
        (instance,)
        if secondary
        else (
            instance,
            *(c for c in standing(side) if c != instance),
            *((side.shield,) if side.shield else ()),
            *((side.command,) if side.command_live and not face(side.command).is_creature else ()),
        )
    )
    for source in sources:
        name = "own text" if source == instance else face(source).name
        found.extend(
            Term(name, a.amount)
            for a in abilities(source, "bonus-all", combat)
            if a.when != "beaten" and _applies(a, opponent, combat, role)
        )
        found.extend(
            Term(name, a.amount)
            for a in abilities(source, "bonus-yours", combat)
            if matches(a.target, instance, combat)
        )
        if source != instance and _played_after(side, source, instance):
            found.extend(
                Term(name, a.amount)
                for a in abilities(source, "bonus-yours-played", combat)
                if matches(a.target, instance, combat)
            )
        if not secondary and _STRENGTH_GIVERS & _kinds(face(source).key):
            found.extend(_given(combat, side, source, instance))
    if not secondary:
        found.extend(
            Term(f"{face(source).name} (beaten)", a.amount)
            for source in side.beaten
            if has(source, "bonus-all", combat)
            for a in abilities(source, "bonus-all", combat)
            if a.when == "beaten"
        )
    found.extend(
        Term("own text" if source == instance else face(source).name, a.amount)
        for source in ((instance,) if secondary else (*in_play(combat.attacker), *in_play(combat.defender)))
        if has(source, "bonus-both", combat)
        for a in abilities(source, "bonus-both", combat)
        if matches(a.target, instance, combat)
    )
    if secondary:
        found.extend(_secondary_bonuses(combat, side, instance, opponent))
        found.extend(
            Term(face(source).name, amount)
            for source, amount in given_boosts(side)
            if face(source).key in texts.FOR_THE_WHOLE_COMBAT or has(source, "bonus-enemy", combat)
        )
    else:
        found.extend(Term(face(source).name, amount) for source, amount in given_boosts(side))
        if has(instance, "primary-bonus", combat):
            found.extend(
                Term("own text: primary attacker", a.amount)
                for a in abilities(instance, "primary-bonus", combat)
                if not a.dice and a.when != "refused"
            )
        if combat.guesses:
            found.extend(guess_terms(combat, instance))
        horse = first_knight_bonus(side, instance)
        if horse:
            found.append(Term(face(side.command).name, horse))
        defence = stronghold_bonus(state, combat, instance, opponent)
        if defence:
            found.append(Term("stronghold", defence))
        support = lookup(combat.support, instance)
        if support and not immune_to(opponent, "ranged", combat):
            found.append(Term(RANGED_TERM, support))
        discarded = lookup(combat.bonus, instance)
        if discarded:
            found.append(Term(DISCARDED_TERM, discarded))
    if keeps_boosts(me.key):
        found.extend(_rolled_terms(side, instance))
    channel = lookup(combat.channel, instance)
    if channel:
        found.append(Term(CHANNEL_TERM, channel))
    return tuple(found)


def guess_terms(combat: Combat, instance: str) -> list[Term]:
    """What the guesses made before this match-up was shown give `instance`, a primary
    attacker in it (guess, "<who>:<what>"): the guessing card's amount to its own seat's
    creature when its seat guessed the enemy's creature right ("self"), or when the enemy
    guessed this one wrong ("enemy")."""
    if instance not in (combat.a_card, combat.d_card):
        return []
    opponent = combat.d_card if instance == combat.a_card else combat.a_card
    found: list[Term] = []
    for source, value in combat.guesses:
        if seat_of(source) != seat_of(instance):
            continue
        for ability in abilities(source, "guess"):
            who, _, what = ability.target.partition(":")
            guessed = opponent if who == "self" else instance
            actual = size_of(guessed, combat) if what == "size" else face(guessed).creature_type
            if (actual == value) == (who == "self"):
                found.append(Term(f"{face(source).name} (guess)", ability.amount))
    return found


# ---------------------------------------------------------------- amounts kept by a card (dice rolled, points paid)


@cache
def rolls_dice(key: str) -> bool:
    """Whether a card (a creature, or a stronghold card) has an ability whose amount is rolled."""
    return any(a.dice and a.kind in DICE_KINDS for a in card(key).abilities)


@cache
def pays_for_points(key: str) -> bool:
    """Whether its seat may pay for points of a card's control-bonus (an activated
    control-bonus: the Large Idol)."""
    return any(a.kind == "activated" and a.target.startswith("control-bonus") for a in card(key).abilities)


@cache
def keeps_boosts(key: str) -> bool:
    """Whether a card keeps its side's boosts by it for its own abilities: amounts it rolled
    (rolls_dice), points its seat paid for (pays_for_points), the bonus a refused ultimatum
    gives it (primary-bonus, when "refused": choices.py), or its uses in the combat
    (bribes-with: combat.py)."""
    return (
        rolls_dice(key)
        or pays_for_points(key)
        or any((a.kind == "primary-bonus" and a.when == "refused") or a.kind == "bribes-with"
               for a in card(key).abilities)
    )


def kept(one: Side, source: str) -> int:
    """What `source` has kept for its side in this combat, 0 if nothing (keeps_boosts): kept
    among the side's boosts by the card, so a total reads them from the state."""
    return sum(amount for card_id, amount in one.boosts if card_id == source)


def given_boosts(one: Side) -> tuple[tuple[str, int], ...]:
    """The side's boosts to all its primary attackers (Floyd, the Anvil): its boosts but the
    amounts kept by a card, which only its own ability applies."""
    return tuple(
        (source, amount)
        for source, amount in one.boosts
        if not keeps_boosts(key_of(source) if "." in source else source)
    )


def _rolled_terms(one: Side, instance: str) -> list[Term]:
    """A creature's own rolled bonus (primary-bonus, bonus-per-yours with dice): rolled
    once, when it was revealed in its match-up or declared as a secondary attacker; or the
    bonus its ultimatum gave it when the enemy refused it."""
    amount = kept(one, instance)
    why = "rolled" if rolls_dice(face(instance).key) else "ultimatum refused"
    return [Term(f"own text: {why}", amount)] if amount else []


# ---------------------------------------------------------------- strength texts (guardians Text Box)

_OWN_STATE_COUNTERS = frozenset(
    {
        "bonus-per-icon",
        "bonus-per-discarded",
        "bonus-shield-up",
        "bonus-opponent-ocb",
        "bonus-previous-opponent",
        "bonus-per-hand",
    }
)
"""Kinds by which a creature's own text counts something of the table or its seat."""


def _own_from_state(
    state: GuardiansState, combat: Combat, one: Side, instance: str, opponent: str, *, secondary: bool
) -> list[Term]:
    """Its own bonuses by its opponent's bribery icons, its seat's discard pile, or (as a
    primary attacker) its Shield's Up number."""
    found: list[Term] = []
    for a in abilities(instance, "bonus-per-icon", combat):
        icons = len(face(opponent).bribes)
        if a.target == "opponent" and icons:
            found.append(Term(f"own text: {icons} bribery icons on its opponent", a.amount * icons))
    for a in abilities(instance, "bonus-per-discarded", combat):
        count = sum(1 for c in state.zone(one.seat, DISCARD) if face(c).is_creature and matches(a.target, c))
        if count:
            found.append(Term(f"own text: {count} {a.target} in the discard pile", a.amount * count))
    if not secondary and one.shield and instance != one.command and has(instance, "bonus-shield-up", combat):
        found.append(Term(f"own text: {face(one.shield).name}'s Up number", face(one.shield).up))
    if has(instance, "bonus-opponent-ocb", combat) and face(opponent).ocb:
        found.append(Term(f"own text: {face(opponent).name}'s off-color bonus", face(opponent).ocb))
    for a in abilities(instance, "bonus-per-hand", combat):
        count = sum(1 for c in hand_when_laid(state, one, instance) if face(c).border == a.target)
        if count:
            found.append(Term(f"own text: {count} {a.target}-bordered cards in the Combat Hand", a.amount * count))
    number = matchup_number(one, instance)
    if not secondary and number > 1 and has(instance, "bonus-previous-opponent", combat):
        enemy = side_of(combat, opponent)
        previous = [c for c in enemy.played if c != enemy.command][number - 2]
        found.append(Term(f"own text: {face(previous).name}'s Vitality", face(previous).vitality))
    return found


def hand_when_laid(state: GuardiansState, one: Side, instance: str) -> tuple[str, ...]:
    """The other cards of a side's Combat Hand when `instance` was laid (Priestess of Isis):
    those still in it, and those it laid after `instance` (RULES.md: what a creature counts)."""
    laid = [c for c in one.played if c != one.command]
    later = laid[laid.index(instance) + 1 :] if instance in laid else []
    return (*(c for c in hand(state, one) if c != instance), *later)


def _secondary_bonuses(combat: Combat, one: Side, instance: str, target: str) -> list[Term]:
    """A secondary attacker's bonuses: its own (only when its side's primary attacker in
    its target's match-up was of the ability's target, if it names one), and those that
    cards of its side in play give all its secondary attackers (target "yours")."""
    found: list[Term] = []
    partner = matchup_opponent(combat, target)
    for a in abilities(instance, "secondary-bonus", combat):
        if not a.target or (a.target != "yours" and partner and matches(a.target, partner, combat)):
            found.append(Term("secondary attacker", a.amount))
    for source in standing(one):
        if has(source, "secondary-bonus", combat):
            name = "own text" if source == instance else face(source).name
            found.extend(
                Term(f"{name}: secondary attackers", a.amount)
                for a in abilities(source, "secondary-bonus", combat)
                if a.target == "yours"
            )
    return found


def matchup_opponent(combat: Combat, instance: str) -> str:
    """The creature `instance` faced in its primary match-up, "" if none. Both sides lay one
    creature a match-up, so their primaries pair up in order; secondary attackers, laid by
    one side only, come after them."""
    ours = [c for c in combat.attacker.played if c != combat.attacker.command]
    theirs = [c for c in combat.defender.played if c != combat.defender.command]
    count = min(len(ours), len(theirs))
    for attacker, defender in zip(ours[:count], theirs[:count], strict=True):
        if instance == attacker:
            return defender
        if instance == defender:
            return attacker
    return ""


_STRENGTH_GIVERS = frozenset({"bonus-others", "bonus-per-matchup", "bonus-per-icon"})
"""Kinds by which a card of a side in play gives its other creatures (or itself) a bonus."""


def in_play(one: Side) -> tuple[str, ...]:
    """A side's cards in play in the combat: its creatures standing on the table and its Shield."""
    return (*standing(one), *((one.shield,) if one.shield else ()))


def matchup_number(one: Side, instance: str) -> int:
    """Which of its side's primary attackers a creature is (1st, 2nd, ...), the Command
    Card aside: the number of its match-up in the combat."""
    primaries = [c for c in one.played if c != one.command]
    return primaries.index(instance) + 1 if instance in primaries else 0


def _given(combat: Combat, one: Side, source: str, instance: str) -> list[Term]:
    """What a card of the side in play gives `instance` (itself included) by the counted
    and the "other creatures" bonuses."""
    name = "own text" if source == instance else face(source).name
    found: list[Term] = []
    for a in abilities(source, "bonus-others", combat):
        if source != instance and matches(a.target, instance, combat):
            found.append(Term(name, a.amount))
    for a in abilities(source, "bonus-per-matchup", combat):
        if source == instance or a.target == "yours":
            number = matchup_number(one, instance)
            if number:
                found.append(Term(f"{name}: match-up {number}", a.amount * number))
    for a in abilities(source, "bonus-per-icon", combat):
        icons = len(face(instance).bribes)
        if source != instance and icons:
            found.append(Term(f"{name}: {icons} bribery icons", a.amount * icons))
    return found


def yours_in_play(combat: Combat, one: Side, instance: str, target: str) -> int:
    """The other creatures of a target in play on the creature's side (bonus-per-yours)."""
    return sum(1 for c in standing(one) if c != instance and matches(target, c, combat))


def _own_counted(combat: Combat, one: Side, instance: str, role: str) -> list[Term]:
    """The creature's own bonuses by its Shield's role and by what it counts in play."""
    kinds = _kinds(face(instance).key)
    found: list[Term] = []
    if "bonus-role" in kinds:
        found += [
            Term(f"own text: {role}", a.amount) for a in abilities(instance, "bonus-role", combat) if a.target == role
        ]
    if "bonus-per-yours" in kinds:
        for a in abilities(instance, "bonus-per-yours", combat):
            count = yours_in_play(combat, one, instance, a.target)
            if count and not a.dice:  # rolled: _rolled_terms
                found.append(Term(f"own text: {count} {a.target} in play", a.amount * count))
    if _COUNTED_IN_COMBAT & kinds:
        found.extend(_counted_in_combat(combat, instance, kinds))
    if "bonus-per-beaten" in kinds:
        lost = (*combat.attacker.beaten, *combat.defender.beaten)
        for a in abilities(instance, "bonus-per-beaten", combat):
            count = sum(1 for c in lost if matches(a.target, c, combat))
            if count:
                found.append(Term(f"own text: {count} {a.target} beaten", a.amount * count))
    return found


_COUNTED_IN_COMBAT = frozenset({"bonus-per-in-play", "bonus-alone", "bonus-per-command"})
"""Kinds by which a creature counts what stands in the combat, either side, or its Command Cards."""


def _counted_in_combat(combat: Combat, instance: str, kinds: frozenset[str]) -> list[Term]:
    """Its bonus for each other creature of a target standing in the combat (Phil, Bar Fly),
    while none other of a target stands (Kurgan), or for each Command Card of a kind played
    in the combat (Whalebone Rick); "standing" is in play, as for every count of the kind."""
    found: list[Term] = []
    others = [c for one in (combat.attacker, combat.defender) for c in standing(one) if c != instance]
    for a in abilities(instance, "bonus-per-in-play", combat) if "bonus-per-in-play" in kinds else ():
        count = sum(1 for c in others if matches(a.target, c, combat))
        if count:
            found.append(Term(f"own text: {count} other {a.target} in play", a.amount * count))
    for a in abilities(instance, "bonus-alone", combat) if "bonus-alone" in kinds else ():
        if not any(matches(a.target, c, combat) for c in others):
            found.append(Term(f"own text: the only {a.target} in play", a.amount))
    for a in abilities(instance, "bonus-per-command", combat) if "bonus-per-command" in kinds else ():
        commands = [one.command for one in (combat.attacker, combat.defender) if one.command]
        count = sum(1 for c in commands if face(c).kind == a.target)
        if count:
            found.append(Term(f"own text: {count} {a.target} Command Cards", a.amount * count))
    return found


def _ocb_changes(combat: Combat, one: Side, enemy: Side, opponent: str, bonus: int) -> list[Term]:
    """An enemy card in play that takes the off-color bonus away (against its creatures of
    a target), else what cards of the side in play add to it."""
    for source in in_play(enemy):
        if has(source, "no-enemy-ocb", combat):
            for a in abilities(source, "no-enemy-ocb", combat):
                if not a.target or matches(a.target, opponent, combat):
                    return [Term(face(source).name, -bonus)]
    return [
        Term(face(s).name, a.amount)
        for s in in_play(one)
        if has(s, "ocb-bonus", combat)
        for a in abilities(s, "ocb-bonus", combat)
    ]


def _terrain_terms(
    state: GuardiansState, combat: Combat, one: Side, enemy: Side, instance: str, *, secondary: bool
) -> list[Term]:
    """Terrain bonuses and penalties (guardians TERRAIN BONUS); a card of the side may
    grant the bonuses on any terrain, and cards in play change the bonuses, never below 0.
    A bonus with a target and no terrain asks the land's terrain cards (Silver Server,
    Tiger Baloo: space_is)."""
    found: list[Term] = []
    found_anywhere = "" if secondary else next(
        (c for c in standing(one) if c != instance and has(c, "terrain-bonus-anywhere", combat)), ""
    )
    for ability in abilities(instance, "terrain-bonus", combat):
        if ability.target and not ability.terrain:
            if space_is(state, combat.space, ability.target):
                found.append(Term(f"terrain: {ability.target}", ability.amount))
            continue
        if ability.terrain in combat.terrain:
            found.append(Term(f"terrain {ability.terrain}", ability.amount))
        elif found_anywhere and ability.amount > 0:
            found.append(Term(f"terrain {ability.terrain} ({face(found_anywhere).name})", ability.amount))
        else:
            continue
        if ability.amount > 0 and not secondary:
            running = ability.amount
            for source, change in _terrain_changes(one, enemy, combat):
                changed = max(0, running + change)
                if changed != running:
                    found.append(Term(face(source).name, changed - running))
                running = changed
    return found


def space_is(state: GuardiansState, space: str, what: str) -> bool:
    """What a land holds, for a terrain-bonus without a terrain: "terrainless" (a disputed
    land with no terrain card, face up or down, of either seat) or "face-down" (a face-down
    terrain card on it)."""
    if not is_land(space):
        return False
    face_down = any(state.zone(seat, facedown(space)) for seat in (1, 2))
    if what == "face-down":
        return face_down
    return what == "terrainless" and not face_down and not any(state.zone(seat, terrain(space)) for seat in (1, 2))


def _terrain_changes(one: Side, enemy: Side, combat: Combat) -> list[tuple[str, int]]:
    return [
        (source, a.amount)
        for who, cards in (("yours", in_play(one)), ("enemy", in_play(enemy)))
        for source in cards
        if has(source, "terrain-bonus-change", combat)
        for a in abilities(source, "terrain-bonus-change", combat)
        if a.target == who
    ]


RANGED_TERM, CHANNEL_TERM = "ranged attacks", "channeling"
DISCARDED_TERM = "cards discarded for it"
"""The terms a match-up's modifications add (guardians IS IT OVER YET?); the others make
its initial result."""


def initial_pusher(combat: Combat, a_card: str, d_card: str) -> str:
    """A primary attacker of the match-up whose text makes its initial result a push
    (against a creature of a target, if it names one), "" if none."""
    for laid, opponent in ((a_card, d_card), (d_card, a_card)):
        if (
            has(laid, "initial-push", combat)
            and laid != side_of(combat, laid).command
            and any(
                not a.target or matches(a.target, opponent, combat)
                for a in abilities(laid, "initial-push", combat)
            )
        ):
            return laid
    return ""


def initial_push(
    pusher: str, a_terms: tuple[Term, ...], d_terms: tuple[Term, ...]
) -> tuple[tuple[Term, ...], tuple[Term, ...]]:
    """The term that evens the two totals before modification, for the side behind, as
    (the attacker's, the defender's): a side ahead or even gets none."""
    def initial(found: tuple[Term, ...]) -> int:
        return sum(t.value for t in found if t.source not in (RANGED_TERM, CHANNEL_TERM))

    gap = initial(a_terms) - initial(d_terms)
    evened = (Term(f"{face(pusher).name}: initial push", abs(gap)),)
    return (evened if gap < 0 else ()), (evened if gap > 0 else ())


def push_margin(combat: Combat, loser: str) -> tuple[str, int]:
    """The card that makes `loser` beatable only by a margin, and the margin; ("", 0) if
    none: its own text (on its terrain, if it names one) or a card of its side in play
    that covers creatures of a target."""
    best = ("", 0)
    for source in in_play(side_of(combat, loser)):
        if not has(source, "push-margin", combat):
            continue
        for a in abilities(source, "push-margin", combat):
            covers = matches(a.target, loser, combat) if a.target else source == loser
            if covers and (not a.terrain or a.terrain in combat.terrain) and a.amount > best[1]:
                best = (source, a.amount)
    return best


def dies_when_beaten(loser: str, winner: str, combat: Combat) -> bool:
    """The loser's text destroys it when it is beaten (by a creature of a target)."""
    return any(not a.target or matches(a.target, winner, combat) for a in abilities(loser, "dies-when-beaten", combat))


def return_zone(loser: str, winner: str, margin: int, combat: Combat) -> str:
    """Where the loser of a primary match-up returns by its own text ("pen" or "storage"),
    beaten by more than the ability's amount (by a creature of its target, if it names
    one); "" if it does not."""
    for a in abilities(loser, "returns-when-beaten", combat):
        zone, _, by = a.target.partition(":")
        if a.when != "refused" and margin > a.amount and (not by or matches(by, winner, combat)):
            return zone
    return ""


def stones_lost(winner: str, loser: str, combat: Combat) -> tuple[tuple[str, int], ...]:
    """The texts of a primary match-up's two creatures that cost the enemy Power Stones
    now, by card and count: the winner's "beats" (any win) and "beats-channeled" (its
    opponent took channeling), the loser's "beaten-by-receiver" (its winner may receive
    channeling)."""
    found: list[tuple[str, int]] = []
    channeled = bool(lookup(combat.channel, loser))
    for a in abilities(winner, "enemy-loses-stones", combat):
        if a.target == "beats" or (a.target == "beats-channeled" and channeled):
            found.append((winner, a.amount))
    if face(winner).receives_channeling:
        found.extend(
            (loser, a.amount)
            for a in abilities(loser, "enemy-loses-stones", combat)
            if a.target == "beaten-by-receiver"
        )
    return tuple(found)


def secondary_barred(combat: Combat, target: str) -> str:
    """The card whose text forbids secondary attacks on `target`, "" if none: its own
    no-secondary-vs (always; once it has beaten a creature of a target, when "beats"), or
    that of its primary match-up opponent for both of their match-up (target "match-up")."""
    partner = matchup_opponent(combat, target)
    for a in abilities(target, "no-secondary-vs", combat):
        if a.when != "beats" or (partner and _beaten(combat, partner) and matches(a.target, partner, combat)):
            return target
    if partner and any(a.target == "match-up" for a in abilities(partner, "no-secondary-vs", combat)):
        return partner
    return ""


def _beaten(combat: Combat, instance: str) -> bool:
    one = side_of(combat, instance)
    return instance in one.beaten or instance in one.destroyed


def aoe_changes(state: GuardiansState, combat: Combat, source: str, element: str) -> list[Term]:
    """What an AOE gains: its own text's counts (other kinds of a target in play, terrain
    cards of a type on the board) and the cards in play that raise every AOE of its element."""
    found: list[Term] = []
    mine = face(source)
    everything = (*in_play(combat.attacker), *in_play(combat.defender))
    for a in abilities(source, "aoe-per-kind", combat):
        kinds = {face(c).name for c in everything if face(c).name != mine.name and matches(a.target, c, combat)}
        if kinds:
            found.append(Term(f"{len(kinds)} other {a.target}", a.amount * len(kinds)))
    for a in abilities(source, "aoe-per-yours", combat):
        count = sum(1 for c in standing(side_of(combat, source)) if c != source and matches(a.target, c, combat))
        if count:
            found.append(Term(f"{count} other {a.target} of yours", a.amount * count))
    for a in abilities(source, "aoe-per-terrain", combat):
        laid = sum(
            1
            for zone, cards in state.zones.items()
            if zone.split(":", 1)[1].startswith("terrain:")
            for c in cards
            if a.terrain in face(c).terrain_types
        )
        if laid:
            found.append(Term(f"{laid} {a.terrain} in play", a.amount * laid))
    found.extend(
        Term(face(c).name, a.amount)
        for c in everything
        if has(c, "aoe-bonus", combat)
        for a in abilities(c, "aoe-bonus", combat)
        if a.target == element
    )
    discarded = lookup(combat.bonus, source)
    if discarded:
        found.append(Term(DISCARDED_TERM, discarded))
    return found


@cache
def _limit_targets() -> frozenset[str]:
    """Every target a play limit of some card names ("one <target> per space per player")."""
    return frozenset(a.target for info in CARDS.values() for a in info.abilities if a.kind == "play-limit")


@cache
def limited_as(key: str) -> frozenset[str]:
    """The play-limit targets a creature counts as (a King of Mystfall is one
    "name:king of mystfall"), once per card. Matched on a stand-in instance: the
    words of a play limit ask only the card, never its seat or combat."""
    if not (card(key).is_creature or card(key).kind == "creature-item"):
        return frozenset()
    return frozenset(t for t in _limit_targets() if matches(t, f"1.{key}#1"))


@cache
def limits_of(key: str) -> frozenset[str]:
    """The targets of a card's own play limits."""
    return frozenset(a.target for a in card(key).abilities if a.kind == "play-limit")


def _applies(ability: Ability, opponent: str, combat: Combat, role: str) -> bool:
    """A bonus-all limited by terrain, by whom it is against, or to attacking/defending."""
    if ability.terrain and ability.terrain not in combat.terrain:
        return False
    if ability.target in ("attacking", "defending"):
        return ability.target == role
    return not ability.target or matches(ability.target, opponent, combat)


def _played_after(side: Side, source: str, instance: str) -> bool:
    order = side.played
    return source in order and instance in order and order.index(instance) > order.index(source)


def total(found: tuple[Term, ...]) -> int:
    return sum(t.value for t in found)


def channel_limit(instance: str, combat: Combat | None = None) -> int:
    """How much channeling a creature may take in one match-up: its base Vitality
    unless its text says more (guardians CHANNELING: LIMITS)."""
    if has(instance, "unlimited-channeling", combat):
        return UNLIMITED
    caps = [a.amount for a in abilities(instance, "max-channeling", combat) if not a.when]
    return max(caps) if caps else face(instance).vitality


def beaten_damage(instance: str, combat: Combat | None = None) -> int:
    """What a beaten creature leaves as damage on its victor, for secondary attackers
    to build on (guardians SECONDARY ATTACKS; Amber Well's text raises it)."""
    raised = [a.amount for a in abilities(instance, "beaten-secondary-bonus", combat)]
    return max(raised) if raised else face(instance).vitality
