"""The Monster (option `monster`): a combatant that holds no seat and acts by the d10.

At the end of every round it attacks a living hero chosen by the die, in a
direction rolled on the die; its damage comes from the die too, rolled before the
target answers when `defence_after_damage` is on, else only if the attack hits
(swordplay Monster in RULES.md). The target answers as it would any attack.

Its functions are effects (effects.py calls them): they roll and emit, and check nothing.
"""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay import citations as cite
from domain.games.swordplay.messages import AttackMade, DieRolled
from domain.games.swordplay.state import MONSTER_SEAT, State
from domain.kernel import Emitter, Rng


def roll(em: Emitter[State], rng: Rng, purpose: str) -> int:
    value = rng.die(cards.MONSTER.die)
    em.emit(DieRolled, cite.MONSTER, seat=MONSTER_SEAT, purpose=purpose, sides=cards.MONSTER.die, value=value)
    return value


def roll_damage(em: Emitter[State], rng: Rng) -> int:
    return cards.MONSTER.damage_by_roll[roll(em, rng, "monster damage") - 1]


def _roll_target(em: Emitter[State], rng: Rng) -> int:
    """A living hero, each equally likely. The d10 is read as one digit, or as many digits as
    the number of living heroes needs (two, a d100, for 11 heroes); results at or above the
    largest multiple of that number are rolled again."""
    living = em.state.living()
    sides = cards.MONSTER.die
    digits = 1
    while sides**digits < len(living):
        digits += 1
    fair = sides**digits - sides**digits % len(living)
    while True:
        value = 0
        for _ in range(digits):
            value = value * sides + roll(em, rng, "monster target") - 1
        if value < fair:
            return living[value % len(living)]


def monster_attacks(em: Emitter[State], rng: Rng) -> None:
    """The Monster's end-of-round attack; its target must then answer it."""
    target = _roll_target(em, rng)
    direction = cards.MONSTER.direction_by_roll[roll(em, rng, "monster direction") - 1]
    announced = em.state.defence_after_damage
    damage = roll_damage(em, rng) if announced else 0
    em.emit(AttackMade, cite.MONSTER, attacker=MONSTER_SEAT, card="", target_seat=target, direction=direction, bonus=0,
            damage=damage, announced=announced)
