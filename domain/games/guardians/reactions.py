"""Reaction windows: a Spell or Item played in answer to what the other seat just did
(casting.py's timings "enemy-ranged" and "enemy-channels"; RULES.md, Reactions).

Each window is opened by the act it answers (a ranged attack fired, a channeling in a
primary match-up) and is the answering seat's next move in the match-up's window, which
that seat has anyway: so a window costs no extra step, and its opening, said after every
such act, tells nothing of the hand. It closes with that move, whatever it is (a pass,
another act, or the reaction card played and resolved).

While open it is the combat's `reaction` (state.Reaction).
"""

from __future__ import annotations

from domain.games.guardians.citations import R_SPELLS
from domain.games.guardians.effects import Em
from domain.games.guardians.messages import ReactionWindow
from domain.games.guardians.state import COMBAT, GuardiansState, Reaction, other
from domain.kernel import RuleViolation

WHENS = ("enemy-ranged", "enemy-channels")
"""The timings of a reaction card, each the act it answers."""


def reaction(state: GuardiansState) -> Reaction | None:
    """The reaction window open now, None if none."""
    return state.combat.reaction if state.phase == COMBAT and state.combat is not None else None


def open_window(em: Em, when: str, seat: int, source: str, into: str, amount: int) -> None:
    """`seat` did an act of `when`: the other seat's next move may answer it."""
    em.emit(ReactionWindow, R_SPELLS, seat=seat, when=when, source=source, into=into, amount=amount, actor=other(seat))


def answering(state: GuardiansState, seat: int, when: str, name: str) -> Reaction:
    """The window of `when`, open for `seat`'s move now: the act `name` answers."""
    found = reaction(state)
    combat = state.combat
    if found is None or found.when != when or combat is None or combat.actor != seat or found.seat == seat:
        act = "ranged attack" if when == "enemy-ranged" else "channeling"
        raise RuleViolation(R_SPELLS, f"{name} answers the enemy's {act}, on your move right after it")
    return found
