"""Guardians commands and events.

Cards are named by instance ids "<seat>.<card key>#<copy>" ("1.re-swordsman#2"); a
card never changes owner. Zones are named per seat (state.py): "deck" (index 0 is
the top), "drawn", "pen", "storage", "discard", "up", "on:<space>", "under:<space>",
"upgrade:<space>", "tower:<space>", "shield:<shield card>", "terrain:<land>",
"facedown:<land>".
Spaces are a1..c4 (board.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Command, Event

# ---------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class Mulligan(Command):
    """Spend a Power Stone to shuffle the cards just drawn back and draw again
    (guardians DRAW AND ORGANIZE PHASE: only when none of them is a Shield)."""


@dataclass(frozen=True, slots=True)
class KeepUpCard(Command):
    """Tes let's choice before drawing: keep the Up card as the first card drawn, or
    discard it and draw from the deck (guardians THE TURN IS OVER)."""

    keep: bool


@dataclass(frozen=True, slots=True)
class Place(Command):
    """Put one card during Draw & Organize: `to` is "on:<space>" (a creature, a
    creature item or a Shield on a stronghold space of yours), "under:<space>" (a
    channeler under it), "upgrade:<space>" (beside your left or right stronghold)
    or "pen" (your Creature Pen) (guardians Place Creatures, Channelers, Other
    placement, Shields)."""

    card: str
    to: str


@dataclass(frozen=True, slots=True)
class FinishOrganizing(Command):
    """Commit your placement; cards still in hand go to the Creature Pen or the
    Storage Hand by their border (guardians Other placement)."""


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """Play a Spell, a Hand Magic Item, a bribery card or an upgrade's power from the
    Storage Hand when its timing allows; `target` names what it acts on (a card,
    a space or a seat number), as the card needs."""

    card: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Decline to act in a window where both seats may act in turn (bribery, spells,
    ranged attacks and channeling; the end of secondary attacks)."""


@dataclass(frozen=True, slots=True)
class TurnShield(Command):
    """Turn one of your unturned Shields (guardians Movement: every turn turns one)."""

    shield: str


@dataclass(frozen=True, slots=True)
class Step(Command):
    """Move the Shield you turned one space orthogonally, walking or flying
    (guardians Movement). Onto an enemy Shield it attacks, unless it flies `past`: a
    flying Shield with a step left may fly over an enemy Shield on a land."""

    to: str
    fly: bool = False
    past: bool = False


@dataclass(frozen=True, slots=True)
class PickUp(Command):
    """Take a creature from the stronghold space your moving Shield stands on into it
    (guardians Picking Up and Dropping Off Creatures)."""

    card: str


@dataclass(frozen=True, slots=True)
class DropOff(Command):
    """Leave a creature of your moving Shield on the stronghold space it stands on."""

    card: str


@dataclass(frozen=True, slots=True)
class Reinforce(Command):
    """Instead of moving: bring a creature from your strongholds to a turned Shield
    within its reach (guardians Reinforcing a Shield)."""

    card: str
    shield: str


@dataclass(frozen=True, slots=True)
class EndMove(Command):
    """Finish the action of the Shield you turned."""


@dataclass(frozen=True, slots=True)
class DeclareCommand(Command):
    """Say whether you will play a Command Card in this combat (guardians COMBAT:
    the attacker says first)."""

    play: bool


@dataclass(frozen=True, slots=True)
class ChooseCommand(Command):
    """Your Command Card, face down until both are chosen."""

    card: str


@dataclass(frozen=True, slots=True)
class PlayCreature(Command):
    """Lay a creature from your Combat Hand: a primary attacker (target "", face
    down until both are laid) or a secondary attacker on an enemy creature on the
    table (guardians PRIMARY ATTACKS, SECONDARY ATTACKS)."""

    card: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class PlayRanged(Command):
    """Fire a ranged attacker from your Combat Hand into the match-up (guardians Ranged Attacks)."""

    card: str


@dataclass(frozen=True, slots=True)
class Channel(Command):
    """Channel into your creature in the match-up: `source` is a channeler under one of
    your strongholds, or "guardian" to spend a Power Stone (guardians CHANNELING); `into`,
    if given, is a ranged attacker of yours fired in this match-up whose text lets it take
    channeling (max-channeling, when "fired": Grim Skull), whose attack it raises."""

    source: str
    into: str = ""


@dataclass(frozen=True, slots=True)
class Heal(Command):
    """After a won combat, a healer of yours restores a beaten creature (guardians HEALING)."""

    healer: str
    card: str


@dataclass(frozen=True, slots=True)
class Retreat(Command):
    """Move your beaten Shield one space back (guardians COMBAT RESOLUTION)."""

    to: str


@dataclass(frozen=True, slots=True)
class DestroyShield(Command):
    """Give up your beaten Shield and all under it (guardians COMBAT RESOLUTION)."""


@dataclass(frozen=True, slots=True)
class DiscardCard(Command):
    """Discard a creature from a Shield over its point limit after Shields merged."""

    card: str


@dataclass(frozen=True, slots=True)
class PlaceTerrain(Command):
    """Settle the land under your Shield: a Terrain card from your Creature Pen or
    Storage Hand, or (face_down) any card of them for one Power Stone (guardians
    TERRAIN SETTLEMENT PHASE)."""

    land: str
    card: str
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class DropCreature(Command):
    """Settle the land under your Shield by discarding a creature from it instead."""

    land: str
    card: str


@dataclass(frozen=True, slots=True)
class PutBack(Command):
    """Control Destiny: put one of the cards you are looking at back on your deck, under
    those put back on top before it (the first put back is the new top card), or at the
    bottom (guardians Text Box)."""

    card: str
    bottom: bool = False


@dataclass(frozen=True, slots=True)
class Assassinate(Command):
    """Assassin of Shadow: the Creature to take from the enemy's deck you are looking at
    (guardians Text Box)."""

    card: str


@dataclass(frozen=True, slots=True)
class TakeCard(Command):
    """A deck search (retrieval.py): the card of your deck you take, among those you are
    looking at."""

    card: str


@dataclass(frozen=True, slots=True)
class Teleport(Command):
    """Teleport Tower: on your movement turn, before you turn a Shield, the creature in
    your tower joins a turned Shield of yours within its limit (guardians Text Box)."""

    shield: str


@dataclass(frozen=True, slots=True)
class FireIdol(Command):
    """An upgrade fired instead of declaring a Command Card (fired-aoe: the Flame Cannon), in
    a combat on one of the two lands in front of it, for one Power Stone or more: its AOE,
    plus its per-extra-stone for each further stone (guardians Text Box, AOE attacks). The
    name is older than the reading: the Large Idol fired before 4.0.0 (RULES.md)."""

    stones: int


@dataclass(frozen=True, slots=True)
class ChangeSize(Command):
    """Male or Female Titan: change the size of your Titan face up on the table
    ("L", "M": -2 Vitality, "S": -4) (guardians Text Box)."""

    card: str
    size: str


@dataclass(frozen=True, slots=True)
class Redeem(Command):
    """Skeletal Minion: pay one Power Stone to return your Minion lost in this combat to
    your Storage Hand (guardians Text Box)."""

    card: str


@dataclass(frozen=True, slots=True)
class UseAbility(Command):
    """Use an activated ability of your card in play, paying its Power Stones (activated.py):
    `card` is the card (a card instance, or "guardian" for your Guardian), `target` what
    its effect names (a Command Card, a Spell answered)."""

    card: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answer the choice a card's text gives you now (choices.py): `option` is one of those
    offered; `card` names the card it takes where it takes one (a card of your Storage Hand
    to discard), else is blank."""

    option: str
    card: str = ""


# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class SeatSetUp(Event):
    """A seat's Guardian, stronghold and deck list name, and its Power Stones."""

    seat: int
    guardian: str
    stronghold: tuple[str, ...]
    deck: str
    stones: int


@dataclass(frozen=True, slots=True)
class DeckBuilt(Event):
    """A random pool deck (option `random:<seed>`, `option`) as its seed makes it, after its
    seat's SeatSetUp: `deck` is the deck list in the compact form, which as a deck option
    gives the same deck. Public, as every deck option is."""

    seat: int
    option: str
    deck: str


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    """The seat's deck in its new order, top first (seen by nobody until the end)."""

    seat: int
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """Cards of `seat` moved from one of its zones to another (appended: a card put
    on the deck goes to the bottom). `count` is len(cards), kept when a viewer may
    not see which cards moved. A Shield card placed in secret onto a stronghold space
    (reason "placed", `to_zone` "on:<space>") stands there, as with ShieldPlaced."""

    seat: int
    cards: tuple[str, ...]
    count: int
    from_zone: str
    to_zone: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """A phase of the turn begins (organize, movement, settlement)."""

    phase: str
    turn: int


@dataclass(frozen=True, slots=True)
class DrawCounted(Event):
    """How many cards a seat draws this turn and why (guardians THE TURN IS OVER)."""

    seat: int
    base: int
    lands: int
    low_up: int
    total: int


@dataclass(frozen=True, slots=True)
class StonesSpent(Event):
    seat: int
    count: int
    reason: str


@dataclass(frozen=True, slots=True)
class ShieldPlaced(Event):
    """A Shield card put face up on a stronghold space (`to_zone` "on:<space>", a zone
    name as in CardsMoved); the creatures on it go under it. Since 3.0.0 for alternating
    placement only: a Shield placed in secret is a CardsMoved like any placement."""

    seat: int
    shield: str
    to_zone: str
    openly: bool = False
    """Alternating placement: the other seat sees it at once (always, since 3.0.0)."""


@dataclass(frozen=True, slots=True)
class Committed(Event):
    """A seat's placement is final: `digest` is SHA-256 over its hidden layout and
    `salt` (the salt is seen by its seat only until the game ends), so the reveal
    can be checked against it (guardians Who Places First?)."""

    seat: int
    digest: str
    salt: str


@dataclass(frozen=True, slots=True)
class SpaceLayout:
    """What everybody sees of one space: its Shield and how many face-down cards
    lie on and under it."""

    space: str
    seat: int
    shield: str
    on: int
    under: int


@dataclass(frozen=True, slots=True)
class LayoutRevealed(Event):
    """Both placements, shown together once both seats have committed."""

    spaces: tuple[SpaceLayout, ...]


@dataclass(frozen=True, slots=True)
class PlacerChosen(Event):
    """Alternating placement: `seat` places next; `opens` marks the turn's first placer
    (a coin on the first turn, then the seats in turn) (guardians Who Places First?)."""

    seat: int
    opens: bool = False


@dataclass(frozen=True, slots=True)
class UpCardsCompared(Event):
    """Both Up cards are face up: `first` moves first, or 0 when they tie."""

    cards: tuple[str, ...]
    numbers: tuple[int, ...]
    first: int


@dataclass(frozen=True, slots=True)
class OpeningWindow(Event):
    """The Up cards are turned: before any Shield is, the seats may play the cards that
    take effect now, `actor` first, in turn until both pass (guardians Turn your Up card)."""

    actor: int


@dataclass(frozen=True, slots=True)
class ReactionWindow(Event):
    """`seat` just did what a card may answer (`when`: "enemy-ranged", it fired `source`
    into `into` for `amount`; "enemy-channels", `source` channeled `amount` into `into`):
    on its next move `actor` may answer it with a card of that timing (casting.py). Said
    after every such act, whatever `actor` holds, so that it tells nothing."""

    seat: int
    when: str
    source: str
    into: str
    amount: int
    actor: int


@dataclass(frozen=True, slots=True)
class TurnEffect(Event):
    """A card's effect that lasts for the turn: "curse" (target: a card name the enemy may
    not play), "barrier" (target: a space nobody moves into, out of or over), "slow"
    (target: the seat whose Shields move at most one space), "first" (target: the seat
    that moves first), "extra-step" (target: the moving Shield)."""

    seat: int
    source: str
    effect: str
    target: str


@dataclass(frozen=True, slots=True)
class DeckSeen(Event):
    """`seat` looks at cards of `owner`'s deck, top first (named to `seat` only): `look`
    says why (spells.py)."""

    seat: int
    owner: int
    look: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardPutBack(Event):
    """Control Destiny: a card looked at goes back on the deck (named to its seat only)."""

    seat: int
    card: str
    bottom: bool


@dataclass(frozen=True, slots=True)
class LookEnded(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """`seat` turns a Shield next (or nobody can: 0)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShieldTurned(Event):
    seat: int
    shield: str
    steps: int


@dataclass(frozen=True, slots=True)
class ShieldStepped(Event):
    """A Shield moved one space; a flying Shield shows what it carries (`revealed`)."""

    seat: int
    shield: str
    from_space: str
    to_space: str
    fly: bool
    revealed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveEnded(Event):
    seat: int
    shield: str


@dataclass(frozen=True, slots=True)
class CombatStarted(Event):
    """A Shield entered a space held by the enemy. `defender_zone` holds the defending
    creatures (a Shield, or the unshielded creatures on a stronghold space)."""

    space: str
    attacker: int
    defender: int
    attacker_shield: str
    defender_shield: str
    defender_zone: str
    came_from: str
    terrain: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CommandDeclared(Event):
    seat: int
    play: bool


@dataclass(frozen=True, slots=True)
class CommandChosen(Event):
    """A Command Card chosen face down (its name is seen by its seat only until both reveal)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CommandsRevealed(Event):
    """Both Command Cards face up; `dispelled` lists those that contradicted and lost
    on Up number (guardians COMBAT)."""

    cards: tuple[str, ...]
    dispelled: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EffectApplied(Event):
    """A card's ability took effect: `effect` names the ability, `cards` what it hit."""

    seat: int
    source: str
    effect: str
    amount: int = 0
    cards: tuple[str, ...] = ()
    note: str = ""


PAID_BONUS = "paid control-bonus"
"""EffectApplied's effect for a point its seat paid for in the control window (an activated
control-bonus): evolve keeps it among the side's boosts by the card, until control is counted."""


@dataclass(frozen=True, slots=True)
class StageBegan(Event):
    """A step of the combat begins; `actor` acts first in it (0: both at once)."""

    stage: str
    actor: int


@dataclass(frozen=True, slots=True)
class WindowMove(Event):
    """A seat acted (or passed) where seats take turns; `actor` is next."""

    seat: int
    passed: bool
    actor: int


@dataclass(frozen=True, slots=True)
class CardDispelled(Event):
    """Dispel Magic (`by`) negated `card` of `seat`'s, or undid the Dispel Magic that had
    negated it: each one turns whether the card stands."""

    seat: int
    card: str
    by: str


@dataclass(frozen=True, slots=True)
class AnswerOpened(Event):
    """`seat` played a Spell or Item (`card`, naming `target`): before it takes effect
    `actor`, the enemy, may dispel it (Dispel Magic) or pass."""

    seat: int
    card: str
    target: str
    actor: int


@dataclass(frozen=True, slots=True)
class AnswerClosed(Event):
    """`seat` passed: the Spell or Item answered takes effect if it `stands`."""

    seat: int
    card: str
    stands: bool


@dataclass(frozen=True, slots=True)
class CreatureChosen(Event):
    """A primary attacker laid face down (named to its seat only until both reveal)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CreatureDeclared(Event):
    """`seat` laid its creature face down first and says to the table `what` it is
    ("size", "type" or "class": `value`), as the enemy's card `source` asks
    (ability declare-first; reveals.py). Public: the card laid stays hidden."""

    seat: int
    source: str
    what: str
    value: str


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """`owner` shows `seat` its hidden `cards` (from `zone`), as `seat`'s card `source`
    asks (reveals.py); `total` is a sum it tells with them (Vitality), 0 if none. Named
    to `seat` and `owner` only: the others learn that cards were shown, and how many."""

    seat: int
    owner: int
    source: str
    zone: str
    cards: tuple[str, ...]
    count: int
    total: int


@dataclass(frozen=True, slots=True)
class ChoiceOffered(Event):
    """`source`'s text gives `seat` a choice among `options` (choices.py), public: the game
    waits for `seat`'s Choose."""

    seat: int
    source: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChoiceMade(Event):
    """`seat` chose `option` of the choice `source`'s text gave it (`card`: the card the
    option takes, blank if none); a choice with one option left is made so by the rules."""

    seat: int
    source: str
    option: str
    card: str


@dataclass(frozen=True, slots=True)
class CombatConceded(Event):
    """`seat` retreats from the combat by `source`'s text before it is fought out: the other
    seat wins it, and the combat ends as a lost one does (guardians COMBAT RESOLUTION)."""

    seat: int
    source: str


@dataclass(frozen=True, slots=True)
class IdolFired(Event):
    """An upgrade fired instead of a Command Card (FireIdol: `idol` is the upgrade); its AOE
    strikes with the Command Cards."""

    seat: int
    idol: str
    stones: int
    amount: int


@dataclass(frozen=True, slots=True)
class SizeChanged(Event):
    seat: int
    card: str
    size: str


@dataclass(frozen=True, slots=True)
class StrongholdRuined(Event):
    """A stronghold card of `seat` is rubble: it gives no bonus for the rest of the game."""

    seat: int
    card: str
    by: str


@dataclass(frozen=True, slots=True)
class MatchupRevealed(Event):
    """The two primary attackers face up (guardians PRIMARY ATTACKS)."""

    attacker_card: str
    defender_card: str


@dataclass(frozen=True, slots=True)
class CreatureStatus(Event):
    """A creature in combat changed status: "beaten", "destroyed", "bribed", "out"
    (out of play, methane), "table" (back in play), "hand" (back in its Combat Hand, off the
    table: returns-to-hand), "unchallenged" (pulled from its Combat Hand onto the table with no
    match-up opponent: pulls-unchallenged)."""

    seat: int
    card: str
    status: str
    by: str = ""


@dataclass(frozen=True, slots=True)
class RangedFired(Event):
    seat: int
    card: str
    into: str
    amount: int


@dataclass(frozen=True, slots=True)
class Channeled(Event):
    seat: int
    source: str
    into: str
    amount: int


@dataclass(frozen=True, slots=True)
class Term:
    """One part of a total: where it comes from and its value."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class MatchupResolved(Event):
    """A match-up's totals, term by term, and its outcome: "attacker", "defender" or
    "push"; `damage` is what each creature took (guardians IS IT OVER YET?)."""

    attacker_card: str
    defender_card: str
    attacker_terms: tuple[Term, ...]
    defender_terms: tuple[Term, ...]
    attacker_total: int
    defender_total: int
    outcome: str
    attacker_damage: int
    defender_damage: int


@dataclass(frozen=True, slots=True)
class SecondaryDeclared(Event):
    seat: int
    card: str
    target: str


@dataclass(frozen=True, slots=True)
class SecondaryResolved(Event):
    """A secondary attack: the target falls when the damage already done plus this
    attack's total exceeds its base Vitality (guardians SECONDARY ATTACKS)."""

    seat: int
    card: str
    target: str
    terms: tuple[Term, ...]
    total: int
    damage_before: int
    needed: int
    killed: bool


@dataclass(frozen=True, slots=True)
class CombatResolved(Event):
    """Total Vitality of what stays on each side; the defender holds on a tie
    (guardians COMBAT RESOLUTION)."""

    attacker_total: int
    defender_total: int
    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class Healed(Event):
    seat: int
    healer: str
    card: str


@dataclass(frozen=True, slots=True)
class ShieldRetreated(Event):
    seat: int
    shield: str
    from_space: str
    to_space: str


@dataclass(frozen=True, slots=True)
class ShieldMerged(Event):
    """A retreating Shield met another of its seat's: the retreating Shield card is
    discarded (it counts as destroyed) and its creatures join `into`."""

    seat: int
    shield: str
    into: str
    turned: bool


@dataclass(frozen=True, slots=True)
class ShieldDestroyed(Event):
    """A Shield is gone with everything under it; it counts toward the enemy's five."""

    seat: int
    shield: str
    reason: str


@dataclass(frozen=True, slots=True)
class ShieldAdvanced(Event):
    """The winning attacker takes the space it fought for."""

    seat: int
    shield: str
    to_space: str


@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    space: str


@dataclass(frozen=True, slots=True)
class GuardianAssaulted(Event):
    """A Shield reached an empty enemy stronghold space and struck the Guardian
    (tablerules' reading: RULES.md)."""

    seat: int
    shield: str
    space: str
    damage: int
    wounds: int


@dataclass(frozen=True, slots=True)
class TerrainPlaced(Event):
    seat: int
    land: str
    card: str
    face_down: bool


@dataclass(frozen=True, slots=True)
class LandSettled(Event):
    """A Shield's land needs no more settling (it has terrain, or a creature was given up)."""

    seat: int
    land: str


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    reason: str
    turn: int
