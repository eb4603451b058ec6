"""Mystics and the stack: who may cast what, at what, and how the top of the stack resolves."""

from __future__ import annotations

from domain.games.armory import cards
from domain.games.armory.cards import (
    ATTACK_NAME,
    ATTACKING,
    COMBATANTS,
    COUNTER,
    DUPLICITY,
    INTERRUPT,
    OFFENSIVE,
    PILFER,
    REBOUND,
    REMOVAL,
    SACRIFICE_HALTS,
    TORCH,
    TURN_STOPPING,
    WOUNDING,
)
from domain.games.armory.citations import (
    GLOSSARY_COUNTER,
    GLOSSARY_INVINCIBLE,
    GLOSSARY_UNCOUNTERABLE,
    R1,
    R4,
    R5,
    R6,
    R7,
    R9,
    R10,
    R11C,
)
from domain.games.armory.messages import (
    ArmamentRemoved,
    ArmamentSacrificed,
    AttackHalted,
    CardDiscarded,
    CastMystic,
    MysticCast,
    MysticCountered,
    MysticHalted,
    MysticRebounded,
    MysticResolved,
    Passed,
    Sacrifice,
    TurnLost,
)
from domain.games.armory.state import (
    ATTACK,
    ArmoryState,
    Player,
    StackItem,
    combatant,
    find_on_combatant,
    player,
    removable,
    removable_on,
    responder,
    turn_opponent,
)
from domain.games.armory.state import (
    TURN_CARDS as TURN_CARDS_PHASE,
)
from domain.games.armory.turns import attack_wins, check_stop, end_turn
from domain.kernel import Emitter, Rng, RuleViolation, require

# ---------------------------------------------------------------- targets


def wounding_targets(state: ArmoryState, seat: int) -> tuple[tuple[str, str], ...]:
    """(combatant, armament) pairs of `seat` a WOUNDING may take (armory R5, R10, glossary)."""
    return tuple(
        (c.combatant, card) for c in player(state, seat).combatants for card in removable_on(state, c)
    )


def removal_targets(state: ArmoryState, seat: int) -> tuple[str, ...]:
    """Combatants of `seat` with at least one Armament a REMOVAL may take."""
    return tuple(c.combatant for c in player(state, seat).combatants if removable_on(state, c))


def _check_targets(state: ArmoryState, mystic: str, target: int, name: str, card: str) -> None:
    """The combatant and card named for a WOUNDING or REMOVAL aimed at `target`."""
    if mystic not in (WOUNDING, REMOVAL):
        if name != "" or card != "":
            raise RuleViolation(R5, f"a {mystic} names no combatant or card, only a player")
        return
    if name not in COMBATANTS:
        raise RuleViolation(R1, f"{name or 'no combatant'} is not a combatant (warrior-1, warrior-2, archer)")
    target_combatant = combatant(player(state, target), name)
    if target_combatant.guardian:
        raise RuleViolation(R10,
                            f"seat {target}'s {name} is guarded: a Guardian keeps him and his cards safe from Mystics")
    if mystic == REMOVAL:
        require(card == "", R5, "a REMOVAL names a combatant, not a card")
        if not removable_on(state, target_combatant):
            raise RuleViolation(R5, f"seat {target}'s {name} has no Armament a REMOVAL could take")
        return
    if card not in target_combatant.armaments:
        raise RuleViolation(R5, f"{card or 'no card'} is not an Armament on seat {target}'s {name}")
    if cards.invincible(card):
        raise RuleViolation(GLOSSARY_INVINCIBLE, f"{card} is Invincible: it cannot be removed from play")
    if not removable(state, card):
        raise RuleViolation(GLOSSARY_UNCOUNTERABLE,
                            f"{card} is Uncounterable and was placed this turn: Mystics cannot touch it this turn")


# ---------------------------------------------------------------- casting
# A failed check's message is formatted only when it is raised (check runs for every command).


def check_cast(state: ArmoryState, command: CastMystic) -> tuple[bool, str]:
    """Validate a CastMystic; returns (is it a turn card, the rule to cite)."""
    seat, card = command.seat, command.card
    p = player(state, seat)
    if card not in p.hand:
        raise RuleViolation(R4, f"{card or 'no card'} is not in seat {seat}'s hand")
    if cards.kind(card) != cards.MYSTIC:
        raise RuleViolation(R5, f"{card} is a {cards.name(card)}, not a Mystic")
    mystic = cards.name(card)
    if state.stack:
        if seat != responder(state):
            raise RuleViolation(R5,
                                f"seat {responder(state)}, not seat {seat}, answers the card on top of the stack")
        if mystic == COUNTER:
            _check_counter(state, command)
            return False, GLOSSARY_COUNTER
        if mystic == REBOUND:
            _check_rebound(state, command)
            return False, R5
        if state.stack[-1].mystic == ATTACK_NAME:
            if mystic not in TURN_STOPPING:
                raise RuleViolation(R11C, f"a {mystic} cannot halt the ATTACK: a COUNTER, an INTERRUPT or a "
                                                   "DUPLICITY can")
            _check_halts_attack(state, command)
            return False, R11C
        raise RuleViolation(R5,
                            f"a {mystic} cannot answer the stack: only a COUNTER, a REBOUND or a Sacrifice can")
    if state.phase == TURN_CARDS_PHASE and seat == state.turn_player:
        if mystic not in OFFENSIVE:
            raise RuleViolation(R4, f"a {mystic} is not a turn card: "
                                + ("it is cast by the Turn Opponent" if mystic in TURN_STOPPING
                                   else "it answers a Mystic on the stack"))
        require(state.actions < cards.TURN_CARDS, R4, "the Turn Player has already used his 3 turn cards")
        if card in state.trade_drawn:
            raise RuleViolation(R6, f"{card} was drawn by a trade this turn: it may only be used defensively")
        require(not (mystic == TORCH and state.traded), R6, "no TORCH as a turn card in a turn with a trade")
        _check_opponent(state, command)
        _check_targets(state, mystic, command.target_seat, command.target_combatant, command.target_card)
        return True, R4
    if state.phase == ATTACK and seat == turn_opponent(state):
        if mystic not in ATTACKING:
            raise RuleViolation(R5, f"a {mystic} is not an attack Mystic (attack with WOUNDING, REMOVAL, "
                                             "TORCH, PILFER, INTERRUPT or DUPLICITY)")
        if command.target_seat != state.turn_player:
            raise RuleViolation(R5, f"the attack is aimed at the Turn Player, seat {state.turn_player}")
        _check_targets(state, mystic, command.target_seat, command.target_combatant, command.target_card)
        return False, R5
    if state.phase == TURN_CARDS_PHASE:
        raise RuleViolation(R5, f"seat {seat} may cast Mystics only once the Turn Player is open for attack")
    if state.phase == ATTACK:
        raise RuleViolation(R5, f"seat {seat} is neither the Turn Player nor the Turn Opponent now")
    raise RuleViolation(R7, "no Mystic may be cast during a duel")


def _check_opponent(state: ArmoryState, command: CastMystic) -> None:
    if command.target_seat not in state.seats or command.target_seat == command.seat:
        raise RuleViolation(R4, f"a {cards.name(command.card)} is aimed at an opponent, "
                                         f"not at seat {command.target_seat}")


def counterable(item: StackItem) -> bool:
    """Can a COUNTER or REBOUND answer this item (armory glossary: INVINCIBLE, UNCOUNTERABLE)?"""
    return not cards.invincible(item.card) and not cards.uncounterable(item.card)


def _check_counterable(item: StackItem) -> None:
    if cards.invincible(item.card):
        raise RuleViolation(GLOSSARY_INVINCIBLE, f"{item.card} is Invincible: it cannot be countered")
    if cards.uncounterable(item.card):
        raise RuleViolation(GLOSSARY_UNCOUNTERABLE,
                            f"{item.card} is Uncounterable: it cannot be countered or rebounded")


def _check_counter(state: ArmoryState, command: CastMystic) -> None:
    if state.stack[-1].mystic == ATTACK_NAME:
        _check_halts_attack(state, command)
        return
    _check_names_top(state, command, GLOSSARY_COUNTER)
    _check_counterable(state.stack[-1])


def _check_names_top(state: ArmoryState, command: CastMystic, rule: str) -> None:
    top = state.stack[-1]
    names_top = command.target_seat == top.caster and command.target_card == top.card
    if not names_top or command.target_combatant != "":
        raise RuleViolation(rule, f"a {cards.name(command.card)} that answers the stack names the card on top of it: "
                                  f"{top.card} of seat {top.caster}")


def _check_halts_attack(state: ArmoryState, command: CastMystic) -> None:
    """armory R11c: with the play option, a COUNTER, INTERRUPT or DUPLICITY may halt the waiting ATTACK."""
    require(state.attack_can_be_halted, R11C, "the ATTACK cannot be halted in this game")
    _check_names_top(state, command, R11C)
    _check_counterable(state.stack[-1])


def attack_waits(state: ArmoryState) -> bool:
    """Is a cast ATTACK on the stack, waiting for the answers of armory R11c?"""
    return any(item.mystic == ATTACK_NAME for item in state.stack)


def rebound_targets(state: ArmoryState, item: StackItem) -> tuple[tuple[str, str], ...]:
    """The (combatant, card) choices a REBOUND of `item` may name among its caster's combatants."""
    if item.mystic == WOUNDING:
        return wounding_targets(state, item.caster) or (("", ""),)
    if item.mystic == REMOVAL:
        return tuple((name, "") for name in removal_targets(state, item.caster)) or (("", ""),)
    return (("", ""),)


def _check_rebound(state: ArmoryState, command: CastMystic) -> None:
    top = state.stack[-1]
    if top.mystic not in OFFENSIVE:
        raise RuleViolation(R5,
                            f"a REBOUND turns back only a WOUNDING, REMOVAL, TORCH or PILFER, not a {top.mystic}")
    if top.target_seat != command.seat:
        raise RuleViolation(R5, f"{top.card} is not aimed at seat {command.seat}")
    if top.rebounded:
        raise RuleViolation(R5, f"{top.card} was already rebounded once")
    _check_counterable(top)
    if command.target_seat != top.caster:
        raise RuleViolation(R5, f"a REBOUND sends {top.card} back at its caster, seat {top.caster}")
    choice = (command.target_combatant, command.target_card)
    if choice not in rebound_targets(state, top):
        raise RuleViolation(R5, f"{choice[0] or 'no combatant'}/{choice[1] or 'no card'} is not a valid "
                                         f"new target among seat {top.caster}'s cards")


def cast(em: Emitter[ArmoryState], command: CastMystic) -> None:
    turn_card, rule = check_cast(em.state, command)
    em.emit(MysticCast, rule, seat=command.seat, card=command.card, mystic=cards.name(command.card),
            target_seat=command.target_seat, target_combatant=command.target_combatant, target_card=command.target_card,
            turn_card=turn_card)


# ---------------------------------------------------------------- sacrifice


def check_sacrifice(state: ArmoryState, command: Sacrifice) -> str:
    """Validate a Sacrifice; returns the combatant holding the card."""
    require(bool(state.stack), R9, "a Sacrifice halts a Mystic, and none is waiting")
    if command.seat != responder(state):
        raise RuleViolation(R9,
                            f"seat {responder(state)}, not seat {command.seat}, answers the card on top of the stack")
    top = state.stack[-1]
    if top.mystic not in SACRIFICE_HALTS:
        raise RuleViolation(R9, f"a Sacrifice cannot halt a {top.mystic}")
    if attack_waits(state):
        raise RuleViolation(R11C, "no Sacrifice while your ATTACK waits: it wins only with every "
                                           "combatant armed (armory HOW), so giving up an Armament cannot save it")
    holder = find_on_combatant(player(state, command.seat), command.card)
    if holder == "":
        raise RuleViolation(R9,
                            f"{command.card or 'no card'} is not in play on seat {command.seat}'s combatants")
    require(cards.kind(command.card) == cards.ARMAMENT, R9,
            "only an Armament can be sacrificed, not a Guardian")
    if cards.invincible(command.card):
        raise RuleViolation(GLOSSARY_INVINCIBLE,
                            f"{command.card} is Invincible: it cannot be removed from play")
    return holder


def sacrifice(em: Emitter[ArmoryState], rng: Rng, command: Sacrifice) -> None:
    holder = check_sacrifice(em.state, command)
    top = em.state.stack[-1]
    em.emit(ArmamentSacrificed, R9, seat=command.seat, combatant=holder, card=command.card)
    em.emit(MysticHalted, R9, seat=command.seat, card=top.card, caster=top.caster)
    check_stop(em, rng)


# ---------------------------------------------------------------- resolution


def check_pass(state: ArmoryState, seat: int) -> None:
    require(bool(state.stack), R5, "there is nothing on the stack to let pass")
    if seat != responder(state):
        raise RuleViolation(R5,
                            f"seat {responder(state)}, not seat {seat}, answers the card on top of the stack")


def resolve_top(em: Emitter[ArmoryState], rng: Rng, seat: int) -> None:
    """The responder passes: the top of the stack takes effect."""
    check_pass(em.state, seat)
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
            em.emit(AttackHalted, R11C, seat=below.caster, card=below.card, by_seat=top.caster,
                    by_card=top.card)
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
        if em.state.finished or em.state.phase not in (TURN_CARDS_PHASE, ATTACK):
            return
    check_stop(em, rng)


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
        pickable = tuple(c for c in target.hand if not cards.invincible(c))
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
