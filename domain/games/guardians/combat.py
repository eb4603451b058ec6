"""Combat: Command Cards, AOE, primary match-ups with bribery, destruction, spells,
ranged attacks and channeling, secondary attacks, resolution by total Vitality,
healing and retreat (guardians COMBAT .. HEALING)."""

from __future__ import annotations

from domain.games.guardians import powers, texts
from domain.games.guardians.answers import await_answer
from domain.games.guardians.board import is_land, neighbours, stronghold_owner, strongholds
from domain.games.guardians.cards import card as card_def
from domain.games.guardians.messages import (
    CardDispelled,
    Channel,
    Channeled,
    ChooseCommand,
    CombatEnded,
    CombatResolved,
    CombatStarted,
    CommandChosen,
    CommandDeclared,
    CommandsRevealed,
    CreatureChosen,
    CreatureStatus,
    DeclareCommand,
    DestroyShield,
    DiscardCard,
    EffectApplied,
    FireIdol,
    GameWon,
    GuardianAssaulted,
    Heal,
    Healed,
    MatchupResolved,
    MatchupRevealed,
    MoveEnded,
    Pass,
    PlayCard,
    PlayCreature,
    PlayRanged,
    RangedFired,
    Redeem,
    Retreat,
    SecondaryDeclared,
    SecondaryResolved,
    ShieldAdvanced,
    ShieldDestroyed,
    ShieldMerged,
    ShieldRetreated,
    StageBegan,
    StonesSpent,
    WindowMove,
)
from domain.games.guardians.state import (
    DISCARD,
    PEN,
    STORAGE,
    Answer,
    Combat,
    GuardiansState,
    Shield,
    Side,
    lookup,
    members,
    other,
    seat_of,
    side,
    terrain,
)
from domain.games.guardians.strength import (
    abilities,
    beaten_damage,
    channel_limit,
    destroys,
    face,
    has,
    immune,
    immune_to_aoe,
    matches,
    standing,
    stronghold_face,
    terms,
    total,
    vitality,
)
from domain.games.guardians.table import (
    R_COMBAT,
    R_RANGED,
    acting,
    combat_of,
    hand,
    may_fire,
    survivors,
    window_move,
)
from domain.games.guardians.turns import (
    R_CHANNELERS,
    R_GAME,
    R_SPELLS,
    R_TEXT,
    Em,
    check_shields,
    land_owner,
    move,
    next_actor,
    note_text,
    spend,
    stacking,
)
from domain.kernel import RuleViolation, require

R_AOE = "guardians AOE attacks"
R_PRIMARY = "guardians PRIMARY ATTACKS"
R_BRIBERY = "guardians BRIBERY"
R_DESTRUCTION = "guardians DESTRUCTION"
R_CHANNELING = "guardians CHANNELING"
R_OVER_YET = "guardians IS IT OVER YET?"
R_SECONDARY = "guardians SECONDARY ATTACKS"
R_RESOLUTION = "guardians COMBAT RESOLUTION"
R_HEALING = "guardians HEALING"
R_ASSAULT = "guardians Guardian assault"

GUARDIAN = "guardian"


# ---------------------------------------------------------------- reading the table


def command_candidates(state: GuardiansState, seat: int) -> tuple[str, ...]:
    combat = combat_of(state)
    creatures = tuple(c for c in hand(state, side(combat, seat)) if face(c).command)
    cursed = state.player(seat).cursed
    spells = tuple(
        c for c in state.zone(seat, STORAGE) if face(c).key in texts.COMMAND_SPELLS and face(c).name not in cursed
    )
    return creatures + spells


# ---------------------------------------------------------------- starting


def start_combat(em: Em, shield: Shield, space: str, defender_shield: str, defender_zone: str) -> None:
    """A Shield stepped onto a space held by the enemy: combat at once (guardians Movement)."""
    defender = other(shield.seat)
    if is_land(space):
        fought_on = tuple(
            sorted({t for seat in (1, 2) for c in em.state.zone(seat, terrain(space)) for t in face(c).terrain_types})
        )
    else:  # a stronghold card may count as a terrain (Freebooter's Stronghold L and R)
        held = stronghold_face(em.state, space)
        fought_on = held.terrain_types if held is not None else ()
    em.emit(
        CombatStarted,
        R_COMBAT,
        space=space,
        attacker=shield.seat,
        defender=defender,
        attacker_shield=shield.card,
        defender_shield=defender_shield,
        defender_zone=defender_zone,
        came_from=shield.space,
        terrain=fought_on,
    )
    laid = [c for seat in (1, 2) for c in em.state.zone(seat, terrain(space))] if is_land(space) else []
    for card in laid:
        if has(card, "no-ranged"):
            em.emit(EffectApplied, R_RANGED, seat=seat_of(card), source=card, effect="no-ranged", cards=("1", "2"))


def assault_guardian(em: Em, shield: Shield, space: str) -> None:
    """tablerules' reading of the Guardian victory (RULES.md): a Shield that steps onto an
    enemy stronghold space with no creature on it strikes the enemy Guardian for its
    creatures' total Vitality and stays where it stood; wounds add up."""
    seat = shield.seat
    require(
        not any(s.space == shield.space and s.card != shield.card for s in em.state.shields),
        R_ASSAULT,
        "a Shield cannot strike from a space where another Shield stands",
    )
    damage = sum(face(c).vitality for c in em.state.zone(seat, members(shield.card)) if face(c).is_creature)
    enemy = em.state.player(other(seat))
    wounds = enemy.wounds + damage
    em.emit(GuardianAssaulted, R_ASSAULT, seat=seat, shield=shield.card, space=space, damage=damage, wounds=wounds)
    if wounds >= card_def(enemy.guardian).vitality:
        em.emit(GameWon, R_GAME, seat=seat, reason=f"killed seat {other(seat)}'s Guardian")
        return
    em.emit(MoveEnded, R_ASSAULT, seat=seat, shield=shield.card)
    next_actor(em, seat)


# ---------------------------------------------------------------- command cards


def declare_command(em: Em, command: DeclareCommand) -> None:
    acting(em.state, command.seat, "declare")
    if command.play:
        require(
            bool(command_candidates(em.state, command.seat)),
            R_COMBAT,
            "you hold no card you may play as a Command Card",
        )
    _declared(em, command.seat, play=command.play)


def fire_idol(em: Em, command: FireIdol) -> None:
    """A Large Idol fired stands for the seat's Command Card: it declares none."""
    powers.fire_idol(em, command)
    _declared(em, command.seat, play=False)


def _declared(em: Em, seat: int, *, play: bool) -> None:
    combat = combat_of(em.state)
    em.emit(CommandDeclared, R_COMBAT, seat=seat, play=play)
    if seat == combat.attacker.seat:
        em.emit(StageBegan, R_COMBAT, stage="declare", actor=combat.defender.seat)
        return
    combat = combat_of(em.state)
    if combat.attacker.declared == 1 or combat.defender.declared == 1:
        em.emit(StageBegan, R_COMBAT, stage="command", actor=0)
    else:
        begin_primaries(em)


def choose_command(em: Em, command: ChooseCommand) -> None:
    combat = acting(em.state, command.seat, "command")
    mine = side(combat, command.seat)
    require(
        mine.declared == 1 and not mine.command, R_COMBAT, "you did not declare a Command Card, or chose it already"
    )
    require(
        command.card in command_candidates(em.state, command.seat),
        R_COMBAT,
        f"{command.card} is not a card you may play as your Command Card",
    )
    em.emit(CommandChosen, R_COMBAT, seat=command.seat, card=command.card)
    combat = combat_of(em.state)
    if all(s.declared != 1 or s.command for s in (combat.attacker, combat.defender)):
        _reveal_commands(em)


def _contradiction(card: str) -> str | None:
    """What a Command Card does that another may contradict (guardians COMBAT, Ex. 2 and 4)."""
    return texts.CONTRADICTIONS.get(face(card).key) or ("terrain" if has(card, "sets-terrain") else None)


def _reveal_commands(em: Em) -> None:
    combat = combat_of(em.state)
    cards = tuple(c for c in (combat.attacker.command, combat.defender.command) if c)
    dispelled: list[str] = []
    if len(cards) == 2:
        a, d = cards
        ka, kd = _contradiction(a), _contradiction(d)
        if ka and ka == kd:
            ua, ud = face(a).up, face(d).up
            dispelled = [a, d] if ua == ud else [a if ua < ud else d]
        for mine, theirs in ((a, d), (d, a)):
            if face(mine).key in texts.DISPELS_OPPOSING_COMMAND and theirs not in dispelled:
                dispelled.append(theirs)
    em.emit(CommandsRevealed, R_COMBAT, cards=cards, dispelled=tuple(sorted(set(dispelled))))
    for card in cards:
        if face(card).border == "double":
            move(em, R_COMBAT, seat_of(card), (card,), STORAGE, DISCARD, "Command Card")


PLAYED_AT = {
    texts.RANGED_RETURN: ("choose",),
    texts.DISPEL_MAGIC: ("command-window",),
    texts.POWER_LUNCH: ("spells", "modify", "secondary-modify"),
    texts.ST_BALLANTINE: ("spells", "modify"),
    texts.ANVIL: ("declare",),
}
"""The steps of a combat at which each card that play_card knows is played."""


def played_at(card: str) -> tuple[str, ...]:
    """The steps of a combat at which a card is played from the Storage Hand: bribery in
    its step, the cards of PLAYED_AT in theirs, no other card."""
    info = face(card)
    return ("bribe", "secondary-bribe") if info.kind == "bribery" else PLAYED_AT.get(info.key, ())


def play_card(em: Em, command: PlayCard) -> None:
    """A card from the Storage Hand during combat: bribery in its step, Dispel Magic in
    the Command Card step, other Spells and Items after bribery (guardians SPELLS). A
    Spell or Item other than Dispel Magic waits for the enemy's answer (answers.py)."""
    state, seat = em.state, command.seat
    combat = combat_of(state)
    require(command.card in state.zone(seat, STORAGE), R_SPELLS, f"{command.card} is not in your Storage Hand")
    info = face(command.card)
    steps = played_at(command.card)
    if not steps:
        raise RuleViolation(R_SPELLS, f"{info.name} cannot be played now (or its text is not implemented: RULES.md)")
    acting(state, seat, *steps)
    if info.kind == "bribery":
        _bribe(em, combat, seat, command)
        return
    key = info.key
    if key == texts.DISPEL_MAGIC:
        _dispel(em, combat, seat, command)
        window_move(em, seat, passed=False)
        return
    if key == texts.RANGED_RETURN:
        powers.check_ranged_return(state, command)
    elif key == texts.POWER_LUNCH:
        require(
            command.target in (combat.a_card, combat.d_card) and command.target != "",
            R_CHANNELING,
            "Power Lunch names a creature in the match-up",
        )
    elif key == texts.ST_BALLANTINE:
        mine = combat.a_card if seat == combat.attacker.seat else combat.d_card
        require(
            command.target == mine and matches("knight", mine),
            R_SPELLS,
            "St. Ballantine's Evocation is cast on your Knight in the match-up",
        )
    else:  # the Anvil of Heaviness
        require(
            seat == combat.attacker.seat and stronghold_owner(combat.space) == combat.defender.seat,
            R_SPELLS,
            "the Anvil of Heaviness helps an attack on a stronghold, played before the combat starts",
        )
    spend(em, seat, command.card, info.name)
    await_answer(em, seat, command.card, command.target)


def resolve_power_lunch(em: Em, played: Answer) -> None:
    """Its creature may receive channeling in this match-up; the window goes on."""
    if played.stands:
        em.emit(
            EffectApplied,
            R_CHANNELING,
            seat=played.seat,
            source=played.card,
            effect="receive-channeling",
            cards=(played.target,),
        )
    window_move(em, played.seat, passed=False)


def resolve_st_ballantine(em: Em, played: Answer) -> None:
    """Your Knight and its opponent are destroyed, and the next match-up begins."""
    if not played.stands:
        window_move(em, played.seat, passed=False)
        return
    combat = combat_of(em.state)
    seat, mine = played.seat, played.target
    theirs = combat.d_card if seat == combat.attacker.seat else combat.a_card
    em.emit(CreatureStatus, R_SPELLS, seat=seat, card=mine, status="destroyed", by=played.card)
    em.emit(CreatureStatus, R_SPELLS, seat=other(seat), card=theirs, status="destroyed", by=played.card)
    em.emit(StageBegan, R_SPELLS, stage="choose", actor=0)
    next_matchup(em)


def resolve_anvil(em: Em, played: Answer) -> None:
    """+7 to your attacks on the stronghold's defenders for the combat (texts.FOR_THE_WHOLE_COMBAT)."""
    if played.stands:
        em.emit(
            EffectApplied, R_SPELLS, seat=played.seat, source=played.card, effect="bonus-all", amount=texts.ANVIL_BONUS
        )


def _negated(combat: Combat, card: str) -> bool:
    mine = side(combat, seat_of(card))
    return mine.command == card and not mine.command_live


def _dispel(em: Em, combat: Combat, seat: int, command: PlayCard) -> None:
    theirs = side(combat, other(seat))
    mine = side(combat, seat)
    if command.target == theirs.command and theirs.command_live:
        spend(em, seat, command.card, "Dispel Magic")
        em.emit(CardDispelled, R_SPELLS, seat=other(seat), card=theirs.command, by=command.card)
    elif command.target == mine.command and not mine.command_live:
        spend(em, seat, command.card, "Dispel Magic")
        em.emit(CardDispelled, R_SPELLS, seat=seat, card=mine.command, by=command.card)
    else:
        raise RuleViolation(
            R_SPELLS, "Dispel Magic names the enemy's live Command Card, or your own that was dispelled"
        )


def pass_turn(em: Em, command: Pass) -> None:
    combat = combat_of(em.state)
    seat = command.seat
    stage = combat.stage
    if stage in ("command-window", "spells", "modify"):
        acting(em.state, seat, stage)
        if stage == "modify":
            powers.check_may_pass(em.state, seat)
        window_move(em, seat, passed=True)
        if combat_of(em.state).passes >= 2:
            if stage == "command-window":
                _apply_commands(em)
            elif stage == "spells":
                _destruction(em)
            else:
                resolve_matchup(em)
    elif stage == "bribe":
        acting(em.state, seat, stage)
        _said_bribe(em, seat)
    elif stage == "secondary-bribe":
        acting(em.state, seat, stage)
        em.emit(StageBegan, R_SECONDARY, stage="secondary-modify", actor=other(seat))
    elif stage == "secondary-modify":
        acting(em.state, seat, stage)
        resolve_secondary(em)
    elif stage == "secondary":
        acting(em.state, seat, stage)
        end_combat(em)
    elif stage == "heal":
        acting(em.state, seat, stage)
        after_healing(em)
    elif stage == "redeem":
        acting(em.state, seat, stage)
        _next_redeemer(em, seat)
    else:
        raise RuleViolation(R_COMBAT, f"there is nothing to pass at the combat's {stage} step")


def _apply_commands(em: Em) -> None:
    """The Command Cards that stand take effect, the attacker's first (guardians COMBAT, AOE attacks)."""
    combat = combat_of(em.state)
    for one in (combat.attacker, combat.defender):
        if not one.command or not one.command_live:
            continue
        card, key = one.command, face(one.command).key
        note_text(em, seat_of(card), card)
        if has(card, "no-ranged"):
            em.emit(EffectApplied, R_TEXT, seat=one.seat, source=card, effect="no-ranged", cards=("1", "2"))
        if key in texts.SELF_DESTROYING_COMMANDS:
            for ability in abilities(card, "bonus-all"):
                em.emit(EffectApplied, R_TEXT, seat=one.seat, source=card, effect="bonus-all", amount=ability.amount)
            em.emit(CreatureStatus, R_TEXT, seat=one.seat, card=card, status="destroyed", by=card)
        if key in texts.OPPONENT_NO_RANGED:
            em.emit(
                EffectApplied, R_TEXT, seat=one.seat, source=card, effect="no-ranged", cards=(str(other(one.seat)),)
            )
        if key in texts.BEER_BRIBABLES_OUT:
            _party(em, card)
        for ability in abilities(card, "sets-terrain"):
            em.emit(EffectApplied, R_TEXT, seat=one.seat, source=card, effect="terrain", cards=(ability.terrain,))
        for ability in abilities(card, "aoe"):
            aoe_strike(em, one.seat, card, ability.amount, ability.target)
    begin_primaries(em)


def _party(em: Em, source: str) -> None:
    combat = combat_of(em.state)
    for one in (combat.attacker, combat.defender):
        for card in survivors(em.state, one):
            if "beer" in face(card).bribes and card != source:
                em.emit(CreatureStatus, R_TEXT, seat=one.seat, card=card, status="out", by=source)


def aoe_strike(em: Em, seat: int, source: str, amount: int, element: str) -> None:
    """An AOE hits every creature in the enemy's Combat Hand of Vitality `amount` or
    less, but those immune to it; methane puts them out of play instead of
    discarding them (guardians AOE attacks)."""
    combat = combat_of(em.state)
    kind, _, only = element.partition(":")
    victims = tuple(
        c
        for c in hand(em.state, side(combat, other(seat)))
        if face(c).vitality <= amount and not immune_to_aoe(c, kind) and (not only or matches(only, c))
    )
    em.emit(EffectApplied, R_AOE, seat=seat, source=source, effect=f"aoe {kind}", amount=amount, cards=victims)
    status = "out" if kind == "methane" else "destroyed"
    for card in victims:
        em.emit(CreatureStatus, R_AOE, seat=other(seat), card=card, status=status, by=source)


# ---------------------------------------------------------------- primary attacks


def begin_primaries(em: Em) -> None:
    """The Large Idols fired strike after the Command Cards; then the match-ups begin."""
    combat = combat_of(em.state)
    for one in (combat.attacker, combat.defender):
        if one.idol:
            aoe_strike(em, one.seat, powers.idol_for(em.state, one.seat), one.idol, "fire")
    em.emit(StageBegan, R_PRIMARY, stage="choose", actor=0)
    next_matchup(em)


def next_matchup(em: Em) -> None:
    """Another match-up while both sides hold creatures; else secondary attacks for the
    side that still does (guardians SECONDARY ATTACKS)."""
    state = em.state
    combat = combat_of(state)
    a_left, d_left = hand(state, combat.attacker), hand(state, combat.defender)
    if a_left and d_left:
        return
    for one, left in ((combat.attacker, a_left), (combat.defender, d_left)):
        if left and _secondary_targets(state, one.seat):
            em.emit(StageBegan, R_SECONDARY, stage="secondary", actor=one.seat)
            return
    end_combat(em)


def play_creature(em: Em, command: PlayCreature) -> None:
    state, seat = em.state, command.seat
    combat = combat_of(state)
    if combat.stage == "secondary":
        _secondary(em, command)
        return
    acting(state, seat, "choose")
    mine = side(combat, seat)
    require(not command.target, R_PRIMARY, "a primary attacker names no target")
    require(not mine.choice, R_PRIMARY, "you have laid your creature for this match-up")
    require(command.card in hand(state, mine), R_PRIMARY, f"{command.card} is not a creature in your Combat Hand")
    require(
        not powers.waits_for_type(combat, seat),
        f"{R_TEXT} (Standard Bearer Maitz's Lightning 04)",
        "your Standard Bearer makes the enemy lay its first creature and say its type before you lay",
    )
    bearer_waits = powers.waits_for_type(combat, other(seat))
    em.emit(CreatureChosen, R_PRIMARY, seat=seat, card=command.card)
    if bearer_waits:
        powers.declare_type(em, seat, command.card)
    combat = combat_of(em.state)
    if combat.attacker.choice and combat.defender.choice:
        a_card, d_card = combat.attacker.choice, combat.defender.choice
        em.emit(MatchupRevealed, R_PRIMARY, attacker_card=a_card, defender_card=d_card)
        powers.strip_items(em, a_card, d_card)
        for card in (a_card, d_card):
            note_text(em, seat_of(card), card)


def _bribe(em: Em, combat: Combat, seat: int, command: PlayCard) -> None:
    if combat.stage == "bribe":
        target = combat.d_card if seat == combat.attacker.seat else combat.a_card
    else:
        target = combat.a_card
    require(command.target == target, R_BRIBERY, f"bribery names the enemy creature you face ({target})")
    icon = face(command.card).name.lower()
    require(
        icon in face(target).bribes, R_BRIBERY, f"{face(target).name} cannot be bribed by {face(command.card).name}"
    )
    move(em, R_BRIBERY, seat, (command.card,), STORAGE, DISCARD, f"bribes {target}")
    em.emit(CreatureStatus, R_BRIBERY, seat=other(seat), card=target, status="destroyed", by=command.card)
    if combat.stage == "bribe":
        _said_bribe(em, seat)
    else:
        em.emit(StageBegan, R_SECONDARY, stage="secondary", actor=other(seat))
        next_secondary(em)


def _said_bribe(em: Em, seat: int) -> None:
    """Attacker, then defender, say whether they bribe; then Spells may be cast "at any
    time" (guardians SPELLS) before destruction, AOE and the other modifiers."""
    em.emit(WindowMove, R_BRIBERY, seat=seat, passed=True, actor=other(seat))
    combat = combat_of(em.state)
    if len(combat.bribe_seen) < 2:
        return
    gone = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    if gone & {combat.a_card, combat.d_card}:
        _destruction(em)  # a creature was bribed away: no match-up left to cast into
    else:
        em.emit(StageBegan, R_SPELLS, stage="spells", actor=combat.attacker.seat)


def _destruction(em: Em) -> None:
    """Destruction, then the AOE of a primary attacker (guardians DESTRUCTION, AOE attacks)."""
    combat = combat_of(em.state)
    a_card, d_card = combat.a_card, combat.d_card
    bribed = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    if not bribed & {a_card, d_card}:
        for card, victim in ((a_card, d_card), (d_card, a_card)):
            if destroys(card, victim, combat):
                em.emit(CreatureStatus, R_DESTRUCTION, seat=seat_of(victim), card=victim, status="destroyed", by=card)
    # An AOE of a creature still in the match-up strikes next, even when its opponent
    # was bribed away or destroyed (guardians AOE attacks).
    combat = combat_of(em.state)
    gone = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    for card in (a_card, d_card):
        if card not in gone and side(combat, seat_of(card)).command != card:
            for ability in abilities(card, "aoe"):
                aoe_strike(em, seat_of(card), card, ability.amount, ability.target)
    if gone & {a_card, d_card}:
        em.emit(StageBegan, R_DESTRUCTION, stage="choose", actor=0)
        next_matchup(em)
        return
    em.emit(StageBegan, R_OVER_YET, stage="modify", actor=combat.attacker.seat)


def play_ranged(em: Em, command: PlayRanged) -> None:
    state, seat = em.state, command.seat
    combat = acting(state, seat, "modify")
    require(
        seat not in combat.no_ranged,
        R_RANGED,
        "no ranged attacks on this space or in this combat (Woods, or a card's text)",
    )
    require(
        command.card in may_fire(state, seat), R_RANGED, f"{command.card} is not a ranged attacker in your Combat Hand"
    )
    into, against = (combat.a_card, combat.d_card) if seat == combat.attacker.seat else (combat.d_card, combat.a_card)
    for limit in abilities(command.card, "ranged"):
        require(
            not limit.target or matches(limit.target, against, combat),
            R_RANGED,
            f"{face(command.card).name} fires only at {limit.target}",
        )
        require(
            not limit.terrain or limit.terrain in combat.terrain,
            R_RANGED,
            f"{face(command.card).name} fires only in {limit.terrain}",
        )
    amount = face(command.card).ranged
    mine = side(combat, seat)
    role = "attacking" if seat == combat.attacker.seat else "defending"
    # A ranged bonus comes from the side's Shield, its creatures in play, or the
    # stronghold card it defends.
    givers = [
        a
        for giver in (*standing(mine), *((mine.shield,) if mine.shield else ()))
        for a in abilities(giver, "ranged-bonus")
    ]
    held = stronghold_face(state, combat.space)
    if role == "defending" and stronghold_owner(combat.space) == seat and held is not None:
        givers += [a for a in held.abilities if a.kind == "ranged-bonus"]
    amount += sum(a.amount for a in givers if a.target in ("", role))
    em.emit(RangedFired, R_RANGED, seat=seat, card=command.card, into=into, amount=amount)
    note_text(em, seat_of(command.card), command.card)
    if face(command.card).key in texts.PUSH_FORCERS:
        em.emit(
            EffectApplied,
            f"{R_TEXT} ({face(command.card).name})",
            seat=seat,
            source=command.card,
            effect="forced-push",
            note="no further modification by either side",
        )
        resolve_matchup(em)
        return
    window_move(em, seat, passed=False)


def channel(em: Em, command: Channel) -> None:
    """Channel into your creature in the match-up, within what it may receive
    (guardians CHANNELING)."""
    state, seat = em.state, command.seat
    combat = acting(state, seat, "modify", "secondary-modify")
    if combat.stage == "secondary-modify":
        into, against = combat.a_card, combat.d_card
        require(seat_of(into) == seat, R_CHANNELING, "only the secondary attacker is channeled into")
    else:
        into, against = (
            (combat.a_card, combat.d_card) if seat == combat.attacker.seat else (combat.d_card, combat.a_card)
        )
    require(not has(against, "no-channeling-vs"), R_CHANNELING, f"no channeling against {face(against).name}")
    for source_rule in abilities(into, "channeling-only-from"):
        allowed = source_rule.target.split("|")
        require(
            (command.source == GUARDIAN and "guardian" in allowed)
            or (command.source != GUARDIAN and f"name:{face(command.source).name.lower()}" in allowed),
            R_CHANNELING,
            f"{face(into).name} receives channeling only from {source_rule.target}",
        )
    player = state.player(seat)
    if command.source == GUARDIAN:
        require(player.stones > 0, R_CHANNELING, "you have no Power Stone left to channel with")
        amount = card_def(player.guardian).cmp
        may_receive = face(into).receives_channeling or into in combat.receivers
    else:
        zone = state.zone_of(command.source) if command.source.startswith(f"{seat}.") else ""
        require(
            zone.startswith("under:") and face(command.source).cmp > 0,
            R_CHANNELERS,
            f"{command.source} is not a channeler under your strongholds",
        )
        require(command.source not in player.channeled, R_CHANNELING, "a channeler channels once per turn")
        only = abilities(command.source, "channels-only-to")
        require(
            all(matches(a.target, into) for a in only),
            R_CHANNELING,
            f"{face(command.source).name} cannot channel to {face(into).name}",
        )
        amount = face(command.source).cmp
        may_receive = (
            face(into).receives_channeling
            or into in combat.receivers
            or (bool(only) and has(command.source, "channels-to-any"))
        )
    require(may_receive, R_CHANNELING, f"{face(into).name} cannot receive channeling")
    room = channel_limit(into) - lookup(combat.channel, into)
    require(room > 0, R_CHANNELING, f"{face(into).name} has received all the channeling it may")
    if command.source == GUARDIAN:
        em.emit(StonesSpent, R_CHANNELING, seat=seat, count=1, reason=f"channels into {into}")
    em.emit(Channeled, R_CHANNELING, seat=seat, source=command.source, into=into, amount=min(amount, room))
    if command.source != GUARDIAN:
        note_text(em, seat, command.source)
    if combat.stage == "modify":
        window_move(em, seat, passed=False)


def _win_pushes(combat: Combat, card: str) -> bool:
    one = side(combat, seat_of(card))
    if has(card, "win-pushes"):
        return True
    if one.command and one.command_live and has(one.command, "win-pushes"):
        return True
    return bool(one.shield) and has(one.shield, "win-pushes")


def resolve_matchup(em: Em) -> None:
    """Totals compared: the higher beats the lower unless the lower is immune to it
    (guardians IS IT OVER YET?, IMMUNITY); the winner keeps the loser's Vitality as
    damage for later secondary attackers."""
    state = em.state
    combat = combat_of(state)
    a_card, d_card = combat.a_card, combat.d_card
    a_terms = terms(state, combat, a_card, d_card, secondary=False)
    d_terms = terms(state, combat, d_card, a_card, secondary=False)
    a_total, d_total = total(a_terms), total(d_terms)
    if combat.forced_push:
        outcome = "push"
    elif a_total == d_total:
        a_wins, d_wins = _win_pushes(combat, a_card), _win_pushes(combat, d_card)
        outcome = "attacker" if a_wins and not d_wins else "defender" if d_wins and not a_wins else "push"
    else:
        outcome = "attacker" if a_total > d_total else "defender"
    if (outcome == "attacker" and immune(d_card, a_card, combat)) or (
        outcome == "defender" and immune(a_card, d_card, combat)
    ):
        outcome = "push"
    a_damage = (
        0
        if immune(a_card, d_card, combat)
        else beaten_damage(d_card)
        if outcome == "attacker"
        else (face(d_card).vitality if outcome == "push" else 0)
    )
    d_damage = (
        0
        if immune(d_card, a_card, combat)
        else beaten_damage(a_card)
        if outcome == "defender"
        else (face(a_card).vitality if outcome == "push" else 0)
    )
    em.emit(
        MatchupResolved,
        R_OVER_YET,
        attacker_card=a_card,
        defender_card=d_card,
        attacker_terms=a_terms,
        defender_terms=d_terms,
        attacker_total=a_total,
        defender_total=d_total,
        outcome=outcome,
        attacker_damage=a_damage,
        defender_damage=d_damage,
    )
    if outcome != "push":
        winner, loser = (a_card, d_card) if outcome == "attacker" else (d_card, a_card)
        status = "beaten"
        if any(not a.target or matches(a.target, loser) for a in abilities(winner, "destroys-beaten")):
            status = "destroyed"
        em.emit(CreatureStatus, R_OVER_YET, seat=seat_of(loser), card=loser, status=status, by=winner)
        powers.wreck_stronghold(em, winner, loser)
        if face(winner).key in texts.STONE_THIEVES and lookup(combat.channel, loser):
            thief_victim = seat_of(loser)
            stolen = min(texts.STONES_STOLEN, em.state.player(thief_victim).stones)
            if stolen:
                em.emit(StonesSpent, R_TEXT, seat=thief_victim, count=stolen, reason=f"beaten by {face(winner).name}")
    em.emit(StageBegan, R_OVER_YET, stage="choose", actor=0)
    next_matchup(em)


# ---------------------------------------------------------------- secondary attacks


def _secondary_targets(state: GuardiansState, seat: int) -> tuple[str, ...]:
    combat = combat_of(state)
    enemy = side(combat, other(seat))
    gone = set(enemy.beaten) | set(enemy.destroyed)
    on_table = (*enemy.played, *enemy.ranged, *enemy.out)
    return tuple(c for c in on_table if c not in gone and not has(c, "no-secondary-vs"))


def _secondary(em: Em, command: PlayCreature) -> None:
    state, seat = em.state, command.seat
    combat = acting(state, seat, "secondary")
    require(
        command.card in hand(state, side(combat, seat)),
        R_SECONDARY,
        f"{command.card} is not a creature in your Combat Hand",
    )
    require(
        command.target in _secondary_targets(state, seat),
        R_SECONDARY,
        f"{command.target or 'nothing'} is not an enemy creature on the table you may attack",
    )
    em.emit(SecondaryDeclared, R_SECONDARY, seat=seat, card=command.card, target=command.target)
    note_text(em, seat_of(command.card), command.card)


def resolve_secondary(em: Em) -> None:
    state = em.state
    combat = combat_of(state)
    card, target = combat.a_card, combat.d_card
    seat = seat_of(card)
    found = terms(state, combat, card, target, secondary=True)
    damage_before = lookup(combat.damage, target)
    needed = face(target).vitality + 1 - damage_before
    killed = total(found) >= needed or any(matches(a.target, target) for a in abilities(card, "destroys-secondary"))
    em.emit(
        SecondaryResolved,
        R_SECONDARY,
        seat=seat,
        card=card,
        target=target,
        terms=found,
        total=total(found),
        damage_before=damage_before,
        needed=max(needed, 0),
        killed=killed,
    )
    if killed:
        em.emit(CreatureStatus, R_SECONDARY, seat=other(seat), card=target, status="beaten", by=card)
    next_secondary(em)


def next_secondary(em: Em) -> None:
    combat = combat_of(em.state)
    seat = combat.actor
    if hand(em.state, side(combat, seat)) and _secondary_targets(em.state, seat):
        return
    end_combat(em)


# ---------------------------------------------------------------- the end of a combat


def end_combat(em: Em) -> None:
    """Total Vitality of the creatures that stay; the attacker must have more (guardians COMBAT RESOLUTION)."""
    state = em.state
    combat = combat_of(state)
    a_total = sum(vitality(c, combat) for c in survivors(state, combat.attacker))
    d_total = sum(vitality(c, combat) for c in survivors(state, combat.defender))
    winner = combat.attacker.seat if a_total > d_total else combat.defender.seat
    em.emit(
        CombatResolved, R_RESOLUTION, attacker_total=a_total, defender_total=d_total, winner=winner, loser=other(winner)
    )
    if not _heal_options(em.state):
        after_healing(em)


def _heal_options(state: GuardiansState) -> list[tuple[str, str]]:
    combat = combat_of(state)
    mine = side(combat, combat.winner)
    healers = [
        c for c in survivors(state, mine) if has(c, "heals") and c not in mine.healed and c not in mine.healers_used
    ]
    return [(h, c) for h in healers for c in mine.beaten if any(matches(a.target, c) for a in abilities(h, "heals"))]


def heal(em: Em, command: Heal) -> None:
    state, seat = em.state, command.seat
    acting(state, seat, "heal")
    require(
        (command.healer, command.card) in _heal_options(state),
        R_HEALING,
        "heal a beaten creature of yours with an unused healer that may heal it (the winner only)",
    )
    em.emit(Healed, R_HEALING, seat=seat, healer=command.healer, card=command.card)
    if not _heal_options(em.state):
        after_healing(em)


def _howled(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """A side's lost Undead that a live Howl of the Dead returns to the Creature Pen."""
    if not (one.command and one.command_live and face(one.command).key in texts.UNDEAD_RETURN):
        return ()
    lost = set(one.beaten) | set(one.destroyed)
    return tuple(c for c in state.zone(one.seat, one.zone) if c in lost and matches("undead", c))


def after_healing(em: Em) -> None:
    """Skeletal Minions may be bought back (the attacker's first), then the lost leave."""
    _next_redeemer(em, 0)


def _next_redeemer(em: Em, done: int) -> None:
    """`done` has finished buying back its Minions: the next seat that may, or the end."""
    combat = combat_of(em.state)
    order = (combat.attacker, combat.defender)
    start = 0 if not done else (1 if done == combat.attacker.seat else 2)
    for one in order[start:]:
        if powers.redeemable(em.state, one, _howled(em.state, one)):
            em.emit(StageBegan, R_TEXT, stage="redeem", actor=one.seat)
            return
    _leave(em)


def redeem(em: Em, command: Redeem) -> None:
    combat = acting(em.state, command.seat, "redeem")
    one = side(combat, command.seat)
    powers.redeem(em, command, powers.redeemable(em.state, one, _howled(em.state, one)))
    if not powers.redeemable(em.state, one, _howled(em.state, one)):
        _next_redeemer(em, command.seat)


def _leave(em: Em) -> None:
    """Lost creatures leave; the loser retreats or gives up its Shield."""
    state = em.state
    combat = combat_of(state)
    for one in (combat.attacker, combat.defender):
        lost = tuple(c for c in state.zone(one.seat, one.zone) if c in one.beaten or c in one.destroyed)
        returning = _howled(state, one)
        if returning:
            move(em, R_TEXT, one.seat, returning, one.zone, PEN, "Howl of the Dead")
        rest = tuple(c for c in lost if c not in returning)
        if rest:
            move(em, R_RESOLUTION, one.seat, rest, one.zone, DISCARD, "lost in combat")
    loser = side(combat, combat.loser)
    if not loser.shield:
        left = em.state.zone(loser.seat, loser.zone)
        if left:
            move(em, R_RESOLUTION, loser.seat, left, loser.zone, DISCARD, "unshielded creatures cannot retreat")
        _advance(em)
        return
    if not retreat_spaces(em.state):
        lose_shield(em, loser.seat, loser.shield, "no space to retreat to")
        if not check_shields(em):
            _advance(em)
        return
    em.emit(StageBegan, R_RESOLUTION, stage="retreat", actor=loser.seat)


def lose_shield(em: Em, seat: int, shield: str, reason: str) -> None:
    """The Shield and the creatures still in it go to the discard pile (guardians
    COMBAT RESOLUTION). The creatures move first, in their own event: the discard pile
    is face up, so the event that puts a card there shows it, as the views do."""
    move(em, R_RESOLUTION, seat, em.state.zone(seat, members(shield)), members(shield), DISCARD,
         "its Shield is destroyed")
    em.emit(ShieldDestroyed, R_RESOLUTION, seat=seat, shield=shield, reason=reason)


def retreat_spaces(state: GuardiansState) -> tuple[str, ...]:
    """Where the beaten Shield may go: an attacker back the way it came; a defender one
    space to any side under its control (guardians COMBAT RESOLUTION)."""
    combat = combat_of(state)
    if combat.loser == combat.attacker.seat:
        # Back the way it came; where an enemy Shield stands (it flew over it), nowhere.
        blocked = any(s.space == combat.came_from and s.seat != combat.loser for s in state.shields)
        return () if blocked else (combat.came_from,)
    seat = combat.loser
    # Not where the winning attacker goes back to (RULES.md, Attacking a stronghold): that
    # space is the enemy's, as one with an enemy Shield is.
    comes_back = _returns_to(state)
    found = []
    for space in neighbours(combat.space):
        enemy = state.shield_at(space)
        if (enemy is not None and enemy.seat != seat) or space == comes_back:
            continue
        if (is_land(space) and land_owner(state, space) == seat) or space in strongholds(seat):
            found.append(space)
    return tuple(found)


def _returns_to(state: GuardiansState) -> str:
    """Where the attacker goes back to, winner or not, after an attack on a stronghold
    space, which is never taken (see `_advance`); "" when it may take the space."""
    combat = combat_of(state)
    shield = state.shield(combat.attacker.shield)
    if is_land(combat.space) or shield is None or shield.space != combat.space:
        return ""
    return combat.came_from


def retreat(em: Em, command: Retreat) -> None:
    state, seat = em.state, command.seat
    combat = acting(state, seat, "retreat")
    require(command.to in retreat_spaces(state), R_RESOLUTION, f"retreat to one of {', '.join(retreat_spaces(state))}")
    loser = side(combat, seat)
    em.emit(ShieldRetreated, R_RESOLUTION, seat=seat, shield=loser.shield, from_space=combat.space, to_space=command.to)
    there = next((s for s in em.state.shields_of(seat) if s.space == command.to and s.card != loser.shield), None)
    if there is not None:
        mine = em.state.shield(loser.shield)
        turned = there.turned or (mine is not None and mine.turned)
        em.emit(ShieldMerged, R_RESOLUTION, seat=seat, shield=loser.shield, into=there.card, turned=turned)
        if check_shields(em):
            return
        if stacking(em.state.zone(seat, members(there.card))) > face(there.card).shield_limit:
            em.emit(StageBegan, R_RESOLUTION, stage="trim", actor=seat)
            return
    _advance(em)


def destroy_shield(em: Em, command: DestroyShield) -> None:
    state, seat = em.state, command.seat
    combat = acting(state, seat, "retreat")
    lose_shield(em, seat, side(combat, seat).shield, "given up by its seat")
    if not check_shields(em):
        _advance(em)


def trim(em: Em, command: DiscardCard) -> None:
    state, seat = em.state, command.seat
    acting(state, seat, "trim")
    shield = next(
        s for s in state.shields_of(seat) if stacking(state.zone(seat, members(s.card))) > face(s.card).shield_limit
    )
    require(
        command.card in state.zone(seat, members(shield.card)),
        R_RESOLUTION,
        f"discard a creature from {face(shield.card).name} until it holds {face(shield.card).shield_limit} points",
    )
    move(
        em, R_RESOLUTION, seat, (command.card,), members(shield.card), DISCARD, "over the Shield's limit after merging"
    )
    if stacking(em.state.zone(seat, members(shield.card))) <= face(shield.card).shield_limit:
        _advance(em)


def _advance(em: Em) -> None:
    """The winning attacker takes a land it fought for; after an attack on a stronghold
    space it stays where it attacked from (RULES.md). The mover's action is over."""
    combat = combat_of(em.state)
    attacker = combat.attacker
    if combat.winner == attacker.seat and is_land(combat.space):
        em.emit(ShieldAdvanced, R_RESOLUTION, seat=attacker.seat, shield=attacker.shield, to_space=combat.space)
    else:
        shield = em.state.shield(attacker.shield)
        if shield is not None and shield.space == combat.space:
            em.emit(
                ShieldRetreated,
                R_RESOLUTION,
                seat=attacker.seat,
                shield=attacker.shield,
                from_space=combat.space,
                to_space=combat.came_from,
            )
    em.emit(CombatEnded, R_RESOLUTION, space=combat.space)
    if em.state.finished:
        return
    if em.state.shield(attacker.shield) is not None:
        em.emit(MoveEnded, R_RESOLUTION, seat=attacker.seat, shield=attacker.shield)
    next_actor(em, attacker.seat)
