"""legal_commands(): every command a seat may submit now, each complete as is.

The candidates are the seat's own cards; they are filtered by the very checks plan makes
(checks.py), so the list and plan agree (tests/test_games.py).
"""

from __future__ import annotations

from domain.games.swordplay.checks import (
    attack_card_problem,
    block_problem,
    defence_problem,
    drop_problem,
    item_problem,
    ready_owed,
    valid_targets,
)
from domain.games.swordplay.messages import (
    Attack,
    AttackMonster,
    BlockWithShield,
    Defend,
    Discard,
    DropItem,
    EndReady,
    EndTurn,
    ReadyItem,
    SkipDiscard,
    TakeHit,
)
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, READY, State
from domain.games.swordplay.turn import to_act
from domain.kernel import Command


def legal_commands(state: State, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    hero = state.hero(seat)
    pending = state.pending
    if state.phase == DEFEND and pending is not None:
        defences: list[Command] = [
            Defend(seat=seat, card=card) for card in hero.hand if not defence_problem(hero, pending, card)
        ]
        blocks: list[Command] = [
            BlockWithShield(seat=seat, card=card) for card in hero.items if not block_problem(hero, pending, card)
        ]
        return [*defences, *blocks, TakeHit(seat=seat)]
    if state.phase == DISCARD:
        return [*(Discard(seat=seat, card=card) for card in hero.hand), SkipDiscard(seat=seat)]
    if state.phase == READY:
        readies: list[Command] = [
            ReadyItem(seat=seat, card=card) for card in hero.hand if not item_problem(state, seat, card)
        ]
        ready_items = ((hero.armor,) if hero.armor else ()) + hero.items
        drops: list[Command] = [
            DropItem(seat=seat, card=card) for card in ready_items if not drop_problem(state, seat, card)
        ]
        ends: list[Command] = [] if ready_owed(state) else [EndReady(seat=seat)]
        return [*readies, *drops, *ends]
    if state.phase == COMBAT:
        attack_cards = [card for card in hero.hand if not attack_card_problem(hero, card)]
        targets = valid_targets(state, seat)
        attacks: list[Command] = [
            Attack(seat=seat, card=card, target_seat=target) for card in attack_cards for target in targets
        ]
        if state.monster_alive():
            attacks.extend(AttackMonster(seat=seat, card=card) for card in attack_cards)
        return [*attacks, EndTurn(seat=seat)]
    return []
