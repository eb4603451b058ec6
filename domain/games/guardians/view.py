"""What a seat or a spectator sees, and event redaction.

Face-down cards (on, under and beside nothing: creatures on strongholds and under
Shields, the Creature Pen, the Storage Hand, the hand being organized, the deck) are
named to their seat only; everybody sees how many there are. Every card a viewer may
see is described in `cards` with its name and numbers, so a client needs no data file.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.guardians.board import SPACES, is_land, stronghold_owner
from domain.games.guardians.cards import Ability, card
from domain.games.guardians.messages import (
    CardPutBack,
    CardsMoved,
    CardsShown,
    CommandChosen,
    Committed,
    CreatureChosen,
    DeckSeen,
    DeckShuffled,
    ShieldPlaced,
)
from domain.games.guardians.state import (
    ACCESSORIES,
    DECK,
    DISCARD,
    DRAWN,
    IN_EFFECT,
    PEN,
    PLACED,
    STORAGE,
    UP,
    GuardiansState,
    Side,
    downgrades_on,
    facedown,
    hand,
    is_public,
    key_of,
    land_owner,
    lookup,
    members,
    on,
    terrain,
    tower,
    under,
    upgrade,
)
from domain.kernel import SPECTATOR, Event, replace


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as printed, in numbers: enough to play it without the data file."""

    id: str
    name: str
    kind: str
    creature_type: str
    classes: tuple[str, ...]
    vitality: int
    stacking: int
    ocb: int
    bribes: tuple[str, ...]
    receives_channeling: bool
    cmp: int
    ranged: int
    flying: bool
    size: str
    command: bool
    abilities: tuple[str, ...]
    """Each ability in a few words ("immune fire", "+3 in woods")."""
    text: str
    """How the rules treat the printed text: none, keyword, unique or unimplemented."""


@dataclass(frozen=True, slots=True)
class ShieldView:
    card: str
    seat: int
    turned: bool
    carried: int
    """Cards under the Shield."""
    carried_cards: tuple[str, ...]
    """Named to the Shield's seat only (those shown when it flew are in the events)."""


@dataclass(frozen=True, slots=True)
class SpaceView:
    space: str
    owner: int
    """The seat whose stronghold space it is; 0 for a disputed land."""
    controller: int
    """Who controls the land (terrain owner, else its default side); for strongholds the owner."""
    terrain: tuple[str, ...]
    facedown_terrain: int
    shields: tuple[ShieldView, ...]
    """The Shield standing here; two while a moving Shield passes over its own."""
    loose: int
    loose_cards: tuple[str, ...]
    under: int
    under_cards: tuple[str, ...]
    upgrade: tuple[str, ...]
    tower: int
    """Creatures in the Teleport Tower beside it (face down)."""
    tower_cards: tuple[str, ...]
    downgrade: tuple[str, ...] = ()
    """The downgrades the owner's enemy placed on its stronghold card (face up)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    guardian: str
    stronghold: tuple[str, ...]
    deck_name: str
    stones: int
    wounds: int
    shields_lost: int
    deck_count: int
    discard: tuple[str, ...]
    up: tuple[str, ...]
    drawn: int
    drawn_cards: tuple[str, ...]
    pen: int
    pen_cards: tuple[str, ...]
    storage: int
    storage_cards: tuple[str, ...]
    committed: bool
    low_up: bool
    looking: int
    """Deck cards the seat is looking at for a spell (Control Destiny, Assassin of Shadow)."""
    looking_cards: tuple[str, ...]
    """Named to the seat only."""
    cursed: tuple[str, ...]
    """Card names the seat may not play this turn (Curse of the Betrayed)."""
    barrier: str
    slowed: bool
    rubble: tuple[str, ...]
    accessories: tuple[str, ...]
    """Face up next to the seat's Guardian (casting.py)."""
    in_effect: tuple[str, ...]
    """Spells of the seat whose effect lasts the turn, face up until the next Draw & Organize."""


@dataclass(frozen=True, slots=True)
class SideView:
    seat: int
    shield: str
    declared: int
    command: str
    command_live: bool
    played: tuple[str, ...]
    ranged: tuple[str, ...]
    beaten: tuple[str, ...]
    destroyed: tuple[str, ...]
    out: tuple[str, ...]
    hand: int
    hand_cards: tuple[str, ...]
    chosen: bool


@dataclass(frozen=True, slots=True)
class Damage:
    card: str
    amount: int


@dataclass(frozen=True, slots=True)
class CardSize:
    card: str
    size: str


@dataclass(frozen=True, slots=True)
class CombatView:
    space: str
    stage: str
    actor: int
    attacker: SideView
    defender: SideView
    terrain: tuple[str, ...]
    attacker_card: str
    defender_card: str
    secondary: bool
    damage: tuple[Damage, ...]
    sizes: tuple[CardSize, ...]
    """Sizes a Titan's text changed for this combat."""
    winner: int


@dataclass(frozen=True, slots=True)
class GuardiansView:
    viewer: int
    turn: int
    phase: str
    active: int
    moving: str
    steps_left: int
    window: str
    """"opening" while the Movement phase's opening window is open; in combat, an open
    reaction window (reactions.py: "<when>|<seat>|<source>|<into>|<amount>", public)."""
    first: int
    seats: tuple[SeatView, ...]
    spaces: tuple[SpaceView, ...]
    combat: tuple[CombatView, ...]
    """The combat under way (none or one)."""
    settling: tuple[str, ...]
    cards: tuple[CardFace, ...]
    finished: bool
    winner: int
    result: str


def describe(ability: Ability) -> str:
    words = [ability.kind]
    if ability.amount:
        words.append(
            f"{ability.amount:+d}" if ability.kind.endswith(("bonus", "bonus-vs", "bonus-all")) else str(ability.amount)
        )
    if ability.target:
        words.append(ability.target)
    if ability.terrain:
        words.append(f"in {ability.terrain}")
    return " ".join(words)


def card_face(instance: str) -> CardFace:
    info = card(key_of(instance) if "." in instance else instance)
    return CardFace(
        id=instance,
        name=info.name,
        kind=info.kind,
        creature_type=info.creature_type,
        classes=info.classes,
        vitality=info.vitality,
        stacking=info.stacking,
        ocb=info.ocb,
        bribes=info.bribes,
        receives_channeling=info.receives_channeling,
        cmp=info.cmp,
        ranged=info.ranged,
        flying=info.flying,
        size=info.size,
        command=info.command,
        abilities=tuple(describe(a) for a in info.abilities),
        text=info.text,
    )


def _seen(viewer: int, seat: int, cards: tuple[str, ...]) -> tuple[str, ...]:
    return cards if viewer == seat else ()


def _space(state: GuardiansState, viewer: int, space: str) -> SpaceView:
    owner = stronghold_owner(space)
    shields = tuple(
        ShieldView(
            card=s.card,
            seat=s.seat,
            turned=s.turned,
            carried=len(carried := state.zone(s.seat, members(s.card))),
            carried_cards=_seen(viewer, s.seat, carried),
        )
        for s in state.shields
        if s.space == space
    )
    seat = owner or 0
    loose = state.zone(seat, on(space)) if seat else ()
    below = state.zone(seat, under(space)) if seat else ()
    held = state.zone(seat, tower(space)) if seat else ()
    laid = tuple(c for s in (1, 2) for c in state.zone(s, terrain(space)))
    hidden = sum(len(state.zone(s, facedown(space))) for s in (1, 2))
    return SpaceView(
        space=space,
        owner=owner,
        controller=land_owner(state, space) if is_land(space) else owner,
        terrain=laid,
        facedown_terrain=hidden,
        shields=shields,
        loose=len(loose),
        loose_cards=_seen(viewer, seat, loose),
        under=len(below),
        under_cards=_seen(viewer, seat, below),
        upgrade=state.zone(seat, upgrade(space)) if seat else (),
        tower=len(held),
        tower_cards=_seen(viewer, seat, held),
        downgrade=downgrades_on(state, space),
    )


def _seat(state: GuardiansState, viewer: int, seat: int) -> SeatView:
    player = state.player(seat)
    drawn, pen, storage = (state.zone(seat, z) for z in (DRAWN, PEN, STORAGE))
    return SeatView(
        seat=seat,
        name=player.name,
        guardian=player.guardian,
        stronghold=player.stronghold,
        deck_name=player.deck_name,
        stones=player.stones,
        wounds=player.wounds,
        shields_lost=player.shields_lost,
        deck_count=len(state.zone(seat, DECK)),
        discard=state.zone(seat, DISCARD),
        up=state.zone(seat, UP),
        drawn=len(drawn),
        drawn_cards=_seen(viewer, seat, drawn),
        pen=len(pen),
        pen_cards=_seen(viewer, seat, pen),
        storage=len(storage),
        storage_cards=_seen(viewer, seat, storage),
        committed=player.committed,
        low_up=player.low_up,
        looking=len(player.looking),
        looking_cards=player.looking if viewer == seat else (),
        cursed=player.cursed,
        barrier=player.barrier,
        slowed=player.slowed,
        rubble=player.rubble,
        accessories=state.zone(seat, ACCESSORIES),
        in_effect=state.zone(seat, IN_EFFECT),
    )


def _side(state: GuardiansState, viewer: int, side: Side) -> SideView:
    cards = hand(state, side)
    command_shown = side.command and (
        viewer == side.seat or (state.combat is not None and state.combat.stage not in ("declare", "command"))
    )
    return SideView(
        seat=side.seat,
        shield=side.shield,
        declared=side.declared,
        command=side.command if command_shown else "",
        command_live=side.command_live,
        played=side.played,
        ranged=side.ranged,
        beaten=side.beaten,
        destroyed=side.destroyed,
        out=side.out,
        hand=len(cards),
        hand_cards=_seen(viewer, side.seat, cards),
        chosen=bool(side.choice),
    )


def view(state: GuardiansState, viewer: int) -> GuardiansView:
    # A seat placing in secret is shown to the others as it stood before (its Veil).
    shown = state.veiled(viewer)
    seats = tuple(_seat(shown, viewer, p.seat) for p in state.players)
    spaces = tuple(_space(shown, viewer, s) for s in SPACES)
    fights: tuple[CombatView, ...] = ()
    if state.combat is not None:
        c = state.combat
        fights = (
            CombatView(
                space=c.space,
                stage=c.stage,
                actor=c.actor,
                attacker=_side(state, viewer, c.attacker),
                defender=_side(state, viewer, c.defender),
                terrain=c.terrain,
                attacker_card=c.a_card,
                defender_card=c.d_card,
                secondary=c.secondary,
                damage=tuple(Damage(card=n, amount=lookup(c.damage, n)) for n, _ in c.damage),
                sizes=tuple(CardSize(card=n, size=z) for n, z in c.sizes),
                winner=c.winner,
            ),
        )
    named: set[str] = set()
    for s in seats:
        named.update((s.guardian, *s.stronghold, *s.discard, *s.up, *s.drawn_cards, *s.pen_cards, *s.storage_cards))
        named.update((*s.looking_cards, *s.rubble))
    for sp in spaces:
        named.update((*sp.terrain, *sp.loose_cards, *sp.under_cards, *sp.upgrade))
        for held in sp.shields:
            named.update((held.card, *held.carried_cards))
        named.update(sp.tower_cards)
        named.update(sp.downgrade)
    for f in fights:
        for side in (f.attacker, f.defender):
            named.update(
                (side.command, *side.played, *side.ranged, *side.beaten, *side.destroyed, *side.out, *side.hand_cards)
            )
    named.discard("")
    return GuardiansView(
        viewer=viewer,
        turn=state.turn,
        phase=state.phase,
        active=state.active,
        moving=state.moving,
        steps_left=state.steps_left,
        window=state.window,
        first=state.first,
        seats=seats,
        spaces=spaces,
        combat=fights,
        settling=state.settling,
        cards=tuple(card_face(n) for n in sorted(named)),
        finished=state.finished,
        winner=state.winner,
        result=state.result,
    )


def redact(event: Event, viewer: int) -> Event:
    """Nobody sees a deck's order; a seat's face-down cards are named to it only; a
    placement made in secret (simultaneous Draw & Organize: a CardsMoved of reason
    "placed", a Shield's too) shows the others nothing but that one card was placed
    until the layout is revealed; a Command Card or primary attacker laid face down is
    named to its seat only, and so are the deck cards a seat looks at for a spell and
    the cards it puts back; cards a seat is shown by the enemy (reveals.py) are named to
    the two seats only."""
    match event:
        case DeckShuffled():
            return replace(event, order=())
        case CardsMoved(seat=seat, from_zone=source, to_zone=target) if seat != viewer:
            if event.reason == PLACED:
                return replace(event, cards=(), from_zone="", to_zone="")
            if not (is_public(source) or is_public(target)):
                return replace(event, cards=())
        case ShieldPlaced(seat=seat, openly=False) if seat != viewer:  # logs before 3.0.0
            return replace(event, shield="", to_zone="")
        case Committed(seat=seat) if seat != viewer:
            return replace(event, salt="")
        case CommandChosen(seat=seat) | CreatureChosen(seat=seat) | CardPutBack(seat=seat) if seat != viewer:
            return replace(event, card="")
        case DeckSeen(seat=seat) if seat != viewer:
            return replace(event, cards=())
        case CardsShown(seat=seat, owner=owner) if viewer not in (seat, owner):
            return replace(event, cards=())
    return event


__all__ = ["SPECTATOR", "GuardiansView", "redact", "view"]
