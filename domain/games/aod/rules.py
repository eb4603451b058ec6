"""Army of Darkness decide: check a command against the rules, then emit its facts."""

from __future__ import annotations

from domain.games.aod.cards import EVENT, MONSTER, card, is_card, parse_characters
from domain.games.aod.citations import (
    R_ALLIES,
    R_ATTACK,
    R_EVENTS,
    R_HEALTH,
    R_ITEMS,
    R_MONSTERS,
    R_OBJECTIVE,
    R_OPT_SWITCH,
    R_PLAY,
    R_SETUP,
)
from domain.games.aod.combat import finish_attack, resolve_attack
from domain.games.aod.effects import check_event, resolve_event
from domain.games.aod.messages import (
    Attack,
    CardMoved,
    CardPlayed,
    CardSwitched,
    DiscardCard,
    DiscardOwed,
    EndTurn,
    PhaseChanged,
    PlayCard,
    SwitchAlly,
    SwitchItem,
)
from domain.games.aod.state import (
    AFTERMATH,
    ALLY,
    ATTACK,
    DISCARD,
    HAND,
    OTHER,
    PILE,
    PLAY,
    SETUP,
    WEAPON,
    AodState,
    play_zone,
)
from domain.games.aod.turns import (
    Em,
    check_health,
    discard_from_hand,
    end_turn,
    new_em,
    start_game,
)
from domain.kernel import Command, Event, Rng, RuleViolation, StartGame, require

# A failed check's message is formatted only when it is raised: legal_commands runs
# these checks for every candidate.


def _require_seat(state: AodState, seat: int) -> None:
    require(not state.finished, R_PLAY, "the game is over")
    require(state.phase != SETUP, R_SETUP, "the game has not started yet")
    if seat not in state.seats():
        raise RuleViolation(R_PLAY, f"there is no seat {seat} in this game")


def _require_turn_step(state: AodState, seat: int, phase: str, rule: str, what: str) -> None:
    _require_seat(state, seat)
    if state.active != seat:
        raise RuleViolation(rule, f"it is seat {state.active}'s turn, not yours")
    if state.owed_seat:
        raise RuleViolation(R_HEALTH, f"seat {state.owed_seat} must first discard the cards he owes")
    if state.phase != phase:
        raise RuleViolation(rule, f"you cannot {what} now: your turn is in its {state.phase} step")


def check_play(state: AodState, command: PlayCard) -> None:
    _require_turn_step(state, command.seat, PLAY, R_PLAY, "play a card")
    if command.card not in state.player(command.seat).hand:
        raise RuleViolation(R_PLAY, f"{command.card} is not in your hand")
    kind = card(command.card).kind
    if kind == MONSTER:
        require(command.target_seat in state.seats(), R_PLAY, "a Monster goes on a character's pile: name the seat")
        require(command.target_card == "", R_PLAY, "a Monster takes no target card")
    elif kind == EVENT:
        check_event(state, command)
    else:
        if command.target_seat != 0 or command.target_card != "":
            raise RuleViolation(R_PLAY, f"{card(command.card).name} goes into play next to your character "
                                        "and takes no target")


def check_discard(state: AodState, command: DiscardCard) -> None:
    _require_seat(state, command.seat)
    if state.owed_seat != command.seat:
        _require_turn_step(state, command.seat, PLAY, R_PLAY, "discard a card")
    if command.card not in state.player(command.seat).hand:
        raise RuleViolation(R_PLAY, f"{command.card} is not in your hand")


def check_attack(state: AodState, command: Attack) -> None:
    _require_turn_step(state, command.seat, ATTACK, R_ATTACK, "attack")
    seats = state.seats()
    if command.target_seat not in seats:
        raise RuleViolation(R_ATTACK, f"there is no seat {command.target_seat} to attack")
    if command.target_card:
        pile = state.player(command.target_seat).pile
        require(bool(pile) and pile[-1] == command.target_card, R_ATTACK,
                "only the top Monster of a pile may be attacked")
    else:
        require(command.target_seat != command.seat, R_ATTACK, "you cannot attack your own character")
    player = state.player(command.seat)
    require(not command.use_weapon or bool(player.weapons), R_ITEMS, "you have no active weapon to use")
    require(not command.use_other or bool(player.others), R_ITEMS, "you have no active Item to use")
    require(not command.use_allies or bool(player.allies), R_ALLIES, "you have no active Ally to use")


def check_end(state: AodState, command: EndTurn) -> None:
    _require_turn_step(state, command.seat, ATTACK, R_ATTACK, "end your turn")
    require(not state.player(command.seat).pile, R_ATTACK,
            "your pile holds Monsters, so you must attack something")


def may_switch(state: AodState, seat: int) -> tuple[bool, str]:
    """When an owner may switch his stacked cards: at any time while the game is on, in
    his turn or out of it (aod Items, aod Allies); with the option only between his
    draw and his play."""
    if state.finished or state.phase == SETUP or seat not in state.seats():
        return False, R_ITEMS
    if state.options.switch_before_play_only:
        return state.active == seat and state.phase == PLAY and not state.owed_seat, R_OPT_SWITCH
    return True, R_ITEMS


def check_switch(state: AodState, command: SwitchItem | SwitchAlly) -> str:
    """The zone of the card to switch, or RuleViolation."""
    _require_seat(state, command.seat)
    ok, rule = may_switch(state, command.seat)
    require(ok, rule, "you may not switch your Items or Allies now")
    if not is_card(command.card):
        raise RuleViolation(R_ITEMS, f"there is no card {command.card!r}")
    player = state.player(command.seat)
    if isinstance(command, SwitchAlly):
        if command.card not in player.allies:
            raise RuleViolation(R_ALLIES, f"{command.card} is not one of your Allies")
        if command.card in player.active_allies():
            raise RuleViolation(R_ALLIES, f"{command.card} is already active")
        return ALLY
    zone = play_zone(command.card)
    stack = player.stack(zone) if zone in (WEAPON, OTHER) else ()
    if command.card not in stack:
        raise RuleViolation(R_ITEMS, f"{command.card} is not one of your Items")
    if stack[0] == command.card:
        raise RuleViolation(R_ITEMS, f"{command.card} is already active")
    return zone


def validate(state: AodState, command: Command) -> None:
    """RuleViolation unless `command` is legal now (no events)."""
    match command:
        case PlayCard():
            check_play(state, command)
        case DiscardCard():
            check_discard(state, command)
        case Attack():
            check_attack(state, command)
        case EndTurn():
            check_end(state, command)
        case SwitchItem() | SwitchAlly():
            check_switch(state, command)
        case StartGame():
            require(state.phase == SETUP, R_SETUP, "the game has already started")
        case _:
            raise RuleViolation(R_PLAY, f"{command.type_name()} is not an Army of Darkness command")


def _play(em: Em, rng: Rng, command: PlayCard) -> None:
    seat, played = command.seat, command.card
    em.emit(CardPlayed, R_PLAY, seat=seat, card=played, target_seat=command.target_seat,
            target_card=command.target_card)
    kind = card(played).kind
    if kind == MONSTER:
        em.emit(CardMoved, R_MONSTERS, card=played, from_seat=seat, from_zone=HAND, to_seat=command.target_seat,
                to_zone=PILE, reason="played")
    elif kind == EVENT:
        resolve_event(em, rng, command)
        em.emit(CardMoved, R_EVENTS, card=played, from_seat=seat, from_zone=HAND, to_seat=0, to_zone=DISCARD,
                reason="resolved")
    else:
        zone = play_zone(played)
        rule = {WEAPON: R_ITEMS, OTHER: R_ITEMS, ALLY: R_ALLIES}.get(zone, R_OBJECTIVE)
        em.emit(CardMoved, rule, card=played, from_seat=seat, from_zone=HAND, to_seat=seat, to_zone=zone,
                reason="played")
    check_health(em, rng, seat)
    if not em.state.finished:
        em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def _discard(em: Em, rng: Rng, command: DiscardCard) -> None:
    state = em.state
    seat = command.seat
    if state.owed_seat == seat:
        count, reason = state.owed_count, state.owed_reason
        flipped = discard_from_hand(em, rng, seat, command.card, reason, R_HEALTH)
        if not flipped:
            em.emit(DiscardOwed, R_HEALTH, seat=seat, count=count - 1, reason=reason)
        if not em.state.owed_seat and em.state.phase == AFTERMATH:
            finish_attack(em, rng)
        return
    discard_from_hand(em, rng, seat, command.card, "discarded instead of a play", R_PLAY)
    em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def decide(state: AodState, command: Command, rng: Rng) -> list[Event]:
    validate(state, command)
    em = new_em(state)
    match command:
        case StartGame():
            start_game(em, rng, parse_characters(state.options.characters, len(state.players)))
        case PlayCard():
            _play(em, rng, command)
        case DiscardCard():
            _discard(em, rng, command)
        case Attack():
            resolve_attack(em, rng, command)
        case EndTurn():
            end_turn(em, rng)
        case SwitchItem() | SwitchAlly():
            zone = check_switch(state, command)
            em.emit(CardSwitched, R_ALLIES if zone == ALLY else R_ITEMS, seat=command.seat, zone=zone,
                    card=command.card)
    return em.events
