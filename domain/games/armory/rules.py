"""decide(state, command, rng): ARMORY's rules. Each check cites the rule it enforces.

`check(state, command)` validates without producing events (legal_commands uses it);
`decide` validates and emits, cascading through the Emitter.
"""

from __future__ import annotations

from domain.games.armory import cards, duel, mystics
from domain.games.armory.cards import COMBATANTS, HAND_SIZE
from domain.games.armory.evolve import evolve
from domain.games.armory.messages import (
    ArmamentPlaced,
    AttackCast,
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
    GameWon,
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
    combatant,
    fully_armed,
    player,
    turn_opponent,
)
from domain.games.armory.turns import check_stop, draw, end_turn
from domain.kernel import SYSTEM_SEAT, Command, Emitter, Event, Rng, RuleViolation, StartGame, require

# ---------------------------------------------------------------- shared checks


def _check_seat(state: ArmoryState, command: Command) -> None:
    if isinstance(command, StartGame):
        require(command.seat == SYSTEM_SEAT, "armory R2", "only the service starts the game")
        require(state.phase == SETUP, "armory R2", "the game has already started")
        return
    if state.phase == SETUP:
        raise RuleViolation("armory R2", "the game has not started yet")
    if state.finished:
        raise RuleViolation("armory R11", "the game is over")
    if not 1 <= command.seat <= len(state.players):
        raise RuleViolation("armory R1", f"seat {command.seat} does not play in this game")


def _check_turn_card(state: ArmoryState, seat: int, card: str) -> None:
    """armory R4: a turn card is the Turn Player's, from his hand, at most 3 a turn."""
    if state.phase != TURN_CARDS:
        raise RuleViolation("armory R4", "turn cards are played only before the Turn Player is open for attack")
    if seat != state.turn_player:
        raise RuleViolation("armory glossary: TURN PLAYER", f"it is seat {state.turn_player}'s turn, not seat {seat}'s")
    if state.stack:
        raise RuleViolation("armory R5", "the Mystic on the stack must be answered first")
    if state.actions >= cards.TURN_CARDS:
        raise RuleViolation("armory R4", "the Turn Player has already used his 3 turn cards")
    if card not in player(state, seat).hand:
        raise RuleViolation("armory R4", f"{card or 'no card'} is not in seat {seat}'s hand")
    if card in state.trade_drawn:
        raise RuleViolation("armory R6", f"{card} was drawn by a trade this turn: it may only be used defensively")


def _check_placement(state: ArmoryState, seat: int, card: str, name: str) -> None:
    require(not state.traded, "armory R4", "Armaments and Guardians may not be placed after a trade in the same turn")
    require(name in COMBATANTS, "armory R1",
            f"{name or 'no combatant'} is not a combatant (warrior-1, warrior-2, archer)")
    require(card not in player(state, seat).locked, "armory R7",
            f"{card} was stripped in a duel: it may not be placed back during this turn")


def check_place_armament(state: ArmoryState, command: PlaceArmament) -> None:
    seat, card, name = command.seat, command.card, command.combatant
    _check_turn_card(state, seat, card)
    require(cards.kind(card) == cards.ARMAMENT, "armory R4", f"{card} is a {cards.name(card)}, not an Armament")
    _check_placement(state, seat, card, name)
    kind = cards.name(card)
    require(kind in cards.armaments_for(name), "armory HOW",
            f"a {kind} does not fit the {cards.combatant_kind(name)} {name}")
    holder = combatant(player(state, seat), name)
    require(all(cards.name(a) != kind for a in holder.armaments), "armory R8", f"{name} already has a {kind}")


def check_place_guardian(state: ArmoryState, command: PlaceGuardian) -> None:
    seat, card, name = command.seat, command.card, command.combatant
    _check_turn_card(state, seat, card)
    require(cards.kind(card) == cards.GUARDIAN, "armory R10", f"{card} is a {cards.name(card)}, not a Guardian")
    _check_placement(state, seat, card, name)
    holder = combatant(player(state, seat), name)
    require(not holder.guardian, "armory R10", f"{name} already has a Guardian")
    require(fully_armed(holder), "armory R10",
            f"{name} is not fully armed yet: a Guardian goes on a fully armed combatant")


def check_trade(state: ArmoryState, command: Trade) -> None:
    _check_turn_card(state, command.seat, command.card)
    require(not state.torch_cast, "armory R6", "no trading in a turn in which a TORCH was a turn card")


def check_attack(state: ArmoryState, command: CastAttack) -> None:
    seat = command.seat
    require(state.phase == TURN_CARDS and seat == state.turn_player, "armory R11d",
            "the ATTACK is cast only as a turn card on your own turn, before opening for attack")
    _check_turn_card(state, seat, command.card)
    require(cards.kind(command.card) == cards.ATTACK, "armory R11", f"{command.card} is not an ATTACK card")
    p = player(state, seat)
    unguarded = [c.combatant for c in p.combatants if not c.guardian]
    require(not unguarded, "armory R11b", f"every combatant must be guarded first ({', '.join(unguarded)} is not)")
    require(p.guardian_turn != state.turn, "armory R11a",
            "the ATTACK cannot be cast in a turn in which a Guardian was placed")


def check_open(state: ArmoryState, command: OpenForAttack) -> None:
    require(state.phase == TURN_CARDS, "armory R5", "the turn cards are not being played now")
    require(command.seat == state.turn_player, "armory R5",
            f"only the Turn Player, seat {state.turn_player}, opens for attack")
    require(not state.stack, "armory R5", "the Mystic on the stack must be answered first")
    require(state.actions >= 1, "armory R4", "the Turn Player must make at least one turn-card action")


def check_end_attack(state: ArmoryState, command: EndAttack) -> None:
    require(state.phase == ATTACK, "armory R5", "no attack is under way")
    require(command.seat == turn_opponent(state), "armory R5",
            f"only the Turn Opponent, seat {turn_opponent(state)}, ends the attack")
    require(not state.stack, "armory R5", "the Mystic on the stack must be answered first")


def check(state: ArmoryState, command: Command) -> None:
    """Raise a RuleViolation unless `command` is legal now. Produces nothing."""
    _check_seat(state, command)
    if isinstance(command, (PlaceArmament, PlaceGuardian, Trade, CastMystic, Sacrifice, CastAttack)):
        _card_of(state, command.seat, command.card)
    if isinstance(command, (DuelDiscard, DuelStrip)):
        require(cards.is_card_id(command.card), "armory R7", f"{command.card or 'no card'} is not an ARMORY card")
    match command:
        case StartGame():
            return
        case PlaceArmament():
            check_place_armament(state, command)
        case PlaceGuardian():
            check_place_guardian(state, command)
        case Trade():
            check_trade(state, command)
        case CastMystic():
            mystics.check_cast(state, command)
        case Sacrifice():
            mystics.check_sacrifice(state, command)
        case Pass():
            mystics.check_pass(state, command.seat)
        case OpenForAttack():
            check_open(state, command)
        case EndAttack():
            check_end_attack(state, command)
        case CastAttack():
            check_attack(state, command)
        case DeclareDuel():
            duel.check_declare(state, command)
        case ChooseDuelPrize():
            duel.check_prize(state, command)
        case DuelDiscard():
            duel.check_discard(state, command)
        case DuelStrip():
            duel.check_strip(state, command)
        case _:
            raise RuleViolation("armory R4", f"ARMORY has no command {command.type_name()}")


def _card_of(state: ArmoryState, seat: int, card: str) -> None:
    if not cards.is_card_id(card):
        raise RuleViolation("armory R4", f"{card or 'no card'} is not an ARMORY card")
    if cards.owner(card) != seat:
        raise RuleViolation("armory R4", f"{card} belongs to seat {cards.owner(card)}, not seat {seat}")


# ---------------------------------------------------------------- decide


def decide(state: ArmoryState, command: Command, rng: Rng) -> list[Event]:
    check(state, command)
    em: Emitter[ArmoryState] = Emitter(state, evolve)
    match command:
        case StartGame():
            _start(em, rng)
        case PlaceArmament(seat=seat, card=card, combatant=name):
            em.emit(ArmamentPlaced(seat=seat, card=card, combatant=name), "armory R4")
            check_stop(em, rng)
        case PlaceGuardian(seat=seat, card=card, combatant=name):
            em.emit(GuardianPlaced(seat=seat, card=card, combatant=name), "armory R10")
            check_stop(em, rng)
        case Trade(seat=seat, card=card):
            em.emit(CardTraded(seat=seat, card=card), "armory R6")
            draw(em, rng, seat, 1, "trade", "armory R6")
            check_stop(em, rng)
        case CastMystic():
            mystics.cast(em, command)
        case Sacrifice():
            mystics.sacrifice(em, rng, command)
        case Pass(seat=seat):
            mystics.resolve_top(em, rng, seat)
        case OpenForAttack(seat=seat):
            em.emit(OpenedForAttack(seat=seat), "armory R5")
            check_stop(em, rng)
        case EndAttack():
            end_turn(em, rng, "the Turn Opponent ended his attack", "armory R5")
        case CastAttack(seat=seat, card=card):
            em.emit(AttackCast(seat=seat, card=card, halting_allowed=state.attack_can_be_halted), "armory R11")
            if not state.attack_can_be_halted:
                em.emit(GameWon(seat=seat, reason="ATTACK: all combatants armed and guarded"), "armory R11")
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
    """armory R2: each player shuffles his deck and draws 7; armory R4: seat 1 goes first."""
    for p in em.state.players:
        em.emit(DeckShuffled(seat=p.seat, order=tuple(rng.shuffled(p.draw)), reason="start"), "armory R2")
        taken = player(em.state, p.seat).draw[:HAND_SIZE]
        em.emit(CardsDrawn(seat=p.seat, cards=taken, count=len(taken), reason="start"), "armory R2")
    em.emit(TurnStarted(seat=1, turn=1), "armory R4")
