"""Every command a seat may submit now, each complete as is (filtered by validate)."""

from __future__ import annotations

from domain.games.aod.cards import EVENT, MONSTER, card
from domain.games.aod.effects import event_targets
from domain.games.aod.messages import (
    Attack,
    DiscardCard,
    EndTurn,
    PlayCard,
    SwitchAlly,
    SwitchItem,
)
from domain.games.aod.rules import may_switch, to_act, validate
from domain.games.aod.state import ATTACK, PLAY, AodState
from domain.kernel import Command, RuleViolation


def _candidates(state: AodState, seat: int) -> list[Command]:
    found: list[Command] = []
    player = state.player(seat)
    if state.owed_seat == seat:
        found += [DiscardCard(seat=seat, card=c) for c in player.hand]
    elif state.active == seat and not state.owed_seat and state.phase == PLAY:
        for c in player.hand:
            kind = card(c).kind
            if kind == MONSTER:
                found += [PlayCard(seat=seat, card=c, target_seat=s) for s in state.seats()]
            elif kind == EVENT:
                found += [PlayCard(seat=seat, card=c, target_seat=s, target_card=t)
                          for s, t in event_targets(state, seat, c)]
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
        found.append(EndTurn(seat=seat))
    if may_switch(state, seat)[0]:
        found += [SwitchItem(seat=seat, card=c) for c in (*player.weapons[1:], *player.others[1:])]
        active = player.active_allies()
        found += [SwitchAlly(seat=seat, card=c) for c in player.allies if c not in active]
    return found


def legal_commands(state: AodState, seat: int) -> list[Command]:
    if seat not in to_act(state) and not may_switch(state, seat)[0]:
        return []
    legal: list[Command] = []
    for command in _candidates(state, seat):
        try:
            validate(state, command)
        except RuleViolation:
            continue
        legal.append(command)
    return legal
