"""Swordplay: Arena's events and commands in words (domain/kernel/words.py).

One labelling function for every combat card a person reads: its name and its number in
the combat deck ("Sword #48", "Attack - High +1 #4"); the "#" keeps the number apart
from a bonus in the name. The deck is one public list, so a label tells nothing an id
does not. Heroes are named by the seat that plays them; the Monster by its name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.swordplay import cards
from domain.games.swordplay import messages as m
from domain.games.swordplay.state import COMBAT, DEFEND, DISCARD, MONSTER_SEAT, READY, SETUP
from domain.games.swordplay.view import HeroView, PendingView, SwordplayView
from domain.kernel import Command, Event, Seats, counted, listed


def label(card: str) -> str:
    """A combat card as a person reads it: "Sword #48" (its name and its number, 1-57, in the deck)."""
    if not cards.is_card_id(card):
        return card or "no card"
    return f"{cards.name(card)} #{int(card[1:])}"


MONSTER = f"the {cards.MONSTER.name}"
"""The Monster (option monster), as a sentence names it."""


def hero(seat: int) -> str:
    """The hero a seat plays (swordplay Setup): "Gladiator"."""
    return cards.hero_for_seat(seat).name if seat >= 1 else MONSTER


def direction(aim: str) -> str:
    """ "high" -> "High", as the cards print it."""
    return aim.capitalize() if aim else "no direction"


def _fighter(seat: int, s: Seats) -> str:
    """A seat by name, or the Monster (seat 0 in an attack)."""
    return MONSTER if seat == MONSTER_SEAT else s(seat)


def _fighters(seat: int, s: Seats) -> str:
    return f"{MONSTER}'s" if seat == MONSTER_SEAT else s.of(seat)


def _opening(words: str) -> str:
    """The Monster's name opening a sentence: "The Arena Beast"; a seat's name as it is."""
    return words[:1].upper() + words[1:] if words.startswith(MONSTER) else words


def _labels(found: tuple[str, ...]) -> str:
    return listed([label(card) for card in found])


def _rolled(e: m.DieRolled, s: Seats) -> str:
    rolled = f"{_opening(_fighter(e.seat, s))} rolls {e.value} on the d{e.sides}"
    face = e.value - 1
    if e.purpose == "monster direction" and 0 <= face < len(cards.MONSTER.direction_by_roll):
        return f"{rolled} for the aim of its attack: {direction(cards.MONSTER.direction_by_roll[face])}."
    if e.purpose == "monster damage" and 0 <= face < len(cards.MONSTER.damage_by_roll):
        return f"{rolled} for its damage: {cards.MONSTER.damage_by_roll[face]}."
    purposes = {"first player": "for the first turn", "monster target": "to choose the hero it attacks"}
    return f"{rolled} {purposes.get(e.purpose, 'for ' + e.purpose)}."


def _shuffled(e: m.DeckShuffled, s: Seats) -> str:
    if e.reason == "start":
        return f"The {cards.COMBAT_CARDS} combat cards are shuffled into the combat deck."
    return "The combat deck is empty: the discard pile is shuffled into a new one."


def _drawn(e: m.CardsDrawn, s: Seats) -> str:
    why = "is dealt" if e.reason == "start" else "draws"
    what = _labels(e.cards) if e.cards else counted(e.count, "card")
    return f"{s(e.seat)} {why} {what}{' to fill their hand' if e.reason == 'draw phase' else ''}."


def _dropped(e: m.ItemDropped, s: Seats) -> str:
    card = label(e.card)
    if e.reason == "dropped":
        return f"{s(e.seat)} drops {card} onto the discard pile."
    if e.reason == "replaced by a new armour":
        return f"{s(e.seat)} takes off {card} to put on the new armour."
    if e.reason == "armour used up":
        return f"{s.of(e.seat)} {card} has no points left and goes to the discard pile."
    if e.reason == "armour shattered":
        return f"{s.of(e.seat)} {card} shatters and goes to the discard pile."
    return f"{s.of(e.seat)} {card} goes to the discard pile ({e.reason})."


def _readied(e: m.ItemReadied, s: Seats) -> str:
    points = f" ({counted(e.points, 'point')})" if e.kind == cards.ARMOR else ""
    return f"{s(e.seat)} readies {label(e.card)}{points}."


def _attack(e: m.AttackMade, s: Seats) -> str:
    damage = f" for {e.damage} damage" if e.announced else ""
    if e.attacker == MONSTER_SEAT:
        return f"{_opening(MONSTER)} attacks {s(e.target_seat)} {direction(e.direction)}{damage}."
    target = _fighter(e.target_seat, s)
    return f"{s(e.attacker)} attacks {target} {direction(e.direction)} with {label(e.card)}{damage}."


def _countered(e: m.AttackCountered, s: Seats) -> str:
    attack = label(e.attack_card) if e.attack_card else "attack"
    how = "blocks" if e.by == cards.SHIELD else "counters"
    return f"{s(e.seat)} {how} {_fighters(e.attacker, s)} {attack} with {label(e.card)}."


def _left(life: int) -> str:
    return f"is down to {life} life" if life > 0 else "has no life left"


def _damage(e: m.DamageDealt, s: Seats) -> str:
    by = _fighters(e.attacker, s)
    hit = f"{_opening(by)} {label(e.attack_card) if e.attack_card else 'attack'}"
    if e.seat == MONSTER_SEAT:
        return f"{hit} hits {MONSTER} for {e.damage}: it {_left(e.life)}."
    if not e.absorbed:
        return f"{hit} hits {s(e.seat)} for {e.damage}: {s(e.seat)} {_left(e.life)}."
    armour = f"{s.of(e.seat)} armour takes {e.absorbed} ({counted(e.armor_points, 'point')} left)"
    life = f"{s(e.seat)} {_left(e.life)}" if e.life_lost else f"{s(e.seat)} keeps {e.life} life"
    return f"{hit} hits {s(e.seat)} for {e.damage}: {armour} and {life}."


def _defeated(e: m.HeroDefeated, s: Seats) -> str:
    lost = f": {_labels(e.cards)} {'goes' if len(e.cards) == 1 else 'go'} to the discard pile" if e.cards else ""
    return f"{s.of(e.seat)} {hero(e.seat)} falls to {_fighter(e.by_seat, s)}{lost}."


TURN_ENDS = {
    "attacked": "after their attack",
    "attacked the Monster": f"after their attack on {MONSTER}",
    "no attack": "with no attack",
    "readied an item: no attack this turn": "after readying an item",
}


EVENTS: dict[type[Event], Callable[[Any, Seats], str]] = {
    m.DieRolled: _rolled,
    m.FirstPlayerChosen: lambda e, s: f"{s(e.seat)} ({hero(e.seat)}) takes the first turn.",
    m.DeckShuffled: _shuffled,
    m.CardsDrawn: _drawn,
    m.TurnStarted: lambda e, s: f"Turn {e.turn}: {s.of(e.seat)} turn begins.",
    m.PhaseStarted: lambda e, s: f"{s(e.seat)} moves on to the {e.phase.capitalize()} phase.",
    m.CardDiscarded: lambda e, s: f"{s(e.seat)} discards {label(e.card)}.",
    m.ItemDropped: _dropped,
    m.ItemReadied: _readied,
    m.AttackMade: _attack,
    m.AttackCountered: _countered,
    m.DamageDealt: _damage,
    m.HeroDefeated: _defeated,
    m.MonsterDefeated: lambda e, s: f"{s(e.by_seat)} defeats {MONSTER}.",
    m.TurnEnded: lambda e, s: f"{s.of(e.seat)} turn {e.turn} ends {TURN_ENDS.get(e.reason, '(' + e.reason + ')')}.",
    m.GameWon: lambda e, s: f"{s(e.seat)} is the last hero standing and wins the game.",
    m.GameDrawn: lambda e, s: f"The game ends drawn{': ' + e.reason if e.reason else ''}.",
}


def _item(card: str) -> str:
    """What an item does, for a person choosing whether to ready it."""
    if not cards.is_card_id(card):
        return ""
    info = cards.card_def(card)
    hands = counted(info.hands, "hand")
    if info.kind == cards.ARMOR:
        return f" ({counted(info.points, 'armour point')})"
    if info.kind == cards.WEAPON:
        return f" (+{info.damage} damage, {hands})"
    if info.kind == cards.SHIELD:
        return f" (blocks {listed([direction(d) for d in info.blocks])}, {hands})"
    return ""


def _attack_command(c: m.Attack, s: Seats) -> str:
    aim = direction(cards.card_def(c.card).direction) if cards.is_card_id(c.card) else ""
    return f"Attack {s(c.target_seat)}{' ' + aim if aim else ''} with {label(c.card)}."


COMMANDS: dict[type[Command], Callable[[Any, Seats], str]] = {
    m.Discard: lambda c, s: f"Discard {label(c.card)}, then draw up to five.",
    m.SkipDiscard: lambda c, s: "Keep your hand and draw up to five.",
    m.DropItem: lambda c, s: f"Drop {label(c.card)} onto the discard pile.",
    m.ReadyItem: lambda c, s: f"Ready {label(c.card)}{_item(c.card)}, and make no attack this turn.",
    m.EndReady: lambda c, s: "Ready nothing and go on to combat.",
    m.Attack: _attack_command,
    m.AttackMonster: lambda c, s: f"Attack {MONSTER} with {label(c.card)}.",
    m.EndTurn: lambda c, s: "End your turn without attacking.",
    m.Defend: lambda c, s: f"Counter the attack with {label(c.card)}.",
    m.BlockWithShield: lambda c, s: f"Block the attack with {label(c.card)}.",
    m.TakeHit: lambda c, s: "Take the hit.",
}


PHASES = {SETUP: "waiting for the start", DISCARD: "the Discard phase", READY: "the Ready phase",
          COMBAT: "the Combat phase", DEFEND: "the Combat phase, an attack waiting for its answer"}


def _damage_per_hit(h: HeroView) -> int:
    """The hero's base damage and its ready weapons' (swordplay Damage), before the attack card's bonus."""
    return h.base_damage + sum(cards.card_def(item).damage for item in h.items
                               if cards.is_card_id(item) and cards.kind(item) == cards.WEAPON)


def _hero_line(h: HeroView, view: SwordplayView, s: Seats) -> str:
    who = f"{s(h.seat)}{' (you)' if h.seat == view.viewer else ''}, {h.name}"
    if not h.alive:
        return f"{who}: fallen."
    armour = f", wears {label(h.armor)} ({counted(h.armor_points, 'point')})" if h.armor else ", no armour"
    used = sum(cards.card_def(item).hands for item in h.items if cards.is_card_id(item))
    held = f", holds {_labels(h.items)} ({used} of {h.hands} hands)" if h.items else ", holds nothing"
    return (f"{who}: {h.life}/{h.max_life} life{armour}{held}, hits for {_damage_per_hit(h)}; "
            f"{counted(h.hand_count, 'card')} in hand.")


def _waiting(p: PendingView, s: Seats) -> str:
    damage = f" for {p.damage} damage" if p.announced else ""
    with_card = f" with {label(p.card)}" if p.card else ""
    return (f"Waiting: {_opening(_fighter(p.attacker, s))} attacks {_fighter(p.target_seat, s)} "
            f"{direction(p.direction)}{with_card}{damage}; {s(p.target_seat)} answers.")


def _head(view: SwordplayView, s: Seats) -> str:
    if view.finished and view.winner:
        return f"Game over: {s(view.winner)} ({hero(view.winner)}) is the last hero standing."
    if view.finished:
        return f"Game over: drawn{': ' + view.draw_reason if view.draw_reason else ''}."
    if not view.active_seat:
        return f"{PHASES[SETUP].capitalize()}."
    limit = f" of at most {view.turn_limit}" if view.turn_limit else ""
    return (f"Turn {view.turn}{limit}: {s.of(view.active_seat)} turn ({hero(view.active_seat)}), "
            f"{PHASES.get(view.phase, view.phase)}.")


def glance(view: SwordplayView, seats: Seats) -> tuple[str, ...]:
    """The arena in a few lines: the turn, the viewer's hand, each hero, the Monster, the
    piles and the attack waiting for its answer."""
    lines = [_head(view, seats)]
    if any(h.seat == view.viewer for h in view.heroes):
        lines.append(f"Your hand ({len(view.hand)}): {_labels(view.hand)}.")
    lines += [_hero_line(h, view, seats) for h in view.heroes]
    monster = view.monster
    if monster.present:
        lines.append(_opening(f"{MONSTER}: {monster.life}/{monster.max_life} life." if monster.alive
                              else f"{MONSTER} has fallen."))
    top = f", {label(view.discard[-1])} on top" if view.discard else ""
    lines.append(f"Combat deck: {counted(view.deck_count, 'card')}; discard pile: "
                 f"{counted(len(view.discard), 'card')}{top}.")
    if view.pending.active and not view.finished:
        lines.append(_waiting(view.pending, seats))
    return tuple(lines)


def tell_event(event: Event, seats: Seats) -> str:
    return EVENTS[type(event)](event, seats)


def tell_command(command: Command, seats: Seats) -> str:
    return COMMANDS[type(command)](command, seats)
