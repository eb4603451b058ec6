"""Guardians evolve: apply one fact. No checks, no randomness."""

from __future__ import annotations

from domain.games.guardians.board import is_land
from domain.games.guardians.choices import GUESS
from domain.games.guardians.messages import (
    PAID_BONUS,
    AnswerClosed,
    AnswerOpened,
    CardDispelled,
    CardPutBack,
    CardsMoved,
    Channeled,
    ChoiceMade,
    ChoiceOffered,
    CombatConceded,
    CombatEnded,
    CombatResolved,
    CombatStarted,
    CommandChosen,
    CommandDeclared,
    CommandsRevealed,
    Committed,
    CreatureChosen,
    CreatureStatus,
    DeckSeen,
    DeckShuffled,
    DrawCounted,
    EffectApplied,
    GameDrawn,
    GameWon,
    GuardianAssaulted,
    Healed,
    IdolFired,
    LandSettled,
    LayoutRevealed,
    LookEnded,
    MatchupResolved,
    MatchupRevealed,
    MoveEnded,
    OpeningWindow,
    PhaseStarted,
    PlacerChosen,
    RangedFired,
    ReactionWindow,
    SeatSetUp,
    SecondaryDeclared,
    SecondaryResolved,
    ShieldAdvanced,
    ShieldDestroyed,
    ShieldMerged,
    ShieldPlaced,
    ShieldRetreated,
    ShieldStepped,
    ShieldTurned,
    SizeChanged,
    StageBegan,
    StonesSpent,
    StrongholdRuined,
    TurnEffect,
    TurnPassed,
    UpCardsCompared,
    WindowMove,
)
from domain.games.guardians.state import (
    ALL_CREATURES,
    COMBAT,
    DECK,
    DROPPED_OFF,
    KEPT,
    MOVEMENT,
    OPENING,
    ORGANIZE,
    OVER,
    PICKED_UP,
    PLACED,
    PLACED_OPENLY,
    REINFORCED,
    SETTLEMENT,
    SHIELDS,
    Answer,
    Choice,
    Combat,
    GuardiansState,
    Reaction,
    Shield,
    Side,
    Veil,
    added,
    face,
    members,
    on,
    other,
)
from domain.games.guardians.state import side as seat_side
from domain.kernel import Event, replace


def _moved(state: GuardiansState, seat: int, cards: tuple[str, ...], source: str, target: str) -> GuardiansState:
    return replace(state, zones=_zones_moved(state, seat, cards, source, target))


def _zones_moved(
    state: GuardiansState, seat: int, cards: tuple[str, ...], source: str, target: str
) -> dict[str, tuple[str, ...]]:
    zones = dict(state.zones)
    gone = set(cards)
    key = f"{seat}:{source}"
    zones[key] = tuple([c for c in zones.get(key, ()) if c not in gone])
    if not zones[key]:
        del zones[key]
    destination = f"{seat}:{target}"
    zones[destination] = zones.get(destination, ()) + cards
    return zones


def _shields(state: GuardiansState, card: str, **changes: object) -> GuardiansState:
    return replace(state, shields=tuple(replace(s, **changes) if s.card == card else s for s in state.shields))


def _side(state: GuardiansState, seat: int, **changes: object) -> GuardiansState:
    combat = state.combat
    assert combat is not None
    if combat.attacker.seat == seat:
        return replace(state, combat=replace(combat, attacker=replace(combat.attacker, **changes)))
    return replace(state, combat=replace(combat, defender=replace(combat.defender, **changes)))


def _closed(state: GuardiansState) -> GuardiansState:
    """A combat's next move or step closes a reaction window (reactions.py)."""
    return _combat(state, reaction=None) if state.combat is not None and state.combat.reaction else state


def _combat(state: GuardiansState, **changes: object) -> GuardiansState:
    assert state.combat is not None
    return replace(state, combat=replace(state.combat, **changes))


def _drop_shield(state: GuardiansState, seat: int, shield: str, *, lost: bool) -> GuardiansState:
    state = replace(state, shields=tuple(s for s in state.shields if s.card != shield))
    if lost:
        state = state.with_player(seat, shields_lost=state.player(seat).shields_lost + 1)
    return state


def _veiled(state: GuardiansState, seat: int) -> GuardiansState:
    """Before a seat's first secret placement of the turn, keep what others saw of it."""
    if state.player(seat).veil is not None:
        return state
    return state.with_player(seat, veil=_veil(state, seat))


def _veil(state: GuardiansState, seat: int) -> Veil:
    prefix = f"{seat}:"
    return Veil(
        zones={name: cards for name, cards in state.zones.items() if name.startswith(prefix)},
        shields=state.shields_of(seat),
    )


def _stand_shield(state: GuardiansState, seat: int, shield: str, space: str) -> GuardiansState:
    """A Shield card placed on a stronghold space stands there; the creatures on the space
    go under it."""
    loose = state.zone(seat, on(space))
    state = _moved(state, seat, (shield,), state.zone_of(shield), SHIELDS)
    state = _moved(state, seat, loose, on(space), members(shield))
    return replace(state, shields=(*state.shields, Shield(card=shield, seat=seat, space=space)))


def evolve(state: GuardiansState, event: Event) -> GuardiansState:
    match event:
        case CardsMoved(seat=seat, cards=(card,), to_zone=target, reason=reason) if (
            reason == PLACED and target.startswith("on:") and face(card).is_shield
        ):
            state = _veiled(state, seat)
            state = state.with_player(seat, placed=(*state.player(seat).placed, card))
            return _stand_shield(state, seat, card, target.removeprefix("on:"))
        case CardsMoved(seat=seat, cards=cards, from_zone=source, to_zone=target, reason=reason):
            # One copy of the state for all a move changes (it is the commonest event).
            zones = _zones_moved(state, seat, cards, source, target)
            player = state.player(seat)
            changes: dict[str, object] = {}
            if reason in (PLACED, KEPT) and player.veil is None:
                changes["veil"] = _veil(state, seat)
            if reason in (PLACED, PLACED_OPENLY):
                changes["placed"] = (*player.placed, *cards)
            if changes:
                updated = list(state.players)
                updated[seat - 1] = replace(player, **changes)
                return replace(state, zones=zones, players=tuple(updated))
            if reason in (PICKED_UP, DROPPED_OFF):
                return replace(state, zones=zones, handled=(*state.handled, *cards))
            if reason == REINFORCED:
                return replace(state, zones=zones, mode="reinforce")
            return replace(state, zones=zones)
        case DeckShuffled(seat=seat, order=order):
            return replace(state, zones={**state.zones, f"{seat}:{DECK}": order})
        case SeatSetUp(seat=seat, guardian=guardian, stronghold=stronghold, deck=deck, stones=stones):
            return state.with_player(seat, guardian=guardian, stronghold=stronghold, deck_name=deck, stones=stones)
        case PhaseStarted(phase=phase, turn=turn):
            return _phase(state, phase, turn)
        case StonesSpent(seat=seat, count=count):
            return state.with_player(seat, stones=state.player(seat).stones - count)
        case ShieldPlaced(seat=seat, shield=shield, to_zone=target, openly=openly):
            if not openly:  # logs before 3.0.0
                state = _veiled(state, seat)
            state = state.with_player(seat, placed=(*state.player(seat).placed, shield))
            return _stand_shield(state, seat, shield, target.removeprefix("on:"))
        case LayoutRevealed():
            return replace(state, players=tuple(replace(p, veil=None) for p in state.players))
        case Committed(seat=seat):
            state = state.with_player(seat, committed=True)
            return state
        case PlacerChosen(seat=seat, opens=opens):
            return replace(state, active=seat, opener=seat if opens else state.opener)
        case UpCardsCompared(cards=_, numbers=numbers, first=first):
            if not first:
                return state
            players = tuple(replace(p, low_up=numbers[p.seat - 1] < numbers[other(p.seat) - 1]) for p in state.players)
            # Who acts next is the OpeningWindow's (or the window's) to say: in Draw &
            # Organize `active` is the seat that places next (alternating placement).
            return replace(state, players=players, first=first, up_turned=True)
        case OpeningWindow(actor=actor):
            return replace(state, window=OPENING, active=actor, passes=0)
        case TurnEffect():
            return _turn_effect(state, event)
        case DeckSeen(seat=seat, look=look, cards=cards):
            return state.with_player(seat, looking=cards, look=look, stacked=0)
        case CardPutBack(seat=seat, card=card, bottom=bottom):
            return _put_back(state, seat, card, bottom)
        case LookEnded(seat=seat):
            return state.with_player(seat, looking=(), look="", stacked=0)
        case TurnPassed(seat=seat):
            return replace(state, active=seat, moving="", steps_left=0, mode="", path=(), window="", passes=0)
        case ShieldTurned(seat=seat, shield=shield, steps=steps):
            placed = state.shield(shield)
            assert placed is not None
            state = _shields(state, shield, turned=True)
            return replace(state, moving=shield, steps_left=steps, mode="", path=(placed.space,), handled=())
        case ShieldStepped(seat=seat, shield=shield, from_space=source, to_space=target, fly=fly):
            state = _shields(state, shield, space=target, came_from=source)
            if fly:
                state = state.with_player(seat, flew=True)
            return replace(
                state, steps_left=state.steps_left - 1, mode="fly" if fly else "walk", path=(*state.path, target)
            )
        case MoveEnded():
            return replace(state, moving="", steps_left=0, mode="", path=(), handled=())
        case CombatStarted():
            return _combat_started(state, event)
        case CommandDeclared(seat=seat, play=play):
            return _side(state, seat, declared=1 if play else 0)
        case CommandChosen(seat=seat, card=card):
            return _side(state, seat, command=card)
        case CommandsRevealed(cards=cards, dispelled=dispelled):
            assert state.combat is not None
            for seat in (state.combat.attacker.seat, state.combat.defender.seat):
                command = seat_side(state.combat, seat).command
                if command:
                    creature = face(command).is_creature
                    side = seat_side(state.combat, seat)
                    state = _side(
                        state,
                        seat,
                        command_live=command not in dispelled,
                        played=side.played + ((command,) if creature else ()),
                    )
            assert state.combat is not None
            return _combat(state, stage="command-window", actor=state.combat.attacker.seat, passes=0)
        case CardDispelled(seat=seat, card=card) if state.answer is not None and state.answer.card == card:
            answer = state.answer
            return replace(
                state, answer=replace(answer, stands=not answer.stands, actor=other(answer.actor))
            )
        case CardDispelled(seat=seat, card=card):
            assert state.combat is not None
            return _side(state, seat, command_live=not seat_side(state.combat, seat).command_live)
        case AnswerOpened(seat=seat, card=card, target=target, actor=actor):
            return replace(state, answer=Answer(card=card, seat=seat, target=target, actor=actor))
        case AnswerClosed():
            return replace(state, answer=None)
        case EffectApplied():
            return _effect(state, event)
        case DrawCounted(seat=seat) if state.player(seat).draw_changes:
            return state.with_player(seat, draw_changes=())
        case StageBegan(stage=stage, actor=actor):
            if stage == "choose":
                return _combat(
                    state,
                    stage=stage,
                    actor=actor,
                    passes=0,
                    bribe_seen=(),
                    a_card="",
                    d_card="",
                    secondary=False,
                    channel=(),
                    support=(),
                    fired=(),
                    receivers=(),
                    forced_push=False,
                    guesses=(),
                    bonus=(),
                )
            return _combat(_closed(state), stage=stage, actor=actor, passes=0, bribe_seen=())
        case WindowMove(passed=passed, actor=actor) if state.combat is None:
            return replace(state, active=actor, passes=state.passes + 1 if passed else 0)
        case WindowMove(seat=seat, passed=passed, actor=actor):
            assert state.combat is not None
            return _combat(
                _closed(state),
                actor=actor,
                passes=state.combat.passes + 1 if passed else 0,
                bribe_seen=(*state.combat.bribe_seen, seat),
            )
        case ReactionWindow(seat=seat, when=when, source=source, into=into, amount=amount):
            return _combat(state, reaction=Reaction(when, seat, source, into, amount))
        case CreatureChosen(seat=seat, card=card):
            return _side(state, seat, choice=card)
        case MatchupRevealed(attacker_card=a_card, defender_card=d_card):
            assert state.combat is not None
            combat = state.combat
            state = _side(state, combat.attacker.seat, choice="", played=(*combat.attacker.played, a_card))
            state = _side(state, combat.defender.seat, choice="", played=(*combat.defender.played, d_card))
            return _combat(
                state,
                a_card=a_card,
                d_card=d_card,
                secondary=False,
                stage="bribe",
                actor=combat.attacker.seat,
                passes=0,
                bribe_seen=(),
                channel=(),
                support=(),
                fired=(),
                receivers=(),
            )
        case IdolFired(seat=seat, amount=amount):
            return _side(state, seat, idol=amount)
        case SizeChanged(card=card, size=size):
            assert state.combat is not None
            sizes = tuple(sorted([*(p for p in state.combat.sizes if p[0] != card), (card, size)]))
            return _combat(state, sizes=sizes)
        case StrongholdRuined(seat=seat, card=card):
            return state.with_player(seat, rubble=(*state.player(seat).rubble, card))
        case CreatureStatus(seat=seat, card=card, status=status):
            return _status(state, seat, card, status)
        case RangedFired(seat=seat, card=card, into=into, amount=amount):
            assert state.combat is not None
            combat = state.combat
            state = _side(state, seat, ranged=(*seat_side(combat, seat).ranged, card))
            return _combat(state, support=added(combat.support, into, amount), fired=(*combat.fired, card))
        case Channeled(seat=seat, source=source, into=into, amount=amount):
            assert state.combat is not None
            combat = state.combat
            if source != "guardian":
                state = state.with_player(seat, channeled=(*state.player(seat).channeled, source))
            return _combat(state, channel=added(combat.channel, into, amount))
        case MatchupResolved():
            return _resolved(state, event)
        case SecondaryDeclared(seat=seat, card=card, target=target):
            assert state.combat is not None
            side = seat_side(state.combat, seat)
            state = _side(state, seat, played=(*side.played, card))
            return _combat(
                state,
                a_card=card,
                d_card=target,
                secondary=True,
                stage="secondary-bribe",
                actor=other(seat),
                passes=0,
                bribe_seen=(),
                channel=(),
                support=(),
                fired=(),
                receivers=(),
            )
        case SecondaryResolved(card=card, target=target, killed=killed):
            assert state.combat is not None
            combat = state.combat
            damage = combat.damage if killed else added(combat.damage, target, face(card).vitality)
            return _combat(state, damage=damage, a_card="", d_card="", stage="secondary", channel=(), receivers=())
        case CombatResolved(winner=winner, loser=loser):
            return _combat(state, winner=winner, loser=loser, stage="heal", actor=winner, passes=0)
        case CombatConceded(seat=seat):
            return _combat(state, winner=other(seat), loser=seat, stage="heal", actor=other(seat), passes=0)
        case ChoiceOffered(seat=seat, source=source, options=options):
            return replace(state, pending=Choice(seat, source, options))
        case ChoiceMade(source=source, option=option):
            state = replace(state, pending=None)
            word, _, value = option.partition(":")
            if word == GUESS and state.combat is not None:
                return _combat(state, guesses=(*state.combat.guesses, (source, value)))
            return state
        case Healed(seat=seat, healer=healer, card=card):
            assert state.combat is not None
            side = seat_side(state.combat, seat)
            return _side(
                state,
                seat,
                beaten=tuple(c for c in side.beaten if c != card),
                healed=(*side.healed, card),
                healers_used=(*side.healers_used, healer),
            )
        case ShieldRetreated(shield=shield, to_space=target):
            return _shields(state, shield, space=target)
        case ShieldMerged(seat=seat, shield=shield, into=into, turned=turned):
            state = _moved(state, seat, state.zone(seat, members(shield)), members(shield), members(into))
            state = _moved(state, seat, (shield,), SHIELDS, "discard")
            state = _shields(state, into, turned=turned)
            return _drop_shield(state, seat, shield, lost=True)
        case ShieldDestroyed(seat=seat, shield=shield):
            state = _moved(state, seat, state.zone(seat, members(shield)), members(shield), "discard")
            state = _moved(state, seat, (shield,), SHIELDS, "discard")
            return _drop_shield(state, seat, shield, lost=True)
        case ShieldAdvanced(shield=shield, to_space=target):
            return _shields(state, shield, space=target)
        case CombatEnded():
            return replace(state, combat=None, phase=MOVEMENT)
        case GuardianAssaulted(seat=seat, wounds=wounds):
            return state.with_player(other(seat), wounds=wounds)
        case LandSettled(land=land):
            return replace(state, settling=tuple(s for s in state.settling if s != land))
        case GameWon(seat=seat, reason=reason):
            return replace(state, finished=True, winner=seat, result=reason, phase=OVER, combat=None)
        case GameDrawn(reason=reason):
            return replace(state, finished=True, winner=0, result=reason, phase=OVER, combat=None)
    return state


def _phase(state: GuardiansState, phase: str, turn: int) -> GuardiansState:
    state = replace(state, phase=phase, turn=turn, active=0, moving="", steps_left=0, mode="", path=())
    if phase == ORGANIZE:
        players = tuple(
            replace(p, committed=False, placed=(), flew=False, channeled=(), cursed=(), barrier="", slowed=False,
                    quiet=())
            for p in state.players
        )
        return replace(state, players=players, up_turned=False)
    if phase == MOVEMENT:
        return replace(state, shields=tuple(replace(s, turned=False, came_from="") for s in state.shields))
    if phase == SETTLEMENT:
        lands = tuple(
            sorted(
                s.space
                for s in state.shields
                if is_land(s.space)
                and not any(state.zone(s.seat, z) for z in (f"terrain:{s.space}", f"facedown:{s.space}"))
            )
        )
        return replace(state, settling=lands)
    return state


def _combat_started(state: GuardiansState, event: CombatStarted) -> GuardiansState:
    attacker = Side(seat=event.attacker, zone=members(event.attacker_shield), shield=event.attacker_shield)
    defender = Side(seat=event.defender, zone=event.defender_zone, shield=event.defender_shield)
    combat = Combat(
        space=event.space,
        attacker=attacker,
        defender=defender,
        came_from=event.came_from,
        terrain=event.terrain,
        stage="declare",
        actor=event.attacker,
    )
    state = _shields(state, event.attacker_shield, space=event.space, came_from=event.came_from)
    return replace(state, combat=combat, phase=COMBAT, path=(*state.path, event.space))


def _status(state: GuardiansState, seat: int, card: str, status: str) -> GuardiansState:
    assert state.combat is not None
    side = seat_side(state.combat, seat)
    clean = {
        "beaten": tuple(c for c in side.beaten if c != card),
        "destroyed": tuple(c for c in side.destroyed if c != card),
        "out": tuple(c for c in side.out if c != card),
    }
    if status in clean:
        clean[status] = clean[status] + (card,)
    if status == "unchallenged":  # pulled from the Combat Hand onto the table (pulls-unchallenged)
        return _side(state, seat, unchallenged=(*side.unchallenged, card), **clean)
    if status == "hand":  # back in the Combat Hand: off the table, its damage gone (returns-to-hand)
        state = _combat(state, damage=tuple(p for p in state.combat.damage if p[0] != card))
        return _side(state, seat, played=tuple(c for c in side.played if c != card), **clean)
    return _side(state, seat, **clean)


def _effect(state: GuardiansState, event: EffectApplied) -> GuardiansState:
    if event.effect == "gain-stones":
        return state.with_player(event.seat, stones=state.player(event.seat).stones + event.amount)
    if event.effect == "enemy-draws":
        victim = state.player(other(event.seat))
        return state.with_player(victim.seat, draw_changes=(*victim.draw_changes, (event.source, event.amount)))
    combat = state.combat
    if combat is None:
        return state
    if event.effect in ("bonus-all", PAID_BONUS, "primary-bonus", "bribes-with") or event.effect.startswith("roll "):
        # A roll is kept by the card that rolled, a point paid for by its card, and the bonus
        # an ultimatum refused gives its card: only that card's ability applies them (dice.py,
        # control.py, choices.py).
        side = seat_side(combat, event.seat)
        return _side(state, event.seat, boosts=(*side.boosts, (event.source, event.amount)))
    if event.effect == "no-ranged":
        return _combat(state, no_ranged=tuple(sorted({*combat.no_ranged, *(int(c) for c in event.cards)})))
    if event.effect == "receive-channeling":
        return _combat(state, receivers=combat.receivers + event.cards)
    if event.effect == "terrain":
        return _combat(state, terrain=event.cards)
    if event.effect == "ranged-return":
        side = seat_side(combat, event.seat)
        return _side(state, event.seat, ranged=tuple(c for c in side.ranged if c not in event.cards))
    if event.effect == "ranged-change":
        return _combat(state, support=added(combat.support, event.cards[0], event.amount))
    if event.effect == "channel-change":
        return _combat(state, channel=added(combat.channel, event.cards[0], event.amount))
    if event.effect == "discards-for":
        return _combat(state, bonus=added(combat.bonus, event.cards[0], event.amount))
    if event.effect == "no-channeling":
        return _combat(state, channeling_stopped=combat.channeling_stopped or event.source)
    if event.effect == "bribe-taken":  # the answer closes the window; the card is lent (reactions.py)
        return _combat(state, reaction=None, lent=(*combat.lent, event.cards[0]))
    if event.effect == "bribe-cancelled":
        return _combat(state, reaction=None)
    if event.effect == "lent-bribe":
        return _combat(state, lent=tuple(c for c in combat.lent if c not in event.cards))
    if event.effect == "forced-push":
        return _combat(state, forced_push=True)
    if event.effect == "blanks":
        # Its cards' text boxes count as empty; with no cards, every creature's.
        emptied = tuple((card, "") for card in event.cards) or ((ALL_CREATURES, ""),)
        return _combat(state, texts=(*combat.texts, *emptied))
    if event.effect == "class":
        creature, *classes = event.cards
        return _combat(state, classes=(*combat.classes, (creature, tuple(classes))))
    if event.effect == "swap":  # the entering creature takes the leaving one's place (combat.swap)
        leaving, entering = event.cards

        def placed(cards: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(entering if c == leaving else c for c in cards)

        one = seat_side(combat, event.seat)
        state = _side(state, event.seat, played=placed(one.played), beaten=placed(one.beaten),
                      destroyed=placed(one.destroyed))
        damage = tuple(sorted((entering if c == leaving else c, n) for c, n in combat.damage))
        a_card, d_card = placed((combat.a_card, combat.d_card))
        return _combat(state, damage=damage, a_card=a_card, d_card=d_card)
    if event.effect == "destroys-beater":
        return _combat(state, doomed=(*combat.doomed, *event.cards))
    return state


def _turn_effect(state: GuardiansState, event: TurnEffect) -> GuardiansState:
    if event.effect == "curse":
        victim = other(event.seat)
        return state.with_player(victim, cursed=(*state.player(victim).cursed, event.target))
    if event.effect == "barrier":
        return state.with_player(event.seat, barrier=event.target)
    if event.effect == "slow":
        return state.with_player(int(event.target), slowed=True)
    if event.effect == "no-channeling":
        return state.with_player(event.seat, quiet=(*state.player(event.seat).quiet, event.target))
    if event.effect == "first":
        return replace(state, first=int(event.target))
    if event.effect == "extra-step":
        return replace(state, steps_left=state.steps_left + 1)
    return state


def _put_back(state: GuardiansState, seat: int, card: str, bottom: bool) -> GuardiansState:
    """Control Destiny: the card leaves its place among the cards looked at; on top it goes
    under those put back on top before it, else to the very bottom."""
    player = state.player(seat)
    deck = [c for c in state.zone(seat, DECK) if c != card]
    if bottom:
        deck.append(card)
    else:
        deck.insert(player.stacked, card)
    looking = tuple(c for c in player.looking if c != card)
    state = replace(state, zones={**state.zones, f"{seat}:{DECK}": tuple(deck)})
    if not looking:
        return state.with_player(seat, looking=(), look="", stacked=0)
    return state.with_player(seat, looking=looking, stacked=player.stacked + (0 if bottom else 1))


def _resolved(state: GuardiansState, event: MatchupResolved) -> GuardiansState:
    assert state.combat is not None
    damage = state.combat.damage
    if event.attacker_damage:
        damage = added(damage, event.attacker_card, event.attacker_damage)
    if event.defender_damage:
        damage = added(damage, event.defender_card, event.defender_damage)
    return _combat(
        state,
        damage=damage,
        a_card="",
        d_card="",
        stage="choose",
        channel=(),
        support=(),
        fired=(),
        receivers=(),
        forced_push=False,
        guesses=(),
        bonus=(),
    )
