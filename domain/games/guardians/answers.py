"""Answering a Spell or an Item with Dispel Magic, whose text negates any Spell, Item
or Command Card effect, but not channeling (guardians Text Box; RULES.md, Answering a
Spell or Item).

A Spell or Item played waits before it takes effect: the enemy may dispel it or pass;
after a Dispel Magic, the caster may dispel that one or pass, and so on. The first pass
closes the answer, and the card takes effect if it stands. Command Cards are answered
in their own window (combat.py), and a Dispel Magic is answered only within the answer
it is played in. The answer opens for every Spell and Item, whatever the enemy holds,
so that its opening tells nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.games.guardians import texts
from domain.games.guardians.cards import card
from domain.games.guardians.messages import AnswerClosed, AnswerOpened, CardDispelled, Pass, PlayCard
from domain.games.guardians.state import DRAWN, ORGANIZE, STORAGE, Answer, GuardiansState, other
from domain.games.guardians.strength import face
from domain.games.guardians.turns import R_SPELLS, Em, spend
from domain.kernel import Command, RuleViolation, require

R_ANSWER = "guardians answering a Spell or Item"

Resolver = Callable[[Em, Answer], None]
"""What a Spell or Item does once its answer is closed: its effect if it stands, then
whatever follows its play either way (rules.RESOLVERS names one for each)."""


def await_answer(em: Em, seat: int, card: str, target: str = "") -> None:
    """`seat` has played `card` (spent, its costs paid): the enemy answers first."""
    em.emit(AnswerOpened, R_ANSWER, seat=seat, card=card, target=target, actor=other(seat))


def dispels(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The Dispel Magic cards a seat may play now: from its Storage Hand, or in Draw &
    Organize from the cards it drew too, unless a Curse of the Betrayed names it."""
    if card(texts.DISPEL_MAGIC).name in state.player(seat).cursed:
        return ()
    zones = (DRAWN, STORAGE) if state.phase == ORGANIZE else (STORAGE,)
    return tuple(c for zone in zones for c in state.zone(seat, zone) if face(c).key == texts.DISPEL_MAGIC)


def answer(em: Em, command: Command, resolvers: Mapping[str, Resolver]) -> None:
    """The only commands while a Spell or Item waits: its answerer's Dispel Magic naming
    it, or its answerer's pass, which closes the answer."""
    pending = em.state.answer
    assert pending is not None
    name = face(pending.card).name
    require(command.seat == pending.actor, R_ANSWER, f"seat {pending.actor} answers the {name} now")
    if isinstance(command, Pass):
        em.emit(AnswerClosed, R_ANSWER, seat=command.seat, card=pending.card, stands=pending.stands)
        resolvers[face(pending.card).key](em, pending)
        return
    if not (isinstance(command, PlayCard) and face(command.card).key == texts.DISPEL_MAGIC):
        raise RuleViolation(R_ANSWER, f"the {name} waits for an answer: a Dispel Magic naming it, or a pass")
    require(
        command.card in dispels(em.state, command.seat),
        R_SPELLS,
        f"{command.card} is not a Dispel Magic you may play now",
    )
    require(command.target == pending.card, R_SPELLS, f"Dispel Magic names the card answered, {pending.card}")
    spend(em, command.seat, command.card, "Dispel Magic", from_zone=em.state.zone_of(command.card))
    em.emit(CardDispelled, R_SPELLS, seat=pending.seat, card=pending.card, by=command.card)


def answers(state: GuardiansState, seat: int) -> list[Command]:
    """The answerer's commands: a pass, or a Dispel Magic naming the card."""
    pending = state.answer
    if pending is None or pending.actor != seat:
        return []
    return [Pass(seat=seat), *(PlayCard(seat=seat, card=c, target=pending.card) for c in dispels(state, seat))]
