"""Every command a seat may submit now, each complete as is.

Found directly: each command below is built only where the rules accept it, so only
an Event's targets, whose checks depend on more than how they were built, are run
through their check. tests/aod/test_legal_commands.py keeps the slow
definition (every candidate that validate accepts) and checks the two agree.
"""

from __future__ import annotations

from domain.games.aod.cards import EVENT, MONSTER, card
from domain.games.aod.effects import check_event, event_targets
from domain.games.aod.messages import (
    Attack,
    DiscardCard,
    EndTurn,
    PlayCard,
    SwitchAlly,
    SwitchItem,
)
from domain.games.aod.rules import may_switch
from domain.games.aod.state import ATTACK, OTHER, PLAY, WEAPON, AodState, Player, play_zone
from domain.games.aod.turn import to_act
from domain.kernel import Command, RuleViolation


def _playable_event(state: AodState, command: PlayCard) -> bool:
    try:
        check_event(state, command)
    except RuleViolation:
        return False
    return True


def _switchable(player: Player, item: str) -> bool:
    """Whether an Item below the top of one of the player's stacks may be switched to the top
    (aod Items): check_switch's test, less what legal_commands has already made sure of."""
    zone = play_zone(item)
    stack = player.stack(zone) if zone in (WEAPON, OTHER) else ()
    return item in stack and stack[0] != item


def legal_commands(state: AodState, seat: int) -> list[Command]:
    # Past this test the game is on and the seat is in it: the checks that every command
    # shares (aod TURN, aod SET UP) hold.
    may_act = seat in to_act(state)
    may_switch_now = may_switch(state, seat)[0]
    if not may_act and not may_switch_now:
        return []
    found: list[Command] = []
    player = state.player(seat)
    if state.owed_seat == seat:  # aod Health: a card owed is any card in hand
        found += [DiscardCard(seat=seat, card=c) for c in player.hand]
    elif state.active == seat and not state.owed_seat and state.phase == PLAY:
        for c in player.hand:
            kind = card(c).kind
            if kind == MONSTER:
                found += [PlayCard(seat=seat, card=c, target_seat=s) for s in state.seats()]
            elif kind == EVENT:
                found += [play for s, t in event_targets(state, seat, c)
                          if _playable_event(state, play := PlayCard(seat=seat, card=c, target_seat=s,
                                                                     target_card=t))]
            else:
                found.append(PlayCard(seat=seat, card=c))
            found.append(DiscardCard(seat=seat, card=c))
    elif state.active == seat and not state.owed_seat and state.phase == ATTACK:
        targets = [(s, state.player(s).pile[-1]) for s in state.seats() if state.player(s).pile]
        targets += [(s, "") for s in state.seats() if s != seat]
        weapon_flags = (False, True) if player.weapons else (False,)
        other_flags = (False, True) if player.others else (False,)
        ally_flags = (False, True) if player.allies else (False,)
        for target_seat, target_card in targets:
            found += [Attack(seat=seat, target_seat=target_seat, target_card=target_card,
                             use_weapon=w, use_other=o, use_allies=a)
                      for w in weapon_flags for o in other_flags for a in ally_flags]
        if not player.pile:  # aod Attack: Monsters on one's own pile must be fought first
            found.append(EndTurn(seat=seat))
    if may_switch_now:
        active = player.active_allies()
        found += [SwitchItem(seat=seat, card=c) for c in (*player.weapons[1:], *player.others[1:])
                  if _switchable(player, c)]
        found += [SwitchAlly(seat=seat, card=c) for c in player.allies if c not in active]
    return found
