"""What accepted commands do that every part of the game shares: cards moved, drawn
and spent, and the turn's flow, which a command sets off once its own events are
made: the game set up, each phase begun in turn (guardians THE GAME, DRAW AND
ORGANIZE PHASE, MOVEMENT PHASE, TERRAIN SETTLEMENT PHASE, THE TURN IS OVER), who
moves next, victory.

Every function here takes the command's Emitter, and its generator where what it
sets off may draw (the Up cards turned, a shuffle); none checks a rule: checks.py
has checked the command before any of these runs."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.guardians.board import LANDS, end_strongholds, is_land
from domain.games.guardians.cards import card
from domain.games.guardians.citations import (
    R_DECK,
    R_GAME,
    R_MOVE,
    R_MOVEMENT,
    R_NEXT_TURN,
    R_ORGANIZE,
    R_SETTLEMENT,
    R_SPELLS,
    R_TEXT,
    R_TURN_LIMIT,
    R_UP,
    R_UP_TIES,
    R_WHO_PLACES,
    text_box,
)
from domain.games.guardians.control import extra_draws, text_draws, up_deck_take
from domain.games.guardians.decks import RANDOM, parse_deck
from domain.games.guardians.messages import (
    CardsMoved,
    DeckBuilt,
    DeckShuffled,
    DrawCounted,
    EffectApplied,
    GameDrawn,
    GameWon,
    LandSettled,
    OpeningWindow,
    PhaseStarted,
    PlacerChosen,
    SeatSetUp,
    ShieldDestroyed,
    StonesSpent,
    TurnPassed,
    UpCardsCompared,
    WindowMove,
)
from domain.games.guardians.state import (
    ALTERNATING,
    DECK,
    DISCARD,
    DRAWN,
    IN_EFFECT,
    MOVEMENT,
    ORGANIZE,
    SETTLEMENT,
    STORAGE,
    UP,
    GuardiansState,
    downgrade,
    draw_count,
    face,
    facedown,
    land_owner,
    may_settle,
    members,
    other,
    seat_of,
    terrain,
    unturned,
)
from domain.games.guardians.texts import TES_LET, implemented
from domain.kernel import Emitter, Rng

Em = Emitter[GuardiansState]
"""The Emitter of a Guardians command: it evolves the state as each event is made."""

FIRST_DRAW = 12
SHIELDS_TO_LOSE = 5
UP_ROUNDS = 12
"""Up cards tie again and again only with small decks: after this many rounds a coin decides."""
TEXT_NOT_IMPLEMENTED = "text not implemented"
GAIN_STONES = "gain-stones"
"""EffectApplied's effect when a text gives Power Stones (evolve adds them)."""

# ---------------------------------------------------------------- cards moved, drawn, spent


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


def spend(em: Em, seat: int, card_id: str, what: str, *, from_zone: str = STORAGE, rule: str = R_SPELLS) -> None:
    """A Spell or Item played goes to its owner's discard pile (answers.check_may_play
    has checked that nothing forbids it)."""
    move(em, rule, seat, (card_id,), from_zone, DISCARD, f"played: {what}")
    item_used(em, seat, card_id)


def item_used(em: Em, seat: int, card_id: str) -> None:
    """A Hand Item played (from the Storage Hand, or revealed as the Command Card): the
    enemy's Guardian whose text draws on it draws its cards (draws "enemy-hand-item"),
    into the Storage Hand, named to its seat only (view.redact)."""
    if face(card_id).kind != "hand-item":
        return
    enemy = other(seat)
    for source, amount in text_draws(em.state, enemy, "enemy-hand-item"):
        rule = text_box(card(source).name)
        why = f"the enemy played {face(card_id).name}"
        em.emit(EffectApplied, rule, seat=enemy, source=source, effect="draws", amount=amount, note=why)
        move(em, rule, enemy, em.state.zone(enemy, DECK)[:amount], DECK, STORAGE, f"drawn: {why}")


def gain_stones(em: Em, seat: int, source: str, amount: int, rule: str, why: str) -> None:
    """A card's text gives its seat Power Stones (the gain-stones ability)."""
    em.emit(EffectApplied, rule, seat=seat, source=source, effect=GAIN_STONES, amount=amount, note=why)


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


def window_move(em: Em, seat: int, *, passed: bool) -> None:
    """`seat` has played or passed in a combat's window: the other seat's move."""
    em.emit(WindowMove, R_SPELLS, seat=seat, passed=passed, actor=other(seat))


# ---------------------------------------------------------------- the game set up


def start_game(em: Em, rng: Rng) -> None:
    """Each seat's Guardian, stronghold and Power Stones, its deck shuffled; then the
    first Draw & Organize (guardians THE GAME)."""
    for player in em.state.players:
        deck = parse_deck(em.state.options.decks[player.seat - 1])
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
        if deck.name.startswith(RANDOM):
            # The option names only the seed: the log says which cards it gave.
            em.emit(DeckBuilt, R_DECK, seat=player.seat, option=deck.name, deck=deck.compact())
        for card_key in (deck.guardian, *deck.stronghold):
            note_text(em, player.seat, card_key)
        em.emit(DeckShuffled, R_DECK, seat=player.seat, order=tuple(rng.shuffled(em.state.zone(player.seat, DECK))))
    begin_organize(em, rng, coin=1 + rng.below(2))


# ---------------------------------------------------------------- Draw & Organize


def begin_organize(em: Em, rng: Rng, coin: int = 0) -> None:
    """A new turn: its draws, and for alternating placement who opens (a coin on the
    first turn, then each seat in turn)."""
    state = em.state
    turn = state.turn + 1
    if state.options.turn_limit and turn > state.options.turn_limit:
        em.emit(GameDrawn, R_TURN_LIMIT, reason=f"turn limit of {state.options.turn_limit} reached", turn=state.turn)
        return
    for seat in (1, 2):  # Spells in effect for the turn are spent now (casting.py)
        move(em, R_ORGANIZE, seat, em.state.zone(seat, IN_EFFECT), IN_EFFECT, DISCARD, "its turn is over")
    em.emit(PhaseStarted, R_ORGANIZE, phase=ORGANIZE, turn=turn)
    choosing = False
    for seat in (1, 2):
        if turn == 1:
            draw(em, seat, FIRST_DRAW, "first draw", R_ORGANIZE)
        elif card(em.state.player(seat).guardian).key == TES_LET and em.state.zone(seat, UP):
            choosing = True  # Tes let first says whether the Up card is drawn (organize.keep_up_card)
        else:
            draw_turn(em, seat, keep_up=True)
    if em.state.options.placement == ALTERNATING:
        em.emit(PlacerChosen, R_WHO_PLACES, seat=coin or other(em.state.opener), opens=True)
    if not choosing:
        up_cards_in_organize(em, rng)


def up_cards_in_organize(em: Em, rng: Rng) -> None:
    """With the option up_cards_in_organize, the Up cards are turned as soon as both
    seats have drawn, before anything is placed (guardians Who Places First?)."""
    if em.state.options.up_cards_in_organize:
        turn_up_cards(em, rng)


def draw_turn(em: Em, seat: int, *, keep_up: bool) -> None:
    """A later turn's draw: the Up card first unless it is skipped (guardians THE TURN IS OVER)."""
    base, lands, low = draw_count(em.state, seat)
    total = base + lands + low
    for source, extra in extra_draws(em.state, seat):
        em.emit(EffectApplied, R_ORGANIZE, seat=seat, source=source, effect="extra-draw", amount=extra)
        total += extra
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


# ---------------------------------------------------------------- Movement


def begin_movement(em: Em, rng: Rng) -> None:
    em.emit(PhaseStarted, R_MOVEMENT, phase=MOVEMENT, turn=em.state.turn)
    if not em.state.up_turned:  # else turned in Draw & Organize (up_cards_in_organize)
        turn_up_cards(em, rng)
    em.emit(OpeningWindow, R_UP, actor=em.state.first)


def turn_up_cards(em: Em, rng: Rng) -> None:
    """Each seat turns its top card and the Up numbers are compared (_turn_and_compare);
    then an Up card newly turned whose text takes cards of its seat's deck does so."""
    before = {seat: em.state.zone(seat, UP) for seat in (1, 2)}
    _turn_and_compare(em, rng)
    for seat in (1, 2):
        if em.state.zone(seat, UP) != before[seat]:
            _up_card_takes(em, rng, seat)


def _up_card_takes(em: Em, rng: Rng, seat: int) -> None:
    """search-deck "storage:<what>" (Chickenhead McCracken): the Up card's seat takes the
    cards of its deck the text names into its Storage Hand (named to it only: view.redact),
    and the deck is reshuffled; the Up card stays (RULES.md: it always takes them)."""
    up, taken = up_deck_take(em.state, seat)
    if not up:
        return
    name = face(up).name
    rule = text_box(name)
    note = f"{len(taken)} card{'s' if len(taken) != 1 else ''} into the Storage Hand"
    em.emit(EffectApplied, rule, seat=seat, source=up, effect="search-deck", amount=len(taken), note=note)
    move(em, rule, seat, taken, DECK, STORAGE, f"taken from the deck by {name}")
    em.emit(DeckShuffled, rule, seat=seat, order=tuple(rng.shuffled(em.state.zone(seat, DECK))))


def _turn_and_compare(em: Em, rng: Rng) -> None:
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
    em.emit(UpCardsCompared, R_UP_TIES, cards=("", ""), numbers=(0, 0), first=1 + rng.below(2))


def next_actor(em: Em, rng: Rng, just_acted: int, *, first_turn: bool = False) -> None:
    """Seats alternate turning Shields until every Shield is turned (guardians Movement);
    then Terrain Settlement. A seat whose move ends with a card in effect that gives it
    another movement option (War: another-move) uses that card up and turns again."""
    if em.state.finished:
        return
    if not first_turn and unturned(em.state, just_acted):
        again = next((c for c in em.state.zone(just_acted, IN_EFFECT) if face(c).has("another-move")), "")
        if again:
            rule = text_box(face(again).name)
            move(em, rule, just_acted, (again,), IN_EFFECT, DISCARD, "another movement option")
            em.emit(TurnPassed, rule, seat=just_acted)
            return
    order = (just_acted, other(just_acted)) if first_turn else (other(just_acted), just_acted)
    for seat in order:
        if unturned(em.state, seat):
            em.emit(TurnPassed, R_MOVE, seat=seat)
            return
    if not victory_by_lands(em):
        begin_settlement(em, rng)


# ---------------------------------------------------------------- Terrain Settlement


def begin_settlement(em: Em, rng: Rng) -> None:
    """Terrain with an enemy Shield on it goes to its owner's discard pile; then the
    lands to settle are those with a Shield and no terrain card."""
    state = em.state
    for land in LANDS:
        shield = state.shield_at(land)
        if shield is None:
            continue
        for seat in (1, 2):
            if seat == shield.seat:
                continue
            for zone in (terrain(land), facedown(land)):
                cards = state.zone(seat, zone)
                if cards:
                    move(em, R_SETTLEMENT, seat, cards, zone, DISCARD, "terrain taken by the enemy's Shield")
    em.emit(PhaseStarted, R_SETTLEMENT, phase=SETTLEMENT, turn=em.state.turn)
    if downgrades_act(em, rng, "settlement"):
        return
    settle_stuck(em)
    if not em.state.settling and not em.state.finished:
        begin_organize(em, rng)


def settle_stuck(em: Em) -> None:
    """A Shield with no terrain to play, no stone and no creature to give up is lost.
    Done when the phase starts and again after each land is settled: a seat's Terrain
    cards and stones serve all its lands, so settling one may use up another's last
    way (RULES.md, A Shield that cannot settle its land)."""
    for land in em.state.settling:
        if not may_settle(em.state, land):
            shield = em.state.shield_at(land)
            assert shield is not None
            em.emit(
                ShieldDestroyed, R_SETTLEMENT, seat=shield.seat, shield=shield.card, reason="could not settle its land"
            )
            em.emit(LandSettled, R_SETTLEMENT, seat=shield.seat, land=land)
            if victory_by_shields(em):
                return


# ---------------------------------------------------------------- stronghold downgrades


def downgrades_act(em: Em, rng: Rng, moment: str) -> bool:
    """The downgrades on the stronghold cards act at their moment (RULES.md: Downgrades),
    seat 1's first: "organize-end" (as both layouts are revealed, the end of Draw &
    Organize), "settlement" (as Terrain Settlement begins). True once the game is over."""
    for seat in (1, 2):
        for space in end_strongholds(other(seat)):
            for placed in em.state.zone(seat, downgrade(space)):
                for ability in face(placed).abilities:
                    if moment == "organize-end" and ability.kind == "enemy-loses-stones":
                        _taxed(em, placed, space, ability.amount)
                    pit = moment == ability.when == "settlement" and ability.kind == "discards"
                    if pit and _pit(em, rng, placed, space, ability.amount):
                        return True
    return em.state.finished


def _taxed(em: Em, placed: str, space: str, amount: int) -> None:
    """enemy-loses-stones "shield-on": the stronghold's owner, with a Shield of his on the
    card, burns the stones (Ministry of Tax Collection)."""
    owner = other(seat_of(placed))
    shield = em.state.shield_at(space)
    lost = min(amount, em.state.player(owner).stones)
    if shield is None or shield.seat != owner or not lost:
        return
    name = face(placed).name
    em.emit(StonesSpent, text_box(name), seat=owner, count=lost, reason=f"{name}: a Shield of yours stands on {space}")


def _pit(em: Em, rng: Rng, placed: str, space: str, amount: int) -> bool:
    """discards "both:stack:creature" at settlement: the owner of the Shield on the card,
    whoever's, discards that many of its creatures drawn at random (Snake Pit); a Shield
    left with none is destroyed, as one whose last creature is given up. True once the game
    is over."""
    shield = em.state.shield_at(space)
    if shield is None:
        return False
    zone = members(shield.card)
    pool = [c for c in em.state.zone(shield.seat, zone) if face(c).is_creature]
    picked = tuple(pool.pop(rng.below(len(pool))) for _ in range(min(amount, len(pool))))
    name = face(placed).name
    move(em, text_box(name), shield.seat, picked, zone, DISCARD, f"discarded at random: {name}")
    if picked and not any(face(c).is_creature for c in em.state.zone(shield.seat, zone)):
        em.emit(
            ShieldDestroyed,
            text_box(name),
            seat=shield.seat,
            shield=shield.card,
            reason=f"{name} took its last creature",
        )
        return victory_by_shields(em)
    return False


# ---------------------------------------------------------------- victory


def victory_by_lands(em: Em) -> bool:
    """A seat holding all six lands with no enemy Shield on one wins (guardians TERRAIN
    SETTLEMENT PHASE: looked at first)."""
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


def victory_by_shields(em: Em) -> bool:
    """Five enemy Shields destroyed win (guardians THE GAME); True once the game is over."""
    for seat in (1, 2):
        if em.state.player(seat).shields_lost >= SHIELDS_TO_LOSE and not em.state.finished:
            em.emit(GameWon, R_GAME, seat=other(seat), reason=f"destroyed {SHIELDS_TO_LOSE} of seat {seat}'s Shields")
            return True
    return em.state.finished
