"""Card texts that act in combat (texts.py names the cards; combat.py calls these at
their moment): the Eye of Missile Mayhem, the upgrades fired instead of a Command Card
(fired-aoe: the Flame Cannon), Bone Fright, the Titans and the Giant Aunts (guardians Text
Box). The Horse's bonus is a term of the totals (strength.py) and the Djinn's push ends
its match-up (combat.py)."""

from __future__ import annotations

from domain.games.guardians import texts
from domain.games.guardians.cards import Ability
from domain.games.guardians.citations import (
    R_GIANT_AUNTS,
    R_RANGED_RETURN,
    R_TEXT,
    R_TITANS,
    text_box,
)
from domain.games.guardians.effects import Em
from domain.games.guardians.messages import (
    ChangeSize,
    EffectApplied,
    FireIdol,
    IdolFired,
    PlayCard,
    SizeChanged,
    StonesSpent,
    StrongholdRuined,
)
from domain.games.guardians.state import (
    Answer,
    Combat,
    GuardiansState,
    column_upgrades,
    combat_now,
    face,
    seat_of,
    side,
)
from domain.games.guardians.strength import (
    abilities,
    defending_stronghold,
    has,
    may_fire,
    size_of,
    standing,
    stronghold_card,
)
from domain.kernel import Rng, RuleViolation, require

# ---------------------------------------------------------------- Eye of Missile Mayhem


def check_ranged_return(state: GuardiansState, command: PlayCard) -> None:
    """Played after a match-up is resolved, before you lay the next creature (combat's
    check_play_card has checked that the combat is at that step), once a ranged attacker
    has fired."""
    mine = side(combat_now(state), command.seat)
    require(not mine.choice, R_RANGED_RETURN, "play it after a match-up is resolved, before you lay your next creature")
    require(bool(mine.ranged), R_RANGED_RETURN, "none of your ranged attackers has fired in this combat")


def resolve_ranged_return(em: Em, rng: Rng, played: Answer) -> None:
    """Your ranged attackers of this combat come back to your Combat Hand."""
    if played.stands:
        mine = side(combat_now(em.state), played.seat)
        em.emit(
            EffectApplied,
            R_RANGED_RETURN,
            seat=played.seat,
            source=played.card,
            effect="ranged-return",
            cards=tuple(c for c in mine.ranged if c not in mine.beaten),  # a Thunder Hawk fired is beaten
        )


# ---------------------------------------------------------------- upgrades fired (fired-aoe: the Flame Cannon)


def fired_upgrade(state: GuardiansState, seat: int) -> str:
    """The seat's upgrade that fires instead of a Command Card (fired-aoe: the Flame Cannon)
    and covers this combat's space (state.column_upgrades), "" if none."""
    combat = combat_now(state)
    return next((c for c in column_upgrades(state, seat, combat.space) if has(c, "fired-aoe", combat)), "")


def fired_aoe(card: str) -> Ability:
    [found] = abilities(card, "fired-aoe")
    return found


def idol_amount(card: str, stones: int) -> int:
    """The AOE's points: its amount for the first Power Stone, per-extra-stone's for each further one."""
    extra = sum(a.amount for a in abilities(card, "per-extra-stone"))
    return fired_aoe(card).amount + extra * (stones - 1)


def check_fire_idol(state: GuardiansState, command: FireIdol) -> str:
    """The upgrade that fires (combat's check has checked that the seat declares now)."""
    seat = command.seat
    idol = fired_upgrade(state, seat)
    require(
        bool(idol),
        R_TEXT,
        "you have no upgrade to fire in place of a Command Card (a Flame Cannon) beside the stronghold space of "
        "this land's column",
    )
    stones = state.player(seat).stones
    require(1 <= command.stones <= stones, text_box(face(idol).name), f"fire it with 1 to {stones} Power Stones")
    return idol


def fire_idol(em: Em, command: FireIdol, idol: str) -> None:
    """The upgrade fires instead of a Command Card: the seat declares none (combat.py goes on)."""
    seat, name = command.seat, face(idol).name
    rule = text_box(name)
    em.emit(StonesSpent, rule, seat=seat, count=command.stones, reason=f"{name} fired")
    em.emit(IdolFired, rule, seat=seat, idol=idol, stones=command.stones, amount=idol_amount(idol, command.stones))


# ---------------------------------------------------------------- Bone Fright


def check_may_pass(state: GuardiansState, seat: int) -> None:
    """Against Bone Fright in the match-up, a seat fires every ranged attack it may first."""
    combat = combat_now(state)
    facing = combat.a_card if seat == combat.defender.seat else combat.d_card
    if facing and face(facing).key in texts.RANGED_MAGNETS and may_fire(state, seat):
        raise RuleViolation(
            text_box(face(facing).name), f"fire every ranged attack you may against {face(facing).name} before passing"
        )


# ---------------------------------------------------------------- the Titans


def check_change_size(state: GuardiansState, combat: Combat, command: ChangeSize) -> None:
    """A Titan face up on the table takes another size in a window where its seat acts
    (combat's check has checked the window)."""
    card = command.card
    require(
        card in standing(side(combat, command.seat)) and face(card).key in texts.TITANS,
        R_TITANS,
        f"{card} is not a Titan of yours face up on the table",
    )
    rule = text_box(face(card).name)
    require(command.size in texts.SIZE_CUTS, rule, "a Titan is L, M or S")
    require(command.size != size_of(card, combat), rule, f"the Titan is {command.size} already")


def change_size(em: Em, command: ChangeSize) -> None:
    em.emit(SizeChanged, text_box(face(command.card).name), seat=command.seat, card=command.card, size=command.size)


# ---------------------------------------------------------------- Giant Aunts


def wreck_stronghold(em: Em, winner: str, loser: str) -> None:
    """Giant Aunts beating a stronghold's defender in a primary match-up ruin its card."""
    state = em.state
    combat = combat_now(state)
    if face(winner).key not in texts.STRONGHOLD_WRECKERS or not defending_stronghold(combat, loser):
        return
    held = stronghold_card(state, combat.space)
    if held not in state.player(seat_of(loser)).rubble:
        em.emit(StrongholdRuined, R_GIANT_AUNTS, seat=seat_of(loser), card=held, by=winner)
