"""Special Actions (kings-armory E Special Actions): each kind the content files use,
applied generally. What each Hero's and Hireable's Special Action is (its kind,
reach, amount) is data: content.py and RULES.md.

Each kind has a check (pure: a RuleViolation, or the kind's effect bound to what the
check found) and an effect (it takes the Emitter and the generator). What every
Special Action shares, its cost and the thematic rules, is checked by checks.py and
paid by effects.py."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, name, parse, space_named, within_range
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
from domain.games.kings_armory.combat import Aim, aim_attack, area_cells, put_tokens, resolve_attack, status_immune
from domain.games.kings_armory.content import Attack, Special, heroes
from domain.games.kings_armory.decks import deck_of as deck_cards
from domain.games.kings_armory.figures import (
    dodge,
    immune_to_everything,
    max_hp,
    special_named,
    specials,
    tankable,
)
from domain.games.kings_armory.foes import foe_blocks, foresee, wave_size
from domain.games.kings_armory.movement import free_ground, landing, teleport_problem
from domain.games.kings_armory.state import FOE, GUARDIAN, Em, Figure, KaState, ally_at, board_of
from domain.games.kings_armory.tanking import claim_problem, stalemate
from domain.games.kings_armory.thematic import paid
from domain.kernel import Rng, RuleViolation, replace, require

ONCE_PER_WAVE = ("summon-guardian", "time-rift")
"""Kinds the rulebook or our reconstruction allows once a Wave (RULES.md)."""
GUARDIAN_ID = "guardian"

Effect = Callable[[Em, Rng], object]
"""What a checked Special Action does: its events, made with the Emitter and the generator."""
Check = Callable[[KaState, Figure, Special, Aim], Effect]


# ---------------------------------------------------------------- what every kind shares


def used_up(ally: Figure, special: Special) -> bool:
    """A Special Action allowed once a Wave that the Ally has used this Wave."""
    return (special.once_per_wave or special.kind in ONCE_PER_WAVE) and f"special:{special.key}" in ally.used


def special_use(state: KaState, ally: Figure, key: str, aim: Aim) -> tuple[Special, Effect]:
    """The Ally's Special Action `key` aimed by `aim`, and what it does; a RuleViolation
    if its own kind's rules refuse it."""
    special = special_named(ally, key)
    if special is None:
        raise RuleViolation(E_SPECIAL_ACTIONS, f"{ally.figure} has no Special Action {key!r}; it has "
                            f"{', '.join(s.key for s in specials(ally)) or 'none'}")
    require(not used_up(ally, special), E_SPECIAL_ACTIONS, f"{special.name} is used once per Wave")
    return special, CHECKS[special.kind](state, ally, special, aim)


def after_special(state: KaState, ally: Figure, special: Special, aim: Aim) -> Figure:
    """The Ally as its own (checked) Special Action leaves it: paid for, and moved when
    it teleports itself."""
    after = paid(ally, special.cost)
    if special.kind == "teleport-ally" and (aim.target or ally.figure) == ally.figure:
        to = parse(aim.at)
        on_tower, hosting = landing(state, ally, to)
        after = replace(after, space=to, on_tower=on_tower, tower=hosting)
    return after


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


# ---------------------------------------------------------------- on Allies


def _check_heal(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    target = _ally_target(state, ally, special, aim)
    require(target.kind != GUARDIAN, E_SUMMON_GUARDIAN, "the Guardian cannot be healed")
    require(target.hp < max_hp(target), E_HEALING, f"{target.figure} has all its hit points")
    hp = min(max_hp(target), target.hp + special.amount)
    return partial(_heal, target=target.figure, amount=hp - target.hp, hp=hp)


def _heal(em: Em, rng: Rng, target: str, amount: int, hp: int) -> None:
    em.emit(m.Healed, E_HEALING, target, amount, hp)


def _check_bless(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    target = _ally_target(state, ally, special, aim)
    require(not target.tokens.bless, C2_BLESS, f"{target.figure} is already blessed")
    return partial(_bless, target=target.figure)


def _bless(em: Em, rng: Rng, target: str) -> None:
    put_tokens(em, target, "bless", 1, C2_BLESS)


def _check_boost(effect: str) -> Check:
    def check(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
        target = _ally_target(state, ally, special, aim)
        current = {"ward": target.ward, "enchant": target.enchant, "tank-boost": target.tank_bonus,
                   "aura": special.amount if target.aura else 0}[effect]
        require(current < special.amount, E_SPECIAL_ACTIONS, f"{target.figure} already has {special.name}'s effect")
        lasts = "wave" if effect == "aura" else special.lasts if special.lasts != "action" else "round"
        return partial(_boost, target=target.figure, effect=effect, amount=special.amount, lasts=lasts)
    return check


def _boost(em: Em, rng: Rng, target: str, effect: str, amount: int, lasts: str) -> None:
    em.emit(m.Boosted, E_SPECIAL_ACTIONS, target, effect, amount, lasts)


def _check_teleport_ally(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    target = _ally_target(state, ally, special, aim)
    to = space_named(aim.at, E_TELEPORT)
    require(special.reach == 0 or within_range(ally.space, to, special.reach), E_TELEPORT,
            f"{name(to)} is out of {special.name}'s range {special.reach}")
    require(special.amount == 0 or within_range(target.space, to, special.amount), E_TELEPORT,
            f"{special.name} moves an Ally at most {special.amount} spaces")
    problem = teleport_problem(state, target, to)
    require(not problem, E_TELEPORT, problem)
    on_tower, hosting = landing(state, target, to)
    return partial(_teleport_ally, target=target.figure, to=to, on_tower=on_tower, hosting=hosting)


def _teleport_ally(em: Em, rng: Rng, target: str, to: Space, on_tower: str, hosting: str) -> None:
    em.emit(m.AllyMoved, E_TELEPORT, target, name(to), 0, on_tower, hosting)


def _check_summon(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    require(state.figure(GUARDIAN_ID) is None, E_SUMMON_GUARDIAN, "the Guardian is already on the board")
    to = space_named(aim.at, E_SUMMON_GUARDIAN)
    if not within_range(ally.space, to, special.reach):
        raise RuleViolation(E_SUMMON_GUARDIAN, f"{name(to)} is out of range {special.reach}")
    if not free_ground(state, to, "") or ally_at(state, to) is not None:
        raise RuleViolation(E_SUMMON_GUARDIAN, f"{name(to)} is not a free space")
    return partial(_summon, seat=ally.seat, to=to)


def _summon(em: Em, rng: Rng, seat: int, to: Space) -> None:
    em.emit(m.GuardianSummoned, E_SUMMON_GUARDIAN, GUARDIAN_ID, seat, name(to), guardian_hp())


def guardian_hp() -> int:
    found = heroes()["felicity"].guardian
    assert found is not None
    return found.hp


# ---------------------------------------------------------------- on foes


def _check_slow(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    if special.area is not None:
        cells = area_cells(state, ally, special.area, special.reach, aim)
        foes = [f for f in state.figures if f.kind == FOE and f.space in cells and not immune_to_everything(f)]
        require(bool(foes), E_SPECIAL_ACTIONS, f"{special.name}'s area holds no foe")
    else:
        foes = [_foe_target(state, ally, special, aim)]
    return partial(_slow, ally=ally, special=special, foes=tuple(foes))


def _slow(em: Em, rng: Rng, ally: Figure, special: Special, foes: tuple[Figure, ...]) -> None:
    natural = _roll(rng, special)
    for foe in foes:
        if _lands(em, ally, special, foe, natural):
            put_tokens(em, foe.figure, "slow", special.amount)


def _check_mind_cage(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    """Tank a foe within reach, even from a Tower (kings-armory C1 Step 2)."""
    foe = _foe_target(state, ally, special, aim)
    problem = claim_problem(state, ally, foe)
    require(not problem, E_TANKING, problem)
    return partial(_mind_cage, ally=ally.figure, foe=foe.figure)


def _mind_cage(em: Em, rng: Rng, ally: str, foe: str) -> None:
    em.emit(m.Tanked, E_TANKING, ally, foe)


def send_back_spaces(state: KaState, foe: Figure, spaces: int) -> list[tuple[int, Space]]:
    """The route spaces up to `spaces` behind the foe where it may stand."""
    route = board_of(state).routes[foe.route].spaces
    found = []
    for index in range(foe.index - 1, max(0, foe.index - spaces) - 1, -1):
        if index >= 1 and not foe_blocks(state, route[index], foe):
            found.append((index, route[index]))
    return found


def _check_teleport_foe(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    foe = _foe_target(state, ally, special, aim)
    require(tankable(foe) or foe.tanked_by != "", E_TELEPORT, f"{foe.figure} cannot be moved that way")
    require(not stalemate(state, foe), E_TELEPORT, stalemate(state, foe))
    to = space_named(aim.at, E_TELEPORT)
    choices = dict((space, index) for index, space in send_back_spaces(state, foe, special.amount))
    require(to in choices, E_TELEPORT, f"{foe.figure} can be sent back along its route by up to "
            f"{special.amount} spaces, to a space no foe of its kind holds")
    return partial(_teleport_foe, ally=ally, special=special, foe=foe, to=to, index=choices[to])


def _teleport_foe(em: Em, rng: Rng, ally: Figure, special: Special, foe: Figure, to: Space, index: int) -> None:
    if _lands(em, ally, special, foe, _roll(rng, special)):
        em.emit(m.FoeSentBack, E_TELEPORT, foe.figure, name(to), index)


def _check_time_rift(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    foe = _foe_target(state, ally, special, aim)
    require(not status_immune(foe, "stun") and not foe.tokens.stun, E_SPECIAL_ACTIONS,
            f"{foe.figure} cannot lose its turn that way")
    return partial(_time_rift, foe=foe.figure)


def _time_rift(em: Em, rng: Rng, foe: str) -> None:
    put_tokens(em, foe, "stun", 1, E_SPECIAL_ACTIONS)


def _check_attack(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    profile = special.attack
    assert profile is not None
    struck = aim_attack(state, ally, profile, aim)
    return partial(_attack, ally=ally, profile=profile, struck=tuple(struck))


def _attack(em: Em, rng: Rng, ally: Figure, profile: Attack, struck: tuple[str, ...]) -> None:
    resolve_attack(em, rng, ally.figure, profile, struck, E_SPECIAL_ACTIONS)


# ---------------------------------------------------------------- ahead


def foresight_room(state: KaState) -> bool:
    """Foresight looks one Wave ahead, never past the last (kings-armory E Foresight),
    and no further than that Wave's foes."""
    if state.wave >= state.options.waves:
        return False
    return len(state.foresight) < wave_size(state, state.wave + 1)


FORESEEN_DECKS = ("reward", "equipment", "reinforcement")
"""The decks whose top card Foresight may turn face up: never the Armory card (kings-armory E Foresight)."""


def _check_foresight(state: KaState, ally: Figure, special: Special, aim: Aim) -> Effect:
    """A foe of the next Wave (no target), or the top card of a deck named by `target`
    (kings-armory E Foresight)."""
    if not aim.target:
        require(foresight_room(state), E_FORESIGHT, "no foe of the next Wave is left to reveal")
        return _foresight
    require(aim.target in FORESEEN_DECKS, E_FORESIGHT, f"Foresight reveals the top card of the "
            f"{', '.join(FORESEEN_DECKS)} deck, never the Armory card; not {aim.target!r}")
    require(aim.target not in state.revealed, E_FORESIGHT, f"the {aim.target} deck's top card is face up already")
    deck = deck_cards(state, aim.target)
    require(bool(deck), E_FORESIGHT, f"the {aim.target} deck is empty")
    return partial(_reveal, deck=aim.target, card=deck[0])


def _reveal(em: Em, rng: Rng, deck: str, card: str) -> None:
    em.emit(m.CardForeseen, E_FORESIGHT, deck, card)


def _foresight(em: Em, rng: Rng) -> None:
    key, natural = foresee(em.state, rng, len(em.state.foresight))
    em.emit(m.Foreseen, E_FORESIGHT, len(em.state.foresight) + 1, key, natural)


CHECKS: dict[str, Check] = {
    "heal": _check_heal,
    "bless": _check_bless,
    "ward": _check_boost("ward"),
    "enchant": _check_boost("enchant"),
    "tank-boost": _check_boost("tank-boost"),
    "aura": _check_boost("aura"),
    "slow": _check_slow,
    "mind-cage": _check_mind_cage,
    "teleport-ally": _check_teleport_ally,
    "teleport-foe": _check_teleport_foe,
    "time-rift": _check_time_rift,
    "summon-guardian": _check_summon,
    "foresight": _check_foresight,
    "attack": _check_attack,
}
