"""Draw & Organize: the no-Shield mulligan, placing cards face down on, under and
beside the strongholds and in the Creature Pen, and the fair reveal (guardians DRAW
AND ORGANIZE PHASE)."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field

from domain.games.guardians.board import end_strongholds, strongholds
from domain.games.guardians.cards import Card, card
from domain.games.guardians.citations import (
    R_NEXT_TURN,
    R_ORGANIZE,
    R_OTHER_PLACEMENT,
    R_PLACE,
    R_SHIELDS,
    R_TELEPORT_TOWER,
    R_TEXT,
    R_WHO_PLACES,
    text_box,
)
from domain.games.guardians.effects import (
    Em,
    begin_movement,
    downgrades_act,
    draw_turn,
    move,
    note_text,
    up_cards_in_organize,
)
from domain.games.guardians.messages import (
    Committed,
    DeckShuffled,
    FinishOrganizing,
    KeepUpCard,
    LayoutRevealed,
    Mulligan,
    Place,
    PlacerChosen,
    ShieldPlaced,
    SpaceLayout,
    StonesSpent,
)
from domain.games.guardians.room import SPACE_LIMIT, carrying, room_on, stacking
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
    downgrade,
    face,
    members,
    on,
    other,
    tower,
    under,
    upgrade,
)
from domain.games.guardians.strength import limited_as, limits_of
from domain.games.guardians.texts import TELEPORT_TOWER, TES_LET, implemented
from domain.kernel import Command, Rng, RuleViolation, canonical_json, memo_last, quoted, require

# ---------------------------------------------------------------- who may organize now


def organizing(state: GuardiansState, seat: int) -> None:
    """The seat may act in Draw & Organize now (and is not in the middle of a spell).
    (Asked several times a command: its messages are made only for a refusal.)"""
    if state.phase != ORGANIZE:
        raise RuleViolation(R_ORGANIZE, f"cards are placed in the Draw & Organize phase, not in {state.phase}")
    player = state.player(seat)
    if player.committed:
        raise RuleViolation(R_WHO_PLACES, "your placement is committed for this turn")
    if up_choice_pending(state, seat):
        raise RuleViolation(R_NEXT_TURN, "first say whether you keep your Up card")
    if player.looking:
        raise RuleViolation(R_TEXT, "first finish the spell whose cards you are looking at")
    if state.options.placement == ALTERNATING and not state.player(other(seat)).committed and state.active != seat:
        raise RuleViolation(R_WHO_PLACES, f"seat {state.active} places next (alternating placement)")


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


# ---------------------------------------------------------------- Tes let's Up card


def check_keep_up_card(state: GuardiansState, command: KeepUpCard) -> None:
    require(up_choice_pending(state, command.seat), R_NEXT_TURN, "only Tes let's seat chooses, before its draw")


def keep_up_card(em: Em, rng: Rng, command: KeepUpCard) -> None:
    draw_turn(em, command.seat, keep_up=command.keep)
    if not any(up_choice_pending(em.state, seat) for seat in (1, 2)):
        up_cards_in_organize(em, rng)


# ---------------------------------------------------------------- the mulligan


def check_mulligan(state: GuardiansState, command: Mulligan) -> None:
    seat = command.seat
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


def mulligan(em: Em, rng: Rng, command: Mulligan) -> None:
    seat = command.seat
    drawn = em.state.zone(seat, DRAWN)
    em.emit(StonesSpent, R_ORGANIZE, seat=seat, count=1, reason="mulligan: no Shield drawn")
    move(em, R_ORGANIZE, seat, drawn, DRAWN, DECK, "mulligan")
    em.emit(DeckShuffled, R_ORGANIZE, seat=seat, order=tuple(rng.shuffled(em.state.zone(seat, DECK))))
    cards = em.state.zone(seat, DECK)[: len(drawn)]
    move(em, R_ORGANIZE, seat, cards, DECK, DRAWN, "mulligan draw")


# ---------------------------------------------------------------- placing a card


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a Place command takes a card: from `source` to the zone `target`; a Shield
    card (`shield`) is lifted off the board or put on a stronghold space."""

    source: str
    target: str
    shield: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Stronghold:
    """One of a seat's stronghold spaces as its placing sees it: made once per value
    (_interned_place), and so compared and hashed by identity."""

    space: str
    holder: str
    """The Shield standing on it, whoever's; "" if none."""
    own: bool
    """The Shield standing on it is the seat's."""
    room: int
    """The points it may still take (room.room_on)."""
    loose: int
    """The points of the creatures on it outside a Shield."""
    carrying: int
    """What the seat's Shield on it may still carry (room.carrying); 0 if none."""
    stack_full: bool
    """Its stack holds as many magic items as creatures already."""
    upgraded: bool
    """An upgrade stands beside it."""
    tower: bool
    """A Teleport Tower of the seat's stands beside it."""
    tower_full: bool
    """That Teleport Tower holds its creature."""
    limited: tuple[str, ...] = ()
    """The play-limit targets the seat's creatures on it count as (strength.limited_as)."""
    enforced: tuple[tuple[str, str], ...] = ()
    """The play limits its creatures impose: (target, the card's name)."""
    on_zone: str = field(init=False, repr=False)
    """on(space), made once (a Place target too)."""
    under_zone: str = field(init=False, repr=False)
    """under(space), made once (a Place target too)."""
    lying: tuple[str, ...] = field(init=False, repr=False)
    """The zones whose cards count on it already: on, under, its Shield's."""
    stack: str = field(init=False, repr=False)
    """Where a creature placed on it goes: under the seat's Shield there, else on it."""

    def __post_init__(self) -> None:
        on_zone, under_zone = on(self.space), under(self.space)
        object.__setattr__(self, "on_zone", on_zone)
        object.__setattr__(self, "under_zone", under_zone)
        lying = (on_zone, under_zone)
        object.__setattr__(self, "lying", (*lying, members(self.holder)) if self.holder else lying)
        object.__setattr__(self, "stack", members(self.holder) if self.own else on_zone)


_CACHED = 1 << 10
"""How many values each placing cache keeps: enough for the spaces and cards of the games
under way (a placement changes one or two spaces), few enough that the garbage collector's
full collections stay rare. With 1 << 14, eight random games kept some 56,000 tracked
objects and ran two full collections, about 5% of their wall time (callgrind: 1 << 9 cost
2k fewer instructions a command than 1 << 14)."""
_interned_place = functools.lru_cache(maxsize=_CACHED)(Stronghold)
"""One Stronghold per value: spaces with other cards are often alike, and the caches of
placing (_accepted_targets) know them by identity."""


@functools.lru_cache(maxsize=_CACHED)
def _stronghold(
    space: str,
    holder: str,
    own: bool,
    lying: tuple[str, ...],
    below: tuple[str, ...],
    carried: tuple[str, ...],
    beside: tuple[str, ...],
    towered: tuple[str, ...],
) -> Stronghold:
    """A stronghold space from the cards on, under and beside it, under the seat's Shield
    there (`carried`) and in its Teleport Tower (`towered`): one per value, worked out
    only when one of them changed (a placement changes one or two spaces of three)."""
    tower_here = any(face(c).key == TELEPORT_TOWER for c in beside)
    return _interned_place(
        space,
        holder,
        own,
        room_on(lying, below, carried),
        stacking(lying),
        carrying(holder, carried) if own else 0,
        _stack_full(carried if own else lying),
        bool(beside),
        tower_here,
        tower_here and bool(towered),
        *_play_limits((*lying, *below, *carried)),
    )


@dataclass(frozen=True, slots=True, eq=False)
class Strongholds:
    """A seat's stronghold spaces as its placing sees them: made once per value
    (_interned) for the states that place alike, so place_target (which reads nothing
    else) is asked once per value, card and source (_accepted_targets). Compared and
    hashed by identity, which interning makes as good as by value, and cheaper: an
    uninterned equal copy only misses the caches."""

    seat: int
    places: tuple[Stronghold, ...]
    """Its spaces, in board order."""
    bearer: bool
    """A Standard Bearer of the seat's stands on the board."""
    downgradable: tuple[str, ...] = ()
    """The enemy's end stronghold spaces a downgrade of the seat's may go on (_downgradable)."""
    spaces: dict[str, Stronghold] = field(init=False, repr=False)
    towers: tuple[str, ...] = field(init=False, repr=False)
    """The spaces with a Teleport Tower of the seat's beside them."""
    tower_targets: tuple[str, ...] = field(init=False, repr=False)
    """Its Teleport Towers as Place targets."""
    stack_targets: tuple[str, ...] = field(init=False, repr=False)
    """A creature Magic Item's candidate targets: on each space, the Pen."""
    shield_targets: tuple[str, ...] = field(init=False, repr=False)
    """A Shield's candidate targets: on each space with no Shield (shield_free), the Pen."""
    sources: tuple[tuple[str, str], ...] = field(init=False, repr=False)
    """The zones the seat places cards from, in legal_commands' order, each with its key
    in GuardiansState.zones: its hand, Pen and Storage Hand, then on and under each space
    and under its Shield there."""
    accepted: dict[str, dict[str, tuple[str, ...]]] = field(init=False, repr=False)
    """_accepted_targets' answers, by source and card key. Kept here rather than in an
    lru_cache keyed by (Strongholds, key, source): such keys hold a Strongholds and so stay
    tracked by the garbage collector, some 25,000 of them in eight games, whose full
    collections then cost about 5% of the rules' time; these keys are strings."""

    def __post_init__(self) -> None:
        spaces = {here.space: here for here in self.places}
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "towers", tuple(space for space, here in spaces.items() if here.tower))
        object.__setattr__(self, "tower_targets", tuple(tower(space) for space in self.towers))
        object.__setattr__(self, "stack_targets", (*(here.on_zone for here in spaces.values()), PEN))
        free = (here.on_zone for here in spaces.values() if shield_free(here))
        object.__setattr__(self, "shield_targets", (*free, PEN))
        zones = [DRAWN, PEN, STORAGE]
        for here in self.places:
            zones += [here.on_zone, here.under_zone]
            if here.own:
                zones.append(members(here.holder))
        object.__setattr__(self, "sources", tuple((zone, f"{self.seat}:{zone}") for zone in zones))
        object.__setattr__(self, "accepted", {})


def _strongholds(state: GuardiansState, seat: int) -> Strongholds:
    ends = end_strongholds(seat)
    zones = state.zones
    places: list[Stronghold] = []
    for space in strongholds(seat):
        # Each zone looked up once, by its key made once: this is asked for every state a
        # seat places in, and mostly finds each space as it was (_stronghold).
        on_key, under_key, upgrade_key, tower_key = _space_keys(seat, space)
        shield = state.shield_at(space)
        holder = shield.card if shield is not None else ""
        own = shield is not None and shield.seat == seat
        beside = zones.get(upgrade_key, ()) if space in ends else ()
        places.append(_stronghold(
            space,
            holder,
            own,
            zones.get(on_key, ()),
            zones.get(under_key, ()),
            state.zone(seat, members(holder)) if own else (),
            beside,
            zones.get(tower_key, ()) if beside else (),
        ))
    # The card placed never stands on the board itself (_source), so any Standard
    # Bearer standing is another.
    bearer = any(face(s.card).kind == "standard-bearer" for s in state.shields_of(seat))
    return _interned(seat, tuple(places), bearer, _downgradable(state, seat))


def _downgradable(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The enemy's end stronghold spaces with no upgrade of the enemy's beside them and no
    downgrade of the seat's on them (RULES.md: Downgrades). The enemy's upgrades are those
    the seat may know of: placed in secret this turn, one is not "already there" yet."""
    enemy = other(seat)
    veil = state.player(enemy).veil
    seen = state.zones if veil is None else veil.zones
    return tuple(
        space
        for space in end_strongholds(enemy)
        if not seen.get(f"{enemy}:{upgrade(space)}") and not state.zone(seat, downgrade(space))
    )


def _play_limits(cards: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """What a space's creatures count as for play limits, and the limits they impose."""
    limited: set[str] = set()
    enforced: set[tuple[str, str]] = set()
    for instance in cards:
        key = face(instance).key
        if not _in_play_limits(key):
            continue  # most cards: no limit names them, and they impose none
        limited |= limited_as(key)
        enforced |= {(target, card(key).name) for target in limits_of(key)}
    return tuple(sorted(limited)), tuple(sorted(enforced))


@functools.cache
def _in_play_limits(key: str) -> bool:
    return bool(limited_as(key) or limits_of(key))


def _check_play_limit(here: Stronghold, info: Card, source: str) -> None:
    """One creature of a play limit's target per space per player (the card's text, as
    "only one King per space per player"): a creature may not join a space of yours that
    holds one already, if it or a creature there imposes the limit. Moving within the
    space adds nothing."""
    if not here.limited or source in here.lying:
        return  # the usual case, asked for every placement the legal list weighs
    own = limits_of(info.key)
    # Its own limits first, then those of the creatures there, each in a fixed order.
    found = [(target, info.name) for target in sorted(own)]
    found += [(target, name) for target, name in here.enforced if target not in own]
    for target, imposer in found:
        if target in here.limited and target in limited_as(info.key):
            label = " ".join(part.partition(":")[2] or part for part in target.split("+"))
            raise RuleViolation(text_box(imposer), f"one {label} per space per player: {here.space} holds one")


@functools.cache
def _space_keys(seat: int, space: str) -> tuple[str, str, str, str]:
    """The keys in GuardiansState.zones (state.zone's) of a seat's zones on, under and
    beside a stronghold space, and of its Teleport Tower there."""
    return f"{seat}:{on(space)}", f"{seat}:{under(space)}", f"{seat}:{upgrade(space)}", f"{seat}:{tower(space)}"


@functools.lru_cache(maxsize=_CACHED)
def _interned(seat: int, places: tuple[Stronghold, ...], bearer: bool, downgradable: tuple[str, ...]) -> Strongholds:
    """One Strongholds per value (states that place alike share it and its targets)."""
    return Strongholds(seat, places, bearer, downgradable)


@memo_last
def _both_strongholds(state: GuardiansState) -> dict[int, Strongholds]:
    return {}


def strongholds_of(state: GuardiansState, seat: int) -> Strongholds:
    """A seat's Strongholds in a state, made once (plan and the legal list ask for the same)."""
    known = _both_strongholds(state)
    found = known.get(seat)
    if found is None:
        found = known[seat] = _strongholds(state, seat)
    return found


def placeable_from(state: GuardiansState, seat: int, zone: str, card: str) -> bool:
    """Whether a card of the seat's may be placed from the zone it lies in: its hand,
    its Creature Pen, a stronghold space or a Shield of its standing on one, or the
    Storage Hand for a creature (a Skeletal Minion bought back: powers.py)."""
    if zone in (DRAWN, PEN) or zone.startswith(("on:", "under:")):  # the commonest first
        return True
    if zone == STORAGE:
        return face(card).is_creature
    if zone.startswith("shield:"):
        shield = state.shield(zone.split(":", 1)[1])
        return shield is not None and shield.space in strongholds(seat)
    return False


def _source(state: GuardiansState, seat: int, card: str) -> str:
    """Where a card to place comes from: your hand, Pen or strongholds, else an error."""
    zone = state.zone_of(card) if card.split(".", 1)[0] == str(seat) else ""
    if not zone:
        raise RuleViolation(R_ORGANIZE, f"{quoted(card)} is not a card of yours")
    # (Asked of every Place: each message is made only for a refusal.)
    if zone == SHIELDS:
        raise RuleViolation(R_SHIELDS, f"{face(card).name} stands on the board: it leaves its space only by moving")
    if card in state.player(seat).placed:
        raise RuleViolation(
            R_ORGANIZE, f"{face(card).name} is placed already this turn: each card is placed once, where it is to go"
        )
    if not placeable_from(state, seat, zone, card):
        raise RuleViolation(
            R_ORGANIZE,
            f"{card} is not a card of yours that you may place now (from your hand, Creature Pen or strongholds)",
        )
    return zone


def check_place(state: GuardiansState, command: Place) -> Placement:
    """The Placement a Place command makes, or a RuleViolation naming the rule it breaks."""
    seat = command.seat
    organizing(state, seat)
    source = _source(state, seat, command.card)
    info = face(command.card)
    target = place_target(strongholds_of(state, seat), info, source, command.to)
    return Placement(source, target, shield=info.is_shield and target.startswith("on:"))


def place_target(spaces: Strongholds, info: Card, source: str, target: str) -> str:
    """The zone a card of the seat's, from `source`, goes to when placed at `target`, or
    a RuleViolation naming the rule that keeps it from there. (The legal list asks this
    of some forty targets a call: each message is made only for a refusal.)"""
    if target == PEN:
        if info.border == "double":
            raise RuleViolation(R_OTHER_PLACEMENT, f"{info.name} is double-bordered: it goes to the Storage Hand")
        return target
    if target == STORAGE:
        if info.border != "double":
            raise RuleViolation(
                R_OTHER_PLACEMENT, f"only double-bordered cards go to the Storage Hand, not {info.name}"
            )
        return target
    seat = spaces.seat
    kind, space = _parsed(target)
    if kind == "downgrade":
        return _downgrade_target(spaces, info, source, space, target)
    here = spaces.spaces.get(space)
    if kind not in ("on", "under", "upgrade", "tower") or here is None:
        raise RuleViolation(
            R_PLACE,
            f"place on, under or beside one of your stronghold spaces ({', '.join(strongholds(seat))}) or in the pen",
        )
    if kind == "tower":
        if not here.tower:
            raise RuleViolation(R_TELEPORT_TOWER, f"no Teleport Tower of yours stands beside {space}")
        if not info.is_creature:
            raise RuleViolation(R_TELEPORT_TOWER, f"only a creature goes into the Teleport Tower, not {info.name}")
        if here.tower_full:
            raise RuleViolation(R_TELEPORT_TOWER, "the Teleport Tower holds one creature")
        return target
    if kind == "upgrade":
        if info.kind != "upgrade":
            raise RuleViolation(R_OTHER_PLACEMENT, f"{info.name} is not a stronghold upgrade")
        if space not in end_strongholds(seat):
            raise RuleViolation(R_OTHER_PLACEMENT, "upgrades stand beside your left or right stronghold")
        if here.upgraded:
            raise RuleViolation(R_OTHER_PLACEMENT, f"an upgrade already stands beside {space}")
        if source not in (DRAWN, PEN):
            raise RuleViolation(R_OTHER_PLACEMENT, "an upgrade once placed stays")
        return target
    if kind == "under":
        # Any creature may go under; a channeler placed there may channel (guardians Channelers).
        if not info.is_creature:
            raise RuleViolation(R_PLACE, f"only creatures go under a stronghold, not {info.name}")
        _check_room(here, info, source)
        if here.limited:
            _check_play_limit(here, info, source)
        return target
    if info.is_shield:
        if not shield_free(here):
            raise RuleViolation(R_SHIELDS, f"{space} already has a Shield")
        if info.kind == "standard-bearer" and spaces.bearer:
            raise RuleViolation(R_SHIELDS, "you may have only one Standard Bearer in play")
        if here.loose > info.shield_limit:
            raise RuleViolation(R_SHIELDS, f"{info.name} holds {info.shield_limit} points, not {here.loose}")
        return target
    if info.is_creature or info.kind == "creature-item":
        _check_room(here, info, source)
        stack = here.stack
        if stack != target and info.is_creature and info.stacking > here.carrying:
            check_shield_room(here.carrying, info.stacking, here.holder, R_SHIELDS)
        if here.limited:  # a creature's, or an Item's (Vestibule of Kabod)
            _check_play_limit(here, info, source)
        if info.kind == "creature-item":
            if not implemented(info):
                raise RuleViolation(
                    R_TEXT, f"{info.name}'s text is not implemented, so it is not played: it goes to the Creature Pen"
                )
            if here.stack_full:
                raise RuleViolation(R_PLACE, "a stack may not hold more magic items than creatures")
        return stack
    raise RuleViolation(R_PLACE, f"{info.name} ({info.kind}) cannot be placed on a stronghold")


def _downgrade_target(spaces: Strongholds, info: Card, source: str, space: str, target: str) -> str:
    """A downgrade goes on one of the enemy's end stronghold cards with no upgrade of the
    enemy's there yet, one downgrade a card (RULES.md: Downgrades)."""
    if info.kind != "downgrade":
        raise RuleViolation(R_OTHER_PLACEMENT, f"{info.name} is not a stronghold downgrade")
    if not implemented(info):
        raise RuleViolation(
            R_TEXT, f"{info.name}'s text is not implemented, so it is not played: it goes to the Creature Pen"
        )
    enemy = other(spaces.seat)
    if space not in end_strongholds(enemy):
        raise RuleViolation(R_OTHER_PLACEMENT, "downgrades go on your opponent's left or right stronghold card")
    if space not in spaces.downgradable:
        raise RuleViolation(
            R_OTHER_PLACEMENT, f"{space} has an upgrade of your opponent's or a downgrade of yours already"
        )
    if source not in (DRAWN, PEN):
        raise RuleViolation(R_OTHER_PLACEMENT, "a downgrade once placed stays")
    return target


def _adding(here: Stronghold, info: Card, source: str) -> int:
    """The points a card placed on or under a space adds there: none if it lies there
    already, none for a creature Magic Item (it counts only against the creatures of its
    stack)."""
    return 0 if source in here.lying or not info.is_creature else info.stacking


def _check_room(here: Stronghold, info: Card, source: str) -> None:
    room, adding = here.room, _adding(here, info, source)
    if not space_fits(room, adding):
        check_space_room(room, adding, here.space, R_PLACE)


@functools.cache
def _parsed(target: str) -> tuple[str, str]:
    """A Place target's kind ("on", "under", ...) and space."""
    kind, _, space = target.partition(":")
    return kind, space


def shield_free(here: Stronghold) -> bool:
    """Whether a Shield may be placed on a stronghold space: none stands there (guardians
    Shields)."""
    return not here.holder


def space_fits(room: int, adding: int) -> bool:
    """Whether `adding` more points fit on and under a stronghold space that has `room`
    (room.space_room)."""
    return adding <= room


def check_space_room(room: int, adding: int, space: str, rule: str) -> None:
    """At most 30 points of creatures on and under a stronghold space (guardians Place
    Creatures)."""
    if not space_fits(room, adding):
        points = SPACE_LIMIT - room + adding
        raise RuleViolation(rule, f"{space} would hold {points} points; the limit is {SPACE_LIMIT}")


def check_shield_room(room: int, adding: int, shield: str, rule: str) -> None:
    """A Shield carries at most its printed limit in stacking points (guardians
    Shields): placing, picking up, reinforcing and teleporting all ask this. `room` is
    what the Shield may still carry (room.shield_room)."""
    if adding > room:
        limit = face(shield).shield_limit
        raise RuleViolation(rule, f"{face(shield).name} holds {limit} points, not {limit - room + adding}")


def _stack_full(stack: tuple[str, ...]) -> bool:
    """Whether a stack holds as many magic items as creatures already (none in an empty one)."""
    balance = 0
    for info in map(face, stack):  # a loop: asked for every space of every state placed in
        if info.is_creature:
            balance -= 1
        if info.kind == "creature-item":
            balance += 1
    return balance >= 0


def place(em: Em, command: Place, placement: Placement) -> None:
    """Placed in the open (alternating placement), a card moves as its rule says, a Shield
    in an event of its own. Placed in secret, every card moves in one event alike, of one
    type, rule and form, a Shield too: until the layouts are revealed the others learn
    only that a card was placed (RULES.md, What the other seat sees)."""
    seat, card = command.seat, command.card
    source, target = placement.source, placement.target
    if em.state.options.placement != ALTERNATING:
        move(em, R_ORGANIZE, seat, (card,), source, target, PLACED)
    elif placement.shield:
        em.emit(ShieldPlaced, R_SHIELDS, seat=seat, shield=card, to_zone=target, openly=True)
    else:
        move(em, R_PLACE, seat, (card,), source, target, PLACED_OPENLY)
    _placed(em, seat)


def _placed(em: Em, seat: int) -> None:
    """Alternating placement: the other seat places next, unless it has finished."""
    state = em.state
    if state.options.placement == ALTERNATING and not state.player(other(seat)).committed:
        em.emit(PlacerChosen, R_WHO_PLACES, seat=other(seat))


# ---------------------------------------------------------------- the placements legal now


def placements(state: GuardiansState, seat: int) -> list[Command]:
    """The Place commands plan accepts now, in legal_commands' order: each card the seat
    may place (its hand, Pen, Storage Hand and strongholds), at each of its candidate
    targets that place_target accepts. The caller has checked organizing(state, seat)."""
    spaces = strongholds_of(state, seat)
    placed = state.player(seat).placed
    zones = state.zones
    found: list[Command] = []
    for zone, zone_key in spaces.sources:
        known = spaces.accepted.get(zone)
        if known is None:
            known = spaces.accepted[zone] = {}
        for instance in zones.get(zone_key, ()):
            if instance in placed or not placeable_from(state, seat, zone, instance):
                continue
            key = face(instance).key
            targets = known.get(key)
            if targets is None:
                targets = known[key] = _accepted_targets(spaces, key, zone)
            found += _places(seat, instance, targets)
    return found


def _accepted_targets(spaces: Strongholds, key: str, source: str) -> tuple[str, ...]:
    """The candidate targets place_target accepts for a card from `source`: the same for
    every state with these Strongholds (many states share them: Strongholds.accepted)."""
    info = card(key)
    accepted = []
    for target in _candidates(spaces, info, source):
        try:
            place_target(spaces, info, source, target)
        except RuleViolation:
            continue
        accepted.append(target)
    return tuple(accepted)


def _candidates(spaces: Strongholds, info: Card, source: str) -> tuple[str, ...]:
    """Where a card might go, for place_target to say: the targets of its kind, a
    creature's on and under the spaces it fits (space_fits: few refusals, which cost
    more than the test) and into a Teleport Tower where one stands, a Shield's on the
    spaces free of one (shield_free, likewise)."""
    if info.border == "double":
        return (STORAGE,)
    if info.kind == "upgrade":
        return _upgrade_targets(spaces.seat)
    if info.kind == "downgrade":
        return _downgrade_targets(spaces.seat)
    if info.is_creature:
        fits = [here for here in spaces.spaces.values() if space_fits(here.room, _adding(here, info, source))]
        return (*(here.on_zone for here in fits), PEN, *spaces.tower_targets, *(here.under_zone for here in fits))
    if info.is_shield:
        return spaces.shield_targets
    if info.kind == "creature-item":
        return spaces.stack_targets
    return (PEN,)


@functools.cache
def _upgrade_targets(seat: int) -> tuple[str, ...]:
    return (*(upgrade(s) for s in end_strongholds(seat)), PEN)


@functools.cache
def _downgrade_targets(seat: int) -> tuple[str, ...]:
    return (*(downgrade(s) for s in end_strongholds(other(seat))), PEN)


@functools.lru_cache(maxsize=_CACHED)
def _places(seat: int, card: str, targets: tuple[str, ...]) -> tuple[Place, ...]:
    """Place commands are values, and the legal list makes some thirty a call, mostly the
    same as the call before's: each card's are built once (building one costs more than
    listing it)."""
    return tuple(Place(seat=seat, card=card, to=target) for target in targets)


# ---------------------------------------------------------------- committing and the reveal


def check_finish(state: GuardiansState, command: FinishOrganizing) -> None:
    organizing(state, command.seat)


def finish(em: Em, rng: Rng, command: FinishOrganizing) -> None:
    """The seat commits to its layout. The cards it left in its hand go to the Creature
    Pen and the Storage Hand by their borders only once both layouts are revealed: moved
    now, they would show the other seat how many were kept, and of which borders, before
    it has placed. The commitment covers them, their place being settled."""
    seat = command.seat
    salt = f"{rng.below(1 << 62):016x}{rng.below(1 << 62):016x}"
    em.emit(Committed, R_WHO_PLACES, seat=seat, digest=placement_digest(em.state, seat, salt), salt=salt)
    _placed(em, seat)
    if all(p.committed for p in em.state.players):
        for committed in (1, 2):
            _keep_the_rest(em, committed)
        reveal_layout(em)
        downgrades_act(em, rng, "organize-end")
        begin_movement(em, rng)


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


def _keep_the_rest(em: Em, seat: int) -> None:
    """The cards a seat did not place: single-bordered ones to the Creature Pen,
    double-bordered ones to the Storage Hand (guardians Other placement)."""
    kept = em.state.zone(seat, DRAWN)
    for target, cards in (
        (PEN, tuple(c for c in kept if face(c).border != "double")),
        (STORAGE, tuple(c for c in kept if face(c).border == "double")),
    ):
        move(em, R_OTHER_PLACEMENT, seat, cards, DRAWN, target, KEPT)


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
        shown = {
            *state.zone(seat, SHIELDS),
            *(c for s in strongholds(seat) for c in state.zone(seat, upgrade(s))),
            *(c for s in end_strongholds(other(seat)) for c in state.zone(seat, downgrade(s))),
        }
        for placed in em.state.player(seat).placed:
            if placed in shown:
                note_text(em, seat, placed)
