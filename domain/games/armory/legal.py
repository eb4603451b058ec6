"""legal_commands(state, seat): every command the seat may submit now, one atomic step each.

Candidates are generated from the state (every card, combatant and target that could
apply), then filtered through rules.check, so nothing listed is ever rejected by decide.
"""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.cards import COMBATANTS, COUNTER, OFFENSIVE, REBOUND, REMOVAL, TURN_STOPPING, WOUNDING
from domain.games.armory.cards import TURN_CARDS as TURN_CARD_LIMIT
from domain.games.armory.duel import PRIZES, strippable
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
from domain.games.armory.mystics import rebound_targets, removal_targets, wounding_targets
from domain.games.armory.rules import check
from domain.games.armory.state import (
    ATTACK,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    TURN_CARDS,
    ArmoryState,
    player,
    responder,
    turn_opponent,
)
from domain.kernel import Command, RuleViolation

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
    legal: list[Command] = []
    for command in _candidates(state, seat):
        try:
            check(state, command)
        except RuleViolation:
            continue
        legal.append(command)
    legal.sort(key=lambda command: _RANK[type(command)])
    return legal


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


def _candidates(state: ArmoryState, seat: int) -> list[Command]:
    p = player(state, seat)
    found: list[Command] = []
    if state.stack:
        if seat != responder(state):
            return []
        top = state.stack[-1]
        found.append(Pass(seat=seat))
        for card in p.hand:
            if cards.is_mystic(card, COUNTER):
                found.append(CastMystic(seat=seat, card=card, target_seat=top.caster, target_card=top.card))
            elif cards.is_mystic(card, REBOUND) and top.mystic in OFFENSIVE:
                found.extend(CastMystic(seat=seat, card=card, target_seat=top.caster, target_combatant=name,
                                        target_card=armament)
                             for name, armament in rebound_targets(state, top))
        for c in p.combatants:
            found.extend(Sacrifice(seat=seat, card=armament) for armament in c.armaments)
        return found
    if state.phase == TURN_CARDS:
        if seat == state.turn_player:
            if state.actions == 0:
                found.extend(DeclareDuel(seat=seat, opponent=other) for other in state.seats if other != seat)
            else:
                found.append(OpenForAttack(seat=seat))
            if state.actions >= TURN_CARD_LIMIT:
                return found
            opponents = tuple(other for other in state.seats if other != seat)
            placing = not state.traded
            for card in p.hand:
                if card in state.trade_drawn:
                    continue
                kind = cards.kind(card)
                if kind == cards.ARMAMENT:
                    if placing:
                        found.extend(PlaceArmament(seat=seat, card=card, combatant=name) for name in COMBATANTS
                                     if cards.name(card) in cards.armaments_for(name))
                elif kind == cards.GUARDIAN:
                    if placing:
                        found.extend(PlaceGuardian(seat=seat, card=card, combatant=name) for name in COMBATANTS)
                elif kind == cards.ATTACK:
                    found.append(CastAttack(seat=seat, card=card))
                elif cards.name(card) in OFFENSIVE:
                    found.extend(_offensive_casts(state, seat, card, opponents))
            found.extend(Trade(seat=seat, card=card) for card in p.hand)
        elif seat == turn_opponent(state):
            found.extend(CastMystic(seat=seat, card=card, target_seat=state.turn_player)
                         for card in p.hand if cards.is_mystic(card, *TURN_STOPPING))
    elif state.phase == ATTACK and seat == turn_opponent(state):
        found.append(EndAttack(seat=seat))
        for card in p.hand:
            if cards.is_mystic(card, *OFFENSIVE):
                found.extend(_offensive_casts(state, seat, card, (state.turn_player,)))
    elif state.phase == DUEL_PRIZE and seat == state.duel.winner:
        found.extend(ChooseDuelPrize(seat=seat, prize=prize) for prize in PRIZES)
    elif state.phase == DUEL_DISCARD and seat == state.duel.winner:
        found.extend(DuelDiscard(seat=seat, card=card) for card in player(state, state.duel.loser).hand)
    elif state.phase == DUEL_STRIP and seat == state.duel.winner:
        found.extend(DuelStrip(seat=seat, card=card) for card in strippable(player(state, state.duel.loser)))
    return found
