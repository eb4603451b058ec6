"""legal_commands is exactly its slow definition: every candidate command, in the order
below, that decide accepts. legal.py generates most commands directly instead of
deciding each candidate (issue 14); this file keeps the slow definition as the oracle,
as legal.py stood before, and checks the two give the same list in the same order over
positions of random legal play and of the stored logs. legal.py asks the rest of its
candidates rules.checks_pass, which stops a command at its first event: that it agrees
with decide is checked here too."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.guardians import GAME, powers, spells, table, texts
from domain.games.guardians import combat as fight
from domain.games.guardians.board import SPACES, end_strongholds, neighbours, strongholds
from domain.games.guardians.cards import CARDS
from domain.games.guardians.decks import MAX_COPIES, RESTRICTED, parse_deck
from domain.games.guardians.messages import (
    Assassinate,
    ChangeSize,
    Channel,
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
    Teleport,
    TurnShield,
)
from domain.games.guardians.organize import up_choice_pending
from domain.games.guardians.rules import checks_pass, to_act
from domain.games.guardians.state import (
    COMBAT,
    DRAWN,
    MOVEMENT,
    ORGANIZE,
    PEN,
    SETTLEMENT,
    STORAGE,
    GuardiansState,
    members,
    on,
    side,
    tower,
    under,
)
from domain.games.guardians.strength import face, is_ranged
from domain.kernel import Command, Rng, RuleViolation, StartGame, parse_log
from domain.kernel.session import decode_event
from tests.stored_logs import CURRENT_LOGS, GOLDEN_LOGS

# ---------------------------------------------------------------- the slow definition


def _organize(state: GuardiansState, seat: int) -> list[Command]:
    if up_choice_pending(state, seat):
        return [KeepUpCard(seat=seat, keep=True), KeepUpCard(seat=seat, keep=False)]
    looking = state.player(seat).looking
    if looking:
        return [Assassinate(seat=seat, card=c) for c in looking]
    found: list[Command] = [Mulligan(seat=seat), FinishOrganizing(seat=seat)]
    for card in (*state.zone(seat, DRAWN), *state.zone(seat, STORAGE)):
        key = face(card).key
        if key == texts.CURSE:
            found += [PlayCard(seat=seat, card=card, target=t) for t in spells.cursable()]
        elif key == texts.ASSASSIN:
            found.append(PlayCard(seat=seat, card=card))
    mine = [*state.zone(seat, DRAWN), *state.zone(seat, PEN)]
    mine += [c for c in state.zone(seat, STORAGE) if face(c).is_creature]
    for space in strongholds(seat):
        mine += [*state.zone(seat, on(space)), *state.zone(seat, under(space))]
        shield = state.shield_at(space)
        if shield is not None and shield.seat == seat:
            mine += [shield.card, *state.zone(seat, members(shield.card))]
    for card in mine:
        info = face(card)
        if info.border == "double":
            targets = [STORAGE]
        elif info.kind == "upgrade":
            targets = [f"upgrade:{s}" for s in end_strongholds(seat)] + [PEN]
        elif info.is_creature:
            targets = [f"on:{s}" for s in strongholds(seat)] + [PEN] + [tower(s) for s in end_strongholds(seat)]
            targets += [f"under:{s}" for s in strongholds(seat)]
        elif info.is_shield or info.kind == "creature-item":
            targets = [f"on:{s}" for s in strongholds(seat)] + [PEN]
        else:
            targets = [PEN]
        found += [Place(seat=seat, card=card, to=t) for t in targets]
    return found


def _movement(state: GuardiansState, seat: int) -> list[Command]:
    storage = state.zone(seat, STORAGE)
    looking = state.player(seat).looking
    if looking:
        return [PutBack(seat=seat, card=c, bottom=b) for c in looking for b in (False, True)]
    if state.window:
        found: list[Command] = [Pass(seat=seat)]
        for card in storage:
            targets = SPACES if face(card).key == texts.FORCE_BARRIER else ("",)
            found += [PlayCard(seat=seat, card=card, target=t) for t in targets]
        return found
    turned = [s for s in state.shields_of(seat) if s.turned]
    if not state.moving:
        found = [TurnShield(seat=seat, shield=s.card) for s in state.shields_of(seat) if not s.turned]
        return found + [Teleport(seat=seat, shield=s.card) for s in turned]
    shield = state.shield(state.moving)
    assert shield is not None
    found = [EndMove(seat=seat)]
    found += [PlayCard(seat=seat, card=c) for c in storage if face(c).key == texts.POTION]
    for space in neighbours(shield.space):
        found += [Step(seat=seat, to=space, fly=False), Step(seat=seat, to=space, fly=True)]
        if any(s.space == space and s.seat != seat for s in state.shields):
            found.append(Step(seat=seat, to=space, fly=True, past=True))
    here = shield.space
    if here in strongholds(seat):
        found += [DropOff(seat=seat, card=c) for c in state.zone(seat, members(shield.card))]
        found += [PickUp(seat=seat, card=c) for c in state.zone(seat, on(here))]
        for other_shield in state.shields_of(seat):
            if other_shield.space == here and other_shield.card != shield.card:
                found += [PickUp(seat=seat, card=c) for c in state.zone(seat, members(other_shield.card))]
    for space in strongholds(seat):
        sources = list(state.zone(seat, on(space)))
        holder = state.shield_at(space)
        if holder is not None and holder.seat == seat and not holder.turned:
            sources += state.zone(seat, members(holder.card))
        found += [Reinforce(seat=seat, card=c, shield=t.card) for c in sources for t in turned]
    return found


def _combat(state: GuardiansState, seat: int) -> list[Command]:
    combat = state.combat
    assert combat is not None
    mine = side(combat, seat)
    theirs = side(combat, 3 - seat)
    storage = list(state.zone(seat, STORAGE))
    stage = combat.stage
    found: list[Command] = []
    if stage == "declare":
        found += [DeclareCommand(seat=seat, play=False), DeclareCommand(seat=seat, play=True)]
        found += [PlayCard(seat=seat, card=c) for c in storage]
        if powers.idol_for(state, seat):
            found += [FireIdol(seat=seat, stones=n) for n in range(1, state.player(seat).stones + 1)]
    elif stage == "command":
        found += [ChooseCommand(seat=seat, card=c) for c in fight.command_candidates(state, seat)]
    elif stage == "choose":
        found += [PlayCreature(seat=seat, card=c) for c in table.hand(state, mine)]
        found += [PlayCard(seat=seat, card=c) for c in storage]
    elif stage == "secondary":
        enemies = (*theirs.played, *theirs.ranged, *theirs.out)
        found += [PlayCreature(seat=seat, card=c, target=t) for c in table.hand(state, mine) for t in enemies]
        found.append(Pass(seat=seat))
    elif stage == "heal":
        found += [Heal(seat=seat, healer=h, card=c) for h in table.survivors(state, mine) for c in mine.beaten]
        found.append(Pass(seat=seat))
    elif stage == "retreat":
        found += [Retreat(seat=seat, to=s) for s in fight.retreat_spaces(state)]
        found.append(DestroyShield(seat=seat))
    elif stage == "redeem":
        found += [Redeem(seat=seat, card=c) for c in (*mine.beaten, *mine.destroyed)]
        found.append(Pass(seat=seat))
    elif stage == "trim":
        found += [
            DiscardCard(seat=seat, card=c) for s in state.shields_of(seat) for c in state.zone(seat, members(s.card))
        ]
    else:
        targets = [t for t in (combat.a_card, combat.d_card, mine.command, theirs.command) if t]
        found += [PlayCard(seat=seat, card=c, target=t) for c in storage for t in targets]
        found.append(Pass(seat=seat))
        if stage in ("modify", "secondary-modify"):
            found.append(Channel(seat=seat, source=fight.GUARDIAN))
            found += [ChangeSize(seat=seat, card=c, size=z) for c in mine.played for z in texts.SIZE_CUTS]
            found += [Channel(seat=seat, source=c) for s in strongholds(seat) for c in state.zone(seat, under(s))]
        if stage == "modify":
            found += [PlayRanged(seat=seat, card=c) for c in table.hand(state, mine) if is_ranged(c)]
    return found


def _settlement(state: GuardiansState, seat: int) -> list[Command]:
    found: list[Command] = []
    stock = [*state.zone(seat, PEN), *state.zone(seat, STORAGE)]
    for land in state.settling:
        shield = state.shield_at(land)
        if shield is None or shield.seat != seat:
            continue
        found += [
            PlaceTerrain(seat=seat, land=land, card=c) for c in stock if face(c).kind in ("terrain", "shield-terrain")
        ]
        found += [PlaceTerrain(seat=seat, land=land, card=c, face_down=True) for c in stock]
        found += [DropCreature(seat=seat, land=land, card=c) for c in state.zone(seat, members(shield.card))]
    return found


CANDIDATES = {ORGANIZE: _organize, MOVEMENT: _movement, COMBAT: _combat, SETTLEMENT: _settlement}


def accepted(state: GuardiansState, command: Command) -> bool:
    try:
        GAME.decide(state, command, Rng("legal-commands", "", 0))
    except RuleViolation:
        return False
    return True


def _answer(state: GuardiansState, seat: int) -> list[Command]:
    """A Spell or Item waits for an answer: a pass, or a card of the hand naming it."""
    assert state.answer is not None
    hand = (*state.zone(seat, DRAWN), *state.zone(seat, STORAGE))
    return [Pass(seat=seat), *(PlayCard(seat=seat, card=c, target=state.answer.card) for c in hand)]


def slow_legal_commands(state: GuardiansState, seat: int) -> list[Command]:
    """Every candidate of the phase (or of the answer waited for), once each, that decide accepts."""
    if seat not in to_act(state) or state.phase not in CANDIDATES:
        return []
    candidates = _answer(state, seat) if state.answer is not None else CANDIDATES[state.phase](state, seat)
    return [command for command in dict.fromkeys(candidates) if accepted(state, command)]


# ---------------------------------------------------------------- the positions


def check(state: GuardiansState) -> None:
    for seat in (1, 2):
        assert GAME.legal_commands(state, seat) == slow_legal_commands(state, seat), (seat, GAME.status(state).summary)
    # checks_pass, which stops a command at its first event, answers as decide does.
    for seat in to_act(state):
        candidates = _answer(state, seat) if state.answer is not None else CANDIDATES[state.phase](state, seat)
        for command in candidates:
            assert checks_pass(state, command) == accepted(state, command), command


def random_positions(seed: int, options: Mapping[str, Any]) -> Iterator[GuardiansState]:
    """The positions of one random legal game, each before a seat chooses."""
    setup = GAME.ruleset.check_setup(["ann", "bob"], dict(options), "")
    state = GAME.initial_state(setup)
    chooser = random.Random(seed)
    position = 0
    command: Command = StartGame(seat=0)
    while True:
        events = GAME.decide(state, command, Rng(str(seed), "g", position))
        for event in events:
            state = GAME.evolve(state, event)
        position += len(events)
        if state.finished:
            return
        yield state
        seat = chooser.choice(GAME.status(state).to_act)
        command = chooser.choice(GAME.legal_commands(state, seat))


DECKS = ("knights", "giants-fairies", "undead")
UNCOMMON = sorted(
    key
    for key, card in CARDS.items()
    if card.in_deck
    and key not in RESTRICTED
    and (card.cmp > 0 or card.kind in ("creature-item", "upgrade", "shield-terrain", "standard-bearer", "hand-item"))
)
"""Cards the example decks hold few of or none: channelers, creature items, stronghold
upgrades, shield/terrain cards, standard bearers, items."""


@st.composite
def decks(draw: st.DrawFn) -> str:
    """An example deck, or one with some uncommon cards added (a deck list)."""
    deck = parse_deck(draw(st.sampled_from(DECKS)))
    added = draw(st.lists(st.sampled_from(UNCOMMON), max_size=10, unique=True))
    if not added:
        return deck.name
    counts = dict(deck.cards)
    for key in added:
        counts[key] = min(counts.get(key, 0) + draw(st.integers(1, 3)), MAX_COPIES)
    cards = ",".join(f"{key}*{count}" for key, count in sorted(counts.items()))
    return f"guardian={deck.guardian};stronghold={','.join(deck.stronghold)};cards={cards}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    options=st.fixed_dictionaries(
        {
            "deck_1": decks(),
            "deck_2": decks(),
            "placement": st.sampled_from(["simultaneous", "alternating"]),
            "turn_limit": st.sampled_from([3, 8, 16]),
        }
    ),
)
def test_legal_commands_are_the_candidates_decide_accepts(seed: int, options: dict[str, Any]) -> None:
    for state in random_positions(seed, options):
        check(state)


@pytest.mark.parametrize(
    "path",
    [p for p in (*CURRENT_LOGS, *GOLDEN_LOGS) if p.name.startswith("guardians") or p.parent.name == "guardians"],
    ids=lambda p: p.name,
)
def test_legal_commands_along_the_stored_logs(path: Any) -> None:
    """Every position of a stored game where a seat chose its next command."""
    log = parse_log(path.read_text(encoding="utf-8").splitlines())
    setup = GAME.ruleset.check_setup(list(log.header.seats), dict(log.header.options), log.header.content)
    state = GAME.initial_state(setup)
    command_id = ""
    for envelope in log.envelopes:
        if envelope.type not in GAME.event_types:
            continue
        if envelope.command_id != command_id:
            check(state)
            command_id = envelope.command_id
        state = GAME.evolve(state, decode_event(GAME, envelope))
