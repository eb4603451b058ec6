"""Texts that roll dice (guardians Text Box): an ability whose amount is rolled
(`Ability.dice`, the kinds of cards.DICE_KINDS) is rolled once, with the game's seeded
generator, as it first acts in a combat: a stronghold card's defence as the combat on
it starts, a creature's own bonus as it is revealed in its primary match-up (or declared
as a secondary attacker). Every die and the total are written in an `EffectApplied`
("roll <kind>"), which evolve keeps among the side's boosts by the card that rolled, so
the totals (strength.py) read the number from the state and a replay never needs the
generator (DESIGN.md section 3). These are effects only: nothing here checks."""

from __future__ import annotations

from domain.games.guardians.board import stronghold_owner
from domain.games.guardians.cards import Ability, dice_of
from domain.games.guardians.citations import R_STRONGHOLDS, text_box
from domain.games.guardians.effects import Em
from domain.games.guardians.messages import EffectApplied
from domain.games.guardians.state import GuardiansState, combat_now, face, seat_of
from domain.games.guardians.strength import (
    abilities,
    defence_ignored,
    has,
    rolls_dice,
    side_of,
    standing,
    stronghold_face,
    yours_in_play,
)
from domain.kernel import Rng


def roll(em: Em, rng: Rng, seat: int, source: str, ability: Ability, rule: str, *, times: int = 1,
         cards: tuple[str, ...] = (), why: str = "", effect: str = "", extra: int = 0) -> tuple[int, ...]:
    """Roll an ability's dice `times` over (once for each thing it counts), add its fixed
    amount as often (and `extra`), and record the faces and the total; a text in play that
    fixes the dice (fixes-dice) sets every face instead. The event's effect is "roll <kind>"
    (kept by the card that rolled), or `effect` where the total goes elsewhere. The faces."""
    count, sides = dice_of(ability.dice)
    fixer, shown = _fixed_dice(em.state, sides)
    faces = tuple(shown if fixer else rng.die(sides) for _ in range(count * times))
    fixed = ability.amount * times + extra
    amount = sum(faces) + fixed
    rolled = f"{count * times}d{sides}{f'{fixed:+d}' if fixed else ''}"
    fixing = f"; {face(fixer).name} fixes each die at {shown}" if fixer else ""
    em.emit(
        EffectApplied,
        rule,
        seat=seat,
        source=source,
        effect=effect or f"roll {ability.kind}",
        amount=amount,
        cards=cards,
        note=f"{rolled}{f' for {why}' if why else ''} ({', '.join(map(str, faces))}){fixing}",
    )
    return faces


def chance(em: Em, rng: Rng, source: str, ability: Ability, rule: str) -> bool:
    """Roll an ability's chance (cards.CHANCE_KINDS): whether its dice show its amount or more.
    The faces and the total are recorded (`EffectApplied` "chance"), never kept: the ability
    acts at once or not at all."""
    count, sides = dice_of(ability.dice)
    fixer, shown = _fixed_dice(em.state, sides)
    faces = tuple(shown if fixer else rng.die(sides) for _ in range(count))
    fixing = f"; {face(fixer).name} fixes each die at {shown}" if fixer else ""
    em.emit(EffectApplied, rule, seat=seat_of(source), source=source, effect="chance", amount=sum(faces),
            note=f"{ability.dice} ({', '.join(map(str, faces))}), {ability.amount} or more to act{fixing}")
    return sum(faces) >= ability.amount


def _fixed_dice(state: GuardiansState, sides: int) -> tuple[str, int]:
    """A creature in play and unbeaten, either side, whose text fixes every die of this
    kind (fixes-dice: Karnis the Transcender), and the face it fixes; ("", 0) if none.
    No number is drawn then: the text decides the face."""
    combat = state.combat
    if combat is None:
        return "", 0
    for card in (*standing(combat.attacker), *standing(combat.defender)):
        if has(card, "fixes-dice", combat):
            for ability in abilities(card, "fixes-dice", combat):
                if ability.target == f"d{sides}":
                    return card, ability.amount
    return "", 0


def roll_defence(em: Em, rng: Rng) -> None:
    """A combat starts on a stronghold space its owner defends: the stronghold card's
    rolled defence is rolled once, before anything else (guardians STRONGHOLDS; rubble
    has no text and rolls nothing)."""
    combat = combat_now(em.state)
    held = stronghold_face(em.state, combat.space)
    if held is None or not rolls_dice(held.key) or stronghold_owner(combat.space) != combat.defender.seat:
        return
    if defence_ignored(em.state, combat.space):
        return  # nothing to roll for: the bonus is ignored (Sewage Backup)
    for ability in held.abilities:
        if ability.kind == "defend-bonus" and ability.dice:
            roll(em, rng, combat.defender.seat, held.key, ability, R_STRONGHOLDS)


def roll_revealed(em: Em, rng: Rng, card: str, *, primary: bool) -> None:
    """A creature revealed in a primary match-up (`primary`) or declared as a secondary
    attacker rolls its own rolled bonuses: primary-bonus as a primary attacker only,
    bonus-per-yours once for each other creature of its target its side has in play then
    (none: nothing rolled)."""
    if not rolls_dice(face(card).key):
        return
    rule = text_box(face(card).name)
    combat = combat_now(em.state)
    for ability in abilities(card, "primary-bonus", combat):
        if ability.dice and primary:
            roll(em, rng, seat_of(card), card, ability, rule, cards=(card,))
    for ability in abilities(card, "bonus-per-yours", combat):
        if ability.dice:
            counted = yours_in_play(combat, side_of(combat, card), card, ability.target)
            if counted:
                why = f"{counted} other {ability.target} in play"
                roll(em, rng, seat_of(card), card, ability, rule, times=counted, cards=(card,), why=why)
