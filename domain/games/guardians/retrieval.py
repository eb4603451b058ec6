"""Cards a seat takes back or moves between its own zones (guardians Text Box; RULES.md,
Cards taken back and moved), for Spells and Items played the general way (casting.py):

- retrieve, target "<zone>:<what>": a card of <what> from the seat's discard pile, named
  by PlayCard's `target` (the discard pile lies face up, so the choice is public and is
  checked in plan), goes to its Storage Hand ("storage") or joins the cards it drew this
  turn ("drawn", as one of its draws); <what> "self": the card played itself, no choice.
- takes-up: the seat's Up card goes to its Storage Hand and the card played becomes its
  Up card (the first mover stays: the Up cards were compared already).
"""

from __future__ import annotations

from domain.games.guardians.cards import Ability, Card
from domain.games.guardians.effects import Em, move
from domain.games.guardians.state import DISCARD, DRAWN, STORAGE, UP, GuardiansState, face
from domain.games.guardians.strength import matches
from domain.kernel import require

SELF = "self"
CARD_KINDS = {
    "creature": ("creature",),
    "item": ("hand-item", "creature-item"),
    "spell": ("spell",),
    "bribery": ("bribery",),
}
"""Target words naming the kind of a card (a Magic Item is a Hand or Creature Item);
other words are creature words (strength.matches), "creature+undead"."""


def fits(target: str, instance: str) -> bool:
    """Whether a card is what a retrieve target's <what> names: "a|b" either, "a+b" both."""
    info = face(instance)
    return any(all(_is(word, info, instance) for word in either.split("+")) for either in target.split("|"))


def _is(word: str, info: Card, instance: str) -> bool:
    kinds = CARD_KINDS.get(word)
    if kinds is not None:
        return info.kind in kinds
    return info.is_creature and matches(word, instance)


def _parts(ability: Ability) -> tuple[str, str]:
    """A retrieve target's zone and what it takes: "storage:item" -> ("storage", "item")."""
    zone, _, what = ability.target.partition(":")
    return zone, what


def chooser(info: Card) -> Ability | None:
    """The card's retrieve ability that names a card (PlayCard's target), if any."""
    return next((a for a in info.abilities if a.kind == "retrieve" and _parts(a)[1] != SELF), None)


def choices(state: GuardiansState, seat: int, ability: Ability) -> tuple[str, ...]:
    """The cards of the seat's discard pile the ability may take (face up: anyone sees them)."""
    what = _parts(ability)[1]
    return tuple(c for c in state.zone(seat, DISCARD) if fits(what, c))


def check_retrieve(state: GuardiansState, seat: int, target: str, ability: Ability, rule: str) -> None:
    what = _parts(ability)[1]
    if what != SELF:
        require(target in choices(state, seat, ability), rule, f"name a card of your discard pile ({what})")


def retrieve(em: Em, seat: int, played: str, target: str, ability: Ability, rule: str) -> None:
    """The card named (or the card played, "self") leaves the discard pile."""
    name, (zone, what) = face(played).name, _parts(ability)
    to = DRAWN if zone == DRAWN else STORAGE
    if what == SELF:
        move(em, rule, seat, (played,), DISCARD, to, f"{name} comes back")
    elif target in em.state.zone(seat, DISCARD):  # nothing takes a card out of it while the enemy answers
        move(em, rule, seat, (target,), DISCARD, to, f"taken back by {name}")


def check_takes_up(state: GuardiansState, seat: int, rule: str) -> None:
    require(bool(state.zone(seat, UP)), rule, "you have no Up card to take")


def take_up(em: Em, seat: int, played: str, rule: str) -> None:
    name = face(played).name
    move(em, rule, seat, em.state.zone(seat, UP), UP, STORAGE, f"taken into the hand by {name}")
    move(em, rule, seat, (played,), DISCARD, UP, f"{name} becomes the Up card")
