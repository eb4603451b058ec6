"""What a figure on the board can do: its card's numbers with its level, worn Equipment,
tokens and lasting effects applied (kings-armory E Statistical Adjustments). Every
question about a figure's numbers comes here, so a Hero's Equipment counts once, in
every rule that reads them."""

from __future__ import annotations

import functools

from domain.games.kings_armory.board import within_range
from domain.games.kings_armory.content import (
    DAMAGE_TYPES,
    MELEE,
    RANGED,
    Attack,
    AttackModifiers,
    Boss,
    Monster,
    Resist,
    Special,
    Stats,
    boss_rules,
    bosses,
    equipment,
    foe_cards,
    heroes,
    hireables,
    summoned_figures,
)
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, HIREABLE, SUMMONED, Figure, KaState
from domain.kernel import memo_last, replace

OFF_BOARD = (-1, -1)
"""The space of an Ally that has joined a team but is not placed yet."""

GUARDIAN_OF = "felicity"
"""The Hero whose Special Action summons the Guardian (kings-armory E Summon Guardian)."""


TANK_FLYING, MELEE_HITS_FLYING = "tank-flying", "melee-hits-flying"
"""What worn Equipment may allow (content.GRANTS)."""


@functools.cache
def hero_stats(key: str, worn: tuple[str, ...]) -> Stats:
    """A Hero's numbers with the bonuses of its worn Equipment added (kings-armory B5 Step
    5, E Statistical Adjustments: the base stays, the bonus adds)."""
    base = heroes()[key].stats
    if not worn:
        return base
    bonus = [equipment()[card].stats for card in worn]
    melee, ranged, supernatural = (base.resist.of(kind) + sum(getattr(b, kind) for b in bonus)
                                   for kind in DAMAGE_TYPES)
    resist = Resist(melee=melee, ranged=ranged, supernatural=supernatural, immune=base.resist.immune)
    return Stats(hp=base.hp + sum(b.hp for b in bonus), actions=base.actions + sum(b.actions for b in bonus),
                 heal=base.heal + sum(b.heal for b in bonus), move=base.move + sum(b.move for b in bonus),
                 tank=base.tank + sum(b.tank for b in bonus), dodge=base.dodge + sum(b.dodge for b in bonus),
                 resist=resist, teleport=base.teleport)


def _modified(attack: Attack, bonus: AttackModifiers, primary: bool) -> Attack:
    """An attack with an Equipment bonus applied if the bonus's scope takes it in: every
    attack, the Primary Attack (kings-armory E Primary Attack), or one damage type."""
    if not (bonus.scope == "all" or bonus.scope == attack.kind or (bonus.scope == "primary" and primary)):
        return attack
    hitroll = attack.hitroll + bonus.hitroll if attack.hitroll is not None else None  # Auto stays Auto (E Auto)
    changed = replace(attack, hitroll=hitroll, reach=attack.reach + bonus.reach,
                      damage=tuple(amount + bonus.damage for amount in attack.damage))
    return changed.crit_range_raised(bonus.crit_range)


@functools.cache
def hero_attacks(key: str, worn: tuple[str, ...]) -> tuple[Attack, ...]:
    """A Hero's Attack Options, its card's then its Equipment's, with the Equipment's
    attack bonuses and grants applied (kings-armory B5 Step 5, E Equipment Cards)."""
    own = heroes()[key].attacks
    found = [*own, *(attack for card in worn for attack in equipment()[card].attacks)]
    for card in worn:
        item = equipment()[card]
        if item.attack_bonus is not None:
            bonus = item.attack_bonus
            # The card's first attack is the Primary Attack (kings-armory E Primary Attack).
            found = [_modified(attack, bonus, number == 0 and bool(own)) for number, attack in enumerate(found)]
        if MELEE_HITS_FLYING in item.grants:
            found = [replace(attack, hits_flying=True) if attack.kind == MELEE else attack for attack in found]
    return tuple(found)


@functools.cache
def hero_specials(key: str, worn: tuple[str, ...]) -> tuple[Special, ...]:
    return heroes()[key].specials + tuple(special for card in worn for special in equipment()[card].specials)


def grants(figure: Figure, grant: str) -> bool:
    """The Ally's worn Equipment allows `grant` (content.GRANTS)."""
    return any(grant in equipment()[card].grants for card in figure.worn)


def stats(figure: Figure) -> Stats:
    """The Major Statistics Block of an Ally (kings-armory B2), a Hero's Equipment counted."""
    if figure.kind == HERO:
        return hero_stats(figure.key, figure.worn)
    if figure.kind == HIREABLE:
        return hireables()[figure.key].stats(figure.level)
    if figure.kind == GUARDIAN:
        guardian = heroes()[GUARDIAN_OF].guardian
        assert guardian is not None
        return guardian
    if figure.kind == SUMMONED:
        return summoned_figures()[figure.key].stats
    raise ValueError(f"{figure.figure} is a foe; its numbers are its Monster's")


def monster(figure: Figure) -> Monster:
    """A foe's card: its Monster's, or the Monster a Boss's Stat Card makes of it (content.foe_cards)."""
    return foe_cards()[figure.key]


def boss_of(figure: Figure) -> Boss | None:
    """The Boss's Stat Card, if the figure is a Boss (kings-armory B7, E Bosses)."""
    return bosses().get(figure.key) if figure.kind == FOE else None


def is_boss(figure: Figure) -> bool:
    return figure.kind == FOE and figure.key in bosses()


def boss_immune(figure: Figure, effect: str, lifted: bool = False) -> bool:
    """A Boss is immune to `effect` (kings-armory E Bosses: Instakill, Destruction, Removal and
    Stun for every Boss, and what its own card adds). `lifted`: by an effect that says it
    touches Bosses, which lifts the immunities every Boss has, not its card's own (E Bosses)."""
    boss = boss_of(figure)
    if boss is None or effect not in boss.immune_effects:
        return False
    return not lifted or effect not in boss_rules().immune_effects


@memo_last
def _bosses_on(figures: tuple[Figure, ...]) -> tuple[tuple[Figure, Boss], ...]:
    """The Bosses on the board and their cards (the auras look for them at every question)."""
    found = []
    for figure in figures:
        boss = boss_of(figure)
        if boss is not None:
            found.append((figure, boss))
    return tuple(found)


def resistance_in(state: KaState, figure: Figure, kind: str) -> int | None:
    """The figure's resistance to `kind` where it stands (resistance), with what a Boss nearby
    gives the foes around it: +amount from a foe-ward, immunity to Ranged damage under a
    Boss's cover (kings-armory B7: its Stat Card's rules; E Immune)."""
    base = resistance(figure, kind)
    if base is None or figure.kind != FOE:
        return base
    bonus = 0
    for boss, card in _bosses_on(state.figures):
        if boss.figure == figure.figure:
            continue
        for rule in card.rules:
            if rule.kind not in ("foe-ward", "cover") or not within_range(boss.space, figure.space, rule.reach):
                continue
            if rule.kind == "cover" and kind == RANGED:
                return None
            if rule.kind == "foe-ward":
                bonus += rule.amount
    return base + bonus


def max_hp(figure: Figure) -> int:
    return monster(figure).hp if figure.kind == FOE else stats(figure).hp


def attacks(figure: Figure) -> tuple[Attack, ...]:
    """The Attack Options the figure may use now (kings-armory B5: a Hireable uses
    those of its level or lower)."""
    if figure.kind == HERO:
        return hero_attacks(figure.key, figure.worn)
    if figure.kind == HIREABLE:
        return hireables()[figure.key].attacks_at(figure.level)
    if figure.kind == FOE:
        return (monster(figure).attack,)
    if figure.kind == SUMMONED:
        return summoned_figures()[figure.key].attacks
    return ()


def specials(figure: Figure) -> tuple[Special, ...]:
    if figure.kind == HERO:
        return hero_specials(figure.key, figure.worn)
    if figure.kind == HIREABLE:
        return hireables()[figure.key].specials_at(figure.level)
    return ()


def attack_named(figure: Figure, key: str) -> Attack | None:
    """The Attack Option `key` the figure may use now, if it has one."""
    for attack in attacks(figure):
        if attack.key == key:
            return attack
    return None


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
    return resist.of(kind) + figure.tokens.bless + figure.ward + lasting(figure, "ward")


def lasting(figure: Figure, effect: str) -> int:
    """The sum of the cards' lasting effects of one kind on the figure: they stack."""
    return sum(item.amount for item in figure.lasting if item.effect == effect) if figure.lasting else 0


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
    """Spaces per movement; each Slow token takes 2, and a card's slow its amount (kings-armory
    C2 Slow: they stack), down to 2 for a foe, 1 for Siege Equipment (C2 Slow) and 1 for an Ally
    (RULES.md); a Slow token takes 1 from a Boss, never below 3 (E Bosses)."""
    per_token = 2
    if figure.kind == FOE:
        card = monster(figure)
        floor = 1 if card.siege else 2
        base = card.move
        if is_boss(figure):
            # kings-armory E Bosses: a Slow token takes 1 from a Boss, never below 3.
            per_token, floor = boss_rules().slow_per_token, boss_rules().slow_floor
    else:
        floor = 1
        base = stats(figure).move
    slowed = per_token * figure.tokens.slow + lasting(figure, "slow")
    if not slowed:
        return base
    return max(min(base, floor), base - slowed)


def towers_only(figure: Figure) -> bool:
    return figure.kind == HERO and heroes()[figure.key].towers_only


def teleports(figure: Figure) -> bool:
    return figure.kind != FOE and stats(figure).teleport


def tankable(foe: Figure, by: Figure | None = None) -> bool:
    """Untankable, Unstoppable, Siege and Flying foes cannot be tanked in the usual
    way (kings-armory E Flying, Untankable, Unstoppable, Siege Equipment); an Ally whose
    Equipment allows it (Netting: E Tanking) tanks a flying foe that is none of the rest."""
    card = monster(foe)
    if card.untankable or card.unstoppable or card.siege or immune_to_everything(foe):
        return False
    return not card.flying or (by is not None and grants(by, TANK_FLYING))
