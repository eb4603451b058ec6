"""What a seat (or a spectator) sees: the whole table, with a text map of the board for
terminals, but for the order of the four decks and so the Armory card on offer face
down (kings-armory A1 Table Arrangement, B5 Step 3): of a deck a viewer sees its size,
and the top card Foresight has turned face up (E Foresight).
The team's gold and the cards it holds are the whole team's (B5 Step 3), and a
spectator watches the table as a seat does (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from domain.games.kings_armory.board import name
from domain.games.kings_armory.card_text import boss_text, card_text
from domain.games.kings_armory.cards import card_named, deck_of_card, held
from domain.games.kings_armory.content import (
    bosses,
    equipment,
    foe_cards,
    heroes,
    hireables,
    reinforcements,
    rewards,
    summoned_figures,
)
from domain.games.kings_armory.decks import armory_price, deck_of
from domain.games.kings_armory.figures import boss_of, is_boss, max_hp
from domain.games.kings_armory.foes import bosses_to_come
from domain.games.kings_armory.messages import DeckShuffled
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, HIREABLE, SUMMONED, Figure, KaState, board_of
from domain.kernel import Event, replace


@dataclass(frozen=True, slots=True)
class FigureView:
    figure: str
    name: str
    kind: str
    seat: int
    space: str
    """"" while a Hero or Hireable waits to be placed."""
    hp: int
    max_hp: int
    level: int
    on_tower: str
    tower: str
    bleed: int
    burn: int
    slow: int
    stun: int
    bless: int
    knocked_out: bool
    actions: int
    steps: int
    done: bool
    holding: bool
    tanked_by: str
    route: str
    """A foe's route: entrance/lane/colour ("main/odd/red")."""
    to_gate: int
    """Spaces a foe has left to the Castle Gate."""
    mark: str
    """Its character on the text map."""
    worn: tuple[str, ...]
    """A Hero's worn Equipment cards (kings-armory B5 Step 5)."""
    card: str
    """The card that summoned it ("" if none): it leaves when the Wave ends (kings-armory E Summoning)."""


@dataclass(frozen=True, slots=True)
class TowerView:
    tower: str
    cells: tuple[str, ...]
    slots: int
    hosted: int


@dataclass(frozen=True, slots=True)
class GearView:
    """An Equipment card on the table: the seat holding it (0: the team's extra
    Equipment), locked or not, and the Hero wearing it ("" if none)."""

    card: str
    name: str
    seat: int
    locked: bool
    worn_by: str


@dataclass(frozen=True, slots=True)
class CardView:
    """A Reinforcement or Armory card the team holds, its effects in words (kings-armory E
    Reinforcement Cards, E Armory Cards)."""

    card: str
    name: str
    deck: str
    mid_wave: bool
    """Played during a Wave too, not only Between Waves (kings-armory B6)."""
    text: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FaceUpView:
    """A deck's top card Foresight has turned face up (kings-armory E Foresight)."""

    deck: str
    card: str
    name: str


@dataclass(frozen=True, slots=True)
class BossView:
    """A Boss on the board (kings-armory B7, E Bosses): its hit points and its Stat Card in
    words (its attacks, its own rules, the rules every Boss keeps)."""

    figure: str
    name: str
    hp: int
    max_hp: int
    text: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OfferView:
    seat: int
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class KaView:
    phase: str
    wave: int
    waves: int
    round: int
    seat: int
    acting: str
    gate: int
    gate_max: int
    board: str
    towers_left: int
    to_enter: int
    figures: tuple[FigureView, ...]
    towers: tuple[TowerView, ...]
    foresight: tuple[str, ...]
    finished: bool
    won: bool
    result: str
    map: tuple[str, ...]
    """The board as text, one character per space; `legend` says what the marks are."""
    legend: tuple[str, ...]
    gold: int
    reward_deck: int
    """Cards in the Reward deck (its order is hidden), and below, in the other decks."""
    equipment_deck: int
    reinforcement_deck: int
    armory_deck: int
    rewards_drawn: tuple[str, ...]
    gear: tuple[GearView, ...]
    reinforcements: tuple[str, ...]
    armory: str
    armory_on_offer: bool
    """A card lies on offer, face down, to be bought for `armory_price` (kings-armory E Armory Cards)."""
    armory_price: int
    new_equipment: bool
    """New Equipment is for sale: a seat has unlocked both its starting pieces (kings-armory B5 Step 3)."""
    shopped: tuple[int, ...]
    offers: tuple[OfferView, ...]
    bench: tuple[FigureView, ...]
    """Hireables sitting out the coming Wave (kings-armory B5 Step 6)."""
    cards: tuple[CardView, ...]
    """The cards the team holds (`reinforcements`, then `armory`), each in words."""
    bosses: tuple[BossView, ...]
    """The Bosses on the board (kings-armory B7)."""
    face_up: tuple[FaceUpView, ...]
    """Top cards Foresight has turned face up: the next of their decks (kings-armory E Foresight)."""
    bosses_to_come: int
    """Bosses of the final Wave still to enter (kings-armory B7, B9: the game is won only once
    they are defeated too)."""


HIREABLE_MARKS = {"foot-soldier": "f", "archer": "a", "sorcerer": "s", "psionicist": "p", "cleric": "c"}
SUMMONED_MARK = "o"
"""A figure a card brought (the Sword Golem)."""
BOSS_MARK = "X"
"""A Boss (B is Boleslaw's)."""


def _name(figure: Figure) -> str:
    if figure.kind == HERO:
        return heroes()[figure.key].name
    if figure.kind == HIREABLE:
        return f"{hireables()[figure.key].name} (level {figure.level})"
    if figure.kind == GUARDIAN:
        return "Guardian"
    if figure.kind == SUMMONED:
        return summoned_figures()[figure.key].name
    return foe_cards()[figure.key].name


def mark(figure: Figure) -> str:
    """Heroes by capital initial, Hireables by small initial, the Guardian g, a card's own
    figure o, a Boss X, foes by their level's digit."""
    if figure.kind == HERO:
        return figure.key[0].upper()
    if figure.kind == HIREABLE:
        return HIREABLE_MARKS.get(figure.key, "h")
    if figure.kind == GUARDIAN:
        return "g"
    if figure.kind == SUMMONED:
        return SUMMONED_MARK
    if is_boss(figure):
        return BOSS_MARK
    return str(figure.level)


def _figure_view(state: KaState, figure: Figure) -> FigureView:
    board = board_of(state)
    placed = figure.space[0] >= 0
    tokens = figure.tokens
    to_gate = board.routes[figure.route].remaining(figure.index) if figure.kind == FOE else 0
    return FigureView(
        figure=figure.figure, name=_name(figure), kind=figure.kind, seat=figure.seat,
        space=name(figure.space) if placed else "", hp=figure.hp, max_hp=max_hp(figure), level=figure.level,
        on_tower=figure.on_tower, tower=figure.tower, bleed=tokens.bleed, burn=tokens.burn, slow=tokens.slow,
        stun=tokens.stun, bless=tokens.bless, knocked_out=figure.knocked_out, actions=figure.actions,
        steps=figure.steps, done=figure.done, holding=figure.holding, tanked_by=figure.tanked_by,
        route="/".join(figure.route) if figure.kind == FOE else "", to_gate=to_gate, mark=mark(figure),
        worn=figure.worn, card=figure.card)


def text_map(state: KaState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    board = board_of(state)
    marks: dict[tuple[int, int], str] = {}
    for tower in state.towers:
        for cell in tower.cells:
            marks[cell] = "T" if len(tower.cells) > 1 else "P"
    crowded: set[tuple[int, int]] = set()
    for figure in state.figures:
        if figure.space[0] < 0:
            continue
        if figure.space in marks and marks[figure.space] not in ("T", "P"):
            crowded.add(figure.space)
        marks[figure.space] = mark(figure)
    for space in crowded:
        marks[space] = "*"
    legend = ["T tower, P parapet, G castle gate, @ the Monster Entrance, & the cave's, arrows: the path; * several "
              "figures on a space"]
    for figure in state.figures:
        if figure.space[0] >= 0:
            legend.append(f"{mark(figure)} {_name(figure)} at {name(figure.space)}, "
                          f"{figure.hp}/{max_hp(figure)} hp" + (" (KO)" if figure.knocked_out else ""))
    return tuple(board.text(marks)), tuple(legend)


def view(state: KaState, viewer: int) -> KaView:
    lines, legend = text_map(state)
    return KaView(
        phase=state.phase, wave=state.wave, waves=state.options.waves, round=state.round, seat=state.seat,
        acting=state.acting, gate=state.gate, gate_max=state.options.gate_hp, board=board_of(state).name,
        towers_left=state.towers_left, to_enter=state.to_enter,
        figures=tuple(_figure_view(state, f) for f in state.figures),
        towers=tuple(TowerView(t.tower, tuple(name(c) for c in t.cells), t.slots, state.hosted(t.tower))
                     for t in state.towers),
        foresight=tuple(entry.split(":")[0] for entry in state.foresight),
        finished=state.finished, won=state.won, result=state.result, map=lines, legend=legend,
        gold=state.gold, reward_deck=len(state.reward_deck), equipment_deck=len(state.equipment_deck),
        reinforcement_deck=len(state.reinforcement_deck), armory_deck=len(state.armory_deck),
        rewards_drawn=state.rewards_drawn,
        gear=tuple(GearView(g.card, equipment()[g.card].name, g.seat, g.locked, _wearer(state, g.card))
                   for g in state.gear),
        reinforcements=state.reinforcements, armory=state.armory, armory_on_offer=bool(state.armory_deck),
        armory_price=armory_price(state), new_equipment=max(state.unlocks, default=0) >= 2,
        shopped=state.shopped, offers=tuple(OfferView(o.seat, o.give, o.take) for o in state.offers),
        bench=tuple(_figure_view(state, f) for f in state.bench),
        cards=tuple(_card_view(card) for card in held(state)),
        bosses=tuple(_boss_view(f) for f in state.figures if is_boss(f)),
        face_up=tuple(FaceUpView(deck, top := deck_of(state, deck)[0], card_name(top)) for deck in state.revealed),
        bosses_to_come=bosses_to_come(state))


def _boss_view(figure: Figure) -> BossView:
    boss = boss_of(figure)
    assert boss is not None
    return BossView(figure.figure, boss.name, figure.hp, boss.hp, _stat_card(figure.key))


@cache
def _stat_card(boss: str) -> tuple[str, ...]:
    """A Boss's Stat Card in words: content, the same in every view, so worded once."""
    stat_card = bosses()[boss]
    return boss_text(stat_card)


def card_name(card: str) -> str:
    """A Reward, Equipment or Reinforcement card's printed name."""
    for cards in (rewards(), equipment(), reinforcements()):
        if card in cards:
            return cards[card].name
    return card


@cache  # a card's view is its content, the same in every view
def _card_view(key: str) -> CardView:
    card = card_named(key)
    assert card is not None
    return CardView(key, card.name, deck_of_card(key), card.mid_wave, card_text(card))


def _wearer(state: KaState, card: str) -> str:
    wearer = state.wearer(card)
    return wearer.figure if wearer is not None else ""


def redact(event: Event, viewer: int) -> Event:
    """The order of a deck is nobody's to see, the Armory card on offer with it (kings-armory
    A1 Table Arrangement: shuffled, face down); everything else is public (the Foresight
    draws included: the revealed foes lie face up at the entrance, E Foresight)."""
    if isinstance(event, DeckShuffled):
        return replace(event, order=())
    return event
