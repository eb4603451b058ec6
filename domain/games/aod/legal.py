"""Every command a seat may submit now, each complete as is.

Built where a command's shape alone makes it legal (any card of a hand that owes, a
Monster onto any pile, a card with no target); where a rule decides, legal_commands
asks what the checks `plan` runs ask (checks.py, state.py): an Event's targets go
through check_event, an attack's targets and the cards it may use come from
attack_targets and usable, ending the turn from may_end_turn, switching at all from
may_switch and the cards to switch to from the Player's inactive_items and
inactive_allies. tests/test_games.py and tests/aod/test_legal_commands.py hold the
list to `plan`: every command listed is accepted, and every command accepted is listed.
"""

from __future__ import annotations

from domain.games.aod.cards import (
    BOOK,
    DOUBLE_CROSSED,
    EVENT,
    ILL_TAKE_THAT,
    ITEM,
    ITS_BACK,
    MONSTER,
    OTHER_TARGET,
    S_MART,
    card,
)
from domain.games.aod.checks import attack_targets, check_event, may_end_turn, may_switch, usable
from domain.games.aod.messages import Attack, DiscardCard, EndTurn, PlayCard, SwitchAlly, SwitchItem
from domain.games.aod.state import PLAY, AodState, top_of_discard
from domain.games.aod.turn import to_act
from domain.kernel import Command, RuleViolation


def _playable_event(state: AodState, command: PlayCard) -> bool:
    try:
        check_event(state, command)
    except RuleViolation:
        return False
    return True


def _event_targets(state: AodState, seat: int, card_id: str) -> list[tuple[int, str]]:
    """Candidate (target_seat, target_card) pairs for an Event card; check_event filters them."""
    effect = card(card_id).effect
    others = [s for s in state.seats() if s != seat]
    if effect in OTHER_TARGET:
        return [(s, "") for s in others]
    if effect == ILL_TAKE_THAT:
        found = [(s, c) for s in others for c in state.player(s).items()]
        if state.book_holder and state.book_holder != seat:
            found.append((state.book_holder, BOOK))
        return found
    if effect == DOUBLE_CROSSED:
        return [(s, c) for s in others for c in state.player(s).active_allies()]
    if effect == ITS_BACK:
        return [(s, top_of_discard(state, MONSTER)) for s in state.seats()]
    if effect == S_MART:
        return [(0, top_of_discard(state, ITEM))]
    return [(0, "")]


def legal_commands(state: AodState, seat: int) -> list[Command]:
    # A seat the table waits on (turn.py) or one that may switch: the game is on and the
    # seat is in it, the checks every command shares (aod Set-up, aod Play) hold.
    acting = seat in to_act(state)
    switching = may_switch(state, seat)[0]
    if not acting and not switching:
        return []
    found: list[Command] = []
    player = state.player(seat)
    if acting and state.owed_seat == seat:  # aod Health: a card owed is any card in hand
        found += [DiscardCard(seat=seat, card=c) for c in player.hand]
    elif acting and state.phase == PLAY:  # waited on with nothing owed: his own turn, in this step
        for c in player.hand:
            kind = card(c).kind
            if kind == MONSTER:
                found += [PlayCard(seat=seat, card=c, target_seat=s) for s in state.seats()]
            elif kind == EVENT:
                found += [play for s, t in _event_targets(state, seat, c)
                          if _playable_event(state, play := PlayCard(seat=seat, card=c, target_seat=s,
                                                                     target_card=t))]
            else:
                found.append(PlayCard(seat=seat, card=c))
            found.append(DiscardCard(seat=seat, card=c))
    elif acting:  # his attack step
        weapon, other, allies = usable(player)
        weapon_flags = (False, True) if weapon else (False,)
        other_flags = (False, True) if other else (False,)
        ally_flags = (False, True) if allies else (False,)
        for target_seat, target_card in attack_targets(state, seat):
            found += [Attack(seat=seat, target_seat=target_seat, target_card=target_card,
                             use_weapon=w, use_other=o, use_allies=a)
                      for w in weapon_flags for o in other_flags for a in ally_flags]
        if may_end_turn(player):
            found.append(EndTurn(seat=seat))
    if switching:  # every inactive card of his stacks (aod Items, aod Allies)
        found += [SwitchItem(seat=seat, card=c) for c in player.inactive_items()]
        found += [SwitchAlly(seat=seat, card=c) for c in player.inactive_allies()]
    return found
