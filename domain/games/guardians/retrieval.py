"""Cards a seat takes back or moves between its own zones (guardians Text Box; RULES.md,
Cards taken back and moved), for Spells and Items played the general way (casting.py):

- retrieve, target "<zone>:<what>": a card of <what> from the seat's discard pile, named
  by PlayCard's `target` (the discard pile lies face up, so the choice is public and is
  checked in plan), goes to its Storage Hand ("storage") or joins the cards it drew this
  turn ("drawn", as one of its draws); <what> "self": the card played itself, no choice;
  with an amount (Gateway to Mystfall), creatures of <what> up to that much Vitality in
  all, picked by the rules (within_vitality), no choice either.
- takes-up: the seat's Up card goes to its Storage Hand and the card played becomes its
  Up card (the first mover stays: the Up cards were compared already).
- search-deck, when "up", target "up:<what>": a creature that is its seat's Up card may,
  in the opening window on its seat's turn (PlayCard naming the Up card), look through
  its seat's deck (DeckSeen, named to that seat only) and take a card of <what>
  (TakeCard): that card becomes the Up card, the searcher goes to the discard pile, the
  deck is reshuffled with the generator and the Up cards are compared again.
"""

from __future__ import annotations

from domain.games.guardians.cards import Ability, Card
from domain.games.guardians.citations import R_SPELLS, text_box
from domain.games.guardians.effects import Em, move, turn_up_cards
from domain.games.guardians.messages import (
    DeckSeen,
    DeckShuffled,
    EffectApplied,
    LookEnded,
    PlayCard,
    TakeCard,
    WindowMove,
)
from domain.games.guardians.spells import in_opening
from domain.games.guardians.state import (
    DECK,
    DISCARD,
    DRAWN,
    SEEK,
    STORAGE,
    UP,
    GuardiansState,
    face,
    other,
)
from domain.games.guardians.strength import card_fits
from domain.kernel import Rng, RuleViolation, require

SELF = "self"
UP_TARGET = "up:"
"""search-deck's target prefix for a card sought as the Up card (its other, "storage:", is
taken as the Up card is turned: effects.turn_up_cards)."""


def _parts(ability: Ability) -> tuple[str, str]:
    """A retrieve target's zone and what it takes: "storage:item" -> ("storage", "item")."""
    zone, _, what = ability.target.partition(":")
    return zone, what


def chooser(info: Card) -> Ability | None:
    """The card's retrieve ability that names a card (PlayCard's target), if any: not one
    that takes itself ("self") or the rules' pick within an amount of Vitality."""
    return next(
        (a for a in info.abilities if a.kind == "retrieve" and _parts(a)[1] != SELF and not a.amount), None
    )


def choices(state: GuardiansState, seat: int, ability: Ability) -> tuple[str, ...]:
    """The cards of the seat's discard pile the ability may take (face up: anyone sees them)."""
    what = _parts(ability)[1]
    return tuple(c for c in state.zone(seat, DISCARD) if card_fits(what, c))


def within_vitality(state: GuardiansState, seat: int, ability: Ability) -> tuple[str, ...]:
    """A retrieve with an amount: the creatures of its target in the seat's discard pile,
    up to that much Vitality in all, the highest first, each that still fits (RULES.md: the
    rules pick, so that PlayCard names none)."""
    picked: list[str] = []
    room = ability.amount
    ranked = sorted(choices(state, seat, ability), key=lambda c: (-face(c).vitality, c))
    for creature in ranked:
        if face(creature).vitality <= room:
            picked.append(creature)
            room -= face(creature).vitality
    return tuple(picked)


def check_retrieve(state: GuardiansState, seat: int, target: str, ability: Ability, rule: str) -> None:
    what = _parts(ability)[1]
    if ability.amount:
        fits = f"{what} of {ability.amount} Vitality or less"
        require(bool(within_vitality(state, seat, ability)), rule, f"your discard pile holds no {fits}")
    elif what != SELF:
        require(target in choices(state, seat, ability), rule, f"name a card of your discard pile ({what})")


def retrieve(em: Em, seat: int, played: str, target: str, ability: Ability, rule: str) -> None:
    """The card named (or the card played, "self") leaves the discard pile."""
    name, (zone, what) = face(played).name, _parts(ability)
    to = DRAWN if zone == DRAWN else STORAGE
    if what == SELF:
        move(em, rule, seat, (played,), DISCARD, to, f"{name} comes back")
    elif ability.amount:
        move(em, rule, seat, within_vitality(em.state, seat, ability), DISCARD, to, f"taken back by {name}")
    elif target in em.state.zone(seat, DISCARD):  # nothing takes a card out of it while the enemy answers
        move(em, rule, seat, (target,), DISCARD, to, f"taken back by {name}")


def check_takes_up(state: GuardiansState, seat: int, rule: str) -> None:
    require(bool(state.zone(seat, UP)), rule, "you have no Up card to take")


def take_up(em: Em, seat: int, played: str, rule: str) -> None:
    name = face(played).name
    move(em, rule, seat, em.state.zone(seat, UP), UP, STORAGE, f"taken into the hand by {name}")
    move(em, rule, seat, (played,), DISCARD, UP, f"{name} becomes the Up card")


# ---------------------------------------------------------------- deck searches


def up_searcher(state: GuardiansState, seat: int) -> tuple[str, Ability | None]:
    """The seat's Up card and its search-deck ability that acts from there, if any."""
    up = state.zone(seat, UP)
    if not up:
        return "", None
    found = next(
        (a for a in face(up[0]).abilities if a.kind == "search-deck" and a.target.startswith(UP_TARGET)), None
    )
    return up[0], found


def check_search_up(state: GuardiansState, command: PlayCard) -> Ability:
    seat = command.seat
    card, ability = up_searcher(state, seat)
    if ability is None or card != command.card:
        raise RuleViolation(R_SPELLS, f"{command.card} is not an Up card of yours that searches your deck")
    rule = text_box(face(card).name)
    in_opening(state, seat)
    require(not command.target, rule, f"{face(card).name} names no target: you pick from your deck as you look")
    what = _parts(ability)[1]
    require(any(card_fits(what, c) for c in state.zone(seat, DECK)), rule, "your deck holds no card it may take")
    return ability


def search_up(em: Em, command: PlayCard, ability: Ability) -> None:
    """The seat looks through its deck: named to it only (view.redact)."""
    rule = text_box(face(command.card).name)
    em.emit(EffectApplied, rule, seat=command.seat, source=command.card, effect="search-deck")
    what = _parts(ability)[1]
    seen = tuple(sorted(c for c in em.state.zone(command.seat, DECK) if card_fits(what, c)))
    em.emit(DeckSeen, rule, seat=command.seat, owner=command.seat, look=SEEK, cards=seen)


def check_take(state: GuardiansState, command: TakeCard) -> None:
    player = state.player(command.seat)
    require(player.look == SEEK, R_SPELLS, "you are not searching your deck")
    card, _ = up_searcher(state, command.seat)
    rule = text_box(face(card).name) if card else R_SPELLS
    if command.card not in player.looking:
        raise RuleViolation(rule, f"{command.card} is not among the cards of your deck you may take")


def take(em: Em, rng: Rng, command: TakeCard) -> None:
    """The card taken becomes the Up card and the searcher is discarded; the deck is
    reshuffled and the Up cards compared again; the opening window goes on with the enemy."""
    seat = command.seat
    searcher, _ = up_searcher(em.state, seat)
    name = face(searcher).name
    rule = text_box(name)
    move(em, rule, seat, (searcher,), UP, DISCARD, f"{name} is discarded for the card it sought")
    move(em, rule, seat, (command.card,), DECK, UP, f"sought by {name}")
    em.emit(DeckShuffled, rule, seat=seat, order=tuple(rng.shuffled(em.state.zone(seat, DECK))))
    em.emit(LookEnded, rule, seat=seat)
    turn_up_cards(em, rng)
    em.emit(WindowMove, R_SPELLS, seat=seat, passed=False, actor=other(seat))
