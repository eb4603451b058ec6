"""Activated abilities (cards.py: activated): a choice a seat makes for its card in play,
paid in Power Stones, whose effect is another ability kind (its target names it).

- dispels-command, "command": UseAbility in the Command Cards' window, by the seat's Shield
  in the combat, naming the enemy's live Command Card (guardians COMBAT).
- dispels-spell, "answer": UseAbility while the enemy's Spell waits for its answer, by the
  seat's Guardian ("guardian"), naming that Spell: it is negated as by a Dispel Magic
  (answers.py).
- returns-lost, "survives": Redeem, after the combat: a creature lost in it goes back to
  its seat's Storage Hand (a Skeletal Minion by its own text, any creature of a Shield that
  has the ability).
- control-bonus, "control": UseAbility in the control window (combat.py), by the seat's
  upgrade that covers the land fought on, naming nothing: one point more to the card's
  control-bonus for each use (the Large Idol, guardians COMBAT RESOLUTION).
- no-channeling, "enemy-channels": UseAbility by the seat's Guardian right after the enemy's
  channeling (reactions.py): it is taken back, and nobody channels for the rest of the combat
  (Siin, Stealer of the Power, guardians CHANNELING); the seat's move is made.
- fires-ranged, "match-up": UseAbility on the seat's move in a primary match-up's modify
  window, by its standing Command Card, naming nothing: the card fires its ranged attack
  (its fires-ranged amount) into the seat's match-up creature (combat.py; Handles O'Rourke,
  guardians Ranged Attacks).

A discards-for ability is used with UseAbility too, its price a card discarded (named as the
target) instead of Power Stones: "command", in the Command Cards' window, by the seat's
standing Command Card, whose AOE the amount raises (Mayor McEvil); "match-up", in a primary
match-up's Spell windows, by the seat's creature of the match-up (Slatch Willer, Zelda) or
its standing Command Card, not a creature (Mighty Tiki God), the amount (or the dice rolled)
going to that creature for the match-up.

- returns-lost "pen", "between-match-ups": UseAbility in the choose step after a primary
  match-up, before its seat lays, by its standing Command Card, naming a beaten creature of its
  side: it is set out of the combat and goes back to the Creature Pen (Guardian Angel).
- destroys-both, "match-up": UseAbility on the seat's move in a primary match-up's Spell windows,
  by its standing Command Card, naming a creature of the target in the match-up, either side's:
  both match-up creatures are destroyed and the match-up ends (Farmer Brown; combat.py).

A heal paid in stones is the heals kind's own amount (combat.py: Heal), not an activated
ability. Each use pays its price first (StonesSpent, the card's Text Box cited), then the effect's
own events."""

from __future__ import annotations

from functools import cache

from domain.games.guardians import dice, reactions
from domain.games.guardians.cards import Ability, Card, card
from domain.games.guardians.citations import R_COMBAT, R_GAME, R_RANGED, text_box
from domain.games.guardians.effects import Em, move, window_move
from domain.games.guardians.messages import (
    PAID_BONUS,
    CardDispelled,
    CreatureStatus,
    EffectApplied,
    Redeem,
    StonesSpent,
    UseAbility,
)
from domain.games.guardians.reveals import waits_to_lay
from domain.games.guardians.state import (
    DISCARD,
    PEN,
    STORAGE,
    GuardiansState,
    Side,
    column_upgrades,
    combat_now,
    face,
    hand,
    other,
    seat_of,
    side,
)
from domain.games.guardians.strength import card_fits, matches, standing
from domain.kernel import Rng, RuleViolation, require

GUARDIAN = "guardian"
"""UseAbility's `card` for the seat's Guardian (a Guardian is a card key, not a card instance)."""
USED = ("dispels-command", "dispels-spell", "control-bonus", "destroys-both", "fires-ranged", "cancels-bribe",
        "no-channeling")
"""The effects used with UseAbility (returns-lost is used with Redeem, but its "pen")."""
PEN_RETURN = ("returns-lost", "pen")
"""returns-lost's effect used with UseAbility: a beaten creature back to the Creature Pen."""


def _used(ability: Ability) -> bool:
    return effect(ability)[0] in USED or effect(ability) == PEN_RETURN


@cache
def _activated(key: str) -> tuple[Ability, ...]:
    return tuple(a for a in card(key).abilities if a.kind == "activated")


def effect(ability: Ability) -> tuple[str, str]:
    """An activated ability's effect: its kind and that kind's target."""
    kind, _, target = ability.target.partition(":")
    return kind, target


def ability_of(key: str, kind: str) -> Ability | None:
    """A card's activated ability whose effect is of `kind`, None if it has none."""
    return next((a for a in _activated(key) if effect(a)[0] == kind), None)


@cache
def discards_for(key: str) -> Ability | None:
    """A card's discards-for ability, None if it has none."""
    return next((a for a in card(key).abilities if a.kind == "discards-for"), None)


def source_card(state: GuardiansState, seat: int, source: str) -> Card:
    """The card a UseAbility names: the seat's Guardian, or a card instance."""
    return card(state.player(seat).guardian) if source == GUARDIAN else face(source)


def _paid(state: GuardiansState, seat: int, info: Card, ability: Ability) -> None:
    require(
        state.player(seat).stones >= ability.amount,
        text_box(info.name),
        f"it costs {ability.amount} Power Stone{'s' if ability.amount != 1 else ''} and you have fewer",
    )


def _pay(em: Em, seat: int, info: Card, ability: Ability, reason: str) -> None:
    if not ability.amount:
        return  # a use that costs nothing (Farmer Brown's detonation)
    em.emit(StonesSpent, text_box(info.name), seat=seat, count=ability.amount, reason=reason)


# ---------------------------------------------------------------- UseAbility


def check_use(state: GuardiansState, command: UseAbility) -> Ability:
    """The ability used: the card is the seat's and in play, the moment is its, the seat
    can pay and the target is one it may name."""
    seat = command.seat
    if command.card != GUARDIAN and not (state.holds(command.card) and seat_of(command.card) == seat):
        raise RuleViolation(R_GAME, f"{command.card or 'nothing'} is not a card of yours")
    info = source_card(state, seat, command.card)
    rule = text_box(info.name)
    discarding = discards_for(info.key)
    if discarding is not None:
        _check_discard(state, command, discarding, rule)
        return discarding
    ability = next((a for a in _activated(info.key) if _used(a)), None)
    if ability is None:
        raise RuleViolation(rule, f"{info.name} has no ability to use now")
    kind, target = effect(ability)
    if state.answer is not None and kind != "dispels-spell":  # only the answer may come now (answers.py)
        raise RuleViolation(rule, "use it once the Spell or Item played has its answer")
    if kind == "dispels-command":
        _check_dispels_command(state, command, rule)
    elif kind == "control-bonus":
        _check_control_bonus(state, command, rule)
    elif kind == "returns-lost":
        _check_pen_return(state, command, rule)
    elif kind == "destroys-both":
        _check_detonation(state, command, target, rule)
    elif kind == "fires-ranged":
        _check_fires_ranged(state, command, rule)
    elif kind == "cancels-bribe":
        _check_cancels_bribe(state, command, target, info.name)
    elif kind == "no-channeling":
        reactions.answering(state, command.seat, "enemy-channels", info.name)
        require(not command.target, rule, "it names no target")
    else:
        _check_dispels_spell(state, command, rule)
    _paid(state, seat, info, ability)
    return ability


def _check_dispels_command(state: GuardiansState, command: UseAbility, rule: str) -> None:
    """In the Command Cards' window, on the seat's move, by its Shield in this combat."""
    combat = state.combat
    if combat is None or combat.stage != "command-window" or state.answer is not None:
        raise RuleViolation(rule, "use it once both Command Cards are face up, before they take effect")
    if combat.actor != command.seat:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    mine, theirs = side(combat, command.seat), side(combat, other(command.seat))
    require(command.card == mine.shield, rule, "it acts only as your Shield in this combat")
    require(
        bool(theirs.command) and theirs.command_live and command.target == theirs.command,
        rule,
        "name the enemy's Command Card that stands",
    )


def _standing_command(state: GuardiansState, command: UseAbility, rule: str) -> Side:
    """The seat's side, whose live Command Card is the card used (as the Command Card only)."""
    combat = state.combat
    if combat is None:
        raise RuleViolation(rule, "it acts in a combat, as your Command Card")
    mine = side(combat, command.seat)
    require(command.card == mine.command and mine.command_live, rule, "it acts only as your standing Command Card")
    return mine


def _check_pen_return(state: GuardiansState, command: UseAbility, rule: str) -> None:
    """Between primary match-ups, before the seat lays its next creature, a beaten creature of its side."""
    mine = _standing_command(state, command, rule)
    combat = state.combat
    assert combat is not None
    require(combat.stage == "choose" and not mine.choice and state.answer is None, rule,
            "use it between primary match-ups, before you lay your next creature")
    require(not waits_to_lay(combat, command.seat), rule, "the enemy lays first in this match-up: use it after")
    require(command.target in mine.beaten and command.target in state.zone(command.seat, mine.zone), rule,
            "name a beaten creature of yours")


def _check_detonation(state: GuardiansState, command: UseAbility, target: str, rule: str) -> None:
    """In a primary match-up's Spell windows, on the seat's move, a creature of the target in it."""
    _standing_command(state, command, rule)
    combat = state.combat
    assert combat is not None
    if combat.stage not in ("spells", "modify") or combat.secondary or state.answer is not None:
        raise RuleViolation(rule, "use it in a primary match-up, once bribery is over")
    if combat.actor != command.seat:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    require(command.target in (combat.a_card, combat.d_card) and matches(target, command.target, combat), rule,
            f"name a creature of the match-up that is one of the {target}")


def _check_control_bonus(state: GuardiansState, command: UseAbility, rule: str) -> None:
    """In the seat's control window, by an upgrade of its that covers the land fought on."""
    combat = state.combat
    if combat is None or combat.stage != "control" or state.answer is not None:
        raise RuleViolation(rule, "use it in your control window, before control of the space is counted")
    if combat.actor != command.seat:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    require(
        command.card in column_upgrades(state, command.seat, combat.space),
        rule,
        f"it covers only the two lands of its column, not {combat.space}",
    )
    require(not command.target, rule, "it names no target")


def _check_fires_ranged(state: GuardiansState, command: UseAbility, rule: str) -> None:
    """On the seat's move in a primary match-up's modify window, by its standing Command
    Card, where the seat may fire ranged attacks (guardians Ranged Attacks)."""
    combat = state.combat
    if combat is None or combat.stage != "modify" or state.answer is not None:
        raise RuleViolation(rule, "it fires in a primary match-up, where ranged attacks are fired")
    if combat.actor != command.seat:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    mine = side(combat, command.seat)
    require(
        command.card == mine.command and mine.command_live and command.card in standing(mine),
        rule,
        "it fires only as your Command Card standing in this combat",
    )
    require(command.seat not in combat.no_ranged, R_RANGED, "no ranged attacks on this space or in this combat")
    require(not command.target, rule, "it names no target")


DISCARD_WINDOWS = {"command": ("command-window",), "match-up": ("spells", "modify")}
"""The combat steps where a discards-for ability is used, by its `when`."""


def discard_receiver(state: GuardiansState, seat: int, source: str, ability: Ability) -> str:
    """What a card discarded for `source` now raises (discards-for): the AOE of `source` as the
    standing Command Card ("command"); in a primary match-up ("match-up") `source` itself as
    the seat's creature of the match-up, or the seat's creature as `source` stands as its
    Command Card (not a creature); "" if `source` may not use it now."""
    combat = state.combat
    if combat is None or state.answer is not None or combat.stage not in DISCARD_WINDOWS.get(ability.when, ()):
        return ""
    mine = side(combat, seat)
    command = source == mine.command and mine.command_live and source not in mine.destroyed
    if ability.when == "command":
        return source if command else ""
    creature = combat.a_card if seat == combat.attacker.seat else combat.d_card
    if source == creature or (command and not face(source).is_creature):
        return creature
    return ""


def discardable(state: GuardiansState, seat: int, ability: Ability) -> tuple[str, ...]:
    """The cards a seat may discard for a discards-for ability (its target "<zone>:<what>"):
    those of <what> (card words) in its Storage Hand ("storage") or, creatures, left in its
    Combat Hand ("hand")."""
    zone, _, what = ability.target.partition(":")
    combat = state.combat
    if zone == "hand":
        cards = hand(state, side(combat, seat)) if combat is not None else ()
    else:
        cards = state.zone(seat, STORAGE)
    return tuple(c for c in cards if card_fits(what, c))


def _check_discard(state: GuardiansState, command: UseAbility, ability: Ability, rule: str) -> None:
    """Its moment and its card (discard_receiver), the seat's move, a card it may discard."""
    combat = state.combat
    if combat is not None and combat.actor != command.seat and combat.stage in DISCARD_WINDOWS[ability.when]:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    if not discard_receiver(state, command.seat, command.card, ability):
        moment = "as your standing Command Card, once both Command Cards are face up" if ability.when == "command" \
            else "in a primary match-up, as your creature in it or your standing Command Card"
        raise RuleViolation(rule, f"use it {moment}")
    if command.target not in discardable(state, command.seat, ability):
        raise RuleViolation(rule, f"name a card of yours to discard for it ({ability.target})")


def discard_for(em: Em, rng: Rng, command: UseAbility, ability: Ability) -> None:
    """The card named is discarded (its price); its amount, or the dice rolled, goes to what
    it raises for this match-up (Combat.bonus); the use is the seat's move."""
    seat, source, paid = command.seat, command.card, command.target
    rule = text_box(face(source).name)
    into = discard_receiver(em.state, seat, source, ability)
    move(em, rule, seat, (paid,), em.state.zone_of(paid), DISCARD, f"discarded for {face(source).name}")
    why = f"{face(paid).name} discarded"
    if ability.dice:
        dice.roll(em, rng, seat, source, ability, rule, cards=(into,), why=why, effect="discards-for")
    else:
        em.emit(EffectApplied, rule, seat=seat, source=source, effect="discards-for", amount=ability.amount,
                cards=(into,), note=why)
    window_move(em, seat, passed=False)


def _check_cancels_bribe(state: GuardiansState, command: UseAbility, target: str, name: str) -> None:
    """Right after the enemy's bribery of a creature of the seat's (reactions.py), by a
    creature still in the seat's Combat Hand."""
    reactions.check_bribe_answer(state, command.seat, target, name)
    combat = state.combat
    assert combat is not None
    require(command.card in hand(state, side(combat, command.seat)), text_box(name), "it answers from your Combat Hand")
    require(not command.target, text_box(name), "it names no target")


def control_payers(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The seat's upgrades covering this combat's land whose control-bonus it may still pay
    points for (activated control-bonus, when "control"), with the stones to pay."""
    combat = state.combat
    if combat is None:
        return ()
    stones = state.player(seat).stones
    return tuple(
        c
        for c in column_upgrades(state, seat, combat.space)
        if (ability := ability_of(face(c).key, "control-bonus")) is not None and stones >= ability.amount
    )


def _check_dispels_spell(state: GuardiansState, command: UseAbility, rule: str) -> None:
    """While the enemy's Spell waits for its answer, on the seat's turn to answer."""
    pending = state.answer
    require(
        pending is not None and pending.actor == command.seat and pending.seat == other(command.seat),
        rule,
        "use it while an enemy Spell waits for your answer",
    )
    assert pending is not None
    require(face(pending.card).kind == "spell", rule, f"{face(pending.card).name} is not a Spell")
    require(pending.stands, rule, f"{face(pending.card).name} is dispelled already")
    require(command.target == pending.card, rule, f"name the Spell answered, {pending.card}")


def use(em: Em, command: UseAbility, ability: Ability) -> None:
    """The price, then the effect's events."""
    seat = command.seat
    info = source_card(em.state, seat, command.card)
    source = info.key if command.card == GUARDIAN else command.card
    kind = effect(ability)[0]
    if ability.amount:
        _pay(em, seat, info, ability, f"ability: {source}")
    rule = text_box(info.name)
    if kind == "cancels-bribe":  # the seat's move goes on (reactions.py)
        reactions.cancel_bribe(em, seat, source, effect(ability)[1])
    elif kind == "no-channeling":  # the enemy's channeling just made is taken back, then no more
        act = reactions.answered(em.state)
        em.emit(EffectApplied, rule, seat=seat, source=source, effect="channel-change", amount=-act.amount,
                cards=(act.into,))
        em.emit(EffectApplied, rule, seat=seat, source=source, effect="no-channeling")
        window_move(em, seat, passed=False)
    elif kind == "dispels-command":
        em.emit(CardDispelled, rule, seat=other(seat), card=command.target, by=source)
        window_move(em, seat, passed=False)
    elif kind == "control-bonus":  # kept by the card until control is counted (control.py)
        em.emit(EffectApplied, rule, seat=seat, source=source, effect=PAID_BONUS, amount=1)
    elif kind == "returns-lost":  # out of the combat, back to the Creature Pen
        one = side(combat_now(em.state), seat)
        em.emit(CreatureStatus, rule, seat=seat, card=command.target, status="out", by=source)
        move(em, rule, seat, (command.target,), one.zone, PEN, f"returned to the Creature Pen by {info.name}")
    elif kind == "dispels-spell":  # the answer goes on, as after a Dispel Magic (answers.py)
        em.emit(CardDispelled, rule, seat=other(seat), card=command.target, by=source)
    # destroys-both: its effect is combat.detonate's


def uses(state: GuardiansState, seat: int) -> list[UseAbility]:
    """The candidates of UseAbility for a seat now (plan checks each)."""
    found: list[UseAbility] = []
    pending = state.answer
    if pending is not None:
        if ability_of(state.player(seat).guardian, "dispels-spell") is not None:
            found.append(UseAbility(seat=seat, card=GUARDIAN, target=pending.card))
        return found
    combat = state.combat
    if combat is not None:
        command = side(combat, seat).command
        found += [UseAbility(seat=seat, card=command, target=t)
                  for t in (*side(combat, seat).beaten, combat.a_card, combat.d_card)
                  if t and command and any(_used(a) for a in _activated(face(command).key))]
    if combat is not None and combat.stage == "command-window":
        mine, theirs = side(combat, seat), side(combat, other(seat))
        if mine.shield and theirs.command and ability_of(face(mine.shield).key, "dispels-command") is not None:
            found.append(UseAbility(seat=seat, card=mine.shield, target=theirs.command))
    if combat is not None and combat.stage == "control":
        found += [UseAbility(seat=seat, card=c) for c in control_payers(state, seat)]
    if combat is not None and combat.stage == "modify":
        command = side(combat, seat).command
        if command and ability_of(face(command).key, "fires-ranged") is not None:
            found.append(UseAbility(seat=seat, card=command))
    act = reactions.reaction(state)
    if act is not None and act.when == "enemy-channels" and ability_of(state.player(seat).guardian, "no-channeling"):
        found.append(UseAbility(seat=seat, card=GUARDIAN))
    if combat is not None and act is not None and act.when == "enemy-bribes":
        found += [UseAbility(seat=seat, card=c) for c in hand(state, side(combat, seat))
                  if ability_of(face(c).key, "cancels-bribe") is not None]
    if combat is not None and combat.stage in ("command-window", "spells", "modify"):
        mine = side(combat, seat)
        for source in dict.fromkeys(c for c in (mine.command, combat.a_card, combat.d_card) if c):
            discarding = discards_for(face(source).key)
            if discarding is not None and discard_receiver(state, seat, source, discarding):
                found += [UseAbility(seat=seat, card=source, target=c) for c in discardable(state, seat, discarding)]
    return found


# ---------------------------------------------------------------- Redeem: returns-lost


def redeemer(one: Side, creature: str) -> tuple[str, Ability] | None:
    """What brings a side's lost creature back, and at what price: its own text
    (target "self"), else its Shield's (target "shield"); None if nothing does."""
    own = ability_of(face(creature).key, "returns-lost")
    if own is not None and effect(own)[1] == "self":
        return creature, own
    if one.shield:
        shield = ability_of(face(one.shield).key, "returns-lost")
        if shield is not None and effect(shield)[1] == "shield":
            return one.shield, shield
    return None


def redeemable(state: GuardiansState, one: Side, returning: tuple[str, ...]) -> tuple[str, ...]:
    """A side's creatures lost in this combat that its seat may still buy back."""
    stones = state.player(one.seat).stones
    lost = set(one.beaten) | set(one.destroyed)
    found = []
    for creature in state.zone(one.seat, one.zone):
        if creature in lost and creature not in returning:
            back = redeemer(one, creature)
            if back is not None and stones >= back[1].amount:
                found.append(creature)
    return tuple(found)


def check_redeem(command: Redeem, choices: tuple[str, ...]) -> None:
    """The creature bought back is one of `choices` (redeemable)."""
    if command.card not in choices:
        raise RuleViolation(
            text_box(face(command.card).name), f"{command.card} is not a creature of yours you may buy back now"
        )


def redeem(em: Em, command: Redeem, one: Side) -> None:
    back = redeemer(one, command.card)
    assert back is not None
    source, ability = back
    info = face(source)
    _pay(em, command.seat, info, ability, f"{face(command.card).name} returns")
    price = "a Power Stone" if ability.amount == 1 else f"{ability.amount} Power Stones"
    move(em, text_box(info.name), command.seat, (command.card,), one.zone, STORAGE, f"returned for {price}")
