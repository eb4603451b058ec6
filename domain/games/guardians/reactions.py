"""Reaction windows: a Spell or Item played in answer to what the other seat just did
(casting.py's timings "enemy-ranged" and "enemy-channels"; RULES.md, Reactions).

Each window is opened by the act it answers (a ranged attack fired, a channeling in a
primary match-up) and is the answering seat's next move in the match-up's window, which
that seat has anyway: so a window costs no extra step, and its opening, said after every
such act, tells nothing of the hand. It closes with that move, whatever it is (a pass,
another act, or the reaction card played and resolved).

While open it is kept in GuardiansState.window as one line, "<when>|<seat>|<source>|
<into>|<amount>" (`window_text`, read back by `reaction`): the existing field holds it so
that every state without a reaction hashes as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.guardians.citations import R_SPELLS
from domain.games.guardians.effects import Em
from domain.games.guardians.messages import ReactionWindow
from domain.games.guardians.state import COMBAT, OPENING, GuardiansState, other
from domain.kernel import RuleViolation

WHENS = ("enemy-ranged", "enemy-channels")
"""The timings of a reaction card, each the act it answers."""
_SEPARATOR = "|"


@dataclass(frozen=True, slots=True)
class Reaction:
    """The act a reaction window answers: `seat` did it with `source` (a ranged attacker,
    a channeler or "guardian"), into `into`, for `amount`."""

    when: str
    seat: int
    source: str
    into: str
    amount: int


def window_text(event: ReactionWindow) -> str:
    return _SEPARATOR.join((event.when, str(event.seat), event.source, event.into, str(event.amount)))


def reaction(state: GuardiansState) -> Reaction | None:
    """The reaction window open now, None if none."""
    if state.phase != COMBAT or not state.window or state.window == OPENING:
        return None
    when, seat, source, into, amount = state.window.split(_SEPARATOR)
    return Reaction(when, int(seat), source, into, int(amount))


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
