"""Every command a seat may submit now, each complete as is: the candidates of the
phase that plan accepts, or, where a seat has many (its placements, steps,
exchanges and reinforcements), those the very check functions plan calls accept."""

from __future__ import annotations

from domain.games.guardians import activated, casting, choices, movement, powers, retrieval, settlement, spells, texts
from domain.games.guardians import combat as fight
from domain.games.guardians.answers import answers
from domain.games.guardians.board import SPACES, strongholds
from domain.games.guardians.checks import accepted
from domain.games.guardians.messages import (
    Assassinate,
    ChangeSize,
    Channel,
    ChooseCommand,
    DeclareCommand,
    DestroyShield,
    DiscardCard,
    EndMove,
    FinishOrganizing,
    FireIdol,
    Heal,
    KeepUpCard,
    Mulligan,
    Pass,
    PlayCard,
    PlayCreature,
    PlayRanged,
    PutBack,
    Redeem,
    Retreat,
    TakeCard,
    Teleport,
    TurnShield,
)
from domain.games.guardians.organize import organizing, placements, up_choice_pending
from domain.games.guardians.state import (
    COMBAT,
    DRAWN,
    MOVEMENT,
    ORGANIZE,
    SEEK,
    SETTLEMENT,
    STORAGE,
    UP,
    GuardiansState,
    face,
    hand,
    members,
    side,
    under,
)
from domain.games.guardians.strength import is_ranged
from domain.games.guardians.turn import to_act
from domain.kernel import Command, RuleViolation


def _organize(state: GuardiansState, seat: int) -> list[Command]:
    if up_choice_pending(state, seat):
        return _accepted(state, [KeepUpCard(seat=seat, keep=True), KeepUpCard(seat=seat, keep=False)])
    looking = state.player(seat).looking
    if looking:
        return _accepted(state, [Assassinate(seat=seat, card=c) for c in looking])
    try:
        organizing(state, seat)  # what every command below checks first, and all FinishOrganizing checks
    except RuleViolation:
        return []
    found = _accepted(state, [Mulligan(seat=seat)])
    found.append(FinishOrganizing(seat=seat))
    spells_played: list[Command] = []
    for card in (*state.zone(seat, DRAWN), *state.zone(seat, STORAGE)):
        key = face(card).key
        if key == texts.CURSE:
            spells_played += [PlayCard(seat=seat, card=card, target=t) for t in spells.cursable()]
        elif key == texts.ASSASSIN:
            spells_played.append(PlayCard(seat=seat, card=card))
    spells_played += _cast(state, seat, (*state.zone(seat, DRAWN), *state.zone(seat, STORAGE)))
    return found + _accepted(state, spells_played) + placements(state, seat)


def _movement(state: GuardiansState, seat: int) -> list[Command]:
    storage = state.zone(seat, STORAGE)
    looking = state.player(seat).looking
    if looking:
        if state.player(seat).look == SEEK:
            return _accepted(state, [TakeCard(seat=seat, card=c) for c in looking])
        return _accepted(state, [PutBack(seat=seat, card=c, bottom=b) for c in looking for b in (False, True)])
    if state.window:
        found: list[Command] = [Pass(seat=seat)]
        if retrieval.up_searcher(state, seat)[1] is not None:
            found += [PlayCard(seat=seat, card=c) for c in state.zone(seat, UP)]
        for card in storage:
            if casting.general(card):
                continue
            targets = SPACES if face(card).key == texts.FORCE_BARRIER else ("",)
            found += [PlayCard(seat=seat, card=card, target=t) for t in targets]
        return _accepted(state, found + _cast(state, seat, storage))
    # On its own movement turn a seat plays the cards whose timing is "moving" (casting.py).
    if not state.moving:
        found = [TurnShield(seat=seat, shield=s.card) for s in state.shields_of(seat)]
        if spells.tower_creature(state, seat)[0]:
            found += [Teleport(seat=seat, shield=s.card) for s in state.shields_of(seat)]
        return _accepted(state, found + _cast(state, seat, storage))
    shield = state.shield(state.moving)
    assert shield is not None
    found = _accepted(state, [EndMove(seat=seat), *_cast(state, seat, storage)])
    found += movement.steps(state, seat)
    if movement.at_home(shield):
        found += movement.exchanges(state, seat, shield)
    return found + movement.reinforcements(state, seat)


def _combat(state: GuardiansState, seat: int) -> list[Command]:
    combat = state.combat
    assert combat is not None
    mine = side(combat, seat)
    theirs = side(combat, 3 - seat)
    stage = combat.stage
    storage = [c for c in (*state.zone(seat, STORAGE), *fight.lent_to(combat, seat)) if stage in fight.played_at(c)]
    storage += fight.bribe_items(state, seat)
    found: list[Command] = _cast(state, seat, state.zone(seat, STORAGE)) if stage in casting.SPELL_STEPS else []
    if stage == "declare":
        found += [DeclareCommand(seat=seat, play=False), DeclareCommand(seat=seat, play=True)]
        found += [PlayCard(seat=seat, card=c) for c in storage]
        if powers.fired_upgrade(state, seat):
            found += [FireIdol(seat=seat, stones=n) for n in range(1, state.player(seat).stones + 1)]
    elif stage == "command":
        found += [ChooseCommand(seat=seat, card=c) for c in fight.command_candidates(state, seat)]
    elif stage == "choose":
        found += [PlayCreature(seat=seat, card=c) for c in hand(state, mine)]
        found += fight.swap_candidates(state, seat)
        found += activated.uses(state, seat)
        found += [PlayCard(seat=seat, card=c) for c in storage]
    elif stage == "secondary":
        # A creature on the table and set aside is listed once.
        enemies = tuple(dict.fromkeys((*theirs.played, *theirs.ranged, *theirs.out, *theirs.unchallenged)))
        found += [PlayCreature(seat=seat, card=c, target=t) for c in hand(state, mine) for t in enemies]
        found.append(Pass(seat=seat))
    elif stage == "heal":
        found += [Heal(seat=seat, healer=h, card=c) for h, c in fight.heal_options(state, seat)]
        found.append(Pass(seat=seat))
    elif stage == "retreat":
        found += [Retreat(seat=seat, to=s) for s in fight.retreat_spaces(state)]
        found.append(DestroyShield(seat=seat))
    elif stage == "control":
        found += activated.uses(state, seat)
        found.append(Pass(seat=seat))
    elif stage == "redeem":
        found += [Redeem(seat=seat, card=c) for c in (*mine.beaten, *mine.destroyed)]
        found.append(Pass(seat=seat))
    elif stage == "trim":
        found += [
            DiscardCard(seat=seat, card=c) for s in state.shields_of(seat) for c in state.zone(seat, members(s.card))
        ]
    else:
        found += activated.uses(state, seat)
        targets = [t for t in (combat.a_card, combat.d_card, mine.command, theirs.command) if t]
        found += [PlayCard(seat=seat, card=c, target=t) for c in storage for t in targets]
        found.append(Pass(seat=seat))
        if stage in ("modify", "secondary-modify"):
            found.append(Channel(seat=seat, source=fight.GUARDIAN))
            titans = [c for c in mine.played if face(c).key in texts.TITANS]  # powers.change_size
            found += [ChangeSize(seat=seat, card=c, size=z) for c in titans for z in texts.SIZE_CUTS]
            found += [Channel(seat=seat, source=c) for s in strongholds(seat) for c in state.zone(seat, under(s))]
            if stage == "modify":  # a ranged attacker fired whose text lets it take channeling (Grim Skull)
                sources = [fight.GUARDIAN, *(c for s in strongholds(seat) for c in state.zone(seat, under(s)))]
                found += [Channel(seat=seat, source=c, into=f) for f in combat.fired for c in sources
                          if fight.fired_channel_cap(combat, seat, f)]
        if stage == "modify":
            found += [PlayRanged(seat=seat, card=c) for c in hand(state, mine) if is_ranged(c)]
            found += [PlayRanged(seat=seat, card=c) for c in fight.card_shots(state, seat)]
    return _accepted(state, found)


def _cast(state: GuardiansState, seat: int, cards: tuple[str, ...]) -> list[Command]:
    """The cards played the general way (casting.py), each with every target it may name."""
    general = [c for c in cards if casting.general(c)]
    return [PlayCard(seat=seat, card=c, target=t) for c in general for t in casting.targets(state, seat, c)]


def _accepted(state: GuardiansState, candidates: list[Command]) -> list[Command]:
    """The candidates plan accepts, each once."""
    return [command for command in dict.fromkeys(candidates) if accepted(state, command)]


PHASES = {ORGANIZE: _organize, MOVEMENT: _movement, COMBAT: _combat, SETTLEMENT: settlement.settlements}


def legal_commands(state: GuardiansState, seat: int) -> list[Command]:
    phase = PHASES.get(state.phase)
    if phase is None or seat not in to_act(state):
        return []
    if state.pending is not None:
        return _accepted(state, list(choices.candidates(state, seat)))
    if state.answer is not None:
        return answers(state, seat) + _accepted(state, list(activated.uses(state, seat)))
    return phase(state, seat)
