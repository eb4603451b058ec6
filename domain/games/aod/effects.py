"""What accepted commands do: each function makes events with the Emitter (and draws
from the generator). None checks a rule: checks.py has made sure of them first.

The flow of a game (set-up, drawing, flips, discards, the end of a turn), the play,
the discard and the switch, the Event cards (aod Events) and the attack.
"""

from __future__ import annotations

from domain.games.aod.cards import ALLY as ALLY_KIND
from domain.games.aod.cards import (
    DOUBLE_CROSSED,
    EVENT,
    EVIL,
    GOOD,
    GOODY_GOODY,
    HAND_SIZE,
    HENRY,
    IGNORED,
    ILL_TAKE_THAT,
    IM_BAD,
    INTO_THE_PIT,
    ITEM,
    ITS_BACK,
    MONSTER,
    PAYBACK,
    S_MART,
    SHEILA,
    SUCK_IT_UP,
    SUCK_IT_UP_DRAW,
    SUCKER_PUNCH,
    YER_SCREWED,
    card,
    parse_characters,
)
from domain.games.aod.citations import (
    R_ALLIES,
    R_ATTACK,
    R_DRAW,
    R_EVENTS,
    R_HEALTH,
    R_ITEMS,
    R_MONSTERS,
    R_OBJECTIVE,
    R_OPT_ALLIES,
    R_OPT_RANDOM,
    R_OPT_TAKE,
    R_OPT_VICTORY,
    R_PLAY,
    R_SETUP,
    R_TURN_LIMIT,
)
from domain.games.aod.combat import attack_outcome, modifiers, needed
from domain.games.aod.messages import (
    Attack,
    AttackDeclared,
    AttackRolled,
    CardMoved,
    CardPlayed,
    CardsDrawn,
    CardSwitched,
    CardTaken,
    CharacterFlipped,
    DeckShuffled,
    DiscardCard,
    DiscardOwed,
    GameDrawn,
    GameStarted,
    GameWon,
    KeepRolled,
    PhaseChanged,
    PlayCard,
    SwitchAlly,
    SwitchItem,
    TurnEnded,
    TurnStarted,
)
from domain.games.aod.state import (
    AFTERMATH,
    ALLY,
    ATTACK,
    DECK,
    DISCARD,
    HAND,
    OTHER,
    PILE,
    RANDOM_ALWAYS,
    RANDOM_CHARACTERS,
    WEAPON,
    AodState,
    play_zone,
    wins,
)
from domain.kernel import Emitter, Rng

Em = Emitter[AodState]

# ---------------------------------------------------------------- the flow of a game


def reshuffle_if_empty(em: Em, rng: Rng) -> None:
    """The discard pile becomes the draw pile once the last card is drawn (aod Draw)."""
    state = em.state
    if not state.deck and state.discard:
        order = tuple(rng.shuffled(state.discard))
        em.emit(DeckShuffled, R_DRAW, order=order, count=len(order), reason="the draw pile ran out")


def draw_to_hand(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    left = count
    while left > 0:
        reshuffle_if_empty(em, rng)
        deck = em.state.deck
        if not deck:
            return
        taken = deck[:left]
        em.emit(CardsDrawn, rule, seat=seat, cards=taken, count=len(taken), reason=reason)
        left -= len(taken)
        reshuffle_if_empty(em, rng)


def reveal_top(em: Em, rng: Rng) -> str:
    """The top card of the draw pile (reshuffling first if needed), or "" if none."""
    reshuffle_if_empty(em, rng)
    return em.state.deck[0] if em.state.deck else ""


def start_game(em: Em, rng: Rng) -> None:
    """Characters, the shuffle, each seat's first Monster, the hands, the first turn (aod Set-up)."""
    characters = parse_characters(em.state.options.characters, len(em.state.players))
    seats = em.state.seats()
    first = seats[characters.index("ash")] if "ash" in characters else seats[0]
    start = seats.index(first)
    order = seats[start:] + seats[:start]
    em.emit(GameStarted, R_SETUP, characters=characters, order=order)
    shuffled = tuple(rng.shuffled(em.state.deck))
    em.emit(DeckShuffled, R_SETUP, order=shuffled, count=len(shuffled), reason="set-up")
    for seat in order:
        while True:
            top = reveal_top(em, rng)
            if not top:
                break
            if card(top).kind == MONSTER:
                em.emit(CardMoved, R_SETUP, card=top, from_seat=0, from_zone=DECK, to_seat=seat, to_zone=PILE,
                        reason="the first Monster starts the pile")
                reshuffle_if_empty(em, rng)
                break
            em.emit(CardMoved, R_SETUP, card=top, from_seat=0, from_zone=DECK, to_seat=0, to_zone=DISCARD,
                    reason="drawn before the first Monster")
            reshuffle_if_empty(em, rng)
    for seat in order:
        draw_to_hand(em, rng, seat, HAND_SIZE, "starting hand", R_SETUP)
    start_turn(em, rng, first, 1)


def start_turn(em: Em, rng: Rng, seat: int, turn: int) -> None:
    em.emit(TurnStarted, R_DRAW, seat=seat, turn=turn)
    draw_to_hand(em, rng, seat, 1, "the turn's draw", R_DRAW)
    if not em.state.player(seat).hand:
        em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def flip(em: Em, seat: int, reason: str, rule: str) -> None:
    """Turn the character over; with the option, his Allies leave (aod Optional)."""
    player = em.state.player(seat)
    alignment = EVIL if player.alignment == GOOD else GOOD
    em.emit(CharacterFlipped, rule, seat=seat, alignment=alignment, reason=reason)
    if em.state.options.discard_allies_on_flip:
        for ally in em.state.player(seat).allies:
            em.emit(CardMoved, R_OPT_ALLIES, card=ally, from_seat=seat, from_zone=ALLY, to_seat=0, to_zone=DISCARD,
                    reason="Allies leave a character who changes sides")


def flip_if_out_of_cards(em: Em, rng: Rng, seat: int) -> bool:
    """At zero cards the character flips and draws back to five (aod Health); True if he
    flipped. The flip ends the damage: discards he still owes are cancelled (our reading)."""
    if em.state.player(seat).hand or em.state.finished:
        return False
    if em.state.owed_seat == seat:
        em.emit(DiscardOwed, R_HEALTH, seat=seat, count=0, reason="the flip ends the discards still owed")
    flip(em, seat, "out of cards", R_HEALTH)
    draw_to_hand(em, rng, seat, HAND_SIZE, "back to five after a flip", R_HEALTH)
    return True


def discard_from_hand(em: Em, rng: Rng, seat: int, card_id: str, reason: str, rule: str) -> bool:
    """Discard face up; True if the character flipped as a result."""
    em.emit(CardMoved, rule, card=card_id, from_seat=seat, from_zone=HAND, to_seat=0, to_zone=DISCARD, reason=reason)
    return flip_if_out_of_cards(em, rng, seat)


def discard_random(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str) -> None:
    for _ in range(count):
        hand = em.state.player(seat).hand
        if not hand:
            return
        if discard_from_hand(em, rng, seat, hand[rng.below(len(hand))], reason, rule):
            return


def owe(em: Em, rng: Rng, seat: int, count: int, reason: str, rule: str, at_random: bool) -> None:
    """`seat` loses `count` cards: at random now, or of his choice (DiscardCard)."""
    if count <= 0 or not em.state.player(seat).hand:
        return
    if at_random:
        discard_random(em, rng, seat, count, reason, rule)
    else:
        em.emit(DiscardOwed, rule, seat=seat, count=count, reason=reason)


def end_turn(em: Em, rng: Rng) -> None:
    """Victory is checked at the end of each turn (aod Objective), then the next seat."""
    state = em.state
    seat, turn = state.active, state.turn
    em.emit(TurnEnded, R_PLAY, seat=seat, turn=turn)
    state = em.state
    holder = state.book_holder
    if holder and state.book_ready:
        reason = wins(state, holder)
        if reason:
            em.emit(GameWon, R_OBJECTIVE, seat=holder, alignment=state.player(holder).alignment, reason=reason)
            return
    limit = state.options.turn_limit
    if limit and turn >= limit:
        em.emit(GameDrawn, R_TURN_LIMIT, reason=f"the turn limit of {limit} turns was reached", turn=turn)
        return
    start_turn(em, rng, state.next_seat(seat), turn + 1)


# ---------------------------------------------------------------- the play step and switches


def play(em: Em, rng: Rng, command: PlayCard) -> None:
    """The card goes onto a pile, into play, or takes effect (aod Play); then the attack step."""
    seat, played = command.seat, command.card
    em.emit(CardPlayed, R_PLAY, seat=seat, card=played, target_seat=command.target_seat,
            target_card=command.target_card)
    kind = card(played).kind
    if kind == MONSTER:
        em.emit(CardMoved, R_MONSTERS, card=played, from_seat=seat, from_zone=HAND, to_seat=command.target_seat,
                to_zone=PILE, reason="played")
    elif kind == EVENT:
        resolve_event(em, rng, command)
        em.emit(CardMoved, R_EVENTS, card=played, from_seat=seat, from_zone=HAND, to_seat=0, to_zone=DISCARD,
                reason="resolved")
    else:
        zone = play_zone(played)
        rule = {WEAPON: R_ITEMS, OTHER: R_ITEMS, ALLY: R_ALLIES}.get(zone, R_OBJECTIVE)
        em.emit(CardMoved, rule, card=played, from_seat=seat, from_zone=HAND, to_seat=seat, to_zone=zone,
                reason="played")
    flip_if_out_of_cards(em, rng, seat)
    if not em.state.finished:
        em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def discard(em: Em, rng: Rng, command: DiscardCard) -> None:
    """A card owed (aod Health), which may end the attack's aftermath; else a discard
    instead of a play (aod Play), which ends the play step."""
    state = em.state
    seat = command.seat
    if state.owed_seat == seat:
        count, reason = state.owed_count, state.owed_reason
        flipped = discard_from_hand(em, rng, seat, command.card, reason, R_HEALTH)
        if not flipped:
            em.emit(DiscardOwed, R_HEALTH, seat=seat, count=count - 1, reason=reason)
        if not em.state.owed_seat and em.state.phase == AFTERMATH:
            finish_attack(em, rng)
        return
    discard_from_hand(em, rng, seat, command.card, "discarded instead of a play", R_PLAY)
    em.emit(PhaseChanged, R_PLAY, seat=seat, phase=ATTACK)


def switch(em: Em, command: SwitchItem | SwitchAlly, zone: str) -> None:
    """The card becomes active in its zone (aod Items, aod Allies)."""
    em.emit(CardSwitched, R_ALLIES if zone == ALLY else R_ITEMS, seat=command.seat, zone=zone, card=command.card)


# ---------------------------------------------------------------- Event cards


def resolve_event(em: Em, rng: Rng, command: PlayCard) -> None:
    """What an Event card does (aod Events; the Events are ours: RULES.md, "Event cards")."""
    effect = card(command.card).effect
    seat, target, chosen = command.seat, command.target_seat, command.target_card
    state = em.state
    if effect == INTO_THE_PIT:
        top = state.player(seat).pile[-1]
        em.emit(CardMoved, R_EVENTS, card=top, from_seat=seat, from_zone=PILE, to_seat=target, to_zone=PILE,
                reason="Into the Pit")
    elif effect == IGNORED:
        for ally in state.player(target).active_allies():
            em.emit(CardMoved, R_EVENTS, card=ally, from_seat=target, from_zone=ALLY, to_seat=0, to_zone=DISCARD,
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


# ---------------------------------------------------------------- the attack step


def attack(em: Em, rng: Rng, command: Attack) -> None:
    """Declare, roll, win or lose (aod Attack, aod Monsters); then, once the discards
    owed are made, the keep rolls."""
    seat = command.seat
    mods, used = modifiers(em.state, command)
    em.emit(AttackDeclared, R_ATTACK, seat=seat, target_seat=command.target_seat, target_card=command.target_card,
            used=used)
    die = rng.die(6)
    total = die + sum(m.value for m in mods)
    options = em.state.options
    won, decided_by = attack_outcome(options, command, die, total)
    em.emit(AttackRolled, decided_by, seat=seat, die=die, modifiers=mods, total=total, needed=needed(command), won=won)
    if command.target_card:
        monster = card(command.target_card)
        if won:
            for _ in range(monster.victory):
                top = reveal_top(em, rng)
                if not top:
                    break
                # Only Items and Allies go into play; every other card drawn, the Necronomicon too, is discarded.
                zone = play_zone(top) if card(top).kind in (ITEM, ALLY_KIND) else ""
                em.emit(CardMoved, R_MONSTERS, card=top, from_seat=0, from_zone=DECK, to_seat=seat if zone else 0,
                        to_zone=zone or DISCARD, reason="drawn for a Victory")
                reshuffle_if_empty(em, rng)
            em.emit(CardMoved, R_ATTACK, card=command.target_card, from_seat=command.target_seat, from_zone=PILE,
                    to_seat=0, to_zone=DISCARD, reason="defeated")
        else:
            count = max(1, monster.victory) if options.discard_by_victory else 1
            rule = R_OPT_VICTORY if options.discard_by_victory else R_ATTACK
            at_random = options.random_discard == RANDOM_ALWAYS
            owe(em, rng, seat, count, f"beaten by {monster.name}", R_OPT_RANDOM if at_random else rule, at_random)
    else:
        winner, loser = (seat, command.target_seat) if won else (command.target_seat, seat)
        winner_player = em.state.player(winner)
        count = 1 + (1 if winner_player.character == SHEILA and winner_player.alignment == EVIL else 0)
        if options.take_from_beaten and em.state.player(loser).hand:
            # The take adds to the loser's discard, which follows it unless the take flipped him.
            hand = em.state.player(loser).hand
            em.emit(CardTaken, R_OPT_TAKE, seat=winner, from_seat=loser, card=hand[rng.below(len(hand))],
                    reason="the winner takes a card from the beaten character")
            if flip_if_out_of_cards(em, rng, loser):
                count = 0
        at_random = options.random_discard in (RANDOM_ALWAYS, RANDOM_CHARACTERS)
        owe(em, rng, loser, count, "beaten by a character", R_OPT_RANDOM if at_random else R_ATTACK, at_random)
    if not em.state.owed_seat:
        finish_attack(em, rng)


def finish_attack(em: Em, rng: Rng) -> None:
    """After the carnage, each used Item with a keep number and each used Ally rolls."""
    seat = em.state.active
    for used in em.state.used:
        player = em.state.player(seat)
        info = card(used)
        zone = play_zone(used)
        if used not in player.stack(zone):
            continue
        if info.kind == ITEM:
            if not info.keep:
                continue
            bonus = 1 if player.character == HENRY and player.alignment == EVIL else 0
            rule = R_ITEMS
        else:
            bonus = 1 if player.character == SHEILA and player.alignment == GOOD else 0
            rule = R_ALLIES
        die = rng.die(6)
        kept = die + bonus >= info.keep
        em.emit(KeepRolled, rule, seat=seat, card=used, die=die, bonus=bonus, needed=info.keep, kept=kept)
        if not kept:
            em.emit(CardMoved, rule, card=used, from_seat=seat, from_zone=zone, to_seat=0, to_zone=DISCARD,
                    reason="failed its keep roll")
    end_turn(em, rng)
