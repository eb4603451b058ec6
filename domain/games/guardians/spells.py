"""Cards played outside combat (guardians Text Box; texts.py names them):

- in Draw & Organize: Curse of the Betrayed and Assassin of Shadow;
- in the Movement phase's opening window, after the Up cards and before any Shield is
  turned, the seats in turn (the first mover first) until both pass: Argammond's
  Vision, Control Destiny, Rooster, Force Barrier and Pepe's Slow Down;
- during your own move: the Potion of Movement Essence; before you turn a Shield: the
  Teleport Tower's creature.
"""

from __future__ import annotations

from functools import cache

from domain.games.guardians import texts
from domain.games.guardians.answers import await_answer
from domain.games.guardians.board import is_space, strongholds
from domain.games.guardians.cards import CARDS, card
from domain.games.guardians.messages import (
    Assassinate,
    CardPutBack,
    DeckSeen,
    DeckShuffled,
    LookEnded,
    Pass,
    PlayCard,
    PutBack,
    StonesSpent,
    Teleport,
    TurnEffect,
    WindowMove,
)
from domain.games.guardians.organize import organizing, up_choice_pending
from domain.games.guardians.state import (
    ARRANGE,
    ASSASSINATE,
    DECK,
    DISCARD,
    DRAWN,
    MOVEMENT,
    OPENING,
    STORAGE,
    UP,
    Answer,
    GuardiansState,
    members,
    other,
    tower,
    upgrade,
)
from domain.games.guardians.strength import face
from domain.games.guardians.turns import (
    R_MOVE,
    R_ORGANIZE,
    R_SPELLS,
    R_TEXT,
    R_UP,
    Em,
    move,
    next_actor,
    spend,
    stacking,
    turn_up_cards,
)
from domain.kernel import Rng, RuleViolation, require


def _rule(name: str) -> str:
    return f"{R_TEXT} ({name})"


@cache
def cursable() -> tuple[str, ...]:
    """What Curse of the Betrayed may name: a Spell or non-Creature Magic Item whose text
    the rules implement (another could not be played anyway: RULES.md), one key per name."""
    names: dict[str, str] = {}
    for key, item in CARDS.items():
        if item.kind in ("spell", "hand-item") and texts.implemented(item):
            names.setdefault(item.name, key)
    return tuple(sorted(names.values()))


# ---------------------------------------------------------------- Draw & Organize


def play_in_organize(em: Em, command: PlayCard) -> None:
    """Curse of the Betrayed (target: the key of the card whose name is cursed) or
    Assassin of Shadow (no target), from the cards just drawn or the Storage Hand; each
    waits for the enemy's answer (answers.py)."""
    state, seat = em.state, command.seat
    organizing(state, seat)
    zone = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    require(zone in (DRAWN, STORAGE), R_ORGANIZE, f"{command.card} is not in your hand or Storage Hand")
    key = face(command.card).key
    if key == texts.CURSE:
        rule = _rule("Curse of the Betrayed")
        require(command.target in cursable(), rule, "name a Spell or non-Creature Magic Item the rules know")
        name = card(command.target).name
        require(name not in state.player(other(seat)).cursed, rule, f"{name} is cursed already this turn")
    elif key == texts.ASSASSIN:
        rule = _rule("Assassin of Shadow")
        require(not command.target, rule, "Assassin of Shadow names no target: you look at the enemy's deck first")
        # The draws come before the organizing (DRAW AND ORGANIZE PHASE); Tes let's choice
        # is part of its seat's draw, so the deck looked at is the one left after it.
        require(
            not up_choice_pending(state, other(seat)),
            R_ORGANIZE,
            "the enemy has not drawn yet: it first says whether it keeps its Up card",
        )
    else:
        raise RuleViolation(R_SPELLS, f"{face(command.card).name} is not played in Draw & Organize")
    spend(em, seat, command.card, face(command.card).name, from_zone=zone, rule=rule)
    await_answer(em, seat, command.card, command.target)


def resolve_curse(em: Em, played: Answer) -> None:
    """The enemy may not play cards of the name this turn."""
    if played.stands:
        rule = _rule("Curse of the Betrayed")
        em.emit(TurnEffect, rule, seat=played.seat, source=played.card, effect="curse", target=card(played.target).name)


def resolve_assassin(em: Em, played: Answer) -> None:
    """The caster looks at the enemy's deck (and takes a Creature: assassinate)."""
    if not played.stands:
        return
    seat, victim = played.seat, other(played.seat)
    rule = _rule("Assassin of Shadow")
    em.emit(DeckSeen, rule, seat=seat, owner=victim, look=ASSASSINATE, cards=em.state.zone(victim, DECK))
    if not any(face(c).is_creature for c in em.state.zone(victim, DECK)):
        _reshuffle(em, seat, em.rng)


def assassinate(em: Em, command: Assassinate, rng: Rng) -> None:
    seat = command.seat
    player = em.state.player(seat)
    rule = _rule("Assassin of Shadow")
    require(player.look == ASSASSINATE, rule, "you are not looking at the enemy's deck")
    require(
        command.card in player.looking and face(command.card).is_creature,
        rule,
        f"{command.card} is not a Creature in the deck you are looking at",
    )
    victim = other(seat)
    require(em.state.zone_of(command.card) == DECK, rule, f"{command.card} is no longer in the enemy's deck")
    move(em, rule, victim, (command.card,), DECK, DISCARD, "taken by Assassin of Shadow")
    _reshuffle(em, seat, rng)


def _reshuffle(em: Em, seat: int, rng: Rng) -> None:
    victim = other(seat)
    rule = _rule("Assassin of Shadow")
    em.emit(DeckShuffled, rule, seat=victim, order=tuple(rng.shuffled(em.state.zone(victim, DECK))))
    em.emit(LookEnded, rule, seat=seat)


# ---------------------------------------------------------------- the opening window


def _in_opening(state: GuardiansState, seat: int) -> None:
    require(
        state.phase == MOVEMENT and state.window == OPENING,
        R_UP,
        "this is played after the Up cards are turned, before any Shield is",
    )
    require(not any(p.looking for p in state.players), R_SPELLS, "a seat is still looking at its cards")
    require(state.active == seat, R_UP, f"seat {state.active} may play or pass now")


def play_in_movement(em: Em, command: PlayCard) -> None:
    key = face(command.card).key
    if key == texts.POTION:
        _potion(em, command)
        return
    state, seat = em.state, command.seat
    require(
        key in texts.OPENING_CARDS,
        R_SPELLS,
        f"{face(command.card).name} is not played in the Movement phase",
    )
    _in_opening(state, seat)
    require(command.card in state.zone(seat, STORAGE), R_SPELLS, f"{command.card} is not in your Storage Hand")
    enemy = other(seat)
    name = face(command.card).name
    rule = _rule(name)
    if key == texts.VISION:
        require(bool(state.zone(enemy, UP)), rule, "the enemy has no Up card to discard")
    elif key == texts.CONTROL_DESTINY:
        require(bool(state.zone(seat, DECK)), rule, "your deck is empty")
    elif key == texts.ROOSTER:
        require(state.first != seat, rule, "you move first already")
    elif key == texts.FORCE_BARRIER:
        require(is_space(command.target), rule, "name the space of the barrier (a1..c4)")
        require(not state.player(seat).barrier, rule, "your Force Barrier is in effect already")
        require(state.player(seat).stones > 0, rule, "a Force Barrier costs a Power Stone and you have none")
    else:
        require(not state.player(enemy).slowed, rule, "the enemy is slowed already this turn")
    spend(em, seat, command.card, name, rule=rule)
    if key == texts.FORCE_BARRIER:
        em.emit(StonesSpent, rule, seat=seat, count=1, reason=f"Force Barrier on {command.target}")
    await_answer(em, seat, command.card, command.target)


def resolve_opening_card(em: Em, played: Answer) -> None:
    """An opening window's card takes effect if it stands; the window goes on with the
    enemy either way."""
    if played.stands:
        _opening_effect(em, played)
    em.emit(WindowMove, R_SPELLS, seat=played.seat, passed=False, actor=other(played.seat))


def _opening_effect(em: Em, played: Answer) -> None:
    seat, enemy = played.seat, other(played.seat)
    key = face(played.card).key
    rule = _rule(face(played.card).name)
    if key == texts.VISION:
        move(em, rule, enemy, em.state.zone(enemy, UP), UP, DISCARD, "Vision")
        turn_up_cards(em, em.rng)
    elif key == texts.CONTROL_DESTINY:
        top = em.state.zone(seat, DECK)[: texts.CONTROL_DESTINY_CARDS]
        em.emit(DeckSeen, rule, seat=seat, owner=seat, look=ARRANGE, cards=top)
    elif key == texts.ROOSTER:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="first", target=str(seat))
    elif key == texts.FORCE_BARRIER:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="barrier", target=played.target)
    else:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="slow", target=str(enemy))


def pass_opening(em: Em, command: Pass) -> None:
    """Both seats pass in turn: the first mover turns the first Shield (guardians Movement)."""
    _in_opening(em.state, command.seat)
    em.emit(WindowMove, R_UP, seat=command.seat, passed=True, actor=other(command.seat))
    if em.state.passes >= 2:
        next_actor(em, em.state.first, first_turn=True)


def put_back(em: Em, command: PutBack) -> None:
    player = em.state.player(command.seat)
    rule = _rule("Control Destiny")
    require(player.look == ARRANGE, rule, "you are not looking at your deck's top cards")
    require(command.card in player.looking, rule, f"{command.card} is not among the cards you are looking at")
    em.emit(CardPutBack, rule, seat=command.seat, card=command.card, bottom=command.bottom)


# ---------------------------------------------------------------- during your move


def _potion(em: Em, command: PlayCard) -> None:
    """+1 step for the Shield you turned and are moving (the step rules still stop it)."""
    state, seat = em.state, command.seat
    rule = _rule("Potion of Movement Essence")
    require(state.phase == MOVEMENT and state.active == seat and bool(state.moving), rule, "play it during your move")
    require(command.card in state.zone(seat, STORAGE), R_SPELLS, f"{command.card} is not in your Storage Hand")
    require(state.mode != "reinforce", rule, "a reinforcing Shield does not move")
    require(not state.player(seat).slowed, _rule("Pepe's Slow Down"), "your Shields move one space at most this turn")
    spend(em, seat, command.card, "Potion of Movement Essence", rule=rule)
    await_answer(em, seat, command.card, state.moving)


def resolve_potion(em: Em, played: Answer) -> None:
    """One more step for the Shield being moved."""
    if played.stands:
        rule = _rule("Potion of Movement Essence")
        em.emit(TurnEffect, rule, seat=played.seat, source=played.card, effect="extra-step", target=played.target)


def tower_creature(state: GuardiansState, seat: int) -> tuple[str, str]:
    """The creature in the seat's Teleport Tower and the tower's zone, ("", "") if none."""
    for space in strongholds(seat):
        held = state.zone(seat, tower(space))
        if held and any(face(c).key == texts.TELEPORT_TOWER for c in state.zone(seat, upgrade(space))):
            return held[0], tower(space)
    return "", ""


def teleport(em: Em, command: Teleport) -> None:
    state, seat = em.state, command.seat
    rule = _rule("Teleport Tower")
    require(
        state.phase == MOVEMENT and not state.window and state.active == seat and not state.moving,
        rule,
        "the tower's creature teleports on your movement turn, before you turn a Shield",
    )
    creature, zone = tower_creature(state, seat)
    require(bool(creature), rule, "your Teleport Tower holds no creature")
    target = state.shield(command.shield)
    require(
        target is not None and target.seat == seat and target.turned,
        rule,
        "the creature teleports to a turned Shield of yours",
    )
    assert target is not None
    points = stacking(state.zone(seat, members(target.card))) + face(creature).stacking
    require(
        points <= face(target.card).shield_limit,
        R_MOVE,
        f"the Shield would carry {points} points; it holds {face(target.card).shield_limit}",
    )
    move(em, rule, seat, (creature,), zone, members(target.card), "teleported")
