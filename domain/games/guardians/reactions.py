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

A bribery in a primary match-up's bribery step opens "enemy-bribes" for the seat whose
creature it took, if that seat owns a card that answers it (answers_bribery: its deck list is
public): that seat's next move there, or, when it had said already, a move of its own (answer
or pass) before the match-up goes on. Its answers (cancels-bribe, "<what>:<when>")
undo the bribery: the creature is back, and the Bribery card is taken to be played by the
answering seat in this combat ("take": the Shadow Spells), or the answering card goes to its
Creature Pen instead ("pen": Cabin Boy, an activated ability of a creature of the Combat
Hand), or the creature and its opponent are left unchallenged ("unchallenged": Pirate Double
Cross, casting.py ends the match-up).
"""

from __future__ import annotations

from functools import cache

from domain.games.guardians import control
from domain.games.guardians.cards import card
from domain.games.guardians.citations import R_SPELLS, text_box
from domain.games.guardians.effects import Em, move
from domain.games.guardians.messages import CreatureStatus, EffectApplied, ReactionWindow, StonesSpent
from domain.games.guardians.state import (
    COMBAT,
    DISCARD,
    PEN,
    STORAGE,
    GuardiansState,
    Reaction,
    face,
    key_of,
    other,
)
from domain.games.guardians.strength import card_fits
from domain.kernel import RuleViolation, require

WHENS = ("enemy-ranged", "enemy-channels", "enemy-bribes")
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


def answered(state: GuardiansState) -> Reaction:
    """The act the reaction window open now answers (an answer acts while it is open)."""
    act = reaction(state)
    assert act is not None, "an answer acts while its window is open"
    return act


def answering(state: GuardiansState, seat: int, when: str, name: str) -> Reaction:
    """The window of `when`, open for `seat`'s move now: the act `name` answers."""
    found = reaction(state)
    combat = state.combat
    if found is None or found.when != when or combat is None or combat.actor != seat or found.seat == seat:
        act = {"enemy-ranged": "ranged attack", "enemy-channels": "channeling"}.get(when, "bribery")
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


def answers_bribery(state: GuardiansState, seat: int) -> bool:
    """Whether `seat` owns a card that answers the enemy's bribery (cancels-bribe), wherever it
    lies: its deck list is public (the game's options), so the window this opens tells nothing,
    and games of decks without one keep their bribery step as it was."""
    prefix = f"{seat}:"
    owned = (c for name, cards in state.zones.items() if name.startswith(prefix) for c in cards)
    return any(_answers_bribery(key_of(c)) for c in owned)


@cache
def _answers_bribery(key: str) -> bool:
    info = card(key)
    return info.has("cancels-bribe") or any(
        a.kind == "activated" and a.target.startswith("cancels-bribe") for a in info.abilities
    )


def check_bribe_answer(state: GuardiansState, seat: int, target: str, name: str) -> Reaction:
    """The enemy's bribery `seat` answers now with a card `name` whose cancels-bribe has
    `target` ("<what>:<condition>"): its window must be open for the seat, and the condition,
    if any, met: the Bribery card ("bribery:<icon>") or the creature bribed (a creature word)."""
    act = answering(state, seat, "enemy-bribes", name)
    condition = target.partition(":")[2]
    if condition:
        subject = act.source if condition.startswith("bribery") else act.into
        icon = condition.removeprefix("bribery:")
        what = f"by {icon.title()} Bribery cards" if subject == act.source else f"of a {condition.title()}"
        require(card_fits(condition, subject), text_box(name), f"it answers a bribery {what}")
    return act


def cancel_bribe(em: Em, seat: int, source: str, target: str) -> None:
    """An answer undoes the enemy's bribery of `seat`'s creature (cancels-bribe): it is back in
    play and any stone its Guardian gained for it is given back; then "take": the Bribery card
    (spent, in its owner's discard pile) is `seat`'s to play in this combat; "pen": `source`,
    a creature of `seat`'s Combat Hand, goes to its Creature Pen in the creature's place."""
    act = answered(em.state)
    rule = text_box(face(source).name)
    em.emit(CreatureStatus, rule, seat=seat, card=act.into, status="table", by=source)
    gained = sum(n for _, n in control.stone_givers((em.state.player(seat).guardian,), "bribed"))
    if gained:
        em.emit(StonesSpent, rule, seat=seat, count=min(gained, em.state.player(seat).stones),
                reason="the bribery was cancelled")
    what = target.partition(":")[0]
    if what == "take":
        if act.source in em.state.zone(act.seat, STORAGE):  # a bribery card its text kept (bribe-returns)
            move(em, rule, act.seat, (act.source,), STORAGE, DISCARD, f"taken by {face(source).name}")
        em.emit(EffectApplied, rule, seat=seat, source=source, effect="bribe-taken", cards=(act.source, act.into))
        return
    em.emit(EffectApplied, rule, seat=seat, source=source, effect="bribe-cancelled", cards=(act.source, act.into))
    if what == "pen":
        move(em, rule, seat, (source,), em.state.zone_of(source), PEN, f"goes to the Creature Pen instead of "
             f"{face(act.into).name}")


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
