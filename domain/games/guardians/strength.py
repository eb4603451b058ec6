"""How strong a creature is in a match-up, term by term, and what it may do to its
opponent: off-color bonus, terrain, text-box bonuses, stronghold defence, ranged
support, channeling (guardians Off-Color Bonus, TERRAIN BONUS, OTHER MODIFIERS,
CHANNELING), and immunity and destruction (guardians IMMUNITY, DESTRUCTION).
"""

from __future__ import annotations

from domain.games.guardians import texts
from domain.games.guardians.board import stronghold_owner
from domain.games.guardians.cards import Ability, Card, card
from domain.games.guardians.messages import Term
from domain.games.guardians.state import Combat, GuardiansState, Side, face, hand, lookup, seat_of, side

OFF_COLOR_PREY = {"mortal": "elemental", "elemental": "external", "external": "mortal"}
"""Whom each border gets its Off-Color Bonus against (guardians Off-Color Bonus)."""

TYPE_WORDS = {"mortal": "mortals", "elemental": "elementals", "external": "externals"}
UNLIMITED = 10**6
"""The channeling limit of a creature whose text says it may take any amount."""


def abilities(instance: str, kind: str) -> tuple[Ability, ...]:
    """A card's abilities of one kind: the keywords from the data, and those texts.py
    gives its unique text."""
    info = face(instance)
    return tuple(a for a in (*info.abilities, *texts.EXTRA_ABILITIES.get(info.key, ())) if a.kind == kind)


def has(instance: str, kind: str) -> bool:
    return bool(abilities(instance, kind))


def is_ranged(instance: str) -> bool:
    """A ranged attacker: an n pt. ranged attack, or a text that fires one (the Djinn)."""
    return face(instance).ranged > 0 or face(instance).key in texts.PUSH_FORCERS


def may_fire(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The ranged attackers a seat may fire into the match-up now (guardians Ranged Attacks)."""
    combat = state.combat
    if combat is None or combat.stage != "modify" or seat in combat.no_ranged:
        return ()
    return tuple(c for c in hand(state, side(combat, seat)) if is_ranged(c))


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
    "stronghold-defenders"."""
    return any(all(_is(word.strip(), instance, combat) for word in either.split("+")) for either in target.split("|"))


def _is(word: str, instance: str, combat: Combat | None) -> bool:
    subject = face(instance)
    kind, _, detail = word.partition(":")
    if kind == "name":
        return subject.name.lower() == detail
    if kind == "bribe":
        return detail in subject.bribes
    if kind == "immune":
        return any(a.target == detail for a in abilities(instance, "immune"))
    if word == "stronghold-defenders":
        return combat is not None and defending_stronghold(combat, instance)
    size = size_of(instance, combat)
    simple = {
        "bribable": bool(subject.bribes),
        "fear": not any(a.target == "fear" for a in abilities(instance, "immune")),
        "ranged": is_ranged(instance),
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
    return word in subject.classes or word.removesuffix("s") in subject.classes


def defending_stronghold(combat: Combat, instance: str) -> bool:
    return seat_of(instance) == combat.defender.seat and stronghold_owner(combat.space) == combat.defender.seat


def immune(instance: str, attacker: str, combat: Combat | None = None) -> bool:
    """`instance` takes no damage from `attacker` and cannot be beaten by it (guardians
    IMMUNITY): immune to fire or fear means to fire- or fear-based attacks."""
    for ability in abilities(instance, "immune"):
        if ability.target in ("fire", "fear"):
            if any(a.target == ability.target for a in abilities(attacker, "attack-element")):
                return True
        elif (
            ability.target not in ("aoe", "ranged", "bribable")
            and not ability.target.startswith("bribe:")
            and matches(ability.target, attacker, combat)
        ):
            return True
    return False


def immune_to(instance: str, what: str) -> bool:
    """Immune to a kind of attack rather than an attacker: "aoe", "ranged", "bribe:gold"."""
    targets = {a.target for a in abilities(instance, "immune")}
    return what in targets or (what.startswith("bribe:") and "bribable" in targets)


def immune_to_aoe(instance: str, element: str) -> bool:
    return immune_to(instance, "aoe") or (element in ("fire", "fear") and immune_to(instance, element))


def destroys(instance: str, victim: str, combat: Combat | None = None) -> bool:
    """A "destroys X" text (guardians DESTRUCTION)."""
    return any(matches(a.target, victim, combat) for a in abilities(instance, "destroys"))


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
    if not defending_stronghold(combat, instance) or has(opponent, "cancels-stronghold"):
        return 0
    held = stronghold_face(state, combat.space)
    return sum(a.amount for a in held.abilities if a.kind == "defend-bonus") if held is not None else 0


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
    return tuple(c for c in side.played if c not in gone)


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
    bonus = ocb(instance, opponent)
    if bonus:
        found.append(Term("off-color bonus", bonus))
    for ability in abilities(instance, "terrain-bonus"):
        if ability.terrain in combat.terrain:
            found.append(Term(f"terrain {ability.terrain}", ability.amount))
    for ability in abilities(instance, "bonus-vs"):
        if matches(ability.target, opponent, combat):
            found.append(Term(f"vs {ability.target}", ability.amount))
    side = side_of(combat, instance)
    role = "attacking" if side.seat == combat.attacker.seat else "defending"
    # A secondary attacker keeps only its own text; a primary also gets its side's.
    sources = (
        (instance,)
        if secondary
        else (instance, *(c for c in standing(side) if c != instance), *((side.shield,) if side.shield else ()))
    )
    for source in sources:
        name = "own text" if source == instance else face(source).name
        found.extend(
            Term(name, a.amount) for a in abilities(source, "bonus-all") if _applies(a, opponent, combat, role)
        )
        found.extend(
            Term(name, a.amount) for a in abilities(source, "bonus-yours") if matches(a.target, instance, combat)
        )
        if source != instance and _played_after(side, source, instance):
            found.extend(
                Term(name, a.amount)
                for a in abilities(source, "bonus-yours-played")
                if matches(a.target, instance, combat)
            )
    if secondary:
        found.extend(Term("secondary attacker", a.amount) for a in abilities(instance, "secondary-bonus"))
        found.extend(
            Term(face(source).name, amount)
            for source, amount in side.boosts
            if face(source).key in texts.FOR_THE_WHOLE_COMBAT
        )
    else:
        found.extend(Term(face(source).name, amount) for source, amount in side.boosts)
        horse = first_knight_bonus(side, instance)
        if horse:
            found.append(Term(face(side.command).name, horse))
        defence = stronghold_bonus(state, combat, instance, opponent)
        if defence:
            found.append(Term("stronghold", defence))
        support = lookup(combat.support, instance)
        if support and not immune_to(opponent, "ranged"):
            found.append(Term("ranged attacks", support))
    channel = lookup(combat.channel, instance)
    if channel:
        found.append(Term("channeling", channel))
    return tuple(found)


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


def channel_limit(instance: str) -> int:
    """How much channeling a creature may take in one match-up: its base Vitality
    unless its text says more (guardians CHANNELING: LIMITS)."""
    if has(instance, "unlimited-channeling"):
        return UNLIMITED
    caps = [a.amount for a in abilities(instance, "max-channeling")]
    return max(caps) if caps else face(instance).vitality


def beaten_damage(instance: str) -> int:
    """What a beaten creature leaves as damage on its victor, for secondary attackers
    to build on (guardians SECONDARY ATTACKS; Amber Well's text raises it)."""
    raised = [a.amount for a in abilities(instance, "beaten-secondary-bonus")]
    return max(raised) if raised else face(instance).vitality
