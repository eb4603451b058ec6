"""Guardians decide: check a command against the rules, then emit its facts."""

from __future__ import annotations

from domain.games.guardians import answers, combat, movement, organize, powers, settlement, spells, texts
from domain.games.guardians.cards import card
from domain.games.guardians.decks import parse_deck
from domain.games.guardians.messages import (
    Assassinate,
    ChangeSize,
    Channel,
    ChooseCommand,
    DeckShuffled,
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
    SeatSetUp,
    Step,
    Teleport,
    TurnShield,
)
from domain.games.guardians.state import (
    ALTERNATING,
    COMBAT,
    DECK,
    MOVEMENT,
    ORGANIZE,
    SETTLEMENT,
    SETUP,
    GuardiansState,
)
from domain.games.guardians.turns import R_DECK, R_GAME, Em, accepts, begin_organize, new_em, note_text
from domain.kernel import Command, Event, Rng, RuleViolation, StartGame, require
from domain.kernel.quoting import quoted


def to_act(state: GuardiansState) -> tuple[int, ...]:
    """The seats with a decision now."""
    if state.finished or state.phase == SETUP:
        return ()
    if state.answer is not None:
        return (state.answer.actor,)
    if state.phase == ORGANIZE:
        waiting = tuple(p.seat for p in state.players if not p.committed)
        if state.options.placement == ALTERNATING and len(waiting) == 2:
            return (state.active,)
        return waiting
    if state.phase == MOVEMENT:
        looking = tuple(p.seat for p in state.players if p.looking)
        return looking or ((state.active,) if state.active else ())
    if state.phase == COMBAT and state.combat is not None:
        fight = state.combat
        if fight.actor:
            return (fight.actor,)
        if fight.stage == "command":
            return tuple(s.seat for s in (fight.attacker, fight.defender) if s.declared == 1 and not s.command)
        if fight.stage == "choose":
            return tuple(
                s.seat
                for s in (fight.attacker, fight.defender)
                if not s.choice and not powers.waits_for_type(fight, s.seat)
            )
        return ()
    if state.phase == SETTLEMENT:
        return tuple(sorted({shield.seat for land in state.settling if (shield := state.shield_at(land)) is not None}))
    return ()


def start_game(state: GuardiansState, rng: Rng) -> list[Event]:
    em = new_em(state, rng)
    for player in state.players:
        deck = parse_deck(state.options.decks[player.seat - 1])
        guardian = card(deck.guardian)
        em.emit(
            SeatSetUp,
            R_GAME,
            seat=player.seat,
            guardian=deck.guardian,
            stronghold=deck.stronghold,
            deck=deck.name,
            stones=guardian.stones,
        )
        for card_key in (deck.guardian, *deck.stronghold):
            note_text(em, player.seat, card_key)
        em.emit(DeckShuffled, R_DECK, seat=player.seat, order=tuple(rng.shuffled(em.state.zone(player.seat, DECK))))
    begin_organize(em, coin=1 + rng.below(2))
    return em.events


CARD_FIELDS = ("card", "shield", "healer")
"""Command fields that name a card instance; Channel's `source` does too, unless it is
the Guardian, and so does a creature's target."""


def _known_cards(state: GuardiansState, command: Command) -> None:
    """Every card a command names exists in this game, before any rule looks at it."""
    named = [getattr(command, name) for name in CARD_FIELDS if hasattr(command, name)]
    if isinstance(command, Channel) and command.source != combat.GUARDIAN:
        named.append(command.source)
    if isinstance(command, PlayCreature) and command.target:
        named.append(command.target)
    for text in named:
        require(state.holds(text), R_GAME, f"there is no card {quoted(text)} in this game")


def decide(state: GuardiansState, command: Command, rng: Rng) -> list[Event]:
    if isinstance(command, StartGame):
        require(state.phase == SETUP, R_GAME, "the game has started already")
        return start_game(state, rng)
    em = new_em(state, rng)
    _handle(em, command, rng)
    if not em.events:
        raise RuleViolation(R_GAME, "that command changes nothing")
    return em.events


def checks_pass(state: GuardiansState, command: Command) -> bool:
    """Whether decide accepts a command, found without making its events and what they
    set off (turns.accepts; legal_commands asks this of its candidates)."""
    return accepts(_checked, state, command)


def _checked(em: Em, command: Command) -> None:
    _handle(em, command, Rng("legal-commands", "", 0))


RESOLVERS: dict[str, answers.Resolver] = {
    texts.RANGED_RETURN: powers.resolve_ranged_return,
    texts.POWER_LUNCH: combat.resolve_power_lunch,
    texts.ST_BALLANTINE: combat.resolve_st_ballantine,
    texts.ANVIL: combat.resolve_anvil,
    texts.CURSE: spells.resolve_curse,
    texts.ASSASSIN: spells.resolve_assassin,
    **{key: spells.resolve_opening_card for key in texts.OPENING_CARDS},
    texts.POTION: spells.resolve_potion,
}
"""Every Spell and Item played but as a Command Card or a Dispel Magic: what it does once
its answer is closed (answers.py)."""


def _handle(em: Em, command: Command, rng: Rng) -> None:
    """The rules every command meets, then its own: checks first, then its events."""
    state = em.state
    require(not state.finished, R_GAME, "the game is over")
    require(command.seat in (1, 2), R_GAME, f"there is no seat {command.seat} in this game")
    _known_cards(state, command)
    if state.answer is not None:
        answers.answer(em, command, RESOLVERS)
        return
    match command:
        case Mulligan():
            organize.mulligan(em, command, rng)
        case KeepUpCard():
            organize.keep_up_card(em, command)
        case Place():
            organize.place(em, command)
        case FinishOrganizing():
            organize.finish(em, command, rng)
        case TurnShield():
            movement.turn_shield(em, command)
        case Step():
            movement.step(em, command)
        case PickUp():
            movement.pick_up(em, command)
        case DropOff():
            movement.drop_off(em, command)
        case Reinforce():
            movement.reinforce(em, command)
        case EndMove():
            movement.end_move(em, command)
        case DeclareCommand():
            combat.declare_command(em, command)
        case ChooseCommand():
            combat.choose_command(em, command)
        case PlayCard() if state.phase == ORGANIZE:
            spells.play_in_organize(em, command)
        case PlayCard() if state.phase == MOVEMENT:
            spells.play_in_movement(em, command)
        case PlayCard():
            combat.play_card(em, command)
        case Pass() if state.phase == MOVEMENT:
            spells.pass_opening(em, command)
        case Pass():
            combat.pass_turn(em, command)
        case PutBack():
            spells.put_back(em, command)
        case Assassinate():
            spells.assassinate(em, command, rng)
        case Teleport():
            spells.teleport(em, command)
        case FireIdol():
            combat.fire_idol(em, command)
        case ChangeSize():
            powers.change_size(em, command)
        case Redeem():
            combat.redeem(em, command)
        case PlayCreature():
            combat.play_creature(em, command)
        case PlayRanged():
            combat.play_ranged(em, command)
        case Channel():
            combat.channel(em, command)
        case Heal():
            combat.heal(em, command)
        case Retreat():
            combat.retreat(em, command)
        case DestroyShield():
            combat.destroy_shield(em, command)
        case DiscardCard():
            combat.trim(em, command)
        case PlaceTerrain():
            settlement.place_terrain(em, command)
        case DropCreature():
            settlement.drop_creature(em, command)
        case _:
            raise RuleViolation(R_GAME, f"guardians has no command {type(command).__name__}")
