"""One attack, by an Ally or a Foe (kings-armory C2): the rolls to hit, damage and
resistance, critical effects and status tokens, and what a defeat does."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import within_range
from domain.games.kings_armory.citations import (
    C2_FIFTH,
    C2_FOURTH,
    C2_SEVENTH,
    C2_THIRD,
    E_CASTLE_GATE,
    E_DEFEATED,
    E_DESTROYED,
    E_INSTAKILL,
    E_REMOVAL,
    E_SUMMON_GUARDIAN,
)
from domain.games.kings_armory.content import RANGED, SUPERNATURAL, Attack
from domain.games.kings_armory.figures import dodge, immune_to_everything, monster, resistance
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, Figure, KaState, Tokens
from domain.kernel import Emitter, Rng

Em = Emitter[KaState]


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


def status_immune(figure: Figure, status: str) -> bool:
    """Siege Equipment ignores Stun and Bleed (kings-armory E Siege Equipment); the
    Guardian ignores Bleed and Stun (E Summon Guardian); a foe immune to everything
    takes no status (E Immune)."""
    if figure.kind == GUARDIAN:
        return status in ("bleed", "stun")
    if figure.kind == FOE:
        if immune_to_everything(figure):
            return True
        return monster(figure).siege and status in ("bleed", "stun")
    return False


def put_tokens(em: Em, figure_id: str, status: str, count: int, rule: str = C2_SEVENTH) -> None:
    figure = em.state.figure(figure_id)
    if figure is None or not figure.active or count <= 0 or status_immune(figure, status):
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
    resistance (E Non-Resistible)."""
    figure = em.state.figure(figure_id)
    if figure is None or not figure.active or dealt <= 0:
        return
    resist = resistance(figure, kind)
    if immune_to_everything(figure) or resist is None:
        taken, resisted = 0, dealt
    elif non_resistible:
        taken, resisted = dealt, 0
    else:
        taken = max(1, dealt - resist)
        resisted = dealt - taken
    hp = max(0, figure.hp - taken)
    em.emit(m.Damaged, rule, figure_id, dealt, kind, resisted, taken, hp)
    if hp == 0 and taken:
        defeat(em, figure_id, "hit points")


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
    foe, Bosses aside, which part 1 has none of)."""
    target = em.state.figure(target_id)
    if target is None or not target.active:
        return
    resist = resistance(target, attack.kind)
    if resist is None or immune_to_everything(target):
        return  # kings-armory E Immune: no effects of that damage type either
    for status in ("bleed", "burn", "slow", "stun"):
        put_tokens(em, target_id, status, attack.on_crit.get(status, 0), C2_FIFTH)
    if target.kind == FOE:
        siege = monster(target).siege
        if attack.on_crit.get("remove"):
            defeat(em, target_id, "removed", E_REMOVAL)  # it bypasses the immunities below
        elif attack.on_crit.get("instakill") and not siege:
            defeat(em, target_id, "instakill", E_INSTAKILL)
        elif attack.on_crit.get("destroy") and siege:
            defeat(em, target_id, "destroyed", E_DESTROYED)


def resolve_attack(em: Em, rng: Rng, attacker: Figure, attack: Attack, targets: Sequence[str],
                   rule: str = C2_THIRD, bonus: int = 0, extra_damage: int = 0) -> None:
    """Roll to hit each target (one roll per "x", the same roll for every figure of an
    area: kings-armory C2 Sixth, E Special Attack Symbols), then deal damage."""
    for _ in range(attack.rolls):
        natural = 0 if attack.hitroll is None else rng.die(20)
        for target_id in targets:
            target = em.state.figure(target_id)
            if target is None or not target.active:
                continue
            result, total = _hit(attack, natural, bonus, target)
            em.emit(m.HitRolled, rule, attacker.figure, target_id, natural,
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


def reaches_tower(attack: Attack) -> bool:
    """Melee never reaches onto or off a Tower; Supernatural only from Range 2 up;
    Ranged always (kings-armory E Towers)."""
    if attack.kind == RANGED:
        return True
    if attack.kind == SUPERNATURAL:
        return attack.reach >= 2
    return False
