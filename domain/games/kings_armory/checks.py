"""The King's Armory's checks: `plan(state, command)` checks a command against every
rule it must keep, raising a RuleViolation that cites the first one it breaks, and
returns the kernel's Plan of what the accepted command does (effects.py). Nothing here
makes an event or rolls a die. The legal-command lists ask the same check functions."""

from __future__ import annotations

from domain.games.kings_armory import cards, effects, shop
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, name, space_named, within_range
from domain.games.kings_armory.citations import (
    A2,
    B2,
    C1_STEP_1,
    C1_STEP_2,
    D1,
    E_ACTIONS,
    E_KNOCKED_OUT,
    E_STACKING,
    E_TANKING,
    E_TOWERS,
)
from domain.games.kings_armory.combat import Aim, Strike, strike
from domain.games.kings_armory.content import Special
from domain.games.kings_armory.figures import attacks, specials
from domain.games.kings_armory.movement import Move, climb_down, climb_onto, placement_tower, step_to, tower_site
from domain.games.kings_armory.specials import Effect, after_special, send_back_spaces, special_use, used_up
from domain.games.kings_armory.state import FOE, HIREABLE, PLACING, PLAYERS, TOWERS, Figure, KaState, shares_a_space
from domain.games.kings_armory.tanking import stalemate, tank_problem
from domain.games.kings_armory.thematic import check_attack_made, keep_duty, paid
from domain.kernel import Command, Plan, RuleViolation, StartGame, replace, require

START: Plan[KaState] = Plan(effects.start)


def plan(state: KaState, command: Command) -> Plan[KaState]:
    """What `command` does if the rules accept it; a RuleViolation citing the first rule
    it breaks if they do not."""
    if isinstance(command, StartGame):
        check_start(state)
        return START
    if isinstance(command, m.PlaceTower):
        cells = check_place_tower(state, command)
        return Plan(lambda em, rng: effects.place_tower(em, rng, command.seat, cells))
    if isinstance(command, m.PlaceAlly):
        ally, space, (host, on_tower) = check_place_ally(state, command)
        return Plan(lambda em, rng: effects.place_ally(em, rng, command.seat, ally, space, host, on_tower))
    if isinstance(command, m.EndTurn):
        waiting = check_end_turn(state, command)
        return Plan(lambda em, rng: effects.end_turn(em, rng, command.seat, waiting))
    if isinstance(command, SHOP_COMMANDS):
        return shop_plan(state, command)
    if isinstance(command, m.PlayCard):
        card = cards.check_play(state, command)
        return Plan(lambda em, rng: effects.play(em, rng, command.seat, card))
    if isinstance(command, m.LetFoeAct):
        cards.check_let_foe_act(state, command.seat)
        return Plan(effects.let_foe_go_on)
    return _ally_command(state, command)


SHOP_COMMANDS = (m.BuildTower, m.SellTower, m.Hire, m.Upgrade, m.UnlockEquipment, m.BuyEquipment, m.SellEquipment,
                 m.BuyReinforcement, m.BuyArmory, m.Equip, m.Unequip, m.Trade, m.Reassign, m.EndShopping)
"""Between Waves (kings-armory B5 Steps 3-7): any seat still shopping may submit them."""


def shop_plan(state: KaState, command: Command) -> Plan[KaState]:
    """A purchase, a sale or an Equipment change Between Waves (shop.py), or the end of a
    seat's shopping."""
    seat = command.seat
    if isinstance(command, m.BuildTower):
        cells = shop.check_build_tower(state, seat, space_named(command.at, E_TOWERS))
        return Plan(lambda em, rng: shop.build_tower(em, cells))
    if isinstance(command, m.SellTower):
        tower = command.tower
        shop.check_sell_tower(state, seat, tower)
        return Plan(lambda em, rng: shop.sell_tower(em, tower))
    if isinstance(command, m.Hire):
        controller = command.controller
        hireable = shop.check_hire(state, seat, command.hireable, controller)
        return Plan(lambda em, rng: shop.hire(em, hireable, controller))
    if isinstance(command, m.Upgrade):
        figure, level = shop.check_upgrade(state, seat, command.figure)
        return Plan(lambda em, rng: shop.upgrade(em, figure, level))
    if isinstance(command, m.UnlockEquipment):
        gear = shop.check_unlock(state, seat, command.card)
        return Plan(lambda em, rng: shop.unlock(em, gear))
    if isinstance(command, m.BuyEquipment):
        card = shop.check_buy_equipment(state, seat)
        return Plan(lambda em, rng: shop.buy_equipment(em, card))
    if isinstance(command, m.SellEquipment):
        card = command.card
        shop.check_sell_equipment(state, seat, card)
        return Plan(lambda em, rng: shop.sell_equipment(em, card))
    if isinstance(command, m.BuyReinforcement):
        card = shop.check_buy_reinforcement(state, seat)
        return Plan(lambda em, rng: shop.buy_reinforcement(em, card))
    if isinstance(command, m.BuyArmory):
        card = shop.check_buy_armory(state, seat)
        return Plan(lambda em, rng: shop.buy_armory(em, card))
    if isinstance(command, m.Equip):
        card, hero = command.card, shop.check_equip(state, seat, command.card, command.hero)
        return Plan(lambda em, rng: shop.equip(em, card, hero))
    if isinstance(command, m.Unequip):
        card, wearer = command.card, shop.check_unequip(state, seat, command.card)
        return Plan(lambda em, rng: shop.unequip(em, card, wearer))
    if isinstance(command, m.Trade):
        give, take = command.give, command.take
        other, now = shop.check_trade(state, seat, give, take)
        return Plan(lambda em, rng: shop.trade(em, seat, give, other, take, now))
    if isinstance(command, m.Reassign):
        figure_id, to_seat = command.figure, command.to_seat
        shop.check_reassign(state, seat, figure_id, to_seat)
        return Plan(lambda em, rng: shop.reassign(em, figure_id, to_seat))
    assert isinstance(command, m.EndShopping)
    shop.check_end_shopping(state, seat)
    return Plan(lambda em, rng: shop.end_shopping(em, rng, seat))


def _ally_command(state: KaState, command: Command) -> Plan[KaState]:
    """An Ally's action on its individual turn (kings-armory B2, C1, C2, E Actions)."""
    seat = command.seat
    figure_id = getattr(command, "figure", None)
    if not isinstance(figure_id, str):
        raise RuleViolation(B2, f"{type(command).__name__} is not a King's Armory command")
    ally = own_ally(state, seat, figure_id)
    if isinstance(command, m.Step):
        return _moves(seat, figure_id, check_step(state, ally, space_named(command.to, C1_STEP_1)))
    if isinstance(command, m.EnterTower):
        return _moves(seat, figure_id, check_enter_tower(state, ally, space_named(command.to, E_TOWERS)))
    if isinstance(command, m.ExitTower):
        return _moves(seat, figure_id, check_exit_tower(state, ally, space_named(command.to, E_TOWERS)))
    aim = Aim(getattr(command, "target", ""), getattr(command, "at", ""), getattr(command, "direction", ""))
    if isinstance(command, m.Attack):
        hit = check_attack(state, ally, command.attack, aim)
        return Plan(lambda em, rng: effects.attack(em, rng, seat, ally, hit))
    if isinstance(command, m.UseSpecial):
        special, effect = check_special(state, ally, command.special, aim)
        return Plan(lambda em, rng: effects.use_special(em, rng, seat, figure_id, special, effect))
    if isinstance(command, m.Tank):
        foe = command.foe
        check_tank(state, ally, foe)
        return Plan(lambda em, rng: effects.tank(em, rng, figure_id, foe))
    if isinstance(command, m.Untank):
        foe = command.foe
        check_untank(state, ally, foe)
        return Plan(lambda em, rng: effects.untank(em, rng, figure_id, foe))
    if isinstance(command, m.EndAlly):
        hold = command.hold
        check_end_ally(state, ally)
        return Plan(lambda em, rng: effects.end_ally(em, rng, seat, ally, hold))
    raise RuleViolation(B2, f"{type(command).__name__} is not a King's Armory command")


def _moves(seat: int, ally: str, move: Move) -> Plan[KaState]:
    return Plan(lambda em, rng: effects.move_ally(em, rng, seat, ally, move))


# ---------------------------------------------------------------- set-up (kings-armory A2)


def check_start(state: KaState) -> None:
    require(state.phase == TOWERS and not state.towers and not state.figures, A2, "the game has begun")


def _placer(state: KaState, seat: int, phase: str) -> None:
    require(not state.finished, A2, "the game is over")
    require(state.phase == phase, A2, "Towers come first, then Allies (kings-armory A2)"
            if phase == PLACING else "the starting Towers are all placed")
    require(state.seat == seat, A2, f"it is seat {state.seat}'s turn to place")


def check_place_tower(state: KaState, command: m.PlaceTower) -> tuple[Space, ...]:
    """The spaces of the seat's starting Tower with its top-left corner where the command says."""
    _placer(state, command.seat, TOWERS)
    return tower_site(state, space_named(command.at, E_TOWERS))


def check_place_ally(state: KaState, command: m.PlaceAlly) -> tuple[str, Space, tuple[str, str]]:
    """(the Ally, its space, (the Tower hosting it, the Tower it stands on)): the seat's
    next Ally to place, on or near a Tower that can host it (kings-armory A2)."""
    _placer(state, command.seat, PLACING)
    ally = state.figure(command.figure)
    if ally is None or ally.kind == FOE or ally.seat != command.seat:
        raise RuleViolation(A2, f"{command.figure!r} is not an Ally of seat {command.seat}")
    require(ally.space[0] < 0, A2, f"{command.figure} is already placed")
    first = next(f for f in state.allies_of(command.seat) if f.space[0] < 0)
    require(first.figure == ally.figure, A2, f"Allies are placed in the order they joined: {first.figure} first")
    space = space_named(command.at, A2)
    return ally.figure, space, placement_tower(state, ally, space)


# ---------------------------------------------------------------- the Players' Round (kings-armory B2)


def check_end_turn(state: KaState, command: m.EndTurn) -> tuple[str, ...]:
    """The seat's Allies that have not had their turn, which end it now; none may owe
    its attack (kings-armory D1)."""
    require(not state.finished, B2, "the game is over")
    require(state.phase == PLAYERS and state.seat == command.seat, B2, f"it is seat {state.seat}'s turn")
    require(not state.acting, B2, f"{state.acting} is in the middle of its turn: end it first")
    waiting = [ally for ally in state.allies_of(command.seat) if not ally.done and ally.active]
    for ally in waiting:
        check_attack_made(state, ally)
        check_special_made(state, ally)
    return tuple(ally.figure for ally in waiting)


def own_ally(state: KaState, seat: int, figure_id: str) -> Figure:
    """The seat's Ally `figure_id`, in the Players' Round on the seat's turn, free to act:
    no other Ally of the seat is in the middle of its turn (kings-armory B2)."""
    # The messages are built only for a refusal: the legal lists ask this of every Ally.
    require(not state.finished, B2, "the game is over")
    require(state.phase == PLAYERS, B2, "Allies act in the Players' Round only")
    if state.seat != seat:
        raise RuleViolation(B2, f"it is seat {state.seat}'s turn")
    figure = state.figure(figure_id)
    if figure is None or figure.kind == FOE or figure.seat != seat:
        raise RuleViolation(B2, f"{figure_id!r} is not an Ally of seat {seat}")
    if not figure.active:
        raise RuleViolation(E_KNOCKED_OUT, f"{figure_id} is knocked out until the Wave ends")
    if figure.done:
        raise RuleViolation(B2, f"{figure_id} has had its turn this round")
    if state.acting and state.acting != figure_id:
        raise RuleViolation(B2, f"{state.acting} is in the middle of its turn: it finishes first")
    return figure


def check_cost(state: KaState, ally: Figure, cost: int, action: str) -> None:
    """An action may be paid for (kings-armory E Actions: never more than is left) and
    the Ally is not stopped on another Ally's space (E Stacking)."""
    if cost > ally.actions:
        raise RuleViolation(E_ACTIONS, f"{ally.figure} has {ally.actions} action(s) left; {action} costs {cost}")
    check_stop(state, ally)


def check_stop(state: KaState, ally: Figure) -> None:
    """The Ally does not stop on another Ally's space: it may pass through one, and act
    or end its turn only off it (kings-armory E Stacking / Sharing a Space)."""
    # The message is built only for a refusal: the legal lists ask this of every action.
    if shares_a_space(state, ally):
        raise RuleViolation(E_STACKING, f"{ally.figure} may not stop on another Ally's space")


def _moving(state: KaState, ally: Figure, move: Move) -> Move:
    """A move that costs what it costs, and leaves the Ally able to make the attack it
    owes (kings-armory E Actions, D1)."""
    if move.cost:
        check_cost(state, ally, move.cost, move.action)
    keep_duty(state, ally, lambda: replace(ally, space=move.to, steps=move.steps, actions=ally.actions - move.cost,
                                           on_tower=move.on_tower, tower=move.tower))
    return move


def check_step(state: KaState, ally: Figure, to: Space) -> Move:
    """A step on the ground, or a Teleporting Ally's movement (kings-armory C1 Step 1, E Teleport)."""
    return _moving(state, ally, step_to(state, ally, to))


def check_enter_tower(state: KaState, ally: Figure, to: Space) -> Move:
    return _moving(state, ally, climb_onto(state, ally, to))


def check_exit_tower(state: KaState, ally: Figure, to: Space) -> Move:
    return _moving(state, ally, climb_down(state, ally, to))


def check_attack(state: KaState, ally: Figure, key: str, aim: Aim) -> Strike:
    """The Ally's attack, paid for; one that strikes only foes immune to it is not the
    attack the thematic rules ask for, so it may not spend what that one needs
    (kings-armory C2, D1, E Immune)."""
    hit = strike(state, ally, key, aim)
    check_cost(state, ally, hit.attack.cost, hit.action)
    if not hit.counts:
        keep_duty(state, ally, lambda: paid(ally, hit.attack.cost))
    return hit


def check_special(state: KaState, ally: Figure, key: str, aim: Aim) -> tuple[Special, Effect]:
    """The Special Action by its kind's rules, paid for, and leaving the Ally able to
    make the attack it owes (kings-armory E Special Actions, D1)."""
    special, effect = special_use(state, ally, key, aim)
    check_cost(state, ally, special.cost, f"special:{key}")
    keep_duty(state, ally, lambda: after_special(state, ally, special, aim))
    return special, effect


def check_tank(state: KaState, ally: Figure, foe_id: str) -> None:
    """A tank declared on a foe in reach (kings-armory C1 Step 2): a passive action."""
    foe = state.figure(foe_id)
    if foe is None or foe.kind != FOE:
        raise RuleViolation(C1_STEP_2, f"there is no foe {foe_id!r} on the board")
    problem = tank_problem(state, ally, foe)
    if problem:
        raise RuleViolation(E_TANKING if problem == stalemate(state, foe) else C1_STEP_2, problem)


def check_untank(state: KaState, ally: Figure, foe_id: str) -> None:
    """A tanked foe let go at will (kings-armory C1 Step 2: Players' Round only)."""
    foe = state.figure(foe_id)
    if foe is None or foe.kind != FOE or foe.tanked_by != ally.figure:
        raise RuleViolation(C1_STEP_2, f"{ally.figure} does not tank {foe_id!r}")


def check_end_ally(state: KaState, ally: Figure) -> None:
    """The Ally may end its turn where it stands, its attack made if it owes one
    (kings-armory E Stacking, D1)."""
    check_stop(state, ally)
    check_attack_made(state, ally)
    check_special_made(state, ally)


FOE_SPECIALS = ("mind-cage", "teleport-foe", "time-rift", "slow")
"""Special Actions aimed at one foe: a Psionicist's duty (kings-armory D1)."""


def check_special_made(state: KaState, ally: Figure) -> None:
    """kings-armory D1 Utility Allies: a Hireable with no Attack Options whose Special Actions
    act on foes (the Psionicist) uses one each turn while 5 or fewer foes are on the board,
    when one it can pay for may be aimed at a foe from where it stands (RULES.md)."""
    if owes_special(state, ally):
        raise RuleViolation(D1, f"{ally.figure} must use a Special Action on a foe this turn: one reaches")


def owes_special(state: KaState, ally: Figure) -> bool:
    if ally.kind != HIREABLE or ally.attacked or attacks(ally) or len(state.foes()) > 5:
        return False
    for special in specials(ally):
        if special.kind not in FOE_SPECIALS or special.area is not None or used_up(ally, special) \
                or special.cost > ally.actions:
            continue
        for foe in state.foes():
            if not within_range(ally.space, foe.space, special.reach):
                continue
            spaces = [name(space) for _, space in send_back_spaces(state, foe, special.amount)] \
                if special.kind == "teleport-foe" else [""]
            for at in spaces:
                try:
                    check_special(state, ally, special.key, Aim(target=foe.figure, at=at))
                except RuleViolation:
                    continue
                return True
    return False
