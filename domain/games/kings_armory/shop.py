"""Between Waves (kings-armory B5 Steps 3-7): what the team buys, sells and equips with
its shared gold, and how the phase ends. Each function is a check (check_*: a
RuleViolation citing the rule, no events) or an effect (it emits; it never refuses);
checks.py's plans call both.

Steps 3 and 5 are one open phase here (RULES.md): any seat that is not done submits
purchases, sales and Equipment changes in any order, each one atomic; a seat says it
is done with EndShopping. When every seat has, the Reward deck is shuffled (Step 4),
the Hireables for whom the Towers have no slot sit out (Step 6), the Allies are
placed anew seat by seat with the set-up's placement (A2), and the next Wave starts
once all are placed (Step 7)."""

from __future__ import annotations

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, name
from domain.games.kings_armory.cards import check_moment
from domain.games.kings_armory.citations import (
    B5_STEP_3,
    B5_STEP_5,
    B5_STEP_6,
    B5_STEP_7,
    E_ARMORY_CARDS,
    E_EQUIPMENT_CARDS,
    E_HIREABLES,
    E_MAXIMUM_RECRUITMENT,
    E_REINFORCEMENT_CARDS,
    GAME_COMPONENTS,
)
from domain.games.kings_armory.content import Hireable, HireableLevel, equipment, hireables, reinforcements
from domain.games.kings_armory.decks import STARTING_EQUIPMENT, armory_price, make_change
from domain.games.kings_armory.figures import hero_stats
from domain.games.kings_armory.movement import tower_site
from domain.games.kings_armory.rounds import next_placer
from domain.games.kings_armory.state import (
    HERO,
    HIREABLE,
    SHOPPING,
    TOWER_SLOTS,
    Em,
    Figure,
    Gear,
    KaState,
    Offer,
    next_number,
    numbered,
)
from domain.kernel import Rng, RuleViolation, require

TOWER_PRICE = 100
TOWER_SALE = 50
"""What a Tower costs and what selling one brings in (kings-armory B5 Step 3)."""
BOX_TOWERS = 7
"""Towers in the box (kings-armory GAME COMPONENTS), the Parapets aside."""
MAX_WORN = 2
"""Equipment cards a Hero wears at most (kings-armory B5 Step 5, E Equipment Cards)."""
MAX_REINFORCEMENTS = 3
"""Reinforcement cards the team may hold (kings-armory E Reinforcement Cards)."""

# ---------------------------------------------------------------- checks


def check_shopper(state: KaState, seat: int, rule: str = B5_STEP_3) -> None:
    """`seat` may shop now: Between Waves, and it has not said it is done (kings-armory B5
    Steps 3-7)."""
    require(not state.finished, rule, "the game is over")
    if state.phase != SHOPPING:
        raise RuleViolation(rule, "the team shops Between Waves only")
    if seat in state.shopped:
        raise RuleViolation(rule, f"seat {seat} is done shopping until the next Between Waves phase")
    require(1 <= seat <= state.seats, rule, f"there is no seat {seat}")


def check_end_shopping(state: KaState, seat: int) -> None:
    check_shopper(state, seat, B5_STEP_7)


def check_gold(state: KaState, price: int, what: str) -> None:
    """The team's gold pays for `what` (kings-armory B5 Step 3: all gold is shared)."""
    if state.gold < price:
        raise RuleViolation(B5_STEP_3, f"{what} costs {price} gold and the team has {state.gold}: "
                            f"{price - state.gold} more needed")


def check_build_tower(state: KaState, seat: int, corner: Space) -> tuple[Space, ...]:
    """A Tower's spaces: open terrain, over no other Tower (kings-armory E Towers), while
    the box has one left (GAME COMPONENTS), paid for (B5 Step 3)."""
    check_shopper(state, seat)
    cells = tower_site(state, corner)
    built = sum(1 for tower in state.towers if tower.slots == TOWER_SLOTS)
    require(built < BOX_TOWERS, GAME_COMPONENTS, f"the box holds {BOX_TOWERS} Towers and all of them stand")
    check_gold(state, TOWER_PRICE, "a Tower")
    return cells


def check_sell_tower(state: KaState, seat: int, tower_id: str) -> None:
    """Any Tower but a Parapet (kings-armory B3 Parapets: indestructible), as long as the
    rest can host every Hero (B5 Step 6: Heroes never sit out)."""
    check_shopper(state, seat)
    tower = state.tower(tower_id)
    if tower is None or tower.slots != TOWER_SLOTS:
        raise RuleViolation(B5_STEP_3, f"there is no Tower {tower_id!r} to sell (the Parapets are the Gate's)")
    if hosting_room(state) - tower.slots < 0:
        raise RuleViolation(B5_STEP_6, f"without {tower_id} the Towers and Parapets could not host every Hero, "
                            "and Heroes never sit out")


def check_hire(state: KaState, seat: int, key: str, controller: int) -> Hireable:
    """A class with a recruit left (kings-armory E Maximum Recruitment: the defeated count,
    E Hireables: they are never hired again), for a seat of the game, at its level 1
    cost (B5 Step 3)."""
    check_shopper(state, seat)
    card = hireables().get(key)
    if card is None:
        raise RuleViolation(E_HIREABLES, f"no Hireable class {key!r}; the classes are {', '.join(hireables())}")
    require(1 <= controller <= state.seats, E_HIREABLES, f"there is no seat {controller} to lead the {card.name}")
    recruited = recruited_of(state, key)
    if recruited >= card.max_recruits:
        raise RuleViolation(E_MAXIMUM_RECRUITMENT, f"at most {card.max_recruits} of the {card.name} class a game, and "
                            f"{recruited} are recruited (the defeated count)")
    check_gold(state, card.levels[0].cost, f"a level 1 {card.name}")
    return card


def check_upgrade(state: KaState, seat: int, figure_id: str) -> tuple[Figure, HireableLevel]:
    """A Hireable of the team (on the board or sitting out) below level 3, and its next
    level's cost (kings-armory E Hireables: each level paid for before the next)."""
    check_shopper(state, seat)
    figure = next((f for f in team_hireables(state) if f.figure == figure_id), None)
    if figure is None:
        raise RuleViolation(E_HIREABLES, f"{figure_id!r} is not a Hireable of the team")
    card = hireables()[figure.key]
    if figure.level >= len(card.levels):
        raise RuleViolation(E_HIREABLES, f"{figure_id} is at level {figure.level}, the highest")
    level = card.levels[figure.level]
    check_gold(state, level.cost, f"level {level.level} for {figure_id}")
    return figure, level


def check_unlock(state: KaState, seat: int, card: str) -> Gear:
    """A locked starting Equipment card, 150 gold (kings-armory B5 Step 3)."""
    check_shopper(state, seat)
    gear = state.gear_of(card)
    if gear is None or not gear.locked:
        raise RuleViolation(B5_STEP_3, f"{card!r} is no locked Equipment card of the team")
    check_gold(state, equipment()[card].unlock, f"unlocking {equipment()[card].name}")
    return gear


def check_buy_equipment(state: KaState, seat: int) -> str:
    """The Equipment deck's top card (kings-armory B5 Step 3: blind), once a seat has
    unlocked both its starting pieces, at its cost."""
    check_shopper(state, seat)
    require(max(state.unlocks, default=0) >= STARTING_EQUIPMENT, B5_STEP_3,
            "new Equipment is for sale once a seat has unlocked both of its starting pieces")
    require(bool(state.equipment_deck), B5_STEP_3, "the Equipment deck is empty")
    card = state.equipment_deck[0]
    check_gold(state, equipment()[card].buy, "new Equipment")
    return card


def check_sell_equipment(state: KaState, seat: int, card: str) -> None:
    """An unlocked card nobody wears (kings-armory B5 Step 3: locked Equipment is not the
    team's to sell)."""
    check_shopper(state, seat)
    _free(state, _team_card(state, card, B5_STEP_3), B5_STEP_3)


def check_buy_reinforcement(state: KaState, seat: int) -> str:
    """The Reinforcement deck's top card, blind, 3 held at most, at its price: Between Waves,
    or during a Wave whenever the team may play a card (kings-armory E Reinforcement Cards:
    at any time, never mid-action)."""
    check_moment(state, seat, E_REINFORCEMENT_CARDS)
    require(len(state.reinforcements) < MAX_REINFORCEMENTS, E_REINFORCEMENT_CARDS,
            f"the team holds {MAX_REINFORCEMENTS} Reinforcement cards, the most it may: one must be used first")
    require(bool(state.reinforcement_deck), E_REINFORCEMENT_CARDS, "the Reinforcement deck is empty")
    card = state.reinforcement_deck[0]
    check_gold(state, reinforcements()[card].price, "a Reinforcement card")
    return card


def check_buy_armory(state: KaState, seat: int) -> str:
    check_shopper(state, seat)
    require(not state.armory, E_ARMORY_CARDS, "the team holds an Armory card: it must be used before another is bought")
    require(bool(state.armory_deck), E_ARMORY_CARDS, "no Armory card is left on offer")
    check_gold(state, armory_price(state), "the Armory card")
    return state.armory_deck[0]


def holding_limit(state: KaState, seat: int) -> int:
    """Equipment cards a seat may hold: two for each of its Heroes (kings-armory E
    Equipment Cards; RULES.md: a seat of several Heroes)."""
    return MAX_WORN * len(state.heroes_of(seat))


def _team_card(state: KaState, card: str, rule: str) -> Gear:
    gear = state.gear_of(card)
    if gear is None:
        raise RuleViolation(rule, f"{card!r} is no Equipment card of the team")
    return gear


def _free(state: KaState, gear: Gear, rule: str) -> None:
    """Unlocked (B5 Step 3: locked Equipment is not the team's yet) and worn by nobody."""
    item = equipment()[gear.card].name
    require(not gear.locked, rule, f"{item} is locked: not the team's until it is unlocked")
    wearer = state.wearer(gear.card)
    if wearer is not None:
        raise RuleViolation(B5_STEP_5, f"{wearer.figure} wears {item}: take it off first")


def check_equip(state: KaState, seat: int, card: str, hero_id: str) -> Figure:
    """One of the seat's Heroes puts on an unlocked card the seat holds, or an extra one
    while the seat holds fewer than its limit; two worn at most (kings-armory B5 Step 5, E
    Equipment Cards)."""
    check_shopper(state, seat, B5_STEP_5)
    hero = state.figure(hero_id)
    if hero is None or hero.kind != HERO or hero.seat != seat:
        raise RuleViolation(B5_STEP_5, f"{hero_id!r} is not a Hero of seat {seat}")
    gear = _team_card(state, card, B5_STEP_5)
    _free(state, gear, B5_STEP_5)
    if gear.seat == 0:
        held = sum(1 for g in state.gear if g.seat == seat)
        require(held < holding_limit(state, seat), E_EQUIPMENT_CARDS,
                f"seat {seat} holds {held} Equipment cards, two for each of its Heroes: trade for extra Equipment")
    elif gear.seat != seat:
        raise RuleViolation(E_EQUIPMENT_CARDS, f"seat {gear.seat} holds {equipment()[card].name}: trade for it")
    require(len(hero.worn) < MAX_WORN, E_EQUIPMENT_CARDS, f"{hero_id} wears {MAX_WORN} pieces of Equipment already")
    return hero


def check_unequip(state: KaState, seat: int, card: str) -> Figure:
    check_shopper(state, seat, B5_STEP_5)
    wearer = state.wearer(card)
    if wearer is None or wearer.seat != seat:
        raise RuleViolation(B5_STEP_5, f"no Hero of seat {seat} wears {card!r}")
    return wearer


def check_trade(state: KaState, seat: int, give: str, take: str) -> tuple[int, bool]:
    """(the seat holding `take`, 0 for the team's extra Equipment; whether the cards change
    hands now): one for one, unlocked cards worn by nobody, the other seat's only when it
    offers the same trade back (kings-armory B5 Step 5, E Equipment Cards)."""
    check_shopper(state, seat, B5_STEP_5)
    mine = _team_card(state, give, E_EQUIPMENT_CARDS)
    require(mine.seat == seat, E_EQUIPMENT_CARDS, f"seat {seat} does not hold {equipment()[give].name}")
    _free(state, mine, E_EQUIPMENT_CARDS)
    theirs = _team_card(state, take, E_EQUIPMENT_CARDS)
    require(theirs.seat != seat, E_EQUIPMENT_CARDS, f"seat {seat} holds {equipment()[take].name} already")
    _free(state, theirs, E_EQUIPMENT_CARDS)
    other = theirs.seat
    if not other:
        return 0, True
    if Offer(other, take, give) in state.offers:
        return other, True
    require(Offer(seat, give, take) not in state.offers, E_EQUIPMENT_CARDS, "that trade is offered already")
    require(other not in state.shopped, E_EQUIPMENT_CARDS, f"seat {other} is done shopping and trades no more")
    return other, False


def check_reassign(state: KaState, seat: int, figure_id: str, to_seat: int) -> None:
    """A Hireable of the team to another seat of the game (kings-armory B5 Step 6, E
    Hireables)."""
    check_shopper(state, seat, B5_STEP_6)
    figure = next((f for f in team_hireables(state) if f.figure == figure_id), None)
    if figure is None:
        raise RuleViolation(E_HIREABLES, f"{figure_id!r} is not a Hireable of the team")
    require(1 <= to_seat <= state.seats, B5_STEP_6, f"there is no seat {to_seat}")
    require(figure.seat != to_seat, B5_STEP_6, f"seat {to_seat} leads {figure_id} already")


# ---------------------------------------------------------------- effects


def build_tower(em: Em, cells: tuple[Space, ...]) -> None:
    state = em.state
    em.emit(m.TowerBuilt, B5_STEP_3, f"t{state.next_tower}", tuple(name(c) for c in cells), TOWER_SLOTS,
            TOWER_PRICE, state.gold - TOWER_PRICE)


def sell_tower(em: Em, tower: str) -> None:
    em.emit(m.TowerSold, B5_STEP_3, tower, TOWER_SALE, em.state.gold + TOWER_SALE)


def hire(em: Em, card: Hireable, controller: int) -> None:
    state = em.state
    figure = numbered(card.key, next_number(state, card.key))
    level = card.levels[0]
    em.emit(m.Hired, B5_STEP_3, figure, card.key, controller, level.level, level.stats.hp, level.cost,
            state.gold - level.cost)


def upgrade(em: Em, figure: Figure, level: HireableLevel) -> None:
    """One level up, healing the new level's Heal Rate (kings-armory E Hireables)."""
    hp = min(level.stats.hp, figure.hp + level.stats.heal)
    em.emit(m.Upgraded, B5_STEP_3, figure.figure, level.level, hp - figure.hp, hp, level.cost,
            em.state.gold - level.cost)


def unlock(em: Em, gear: Gear) -> None:
    price = equipment()[gear.card].unlock
    em.emit(m.EquipmentUnlocked, B5_STEP_3, gear.card, gear.seat, price, em.state.gold - price)


def buy_equipment(em: Em, card: str) -> None:
    price = equipment()[card].buy
    em.emit(m.EquipmentBought, B5_STEP_3, card, price, em.state.gold - price)


def sell_equipment(em: Em, card: str) -> None:
    price = equipment()[card].sell
    em.emit(m.EquipmentSold, B5_STEP_3, card, price, em.state.gold + price)


def buy_reinforcement(em: Em, card: str) -> None:
    price = reinforcements()[card].price
    rule = B5_STEP_3 if em.state.phase == SHOPPING else E_REINFORCEMENT_CARDS
    em.emit(m.ReinforcementBought, rule, card, price, em.state.gold - price)


def equip(em: Em, card: str, hero: Figure) -> None:
    em.emit(m.Equipped, B5_STEP_5, card, hero.figure, hero.seat)


def unequip(em: Em, card: str, hero: Figure) -> None:
    """The card comes off; hit points above the Hero's maximum without it are lost."""
    without = tuple(worn for worn in hero.worn if worn != card)
    em.emit(m.Unequipped, B5_STEP_5, card, hero.figure, min(hero.hp, hero_stats(hero.key, without).hp))


def trade(em: Em, seat: int, give: str, other: int, take: str, now: bool) -> None:
    if now:
        em.emit(m.EquipmentTraded, B5_STEP_5, seat, give, other, take)
    else:
        em.emit(m.TradeOffered, E_EQUIPMENT_CARDS, seat, give, other, take)


def reassign(em: Em, figure: str, to_seat: int) -> None:
    em.emit(m.HireableReassigned, B5_STEP_6, figure, to_seat)


def buy_armory(em: Em, card: str) -> None:
    price = armory_price(em.state)
    em.emit(m.ArmoryBought, B5_STEP_3, card, price, em.state.gold - price)



def end_shopping(em: Em, rng: Rng, seat: int) -> None:
    """The seat is done; once every seat is, the phase closes (kings-armory B5 Step 7)."""
    em.emit(m.ShoppingEnded, B5_STEP_7, seat)
    if len(em.state.shopped) == em.state.seats:
        close_shop(em, rng)


def close_shop(em: Em, rng: Rng) -> None:
    """Step 4: the Reward deck shuffled; Step 6: who sits out, then the Allies placed anew."""
    make_change(em, rng)
    sit_out(em)
    em.emit(m.ShopClosed, B5_STEP_6, em.state.wave)
    next_placer(em, 0, B5_STEP_6)


def recruited_of(state: KaState, key: str) -> int:
    """Hireables of a class recruited so far this game, the defeated too (kings-armory E
    Maximum Recruitment); each one's id numbers it."""
    return sum(1 for figure in state.recruited if kind_of_hireable(figure) == key)


def kind_of_hireable(figure: str) -> str:
    """The class of a Hireable's id ("archer-2": "archer")."""
    return figure.rsplit("-", 1)[0]


def team_hireables(state: KaState) -> list[Figure]:
    """The team's Hireables, on the board and sitting out, in the order recruited."""
    order = {figure: number for number, figure in enumerate(state.recruited)}
    found = [f for f in state.figures if f.kind == HIREABLE] + list(state.bench)
    return sorted(found, key=lambda f: order.get(f.figure, len(order)))


def hosting_room(state: KaState) -> int:
    """Hosting slots left for Hireables once every Hero has one (kings-armory B5 Step 6:
    Heroes never sit out)."""
    heroes = sum(1 for f in state.figures if f.kind == HERO)
    return sum(tower.slots for tower in state.towers) - heroes


def sit_out(em: Em) -> None:
    """The Hireables beyond the hosting slots sit out the coming Wave, the most recently
    recruited first; those who sat out and now have a slot come back (kings-armory B5
    Step 6)."""
    state = em.state
    hired = team_hireables(state)
    room = max(0, hosting_room(state))
    benched = {f.figure for f in state.bench}
    for figure in reversed(hired[room:]):
        if figure.figure not in benched:
            em.emit(m.HireableSatOut, B5_STEP_6, figure.figure, figure.key, figure.seat, figure.level)
    for figure in hired[:room]:
        if figure.figure in benched:
            em.emit(m.HireableReturned, B5_STEP_6, figure.figure, figure.key, figure.seat, figure.level)
