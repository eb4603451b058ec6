"""The King's Armory evolve: apply one event to the state. No rule is checked here;
plan() checked them before the event was made (checks.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import parse
from domain.games.kings_armory.content import BOSS_LEVEL, hireables
from domain.games.kings_armory.figures import OFF_BOARD, attacks, max_hp, stats
from domain.games.kings_armory.state import (
    FOE,
    FOES,
    GUARDIAN,
    HERO,
    HIREABLE,
    NO_TOKENS,
    OVER,
    PLACING,
    PLAYERS,
    SHOPPING,
    TOWERS,
    Figure,
    Gear,
    KaState,
    Lasting,
    Offer,
    Tokens,
    Tower,
)
from domain.kernel import Event, replace

Apply = Callable[[KaState, Any], KaState]


def _figure(state: KaState, figure_id: str) -> Figure:
    found = state.figure(figure_id)
    if found is None:
        raise ValueError(f"no figure {figure_id!r} on the table")
    return found


def _update(state: KaState, figure_id: str, **changes: Any) -> KaState:
    return state.with_figure(replace(_figure(state, figure_id), **changes))


def _set_up(state: KaState, e: m.GameSetUp) -> KaState:
    return replace(state, towers_left=e.towers, gate=e.gate, phase=TOWERS if e.towers else PLACING, seat=1,
                   unlocks=(0,) * e.seats)


DECK_FIELDS = {"reward": "reward_deck", "equipment": "equipment_deck", "reinforcement": "reinforcement_deck",
               "armory": "armory_deck"}


def _shuffled(state: KaState, e: m.DeckShuffled) -> KaState:
    # kings-armory B5 Step 4: the Reward cards drawn go back into the deck as it is shuffled.
    drawn = () if e.deck == "reward" else state.rewards_drawn
    return replace(state, rewards_drawn=drawn, revealed=_hidden(state, e.deck), **{DECK_FIELDS[e.deck]: e.order})


def _hidden(state: KaState, deck: str) -> tuple[str, ...]:
    """kings-armory E Foresight: the card face up on a deck is the next one gained from it; once
    taken (or the deck shuffled) the deck's top lies face down again."""
    return tuple(d for d in state.revealed if d != deck) if deck in state.revealed else state.revealed


def _dealt(state: KaState, e: m.EquipmentDealt) -> KaState:
    return replace(state, equipment_deck=state.equipment_deck[len(e.cards):],
                   gear=(*state.gear, *(Gear(card, e.seat, locked=True) for card in e.cards)))


def _joined(state: KaState, e: m.AllyJoined) -> KaState:
    recruited = (*state.recruited, e.figure) if e.kind == HIREABLE else state.recruited
    return state.with_figure(Figure(figure=e.figure, kind=e.kind, key=e.key, seat=e.seat, hp=e.hp,
                                    space=OFF_BOARD, level=e.level), recruited=recruited)


def _sat_out(state: KaState, e: m.HireableSatOut) -> KaState:
    """To the bench: a Hireable of the team, or one of the `hireables` option that never
    joined (recruited all the same: kings-armory E Maximum Recruitment)."""
    figure = state.figure(e.figure)
    if figure is None:
        figure = Figure(figure=e.figure, kind=HIREABLE, key=e.key, seat=e.seat, level=e.level,
                        hp=hireables()[e.key].stats(e.level).hp, space=OFF_BOARD)
        state = replace(state, recruited=(*state.recruited, e.figure))
    else:
        state = state.without(e.figure)
    return replace(state, bench=(*state.bench, replace(figure, space=OFF_BOARD, tower="", on_tower="")))


def _returned(state: KaState, e: m.HireableReturned) -> KaState:
    figure = next(f for f in state.bench if f.figure == e.figure)
    return state.with_figure(figure, bench=tuple(f for f in state.bench if f.figure != e.figure))


def _tower(state: KaState, e: m.TowerPlaced) -> KaState:
    tower = Tower(e.tower, tuple(parse(cell) for cell in e.cells), e.slots)
    left = max(0, state.towers_left - 1) if e.slots > 1 else state.towers_left
    phase = PLACING if state.phase == TOWERS and left == 0 else state.phase
    return replace(state, towers=(*state.towers, tower), towers_left=left, phase=phase,
                   next_tower=state.next_tower + (1 if e.slots > 1 else 0))


def _placed(state: KaState, e: m.AllyPlaced) -> KaState:
    return _update(state, e.figure, space=parse(e.space), tower=e.tower, on_tower=e.on_tower)


def _wave(state: KaState, e: m.WaveBegan) -> KaState:
    # kings-armory A2 Tower Hosting: once a Wave begins, a Hero on the ground uses no slot.
    figures = tuple(replace(f, tower="") if f.kind == HERO and not f.on_tower else f for f in state.figures)
    return replace(state, figures=figures, wave=e.wave, round=0, to_enter=e.foes, wave_entered=0)


def _round(state: KaState, e: m.RoundBegan) -> KaState:
    if e.side == "foes":
        return replace(state, round=e.round, rounds=state.rounds + 1, phase=FOES, seat=0, acting="", acted=())
    figures = []
    for figure in state.figures:
        # kings-armory C2 Bless: Bless tokens go (a figure with none keeps its Tokens as they are).
        tokens = replace(figure.tokens, bless=0) if figure.tokens.bless else figure.tokens
        # A card's effect that lasts the round ends now (RULES.md: until the next Players' Round).
        kept = tuple(item for item in figure.lasting if item.lasts != "round") if figure.lasting else ()
        if figure.kind == FOE:
            # kings-armory C1 Step 2: every tank ends when the Players' Round starts.
            unchanged = not figure.tanked_by and tokens is figure.tokens and len(kept) == len(figure.lasting)
            figures.append(figure if unchanged else replace(figure, tanked_by="", tokens=tokens, lasting=kept))
            continue
        lasting = figure.ward_lasts == "round"
        figures.append(replace(
            figure,
            actions=0 if figure.knocked_out else stats(figure).actions,
            steps=0, attacked=False, done=figure.knocked_out, released=(), tokens=tokens, lasting=kept,
            ward=0 if lasting else figure.ward, ward_lasts="" if lasting else figure.ward_lasts,
            enchant=0, tank_bonus=0))
    return replace(state, figures=tuple(figures), phase=PLAYERS, round=e.round, acting="")


def _entered(state: KaState, e: m.FoeEntered) -> KaState:
    foe = Figure(figure=e.figure, kind=FOE, key=e.key, seat=0, hp=e.hp, space=parse(e.space),
                 level=e.level, route=(e.entrance, e.lane, e.color), index=0, order=len(state.entered) + 1)
    return state.with_figure(foe, entered=(*state.entered, e.key), wave_entered=state.wave_entered + 1,
                             to_enter=max(0, state.to_enter - 1))


def _boss_entered(state: KaState, e: m.BossEntered) -> KaState:
    boss = Figure(figure=e.figure, kind=FOE, key=e.key, seat=0, hp=e.hp, space=parse(e.space), level=BOSS_LEVEL,
                  route=(e.entrance, e.lane, e.color), index=0, order=len(state.entered) + 1)
    return state.with_figure(boss, entered=(*state.entered, e.key), bosses=(*state.bosses, (e.key, e.entrance, e.lane)))


def _appeared(state: KaState, e: m.FoeAppeared) -> KaState:
    foe = Figure(figure=e.figure, kind=FOE, key=e.key, seat=0, hp=e.hp, space=parse(e.space), level=e.level,
                 route=(e.entrance, e.lane, e.color), index=e.index, order=len(state.entered) + 1)
    return state.with_figure(foe, entered=(*state.entered, e.key))


def _turn_began(state: KaState, e: m.FoeTurnBegan) -> KaState:
    return replace(state, acting=e.figure, acted=(*state.acted, e.figure))


def _moved(state: KaState, e: m.FoeMoved) -> KaState:
    if not e.path:
        return state
    return _update(state, e.figure, space=parse(e.path[-1]), index=e.index)


def _hp(state: KaState, e: m.StatusDamage | m.Damaged | m.Healed) -> KaState:
    return _update(state, e.figure, hp=e.hp)


def _tokens(state: KaState, e: m.TokensChanged) -> KaState:
    return _update(state, e.figure, tokens=Tokens(e.bleed, e.burn, e.slow, e.stun, e.bless))


def _turn_lost(state: KaState, e: m.TurnLost) -> KaState:
    figure = _figure(state, e.figure)
    return state.with_figure(replace(figure, tokens=replace(figure.tokens, stun=0)))


def _defeated(state: KaState, e: m.Defeated) -> KaState:
    figure = _figure(state, e.figure)
    released = tuple(replace(f, tanked_by="") if f.tanked_by == e.figure else f for f in state.figures)
    state = replace(state, figures=released)
    if figure.kind == HERO:
        # kings-armory E Defeated: a KO'd Hero stays on the board until the Wave ends, and
        # on a Tower keeps its hosting slot (E Towers: a Hero on a Tower always uses one).
        return _update(state, e.figure, hp=0, knocked_out=True, done=True, actions=0, steps=0,
                       holding=False, tokens=NO_TOKENS)
    return replace(state.without(e.figure), acting="" if state.acting == e.figure else state.acting)


def _spent(state: KaState, e: m.ActionSpent) -> KaState:
    figure = _figure(state, e.figure)
    # kings-armory D1: a Hireable with no Attack Options does its duty with a Special Action.
    attacked = figure.attacked or e.action.startswith("attack:") or (
        e.action.startswith("special:") and figure.kind == HIREABLE and not attacks(figure))
    used = figure.used
    if e.action.startswith("special:") and e.action not in used:
        used = (*used, e.action)
    return state.with_figure(replace(figure, actions=e.left, attacked=attacked, steps=0, used=used), acting=e.figure)


def _ally_moved(state: KaState, e: m.AllyMoved) -> KaState:
    return _update(state, e.figure, space=parse(e.to), steps=e.steps, on_tower=e.on_tower, tower=e.tower)


def _untanked(state: KaState, e: m.Untanked) -> KaState:
    state = _update(state, e.foe, tanked_by="")
    ally = _figure(state, e.figure)
    return state.with_figure(replace(ally, released=(*ally.released, e.foe)))


def _boosted(state: KaState, e: m.Boosted) -> KaState:
    figure = _figure(state, e.figure)
    if e.effect == "ward":
        figure = replace(figure, ward=e.amount, ward_lasts=e.lasts)
    elif e.effect == "enchant":
        figure = replace(figure, enchant=e.amount)
    elif e.effect == "tank-boost":
        figure = replace(figure, tank_bonus=e.amount)
    else:
        figure = replace(figure, aura=True)
    return state.with_figure(figure)


def _sent_back(state: KaState, e: m.FoeSentBack) -> KaState:
    return _update(state, e.figure, space=parse(e.to), index=e.index, tanked_by="")


def _summoned(state: KaState, e: m.GuardianSummoned) -> KaState:
    guardian = Figure(figure=e.figure, kind=GUARDIAN, key=GUARDIAN, seat=e.seat, hp=e.hp, space=parse(e.space),
                      done=True)
    return state.with_figure(guardian)


def _ally_done(state: KaState, e: m.AllyTurnEnded) -> KaState:
    return state.with_figure(replace(_figure(state, e.figure), done=True, actions=0, steps=0), acting="")


def _seat(state: KaState, e: m.SeatTurnBegan) -> KaState:
    return replace(state, seat=e.seat, acting="")


def _recovered(state: KaState, e: m.AlliesRecovered) -> KaState:
    figures = []
    for figure in state.figures:
        if figure.kind == GUARDIAN or figure.card:
            continue  # kings-armory E Summon Guardian, E Summoning: they stay until the Wave ends
        if figure.kind == FOE:
            figures.append(figure)
            continue
        heal = stats(figure).heal
        hp = heal if figure.knocked_out else min(max_hp(figure), figure.hp + heal)
        # kings-armory B4 1: off the board to recuperate, to be placed anew (B5 Step 6).
        figures.append(replace(figure, hp=hp, knocked_out=False, tokens=NO_TOKENS, ward=0, ward_lasts="", lasting=(),
                               enchant=0, tank_bonus=0, aura=False, used=(), holding=False, done=False,
                               actions=0, steps=0, attacked=False, released=(), space=OFF_BOARD, tower="",
                               on_tower=""))
    return replace(state, figures=tuple(figures), phase=SHOPPING, shopped=(), offers=(), seat=0, acting="")


def _rewards(state: KaState, e: m.RewardsDrawn | m.CardRewards) -> KaState:
    revealed = _hidden(state, "reward") if e.cards else state.revealed
    return replace(state, reward_deck=state.reward_deck[len(e.cards):], rewards_drawn=(*state.rewards_drawn, *e.cards),
                   gold=e.total, revealed=revealed)


def _built(state: KaState, e: m.TowerBuilt) -> KaState:
    tower = Tower(e.tower, tuple(parse(cell) for cell in e.cells), e.slots)
    return replace(state, towers=(*state.towers, tower), next_tower=state.next_tower + 1, gold=e.gold)


def _hired(state: KaState, e: m.Hired) -> KaState:
    figure = Figure(figure=e.figure, kind=HIREABLE, key=e.key, seat=e.seat, hp=e.hp, space=OFF_BOARD, level=e.level)
    return state.with_figure(figure, recruited=(*state.recruited, e.figure), gold=e.gold)


def _upgraded(state: KaState, e: m.Upgraded) -> KaState:
    benched = next((f for f in state.bench if f.figure == e.figure), None)
    if benched is not None:
        bench = tuple(replace(f, level=e.level, hp=e.hp) if f is benched else f for f in state.bench)
        return replace(state, bench=bench, gold=e.gold)
    return state.with_figure(replace(_figure(state, e.figure), level=e.level, hp=e.hp), gold=e.gold)


def _unlocked(state: KaState, e: m.EquipmentUnlocked) -> KaState:
    gear = tuple(replace(g, locked=False) if g.card == e.card else g for g in state.gear)
    unlocks = tuple(count + 1 if seat == e.seat else count for seat, count in enumerate(state.unlocks, start=1))
    return replace(state, gear=gear, unlocks=unlocks, gold=e.gold)


def _equipment_bought(state: KaState, e: m.EquipmentBought) -> KaState:
    return replace(state, equipment_deck=state.equipment_deck[1:], gear=(*state.gear, Gear(e.card, 0, locked=False)),
                   gold=e.gold, revealed=_hidden(state, "equipment"))


def _equipment_sold(state: KaState, e: m.EquipmentSold) -> KaState:
    # kings-armory B5 Step 4's note: a sold card goes to the bottom of its deck.
    return replace(state, equipment_deck=(*state.equipment_deck, e.card),
                   gear=tuple(g for g in state.gear if g.card != e.card), gold=e.gold,
                   offers=_offers_without(state, e.card))


def _offers_without(state: KaState, *cards: str) -> tuple[Offer, ...]:
    """The trade offers that still stand once `cards` change hands or are put on."""
    return tuple(o for o in state.offers if o.give not in cards and o.take not in cards)


def _held_by(state: KaState, card: str, seat: int) -> tuple[Gear, ...]:
    return tuple(replace(g, seat=seat) if g.card == card else g for g in state.gear)


def _equipped(state: KaState, e: m.Equipped) -> KaState:
    hero = _figure(state, e.hero)
    return state.with_figure(replace(hero, worn=(*hero.worn, e.card)), gear=_held_by(state, e.card, e.seat),
                             offers=_offers_without(state, e.card))


def _unequipped(state: KaState, e: m.Unequipped) -> KaState:
    hero = _figure(state, e.hero)
    return state.with_figure(replace(hero, worn=tuple(c for c in hero.worn if c != e.card), hp=e.hp))


def _reassigned(state: KaState, e: m.HireableReassigned) -> KaState:
    if any(f.figure == e.figure for f in state.bench):
        return replace(state, bench=tuple(replace(f, seat=e.seat) if f.figure == e.figure else f for f in state.bench))
    return _update(state, e.figure, seat=e.seat)


def _traded(state: KaState, e: m.EquipmentTraded) -> KaState:
    state = replace(state, gear=_held_by(state, e.give, e.other))
    return replace(state, gear=_held_by(state, e.take, e.seat), offers=_offers_without(state, e.give, e.take))


def _foreseen(state: KaState, e: m.Foreseen) -> KaState:
    return replace(state, foresight=(*state.foresight, f"{e.key}:{e.natural}"))


def _foresight_used(state: KaState, e: m.FoeRolled) -> KaState:
    return replace(state, foresight=state.foresight[1:]) if e.foreseen else state


def _card_played(state: KaState, e: m.CardPlayed) -> KaState:
    """kings-armory B5 Step 4's note: a card used goes to the bottom of its deck."""
    if e.deck == "armory":
        return replace(state, armory="", armory_deck=(*state.armory_deck, e.card))
    held = list(state.reinforcements)
    held.remove(e.card)
    return replace(state, reinforcements=tuple(held), reinforcement_deck=(*state.reinforcement_deck, e.card))


def _lasting(state: KaState, e: m.LastingEffect) -> KaState:
    figure = _figure(state, e.figure)
    return state.with_figure(replace(figure, lasting=(*figure.lasting, Lasting(e.effect, e.amount, e.lasts, e.card))))


def _ally_summoned(state: KaState, e: m.AllySummoned) -> KaState:
    figure = Figure(figure=e.figure, kind=e.kind, key=e.key, seat=e.seat, hp=e.hp, space=parse(e.space),
                    level=e.level, tower=e.tower, on_tower=e.on_tower, done=True, card=e.card)
    return state.with_figure(figure, summoned=(*state.summoned, e.figure))


def _over(state: KaState, e: m.GameOver) -> KaState:
    return replace(state, finished=True, won=e.won, result=e.reason, phase=OVER, acting="", seat=0)


def _same(state: KaState, _event: Any) -> KaState:
    return state


_APPLY: dict[type[Event], Apply] = {
    m.GameSetUp: _set_up,
    m.DeckShuffled: _shuffled,
    m.EquipmentDealt: _dealt,
    m.AllyJoined: _joined,
    m.HireableSatOut: _sat_out,
    m.HireableReturned: _returned,
    m.ShoppingEnded: lambda s, e: replace(s, shopped=(*s.shopped, e.seat)),
    m.ShopClosed: lambda s, e: replace(s, phase=PLACING, shopped=(), offers=(), seat=0),
    m.TowerPlaced: _tower,
    m.AllyPlaced: _placed,
    m.WaveBegan: _wave,
    m.RoundBegan: _round,
    m.FoeRolled: _foresight_used,
    m.FoeEntered: _entered,
    m.BossEntered: _boss_entered,
    m.FoeAppeared: _appeared,
    m.TieRolled: _same,
    m.FoeTurnBegan: _turn_began,
    m.StatusDamage: _hp,
    m.TurnLost: _turn_lost,
    m.FoeMoved: _moved,
    m.Tanked: lambda s, e: _update(s, e.foe, tanked_by=e.figure),
    m.TankEnded: lambda s, e: _update(s, e.foe, tanked_by=""),
    m.Untanked: _untanked,
    m.HoldSet: lambda s, e: _update(s, e.figure, holding=e.hold),
    m.HitRolled: _same,
    m.Damaged: _hp,
    m.TokensChanged: _tokens,
    m.Defeated: _defeated,
    m.GateDamaged: lambda s, e: replace(s, gate=e.hp),
    m.ActionSpent: _spent,
    m.AllyMoved: _ally_moved,
    m.Healed: _hp,
    m.Boosted: _boosted,
    m.FoeSentBack: _sent_back,
    m.GuardianSummoned: _summoned,
    m.Foreseen: _foreseen,
    m.AllyTurnEnded: _ally_done,
    m.SeatTurnBegan: _seat,
    m.WaveWon: _same,
    m.AlliesRecovered: _recovered,
    m.RewardsDrawn: _rewards,
    m.TowerBuilt: _built,
    m.TowerSold: lambda s, e: replace(s, towers=tuple(t for t in s.towers if t.tower != e.tower), gold=e.gold),
    m.Hired: _hired,
    m.Upgraded: _upgraded,
    m.EquipmentUnlocked: _unlocked,
    m.EquipmentBought: _equipment_bought,
    m.EquipmentSold: _equipment_sold,
    m.Equipped: _equipped,
    m.Unequipped: _unequipped,
    m.TradeOffered: lambda s, e: replace(s, offers=(*s.offers, Offer(e.seat, e.give, e.take))),
    m.EquipmentTraded: _traded,
    m.HireableReassigned: _reassigned,
    m.ReinforcementBought: lambda s, e: replace(s, reinforcement_deck=s.reinforcement_deck[1:],
                                                reinforcements=(*s.reinforcements, e.card), gold=e.gold,
                                                revealed=_hidden(s, "reinforcement")),
    m.ArmoryBought: lambda s, e: replace(s, armory_deck=s.armory_deck[1:], armory=e.card, gold=e.gold),
    m.CardPlayed: _card_played,
    m.PlayMoment: _same,
    m.LastingEffect: _lasting,
    m.AllySummoned: _ally_summoned,
    m.GateRepaired: lambda s, e: replace(s, gate=e.hp),
    m.CardRewards: _rewards,
    m.CardForeseen: lambda s, e: replace(s, revealed=(*s.revealed, e.deck)),
    m.GameOver: _over,
}


def evolve(state: KaState, event: Event) -> KaState:
    return _APPLY[type(event)](state, event)
