"""The turn's flow: phases in order, who acts next, the draw, victory (guardians THE
GAME, DRAW AND ORGANIZE PHASE, MOVEMENT PHASE, THE TURN IS OVER)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from domain.games.guardians.board import LANDS, default_owner, is_land, strongholds
from domain.games.guardians.cards import card
from domain.games.guardians.evolve import evolve
from domain.games.guardians.messages import (
    CardsMoved,
    DrawCounted,
    EffectApplied,
    GameDrawn,
    GameWon,
    LayoutRevealed,
    OpeningWindow,
    PhaseStarted,
    PlacerChosen,
    SpaceLayout,
    TurnPassed,
    UpCardsCompared,
)
from domain.games.guardians.state import (
    ALTERNATING,
    DECK,
    DISCARD,
    DRAWN,
    MOVEMENT,
    ORGANIZE,
    SHIELDS,
    STORAGE,
    UP,
    GuardiansState,
    facedown,
    members,
    on,
    other,
    terrain,
    under,
    upgrade,
)
from domain.games.guardians.strength import face
from domain.games.guardians.texts import implemented
from domain.kernel import Command, Emitter, Event, Rng, RuleViolation, require
from domain.kernel.canonical import canonical_json

C = TypeVar("C", bound=Command)
P = ParamSpec("P")

R_DECK = "guardians THE DECK"
R_GAME = "guardians THE GAME"
R_ORGANIZE = "guardians DRAW AND ORGANIZE PHASE"
R_PLACE = "guardians Place Creatures"
R_CHANNELERS = "guardians Channelers"
R_OTHER_PLACEMENT = "guardians Other placement"
R_SHIELDS = "guardians Shields"
R_WHO_PLACES = "guardians Who Places First?"
R_MOVEMENT = "guardians MOVEMENT PHASE"
R_UP = "guardians Turn your Up card"
R_MOVE = "guardians Movement"
R_REINFORCE = "guardians Reinforcing a Shield"
R_PICK_UP = "guardians Picking Up and Dropping Off Creatures"
R_NEXT_TURN = "guardians THE TURN IS OVER"
R_SETTLEMENT = "guardians TERRAIN SETTLEMENT PHASE"
R_TURN_LIMIT = "tablerules turn limit"
R_TEXT = "guardians Text Box"
R_SPELLS = "guardians SPELLS"
FIRST_DRAW = 12
SPACE_LIMIT = 30
"""Points on or under one space, and under one Shield (guardians Place Creatures)."""
SHIELDS_TO_LOSE = 5


class Em(Emitter[GuardiansState]):
    """The Emitter of one command, with the command's generator: what the command sets
    off may draw from it far down the cascade (the Up cards turned as Draw & Organize
    begins, option up_cards_in_organize, after a Terrain Settlement phase ends)."""

    __slots__ = ("rng",)

    def __init__(self, state: GuardiansState, rng: Rng) -> None:
        super().__init__(state, evolve)
        self.rng = rng


def new_em(state: GuardiansState, rng: Rng) -> Em:
    return Em(state, rng)


class _Checked(Exception):
    """A command reached its first event: its checks passed."""


class _ChecksOnly(Em):
    """An Emitter that stops a command at its first event (so it draws no number)."""

    __slots__ = ()

    def emit(self, kind: Callable[P, Event], rule: str, /, *args: P.args, **fields: P.kwargs) -> GuardiansState:
        raise _Checked


_NO_CHANCE = Rng("checks only", "", 0)
"""The generator of a command run only up to its first event, which draws nothing."""


def accepts(handle: Callable[[Em, C], object], state: GuardiansState, command: C) -> bool:
    """Whether `handle` accepts the command, found by running it only up to its first
    event: every command checks the rules before its first event, so neither the events
    nor what they set off need be made (legal_commands and a step's look-ahead ask
    this: issue 14)."""
    try:
        handle(_ChecksOnly(state, _NO_CHANCE), command)
    except _Checked:
        return True
    except RuleViolation:
        return False
    return False  # no event: it changes nothing


def stacking(cards: tuple[str, ...]) -> int:
    """Stacking points: the red number where a card has one (guardians Place Creatures)."""
    points = 0
    for info in map(face, cards):  # a loop: half the time of sum() over a generator, asked very often
        if info.is_creature:
            points += info.stacking
    return points


def space_points(state: GuardiansState, seat: int, space: str) -> int:
    """Points on and under a stronghold space, a Shield standing there included."""
    points = stacking(state.zone(seat, on(space))) + stacking(state.zone(seat, under(space)))
    shield = state.shield_at(space)
    if shield is not None and shield.seat == seat:
        points += stacking(state.zone(seat, members(shield.card)))
    return points


def land_owner(state: GuardiansState, land: str) -> int:
    """Who controls a land: the owner of the terrain card on it, else its default side."""
    for seat in (1, 2):
        if state.zone(seat, terrain(land)) or state.zone(seat, facedown(land)):
            return seat
    return default_owner(land)


def move(em: Em, rule: str, seat: int, cards: Sequence[str], source: str, target: str, reason: str = "") -> None:
    """Cards of one seat go from one of its zones to another (nothing happens for none)."""
    if cards:
        em.emit(
            CardsMoved,
            rule,
            seat=seat,
            cards=tuple(cards),
            count=len(cards),
            from_zone=source,
            to_zone=target,
            reason=reason,
        )


def draw(em: Em, seat: int, count: int, reason: str, rule: str) -> None:
    cards = em.state.zone(seat, DECK)[: max(count, 0)]
    if cards:
        move(em, rule, seat, cards, DECK, DRAWN, reason)


def spend(em: Em, seat: int, card: str, what: str, *, from_zone: str = STORAGE, rule: str = R_SPELLS) -> None:
    """A Spell or Item played goes to its owner's discard pile, after a check that no
    Curse of the Betrayed forbids its name this turn (guardians Text Box)."""
    name = face(card).name
    require(
        name not in em.state.player(seat).cursed,
        f"{R_TEXT} (Curse of the Betrayed)",
        f"Curse of the Betrayed: you may not play {name} this turn",
    )
    move(em, rule, seat, (card,), from_zone, DISCARD, f"played: {what}")


TEXT_NOT_IMPLEMENTED = "text not implemented"


def note_text(em: Em, seat: int, card_id: str) -> None:
    """A card whose printed text the rules do not know says so as it comes into play, in
    the clear (RULES.md: Cards and their texts). `card_id` is a card instance, or the
    key of a Guardian or stronghold card."""
    info = face(card_id) if "." in card_id else card(card_id)
    if not implemented(info):
        em.emit(
            EffectApplied,
            R_TEXT,
            seat=seat,
            source=card_id,
            effect=TEXT_NOT_IMPLEMENTED,
            note="only its numbers and keyword abilities take part (RULES.md)",
        )


def begin_organize(em: Em, coin: int = 0) -> None:
    """A new turn: its draws, and for alternating placement who opens (a coin on the
    first turn, then each seat in turn)."""
    state = em.state
    turn = state.turn + 1
    if state.options.turn_limit and turn > state.options.turn_limit:
        em.emit(GameDrawn, R_TURN_LIMIT, reason=f"turn limit of {state.options.turn_limit} reached", turn=state.turn)
        return
    em.emit(PhaseStarted, R_ORGANIZE, phase=ORGANIZE, turn=turn)
    choosing = False
    for seat in (1, 2):
        if turn == 1:
            draw(em, seat, FIRST_DRAW, "first draw", R_ORGANIZE)
        elif card(em.state.player(seat).guardian).key == TES_LET and em.state.zone(seat, UP):
            choosing = True  # Tes let first says whether the Up card is drawn (rules.py KeepUpCard)
        else:
            draw_turn(em, seat, keep_up=True)
    if em.state.options.placement == ALTERNATING:
        em.emit(PlacerChosen, R_WHO_PLACES, seat=coin or other(em.state.opener), opens=True)
    if not choosing:
        up_cards_in_organize(em)


def up_cards_in_organize(em: Em) -> None:
    """With the option up_cards_in_organize, the Up cards are turned as soon as both
    seats have drawn, before anything is placed (guardians Who Places First?)."""
    if em.state.options.up_cards_in_organize:
        turn_up_cards(em, em.rng)


TES_LET = "re-tes-let-leader-with-foresight"
"""The Guardian whose text lets its seat skip the Up card as first draw."""


def draw_count(state: GuardiansState, seat: int) -> tuple[int, int, int]:
    """Base draw, the land modifier (MDL or -LDL) and the low Up-card bonus (LUC)."""
    guardian = card(state.player(seat).guardian)
    mine = sum(1 for land in LANDS if land_owner(state, land) == seat)
    theirs = len(LANDS) - mine
    lands = guardian.mdl if mine > theirs else -guardian.ldl if mine < theirs else 0
    low = guardian.luc if state.player(seat).low_up else 0
    return guardian.base_draw, lands, low


def draw_turn(em: Em, seat: int, *, keep_up: bool) -> None:
    """A later turn's draw: the Up card first unless it is skipped (guardians THE TURN IS OVER)."""
    base, lands, low = draw_count(em.state, seat)
    total = base + lands + low
    em.emit(DrawCounted, R_NEXT_TURN, seat=seat, base=base, lands=lands, low_up=low, total=max(total, 0))
    up = em.state.zone(seat, UP)
    if up:
        # With the deck used up nothing more is drawn, the Up card from the discard pile
        # included: it goes back there.
        if keep_up and total > 0 and em.state.zone(seat, DECK):
            move(em, R_NEXT_TURN, seat, up, UP, DRAWN, "last Up card drawn first")
            total -= len(up)
        else:
            move(em, R_NEXT_TURN, seat, up, UP, DISCARD, "Up card not drawn")
    draw(em, seat, total, "turn draw", R_NEXT_TURN)


def placement_digest(state: GuardiansState, seat: int, salt: str) -> str:
    """SHA-256 over a seat's hidden layout and a salt: binds its placement before the
    reveal, and is checkable once the game ends and the salt is public."""
    layout = {
        name: list(cards)
        for name, cards in sorted(state.zones.items())
        if name.startswith(f"{seat}:") and not name.endswith((":deck", ":discard"))
    }
    shields = [[s.card, s.space] for s in state.shields_of(seat)]
    text = canonical_json({"salt": salt, "seat": seat, "shields": shields, "zones": layout})
    return hashlib.sha256(text).hexdigest()


def reveal_layout(em: Em) -> None:
    """Both placements shown together: each stronghold space's Shield and how many
    face-down cards lie on and under it (a land's Shield did not move in the phase)."""
    state = em.state
    spaces = []
    for seat in (1, 2):
        for space in strongholds(seat):
            shield = next((s.card for s in state.shields_of(seat) if s.space == space), "")
            carried = len(state.zone(seat, on(space))) + (len(state.zone(seat, members(shield))) if shield else 0)
            below = len(state.zone(seat, under(space)))
            if shield or carried or below:
                spaces.append(SpaceLayout(space=space, seat=seat, shield=shield, on=carried, under=below))
    em.emit(LayoutRevealed, R_WHO_PLACES, spaces=tuple(sorted(spaces, key=lambda s: s.space)))
    for seat in (1, 2):
        # The Shields and upgrades placed this turn come into play, face up.
        shown = {*state.zone(seat, SHIELDS), *(c for s in strongholds(seat) for c in state.zone(seat, upgrade(s)))}
        for placed in em.state.player(seat).placed:
            if placed in shown:
                note_text(em, seat, placed)


def begin_movement(em: Em, rng: Rng) -> None:
    em.emit(PhaseStarted, R_MOVEMENT, phase=MOVEMENT, turn=em.state.turn)
    if not em.state.up_turned:  # else turned in Draw & Organize (up_cards_in_organize)
        turn_up_cards(em, rng)
    em.emit(OpeningWindow, R_UP, actor=em.state.first)


UP_ROUNDS = 12
"""Up cards tie again and again only with small decks: after this many rounds a coin decides."""


def turn_up_cards(em: Em, rng: Rng) -> None:
    """Each seat turns its top card; the higher Up number moves first; a tie sends both
    to the bottom and each turns another (guardians Turn your Up card)."""
    for _ in range(UP_ROUNDS):
        for seat in (1, 2):
            if em.state.zone(seat, UP):
                continue
            deck = em.state.zone(seat, DECK)
            if deck:
                move(em, R_UP, seat, deck[:1], DECK, UP, "Up card")
            elif em.state.zone(seat, DISCARD):
                pick = rng.choice(em.state.zone(seat, DISCARD))
                move(
                    em,
                    R_NEXT_TURN,
                    seat,
                    (pick,),
                    DISCARD,
                    UP,
                    "Up card drawn at random from the discard pile: the deck is empty",
                )
        cards = tuple(em.state.zone(seat, UP)[:1] for seat in (1, 2))
        numbers = tuple(face(c[0]).up if c else 0 for c in cards)
        named = tuple(c[0] if c else "" for c in cards)
        if numbers[0] != numbers[1]:
            em.emit(UpCardsCompared, R_UP, cards=named, numbers=numbers, first=1 if numbers[0] > numbers[1] else 2)
            return
        em.emit(UpCardsCompared, R_UP, cards=named, numbers=numbers, first=0)
        for seat in (1, 2):
            up = em.state.zone(seat, UP)
            if up:
                move(em, R_UP, seat, up, UP, DECK, "Up cards tied: to the bottom of the deck")
    # The coin says who moves first; neither Up card was the lower, so nobody takes the
    # low Up-card bonus (guardians THE TURN IS OVER: LUC).
    em.emit(UpCardsCompared, "tablerules Up-card ties", cards=("", ""), numbers=(0, 0), first=1 + rng.below(2))


def unturned(state: GuardiansState, seat: int) -> bool:
    return any(not s.turned for s in state.shields_of(seat))


def next_actor(em: Em, just_acted: int, *, first_turn: bool = False) -> None:
    """Seats alternate turning Shields until every Shield is turned (guardians Movement)."""
    if em.state.finished:
        return
    order = (just_acted, other(just_acted)) if first_turn else (other(just_acted), just_acted)
    for seat in order:
        if unturned(em.state, seat):
            em.emit(TurnPassed, R_MOVE, seat=seat)
            return
    begin_settlement(em)


def begin_settlement(em: Em) -> None:
    if check_lands(em):
        return
    from domain.games.guardians.settlement import start_settlement

    start_settlement(em)


def check_lands(em: Em) -> bool:
    """Victory by the lands (guardians TERRAIN SETTLEMENT PHASE: checked first)."""
    state = em.state
    for seat in (1, 2):
        enemy_on_lands = any(is_land(s.space) for s in state.shields_of(other(seat)))
        if enemy_on_lands:
            continue
        held = all(state.seat_at(land) == seat or land_owner(state, land) == seat for land in LANDS)
        if held:
            em.emit(GameWon, R_SETTLEMENT, seat=seat, reason="holds all six disputed lands")
            return True
    return False


def check_shields(em: Em) -> bool:
    """Victory by five enemy Shields destroyed (guardians THE GAME)."""
    for seat in (1, 2):
        if em.state.player(seat).shields_lost >= SHIELDS_TO_LOSE and not em.state.finished:
            em.emit(GameWon, R_GAME, seat=other(seat), reason=f"destroyed {SHIELDS_TO_LOSE} of seat {seat}'s Shields")
            return True
    return em.state.finished
