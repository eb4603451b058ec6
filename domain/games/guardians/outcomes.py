"""What a creature's text does on the outcome of its match-up or its combat, beyond the
match-up's own result (guardians Text Box): Power Stones it gains on being revealed on a
terrain (gain-stones "revealed"), Power Stones the enemy loses (enemy-loses-stones), and
Command Cards destroyed (destroys-command with
when "beats" or "beaten"). combat.py calls these at the moments they name."""

from __future__ import annotations

from domain.games.guardians.board import stronghold_owner
from domain.games.guardians.citations import text_box
from domain.games.guardians.effects import Em, gain_stones, move
from domain.games.guardians.messages import CardDispelled, CreatureStatus, EffectApplied, StonesSpent
from domain.games.guardians.state import DISCARD, combat_now, face, other, seat_of, side
from domain.games.guardians.strength import abilities, has, stronghold_face


def revealed(em: Em, card: str, when: str = "") -> None:
    """A creature revealed in a combat on the terrain its gain-stones "revealed" names
    gives its seat the stones, once: a creature is revealed once a combat; with when
    "command", as the Command Card that takes effect (Judge Dredge)."""
    combat = combat_now(em.state)
    if not has(card, "gain-stones", combat):
        return
    for a in abilities(card, "gain-stones", combat):
        if a.target == "revealed" and a.when == when and a.terrain in combat.terrain:
            gain_stones(em, seat_of(card), card, a.amount, text_box(face(card).name), f"a combat on {a.terrain}")


def matchup_won(em: Em, winner: str, loser: str, margin: int) -> None:
    """The winner's "beats" and the loser's "beaten" texts of this module's kinds."""
    combat = combat_now(em.state)
    if has(winner, "destroys-command", combat):
        _destroy_enemy_command(em, winner, margin)
    if has(loser, "destroys-command", combat):
        _destroy_own_command(em, loser)


def combat_survived(em: Em, survivor: str) -> None:
    """After the combat, a creature that fought and survives it on an enemy stronghold
    space whose card is not rubble: its "survives-stronghold" stones (Thief of Shadow)."""
    combat = combat_now(em.state)
    if not has(survivor, "enemy-loses-stones", combat):
        return
    seat = seat_of(survivor)
    if stronghold_owner(combat.space) != other(seat) or stronghold_face(em.state, combat.space) is None:
        return
    for a in abilities(survivor, "enemy-loses-stones", combat):
        if a.target == "survives-stronghold":
            lost = min(a.amount, em.state.player(other(seat)).stones)
            if lost:
                why = f"{face(survivor).name} survived a combat on its stronghold"
                em.emit(StonesSpent, text_box(face(survivor).name), seat=other(seat), count=lost, reason=why)


def _destroy_enemy_command(em: Em, winner: str, margin: int) -> None:
    """destroys-command "beats": beating its opponent by more than the enemy Command Card's
    printed number (a creature's Vitality, else its Up number: RULES.md) destroys that card."""
    combat = combat_now(em.state)
    if not any(a.when == "beats" for a in abilities(winner, "destroys-command", combat)):
        return
    enemy = side(combat, other(seat_of(winner)))
    if enemy.command and margin > face(enemy.command).vitality:
        _destroy_command(em, enemy.seat, winner, f"beaten by {margin}, more than its {face(enemy.command).vitality}")


def _destroy_own_command(em: Em, loser: str) -> None:
    """destroys-command "beaten": losing a primary match-up destroys its own side's Command
    Card, if it is a creature (Ba Choomba)."""
    combat = combat_now(em.state)
    if not any(a.when == "beaten" for a in abilities(loser, "destroys-command", combat)):
        return
    own = side(combat, seat_of(loser))
    if own.command and face(own.command).is_creature:
        _destroy_command(em, own.seat, loser, f"{face(loser).name} lost its match-up")


def _destroy_command(em: Em, seat: int, source: str, why: str) -> None:
    """`seat`'s Command Card is destroyed by `source`'s text: its command ability ends (as
    dispelled), a creature is destroyed, an Item leaves its stack for the discard pile."""
    one = side(combat_now(em.state), seat)
    card, rule = one.command, text_box(face(source).name)
    em.emit(
        EffectApplied, rule, seat=seat_of(source), source=source, effect="destroys-command", cards=(card,), note=why
    )
    if one.command_live:
        em.emit(CardDispelled, rule, seat=seat, card=card, by=source)
    if face(card).is_creature:
        if card not in one.destroyed:
            em.emit(CreatureStatus, rule, seat=seat, card=card, status="destroyed", by=source)
    elif card in em.state.zone(seat, one.zone):
        move(em, rule, seat, (card,), one.zone, DISCARD, f"destroyed by {face(source).name}")
