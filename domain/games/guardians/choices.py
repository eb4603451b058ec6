"""Ultimatums and optional choices (issue 30): card texts that give a seat a choice between
outcomes, the enemy's ("your opponent must retreat, pay a stone or ...") or its own ("you may
retreat ..."), at a moment of the combat (guardians Text Box).

One mechanism: the rules offer the choice (`ChoiceOffered`, public), the state keeps it
(`GuardiansState.pending`, a `Choice`) and nothing else may happen until its seat answers
with `Choose`, naming one of the options offered (`ChoiceMade`); then the game goes on from
the moment it was offered (combat.py). An option the seat cannot take is not offered, and a
choice left with one option is made by the rules at once.

Options (the ability's target, written with bars between them):
- "retreat": the seat's side retreats as a beaten side does, by the retreat rules (guardians
  COMBAT RESOLUTION): `CombatConceded`, then healing for the other seat, the lost creatures
  leave and the Shield retreats (only a side with a Shield may);
- "discard-retreat": the card is discarded, then its side retreats;
- "stone:<n>": the seat pays n Power Stones (only with as many);
- "discard:<n>": the seat discards n cards of its Storage Hand, one Choose each (only with as
  many);
- "show:<target>": the seat shows the card's seat what a shows ability of that target would;
- "refuse": the card's abilities with when "refused" act;
- "pass" (a "may" only): the seat lets the option go;
- "swap" (a "may" when "match-up"): the card's swaps ability with target "opponent:random" acts:
  its opponent goes back to the enemy's Combat Hand, one drawn at random takes its place;
- "attack:<target>" (a "may"): the card's attacks ability of that target acts (a card to strike
  must be there); revealed in a match-up, instead of fighting its opponent, who is left
  unchallenged;
- "attack-with:command" (a "may" when "before-commands", a Command Card's): a creature of the
  seat's Combat Hand, named, goes onto the table and attacks the enemy's Command Card, a
  creature; beaten, it takes the card with it to the discard pile (Heels of Speed);
- "sacrifice" (a "may" when "match-up"): the card is destroyed, its opponent left unchallenged
  and the match-up over; then its abilities when "sacrificed" act;
- "guess:<value>" (a guess, offered once both match-up creatures are laid, before they are
  shown): the seat says the size ("S", "M", "L") or border ("mortal", "elemental",
  "external") it thinks a creature laid has (strength.guess_terms scores it);
- "discard-hand:<target>": the seat discards a creature of the target from its Combat Hand,
  naming it (Mocodabi);
- "discard-vitality:<n>": the seat discards creatures of its Combat Hand, one Choose each,
  until they are worth n Vitality or more, or none is left (Obelisk of Bablos);
- "roll" (a may's): the card's rolled abilities of the choice's moment act (roll-destroys,
  when "fired": Professor Heisenburg);
- "bribe:<n>" (bribes-hand: the card's own seat must choose): the n-th creature the card's
  text showed it from the enemy's Combat Hand (`shown_for_bribe`, in the order shown) is
  bribed; the options count the creatures shown (which everybody is told), those a text keeps
  from the bribery left out, and name none, so nothing hidden is in a choice or a command.

An ultimatum's limit "hand-higher" offers it only when the chooser's Combat Hand is worth more
base Vitality than that of the card's seat.

This module holds the queries and the checks; combat.py makes the events.
"""

from __future__ import annotations

from domain.games.guardians import control
from domain.games.guardians.cards import CREATURE_TYPES, SIZES
from domain.games.guardians.citations import R_TEXT, text_box
from domain.games.guardians.messages import Choose
from domain.games.guardians.state import (
    STORAGE,
    UP,
    Choice,
    Combat,
    GuardiansState,
    combat_now,
    face,
    fighters,
    hand,
    other,
    seat_of,
    side,
)
from domain.games.guardians.strength import abilities, matches, standing
from domain.kernel import RuleViolation

RETREAT = "retreat"
DISCARD_RETREAT = "discard-retreat"
STONE = "stone"
DISCARD = "discard"
SHOW = "show"
REFUSE = "refuse"
PASS = "pass"
SACRIFICE = "sacrifice"
SWAP = "swap"
ATTACK = "attack"
ATTACK_WITH = "attack-with"
GUESS = "guess"
DISCARD_HAND = "discard-hand"
DISCARD_VITALITY = "discard-vitality"
HAND_DISCARDS = (DISCARD_HAND, DISCARD_VITALITY)
"""The options that discard a creature of the chooser's Combat Hand, which it names."""
BRIBE = "bribe"
ROLL = "roll"
GUESSED = {"size": SIZES, "type": CREATURE_TYPES}
"""What a guess may say, by what it guesses (a guess ability's target: "<who>:<what>")."""
RETREATS = (RETREAT, DISCARD_RETREAT)
"""The options that end the combat with a retreat."""


def moment_of(source: str, combat: Combat | None = None) -> str:
    """When `source`'s choice is offered: the `when` of its ultimatum or may."""
    for kind in ("ultimatum", "may", "bribes-hand"):
        for ability in abilities(source, kind, combat):
            return ability.when
    return ""


def offered(state: GuardiansState, source: str, moment: str) -> Choice | None:
    """The choice `source`'s text gives at `moment` of the combat, with the options its seat
    may take; None if it gives none (or none is open)."""
    combat = combat_now(state)
    seat = seat_of(source)
    for ability in abilities(source, "ultimatum", combat):
        if ability.when != moment or (ability.limit == "defending" and seat != combat.defender.seat):
            continue
        if ability.limit == "hand-higher" and hand_worth(state, other(seat)) <= hand_worth(state, seat):
            continue
        chooser = other(seat)
        options = tuple(o for o in ability.target.split("|") if _open(state, chooser, o))
        return Choice(chooser, source, options) if options else None
    for ability in abilities(source, "may", combat):
        if ability.when != moment:
            continue
        options = tuple(o for o in ability.target.split("|") if _open(state, seat, o))
        return Choice(seat, source, (*options, PASS)) if options else None
    for ability in abilities(source, "bribes-hand", combat):
        if ability.when != moment:
            continue
        combat = combat_now(state)
        icon = ability.target.removeprefix("bribe:")
        options = tuple(
            f"{BRIBE}:{number}"
            for number, creature in enumerate(shown_for_bribe(state, source), start=1)
            if not control.bribery_ban(state, combat, creature, icon)
        )
        return Choice(seat, source, options) if options else None
    return None


def shown_for_bribe(state: GuardiansState, source: str) -> tuple[str, ...]:
    """The creatures of the enemy's Combat Hand that `source`'s bribes-hand names, in the order
    its shows showed them (reveals.show: those of the target in the Combat Hand)."""
    combat = combat_now(state)
    enemy = side(combat, other(seat_of(source)))
    targets = [a.target for a in abilities(source, "bribes-hand", combat)]
    return tuple(c for c in hand(state, enemy) if any(matches(t, c, combat) for t in targets))


def guess_offered(source: str) -> Choice | None:
    """The guess `source`'s text asks for before a primary match-up is shown (guess, target
    "<who>:<what>"): "self" its own seat guesses the enemy's creature, "enemy" the enemy
    guesses the one of `source`'s seat; None if it asks for none."""
    seat = seat_of(source)
    for ability in abilities(source, "guess"):
        who, _, what = ability.target.partition(":")
        chooser = seat if who == "self" else other(seat)
        return Choice(chooser, source, tuple(f"{GUESS}:{value}" for value in GUESSED[what]))
    return None


def struck(state: GuardiansState, seat: int, target: str) -> str:
    """The enemy card an attacks ability of that target would strike for `seat` now (combat.py):
    its Command Card, a creature standing ("command"), or its Up card, a creature ("up")."""
    combat = combat_now(state)
    enemy = side(combat, other(seat))
    if target == "command":
        return enemy.command if enemy.command in standing(enemy) and face(enemy.command).is_creature else ""
    up = state.zone(enemy.seat, UP)
    return up[0] if up and face(up[0]).is_creature else ""


def hand_worth(state: GuardiansState, seat: int) -> int:
    """The base Vitality of the creatures in a seat's Combat Hand (the combat under way)."""
    return sum(face(c).vitality for c in hand(state, side(combat_now(state), seat)))


def hand_discards(state: GuardiansState, seat: int, option: str) -> tuple[str, ...]:
    """The creatures of the seat's Combat Hand a hand-discard option may name."""
    word, _, value = option.partition(":")
    held = hand(state, side(combat_now(state), seat))
    return tuple(c for c in held if word == DISCARD_VITALITY or matches(value, c))


def _open(state: GuardiansState, seat: int, option: str) -> bool:
    """Whether `seat` can take `option` now."""
    word, _, count = option.partition(":")
    if word in HAND_DISCARDS:
        return bool(hand_discards(state, seat, option))
    if word == SWAP:  # a new opponent is drawn from the enemy's creatures that may fight
        return bool(fighters(state, side(combat_now(state), other(seat))))
    if word == ATTACK:
        return bool(struck(state, seat, count))
    if word == ATTACK_WITH:
        return bool(struck(state, seat, count)) and bool(fighters(state, side(combat_now(state), seat)))
    if word in RETREATS:
        return bool(side(combat_now(state), seat).shield)  # unshielded creatures cannot retreat
    if word == STONE:
        return state.player(seat).stones >= int(count)
    if word == DISCARD:
        return len(state.zone(seat, STORAGE)) >= int(count)
    return True


def takes_card(option: str) -> bool:
    """Whether an option names a card (a card of the Storage Hand, or a creature of the Combat
    Hand, to discard)."""
    return option.partition(":")[0] in (DISCARD, ATTACK_WITH, *HAND_DISCARDS)


def _cards_for(state: GuardiansState, seat: int, option: str) -> tuple[str, ...]:
    """The cards an option that takes one may name."""
    word = option.partition(":")[0]
    if word == DISCARD:
        return state.zone(seat, STORAGE)
    if word == ATTACK_WITH:
        return fighters(state, side(combat_now(state), seat))
    return hand_discards(state, seat, option)


def check_choose(state: GuardiansState, command: Choose) -> Choice:
    """The choice waiting for the seat, and its option, well named."""
    pending = state.pending
    if pending is None:
        raise RuleViolation(R_TEXT, "no card's text gives you a choice now")
    rule = text_box(face(pending.source).name)
    if command.seat != pending.seat:
        raise RuleViolation(rule, f"seat {pending.seat} chooses now")
    if command.option not in pending.options:
        raise RuleViolation(rule, f"choose one of: {', '.join(pending.options)}")
    if takes_card(command.option):
        if command.card not in _cards_for(state, command.seat, command.option):
            where = "Storage Hand" if command.option.partition(":")[0] == DISCARD else "Combat Hand"
            raise RuleViolation(rule, f"name a card of your {where} that {command.option} may take")
    elif command.card:
        raise RuleViolation(rule, f"{command.option} names no card")
    return pending


def candidates(state: GuardiansState, seat: int) -> list[Choose]:
    """Every Choose the seat may submit now (none unless the choice waiting is its own)."""
    pending = state.pending
    if pending is None or pending.seat != seat:
        return []
    found: list[Choose] = []
    for option in pending.options:
        if takes_card(option):
            found += [Choose(seat=seat, option=option, card=c) for c in _cards_for(state, seat, option)]
        else:
            found.append(Choose(seat=seat, option=option))
    return found


def waiting(state: GuardiansState) -> RuleViolation:
    """The refusal of any other command while a choice waits."""
    pending = state.pending
    assert pending is not None
    name = face(pending.source).name
    return RuleViolation(text_box(name), f"seat {pending.seat} must first answer the choice {name} gives")
