"""Reveals, looks and declarations (issue 30): card texts that make a seat show or tell
something hidden to the other seat (guardians Text Box).

Who is told what is the point: a declaration (`CreatureDeclared`) is public, said to
the table; cards shown to one seat (`CardsShown`) are named to that seat and their
owner only, and view.redact keeps them from everybody else, spectators included.

- declare-first: the enemy lays its creature for a match-up first and says its size,
  type or class before the card's side lays (Standard Bearers, Seer, Visionary, Baleful
  Eye, Woolverine). Two sides that each wait for the other cancel out (RULES.md).
- shows: the enemy shows the card's seat hidden cards, once, as the card takes effect:
  its Storage Hand (Eye of Long Spying), its Combat Hand or those of it of a creature
  target (Trumpeter).
- lays-first: as the standing Command Card, the enemy lays its creatures of a target in
  match-ups before any other (Trumpeter); "both:lowest", both seats lay their creatures
  from the lowest base Vitality up (Wheel of Law).
"""

from __future__ import annotations

from domain.games.guardians.cards import Ability
from domain.games.guardians.citations import text_box
from domain.games.guardians.effects import Em
from domain.games.guardians.messages import CardsShown, CreatureDeclared
from domain.games.guardians.state import STORAGE, Combat, Side, combat_now, face, hand, other, seat_of, side
from domain.games.guardians.strength import abilities, card_fits, classes_of, has, matches, size_of, standing
from domain.kernel import RuleViolation

# ---------------------------------------------------------------- declare-first


def _declarers(one: Side, combat: Combat) -> tuple[tuple[str, Ability], ...]:
    """The side's declare-first abilities that act now, with their cards: its Shield's (a
    Standard Bearer), its standing Command Card's (when "command"), and those of its
    creatures standing on the table (when "": while in play)."""
    found: list[tuple[str, Ability]] = []
    if one.shield:
        found.extend((one.shield, a) for a in abilities(one.shield, "declare-first", combat))
    if one.command and one.command_live:
        found.extend((one.command, a) for a in abilities(one.command, "declare-first", combat) if a.when == "command")
    for card in standing(one):
        found.extend((card, a) for a in abilities(card, "declare-first", combat) if not a.when)
    return tuple(found)


def _first_matchup(one: Side) -> bool:
    """The side's creature of this match-up, laid or to be laid, is its first primary attacker
    of the combat (its Command Card aside)."""
    return not any(c != one.command for c in one.played)


def _first_lay(one: Side) -> bool:
    """The side has laid no primary creature yet in this combat (its Command Card aside)."""
    return not one.choice and _first_matchup(one)


def _asked(combat: Combat, seat: int) -> tuple[tuple[str, Ability], ...]:
    """What `seat`'s cards ask the enemy to say before `seat` lays this match-up: the
    abilities of limit "once" only for the enemy's first creature of the combat."""
    first = _first_lay(side(combat, other(seat)))
    return tuple((c, a) for c, a in _declarers(side(combat, seat), combat) if a.limit != "once" or first)


def leads(combat: Combat, seat: int) -> Ability | None:
    """The lays-before of the seat's standing Command Card that acts in this match-up: the
    seat lays its creature before the enemy (limit "once": in its first match-up only)."""
    one = side(combat, seat)
    if not (one.command and one.command_live):
        return None
    for ability in abilities(one.command, "lays-before", combat):
        if ability.limit != "once" or _first_matchup(one):
            return ability
    return None


def _lays_first(combat: Combat, seat: int) -> bool:
    """Whether a text makes `seat` lay first in this match-up: the enemy's cards ask it to say
    what it lays (declare-first), or its own Command Card leads (lays-before)."""
    enemy = other(seat)
    return (bool(_asked(combat, enemy)) and not _asked(combat, seat)) or leads(combat, seat) is not None


def waits_to_lay(combat: Combat, seat: int) -> bool:
    """Whether `seat` waits for the enemy to lay its creature (and say what its cards ask)
    before it lays its own. Two sides that both must lay first cancel out (RULES.md)."""
    enemy = other(seat)
    return not side(combat, enemy).choice and _lays_first(combat, enemy) and not _lays_first(combat, seat)


def declaration(card: str, what: str, combat: Combat) -> str:
    """What a creature is said to be: its "size" (as it is in this combat), "type" (its
    border: mortal, elemental, external) or "class" (its classes, "/" between them)."""
    if what == "size":
        return size_of(card, combat)
    if what == "type":
        return face(card).creature_type
    return "/".join(classes_of(card, combat))


def declare(em: Em, combat: Combat, seat: int, card: str) -> None:
    """`seat` laid `card`, which the enemy waited for: it says, to the table, what each of
    the enemy's cards asks (once for each thing asked); if its own Command Card led with
    target "shown" (Bruce the Goose), the card is shown to the enemy."""
    led = leads(combat, seat)
    if led is not None and led.target == SHOWN:
        source = side(combat, seat).command
        em.emit(CardsShown, text_box(face(source).name), seat=other(seat), owner=seat, source=source,
                zone=LAID, cards=(card,), count=1, total=0)
    said: set[str] = set()
    for source, ability in _asked(combat, other(seat)):
        if ability.target in said:
            continue
        said.add(ability.target)
        em.emit(
            CreatureDeclared,
            text_box(face(source).name),
            seat=seat,
            source=source,
            what=ability.target,
            value=declaration(card, ability.target, combat),
        )


# ---------------------------------------------------------------- shows


def show(em: Em, source: str, ability: Ability) -> None:
    """The enemy of `source`'s seat shows that seat the cards `ability` names, as the
    card takes effect: "storage" its Storage Hand (as that seat may see it: a layout
    placed in secret stays veiled), "storage:<what>" the cards of <what> there (card
    words: strength.card_fits, "storage:double"), "hand" its Combat Hand, "hand:<target>" the
    creatures of the target in its Combat Hand (the combat under way); "tally" tells how
    many creatures its Combat Hand holds and their total Vitality, naming none ("tally:both":
    and the card's seat tells the enemy the same of its own)."""
    seat = seat_of(source)
    enemy = other(seat)
    zone, _, only = ability.target.partition(":")
    if zone == "tally":
        combat = combat_now(em.state)
        for teller in (enemy, seat) if only == "both" else (enemy,):
            told = hand(em.state, side(combat, teller))
            em.emit(
                CardsShown,
                text_box(face(source).name),
                seat=other(teller),
                owner=teller,
                source=source,
                zone="hand",
                cards=(),
                count=len(told),
                total=sum(face(c).vitality for c in told),
            )
        return
    if zone == "storage":
        cards = tuple(c for c in em.state.veiled(seat).zone(enemy, STORAGE) if not only or card_fits(only, c))
    else:
        combat = combat_now(em.state)
        cards = tuple(c for c in hand(em.state, side(combat, enemy)) if not only or matches(only, c, combat))
    em.emit(
        CardsShown,
        text_box(face(source).name),
        seat=seat,
        owner=enemy,
        source=source,
        zone=zone,
        cards=cards,
        count=len(cards),
        total=0,
    )


def show_command(em: Em, card: str) -> None:
    """A standing Command Card's shows (when "command") take effect with it."""
    for ability in abilities(card, "shows", combat_now(em.state)):
        if ability.when == "command":
            show(em, card, ability)


# ---------------------------------------------------------------- lays-first


BOTH, LOWEST, HIGHEST_BELOW, RANDOM = "both:", "lowest", "highest-below", "random"
"""lays-first's target words: "both:<target>" binds both seats; "lowest" is the creature of
the lowest base Vitality (any of those tied); "highest-below" the one of the highest base
Vitality below that of the creature the card's side led with, shown (lays-before "shown");
"random" the rules lay the enemy's creatures, drawn at random (combat.py)."""
SHOWN = "shown"
"""lays-before's target: the creature led with is shown to the enemy as it is laid."""
LAID = "match-up creature"
"""CardsShown's zone for a creature shown as it is laid."""


def _laid_first(state_hand: tuple[str, ...], combat: Combat, target: str, giver: Side) -> list[str]:
    """The creatures of a Combat Hand that a lays-first target of `giver`'s Command Card puts
    before the others."""
    fighting = [c for c in state_hand if not face(c).command_only]
    if target == LOWEST:
        low = min((face(c).vitality for c in fighting), default=0)
        return [c for c in fighting if face(c).vitality == low]
    if target == HIGHEST_BELOW:
        led = leads(combat, giver.seat)
        if led is None or led.target != SHOWN or not giver.choice:
            return []
        below = [c for c in fighting if face(c).vitality < face(giver.choice).vitality]
        high = max((face(c).vitality for c in below), default=0)
        return [c for c in below if face(c).vitality == high]
    if target == RANDOM:
        return []  # the rules lay them (combat.py): nothing for the seat to choose
    return [c for c in state_hand if matches(target, c, combat)]


def lays_random(combat: Combat, seat: int) -> str:
    """The enemy's standing Command Card that lays `seat`'s primary attackers at random
    (lays-first, target "random": Shadow Spy), "" if none."""
    enemy = side(combat, other(seat))
    orders = abilities(enemy.command, "lays-first", combat) if enemy.command and enemy.command_live else ()
    if any(a.target == RANDOM for a in orders):
        return enemy.command
    return ""


def check_lays_first(state_hand: tuple[str, ...], combat: Combat, seat: int, card: str) -> None:
    """`seat` lays `card` in a primary match-up: if the enemy's standing Command Card makes
    it lay its creatures of a target first (lays-first), `card` must be one of them while
    its Combat Hand (`state_hand`) holds any. Else, for the side's first primary attacker,
    a card of its hand whose own text says it comes first (Lawyer: target "self") must be
    the one laid (the enemy's Command Card wins where the two disagree: RULES.md)."""
    enemy, mine = side(combat, other(seat)), side(combat, seat)
    ruled = False
    for one in (enemy, mine):
        if not one.command or not one.command_live:
            continue
        for ability in abilities(one.command, "lays-first", combat):
            both = ability.target.startswith(BOTH)
            if one is mine and not both:
                continue  # a Command Card's order binds the enemy only, unless it says "both"
            target = ability.target.removeprefix(BOTH)
            wanted = _laid_first(state_hand, combat, target, one)
            if wanted and card not in wanted:
                raise RuleViolation(text_box(face(one.command).name), _order_words(target))
            ruled = ruled or bool(wanted)
    if ruled or any(c != mine.command for c in mine.played):
        return
    first = [
        c
        for c in state_hand
        if has(c, "lays-first", combat) and any(a.target == "self" for a in abilities(c, "lays-first", combat))
    ]
    if first and card not in first:
        raise RuleViolation(text_box(face(first[0]).name), "it must be your first primary attacker")


def _order_words(target: str) -> str:
    """What a lays-first order asks of the seat laying, in a refusal."""
    if target == LOWEST:
        return "lay your creature of the lowest base Vitality first"
    if target == HIGHEST_BELOW:
        return "lay your creature of the highest base Vitality below that of the creature shown"
    return f"lay your creatures of {target.replace('|', ' or ')} before any other"
