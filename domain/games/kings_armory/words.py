"""The King's Armory's events and commands in words (domain/kernel/words.py).

One labelling function for every figure and Tower a person reads, the same in
commands, events, views and status lines: a Hero by the first name on its card
("Valcor"), a Hireable or a foe by its kind's name and its number among the game's
figures of that kind ("Archer 1", "Orc Archer 2"), Felicity's Guardian, "Tower 1",
"Parapet 2". Ids say what they are (messages.py), so a label needs nothing but the id
and the game's public content. Spaces are named as the map names them ("f7": column
letter, row number, as the terminal's map shows); attacks and Special Actions by the
names on their owner's card ("Valcor's Royal Mace"). Figures are "it", as the rules
call them; seats by their players' names.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import MAPS, area_spaces, board_for, name, parse
from domain.games.kings_armory.content import (
    Attack,
    Special,
    armory_cards,
    bosses,
    equipment,
    foe_cards,
    heroes,
    hireables,
    monsters,
    reinforcements,
    rewards,
    summoned_figures,
)
from domain.games.kings_armory.state import (
    CAVE,
    FOE,
    FOES,
    GUARDIAN,
    HERO,
    HIREABLE,
    PLACING,
    PLAYERS,
    SHOPPING,
    SUMMONED,
)
from domain.games.kings_armory.state import TOWERS as PLACING_TOWERS
from domain.games.kings_armory.view import FigureView, GearView, KaView
from domain.kernel import Command, Event, Seats, counted, listed

GUARDIAN_LABEL = "Felicity's Guardian"
TOWERS = {"t": "Tower", "p": "Parapet"}
_NUMBERED = re.compile(r"(?P<key>[a-z0-9-]+)-(?P<number>[0-9]+)")
_TOWER = re.compile(r"(?P<kind>[tp])(?P<number>[0-9]+)")
_EARLIER_FOE = re.compile(r"m(?P<number>[0-9]+)")
"""A foe's id before 0.2.0 ("m7", the game's seventh foe): its kind is in the state only."""


def kind_of(figure: str) -> tuple[str, str, int]:
    """(kind, content key, number) of a figure id: ("foe", "orc-archer", 2) for
    "orc-archer-2", ("hero", "valcor", 0); kind "" for an id this game does not make."""
    if figure in heroes():
        return HERO, figure, 0
    if figure == GUARDIAN:
        return GUARDIAN, GUARDIAN, 0
    found = _NUMBERED.fullmatch(figure)
    if found is not None:
        key, number = found["key"], int(found["number"])
        if key in foe_cards():
            return FOE, key, number
        if key in hireables():
            return HIREABLE, key, number
        if key in summoned_figures():
            return SUMMONED, key, number
    earlier = _EARLIER_FOE.fullmatch(figure)
    if earlier is not None:
        return FOE, "", int(earlier["number"])
    return "", figure, 0


def label(figure: str) -> str:
    """A figure or a Tower as a person reads it: "Valcor", "Archer 1", "Orc Archer 2",
    "Felicity's Guardian", "Tower 1", "Parapet 2"."""
    tower = _TOWER.fullmatch(figure)
    if tower is not None:
        return f"{TOWERS[tower['kind']]} {tower['number']}"
    kind, key, number = kind_of(figure)
    if kind == HERO:
        return heroes()[key].name.split(" the ")[0]
    if kind == GUARDIAN:
        return GUARDIAN_LABEL
    if kind == HIREABLE:
        return f"{hireables()[key].name} {number}"
    if kind == SUMMONED:
        return f"{summoned_figures()[key].name} {number}"
    if kind == FOE:
        return f"{foe_cards()[key].name} {number}" if key else f"Foe {number}"
    if figure in reinforcements() or figure in armory_cards():
        return card_label(figure)  # a card's own attack strikes (a card has no figure)
    return figure or "nobody"


def _of(figure: str) -> str:
    """The possessive: "Valcor's"."""
    return f"{label(figure)}'s"


def _card_attacks(figure: str) -> tuple[Attack, ...]:
    kind, key, _ = kind_of(figure)
    if kind == HERO:
        return heroes()[key].attacks
    if kind == HIREABLE:
        return hireables()[key].attacks
    if kind == SUMMONED:
        return summoned_figures()[key].attacks
    if kind == FOE and key in bosses():
        return bosses()[key].attacks
    if kind == FOE and key:
        return (monsters()[key].attack,)
    return ()


def _card_specials(figure: str) -> tuple[Special, ...]:
    kind, key, _ = kind_of(figure)
    if kind == HERO:
        return heroes()[key].specials
    if kind == HIREABLE:
        return hireables()[key].specials
    return ()


def _plain(key: str) -> str:
    """A key no card names, in words: "royal-mace" -> "Royal Mace"."""
    return key.replace("-", " ").title()


def attack_label(figure: str, attack: str) -> str:
    """An attack by the name on its owner's card: "Royal Mace"."""
    found = next((a for a in _card_attacks(figure) if a.key == attack), None)
    return found.name if found is not None else _plain(attack)


def special_label(figure: str, special: str) -> str:
    """A Special Action by the name on its owner's card: "Mending Light"."""
    found = _special(figure, special)
    return found.name if found is not None else _plain(special)


def _special(figure: str, special: str) -> Special | None:
    return next((s for s in _card_specials(figure) if s.key == special), None)


def _map(board: str) -> str:
    """A built-in map by its title ("the Hard Split Route"), a custom one by its name."""
    if board in MAPS:
        return f"the {board_for(board).title}"
    return f"the map {board.replace('-', ' ').replace('_', ' ')}"


def _entrance(entrance: str) -> str:
    return "the Cave" if entrance == CAVE else "the Monster Entrance"


def _hp(hp: int) -> str:
    return f"{counted(hp, 'hit point')} left" if hp else "no hit points left"


def _a(words: str) -> str:
    """With its indefinite article: "an Orc Archer"."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


# ---------------------------------------------------------------- events


def _set_up(e: m.GameSetUp, s: Seats) -> str:
    towers = f", with {counted(e.towers, 'starting Tower')} to place" if e.towers else ""
    return (f"A team of {counted(e.seats, 'seat')} defends the Castle Gate ({counted(e.gate, 'hit point')}) "
            f"on {_map(e.map)} through {counted(e.waves, 'Wave')}{towers}.")


DECK_NAMES = {"reward": "Reward", "equipment": "Equipment", "reinforcement": "Reinforcement", "armory": "Armory"}


def card_label(card: str) -> str:
    """A card by the name printed on it: "Tower Shield", "100 Gold", "Call to Arms"."""
    for cards in (equipment(), rewards(), reinforcements(), armory_cards()):
        if card in cards:
            return cards[card].name
    return _plain(card)


def _cards(cards: tuple[str, ...]) -> str:
    return listed([card_label(card) for card in cards], "no cards")


def _shuffled(e: m.DeckShuffled, s: Seats) -> str:
    deck = f"the {DECK_NAMES.get(e.deck, _plain(e.deck))} deck ({counted(e.cards, 'card')})"
    if e.reason == "make change":
        return f"The team keeps its gold as it is, and the Reward cards go back into {deck}, which is shuffled."
    offer = "; its top card lies face down, on offer" if e.deck == "armory" else ""
    return f"{deck[0].upper()}{deck[1:]} is shuffled{offer}."


def _dealt(e: m.EquipmentDealt, s: Seats) -> str:
    return (f"{s(e.seat)} takes {_cards(e.cards)} from the Equipment deck: locked, on offer for the team to "
            "unlock.")


def _joined(e: m.AllyJoined, s: Seats) -> str:
    level = f" (level {e.level})" if e.kind == HIREABLE else ""
    return f"{label(e.figure)}{level} joins {s.of(e.seat)} team with {counted(e.hp, 'hit point')}."


def _sat_out(e: m.HireableSatOut, s: Seats) -> str:
    return (f"{s.of(e.seat)} {label(e.figure)} (level {e.level}) sits out the coming Wave: the Towers and Parapets "
            "have no hosting slot left for it.")


def _tower(e: m.TowerPlaced, s: Seats) -> str:
    if len(e.cells) == 1:
        return f"{label(e.tower)} stands at {e.cells[0]}; it hosts {counted(e.slots, 'Ally', 'Allies')}."
    return (f"{label(e.tower)} is placed on {listed(list(e.cells))}; it hosts up to "
            f"{counted(e.slots, 'Ally', 'Allies')}.")


def _placed(e: m.AllyPlaced, s: Seats) -> str:
    if e.on_tower:
        return f"{label(e.figure)} is placed at {e.space}, on {label(e.on_tower)}."
    hosted = f", hosted by {label(e.tower)}" if e.tower else ""
    return f"{label(e.figure)} is placed at {e.space}{hosted}."


def _wave(e: m.WaveBegan, s: Seats) -> str:
    later = e.foes - e.now
    when = f": {e.now} now and {later} in the second Foes' Round" if later else ""
    modifier = f"; each foe's d12 gets {_signed(e.roll_modifier)}" if e.roll_modifier else ""
    return f"Wave {e.wave} begins with {counted(e.foes, 'foe')}{when}{modifier}."


def _round(e: m.RoundBegan, s: Seats) -> str:
    return f"{'Foes' if e.side == 'foes' else 'Players'}' Round {e.round} begins."


def _foe_rolled(e: m.FoeRolled, s: Seats) -> str:
    roll = f"{e.natural} {_signed(e.modifier)} = {e.net}" if e.modifier else str(e.natural)
    which = f"a level {e.level} foe on the {e.lane} lane at {_entrance(e.entrance)}"
    if e.foreseen:
        return f"The d12 Foresight rolled ahead comes due, {roll}: {which}."
    return f"The d12 for the next foe rolls {roll}: {which}."


def _entered(e: m.FoeEntered, s: Seats) -> str:
    _, key, _ = kind_of(e.figure)
    # A foe of a 0.1.0 log is "Foe 7"; its entry alone says what it is.
    kind = f", {_a(monsters()[e.key].name)}," if not key and e.key in monsters() else ""
    return (f"{label(e.figure)}{kind} enters at {_entrance(e.entrance)} ({e.space}) on the {e.lane} lane, following "
            f"the {e.color} arrows, with {counted(e.hp, 'hit point')}.")


def _boss_entered(e: m.BossEntered, s: Seats) -> str:
    rolls = [f"a d12 of {e.side_roll} for its side" if e.side_roll else "",
             f"a d12 of {e.entrance_roll} for its entrance" if e.entrance_roll else ""]
    rolled = f" ({listed([roll for roll in rolls if roll])})" if any(rolls) else ""
    return (f"The Boss arrives: {label(e.figure)} enters at {_entrance(e.entrance)} ({e.space}) on the {e.lane} "
            f"lane{rolled}, following the {e.color} arrows, with {counted(e.hp, 'hit point')}.")


def _appeared(e: m.FoeAppeared, s: Seats) -> str:
    return (f"{label(e.figure)} drops from {label(e.by)} onto {e.space}, with {counted(e.hp, 'hit point')}.")


def _tie(e: m.TieRolled, s: Seats) -> str:
    rolls = listed([f"{label(figure)} rolls {roll}" for figure, roll in zip(e.between, e.rolls, strict=False)])
    outcome = f"{label(e.chosen)} is chosen" if e.chosen else "still a tie, so the highest roll again"
    return f"A d20 breaks a tie: {rolls}; {outcome}."


def _status_damage(e: m.StatusDamage, s: Seats) -> str:
    return f"{e.status.capitalize()} deals {e.amount} damage to {label(e.figure)}: {_hp(e.hp)}."


def _foe_moved(e: m.FoeMoved, s: Seats) -> str:
    foe = label(e.figure)
    if not e.path:
        return f"{foe} is held by its tank and does not move." if e.how == "tanked" else f"{foe} does not move."
    last = e.path[-1]
    walked = f"{foe} moves {counted(len(e.path), 'space')} to {last}"
    if e.how == "tanked":
        return f"{walked}, where a tank stops it."
    if e.how == "pushed":
        return f"{foe} is pushed on to {last}."
    if e.how == "gate":
        return f"{walked}, at the Castle Gate."
    if e.how in ("bumped back", "bumped forward") and len(e.path) >= 2:
        taken, way = e.path[-2], "back" if e.how == "bumped back" else "forward past the line"
        return f"{foe} moves to {taken}, finds it taken and bumps {way} to {last}."
    if e.how == "stays":
        return f"{foe} finds no open space ahead and stays at {last}."
    return f"{walked}."


def _hit(e: m.HitRolled, s: Seats) -> str:
    who, whom = label(e.attacker), label(e.target)
    against = f"{e.natural} {_signed(e.bonus)} = {e.total} against Dodge {e.dodge}"
    if e.result == "auto":
        return f"{who} hits {whom} with no roll (an automatic attack)."
    if e.result == "fumble":
        return f"{who} misses {whom}: a natural 1 always misses."
    if e.result == "crit":
        return f"{who} hits {whom}: a natural {e.natural}, a critical hit ({against})."
    return f"{who} {'hits' if e.result == 'hit' else 'misses'} {whom}: {against}."


def _damaged(e: m.Damaged, s: Seats) -> str:
    whom = label(e.figure)
    if not e.taken:
        return f"{whom} is immune to {e.kind}: {e.dealt} damage does nothing."
    resisted = f" ({e.dealt} less {e.resisted} resisted)" if e.resisted else ""
    return f"{whom} takes {e.taken} {e.kind} damage{resisted}: {_hp(e.hp)}."


TOKENS = ("bleed", "burn", "slow", "stun", "bless")


def _tokens(e: m.TokensChanged, s: Seats) -> str:
    held = [f"{getattr(e, token)} {token.capitalize()}" for token in TOKENS if getattr(e, token)]
    return f"{label(e.figure)} now carries {listed(held, 'no status tokens')}."


DEFEATS = {
    "instakill": "is slain outright by the critical hit (Instakill)",
    "destroyed": "is destroyed by the critical hit",
    "removed": "is removed from the board",
    "castle": "goes into the Castle and is finished there",
}


def _defeated(e: m.Defeated, s: Seats) -> str:
    kind, _, _ = kind_of(e.figure)
    if e.how == "with its summoner":
        return f"{GUARDIAN_LABEL} leaves the board with Felicity."
    if e.how in DEFEATS:
        return f"{label(e.figure)} {DEFEATS[e.how]}."
    if kind == HERO:
        return f"{label(e.figure)} is knocked out and lies where it fell until the Wave ends."
    return f"{label(e.figure)} is defeated and leaves the board."


ACTIONS = {"move": "to move", "enter tower": "to climb onto a Tower", "exit tower": "to climb down from its Tower"}


def _spent(e: m.ActionSpent, s: Seats) -> str:
    kind, _, key = e.action.partition(":")
    if kind == "attack":
        what = f"on {attack_label(e.figure, key)}"
    elif kind == "attack on the immune":
        what = f"on {attack_label(e.figure, key)}, against foes immune to it"
    elif kind == "special":
        what = f"on {special_label(e.figure, key)}"
    else:
        what = ACTIONS.get(e.action, f"on {e.action}")
    return f"{label(e.figure)} spends {counted(e.cost, 'action')} {what} ({e.left} left)."


def _ally_moved(e: m.AllyMoved, s: Seats) -> str:
    if e.on_tower:
        return f"{label(e.figure)} is now on {label(e.on_tower)}, at {e.to}."
    steps = f" ({counted(e.steps, 'step')} left in this movement)" if e.steps else ""
    return f"{label(e.figure)} moves to {e.to}{steps}."


def _healed(e: m.Healed, s: Seats) -> str:
    return f"{label(e.figure)} heals {counted(e.amount, 'hit point')}, up to {e.hp}."


LASTS = {"round": "until the next Players' Round", "wave": "until the Wave ends"}


def _boosted(e: m.Boosted, s: Seats) -> str:
    lasts = LASTS.get(e.lasts, f"for the {e.lasts}")
    who = label(e.figure)
    if e.effect == "ward":
        return f"{who} gets {_signed(e.amount)} to every resistance {lasts}."
    if e.effect == "enchant":
        return f"{who} gets {_signed(e.amount)} damage on every attack {lasts}."
    if e.effect == "tank-boost":
        return f"{who} may tank {counted(e.amount, 'more foe')}, from up to 2 spaces away, {lasts}."
    return (f"{who} turns on a Healing Aura {lasts}: the Allies near it regain "
            f"{counted(e.amount, 'hit point')} at each Players' Round.")


def _summoned(e: m.GuardianSummoned, s: Seats) -> str:
    return f"{s.of(e.seat)} Felicity summons her Guardian at {e.space}, with {counted(e.hp, 'hit point')}."


def _foreseen(e: m.Foreseen, s: Seats) -> str:
    foe = monsters()[e.key].name if e.key in monsters() else _plain(e.key)
    return (f"Foresight reveals foe {e.position} of the next Wave: {_a(foe)}, its d12 already rolled "
            f"({e.natural}).")


def _rewards(e: m.RewardsDrawn, s: Seats) -> str:
    if not e.cards:
        return f"Wave {e.wave} earns no Reward cards: the team has {e.total} gold."
    return (f"Wave {e.wave} earns {counted(len(e.cards), 'Reward card')}, {_cards(e.cards)}: {e.gold} gold, "
            f"and the team has {e.total} gold.")


def _left(gold: int) -> str:
    return f"the team has {gold} gold left"


def _built(e: m.TowerBuilt, s: Seats) -> str:
    return (f"The team builds {label(e.tower)} on {listed(list(e.cells))} for {e.price} gold; it hosts up to "
            f"{counted(e.slots, 'Ally', 'Allies')}, and {_left(e.gold)}.")


def _hired(e: m.Hired, s: Seats) -> str:
    return (f"The team hires {label(e.figure)} (level {e.level}, {counted(e.hp, 'hit point')}) for {e.price} gold, "
            f"led by {s(e.seat)}; {_left(e.gold)}.")


def _upgraded(e: m.Upgraded, s: Seats) -> str:
    healed = f" and heals {counted(e.healed, 'hit point')}, up to {e.hp}" if e.healed else ""
    return f"{label(e.figure)} rises to level {e.level} for {e.price} gold{healed}; {_left(e.gold)}."


def _bought(what: str, card: str, price: int, gold: int, after: str = "") -> str:
    return f"The team buys {what}, blind: {card_label(card)}, for {price} gold{after}; {_left(gold)}."


def _traded(e: m.EquipmentTraded, s: Seats) -> str:
    other = s(e.other) if e.other else "the team's extra Equipment"
    return f"{s(e.seat)} trades {card_label(e.give)} for {card_label(e.take)} from {other}."


def _returned(e: m.HireableReturned, s: Seats) -> str:
    return f"{s.of(e.seat)} {label(e.figure)} (level {e.level}) has a hosting slot again and rejoins the team."


def _card_played(e: m.CardPlayed, s: Seats) -> str:
    card = reinforcements().get(e.card)
    stronger = ""
    if e.enhanced and card is not None and card.hero is not None:
        stronger = f" (with {label(card.hero)} in the game, to more effect)"
    return (f"{s(e.seat)} plays {card_label(e.card)}{stronger}; the card goes to the bottom of the "
            f"{DECK_NAMES.get(e.deck, _plain(e.deck))} deck.")


def _lasting(e: m.LastingEffect, s: Seats) -> str:
    lasts = LASTS.get(e.lasts, f"for the {e.lasts}")
    if e.effect == "ward":
        return f"{card_label(e.card)} gives {label(e.figure)} {_signed(e.amount)} to every resistance {lasts}."
    return f"{card_label(e.card)} slows {label(e.figure)}: its Move Rate is {e.amount} less {lasts}."


def _ally_summoned(e: m.AllySummoned, s: Seats) -> str:
    level = f" (level {e.level})" if e.kind == HIREABLE else ""
    where = f"on {label(e.on_tower)}, at {e.space}" if e.on_tower else f"at {e.space}"
    hosted = f", hosted by {label(e.tower)}" if e.tower and not e.on_tower else ""
    return (f"{card_label(e.card)} brings {label(e.figure)}{level} {where}{hosted}, with "
            f"{counted(e.hp, 'hit point')}, to fight for {s(e.seat)} until the Wave ends.")


def _over(e: m.GameOver, s: Seats) -> str:
    return f"The team {'wins' if e.won else 'loses'}: {e.reason}."


EVENTS: dict[type[Event], Callable[[Any, Seats], str]] = {
    m.GameSetUp: _set_up,
    m.DeckShuffled: _shuffled,
    m.EquipmentDealt: _dealt,
    m.AllyJoined: _joined,
    m.HireableSatOut: _sat_out,
    m.TowerPlaced: _tower,
    m.AllyPlaced: _placed,
    m.WaveBegan: _wave,
    m.RoundBegan: _round,
    m.FoeRolled: _foe_rolled,
    m.FoeEntered: _entered,
    m.TieRolled: _tie,
    m.BossEntered: _boss_entered,
    m.FoeAppeared: _appeared,
    m.FoeTurnBegan: lambda e, s: f"{label(e.figure)} takes its turn.",
    m.StatusDamage: _status_damage,
    m.TurnLost: lambda e, s: f"{label(e.figure)} is stunned and loses its turn.",
    m.FoeMoved: _foe_moved,
    m.Tanked: lambda e, s: f"{label(e.figure)} tanks {label(e.foe)}.",
    m.TankEnded: lambda e, s: f"{_of(e.figure)} tank on {label(e.foe)} ends.",
    m.Untanked: lambda e, s: f"{label(e.figure)} lets {label(e.foe)} go.",
    m.HoldSet: lambda e, s: (f"{label(e.figure)} will tank foes that come within reach in the Foes' Round."
                             if e.hold else f"{label(e.figure)} no longer holds to tank foes that come."),
    m.HitRolled: _hit,
    m.Damaged: _damaged,
    m.TokensChanged: _tokens,
    m.Defeated: _defeated,
    m.GateDamaged: lambda e, s: f"{label(e.by)} deals {e.amount} damage to the Castle Gate: {_hp(e.hp)}.",
    m.ActionSpent: _spent,
    m.AllyMoved: _ally_moved,
    m.Healed: _healed,
    m.Boosted: _boosted,
    m.FoeSentBack: lambda e, s: f"{label(e.figure)} is sent back along its route to {e.to}.",
    m.GuardianSummoned: _summoned,
    m.Foreseen: _foreseen,
    m.AllyTurnEnded: lambda e, s: f"{_of(e.figure)} turn ends.",
    m.SeatTurnBegan: lambda e, s: f"It is {s.of(e.seat)} turn.",
    m.WaveWon: lambda e, s: f"Wave {e.wave} is won: every foe in it is defeated.",
    m.AlliesRecovered: lambda e, s: (f"After Wave {e.wave} every Ally heals its Heal Rate, Heroes knocked out "
                                     "stand up again, every status token and lasting effect ends, and the Allies "
                                     "leave the board to recuperate at their Towers."),
    m.RewardsDrawn: _rewards,
    m.TowerBuilt: _built,
    m.TowerSold: lambda e, s: f"The team sells {label(e.tower)} for {e.price} gold: it has {e.gold} gold now.",
    m.Hired: _hired,
    m.Upgraded: _upgraded,
    m.EquipmentUnlocked: lambda e, s: (f"The team unlocks {card_label(e.card)}, on offer to {s(e.seat)}, for "
                                       f"{e.price} gold; {_left(e.gold)}."),
    m.EquipmentBought: lambda e, s: _bought("new Equipment", e.card, e.price, e.gold,
                                            ", unlocked, extra Equipment until a seat takes it"),
    m.EquipmentSold: lambda e, s: (f"The team sells {card_label(e.card)} for {e.price} gold, and it goes to the "
                                   f"bottom of the Equipment deck: the team has {e.gold} gold now."),
    m.ReinforcementBought: lambda e, s: _bought("a Reinforcement card", e.card, e.price, e.gold),
    m.ArmoryBought: lambda e, s: _bought("the Armory card on offer", e.card, e.price, e.gold),
    m.Equipped: lambda e, s: f"{label(e.hero)} puts on {card_label(e.card)}.",
    m.Unequipped: lambda e, s: f"{label(e.hero)} takes off {card_label(e.card)}, with {counted(e.hp, 'hit point')}.",
    m.TradeOffered: lambda e, s: (f"{s(e.seat)} offers {card_label(e.give)} to {s(e.to_seat)} for "
                                  f"{card_label(e.take)}."),
    m.EquipmentTraded: _traded,
    m.HireableReassigned: lambda e, s: f"{label(e.figure)} is led by {s(e.seat)} from now on.",
    m.ShoppingEnded: lambda e, s: f"{s(e.seat)} is done shopping.",
    m.ShopClosed: lambda e, s: (f"Every seat is done shopping after Wave {e.wave}: the Allies are placed anew, "
                                "seat by seat, on or near the Towers."),
    m.HireableReturned: _returned,
    m.CardPlayed: _card_played,
    m.CardForeseen: lambda e, s: (f"Foresight turns the top card of the {DECK_NAMES.get(e.deck, _plain(e.deck))} "
                                  f"deck face up: {card_label(e.card)}, the next one the team gains from it."),
    m.PlayMoment: lambda e, s: (f"{_of(e.figure)} turn waits: the team may play a card before it goes on."),
    m.LastingEffect: _lasting,
    m.AllySummoned: _ally_summoned,
    m.GateRepaired: lambda e, s: (f"{card_label(e.card)} repairs the Castle Gate by "
                                  f"{counted(e.amount, 'hit point')}: {counted(e.hp, 'hit point')} now."),
    m.CardRewards: lambda e, s: (f"{card_label(e.card)} draws {counted(len(e.cards), 'Reward card')}, "
                                 f"{_cards(e.cards)}: {e.gold} gold, and the team has {e.total} gold."),
    m.GameOver: _over,
}


# ---------------------------------------------------------------- commands


def _area(at: str, area: tuple[int, int] | None) -> str:
    """An area aimed at its top-left space: "the area f5 to h7"."""
    if area is None:
        return at
    width, length = area
    try:
        cells = area_spaces(parse(at), length, width)
    except ValueError:
        return at
    return f"the area {at} to {name(cells[-1])}"


DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _aim(target: str, at: str, direction: str, area: tuple[int, int] | None) -> str:
    """What an attack or a Special is aimed at, as words after its verb: "Orc Archer 2",
    "the area f5 to h7", "in a line to the north"; "" when it is aimed at nothing."""
    if direction:
        return f"in a line to the {DIRECTIONS.get(direction, direction)}"
    if at and not target:
        return _area(at, area)
    return label(target) if target else ""


def _attack_command(c: m.Attack, s: Seats) -> str:
    profile = next((a for a in _card_attacks(c.figure) if a.key == c.attack), None)
    aim = _aim(c.target, c.at, c.direction, profile.area if profile else None)
    return f"Attack {aim + ' ' if aim else ''}with {_of(c.figure)} {attack_label(c.figure, c.attack)}."


def _special_command(c: m.UseSpecial, s: Seats) -> str:
    special = _special(c.figure, c.special)
    use = f"Use {_of(c.figure)} {special_label(c.figure, c.special)}"
    kind = special.kind if special is not None else ""
    if kind == "teleport-ally":
        return f"{use}: move {label(c.target or c.figure)} to {c.at}."
    if kind == "teleport-foe":
        return f"{use}: send {label(c.target)} back to {c.at}."
    if kind == "summon-guardian":
        return f"{use}: call the Guardian to {c.at}."
    if kind == "foresight" and c.target:
        return f"{use}: turn the top card of the {DECK_NAMES.get(c.target, _plain(c.target))} deck face up."
    if kind == "foresight":
        return f"{use}: reveal a foe of the next Wave now."
    area = special.attack.area if special is not None and special.attack is not None else (
        special.area if special is not None else None)
    aim = _aim(c.target, c.at, c.direction, area)
    if not aim:
        return f"{use}."
    return f"{use} {aim}." if c.direction else f"{use} on {aim}."


def _block(at: str) -> str:
    """A Tower's four spaces from its top-left one: "f5, g5, f6 and g6"."""
    try:
        return listed([name(cell) for cell in area_spaces(parse(at), 2, 2)])
    except ValueError:
        return at


def _hire_command(c: m.Hire, s: Seats) -> str:
    card = hireables().get(c.hireable)
    if card is None:
        return f"Hire a {_plain(c.hireable)} for {s(c.controller)}."
    return f"Hire a level 1 {card.name} for {s(c.controller)} to lead ({card.levels[0].cost} gold)."


def _equipment_command(verb: str, card: str, price: str, sale: bool = False) -> str:
    """"Unlock Tower Shield (150 gold)."; the price left out for a card this game does not have."""
    found = equipment().get(card)
    if found is None:
        return f"{verb} {card_label(card)}."
    return f"{verb} {card_label(card)} ({'for ' if sale else ''}{getattr(found, price)} gold)."


def _place_tower(c: m.PlaceTower, s: Seats) -> str:
    return f"Place a starting Tower on {_block(c.at)}."


def _step(c: m.Step, s: Seats) -> str:
    kind, key, _ = kind_of(c.figure)
    teleports = kind == HERO and heroes()[key].stats.teleport  # kings-armory E Teleport: Boleslaw
    return f"{'Teleport' if teleports else 'Step'} {label(c.figure)} to {c.to}."


def _play_command(c: m.PlayCard, s: Seats) -> str:
    aims = [f"aimed at {label(c.target)}" if c.target else "", f"for {label(c.ally)}" if c.ally else "",
            f"its figures coming at {c.at} and beside it" if c.at else ""]
    told = ", ".join(aim for aim in aims if aim)
    return f"Play {card_label(c.card)}{', ' + told if told else ''}."


COMMANDS: dict[type[Command], Callable[[Any, Seats], str]] = {
    m.PlaceTower: _place_tower,
    m.PlaceAlly: lambda c, s: f"Place {label(c.figure)} at {c.at}.",
    m.Step: _step,
    m.EnterTower: lambda c, s: f"Send {label(c.figure)} up onto the Tower at {c.to} (1 action).",
    m.ExitTower: lambda c, s: f"Bring {label(c.figure)} down from its Tower to {c.to} (1 action).",
    m.Attack: _attack_command,
    m.UseSpecial: _special_command,
    m.Tank: lambda c, s: f"Tank {label(c.foe)} with {label(c.figure)}.",
    m.Untank: lambda c, s: f"Let {label(c.foe)} go from {_of(c.figure)} tank.",
    m.EndAlly: lambda c, s: (f"End {_of(c.figure)} turn, holding to tank foes that come within reach."
                             if c.hold else f"End {_of(c.figure)} turn."),
    m.EndTurn: lambda c, s: "End your turn: your Allies that have not acted give up theirs.",
    m.BuildTower: lambda c, s: f"Build a Tower on {_block(c.at)} (100 gold).",
    m.SellTower: lambda c, s: f"Sell {label(c.tower)} (for 50 gold).",
    m.Hire: _hire_command,
    m.Upgrade: lambda c, s: f"Raise {label(c.figure)} one level, at the cost on its Stat Card.",
    m.UnlockEquipment: lambda c, s: _equipment_command("Unlock", c.card, "unlock"),
    m.BuyEquipment: lambda c, s: "Buy the top card of the Equipment deck, blind.",
    m.SellEquipment: lambda c, s: _equipment_command("Sell", c.card, "sell", sale=True),
    m.BuyReinforcement: lambda c, s: "Buy the top card of the Reinforcement deck, blind.",
    m.BuyArmory: lambda c, s: "Buy the Armory card on offer, blind.",
    m.Equip: lambda c, s: f"Put {card_label(c.card)} on {label(c.hero)}.",
    m.Unequip: lambda c, s: f"Take {card_label(c.card)} off its wearer.",
    m.Trade: lambda c, s: f"Trade {card_label(c.give)} for {card_label(c.take)}, one for one.",
    m.Reassign: lambda c, s: f"Hand {label(c.figure)} to {s(c.to_seat)} to lead.",
    m.EndShopping: lambda c, s: "Say you are done shopping: when every seat is, the Allies are placed anew.",
    m.PlayCard: _play_command,
    m.LetFoeAct: lambda c, s: "Play no card now: the foe goes on with its turn.",
}


# ---------------------------------------------------------------- the glance

WIDTH = 100
"""A glance's lines are wrapped at this width, so that its line count is what a terminal shows."""
GUTTER = "  "
"""Between the map and the list of figures beside it."""


def _wrapped(text: str, width: int = WIDTH, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)


def _head(view: KaView, s: Seats) -> str:
    gate = f"Castle Gate {view.gate}/{view.gate_max} hp"
    if view.finished:
        return f"Game over: the team {'wins' if view.won else 'loses'}: {view.result}. {gate}."
    if view.phase == PLACING_TOWERS:
        return (f"Setting up on {_map(view.board)}: {s(view.seat)} places a starting Tower "
                f"({view.towers_left} to place).")
    if view.phase == PLACING and view.wave:
        return (f"Between Waves {view.wave} and {view.wave + 1}: {s(view.seat)} places their Allies anew. "
                f"{gate}.")
    if view.phase == PLACING:
        return f"Setting up on {_map(view.board)}: {s(view.seat)} places their Allies."
    if view.phase == SHOPPING:
        done = f"; done: {listed([s(seat) for seat in view.shopped])}" if view.shopped else ""
        return (f"Between Waves {view.wave} and {view.wave + 1}: the team has {view.gold} gold to spend{done}. "
                f"{gate}.")
    coming = f"; {counted(view.to_enter, 'foe')} still to enter" if view.to_enter else ""
    if view.phase == PLAYERS:
        acting = f", {label(view.acting)} acting" if view.acting else ""
        return (f"Wave {view.wave} of {view.waves}, Players' Round {view.round}: {s.of(view.seat)} turn{acting}. "
                f"{gate}{coming}.")
    waiting = f": before {label(view.acting)} goes on, the team may play a card" if view.phase == FOES else ""
    return f"Wave {view.wave} of {view.waves}, Foes' Round {view.round}{waiting}. {gate}{coming}."


def _kind_name(f: FigureView) -> str:
    """What a mark on the map stands for: a Hero's label, a Hireable's or the Guardian's kind."""
    kind, key, _ = kind_of(f.figure)
    return hireables()[key].name if kind == HIREABLE else label(f.figure)


def _marks(view: KaView) -> str:
    allies = {f.mark: _kind_name(f) for f in view.figures if f.kind != FOE and f.space}
    shown = ", ".join(f"{mark} {what}" for mark, what in allies.items())
    boss = ", X the Boss" if view.bosses else ""
    return f"{shown + '; ' if shown else ''}digits: foes, by level{boss}."


def _tokens_of(f: FigureView) -> list[str]:
    return [f"{getattr(f, token)} {token.capitalize()}" for token in TOKENS if getattr(f, token)]


def _figure(f: FigureView, view: KaView) -> str:
    """A figure in a few words: where it is, its hit points, tokens and what is left of its turn."""
    level = f" (level {f.level})" if f.kind == HIREABLE else ""
    waiting = " recuperates off the board" if view.phase == SHOPPING else " waits to be placed"
    where = f" at {f.space}" if f.space else waiting
    tower = f" on {label(f.on_tower)}" if f.on_tower else ""
    words = [f"{label(f.figure)}{level}{where}{tower}", f"{f.hp}/{f.max_hp} hp"]
    if f.knocked_out:
        words.append("knocked out")
    words += _tokens_of(f)
    if f.kind == FOE:
        words.append(f"{f.to_gate} to the Gate")
        if f.tanked_by:
            words.append(f"tanked by {label(f.tanked_by)}")
    elif view.phase == PLAYERS and not f.knocked_out:
        steps = f" and {counted(f.steps, 'step')}" if f.steps else ""
        words.append("done" if f.done else f"{counted(f.actions, 'action')}{steps} left")
    if f.holding:
        words.append("holds to tank")
    if f.figure == view.acting:
        words.append("acting")
    return ", ".join(words)


def _cells(cells: tuple[str, ...]) -> str:
    """A Tower's spaces by its corners: "l12 to m13"."""
    return cells[0] if len(cells) == 1 else f"{cells[0]} to {cells[-1]}"


def _gear(g: GearView, s: Seats) -> str:
    holder = f"{s.of(g.seat)}" if g.seat else "the team's extra"
    state = "locked" if g.locked else (f"worn by {label(g.worn_by)}" if g.worn_by else "unlocked")
    return f"{g.name}: {holder}, {state}"


def _shop_listing(view: KaView, s: Seats) -> list[tuple[str, list[str]]]:
    """Between Waves: the team's Equipment and cards, the decks by their sizes, and who sits out."""
    offer = (f"the Armory card on offer, face down, for {view.armory_price} gold" if view.armory_on_offer
             else "no Armory card on offer")
    cards = [card_label(card) for card in (*view.reinforcements, *([view.armory] if view.armory else []))]
    groups = [("Equipment:", [_gear(g, s) for g in view.gear] or ["none"]),
              ("The team holds:", [listed(cards, "no Reinforcement or Armory card")]),
              ("Decks:", [f"Reward {view.reward_deck}, Equipment {view.equipment_deck}, Reinforcement "
                          f"{view.reinforcement_deck}; {offer}" + ("; new Equipment for sale" if view.new_equipment
                                                                  else "")])]
    if view.bench:
        groups.append(("Sitting out:", [f"{label(f.figure)} (level {f.level}), {s.of(f.seat)}" for f in view.bench]))
    return groups


def _listing(view: KaView, s: Seats) -> list[tuple[str, list[str]]]:
    """The figures (and, while the team sets up, the Towers) in groups: a heading and its entries."""
    groups: list[tuple[str, list[str]]] = []
    if view.phase in (PLACING_TOWERS, PLACING, SHOPPING):
        groups.append(("Towers:", [f"{label(t.tower)} at {_cells(t.cells)}, hosts {t.hosted} of {t.slots}"
                                   for t in view.towers] or ["none yet"]))
    if view.phase == SHOPPING:
        groups += _shop_listing(view, s)
    if view.phase in (PLAYERS, FOES) and view.cards:
        groups.append(("The team holds:", [listed([card.name for card in view.cards])]))
    for boss in view.bosses:
        rules = [line.split(":")[0] for line in boss.text[len(bosses()[kind_of(boss.figure)[1]].attacks):-1]
                 if ":" in line]
        groups.append((f"{label(boss.figure)}, the Boss:", [f"{boss.hp}/{boss.max_hp} hp; {listed(rules)}"]))
    for seat in sorted({f.seat for f in view.figures if f.kind != FOE}):
        allies = sorted((f for f in view.figures if f.kind != FOE and f.seat == seat),
                        key=lambda f: f.figure != view.acting)  # the acting Ally first
        groups.append((f"{s.of(seat)} Allies:", [_figure(f, view) for f in allies]))
    foes = sorted((f for f in view.figures if f.kind == FOE and f.space), key=lambda f: (f.to_gate, f.figure))
    if foes:
        groups.append(("Foes, nearest the Gate first:", [_figure(f, view) for f in foes]))
    if view.foresight:
        foreseen = [monsters()[key].name if key in monsters() else _plain(key) for key in view.foresight]
        groups.append(("Foresight, the next Wave opens with:", [_a(name) for name in foreseen]))
    if view.face_up:
        groups.append(("Face up by Foresight:", [f"the {DECK_NAMES.get(top.deck, top.deck)} deck's top: {top.name}"
                                                 for top in view.face_up]))
    return groups


def _beside(board: tuple[str, ...], listing: list[tuple[str, list[str]]]) -> list[str]:
    """The map with the listing in a column to its right; what the map's height leaves
    over goes on below it, in the same column."""
    left = max((len(line) for line in board), default=0)
    width = WIDTH - left - len(GUTTER)
    column = [line for heading, entries in listing
              for line in (heading, *(part for entry in entries
                                      for part in _wrapped(f"  {entry}", width, indent="    ")))]
    rows = max(len(board), len(column))
    return [f"{board[row] if row < len(board) else '':<{left}}{GUTTER}{column[row] if row < len(column) else ''}"
            .rstrip() for row in range(rows)]


def glance(view: KaView, seats: Seats) -> tuple[str, ...]:
    """The board and the team for one screen: the Wave, round and Gate; the map with its
    column letters and row numbers, each seat's Allies beside it (hit points, tokens, what
    is left of their turns) and the foes on the board, nearest the Gate first; below, what
    the map's marks are."""
    # The legend's first line says what the map's own marks are; its others name each
    # figure by its id, which the listing does by label.
    terrain = _wrapped(f"{view.legend[0]}.") if view.legend else []
    return (*_wrapped(_head(view, seats)), *_beside(view.map, _listing(view, seats)), *terrain,
            *_wrapped(_marks(view)))


def tell_event(event: Event, seats: Seats) -> str:
    return EVENTS[type(event)](event, seats)


def tell_command(command: Command, seats: Seats) -> str:
    return COMMANDS[type(command)](command, seats)
