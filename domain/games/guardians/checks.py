"""Guardians' plan: every rules check of a command, before any event, and what the
command does once accepted (the effects of the topic modules)."""

from __future__ import annotations

from domain.games.guardians import (
    activated,
    answers,
    casting,
    choices,
    combat,
    movement,
    organize,
    powers,
    retrieval,
    settlement,
    spells,
    texts,
)
from domain.games.guardians.citations import R_GAME
from domain.games.guardians.effects import start_game
from domain.games.guardians.messages import (
    Assassinate,
    ChangeSize,
    Channel,
    Choose,
    ChooseCommand,
    DeclareCommand,
    DestroyShield,
    DiscardCard,
    DropCreature,
    DropOff,
    EndMove,
    FinishOrganizing,
    FireIdol,
    Heal,
    KeepUpCard,
    Mulligan,
    Pass,
    PickUp,
    Place,
    PlaceTerrain,
    PlayCard,
    PlayCreature,
    PlayRanged,
    PutBack,
    Redeem,
    Reinforce,
    Retreat,
    Step,
    TakeCard,
    Teleport,
    TurnShield,
    UseAbility,
)
from domain.games.guardians.state import MOVEMENT, ORGANIZE, SETUP, UP, GuardiansState, face
from domain.kernel import Command, Plan, RuleViolation, StartGame, quoted, require

RESOLVERS: dict[str, answers.Resolver] = {
    texts.RANGED_RETURN: powers.resolve_ranged_return,
    texts.POWER_LUNCH: combat.resolve_power_lunch,
    texts.ST_BALLANTINE: combat.resolve_st_ballantine,
    texts.ANVIL: combat.resolve_anvil,
    texts.CURSE: spells.resolve_curse,
    texts.ASSASSIN: spells.resolve_assassin,
    **{key: spells.resolve_opening_card for key in texts.OPENING_CARDS},
}
"""Every Spell and Item played but as a Command Card or a Dispel Magic: what it does once
its answer is closed (answers.py); those played the general way, casting.resolve."""

CARD_FIELDS = ("card", "shield", "healer")
"""Command fields that name a card instance; Channel's `source` does too, unless it is
the Guardian, and so does a creature's target."""


def _known_cards(state: GuardiansState, command: Command) -> None:
    """Every card a command names exists in this game, before any rule looks at it."""
    named = [getattr(command, name) for name in CARD_FIELDS if hasattr(command, name)]
    if isinstance(command, UseAbility) and command.card == activated.GUARDIAN:
        named.remove(activated.GUARDIAN)
    if isinstance(command, Channel) and command.source != combat.GUARDIAN:
        named.append(command.source)
    if isinstance(command, Channel) and command.into:
        named.append(command.into)
    if isinstance(command, PlayCreature) and command.target:
        named.append(command.target)
    if isinstance(command, Choose) and not command.card:
        named.remove("")
    for text in named:
        if not state.holds(text):
            raise RuleViolation(R_GAME, f"there is no card {quoted(text)} in this game")


def plan(state: GuardiansState, command: Command) -> Plan[GuardiansState]:
    """The rules every command meets, then its own; the Plan of what it does."""
    if isinstance(command, StartGame):
        require(state.phase == SETUP, R_GAME, "the game has started already")
        return Plan(start_game)
    require(not state.finished, R_GAME, "the game is over")
    if command.seat not in (1, 2):  # (asked of every command: the message is made only for a refusal)
        raise RuleViolation(R_GAME, f"there is no seat {command.seat} in this game")
    _known_cards(state, command)
    if state.pending is not None and not isinstance(command, Choose):
        raise choices.waiting(state)
    if state.answer is not None:
        return _answer(state, command)
    return _own(state, command)


def _own(state: GuardiansState, command: Command) -> Plan[GuardiansState]:
    """A command's own checks, and its Plan."""
    match command:
        case Mulligan():
            organize.check_mulligan(state, command)
            return Plan(lambda em, rng: organize.mulligan(em, rng, command))
        case KeepUpCard():
            organize.check_keep_up_card(state, command)
            return Plan(lambda em, rng: organize.keep_up_card(em, rng, command))
        case Place():
            placement = organize.check_place(state, command)
            return Plan(lambda em, rng: organize.place(em, command, placement))
        case FinishOrganizing():
            organize.check_finish(state, command)
            return Plan(lambda em, rng: organize.finish(em, rng, command))
        case TurnShield():
            shield = movement.check_turn_shield(state, command)
            return Plan(lambda em, rng: movement.turn_shield(em, shield))
        case Step():
            stepping = movement.check_step(state, command)
            return Plan(lambda em, rng: movement.step(em, rng, command, stepping))
        case PickUp():
            zone = movement.check_pick_up(state, command)
            return Plan(lambda em, rng: movement.pick_up(em, command, zone))
        case DropOff():
            zone = movement.check_drop_off(state, command)
            return Plan(lambda em, rng: movement.drop_off(em, command, zone))
        case Reinforce():
            zone = movement.check_reinforce(state, command)
            return Plan(lambda em, rng: movement.reinforce(em, command, zone))
        case EndMove():
            movement.check_end_move(state, command)
            return Plan(lambda em, rng: movement.end_move(em, rng, command.seat))
        case DeclareCommand():
            combat.check_declare(state, command)
            return Plan(lambda em, rng: combat.declare(em, rng, command))
        case Choose():
            choice = choices.check_choose(state, command)
            return Plan(lambda em, rng: combat.choose(em, rng, command, choice))
        case ChooseCommand():
            combat.check_choose_command(state, command)
            return Plan(lambda em, rng: combat.choose_command(em, command))
        case PlayCard() if command.card in combat.bribe_items(state, command.seat):  # an Item to bribe with
            play = combat.check_play_card(state, command)
            return Plan(lambda em, rng: combat.play_card(em, rng, command, play))
        case PlayCard() if casting.general(command.card):
            zone = casting.check_cast(state, command)
            return Plan(lambda em, rng: casting.cast(em, command, zone))
        case PlayCard() if state.phase == ORGANIZE:
            zone = spells.check_play_in_organize(state, command)
            return Plan(lambda em, rng: spells.play_in_organize(em, command, zone))
        case PlayCard() if state.phase == MOVEMENT and command.card in state.zone(command.seat, UP):
            search = retrieval.check_search_up(state, command)
            return Plan(lambda em, rng: retrieval.search_up(em, command, search))
        case PlayCard() if state.phase == MOVEMENT:
            spells.check_play_in_movement(state, command)
            return Plan(lambda em, rng: spells.play_in_movement(em, command))
        case PlayCard():
            play = combat.check_play_card(state, command)
            return Plan(lambda em, rng: combat.play_card(em, rng, command, play))
        case Pass() if state.phase == MOVEMENT:
            spells.check_pass_opening(state, command)
            return Plan(lambda em, rng: spells.pass_opening(em, rng, command))
        case Pass():
            combat.check_pass(state, command)
            return Plan(lambda em, rng: combat.pass_turn(em, rng, command))
        case PutBack():
            spells.check_put_back(state, command)
            return Plan(lambda em, rng: spells.put_back(em, command))
        case TakeCard():
            retrieval.check_take(state, command)
            return Plan(lambda em, rng: retrieval.take(em, rng, command))
        case Assassinate():
            spells.check_assassinate(state, command)
            return Plan(lambda em, rng: spells.assassinate(em, rng, command))
        case Teleport():
            spells.check_teleport(state, command)
            return Plan(lambda em, rng: spells.teleport(em, command))
        case FireIdol():
            idol = combat.check_fire_idol(state, command)
            return Plan(lambda em, rng: combat.fire_idol(em, rng, command, idol))
        case ChangeSize():
            combat.check_change_size(state, command)
            return Plan(lambda em, rng: combat.change_size(em, command))
        case Redeem():
            combat.check_redeem(state, command)
            return Plan(lambda em, rng: combat.redeem(em, rng, command))
        case UseAbility():
            ability = activated.check_use(state, command)
            if ability.kind == "discards-for":
                return Plan(lambda em, rng: activated.discard_for(em, rng, command, ability))
            if activated.effect(ability)[0] == "control-bonus":
                return Plan(lambda em, rng: combat.pay_for_control(em, rng, command, ability))
            if activated.effect(ability)[0] == "destroys-both":
                return Plan(lambda em, rng: combat.detonate(em, rng, command, ability))
            if activated.effect(ability)[0] == "fires-ranged":
                return Plan(lambda em, rng: combat.fire_for_stones(em, command, ability))
            return Plan(lambda em, rng: activated.use(em, command, ability))
        case PlayCreature():
            combat.check_play_creature(state, command)
            return Plan(lambda em, rng: combat.play_creature(em, rng, command))
        case PlayRanged():
            combat.check_play_ranged(state, command)
            return Plan(lambda em, rng: combat.play_ranged(em, rng, command))
        case Channel():
            channeling = combat.check_channel(state, command)
            return Plan(lambda em, rng: combat.channel(em, command, channeling))
        case Heal():
            healing = combat.check_heal(state, command)
            return Plan(lambda em, rng: combat.heal(em, rng, command, healing))
        case Retreat():
            combat.check_retreat(state, command)
            return Plan(lambda em, rng: combat.retreat(em, rng, command))
        case DestroyShield():
            combat.check_destroy_shield(state, command)
            return Plan(lambda em, rng: combat.destroy_shield(em, rng, command))
        case DiscardCard():
            combat.check_trim(state, command)
            return Plan(lambda em, rng: combat.trim(em, rng, command))
        case PlaceTerrain():
            source = settlement.check_place_terrain(state, command)
            return Plan(lambda em, rng: settlement.place_terrain(em, rng, command, source))
        case DropCreature():
            settlement.check_drop_creature(state, command)
            return Plan(lambda em, rng: settlement.drop_creature(em, rng, command))
    raise RuleViolation(R_GAME, f"guardians has no command {type(command).__name__}")


def _answer(state: GuardiansState, command: Command) -> Plan[GuardiansState]:
    """While a Spell or Item waits for its answer, only its answer may come."""
    if isinstance(command, UseAbility):
        ability = activated.check_use(state, command)
        return Plan(lambda em, rng: activated.use(em, command, ability))
    if answers.check_answer(state, command):
        pending = state.answer
        assert pending is not None
        resolver = RESOLVERS.get(face(pending.card).key, casting.resolve)
        return Plan(lambda em, rng: answers.close_answer(em, rng, command.seat, resolver))
    assert isinstance(command, PlayCard)
    return Plan(lambda em, rng: answers.dispel_answered(em, command))


def accepted(state: GuardiansState, command: Command) -> bool:
    """Whether plan accepts a candidate of legal_commands: one it made of the state's
    cards for a seat to act while no answer waits, which meets the rules every command
    meets, so that only its own checks are asked."""
    try:
        _own(state, command)
    except RuleViolation:
        return False
    return True
