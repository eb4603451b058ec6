"""Special Actions (kings-armory E Special Actions): each kind the content files use,
applied generally. What each Hero's and Hireable's Special Action is (its kind,
reach, amount) is data: content.py and RULES.md."""

from __future__ import annotations

from collections.abc import Callable

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.actions import (
    Aim,
    Plan,
    aim_attack,
    area_cells,
    check_cost,
    free_ground,
    hosting_tower,
    keep_duty,
    paid,
    pay,
    teleport_problem,
)
from domain.games.kings_armory.board import Space, name, parse, within_range
from domain.games.kings_armory.citations import (
    C2_BLESS,
    E_FORESIGHT,
    E_HEALING,
    E_IMMUNE,
    E_SPECIAL_ACTIONS,
    E_SUMMON_GUARDIAN,
    E_TANKING,
    E_TELEPORT,
)
from domain.games.kings_armory.combat import Em, put_tokens, resolve_attack, status_immune
from domain.games.kings_armory.content import Special, heroes
from domain.games.kings_armory.figures import (
    dodge,
    immune_to_everything,
    max_hp,
    special_named,
    specials,
    tank_number,
    tankable,
)
from domain.games.kings_armory.foes import foresee, stalemate, tanks_in_use, wave_size
from domain.games.kings_armory.state import FOE, GUARDIAN, Figure, KaState
from domain.games.kings_armory.table import ally_at, board_of, foe_blocks
from domain.kernel import Rng, RuleViolation, replace, require

ONCE_PER_WAVE = ("summon-guardian", "time-rift")
"""Kinds the rulebook or our reconstruction allows once a Wave (RULES.md)."""
GUARDIAN_ID = "guardian"


def in_reach(ally: Figure, target: Figure, special: Special) -> bool:
    """Reach 0 means the Ally itself, except for teleporting others, which has no
    limit unless one is given (kings-armory E Teleport)."""
    if special.reach == 0:
        return target.figure == ally.figure or special.kind == "teleport-ally"
    return within_range(ally.space, target.space, special.reach)


def _ally_target(state: KaState, ally: Figure, special: Special, aim: Aim) -> Figure:
    target = state.figure(aim.target or ally.figure)
    if target is None or target.kind == FOE or not target.active or target.space[0] < 0:
        raise RuleViolation(E_SPECIAL_ACTIONS, f"{special.name} needs an Ally on the board, not {aim.target!r}")
    require(in_reach(ally, target, special), E_SPECIAL_ACTIONS, f"{target.figure} is out of {special.name}'s range")
    return target


def _foe_target(state: KaState, ally: Figure, special: Special, aim: Aim) -> Figure:
    target = state.figure(aim.target)
    if target is None or target.kind != FOE:
        raise RuleViolation(E_SPECIAL_ACTIONS, f"{special.name} needs a foe, not {aim.target!r}")
    require(within_range(ally.space, target.space, special.reach), E_SPECIAL_ACTIONS,
            f"{target.figure} is out of {special.name}'s range {special.reach}")
    require(not immune_to_everything(target), E_IMMUNE, f"{target.figure} is immune to everything")
    return target


def _heal(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    target = _ally_target(state, ally, special, aim)
    require(target.kind != GUARDIAN, E_SUMMON_GUARDIAN, "the Guardian cannot be healed")
    require(target.hp < max_hp(target), E_HEALING, f"{target.figure} has all its hit points")
    hp = min(max_hp(target), target.hp + special.amount)
    return lambda em, rng: em.emit(m.Healed, E_HEALING, target.figure, hp - target.hp, hp)


def _bless(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    target = _ally_target(state, ally, special, aim)
    require(not target.tokens.bless, C2_BLESS, f"{target.figure} is already blessed")
    return lambda em, rng: put_tokens(em, target.figure, "bless", 1, C2_BLESS)


def _boost(effect: str) -> Callable[[KaState, Figure, Special, Aim], Plan]:
    def check(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
        target = _ally_target(state, ally, special, aim)
        current = {"ward": target.ward, "enchant": target.enchant, "tank-boost": target.tank_bonus,
                   "aura": special.amount if target.aura else 0}[effect]
        require(current < special.amount, E_SPECIAL_ACTIONS, f"{target.figure} already has {special.name}'s effect")
        lasts = "wave" if effect == "aura" else special.lasts if special.lasts != "action" else "round"
        return lambda em, rng: em.emit(m.Boosted, E_SPECIAL_ACTIONS, target.figure, effect, special.amount, lasts)
    return check


def _slow(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    if special.area is not None:
        cells = area_cells(state, ally, special.area, special.reach, aim)
        foes = [f for f in state.figures if f.kind == FOE and f.space in cells and not immune_to_everything(f)]
        require(bool(foes), E_SPECIAL_ACTIONS, f"{special.name}'s area holds no foe")
    else:
        foes = [_foe_target(state, ally, special, aim)]

    def apply(em: Em, rng: Rng) -> None:
        natural = _roll(rng, special)
        for foe in foes:
            if _lands(em, ally, special, foe, natural):
                put_tokens(em, foe.figure, "slow", special.amount)
    return apply


def _roll(rng: Rng, special: Special) -> int:
    """The d20 of a Special Action that has a Hitroll (one for a whole area); none when it
    is automatic."""
    return rng.die(20) if special.hitroll is not None else 0


def _lands(em: Em, ally: Figure, special: Special, foe: Figure, natural: int) -> bool:
    """A Special Action with a Hitroll lands on `foe` when the d20 plus the Hitroll meets
    its Dodge, never on a natural 1 (kings-armory C2 Third and Fifth); a Special crits
    only where its card says so (E Crit Range), and none here does."""
    if special.hitroll is None:
        return True
    total = natural + special.hitroll
    result = "fumble" if natural == 1 else "hit" if total >= dodge(foe) else "miss"
    em.emit(m.HitRolled, E_SPECIAL_ACTIONS, ally.figure, foe.figure, natural, special.hitroll, total, dodge(foe),
            result)
    return result == "hit"


def _mind_cage(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    """Tank a foe within reach, even from a Tower (kings-armory C1 Step 2)."""
    foe = _foe_target(state, ally, special, aim)
    require(tankable(foe), E_TANKING, f"{foe.figure} cannot be tanked")
    require(not foe.tanked_by, E_TANKING, f"{foe.figure} is already tanked")
    require(not stalemate(state, foe), E_TANKING, stalemate(state, foe))
    require(tanks_in_use(state, ally.figure) < tank_number(ally), E_TANKING, f"{ally.figure} has no free tank slot")
    return lambda em, rng: em.emit(m.Tanked, E_TANKING, ally.figure, foe.figure)


def _teleport_ally(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    target = _ally_target(state, ally, special, aim)
    to = _space(aim.at, E_TELEPORT)
    require(special.reach == 0 or within_range(ally.space, to, special.reach), E_TELEPORT,
            f"{name(to)} is out of {special.name}'s range {special.reach}")
    require(special.amount == 0 or within_range(target.space, to, special.amount), E_TELEPORT,
            f"{special.name} moves an Ally at most {special.amount} spaces")
    problem = teleport_problem(state, target, to)
    require(not problem, E_TELEPORT, problem)
    on_tower, hosting = _landing(state, target, to)
    return lambda em, rng: em.emit(m.AllyMoved, E_TELEPORT, target.figure, name(to), 0, on_tower, hosting)


def _landing(state: KaState, ally: Figure, to: Space) -> tuple[str, str]:
    """(the Tower it stands on, the Tower hosting it) for an Ally teleported to `to`."""
    tower = state.tower_at(to)
    return (tower.tower, tower.tower) if tower else ("", hosting_tower(state, ally, to))


def _after(state: KaState, ally: Figure, special: Special, aim: Aim) -> Figure:
    """The Ally as its own (checked) Special Action leaves it: paid for, and moved when
    it teleports itself."""
    after = paid(ally, special.cost)
    if special.kind == "teleport-ally" and (aim.target or ally.figure) == ally.figure:
        to = parse(aim.at)
        on_tower, hosting = _landing(state, ally, to)
        after = replace(after, space=to, on_tower=on_tower, tower=hosting)
    return after


def _space(text: str, rule: str) -> Space:
    try:
        return parse(text)
    except ValueError as error:
        raise RuleViolation(rule, str(error)) from None


def send_back_spaces(state: KaState, foe: Figure, spaces: int) -> list[tuple[int, Space]]:
    """The route spaces up to `spaces` behind the foe where it may stand."""
    route = board_of(state).routes[foe.route].spaces
    found = []
    for index in range(foe.index - 1, max(0, foe.index - spaces) - 1, -1):
        if index >= 1 and not foe_blocks(state, route[index], foe):
            found.append((index, route[index]))
    return found


def _teleport_foe(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    foe = _foe_target(state, ally, special, aim)
    require(tankable(foe) or foe.tanked_by != "", E_TELEPORT, f"{foe.figure} cannot be moved that way")
    require(not stalemate(state, foe), E_TELEPORT, stalemate(state, foe))
    to = _space(aim.at, E_TELEPORT)
    choices = dict((space, index) for index, space in send_back_spaces(state, foe, special.amount))
    require(to in choices, E_TELEPORT, f"{foe.figure} can be sent back along its route by up to "
            f"{special.amount} spaces, to a space no foe of its kind holds")

    def apply(em: Em, rng: Rng) -> None:
        if _lands(em, ally, special, foe, _roll(rng, special)):
            em.emit(m.FoeSentBack, E_TELEPORT, foe.figure, name(to), choices[to])
    return apply


def _time_rift(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    foe = _foe_target(state, ally, special, aim)
    require(not status_immune(foe, "stun") and not foe.tokens.stun, E_SPECIAL_ACTIONS,
            f"{foe.figure} cannot lose its turn that way")
    return lambda em, rng: put_tokens(em, foe.figure, "stun", 1, E_SPECIAL_ACTIONS)


def _summon(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    require(state.figure(GUARDIAN_ID) is None, E_SUMMON_GUARDIAN, "the Guardian is already on the board")
    to = _space(aim.at, E_SUMMON_GUARDIAN)
    if not within_range(ally.space, to, special.reach):
        raise RuleViolation(E_SUMMON_GUARDIAN, f"{name(to)} is out of range {special.reach}")
    if not free_ground(state, to, "") or ally_at(state, to) is not None:
        raise RuleViolation(E_SUMMON_GUARDIAN, f"{name(to)} is not a free space")
    guardian = guardian_hp()
    return lambda em, rng: em.emit(m.GuardianSummoned, E_SUMMON_GUARDIAN, GUARDIAN_ID, ally.seat, name(to), guardian)


def guardian_hp() -> int:
    found = heroes()["felicity"].guardian
    assert found is not None
    return found.hp


def foresight_room(state: KaState) -> bool:
    """Foresight looks one Wave ahead, never past the last (kings-armory E Foresight),
    and no further than that Wave's foes."""
    if state.wave >= state.options.waves:
        return False
    return len(state.foresight) < wave_size(state, state.wave + 1)


def _foresight(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    require(foresight_room(state), E_FORESIGHT, "no foe of the next Wave is left to reveal")

    def apply(em: Em, rng: Rng) -> None:
        key, natural = foresee(em.state, rng, len(em.state.foresight))
        em.emit(m.Foreseen, E_FORESIGHT, len(em.state.foresight) + 1, key, natural)
    return apply


def _attack_special(state: KaState, ally: Figure, special: Special, aim: Aim) -> Plan:
    profile = special.attack
    assert profile is not None
    struck = aim_attack(state, ally, profile, aim)
    return lambda em, rng: resolve_attack(em, rng, ally, profile, struck, E_SPECIAL_ACTIONS)


CHECKS: dict[str, Callable[[KaState, Figure, Special, Aim], Plan]] = {
    "heal": _heal,
    "bless": _bless,
    "ward": _boost("ward"),
    "enchant": _boost("enchant"),
    "tank-boost": _boost("tank-boost"),
    "aura": _boost("aura"),
    "slow": _slow,
    "mind-cage": _mind_cage,
    "teleport-ally": _teleport_ally,
    "teleport-foe": _teleport_foe,
    "time-rift": _time_rift,
    "summon-guardian": _summon,
    "foresight": _foresight,
    "attack": _attack_special,
}


def used_up(ally: Figure, special: Special) -> bool:
    """A Special Action allowed once a Wave that the Ally has used this Wave."""
    return (special.once_per_wave or special.kind in ONCE_PER_WAVE) and f"special:{special.key}" in ally.used


def use_special(state: KaState, ally: Figure, key: str, aim: Aim) -> Plan:
    """Check the Special Action against the rules; the plan pays for it and applies it."""
    special = special_named(ally, key)
    if special is None:
        raise RuleViolation(E_SPECIAL_ACTIONS, f"{ally.figure} has no Special Action {key!r}; it has "
                            f"{', '.join(s.key for s in specials(ally)) or 'none'}")
    require(not used_up(ally, special), E_SPECIAL_ACTIONS, f"{special.name} is used once per Wave")
    effect = CHECKS[special.kind](state, ally, special, aim)
    action = f"special:{key}"
    check_cost(state, ally, special.cost, action)
    keep_duty(state, ally, _after(state, ally, special, aim))

    def apply(em: Em, rng: Rng) -> None:
        pay(em, ally.figure, special.cost, action)
        effect(em, rng)
    return apply
