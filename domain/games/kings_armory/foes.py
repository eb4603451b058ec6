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
from domain.games.kings_armory.board import Board, Space, distance, name, within_range
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
    C1_STEP_2,
    C2_STUN,
    E_FORESIGHT,
    E_MONSTER_SHORTAGE,
    E_PUSHABLE,
    E_TANKING,
)
from domain.games.kings_armory.combat import defeat, gate_damage, hurt_gate, reaches_tower, resolve_attack
from domain.games.kings_armory.content import MELEE, SUPERNATURAL, Attack, monsters, monsters_of_level, wave_card
from domain.games.kings_armory.figures import counts_as, flying, monster, move_rate, resistance
from domain.games.kings_armory.state import CAVE, EVEN, FOE, HERO, MAIN, ODD, Em, Figure, KaState, board_of, numbered
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
        (B3_TURN_PRIORITY_2, lambda foe: not flying(foe)),
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
    Rules)."""
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
        hp = max(0, current.hp - count)
        em.emit(m.StatusDamage, B1_UPKEEP, figure_id, status, count, hp)
        if hp == 0:
            defeat(em, figure_id, "hit points")
            return False
    current = em.state.figure(figure_id)
    assert current is not None
    if current.tokens.stun:
        em.emit(m.TurnLost, C2_STUN, figure_id)
        return False
    return True


def foe_blocks(state: KaState, space: Space, foe: Figure) -> bool:
    """Another foe of the same layer (ground or flying) on the space: `foe` may not
    stop there (kings-armory B1 If a Monster...)."""
    layer = flying(foe)
    return any(other.space == space and other.kind == FOE and other.figure != foe.figure and flying(other) == layer
               for other in state.figures)


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
    stays_at_gate = card.siege
    for _ in range(move_rate(foe)):
        if index >= last:
            break
        ahead = index + 1
        if stays_at_gate and ahead == last and _siege_at(em.state, route[last], figure_id):
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
    state = em.state
    foe = state.figure(figure_id)
    assert foe is not None
    board = board_of(state)
    attack = monster(foe).attack
    targets = [a for a in state.figures if foe_can_hit(board, foe, attack, a)]
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
    resolve_attack(em, rng, figure_id, attack, victims, rule)


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
