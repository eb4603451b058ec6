"""What an accepted Swordplay command does: the events, through the Emitter.

checks.plan has checked the command; nothing here checks a rule. Each function emits
through the Emitter, so a cascade (a turn ends, the Monster acts, the next turn starts)
is made against the state so far. The Monster's own rolls are in monster.py.
"""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay import citations as cite
from domain.games.swordplay.messages import (
    AttackCountered,
    AttackMade,
    CardDiscarded,
    CardsDrawn,
    DamageDealt,
    DeckShuffled,
    DieRolled,
    FirstPlayerChosen,
    GameDrawn,
    GameWon,
    HeroDefeated,
    ItemDropped,
    ItemReadied,
    MonsterDefeated,
    PhaseStarted,
    TurnEnded,
    TurnStarted,
)
from domain.games.swordplay.monster import monster_attacks, roll_damage
from domain.games.swordplay.state import (
    COMBAT,
    DROPPED,
    MONSTER_SEAT,
    READY,
    SHATTER,
    Pending,
    State,
    attack_damage,
)
from domain.games.swordplay.turn import next_living, round_ends
from domain.kernel import Emitter, Rng

DIE = 10
"""The box's d10 (option `first_player_roll`; the Monster's is its content's)."""

# ---------------------------------------------------------------- the start and the turn order


def start_game(em: Emitter[State], rng: Rng) -> None:
    """Shuffle the combat deck; deal five cards to every hero (option `opening_deal`); seat 1
    starts, or the highest d10 roll (option `first_player_roll`)."""
    em.emit(DeckShuffled, cite.SETUP, order=tuple(rng.shuffled(cards.ALL_CARDS)), reason="start")
    if em.state.opening_deal:
        for seat in range(1, em.state.seats + 1):
            dealt = em.state.deck[: cards.HAND_SIZE]
            em.emit(CardsDrawn, cite.SETUP, seat=seat, cards=dealt, count=len(dealt), reason="start")
    first = _roll_for_first_player(em, rng) if em.state.first_player_roll else 1
    em.emit(FirstPlayerChosen, cite.SETUP, seat=first)
    _start_turn(em, first)


def _roll_for_first_player(em: Emitter[State], rng: Rng) -> int:
    """Every seat rolls the d10; the highest roll starts, tied seats roll again."""
    rolling = tuple(range(1, em.state.seats + 1))
    while len(rolling) > 1:
        rolls = []
        for seat in rolling:
            value = rng.die(DIE)
            em.emit(DieRolled, cite.SETUP, seat=seat, purpose="first player", sides=DIE, value=value)
            rolls.append((value, seat))
        best = max(value for value, _ in rolls)
        rolling = tuple(seat for value, seat in rolls if value == best)
    return rolling[0]


def _start_turn(em: Emitter[State], seat: int) -> None:
    """The next turn begins, unless the turn limit ends the game drawn (swordplay Options)."""
    turn = em.state.turn + 1
    limit = em.state.turn_limit
    if limit and turn > limit:
        em.emit(GameDrawn, cite.OPTIONS, reason=f"the turn limit of {limit} turns was reached")
        return
    em.emit(TurnStarted, cite.PLAYING, seat=seat, turn=turn)


def end_turn(em: Emitter[State], rng: Rng, reason: str, citation: str) -> None:
    """The active hero's turn is over: the Monster attacks at the end of a round, else the
    next hero clockwise takes a turn."""
    state = em.state
    em.emit(TurnEnded, citation, seat=state.active, turn=state.turn, reason=reason)
    state = em.state
    if len(state.living()) <= 1:
        _finish(em)
        return
    following = next_living(state, state.active)
    if state.monster_alive() and round_ends(state, state.active, following):
        monster_attacks(em, rng)
        return
    _start_turn(em, following)


def _resume_after_monster(em: Emitter[State]) -> None:
    """The Monster's attack is answered: the next hero clockwise takes a turn."""
    if len(em.state.living()) <= 1:
        _finish(em)
        return
    _start_turn(em, next_living(em.state, em.state.active))


def _finish(em: Emitter[State]) -> None:
    """The last hero standing wins (swordplay Winning)."""
    living = em.state.living()
    if living:
        em.emit(GameWon, cite.WINNING, seat=living[0], reason="the last hero standing")
    else:
        em.emit(GameDrawn, cite.WINNING, reason="no hero is left standing")


# ---------------------------------------------------------------- Discard, Draw, Ready


def discard(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    em.emit(CardDiscarded, cite.DISCARD, seat=seat, card=card)
    draw(em, rng, seat)


def draw(em: Emitter[State], rng: Rng, seat: int) -> None:
    """Fill the hand to five from the combat deck, reshuffling the discard pile when it runs out."""
    need = cards.HAND_SIZE - len(em.state.hero(seat).hand)
    while need > 0:
        if not em.state.deck:
            if not em.state.discard:
                break
            order = tuple(rng.shuffled(em.state.discard))
            em.emit(DeckShuffled, cite.DRAW, order=order, reason="discard pile reshuffled")
        taken = em.state.deck[:need]
        em.emit(CardsDrawn, cite.DRAW, seat=seat, cards=taken, count=len(taken), reason="draw phase")
        need -= len(taken)
    em.emit(PhaseStarted, cite.READY, seat=seat, phase=READY)


def drop_item(em: Emitter[State], seat: int, card: str) -> None:
    em.emit(ItemDropped, cite.READY, seat=seat, card=card, reason=DROPPED)


def ready_item(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    """A new armour replaces the worn one; readying ends the turn, with no attack (swordplay Ready)."""
    info = cards.card_def(card)
    hero = em.state.hero(seat)
    if info.kind == cards.ARMOR and hero.armor:
        em.emit(ItemDropped, cite.READY, seat=seat, card=hero.armor, reason="replaced by a new armour")
    em.emit(ItemReadied, cite.READY, seat=seat, card=card, kind=info.kind, points=info.points)
    end_turn(em, rng, "readied an item: no attack this turn", cite.READY)


def end_ready(em: Emitter[State], seat: int) -> None:
    em.emit(PhaseStarted, cite.COMBAT, seat=seat, phase=COMBAT)


# ---------------------------------------------------------------- Combat and Damage


def attack(em: Emitter[State], seat: int, card: str, target: int) -> None:
    """The attack waits for its target's answer; its damage is told now with `defence_after_damage`."""
    info = cards.card_def(card)
    announced = em.state.defence_after_damage
    damage = attack_damage(em.state, seat, card) if announced else 0
    em.emit(AttackMade, cite.COMBAT, attacker=seat, card=card, target_seat=target, direction=info.direction,
            bonus=info.bonus, damage=damage, announced=announced)


def attack_monster(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    """The Monster cannot defend: the damage comes off its life at once (swordplay Monster)."""
    info = cards.card_def(card)
    damage = attack_damage(em.state, seat, card)
    em.emit(AttackMade, cite.MONSTER, attacker=seat, card=card, target_seat=MONSTER_SEAT,
            direction=info.direction, bonus=info.bonus, damage=damage, announced=True)
    life = em.state.monster_life - damage
    em.emit(DamageDealt, cite.MONSTER, seat=MONSTER_SEAT, attacker=seat, attack_card=card, damage=damage,
            life_lost=damage, life=life)
    if life <= 0:
        em.emit(MonsterDefeated, cite.MONSTER, by_seat=seat)
    end_turn(em, rng, "attacked the Monster", cite.MONSTER)


def counter(em: Emitter[State], rng: Rng, pending: Pending, seat: int, card: str, by: str) -> None:
    """The target counters the attack with a defence card or a ready shield (`by`): no damage."""
    em.emit(AttackCountered, cite.COMBAT, seat=seat, attacker=pending.attacker, card=card, by=by,
            attack_card=pending.card)
    _after_attack(em, rng, pending)


def take_hit(em: Emitter[State], rng: Rng, pending: Pending, seat: int) -> None:
    """The damage goes to the armour first, the rest comes off life; at 0 the hero is defeated."""
    if pending.announced:
        damage = pending.damage
    elif pending.attacker == MONSTER_SEAT:
        damage = roll_damage(em, rng)
    else:
        damage = attack_damage(em.state, pending.attacker, pending.card)
    hero = em.state.hero(seat)
    absorbed = min(hero.armor_points, damage)
    points = hero.armor_points - absorbed
    life = hero.life - (damage - absorbed)
    em.emit(DamageDealt, cite.DAMAGE, seat=seat, attacker=pending.attacker, attack_card=pending.card,
            damage=damage, absorbed=absorbed, life_lost=damage - absorbed, life=life, armor_points=points)
    if hero.armor and em.state.armour_destruction == SHATTER and absorbed > 0:
        em.emit(ItemDropped, cite.DAMAGE, seat=seat, card=hero.armor, reason="armour shattered")
    elif hero.armor and points == 0:
        em.emit(ItemDropped, cite.DAMAGE, seat=seat, card=hero.armor, reason="armour used up")
    if life <= 0:
        hero = em.state.hero(seat)
        lost = hero.hand + ((hero.armor,) if hero.armor else ()) + hero.items
        em.emit(HeroDefeated, cite.DAMAGE, seat=seat, by_seat=pending.attacker, cards=lost)
        if len(em.state.living()) <= 1:
            _finish(em)
            return
    _after_attack(em, rng, pending)


def _after_attack(em: Emitter[State], rng: Rng, pending: Pending) -> None:
    """An attack is over: the attacker's turn ends, or after the Monster's, the next turn starts."""
    if pending.attacker == MONSTER_SEAT:
        _resume_after_monster(em)
    else:
        end_turn(em, rng, "attacked", cite.COMBAT)
