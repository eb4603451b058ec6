"""What an attack adds up to (aod Attack, aod Monsters, aod Items, aod Allies): its
modifiers, the number it needs and who wins. Pure: effects.py makes the attack's events."""

from __future__ import annotations

from domain.games.aod.cards import (
    ALLIES_TAG,
    ARCHER_CAPTAIN_CROSSBOW_BONUS,
    ARTHUR,
    ASH,
    CHARACTER_TARGET,
    COMPLEX,
    CROSSBOW_ABILITY,
    CROSSBOW_TAG,
    GOOD,
    HENRY,
    SWORD_TAG,
    card,
)
from domain.games.aod.citations import R_ATTACK, R_NATURAL_ROLLS
from domain.games.aod.messages import Attack, Modifier
from domain.games.aod.state import AodState, Options


def _effective(card_id: str, immune: tuple[str, ...]) -> bool:
    """A card whose category or tags a monster is immune to gives nothing (aod Monsters)."""
    return not any(mark in immune for mark in card(card_id).marks())


def modifiers(state: AodState, command: Attack) -> tuple[tuple[Modifier, ...], tuple[str, ...]]:
    """Every bonus of an attack and the cards that take part in it.

    Cards a monster is immune to take no part: no bonus, no character modifier riding
    on them, no keep roll afterwards.
    """
    player = state.player(command.seat)
    immune = card(command.target_card).immune if command.target_card else ()
    found: list[Modifier] = []
    used: list[str] = []
    weapon = player.active_weapon() if command.use_weapon else ""
    if weapon and not _effective(weapon, immune):
        weapon = ""
    other = player.active_other() if command.use_other else ""
    if other and not _effective(other, immune):
        other = ""
    allies = player.active_allies() if command.use_allies and ALLIES_TAG not in immune else ()
    for item in (weapon, other):
        if item:
            used.append(item)
            found.append(Modifier(source=card(item).name, value=card(item).bonus))
    for ally in allies:
        used.append(ally)
        info = card(ally)
        if info.bonus:
            found.append(Modifier(source=info.name, value=info.bonus))
        if info.ability == CROSSBOW_ABILITY and weapon and CROSSBOW_TAG in card(weapon).tags:
            found.append(Modifier(source=f"{info.name} with a crossbow", value=ARCHER_CAPTAIN_CROSSBOW_BONUS))
    character, good = player.character, player.alignment == GOOD
    if good and character == ASH and weapon and card(weapon).category == COMPLEX:
        found.append(Modifier(source="Ash with a complex weapon", value=1))
    if good and character == HENRY and weapon and SWORD_TAG in card(weapon).tags:
        found.append(Modifier(source="Henry with a sword", value=1))
    if good and character == ARTHUR:
        found.extend(Modifier(source=f"Arthur with {card(a).name}", value=1) for a in allies)
    if not good and character == ASH and not command.target_card:
        found.append(Modifier(source="Evil Ash against a character", value=1))
    if not good and character == ARTHUR and state.book_holder == command.seat:
        found.append(Modifier(source="Evil Arthur with the Necronomicon", value=1))
    return tuple(m for m in found if m.value), tuple(used)


def needed(command: Attack) -> int:
    return card(command.target_card).number if command.target_card else CHARACTER_TARGET


def attack_outcome(options: Options, command: Attack, die: int, total: int) -> tuple[bool, str]:
    """Won or not, and the rule that decided it: the modified total against the number
    needed (aod Attack). The rulebook states the natural 6 that always wins and the
    natural 1 that always loses for Monsters only; a house rule extends them to
    attacks on characters."""
    if die in (1, 6):
        if command.target_card:
            return die == 6, R_ATTACK
        if options.natural_rolls_against_characters:
            return die == 6, R_NATURAL_ROLLS
    return total >= needed(command), R_ATTACK
