"""The team's Reinforcement and Armory cards in play (kings-armory B6, E Reinforcement Cards,
E Armory Cards, E Summoning): when a seat may play or buy one, what a played card's effects
reach, and the events they make. Each function is a check (a RuleViolation citing the rule,
no events) or an effect (it emits, never refuses); checks.py and effects.py call them.

A card's effects are data (content.CardEffect: a kind, whom it reaches, an amount, an area,
how long it lasts), each kind applied here once, for every card that has it. A card has no
token on the board (RULES.md): its attack reaches from a Hero of the seat that plays it, its
area is centred on the foe it is aimed at, and the figures it summons come where the seat
places them, as Allies are placed at set-up (kings-armory A2)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Space, manhattan, name, space_named, within_range
from domain.games.kings_armory.citations import (
    B6,
    C2_BLESS,
    C2_STUN,
    D2_3,
    E_ARMORY_CARDS,
    E_FLYING,
    E_HEALING,
    E_IMMUNE,
    E_KNOCKED_OUT,
    E_REINFORCEMENT_CARDS,
    E_REMOVAL,
    E_REWARD_CARDS,
    E_SUMMONING,
    E_TELEPORT,
)
from domain.games.kings_armory.combat import defeat, put_tokens, resolve_attack, status_immune
from domain.games.kings_armory.content import (
    MELEE,
    ArmoryCard,
    Attack,
    CardEffect,
    Reinforcement,
    armory_cards,
    hireables,
    reinforcements,
    rewards,
)
from domain.games.kings_armory.figures import (
    OFF_BOARD,
    boss_immune,
    flying,
    immune_to_everything,
    is_boss,
    max_hp,
    tankable,
)
from domain.games.kings_armory.movement import HOSTING_REACH, placement_tower
from domain.games.kings_armory.specials import send_back_spaces
from domain.games.kings_armory.state import (
    FOE,
    FOES,
    GUARDIAN,
    HERO,
    HIREABLE,
    PLAYERS,
    SHOPPING,
    SUMMONED,
    Em,
    Figure,
    KaState,
    board_of,
    next_number,
    numbered,
)
from domain.games.kings_armory.tanking import stalemate
from domain.kernel import Rng, RuleViolation, replace, require

REINFORCEMENT, ARMORY = "reinforcement", "armory"
"""The decks a played card goes back to, at the bottom (kings-armory B5 Step 4's note)."""
FOE_TARGETS = ("foe", "area")
"""Effects aimed at the command's `target`: the foe itself, or the area centred on it."""


# ---------------------------------------------------------------- checks


def check_moment(state: KaState, seat: int, rule: str) -> None:
    """`seat` may play (or buy) a card for the team now (kings-armory E Reinforcement Cards, E
    Armory Cards: at any time, even in a foe's turn, never mid-action). Between Waves a seat
    still shopping; in the Players' Round the seat whose turn it is, between its Allies'
    actions (RULES.md: one seat is asked at a time); in the Foes' Round every seat, at the
    moment the rules give the team before a foe goes on with its turn."""
    require(not state.finished, rule, "the game is over")
    require(1 <= seat <= state.seats, rule, f"there is no seat {seat}")
    if state.phase == SHOPPING:
        require(seat not in state.shopped, rule, f"seat {seat} is done shopping until the next Between Waves phase")
        return
    if state.phase == FOES:
        return
    require(state.phase == PLAYERS, rule, "cards are played and bought during a Wave or Between Waves, not while "
            "the team sets up or places its Allies")
    if state.seat != seat:
        raise RuleViolation(rule, f"it is seat {state.seat}'s turn")
    acting = state.figure(state.acting) if state.acting else None
    if acting is not None and acting.steps:
        raise RuleViolation(rule, f"{acting.figure} is in the middle of a movement: a card waits until an action "
                            "is over")


def card_named(card: str) -> Reinforcement | ArmoryCard | None:
    return reinforcements().get(card) or armory_cards().get(card)


def deck_of_card(card: str) -> str:
    return REINFORCEMENT if card in reinforcements() else ARMORY


def citation(deck: str) -> str:
    return E_REINFORCEMENT_CARDS if deck == REINFORCEMENT else E_ARMORY_CARDS


def held(state: KaState) -> tuple[str, ...]:
    """The cards the team holds: its Reinforcement cards, then its Armory card."""
    return (*state.reinforcements, *((state.armory,) if state.armory else ()))


def enhanced(state: KaState, card: Reinforcement | ArmoryCard) -> bool:
    """The card's Hero is in the game, KO'd or not, and adds its effects (kings-armory E
    Reinforcement Cards; RULES.md)."""
    hero = card.hero if isinstance(card, Reinforcement) else None
    return hero is not None and any(f.kind == HERO and f.key == hero for f in state.figures)


def card_effects(state: KaState, card: Reinforcement | ArmoryCard) -> tuple[CardEffect, ...]:
    if isinstance(card, Reinforcement) and enhanced(state, card):
        return (*card.effects, *card.hero_effects)
    return card.effects


class Place(NamedTuple):
    """Where a summoned figure comes: its space, the Tower hosting it, the Tower it stands on."""

    space: Space
    tower: str
    on_tower: str


class Play(NamedTuple):
    """A checked play: the card, its deck and effects, and for each effect the figures it
    reaches (ids, as the card is played); the summoned figures' ids and places."""

    seat: int
    card: str
    deck: str
    enhanced: bool
    effects: tuple[CardEffect, ...]
    reached: tuple[tuple[str, ...], ...]
    """For a summon effect, the ids of the figures it brings."""
    places: tuple[tuple[str, Place], ...]
    """Where each summoned figure comes, by id."""


class Needs(NamedTuple):
    """The command fields a card's effects aim with."""

    target: bool
    ally: bool
    at: bool


def needs(effects: tuple[CardEffect, ...]) -> Needs:
    return Needs(target=any(e.target in FOE_TARGETS for e in effects),
                 ally=any(e.target == "ally" for e in effects),
                 at=any(e.kind == "summon" for e in effects))


def check_play(state: KaState, command: m.PlayCard) -> Play:
    """A card the team holds, played at a moment the rules allow, by its effects' rules, aimed
    with exactly the fields its effects use, and doing something (kings-armory B6, E
    Reinforcement Cards, E Armory Cards)."""
    seat = command.seat
    card = card_named(command.card)
    deck = deck_of_card(command.card)
    rule = citation(deck)
    check_moment(state, seat, rule)
    if card is None or command.card not in held(state):
        raise RuleViolation(rule, f"the team holds no card {command.card!r}; it holds "
                            f"{', '.join(held(state)) or 'none'}")
    during_wave = state.phase in (PLAYERS, FOES)
    require(card.mid_wave or not during_wave, B6, f"{card.name} is played Between Waves only")
    effects = card_effects(state, card)
    wanted = needs(effects)
    for field, used in (("target", wanted.target), ("ally", wanted.ally), ("at", wanted.at)):
        given = bool(getattr(command, field))
        if given != used:
            raise RuleViolation(rule, f"{card.name} {'needs' if used else 'takes no'} {field}")
    # Between Waves no figure is on the board (kings-armory B4 1): an effect on figures has
    # nothing to reach there, and the card must do something else to be played.
    target = _target(state, command.target, rule) if wanted.target else None
    ally = _ally(state, command.ally, rule) if wanted.ally else None
    places = _summons(state, seat, effects, command.at) if wanted.at else {}
    reached = tuple(tuple(figure for figure, _ in places.get(number, ())) if effect.kind == "summon"
                    else _reached(state, seat, effect, target, ally, rule) for number, effect in enumerate(effects))
    if not any(_does_something(state, effect, hit) for effect, hit in zip(effects, reached, strict=True)):
        raise RuleViolation(rule, f"{card.name} would do nothing now")
    return Play(seat, command.card, deck, enhanced(state, card), effects, reached,
                tuple(item for found in places.values() for item in found))


def _target(state: KaState, target_id: str, rule: str) -> Figure:
    target = state.figure(target_id)
    if target is None or target.kind != FOE:
        raise RuleViolation(rule, f"there is no foe {target_id!r} on the board")
    require(not immune_to_everything(target), E_IMMUNE, f"{target.figure} is immune to everything")
    return target


def _ally(state: KaState, ally_id: str, rule: str) -> Figure:
    ally = state.figure(ally_id)
    if ally is None or ally.kind == FOE or ally.space == OFF_BOARD:
        raise RuleViolation(rule, f"there is no Ally {ally_id!r} on the board")
    require(ally.active, E_KNOCKED_OUT, f"{ally.figure} is knocked out until the Wave ends")
    return ally


def area_around(state: KaState, centre: Space, area: tuple[int, int]) -> frozenset[Space]:
    """The spaces of an area centred on `centre` (the middle space, or the one up and left of
    the middle for an even size), those on the board (RULES.md: a card's area, as a foe's)."""
    width, length = area
    top, left = centre[0] - (length - 1) // 2, centre[1] - (width - 1) // 2
    board = board_of(state)
    return frozenset(cell for cell in ((top + r, left + c) for r in range(length) for c in range(width))
                     if board.on_grid(cell))


def _placed(figure: Figure) -> bool:
    return figure.active and figure.space != OFF_BOARD


def _spared(effect: CardEffect, foe: Figure) -> bool:
    """A foe the effect leaves alone: one immune to everything (kings-armory E Immune), a Boss
    unless the effect says it touches Bosses (E Bosses; CONTENT.md)."""
    return immune_to_everything(foe) or (is_boss(foe) and not effect.affects_bosses)


def touches(attack: Attack, figure: Figure) -> bool:
    """A card's attack reaches the figure: Melee never hits a flier unless the attack says so,
    nor reaches onto a Tower (kings-armory C2 Second, E Towers); a card stands on no Tower."""
    melee_out_of_reach = attack.kind == MELEE and (figure.on_tower or (flying(figure) and not attack.hits_flying))
    return _placed(figure) and not melee_out_of_reach


def reaching_hero(state: KaState, seat: int, space: Space, reach: int) -> Figure | None:
    """The first of the seat's Heroes, up and on the board, within `reach` of `space`: a card's
    attack reaches from there (RULES.md)."""
    return next((f for f in state.heroes_of(seat) if _placed(f) and within_range(f.space, space, reach)), None)


def _reached(state: KaState, seat: int, effect: CardEffect, target: Figure | None, ally: Figure | None,
             rule: str) -> tuple[str, ...]:
    """The figures the effect reaches as the card is played (kings-armory C2 Sixth for an area:
    friend and foe for an attack); a RuleViolation when its single target is not one it may take."""
    kind, aim = effect.kind, effect.target
    if aim in ("gate", "team"):
        return ()
    if aim == "ally":
        assert ally is not None
        return (ally.figure,)
    if aim == "allies":
        return tuple(f.figure for f in state.figures if f.kind != FOE and _placed(f))
    foes = [f for f in state.figures if f.kind == FOE and _placed(f) and not _spared(effect, f)]
    if kind == "attack":
        assert effect.attack is not None
        attack = effect.attack
        if aim == "foes":
            return tuple(f.figure for f in foes if touches(attack, f) and reaching_hero(state, seat, f.space,
                                                                                       attack.reach))
        assert target is not None
        require(reaching_hero(state, seat, target.space, attack.reach) is not None, rule,
                f"no Hero of seat {seat} stands within {attack.reach} of {target.figure}")
        if aim == "foe" and _spared(effect, target):
            return ()
        if aim == "foe":
            require(touches(attack, target), E_FLYING, f"{attack.name} cannot hit {target.figure}: a Melee "
                    "attack reaches no flier")
            return (target.figure,)
        assert effect.area is not None
        cells = area_around(state, target.space, effect.area)
        return tuple(f.figure for f in state.figures if f.space in cells and touches(attack, f)
                     and (f.kind != FOE or not _spared(effect, f)))
    if aim == "foes":
        return tuple(f.figure for f in foes)
    assert target is not None
    if aim == "foe":
        return () if _spared(effect, target) else (target.figure,)
    assert effect.area is not None
    cells = area_around(state, target.space, effect.area)
    return tuple(f.figure for f in foes if f.space in cells)


def _does_something(state: KaState, effect: CardEffect, reached: tuple[str, ...]) -> bool:
    """The effect changes something now: a figure it reaches that it can hurt, heal, bless,
    slow, stun, send back or remove; the Gate below its maximum; a Reward card to draw."""
    kind = effect.kind
    if kind == "repair-gate":
        return state.gate < state.options.gate_hp
    if kind == "reward":
        return bool(state.reward_deck)
    if kind == "summon":
        return bool(reached)
    figures = [f for f in (state.figure(r) for r in reached) if f is not None]
    if kind == "attack":
        return any(f.kind == FOE for f in figures)
    if kind == "heal":
        return any(f.kind != GUARDIAN and f.hp < max_hp(f) for f in figures)
    if kind == "bless":
        return any(not f.tokens.bless for f in figures)
    if kind == "ward":
        return bool(figures)
    if kind == "slow":
        return any(not boss_immune(f, "slow", effect.affects_bosses) for f in figures)
    if kind == "stun":
        return any(not status_immune(f, "stun", effect.affects_bosses) and not f.tokens.stun for f in figures)
    if kind == "remove":
        return any(not boss_immune(f, "remove", effect.affects_bosses) for f in figures)
    if kind == "teleport-foe":
        return any(sendable(state, f) for f in figures)
    raise AssertionError(f"no effect kind {kind!r}")  # content.EFFECT_KINDS lists every kind


def sendable(state: KaState, foe: Figure) -> bool:
    """A foe a card may send back along its route: one a tank may take, so not a flier, an
    Untankable or Siege foe (RULES.md, E Teleport), no stalemate, a free space behind it."""
    return tankable(foe) and not stalemate(state, foe) and bool(send_back_spaces(state, foe, 1))


def _summons(state: KaState, seat: int, effects: tuple[CardEffect, ...],
             at: str) -> dict[int, list[tuple[str, Place]]]:
    """The figures each summon effect of the card brings (by the effect's place in the list),
    with where they come: the first on `at`, each next on the free space nearest it (by steps,
    the ground first) where an Ally may be placed (kings-armory A2: on or within 2 spaces of a Tower with a free hosting
    slot), as many as find one (E Summoning; RULES.md)."""
    require(state.phase in (PLAYERS, FOES), E_SUMMONING, "the figures a card summons come onto the board "
            "during a Wave")
    first = space_named(at, E_SUMMONING)
    # Nearest by orthogonal steps, the ground before a Tower's top, then in board order.
    candidates = sorted((space for space in board_of(state).ground if manhattan(space, first) <= 2 * HOSTING_REACH),
                        key=lambda space: (manhattan(space, first), state.tower_at(space) is not None, space))
    found: dict[int, list[tuple[str, Place]]] = {}
    placed = 0
    probe = state
    for number, effect in enumerate(effects):
        summon = effect.summon
        if summon is None:
            continue
        key = summon.hireable or (summon.figure.key if summon.figure is not None else "")
        kind = HIREABLE if summon.hireable else SUMMONED
        for _ in range(summon.count):
            figure = Figure(figure=numbered(key, next_number(probe, key)), kind=kind, key=key, seat=seat, hp=1,
                            space=OFF_BOARD, level=summon.level)
            if not placed:
                host, on_tower = placement_tower(probe, figure, first)  # a refusal says why `at` will not do
                place: Place | None = Place(first, host, on_tower)
            else:
                place = next((p for p in (_place(probe, figure, space) for space in candidates) if p is not None),
                             None)
            if place is None:
                break
            found.setdefault(number, []).append((figure.figure, place))
            placed += 1
            probe = probe.with_figure(replace(figure, space=place.space, tower=place.tower, on_tower=place.on_tower),
                                      summoned=(*probe.summoned, figure.figure))
    return found


def _place(state: KaState, figure: Figure, space: Space) -> Place | None:
    try:
        tower, on_tower = placement_tower(state, figure, space)
    except RuleViolation:
        return None
    return Place(space, tower, on_tower)


# ---------------------------------------------------------------- the legal plays


def plays(state: KaState, seat: int) -> Iterator[m.PlayCard]:
    """Every PlayCard the seat may submit now, card by card: each foe, Ally and summoning
    space its effects could be aimed at, the ones check_play accepts."""
    try:
        check_moment(state, seat, E_REINFORCEMENT_CARDS)
    except RuleViolation:
        return
    for key in dict.fromkeys(held(state)):
        card = card_named(key)
        assert card is not None
        wanted = needs(card_effects(state, card))
        targets = [f.figure for f in state.figures if f.kind == FOE and _placed(f)] if wanted.target else [""]
        allies = [f.figure for f in state.figures if f.kind != FOE and _placed(f)] if wanted.ally else [""]
        spaces = [name(s) for s in _summoning_spaces(state)] if wanted.at else [""]
        for target in targets:
            for ally in allies:
                for at in spaces:
                    command = m.PlayCard(seat=seat, card=key, target=target, at=at, ally=ally)
                    try:
                        check_play(state, command)
                    except RuleViolation:
                        continue
                    yield command


def _summoning_spaces(state: KaState) -> list[Space]:
    """The spaces on or within 2 of a Tower, in board order: where a summoned figure may come."""
    if state.phase not in (PLAYERS, FOES):
        return []
    return sorted({(row + dr, col + dc) for tower in state.towers for row, col in tower.cells
                   for dr in range(-HOSTING_REACH, HOSTING_REACH + 1)
                   for dc in range(abs(dr) - HOSTING_REACH, HOSTING_REACH - abs(dr) + 1)
                   if board_of(state).on_grid((row + dr, col + dc))})


def playable(state: KaState) -> bool:
    """Some seat may play one of the team's cards now."""
    return bool(held(state)) and any(next(plays(state, seat), None) is not None
                                     for seat in range(1, state.seats + 1))


def check_let_foe_act(state: KaState, seat: int) -> None:
    require(not state.finished, B6, "the game is over")
    require(state.phase == FOES, B6, "no foe waits on the team: only in the Foes' Round, before a foe goes on")
    require(1 <= seat <= state.seats, B6, f"there is no seat {seat}")


# ---------------------------------------------------------------- effects


Apply = Callable[[Em, Rng, Play, CardEffect, tuple[str, ...]], None]


def play_card(em: Em, rng: Rng, play: Play) -> None:
    """The card goes to the bottom of its deck, then each effect in turn, on the figures it
    reached as the card was played that are still on the board."""
    em.emit(m.CardPlayed, citation(play.deck), play.seat, play.card, play.deck, play.enhanced)
    for effect, reached in zip(play.effects, play.reached, strict=True):
        APPLY[effect.kind](em, rng, play, effect, reached)


def _still(em: Em, reached: tuple[str, ...]) -> list[Figure]:
    return [f for f in (em.state.figure(r) for r in reached) if f is not None and f.active]


def _attack(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    assert effect.attack is not None
    resolve_attack(em, rng, play.card, effect.attack, [f.figure for f in _still(em, reached)], citation(play.deck))


def _heal(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    for figure in _still(em, reached):
        if figure.kind == GUARDIAN:
            continue  # kings-armory E Summon Guardian: it cannot be healed
        hp = min(max_hp(figure), figure.hp + effect.amount)
        if hp != figure.hp:
            em.emit(m.Healed, E_HEALING, figure.figure, hp - figure.hp, hp)


def _bless(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    for figure in _still(em, reached):
        put_tokens(em, figure.figure, "bless", 1, C2_BLESS)


def _lasting(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    for figure in _still(em, reached):
        if boss_immune(figure, effect.kind, effect.affects_bosses):
            continue  # kings-armory E Bosses: a Boss's card may make it immune to Slow
        em.emit(m.LastingEffect, citation(play.deck), figure.figure, effect.kind, effect.amount, effect.lasts,
                play.card)


def _stun(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    for figure in _still(em, reached):
        put_tokens(em, figure.figure, "stun", 1, C2_STUN, effect.affects_bosses)


def _remove(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    for figure in _still(em, reached):
        if not boss_immune(figure, "remove", effect.affects_bosses):
            defeat(em, figure.figure, "removed", E_REMOVAL)


def _send_back(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    """Each foe as far back along its route as it may go, up to the amount, the one nearest
    the entrance first so that those ahead find room (kings-armory E Teleport)."""
    for foe in sorted(_still(em, reached), key=lambda f: (f.index, f.order)):
        current = em.state.figure(foe.figure)
        if current is None or not sendable(em.state, current):
            continue
        spaces = send_back_spaces(em.state, current, effect.amount)
        index, space = spaces[-1]
        em.emit(m.FoeSentBack, E_TELEPORT, foe.figure, name(space), index)


def _summon(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    summon = effect.summon
    assert summon is not None
    places = dict(play.places)
    for figure_id in reached:
        place = places[figure_id]
        if summon.hireable:
            key, kind, level, hp = summon.hireable, HIREABLE, summon.level, \
                hireables()[summon.hireable].stats(summon.level).hp
        else:
            assert summon.figure is not None
            key, kind, level, hp = summon.figure.key, SUMMONED, 1, summon.figure.stats.hp
        em.emit(m.AllySummoned, E_SUMMONING, figure_id, key, kind, play.seat, level, hp, name(place.space),
                place.tower, place.on_tower, play.card)


def _repair(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    amount = min(effect.amount, em.state.options.gate_hp - em.state.gate)
    if amount > 0:
        em.emit(m.GateRepaired, D2_3, amount, em.state.gate + amount, play.card)


def _reward(em: Em, rng: Rng, play: Play, effect: CardEffect, reached: tuple[str, ...]) -> None:
    cards = em.state.reward_deck[:effect.amount]
    gold = sum(rewards()[card].gold for card in cards)
    em.emit(m.CardRewards, E_REWARD_CARDS, play.card, cards, gold, em.state.gold + gold)


APPLY: dict[str, Apply] = {
    "attack": _attack,
    "heal": _heal,
    "bless": _bless,
    "ward": _lasting,
    "slow": _lasting,
    "stun": _stun,
    "remove": _remove,
    "teleport-foe": _send_back,
    "summon": _summon,
    "repair-gate": _repair,
    "reward": _reward,
}
