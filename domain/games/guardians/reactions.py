"""Reaction windows: a Spell or Item played in answer to what the other seat just did
(casting.py's timings "enemy-ranged" and "enemy-channels"; RULES.md, Reactions).

Each window is opened by the act it answers (a ranged attack fired, a channeling in a
primary match-up) and is the answering seat's next move in the match-up's window, which
that seat has anyway: so a window costs no extra step, and its opening, said after every
such act, tells nothing of the hand. It closes with that move, whatever it is (a pass,
another act, or the reaction card played and resolved).

While open it is the combat's `reaction` (state.Reaction). A creature whose ranged attack
is an answer (cancel-ranged with when "enemy-ranged", cancel-channeling with when
"enemy-channels": Schneebolt, Longshot Louie) fires it in the same window (combat.py).
"""

from __future__ import annotations

from domain.games.guardians.citations import R_SPELLS, text_box
from domain.games.guardians.effects import Em, move
from domain.games.guardians.messages import EffectApplied, ReactionWindow
from domain.games.guardians.state import COMBAT, DISCARD, GuardiansState, Reaction, face, other
from domain.kernel import RuleViolation, require

WHENS = ("enemy-ranged", "enemy-channels")
"""The timings of a reaction card, each the act it answers."""
RANGED_ANSWERS = ("cancel-ranged", "redirect-ranged")
CHANNELING_ANSWERS = ("reverse-channeling", "cancel-channeling")
"""Abilities of a reaction card: what it does to the act it answers."""
BY_GUARDIAN = "guardian"
"""A channeling's source when a Guardian channels (combat.GUARDIAN)."""


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


def check_answer(state: GuardiansState, seat: int, kind: str, name: str) -> Reaction:
    """The act `seat` answers now with a card `name` whose answer is `kind`: the window of
    its act must be open for the seat; a channeling answer names its channeler."""
    when = "enemy-ranged" if kind in RANGED_ANSWERS else "enemy-channels"
    act = answering(state, seat, when, name)
    if kind in CHANNELING_ANSWERS:
        by_guardian = act.source == BY_GUARDIAN
        if kind == "reverse-channeling":
            require(by_guardian, text_box(name), "it answers a channeling by the enemy's Guardian")
        else:
            require(not by_guardian, text_box(name), "it answers a channeling by a creature, not by a Guardian")
    return act


def answer(em: Em, seat: int, source: str, kind: str) -> None:
    """An answer's effect on the act it answers (`source`: the card that answers): the
    ranged attack fired (which adds to the firer's match-up creature) is cancelled, or adds
    to the answering seat's creature instead; the channeling counts against its creature,
    or is cancelled and its channeler destroyed."""
    act = reaction(em.state)
    assert act is not None, "an answer acts while its window is open"
    name = face(source).name
    rule = text_box(name)

    def change(effect: str, creature: str, amount: int) -> None:
        em.emit(EffectApplied, rule, seat=seat, source=source, effect=effect, amount=amount, cards=(creature,))

    if kind in RANGED_ANSWERS:
        change("ranged-change", act.into, -act.amount)
        if kind == "redirect-ranged":
            combat = em.state.combat
            assert combat is not None
            mine = combat.d_card if act.seat == combat.attacker.seat else combat.a_card
            change("ranged-change", mine, act.amount)
    elif kind == "reverse-channeling":
        change("channel-change", act.into, -2 * act.amount)
    else:
        change("channel-change", act.into, -act.amount)
        channeler = act.source
        move(em, rule, act.seat, (channeler,), em.state.zone_of(channeler), DISCARD, f"destroyed by {name}")
