"""decide(): check a command against the rules and return the events it causes.

Raises RuleViolation (citing the rule) and changes nothing when a command is not
allowed. The turn and its phases are in turns.py, combat in combat.py, the
Monster in monster.py.
"""

from __future__ import annotations

from domain.games.swordplay import cards, combat, turns
from domain.games.swordplay import citations as cite
from domain.games.swordplay.evolve import evolve
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
from domain.games.swordplay.state import State
from domain.kernel import Command, Emitter, Event, Rng, RuleViolation, StartGame, require


def _known_card(card: str, rule: str) -> None:
    require(cards.is_card_id(card), rule, f"{card!r} is not a Swordplay combat card (c01..c{cards.COMBAT_CARDS})")


def decide(state: State, command: Command, rng: Rng) -> list[Event]:
    em: Emitter[State] = Emitter(state, evolve)
    if isinstance(command, StartGame):
        turns.start_game(em, rng)
        return em.events
    require(not state.finished, cite.WINNING, "the game is over")
    require(state.phase != "setup", cite.SETUP, "the game has not started yet")
    seat = command.seat
    require(1 <= seat <= state.seats, cite.PLAYING, f"seat {seat} does not play in this game")
    require(state.hero(seat).alive, cite.DAMAGE, "your hero has been defeated")
    if isinstance(command, Discard):
        _known_card(command.card, cite.DISCARD)
        turns.discard(em, rng, seat, command.card)
    elif isinstance(command, SkipDiscard):
        turns.skip_discard(em, rng, seat)
    elif isinstance(command, DropItem):
        _known_card(command.card, cite.READY)
        turns.drop_item(em, seat, command.card)
    elif isinstance(command, ReadyItem):
        _known_card(command.card, cite.READY)
        turns.ready_item(em, rng, seat, command.card)
    elif isinstance(command, EndReady):
        turns.end_ready(em, seat)
    elif isinstance(command, Attack):
        _known_card(command.card, cite.COMBAT)
        combat.attack(em, seat, command.card, command.target_seat)
    elif isinstance(command, AttackMonster):
        _known_card(command.card, cite.COMBAT)
        combat.attack_monster(em, rng, seat, command.card)
    elif isinstance(command, EndTurn):
        turns.end_combat(em, rng, seat)
    elif isinstance(command, Defend):
        _known_card(command.card, cite.COMBAT)
        combat.defend(em, rng, seat, command.card)
    elif isinstance(command, BlockWithShield):
        _known_card(command.card, cite.COMBAT)
        combat.block(em, rng, seat, command.card)
    elif isinstance(command, TakeHit):
        combat.take_hit(em, rng, seat)
    else:
        raise RuleViolation(cite.PLAYING, f"{command.type_name()} is not a Swordplay command")
    return em.events
