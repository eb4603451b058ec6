"""The thematic Ally behaviour rules (kings-armory D1): an Offensive Ally attacks at
least once a turn, a Utility Ally once a round when 5 or fewer foes are left. Checks
only: whether an Ally owes that attack and can still make it, and the check that no
other action takes it out of reach first (RULES.md says how far ahead they look)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.games.kings_armory.board import Board, Space, area_spaces, line_spaces, manhattan, within_range
from domain.games.kings_armory.citations import D1
from domain.games.kings_armory.combat import DIRECTIONS, can_affect, reach_of
from domain.games.kings_armory.content import OFFENSIVE, UTILITY
from domain.games.kings_armory.figures import (
    attacks,
    move_rate,
    ranged_role,
    resistance_in,
    role,
    teleports,
    towers_only,
)
from domain.games.kings_armory.movement import open_spaces, tower_exits
from domain.games.kings_armory.state import FOE, HERO, HIREABLE, Figure, KaState, board_of, shares_a_space
from domain.kernel import RuleViolation, memo_last, replace


@dataclass(slots=True)
class _Answers:
    """What the thematic rules worked out about one state: whether an Ally (as it stands,
    or as an action would leave it) owes its attack, and its threats by Tower and
    actions left. The legal-command lists ask it for every action an Ally might take."""

    owed: dict[tuple[str, Space, str, int, int, bool], bool]
    threats: dict[tuple[str, str, int], tuple[Threat, ...]]
    hits: dict[tuple[str, str, int, Space], bool]


def _fresh_answers(state: KaState) -> _Answers:
    return _Answers({}, {}, {})


_answers_for = memo_last(_fresh_answers)


def owes_attack(state: KaState, ally: Figure) -> bool:
    """kings-armory D1: `ally` (as the state has it, or as it would be after an action)
    still owes this turn's attack and can make it. Only the Ally's own place, actions
    and attack matter, so an Ally an action would move is asked of in the same state."""
    owed = _answers_for(state).owed
    key = (ally.figure, ally.space, ally.on_tower, ally.actions, ally.steps, ally.attacked)
    found = owed.get(key)
    if found is None:
        found = owed[key] = _owes_attack(state, ally)
    return found


def check_attack_made(state: KaState, ally: Figure) -> None:
    """kings-armory D1: an Ally may not end its turn while it owes its attack and can make it."""
    if owes_attack(state, ally):
        raise RuleViolation(D1, f"{ally.figure} must attack at least once this turn: it can reach a foe")


def paid(ally: Figure, cost: int) -> Figure:
    """The Ally after paying for an action where it stands (a movement under way ends)."""
    return replace(ally, actions=ally.actions - cost, steps=0)


def keep_duty(state: KaState, ally: Figure, after: Callable[[], Figure]) -> None:
    """kings-armory D1: an Ally that owes its attack may do something else first only when
    it can still make the attack afterwards: it may not walk or climb out of reach, nor
    spend the actions it needs on Special Actions (or on foes immune to it). `after()` is
    the Ally as the action would leave it, made only for an Ally that owes its attack;
    what a Special does to the foes is not foreseen (RULES.md)."""
    if owes_attack(state, ally) and not owes_attack(state, after()):
        raise RuleViolation(D1, f"{ally.figure} must attack at least once this turn and can reach a "
                            "foe: this would leave it unable to")


def last_hero_standing(state: KaState, ally: Figure) -> bool:
    """kings-armory D1 If All Else Fails: the last of the team's Heroes still up, the others
    knocked out this Wave, may break every thematic rule, but not in the final Wave."""
    if ally.kind != HERO or state.wave >= state.options.waves:
        return False
    others = [f for f in state.figures if f.kind == HERO and f.figure != ally.figure]
    return bool(others) and not any(f.active for f in others)


def must_leave_tower(state: KaState, ally: Figure) -> bool:
    """A Hero on a Tower climbs down to attack when it must (kings-armory D1): an
    Offensive Hero that fights at range may stay while more than 5 foes are on the board;
    Boleslaw never leaves the Towers."""
    if ally.kind != HERO or towers_only(ally) or teleports(ally):
        return False
    return not (role(ally) == OFFENSIVE and ranged_role(ally) and len(state.foes()) > 5)


def _owes_attack(state: KaState, ally: Figure) -> bool:
    """kings-armory D1: an Offensive Ally attacks at least once a turn, "even if it
    requires moving also"; a Utility Ally once a round when 5 or fewer foes are left.
    It owes one when it can afford an attack on a foe that attack can hurt, from where
    it stands or, for a Hero, after one movement on the ground, or after climbing down
    from a Tower where it may not stay and one movement more (RULES.md)."""
    if ally.attacked or ally.kind not in (HERO, HIREABLE):
        return False
    if role(ally) == UTILITY and len(state.foes()) > 5:
        return False
    if last_hero_standing(state, ally):
        return False
    # From a space it only passes through (another Ally's) it cannot attack until it moves on.
    if not shares_a_space(state, ally) and _hits(state, ally, ally.actions, ally.space):
        return True
    if ally.kind != HERO or teleports(ally):
        return False
    if not ally.on_tower:
        return _hits_after_moving(state, ally)
    if not must_leave_tower(state, ally) or ally.actions <= 1:
        return False
    for space in tower_exits(state, ally):
        down = replace(ally, space=space, on_tower="", tower="", steps=0, actions=ally.actions - 1)
        if _hits(state, down, down.actions, space) or _hits_after_moving(state, down):
            return True
    return False


def _hits_after_moving(state: KaState, ally: Figure) -> bool:
    """A Hero on the ground reaches a foe it can hurt after one movement (the rest of the
    one under way, or a new one) with an action left to attack."""
    left = ally.actions if ally.steps else ally.actions - 1
    if left <= 0:
        return False
    steps = ally.steps if ally.steps else move_rate(ally)
    # Moving keeps the Ally on the ground, so only its space changes what it can hit; a
    # foe further than its steps and the attack's reach (a diagonal counts 2) is out of it.
    threats = _threats(state, ally, left)
    if not any(manhattan(ally.space, target) <= steps + reach + 1 for reach, _, target in threats):
        return False
    return any(_hits(state, ally, left, space) for space in open_spaces(state, ally, ally.space, steps))


def _hits(state: KaState, ally: Figure, actions: int, space: Space) -> bool:
    """Some threat of the Ally's (on the ground or its Tower as it is now, with `actions`
    to spend) reaches its foe from `space`."""
    cached = _answers_for(state).hits
    key = (ally.figure, ally.on_tower, actions, space)
    found = cached.get(key)
    if found is None:
        found = cached[key] = _hits_from(board_of(state), space, _threats(state, ally, actions))
    return found


Threat = tuple[int, tuple[int, int] | None, Space]
"""(reach, area, the foe's space): an attack the Ally can pay for, on a foe that attack
can touch and hurt, wherever the Ally stands on the ground."""


def _threats(state: KaState, ally: Figure, actions: int) -> tuple[Threat, ...]:
    """The Ally's threats with `actions` to spend, from the ground or its Tower."""
    cached = _answers_for(state).threats
    key = (ally.figure, ally.on_tower, actions)
    found = cached.get(key)
    if found is None:
        found = cached[key] = _threats_now(state, ally, actions)
    return found


def _threats_now(state: KaState, ally: Figure, actions: int) -> tuple[Threat, ...]:
    """One threat a foe for the single-target attacks (the longest reach), and one for
    each area attack."""
    longest: dict[Space, int] = {}
    areas: dict[Threat, None] = {}
    for profile in attacks(ally):
        if profile.cost > actions:
            continue
        reach = reach_of(ally, profile)
        for foe in state.figures:
            if foe.kind != FOE or resistance_in(state, foe, profile.kind) is None:
                continue  # kings-armory D1: a foe immune to it does not count
            if not can_affect(state, ally, profile, foe):
                continue
            if profile.area is None:
                longest[foe.space] = max(reach, longest.get(foe.space, 0))
            else:
                areas[(reach, profile.area, foe.space)] = None
    return (*((reach, None, target) for target, reach in longest.items()), *areas)


def _hits_from(board: Board, origin: Space, threats: tuple[Threat, ...]) -> bool:
    """Some threat reaches its foe from `origin`: the foe within range, and for an area
    attack an aim that covers it (every space of an area is within range, the foe's too)."""
    for reach, area, target in threats:
        if within_range(origin, target, reach) and (area is None or _area_fits(board, origin, reach, area, target)):
            return True
    return False


def _area_fits(board: Board, origin: Space, reach: int, area: tuple[int, int], target: Space) -> bool:
    """An area of that shape can be aimed so that it covers `target` with every space
    on the board and within reach (kings-armory C2 Sixth, E Line Attacks)."""
    width, length = area
    if width == 1 and length >= 2:
        shapes = [line_spaces(origin, d, length) for d in DIRECTIONS]
    else:
        shapes = [area_spaces((target[0] - dr, target[1] - dc), length, width)
                  for dr in range(length) for dc in range(width)]
    return any(target in cells and all(board.on_grid(c) and within_range(origin, c, reach) for c in cells)
               for cells in shapes)
