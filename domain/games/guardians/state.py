"""Guardians state: immutable, canonical-JSON friendly, and the pure queries of it
that the rules' checks, effects, legal commands and views share.

Every card instance lies in exactly one zone of its owner (`zones`, keyed
"<seat>:<zone>"), so conservation is one check; Shields on the board are also
listed in `shields` with where they stand and whether they are turned.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Concatenate, ParamSpec, TypeVar

from domain.games.guardians.board import LANDS, default_owner, stronghold_owner, strongholds
from domain.games.guardians.cards import Card, card
from domain.games.guardians.citations import R_SETTLEMENT
from domain.games.guardians.decks import check_deck, parse_deck
from domain.kernel import RuleViolation, Setup, replace, require

P = ParamSpec("P")
R = TypeVar("R")

# Phases (guardians THE GAME: Draw & Organize, Movement, Terrain Settlement).
SETUP = "setup"
ORGANIZE = "organize"
UP_CARDS = "up-cards"
MOVEMENT = "movement"
COMBAT = "combat"
SETTLEMENT = "settlement"
OVER = "over"

SIMULTANEOUS = "simultaneous"
ALTERNATING = "alternating"

# Zones of a seat (messages.py).
DECK = "deck"
DRAWN = "drawn"
PEN = "pen"
STORAGE = "storage"
DISCARD = "discard"
UP = "up"
SHIELDS = "shields"
"""The Shield cards on the board (where each stands: GuardiansState.shields)."""
ACCESSORIES = "accessories"
"""Accessories in play next to the seat's Guardian, face up (casting.py)."""
IN_EFFECT = "in-effect"
"""Spells of the seat in effect for the rest of the turn, face up: their abilities act
until the next Draw & Organize sends them to the discard pile (casting.py)."""

PLACED = "placed"
"""The reason of a card moved by Place in secret (counted: the mulligan comes before any)."""
PICKED_UP = "picked up"
DROPPED_OFF = "dropped off"
"""Reasons of creatures moved at a stronghold by the moving Shield (each once a move)."""
KEPT = "kept"
"""The reason of the cards sorted into the Pen and Storage Hand as a seat commits."""
PLACED_OPENLY = "placed openly"
"""The same with alternating placement, where the other seat sees where it goes."""

REINFORCED = "reinforced"
"""The reason of a creature moved by Reinforce: the turned Shield's action is reinforcing."""

OPENING = "opening"
"""The Movement phase's window after the Up cards, before any Shield is turned
(guardians Turn your Up card; spells.py)."""

ARRANGE = "arrange"
ASSASSINATE = "assassinate"
SEEK = "seek"
"""Why a seat looks at a deck: Control Destiny (its own top cards, to put back),
Assassin of Shadow (the enemy's deck, to take a Creature from), or a deck search of
its own (retrieval.py: the cards it may take)."""

PUBLIC_ZONES = (DISCARD, UP, SHIELDS, ACCESSORIES, IN_EFFECT)
PUBLIC_PREFIXES = ("terrain:", "upgrade:", "downgrade:")


def on(space: str) -> str:
    return f"on:{space}"


def under(space: str) -> str:
    return f"under:{space}"


def upgrade(space: str) -> str:
    return f"upgrade:{space}"


def downgrade(space: str) -> str:
    """A downgrade its seat placed on the enemy's end stronghold card of that space: the
    zone is the placer's, the space the enemy's (organize.py)."""
    return f"downgrade:{space}"


def tower(space: str) -> str:
    """The Teleport Tower beside a stronghold space: one creature, face down."""
    return f"tower:{space}"


def members(shield: str) -> str:
    return f"shield:{shield}"


def terrain(land: str) -> str:
    return f"terrain:{land}"


def facedown(land: str) -> str:
    return f"facedown:{land}"


def is_public(zone: str) -> bool:
    """Cards in a public zone lie face up for everybody."""
    return zone in PUBLIC_ZONES or zone.startswith(PUBLIC_PREFIXES)


INSTANCE = re.compile(r"[12]\.[a-z0-9-]+#[0-9]{1,3}")
"""A card instance id: "<seat>.<card key>#<copy>"."""


def seat_of(card: str) -> int:
    """A card instance's owner: the number before the dot."""
    return int(card.split(".", 1)[0])


def key_of(card: str) -> str:
    """A card instance's card key: between the dot and the copy number."""
    return card.split(".", 1)[1].rsplit("#", 1)[0]


@functools.cache
def face(instance: str) -> Card:
    """The card a card instance is (asked for on every check; instances are few)."""
    return card(key_of(instance))


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[str, ...] = ("knights", "giants-fairies")
    placement: str = SIMULTANEOUS
    turn_limit: int = 0
    """A house rule: the game is drawn after this many turns (0: no limit, the rulebook's game)."""
    up_cards_in_organize: bool = False
    """The rulebook's variant: the Up cards are turned in Draw & Organize (guardians Who Places First?)."""


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    guardian: str = ""
    stronghold: tuple[str, ...] = ()
    deck_name: str = ""
    stones: int = 0
    wounds: int = 0
    shields_lost: int = 0
    low_up: bool = False
    """Had the lower Up card in the last Movement phase (guardians THE TURN IS OVER: LUC)."""
    committed: bool = False
    placed: tuple[str, ...] = ()
    """Cards this seat placed in this Draw & Organize (each once: RULES.md)."""
    flew: bool = False
    channeled: tuple[str, ...] = ()
    """Channelers used this turn (guardians CHANNELING: once per turn each)."""
    cursed: tuple[str, ...] = ()
    """Card names this seat may not play this turn (Curse of the Betrayed)."""
    barrier: str = ""
    """The space of this seat's Force Barrier in effect this turn."""
    slowed: bool = False
    """This seat's Shields move at most one space this turn (Pepe's Slow Down)."""
    quiet: tuple[str, ...] = ()
    """Spaces this seat's cards keep from channeling this turn, and those next to them
    (no-channeling "near": Monolith of Power)."""
    looking: tuple[str, ...] = ()
    """Deck cards this seat is looking at (named to it only): ARRANGE, those still to put
    back; ASSASSINATE, the enemy's deck."""
    look: str = ""
    stacked: int = 0
    """Control Destiny: cards put back on top so far."""
    draw_changes: tuple[tuple[str, int], ...] = ()
    """Cards more (fewer, negative) in this seat's next turn draw, by the enemy card whose text
    changed it (enemy-draws: Shadow Warrior beat its Up card)."""
    rubble: tuple[str, ...] = ()
    """This seat's stronghold cards turned to rubble (Giant Aunts): no bonus for the rest of the game."""
    veil: Veil | None = None
    """What the other seat may still see of this seat while it places in secret."""


@dataclass(frozen=True, slots=True)
class Veil:
    """A seat's zones and Shields as they were when it began to place in secret
    (guardians Who Places First?): until both layouts are revealed, the other seat and
    spectators are shown this, so nothing tells them where a card went."""

    zones: dict[str, tuple[str, ...]]
    shields: tuple[Shield, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """A Spell or Item played, waiting for answers before it takes effect (answers.py)."""

    card: str
    seat: int
    """Who played it."""
    target: str
    actor: int
    """Who may dispel or pass now."""
    stands: bool = True
    """Not negated (each Dispel Magic turns it)."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """The act a reaction window answers (reactions.py): `seat` did it with `source` (a
    ranged attacker, a channeler or "guardian", a Bribery card), into `into` (the creature
    raised, or bribed), for `amount`."""

    when: str
    """"enemy-ranged", "enemy-channels" or "enemy-bribes": the timing of the cards that answer it."""
    seat: int
    source: str
    into: str
    amount: int


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice a card's text gives a seat, waiting for it (choices.py): an ultimatum the
    enemy of `source`'s seat must answer, or an option `source`'s own seat may take. Only
    `seat`'s Choose, naming one of `options`, may come now."""

    seat: int
    source: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shield:
    card: str
    seat: int
    space: str
    turned: bool = False
    came_from: str = ""
    """The space it last stepped from: where a beaten attacker retreats to."""


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's part in a combat."""

    seat: int
    zone: str
    """The zone holding its creatures: its Shield's, or a stronghold space's."""
    shield: str = ""
    declared: int = -1
    """Command Card: -1 not yet said, 0 none, 1 will play one."""
    command: str = ""
    command_live: bool = False
    choice: str = ""
    """The creature laid face down for the next match-up."""
    played: tuple[str, ...] = ()
    """Creatures face up on the table, in the order played (command creature included)."""
    ranged: tuple[str, ...] = ()
    beaten: tuple[str, ...] = ()
    destroyed: tuple[str, ...] = ()
    """Gone for good: destroyed, bribed or discarded by an AOE (cannot be healed)."""
    out: tuple[str, ...] = ()
    """Out of play for this combat (methane): they do not count, but may be attacked."""
    healed: tuple[str, ...] = ()
    healers_used: tuple[str, ...] = ()
    boosts: tuple[tuple[str, int], ...] = ()
    """+Vitality to all this side's primary attackers for the combat, by the card that
    gave it (Floyd used as the Command Card, the Anvil of Heaviness); and the amounts that
    only a card's own ability applies, by that card: what the side's cards rolled in this
    combat (a creature, or the key of a stronghold card: dice.py, strength.rolled), and the
    points its seat paid for in the control window (an upgrade's activated control-bonus)."""
    unchallenged: tuple[str, ...] = ()
    """Creatures a text pulled from the Combat Hand onto the table with no match-up opponent
    (pulls-unchallenged): they fight no primary match-up, count for control of the space and
    may be attacked by secondary attackers."""
    idol: int = 0
    """An upgrade fired instead of a Command Card (fired-aoe: the Flame Cannon): its AOE in
    points, struck with the Command Cards."""


@dataclass(frozen=True, slots=True)
class Combat:
    space: str
    attacker: Side
    defender: Side
    came_from: str
    terrain: tuple[str, ...]
    """The terrain types fought on (a command card may change them)."""
    stage: str = "declare"
    actor: int = 0
    """Whose move it is within a stage where seats take turns."""
    passes: int = 0
    a_card: str = ""
    d_card: str = ""
    """The current match-up (primary), or the secondary attacker and its target."""
    secondary: bool = False
    channel: tuple[tuple[str, int], ...] = ()
    """Channeling received in this match-up by creature."""
    support: tuple[tuple[str, int], ...] = ()
    """Ranged attack added in this match-up by creature."""
    fired: tuple[str, ...] = ()
    """The ranged attackers fired in this match-up, both sides, in order (ranged-sum, and a
    ranged attack's destroys-beaten: guardians Text Box)."""
    receivers: tuple[str, ...] = ()
    """Creatures allowed to receive channeling in this match-up by a Spell (Power Lunch)."""
    damage: tuple[tuple[str, int], ...] = ()
    """Damage taken so far by creature (guardians SECONDARY ATTACKS)."""
    bribe_seen: tuple[int, ...] = ()
    """Seats that have said whether they bribe in this match-up (guardians BRIBERY)."""
    no_ranged: tuple[int, ...] = ()
    """Seats that may not fire ranged attacks in this combat."""
    sizes: tuple[tuple[str, str], ...] = ()
    """Sizes changed by their creature's text for this combat (the Titans)."""
    forced_push: bool = False
    """The match-up is a push, with no further modification (the Djinn)."""
    guesses: tuple[tuple[str, str], ...] = ()
    """Guesses made for this match-up before it was shown, by the card that asked for each
    (guess: Jalupee Lobo's size, the Sphinx's border)."""
    reaction: Reaction | None = None
    """The reaction window open now (reactions.py): the other seat's next move may answer it."""
    texts: tuple[tuple[str, str], ...] = ()
    """Text boxes changed for this combat (strength.text_source): a creature and the creature
    whose text box it has instead, "" for an empty one (EffectApplied "blanks"); the creature
    ALL_CREATURES stands for every creature (Elandar)."""
    classes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Creature classes changed for this combat (strength.classes_of), by creature."""
    doomed: tuple[str, ...] = ()
    """Creatures that beat a card whose text destroys its beater unless the beater's side stays
    on the space (destroys-beater: Tangle Web), destroyed or spared once control is counted."""
    bonus: tuple[tuple[str, int], ...] = ()
    """What cards discarded for a text (discards-for) added in this match-up, by the creature
    or card it goes to (before the match-ups: by the Command Card whose AOE it raises)."""
    channeling_stopped: str = ""
    """The card whose text stopped all channeling for the rest of the combat (no-channeling:
    Siin's cancelled channeling, an Energy Leech's reveal), "" if none."""
    lent: tuple[str, ...] = ()
    """The enemy's Bribery cards a seat took by a text (cancels-bribe "take": the Shadow
    Spells) and may play in this combat: they lie in their owner's discard pile meanwhile."""
    winner: int = 0
    loser: int = 0


ALL_CREATURES = "*"
"""Combat.texts' creature that stands for every creature of the combat."""


def side(combat: Combat, seat: int) -> Side:
    """A seat's part in the combat."""
    return combat.attacker if combat.attacker.seat == seat else combat.defender


def lookup(pairs: tuple[tuple[str, int], ...], card: str) -> int:
    return next((value for name, value in pairs if name == card), 0)


def added(pairs: tuple[tuple[str, int], ...], card: str, value: int) -> tuple[tuple[str, int], ...]:
    total = lookup(pairs, card) + value
    return tuple(sorted([*(p for p in pairs if p[0] != card), (card, total)]))


@dataclass(frozen=True, slots=True)
class GuardiansState:
    options: Options
    players: tuple[Player, ...]
    zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shields: tuple[Shield, ...] = ()
    phase: str = SETUP
    turn: int = 0
    active: int = 0
    """Who acts next in Movement (or places next, alternating)."""
    first: int = 0
    up_turned: bool = False
    """This turn's Up cards are turned and compared (`first` moves first)."""
    opener: int = 0
    """Alternating placement: who placed first this turn."""
    moving: str = ""
    steps_left: int = 0
    mode: str = ""
    """How the turned Shield acts: "", "walk", "fly" or "reinforce"."""
    path: tuple[str, ...] = ()
    handled: tuple[str, ...] = ()
    """Creatures the moving Shield picked up or dropped off in this move (each once)."""
    combat: Combat | None = None
    answer: Answer | None = None
    """A Spell or Item waiting for the enemy's answer: only its answers may come now."""
    pending: Choice | None = None
    """A choice a card's text gives a seat, waiting for it: only its Choose may come now."""
    settling: tuple[str, ...] = ()
    """Lands whose Shield must still be settled (guardians TERRAIN SETTLEMENT PHASE)."""
    window: str = ""
    """OPENING while the Movement phase's opening window is open (`active` acts in it), else ""."""
    passes: int = 0
    finished: bool = False
    winner: int = 0
    result: str = ""

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def zone(self, seat: int, name: str) -> tuple[str, ...]:
        return self.zones.get(f"{seat}:{name}", ())

    # Plain loops: these are asked many times for every command (a loop runs about
    # three times faster than next() over a generator).
    def shield(self, card: str) -> Shield | None:
        for shield in self.shields:
            if shield.card == card:
                return shield
        return None

    def shield_at(self, space: str) -> Shield | None:
        for shield in self.shields:
            if shield.space == space:
                return shield
        return None

    def seat_at(self, space: str) -> int:
        """The seat whose Shield stands on a space, 0 if none."""
        shield = self.shield_at(space)
        return shield.seat if shield is not None else 0

    def shields_of(self, seat: int) -> tuple[Shield, ...]:
        return tuple([s for s in self.shields if s.seat == seat])

    def holds(self, card: str) -> bool:
        """Whether `card` names a card instance of this game (any text may come from a client)."""
        return bool(INSTANCE.fullmatch(card)) and bool(self.zone_of(card))

    def zone_of(self, card: str) -> str:
        """The zone name (without the seat) holding a card, "" if none."""
        seat = seat_of(card)
        prefix = f"{seat}:"
        for name, cards in self.zones.items():
            if card in cards and name.startswith(prefix):  # the cheaper test first
                return name[len(prefix) :]
        return ""

    def veiled(self, seat: int) -> GuardiansState:
        """The state as others may picture it: each other seat's secret placement
        still shown as it stood when that seat began (its Veil)."""
        state = self
        for player in self.players:
            veil = player.veil
            if veil is None or player.seat == seat:
                continue
            prefix = f"{player.seat}:"
            # Its discard pile and Up card show as they are: face up, and changed only in
            # the open (a Spell played and spent while it places).
            kept = (f"{prefix}{DISCARD}", f"{prefix}{UP}")
            zones = {name: cards for name, cards in state.zones.items() if not name.startswith(prefix) or name in kept}
            zones.update((name, cards) for name, cards in veil.zones.items() if name not in kept)
            shields = (*(s for s in state.shields if s.seat != player.seat), *veil.shields)
            state = replace(state, zones=zones, shields=shields)
        return state

    def with_player(self, seat: int, **changes: object) -> GuardiansState:
        players = list(self.players)
        players[seat - 1] = replace(players[seat - 1], **changes)
        return replace(self, players=tuple(players))


def other(seat: int) -> int:
    return 3 - seat


def initial_state(setup: Setup) -> GuardiansState:
    """The game before StartGame: each seat's deck, checked (guardians THE DECK)."""
    values = dict(setup.options)
    decks = (str(values.get("deck_1", "knights")), str(values.get("deck_2", "giants-fairies")))
    lists = []
    for seat, text in enumerate(decks, start=1):
        try:
            deck = parse_deck(text)
            check_deck(deck)
        except ValueError as error:
            raise ValueError(f"deck_{seat}: {error}") from None
        lists.append(deck)
    options = Options(
        decks=decks,
        placement=str(values.get("placement", SIMULTANEOUS)),
        turn_limit=int(values.get("turn_limit", 0)),
        up_cards_in_organize=bool(values.get("up_cards_in_organize", False)),
    )
    players = tuple(Player(seat=i, name=name) for i, name in enumerate(setup.seats, start=1))
    zones = {
        f"{seat}:{DECK}": tuple(f"{seat}.{instance}" for instance in deck.instances())
        for seat, deck in enumerate(lists, start=1)
    }
    return GuardiansState(options=options, players=players, zones=zones)


# ---------------------------------------------------------------- queries asked again and again


def per_state(query: Callable[Concatenate[GuardiansState, P], R]) -> Callable[Concatenate[GuardiansState, P], R]:
    """`query` of a state and a few more arguments, each answer worked out once for the
    state last asked about: the legal list asks the checks of every candidate, and the
    candidates of one state ask the same queries (states are immutable, so an answer
    holds as long as its state)."""
    last: list[tuple[object, dict[tuple[object, ...], R]]] = [(None, {})]

    def remembered(state: GuardiansState, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs:  # answers are remembered by positional arguments only
            return query(state, *args, **kwargs)
        seen, answers = last[0]
        if seen is not state:
            answers = {}
            last[0] = (state, answers)
        found = answers.get(args, _UNKNOWN)
        if found is _UNKNOWN:
            found = answers[args] = query(state, *args, **kwargs)
        return found  # type: ignore[return-value]

    return remembered


_UNKNOWN = object()


def passes(check: Callable[..., object], *arguments: object) -> bool:
    """Whether a check (a function that raises a RuleViolation to refuse) accepts its
    arguments: the legal lists ask the checks of plan so."""
    try:
        check(*arguments)
    except RuleViolation:
        return False
    return True


# ---------------------------------------------------------------- lands and draws


def land_owner(state: GuardiansState, land: str) -> int:
    """Who controls a land: the owner of the terrain card on it, else its default side."""
    for seat in (1, 2):
        if state.zone(seat, terrain(land)) or state.zone(seat, facedown(land)):
            return seat
    return default_owner(land)


def downgrades_on(state: GuardiansState, space: str) -> tuple[str, ...]:
    """The downgrades lying on a stronghold space's card, placed there by its owner's enemy
    (none on a land)."""
    owner = stronghold_owner(space)
    return state.zone(other(owner), downgrade(space)) if owner else ()


def column_upgrades(state: GuardiansState, seat: int, space: str) -> tuple[str, ...]:
    """The seat's upgrades that cover a land: those beside its stronghold space of the land's
    column (an upgrade's "two spaces in front" are the two lands of its column, RULES.md);
    none for a stronghold space."""
    if space not in LANDS:
        return ()
    return tuple(c for s in strongholds(seat) if s[0] == space[0] for c in state.zone(seat, upgrade(s)))


def draw_count(state: GuardiansState, seat: int) -> tuple[int, int, int]:
    """Base draw, the land modifier (MDL or -LDL) and the low Up-card bonus (LUC)
    (guardians THE TURN IS OVER)."""
    guardian = card(state.player(seat).guardian)
    mine = sum(1 for land in LANDS if land_owner(state, land) == seat)
    theirs = len(LANDS) - mine
    lands = guardian.mdl if mine > theirs else -guardian.ldl if mine < theirs else 0
    low = guardian_number(state, seat, "luc") if state.player(seat).low_up else 0
    return guardian.base_draw, lands, low


def guardian_number(state: GuardiansState, seat: int, number: str) -> int:
    """The seat's Guardian's CMP, Vitality or LUC (`number`: "cmp", "vitality", "luc"):
    as printed, or as a Spell in effect this turn sets it (guardian-sets), plus what its
    accessories in play add (guardian-bonus)."""
    value: int = getattr(card(state.player(seat).guardian), number)
    for spell in state.zone(seat, IN_EFFECT):
        for ability in face(spell).abilities:
            if ability.kind == "guardian-sets" and ability.target == number:
                value = ability.amount
    for accessory in state.zone(seat, ACCESSORIES):
        for ability in face(accessory).abilities:
            if ability.kind == "guardian-bonus" and ability.target == number:
                value += ability.amount
    return value


def unturned(state: GuardiansState, seat: int) -> bool:
    """Whether a seat has a Shield still to turn this Movement phase."""
    return any(not s.turned for s in state.shields_of(seat))


# ---------------------------------------------------------------- a combat's sides


def combat_now(state: GuardiansState) -> Combat:
    """The combat under way, where its caller knows there is one (an effect of a
    command that checked it)."""
    combat = state.combat
    assert combat is not None, "no combat under way"
    return combat


def hand(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """Creatures still in a side's Combat Hand: not yet played, fired, lost or out."""
    used = set(one.played) | set(one.ranged) | set(one.destroyed) | set(one.out) | set(one.unchallenged)
    return tuple(c for c in state.zone(one.seat, one.zone) if face(c).is_creature and c not in used)


def fighters(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """The creatures of a side's Combat Hand that may still fight: all but those played
    only as the Command Card (command-only: they stay in the hand, RULES.md)."""
    return tuple(c for c in hand(state, one) if not face(c).command_only)


def survivors(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """The creatures that count for control of the space (guardians COMBAT RESOLUTION)."""
    gone = set(one.beaten) | set(one.destroyed) | set(one.out)
    return tuple(c for c in state.zone(one.seat, one.zone) if face(c).is_creature and c not in gone)


# ---------------------------------------------------------------- what a land is settled with

TERRAIN_KINDS = ("terrain", "shield-terrain")
"""The cards played face up on a land (guardians TERRAIN SETTLEMENT PHASE)."""


def stock(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The cards a seat settles lands with: its Creature Pen and Storage Hand."""
    return (*state.zone(seat, PEN), *state.zone(seat, STORAGE))


def is_terrain(card: str) -> bool:
    """A card played face up on a land: a Terrain card or a Shield/Terrain card."""
    return face(card).kind in TERRAIN_KINDS


def holds_terrain(cards: tuple[str, ...]) -> bool:
    return any(map(is_terrain, cards))


def check_face_down(state: GuardiansState, seat: int) -> None:
    """Any card goes face down for a Power Stone, but only from a seat that holds no
    Terrain card (guardians TERRAIN SETTLEMENT PHASE): the one check of it, which
    settling a land and losing a Shield that cannot settle (may_settle) both ask."""
    require(state.player(seat).stones > 0, R_SETTLEMENT, "a face-down terrain costs a Power Stone and you have none")
    require(
        not holds_terrain(stock(state, seat)),
        R_SETTLEMENT,
        "you hold a Terrain card: play it, or give up a creature (a card goes face down only when you have none)",
    )


def may_settle(state: GuardiansState, land: str) -> bool:
    """Whether the Shield on a land still has a way to settle it: a Terrain card, a
    card face down, or a creature to give up."""
    shield = state.shield_at(land)
    if shield is None:
        return False
    seat = shield.seat
    creatures = any(face(c).is_creature for c in state.zone(seat, members(shield.card)))
    cards = stock(state, seat)
    return holds_terrain(cards) or (bool(cards) and passes(check_face_down, state, seat)) or creatures
