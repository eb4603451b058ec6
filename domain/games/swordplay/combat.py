"""Combat: making an attack, countering it, damage, armour and defeat.

swordplay Combat (attack, target, defence), swordplay Damage (total, armour
first, then life, defeat at zero), swordplay Winning.
"""

from __future__ import annotations

from domain.games.swordplay import cards
from domain.games.swordplay import citations as cite
from domain.games.swordplay.messages import (
    AttackCountered,
    AttackMade,
    DamageDealt,
    HeroDefeated,
    ItemDropped,
    MonsterDefeated,
)
from domain.games.swordplay.monster import roll_damage
from domain.games.swordplay.state import (
    COMBAT,
    DEFEND,
    LEFT,
    MONSTER_SEAT,
    SHATTER,
    Pending,
    State,
)
from domain.games.swordplay.turn import next_living
from domain.games.swordplay.turns import end_turn, finish, require_turn, resume_after_monster
from domain.kernel import Emitter, Rng, require


def attack_damage(state: State, seat: int, card: str) -> int:
    """Base damage + every ready weapon + the attack card's bonus (swordplay Damage)."""
    hero = state.hero(seat)
    weapons = sum(cards.card_def(item).damage for item in hero.items)
    return hero.base_damage + weapons + cards.card_def(card).bonus


def valid_targets(state: State, seat: int) -> tuple[int, ...]:
    """The heroes `seat` may attack: any other living hero, or with attack_targets=left
    and three or more heroes standing, only the next one clockwise."""
    living = state.living()
    if state.attack_targets == LEFT and len(living) >= 3:
        return (next_living(state, seat),)
    return tuple(other for other in living if other != seat)


def _attack_card(state: State, seat: int, card: str) -> None:
    require(card in state.hero(seat).hand, cite.COMBAT, f"{card!r} is not in your hand")
    info = cards.card_def(card)
    require(info.kind == cards.ATTACK, cite.COMBAT, f"{info.name} is not an Attack card")


def attack(em: Emitter[State], seat: int, card: str, target: int) -> None:
    state = em.state
    require_turn(state, seat, COMBAT, cite.COMBAT, "attack")
    _attack_card(state, seat, card)
    targets = valid_targets(state, seat)
    if state.attack_targets == LEFT and len(state.living()) >= 3:
        require(target == targets[0], cite.COMBAT,
                f"with attack_targets=left you may attack only the next hero clockwise, seat {targets[0]}")
    require(target in targets, cite.COMBAT, f"seat {target} is not a living hero you may attack")
    info = cards.card_def(card)
    announced = state.defence_after_damage
    damage = attack_damage(state, seat, card) if announced else 0
    em.emit(AttackMade, cite.COMBAT, attacker=seat, card=card, target_seat=target, direction=info.direction,
            bonus=info.bonus, damage=damage, announced=announced)


def attack_monster(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    state = em.state
    require_turn(state, seat, COMBAT, cite.COMBAT, "attack")
    require(state.monster_alive(), cite.MONSTER, "there is no Monster standing in the arena")
    _attack_card(state, seat, card)
    info = cards.card_def(card)
    damage = attack_damage(state, seat, card)
    em.emit(AttackMade, cite.MONSTER, attacker=seat, card=card, target_seat=MONSTER_SEAT,
            direction=info.direction, bonus=info.bonus, damage=damage, announced=True)
    life = em.state.monster_life - damage
    em.emit(DamageDealt, cite.MONSTER, seat=MONSTER_SEAT, attacker=seat, attack_card=card, damage=damage,
            life_lost=damage, life=life)
    if life <= 0:
        em.emit(MonsterDefeated, cite.MONSTER, by_seat=seat)
    end_turn(em, rng, "attacked the Monster", cite.MONSTER)


def _pending_for(state: State, seat: int) -> Pending:
    pending = state.pending
    require(state.phase == DEFEND and pending is not None, cite.COMBAT, "no attack is waiting for an answer")
    assert pending is not None
    require(seat == pending.target, cite.COMBAT, f"the attack is aimed at seat {pending.target}, not you")
    return pending


def defend(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    pending = _pending_for(em.state, seat)
    require(card in em.state.hero(seat).hand, cite.COMBAT, f"{card!r} is not in your hand")
    info = cards.card_def(card)
    require(info.kind == cards.DEFENCE, cite.COMBAT, f"{info.name} is not a defence card")
    require(pending.direction in info.counters, cite.COMBAT,
            f"{info.name} does not counter an attack aimed {pending.direction}")
    em.emit(AttackCountered, cite.COMBAT, seat=seat, attacker=pending.attacker, card=card, by=cards.DEFENCE,
            attack_card=pending.card)
    _after_attack(em, rng, pending)


def block(em: Emitter[State], rng: Rng, seat: int, card: str) -> None:
    pending = _pending_for(em.state, seat)
    require(card in em.state.hero(seat).items and cards.kind(card) == cards.SHIELD, cite.COMBAT,
            f"{card!r} is not one of your ready shields")
    info = cards.card_def(card)
    require(pending.direction in info.blocks, cite.COMBAT,
            f"your {info.name} does not block an attack aimed {pending.direction}")
    em.emit(AttackCountered, cite.COMBAT, seat=seat, attacker=pending.attacker, card=card, by=cards.SHIELD,
            attack_card=pending.card)
    _after_attack(em, rng, pending)


def take_hit(em: Emitter[State], rng: Rng, seat: int) -> None:
    pending = _pending_for(em.state, seat)
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
            finish(em)
            return
    _after_attack(em, rng, pending)


def _after_attack(em: Emitter[State], rng: Rng, pending: Pending) -> None:
    """An attack is over: the attacker's turn ends, or after the Monster's, the next turn starts."""
    if pending.attacker == MONSTER_SEAT:
        resume_after_monster(em)
    else:
        end_turn(em, rng, "attacked", cite.COMBAT)
