"""legal_commands(state, seat): every command the seat may submit now, one atomic step each.

The commands are built from the state directly: what the seat's phase and role allow
is worked out once, then each card, combatant and target that qualifies gives one
command. The conditions are rules.check's, read the other way round: everything
listed passes check and decide, and every command check accepts is listed
(tests/armory/test_properties.py holds both to it).
"""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.cards import (
    ATTACK_NAME,
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
from domain.games.armory.mystics import counterable, rebound_targets, removal_targets, wounding_targets
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

ORDER = (
    CastAttack, PlaceGuardian, PlaceArmament, Pass, ChooseDuelPrize, DuelDiscard, DuelStrip, CastMystic,
    EndAttack, OpenForAttack, Trade, DeclareDuel, Sacrifice,
)
"""Listing order: the moves that build towards the ATTACK first, giving up Armaments last.

The order carries no meaning for the rules; it only helps clients and pickers that
prefer the first entries (a random picker that shrinks towards index 0, a UI's default).
"""
_RANK = {kind: rank for rank, kind in enumerate(ORDER)}


def legal_commands(state: ArmoryState, seat: int) -> list[Command]:
    if state.finished or seat not in state.seats:
        return []
    found = _found(state, seat)
    found.sort(key=lambda command: _RANK[type(command)])
    return found


def _found(state: ArmoryState, seat: int) -> list[Command]:
    p = state.players[seat - 1]
    if state.stack:
        return _answers(state, seat, p) if seat == responder(state) else []
    phase = state.phase
    if phase == TURN_CARDS:
        if seat == state.turn_player:
            return _turn_cards(state, seat, p)
        if seat == turn_opponent(state) and state.actions >= 1:
            # armory R5: an INTERRUPT or DUPLICITY stops a turn in progress.
            return [CastMystic(seat=seat, card=card, target_seat=state.turn_player)
                    for card in p.hand if cards.is_mystic(card, *TURN_STOPPING)]
        return []
    if phase == ATTACK:
        if seat != turn_opponent(state):
            return []
        found: list[Command] = [EndAttack(seat=seat)]
        for card in p.hand:
            if cards.is_mystic(card, *OFFENSIVE):
                found.extend(_offensive_casts(state, seat, card, (state.turn_player,)))
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
    found: list[Command] = [Pass(seat=seat)]
    can_counter = counterable(top) and (top.mystic != ATTACK_NAME or state.attack_can_be_halted)
    can_rebound = (counterable(top) and top.mystic in OFFENSIVE and top.target_seat == seat
                   and not top.rebounded)
    for card in p.hand:
        if can_counter and cards.is_mystic(card, COUNTER):
            found.append(CastMystic(seat=seat, card=card, target_seat=top.caster, target_card=top.card))
        elif can_rebound and cards.is_mystic(card, REBOUND):
            found.extend(CastMystic(seat=seat, card=card, target_seat=top.caster, target_combatant=name,
                                    target_card=armament)
                         for name, armament in rebound_targets(state, top))
    if top.mystic in SACRIFICE_HALTS:
        for c in p.combatants:
            if not c.guardian:
                found.extend(Sacrifice(seat=seat, card=armament) for armament in c.armaments
                             if cards.kind(armament) == cards.ARMAMENT and not cards.invincible(armament))
    return found


def _turn_cards(state: ArmoryState, seat: int, p: Player) -> list[Command]:
    """The Turn Player's moves before he opens for attack (armory R4, R6, R7, R10, R11)."""
    found: list[Command]
    if state.actions == 0:
        found = [] if p.duel_used else [DeclareDuel(seat=seat, opponent=other)
                                        for other in state.seats if other != seat]
    else:
        found = [OpenForAttack(seat=seat)]
    if state.actions >= TURN_CARD_LIMIT:
        return found
    opponents = tuple(other for other in state.seats if other != seat)
    placing = not state.traded
    for card in p.hand:
        if card in state.trade_drawn:
            continue
        info = cards.card_def(card)
        if info.kind == cards.ARMAMENT:
            if placing and card not in p.locked:
                found.extend(PlaceArmament(seat=seat, card=card, combatant=c.combatant) for c in p.combatants
                             if info.name in cards.armaments_for(c.combatant) and not slot_taken(c, info.name))
        elif info.kind == cards.GUARDIAN:
            if placing and card not in p.locked:
                found.extend(PlaceGuardian(seat=seat, card=card, combatant=c.combatant) for c in p.combatants
                             if not c.guardian and fully_armed(c))
        elif info.kind == cards.ATTACK:
            if attack_ready(state, p):
                found.append(CastAttack(seat=seat, card=card))
        elif info.name in OFFENSIVE and not (info.name == TORCH and state.traded):
            found.extend(_offensive_casts(state, seat, card, opponents))
    if not state.torch_cast:
        found.extend(Trade(seat=seat, card=card) for card in p.hand if card not in state.trade_drawn)
    return found


def _offensive_casts(state: ArmoryState, seat: int, card: str, targets: tuple[int, ...]) -> list[Command]:
    mystic = cards.name(card)
    found: list[Command] = []
    for target in targets:
        if mystic == WOUNDING:
            found.extend(CastMystic(seat=seat, card=card, target_seat=target, target_combatant=name,
                                    target_card=armament)
                         for name, armament in wounding_targets(state, target))
        elif mystic == REMOVAL:
            found.extend(CastMystic(seat=seat, card=card, target_seat=target, target_combatant=name)
                         for name in removal_targets(state, target))
        else:
            found.append(CastMystic(seat=seat, card=card, target_seat=target))
    return found

