"""The King's Armory commands and events.

Spaces travel as names ("f7": column letter, row number; board.py). Figures travel
as ids that say what they are: a Hero by its key ("valcor"), a Hireable as
"<class>-<n>" ("archer-1"), Felicity's Guardian as "guardian", a Foe as "<kind>-<n>",
the game's n-th foe of that kind ("orc-archer-2"); words.py reads them as labels. Every die the rules roll is
in an event (the d12 of a foe's entry, each d20 to hit, each roll that breaks a tie),
so a log replays without a generator. Foes act with no seat's command: their events
follow the command that ended the Players' Round, each citing the priority line that
chose it (kings-armory B1 Attack Priority, B3 Monster Turn Priority).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event

# ---------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class PlaceTower(Command):
    """Place a starting Tower with its top-left corner on `at` (kings-armory A2)."""

    at: str


@dataclass(frozen=True, slots=True)
class PlaceAlly(Command):
    """Place one of your Heroes or Hireables on or within 2 spaces of a Tower with a
    free hosting slot (kings-armory A2)."""

    figure: str
    at: str


@dataclass(frozen=True, slots=True)
class Step(Command):
    """Move an Ally one space orthogonally (kings-armory C1 Step 1). The first step
    spends 1 action and opens a movement of up to the Move Rate; a Teleporting Ally
    goes straight to the space (kings-armory E Teleport)."""

    figure: str
    to: str


@dataclass(frozen=True, slots=True)
class EnterTower(Command):
    """Climb onto a Tower (or Parapet) space from a space beside it: 1 action
    (kings-armory E Towers)."""

    figure: str
    to: str


@dataclass(frozen=True, slots=True)
class ExitTower(Command):
    """Climb down from a Tower to a space beside it: 1 action (kings-armory E Towers)."""

    figure: str
    to: str


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Use an Attack Option (kings-armory C2): on the foe or ally `target`, or, for an
    area, on the area whose top-left space is `at` (a line: from the space beside the
    attacker toward `direction`, N, E, S or W)."""

    figure: str
    attack: str
    target: str = ""
    at: str = ""
    direction: str = ""


@dataclass(frozen=True, slots=True)
class UseSpecial(Command):
    """Use a Special Action (kings-armory E Special Actions), aimed like an Attack."""

    figure: str
    special: str
    target: str = ""
    at: str = ""
    direction: str = ""


@dataclass(frozen=True, slots=True)
class Tank(Command):
    """Tank a foe within reach: it moves no further while the tank lasts (kings-armory
    C1 Step 2). Passive: no action spent."""

    figure: str
    foe: str


@dataclass(frozen=True, slots=True)
class Untank(Command):
    """Let a foe this Ally tanks go (kings-armory C1 Step 2: at will, in the Players'
    Round only). Passive; the Ally may not tank that foe again this round (RULES.md)."""

    figure: str
    foe: str


@dataclass(frozen=True, slots=True)
class EndAlly(Command):
    """End this Ally's individual turn, giving up the actions it has left
    (kings-armory B2; D1 says when it may not). `hold` is its standing order for the
    Foes' Round: tank each foe that comes within its reach while it has a free tank
    slot (RULES.md: standing tank orders)."""

    figure: str
    hold: bool = False


@dataclass(frozen=True, slots=True)
class BuildTower(Command):
    """Between Waves: build a Tower (100 gold) with its top-left corner on `at`, on open
    terrain (kings-armory B5 Step 3, E Towers)."""

    at: str


@dataclass(frozen=True, slots=True)
class SellTower(Command):
    """Between Waves: sell a Tower for 50 gold (kings-armory B5 Step 3)."""

    tower: str


@dataclass(frozen=True, slots=True)
class Hire(Command):
    """Between Waves: hire a level 1 Hireable of a class (`hireable`, its Stat Card's cost)
    for the seat `controller`, who will place and lead it (kings-armory B5 Step 3, E
    Hireables, E Maximum Recruitment)."""

    hireable: str
    controller: int


@dataclass(frozen=True, slots=True)
class Upgrade(Command):
    """Between Waves: raise a Hireable one level, paying its Stat Card's cost for that
    level; it heals its new Heal Rate (kings-armory B5 Step 3, E Hireables)."""

    figure: str


@dataclass(frozen=True, slots=True)
class UnlockEquipment(Command):
    """Between Waves: unlock a starting Equipment card (150 gold: kings-armory B5 Step 3)."""

    card: str


@dataclass(frozen=True, slots=True)
class BuyEquipment(Command):
    """Between Waves: buy the Equipment deck's top card, blind, unlocked (100 gold), once a
    seat has unlocked both its starting pieces (kings-armory B5 Step 3)."""


@dataclass(frozen=True, slots=True)
class SellEquipment(Command):
    """Between Waves: sell an unlocked Equipment card nobody wears for 50 gold; it goes to
    the bottom of its deck (kings-armory B5 Steps 3-4)."""

    card: str


@dataclass(frozen=True, slots=True)
class BuyReinforcement(Command):
    """Between Waves: buy the Reinforcement deck's top card, blind (200 gold); the team
    holds 3 at most (kings-armory B5 Step 3, E Reinforcement Cards)."""


@dataclass(frozen=True, slots=True)
class BuyArmory(Command):
    """Between Waves: buy the Armory card on offer, blind (900 gold in a 5-Wave game,
    1,200 in a 7-Wave one); the team holds one at most, and a new card is put on offer
    (kings-armory B5 Step 3, E Armory Cards)."""


@dataclass(frozen=True, slots=True)
class Equip(Command):
    """Between Waves: one of your Heroes puts on an unlocked Equipment card your seat
    holds, or one of the team's extra cards while your seat holds fewer than two a Hero;
    two worn at most (kings-armory B5 Step 5, E Equipment Cards)."""

    card: str
    hero: str


@dataclass(frozen=True, slots=True)
class Unequip(Command):
    """Between Waves: one of your Heroes takes off an Equipment card (kings-armory B5 Step 5)."""

    card: str


@dataclass(frozen=True, slots=True)
class Trade(Command):
    """Between Waves: your unlocked Equipment card `give` for `take`, one for one, neither
    worn (kings-armory B5 Step 5, E Equipment Cards). `take` from the team's extra
    Equipment changes hands at once; another seat's card only when that seat offers the
    same trade back, since nobody is forced to trade: until then this is an offer."""

    give: str
    take: str


@dataclass(frozen=True, slots=True)
class Reassign(Command):
    """Between Waves: hand a Hireable to another seat to lead (kings-armory B5 Step 6, E
    Hireables: only between Waves)."""

    figure: str
    to_seat: int


@dataclass(frozen=True, slots=True)
class EndShopping(Command):
    """Between Waves: your seat is done buying, selling and equipping; once every seat
    is, the Allies are placed anew and the next Wave starts (kings-armory B5 Steps 6-7)."""


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """Play a Reinforcement or Armory card the team holds (kings-armory B6, E Reinforcement
    Cards, E Armory Cards): in the Players' Round on your turn between actions, in the
    Foes' Round before a foe goes on with its turn, Between Waves while you shop. `target`
    is the foe its foe effects strike (an area's centre), `ally` the Ally its single-Ally
    effects take, `at` where the figures it summons come (and the nearest free spaces
    after): each given only when the card's effects need it. The card goes to the
    bottom of its deck."""

    card: str
    target: str = ""
    at: str = ""
    ally: str = ""


@dataclass(frozen=True, slots=True)
class LetFoeAct(Command):
    """The foe whose turn has begun goes on with it: the team plays no card now (RULES.md:
    the team's moment before each foe's turn)."""


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """End your turn: Allies of yours that have not acted give up their turns
    (kings-armory B2; D1 says when they may not)."""


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class GameSetUp(Event):
    map: str
    seats: int
    towers: int
    gate: int
    waves: int


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """A deck's new order, top first (kings-armory A1 Table Arrangement, B5 Step 4), hidden
    from every viewer, who is told its size (`cards`) only. `deck` is "reward",
    "equipment", "reinforcement" or "armory" (the Armory deck's top card is the one on offer,
    face down); `reason` is "set-up" or "make change"."""

    deck: str
    order: tuple[str, ...]
    cards: int
    reason: str


@dataclass(frozen=True, slots=True)
class EquipmentDealt(Event):
    """`seat` takes Equipment cards from the top of the deck: locked, on offer to its
    Heroes, seen by all (kings-armory A2)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AllyJoined(Event):
    """A Hero or Hireable joins `seat`'s team, off the board until placed."""

    figure: str
    key: str
    kind: str
    seat: int
    level: int
    hp: int


@dataclass(frozen=True, slots=True)
class HireableSatOut(Event):
    """A Hireable for whom the Towers and Parapets have no hosting slot sits out the
    coming Wave, the most recently hired first (kings-armory B5 Step 6), off the board:
    one of the `hireables` option at set-up, or one of the team's Between Waves."""

    figure: str
    key: str
    seat: int
    level: int


@dataclass(frozen=True, slots=True)
class TowerPlaced(Event):
    tower: str
    cells: tuple[str, ...]
    slots: int


@dataclass(frozen=True, slots=True)
class AllyPlaced(Event):
    figure: str
    space: str
    tower: str
    on_tower: str


@dataclass(frozen=True, slots=True)
class WaveBegan(Event):
    """A Wave's size: the Wave Card's foes plus the Hero Scaling Grid's (kings-armory B1)."""

    wave: int
    foes: int
    roll_modifier: int
    now: int
    """Foes that enter in the first Foes' Round (all but the delayed half)."""


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    """`side` is "foes" or "players"."""

    side: str
    round: int


@dataclass(frozen=True, slots=True)
class FoeRolled(Event):
    """The Monster Selection d12 (kings-armory B1): natural + modifier = net; the net
    roll picks the level on the Wave Card and the side (odd/even)."""

    natural: int
    modifier: int
    net: int
    level: int
    lane: str
    entrance: str
    foreseen: bool
    """The roll was made earlier, by Foresight (kings-armory E Foresight)."""


@dataclass(frozen=True, slots=True)
class FoeEntered(Event):
    """A foe drawn at random from its level's pile is placed at the entrance."""

    figure: str
    key: str
    level: int
    space: str
    entrance: str
    lane: str
    color: str
    hp: int


@dataclass(frozen=True, slots=True)
class BossEntered(Event):
    """The final Wave's Boss, drawn at random from those not yet come, enters on its Stat
    Card's hit points (kings-armory B7): `side_roll`, an unmodified d12, chose the lane (odd
    or even; 0 when the second Boss takes the side the first did not), `entrance_roll` the
    entrance where the map has two (odd: the Monster Entrance; 0 when not rolled)."""

    figure: str
    key: str
    hp: int
    space: str
    entrance: str
    lane: str
    color: str
    side_roll: int
    entrance_roll: int


@dataclass(frozen=True, slots=True)
class FoeAppeared(Event):
    """A foe a Boss's Stat Card brings onto its own space and route (kings-armory B7), at
    route position `index`: `by` is the Boss."""

    figure: str
    key: str
    level: int
    space: str
    index: int
    entrance: str
    lane: str
    color: str
    hp: int
    by: str


@dataclass(frozen=True, slots=True)
class TieRolled(Event):
    """A tie the priority lists left, broken by a die: `rolls[i]` for `between[i]`,
    the highest wins (a tie rolls again)."""

    between: tuple[str, ...]
    rolls: tuple[int, ...]
    chosen: str


@dataclass(frozen=True, slots=True)
class FoeTurnBegan(Event):
    """The foe whose turn comes now; the rule cites the priority line that chose it."""

    figure: str


@dataclass(frozen=True, slots=True)
class StatusDamage(Event):
    """Bleed or Burn damage in upkeep: not resistible (kings-armory C2 Seventh)."""

    figure: str
    status: str
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class TurnLost(Event):
    """A Stun token spent: the rest of the foe's turn is lost (kings-armory C2 Stun)."""

    figure: str


@dataclass(frozen=True, slots=True)
class FoeMoved(Event):
    """Spaces walked along the route, the last one where it stops; `how` says why it
    stops there: "moved", "tanked", "bumped back", "bumped forward", "pushed", "gate", or
    "stays" when no space on its route is open to it."""

    figure: str
    path: tuple[str, ...]
    index: int
    how: str


@dataclass(frozen=True, slots=True)
class Tanked(Event):
    figure: str
    foe: str


@dataclass(frozen=True, slots=True)
class TankEnded(Event):
    figure: str
    foe: str


@dataclass(frozen=True, slots=True)
class Untanked(Event):
    """A tank let go at will in the Players' Round (kings-armory C1 Step 2)."""

    figure: str
    foe: str


@dataclass(frozen=True, slots=True)
class HoldSet(Event):
    figure: str
    hold: bool


@dataclass(frozen=True, slots=True)
class HitRolled(Event):
    """One roll to hit: natural d20 + bonus = total against the target's dodge;
    result "hit", "miss", "crit" or "fumble" (a natural 1); "auto" when no die is
    rolled (kings-armory C2 Third, Fifth; E Auto)."""

    attacker: str
    target: str
    natural: int
    bonus: int
    total: int
    dodge: int
    result: str


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage dealt, resisted and taken (kings-armory C2 Fourth)."""

    figure: str
    dealt: int
    kind: str
    resisted: int
    taken: int
    hp: int


@dataclass(frozen=True, slots=True)
class TokensChanged(Event):
    """A figure's status tokens after a change (kings-armory C2 Seventh)."""

    figure: str
    bleed: int
    burn: int
    slow: int
    stun: int
    bless: int


@dataclass(frozen=True, slots=True)
class Defeated(Event):
    """`how`: "hit points", "instakill", "destroyed", "removed", "castle" (it entered the Castle
    and the Armory's makers finished it) or "with its summoner"."""

    figure: str
    how: str


@dataclass(frozen=True, slots=True)
class GateDamaged(Event):
    by: str
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class ActionSpent(Event):
    """`action` names what the actions paid for (a movement, an attack's key, ...)."""

    figure: str
    action: str
    cost: int
    left: int


@dataclass(frozen=True, slots=True)
class AllyMoved(Event):
    """An Ally's step (or teleport); `steps` are the spaces its movement has left."""

    figure: str
    to: str
    steps: int
    on_tower: str
    tower: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    figure: str
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class Boosted(Event):
    """A lasting effect put on an Ally: `effect` "ward", "enchant", "tank-boost" or
    "aura", by `amount`, lasting "round" or "wave"."""

    figure: str
    effect: str
    amount: int
    lasts: str


@dataclass(frozen=True, slots=True)
class FoeSentBack(Event):
    """A foe moved back along its route by a Special Action (kings-armory E Teleport)."""

    figure: str
    to: str
    index: int


@dataclass(frozen=True, slots=True)
class GuardianSummoned(Event):
    figure: str
    seat: int
    space: str
    hp: int


@dataclass(frozen=True, slots=True)
class Foreseen(Event):
    """A foe of the next Wave revealed by Foresight: its d12 and its draw are made now
    and used when that Wave begins (kings-armory E Foresight)."""

    position: int
    key: str
    natural: int


@dataclass(frozen=True, slots=True)
class CardForeseen(Event):
    """Foresight turns the top card of the Reward, Equipment or Reinforcement deck face up: the
    next one the team gains from it (kings-armory E Foresight)."""

    deck: str
    card: str


@dataclass(frozen=True, slots=True)
class AllyTurnEnded(Event):
    figure: str


@dataclass(frozen=True, slots=True)
class SeatTurnBegan(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class WaveWon(Event):
    """Every foe of the Wave is defeated (kings-armory B4 1)."""

    wave: int


@dataclass(frozen=True, slots=True)
class AlliesRecovered(Event):
    """Between Waves, step 1 (kings-armory B5): every Ally heals its Heal Rate, KO'd
    Heroes stand up with that many hit points, every status and lasting effect ends
    (kings-armory C2 Affected Allies), and the Allies leave the board to recuperate at
    their Towers (B4 1) until they are placed anew (B5 Step 6)."""

    wave: int


@dataclass(frozen=True, slots=True)
class RewardsDrawn(Event):
    """Between Waves, step 2 (kings-armory B5): the Reward cards `wave` earned, from the top
    of the deck, face up; their `gold` is the team's, `total` its gold now."""

    wave: int
    cards: tuple[str, ...]
    gold: int
    total: int


@dataclass(frozen=True, slots=True)
class TowerBuilt(Event):
    """A Tower bought Between Waves (kings-armory B5 Step 3): `price` paid, the team's
    `gold` left. Every purchase and sale below says the same two numbers."""

    tower: str
    cells: tuple[str, ...]
    slots: int
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class TowerSold(Event):
    """`price` is what the sale brings in."""

    tower: str
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class Hired(Event):
    """A level 1 Hireable joins `seat`'s team, off the board until placed (kings-armory E
    Hireables)."""

    figure: str
    key: str
    seat: int
    level: int
    hp: int
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class Upgraded(Event):
    """A Hireable raised to `level`, healing `healed` to `hp` (kings-armory E Hireables)."""

    figure: str
    level: int
    healed: int
    hp: int
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class EquipmentUnlocked(Event):
    """`seat`'s starting Equipment card unlocked: the team's now (kings-armory B5 Step 3)."""

    card: str
    seat: int
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class EquipmentBought(Event):
    """The Equipment deck's top card, bought blind and shown to all: unlocked, the team's
    extra Equipment until a seat takes it (kings-armory B5 Step 3, E Equipment Cards)."""

    card: str
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class EquipmentSold(Event):
    """To the bottom of the Equipment deck (kings-armory B5 Step 4's note)."""

    card: str
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class ReinforcementBought(Event):
    """The Reinforcement deck's top card, bought blind, in the team's hand (kings-armory E
    Reinforcement Cards)."""

    card: str
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class ArmoryBought(Event):
    """The Armory card on offer, bought blind, in the team's hand; the Armory deck's next
    card is on offer now, face down (kings-armory E Armory Cards)."""

    card: str
    price: int
    gold: int


@dataclass(frozen=True, slots=True)
class Equipped(Event):
    """`hero` of `seat` wears `card`, now its seat's (kings-armory B5 Step 5)."""

    card: str
    hero: str
    seat: int


@dataclass(frozen=True, slots=True)
class Unequipped(Event):
    """`hero` takes `card` off; its hit points are `hp`, no more than its maximum without
    the card (kings-armory B5 Step 5)."""

    card: str
    hero: str
    hp: int


@dataclass(frozen=True, slots=True)
class TradeOffered(Event):
    """`seat` offers its `give` for `take`, which `to_seat` holds (kings-armory E Equipment
    Cards: nobody is forced to trade)."""

    seat: int
    give: str
    to_seat: int
    take: str


@dataclass(frozen=True, slots=True)
class EquipmentTraded(Event):
    """`seat`'s `give` goes to `other` (0: the team's extra Equipment) and `other`'s `take`
    to `seat`, one for one (kings-armory B5 Step 5)."""

    seat: int
    give: str
    other: int
    take: str


@dataclass(frozen=True, slots=True)
class HireableReassigned(Event):
    """`figure` is led by `seat` from now on (kings-armory B5 Step 6)."""

    figure: str
    seat: int


@dataclass(frozen=True, slots=True)
class ShoppingEnded(Event):
    """`seat` is done shopping this Between Waves phase (kings-armory B5 Step 7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShopClosed(Event):
    """Every seat is done shopping after `wave`: the Allies are placed anew, seat by seat
    (kings-armory B5 Step 6), and the next Wave starts when all are (Step 7)."""

    wave: int


@dataclass(frozen=True, slots=True)
class HireableReturned(Event):
    """A Hireable that sat out a Wave finds a hosting slot and rejoins the board for the
    next (kings-armory B5 Step 6), to be placed."""

    figure: str
    key: str
    seat: int
    level: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """`seat` plays the team's `card` of the `deck` ("reinforcement" or "armory"), which goes
    to the bottom of that deck (kings-armory B5 Step 4's note); `enhanced` when the card's
    Hero is in the game and adds its effects (E Reinforcement Cards). Its effects follow."""

    seat: int
    card: str
    deck: str
    enhanced: bool


@dataclass(frozen=True, slots=True)
class PlayMoment(Event):
    """`figure`'s turn has begun, and the team holds a card it may play: the Foes' Round
    waits until a seat plays one or lets the foe go on (RULES.md)."""

    figure: str


@dataclass(frozen=True, slots=True)
class LastingEffect(Event):
    """A card's effect on `figure` until `lasts` ends ("round": the next Players' Round,
    "wave"): "ward" adds `amount` to all three resistances, "slow" takes `amount` from the
    Move Rate with no Slow token (kings-armory C2 Slow's note); cards' effects stack."""

    figure: str
    effect: str
    amount: int
    lasts: str
    card: str


@dataclass(frozen=True, slots=True)
class AllySummoned(Event):
    """A figure a card brings onto the board for the rest of the Wave (kings-armory E
    Summoning): `kind` "hireable" (a Hireable of `key` at `level`) or "summoned" (a figure of
    the card's own), led by `seat`, on `space` (on the Tower `on_tower`), hosted by `tower`.
    It acts from the next Players' Round."""

    figure: str
    key: str
    kind: str
    seat: int
    level: int
    hp: int
    space: str
    tower: str
    on_tower: str
    card: str


@dataclass(frozen=True, slots=True)
class GateRepaired(Event):
    """The Castle Gate regains `amount` hit points, up to its maximum (kings-armory D2-3):
    `hp` now."""

    amount: int
    hp: int
    card: str


@dataclass(frozen=True, slots=True)
class CardRewards(Event):
    """`card` draws Reward `cards` from the top of the deck: their `gold` is the team's,
    `total` its gold now (kings-armory E Reward Cards)."""

    card: str
    cards: tuple[str, ...]
    gold: int
    total: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """`won`: every seat wins together; else every seat loses (kings-armory B9)."""

    won: bool
    reason: str
