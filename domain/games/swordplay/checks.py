"""plan(): every rules check of a Swordplay command, then what it will do (effects.py).

The checks are pure. Those that a legal list also filters by (legal.py) say why the
rules refuse ("" when they allow), and plan raises that reason as a RuleViolation with
the rule's citation; the others raise it themselves. A message with values in it is
written only when its check fails (`if ...: raise`): `require` would format it for every
command, accepted or not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.swordplay import cards, effects
from domain.games.swordplay import citations as cite
from domain.games.swordplay import messages as m
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, LEFT, READY, SETUP, Hero, Pending, State
from domain.games.swordplay.turn import next_living
from domain.kernel import Command, Plan, RuleViolation, StartGame, require


def plan(state: State, command: Command) -> Plan[State]:
    if isinstance(command, StartGame):
        require(state.phase == SETUP, cite.SETUP, "the game has already started")
        return Plan(effects.start_game)
    require(not state.finished, cite.WINNING, "the game is over")
    require(state.phase != SETUP, cite.SETUP, "the game has not started yet")
    seat = command.seat
    if not 1 <= seat <= state.seats:
        raise RuleViolation(cite.PLAYING, f"seat {seat} does not play in this game")
    require(state.hero(seat).alive, cite.DAMAGE, "your hero has been defeated")
    planner = _PLANNERS.get(type(command))
    if planner is None:
        raise RuleViolation(cite.PLAYING, f"{command.type_name()} is not a Swordplay command")
    return planner(state, command)


# ---------------------------------------------------------------- the checks


def known_card(card: str, rule: str) -> None:
    if not cards.is_card_id(card):
        raise RuleViolation(rule, f"{card!r} is not a Swordplay combat card (c01..c{cards.COMBAT_CARDS})")


def require_turn(state: State, seat: int, phase: str, rule: str, doing: str) -> None:
    if seat != state.active:
        raise RuleViolation(rule, f"it is seat {state.active}'s turn, not yours")
    if state.phase != phase:
        raise RuleViolation(rule, f"you may {doing} only in the {phase.capitalize()} phase; it is the "
                            f"{state.phase.capitalize()} phase")


def _needs_room(hero: Hero, card: str) -> bool:
    """A weapon or shield that needs more hands than are free, and no more than the hero has."""
    info = cards.card_def(card)
    return info.kind in cards.HELD_KINDS and hero.hands - hero.hands_used() < info.hands <= hero.hands


def drop_problem(state: State, seat: int, card: str) -> str:
    """Why `seat` may not drop `card` now, or "" if it may (swordplay Ready, Dropping Items).

    A drop makes room for a new item: a weapon or shield in the hand that does not fit
    yet. A new Armor needs no drop: it replaces the worn one as it is readied. With
    `drop_without_readying`, any ready item may be dropped."""
    hero = state.hero(seat)
    if card == "" or (card != hero.armor and card not in hero.items):
        return f"{card!r} is not one of your ready items"
    if state.drop_without_readying:
        return ""
    if card == hero.armor:
        return "an item is dropped only to make room for a new one, and a new Armor replaces the worn one by itself"
    if not any(_needs_room(hero, held) for held in hero.hand):
        return "an item is dropped only to make room for a weapon or shield in your hand that does not fit yet"
    return ""


def ready_owed(state: State) -> bool:
    """The active hero dropped an item to make room and must now ready one (swordplay Ready)."""
    return bool(state.hands_freed) and not state.drop_without_readying


def item_problem(state: State, seat: int, card: str) -> str:
    """Why `seat` may not ready `card` now, or "" if it may (swordplay Ready)."""
    hero = state.hero(seat)
    if card not in hero.hand:
        return f"{card!r} is not in your hand"
    info = cards.card_def(card)
    if info.kind not in cards.ITEM_KINDS:
        return f"{info.name} is not an Armor, Weapon or Shield"
    free = hero.hands - hero.hands_used()
    if info.kind in cards.HELD_KINDS and info.hands > free:
        return (f"the {info.name} needs {info.hands} hand(s) and you have {free} free; "
                "drop a weapon or shield first")
    # After drops made room, the item readied must be one that did not fit before them.
    if ready_owed(state) and (info.kind not in cards.HELD_KINDS or info.hands <= free - state.hands_freed):
        return f"you dropped an item to make room; the {info.name} did not need that room"
    return ""


def attack_card_problem(hero: Hero, card: str) -> str:
    """Why `hero` may not attack with `card`, or "" if it may (swordplay Combat)."""
    if card not in hero.hand:
        return f"{card!r} is not in your hand"
    info = cards.card_def(card)
    if info.kind != cards.ATTACK:
        return f"{info.name} is not an Attack card"
    return ""


def _next_hero_only(state: State) -> bool:
    """With attack_targets=left and three or more heroes standing, only the next hero
    clockwise may be attacked (swordplay Combat)."""
    return state.attack_targets == LEFT and len(state.living()) >= 3


def valid_targets(state: State, seat: int) -> tuple[int, ...]:
    """The heroes `seat` may attack: any other living hero, or only the next one
    clockwise (_next_hero_only) (swordplay Combat)."""
    if _next_hero_only(state):
        return (next_living(state, seat),)
    return tuple(other for other in state.living() if other != seat)


def pending_for(state: State, seat: int) -> Pending:
    """The attack that `seat` is to answer (swordplay Combat, Defending)."""
    pending = state.pending
    require(state.phase == DEFEND and pending is not None, cite.COMBAT, "no attack is waiting for an answer")
    assert pending is not None
    if seat != pending.target:
        raise RuleViolation(cite.COMBAT, f"the attack is aimed at seat {pending.target}, not you")
    return pending


def defence_problem(hero: Hero, pending: Pending, card: str) -> str:
    """Why `hero` may not counter `pending` with the defence card `card`, or "" if it may."""
    if card not in hero.hand:
        return f"{card!r} is not in your hand"
    info = cards.card_def(card)
    if info.kind != cards.DEFENCE:
        return f"{info.name} is not a defence card"
    if pending.direction not in info.counters:
        return f"{info.name} does not counter an attack aimed {pending.direction}"
    return ""


def block_problem(hero: Hero, pending: Pending, card: str) -> str:
    """Why `hero` may not block `pending` with the ready shield `card`, or "" if it may."""
    if card not in hero.items or cards.kind(card) != cards.SHIELD:
        return f"{card!r} is not one of your ready shields"
    info = cards.card_def(card)
    if pending.direction not in info.blocks:
        return f"your {info.name} does not block an attack aimed {pending.direction}"
    return ""


# ---------------------------------------------------------------- each command's checks and effect


def _discard(state: State, command: m.Discard) -> Plan[State]:
    seat, card = command.seat, command.card
    known_card(card, cite.DISCARD)
    require_turn(state, seat, DISCARD, cite.DISCARD, "discard")
    if card not in state.hero(seat).hand:
        raise RuleViolation(cite.DISCARD, f"{card!r} is not in your hand")
    return Plan(lambda em, rng: effects.discard(em, rng, seat, card))


def _skip_discard(state: State, command: m.SkipDiscard) -> Plan[State]:
    seat = command.seat
    require_turn(state, seat, DISCARD, cite.DISCARD, "skip the discard")
    return Plan(lambda em, rng: effects.draw(em, rng, seat))


def _check_ready_card(state: State, seat: int, card: str, doing: str,
                      problem_of: Callable[[State, int, str], str]) -> None:
    """A Ready phase command naming a card: a known card, the seat's own Ready phase, then
    the card's own problem (drop_problem or item_problem)."""
    known_card(card, cite.READY)
    require_turn(state, seat, READY, cite.READY, doing)
    problem = problem_of(state, seat, card)
    require(not problem, cite.READY, problem)


def _drop_item(state: State, command: m.DropItem) -> Plan[State]:
    seat, card = command.seat, command.card
    _check_ready_card(state, seat, card, "drop an item", drop_problem)
    return Plan(lambda em, rng: effects.drop_item(em, seat, card))


def _ready_item(state: State, command: m.ReadyItem) -> Plan[State]:
    seat, card = command.seat, command.card
    _check_ready_card(state, seat, card, "ready an item", item_problem)
    return Plan(lambda em, rng: effects.ready_item(em, rng, seat, card))


def _end_ready(state: State, command: m.EndReady) -> Plan[State]:
    seat = command.seat
    require_turn(state, seat, READY, cite.READY, "end the Ready phase")
    require(not ready_owed(state), cite.READY, "you dropped an item to make room for a new one: ready it")
    return Plan(lambda em, rng: effects.end_ready(em, seat))


def _attack(state: State, command: m.Attack) -> Plan[State]:
    seat, card, target = command.seat, command.card, command.target_seat
    known_card(card, cite.COMBAT)
    require_turn(state, seat, COMBAT, cite.COMBAT, "attack")
    problem = attack_card_problem(state.hero(seat), card)
    require(not problem, cite.COMBAT, problem)
    targets = valid_targets(state, seat)
    if target not in targets:
        if _next_hero_only(state):
            raise RuleViolation(
                cite.COMBAT, f"with attack_targets=left you may attack only the next hero clockwise, seat {targets[0]}")
        raise RuleViolation(cite.COMBAT, f"seat {target} is not a living hero you may attack")
    return Plan(lambda em, rng: effects.attack(em, seat, card, target))


def _attack_monster(state: State, command: m.AttackMonster) -> Plan[State]:
    seat, card = command.seat, command.card
    known_card(card, cite.COMBAT)
    require_turn(state, seat, COMBAT, cite.COMBAT, "attack")
    require(state.monster_alive(), cite.MONSTER, "there is no Monster standing in the arena")
    problem = attack_card_problem(state.hero(seat), card)
    require(not problem, cite.COMBAT, problem)
    return Plan(lambda em, rng: effects.attack_monster(em, rng, seat, card))


def _end_turn(state: State, command: m.EndTurn) -> Plan[State]:
    require_turn(state, command.seat, COMBAT, cite.COMBAT, "end your turn")
    return Plan(lambda em, rng: effects.end_turn(em, rng, "no attack", cite.COMBAT))


def _counter(state: State, seat: int, card: str, problem_of: Callable[[Hero, Pending, str], str],
             by: str) -> Plan[State]:
    """The attack's target answers it with a defence card or a ready shield (`by`)."""
    known_card(card, cite.COMBAT)
    pending = pending_for(state, seat)
    problem = problem_of(state.hero(seat), pending, card)
    require(not problem, cite.COMBAT, problem)
    return Plan(lambda em, rng: effects.counter(em, rng, pending, seat, card, by))


def _defend(state: State, command: m.Defend) -> Plan[State]:
    return _counter(state, command.seat, command.card, defence_problem, cards.DEFENCE)


def _block_with_shield(state: State, command: m.BlockWithShield) -> Plan[State]:
    return _counter(state, command.seat, command.card, block_problem, cards.SHIELD)


def _take_hit(state: State, command: m.TakeHit) -> Plan[State]:
    seat = command.seat
    pending = pending_for(state, seat)
    return Plan(lambda em, rng: effects.take_hit(em, rng, pending, seat))


_PLANNERS: dict[type[Command], Callable[[State, Any], Plan[State]]] = {
    m.Discard: _discard,
    m.SkipDiscard: _skip_discard,
    m.DropItem: _drop_item,
    m.ReadyItem: _ready_item,
    m.EndReady: _end_ready,
    m.Attack: _attack,
    m.AttackMonster: _attack_monster,
    m.EndTurn: _end_turn,
    m.Defend: _defend,
    m.BlockWithShield: _block_with_shield,
    m.TakeHit: _take_hit,
}
