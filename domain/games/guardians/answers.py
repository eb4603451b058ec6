"""Playing a Spell or an Item: what may forbid it (a Curse of the Betrayed, a card in play
whose bans-play names it), and its
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
from domain.games.guardians.board import is_land
from domain.games.guardians.cards import Ability
from domain.games.guardians.citations import R_ANSWER, R_CURSE, R_SPELLS, text_box
from domain.games.guardians.effects import Em, spend
from domain.games.guardians.messages import AnswerClosed, AnswerOpened, CardDispelled, Pass, PlayCard
from domain.games.guardians.state import DRAWN, ORGANIZE, STORAGE, Answer, GuardiansState, face, other, seat_of, terrain
from domain.games.guardians.strength import abilities, card_fits, standing
from domain.kernel import Command, Rng, RuleViolation, require

Resolver = Callable[[Em, Rng, Answer], None]
"""What a Spell or Item does once its answer is closed: its effect if it stands, then
whatever follows its play either way (checks.RESOLVERS names one for each)."""


def cursed(state: GuardiansState, seat: int, name: str) -> bool:
    """Whether a Curse of the Betrayed forbids the seat cards of this name this turn."""
    return name in state.player(seat).cursed


def banned_by(state: GuardiansState, seat: int, card_id: str) -> str:
    """The card in play whose bans-play forbids `seat` to play `card_id` now, "" if none:
    a creature's on the table in this combat (limit "in-play": while it stands; "combat":
    from its reveal to the combat's end), a terrain card's on the land fought on. Its
    target "<who>:<what>": who "enemy" (its seat's enemy) or "both", what in card words."""
    combat = state.combat
    if combat is None:
        return ""
    for one in (combat.attacker, combat.defender):
        alive = standing(one)
        for source in one.played:
            for ability in abilities(source, "bans-play", combat):
                if (ability.limit != "in-play" or source in alive) and _forbids(ability, one.seat, seat, card_id):
                    return source
    laid = (c for owner in (1, 2) for c in state.zone(owner, terrain(combat.space))) if is_land(combat.space) else ()
    for source in laid:
        if any(_forbids(a, seat_of(source), seat, card_id) for a in abilities(source, "bans-play", combat)):
            return source
    return ""


def _forbids(ability: Ability, owner: int, seat: int, card_id: str) -> bool:
    who, _, what = ability.target.partition(":")
    return (who == "both" or seat != owner) and card_fits(what, card_id)


def check_may_play(state: GuardiansState, seat: int, card_id: str) -> None:
    """A Spell or Item is played only if no Curse of the Betrayed names it and no card in
    play forbids it (bans-play) (guardians Text Box)."""
    name = face(card_id).name
    require(not cursed(state, seat, name), R_CURSE, f"Curse of the Betrayed: you may not play {name} this turn")
    source = banned_by(state, seat, card_id)
    if source:
        raise RuleViolation(text_box(face(source).name), f"{face(source).name} forbids {name} now")


def may_play(state: GuardiansState, seat: int, card_id: str) -> bool:
    """check_may_play as a question, for the legal lists."""
    return not cursed(state, seat, face(card_id).name) and not banned_by(state, seat, card_id)


def await_answer(em: Em, seat: int, card_id: str, target: str = "") -> None:
    """`seat` has played `card_id` (spent, its costs paid): the enemy answers first."""
    em.emit(AnswerOpened, R_ANSWER, seat=seat, card=card_id, target=target, actor=other(seat))


def dispels(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The Dispel Magic cards a seat may play now: from its Storage Hand, or in Draw &
    Organize from the cards it drew too, unless a Curse of the Betrayed or a card in play
    forbids it (check_may_play)."""
    zones = (DRAWN, STORAGE) if state.phase == ORGANIZE else (STORAGE,)
    found = (c for zone in zones for c in state.zone(seat, zone) if face(c).key == texts.DISPEL_MAGIC)
    return tuple(c for c in found if may_play(state, seat, c))


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
    check_may_play(state, command.seat, command.card)
    require(
        command.card in dispels(state, command.seat),
        R_SPELLS,
        f"{command.card} is not a Dispel Magic you may play now",
    )
    require(command.target == pending.card, R_SPELLS, f"Dispel Magic names the card answered, {pending.card}")
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
