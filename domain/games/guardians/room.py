"""Stacking points (guardians Place Creatures, Shields): what creatures count toward a
stronghold space's limit and a Shield's, less what a creature Magic Item relieves
(stacking-relief: Petrified Heart, Vestibule of Kabod). Apart from state.py because the
relief reads the target words (strength.matches), and strength reads the state."""

from __future__ import annotations

from domain.games.guardians.state import GuardiansState, face, members, on, per_state, seat_of, under
from domain.games.guardians.strength import matches

SPACE_LIMIT = 30
"""Points of creatures on and under one stronghold space."""


def stacking(cards: tuple[str, ...]) -> int:
    """Stacking points: the red number where a card has one, less what a creature Magic
    Item among them takes off (stacking-relief: Petrified Heart)."""
    points = 0
    relieved = False
    for info in map(face, cards):  # a loop: half the time of sum() over a generator, asked very often
        if info.is_creature:
            points += info.stacking
        elif info.relieves:
            relieved = True
    return points - relief(cards) if relieved else points


def relief(cards: tuple[str, ...]) -> int:
    """The points the stacking-relief items of a group take off: each relieves one creature
    not yet relieved, the one it saves most on (the seat would choose it: RULES.md)."""
    creatures = [c for c in cards if face(c).is_creature]
    taken = 0
    for item in cards:
        for ability in face(item).abilities if face(item).relieves else ():
            if ability.kind != "stacking-relief":
                continue
            savings = [
                (face(c).stacking - face(c).vitality if ability.target == "red-number" else face(c).stacking, c)
                for c in creatures
                if ability.target == "red-number" or matches(ability.target, c)
            ]
            saving, creature = max(savings, default=(0, ""))
            if saving > 0:
                taken += saving
                creatures.remove(creature)
    return taken


def space_room(state: GuardiansState, seat: int, space: str) -> int:
    """The points a stronghold space may still take (room_on), its zones looked up."""
    shield = state.shield_at(space)
    carried = state.zone(seat, members(shield.card)) if shield is not None and shield.seat == seat else ()
    return room_on(state.zone(seat, on(space)), state.zone(seat, under(space)), carried)


def room_on(lying: tuple[str, ...], below: tuple[str, ...], carried: tuple[str, ...]) -> int:
    """The points a stronghold space may still take, given the cards on it, under it and
    under the seat's Shield standing there: the one statement of its limit, which
    placing, picking up and dropping off all keep."""
    return SPACE_LIMIT - stacking((*lying, *below, *carried))


@per_state
def shield_room(state: GuardiansState, shield: str) -> int:
    """The points a Shield may still carry (carrying), its members looked up."""
    return carrying(shield, state.zone(seat_of(shield), members(shield)))


def carrying(shield: str, carried: tuple[str, ...]) -> int:
    """The points a Shield carrying `carried` may still carry: the one statement of its
    printed limit."""
    return face(shield).shield_limit - stacking(carried)
