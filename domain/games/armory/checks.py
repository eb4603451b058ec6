"""plan(state, command): every rules check of an ARMORY command, each citing the rule it
enforces, and the Plan of what the accepted command does (effects.py makes its events).

The rules legal_commands filters by are functions here too (turn_cards_left, slot_taken,
wounding_targets, ...): plan's checks refuse a command when one of them says no, and
legal.py lists only what they allow, so the two cannot drift apart. A failed check's
message is formatted only when it is raised (plan runs for every command).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from domain.games.armory import cards, effects
from domain.games.armory.cards import (
    ATTACK_NAME,
    ATTACKING,
    COMBATANTS,
    COUNTER,
    OFFENSIVE,
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
    GLOSSARY_TURN_PLAYER,
    GLOSSARY_UNCOUNTERABLE,
    HOW,
    R1,
    R2,
    R4,
    R5,
    R6,
    R7,
    R8,
    R9,
    R10,
    R11,
    R11A,
    R11B,
    R11C,
    R11D,
)
from domain.games.armory.messages import (
    CastAttack,
    CastMystic,
    ChooseDuelPrize,
    DeclareDuel,
    DuelDiscard,
    DuelStrip,
    EndAttack,
    OpenForAttack,
    Pass,
    PlaceArmament,
    PlaceGuardian,
    Sacrifice,
    Trade,
)
from domain.games.armory.state import (
    ATTACK,
    DUEL_DISCARD,
    DUEL_PRIZE,
    DUEL_STRIP,
    PRIZES,
    SETUP,
    STRIP,
    TURN_CARDS,
    ArmoryState,
    Combatant,
    Player,
    StackItem,
    attack_waits,
    combatant,
    drawable,
    find_on_combatant,
    fully_armed,
    player,
    removable_on,
)
from domain.games.armory.turn import opponents, responder, turn_opponent
from domain.kernel import SYSTEM_SEAT, Command, Emitter, Plan, Rng, RuleViolation, StartGame, require

C = TypeVar("C", bound=Command)

# ---------------------------------------------------------------- the rules legal_commands lists by


def turn_cards_left(state: ArmoryState) -> bool:
    """armory R4: at most 3 turn-card actions a turn."""
    return state.actions < cards.TURN_CARDS


def turn_begun(state: ArmoryState) -> bool:
    """A turn-card action was made this turn: opening for attack needs one (armory R4), a duel
    must come before any (armory R7)."""
    return state.actions > 0


def defence_only(state: ArmoryState) -> tuple[str, ...]:
    """armory R6: the cards drawn by a trade this turn, which serve only in defence."""
    return state.trade_drawn


def trade_excluded(state: ArmoryState) -> bool:
    """armory R6: no trade in a turn in which a TORCH was a turn card."""
    return state.torch_cast


def barred_mystics(state: ArmoryState) -> tuple[str, ...]:
    """armory R6: the Mystics that may not be turn cards now: no TORCH in a turn with a trade."""
    return _TORCH_ONLY if state.traded else ()


_TORCH_ONLY = (TORCH,)


def placing_closed(state: ArmoryState) -> bool:
    """armory R4: no Armament or Guardian after a trade in the same turn."""
    return state.traded


def held_back(p: Player) -> tuple[str, ...]:
    """armory R7: the cards stripped from him in a duel, which he may not place back during his next turn."""
    return p.locked


def fits(kind: str, name: str) -> bool:
    """armory HOW: the Armament types a Warrior, or the Archer, carries."""
    return kind in cards.CARRIED[name]


def slot_taken(holder: Combatant, kind: str) -> bool:
    """armory R8: a combatant holds one Armament of each type."""
    return kind in map(cards.name, holder.armaments)


def guardable(holder: Combatant) -> bool:
    """armory R10: a Guardian goes on a fully armed combatant who has none."""
    return not holder.guardian and fully_armed(holder)


def attack_refusal(state: ArmoryState, p: Player) -> RuleViolation | None:
    """Why the ATTACK may not be cast now, or None (armory R11b, HOW, R11a, R11c): every combatant
    guarded and armed, no Guardian placed and no ATTACK halted this turn."""
    unguarded = [c.combatant for c in p.combatants if not c.guardian]
    if unguarded:
        return RuleViolation(R11B, f"every combatant must be guarded first ({', '.join(unguarded)} is not)")
    unarmed = [c.combatant for c in p.combatants if not fully_armed(c)]
    if unarmed:
        return RuleViolation(HOW, f"every combatant must be fully armed ({', '.join(unarmed)} is not)")
    if p.guardian_turn == state.turn:
        return RuleViolation(R11A, "the ATTACK cannot be cast in a turn in which a Guardian was placed")
    if state.attack_halted:
        return RuleViolation(R11C, "the ATTACK was halted this turn: it waits for your next turn")
    return None


def wounding_targets(state: ArmoryState, seat: int) -> tuple[tuple[str, str], ...]:
    """(combatant, armament) pairs of `seat` a WOUNDING may take (armory R5, R10, glossary)."""
    return tuple(
        (c.combatant, card) for c in player(state, seat).combatants for card in removable_on(state, c)
    )


def removal_targets(state: ArmoryState, seat: int) -> tuple[str, ...]:
    """Combatants of `seat` with at least one Armament a REMOVAL may take."""
    return tuple(c.combatant for c in player(state, seat).combatants if removable_on(state, c))


def rebound_targets(state: ArmoryState, item: StackItem) -> tuple[tuple[str, str], ...]:
    """The (combatant, card) choices a REBOUND of `item` may name among its caster's combatants."""
    if item.mystic == WOUNDING:
        return wounding_targets(state, item.caster) or (("", ""),)
    if item.mystic == REMOVAL:
        return tuple((name, "") for name in removal_targets(state, item.caster)) or (("", ""),)
    return (("", ""),)


def counterable(item: StackItem) -> bool:
    """Can a COUNTER or REBOUND answer this item (armory glossary: INVINCIBLE, UNCOUNTERABLE)?"""
    return not cards.invincible(item.card) and not cards.uncounterable(item.card)


def rebound_refusal(item: StackItem, seat: int) -> RuleViolation | None:
    """Why `seat` may not REBOUND the item on top of the stack, or None (armory R5: it turns back a
    WOUNDING, REMOVAL, TORCH or PILFER aimed at him, once)."""
    if item.mystic not in OFFENSIVE:
        return RuleViolation(R5, f"a REBOUND turns back only a WOUNDING, REMOVAL, TORCH or PILFER, not a {item.mystic}")
    if item.target_seat != seat:
        return RuleViolation(R5, f"{item.card} is not aimed at seat {seat}")
    if item.rebounded:
        return RuleViolation(R5, f"{item.card} was already rebounded once")
    if not counterable(item):
        return _uncounterable(item)
    return None


def strippable(p: Player) -> tuple[str, ...]:
    """Cards a duel winner may strip off the loser's combatants, Guardians included (armory R7b),
    Invincible ones excepted (glossary)."""
    found: list[str] = []
    for c in p.combatants:
        found.extend(a for a in c.armaments if not cards.invincible(a))
        if c.guardian and not cards.invincible(c.guardian):
            found.append(c.guardian)
    return tuple(found)


# ---------------------------------------------------------------- every command


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


def _check_own_card(seat: int, card: str) -> None:
    """A command that names one of the seat's own cards: the card is checked first."""
    if not cards.is_card_id(card):
        raise RuleViolation(R4, f"{card or 'no card'} is not an ARMORY card")
    if cards.owner(card) != seat:
        raise RuleViolation(R4, f"{card} belongs to seat {cards.owner(card)}, not seat {seat}")


def _check_any_card(card: str) -> None:
    """A command that names a card of another seat (armory R7): it must be an ARMORY card."""
    if not cards.is_card_id(card):
        raise RuleViolation(R7, f"{card or 'no card'} is not an ARMORY card")


def _uncounterable(item: StackItem) -> RuleViolation:
    if cards.invincible(item.card):
        return RuleViolation(GLOSSARY_INVINCIBLE, f"{item.card} is Invincible: it cannot be countered")
    return RuleViolation(GLOSSARY_UNCOUNTERABLE, f"{item.card} is Uncounterable: it cannot be countered or rebounded")


def _check_counterable(item: StackItem) -> None:
    if not counterable(item):
        raise _uncounterable(item)


# ---------------------------------------------------------------- turn cards


def check_turn_card(state: ArmoryState, seat: int, card: str) -> None:
    """armory R4: a turn card is the Turn Player's, from his hand, at most 3 a turn."""
    if state.phase != TURN_CARDS:
        raise RuleViolation(R4, "turn cards are played only before the Turn Player is open for attack")
    if seat != state.turn_player:
        raise RuleViolation(GLOSSARY_TURN_PLAYER, f"it is seat {state.turn_player}'s turn, not seat {seat}'s")
    if state.stack:
        raise RuleViolation(R5, "the Mystic on the stack must be answered first")
    if not turn_cards_left(state):
        raise RuleViolation(R4, "the Turn Player has already used his 3 turn cards")
    if card not in player(state, seat).hand:
        raise RuleViolation(R4, f"{card or 'no card'} is not in seat {seat}'s hand")
    if card in defence_only(state):
        raise RuleViolation(R6, f"{card} was drawn by a trade this turn: it may only be used defensively")


def _check_placement(state: ArmoryState, command: PlaceArmament | PlaceGuardian, kind: str, rule: str,
                     a_kind: str) -> None:
    """What placing an Armament or a Guardian asks alike: a turn card of that kind (armory R4, R10),
    no trade before it (R4), a combatant, and not a card a duel stripped (R7)."""
    seat, card, name = command.seat, command.card, command.combatant
    _check_own_card(seat, card)
    check_turn_card(state, seat, card)
    if cards.kind(card) != kind:
        raise RuleViolation(rule, f"{card} is a {cards.name(card)}, not {a_kind}")
    require(not placing_closed(state), R4, "an Armament or Guardian cannot follow a trade-in in the same turn")
    if name not in COMBATANTS:
        raise RuleViolation(R1, f"{name or 'no combatant'} is not a combatant (warrior-1, warrior-2, archer)")
    if card in held_back(player(state, seat)):
        raise RuleViolation(R7, f"{card} was stripped in a duel: it may not be placed back during this turn")


def check_place_armament(state: ArmoryState, command: PlaceArmament) -> None:
    _check_placement(state, command, cards.ARMAMENT, R4, "an Armament")
    seat, card, name = command.seat, command.card, command.combatant
    kind = cards.name(card)
    if not fits(kind, name):
        raise RuleViolation(HOW, f"a {kind} does not fit the {cards.combatant_kind(name)} {name}")
    if slot_taken(combatant(player(state, seat), name), kind):
        raise RuleViolation(R8, f"{name} already has a {kind}")


def check_place_guardian(state: ArmoryState, command: PlaceGuardian) -> None:
    _check_placement(state, command, cards.GUARDIAN, R10, "a Guardian")
    seat, name = command.seat, command.combatant
    holder = combatant(player(state, seat), name)
    if not guardable(holder):
        raise RuleViolation(R10, f"{name} already has a Guardian" if holder.guardian else
                            f"{name} is not fully armed yet: a Guardian goes on a fully armed combatant")


def check_trade(state: ArmoryState, command: Trade) -> None:
    _check_own_card(command.seat, command.card)
    check_turn_card(state, command.seat, command.card)
    require(not trade_excluded(state), R6, "no trading in a turn in which a TORCH was a turn card")


def check_attack(state: ArmoryState, command: CastAttack) -> None:
    seat = command.seat
    _check_own_card(seat, command.card)
    require(state.phase == TURN_CARDS and seat == state.turn_player, R11D,
            "the ATTACK is cast only as a turn card on your own turn, before opening for attack")
    check_turn_card(state, seat, command.card)
    if cards.kind(command.card) != cards.ATTACK:
        raise RuleViolation(R11, f"{command.card} is not an ATTACK card")
    refused = attack_refusal(state, player(state, seat))
    if refused is not None:
        raise refused


def check_open(state: ArmoryState, command: OpenForAttack) -> None:
    require(state.phase == TURN_CARDS, R5, "the turn cards are not being played now")
    if command.seat != state.turn_player:
        raise RuleViolation(R5, f"only the Turn Player, seat {state.turn_player}, opens for attack")
    require(not state.stack, R5, "the Mystic on the stack must be answered first")
    require(turn_begun(state), R4, "the Turn Player must make at least one turn-card action")


def check_end_attack(state: ArmoryState, command: EndAttack) -> None:
    require(state.phase == ATTACK, R5, "no attack is under way")
    if command.seat != turn_opponent(state):
        raise RuleViolation(R5, f"only the Turn Opponent, seat {turn_opponent(state)}, ends the attack")
    require(not state.stack, R5, "the Mystic on the stack must be answered first")


# ---------------------------------------------------------------- Mystics and the stack


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
        raise RuleViolation(R10, f"seat {target}'s {name} is guarded: a Guardian keeps him and his cards safe "
                                 "from Mystics")
    if mystic == REMOVAL:
        require(card == "", R5, "a REMOVAL names a combatant, not a card")
        if not removable_on(state, target_combatant):
            raise RuleViolation(R5, f"seat {target}'s {name} has no Armament a REMOVAL could take")
        return
    if card not in removable_on(state, target_combatant):
        if card not in target_combatant.armaments:
            raise RuleViolation(R5, f"{card or 'no card'} is not an Armament on seat {target}'s {name}")
        if cards.invincible(card):
            raise RuleViolation(GLOSSARY_INVINCIBLE, f"{card} is Invincible: it cannot be removed from play")
        raise RuleViolation(GLOSSARY_UNCOUNTERABLE,
                            f"{card} is Uncounterable and was placed this turn: Mystics cannot touch it this turn")


def check_cast(state: ArmoryState, command: CastMystic) -> tuple[bool, str]:
    """Check a CastMystic; returns (is it a turn card, the rule its MysticCast cites)."""
    seat, card = command.seat, command.card
    _check_own_card(seat, card)
    if card not in player(state, seat).hand:
        raise RuleViolation(R4, f"{card or 'no card'} is not in seat {seat}'s hand")
    if cards.kind(card) != cards.MYSTIC:
        raise RuleViolation(R5, f"{card} is a {cards.name(card)}, not a Mystic")
    mystic = cards.name(card)
    if state.stack:
        if seat != responder(state):
            raise RuleViolation(R5, f"seat {responder(state)}, not seat {seat}, answers the card on top of the stack")
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
        raise RuleViolation(R5, f"a {mystic} cannot answer the stack: only a COUNTER, a REBOUND or a Sacrifice can")
    if state.phase == TURN_CARDS and seat == state.turn_player:
        if mystic not in OFFENSIVE:
            raise RuleViolation(R4, f"a {mystic} is not a turn card: "
                                + ("it is cast by the Turn Opponent" if mystic in TURN_STOPPING
                                   else "it answers a Mystic on the stack"))
        require(turn_cards_left(state), R4, "the Turn Player has already used his 3 turn cards")
        if card in defence_only(state):
            raise RuleViolation(R6, f"{card} was drawn by a trade this turn: it may only be used defensively")
        require(mystic not in barred_mystics(state), R6, "no TORCH as a turn card in a turn with a trade")
        if command.target_seat not in opponents(state, seat):
            raise RuleViolation(R4, f"a {mystic} is aimed at an opponent, not at seat {command.target_seat}")
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
    if state.phase == TURN_CARDS:
        raise RuleViolation(R5, f"seat {seat} may cast Mystics only once the Turn Player is open for attack")
    if state.phase == ATTACK:
        raise RuleViolation(R5, f"seat {seat} is neither the Turn Player nor the Turn Opponent now")
    raise RuleViolation(R7, "no Mystic may be cast during a duel")


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


def _check_rebound(state: ArmoryState, command: CastMystic) -> None:
    top = state.stack[-1]
    refused = rebound_refusal(top, command.seat)
    if refused is not None:
        raise refused
    if command.target_seat != top.caster:
        raise RuleViolation(R5, f"a REBOUND sends {top.card} back at its caster, seat {top.caster}")
    choice = (command.target_combatant, command.target_card)
    if choice not in rebound_targets(state, top):
        raise RuleViolation(R5, f"{choice[0] or 'no combatant'}/{choice[1] or 'no card'} is not a valid "
                                f"new target among seat {top.caster}'s cards")


def check_sacrifice(state: ArmoryState, command: Sacrifice) -> str:
    """Check a Sacrifice; returns the combatant holding the card."""
    _check_own_card(command.seat, command.card)
    require(bool(state.stack), R9, "a Sacrifice halts a Mystic, and none is waiting")
    if command.seat != responder(state):
        raise RuleViolation(R9, f"seat {responder(state)}, not seat {command.seat}, answers the card on top of "
                                "the stack")
    top = state.stack[-1]
    if top.mystic not in SACRIFICE_HALTS:
        raise RuleViolation(R9, f"a Sacrifice cannot halt a {top.mystic}")
    if attack_waits(state):
        raise RuleViolation(R11C, "no Sacrifice while your ATTACK waits: it wins only with every "
                                  "combatant armed (armory HOW), so giving up an Armament cannot save it")
    holder = find_on_combatant(player(state, command.seat), command.card)
    if holder == "":
        raise RuleViolation(R9, f"{command.card or 'no card'} is not in play on seat {command.seat}'s combatants")
    require(cards.kind(command.card) == cards.ARMAMENT, R9, "only an Armament can be sacrificed, not a Guardian")
    if cards.invincible(command.card):
        raise RuleViolation(GLOSSARY_INVINCIBLE, f"{command.card} is Invincible: it cannot be removed from play")
    return holder


def check_pass(state: ArmoryState, command: Pass) -> None:
    require(bool(state.stack), R5, "there is nothing on the stack to let pass")
    if command.seat != responder(state):
        raise RuleViolation(R5, f"seat {responder(state)}, not seat {command.seat}, answers the card on top of "
                                "the stack")


# ---------------------------------------------------------------- the duel


def check_declare(state: ArmoryState, command: DeclareDuel) -> None:
    seat = command.seat
    require(state.phase == TURN_CARDS and seat == state.turn_player, R7,
            "a duel is declared by the Turn Player at the start of his turn")
    require(not state.stack, R7, "a duel is declared instead of casting anything")
    require(not turn_begun(state), R7, "a duel replaces the turn cards: it must be the turn's first and only action")
    require(not player(state, seat).duel_used, R7, f"seat {seat} has already used his one duel of the game")
    require(command.opponent in opponents(state, seat), R7,
            f"seat {command.opponent} is not another player of this game")


def check_prize(state: ArmoryState, command: ChooseDuelPrize) -> None:
    require(state.phase == DUEL_PRIZE, R7, "no duel prize is waiting to be chosen")
    require(command.seat == state.duel.winner, R7, f"seat {state.duel.winner} won the duel and chooses the prize")
    require(command.prize in PRIZES, R7, f"the prize is 'discard' or 'strip', not {command.prize!r}")
    if command.prize == STRIP:
        require(bool(strippable(player(state, state.duel.loser))), R7,
                f"seat {state.duel.loser} has no card in play that can be stripped")


def check_discard(state: ArmoryState, command: DuelDiscard) -> None:
    _check_any_card(command.card)
    require(state.phase == DUEL_DISCARD, R7, "no duel discard is due")
    require(command.seat == state.duel.winner, R7, f"seat {state.duel.winner} won the duel and discards")
    loser = player(state, state.duel.loser)
    if command.card not in drawable(loser):
        require(command.card in loser.hand, R7, f"{command.card or 'no card'} is not in seat {loser.seat}'s hand")
        raise RuleViolation(GLOSSARY_INVINCIBLE, f"{command.card} is Invincible: it cannot be forced from a hand")


def check_strip(state: ArmoryState, command: DuelStrip) -> str:
    """Check a DuelStrip; returns the combatant holding the card."""
    _check_any_card(command.card)
    require(state.phase == DUEL_STRIP, R7, "no duel strip is due")
    require(command.seat == state.duel.winner, R7, f"seat {state.duel.winner} won the duel and strips")
    loser = player(state, state.duel.loser)
    holder = find_on_combatant(loser, command.card)
    if command.card not in strippable(loser):
        require(holder != "", R7, f"{command.card or 'no card'} is not on seat {loser.seat}'s combatants")
        raise RuleViolation(GLOSSARY_INVINCIBLE, f"{command.card} is Invincible: it cannot be removed from play")
    return holder


# ---------------------------------------------------------------- plan


def _checked(check: Callable[[ArmoryState, C], None],
             effect: Callable[[Emitter[ArmoryState], Rng, C], None]) -> Callable[[ArmoryState, C], Plan[ArmoryState]]:
    """The planner of a command whose effect needs nothing but the command: its check, then its effect."""
    def planned(state: ArmoryState, command: C) -> Plan[ArmoryState]:
        check(state, command)
        return Plan(lambda em, rng: effect(em, rng, command))
    return planned


def _start(state: ArmoryState, command: StartGame) -> Plan[ArmoryState]:
    return Plan(effects.start)


def _cast_mystic(state: ArmoryState, command: CastMystic) -> Plan[ArmoryState]:
    turn_card, rule = check_cast(state, command)
    return Plan(lambda em, rng: effects.cast_mystic(em, command, turn_card, rule))


def _sacrifice(state: ArmoryState, command: Sacrifice) -> Plan[ArmoryState]:
    holder = check_sacrifice(state, command)
    return Plan(lambda em, rng: effects.sacrifice(em, rng, command, holder))


def _pass(state: ArmoryState, command: Pass) -> Plan[ArmoryState]:
    check_pass(state, command)
    return Plan(lambda em, rng: effects.resolve_top(em, rng, command.seat))


def _open(state: ArmoryState, command: OpenForAttack) -> Plan[ArmoryState]:
    check_open(state, command)
    return Plan(lambda em, rng: effects.open_for_attack(em, rng, command.seat))


def _end_attack(state: ArmoryState, command: EndAttack) -> Plan[ArmoryState]:
    check_end_attack(state, command)
    return Plan(lambda em, rng: effects.end_attack(em, rng, command.seat))


def _cast_attack(state: ArmoryState, command: CastAttack) -> Plan[ArmoryState]:
    check_attack(state, command)
    return Plan(lambda em, rng: effects.cast_attack(em, command))


def _declare(state: ArmoryState, command: DeclareDuel) -> Plan[ArmoryState]:
    check_declare(state, command)
    return Plan(lambda em, rng: effects.duel(em, rng, command.seat, command.opponent))


def _strip(state: ArmoryState, command: DuelStrip) -> Plan[ArmoryState]:
    holder = check_strip(state, command)
    return Plan(lambda em, rng: effects.duel_strip(em, rng, command, holder))


_PLANS: dict[type[Command], Callable[[ArmoryState, Any], Plan[ArmoryState]]] = {
    StartGame: _start,
    PlaceArmament: _checked(check_place_armament, effects.place_armament),
    PlaceGuardian: _checked(check_place_guardian, effects.place_guardian),
    Trade: _checked(check_trade, effects.trade),
    CastMystic: _cast_mystic,
    Sacrifice: _sacrifice,
    Pass: _pass,
    OpenForAttack: _open,
    EndAttack: _end_attack,
    CastAttack: _cast_attack,
    DeclareDuel: _declare,
    ChooseDuelPrize: _checked(check_prize, effects.choose_prize),
    DuelDiscard: _checked(check_discard, effects.duel_discard),
    DuelStrip: _strip,
}


def plan(state: ArmoryState, command: Command) -> Plan[ArmoryState]:
    """The command's checks (a RuleViolation citing the first rule it breaks), then what it does."""
    _check_seat(state, command)
    planner = _PLANS.get(type(command))
    if planner is None:
        raise RuleViolation(R4, f"ARMORY has no command {command.type_name()}")
    return planner(state, command)
