"""Forced discards (issue 30): creature texts that make a seat discard cards, at a
moment of the combat (guardians Text Box; RULES.md, Forced discards and bans).

- discards, target "[both:]<zone>:<what>", when [, amount]: at the moment `when` names,
  the card's enemy (both seats, the enemy first, with "both:") discards its cards of
  <what> (card words: strength.card_fits) from <zone>: "stack" what travels with its
  Shield on the space fought on, "hand" the creatures left in its Combat Hand (not yet
  played), "storage" its Storage Hand, "pen" its Creature Pen. Amount 0: every such card;
  n: n of them drawn by the game's generator, and only those are named (the move to the
  discard pile is public; the rest of the zone stays hidden). Moments: "reveal" (its
  primary match-up is revealed), "beats" (it beats its primary match-up opponent),
  "survives-match-up" (its primary match-up is resolved and it is neither beaten nor
  destroyed), "fired" (it fires its ranged attack), "survives-stronghold" (after a
  combat over the enemy's stronghold card, not rubble, that it fought and survived).
- A creature's shows (reveals.py) with one of these moments acts then too, in the order
  of its text: the Hornbags show the Storage Hand's double-bordered cards, then discard.
"""

from __future__ import annotations

from functools import cache

from domain.games.guardians import reveals
from domain.games.guardians.board import stronghold_owner
from domain.games.guardians.cards import Ability, card
from domain.games.guardians.citations import text_box
from domain.games.guardians.effects import Em, move
from domain.games.guardians.state import DISCARD, PEN, STORAGE, combat_now, face, hand, other, seat_of, side
from domain.games.guardians.strength import card_fits, stronghold_card, text_source
from domain.kernel import Rng

MOMENTS = ("reveal", "beats", "survives-match-up", "fired", "survives-stronghold")
"""The moments (Ability.when) at which a creature's discards and shows act here."""
_KINDS = ("discards", "shows")


@cache
def _acting(key: str) -> tuple[Ability, ...]:
    """A creature's discards and shows that act at one of MOMENTS, in its text's order."""
    info = card(key)
    if not info.is_creature:
        return ()
    return tuple(a for a in info.abilities if a.kind in _KINDS and a.when in MOMENTS)


def act(em: Em, rng: Rng, source: str, when: str) -> None:
    """`source`'s discards and shows of the moment `when` take effect (those of the text box
    it has in the combat: strength.text_source)."""
    text = text_source(source, combat_now(em.state))
    for ability in _acting(face(text).key) if text else ():
        if ability.when != when:
            continue
        if ability.kind == "shows":
            reveals.show(em, source, ability)
        else:
            _discard(em, rng, source, ability)


def act_after_combat(em: Em, rng: Rng, source: str) -> None:
    """After the combat, for a creature that fought and survived it: its texts of a
    combat over the enemy's stronghold card that is not rubble."""
    text = text_source(source, combat_now(em.state))
    if not text or not _acting(face(text).key):
        return
    state = em.state
    space = combat_now(state).space
    enemy = other(seat_of(source))
    if stronghold_owner(space) == enemy and stronghold_card(state, space) not in state.player(enemy).rubble:
        act(em, rng, source, "survives-stronghold")


def _discard(em: Em, rng: Rng, source: str, ability: Ability) -> None:
    parts = ability.target.split(":", 1)
    both = parts[0] == "both"
    zone, _, what = (parts[1] if both else ability.target).partition(":")
    seat = seat_of(source)
    name = face(source).name
    for victim in (other(seat), seat) if both else (other(seat),):
        held, pool = _pool(em, victim, zone, what)
        if ability.amount:
            pool = _drawn(rng, pool, ability.amount)
            reason = f"discarded at random: {name}"
        else:
            reason = f"discarded: {name}"
        move(em, text_box(name), victim, pool, held, DISCARD, reason)


def _pool(em: Em, seat: int, zone: str, what: str) -> tuple[str, tuple[str, ...]]:
    """The zone a seat discards from and its cards of <what> there."""
    state = em.state
    if zone in ("stack", "hand"):
        combat = combat_now(state)
        one = side(combat, seat)
        cards = hand(state, one) if zone == "hand" else state.zone(seat, one.zone)
        return one.zone, tuple(c for c in cards if card_fits(what, c, combat))
    held = PEN if zone == "pen" else STORAGE
    return held, tuple(c for c in state.zone(seat, held) if card_fits(what, c))


def _drawn(rng: Rng, pool: tuple[str, ...], count: int) -> tuple[str, ...]:
    """`count` cards of `pool` drawn one by one by the game's generator (all, if fewer)."""
    left = list(pool)
    picked: list[str] = []
    while left and len(picked) < count:
        picked.append(left.pop(rng.below(len(left))))
    return tuple(picked)
