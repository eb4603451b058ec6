"""One attack (kings-armory C2). Whom an Ally's attack may be aimed at and strikes:
checks, no events (C2 First, Second, Sixth). Then, for an Ally's attack or a Foe's,
the effects: the rolls to hit, damage and resistance, critical effects and status
tokens, and what a defeat does (C2 Third to Seventh)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, area_spaces, line_spaces, name, space_named, within_range
from domain.games.kings_armory.citations import (
    B7,
    C2_FIFTH,
    C2_FIRST,
    C2_FOURTH,
    C2_SEVENTH,
    C2_SIXTH,
    C2_THIRD,
    E_CASTLE_GATE,
    E_DEFEATED,
    E_DESTROYED,
    E_INSTAKILL,
    E_LINE_ATTACKS,
    E_REMOVAL,
    E_SUMMON_GUARDIAN,
    E_TOWERS,
)
from domain.games.kings_armory.content import MELEE, RANGED, SUPERNATURAL, Attack, monsters
from domain.games.kings_armory.figures import (
    attack_named,
    attacks,
    boss_immune,
    boss_of,
    dodge,
    flying,
    immune_to_everything,
    monster,
    resistance_in,
)
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, Em, Figure, KaState, Tokens, board_of, numbered
from domain.kernel import Rng, RuleViolation, require

DIRECTIONS = ("N", "E", "S", "W")
"""Where a line attack may go (kings-armory E Line Attacks)."""


# ---------------------------------------------------------------- aiming an Ally's attack (checks)


class Aim(NamedTuple):
    """Where an action is aimed: a figure, or an area's top-left space, or a line's
    direction (the Attack and UseSpecial commands' fields). The checked records here
    are NamedTuples: the legal lists make one for every aim they try, several times
    faster than a frozen dataclass."""

    target: str = ""
    at: str = ""
    direction: str = ""


class Strike(NamedTuple):
    """A checked attack of an Ally: the attack and the figures it strikes. `counts`: it
    strikes a foe that is not immune to it, so it is the attack the thematic rules ask
    for (kings-armory D1, E Immune)."""

    attack: Attack
    struck: tuple[str, ...]
    counts: bool

    @property
    def action(self) -> str:
        """What it spends its actions on (the ActionSpent event's `action`)."""
        return f"{'attack' if self.counts else 'attack on the immune'}:{self.attack.key}"


def reach_of(ally: Figure, attack: Attack) -> int:
    """The attack's Range, +1 for a Ranged attack from a Tower (kings-armory E Towers)."""
    return attack.reach + (1 if attack.kind == RANGED and ally.on_tower else 0)


def reaches_tower(attack: Attack) -> bool:
    """Melee never reaches onto or off a Tower; Supernatural only from Range 2 up;
    Ranged always (kings-armory E Towers)."""
    if attack.kind == RANGED:
        return True
    if attack.kind == SUPERNATURAL:
        return attack.reach >= 2
    return False


def can_affect(state: KaState, attacker: Figure, attack: Attack, target: Figure) -> bool:
    """The attack can reach and touch `target` at all: Melee never hits a Flying foe
    (unless the attack says so) nor reaches onto or off a Tower (kings-armory C2 Second,
    E Towers)."""
    if not target.active or target.space[0] < 0:
        return False
    if attack.kind == MELEE and flying(target) and not attack.hits_flying:
        return False
    return reaches_tower(attack) or not (attacker.on_tower or target.on_tower)


def target_problem(state: KaState, ally: Figure, attack: Attack, target: Figure) -> str:
    """Why `target` is not a valid single target of the attack ("" when it is)."""
    if target.kind != FOE:
        return f"{target.figure} is an Ally"
    if not within_range(ally.space, target.space, reach_of(ally, attack)):
        return f"{target.figure} is out of range {reach_of(ally, attack)}"
    if not can_affect(state, ally, attack, target):
        if attack.kind == MELEE and flying(target):
            return f"a Melee attack cannot hit {target.figure}: it flies"
        return f"{attack.name} cannot reach onto or off a Tower"
    return ""


def area_cells(state: KaState, ally: Figure, area: tuple[int, int], reach: int, aim: Aim) -> tuple[Space, ...]:
    """The spaces of an area aimed by `aim`, every one within reach (kings-armory C2
    Sixth), or a RuleViolation. A line starts beside the attacker and goes straight
    (E Line Attacks); another area is `width` columns by `length` rows from `at`."""
    width, length = area
    if width == 1 and length >= 2:
        require(aim.direction in DIRECTIONS, E_LINE_ATTACKS, "a line attack needs a direction: N, E, S or W")
        cells = line_spaces(ally.space, aim.direction, length)
    else:
        cells = area_spaces(space_named(aim.at, C2_SIXTH), length, width)
    board = board_of(state)
    for cell in cells:
        require(board.on_grid(cell), C2_SIXTH, "the area leaves the board (the Border counts, beyond it does not)")
        if not within_range(ally.space, cell, reach):
            raise RuleViolation(C2_SIXTH, f"the whole area must be within range {reach}; {name(cell)} is not")
    return cells


def victims(state: KaState, ally: Figure, attack: Attack, cells: tuple[Space, ...]) -> list[str]:
    """Every figure the area touches, friend and foe (kings-armory C2 Sixth)."""
    return [f.figure for f in state.figures
            if f.space in cells and f.figure != ally.figure and can_affect(state, ally, attack, f)]


def aim_attack(state: KaState, ally: Figure, attack: Attack, aim: Aim) -> list[str]:
    """The figures an attack aimed by `aim` strikes, or a RuleViolation."""
    if ally.on_tower:
        require(reaches_tower(attack), E_TOWERS, f"{attack.name} cannot reach off a Tower")
    if attack.area is not None:
        cells = area_cells(state, ally, attack.area, reach_of(ally, attack), aim)
        hit = victims(state, ally, attack, cells)
        require(any(f.kind == FOE for f in (state.figure(h) for h in hit) if f is not None), C2_SIXTH,
                "the area holds no foe the attack can touch")
        return hit
    target = state.figure(aim.target)
    if target is None:
        raise RuleViolation(C2_FIRST, f"there is no figure {aim.target!r} on the board")
    problem = target_problem(state, ally, attack, target)
    if problem:
        raise RuleViolation(C2_FIRST, problem)
    return [target.figure]


def strike(state: KaState, ally: Figure, key: str, aim: Aim) -> Strike:
    """The Ally's attack `key` aimed by `aim` (kings-armory C2 First), or a RuleViolation."""
    profile = attack_named(ally, key)
    if profile is None:
        raise RuleViolation(C2_FIRST, f"{ally.figure} has no attack {key!r}; it has "
                            f"{', '.join(a.key for a in attacks(ally)) or 'none'}")
    struck = aim_attack(state, ally, profile, aim)
    counts = any(resistance_in(state, f, profile.kind) is not None for f in (state.figure(s) for s in struck)
                 if f is not None and f.kind == FOE)
    return Strike(profile, tuple(struck), counts)


# ---------------------------------------------------------------- resolving an attack (effects)


# kings-armory C2 Seventh: token caps.
CAPS = {"bleed": 3, "burn": 2, "slow": 2, "stun": 1, "bless": 1}
BLEED_AND_BURN = 4


def add_tokens(tokens: Tokens, status: str, count: int) -> Tokens:
    """`count` tokens of `status` added within their caps; past four Bleed and Burn
    together, each new one takes away one of the other kind (kings-armory C2)."""
    values = {"bleed": tokens.bleed, "burn": tokens.burn, "slow": tokens.slow, "stun": tokens.stun,
              "bless": tokens.bless}
    for _ in range(count):
        if values[status] >= CAPS[status]:
            break
        values[status] += 1
        if status in ("bleed", "burn") and values["bleed"] + values["burn"] > BLEED_AND_BURN:
            other = "burn" if status == "bleed" else "bleed"
            values[other] -= 1
    return Tokens(**values)


def status_immune(figure: Figure, status: str, lifted: bool = False) -> bool:
    """Siege Equipment ignores Stun and Bleed (kings-armory E Siege Equipment); the
    Guardian ignores Bleed and Stun (E Summon Guardian); a Boss what its immunities say
    (E Bosses: Stun for all); a foe immune to everything takes no status (E Immune)."""
    if figure.kind == GUARDIAN:
        return status in ("bleed", "stun")
    if figure.kind == FOE:
        if immune_to_everything(figure) or boss_immune(figure, status, lifted):
            return True
        return monster(figure).siege and status in ("bleed", "stun")
    return False


def put_tokens(em: Em, figure_id: str, status: str, count: int, rule: str = C2_SEVENTH, lifted: bool = False) -> None:
    """`count` tokens of `status` on the figure, unless it is immune (`lifted`: see boss_immune)."""
    figure = em.state.figure(figure_id)
    if figure is None or not figure.active or count <= 0 or status_immune(figure, status, lifted):
        return
    tokens = add_tokens(figure.tokens, status, count)
    if tokens != figure.tokens:
        em.emit(m.TokensChanged, rule, figure_id, tokens.bleed, tokens.burn, tokens.slow, tokens.stun, tokens.bless)


def defeat(em: Em, figure_id: str, how: str, rule: str = E_DEFEATED) -> None:
    """Take a figure out (a Hero is KO'd where it stands), releasing what it tanked;
    Felicity's Guardian goes with her (kings-armory E Summon Guardian)."""
    figure = em.state.figure(figure_id)
    if figure is None or not figure.active:
        return
    em.emit(m.Defeated, rule, figure_id, how)
    if figure.kind == HERO and figure.key == "felicity":
        for guardian in em.state.figures:
            if guardian.kind == GUARDIAN and guardian.seat == figure.seat:
                em.emit(m.Defeated, E_SUMMON_GUARDIAN, guardian.figure, "with its summoner")


def take_damage(em: Em, figure_id: str, dealt: int, kind: str, non_resistible: bool, rule: str = C2_FOURTH) -> None:
    """Damage dealt to a figure, reduced by its resistance to at least 1 (kings-armory
    C2 Fourth), none if it is immune (E Immune); non-resistible damage skips the
    resistance and a type's immunity (E Non-Resistible)."""
    figure = em.state.figure(figure_id)
    if figure is None or not figure.active or dealt <= 0:
        return
    resist = resistance_in(em.state, figure, kind)
    if immune_to_everything(figure):
        taken, resisted = 0, dealt
    elif non_resistible:
        # kings-armory E Non-Resistible: a damage type of its own, which no resistance nor
        # immunity to a type stops; only the immune to everything escape it.
        taken, resisted = dealt, 0
    elif resist is None:
        taken, resisted = 0, dealt
    else:
        taken = max(1, dealt - resist)
        resisted = dealt - taken
    hp = max(0, figure.hp - taken)
    em.emit(m.Damaged, rule, figure_id, dealt, kind, resisted, taken, hp)
    if hp == 0 and taken:
        defeat(em, figure_id, "hit points")
    else:
        shed(em, figure_id, figure.hp)


def shed(em: Em, figure_id: str, before: int) -> None:
    """A Boss that sheds (kings-armory B7, its Stat Card's rule): for each multiple of the
    rule's amount its hit points fell past since `before`, one foe of the rule's kind
    appears on its space, on its route, while the pile has one (E Monster Shortage: none
    else)."""
    boss = em.state.figure(figure_id)
    card = boss_of(boss) if boss is not None else None
    if boss is None or card is None or not boss.active:
        return
    for rule in card.rules:
        if rule.kind != "shed" or rule.monster is None:
            continue
        falls = (card.hp - boss.hp) // rule.amount - (card.hp - before) // rule.amount
        kind = monsters()[rule.monster]
        for _ in range(max(0, falls)):
            state = em.state
            if sum(1 for f in state.figures if f.kind == FOE and f.key == kind.key) >= kind.tokens:
                break
            em.emit(m.FoeAppeared, B7, numbered(kind.key, state.entered.count(kind.key) + 1), kind.key, kind.level,
                    name(boss.space), boss.index, *boss.route, kind.hp, boss.figure)


def _guarded_by(state: KaState, target: Figure, attack: Attack) -> str:
    """Felicity's Guardian takes the damage of a Ranged attack on Felicity when it is
    adjacent to her (kings-armory E Summon Guardian)."""
    if attack.kind != RANGED or target.kind != HERO or target.key != "felicity":
        return ""
    for figure in state.figures:
        if figure.kind == GUARDIAN and figure.seat == target.seat and figure.active \
                and figure.on_tower == target.on_tower and within_range(figure.space, target.space, 1) \
                and (figure.space[0] == target.space[0] or figure.space[1] == target.space[1]):
            return figure.figure
    return ""


def _critical(em: Em, attack: Attack, target_id: str) -> None:
    """What a critical hit adds besides the damage multiplier (kings-armory C2 Fifth;
    E Instakill: living foes only; E Destroyed: Siege Equipment only; E Removal: any
    foe; E Bosses: none of the three touches a Boss)."""
    target = em.state.figure(target_id)
    if target is None or not target.active:
        return
    resist = resistance_in(em.state, target, attack.kind)
    if resist is None or immune_to_everything(target):
        return  # kings-armory E Immune: no effects of that damage type either
    for status in ("bleed", "burn", "slow", "stun"):
        put_tokens(em, target_id, status, attack.on_crit.get(status, 0), C2_FIFTH)
    if target.kind == FOE:
        siege = monster(target).siege
        if attack.on_crit.get("remove") and not boss_immune(target, "remove"):
            defeat(em, target_id, "removed", E_REMOVAL)  # it bypasses the immunities below
        elif attack.on_crit.get("instakill") and not siege and not boss_immune(target, "instakill"):
            defeat(em, target_id, "instakill", E_INSTAKILL)
        elif attack.on_crit.get("destroy") and siege and not boss_immune(target, "destroy"):
            defeat(em, target_id, "destroyed", E_DESTROYED)


def resolve_attack(em: Em, rng: Rng, attacker: str, attack: Attack, targets: Sequence[str],
                   rule: str = C2_THIRD, bonus: int = 0, extra_damage: int = 0) -> None:
    """Roll to hit each target (one roll per "x", the same roll for every figure of an
    area: kings-armory C2 Sixth, E Special Attack Symbols), then deal damage. `attacker` is
    the figure attacking, or the card whose attack it is (a card has no figure)."""
    for _ in range(attack.rolls):
        natural = 0 if attack.hitroll is None else rng.die(20)
        for target_id in targets:
            target = em.state.figure(target_id)
            if target is None or not target.active:
                continue
            result, total = _hit(attack, natural, bonus, target)
            em.emit(m.HitRolled, rule, attacker, target_id, natural,
                    (attack.hitroll or 0) + bonus, total, dodge(target), result)
            if result in ("miss", "fumble"):
                continue
            crit = result == "crit"
            victim = _guarded_by(em.state, target, attack) or target_id
            for base in attack.damage:
                # kings-armory C2 Fifth, E Crit Mods: the Crit Mod multiplies the Base Damage;
                # a bonus such as Enchant Weapon's comes on top of the product.
                dealt = base * (attack.crit_mod if crit else 1) + extra_damage
                take_damage(em, victim, dealt, attack.kind, attack.non_resistible,
                            C2_FIFTH if crit else C2_FOURTH)
            if crit:
                _critical(em, attack, target_id)


def _hit(attack: Attack, natural: int, bonus: int, target: Figure) -> tuple[str, int]:
    if attack.hitroll is None:
        return "auto", 0
    total = natural + attack.hitroll + bonus
    if natural == 1:
        return "fumble", total  # kings-armory C2 Fifth: a natural 1 always misses
    if attack.crit_from is not None and natural >= attack.crit_from:
        return "crit", total  # a valid attack that crits always hits
    return ("hit" if total >= dodge(target) else "miss"), total


def gate_damage(attack: Attack) -> int:
    """A foe's full damage against the Castle Gate: no roll, no crit (kings-armory E
    Castle Gate); both numbers of a "+", and one hit per two rolls of an "x" (E
    Special Attack Symbols)."""
    per_hit = sum(attack.damage)
    hits = 1 if attack.rolls == 1 else attack.rolls // 2
    return per_hit * hits


def hurt_gate(em: Em, by: str, amount: int, rule: str = E_CASTLE_GATE) -> None:
    em.emit(m.GateDamaged, rule, by, amount, max(0, em.state.gate - amount))
