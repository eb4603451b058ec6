"""The order of play (kings-armory B8): set-up, Waves of Foes' and Players' Rounds,
between Waves (part 1: healing only), victory and defeat (B9). Effects only: what
follows an accepted command, each step decided against the state the Emitter has
evolved so far."""

from __future__ import annotations

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import name, within_range
from domain.games.kings_armory.cards import playable
from domain.games.kings_armory.citations import (
    A2,
    B1_ENTRANCE,
    B2,
    B3,
    B3_PARAPETS,
    B4,
    B5_STEP_1,
    B5_STEP_6,
    B7,
    B9,
    D2_2_DELAYED_ENTRY,
    E_HEALING,
    HIREABLES_OPTION,
    MOMENT_TO_PLAY,
    ROUND_LIMIT,
)
from domain.games.kings_armory.content import heroes, hireables, wave_card
from domain.games.kings_armory.decks import arrange_decks, deal_equipment, draw_rewards
from domain.games.kings_armory.figures import specials, stats
from domain.games.kings_armory.foes import (
    boss_due,
    bosses_to_come,
    enter_boss,
    enter_foe,
    go_on,
    heroes_in_game,
    next_foe,
    upkeep_allies,
    wave_size,
)
from domain.games.kings_armory.state import (
    FOES,
    GUARDIAN,
    HERO,
    HIREABLE,
    PARAPET_SLOTS,
    PLACING,
    PLAYERS,
    TOWER_SLOTS,
    Em,
    KaState,
    board_of,
    numbered,
)
from domain.games.kings_armory.turn import seat_done
from domain.kernel import Rng


def start_game(em: Em, rng: Rng) -> None:
    """The decks are shuffled (kings-armory A1 Table Arrangement), the team's Heroes (and
    Hireables) join, each seat takes its two Equipment cards, the Parapets stand, and
    seat 1 places the first starting Tower (A2). Hireables beyond the hosting slots of
    the starting Towers and the Parapets sit out, the last hired first (B5 Step 6);
    Heroes always fit (the Hero Scaling Grid gives them Towers enough)."""
    state = em.state
    board = board_of(state)
    hero_count = sum(len(keys) for keys in state.heroes)
    towers = wave_card().scale(hero_count).towers
    em.emit(m.GameSetUp, A2, board.name, state.seats, towers, state.options.gate_hp, state.options.waves)
    arrange_decks(em, rng)
    for seat, keys in enumerate(state.heroes, start=1):
        for key in keys:
            em.emit(m.AllyJoined, A2, key, key, HERO, seat, 1, heroes()[key].stats.hp)
    deal_equipment(em)
    room = towers * TOWER_SLOTS + len(board.parapets) * PARAPET_SLOTS - hero_count
    numbers: dict[str, int] = {}
    for hired, (seat, key, level) in enumerate(state.hireables):
        numbers[key] = numbers.get(key, 0) + 1
        figure = numbered(key, numbers[key])
        if hired < room:
            em.emit(m.AllyJoined, HIREABLES_OPTION, figure, key, HIREABLE, seat, level,
                    hireables()[key].stats(level).hp)
        else:
            em.emit(m.HireableSatOut, B5_STEP_6, figure, key, seat, level)
    for number, parapet in enumerate(board.parapets, start=1):
        em.emit(m.TowerPlaced, B3_PARAPETS, f"p{number}", (name(parapet),), PARAPET_SLOTS)
    if not em.state.towers_left:
        next_placer(em, 0)


def next_placer(em: Em, after: int, rule: str = A2) -> None:
    """The next seat that places: Towers in turn from seat 1 while any are left, then
    each seat with an Ally still to place (at set-up, A2, and between Waves, B5 Step 6);
    when all are placed, the next Wave begins (after_placing)."""
    state = em.state
    seats = state.seats
    if state.towers_left:
        em.emit(m.SeatTurnBegan, rule, after % seats + 1)
        return
    for seat in range(1, seats + 1):
        if any(f.space[0] < 0 for f in state.allies_of(seat)):
            em.emit(m.SeatTurnBegan, rule, seat)
            return


def begin_wave(em: Em, rng: Rng, wave: int) -> None:
    """The Wave's foe count from the Wave Card and the Hero Scaling Grid (kings-armory
    B1); with Delayed Monster Entry half of them, rounded up, come first (D2-2)."""
    state = em.state
    scale = wave_card().scale(heroes_in_game(state))
    foes = wave_size(state, wave)
    now = (foes + 1) // 2 if state.options.delayed_entry else foes
    em.emit(m.WaveBegan, B1_ENTRANCE, wave, foes, scale.roll_mod, now)
    foes_round(em, rng)


def game_lost(em: Em) -> bool:
    """kings-armory B9 Conditions for Defeat (and B4 2, 3)."""
    state = em.state
    if state.finished:
        return True
    if state.gate <= 0:
        em.emit(m.GameOver, B9, False, "the Castle Gate is down to 0 hit points")
    elif not any(f.kind == HERO and f.active for f in state.figures):
        em.emit(m.GameOver, B9, False, "every Hero is defeated")
    return em.state.finished


def foes_round(em: Em, rng: Rng) -> None:
    """One Foes' Round (kings-armory B1 for the first of a Wave, B3 after)."""
    state = em.state
    limit = state.options.round_limit
    if limit and state.rounds >= limit:
        em.emit(m.GameOver, ROUND_LIMIT, False, f"the round limit ({limit}) is reached")
        return
    em.emit(m.RoundBegan, B3, "foes", state.round + 1)
    carry_on(em, rng)


def carry_on(em: Em, rng: Rng, going_on: str = "") -> None:
    """The Foes' Round from where it stands: the foe `going_on`, whose turn has begun, goes on
    with it, then each next foe takes its turn (kings-armory B1, B3), until the round is over
    and the Players' Round follows, or the Wave is won. Before a foe goes on with its turn
    the round waits while the team holds a card it may play (RULES.md: the team's moment)."""
    if going_on:
        go_on(em, rng, going_on)
        if game_lost(em):
            return
    while True:
        foe, rule = _next_turn(em, rng)
        if not foe:
            break
        em.emit(m.FoeTurnBegan, rule, foe)
        if playable(em.state):
            em.emit(m.PlayMoment, MOMENT_TO_PLAY, foe)
            return
        go_on(em, rng, foe)
        if game_lost(em):
            return
    if wave_cleared(em.state):
        end_wave(em, rng)
    else:
        players_round(em, rng)


def first_entries(state: KaState) -> int:
    """Foes of the Wave that enter in its first Foes' Round: all, or with Delayed Monster Entry
    half, rounded up (kings-armory B1, D2-2)."""
    total = state.wave_entered + state.to_enter
    return (total + 1) // 2 if state.options.delayed_entry else total


def _next_turn(em: Em, rng: Rng) -> tuple[str, str]:
    """The foe whose turn comes next and the rule that says so: a foe on the board that has not
    acted this round, by Monster Turn Priority (kings-armory B3); else one more foe enters and
    acts at once (B1: each before the next is rolled; D2-2: the delayed ones in the second
    round, after the others); else, in the final Wave, a Boss due this round (B7: after the
    other foes' turns), whose card's foes act after it. ("", "") when the round is over."""
    state = em.state
    waiting = [f for f in state.foes() if f.figure not in state.acted]
    if waiting:
        chosen, rule = next_foe(em, rng, waiting)
        return chosen.figure, rule
    if state.round == 1 and state.wave_entered < first_entries(state):
        return enter_foe(em, rng), B1_ENTRANCE
    if state.round >= 2 and state.to_enter:
        return enter_foe(em, rng), D2_2_DELAYED_ENTRY
    if boss_due(state):
        return enter_boss(em, rng), B7
    return "", ""


def wave_cleared(state: KaState) -> bool:
    """Every foe of the Wave is defeated and none is still to come, the final Wave's Bosses
    included (kings-armory B4 1, B7 Finishing the Game, B9)."""
    return not state.foes() and not state.to_enter and not bosses_to_come(state)


def let_foe_act(em: Em, rng: Rng) -> None:
    """The team plays no card now: the foe whose turn has begun goes on (RULES.md)."""
    acting = em.state.acting
    carry_on(em, rng, acting if em.state.figure(acting) is not None else "")


def after_card(em: Em, rng: Rng, seat: int) -> None:
    """After a card is played: the game may be lost or the Wave won by it; in the Foes' Round
    the foe whose turn has begun goes on once the team holds no card it may play (or the
    foe is gone); in the Players' Round the seat goes on."""
    if game_lost(em):
        return
    state = em.state
    if state.phase == FOES:
        if wave_cleared(state):
            end_wave(em, rng)
        elif state.figure(state.acting) is None or not playable(state):
            let_foe_act(em, rng)
    elif state.phase == PLAYERS:
        after_action(em, rng, seat)


def end_wave(em: Em, rng: Rng) -> None:
    """kings-armory B4 1: the Wave is won; B9: the last one wins the game. Between
    Waves the Allies heal (B5 Step 1) and the Wave's Reward cards are drawn (Step 2)."""
    state = em.state
    em.emit(m.WaveWon, B4, state.wave)
    if state.wave >= state.options.waves:
        boss = f", {'the Bosses' if len(state.bosses) > 1 else 'the Boss'} too" if state.bosses else ""
        em.emit(m.GameOver, B9, True, f"every foe of all {state.wave} Waves is defeated{boss}")
        return
    em.emit(m.AlliesRecovered, B5_STEP_1, state.wave)
    draw_rewards(em, state.wave)


def players_round(em: Em, rng: Rng) -> None:
    """kings-armory B2: Bless tokens go and tanks end (C1 Step 2, C2 Bless), auras
    heal, then seat 1 begins."""
    em.emit(m.RoundBegan, B2, "players", em.state.round)
    upkeep_allies(em)
    if game_lost(em):
        return
    _auras(em)
    next_seat(em, rng, 0)


def _auras(em: Em) -> None:
    """A Healing Aura that is on heals every Ally within its reach (Cleric level 3)."""
    for source in em.state.allies():
        if not source.aura or not source.active:
            continue
        aura = next((s for s in specials(source) if s.kind == "aura"), None)
        if aura is None:
            continue
        for ally in em.state.allies():
            if ally.active and ally.kind != GUARDIAN and ally.space[0] >= 0 \
                    and within_range(source.space, ally.space, aura.reach):
                hp = min(stats(ally).hp, ally.hp + aura.amount)
                if hp != ally.hp:
                    em.emit(m.Healed, E_HEALING, ally.figure, hp - ally.hp, hp)


def next_seat(em: Em, rng: Rng, after: int) -> None:
    """The next seat with an Ally still to act takes its turn; after the last seat,
    the Foes' Round (kings-armory B2 Working Backwards)."""
    state = em.state
    for seat in range(after + 1, state.seats + 1):
        if any(not f.done and f.active for f in state.allies_of(seat)):
            em.emit(m.SeatTurnBegan, B2, seat)
            return
    foes_round(em, rng)


def after_placing(em: Em, rng: Rng, seat: int) -> None:
    """The seat is done placing (a Tower, or its last Ally): the next seat places, or
    the next Wave begins once every Ally is placed (kings-armory A2, B5 Steps 6-7)."""
    state = em.state
    setting_up = state.wave == 0
    next_placer(em, seat, A2 if setting_up else B5_STEP_6)
    state = em.state
    if state.phase == PLACING and not any(f.space[0] < 0 for f in state.allies()):
        begin_wave(em, rng, state.wave + 1)


def after_action(em: Em, rng: Rng, seat: int) -> None:
    """After an Ally's action: a Wave may be won, or the game lost, by any action
    (friendly fire included); else the next seat plays once this one is done."""
    if game_lost(em):
        return
    state = em.state
    if wave_cleared(state):
        end_wave(em, rng)
    elif state.phase == PLAYERS and seat_done(state, seat):
        next_seat(em, rng, seat)

