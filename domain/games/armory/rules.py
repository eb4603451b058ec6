"""decide(state, command, rng): ARMORY's rules. Each check cites the rule it enforces.

`check(state, command)` validates without producing events (legal_commands uses it);
`decide` validates and emits, cascading through the Emitter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.armory import cards, duel, mystics
from domain.games.armory.cards import COMBATANTS, HAND_SIZE
from domain.games.armory.citations import (
    GLOSSARY_TURN_PLAYER,
    HOW,
    OPTION_ANY_OPPONENT_ANSWERS,
    R1,
    R2,
    R4,
    R5,
    R6,
    R7,
    R8,
    R10,
    R11,
    R11A,
    R11B,
    R11C,
    R11D,
)
from domain.games.armory.evolve import evolve
from domain.games.armory.messages import (
    ArmamentPlaced,
    AttackCast,
    AttackHandedOn,
    CardsDrawn,
    CardTraded,
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeckShuffled,
    DeclareDuel,
    DuelDiscard,
    DuelStrip,
    EndAttack,
    FirstPlayerChosen,
    GuardianPlaced,
    OpenedForAttack,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
    TurnStarted,
)
from domain.games.armory.state import (
    ATTACK,
    SETUP,
    TURN_CARDS,
    ArmoryState,
    Combatant,
    Player,
    answering_seats,
    armed_and_guarded,
    combatant,
    fully_armed,
    player,
    turn_opponent,
)
from domain.games.armory.turns import attack_wins, check_stop, draw, end_turn
from domain.kernel import SYSTEM_SEAT, Command, Emitter, Event, Rng, RuleViolation, StartGame, require

# ---------------------------------------------------------------- shared checks
# A failed check's message is formatted only when it is raised (check runs for every command).


def _check_seat(state: ArmoryState, command: Command) -> None:
    if isinstance(command, StartGame):
        require(command.seat == SYSTEM_SEAT, R2, "only the service starts the game")
        require(state.phase == SETUP, R2, "the game has already started")
        return
    if state.phase == SETUP:
        raise RuleViolation(R2, "the game has not started yet")
    if state.finished:
        raise RuleViolation(R11, "the game is over")
    if not 1 <= command.seat <= len(state.players):
        raise RuleViolation(R1, f"seat {command.seat} does not play in this game")


def _check_turn_card(state: ArmoryState, seat: int, card: str) -> None:
    """armory R4: a turn card is the Turn Player's, from his hand, at most 3 a turn."""
    if state.phase != TURN_CARDS:
        raise RuleViolation(R4, "turn cards are played only before the Turn Player is open for attack")
    if seat != state.turn_player:
        raise RuleViolation(GLOSSARY_TURN_PLAYER, f"it is seat {state.turn_player}'s turn, not seat {seat}'s")
    if state.stack:
        raise RuleViolation(R5, "the Mystic on the stack must be answered first")
    if state.actions >= cards.TURN_CARDS:
        raise RuleViolation(R4, "the Turn Player has already used his 3 turn cards")
    if card not in player(state, seat).hand:
        raise RuleViolation(R4, f"{card or 'no card'} is not in seat {seat}'s hand")
    if card in state.trade_drawn:
        raise RuleViolation(R6, f"{card} was drawn by a trade this turn: it may only be used defensively")


def _check_placement(state: ArmoryState, seat: int, card: str, name: str) -> None:
    require(not state.traded, R4, "an Armament or Guardian cannot follow a trade-in in the same turn")
    if name not in COMBATANTS:
        raise RuleViolation(R1, f"{name or 'no combatant'} is not a combatant (warrior-1, warrior-2, archer)")
    if card in player(state, seat).locked:
        raise RuleViolation(R7, f"{card} was stripped in a duel: it may not be placed back during this turn")


def slot_taken(holder: Combatant, kind: str) -> bool:
    """armory R8: a combatant holds one Armament of each type."""
    return kind in map(cards.name, holder.armaments)


def attack_ready(state: ArmoryState, p: Player) -> bool:
    """armory HOW, R11a, R11b, R11c: every combatant armed and guarded, no Guardian placed and no
    ATTACK halted this turn."""
    return armed_and_guarded(p) and p.guardian_turn != state.turn and not state.attack_halted


def check_place_armament(state: ArmoryState, command: PlaceArmament) -> None:
    seat, card, name = command.seat, command.card, command.combatant
    _check_turn_card(state, seat, card)
    if cards.kind(card) != cards.ARMAMENT:
        raise RuleViolation(R4, f"{card} is a {cards.name(card)}, not an Armament")
    _check_placement(state, seat, card, name)
    kind = cards.name(card)
    if kind not in cards.armaments_for(name):
        raise RuleViolation(HOW, f"a {kind} does not fit the {cards.combatant_kind(name)} {name}")
    if slot_taken(combatant(player(state, seat), name), kind):
        raise RuleViolation(R8, f"{name} already has a {kind}")


def check_place_guardian(state: ArmoryState, command: PlaceGuardian) -> None:
    seat, card, name = command.seat, command.card, command.combatant
    _check_turn_card(state, seat, card)
    if cards.kind(card) != cards.GUARDIAN:
        raise RuleViolation(R10, f"{card} is a {cards.name(card)}, not a Guardian")
    _check_placement(state, seat, card, name)
    holder = combatant(player(state, seat), name)
    if holder.guardian:
        raise RuleViolation(R10, f"{name} already has a Guardian")
    if not fully_armed(holder):
        raise RuleViolation(R10, f"{name} is not fully armed yet: a Guardian goes on a fully armed combatant")


def check_trade(state: ArmoryState, command: Trade) -> None:
    _check_turn_card(state, command.seat, command.card)
    require(not state.torch_cast, R6, "no trading in a turn in which a TORCH was a turn card")


def check_attack(state: ArmoryState, command: CastAttack) -> None:
    seat = command.seat
    require(state.phase == TURN_CARDS and seat == state.turn_player, R11D,
            "the ATTACK is cast only as a turn card on your own turn, before opening for attack")
    _check_turn_card(state, seat, command.card)
    if cards.kind(command.card) != cards.ATTACK:
        raise RuleViolation(R11, f"{command.card} is not an ATTACK card")
    p = player(state, seat)
    unguarded = [c.combatant for c in p.combatants if not c.guardian]
    if unguarded:
        raise RuleViolation(R11B, f"every combatant must be guarded first ({', '.join(unguarded)} is not)")
    unarmed = [c.combatant for c in p.combatants if not fully_armed(c)]
    if unarmed:
        raise RuleViolation(HOW, f"every combatant must be fully armed ({', '.join(unarmed)} is not)")
    require(p.guardian_turn != state.turn, R11A,
            "the ATTACK cannot be cast in a turn in which a Guardian was placed")
    require(not state.attack_halted, R11C, "the ATTACK was halted this turn: it waits for your next turn")


def check_open(state: ArmoryState, command: OpenForAttack) -> None:
    require(state.phase == TURN_CARDS, R5, "the turn cards are not being played now")
    if command.seat != state.turn_player:
        raise RuleViolation(R5, f"only the Turn Player, seat {state.turn_player}, opens for attack")
    require(not state.stack, R5, "the Mystic on the stack must be answered first")
    require(state.actions >= 1, R4, "the Turn Player must make at least one turn-card action")


def check_end_attack(state: ArmoryState, command: EndAttack) -> None:
    require(state.phase == ATTACK, R5, "no attack is under way")
    if command.seat != turn_opponent(state):
        raise RuleViolation(R5, f"only the Turn Opponent, seat {turn_opponent(state)}, ends the attack")
    require(not state.stack, R5, "the Mystic on the stack must be answered first")


def _end_attack(em: Emitter[ArmoryState], rng: Rng, seat: int) -> None:
    """armory R5: the Turn Opponent is done and the turn ends; with the house rule
    any_opponent_answers, the next opponent clockwise attacks first."""
    attackers = answering_seats(em.state)
    later = attackers[attackers.index(seat) + 1:]
    if later:
        em.emit(AttackHandedOn, OPTION_ANY_OPPONENT_ANSWERS, seat=seat, to_seat=later[0])
        check_stop(em, rng)
    else:
        end_turn(em, rng, "the Turn Opponent ended his attack", R5)


def _card_of(state: ArmoryState, seat: int, card: str) -> None:
    if not cards.is_card_id(card):
        raise RuleViolation(R4, f"{card or 'no card'} is not an ARMORY card")
    if cards.owner(card) != seat:
        raise RuleViolation(R4, f"{card} belongs to seat {cards.owner(card)}, not seat {seat}")


def _own_card(check: Callable[[ArmoryState, Any], object]) -> Callable[[ArmoryState, Any], object]:
    """A command that names one of the seat's own cards: the card is checked first."""
    def checked(state: ArmoryState, command: Any) -> object:
        _card_of(state, command.seat, command.card)
        return check(state, command)
    return checked


def _any_card(check: Callable[[ArmoryState, Any], object]) -> Callable[[ArmoryState, Any], object]:
    """A command that names a card of another seat (armory R7): it must be an ARMORY card."""
    def checked(state: ArmoryState, command: Any) -> object:
        if not cards.is_card_id(command.card):
            raise RuleViolation(R7, f"{command.card or 'no card'} is not an ARMORY card")
        return check(state, command)
    return checked


_CHECKS: dict[type[Command], Callable[[ArmoryState, Any], object]] = {
    StartGame: lambda state, command: None,
    PlaceArmament: _own_card(check_place_armament),
    PlaceGuardian: _own_card(check_place_guardian),
    Trade: _own_card(check_trade),
    CastMystic: _own_card(mystics.check_cast),
    Sacrifice: _own_card(mystics.check_sacrifice),
    Pass: lambda state, command: mystics.check_pass(state, command.seat),
    OpenForAttack: check_open,
    EndAttack: check_end_attack,
    CastAttack: _own_card(check_attack),
    DeclareDuel: duel.check_declare,
    ChooseDuelPrize: duel.check_prize,
    DuelDiscard: _any_card(duel.check_discard),
    DuelStrip: _any_card(duel.check_strip),
}


def check(state: ArmoryState, command: Command) -> None:
    """Raise a RuleViolation unless `command` is legal now. Produces nothing."""
    _check_seat(state, command)
    checker = _CHECKS.get(type(command))
    if checker is None:
        raise RuleViolation(R4, f"ARMORY has no command {command.type_name()}")
    checker(state, command)


# ---------------------------------------------------------------- decide


def decide(state: ArmoryState, command: Command, rng: Rng) -> list[Event]:
    check(state, command)
    em: Emitter[ArmoryState] = Emitter(state, evolve)
    match command:
        case StartGame():
            _start(em, rng)
        case PlaceArmament(seat=seat, card=card, combatant=name):
            em.emit(ArmamentPlaced, R4, seat=seat, card=card, combatant=name)
            check_stop(em, rng)
        case PlaceGuardian(seat=seat, card=card, combatant=name):
            em.emit(GuardianPlaced, R10, seat=seat, card=card, combatant=name)
            check_stop(em, rng)
        case Trade(seat=seat, card=card):
            em.emit(CardTraded, R6, seat=seat, card=card)
            draw(em, rng, seat, 1, "trade", R6)
            check_stop(em, rng)
        case CastMystic():
            mystics.cast(em, command)
        case Sacrifice():
            mystics.sacrifice(em, rng, command)
        case Pass(seat=seat):
            mystics.resolve_top(em, rng, seat)
        case OpenForAttack(seat=seat):
            em.emit(OpenedForAttack, R5, seat=seat)
            check_stop(em, rng)
        case EndAttack(seat=seat):
            _end_attack(em, rng, seat)
        case CastAttack(seat=seat, card=card):
            em.emit(AttackCast, R11, seat=seat, card=card, halting_allowed=state.attack_can_be_halted)
            if not state.attack_can_be_halted:
                attack_wins(em, seat)
        case DeclareDuel():
            duel.declare(em, rng, command)
        case ChooseDuelPrize():
            duel.choose_prize(em, rng, command)
        case DuelDiscard():
            duel.discard(em, rng, command)
        case DuelStrip():
            duel.strip(em, rng, command)
    return em.events


def _start(em: Emitter[ArmoryState], rng: Rng) -> None:
    """armory R2: each player shuffles his deck and draws 7; armory R4: the first player is drawn at random."""
    for p in em.state.players:
        em.emit(DeckShuffled, R2, seat=p.seat, order=tuple(rng.shuffled(p.draw)), reason="start")
        taken = player(em.state, p.seat).draw[:HAND_SIZE]
        em.emit(CardsDrawn, R2, seat=p.seat, cards=taken, count=len(taken), reason="start")
    first = rng.choice(em.state.seats)
    em.emit(FirstPlayerChosen, R4, seat=first, seats=len(em.state.seats))
    em.emit(TurnStarted, R4, seat=first, turn=1)
