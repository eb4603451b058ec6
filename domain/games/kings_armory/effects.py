"""What each accepted command does: its events, made with the Emitter (and the
command's generator), then whatever follows in the order of play (rounds.py). The
checks came first (checks.py); nothing here refuses."""

from __future__ import annotations

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, name
from domain.games.kings_armory.cards import Play, play_card
from domain.games.kings_armory.citations import A2, B2, C1_STEP_2, C2_FIRST, E_ACTIONS, STANDING_TANK_ORDERS
from domain.games.kings_armory.combat import Strike, resolve_attack
from domain.games.kings_armory.content import Special
from domain.games.kings_armory.movement import Move
from domain.games.kings_armory.rounds import (
    after_action,
    after_card,
    after_placing,
    begin_wave,
    let_foe_act,
    next_seat,
    start_game,
)
from domain.games.kings_armory.specials import Effect
from domain.games.kings_armory.state import PLACING, TOWER_SLOTS, Em, Figure
from domain.kernel import Rng


def start(em: Em, rng: Rng) -> None:
    """The team sets up (kings-armory A1, A2); with no Tower to place and nobody to
    place, Wave 1 begins at once."""
    start_game(em, rng)
    if em.state.phase == PLACING and not any(f.space[0] < 0 for f in em.state.allies()):
        begin_wave(em, rng, 1)


def place_tower(em: Em, rng: Rng, seat: int, cells: tuple[Space, ...]) -> None:
    em.emit(m.TowerPlaced, A2, f"t{em.state.next_tower}", tuple(name(c) for c in cells), TOWER_SLOTS)
    after_placing(em, rng, seat)


def place_ally(em: Em, rng: Rng, seat: int, ally: str, space: Space, host: str, on_tower: str) -> None:
    em.emit(m.AllyPlaced, A2, ally, name(space), host, on_tower)
    if not any(f.space[0] < 0 for f in em.state.allies_of(seat)):
        after_placing(em, rng, seat)


def end_turn(em: Em, rng: Rng, seat: int, waiting: tuple[str, ...]) -> None:
    """The seat's Allies that have not acted end their turns; the next seat plays (kings-armory B2)."""
    for ally in waiting:
        em.emit(m.AllyTurnEnded, B2, ally)
    next_seat(em, rng, seat)


def pay(em: Em, ally_id: str, cost: int, action: str) -> None:
    """Spend a checked action's cost (kings-armory E Actions)."""
    ally = em.state.figure(ally_id)
    assert ally is not None
    em.emit(m.ActionSpent, E_ACTIONS, ally_id, action, cost, ally.actions - cost)


def move_ally(em: Em, rng: Rng, seat: int, ally: str, move: Move) -> None:
    """A step, a Teleport, or a climb onto or off a Tower."""
    if move.cost:
        pay(em, ally, move.cost, move.action)
    em.emit(m.AllyMoved, move.rule, ally, name(move.to), move.steps, move.on_tower, move.tower)
    after_action(em, rng, seat)


def attack(em: Em, rng: Rng, seat: int, ally: Figure, strike: Strike) -> None:
    """An Ally's attack, its Enchant Weapon bonus added to each hit's damage (kings-armory C2)."""
    pay(em, ally.figure, strike.attack.cost, strike.action)
    resolve_attack(em, rng, ally.figure, strike.attack, strike.struck, C2_FIRST, extra_damage=ally.enchant)
    after_action(em, rng, seat)


def use_special(em: Em, rng: Rng, seat: int, ally: str, special: Special, effect: Effect) -> None:
    """A Special Action: paid for, then its kind's effect (specials.py)."""
    pay(em, ally, special.cost, f"special:{special.key}")
    effect(em, rng)
    after_action(em, rng, seat)


def tank(em: Em, rng: Rng, ally: str, foe: str) -> None:
    """A declared tank (kings-armory C1 Step 2): passive, so nothing follows it."""
    em.emit(m.Tanked, C1_STEP_2, ally, foe)


def untank(em: Em, rng: Rng, ally: str, foe: str) -> None:
    em.emit(m.Untanked, C1_STEP_2, ally, foe)


def end_ally(em: Em, rng: Rng, seat: int, ally: Figure, hold: bool) -> None:
    """The Ally's turn ends, holding its ground or not (RULES.md: standing tank orders)."""
    if hold != ally.holding:
        em.emit(m.HoldSet, STANDING_TANK_ORDERS, ally.figure, hold)
    em.emit(m.AllyTurnEnded, B2, ally.figure)
    after_action(em, rng, seat)


def play(em: Em, rng: Rng, seat: int, card: Play) -> None:
    """A card of the team played (cards.py), then the game goes on (kings-armory B6)."""
    play_card(em, rng, card)
    after_card(em, rng, seat)


def let_foe_go_on(em: Em, rng: Rng) -> None:
    """No card now: the foe whose turn has begun goes on, and the Foes' Round with it."""
    let_foe_act(em, rng)
