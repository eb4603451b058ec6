"""Attacks (aod Attack, aod Monsters, aod Items, aod Allies) and keep rolls."""

from __future__ import annotations

from domain.games.aod.cards import (
    ALLIES_TAG,
    ARCHER_CAPTAIN_CROSSBOW_BONUS,
    ARTHUR,
    ASH,
    CHARACTER_TARGET,
    COMPLEX,
    CROSSBOW_ABILITY,
    CROSSBOW_TAG,
    EVIL,
    GOOD,
    HENRY,
    ITEM,
    SHEILA,
    SWORD_TAG,
    card,
)
from domain.games.aod.cards import ALLY as ALLY_KIND
from domain.games.aod.citations import (
    R_ALLIES,
    R_ATTACK,
    R_ITEMS,
    R_MONSTERS,
    R_NATURAL_ROLLS,
    R_OPT_RANDOM,
    R_OPT_TAKE,
    R_OPT_VICTORY,
)
from domain.games.aod.messages import (
    Attack,
    AttackDeclared,
    AttackRolled,
    CardMoved,
    CardTaken,
    KeepRolled,
    Modifier,
)
from domain.games.aod.state import (
    DECK,
    DISCARD,
    PILE,
    RANDOM_ALWAYS,
    RANDOM_CHARACTERS,
    AodState,
    Options,
    play_zone,
)
from domain.games.aod.turns import (
    Em,
    check_health,
    end_turn,
    owe,
    reshuffle_if_empty,
    reveal_top,
)
from domain.kernel import Rng


def _effective(card_id: str, immune: tuple[str, ...]) -> bool:
    """A card whose category or tags a monster is immune to gives nothing (aod Monsters)."""
    return not any(mark in immune for mark in card(card_id).marks())


def modifiers(state: AodState, command: Attack) -> tuple[tuple[Modifier, ...], tuple[str, ...]]:
    """Every bonus of an attack and the cards that take part in it.

    Cards a monster is immune to take no part: no bonus, no character modifier riding
    on them, no keep roll afterwards.
    """
    player = state.player(command.seat)
    immune = card(command.target_card).immune if command.target_card else ()
    found: list[Modifier] = []
    used: list[str] = []
    weapon = player.active_weapon() if command.use_weapon else ""
    if weapon and not _effective(weapon, immune):
        weapon = ""
    other = player.active_other() if command.use_other else ""
    if other and not _effective(other, immune):
        other = ""
    allies = player.active_allies() if command.use_allies and ALLIES_TAG not in immune else ()
    for item in (weapon, other):
        if item:
            used.append(item)
            found.append(Modifier(source=card(item).name, value=card(item).bonus))
    for ally in allies:
        used.append(ally)
        info = card(ally)
        if info.bonus:
            found.append(Modifier(source=info.name, value=info.bonus))
        if info.ability == CROSSBOW_ABILITY and weapon and CROSSBOW_TAG in card(weapon).tags:
            found.append(Modifier(source=f"{info.name} with a crossbow", value=ARCHER_CAPTAIN_CROSSBOW_BONUS))
    character, good = player.character, player.alignment == GOOD
    if good and character == ASH and weapon and card(weapon).category == COMPLEX:
        found.append(Modifier(source="Ash with a complex weapon", value=1))
    if good and character == HENRY and weapon and SWORD_TAG in card(weapon).tags:
        found.append(Modifier(source="Henry with a sword", value=1))
    if good and character == ARTHUR:
        found.extend(Modifier(source=f"Arthur with {card(a).name}", value=1) for a in allies)
    if not good and character == ASH and not command.target_card:
        found.append(Modifier(source="Evil Ash against a character", value=1))
    if not good and character == ARTHUR and state.book_holder == command.seat:
        found.append(Modifier(source="Evil Arthur with the Necronomicon", value=1))
    return tuple(m for m in found if m.value), tuple(used)


def needed(command: Attack) -> int:
    return card(command.target_card).number if command.target_card else CHARACTER_TARGET


def attack_outcome(options: Options, command: Attack, die: int, total: int) -> tuple[bool, str]:
    """Won or not, and the rule that decided it: the modified total against the number
    needed (aod Attack). The rulebook states the natural 6 that always wins and the
    natural 1 that always loses for Monsters only; a house rule extends them to
    attacks on characters."""
    if die in (1, 6):
        if command.target_card:
            return die == 6, R_ATTACK
        if options.natural_rolls_against_characters:
            return die == 6, R_NATURAL_ROLLS
    return total >= needed(command), R_ATTACK


def resolve_attack(em: Em, rng: Rng, command: Attack) -> None:
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
            if check_health(em, rng, loser):
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

