"""What an accepted ARMORY command does: functions that make its events with the Emitter,
which evolves the state as they go, so that a cascade (a turn ends, hands refill, the next
turn starts) reads the state the earlier events left. checks.plan has checked the command
first: nothing here refuses one.
"""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.cards import (
    ATTACK_NAME,
    COMBATANTS,
    COUNTER,
    DUPLICITY,
    HAND_SIZE,
    INTERRUPT,
    PILFER,
    REBOUND,
    REMOVAL,
    TORCH,
    WOUNDING,
)
from domain.games.armory.citations import (
    GLOSSARY_COUNTER,
    OPTION_ANY_OPPONENT_ANSWERS,
    OPTION_TURN_LIMIT,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R9,
    R10,
    R11,
    R11C,
)
from domain.games.armory.messages import (
    ArmamentPlaced,
    ArmamentRemoved,
    ArmamentSacrificed,
    AttackCast,
    AttackHalted,
    AttackHandedOn,
    CardDiscarded,
    CardsDrawn,
    CardStripped,
    CardTraded,
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeckShuffled,
    DuelCardDrawn,
    DuelDeclared,
    DuelDiscard,
    DuelPrizeChosen,
    DuelStandoff,
    DuelStrip,
    DuelWon,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    GuardianPlaced,
    HandRevealed,
    MysticCast,
    MysticCountered,
    MysticHalted,
    MysticRebounded,
    MysticResolved,
    OpenedForAttack,
    Passed,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
    TurnEnded,
    TurnLost,
    TurnSkipped,
    TurnStarted,
)
from domain.games.armory.state import (
    ATTACK,
    DISCARD,
    DUEL_DISCARDS,
    STRIP,
    TURN_CARDS,
    ArmoryState,
    Player,
    StackItem,
    combatant,
    drawable,
    find_on_combatant,
    player,
    removable_on,
)
from domain.games.armory.turn import answering_seats, next_seat, responder, turn_opponent
from domain.kernel import Emitter, Rng

RESHUFFLED = "used pile reshuffled"

# ---------------------------------------------------------------- the turn


def start(em: Emitter[ArmoryState], rng: Rng) -> None:
    """armory R2: each player shuffles his deck and draws 7; armory R4: the first player is drawn at random."""
    for p in em.state.players:
        em.emit(DeckShuffled, R2, seat=p.seat, order=tuple(rng.shuffled(p.draw)), reason="start")
        taken = player(em.state, p.seat).draw[:HAND_SIZE]
        em.emit(CardsDrawn, R2, seat=p.seat, cards=taken, count=len(taken), reason="start")
    first = rng.choice(em.state.seats)
    em.emit(FirstPlayerChosen, R4, seat=first, seats=len(em.state.seats))
    em.emit(TurnStarted, R4, seat=first, turn=1)


def draw(em: Emitter[ArmoryState], rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    """Draw `count` cards, turning the used pile into a new draw pile when needed (armory R3)."""
    while count > 0:
        p = player(em.state, seat)
        if not p.draw:
            if not p.used:
                return  # both piles empty: drawing stops
            em.emit(DeckShuffled, R3, seat=seat, order=tuple(rng.shuffled(p.used)), reason=RESHUFFLED)
            p = player(em.state, seat)
        taken = p.draw[:count]
        em.emit(CardsDrawn, rule, seat=seat, cards=taken, count=len(taken), reason=reason)
        count -= len(taken)


def end_turn(em: Emitter[ArmoryState], rng: Rng, reason: str, rule: str) -> None:
    """The turn ends; the next seat clockwise starts (skipping a seat that lost its turn)."""
    state = em.state
    em.emit(TurnEnded, rule, seat=state.turn_player, turn=state.turn, reason=reason)
    while True:
        state = em.state
        if state.turn_limit and state.turn >= state.turn_limit:
            em.emit(GameDrawn, OPTION_TURN_LIMIT, reason=f"the turn limit of {state.turn_limit} turns was reached")
            return
        seat = next_seat(state, state.turn_player)
        if player(state, seat).loses_next_turn:
            em.emit(TurnSkipped, R7, seat=seat, turn=state.turn + 1, reason="lost a duel (prize: discard)")
            continue
        _start_turn(em, rng, seat, state.turn + 1)
        return


def _start_turn(em: Emitter[ArmoryState], rng: Rng, seat: int, turn: int) -> None:
    """armory R2: before a turn starts, everybody with fewer than 7 cards draws back up to 7."""
    for p in em.state.players:
        missing = HAND_SIZE - len(p.hand)
        if missing > 0:
            draw(em, rng, p.seat, missing, "refill", R2)
    em.emit(TurnStarted, R4, seat=seat, turn=turn)


def stop_if_due(em: Emitter[ArmoryState], rng: Rng) -> None:
    """armory R5: with the stack empty, the turn stops once an INTERRUPT or DUPLICITY was cast in the
    attack (whether or not it took effect), or once the Turn Player or Turn Opponent has no cards."""
    state = em.state
    if state.stack or state.phase not in (TURN_CARDS, ATTACK):
        return
    if state.turn_stopping_cast:
        end_turn(em, rng, "a turn-stopping Mystic was cast", R5)
        return
    if state.phase == TURN_CARDS and state.actions == 0:
        return
    for seat in (state.turn_player, turn_opponent(state)):
        if not player(state, seat).hand:
            end_turn(em, rng, f"seat {seat} has no cards in hand", R5)
            return


def attack_wins(em: Emitter[ArmoryState], seat: int) -> None:
    """armory HOW, R11: the ATTACK, cast with every combatant armed and guarded, wins the game.

    plan checked the combatants when the ATTACK was cast; while it waits for answers
    (armory R11c) only COUNTERs, INTERRUPTs and DUPLICITYs can be played and no Sacrifice, so
    they are unchanged when it resolves.
    """
    em.emit(GameWon, R11, seat=seat, reason="ATTACK: all combatants armed and guarded")


# ---------------------------------------------------------------- turn cards


def place_armament(em: Emitter[ArmoryState], rng: Rng, command: PlaceArmament) -> None:
    em.emit(ArmamentPlaced, R4, seat=command.seat, card=command.card, combatant=command.combatant)
    stop_if_due(em, rng)


def place_guardian(em: Emitter[ArmoryState], rng: Rng, command: PlaceGuardian) -> None:
    em.emit(GuardianPlaced, R10, seat=command.seat, card=command.card, combatant=command.combatant)
    stop_if_due(em, rng)


def trade(em: Emitter[ArmoryState], rng: Rng, command: Trade) -> None:
    em.emit(CardTraded, R6, seat=command.seat, card=command.card)
    draw(em, rng, command.seat, 1, "trade", R6)
    stop_if_due(em, rng)


def open_for_attack(em: Emitter[ArmoryState], rng: Rng, seat: int) -> None:
    em.emit(OpenedForAttack, R5, seat=seat)
    stop_if_due(em, rng)


def end_attack(em: Emitter[ArmoryState], rng: Rng, seat: int) -> None:
    """armory R5: the Turn Opponent is done and the turn ends; with the house rule
    any_opponent_answers, the next opponent clockwise attacks first."""
    attackers = answering_seats(em.state)
    later = attackers[attackers.index(seat) + 1:]
    if later:
        em.emit(AttackHandedOn, OPTION_ANY_OPPONENT_ANSWERS, seat=seat, to_seat=later[0])
        stop_if_due(em, rng)
    else:
        end_turn(em, rng, "the Turn Opponent ended his attack", R5)


def cast_attack(em: Emitter[ArmoryState], command: CastAttack) -> None:
    """armory R11; with R11c's option the ATTACK waits on the stack for the answers that may halt it."""
    halting = em.state.attack_can_be_halted
    em.emit(AttackCast, R11, seat=command.seat, card=command.card, halting_allowed=halting)
    if not halting:
        attack_wins(em, command.seat)


# ---------------------------------------------------------------- Mystics and the stack


def cast_mystic(em: Emitter[ArmoryState], command: CastMystic, turn_card: bool, rule: str) -> None:
    em.emit(MysticCast, rule, seat=command.seat, card=command.card, mystic=cards.name(command.card),
            target_seat=command.target_seat, target_combatant=command.target_combatant, target_card=command.target_card,
            turn_card=turn_card)


def sacrifice(em: Emitter[ArmoryState], rng: Rng, command: Sacrifice, holder: str) -> None:
    top = em.state.stack[-1]
    em.emit(ArmamentSacrificed, R9, seat=command.seat, combatant=holder, card=command.card)
    em.emit(MysticHalted, R9, seat=command.seat, card=top.card, caster=top.caster)
    stop_if_due(em, rng)


def resolve_top(em: Emitter[ArmoryState], rng: Rng, seat: int) -> None:
    """The responder passes: the top of the stack takes effect."""
    top = em.state.stack[-1]
    em.emit(Passed, R5, seat=seat, card=top.card)
    if top.mystic == ATTACK_NAME:
        if responder(em.state) == 0:
            attack_wins(em, top.caster)
        return
    if top.mystic in (COUNTER, REBOUND):
        below = em.state.stack[-2]
        if top.mystic == REBOUND:
            em.emit(MysticRebounded, R5, seat=top.caster, card=top.card, rebounded_card=below.card,
                    caster=below.caster, target_combatant=top.target_combatant, target_card=top.target_card)
        elif below.mystic == ATTACK_NAME:
            em.emit(AttackHalted, R11C, seat=below.caster, card=below.card, by_seat=top.caster, by_card=top.card)
        else:
            em.emit(MysticCountered, GLOSSARY_COUNTER, seat=top.caster, card=top.card,
                    countered_seat=below.caster, countered_card=below.card)
    elif len(em.state.stack) >= 2 and em.state.stack[-2].mystic == ATTACK_NAME:
        # An INTERRUPT or DUPLICITY cast at the waiting ATTACK takes the turn, and the ATTACK with it.
        below = em.state.stack[-2]
        em.emit(AttackHalted, R11C, seat=below.caster, card=below.card, by_seat=top.caster, by_card=top.card)
        _turn_lost(em, rng, top)
        return
    else:
        _take_effect(em, rng, top)
        if em.state.finished or em.state.phase not in (TURN_CARDS, ATTACK):
            return
    stop_if_due(em, rng)


def _resolved(em: Emitter[ArmoryState], item: StackItem, fizzled: bool) -> None:
    em.emit(MysticResolved, R5, seat=item.caster, card=item.card, mystic=item.mystic,
            target_seat=item.target_seat, fizzled=fizzled)


def _take_effect(em: Emitter[ArmoryState], rng: Rng, item: StackItem) -> None:
    state = em.state
    target: Player = player(state, item.target_seat)
    if item.mystic in (WOUNDING, REMOVAL):
        taken: tuple[str, ...] = ()
        if item.target_combatant in COMBATANTS:
            on = removable_on(state, combatant(target, item.target_combatant))
            taken = on if item.mystic == REMOVAL else tuple(c for c in on if c == item.target_card)
        _resolved(em, item, not taken)
        for card in taken:
            em.emit(ArmamentRemoved, R5, seat=target.seat, combatant=item.target_combatant, card=card,
                    destination="used", reason=item.mystic)
    elif item.mystic == TORCH:
        burnt = tuple(c for c in target.hand
                      if cards.kind(c) in (cards.GUARDIAN, cards.ATTACK) and not cards.invincible(c))
        _resolved(em, item, not burnt)
        for card in burnt:
            em.emit(CardDiscarded, R5, seat=target.seat, card=card, reason=TORCH)
    elif item.mystic == PILFER:
        pickable = drawable(target)
        _resolved(em, item, not pickable)
        if pickable:
            card = pickable[rng.below(len(pickable))]
            em.emit(CardDiscarded, R5, seat=target.seat, card=card, reason=PILFER)
    elif item.mystic in (INTERRUPT, DUPLICITY):
        _resolved(em, item, False)
        _turn_lost(em, rng, item)


def _turn_lost(em: Emitter[ArmoryState], rng: Rng, item: StackItem) -> None:
    """INTERRUPT / DUPLICITY: the Turn Player loses the rest of his turn; this turn's placements come off.

    Invincible cards stay (facts.md), as do Uncounterable ones (immune in the turn placed) and
    anything on a guarded combatant (armory R10). INTERRUPT returns them to the hand, DUPLICITY
    sends them to the used pile.
    """
    state = em.state
    seat = state.turn_player
    em.emit(TurnLost, R5, seat=seat, by_seat=item.caster, mystic=item.mystic)
    destination = "hand" if item.mystic == INTERRUPT else "used"
    p = player(em.state, seat)
    for card in state.placed:
        holder = find_on_combatant(p, card)
        if holder and cards.kind(card) == cards.ARMAMENT and card in removable_on(state, combatant(p, holder)):
            em.emit(ArmamentRemoved, R5, seat=seat, combatant=holder, card=card, destination=destination,
                    reason=item.mystic)
    end_turn(em, rng, f"turn lost to {item.mystic}", R5)


# ---------------------------------------------------------------- the duel (armory R7)


def duel(em: Emitter[ArmoryState], rng: Rng, challenger: int, challenged: int) -> None:
    """Each duellist draws from the other's hand until the duel numbers differ, or a hand has
    nothing left to draw (a standoff, which ends the turn)."""
    em.emit(DuelDeclared, R7, seat=challenger, opponent=challenged)
    drawn: set[str] = set()
    while True:
        state = em.state
        from_challenged = tuple(c for c in drawable(player(state, challenged)) if c not in drawn)
        from_challenger = tuple(c for c in drawable(player(state, challenger)) if c not in drawn)
        if not from_challenged or not from_challenger:
            em.emit(DuelStandoff, R7, challenger=challenger, challenged=challenged,
                    reason="a hand ran out of cards that may be drawn")
            end_turn(em, rng, "the duel ended in a standoff", R7)
            return
        mine = from_challenged[rng.below(len(from_challenged))]
        theirs = from_challenger[rng.below(len(from_challenger))]
        drawn.update((mine, theirs))
        em.emit(DuelCardDrawn, R7, seat=challenger, from_seat=challenged, card=mine, number=cards.number(mine))
        em.emit(DuelCardDrawn, R7, seat=challenged, from_seat=challenger, card=theirs, number=cards.number(theirs))
        if cards.number(mine) != cards.number(theirs):
            winner, loser = ((challenger, challenged) if cards.number(mine) > cards.number(theirs)
                             else (challenged, challenger))
            em.emit(DuelWon, R7, winner=winner, loser=loser)
            return


def choose_prize(em: Emitter[ArmoryState], rng: Rng, command: ChooseDuelPrize) -> None:
    loser = player(em.state, em.state.duel.loser)
    if command.prize == DISCARD:
        discards = min(DUEL_DISCARDS, len(drawable(loser)))
        em.emit(DuelPrizeChosen, R7, seat=command.seat, prize=DISCARD, loser=loser.seat, discards=discards)
        em.emit(HandRevealed, R7, seat=loser.seat, to_seat=command.seat, cards=loser.hand)
        if discards == 0:
            end_turn(em, rng, "the duel is over", R7)
    else:
        em.emit(DuelPrizeChosen, R7, seat=command.seat, prize=STRIP, loser=loser.seat, discards=0)


def duel_discard(em: Emitter[ArmoryState], rng: Rng, command: DuelDiscard) -> None:
    em.emit(CardDiscarded, R7, seat=em.state.duel.loser, card=command.card, reason="duel")
    if em.state.duel.discards_left == 0:
        end_turn(em, rng, "the duel is over", R7)


def duel_strip(em: Emitter[ArmoryState], rng: Rng, command: DuelStrip, holder: str) -> None:
    em.emit(CardStripped, R7, seat=em.state.duel.loser, combatant=holder, card=command.card, by_seat=command.seat)
    end_turn(em, rng, "the duel is over", R7)
