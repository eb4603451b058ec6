"""Playing a Spell or an Item: what may forbid it (a Curse of the Betrayed), and its
answer with Dispel Magic, whose text negates any Spell, Item or Command Card effect,
but not channeling (guardians Text Box; RULES.md, Answering a Spell or Item).

A Spell or Item played waits before it takes effect: the enemy may dispel it or pass;
after a Dispel Magic, the caster may dispel that one or pass, and so on. The first pass
closes the answer, and the card takes effect if it stands. Command Cards are answered
in their own window (combat.py), and a Dispel Magic is answered only within the answer
it is played in. The answer opens for every Spell and Item, whatever the enemy holds,
so that its opening tells nothing."""

from __future__ import annotations

from collections.abc import Callable

from domain.games.guardians import texts
from domain.games.guardians.cards import card
from domain.games.guardians.citations import R_ANSWER, R_CURSE, R_SPELLS
from domain.games.guardians.effects import Em, spend
from domain.games.guardians.messages import AnswerClosed, AnswerOpened, CardDispelled, Pass, PlayCard
from domain.games.guardians.state import DRAWN, ORGANIZE, STORAGE, Answer, GuardiansState, face, other
from domain.kernel import Command, Rng, RuleViolation, require

Resolver = Callable[[Em, Rng, Answer], None]
"""What a Spell or Item does once its answer is closed: its effect if it stands, then
whatever follows its play either way (checks.RESOLVERS names one for each)."""


def cursed(state: GuardiansState, seat: int, name: str) -> bool:
    """Whether a Curse of the Betrayed forbids the seat cards of this name this turn."""
    return name in state.player(seat).cursed


def check_not_cursed(state: GuardiansState, seat: int, card_id: str) -> None:
    """A Spell or Item is played only if no Curse of the Betrayed names it (guardians Text Box)."""
    name = face(card_id).name
    require(not cursed(state, seat, name), R_CURSE, f"Curse of the Betrayed: you may not play {name} this turn")


def await_answer(em: Em, seat: int, card_id: str, target: str = "") -> None:
    """`seat` has played `card_id` (spent, its costs paid): the enemy answers first."""
    em.emit(AnswerOpened, R_ANSWER, seat=seat, card=card_id, target=target, actor=other(seat))


def dispels(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The Dispel Magic cards a seat may play now: from its Storage Hand, or in Draw &
    Organize from the cards it drew too, unless a Curse of the Betrayed names it."""
    if cursed(state, seat, card(texts.DISPEL_MAGIC).name):
        return ()
    zones = (DRAWN, STORAGE) if state.phase == ORGANIZE else (STORAGE,)
    return tuple(c for zone in zones for c in state.zone(seat, zone) if face(c).key == texts.DISPEL_MAGIC)


def check_answer(state: GuardiansState, command: Command) -> bool:
    """The only commands while a Spell or Item waits: its answerer's Dispel Magic naming
    it, or its answerer's pass (True), which closes the answer."""
    pending = state.answer
    assert pending is not None
    name = face(pending.card).name
    require(command.seat == pending.actor, R_ANSWER, f"seat {pending.actor} answers the {name} now")
    if isinstance(command, Pass):
        return True
    if not (isinstance(command, PlayCard) and face(command.card).key == texts.DISPEL_MAGIC):
        raise RuleViolation(R_ANSWER, f"the {name} waits for an answer: a Dispel Magic naming it, or a pass")
    require(
        command.card in dispels(state, command.seat),
        R_SPELLS,
        f"{command.card} is not a Dispel Magic you may play now",
    )
    require(command.target == pending.card, R_SPELLS, f"Dispel Magic names the card answered, {pending.card}")
    check_not_cursed(state, command.seat, command.card)
    return False


def close_answer(em: Em, rng: Rng, seat: int, resolver: Resolver) -> None:
    """The answerer passes: the card played takes effect if it stands (its resolver)."""
    pending = em.state.answer
    assert pending is not None
    em.emit(AnswerClosed, R_ANSWER, seat=seat, card=pending.card, stands=pending.stands)
    resolver(em, rng, pending)


def dispel_answered(em: Em, command: PlayCard) -> None:
    """A Dispel Magic negates the card answered (or the Dispel Magic it answers)."""
    pending = em.state.answer
    assert pending is not None
    spend(em, command.seat, command.card, "Dispel Magic", from_zone=em.state.zone_of(command.card))
    em.emit(CardDispelled, R_SPELLS, seat=pending.seat, card=pending.card, by=command.card)


def answers(state: GuardiansState, seat: int) -> list[Command]:
    """The answerer's commands: a pass, or a Dispel Magic naming the card."""
    pending = state.answer
    if pending is None or pending.actor != seat:
        return []
    return [Pass(seat=seat), *(PlayCard(seat=seat, card=c, target=pending.card) for c in dispels(state, seat))]
