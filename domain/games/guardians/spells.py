"""Cards played outside combat (guardians Text Box; texts.py names them):

- in Draw & Organize: Curse of the Betrayed and Assassin of Shadow;
- in the Movement phase's opening window, after the Up cards and before any Shield is
  turned, the seats in turn (the first mover first) until both pass: Argammond's
  Vision, Control Destiny, Rooster, Force Barrier and Pepe's Slow Down;
- before you turn a Shield: the Teleport Tower's creature (on your own movement turn the
  general way plays the cards whose "play" is "moving": `on_own_move`).
"""

from __future__ import annotations

from functools import cache

from domain.games.guardians import texts
from domain.games.guardians.answers import await_answer, check_may_play
from domain.games.guardians.board import is_space, strongholds
from domain.games.guardians.cards import CARDS, card
from domain.games.guardians.citations import (
    R_ASSASSIN,
    R_CONTROL_DESTINY,
    R_CURSE,
    R_MOVE,
    R_ORGANIZE,
    R_SPELLS,
    R_TELEPORT_TOWER,
    R_UP,
    text_box,
)
from domain.games.guardians.effects import Em, move, next_actor, spend, turn_up_cards
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
from domain.games.guardians.movement import check_carries
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
    face,
    members,
    other,
    tower,
    upgrade,
)
from domain.kernel import Rng, RuleViolation, require


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


def check_play_in_organize(state: GuardiansState, command: PlayCard) -> str:
    """Curse of the Betrayed (target: the key of the card whose name is cursed) or
    Assassin of Shadow (no target), from the cards just drawn or the Storage Hand: the
    zone it is played from."""
    seat = command.seat
    organizing(state, seat)
    zone = state.zone_of(command.card) if command.card.startswith(f"{seat}.") else ""
    if zone not in (DRAWN, STORAGE):
        raise RuleViolation(R_ORGANIZE, f"{command.card} is not in your hand or Storage Hand")
    key = face(command.card).key
    if key == texts.CURSE:
        require(command.target in cursable(), R_CURSE, "name a Spell or non-Creature Magic Item the rules know")
        name = card(command.target).name
        if name in state.player(other(seat)).cursed:
            raise RuleViolation(R_CURSE, f"{name} is cursed already this turn")
    elif key == texts.ASSASSIN:
        require(
            not command.target, R_ASSASSIN, "Assassin of Shadow names no target: you look at the enemy's deck first"
        )
        # The draws come before the organizing (DRAW AND ORGANIZE PHASE); Tes let's choice
        # is part of its seat's draw, so the deck looked at is the one left after it.
        require(
            not up_choice_pending(state, other(seat)),
            R_ORGANIZE,
            "the enemy has not drawn yet: it first says whether it keeps its Up card",
        )
    else:
        raise RuleViolation(R_SPELLS, f"{face(command.card).name} is not played in Draw & Organize")
    check_may_play(state, seat, command.card)
    return zone


def play_in_organize(em: Em, command: PlayCard, zone: str) -> None:
    """The card is spent and waits for the enemy's answer (answers.py)."""
    rule = R_CURSE if face(command.card).key == texts.CURSE else R_ASSASSIN
    spend(em, command.seat, command.card, face(command.card).name, from_zone=zone, rule=rule)
    await_answer(em, command.seat, command.card, command.target)


def resolve_curse(em: Em, rng: Rng, played: Answer) -> None:
    """The enemy may not play cards of the name this turn."""
    if played.stands:
        em.emit(
            TurnEffect, R_CURSE, seat=played.seat, source=played.card, effect="curse", target=card(played.target).name
        )


def resolve_assassin(em: Em, rng: Rng, played: Answer) -> None:
    """The caster looks at the enemy's deck (and takes a Creature: assassinate)."""
    if not played.stands:
        return
    seat, victim = played.seat, other(played.seat)
    em.emit(DeckSeen, R_ASSASSIN, seat=seat, owner=victim, look=ASSASSINATE, cards=em.state.zone(victim, DECK))
    if not any(face(c).is_creature for c in em.state.zone(victim, DECK)):
        _reshuffle(em, rng, seat)


def check_assassinate(state: GuardiansState, command: Assassinate) -> None:
    player = state.player(command.seat)
    require(player.look == ASSASSINATE, R_ASSASSIN, "you are not looking at the enemy's deck")
    if not (command.card in player.looking and face(command.card).is_creature):
        raise RuleViolation(R_ASSASSIN, f"{command.card} is not a Creature in the deck you are looking at")
    if state.zone_of(command.card) != DECK:
        raise RuleViolation(R_ASSASSIN, f"{command.card} is no longer in the enemy's deck")


def assassinate(em: Em, rng: Rng, command: Assassinate) -> None:
    move(em, R_ASSASSIN, other(command.seat), (command.card,), DECK, DISCARD, "taken by Assassin of Shadow")
    _reshuffle(em, rng, command.seat)


def _reshuffle(em: Em, rng: Rng, seat: int) -> None:
    victim = other(seat)
    em.emit(DeckShuffled, R_ASSASSIN, seat=victim, order=tuple(rng.shuffled(em.state.zone(victim, DECK))))
    em.emit(LookEnded, R_ASSASSIN, seat=seat)


# ---------------------------------------------------------------- the opening window


def in_opening(state: GuardiansState, seat: int) -> None:
    require(
        state.phase == MOVEMENT and state.window == OPENING,
        R_UP,
        "this is played after the Up cards are turned, before any Shield is",
    )
    require(not any(p.looking for p in state.players), R_SPELLS, "a seat is still looking at its cards")
    if state.active != seat:
        raise RuleViolation(R_UP, f"seat {state.active} may play or pass now")


def on_own_move(state: GuardiansState, seat: int) -> None:
    """The seat's own movement turn, outside the opening window: before it turns a Shield
    or while that Shield moves (casting.py's "moving" timing)."""
    require(
        state.phase == MOVEMENT and not state.window and state.active == seat,
        R_MOVE,
        "play it on your own movement turn, during your move or before you turn a Shield",
    )
    require(not any(p.looking for p in state.players), R_SPELLS, "a seat is still looking at its cards")


def check_play_in_movement(state: GuardiansState, command: PlayCard) -> None:
    """An opening window's card."""
    key = face(command.card).key
    seat = command.seat
    if key not in texts.OPENING_CARDS:
        raise RuleViolation(R_SPELLS, f"{face(command.card).name} is not played in the Movement phase")
    in_opening(state, seat)
    if command.card not in state.zone(seat, STORAGE):
        raise RuleViolation(R_SPELLS, f"{command.card} is not in your Storage Hand")
    enemy = other(seat)
    rule = text_box(face(command.card).name)
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
    check_may_play(state, seat, command.card)


def play_in_movement(em: Em, command: PlayCard) -> None:
    """The card is spent (a Force Barrier costs a Power Stone too) and waits for the
    enemy's answer (answers.py)."""
    seat, name = command.seat, face(command.card).name
    rule = text_box(name)
    spend(em, seat, command.card, name, rule=rule)
    if face(command.card).key == texts.FORCE_BARRIER:
        em.emit(StonesSpent, rule, seat=seat, count=1, reason=f"Force Barrier on {command.target}")
    await_answer(em, seat, command.card, command.target)


def resolve_opening_card(em: Em, rng: Rng, played: Answer) -> None:
    """An opening window's card takes effect if it stands; the window goes on with the
    enemy either way."""
    if played.stands:
        _opening_effect(em, rng, played)
    em.emit(WindowMove, R_SPELLS, seat=played.seat, passed=False, actor=other(played.seat))


def _opening_effect(em: Em, rng: Rng, played: Answer) -> None:
    seat, enemy = played.seat, other(played.seat)
    key = face(played.card).key
    rule = text_box(face(played.card).name)
    if key == texts.VISION:
        move(em, rule, enemy, em.state.zone(enemy, UP), UP, DISCARD, "Vision")
        turn_up_cards(em, rng)
    elif key == texts.CONTROL_DESTINY:
        top = em.state.zone(seat, DECK)[: texts.CONTROL_DESTINY_CARDS]
        em.emit(DeckSeen, rule, seat=seat, owner=seat, look=ARRANGE, cards=top)
    elif key == texts.ROOSTER:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="first", target=str(seat))
    elif key == texts.FORCE_BARRIER:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="barrier", target=played.target)
    else:
        em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="slow", target=str(enemy))


def check_pass_opening(state: GuardiansState, command: Pass) -> None:
    in_opening(state, command.seat)


def pass_opening(em: Em, rng: Rng, command: Pass) -> None:
    """Both seats pass in turn: the first mover turns the first Shield (guardians Movement)."""
    em.emit(WindowMove, R_UP, seat=command.seat, passed=True, actor=other(command.seat))
    if em.state.passes >= 2:
        next_actor(em, rng, em.state.first, first_turn=True)


def check_put_back(state: GuardiansState, command: PutBack) -> None:
    player = state.player(command.seat)
    require(player.look == ARRANGE, R_CONTROL_DESTINY, "you are not looking at your deck's top cards")
    if command.card not in player.looking:
        raise RuleViolation(R_CONTROL_DESTINY, f"{command.card} is not among the cards you are looking at")


def put_back(em: Em, command: PutBack) -> None:
    em.emit(CardPutBack, R_CONTROL_DESTINY, seat=command.seat, card=command.card, bottom=command.bottom)


# ---------------------------------------------------------------- your movement turn


def tower_creature(state: GuardiansState, seat: int) -> tuple[str, str]:
    """The creature in the seat's Teleport Tower and the tower's zone, ("", "") if none."""
    for space in strongholds(seat):
        held = state.zone(seat, tower(space))
        if held and any(face(c).key == texts.TELEPORT_TOWER for c in state.zone(seat, upgrade(space))):
            return held[0], tower(space)
    return "", ""


def check_teleport(state: GuardiansState, command: Teleport) -> None:
    seat = command.seat
    require(
        state.phase == MOVEMENT and not state.window and state.active == seat and not state.moving,
        R_TELEPORT_TOWER,
        "the tower's creature teleports on your movement turn, before you turn a Shield",
    )
    creature, _ = tower_creature(state, seat)
    require(bool(creature), R_TELEPORT_TOWER, "your Teleport Tower holds no creature")
    target = state.shield(command.shield)
    require(
        target is not None and target.seat == seat and target.turned,
        R_TELEPORT_TOWER,
        "the creature teleports to a turned Shield of yours",
    )
    check_carries(state, command.shield, creature, R_MOVE)


def teleport(em: Em, command: Teleport) -> None:
    creature, zone = tower_creature(em.state, command.seat)
    move(em, R_TELEPORT_TOWER, command.seat, (creature,), zone, members(command.shield), "teleported")
