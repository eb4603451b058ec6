"""The King's Armory state: the table of a cooperative game, how it starts (the
options read: kings-armory A1, A2) and the questions the rules ask of it.

Everything on the table is public (the board, every figure, its tokens and hit
points, the team's gold and cards) but the order of the four decks, and with it the
Armory card on offer face down (kings-armory A1 Table Arrangement): view.py keeps
them hidden. A figure is one token on the board: a Hero, a
Hireable, Felicity's Guardian or a Foe. Figures are kept in a tuple in the order
they came onto the board, so their ids ("valcor", "archer-1", "orc-archer-2") and
that order are all a client needs to follow a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.kings_armory.board import Board, Space, board_for
from domain.games.kings_armory.citations import A2, B7, E_HIREABLES, E_MAXIMUM_RECRUITMENT
from domain.games.kings_armory.content import heroes, hireables
from domain.kernel import Emitter, Setup, memo_last, replace

# Phases (kings-armory B8 Game Play Order).
TOWERS = "towers"
"""kings-armory A2: the team places its starting Towers."""
PLACING = "placing"
"""kings-armory A2: each seat places its Heroes (and Hireables) near a Tower."""
PLAYERS = "players"
"""kings-armory B2: the Players' Round, seat by seat."""
FOES = "foes"
"""kings-armory B1, B3: the Foes' Round. The rules play it within the command that ends the
Players' Round; between commands it stands still only at a foe's turn that has begun, while
the team may play a card (kings-armory E Reinforcement Cards, E Armory Cards; RULES.md)."""
SHOPPING = "shopping"
"""kings-armory B5 Steps 3-5 and 7: between Waves every seat spends the team's gold and
equips its Heroes, in any order, until each says it is done."""
OVER = "over"

HERO = "hero"
HIREABLE = "hireable"
GUARDIAN = "guardian"
SUMMONED = "summoned"
"""A figure only a card brings (the Sword Golem: kings-armory GAME COMPONENTS), whose
numbers are on that card."""
FOE = "foe"

ODD = "odd"
EVEN = "even"
MAIN = "main"
CAVE = "cave"


def numbered(key: str, number: int) -> str:
    """The id of a Hireable or a foe: its kind's key and its number among the game's
    figures of that kind ("archer-1", "orc-archer-2"), so that an event naming it says
    what it is. No content key ends in "-<digits>" (tests/kings_armory/test_content.py),
    so an id reads back as its key and number, and no two kinds share an id."""
    return f"{key}-{number}"


TOWER_SLOTS = 3
PARAPET_SLOTS = 1


@dataclass(frozen=True, slots=True)
class Tower:
    """A Tower (2x2 spaces, three hosting slots) or a Castle Gate Parapet (one space,
    one slot, indestructible): kings-armory E Towers, B3 A Note About Parapets."""

    tower: str
    cells: tuple[Space, ...]
    slots: int


@dataclass(frozen=True, slots=True)
class Tokens:
    """Status tokens on a figure (kings-armory C2 Seventh)."""

    bleed: int = 0
    burn: int = 0
    slow: int = 0
    stun: int = 0
    bless: int = 0


NO_TOKENS = Tokens()


@dataclass(frozen=True, slots=True)
class Lasting:
    """A card's lasting effect on a figure: "ward" (+`amount` to all three resistances of an
    Ally) or "slow" (-`amount` to a foe's Move Rate, no token: kings-armory C2 Slow's note), until
    the next Players' Round ("round") or the Wave's end ("wave"). Effects of cards stack."""

    effect: str
    amount: int
    lasts: str
    card: str


@dataclass(frozen=True, slots=True)
class Figure:
    """One token on the board.

    Allies: `seat` controls it, `level` is a Hireable's level, `tower` the Tower
    hosting it (kings-armory A2 Tower Hosting; "" when none), `on_tower` the Tower it
    stands on. Foes: `route` names its route (entrance, lane, colour) and `index` its
    position on it (kings-armory B1 Monster Movement), `order` when it entered.
    """

    figure: str
    kind: str
    key: str
    seat: int
    hp: int
    space: Space
    level: int = 1
    tower: str = ""
    on_tower: str = ""
    tokens: Tokens = NO_TOKENS
    knocked_out: bool = False
    # Foes
    route: tuple[str, str, str] = ("", "", "")
    index: int = 0
    order: int = 0
    tanked_by: str = ""
    # Allies: this turn and this round
    actions: int = 0
    steps: int = 0
    """Spaces left in the movement action under way (kings-armory C1 Step 1)."""
    attacked: bool = False
    """Attacked this turn (kings-armory D1 Offensive Allies)."""
    done: bool = False
    """Its individual turn of this Players' Round is over (kings-armory B2)."""
    holding: bool = False
    """Tanks foes that come within reach during the Foes' Round (RULES.md: standing tank orders)."""
    ward: int = 0
    ward_lasts: str = ""
    enchant: int = 0
    tank_bonus: int = 0
    aura: bool = False
    used: tuple[str, ...] = ()
    """Special Actions used this Wave (for those once per Wave)."""
    worn: tuple[str, ...] = ()
    """A Hero's worn Equipment cards, at most two (kings-armory B5 Step 5, E Equipment Cards)."""
    released: tuple[str, ...] = ()
    """Foes it let go this Players' Round: it may not tank them again until the next."""
    lasting: tuple[Lasting, ...] = ()
    """Cards' lasting effects on it (kings-armory E Reinforcement Cards, E Armory Cards)."""
    card: str = ""
    """The card that summoned it, if one did: it leaves the board when the Wave ends
    (kings-armory E Summoning; RULES.md)."""

    @property
    def is_foe(self) -> bool:
        return self.kind == FOE

    @property
    def active(self) -> bool:
        """On the board and able to act or be targeted (a KO'd Hero only takes up space)."""
        return not self.knocked_out


@dataclass(frozen=True, slots=True)
class Gear:
    """An Equipment card out of its deck (kings-armory A2, B5 Step 3, E Equipment Cards):
    held by `seat` (its starting pair, dealt to it, or one it took), or by nobody (0: the
    team's extra Equipment); `locked` until the team pays to unlock it. Which Hero wears
    it is on the Hero (Figure.worn)."""

    card: str
    seat: int
    locked: bool


@dataclass(frozen=True, slots=True)
class Offer:
    """`seat` offers its Equipment card `give` for `take`, another seat's: a trade needs
    both seats (kings-armory E Equipment Cards: nobody is forced to trade)."""

    seat: int
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class Options:
    map: str = "standard"
    waves: int = 5
    gate_hp: int = 20
    delayed_entry: bool = False
    round_limit: int = 0
    bosses: int = 1
    """Bosses on the final Wave (kings-armory B7): 1, or 2 in a 7-Wave game; 0 none (RULES.md)."""


@dataclass(frozen=True, slots=True)
class KaState:
    """The whole table. `seats` counts the seats; `order` is the Players' Round
    order (seat numbers: kings-armory A2, the seat by the Monster Entrance first)."""

    options: Options
    seats: int
    heroes: tuple[tuple[str, ...], ...] = ()
    """Hero keys by seat (index 0 = seat 1)."""
    hireables: tuple[tuple[int, str, int], ...] = ()
    """(seat, class, level) for each Hireable the game starts with (RULES.md)."""
    phase: str = TOWERS
    towers_left: int = 0
    towers: tuple[Tower, ...] = ()
    figures: tuple[Figure, ...] = ()
    gate: int = 20
    wave: int = 0
    round: int = 0
    """Rounds of the current Wave: the Foes' Round n is followed by the Players' Round n."""
    rounds: int = 0
    """Rounds played in the whole game (the round_limit counts these)."""
    seat: int = 0
    """The seat whose turn it is in the Players' Round (or who places now)."""
    acting: str = ""
    """The Ally in the middle of its individual turn (kings-armory B2)."""
    entered: tuple[str, ...] = ()
    """The kind (Monster key) of every foe that has entered so far, in order: they number
    the next foe of a kind (its id: numbered)."""
    wave_entered: int = 0
    """Foes of this Wave that have entered so far (kings-armory B1 Two Monster Entrances:
    each Wave's first foe comes in at the Monster Entrance)."""
    to_enter: int = 0
    """Foes of this Wave still to come (kings-armory D2-2 Delayed Monster Entry)."""
    foresight: tuple[str, ...] = ()
    """Foes revealed for the next Wave by Foresight, in order (kings-armory E Foresight)."""
    finished: bool = False
    won: bool = False
    result: str = ""
    next_tower: int = 1
    # The decks (kings-armory A1 Table Arrangement): each deck's cards, top first. Their
    # order is hidden from every viewer; the Armory deck's top card is the one on offer.
    reward_deck: tuple[str, ...] = ()
    equipment_deck: tuple[str, ...] = ()
    reinforcement_deck: tuple[str, ...] = ()
    armory_deck: tuple[str, ...] = ()
    rewards_drawn: tuple[str, ...] = ()
    """Reward cards drawn since the Reward deck was last shuffled (kings-armory B5 Steps 2, 4)."""
    gold: int = 0
    """The team's gold (kings-armory B5 Step 2: all gold is shared)."""
    gear: tuple[Gear, ...] = ()
    reinforcements: tuple[str, ...] = ()
    """Reinforcement cards the team holds, at most 3 (kings-armory E Reinforcement Cards)."""
    armory: str = ""
    """The Armory card the team holds, if any (kings-armory E Armory Cards: one at most)."""
    unlocks: tuple[int, ...] = ()
    """Starting Equipment cards each seat has unlocked (index 0 = seat 1): once one seat has
    unlocked both, new Equipment is for sale (kings-armory B5 Step 3)."""
    recruited: tuple[str, ...] = ()
    """Every Hireable recruited this game, in the order recruited, defeated ones too
    (kings-armory E Maximum Recruitment); it numbers the next of a class."""
    bench: tuple[Figure, ...] = ()
    """Hireables sitting out the coming Wave, off the board (kings-armory B5 Step 6)."""
    shopped: tuple[int, ...] = ()
    """Seats done shopping this Between Waves phase (kings-armory B5 Step 7)."""
    offers: tuple[Offer, ...] = ()
    acted: tuple[str, ...] = ()
    """Foes that have begun their turn in this Foes' Round (kings-armory B3)."""
    summoned: tuple[str, ...] = ()
    """Every Ally a card has summoned this game: with `recruited` they number the next of a
    kind (an id is never used twice)."""
    revealed: tuple[str, ...] = ()
    """Decks whose top card Foresight has turned face up, until that card is taken or the deck
    shuffled (kings-armory E Foresight: one card a deck at a time)."""
    bosses: tuple[tuple[str, str, str], ...] = ()
    """(key, entrance, lane) of each Boss that has entered (kings-armory B7: a second Boss
    takes the other side, or the other entrance)."""

    def figure(self, figure_id: str) -> Figure | None:
        for figure in self.figures:
            if figure.figure == figure_id:
                return figure
        return None

    def foes(self) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.kind == FOE)

    def allies(self) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.kind != FOE)

    def allies_of(self, seat: int) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.kind != FOE and f.seat == seat)

    def tower(self, tower_id: str) -> Tower | None:
        for tower in self.towers:
            if tower.tower == tower_id:
                return tower
        return None

    def tower_at(self, space: Space) -> Tower | None:
        return _tower_cells(self.towers).get(space)

    def hosted(self, tower_id: str) -> int:
        """Allies using one of the Tower's hosting slots (kings-armory A2 Tower Hosting), a
        KO'd Hero on it too (E Towers, E Defeated)."""
        return sum(1 for f in self.figures if f.kind != FOE and f.tower == tower_id)

    def with_figure(self, figure: Figure, **changes: Any) -> KaState:
        """The state with `figure` replacing the figure of the same id (or added last), and
        its other fields `changes` changed in the same copy."""
        figures = self.figures
        for i, old in enumerate(figures):
            if old.figure == figure.figure:
                return replace(self, figures=(*figures[:i], figure, *figures[i + 1:]), **changes)
        return replace(self, figures=(*figures, figure), **changes)

    def without(self, figure_id: str) -> KaState:
        return replace(self, figures=tuple(f for f in self.figures if f.figure != figure_id))

    def gear_of(self, card: str) -> Gear | None:
        for gear in self.gear:
            if gear.card == card:
                return gear
        return None

    def wearer(self, card: str) -> Figure | None:
        """The Hero wearing the Equipment card, if any."""
        for figure in self.figures:
            if card in figure.worn:
                return figure
        return None

    def heroes_of(self, seat: int) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.kind == HERO and f.seat == seat)



@memo_last
def _tower_cells(towers: tuple[Tower, ...]) -> dict[Space, Tower]:
    """The Tower on each of its cells. States share their towers tuple until a Tower is
    placed, so this is built once a Tower rather than searched on every call."""
    cells: dict[Space, Tower] = {}
    for tower in towers:
        for cell in tower.cells:
            cells.setdefault(cell, tower)
    return cells


Em = Emitter[KaState]
"""What makes a command's events, the state evolving as they are made (kernel Emitter)."""


def next_number(state: KaState, key: str) -> int:
    """The number of the next Ally of kind `key` a hire or a card brings: one more than
    those recruited or summoned so far this game (the defeated too)."""
    return 1 + sum(1 for figure in (*state.recruited, *state.summoned) if figure.rsplit("-", 1)[0] == key)


def board_of(state: KaState) -> Board:
    return board_for(state.options.map)


def ally_at(state: KaState, space: Space) -> Figure | None:
    """The Ally on a space (a KO'd Hero still takes it up: kings-armory E Defeated)."""
    allies = allies_on(state.figures).get(space)
    return allies[0] if allies else None


@memo_last
def allies_on(figures: tuple[Figure, ...]) -> dict[Space, list[Figure]]:
    """The Allies on each space, in board order. The rules' checks ask it many times of
    one position (legal_commands, then plan), so it is built once per figures tuple."""
    found: dict[Space, list[Figure]] = {}
    for figure in figures:
        if figure.kind != FOE:
            found.setdefault(figure.space, []).append(figure)
    return found


def shares_a_space(state: KaState, ally: Figure) -> bool:
    """Another Ally stands on the Ally's space: it may pass through, not stop there
    (kings-armory E Stacking / Sharing a Space)."""
    return any(f.figure != ally.figure for f in allies_on(state.figures).get(ally.space, ()))


# ---------------------------------------------------------------- the game's start


SEVEN_WAVES = 7
"""A mega game's length: the one where two Bosses may come (kings-armory B7, D2-2 Extra-Boss Modes)."""
DEFAULT_HEROES = ("valcor", "midnight", "felicity", "ember", "cyrus", "raphael", "boleslaw")
"""Seat n plays the n-th of these unless the `heroes` option says otherwise."""
MAX_HEROES = 7


def parse_heroes(text: str, seats: int) -> tuple[tuple[str, ...], ...]:
    """The `heroes` option as hero keys by seat, or a ValueError naming the problem."""
    if not text.strip():
        if seats > len(DEFAULT_HEROES):
            raise ValueError(f"{A2}: at most {MAX_HEROES} Heroes")
        return tuple((key,) for key in DEFAULT_HEROES[:seats])
    groups = [part.strip() for part in text.split(",")]
    if len(groups) != seats:
        raise ValueError(f"{A2}: the heroes option lists {len(groups)} seat(s) for {seats} seat(s)")
    known = heroes()
    chosen: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for group in groups:
        keys = tuple(key.strip().lower() for key in group.split("+") if key.strip())
        if not keys:
            raise ValueError(f"{A2}: every seat plays at least one Hero")
        for key in keys:
            if key not in known:
                raise ValueError(f"{A2}: no Hero {key!r}; the Heroes are {', '.join(known)}")
            if key in seen:
                raise ValueError(f"{A2}: {key} is chosen twice")
            seen.add(key)
        chosen.append(keys)
    return tuple(chosen)


def parse_hireables(text: str, seats: int) -> tuple[tuple[int, str, int], ...]:
    """The `hireables` option as (seat, class, level), checked against kings-armory E
    Maximum Recruitment."""
    found: list[tuple[int, str, int]] = []
    known = hireables()
    for entry in (part.strip() for part in text.split(",") if part.strip()):
        pieces = entry.split(":")
        if len(pieces) != 3 or not pieces[0].isdigit() or not pieces[2].isdigit():
            raise ValueError(f"hireables option: {entry!r} is not seat:class:level")
        seat, key, level = int(pieces[0]), pieces[1].strip().lower(), int(pieces[2])
        if not 1 <= seat <= seats:
            raise ValueError(f"hireables option: there is no seat {seat}")
        if key not in known:
            raise ValueError(f"{E_HIREABLES}: no class {key!r}; the classes are {', '.join(known)}")
        if not 1 <= level <= 3:
            raise ValueError(f"{E_HIREABLES}: levels are 1 to 3, not {level}")
        found.append((seat, key, level))
        if sum(1 for _, k, _ in found if k == key) > known[key].max_recruits:
            raise ValueError(f"{E_MAXIMUM_RECRUITMENT}: at most {known[key].max_recruits} {key}")
    return tuple(found)


def initial_state(setup: Setup) -> KaState:
    """The table before the game starts: the options read and checked."""
    values = dict(setup.options)
    options = Options(
        map=str(values.get("map", "standard")),
        waves=int(values.get("waves", 5)),
        gate_hp=int(values.get("gate_hp", 20)),
        delayed_entry=bool(values.get("delayed_entry", False)),
        round_limit=int(values.get("round_limit", 0)),
        bosses=int(values.get("bosses", 1)),
    )
    if options.bosses > 1 and options.waves != SEVEN_WAVES:
        raise ValueError(f"{B7}: two Bosses come in a 7-Wave game only")
    seats = len(setup.seats)
    chosen = parse_heroes(str(values.get("heroes", "")), seats)
    if sum(len(keys) for keys in chosen) > MAX_HEROES:
        raise ValueError(f"{A2}: at most {MAX_HEROES} Heroes")
    board_for(options.map)  # a broken custom map fails here, naming the A1 rule it breaks
    return KaState(options=options, seats=seats, heroes=chosen,
                   hireables=parse_hireables(str(values.get("hireables", "")), seats), gate=options.gate_hp)
