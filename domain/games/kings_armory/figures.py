"""What a figure on the board can do: its card's numbers with its level, tokens and
lasting effects applied (kings-armory E Statistical Adjustments)."""

from __future__ import annotations

import functools

from domain.games.kings_armory.content import (
    Attack,
    Monster,
    Special,
    Stats,
    heroes,
    hireables,
    monsters,
)
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, HIREABLE, Figure

OFF_BOARD = (-1, -1)
"""The space of an Ally that has joined a team but is not placed yet."""

GUARDIAN_OF = "felicity"
"""The Hero whose Special Action summons the Guardian (kings-armory E Summon Guardian)."""


def stats(figure: Figure) -> Stats:
    """The Major Statistics Block of an Ally (kings-armory B2)."""
    if figure.kind == HERO:
        return heroes()[figure.key].stats
    if figure.kind == HIREABLE:
        return hireables()[figure.key].stats(figure.level)
    if figure.kind == GUARDIAN:
        guardian = heroes()[GUARDIAN_OF].guardian
        assert guardian is not None
        return guardian
    raise ValueError(f"{figure.figure} is a foe; its numbers are its Monster's")


def monster(figure: Figure) -> Monster:
    return monsters()[figure.key]


def max_hp(figure: Figure) -> int:
    return monster(figure).hp if figure.kind == FOE else stats(figure).hp


def attacks(figure: Figure) -> tuple[Attack, ...]:
    """The Attack Options the figure may use now (kings-armory B5: a Hireable uses
    those of its level or lower)."""
    if figure.kind == HERO:
        return heroes()[figure.key].attacks
    if figure.kind == HIREABLE:
        return hireables()[figure.key].attacks_at(figure.level)
    if figure.kind == FOE:
        return (monster(figure).attack,)
    return ()


def specials(figure: Figure) -> tuple[Special, ...]:
    if figure.kind == HERO:
        return heroes()[figure.key].specials
    if figure.kind == HIREABLE:
        return hireables()[figure.key].specials_at(figure.level)
    return ()


@functools.cache
def _attack_index(key: str, kind: str) -> dict[str, Attack]:
    if kind == HERO:
        found = heroes()[key].attacks
    elif kind == HIREABLE:
        found = hireables()[key].attacks
    else:
        found = (monsters()[key].attack,)
    return {attack.key: attack for attack in found}


def attack_named(figure: Figure, key: str) -> Attack | None:
    attack = _attack_index(figure.key, figure.kind).get(key) if figure.kind != GUARDIAN else None
    if attack is None or attack not in attacks(figure):
        return None
    return attack


def special_named(figure: Figure, key: str) -> Special | None:
    for special in specials(figure):
        if special.key == key:
            return special
    return None


def flying(figure: Figure) -> bool:
    return figure.kind == FOE and monster(figure).flying


def dodge(figure: Figure) -> int:
    return monster(figure).dodge if figure.kind == FOE else stats(figure).dodge


def resistance(figure: Figure, kind: str) -> int | None:
    """The figure's resistance to `kind` with Bless (+1, kings-armory C2 Bless) and any
    ward; None when it is immune (kings-armory E Immune)."""
    resist = monster(figure).resist if figure.kind == FOE else stats(figure).resist
    if kind in resist.immune or "all" in resist.immune:
        return None
    return resist.of(kind) + figure.tokens.bless + figure.ward


def immune_to_everything(figure: Figure) -> bool:
    return figure.kind == FOE and "all" in monster(figure).resist.immune


def role(figure: Figure) -> str:
    if figure.kind == HERO:
        return heroes()[figure.key].role
    if figure.kind == HIREABLE:
        return hireables()[figure.key].role
    return ""


def ranged_role(figure: Figure) -> bool:
    if figure.kind == HERO:
        return heroes()[figure.key].ranged_role
    if figure.kind == HIREABLE:
        return hireables()[figure.key].ranged_role
    return False


def counts_as(figure: Figure) -> str:
    """The damage type an Ally deals, for Attack Priority 3 (kings-armory B1): its
    primary attack's, or its class's (Clerics and Psionicists: supernatural)."""
    if figure.kind == HIREABLE:
        hireable = hireables()[figure.key]
        if hireable.counts_as:
            return hireable.counts_as
    own = attacks(figure)
    return own[0].kind if own else ""


def tank_number(figure: Figure) -> int:
    return stats(figure).tank + figure.tank_bonus if figure.kind != FOE else 0


def move_rate(figure: Figure) -> int:
    """Spaces per movement; each Slow token takes 2, down to 2 for a foe, 1 for Siege
    Equipment (kings-armory C2 Slow) and 1 for an Ally (RULES.md)."""
    if figure.kind == FOE:
        card = monster(figure)
        floor = 1 if card.siege else 2
        base = card.move
    else:
        floor = 1
        base = stats(figure).move
    if not figure.tokens.slow:
        return base
    return max(min(base, floor), base - 2 * figure.tokens.slow)


def towers_only(figure: Figure) -> bool:
    return figure.kind == HERO and heroes()[figure.key].towers_only


def teleports(figure: Figure) -> bool:
    return figure.kind != FOE and stats(figure).teleport


def tankable(foe: Figure) -> bool:
    """Untankable, Unstoppable, Siege and Flying foes cannot be tanked in the usual
    way (kings-armory E Flying, Untankable, Unstoppable, Siege Equipment)."""
    card = monster(foe)
    return not (card.untankable or card.unstoppable or card.siege or card.flying or immune_to_everything(foe))
