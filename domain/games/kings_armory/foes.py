"""The Foes' Round: the service's deterministic monster AI (kings-armory B1, B3). Its
functions are effects (they take the Emitter) and the questions they ask of the state.

Foes act with no seat's command. Each choice a player would make for them by the
rulebook's lists is made here by those lists, in order: which foe enters (the d12 and
the Wave Card), whose turn comes next (Monster Turn Priority 1-7), whom it attacks
(Attack Priority 1-9). A tie the lists leave is broken by a die roll that the log
records (TieRolled), and every foe's turn and attack cites the line that chose it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import Board, Space, distance, name, parse, within_range
from domain.games.kings_armory.citations import (
    B1_ATTACK_PRIORITY_1,
    B1_ATTACK_PRIORITY_2,
    B1_ATTACK_PRIORITY_3,
    B1_ATTACK_PRIORITY_4,
    B1_ATTACK_PRIORITY_5,
    B1_ATTACK_PRIORITY_6,
    B1_ATTACK_PRIORITY_7,
    B1_ATTACK_PRIORITY_8,
    B1_ATTACK_PRIORITY_TIE,
    B1_BUMPED,
    B1_ENTRANCE,
    B1_MOVEMENT,
    B1_UPKEEP,
    B3_CASTLE_GATE,
    B3_TURN_PRIORITY_1,
    B3_TURN_PRIORITY_2,
    B3_TURN_PRIORITY_3,
    B3_TURN_PRIORITY_4,
    B3_TURN_PRIORITY_5,
    B3_TURN_PRIORITY_6_7,
    B3_TURN_PRIORITY_TIE,
    B7,
    C1_STEP_2,
    C2_STUN,
    E_BOSSES,
    E_FORESIGHT,
    E_MONSTER_SHORTAGE,
    E_PUSHABLE,
    E_SUMMONING,
    E_TANKING,
)
from domain.games.kings_armory.combat import (
    defeat,
    gate_damage,
    hurt_gate,
    reaches_tower,
    resolve_attack,
    shed,
    status_immune,
    take_damage,
)
from domain.games.kings_armory.content import (
    D12,
    MELEE,
    SUPERNATURAL,
    Attack,
    BossRule,
    boss_rules,
    bosses,
    monsters,
    monsters_of_level,
    wave_card,
)
from domain.games.kings_armory.figures import boss_of, counts_as, flying, is_boss, monster, move_rate, resistance
from domain.games.kings_armory.state import (
    CAVE,
    EVEN,
    FOE,
    HERO,
    MAIN,
    ODD,
    Em,
    Figure,
    KaState,
    allies_on,
    board_of,
    numbered,
)
from domain.games.kings_armory.tanking import can_tank, only_stalemates, tank_holds
from domain.kernel import Rng

# ---------------------------------------------------------------- choosing by a list


def roll_off(em: Em, rng: Rng, tied: Sequence[Figure], rule: str) -> Figure:
    """The rulebook's last resort: roll for it. Each tied figure rolls a d20, the
    highest wins; those tied on the highest roll again."""
    pool = list(tied)
    while True:
        rolls = tuple(rng.die(20) for _ in pool)
        best = max(rolls)
        leaders = [figure for figure, roll in zip(pool, rolls, strict=True) if roll == best]
        em.emit(m.TieRolled, rule, tuple(f.figure for f in pool), rolls,
                leaders[0].figure if len(leaders) == 1 else "")
        if len(leaders) == 1:
            return leaders[0]
        pool = leaders


Line = tuple[str, Callable[[Figure], object]]


def choose(em: Em, rng: Rng, candidates: Sequence[Figure], lines: Sequence[Line], tie_rule: str) -> tuple[Figure, str]:
    """Go down the priority lines, keeping the candidates that do best (lowest key) on
    each, until one is left: that one, and the line that singled it out."""
    pool = list(candidates)
    if len(pool) == 1:
        return pool[0], lines[0][0]
    for rule, key in lines:
        best = min(key(c) for c in pool)  # type: ignore[type-var]
        pool = [c for c in pool if key(c) == best]
        if len(pool) == 1:
            return pool[0], rule
    return roll_off(em, rng, pool, tie_rule), tie_rule


# ---------------------------------------------------------------- entering


def _on_board(state: KaState, key: str) -> int:
    return sum(1 for f in state.figures if f.kind == FOE and f.key == key)


def draw_monster(state: KaState, rng: Rng, level: int) -> tuple[str, int, str]:
    """A Monster drawn at random from the level's pile (tokens not on the board);
    an empty pile gives the next lower level, else the next higher (kings-armory E
    Monster Shortage). Returns (key, level, rule)."""
    order = [level, *range(level - 1, 0, -1), *range(level + 1, 6)]
    for found in order:
        pile = [(card.key, card.tokens - _on_board(state, card.key)) for card in monsters_of_level(found)]
        total = sum(count for _, count in pile if count > 0)
        if total <= 0:
            continue
        pick = rng.below(total)
        for key, count in pile:
            if count <= 0:
                continue
            if pick < count:
                return key, found, (B1_ENTRANCE if found == level else E_MONSTER_SHORTAGE)
            pick -= count
    raise AssertionError("every Monster pile is empty")  # 85 tokens: more than the board holds


def heroes_in_game(state: KaState) -> int:
    return sum(1 for f in state.figures if f.kind == HERO)


def wave_size(state: KaState, wave: int) -> int:
    """A Wave's foes: the Wave Card's count plus the Hero Scaling Grid's, at least one
    (kings-armory B1)."""
    return max(1, wave_card().row(wave).foes + wave_card().scale(heroes_in_game(state)).extra_foes)


def enter_foe(em: Em, rng: Rng) -> str:
    """Roll the d12, draw the foe and place it at its entrance (kings-armory B1)."""
    state = em.state
    board = board_of(state)
    scaling = wave_card().scale(heroes_in_game(state))
    row = wave_card().row(state.wave)
    entrance = MAIN
    if (CAVE, ODD) in board.entrances and state.wave_entered % 2 == 1:
        entrance = CAVE  # kings-armory B1 Two Monster Entrances: they alternate, the Wave's first at the main one
    if state.foresight:
        key, natural_text = state.foresight[0].split(":")
        natural = int(natural_text)
        net = natural + scaling.roll_mod
        level = row.level_for(net)
        draw_rule = E_FORESIGHT
    else:
        natural = rng.die(12)
        net = natural + scaling.roll_mod
        level = row.level_for(net)
        key, level, draw_rule = draw_monster(state, rng, level)
    lane = ODD if net % 2 else EVEN
    em.emit(m.FoeRolled, B1_ENTRANCE, natural, scaling.roll_mod, net, level, lane, entrance, bool(state.foresight))
    card = monsters()[key]
    figure_id = numbered(key, em.state.entered.count(key) + 1)
    space = board.entrances[(entrance, lane)]
    em.emit(m.FoeEntered, draw_rule, figure_id, key, card.level, name(space), entrance, lane, card.arrow, card.hp)
    return figure_id


def boss_round(state: KaState, number: int) -> int:
    """The Foes' Round of the final Wave in which Boss `number` (0 the first) enters: the second,
    the second Boss the third (kings-armory B7); a round later each with Delayed Monster Entry
    (D2-2)."""
    return 2 + number + (1 if state.options.delayed_entry else 0)


def bosses_to_come(state: KaState) -> int:
    """Bosses of the final Wave that have not entered yet (kings-armory B7, B9)."""
    if state.wave != state.options.waves:
        return 0
    return max(0, state.options.bosses - len(state.bosses))


def boss_due(state: KaState) -> bool:
    """A Boss enters in this Foes' Round, after the other foes' turns (kings-armory B7)."""
    return bosses_to_come(state) > 0 and state.round >= boss_round(state, len(state.bosses))


def enter_boss(em: Em, rng: Rng) -> str:
    """The Boss drawn at random from those not yet come enters at the Monster Entrance with its
    Stat Card's hit points, on the side an unmodified d12 rolls (odd or even), and where the
    map has two entrances at the one a second d12 rolls (odd: the Monster Entrance, even: the
    other); a second Boss takes the side the first did not, or with two entrances the other
    entrance, its side rolled (kings-armory B7). The foes its card brings with it enter
    beside it (B7: Monster additions)."""
    state = em.state
    board = board_of(state)
    pile = [key for key in bosses() if key not in {entered[0] for entered in state.bosses}]
    key = pile[rng.below(len(pile))]
    card = bosses()[key]
    two = (CAVE, ODD) in board.entrances
    side_roll = entrance_roll = 0
    if not state.bosses:
        side_roll = rng.die(D12)
        lane = ODD if side_roll % 2 else EVEN
        if two:
            entrance_roll = rng.die(D12)
        entrance = CAVE if two and entrance_roll % 2 == 0 else MAIN
    else:
        _, first_entrance, first_lane = state.bosses[0]
        if two:
            entrance = MAIN if first_entrance == CAVE else CAVE
            side_roll = rng.die(D12)
            lane = ODD if side_roll % 2 else EVEN
        else:
            entrance, lane = MAIN, EVEN if first_lane == ODD else ODD
    space = board.entrances[(entrance, lane)]
    figure_id = numbered(key, state.entered.count(key) + 1)
    em.emit(m.BossEntered, B7, figure_id, key, card.hp, name(space), entrance, lane, card.arrow, side_roll,
            entrance_roll)
    for rule in card.rules:
        if rule.kind == "escort" and rule.monster is not None:
            for _ in range(rule.count):
                escort = monsters()[rule.monster]
                if _on_board(em.state, escort.key) >= escort.tokens:
                    break  # kings-armory E Monster Shortage: the pile has no more of them
                em.emit(m.FoeEntered, B7, numbered(escort.key, em.state.entered.count(escort.key) + 1), escort.key,
                        escort.level, name(space), entrance, lane, escort.arrow, escort.hp)
    return figure_id


def _summon_at_turn(em: Em, rng: Rng, figure_id: str) -> None:
    """A Boss that summons calls its foes as its turn begins (kings-armory B7, its Stat Card):
    each enters at the Monster Entrance as a new foe does (E Summoning), on the side an
    unmodified d12 rolls, drawn from the rule's level's pile (E Monster Shortage)."""
    foe = em.state.figure(figure_id)
    card = boss_of(foe) if foe is not None else None
    if card is None:
        return
    board = board_of(em.state)
    for rule in card.rules:
        if rule.kind != "summon" or rule.level is None:
            continue
        for _ in range(rule.count):
            natural = rng.die(D12)
            lane = ODD if natural % 2 else EVEN
            key, level, _rule = draw_monster(em.state, rng, rule.level)
            em.emit(m.FoeRolled, B7, natural, 0, natural, level, lane, MAIN, False)
            summoned = monsters()[key]
            em.emit(m.FoeEntered, E_SUMMONING, numbered(key, em.state.entered.count(key) + 1), key, summoned.level,
                    name(board.entrances[(MAIN, lane)]), MAIN, lane, summoned.arrow, summoned.hp)


def foresee(state: KaState, rng: Rng, position: int) -> tuple[str, int]:
    """The next Wave's foe at `position`, rolled and drawn now (kings-armory E Foresight)."""
    row = wave_card().row(state.wave + 1)
    natural = rng.die(12)
    level = row.level_for(natural + wave_card().scale(heroes_in_game(state)).roll_mod)
    key, _, _ = draw_monster(state, rng, level)
    return key, natural


# ---------------------------------------------------------------- turn order


def turn_lines(state: KaState) -> list[Line]:
    board = board_of(state)

    def remaining(foe: Figure) -> int:
        return board.routes[foe.route].remaining(foe.index)

    return [
        (B3_TURN_PRIORITY_1, remaining),
        # kings-armory E Stacking: the Boss acts last, even if it flies.
        (B3_TURN_PRIORITY_2, lambda foe: is_boss(foe) or not flying(foe)),
        (B3_TURN_PRIORITY_3, lambda foe: foe.level),
        (B3_TURN_PRIORITY_4, lambda foe: foe.route[1] != ODD),
        (B3_TURN_PRIORITY_5, lambda foe: foe.route[2] != "red"),
        (B3_TURN_PRIORITY_6_7, lambda foe: foe.route[0] != MAIN),
    ]


def next_foe(em: Em, rng: Rng, waiting: Sequence[Figure]) -> tuple[Figure, str]:
    return choose(em, rng, waiting, turn_lines(em.state), B3_TURN_PRIORITY_TIE)


# ---------------------------------------------------------------- one foe's turn


def foe_turn(em: Em, rng: Rng, figure_id: str, rule: str) -> None:
    """A whole turn: it begins (citing the line that chose the foe), then goes on."""
    em.emit(m.FoeTurnBegan, rule, figure_id)
    go_on(em, rng, figure_id)


def go_on(em: Em, rng: Rng, figure_id: str) -> None:
    """The foe's turn once begun: upkeep, then move, then attack (kings-armory B1 Monster Turn
    Rules); a Boss that summons calls its foes first (B7, its Stat Card)."""
    _summon_at_turn(em, rng, figure_id)
    if not _upkeep(em, figure_id):
        return
    if not _move(em, figure_id):
        return
    foe_attack(em, rng, figure_id)


def _upkeep(em: Em, figure_id: str) -> bool:
    """Bleed, then Burn, then Stun (kings-armory B1 Monster Upkeep, C2 Seventh).
    False when the foe's turn ends here."""
    foe = em.state.figure(figure_id)
    assert foe is not None
    for status, count in (("bleed", foe.tokens.bleed), ("burn", foe.tokens.burn)):
        if not count:
            continue
        if status == "burn" and resistance(foe, SUPERNATURAL) is None:
            continue  # kings-armory C2 Burn: no burn damage to the immune
        current = em.state.figure(figure_id)
        assert current is not None
        if status_immune(current, status):
            continue  # kings-armory E Bosses: a Boss's card may make it immune to Bleed or Burn
        hp = max(0, current.hp - count)
        em.emit(m.StatusDamage, B1_UPKEEP, figure_id, status, count, hp)
        if hp == 0:
            defeat(em, figure_id, "hit points")
            return False
        shed(em, figure_id, current.hp)
    current = em.state.figure(figure_id)
    assert current is not None
    if current.tokens.stun:
        em.emit(m.TurnLost, C2_STUN, figure_id)
        return False
    return True


def foe_blocks(state: KaState, space: Space, foe: Figure) -> bool:
    """Another foe of the same layer (ground or flying) on the space: `foe` may not
    stop there (kings-armory B1 If a Monster...). A Boss shares a space with any figure,
    and any foe with it (E Bosses: never bumped back; E Stacking)."""
    if is_boss(foe):
        return False
    layer = flying(foe)
    return any(other.space == space and other.kind == FOE and other.figure != foe.figure and flying(other) == layer
               and not is_boss(other) for other in state.figures)


def _holding_tanker(state: KaState, foe: Figure, space: Space) -> Figure | None:
    """The first Ally (by seat, then by when it joined) whose standing order tanks
    this foe on this space (RULES.md: standing tank orders)."""
    if foe_blocks(state, space, foe):
        return None  # kings-armory E Tanking: only where the foe may validly remain
    holders = [a for a in state.figures if a.kind != FOE and a.holding and can_tank(state, a, foe, space)]
    if not holders or only_stalemates(state):
        return None
    holders.sort(key=lambda a: a.seat)
    return holders[0]


def _move(em: Em, figure_id: str) -> bool:
    """The foe's movement along its route (kings-armory B1 Monster Movement): False
    when it is gone (into the Castle)."""
    state = em.state
    foe = state.figure(figure_id)
    assert foe is not None
    board = board_of(state)
    route = board.routes[foe.route].spaces
    last = len(route) - 1
    card = monster(foe)
    if foe.tanked_by:
        tanker = state.figure(foe.tanked_by)
        if tanker is not None and tank_holds(tanker, foe) and not only_stalemates(state):
            em.emit(m.FoeMoved, C1_STEP_2, figure_id, (), foe.index, "tanked")
            return True
        # kings-armory E Tanking: a tank ends when the foe is out of its tanker's reach, and
        # a stalemate is released.
        em.emit(m.TankEnded, E_TANKING, foe.tanked_by, figure_id)
        foe = em.state.figure(figure_id)
        assert foe is not None
        state = em.state
    holder = _holding_tanker(state, foe, foe.space) if foe.index > 0 else None
    if holder is not None:
        em.emit(m.Tanked, C1_STEP_2, holder.figure, figure_id)
        return True
    index = foe.index
    path: list[str] = []
    how = "moved"
    # kings-armory E Siege Equipment, E Bosses: they stay on the Gate's space and attack it.
    stays_at_gate = card.siege or is_boss(foe)
    for _ in range(move_rate(foe)):
        if index >= last:
            break
        ahead = index + 1
        if card.siege and ahead == last and _siege_at(em.state, route[last], figure_id):
            break  # kings-armory E Siege Equipment: it waits for the one in front
        if not flying(foe):
            _push(em, foe, route, ahead)
        index = ahead
        path.append(name(route[index]))
        if index == last:
            break
        holder = _holding_tanker(em.state, foe, route[index])
        if holder is not None:
            how = "tanked"
            break
    if index == last and not stays_at_gate:
        em.emit(m.FoeMoved, B3_CASTLE_GATE, figure_id, tuple(path), index, "gate")
        _enter_castle(em, figure_id)
        return False
    rule = B1_MOVEMENT
    if how != "tanked" and index > foe.index and foe_blocks(em.state, route[index], foe):
        index, how = _bump(em.state, foe, route, index)
        path.append(name(route[index]))
        rule = B1_BUMPED
    if index != foe.index or path:
        em.emit(m.FoeMoved, rule, figure_id, tuple(path), index, how)
        crush(em, figure_id, path)
    if how == "tanked":
        assert holder is not None
        em.emit(m.Tanked, C1_STEP_2, holder.figure, figure_id)
    elif index == last and not stays_at_gate:
        _enter_castle(em, figure_id)
        return False
    return True


def _siege_at(state: KaState, space: Space, other_than: str) -> bool:
    return any(f.space == space and f.kind == FOE and f.figure != other_than and monster(f).siege
               for f in state.figures)


def _bump(state: KaState, foe: Figure, route: Sequence[Space], index: int) -> tuple[int, str]:
    """Back to the last open space of its layer on its route; if that would be the
    entrance, forward past the whole line (kings-armory B1 If a Monster...)."""
    back = index - 1
    while back > 0 and foe_blocks(state, route[back], foe):
        back -= 1
    if back > 0:
        return back, "bumped back"
    ahead = index + 1
    while ahead < len(route) - 1 and foe_blocks(state, route[ahead], foe):
        ahead += 1
    if foe_blocks(state, route[ahead], foe):
        return foe.index, "stays"  # Siege Equipment held up at the gate: no open space at all
    return ahead, "bumped forward"


def _push(em: Em, pusher: Figure, route: Sequence[Space], ahead: int) -> None:
    """A ground foe walking into a Pushable foe's space pushes it one space along the
    pushable's own route, as long as the two routes go the same way and the space
    ahead of it is free (kings-armory E Pushable)."""
    board = board_of(em.state)
    for other in em.state.figures:
        if other.kind != FOE or other.figure == pusher.figure or other.space != route[ahead]:
            continue
        card = monster(other)
        if not card.pushable or card.flying:
            continue
        own = board.routes[other.route].spaces
        nxt = other.index + 1
        if nxt >= len(own) or ahead + 1 >= len(route) or own[nxt] != route[ahead + 1]:
            continue  # its route turns off, or it is at the gate: it stops
        if foe_blocks(em.state, own[nxt], other) or (
                card.siege and nxt == len(own) - 1 and _siege_at(em.state, own[nxt], other.figure)):
            continue  # no room ahead of it: the pusher walks on past it (RULES.md)
        em.emit(m.FoeMoved, E_PUSHABLE, other.figure, (name(own[nxt]),), nxt, "pushed")
        crush(em, other.figure, [name(own[nxt])])


def crush(em: Em, figure_id: str, path: Sequence[str]) -> None:
    """A Boss that crushes (kings-armory B7, its Stat Card's rule) deals its amount of
    Non-Resistible damage (E Non-Resistible) to every Ally on each space it rolls onto or
    through, pushed or on its own."""
    foe = em.state.figure(figure_id)
    card = boss_of(foe) if foe is not None else None
    if card is None:
        return
    for rule in card.rules:
        if rule.kind != "crush":
            continue
        for space in path:
            for ally in allies_on(em.state.figures).get(parse(space), []):
                if ally.active and not ally.on_tower:
                    take_damage(em, ally.figure, rule.amount, MELEE, True, B7)


def _enter_castle(em: Em, figure_id: str) -> None:
    """A foe on a Castle Gate space goes in, deals its full damage to the Gate and is
    defeated (kings-armory B3 Monsters at the Castle Gate)."""
    foe = em.state.figure(figure_id)
    assert foe is not None
    hurt_gate(em, figure_id, gate_damage(monster(foe).attack), B3_CASTLE_GATE)
    defeat(em, figure_id, "castle", B3_CASTLE_GATE)


# ---------------------------------------------------------------- attacking


def foe_can_hit(board: Board, foe: Figure, attack: Attack, ally: Figure) -> bool:
    """`ally` is a valid target of the foe's attack (kings-armory C2 First/Second,
    E Towers): in range, and reachable onto a Tower if it stands on one."""
    if attack.castle_only or not ally.active or ally.kind == FOE or ally.space[0] < 0:
        return False
    if ally.on_tower and not reaches_tower(attack):
        return False
    return within_range(foe.space, ally.space, attack.reach)


def gate_in_reach(board: Board, foe: Figure, attack: Attack) -> bool:
    """The Castle Gate can be shot from within range by Ranged and Supernatural
    attacks; Melee reaches it only from a gate space (kings-armory E Castle Gate)."""
    gate_spaces = tuple(board.gate.values())
    if foe.space in gate_spaces:
        return True
    if attack.kind == MELEE:
        return False
    return any(within_range(foe.space, space, attack.reach) for space in gate_spaces)


def attack_lines(state: KaState, foe: Figure, attack: Attack) -> list[Line]:
    board = board_of(state)
    route = set(board.routes[foe.route].spaces)
    return [
        (B1_ATTACK_PRIORITY_2, lambda ally: distance(foe.space, ally.space)),
        (B1_ATTACK_PRIORITY_3, lambda ally: counts_as(ally) != attack.kind),
        (B1_ATTACK_PRIORITY_4, lambda ally: ally.space not in route),
        (B1_ATTACK_PRIORITY_5, lambda ally: not board.on_path(ally.space)),
        (B1_ATTACK_PRIORITY_6, lambda ally: board.distance_to_path(ally.space)),
        (B1_ATTACK_PRIORITY_7, lambda ally: board.distance_to_gate(ally.space)),
    ]


def foe_attack(em: Em, rng: Rng, figure_id: str) -> None:
    """The foe's attack by Attack Priority (kings-armory B1); a Boss makes every attack on its
    card, the first on the Castle Gate once it stands on the Gate's space (E Bosses)."""
    foe = em.state.figure(figure_id)
    assert foe is not None
    card = boss_of(foe)
    if card is None:
        _one_attack(em, rng, figure_id, monster(foe).attack)
        return
    board = board_of(em.state)
    for number, attack in enumerate(card.attacks):
        current = em.state.figure(figure_id)
        if current is None or em.state.gate <= 0:
            return
        if number == 0 and boss_rules().gate_first and current.space in board.gate.values():
            hurt_gate(em, figure_id, gate_damage(attack), E_BOSSES)
            continue
        own = [rule for rule in card.rules if rule.attack == attack.key]
        _one_attack(em, rng, figure_id, attack, sweep=any(rule.kind == "sweep" for rule in own),
                    chain=next((rule for rule in own if rule.kind == "chain"), None))


def _one_attack(em: Em, rng: Rng, figure_id: str, attack: Attack, sweep: bool = False,
                chain: BossRule | None = None) -> None:
    """One attack of a foe: on its tank (Attack Priority 1), else the Ally the lines choose
    (2-7, a roll for a tie), else the Gate if it reaches it (8), else none (9). A Boss's sweep
    strikes every Ally in reach that is not on a Tower; its chain leaps from the target to
    the Allies nearest it (kings-armory B7, its Stat Card)."""
    state = em.state
    foe = state.figure(figure_id)
    assert foe is not None
    board = board_of(state)
    targets = [a for a in state.figures if foe_can_hit(board, foe, attack, a)]
    if sweep:
        targets = [a for a in targets if not a.on_tower]
        if targets:
            resolve_attack(em, rng, figure_id, attack, [a.figure for a in targets], B7)
            return
    tanker = next((a for a in targets if a.figure == foe.tanked_by), None)
    if tanker is not None:
        target, rule = tanker, B1_ATTACK_PRIORITY_1
    elif targets:
        target, rule = choose(em, rng, targets, attack_lines(state, foe, attack),
                              B1_ATTACK_PRIORITY_TIE)
    else:
        if gate_in_reach(board, foe, attack):
            hurt_gate(em, figure_id, gate_damage(attack), B1_ATTACK_PRIORITY_8)
        return  # kings-armory B1 Attack Priority 9: no target, no attack
    victims = [target.figure]
    if attack.area is not None:
        victims = area_victims(em.state, foe, attack, target.space)
    if chain is not None:
        victims += [leap for leap in chained(em.state, target, attack, chain) if leap not in victims]
    resolve_attack(em, rng, figure_id, attack, victims, rule)


def chained(state: KaState, target: Figure, attack: Attack, chain: BossRule) -> list[str]:
    """The Allies a chaining attack leaps to from its target: up to the rule's count within its
    reach of the target, nearest first, then in the order they came onto the board; the attack
    must be able to touch each (a Tower only from Range 2: E Towers)."""
    near = [a for a in state.figures if a.kind != FOE and a.figure != target.figure and a.active
            and a.space[0] >= 0 and within_range(target.space, a.space, chain.reach)
            and (not a.on_tower or reaches_tower(attack))]
    near.sort(key=lambda a: distance(target.space, a.space))
    return [a.figure for a in near[:chain.count]]


def area_victims(state: KaState, attacker: Figure, attack: Attack, centre: Space) -> list[str]:
    """Everyone in a foe's area attack, friend and foe alike (kings-armory C2 Sixth):
    the area is centred on its target (RULES.md)."""
    assert attack.area is not None
    width, length = attack.area
    top, left = centre[0] - (length - 1) // 2, centre[1] - (width - 1) // 2
    spaces = {(top + r, left + c) for r in range(length) for c in range(width)}
    board = board_of(state)
    return [f.figure for f in state.figures
            if f.space in spaces and f.figure != attacker.figure and f.active
            and (f.kind == FOE or foe_can_hit(board, attacker, attack, f) or f.space == centre)]


def upkeep_allies(em: Em) -> None:
    """Allies' tokens work as foes' do, once, at the start of the Players' Round:
    Bleed and Burn hurt, a Stun costs the turn (RULES.md: the rulebook gives upkeep
    to foes only)."""
    for ally in em.state.allies():
        if not ally.active:
            continue
        for status, count in (("bleed", ally.tokens.bleed), ("burn", ally.tokens.burn)):
            current = em.state.figure(ally.figure)
            if not count or current is None or not current.active:
                continue
            hp = max(0, current.hp - count)
            em.emit(m.StatusDamage, B1_UPKEEP, ally.figure, status, count, hp)
            if hp == 0:
                defeat(em, ally.figure, "hit points")
        current = em.state.figure(ally.figure)
        if current is not None and current.active and current.tokens.stun:
            em.emit(m.TurnLost, C2_STUN, ally.figure)
            em.emit(m.AllyTurnEnded, C2_STUN, ally.figure)
