"""Army of Darkness's rules checks: `plan(state, command)` runs every check of a
command, raising a RuleViolation that cites the rule on the first that fails, and
returns what the accepted command does (effects.py). Every check is pure.

A failed check's message is formatted only when it is raised: legal_commands asks
some of these checks of its candidates.
"""

from __future__ import annotations

from domain.games.aod.cards import (
    BOOK,
    CARD_TARGET,
    EVENT,
    EVIL,
    GOOD,
    GOODY_GOODY,
    IGNORED,
    ILL_TAKE_THAT,
    IM_BAD,
    INTO_THE_PIT,
    ITEM,
    ITS_BACK,
    MONSTER,
    OTHER_TARGET,
    S_MART,
    SUCK_IT_UP,
    YER_SCREWED,
    card,
    is_card,
)
from domain.games.aod.citations import (
    R_ALLIES,
    R_ATTACK,
    R_EVENTS,
    R_HEALTH,
    R_ITEMS,
    R_OPT_SWITCH,
    R_PLAY,
    R_SETUP,
)
from domain.games.aod.effects import attack, discard, end_turn, play, start_game, switch
from domain.games.aod.messages import (
    Attack,
    DiscardCard,
    EndTurn,
    PlayCard,
    SwitchAlly,
    SwitchItem,
)
from domain.games.aod.state import (
    ALLY,
    ATTACK,
    PLAY,
    SETUP,
    AodState,
    Player,
    play_zone,
    top_of_discard,
)
from domain.kernel import Command, Plan, RuleViolation, StartGame, require


def plan(state: AodState, command: Command) -> Plan[AodState]:
    """The command's checks, then what it does; RuleViolation, citing the rule, if refused."""
    match command:
        case PlayCard():
            check_play(state, command)
            return Plan(lambda em, rng: play(em, rng, command))
        case DiscardCard():
            check_discard(state, command)
            return Plan(lambda em, rng: discard(em, rng, command))
        case Attack():
            check_attack(state, command)
            return Plan(lambda em, rng: attack(em, rng, command))
        case EndTurn():
            check_end(state, command)
            return Plan(end_turn)
        case SwitchItem() | SwitchAlly():
            zone = check_switch(state, command)
            return Plan(lambda em, rng: switch(em, command, zone))
        case StartGame():
            require(state.phase == SETUP, R_SETUP, "the game has already started")
            return Plan(start_game)
    raise RuleViolation(R_PLAY, f"{command.type_name()} is not an Army of Darkness command")


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


def _require_in_hand(player: Player, card_id: str) -> None:
    """A card played or discarded comes from the seat's own hand (aod Play)."""
    if card_id not in player.hand:
        raise RuleViolation(R_PLAY, f"{card_id} is not in your hand")


def check_play(state: AodState, command: PlayCard) -> None:
    """One card from hand in the play step (aod Play): a Monster onto a named seat's
    pile, an Event with the targets it needs, any other card with no target."""
    _require_turn_step(state, command.seat, PLAY, R_PLAY, "play a card")
    _require_in_hand(state.player(command.seat), command.card)
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


def check_event(state: AodState, command: PlayCard) -> None:
    """An Event card's targets, and that it has an effect (aod Events; RULES.md, "Events
    need an effect" and "Event cards")."""
    name = card(command.card).name
    effect = card(command.card).effect
    seat, target, chosen = command.seat, command.target_seat, command.target_card
    me = state.player(seat)
    if effect in OTHER_TARGET:
        _require_other_seat(state, command, "is played on")
        if chosen != "":
            raise RuleViolation(R_EVENTS, f"{name} takes no target card")
        them = state.player(target)
        if effect == INTO_THE_PIT:
            require(bool(me.pile), R_EVENTS, "Into the Pit moves the top Monster of your pile: your pile is empty")
        elif effect == IGNORED:
            require(bool(them.active_allies()), R_EVENTS, "Ignored! needs a target with an active Ally")
        elif effect == YER_SCREWED:
            require(bool(them.weapons), R_EVENTS, "Yer Screwed! needs a target with an active weapon")
        elif not them.hand:
            raise RuleViolation(R_EVENTS, f"{name} needs a target with cards in hand")
    elif effect in CARD_TARGET:
        _require_other_seat(state, command, "takes a card from")
        them = state.player(target)
        if effect == ILL_TAKE_THAT:
            ok = (chosen == BOOK and state.book_holder == target) or chosen in them.items()
            require(ok, R_EVENTS, "I'll Take That takes an Item or the Necronomicon that this character has in play")
        else:
            require(chosen in them.active_allies(), R_EVENTS, "Double-Crossed takes an active Ally of that character")
    elif effect == ITS_BACK:
        monster = top_of_discard(state, MONSTER)
        require(bool(monster), R_EVENTS, "It's Back needs a Monster in the discard pile")
        if chosen != monster:
            raise RuleViolation(R_EVENTS, f"It's Back brings back the most recently discarded Monster, {monster}")
        require(target in state.seats(), R_EVENTS, "It's Back needs the seat whose pile gets the Monster")
    else:
        if target != 0:
            raise RuleViolation(R_EVENTS, f"{name} takes no target seat")
        if effect == S_MART:
            item = top_of_discard(state, ITEM)
            require(bool(item), R_EVENTS, "S-Mart needs an Item in the discard pile")
            if chosen != item:
                raise RuleViolation(R_EVENTS, f"S-Mart takes the most recently discarded Item, {item}")
        elif chosen != "":
            raise RuleViolation(R_EVENTS, f"{name} takes no target card")
        if effect == SUCK_IT_UP:
            require(bool(state.deck or state.discard), R_EVENTS, "Suck It Up: there are no cards left to draw")
        elif effect == IM_BAD:
            require(me.alignment == GOOD, R_EVENTS, "I'm Bad turns a good character evil: yours already is")
        elif effect == GOODY_GOODY:
            require(me.alignment == EVIL, R_EVENTS, "Goody-Goody Two-Shoes turns an evil character good: yours is")


def _require_other_seat(state: AodState, command: PlayCard, aim: str) -> None:
    """An Event aimed at another character names his seat (aod Events)."""
    target = command.target_seat
    if target not in state.seats() or target == command.seat:
        raise RuleViolation(R_EVENTS, f"{card(command.card).name} {aim} another character: name his seat")


def check_discard(state: AodState, command: DiscardCard) -> None:
    """A card owed (aod Health), or a card instead of a play (aod Play)."""
    _require_seat(state, command.seat)
    if state.owed_seat != command.seat:
        _require_turn_step(state, command.seat, PLAY, R_PLAY, "discard a card")
    _require_in_hand(state.player(command.seat), command.card)


def attack_targets(state: AodState, seat: int) -> list[tuple[int, str]]:
    """What `seat` may attack, as (target_seat, target_card) (aod Attack): the top Monster
    of each pile, his own included, then each other character (target card "")."""
    seats = state.seats()
    monsters = [(s, pile[-1]) for s in seats if (pile := state.player(s).pile)]
    return monsters + [(s, "") for s in seats if s != seat]


def usable(player: Player) -> tuple[bool, bool, bool]:
    """Whether he has an active weapon, an active other Item and an active Ally to use in
    an attack (aod Items, aod Allies): using each is his choice."""
    return bool(player.weapons), bool(player.others), bool(player.allies)


def check_attack(state: AodState, command: Attack) -> None:
    """The top Monster of any pile or another character, with active cards of one's own (aod Attack)."""
    _require_turn_step(state, command.seat, ATTACK, R_ATTACK, "attack")
    if command.target_seat not in state.seats():
        raise RuleViolation(R_ATTACK, f"there is no seat {command.target_seat} to attack")
    if (command.target_seat, command.target_card) not in attack_targets(state, command.seat):
        raise RuleViolation(R_ATTACK, "only the top Monster of a pile may be attacked" if command.target_card
                            else "you cannot attack your own character")
    weapon, other, allies = usable(state.player(command.seat))
    require(weapon or not command.use_weapon, R_ITEMS, "you have no active weapon to use")
    require(other or not command.use_other, R_ITEMS, "you have no active Item to use")
    require(allies or not command.use_allies, R_ALLIES, "you have no active Ally to use")


def may_end_turn(player: Player) -> bool:
    """Whether the attack step may end without an attack: only with no Monster in one's
    own pile (aod Attack)."""
    return not player.pile


def check_end(state: AodState, command: EndTurn) -> None:
    _require_turn_step(state, command.seat, ATTACK, R_ATTACK, "end your turn")
    require(may_end_turn(state.player(command.seat)), R_ATTACK,
            "your pile holds Monsters, so you must attack something")


def may_switch(state: AodState, seat: int) -> tuple[bool, str]:
    """When an owner may switch his stacked cards: at any time while the game is on, in
    his turn or out of it (aod Items, aod Allies); with the option only between his
    draw and his play. The rule that says so comes with the answer."""
    if state.finished or state.phase == SETUP or seat not in state.seats():
        return False, R_ITEMS
    if state.options.switch_before_play_only:
        return state.active == seat and state.phase == PLAY and not state.owed_seat, R_OPT_SWITCH
    return True, R_ITEMS


def check_switch(state: AodState, command: SwitchItem | SwitchAlly) -> str:
    """An inactive Item or Ally of one's own becomes active (aod Items, aod Allies): the
    zone of the card to switch, or RuleViolation."""
    _require_seat(state, command.seat)
    ok, rule = may_switch(state, command.seat)
    require(ok, rule, "you may not switch your Items or Allies now")
    if not is_card(command.card):
        raise RuleViolation(R_ITEMS, f"there is no card {command.card!r}")
    player = state.player(command.seat)
    if isinstance(command, SwitchAlly):
        if command.card not in player.inactive_allies():
            raise RuleViolation(R_ALLIES, f"{command.card} is already active" if command.card in player.allies
                                else f"{command.card} is not one of your Allies")
        return ALLY
    if command.card not in player.inactive_items():
        raise RuleViolation(R_ITEMS, f"{command.card} is already active" if command.card in player.items()
                            else f"{command.card} is not one of your Items")
    return play_zone(command.card)
