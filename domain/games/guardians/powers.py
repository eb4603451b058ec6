"""Card texts that act in combat (texts.py names the cards; combat.py calls these at
their moment): the Standard Bearer that makes the enemy lay first, the Eye of Missile
Mayhem, the Large Idol, Bone Fright, the Titans, the Giant Aunts, the Iron Crag
Boggler and the Skeletal Minion (guardians Text Box). The Horse's bonus is a term of
the totals (strength.py) and the Djinn's push ends its match-up (combat.py)."""

from __future__ import annotations

from domain.games.guardians import texts
from domain.games.guardians.board import is_land, strongholds
from domain.games.guardians.messages import (
    ChangeSize,
    EffectApplied,
    FireIdol,
    IdolFired,
    PlayCard,
    Redeem,
    SizeChanged,
    StonesSpent,
    StrongholdRuined,
    TypeDeclared,
)
from domain.games.guardians.state import (
    DISCARD,
    STORAGE,
    Answer,
    Combat,
    GuardiansState,
    Side,
    other,
    seat_of,
    side,
    upgrade,
)
from domain.games.guardians.strength import defending_stronghold, face, size_of, standing, stronghold_card
from domain.games.guardians.table import acting, combat_of, may_fire, window_move
from domain.games.guardians.turns import R_TEXT, Em, move
from domain.kernel import RuleViolation, require


def _named(rule_card: str) -> str:
    return f"{R_TEXT} ({rule_card})"


# ---------------------------------------------------------------- Standard Bearer Maitz's Lightning 04


def _bearer(one: Side) -> bool:
    return bool(one.shield) and face(one.shield).key in texts.TYPE_FIRST_BEARERS


def _first_lay(one: Side) -> bool:
    """The side has laid no primary creature yet in this combat."""
    return not one.choice and not any(c != one.command for c in one.played)


def waits_for_type(combat: Combat, seat: int) -> bool:
    """Whether `seat`'s Standard Bearer makes the enemy lay its first creature, and say
    its type, before `seat` lays (two such bearers cancel out: RULES.md)."""
    mine, theirs = side(combat, seat), side(combat, other(seat))
    return _bearer(mine) and not _bearer(theirs) and _first_lay(theirs)


def declare_type(em: Em, seat: int, card: str) -> None:
    """`seat` laid the creature the enemy's bearer waited for: its type is said."""
    em.emit(
        TypeDeclared,
        _named("Standard Bearer Maitz's Lightning 04"),
        seat=seat,
        creature_type=face(card).creature_type,
    )


# ---------------------------------------------------------------- Eye of Missile Mayhem


def check_ranged_return(state: GuardiansState, command: PlayCard) -> None:
    """Played after a match-up is resolved, before you lay the next creature (play_card
    has checked that the combat is at that step), once a ranged attacker has fired."""
    mine = side(combat_of(state), command.seat)
    rule = _named("Eye of Missile Mayhem")
    require(not mine.choice, rule, "play it after a match-up is resolved, before you lay your next creature")
    require(bool(mine.ranged), rule, "none of your ranged attackers has fired in this combat")


def resolve_ranged_return(em: Em, played: Answer) -> None:
    """Your ranged attackers of this combat come back to your Combat Hand."""
    if played.stands:
        mine = side(combat_of(em.state), played.seat)
        em.emit(
            EffectApplied,
            _named("Eye of Missile Mayhem"),
            seat=played.seat,
            source=played.card,
            effect="ranged-return",
            cards=mine.ranged,
        )


# ---------------------------------------------------------------- Large Idol


def idol_for(state: GuardiansState, seat: int) -> str:
    """The seat's Large Idol that covers this combat's space: an Idol beside a stronghold
    space covers the two lands of its column (RULES.md), "" if none."""
    combat = combat_of(state)
    if not is_land(combat.space):
        return ""
    for space in strongholds(seat):
        for card in state.zone(seat, upgrade(space)):
            if face(card).key == texts.LARGE_IDOL and space[0] == combat.space[0]:
                return card
    return ""


def idol_amount(stones: int) -> int:
    return texts.IDOL_BASE + texts.IDOL_PER_STONE * (stones - 1)


def fire_idol(em: Em, command: FireIdol) -> None:
    """The Idol fires instead of a Command Card: the seat declares none (combat.py goes on)."""
    seat = command.seat
    acting(em.state, seat, "declare")
    rule = _named("Large Idol")
    idol = idol_for(em.state, seat)
    require(bool(idol), rule, "you have no Large Idol beside the stronghold space of this land's column")
    stones = em.state.player(seat).stones
    require(1 <= command.stones <= stones, rule, f"fire it with 1 to {stones} Power Stones")
    em.emit(StonesSpent, rule, seat=seat, count=command.stones, reason="Large Idol fired")
    em.emit(IdolFired, rule, seat=seat, idol=idol, stones=command.stones, amount=idol_amount(command.stones))


# ---------------------------------------------------------------- Bone Fright


def check_may_pass(state: GuardiansState, seat: int) -> None:
    """Against Bone Fright in the match-up, a seat fires every ranged attack it may first."""
    combat = combat_of(state)
    facing = combat.a_card if seat == combat.defender.seat else combat.d_card
    if facing and face(facing).key in texts.RANGED_MAGNETS and may_fire(state, seat):
        raise RuleViolation(
            _named(face(facing).name), f"fire every ranged attack you may against {face(facing).name} before passing"
        )


# ---------------------------------------------------------------- the Titans


def change_size(em: Em, command: ChangeSize) -> None:
    """A Titan face up on the table takes another size in a window where its seat acts
    (in the modify window that is the seat's move)."""
    combat = acting(em.state, command.seat, "modify", "secondary-modify")
    card = command.card
    require(
        card in standing(side(combat, command.seat)) and face(card).key in texts.TITANS,
        _named("Male Titan, Female Titan"),
        f"{card} is not a Titan of yours face up on the table",
    )
    rule = _named(face(card).name)
    require(command.size in texts.SIZE_CUTS, rule, "a Titan is L, M or S")
    require(command.size != size_of(card, combat), rule, f"the Titan is {command.size} already")
    em.emit(SizeChanged, rule, seat=command.seat, card=card, size=command.size)
    if combat.stage == "modify":
        window_move(em, command.seat, passed=False)


# ---------------------------------------------------------------- Giant Aunts


def wreck_stronghold(em: Em, winner: str, loser: str) -> None:
    """Giant Aunts beating a stronghold's defender in a primary match-up ruin its card."""
    state = em.state
    combat = combat_of(state)
    if face(winner).key not in texts.STRONGHOLD_WRECKERS or not defending_stronghold(combat, loser):
        return
    held = stronghold_card(state, combat.space)
    if held not in state.player(seat_of(loser)).rubble:
        em.emit(StrongholdRuined, _named("Giant Aunts"), seat=seat_of(loser), card=held, by=winner)


# ---------------------------------------------------------------- Iron Crag Boggler


def strip_items(em: Em, a_card: str, d_card: str) -> None:
    """A Boggler laid in a match-up: the enemy discards the creature Magic Items in its stack."""
    combat = combat_of(em.state)
    for card in (a_card, d_card):
        if face(card).key not in texts.ITEM_STRIPPERS:
            continue
        enemy = side(combat, other(seat_of(card)))
        items = tuple(c for c in em.state.zone(enemy.seat, enemy.zone) if face(c).kind == "creature-item")
        if items:
            move(
                em, _named("Iron Crag Boggler"), enemy.seat, items, enemy.zone, DISCARD, f"discarded: {face(card).name}"
            )


# ---------------------------------------------------------------- Skeletal Minion


def redeemable(state: GuardiansState, one: Side, returning: tuple[str, ...]) -> tuple[str, ...]:
    """A side's Minions lost in this combat that its seat may still buy back."""
    if state.player(one.seat).stones < 1:
        return ()
    lost = set(one.beaten) | set(one.destroyed)
    return tuple(
        c
        for c in state.zone(one.seat, one.zone)
        if c in lost and c not in returning and face(c).key in texts.REDEEMABLE
    )


def redeem(em: Em, command: Redeem, choices: tuple[str, ...]) -> None:
    rule = _named("Skeletal Minion")
    require(command.card in choices, rule, f"{command.card} is not a Minion of yours lost in this combat")
    combat = combat_of(em.state)
    em.emit(StonesSpent, rule, seat=command.seat, count=1, reason="Skeletal Minion returns")
    move(
        em, rule, command.seat, (command.card,), side(combat, command.seat).zone, STORAGE, "returned for a Power Stone"
    )
