"""legal_commands(state, seat): every command the seat may submit now, one atomic step each.

The commands are built from the state directly: what the seat's phase and role allow
is worked out once, then each card, combatant and target that qualifies gives one
command. The conditions are rules.check's, read the other way round: everything
listed passes check and decide, and every command check accepts is listed
(tests/armory/test_properties.py holds both to it).
"""

from __future__ import annotations

import functools

from domain.games.armory import cards
from domain.games.armory.cards import (
    ATTACK_NAME,
    ATTACKING,
    COUNTER,
    OFFENSIVE,
    REBOUND,
    REMOVAL,
    SACRIFICE_HALTS,
    TORCH,
    TURN_STOPPING,
    WOUNDING,
)
from domain.games.armory.cards import TURN_CARDS as TURN_CARD_LIMIT
from domain.games.armory.duel import PRIZES, STRIP, strippable
from domain.games.armory.messages import (
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeclareDuel,
    DuelDiscard,
    DuelStrip,
    EndAttack,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
)
from domain.games.armory.mystics import attack_waits, counterable, rebound_targets, removal_targets, wounding_targets
from domain.games.armory.rules import attack_ready, slot_taken
from domain.games.armory.state import (
    ATTACK,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    TURN_CARDS,
    ArmoryState,
    Player,
    fully_armed,
    responder,
    turn_opponent,
)
from domain.kernel import Command

# Commands are values, and a game lists the same ones over and over: each is built once.
_CACHE = functools.lru_cache(maxsize=1 << 14)
_attack = _CACHE(CastAttack)
_guard = _CACHE(PlaceGuardian)
_arm = _CACHE(PlaceArmament)
_pass = _CACHE(Pass)
_cast = _CACHE(CastMystic)
_end_attack = _CACHE(EndAttack)
_open = _CACHE(OpenForAttack)
_trade = _CACHE(Trade)
_duel = _CACHE(DeclareDuel)
_sacrifice = _CACHE(Sacrifice)


def legal_commands(state: ArmoryState, seat: int) -> list[Command]:
    """In this order of kinds: CastAttack, PlaceGuardian, PlaceArmament, Pass, ChooseDuelPrize,
    DuelDiscard, DuelStrip, CastMystic, EndAttack, OpenForAttack, Trade, DeclareDuel, Sacrifice.

    The moves that build towards the ATTACK come first, giving up Armaments last. The
    order carries no meaning for the rules; it only helps clients and pickers that
    prefer the first entries (a random picker that shrinks towards index 0, a UI's default).
    """
    if state.finished or seat not in state.seats:
        return []
    p = state.players[seat - 1]
    if state.stack:
        return _answers(state, seat, p) if seat == responder(state) else []
    phase = state.phase
    if phase == TURN_CARDS:
        return _turn_cards(state, seat, p) if seat == state.turn_player else []
    if phase == ATTACK:
        if seat != turn_opponent(state):
            return []
        found: list[Command] = []
        for card in p.hand:
            info = cards.card_def(card)
            if info.kind == cards.MYSTIC and info.name in ATTACKING:
                _offensive_casts(found, state, seat, card, info.name, (state.turn_player,))
        found.append(_end_attack(seat))
        return found
    if seat != state.duel.winner:
        return []
    if phase == DUEL_PRIZE:
        loser = state.players[state.duel.loser - 1]
        return [ChooseDuelPrize(seat=seat, prize=prize) for prize in PRIZES if prize != STRIP or strippable(loser)]
    if phase == DUEL_DISCARD:
        return [DuelDiscard(seat=seat, card=card) for card in state.players[state.duel.loser - 1].hand
                if not cards.invincible(card)]
    if phase == DUEL_STRIP:
        return [DuelStrip(seat=seat, card=card) for card in strippable(state.players[state.duel.loser - 1])]
    return []


def _answers(state: ArmoryState, seat: int, p: Player) -> list[Command]:
    """The responder's answers to the top of the stack (armory R5, R9, R11c)."""
    top = state.stack[-1]
    found: list[Command] = [_pass(seat)]
    halting = top.mystic == ATTACK_NAME
    can_counter = counterable(top) and (not halting or state.attack_can_be_halted)
    can_rebound = (counterable(top) and top.mystic in OFFENSIVE and top.target_seat == seat
                   and not top.rebounded)
    for card in p.hand:
        info = cards.card_def(card)
        if info.kind != cards.MYSTIC:
            continue
        if can_counter and (info.name == COUNTER or (halting and info.name in TURN_STOPPING)):
            found.append(_cast(seat, card, top.caster, "", top.card))
        elif can_rebound and info.name == REBOUND:
            found.extend(_cast(seat, card, top.caster, name, armament)
                         for name, armament in rebound_targets(state, top))
    if top.mystic in SACRIFICE_HALTS and not attack_waits(state):
        found.extend(_sacrifice(seat, armament) for c in p.combatants for armament in c.armaments
                     if not cards.invincible(armament))
    return found


def _turn_cards(state: ArmoryState, seat: int, p: Player) -> list[Command]:
    """The Turn Player's moves before he opens for attack (armory R4, R6, R7, R10, R11)."""
    attacks: list[Command] = []
    guards: list[Command] = []
    arms: list[Command] = []
    casts: list[Command] = []
    trades: list[Command] = []
    if state.actions < TURN_CARD_LIMIT:
        placing = not state.traded
        for card in p.hand:
            if card in state.trade_drawn:
                continue
            if not state.torch_cast:
                trades.append(_trade(seat, card))
            info = cards.card_def(card)
            if info.kind == cards.ARMAMENT:
                if placing and card not in p.locked:
                    arms.extend(_arm(seat, card, c.combatant) for c in p.combatants
                                if info.name in cards.armaments_for(c.combatant) and not slot_taken(c, info.name))
            elif info.kind == cards.GUARDIAN:
                if placing and card not in p.locked:
                    guards.extend(_guard(seat, card, c.combatant) for c in p.combatants
                                  if not c.guardian and fully_armed(c))
            elif info.kind == cards.ATTACK:
                if attack_ready(state, p):
                    attacks.append(_attack(seat, card))
            elif info.name in OFFENSIVE and not (info.name == TORCH and state.traded):
                _offensive_casts(casts, state, seat, card, info.name, state.seats)
    if state.actions == 0:
        duels = [] if p.duel_used else [_duel(seat, other) for other in state.seats if other != seat]
        return [*attacks, *guards, *arms, *casts, *trades, *duels]
    return [*attacks, *guards, *arms, *casts, _open(seat), *trades]


def _offensive_casts(found: list[Command], state: ArmoryState, seat: int, card: str, mystic: str,
                     targets: tuple[int, ...]) -> None:
    """A Mystic aimed at each opponent among `targets`, with each combatant and card it may name."""
    for target in targets:
        if target == seat:
            continue
        if mystic == WOUNDING:
            found.extend(_cast(seat, card, target, name, armament)
                         for name, armament in wounding_targets(state, target))
        elif mystic == REMOVAL:
            found.extend(_cast(seat, card, target, name) for name in removal_targets(state, target))
        else:
            found.append(_cast(seat, card, target))
