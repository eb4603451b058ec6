"""Draw & Organize: the no-Shield mulligan, placing cards face down on, under and
beside the strongholds and in the Creature Pen, and the fair reveal (guardians DRAW
AND ORGANIZE PHASE)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.guardians.board import end_strongholds, strongholds
from domain.games.guardians.messages import (
    Committed,
    DeckShuffled,
    FinishOrganizing,
    KeepUpCard,
    Mulligan,
    Place,
    PlacerChosen,
    ShieldPlaced,
    StonesSpent,
)
from domain.games.guardians.state import (
    ALTERNATING,
    ASSASSINATE,
    DECK,
    DRAWN,
    KEPT,
    ORGANIZE,
    PEN,
    PLACED,
    PLACED_OPENLY,
    SHIELDS,
    STORAGE,
    UP,
    GuardiansState,
    members,
    on,
    other,
    tower,
    under,
    upgrade,
)
from domain.games.guardians.strength import face
from domain.games.guardians.texts import TELEPORT_TOWER, implemented
from domain.games.guardians.turns import (
    R_NEXT_TURN,
    R_ORGANIZE,
    R_OTHER_PLACEMENT,
    R_PLACE,
    R_SHIELDS,
    R_TEXT,
    R_WHO_PLACES,
    SPACE_LIMIT,
    TES_LET,
    Em,
    begin_movement,
    draw_turn,
    move,
    placement_digest,
    reveal_layout,
    space_points,
    stacking,
    up_cards_in_organize,
)
from domain.kernel import Command, Rng, RuleViolation, require
from domain.kernel.quoting import quoted
from domain.kernel.records import builder


def organizing(state: GuardiansState, seat: int) -> None:
    """The seat may act in Draw & Organize now (and is not in the middle of a spell)."""
    require(state.phase == ORGANIZE, R_ORGANIZE, f"cards are placed in the Draw & Organize phase, not in {state.phase}")
    require(not state.player(seat).committed, R_WHO_PLACES, "your placement is committed for this turn")
    require(not up_choice_pending(state, seat), R_NEXT_TURN, "first say whether you keep your Up card")
    require(not state.player(seat).looking, R_TEXT, "first finish the spell whose cards you are looking at")
    if state.options.placement == ALTERNATING and not state.player(other(seat)).committed:
        require(state.active == seat, R_WHO_PLACES, f"seat {state.active} places next (alternating placement)")


def up_choice_pending(state: GuardiansState, seat: int) -> bool:
    """Tes let's seat must choose before its later draws (its Up card is the last
    turn's until this turn's are turned)."""
    return (
        state.phase == ORGANIZE
        and state.turn > 1
        and not state.up_turned
        and not state.player(seat).committed
        and state.player(seat).guardian == TES_LET
        and bool(state.zone(seat, UP))
    )


def keep_up_card(em: Em, command: KeepUpCard) -> None:
    require(up_choice_pending(em.state, command.seat), R_NEXT_TURN, "only Tes let's seat chooses, before its draw")
    draw_turn(em, command.seat, keep_up=command.keep)
    if not any(up_choice_pending(em.state, seat) for seat in (1, 2)):
        up_cards_in_organize(em)


def mulligan(em: Em, command: Mulligan, rng: Rng) -> None:
    state, seat = em.state, command.seat
    organizing(state, seat)
    drawn = state.zone(seat, DRAWN)
    require(bool(drawn), R_ORGANIZE, "you have drawn nothing to draw again")
    require(not state.player(seat).placed, R_ORGANIZE, "the mulligan comes before you place anything")
    require(not any(face(c).is_shield for c in drawn), R_ORGANIZE, "you drew a Shield: no mulligan")
    require(state.player(seat).stones > 0, R_ORGANIZE, "a mulligan costs a Power Stone and you have none")
    require(
        state.player(other(seat)).look != ASSASSINATE,
        R_TEXT,
        "the enemy is looking at your deck (Assassin of Shadow): no mulligan until it has taken its card",
    )
    em.emit(StonesSpent, R_ORGANIZE, seat=seat, count=1, reason="mulligan: no Shield drawn")
    move(em, R_ORGANIZE, seat, drawn, DRAWN, DECK, "mulligan")
    em.emit(DeckShuffled, R_ORGANIZE, seat=seat, order=tuple(rng.shuffled(em.state.zone(seat, DECK))))
    cards = em.state.zone(seat, DECK)[: len(drawn)]
    move(em, R_ORGANIZE, seat, cards, DECK, DRAWN, "mulligan draw")


def _source(state: GuardiansState, seat: int, card: str) -> str:
    """Where a card to place comes from: your hand, Pen or strongholds, else an error."""
    zone = state.zone_of(card) if card.split(".", 1)[0] == str(seat) else ""
    if not zone:
        raise RuleViolation(R_ORGANIZE, f"{quoted(card)} is not a card of yours")
    require(zone != SHIELDS, R_SHIELDS, f"{face(card).name} stands on the board: it leaves its space only by moving")
    require(
        card not in state.player(seat).placed,
        R_ORGANIZE,
        f"{face(card).name} is placed already this turn: each card is placed once, where it is to go",
    )
    movable = zone in (DRAWN, PEN) or zone.startswith(("on:", "under:"))
    if zone == STORAGE:
        movable = face(card).is_creature  # a Skeletal Minion bought back (powers.py)
    if zone.startswith("shield:"):
        shield = state.shield(zone.split(":", 1)[1])
        movable = shield is not None and shield.space in strongholds(seat)
    if not movable:
        raise RuleViolation(
            R_ORGANIZE,
            f"{card} is not a card of yours that you may place now (from your hand, Creature Pen or strongholds)",
        )
    return zone


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a Place command takes a card: from `source` to the zone `target`; a Shield
    card (`shield`) is lifted off the board or put on a stronghold space."""

    source: str
    target: str
    shield: bool = False


def check_place(state: GuardiansState, command: Place) -> Placement:
    """The Placement a Place command makes, or a RuleViolation naming the rule it breaks
    (legal_commands asks this of every candidate without deciding it)."""
    seat, card = command.seat, command.card
    organizing(state, seat)
    source = _source(state, seat, card)
    info = face(card)
    target = command.to
    kind, _, space = target.partition(":")
    if target in (PEN, STORAGE):
        if target == PEN:
            require(
                info.border != "double",
                R_OTHER_PLACEMENT,
                f"{info.name} is double-bordered: it goes to the Storage Hand",
            )
        else:
            require(
                info.border == "double",
                R_OTHER_PLACEMENT,
                f"only double-bordered cards go to the Storage Hand, not {info.name}",
            )
        return Placement(source, target)
    require(
        kind in ("on", "under", "upgrade", "tower") and space in strongholds(seat),
        R_PLACE,
        f"place on, under or beside one of your stronghold spaces ({', '.join(strongholds(seat))}) or in the pen",
    )
    if kind == "tower":
        rule = f"{R_TEXT} (Teleport Tower)"
        require(tower_beside(state, seat, space), rule, f"no Teleport Tower of yours stands beside {space}")
        require(info.is_creature, rule, f"only a creature goes into the Teleport Tower, not {info.name}")
        require(not state.zone(seat, tower(space)), rule, "the Teleport Tower holds one creature")
        return Placement(source, tower(space))
    elif kind == "upgrade":
        require(info.kind in ("upgrade",), R_OTHER_PLACEMENT, f"{info.name} is not a stronghold upgrade")
        require(
            space in end_strongholds(seat), R_OTHER_PLACEMENT, "upgrades stand beside your left or right stronghold"
        )
        require(not state.zone(seat, upgrade(space)), R_OTHER_PLACEMENT, f"an upgrade already stands beside {space}")
        require(source in (DRAWN, PEN), R_OTHER_PLACEMENT, "an upgrade once placed stays")
        return Placement(source, upgrade(space))
    elif kind == "under":
        # Any creature may go under; a channeler placed there may channel (guardians Channelers).
        require(info.is_creature, R_PLACE, f"only creatures go under a stronghold, not {info.name}")
        _check_room(state, seat, space, card, source)
        return Placement(source, under(space))
    elif info.is_shield:
        shield_here = state.shield_at(space)
        require(shield_here is None, R_SHIELDS, f"{space} already has a Shield")
        require(source != SHIELDS or state.shield(card) is not None, R_SHIELDS, "no such Shield")
        if info.kind == "standard-bearer":
            bearers = [s for s in state.shields_of(seat) if face(s.card).kind == "standard-bearer" and s.card != card]
            require(not bearers, R_SHIELDS, "you may have only one Standard Bearer in play")
        loose = stacking(state.zone(seat, on(space)))
        require(loose <= info.shield_limit, R_SHIELDS, f"{info.name} holds {info.shield_limit} points, not {loose}")
        return Placement(source, on(space), shield=True)
    elif info.is_creature or info.kind == "creature-item":
        _check_room(state, seat, space, card, source)
        shield = state.shield_at(space)
        target_zone = members(shield.card) if shield is not None and shield.seat == seat else on(space)
        if target_zone != on(space) and shield is not None and info.is_creature:
            carried = stacking(state.zone(seat, target_zone)) + info.stacking
            require(
                carried <= face(shield.card).shield_limit,
                R_SHIELDS,
                f"{face(shield.card).name} holds {face(shield.card).shield_limit} points, not {carried}",
            )
        if info.kind == "creature-item":
            require(
                implemented(info),
                R_TEXT,
                f"{info.name}'s text is not implemented, so it is not played: it goes to the Creature Pen",
            )
            stack = state.zone(seat, target_zone)
            require(_items(stack) < _creatures(stack), R_PLACE, "a stack may not hold more magic items than creatures")
        return Placement(source, target_zone)
    raise RuleViolation(R_PLACE, f"{info.name} ({info.kind}) cannot be placed on a stronghold")


def _creatures(stack: tuple[str, ...]) -> int:
    return sum(1 for c in stack if face(c).is_creature)


def _items(stack: tuple[str, ...]) -> int:
    return sum(1 for c in stack if face(c).kind == "creature-item")


def tower_beside(state: GuardiansState, seat: int, space: str) -> bool:
    return any(face(c).key == TELEPORT_TOWER for c in state.zone(seat, upgrade(space)))


def placements(state: GuardiansState, seat: int) -> list[Command]:
    """The Place commands check_place accepts now, in legal_commands' order (each card
    from the hand, the Pen, the Storage Hand's creatures and the strongholds; its
    targets by kind), found directly: a seat has some 90 candidates, and checking each
    cost most of the rules' time (issue 14). check_place states the rules for decide;
    tests/guardians/test_legal_commands.py holds the two equal. The caller has checked
    organizing(state, seat)."""
    spaces = strongholds(seat)
    holders = {space: state.shield_at(space) for space in spaces}
    own = {space: h for space, h in holders.items() if h is not None and h.seat == seat}
    loose = {space: stacking(state.zone(seat, on(space))) for space in spaces}
    # Under a Shield of yours there: what it carries, and what it may still take (a creature).
    carried = {space: stacking(state.zone(seat, members(h.card))) for space, h in own.items()}
    spare = {space: face(h.card).shield_limit - carried[space] for space, h in own.items()}
    # _check_room: the points on and under a space (space_points), with the card's unless it lies there already
    points = {s: loose[s] + stacking(state.zone(seat, under(s))) + carried.get(s, 0) for s in spaces}
    lying = {space: (on(space), under(space), *(members(h.card) for h in (holders[space],) if h)) for space in spaces}
    ends = end_strongholds(seat)
    towers = [tower(s) for s in ends if tower_beside(state, seat, s) and not state.zone(seat, tower(s))]
    upgrades = [upgrade(s) for s in ends if not state.zone(seat, upgrade(s))]

    sources = [(DRAWN, state.zone(seat, DRAWN)), (PEN, state.zone(seat, PEN))]
    sources.append((STORAGE, tuple(c for c in state.zone(seat, STORAGE) if face(c).is_creature)))
    for space in spaces:
        sources += [(on(space), state.zone(seat, on(space))), (under(space), state.zone(seat, under(space)))]
        if space in own:  # (its Shield card stands on the board: it moves only by moving, _source)
            sources.append((members(own[space].card), state.zone(seat, members(own[space].card))))

    def roomy(source: str, stack: int) -> list[str]:
        return [s for s in spaces if points[s] + (0 if source in lying[s] else stack) <= SPACE_LIMIT]

    found: list[Command] = []
    placed = state.player(seat).placed
    for source, cards in sources:
        for card in cards:
            if card in placed:
                continue
            info = face(card)
            if info.border == "double":
                targets = [STORAGE]
            elif info.kind == "upgrade":
                targets = [*(upgrades if source in (DRAWN, PEN) else ()), PEN]
            elif info.is_creature:
                room = roomy(source, info.stacking)
                targets = [on(s) for s in room if s not in spare or info.stacking <= spare[s]]
                targets += [PEN, *towers, *(under(s) for s in room)]
            elif info.is_shield:
                second_bearer = info.kind == "standard-bearer" and any(
                    face(s.card).kind == "standard-bearer" and s.card != card for s in state.shields_of(seat)
                )
                fits = [s for s in spaces if holders[s] is None and loose[s] <= info.shield_limit]
                targets = [on(s) for s in fits if not second_bearer] + [PEN]
            elif info.kind == "creature-item" and implemented(info):
                stacks = {s: state.zone(seat, members(own[s].card) if s in own else on(s)) for s in spaces}
                room = roomy(source, 0)  # an item counts no points (_check_room)
                targets = [on(s) for s in room if _items(stacks[s]) < _creatures(stacks[s])] + [PEN]
            else:
                targets = [PEN]
            found += [_place(seat=seat, card=card, to=target) for target in targets]
    return found


_place = builder(Place)
"""Place(seat, card, to), built several times faster: legal_commands builds dozens."""


def place(em: Em, command: Place) -> None:
    """Placed in the open (alternating placement), a card moves as its rule says, a Shield
    in an event of its own. Placed in secret, every card moves in one event alike, of one
    type, rule and form, a Shield too: until the layouts are revealed the others learn
    only that a card was placed (RULES.md, What the other seat sees)."""
    seat, card = command.seat, command.card
    placement = check_place(em.state, command)
    source, target = placement.source, placement.target
    if not _openly(em):
        move(em, R_ORGANIZE, seat, (card,), source, target, PLACED)
    elif placement.shield:
        em.emit(ShieldPlaced, R_SHIELDS, seat=seat, shield=card, to_zone=target, openly=True)
    else:
        move(em, R_PLACE, seat, (card,), source, target, PLACED_OPENLY)
    _placed(em, seat)


def _check_room(state: GuardiansState, seat: int, space: str, card: str, source: str) -> None:
    """At most 30 points of creatures on and under a space (guardians Place Creatures): a
    creature Magic Item counts none, only against the count of creatures in its stack."""
    holder = state.shield_at(space)
    here = source in (on(space), under(space)) or (holder is not None and members(holder.card) == source)
    points = space_points(state, seat, space) + (0 if here else stacking((card,)))
    require(points <= SPACE_LIMIT, R_PLACE, f"{space} would hold {points} points; the limit is {SPACE_LIMIT}")


def _openly(em: Em) -> bool:
    return em.state.options.placement == ALTERNATING


def _placed(em: Em, seat: int) -> None:
    """Alternating placement: the other seat places next, unless it has finished."""
    state = em.state
    if state.options.placement == ALTERNATING and not state.player(other(seat)).committed:
        em.emit(PlacerChosen, R_WHO_PLACES, seat=other(seat))


def finish(em: Em, command: FinishOrganizing, rng: Rng) -> None:
    """The seat commits to its layout. The cards it left in its hand go to the Creature
    Pen and the Storage Hand by their borders only once both layouts are revealed: moved
    now, they would show the other seat how many were kept, and of which borders, before
    it has placed. The commitment covers them, their place being settled."""
    state, seat = em.state, command.seat
    organizing(state, seat)
    salt = f"{rng.below(1 << 62):016x}{rng.below(1 << 62):016x}"
    em.emit(Committed, R_WHO_PLACES, seat=seat, digest=placement_digest(em.state, seat, salt), salt=salt)
    _placed(em, seat)
    if all(p.committed for p in em.state.players):
        for committed in (1, 2):
            _keep_the_rest(em, committed)
        reveal_layout(em)
        begin_movement(em, rng)


def _keep_the_rest(em: Em, seat: int) -> None:
    """The cards a seat did not place: single-bordered ones to the Creature Pen,
    double-bordered ones to the Storage Hand (guardians Other placement)."""
    kept = em.state.zone(seat, DRAWN)
    for target, cards in (
        (PEN, tuple(c for c in kept if face(c).border != "double")),
        (STORAGE, tuple(c for c in kept if face(c).border == "double")),
    ):
        move(em, R_OTHER_PLACEMENT, seat, cards, DRAWN, target, KEPT)
