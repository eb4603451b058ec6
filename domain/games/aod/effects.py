"""Event cards (aod Events): what each one needs and what it does.

The rulebook names no Event: these names and effects are tablerules' reconstruction
(RULES.md, "Event cards"). Each event resolves, then is discarded.
"""

from __future__ import annotations

from domain.games.aod.cards import (
    BOOK,
    DOUBLE_CROSSED,
    EVIL,
    GOOD,
    GOODY_GOODY,
    IGNORED,
    ILL_TAKE_THAT,
    IM_BAD,
    INTO_THE_PIT,
    ITEM,
    ITS_BACK,
    MONSTER,
    PAYBACK,
    S_MART,
    SUCK_IT_UP,
    SUCK_IT_UP_DRAW,
    SUCKER_PUNCH,
    YER_SCREWED,
    card,
)
from domain.games.aod.citations import R_EVENTS
from domain.games.aod.messages import CardMoved, PlayCard
from domain.games.aod.state import ALLY as ALLY_ZONE
from domain.games.aod.state import DISCARD, PILE, WEAPON, AodState, play_zone, top_of_discard
from domain.games.aod.turns import (
    Em,
    discard_random,
    draw_to_hand,
    flip,
    owe,
)
from domain.kernel import Rng, require

OTHER_TARGET = (INTO_THE_PIT, IGNORED, PAYBACK, YER_SCREWED, SUCKER_PUNCH)
"""Events aimed at another character (target_seat), with no target card."""
CARD_TARGET = (ILL_TAKE_THAT, DOUBLE_CROSSED)
"""Events aimed at a card in play with another character (target_card; target_seat its owner)."""
NO_TARGET = (SUCK_IT_UP, IM_BAD, GOODY_GOODY, S_MART)
"""Events with no target (S-Mart's target_card is the Item it takes, or "")."""


def check_event(state: AodState, command: PlayCard) -> None:
    """RuleViolation unless the event can be played with these targets."""
    effect = card(command.card).effect
    seat, target, chosen = command.seat, command.target_seat, command.target_card
    me = state.player(seat)
    if effect in OTHER_TARGET:
        require(target in state.seats() and target != seat, R_EVENTS,
                f"{card(command.card).name} is played on another character: name his seat")
        require(chosen == "", R_EVENTS, f"{card(command.card).name} takes no target card")
        them = state.player(target)
        if effect == INTO_THE_PIT:
            require(bool(me.pile), R_EVENTS, "Into the Pit moves the top Monster of your pile: your pile is empty")
        elif effect == IGNORED:
            require(bool(them.active_allies()), R_EVENTS, "Ignored! needs a target with an active Ally")
        elif effect == YER_SCREWED:
            require(bool(them.weapons), R_EVENTS, "Yer Screwed! needs a target with an active weapon")
        else:
            require(bool(them.hand), R_EVENTS, f"{card(command.card).name} needs a target with cards in hand")
    elif effect in CARD_TARGET:
        require(target in state.seats() and target != seat, R_EVENTS,
                f"{card(command.card).name} takes a card from another character: name his seat")
        them = state.player(target)
        if effect == ILL_TAKE_THAT:
            ok = (chosen == BOOK and state.book_holder == target) or (
                chosen in (*them.weapons, *them.others))
            require(ok, R_EVENTS, "I'll Take That takes an Item or the Necronomicon that this character has in play")
        else:
            require(chosen in them.active_allies(), R_EVENTS, "Double-Crossed takes an active Ally of that character")
    elif effect == ITS_BACK:
        monster = top_of_discard(state, MONSTER)
        require(bool(monster), R_EVENTS, "It's Back needs a Monster in the discard pile")
        require(chosen == monster, R_EVENTS, f"It's Back brings back the most recently discarded Monster, {monster}")
        require(target in state.seats(), R_EVENTS, "It's Back needs the seat whose pile gets the Monster")
    else:
        require(target == 0, R_EVENTS, f"{card(command.card).name} takes no target seat")
        if effect == S_MART:
            item = top_of_discard(state, ITEM)
            require(bool(item), R_EVENTS, "S-Mart needs an Item in the discard pile")
            require(chosen == item, R_EVENTS, f"S-Mart takes the most recently discarded Item, {item}")
        else:
            require(chosen == "", R_EVENTS, f"{card(command.card).name} takes no target card")
        if effect == SUCK_IT_UP:
            require(bool(state.deck or state.discard), R_EVENTS, "Suck It Up: there are no cards left to draw")
        elif effect == IM_BAD:
            require(me.alignment == GOOD, R_EVENTS, "I'm Bad turns a good character evil: yours already is")
        elif effect == GOODY_GOODY:
            require(me.alignment == EVIL, R_EVENTS, "Goody-Goody Two-Shoes turns an evil character good: yours is")


def resolve_event(em: Em, rng: Rng, command: PlayCard) -> None:
    effect = card(command.card).effect
    seat, target, chosen = command.seat, command.target_seat, command.target_card
    state = em.state
    if effect == INTO_THE_PIT:
        top = state.player(seat).pile[-1]
        em.emit(CardMoved, R_EVENTS, card=top, from_seat=seat, from_zone=PILE, to_seat=target, to_zone=PILE,
                reason="Into the Pit")
    elif effect == IGNORED:
        for ally in state.player(target).active_allies():
            em.emit(CardMoved, R_EVENTS, card=ally, from_seat=target, from_zone=ALLY_ZONE, to_seat=0, to_zone=DISCARD,
                    reason="Ignored!")
    elif effect == PAYBACK:
        owe(em, rng, target, 1, "Payback's a Bitch", R_EVENTS, at_random=False)
    elif effect == YER_SCREWED:
        weapon = state.player(target).active_weapon()
        em.emit(CardMoved, R_EVENTS, card=weapon, from_seat=target, from_zone=WEAPON, to_seat=0, to_zone=DISCARD,
                reason="Yer Screwed!")
    elif effect == SUCKER_PUNCH:
        discard_random(em, rng, target, 1, "Sucker Punch", R_EVENTS)
    elif effect == SUCK_IT_UP:
        draw_to_hand(em, rng, seat, SUCK_IT_UP_DRAW, "Suck It Up", R_EVENTS)
    elif effect in (ILL_TAKE_THAT, DOUBLE_CROSSED):
        zone = play_zone(chosen)
        em.emit(CardMoved, R_EVENTS, card=chosen, from_seat=target, from_zone=zone, to_seat=seat, to_zone=zone,
                reason=card(command.card).name)
    elif effect in (IM_BAD, GOODY_GOODY):
        flip(em, seat, card(command.card).name, R_EVENTS)
    elif effect == ITS_BACK:
        em.emit(CardMoved, R_EVENTS, card=chosen, from_seat=0, from_zone=DISCARD, to_seat=target, to_zone=PILE,
                reason="It's Back")
    elif effect == S_MART:
        em.emit(CardMoved, R_EVENTS, card=chosen, from_seat=0, from_zone=DISCARD, to_seat=seat,
                to_zone=play_zone(chosen), reason="S-Mart")


def event_targets(state: AodState, seat: int, card_id: str) -> list[tuple[int, str]]:
    """Candidate (target_seat, target_card) pairs for an event; check_event filters them."""
    effect = card(card_id).effect
    others = [s for s in state.seats() if s != seat]
    if effect in OTHER_TARGET:
        return [(s, "") for s in others]
    if effect == ILL_TAKE_THAT:
        found = [(s, c) for s in others for c in (*state.player(s).weapons, *state.player(s).others)]
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

