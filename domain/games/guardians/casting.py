"""Spells, Hand Items and Accessories whose whole text is keyword abilities (cards.py):
the one general way to play them (guardians SPELLS, Text Box; RULES.md, Spells, Items
and Accessories played by their abilities).

- When: its "play" ability's `when`. "draw": in Draw & Organize, from the cards just
  drawn or the Storage Hand; "up": in the Movement phase's opening window, after the Up
  cards; "movement": that window or a combat's Spell windows (after bribery, and the
  modifiers' windows); "any-time", or no "play" ability: any of these; "moving": on the
  seat's own movement turn, before it turns a Shield or while that Shield moves;
  "enemy-ranged", "enemy-channels": in answer to the enemy's ranged attack or channeling,
  on the seat's move right after it (reactions.py).
- Cost: its "costs-stones" amount, paid as it is played (a Spell dispelled has cost it).
- Target: PlayCard's `target`, for a card whose ability needs one (destroy-in-play, a
  retrieve that names a card of the discard pile: retrieval.py), else none; an
  extra-steps Spell's answer names the Shield being moved. A target is checked
  against what its caster sees (the state veiled for it), and every refusal of one reads
  the same, so no refusal tells of a hidden card.
- It is spent and waits for the enemy's answer (answers.py); if it stands, `resolve`
  applies its abilities. An Accessory then lies next to its seat's Guardian (zone
  ACCESSORIES, face up) and its abilities act while it is there; a Spell whose effect
  lasts the turn lies face up in IN_EFFECT until the next Draw & Organize.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from domain.games.guardians import dice, reactions, retrieval, reveals
from domain.games.guardians.answers import await_answer, check_may_play
from domain.games.guardians.board import SPACES
from domain.games.guardians.card_words import target_words
from domain.games.guardians.cards import Ability, Card, face_entry, stone_cost
from domain.games.guardians.citations import R_MOVE, R_ORGANIZE, R_RANGED, R_SLOW_DOWN, R_SPELLS, text_box
from domain.games.guardians.combat import (
    acting,
    aoe_strike,
    destroy_matchup,
    end_unfought,
    fire_by_text,
    fired_strength,
    leave_unchallenged,
    resolve_matchup,
    return_to_pen,
    text_shot,
)
from domain.games.guardians.effects import Em, begin_settlement, gain_stones, move, spend, turn_up_cards, window_move
from domain.games.guardians.messages import (
    CreatureStatus,
    EffectApplied,
    PlayCard,
    StonesSpent,
    TurnEffect,
    TurnPassed,
    WindowMove,
)
from domain.games.guardians.organize import organizing
from domain.games.guardians.reactions import CHANNELING_ANSWERS, RANGED_ANSWERS
from domain.games.guardians.spells import in_opening, on_own_move
from domain.games.guardians.state import (
    ACCESSORIES,
    COMBAT,
    DISCARD,
    DRAWN,
    IN_EFFECT,
    MOVEMENT,
    OPENING,
    ORGANIZE,
    STORAGE,
    UP,
    Answer,
    GuardiansState,
    combat_now,
    face,
    other,
    seat_of,
    side,
    unturned,
)
from domain.games.guardians.strength import has, matches, standing
from domain.kernel import Rng, RuleViolation, require

CAST_KINDS = ("spell", "hand-item", "accessory")
SPELL_STEPS = ("spells", "modify", "secondary-modify")
MATCHUP_STEPS = ("spells", "modify")
"""A primary match-up's Spell windows: where a card played "in a match-up" is played."""
"""A combat's steps where Spells are cast (guardians SPELLS: after bribery, and the
modifiers' windows), as Power Lunch is."""
WINDOWS = {
    "draw": (ORGANIZE,),
    "up": (MOVEMENT,),
    "movement": (MOVEMENT, COMBAT),
    "any-time": (ORGANIZE, MOVEMENT, COMBAT),
    "moving": (MOVEMENT,),
    "match-up": (COMBAT,),
    "enemy-ranged": (COMBAT,),
    "enemy-channels": (COMBAT,),
    "enemy-bribes": (COMBAT,),
}
"""The phases whose windows each timing allows."""
IN_EFFECT_KINDS = ("guardian-sets", "extra-flights", "another-move", "no-channeling")
"""Abilities of a Spell that lies in IN_EFFECT while it acts (until the next Draw & Organize,
or until it is used: movement.py)."""
IN_PLAY_ZONES = {"terrain": "terrain:", "upgrade": "upgrade:"}
"""destroy-in-play's targets: the zones (by prefix) holding such cards, face up."""


@cache
def general(card_id: str) -> bool:
    """Whether a card instance is played the general way (this module). (Cached by
    instance: the legal lists ask it of every card held, some five times a command.)"""
    info = face(card_id)
    return info.kind in CAST_KINDS and info.text == "keyword" and not info.command_play


def timing(info: Card) -> str:
    """Its "play" ability's moment, any-time if it names none (RULES.md)."""
    return next((a.when for a in info.abilities if a.kind == "play" and a.when), "any-time")


def _destroyed(info: Card) -> str:
    """What its destroy-in-play names ("terrain", "upgrade"), "" if it has none."""
    return next((a.target for a in info.abilities if a.kind == "destroy-in-play"), "")


def _in_play(state: GuardiansState, what: str) -> dict[str, tuple[int, str]]:
    """Cards of a kind face up in play, by instance: their seat and zone."""
    prefix = IN_PLAY_ZONES[what]
    found: dict[str, tuple[int, str]] = {}
    for name, cards in state.zones.items():
        seat, zone = name.split(":", 1)
        if zone.startswith(prefix):
            found.update((c, (int(seat), zone)) for c in cards)
    return found


def targets(state: GuardiansState, seat: int, card_id: str) -> tuple[str, ...]:
    """The targets a seat may name for a card: the cards it sees in play for a
    destroy-in-play, those of its discard pile a retrieve may take, else none ("")."""
    info = face(card_id)
    chooser = retrieval.chooser(info)
    if chooser is not None:
        return retrieval.choices(state, seat, chooser)
    if _on_space(info):
        return SPACES
    amplified = next((a for a in info.abilities if a.kind == "aoe-fired"), None)
    if amplified is not None:  # the seat's ranged attackers of the target fired in this match-up
        combat = state.combat
        fired = combat.fired if combat is not None and state.phase == COMBAT else ()
        return tuple(c for c in fired if seat_of(c) == seat and matches(amplified.target, c)) or ("",)
    what = _destroyed(info)
    return tuple(sorted(_in_play(state.veiled(seat), what))) if what else ("",)


def _on_space(info: Card) -> bool:
    """Whether a card is played on a space (PlayCard's target: no-channeling "near")."""
    return any(a.kind == "no-channeling" and a.target == "near" for a in info.abilities)


# ---------------------------------------------------------------- plan


def check_cast(state: GuardiansState, command: PlayCard) -> str:
    """Its moment, the seat's turn to act, its cost, its target: the zone it comes from."""
    seat, info = command.seat, face(command.card)
    rule = text_box(info.name)
    when = timing(info)
    if state.phase not in WINDOWS[when]:
        raise RuleViolation(R_SPELLS, f"{info.name} is not played in the {state.phase} phase")
    if state.phase == ORGANIZE:
        organizing(state, seat)
        zones: tuple[str, ...] = (DRAWN, STORAGE)
    elif when == "moving":
        on_own_move(state, seat)
        zones = (STORAGE,)
    elif when in reactions.WHENS:
        reactions.answering(state, seat, when, info.name)
        zones = (STORAGE,)
    elif state.phase == MOVEMENT:
        in_opening(state, seat)
        zones = (STORAGE,)
    else:
        # "match-up": a primary match-up's Spell windows only, never a secondary attack's.
        acting(state, seat, *(MATCHUP_STEPS if when == "match-up" else SPELL_STEPS))
        zones = (STORAGE,)
    zone = state.zone_of(command.card) if seat_of(command.card) == seat else ""
    if zone not in zones:
        where = "your hand or Storage Hand" if state.phase == ORGANIZE else "your Storage Hand"
        raise RuleViolation(R_ORGANIZE if state.phase == ORGANIZE else R_SPELLS, f"{command.card} is not in {where}")
    price = stone_cost(info)
    require(state.player(seat).stones >= price, rule, f"it costs {price} Power Stones and you have fewer")
    for ability in info.abilities:
        _check_ability(state, command, ability, rule)
    if _on_space(info):
        require(command.target in SPACES, rule, "name the space it is played on (a1..c4)")
    elif not (_destroyed(info) or retrieval.chooser(info) or info.has("aoe-fired")):
        require(not command.target, rule, f"{info.name} names no target")
    check_may_play(state, seat, command.card)
    return zone


def _check_ability(state: GuardiansState, command: PlayCard, ability: Ability, rule: str) -> None:
    if ability.kind == "play-limit" and ability.limit == "in-play":
        name = ability.target.removeprefix("name:")
        shown = (c for seat in (1, 2) for c in state.zone(seat, ACCESSORIES))
        require(not any(face(c).name.lower() == name for c in shown), rule, "one of that name is in play already")
    elif ability.kind == "steal-stones":
        require(state.player(other(command.seat)).stones > 0, rule, "the enemy has no Power Stone to take")
    elif ability.kind == "destroy-in-play":
        seen = _in_play(state.veiled(command.seat), ability.target)
        # The same words whether the card named is hidden, elsewhere or no card at all.
        where = "a Terrain card face up on a land" if ability.target == "terrain" else "a stronghold upgrade in play"
        require(command.target in seen and command.target in _in_play(state, ability.target), rule, f"name {where}")
    elif ability.kind == "extra-steps":
        require(bool(state.moving) and state.mode != "reinforce", rule, "play it while your turned Shield moves")
        require(not state.player(command.seat).slowed, R_SLOW_DOWN, "your Shields move one space at most this turn")
    elif ability.kind == "pass-move":
        require(not state.moving, rule, "pass before you turn a Shield")
        require(unturned(state, other(command.seat)), rule, "the enemy has no Shield left to turn")
    elif ability.kind == "unchallenged":
        combat = combat_now(state)
        require(
            matches(ability.target, combat.a_card, combat) or matches(ability.target, combat.d_card, combat),
            rule,
            f"play it on a match-up with {target_words(ability.target)} in it",
        )
    elif ability.kind in ("returns-opponent", "destroys-both"):
        combat = combat_now(state)
        theirs = combat.d_card if command.seat == combat.attacker.seat else combat.a_card
        wanted = target_words(ability.target)
        require(matches(ability.target, theirs, combat), rule, f"the enemy's creature does not match ({wanted})")
    elif ability.kind == "destroys-enemy-command":
        combat = combat_now(state)
        mine = combat.a_card if command.seat == combat.attacker.seat else combat.d_card
        wanted = target_words(ability.target)
        require(matches(ability.target, mine, combat), rule, f"your match-up creature is not one of the {wanted}")
    elif ability.kind in CHANNELING_ANSWERS:
        reactions.check_answer(state, command.seat, ability.kind, face(command.card).name)
    elif ability.kind == "cancels-bribe":
        reactions.check_bribe_answer(state, command.seat, ability.target, face(command.card).name)
    elif ability.kind == "fires-ranged":
        _check_text_shot(state, command.seat, ability, rule)
    elif ability.kind == "aoe-fired":
        combat = combat_now(state)
        require(combat.stage == "modify", rule, "play it as ranged attacks are fired, in the modifiers' window")
        require(
            command.target in combat.fired and seat_of(command.target) == command.seat
            and matches(ability.target, command.target),
            rule,
            f"name a ranged attacker of yours fired in this match-up, one of the {target_words(ability.target)}",
        )
    elif ability.kind == "another-move":
        left = sum(1 for s in state.shields_of(command.seat) if not s.turned)
        require(left > (0 if state.moving else 1), rule, "you have no other Shield left to turn")
    elif ability.kind == "retrieve":
        retrieval.check_retrieve(state, command.seat, command.target, ability, rule)
    elif ability.kind == "takes-up":
        retrieval.check_takes_up(state, command.seat, rule)


def _check_text_shot(state: GuardiansState, seat: int, ability: Ability, rule: str) -> None:
    """A Spell or Item that fires a ranged attack (fires-ranged, Standard of the Elements): in
    the modify window, where ranged attacks are fired and allowed; its target "command:<what>":
    the seat's standing Command Card must be a creature of <what>."""
    combat = combat_now(state)
    require(combat.stage == "modify", rule, "it fires as ranged attacks are fired, in the modifiers' window")
    require(seat not in combat.no_ranged, R_RANGED, "no ranged attacks on this space or in this combat")
    wanted = ability.target.removeprefix("command:")
    mine = side(combat, seat)
    require(
        bool(mine.command) and mine.command_live and face(mine.command).is_creature
        and matches(wanted, mine.command, combat),
        rule,
        f"your Command Card standing in this combat must be one of the {target_words(wanted)}",
    )


# ---------------------------------------------------------------- apply


def _roll_outcome(em: Em, rng: Rng, seat: int, source: str, ability: Ability) -> None:
    """roll-outcome (Summon Entropy Storm): the caster's match-up creature's fate by the die;
    the match-up ends at once either way (guardians Text Box)."""
    combat = combat_now(em.state)
    mine = combat.a_card if seat == combat.attacker.seat else combat.d_card
    who, _, table = ability.target.partition(":")
    extra = ability.amount if who and matches(who, mine, combat) else 0
    rule = text_box(face(source).name)
    faces = dice.roll(em, rng, seat, source, replace(ability, amount=0), rule, cards=(mine,), effect="rolled outcome",
                      extra=extra)
    if face_entry(table, sum(faces) + extra) == "wins":
        resolve_matchup(em, rng, forced="attacker" if seat == combat.attacker.seat else "defender")
        return
    fate = "beaten" if has(mine, "indestructible", combat) else "destroyed"
    em.emit(CreatureStatus, rule, seat=seat, card=mine, status=fate, by=source)
    end_unfought(em, rng)


def cast(em: Em, command: PlayCard, zone: str) -> None:
    """The card is spent, its cost paid, and it waits for the enemy's answer."""
    seat, info = command.seat, face(command.card)
    rule = text_box(info.name)
    spend(em, seat, command.card, info.name, from_zone=zone, rule=rule)
    price = stone_cost(info)
    if price:
        em.emit(StonesSpent, rule, seat=seat, count=price, reason=f"cast: {info.name}")
    # An extra-steps Spell is for the Shield being moved: its answer names it.
    target = em.state.moving if info.has("extra-steps") else command.target
    await_answer(em, seat, command.card, target)


def resolve(em: Em, rng: Rng, played: Answer) -> None:
    """Its abilities act if it stands; the window it was played in goes on either way
    (unless the card ended it: Peace)."""
    phase, window = em.state.phase, em.state.window
    if played.stands:
        _effects(em, rng, played)
    if em.state.phase != phase or em.state.finished:
        return
    if phase == MOVEMENT and window == OPENING:
        em.emit(WindowMove, R_SPELLS, seat=played.seat, passed=False, actor=other(played.seat))
    elif phase == COMBAT and combat_now(em.state).stage in SPELL_STEPS:  # not if the card ended the match-up
        window_move(em, played.seat, passed=False)
        if played.stands and face(played.card).has("fires-ranged"):  # its ranged attack may be answered
            combat = combat_now(em.state)
            into = combat.a_card if played.seat == combat.attacker.seat else combat.d_card
            reactions.open_window(em, "enemy-ranged", played.seat, played.card, into,
                                  text_shot(em.state, played.seat, played.card))


def _effects(em: Em, rng: Rng, played: Answer) -> None:
    seat, info = played.seat, face(played.card)
    rule = text_box(info.name)
    if info.kind == "accessory":
        move(em, rule, seat, (played.card,), DISCARD, ACCESSORIES, "next to the Guardian")
    for ability in info.abilities:
        kind = ability.kind
        if kind == "gain-stones":
            gain_stones(em, seat, played.card, ability.amount, rule, info.name)
        elif kind == "steal-stones":
            taken = min(ability.amount, em.state.player(other(seat)).stones)
            em.emit(StonesSpent, rule, seat=other(seat), count=taken, reason=f"taken by {info.name}")
            gain_stones(em, seat, played.card, taken, rule, "taken from the enemy")
        elif kind == "destroy-in-play":
            owner, zone = _in_play(em.state, ability.target)[played.target]
            move(em, rule, owner, (played.target,), zone, DISCARD, f"destroyed by {info.name}")
        elif kind in IN_EFFECT_KINDS and played.card not in em.state.zone(seat, IN_EFFECT):
            move(em, rule, seat, (played.card,), DISCARD, IN_EFFECT, "in effect this turn")
            if kind == "no-channeling":
                em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="no-channeling", target=played.target)
        elif kind == "extra-steps":
            em.emit(TurnEffect, rule, seat=seat, source=played.card, effect="extra-step", target=played.target)
        elif kind == "pass-move":
            em.emit(EffectApplied, rule, seat=seat, source=played.card, effect="pass-move")
            em.emit(TurnPassed, R_MOVE, seat=other(seat))
        elif kind == "new-up-cards":
            for each in (1, 2):
                move(em, rule, each, em.state.zone(each, UP), UP, DISCARD, info.name)
            turn_up_cards(em, rng)
        elif kind == "shows":
            reveals.show(em, played.card, ability)
        elif kind == "unchallenged":
            combat = combat_now(em.state)
            leave_unchallenged(em, played.card, (combat.a_card, combat.d_card))
            end_unfought(em, rng)
        elif kind == "returns-opponent":
            combat = combat_now(em.state)
            theirs = combat.d_card if seat == combat.attacker.seat else combat.a_card
            return_to_pen(em, theirs, played.card)
            end_unfought(em, rng)
        elif kind == "destroys-both":
            destroy_matchup(em, rng, rule, played.card)
        elif kind == "destroys-enemy-command":
            combat = combat_now(em.state)
            enemy = side(combat, other(seat))
            if enemy.command in standing(enemy):  # a creature, laid as the Command Card, still there
                fate = "beaten" if has(enemy.command, "indestructible", combat) else "destroyed"
                em.emit(CreatureStatus, rule, seat=enemy.seat, card=enemy.command, status=fate, by=played.card)
        elif kind in RANGED_ANSWERS or kind in CHANNELING_ANSWERS:
            reactions.answer(em, seat, played.card, kind)
        elif kind == "fires-ranged":
            fire_by_text(em, seat, played.card)
        elif kind == "aoe-fired":  # an AOE of the attack's strength (The Great Balderoon)
            aoe_strike(em, seat, played.card, fired_strength(em.state, played.target), "plain")
        elif kind == "roll-outcome":
            _roll_outcome(em, rng, seat, played.card, ability)
        elif kind == "cancels-bribe":
            creature = reactions.answered(em.state).into
            reactions.cancel_bribe(em, seat, played.card, ability.target)
            if ability.target.startswith("unchallenged"):  # the match-up ends, both left unchallenged
                combat = combat_now(em.state)
                leave_unchallenged(em, played.card, (creature, combat.d_card if creature == combat.a_card
                                                     else combat.a_card))
                end_unfought(em, rng)
        elif kind == "retrieve":
            retrieval.retrieve(em, seat, played.card, played.target, ability, rule)
        elif kind == "takes-up":
            retrieval.take_up(em, seat, played.card, rule)
        elif kind == "no-ranged":
            em.emit(EffectApplied, rule, seat=seat, source=played.card, effect="no-ranged", cards=(str(other(seat)),))
        elif kind == "skip-to":
            em.emit(EffectApplied, rule, seat=seat, source=played.card, effect="skip-to", note="Terrain Settlement")
            begin_settlement(em, rng)
