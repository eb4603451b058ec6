"""Combat: Command Cards, AOE, primary match-ups with bribery, destruction, spells,
ranged attacks and channeling, secondary attacks, resolution by total Vitality,
healing and retreat (guardians COMBAT .. HEALING)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.guardians import (
    activated,
    choices,
    control,
    dice,
    discards,
    outcomes,
    powers,
    reactions,
    reveals,
    texts,
)
from domain.games.guardians.answers import await_answer, check_may_play, may_play
from domain.games.guardians.board import is_land, neighbours, stronghold_owner, strongholds
from domain.games.guardians.cards import Ability, face_entry, stone_cost
from domain.games.guardians.cards import card as card_named
from domain.games.guardians.citations import (
    R_AOE,
    R_ASSAULT,
    R_BRIBERY,
    R_CHANNELERS,
    R_CHANNELING,
    R_COMBAT,
    R_DESTRUCTION,
    R_GAME,
    R_HEALING,
    R_OVER_YET,
    R_PRIMARY,
    R_RANGED,
    R_RESOLUTION,
    R_SECONDARY,
    R_SPELLS,
    R_TEXT,
    text_box,
)
from domain.games.guardians.effects import (
    Em,
    gain_stones,
    item_used,
    move,
    next_actor,
    note_text,
    spend,
    victory_by_shields,
    window_move,
)
from domain.games.guardians.messages import (
    CardDispelled,
    ChangeSize,
    Channel,
    Channeled,
    ChoiceMade,
    ChoiceOffered,
    Choose,
    ChooseCommand,
    CombatConceded,
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
    UseAbility,
    WindowMove,
)
from domain.games.guardians.room import shield_room
from domain.games.guardians.state import (
    COMBAT,
    DISCARD,
    PEN,
    STORAGE,
    UP,
    Answer,
    Choice,
    Combat,
    GuardiansState,
    Shield,
    Side,
    combat_now,
    face,
    facedown,
    fighters,
    guardian_number,
    hand,
    land_owner,
    lookup,
    members,
    other,
    seat_of,
    side,
    survivors,
    terrain,
    under,
)
from domain.games.guardians.strength import (
    abilities,
    aoe_changes,
    beaten_damage,
    card_fits,
    channel_limit,
    classes_of,
    destroys,
    dies_when_beaten,
    guess_terms,
    has,
    immune,
    immune_to_aoe,
    in_play,
    initial_push,
    initial_pusher,
    kept,
    matches,
    may_fire,
    pointless_attack,
    push_margin,
    return_zone,
    secondary_barred,
    standing,
    stones_lost,
    stronghold_face,
    terms,
    total,
)
from domain.kernel import Rng, RuleViolation, require

GUARDIAN = "guardian"
"""Channel's `source` when the seat's Guardian channels, for a Power Stone."""


# ---------------------------------------------------------------- whose move it is


def combat_of(state: GuardiansState) -> Combat:
    combat = state.combat
    if combat is None or state.phase != COMBAT:
        raise RuleViolation(R_COMBAT, "there is no combat now")
    return combat


def acting(state: GuardiansState, seat: int, *stages: str) -> Combat:
    """The combat, at one of `stages`, where it is `seat`'s move."""
    combat = combat_of(state)
    # (Asked of every combat command: each message is made only for a refusal.)
    if combat.stage not in stages:
        raise RuleViolation(R_COMBAT, f"the combat is at its {combat.stage} step, not {' or '.join(stages)}")
    if combat.actor and combat.actor != seat:
        raise RuleViolation(R_COMBAT, f"seat {combat.actor} acts now in this combat")
    return combat


def command_candidates(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The cards a seat may play as its Command Card: a creature of its Combat Hand with a
    command, a Spell or Hand Item of its Storage Hand played as one, or a creature Magic
    Item of its stack played as one (cards.py: play, when "command"; its target, the
    role its seat must have)."""
    combat = combat_of(state)
    if forbids_commands(state, combat):
        return ()
    mine = side(combat, seat)
    role = "attacking" if seat == combat.attacker.seat else "defending"
    # A creature's play "command" names the role it must have (Agent of Shadow: defending).
    creatures = tuple(c for c in hand(state, mine) if face(c).command and face(c).command_play in ("", "any", role))
    items = tuple(
        c for c in state.zone(seat, mine.zone) if not face(c).is_creature and face(c).command_play in ("any", role)
    )
    stones = state.player(seat).stones
    spells = tuple(
        c
        for c in state.zone(seat, STORAGE)
        if face(c).command_play in ("any", role) and stone_cost(face(c)) <= stones and may_play(state, seat, c)
    )
    return creatures + items + spells


def _laid(state: GuardiansState, space: str) -> tuple[str, ...]:
    """The terrain cards laid face up on the space fought on (none on a stronghold space)."""
    return tuple(c for seat in (1, 2) for c in state.zone(seat, terrain(space))) if is_land(space) else ()


def forbids_commands(state: GuardiansState, combat: Combat) -> str:
    """The terrain card on the space that allows no Command Cards in its combats (the
    Jungle: ability no-command-cards), "" if none."""
    return next((c for c in _laid(state, combat.space) if has(c, "no-command-cards", combat)), "")


def _channeling_stopped(combat: Combat) -> str:
    """The card whose text stopped all channeling for the rest of the combat, "" if none: a
    text that did so (Siin's), or a creature on the table whose text stops it once it is
    played (the Energy Leech: ability no-channeling)."""
    if combat.channeling_stopped:
        return combat.channeling_stopped
    for card in (*combat.attacker.played, *combat.defender.played):
        if any(a.when == "match-up" for a in abilities(card, "no-channeling", combat)):
            return card
    return ""


def _no_ranged(em: Em, card: str, *, when: str, rule: str) -> None:
    """A card's no-ranged abilities that act at `when` ("" where it stands: a terrain card on
    its space, a Command Card in its combat; "reveal": a creature laid in a match-up) close
    ranged attacks for both seats, or only for the card's enemy (target "opponent")."""
    seat = seat_of(card)
    for ability in abilities(card, "no-ranged", combat_now(em.state)):
        if ability.when == when:
            seats = (str(other(seat)),) if ability.target == "opponent" else ("1", "2")
            em.emit(EffectApplied, rule, seat=seat, source=card, effect="no-ranged", cards=seats)


# ---------------------------------------------------------------- starting


def terrain_of(state: GuardiansState, space: str) -> tuple[str, ...]:
    """The terrain types a space counts as: those of the terrain cards face up on a land, or
    those its stronghold card counts as (Freebooter's Stronghold L and R)."""
    if is_land(space):
        laid = (c for seat in (1, 2) for c in state.zone(seat, terrain(space)))
        return tuple(sorted({t for c in laid for t in face(c).terrain_types}))
    held = stronghold_face(state, space)
    return held.terrain_types if held is not None else ()


def start_combat(em: Em, rng: Rng, shield: Shield, space: str, defender_shield: str, defender_zone: str) -> None:
    """A Shield stepped onto a space held by the enemy: combat at once (guardians Movement);
    a stronghold card that rolls its defence rolls it now (dice.py)."""
    defender = other(shield.seat)
    fought_on = terrain_of(em.state, space)
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
    dice.roll_defence(em, rng)
    for card in _laid(em.state, space):
        _no_ranged(em, card, when="", rule=R_RANGED)
        if has(card, "no-command-cards"):
            em.emit(EffectApplied, R_COMBAT, seat=seat_of(card), source=card, effect="no-command-cards")


def assault_guardian(em: Em, rng: Rng, shield: Shield, space: str) -> None:
    """tablerules' reading of the Guardian victory (RULES.md): a Shield that steps onto an
    enemy stronghold space with no creature on it strikes the enemy Guardian for its
    creatures' total Vitality and stays where it stood; wounds add up. (It strikes only
    from a space where no other Shield stands: movement.check_step.)"""
    seat = shield.seat
    damage = sum(face(c).vitality for c in em.state.zone(seat, members(shield.card)) if face(c).is_creature)
    enemy = em.state.player(other(seat))
    wounds = enemy.wounds + damage
    em.emit(GuardianAssaulted, R_ASSAULT, seat=seat, shield=shield.card, space=space, damage=damage, wounds=wounds)
    if wounds >= guardian_number(em.state, other(seat), "vitality"):
        em.emit(GameWon, R_GAME, seat=seat, reason=f"killed seat {other(seat)}'s Guardian")
        return
    em.emit(MoveEnded, R_ASSAULT, seat=seat, shield=shield.card)
    next_actor(em, rng, seat)


# ---------------------------------------------------------------- command cards


def check_declare(state: GuardiansState, command: DeclareCommand) -> None:
    acting(state, command.seat, "declare")
    if command.play:
        require(
            bool(command_candidates(state, command.seat)),
            R_COMBAT,
            "you hold no card you may play as a Command Card",
        )


def declare(em: Em, rng: Rng, command: DeclareCommand) -> None:
    _declared(em, rng, command.seat, play=command.play)


def check_fire_idol(state: GuardiansState, command: FireIdol) -> str:
    """The upgrade that fires (fired-aoe), in the seat's turn to declare."""
    combat = acting(state, command.seat, "declare")
    jungle = forbids_commands(state, combat)
    if jungle:
        raise RuleViolation(text_box(face(jungle).name), "no Command Card, nor an upgrade fired in place of one, here")
    return powers.check_fire_idol(state, command)


def fire_idol(em: Em, rng: Rng, command: FireIdol, idol: str) -> None:
    """An upgrade fired stands for the seat's Command Card: it declares none."""
    powers.fire_idol(em, command, idol)
    _declared(em, rng, command.seat, play=False)


def _declared(em: Em, rng: Rng, seat: int, *, play: bool) -> None:
    combat = combat_now(em.state)
    em.emit(CommandDeclared, R_COMBAT, seat=seat, play=play)
    if seat == combat.attacker.seat:
        em.emit(StageBegan, R_COMBAT, stage="declare", actor=combat.defender.seat)
        return
    combat = combat_now(em.state)
    if combat.attacker.declared == 1 or combat.defender.declared == 1:
        em.emit(StageBegan, R_COMBAT, stage="command", actor=0)
    else:
        begin_primaries(em, rng)


def check_choose_command(state: GuardiansState, command: ChooseCommand) -> None:
    combat = acting(state, command.seat, "command")
    mine = side(combat, command.seat)
    require(
        mine.declared == 1 and not mine.command, R_COMBAT, "you did not declare a Command Card, or chose it already"
    )
    if command.card not in command_candidates(state, command.seat):
        raise RuleViolation(R_COMBAT, f"{command.card} is not a card you may play as your Command Card")


def choose_command(em: Em, command: ChooseCommand) -> None:
    em.emit(CommandChosen, R_COMBAT, seat=command.seat, card=command.card)
    combat = combat_now(em.state)
    if all(s.declared != 1 or s.command for s in (combat.attacker, combat.defender)):
        _reveal_commands(em)


def _contradiction(card: str) -> str | None:
    """What a Command Card does that another may contradict (guardians COMBAT, Ex. 2 and 4)."""
    return texts.CONTRADICTIONS.get(face(card).key) or ("terrain" if has(card, "sets-terrain") else None)


def _reveal_commands(em: Em) -> None:
    combat = combat_now(em.state)
    cards = tuple(c for c in (combat.attacker.command, combat.defender.command) if c)
    dispelled: list[str] = []
    if len(cards) == 2:
        a, d = cards
        ka, kd = _contradiction(a), _contradiction(d)
        if ka and ka == kd:
            ua, ud = face(a).up, face(d).up
            dispelled = [a, d] if ua == ud else [a if ua < ud else d]
        for mine, theirs in ((a, d), (d, a)):
            ends_theirs = has(mine, "dispels-command", combat) or has(mine, "destroys-command", combat)
            if ends_theirs and theirs not in dispelled:
                dispelled.append(theirs)
    em.emit(CommandsRevealed, R_COMBAT, cards=cards, dispelled=tuple(sorted(set(dispelled))))
    for card in cards:
        # Paid as it is revealed, not as it is chosen in secret (a cost paid would tell the card).
        price = stone_cost(face(card))
        if price:
            em.emit(StonesSpent, text_box(face(card).name), seat=seat_of(card), count=price,
                    reason=f"Command Card: {face(card).name}")
        if face(card).border == "double":
            move(em, R_COMBAT, seat_of(card), (card,), STORAGE, DISCARD, "Command Card")
            item_used(em, seat_of(card), card)


# ---------------------------------------------------------------- cards from the Storage Hand

PLAYED_AT = {
    texts.RANGED_RETURN: ("choose",),
    texts.DISPEL_MAGIC: ("command-window",),
    texts.POWER_LUNCH: ("spells", "modify", "secondary-modify"),
    texts.ST_BALLANTINE: ("spells", "modify"),
    texts.ANVIL: ("declare",),
}
"""The steps of a combat at which each card that check_play_card knows is played."""


BRIBE_STEPS = ("bribe", "secondary-bribe")


def played_at(card: str) -> tuple[str, ...]:
    """The steps of a combat at which a card is played from the Storage Hand: bribery in
    its step, the cards of PLAYED_AT in theirs, no other card."""
    info = face(card)
    return BRIBE_STEPS if info.kind == "bribery" else PLAYED_AT.get(info.key, ())


def bribe_items(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The cards of the seat's Storage Hand its standing Command Card lets it bribe with, in a
    bribery step (bribes-with: Cratur Hobbs, once a combat, any bribable creature for an Item)."""
    combat = state.combat
    if combat is None or combat.stage not in BRIBE_STEPS:
        return ()
    mine = side(combat, seat)
    briber = mine.command
    if not (briber and mine.command_live and briber in standing(mine) and has(briber, "bribes-with", combat)):
        return ()
    if kept(mine, briber):
        return ()  # used once in this combat
    wanted = [a.target for a in abilities(briber, "bribes-with", combat)]
    return tuple(c for c in state.zone(seat, STORAGE) if any(card_fits(w, c) for w in wanted))


@dataclass(frozen=True, slots=True)
class CardPlay:
    """What a card played in combat does: bribes the creature it names (`bribe`),
    dispels the Command Card of `dispels` (a seat), or else is cast and answered."""

    bribe: bool = False
    dispels: int = 0


def check_play_card(state: GuardiansState, command: PlayCard) -> CardPlay:
    """A card from the Storage Hand during combat: bribery in its step, Dispel Magic in
    the Command Card step, other Spells and Items after bribery (guardians SPELLS)."""
    seat = command.seat
    combat = combat_of(state)
    if command.card not in state.zone(seat, STORAGE) and command.card not in lent_to(combat, seat):
        raise RuleViolation(R_SPELLS, f"{command.card} is not in your Storage Hand")
    info = face(command.card)
    by_text = command.card in bribe_items(state, seat)  # a card a Command Card's text bribes with
    steps = BRIBE_STEPS if by_text else played_at(command.card)
    if not steps:
        raise RuleViolation(R_SPELLS, f"{info.name} cannot be played now (or its text is not implemented: RULES.md)")
    acting(state, seat, *steps)
    if by_text or info.kind == "bribery":
        # A seat says once whether it bribes; a move of its own after that answers the enemy's
        # bribery or passes (reactions.py).
        require(
            combat.stage != "bribe" or seat not in combat.bribe_seen,
            R_BRIBERY,
            "you have said whether you bribe in this match-up",
        )
        target = _bribed(combat, seat)
        if command.target != target:
            raise RuleViolation(R_BRIBERY, f"bribery names the enemy creature you face ({target})")
        # An Item a text bribes with has no icon: it takes any bribable creature.
        icon = "" if by_text else info.name.lower()
        with_it = f" by {info.name}" if icon else ""
        bribable = (not icon or icon in face(target).bribes or bool(control.bribes_anything(combat, seat))) and bool(
            face(target).bribes
        )
        if not bribable:
            raise RuleViolation(R_BRIBERY, f"{face(target).name} cannot be bribed{with_it}")
        ban = control.bribery_ban(state, combat, target, icon)
        if ban:
            raise RuleViolation(R_BRIBERY, f"{face(ban).name} forbids bribery{with_it} against {face(target).name}")
        return CardPlay(bribe=True)
    key = info.key
    if key == texts.DISPEL_MAGIC:
        theirs, mine = side(combat, other(seat)), side(combat, seat)
        if command.target == theirs.command and theirs.command_live:
            owner = theirs.seat
        elif command.target == mine.command and not mine.command_live:
            owner = seat
        else:
            raise RuleViolation(
                R_SPELLS, "Dispel Magic names the enemy's live Command Card, or your own that was dispelled"
            )
        check_may_play(state, seat, command.card)
        return CardPlay(dispels=owner)
    if key == texts.RANGED_RETURN:
        powers.check_ranged_return(state, command)
    elif key == texts.POWER_LUNCH:
        require(
            command.target in (combat.a_card, combat.d_card) and command.target != "",
            R_CHANNELING,
            "Power Lunch names a creature in the match-up",
        )
    elif key == texts.ST_BALLANTINE:
        mine_card = combat.a_card if seat == combat.attacker.seat else combat.d_card
        require(
            command.target == mine_card and matches("knight", mine_card),
            R_SPELLS,
            "St. Ballantine's Evocation is cast on your Knight in the match-up",
        )
    else:  # the Anvil of Heaviness
        require(
            seat == combat.attacker.seat and stronghold_owner(combat.space) == combat.defender.seat,
            R_SPELLS,
            "the Anvil of Heaviness helps an attack on a stronghold, played before the combat starts",
        )
    check_may_play(state, seat, command.card)
    return CardPlay()


def lent_to(combat: Combat, seat: int) -> tuple[str, ...]:
    """The enemy's Bribery cards `seat` took by a text and may play in this combat."""
    return tuple(c for c in combat.lent if seat_of(c) != seat)


def play_card(em: Em, rng: Rng, command: PlayCard, play: CardPlay) -> None:
    """A Spell or Item other than Dispel Magic waits for the enemy's answer (answers.py)."""
    seat = command.seat
    if play.bribe:
        _bribe(em, rng, seat, command)
    elif play.dispels:
        spend(em, seat, command.card, "Dispel Magic")
        em.emit(CardDispelled, R_SPELLS, seat=play.dispels, card=command.target, by=command.card)
        window_move(em, seat, passed=False)
    else:
        spend(em, seat, command.card, face(command.card).name)
        await_answer(em, seat, command.card, command.target)


def resolve_power_lunch(em: Em, rng: Rng, played: Answer) -> None:
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


def resolve_st_ballantine(em: Em, rng: Rng, played: Answer) -> None:
    """Your Knight and its opponent are destroyed, and the next match-up begins."""
    if not played.stands:
        window_move(em, played.seat, passed=False)
        return
    combat = combat_now(em.state)
    seat, mine = played.seat, played.target
    theirs = combat.d_card if seat == combat.attacker.seat else combat.a_card
    em.emit(CreatureStatus, R_SPELLS, seat=seat, card=mine, status="destroyed", by=played.card)
    if not has(theirs, "indestructible", combat):
        em.emit(CreatureStatus, R_SPELLS, seat=other(seat), card=theirs, status="destroyed", by=played.card)
    em.emit(StageBegan, R_SPELLS, stage="choose", actor=0)
    next_matchup(em, rng)


def resolve_anvil(em: Em, rng: Rng, played: Answer) -> None:
    """+7 to your attacks on the stronghold's defenders for the combat (texts.FOR_THE_WHOLE_COMBAT)."""
    if played.stands:
        em.emit(
            EffectApplied, R_SPELLS, seat=played.seat, source=played.card, effect="bonus-all", amount=texts.ANVIL_BONUS
        )


# ---------------------------------------------------------------- passing

PASSES = ("command-window", "spells", "modify", "bribe", "secondary-bribe", "secondary-modify", "secondary", "control",
          "heal", "redeem")
"""The steps of a combat at which the seat whose move it is may pass."""


def check_pass(state: GuardiansState, command: Pass) -> None:
    stage = combat_of(state).stage
    if stage not in PASSES:
        raise RuleViolation(R_COMBAT, f"there is nothing to pass at the combat's {stage} step")
    acting(state, command.seat, stage)
    if stage == "modify":
        powers.check_may_pass(state, command.seat)


def pass_turn(em: Em, rng: Rng, command: Pass) -> None:
    seat = command.seat
    stage = combat_now(em.state).stage
    if stage in ("command-window", "spells", "modify"):
        window_move(em, seat, passed=True)
        if combat_now(em.state).passes >= 2:
            if stage == "command-window":
                _command_attacks(em, rng, 0)
            elif stage == "spells":
                _destruction(em, rng)
            else:
                resolve_matchup(em, rng)
    elif stage == "bribe":
        _said_bribe(em, rng, seat)
    elif stage == "secondary-bribe":
        em.emit(StageBegan, R_SECONDARY, stage="secondary-modify", actor=other(seat))
    elif stage == "secondary-modify":
        resolve_secondary(em, rng)
    elif stage == "secondary":
        end_combat(em, rng)
    elif stage == "control":
        _next_control_window(em, rng, seat)
    elif stage == "heal":
        _next_healer(em, rng, seat)
    else:  # redeem
        _next_redeemer(em, rng, seat)


def _apply_commands(em: Em, rng: Rng, start: int = 0) -> None:
    """The Command Cards that stand take effect, the attacker's first (guardians COMBAT, AOE
    attacks), from the side `start` on: a choice a Command Card gives (choices.py) waits for
    its answer before the next takes effect."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender)[start:]:
        if not one.command or not one.command_live:
            continue
        card, key = one.command, face(one.command).key
        blank_text_boxes(em, card)
        combat = combat_now(em.state)
        note_text(em, seat_of(card), card)
        reveals.show_command(em, card)
        _no_ranged(em, card, when="", rule=R_TEXT)
        outcomes.revealed(em, card, when="command")
        if key in texts.SELF_DESTROYING_COMMANDS:
            for ability in abilities(card, "bonus-all", combat):
                em.emit(EffectApplied, R_TEXT, seat=one.seat, source=card, effect="bonus-all", amount=ability.amount)
            em.emit(CreatureStatus, R_TEXT, seat=one.seat, card=card, status="destroyed", by=card)
        for ability in abilities(card, "sits-out", combat):
            if ability.when == "command":
                _sit_out(em, rng, card, ability.target)
        for ability in abilities(card, "sets-terrain", combat):
            # target "came-from" (Agent of Shadow): the terrain of the space the attacker came from
            fought_on = terrain_of(em.state, combat.came_from) if ability.target == "came-from" else (ability.terrain,)
            em.emit(EffectApplied, R_TEXT, seat=one.seat, source=card, effect="terrain", cards=fought_on,
                    note=f"the terrain of {combat.came_from}" if ability.target == "came-from" else "")
        for ability in abilities(card, "aoe", combat):
            points = aoe_points(em, rng, card, ability)
            if points is not None:
                aoe_strike(em, one.seat, card, points, ability.target)
        for ability in abilities(card, "no-enemy-channeling", combat):
            if ability.dice and ability.when == "command":  # kept by the card (control.channeling_barred)
                dice.roll(em, rng, one.seat, card, ability, text_box(face(card).name))
        for ability in abilities(card, "aoe-own", combat):
            aoe_strike(em, one.seat, card, ability.amount, ability.target, own=True)
        if has(card, "discards-hand", combat):
            _discard_hand(em, one, card)
        if has(card, "destroys-command", combat):
            _destroy_commands(em, one, card)
        for ability in abilities(card, "takes-up", combat):
            _up_to_hand(em, one, card, ability.target)
        if has(card, "destroys-above-up", combat):
            _above_up(em, rng, card)
        pull_unchallenged(em, rng, card, "command")
        if _offer(em, rng, card, "command"):
            return
        _used(em, one, card)
    begin_primaries(em, rng)


def _command_attacks(em: Em, rng: Rng, start: int) -> None:
    """Before any Command Card takes effect, the attacker's first, from the side `start` on:
    a standing one with attacks "command", when "command" (Kazarian Squawker), fights the
    enemy's if that is a creature, and dispels it if it beats it; one whose may "attack-with"
    waits (Heels of Speed) is answered first. Then the Command Cards take effect."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender)[start:]:
        if not (one.command and one.command_live):
            continue
        for ability in abilities(one.command, "attacks", combat):
            if ability.when == "command" and ability.target == "command":
                attack(em, one.command, ability)
        if _offer(em, rng, one.command, "before-commands"):
            return
    _apply_commands(em, rng)


def attack(em: Em, source: str, ability: Ability) -> None:
    """attacks: `source` fights the card its target names, outside the match-ups: each total
    as a primary attacker's before modifiers (Vitality, Off-Color Bonus, terrain, texts), the
    attacker's + the ability's amount (`EffectApplied` "attacks", its total, the note the
    other's); the lower is beaten (an Up card stays where it is: the enemy draws fewer by the
    attacker's enemy-draws, if it has one); equal totals, nothing."""
    state = em.state
    combat = combat_now(state)
    target = choices.struck(state, seat_of(source), ability.target)
    if not target:
        return
    rule = text_box(face(source).name)
    mine = total(terms(state, combat, source, target, secondary=False)) + ability.amount
    theirs = total(terms(state, combat, target, source, secondary=False))
    outcome = "beats" if mine > theirs else "is beaten by" if mine < theirs else "pushes against"
    em.emit(EffectApplied, rule, seat=seat_of(source), source=source, effect="attacks", amount=mine,
            cards=(target,), note=f"{mine} against {theirs}: it {outcome} it")
    if mine < theirs:
        em.emit(CreatureStatus, rule, seat=seat_of(source), card=source, status="beaten", by=target)
    elif mine > theirs and ability.target == "up":
        for change in abilities(source, "enemy-draws", combat):
            em.emit(EffectApplied, rule, seat=seat_of(source), source=source, effect="enemy-draws",
                    amount=change.amount, cards=(target,))
    elif mine > theirs:
        enemy = side(combat_now(em.state), other(seat_of(source)))
        em.emit(CreatureStatus, rule, seat=enemy.seat, card=target, status="beaten", by=source)
        if ability.when == "command" and enemy.command_live:
            em.emit(CardDispelled, rule, seat=enemy.seat, card=target, by=source)


def _above_up(em: Em, rng: Rng, source: str) -> None:
    """destroys-above-up (Knife of Shadow, as the Command Card): if the enemy's Up card is a
    creature, a creature drawn at random from the enemy's Combat Hand is destroyed when its base
    Vitality is higher than the Up card's."""
    seat, rule = seat_of(source), text_box(face(source).name)
    up = choices.struck(em.state, seat, "up")
    held = hand(em.state, side(combat_now(em.state), other(seat)))
    if not up or not held:
        return
    drawn = held[rng.below(len(held))]
    higher = face(drawn).vitality > face(up).vitality
    em.emit(EffectApplied, rule, seat=seat, source=source, effect="destroys-above-up", cards=(drawn, up),
            note=f"{face(drawn).vitality} against the Up card's {face(up).vitality}")
    if higher and not has(drawn, "indestructible"):
        em.emit(CreatureStatus, rule, seat=other(seat), card=drawn, status="destroyed", by=source)


def _used(em: Em, one: Side, card: str) -> None:
    """discard-after-use: a creature Magic Item played as the Command Card leaves its stack
    for the discard pile once its effect is over (Tweezle the Sneaky)."""
    if has(card, "discard-after-use") and card in em.state.zone(one.seat, one.zone):
        move(em, text_box(face(card).name), one.seat, (card,), one.zone, DISCARD, "discarded after use")


def _discard_hand(em: Em, one: Side, source: str) -> None:
    """discards-hand: the Command Card's seat discards the creatures left in its Combat
    Hand (Vensuni Inferno Swarm)."""
    left = hand(em.state, side(combat_now(em.state), one.seat))
    em.emit(EffectApplied, R_TEXT, seat=one.seat, source=source, effect="discards-hand", cards=left)
    for card in left:
        em.emit(CreatureStatus, R_TEXT, seat=one.seat, card=card, status="destroyed", by=source)


def _up_to_hand(em: Em, one: Side, source: str, target: str) -> None:
    """takes-up as the Command Card (Medallion of Skyphos): the seat's Up card, if a creature
    of the target, joins its Combat Hand, and the card, spent, becomes the Up card."""
    up = em.state.zone(one.seat, UP)
    if not up or not face(up[0]).is_creature or not matches(target, up[0]):
        return
    name = face(source).name
    move(em, text_box(name), one.seat, up, UP, one.zone, f"joins the Combat Hand by {name}")
    move(em, text_box(name), one.seat, (source,), DISCARD, UP, f"{name} becomes the Up card")


def _destroy_commands(em: Em, one: Side, source: str) -> None:
    """destroys-command: the card and the enemy's Command Card (dispelled at the reveal)
    are destroyed: a creature is, an Item leaves its stack for the discard pile (a Spell or
    Hand Item lies there already)."""
    theirs = side(combat_now(em.state), other(one.seat))
    gone = tuple(c for c in (source, theirs.command) if c)
    em.emit(EffectApplied, R_TEXT, seat=one.seat, source=source, effect="destroys-command", cards=gone)
    for card, owner in ((source, one), (theirs.command, theirs)):
        if not card:
            continue
        if face(card).is_creature:
            em.emit(CreatureStatus, R_TEXT, seat=owner.seat, card=card, status="destroyed", by=source)
        elif card in em.state.zone(owner.seat, owner.zone):
            move(em, R_TEXT, owner.seat, (card,), owner.zone, DISCARD, f"destroyed by {face(source).name}")


def _sit_out(em: Em, rng: Rng, source: str, target: str) -> None:
    """A Command Card's sits-out: the creatures it names, both sides, in the Combat Hands or
    standing on the table, are set aside out of play for the combat (CreatureStatus "out":
    they fight no more and do not count, but secondary attackers may attack them; RULES.md,
    Creatures set aside). Target "random": one creature drawn from the enemy's Combat Hand
    by the game's generator, and the card itself."""
    combat = combat_now(em.state)
    if target == "random":
        seat = seat_of(source)
        enemy = side(combat, other(seat))
        drawn = hand(em.state, enemy)
        picked = (drawn[rng.below(len(drawn))],) if drawn else ()
        em.emit(EffectApplied, R_TEXT, seat=seat, source=source, effect="sits-out", cards=picked,
                note="drawn at random from the enemy's Combat Hand")
        for card in picked:
            em.emit(CreatureStatus, R_TEXT, seat=enemy.seat, card=card, status="out", by=source)
        em.emit(CreatureStatus, R_TEXT, seat=seat, card=source, status="out", by=source)
        return
    for one in (combat.attacker, combat.defender):
        for card in survivors(em.state, one):
            if card != source and matches(target, card, combat):
                em.emit(CreatureStatus, R_TEXT, seat=one.seat, card=card, status="out", by=source)


def aoe_points(em: Em, rng: Rng, source: str, ability: Ability) -> int | None:
    """An AOE's points before the texts that change AOEs: its amount, or, rolled (dice), the
    dice and the amount, None if the roll gives nothing (roll-fails: Mendu Sada's 6)."""
    if not ability.dice:
        return ability.amount
    rule = text_box(face(source).name)
    faces = dice.roll(em, rng, seat_of(source), source, ability, rule, effect="rolled aoe")
    failing = [a.amount for a in abilities(source, "roll-fails")]
    failed = next((f for f in faces if f in failing), 0)
    if failed:
        em.emit(EffectApplied, rule, seat=seat_of(source), source=source, effect="roll-fails", amount=failed)
        return None
    return sum(faces) + ability.amount


def aoe_strike(em: Em, seat: int, source: str, amount: int, element: str, *, own: bool = False) -> None:
    """An AOE hits every creature in the enemy's Combat Hand (its own seat's, if `own`:
    aoe-own) of Vitality `amount` or less, but those immune to it; methane puts them out
    of play instead of discarding them (guardians AOE attacks)."""
    combat = combat_now(em.state)
    kind, _, only = element.partition(":")
    changes = aoe_changes(em.state, combat, source, kind)
    amount += sum(t.value for t in changes)
    struck = side(combat, seat if own else other(seat))
    shelter = _standing_command(combat, "hand-immune", struck.seat)
    victims = tuple(
        c
        for c in hand(em.state, struck)
        if face(c).vitality <= amount and not immune_to_aoe(c, kind, combat) and (not only or matches(only, c, combat))
    )
    note = ", ".join(f"{t.source} {t.value:+d}" for t in changes)
    if shelter and any(a.target == "aoe" for a in abilities(shelter, "hand-immune", combat)):
        sheltered = f"{face(shelter).name} makes the enemy's Combat Hand immune to it"
        em.emit(
            EffectApplied,
            R_AOE,
            seat=seat,
            source=source,
            effect=f"aoe {kind}",
            amount=amount,
            note=f"{note}; {sheltered}" if note else sheltered,
        )
        return
    em.emit(
        EffectApplied, R_AOE, seat=seat, source=source, effect=f"aoe {kind}", amount=amount, cards=victims, note=note
    )
    status = "out" if kind == "methane" else "destroyed"
    for card in victims:
        em.emit(CreatureStatus, R_AOE, seat=struck.seat, card=card, status=status, by=source)


# ---------------------------------------------------------------- ultimatums and optional choices


def _offer(em: Em, rng: Rng, source: str, moment: str) -> bool:
    """The choice `source`'s text gives at `moment` (choices.py): offered, or made at once
    when one option is left. True if the game waits for it, or it ended the combat."""
    choice = choices.offered(em.state, source, moment)
    if choice is None:
        return False
    if len(choice.options) > 1 or choices.takes_card(choice.options[0]):  # a card taken is the seat's to name
        em.emit(ChoiceOffered, text_box(face(source).name), seat=choice.seat, source=source, options=choice.options)
        return True
    return _make(em, rng, choice, choice.options[0], "")


def choose(em: Em, rng: Rng, command: Choose, choice: Choice) -> None:
    """The seat's answer to the choice waiting; then the game goes on from its moment."""
    if _make(em, rng, choice, command.option, command.card):
        return
    if command.option.partition(":")[0] == choices.GUESS:  # the next guess, or the match-up shown
        _guesses(em, rng, 1 if seat_of(choice.source) == combat_now(em.state).attacker.seat else 2)
    else:
        _resume(em, rng, choice.source)


def _make(em: Em, rng: Rng, choice: Choice, option: str, card: str) -> bool:
    """What an option does (choices.py). True if the game waits again (a second card to
    discard) or the combat ended (a retreat)."""
    source, seat = choice.source, choice.seat
    rule = text_box(face(source).name)
    em.emit(ChoiceMade, rule, seat=seat, source=source, option=option, card=card)
    word, _, count = option.partition(":")
    if word == choices.DISCARD_RETREAT:
        em.emit(CreatureStatus, rule, seat=seat, card=source, status="destroyed", by=source)
    if word in choices.RETREATS:
        em.emit(CombatConceded, rule, seat=seat, source=source)
        _next_healer(em, rng, 0)
        return True
    if word == choices.STONE:
        em.emit(StonesSpent, rule, seat=seat, count=int(count), reason=f"by {face(source).name}")
        if seat == seat_of(source):  # a "may" paid: the card's abilities when "paid" act
            _paid(em, source)
    elif word == choices.DISCARD:
        move(em, rule, seat, (card,), STORAGE, DISCARD, f"discarded by {face(source).name}")
        if int(count) > 1:
            em.emit(ChoiceOffered, rule, seat=seat, source=source, options=(f"{choices.DISCARD}:{int(count) - 1}",))
            return True
    elif word == choices.SWAP:
        _swap_opponent(em, rng, source)
    elif word == choices.ATTACK_WITH:
        _attack_with(em, source, card)
    elif word == choices.ATTACK and choices.moment_of(source) == "match-up":
        _attack_instead(em, rng, source, count)
        return True
    elif word == choices.ATTACK:
        for ability in abilities(source, "attacks"):
            if ability.target == count:
                attack(em, source, ability)
    elif word == choices.SACRIFICE:
        _sacrifice(em, rng, source)
        return True
    elif word in choices.HAND_DISCARDS:
        em.emit(CreatureStatus, rule, seat=seat, card=card, status="destroyed", by=source)
        left = int(count) - face(card).vitality if word == choices.DISCARD_VITALITY else 0
        if left > 0 and choices.hand_discards(em.state, seat, option):
            em.emit(ChoiceOffered, rule, seat=seat, source=source, options=(f"{word}:{left}",))
            return True
    elif word == choices.SHOW:
        reveals.show(em, source, Ability("shows", target=count))
    elif word == choices.BRIBE:
        bribe_away(em, seat, choices.shown_for_bribe(em.state, source)[int(count) - 1], source)
    elif word == choices.REFUSE:
        _refused(em, source, seat)
    elif word == choices.ROLL:
        _roll_fired(em, rng, source, seat)
    return False


def _attack_with(em: Em, source: str, creature: str) -> None:
    """A may's "attack-with:command" (Heels of Speed, the Command Card): the creature named,
    of its seat's Combat Hand, goes onto the table as a Command creature (no match-up: it
    counts for control and may be attacked) and attacks the enemy's Command Card; beaten, it
    takes `source` with it to the discard pile."""
    seat, rule = seat_of(source), text_box(face(source).name)
    one = side(combat_now(em.state), seat)
    em.emit(CreatureStatus, rule, seat=seat, card=creature, status="unchallenged", by=source)
    attack(em, creature, Ability("attacks", target="command", when="command"))
    if creature in side(combat_now(em.state), seat).beaten and source in em.state.zone(seat, one.zone):
        move(em, rule, seat, (source,), one.zone, DISCARD, f"lost with {face(creature).name}")


def _attack_instead(em: Em, rng: Rng, source: str, target: str) -> None:
    """A may's "attack" as the card is revealed in its match-up (Hackthorn Strangler): its
    opponent is left unchallenged and it attacks the card its attacks ability names instead;
    the match-up ends."""
    combat = combat_now(em.state)
    leave_unchallenged(em, source, (combat.d_card if source == combat.a_card else combat.a_card,))
    for ability in abilities(source, "attacks", combat):
        if ability.target == target:
            attack(em, source, ability)
    end_unfought(em, rng)


def _sacrifice(em: Em, rng: Rng, source: str) -> None:
    """A may's "sacrifice" (Nubian Slave Girl): the card, revealed in its primary match-up, is
    destroyed, its opponent left unchallenged, the match-up over; then its retrieve when
    "sacrificed" takes a card of its kind from the discard pile, if one lies there."""
    combat = combat_now(em.state)
    seat, rule = seat_of(source), text_box(face(source).name)
    em.emit(CreatureStatus, rule, seat=seat, card=source, status="destroyed", by=source)
    leave_unchallenged(em, source, (combat.d_card if source == combat.a_card else combat.a_card,))
    for ability in abilities(source, "retrieve", combat):
        what = ability.target.partition(":")[2]
        back = [c for c in em.state.zone(seat, DISCARD) if card_fits(what, c)]
        if ability.when == "sacrificed" and back:
            move(em, rule, seat, back[:1], DISCARD, STORAGE, f"taken back by {face(source).name}")
    end_unfought(em, rng)


def _roll_fired(em: Em, rng: Rng, source: str, seat: int) -> None:
    """roll-destroys, when "fired" (Professor Heisenburg, its may "roll" taken): on a face whose
    entry the enemy's match-up creature matches, it and the seat's ranged attacker just fired
    are destroyed (an indestructible one is beaten), and the match-up ends without a fight."""
    combat = combat_now(em.state)
    rule = text_box(face(source).name)
    fired = next(c for c in reversed(combat.fired) if seat_of(c) == seat)
    victim = combat.d_card if seat == combat.attacker.seat else combat.a_card
    for ability in abilities(source, "roll-destroys", combat):
        if ability.when != "fired":
            continue
        faces = dice.roll(em, rng, seat, source, ability, rule, effect="rolled destroys", cards=(fired, victim))
        wanted = face_entry(ability.target, sum(faces) + ability.amount)
        if wanted and matches(wanted, victim, combat):
            for creature in (fired, victim):
                fate = "beaten" if has(creature, "indestructible", combat) else "destroyed"
                em.emit(CreatureStatus, rule, seat=seat_of(creature), card=creature, status=fate, by=source)
            end_unfought(em, rng)
            return


def _paid(em: Em, source: str) -> None:
    """`source`'s seat paid the price of its may: the card's abilities when "paid" act
    (sends-to-pen "under": the enemy's creatures under its stronghold spaces go to its Creature
    Pen, Gehrund, Field Marshal)."""
    rule = text_box(face(source).name)
    enemy = other(seat_of(source))
    for ability in abilities(source, "sends-to-pen"):
        if ability.when == "paid" and ability.target == "under":
            for space in strongholds(enemy):
                below = tuple(c for c in em.state.zone(enemy, under(space)) if face(c).is_creature)
                if below:
                    move(em, rule, enemy, below, under(space), PEN, f"sent to the Creature Pen by {face(source).name}")


def _refused(em: Em, source: str, seat: int) -> None:
    """`seat` refused `source`'s ultimatum: the card's abilities when "refused" act."""
    rule = text_box(face(source).name)
    for ability in face(source).abilities:
        if ability.when != "refused":
            continue
        if ability.kind == "primary-bonus":  # kept by the card (strength.keeps_boosts)
            em.emit(EffectApplied, rule, seat=seat_of(source), source=source, effect="primary-bonus",
                    amount=ability.amount)
        elif ability.kind == "bonus-enemy":
            em.emit(EffectApplied, rule, seat=seat, source=source, effect="bonus-all", amount=ability.amount)
        elif ability.kind == "returns-when-beaten":
            _return_beaten(em, source, ability.target)


def _resume(em: Em, rng: Rng, source: str) -> None:
    """The game goes on from the moment `source`'s choice was offered."""
    combat = combat_now(em.state)
    after = 1 if seat_of(source) == combat.attacker.seat else 2  # the sides still to come
    moment = choices.moment_of(source, combat)
    if moment == "command":
        _used(em, side(combat, seat_of(source)), source)
        _apply_commands(em, rng, after)
    elif moment == "before-commands":
        _command_attacks(em, rng, after)
    elif moment == "match-up":
        _matchup_offers(em, rng, (combat.d_card,) if after == 1 else ())
    elif moment == "beaten":
        next_matchup(em, rng)
    elif moment == "fired":
        return  # the match-up goes on with the enemy's move (or it ended with the roll)
    elif not _after_primaries(em, rng, after):  # "after-primaries"
        _secondaries_or_end(em, rng)


# ---------------------------------------------------------------- primary attacks


def begin_primaries(em: Em, rng: Rng) -> None:
    """The upgrades fired strike after the Command Cards; then the match-ups begin."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender):
        if one.idol:
            fired = powers.fired_upgrade(em.state, one.seat)
            aoe_strike(em, one.seat, fired, one.idol, powers.fired_aoe(fired).target)
    em.emit(StageBegan, R_PRIMARY, stage="choose", actor=0)
    next_matchup(em, rng)


def next_matchup(em: Em, rng: Rng) -> None:
    """Another match-up while both sides hold creatures; else secondary attacks for the
    side that still does (guardians SECONDARY ATTACKS)."""
    state = em.state
    combat = combat_now(state)
    a_left, d_left = fighters(state, combat.attacker), fighters(state, combat.defender)
    if a_left and d_left:
        _random_lays(em, rng)
        return
    if not _after_primaries(em, rng, 0):
        _secondaries_or_end(em, rng)


def _after_primaries(em: Em, rng: Rng, start: int) -> bool:
    """The choices the creatures standing on the table give once primary attacks are over
    (may, when "after-primaries": Captain Hannibal Hawks), the attacker's first, from the
    side `start` on; True if one waits or ended the combat."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender)[start:]:
        for card in standing(one):
            if _offer(em, rng, card, "after-primaries"):
                return True
    return False


def _secondaries_or_end(em: Em, rng: Rng) -> None:
    """Secondary attacks for the side that still holds creatures, else the combat's end."""
    state = em.state
    combat = combat_now(state)
    a_left, d_left = fighters(state, combat.attacker), fighters(state, combat.defender)
    for one, left in ((combat.attacker, a_left), (combat.defender, d_left)):
        if left and _secondary_targets(state, one.seat):
            em.emit(StageBegan, R_SECONDARY, stage="secondary", actor=one.seat)
            return
    end_combat(em, rng)


def check_play_creature(state: GuardiansState, command: PlayCreature) -> None:
    """A creature laid face down for the match-up, or, once one side's Combat Hand is
    empty, a secondary attack on an enemy creature on the table."""
    seat = command.seat
    combat = combat_of(state)
    if combat.stage == "secondary":
        _check_secondary(state, command)
        return
    if command.target:
        _check_swap(state, command)
        return
    acting(state, seat, "choose")
    mine = side(combat, seat)
    spy = reveals.lays_random(combat, seat)
    if spy:
        raise RuleViolation(text_box(face(spy).name), "the rules lay your creatures, drawn at random")
    require(not mine.choice, R_PRIMARY, "you have laid your creature for this match-up")
    if command.card not in hand(state, mine):
        raise RuleViolation(R_PRIMARY, f"{command.card} is not a creature in your Combat Hand")
    if face(command.card).command_only:
        raise RuleViolation(text_box(face(command.card).name), "it is played only as the Command Card")
    if reveals.waits_to_lay(combat, seat):
        if reveals.leads(combat, other(seat)) is not None:
            leader = side(combat, other(seat)).command
            raise RuleViolation(text_box(face(leader).name), "the enemy lays its creature first in this match-up")
        raise RuleViolation(R_PRIMARY, "your card makes the enemy lay its creature first and say what it is")
    reveals.check_lays_first(hand(state, mine), combat, seat, command.card)


def play_creature(em: Em, rng: Rng, command: PlayCreature) -> None:
    seat = command.seat
    combat = combat_now(em.state)
    if combat.stage == "secondary":
        em.emit(SecondaryDeclared, R_SECONDARY, seat=seat, card=command.card, target=command.target)
        blank_text_boxes(em, command.card)
        note_text(em, seat_of(command.card), command.card)
        outcomes.revealed(em, command.card)
        dice.roll_revealed(em, rng, command.card, primary=False)
        return
    if command.target:
        swap(em, _swapper(side(combat, seat), command.card, command.target, combat), command.target, command.card)
        note_text(em, seat, command.card)
        return
    _lay(em, rng, seat, command.card)


def _lay(em: Em, rng: Rng, seat: int, card: str) -> None:
    """A primary attacker laid face down (named to its seat only); once both are laid, the
    guesses and the reveal; else the rules lay the other side's if they lay it (Shadow Spy)."""
    combat = combat_now(em.state)
    em.emit(CreatureChosen, R_PRIMARY, seat=seat, card=card)
    if reveals.waits_to_lay(combat, other(seat)):
        reveals.declare(em, combat, seat, card)
    combat = combat_now(em.state)
    if combat.attacker.choice and combat.defender.choice:
        _guesses(em, rng, 0)
    else:
        _random_lays(em, rng)


def _random_lays(em: Em, rng: Rng) -> None:
    """lays-first, target "random" (Shadow Spy as the Command Card): the rules lay the enemy's
    primary attacker, drawn at random from its fighters by the generator, as soon as it may
    lay (after the other side, where that side lays first)."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender):
        if one.choice or not reveals.lays_random(combat, one.seat) or reveals.waits_to_lay(combat, one.seat):
            continue
        left = fighters(em.state, one)
        _lay(em, rng, one.seat, left[rng.below(len(left))])
        return


def _guesses(em: Em, rng: Rng, start: int) -> None:
    """Both creatures are laid, not yet shown: the guesses the standing Command Cards ask
    for (guess: Jalupee Lobo, the Sphinx), the attacker's first, from the side `start` on,
    each waiting for its Choose; then the match-up is shown."""
    combat = combat_now(em.state)
    for one in (combat.attacker, combat.defender)[start:]:
        if one.command and one.command_live and has(one.command, "guess"):
            choice = choices.guess_offered(one.command)
            assert choice is not None
            em.emit(ChoiceOffered, text_box(face(one.command).name), seat=choice.seat, source=one.command,
                    options=choice.options)
            return
    _reveal_matchup(em, rng)


def _reveal_matchup(em: Em, rng: Rng) -> None:
    """The two creatures laid are shown, with what each guess made before won (one Command
    Card a side: the guess terms of a side's creature are its card's), and their texts
    that act on the reveal act."""
    combat = combat_now(em.state)
    a_card, d_card = combat.attacker.choice, combat.defender.choice
    em.emit(MatchupRevealed, R_PRIMARY, attacker_card=a_card, defender_card=d_card)
    for card in (a_card, d_card):
        blank_text_boxes(em, card)
    for card in (a_card, d_card):
        share_first_class(em, card)
    combat = combat_now(em.state)
    for source, value in combat.guesses:
        mine = a_card if seat_of(source) == combat.attacker.seat else d_card
        gained = sum(t.value for t in guess_terms(combat, mine))
        em.emit(EffectApplied, text_box(face(source).name), seat=seat_of(source), source=source, effect="guess",
                amount=gained, cards=(mine,), note=value)
    _revealed(em, rng, (a_card, d_card))
    _matchup_offers(em, rng, (a_card, d_card))


def _revealed(em: Em, rng: Rng, cards: tuple[str, ...]) -> None:
    """The texts of primary attackers just revealed that act on the reveal, the attacker's first."""
    combat = combat_now(em.state)
    for card in cards:
        discards.act(em, rng, card, "reveal")
    for card in cards:
        note_text(em, seat_of(card), card)
    for card in cards:
        _no_ranged(em, card, when="reveal", rule=text_box(face(card).name))
        if any(a.when == "match-up" for a in abilities(card, "no-channeling", combat)):
            em.emit(
                EffectApplied, text_box(face(card).name), seat=seat_of(card), source=card, effect="no-channeling"
            )
    for card in cards:
        outcomes.revealed(em, card)
        dice.roll_revealed(em, rng, card, primary=True)


# ---------------------------------------------------------------- swaps


def primaries(one: Side) -> tuple[str, ...]:
    """A side's primary attackers on the table, in the order laid (its Command Card aside)."""
    return tuple(c for c in one.played if c != one.command)


def _swapper(one: Side, card: str, target: str, combat: Combat) -> str:
    """The card whose swaps ability lets `card`, in its side's Combat Hand, take the place of
    `target`, its side's primary attacker on the table; "" if none does. The creature's own
    (Slippery Slime: target "beaten", the one beaten in the match-up just over; Phantom
    Stalker: a creature target), or the target's (Soggybottom Gertz: target "hand", when
    "beaten": any creature of the hand takes its place once it is beaten)."""
    just_lost = target in one.beaten and primaries(one)[-1:] == (target,)
    for ability in abilities(card, "swaps", combat):
        if (just_lost and ability.target == "beaten") or (ability.target != "beaten"
                                                          and matches(ability.target, target, combat)):
            return card
    if just_lost and any(a.target == "hand" for a in abilities(target, "swaps", combat)):
        return target
    return ""


def _check_swap(state: GuardiansState, command: PlayCreature) -> str:
    """PlayCreature with a target at the choose step: a swap (swaps), made before its seat lays
    the next match-up's creature. The card whose text allows it."""
    seat = command.seat
    combat = acting(state, seat, "choose")
    mine = side(combat, seat)
    require(not mine.choice, R_PRIMARY, "a swap comes before you lay your creature for the next match-up")
    require(not reveals.waits_to_lay(combat, seat), R_PRIMARY, "the enemy lays first in this match-up: swap after")
    if command.card not in hand(state, mine):
        raise RuleViolation(R_PRIMARY, f"{command.card} is not a creature in your Combat Hand")
    if command.target not in primaries(mine):
        raise RuleViolation(R_PRIMARY, f"{command.target} is not a primary attacker of yours on the table")
    giver = _swapper(mine, command.card, command.target, combat)
    if not giver:
        raise RuleViolation(
            R_PRIMARY, f"no text lets {face(command.card).name} take the place of {face(command.target).name}"
        )
    return giver


def swap_candidates(state: GuardiansState, seat: int) -> list[PlayCreature]:
    """The swaps a seat might make now (plan checks each): a creature of its hand with swaps, for
    each of its primary attackers on the table, and any creature of its hand for a primary
    attacker whose own swaps takes one from the hand."""
    mine = side(combat_now(state), seat)
    held, laid = hand(state, mine), primaries(mine)
    found = [PlayCreature(seat=seat, card=c, target=t) for c in held if has(c, "swaps") for t in laid]
    found += [PlayCreature(seat=seat, card=c, target=t) for t in laid if has(t, "swaps") for c in held]
    return found


def swap(em: Em, source: str, leaving: str, entering: str) -> None:
    """`entering` takes the place of `leaving` on the table, with its status and damage, and
    `leaving` goes back to its side's Combat Hand, to be laid again (RULES.md, Swaps)."""
    em.emit(EffectApplied, text_box(face(source).name), seat=seat_of(leaving), source=source, effect="swap",
            cards=(leaving, entering))


def _swap_opponent(em: Em, rng: Rng, source: str) -> None:
    """A may's "swap" (Spirit of the Hunt, swaps target "opponent:random"): its match-up
    opponent goes back to the enemy's Combat Hand and a creature drawn at random from that hand
    by the generator takes its place, revealed; the match-up goes on."""
    combat = combat_now(em.state)
    opponent = combat.d_card if source == combat.a_card else combat.a_card
    held = fighters(em.state, side(combat, seat_of(opponent)))
    drawn = held[rng.below(len(held))]
    swap(em, source, opponent, drawn)
    _revealed(em, rng, (drawn,))


def blank_text_boxes(em: Em, card: str) -> None:
    """blanks: as `card` is revealed (in a primary match-up, as the Command Card, or as a
    secondary attacker), text boxes count as empty for the rest of the combat (guardians Text
    Box; strength.text_source): its primary match-up opponent's (target "opponent": Manly Guy),
    or every creature's, its own too (target "creatures": Elandar). The attacker's creature's
    text acts first, so a text emptied before it acts does nothing."""
    combat = combat_now(em.state)
    for ability in abilities(card, "blanks", combat):
        if ability.target == "creatures":
            emptied: tuple[str, ...] = ()
        elif card in (combat.a_card, combat.d_card) and not combat.secondary:
            emptied = (combat.d_card if card == combat.a_card else combat.a_card,)
        else:
            continue  # no primary match-up opponent: nothing to empty
        em.emit(EffectApplied, text_box(face(card).name), seat=seat_of(card), source=card, effect="blanks",
                cards=emptied)


def share_first_class(em: Em, card: str) -> None:
    """shares-class: while its side's live Command Card has it, a primary attacker revealed
    after the side's first takes the first one's classes for the rest of the combat
    (Sooooooul Mirror; strength.classes_of)."""
    combat = combat_now(em.state)
    one = side(combat, seat_of(card))
    source = _standing_command(combat, "shares-class", one.seat)
    laid = [c for c in one.played if c != one.command]
    if not source or not laid or laid[0] == card:
        return
    classes = classes_of(laid[0], combat)
    if classes != classes_of(card, combat):
        em.emit(EffectApplied, text_box(face(source).name), seat=one.seat, source=source, effect="class",
                cards=(card, *classes))


def _matchup_offers(em: Em, rng: Rng, cards: tuple[str, ...]) -> None:
    """The choices the match-up's creatures give as they are revealed (ultimatum, when
    "match-up": Sales Weasel), the attacker's first; bribery waits for them."""
    for card in cards:
        if _offer(em, rng, card, "match-up"):
            return


def _bribed(combat: Combat, seat: int) -> str:
    """The enemy creature a seat's bribery card would name: the one it faces."""
    if combat.stage == "bribe":
        return combat.d_card if seat == combat.attacker.seat else combat.a_card
    return combat.a_card


def _bribe(em: Em, rng: Rng, seat: int, command: PlayCard) -> None:
    combat = combat_now(em.state)
    stage = combat.stage
    target = command.target
    returner = control.bribe_returner(combat, seat, face(command.card).name.lower())
    mine = side(combat, seat)
    if face(command.card).kind != "bribery":  # an Item its Command Card's text bribes with, once
        move(em, text_box(face(mine.command).name), seat, (command.card,), STORAGE, DISCARD, f"bribes {target}")
        em.emit(EffectApplied, text_box(face(mine.command).name), seat=seat, source=mine.command,
                effect="bribes-with", amount=1, cards=(command.card,))
    elif command.card in combat.lent:  # the enemy's card, taken: it lies in its owner's discard pile
        em.emit(EffectApplied, R_BRIBERY, seat=seat, source=command.card, effect="lent-bribe", cards=(command.card,))
    elif returner:
        # The card is not spent: it stays in the Storage Hand.
        em.emit(EffectApplied, R_BRIBERY, seat=seat, source=returner, effect="bribe-returns", cards=(command.card,))
    else:
        move(em, R_BRIBERY, seat, (command.card,), STORAGE, DISCARD, f"bribes {target}")
    bribe_away(em, seat, target, command.card)
    if stage == "bribe":
        _said_bribe(em, rng, seat, bribed=(command.card, target))
    else:
        em.emit(StageBegan, R_SECONDARY, stage="secondary", actor=other(seat))
        next_secondary(em, rng)


def bribe_away(em: Em, seat: int, target: str, by: str) -> None:
    """`seat` bribes the enemy creature `target` by `by` (a bribery card, or a text that
    bribes): it is gone for the combat, to its owner's discard pile, and counts for nothing
    (guardians BRIBERY, COMBAT RESOLUTION); the texts that pay its owner for it act."""
    em.emit(CreatureStatus, R_BRIBERY, seat=other(seat), card=target, status="destroyed", by=by)
    victim = other(seat)
    for source, amount in control.stone_givers((em.state.player(victim).guardian,), "bribed"):
        gain_stones(em, victim, source, amount, R_BRIBERY, f"{face(target).name} was bribed")


def _said_bribe(em: Em, rng: Rng, seat: int, bribed: tuple[str, str] | None = None) -> None:
    """Attacker, then defender, say whether they bribe; a bribery made opens the enemy's
    window to answer it (reactions.py), which waits for the enemy's move even once both have
    said; then Spells may be cast "at any time" (guardians SPELLS) before destruction, AOE
    and the other modifiers."""
    em.emit(WindowMove, R_BRIBERY, seat=seat, passed=True, actor=other(seat))
    if bribed is not None and reactions.answers_bribery(em.state, other(seat)):
        card, target = bribed
        reactions.open_window(em, "enemy-bribes", seat, card, target, 0)
    combat = combat_now(em.state)
    if len(combat.bribe_seen) < 2 or combat.reaction is not None:
        return
    gone = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    if gone & {combat.a_card, combat.d_card}:
        _destruction(em, rng)  # a creature was bribed away: no match-up left to cast into
    else:
        em.emit(StageBegan, R_SPELLS, stage="spells", actor=combat.attacker.seat)


def _destruction(em: Em, rng: Rng) -> None:
    """Destruction, then the AOE of a primary attacker (guardians DESTRUCTION, AOE attacks)."""
    combat = combat_now(em.state)
    a_card, d_card = combat.a_card, combat.d_card
    bribed = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    if not bribed & {a_card, d_card}:
        for card, victim in ((a_card, d_card), (d_card, a_card)):
            if destroys(card, victim, combat) and not has(victim, "indestructible", combat):
                em.emit(CreatureStatus, R_DESTRUCTION, seat=seat_of(victim), card=victim, status="destroyed", by=card)
        _rolled_destruction(em, rng, a_card, d_card)
    # An AOE of a creature still in the match-up strikes next, even when its opponent
    # was bribed away or destroyed (guardians AOE attacks).
    combat = combat_now(em.state)
    gone = set(combat.attacker.destroyed) | set(combat.defender.destroyed)
    for card, opponent in ((a_card, d_card), (d_card, a_card)):
        if card not in gone and side(combat, seat_of(card)).command != card:
            if abilities(card, "aoe", combat) and has(opponent, "cancels-aoe", combat):
                em.emit(
                    EffectApplied,
                    text_box(face(opponent).name),
                    seat=seat_of(opponent),
                    source=opponent,
                    effect="aoe-cancelled",
                    cards=(card,),
                )
                continue
            for ability in abilities(card, "aoe", combat):
                points = aoe_points(em, rng, card, ability)
                if points is not None:
                    aoe_strike(em, seat_of(card), card, points, ability.target)
    if gone & {a_card, d_card}:
        em.emit(StageBegan, R_DESTRUCTION, stage="choose", actor=0)
        next_matchup(em, rng)
        return
    sent = _sent_back(combat)
    if sent:
        opponent, source = sent
        return_to_pen(em, opponent, source)
        end_unfought(em, rng)
        return
    homing = _homing(combat, "match-up", (combat.a_card, combat.d_card))
    if homing:
        return_to_hand(em, homing, combat.d_card if homing == combat.a_card else combat.a_card)
        end_unfought(em, rng)
        return
    settled = next((c for c in (combat.a_card, combat.d_card) if has(c, "no-modification", combat)), "")
    if settled:  # its roll is made: the match-up is resolved as it stands (Orella of the Mist)
        em.emit(EffectApplied, text_box(face(settled).name), seat=seat_of(settled), source=settled,
                effect="no-modification")
        resolve_matchup(em, rng)
        return
    em.emit(StageBegan, R_OVER_YET, stage="modify", actor=combat.attacker.seat)


def _rolled_destruction(em: Em, rng: Rng, a_card: str, d_card: str) -> None:
    """roll-destroys of a primary attacker (Orella of the Mist), at the destruction step: it
    rolls, and its match-up opponent is destroyed if of the face's target (guardians
    DESTRUCTION)."""
    for card, victim in ((a_card, d_card), (d_card, a_card)):
        for ability in abilities(card, "roll-destroys", combat_now(em.state)):
            if ability.when:
                continue  # rolled at another moment (Professor Heisenburg's, when "fired")
            if card in side(combat_now(em.state), seat_of(card)).destroyed:
                continue  # destroyed first by its opponent's text: it rolls nothing
            rule = text_box(face(card).name)
            faces = dice.roll(em, rng, seat_of(card), card, ability, rule, effect="rolled destroys", cards=(victim,))
            wanted = face_entry(ability.target, sum(faces) + ability.amount)
            combat = combat_now(em.state)
            if victim in side(combat, seat_of(victim)).destroyed:
                continue
            if wanted and matches(wanted, victim, combat) and not has(victim, "indestructible", combat):
                em.emit(CreatureStatus, rule, seat=seat_of(victim), card=victim, status="destroyed", by=card)


def _sent_back(combat: Combat) -> tuple[str, str] | None:
    """The match-up creature that a text sends back to its Creature Pen at the Text Box
    step (returns-opponent), with the card whose text does it; None if no text does. The
    attacker's creature's texts first; once one goes, the match-up is over."""
    for card, opponent in ((combat.a_card, combat.d_card), (combat.d_card, combat.a_card)):
        mine = side(combat, seat_of(card))
        # Its own text, and the texts that act for its side's primary attackers while in play.
        givers = (card, *(c for c in standing(mine) if c != card and has(c, "returns-opponent", combat)))
        for giver in givers:
            for ability in abilities(giver, "returns-opponent", combat):
                if giver != card and ability.limit != "in-play":
                    continue
                if ability.target == "same-class":
                    hit = bool(set(classes_of(card, combat)) & set(classes_of(opponent, combat)))
                else:
                    hit = matches(ability.target, opponent, combat)
                if hit:
                    return opponent, giver
    return None


def pull_unchallenged(em: Em, rng: Rng, source: str, when: str) -> None:
    """pulls-unchallenged: creatures of the enemy's Combat Hand go onto the table with no
    match-up opponent (CreatureStatus "unchallenged"): target "duplicates", every creature whose
    name another there shares (Al' Jabah); "random", one drawn by the generator (Vikia
    Tso'Shan'Lu), if the ability's chance, when it has dice, comes up."""
    if not has(source, "pulls-unchallenged"):
        return
    rule = text_box(face(source).name)
    enemy = side(combat_now(em.state), other(seat_of(source)))
    for ability in abilities(source, "pulls-unchallenged"):
        if ability.when != when or (ability.dice and not dice.chance(em, rng, source, ability, rule)):
            continue
        held = hand(em.state, enemy)
        pulled: tuple[str, ...]
        if ability.target == "random":
            pulled = (held[rng.below(len(held))],) if held else ()
        else:
            names = [face(c).name for c in held]
            pulled = tuple(c for c in held if names.count(face(c).name) > 1)
        for card in pulled:
            em.emit(CreatureStatus, rule, seat=enemy.seat, card=card, status="unchallenged", by=source)


def destroy_matchup(em: Em, rng: Rng, rule: str, by: str) -> None:
    """Both creatures of the primary match-up are destroyed (an indestructible one beaten), and
    the match-up ends without a fight (destroys-both: a Spell's, Farmer Brown's detonation)."""
    combat = combat_now(em.state)
    for creature in (combat.a_card, combat.d_card):
        fate = "beaten" if has(creature, "indestructible", combat) else "destroyed"
        em.emit(CreatureStatus, rule, seat=seat_of(creature), card=creature, status=fate, by=by)
    end_unfought(em, rng)


def detonate(em: Em, rng: Rng, command: UseAbility, ability: Ability) -> None:
    """An activated destroys-both (Farmer Brown): the creature named is detonated, both
    match-up creatures are destroyed."""
    activated.use(em, command, ability)
    em.emit(EffectApplied, text_box(face(command.card).name), seat=command.seat, source=command.card,
            effect="detonates", cards=(command.target,))
    destroy_matchup(em, rng, text_box(face(command.card).name), command.card)


def end_unfought(em: Em, rng: Rng) -> None:
    """A text ended the match-up without a fight: the next one begins (or secondary attacks)."""
    em.emit(StageBegan, R_TEXT, stage="choose", actor=0)
    next_matchup(em, rng)


def leave_unchallenged(em: Em, source: str, creatures: tuple[str, ...]) -> None:
    """`source`'s text leaves match-up creatures with no opponent (RULES.md, Left unchallenged)."""
    em.emit(EffectApplied, R_BRIBERY, seat=seat_of(source), source=source, effect="unchallenged", cards=creatures)


def return_to_pen(em: Em, creature: str, source: str) -> None:
    """A creature leaves its match-up for its owner's Creature Pen: out of the combat (its
    place in the match-up stays, so the pairs of the others hold), and its opponent is left
    unchallenged (RULES.md, Left unchallenged)."""
    combat = combat_now(em.state)
    owner = side(combat, seat_of(creature))
    rule = text_box(face(source).name)
    em.emit(CreatureStatus, rule, seat=owner.seat, card=creature, status="out", by=source)
    move(em, rule, owner.seat, (creature,), owner.zone, PEN, f"returned to the Creature Pen by {face(source).name}")
    leave_unchallenged(em, source, (combat.d_card if creature == combat.a_card else combat.a_card,))


def _homing(combat: Combat, when: str, cards: tuple[str, ...]) -> str:
    """The one of `cards` (match-up creatures, the attacker's first) whose own text sends it
    back to its Combat Hand at `when` (returns-to-hand: its opponent of the target, if
    given); "" if none."""
    for card in cards:
        opponent = combat.d_card if card == combat.a_card else combat.a_card
        for ability in abilities(card, "returns-to-hand", combat):
            if ability.when == when and (not ability.target or matches(ability.target, opponent, combat)):
                return card
    return ""


def return_to_hand(em: Em, creature: str, opponent: str) -> None:
    """A creature's text takes it from its primary match-up back to its side's Combat Hand,
    to be laid again; its opponent is left unchallenged (RULES.md, Back to the Combat
    Hand)."""
    rule = text_box(face(creature).name)
    em.emit(CreatureStatus, rule, seat=seat_of(creature), card=creature, status="hand", by=creature)
    leave_unchallenged(em, creature, (opponent,))


def check_play_ranged(state: GuardiansState, command: PlayRanged) -> None:
    seat = command.seat
    combat = acting(state, seat, "modify")
    require(
        seat not in combat.no_ranged,
        R_RANGED,
        "no ranged attacks on this space or in this combat (Woods, or a card's text)",
    )
    if command.card not in may_fire(state, seat) and command.card not in card_shots(state, seat):
        raise RuleViolation(R_RANGED, f"{command.card} is not a ranged attacker in your Combat Hand")
    against = combat.d_card if seat == combat.attacker.seat else combat.a_card
    mine = combat.a_card if seat == combat.attacker.seat else combat.d_card
    pointless = pointless_attack(face(command.card).key)
    if pointless is not None and pointless.when in reactions.WHENS:
        reactions.check_answer(state, seat, pointless.kind, face(command.card).name)
    for limit in abilities(command.card, "ranged", combat):
        partner = limit.target.removeprefix("with:") if limit.target.startswith("with:") else ""
        if partner and not matches(partner, mine, combat):
            raise RuleViolation(
                text_box(face(command.card).name), f"fires only while your primary attacker is {partner}"
            )
        if limit.target and not partner and not matches(limit.target, against, combat):
            raise RuleViolation(R_RANGED, f"{face(command.card).name} fires only at {limit.target}")
        if limit.terrain and limit.terrain not in combat.terrain:
            raise RuleViolation(R_RANGED, f"{face(command.card).name} fires only in {limit.terrain}")


def play_ranged(em: Em, rng: Rng, command: PlayRanged) -> None:
    state, seat = em.state, command.seat
    combat = combat_now(state)
    into = combat.a_card if seat == combat.attacker.seat else combat.d_card
    shot = command.card in state.zone(seat, STORAGE)  # a card its Command Card fires (fires-cards)
    amount = _ranged_points(em, command.card) if face(command.card).ranged or shot else 0
    em.emit(RangedFired, R_RANGED, seat=seat, card=command.card, into=into, amount=amount)
    if shot:
        mine = side(combat, seat)
        move(em, text_box(face(mine.command).name), seat, (command.card,), STORAGE, DISCARD, "fired as a ranged attack")
    note_text(em, seat_of(command.card), command.card)
    pointless = pointless_attack(face(command.card).key)
    if pointless is not None and pointless.when in reactions.WHENS:
        reactions.answer(em, seat, command.card, pointless.kind)
    discards.act(em, rng, command.card, "fired")
    if has(command.card, "beaten-when-fired", combat):
        rule = text_box(face(command.card).name)
        em.emit(CreatureStatus, rule, seat=seat, card=command.card, status="beaten", by=command.card)
    if face(command.card).key in texts.PUSH_FORCERS:
        em.emit(
            EffectApplied,
            text_box(face(command.card).name),
            seat=seat,
            source=command.card,
            effect="forced-push",
            note="no further modification by either side",
        )
        resolve_matchup(em, rng)
        return
    window_move(em, seat, passed=False)
    reactions.open_window(em, "enemy-ranged", seat, command.card, into, amount)
    mine = side(combat_now(em.state), seat)
    if face(command.card).is_creature and mine.command and mine.command_live and mine.command in standing(mine):
        _offer(em, rng, mine.command, "fired")  # (may, when "fired": Professor Heisenburg's roll)


def _ranged_points(em: Em, card: str) -> int:
    """A ranged attack's points as fired (guardians RANGED ATTACKS): its own, the printed
    points of those fired before it in the match-up if its text adds them (ranged-sum), and
    the bonuses of the cards in play. (A ranged attack of no points is its text alone: no
    bonus makes it hit.)"""
    state, seat = em.state, seat_of(card)
    combat = combat_now(state)
    # A card fired by a Command Card's text (not a creature) strikes for its Up number.
    amount = face(card).ranged if face(card).is_creature else face(card).up
    if has(card, "ranged-sum", combat) and combat.fired:
        added = sum(face(c).ranged for c in combat.fired)
        em.emit(EffectApplied, text_box(face(card).name), seat=seat, source=card, effect="ranged-sum", amount=added,
                cards=combat.fired)
        amount += added
    return max(0, amount + _ranged_bonus(state, combat, seat))


def _ranged_bonus(state: GuardiansState, combat: Combat, seat: int) -> int:
    """What the cards in play add to a seat's ranged attack: its Shield's, its creatures'
    in play, the stronghold card it defends; and the texts in play on either side that
    change every ranged attack of the combat."""
    mine = side(combat, seat)
    role = "attacking" if seat == combat.attacker.seat else "defending"
    givers = [
        a
        for giver in (*standing(mine), *((mine.shield,) if mine.shield else ()))
        for a in abilities(giver, "ranged-bonus", combat)
    ]
    held = stronghold_face(state, combat.space)
    if role == "defending" and stronghold_owner(combat.space) == seat and held is not None:
        givers += [a for a in held.abilities if a.kind == "ranged-bonus"]
    amount = sum(a.amount for a in givers if a.target in ("", role))
    everywhere = (*in_play(combat.attacker), *in_play(combat.defender))
    return amount + sum(a.amount for giver in everywhere for a in abilities(giver, "ranged-bonus-both", combat))


def fire_for_stones(em: Em, command: UseAbility, ability: Ability) -> None:
    """fires-ranged, activated (Handles O'Rourke): the price, then the card's ranged attack
    (fire_by_text); the seat's move is made, and the enemy may answer it (reactions.py)."""
    seat, source = command.seat, command.card
    em.emit(StonesSpent, text_box(face(source).name), seat=seat, count=ability.amount, reason=f"ability: {source}")
    into, amount = fire_by_text(em, seat, source)
    window_move(em, seat, passed=False)
    reactions.open_window(em, "enemy-ranged", seat, source, into, amount)


def fired_strength(state: GuardiansState, attacker: str) -> int:
    """The strength of a ranged attack fired in this match-up, as it was fired: its printed
    points and the ranged bonuses of its seat (The Great Balderoon's AOE)."""
    combat = combat_now(state)
    return max(0, face(attacker).ranged + _ranged_bonus(state, combat, seat_of(attacker)))


def text_shot(state: GuardiansState, seat: int, source: str) -> int:
    """The points of a ranged attack a text fires (fires-ranged): its amount, or (target
    "command:<creature target>") the base Vitality of the seat's standing Command Card; and
    the ranged bonuses, as any ranged attack of the seat's (guardians Ranged Attacks)."""
    combat = combat_now(state)
    ability = next(a for a in abilities(source, "fires-ranged", combat))
    command = side(combat, seat).command
    points = face(command).vitality if ability.target.startswith("command:") else ability.amount
    return max(0, points + _ranged_bonus(state, combat, seat))


def fire_by_text(em: Em, seat: int, source: str) -> tuple[str, int]:
    """A ranged attack a card's text fires (fires-ranged) into the seat's match-up creature:
    the creature it raises and its points."""
    combat = combat_now(em.state)
    into = combat.a_card if seat == combat.attacker.seat else combat.d_card
    amount = text_shot(em.state, seat, source)
    em.emit(EffectApplied, text_box(face(source).name), seat=seat, source=source, effect="ranged-change",
            amount=amount, cards=(into,), note="a ranged attack its text fires")
    return into, amount


def card_shots(state: GuardiansState, seat: int) -> tuple[str, ...]:
    """The cards of the seat's Storage Hand that its standing Command Card lets it fire as
    ranged attacks now (fires-cards "<what>;with:<creature target>": Mayor McGreed's Gold
    Bribery cards while its match-up creature is a Barnyard Animal)."""
    combat = state.combat
    if combat is None or combat.stage != "modify" or seat in combat.no_ranged:
        return ()
    mine = side(combat, seat)
    firing = mine.command and mine.command_live and mine.command in standing(mine)
    if not (firing and has(mine.command, "fires-cards", combat)):
        return ()
    creature = combat.a_card if seat == combat.attacker.seat else combat.d_card
    found: list[str] = []
    for ability in abilities(mine.command, "fires-cards", combat):
        what, _, partner = ability.target.partition(";with:")
        if not partner or matches(partner, creature, combat):
            found += [c for c in state.zone(seat, STORAGE) if card_fits(what, c)]
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class Channeling:
    """What a channeling accepted gives: `amount` into the creature `into`."""

    into: str
    amount: int
    cmp_changes: tuple[tuple[str, int], ...] = ()
    """What texts added to the channeler's CMP, by the card (control.cmp_change)."""
    stones: int = 1
    """The Power Stones a Guardian's channeling costs (more where its text reaches a creature
    that may not receive channeling: control.guardian_reach)."""
    reach: str = ""
    """The Guardian whose text lets it channel into a creature that may not receive channeling."""


def check_channel(state: GuardiansState, command: Channel) -> Channeling:
    """Channel into your creature in the match-up, within what it may receive
    (guardians CHANNELING)."""
    seat = command.seat
    combat = acting(state, seat, "modify", "secondary-modify")
    fired_cap = 0
    if combat.stage == "secondary-modify":
        into, against = combat.a_card, combat.d_card
        require(seat_of(into) == seat, R_CHANNELING, "only the secondary attacker is channeled into")
        require(not command.into, R_CHANNELING, "only the secondary attacker is channeled into")
    else:
        into, against = (
            (combat.a_card, combat.d_card) if seat == combat.attacker.seat else (combat.d_card, combat.a_card)
        )
        if command.into:
            fired_cap = fired_channel_cap(combat, seat, command.into)
            require(
                fired_cap > 0,
                R_CHANNELING,
                f"{command.into} is not a ranged attacker of yours fired in this match-up that takes channeling",
            )
            into = command.into
    if has(against, "no-channeling-vs", combat):
        raise RuleViolation(R_CHANNELING, f"no channeling against {face(against).name}")
    barred = control.channeling_barred(combat, seat)
    if barred:
        raise RuleViolation(R_CHANNELING, f"{face(barred).name} is in play and unbeaten: you may not channel")
    quiet = control.quieted(state, combat)
    if quiet:
        raise RuleViolation(text_box(face(quiet).name), "no channeling within one space of it this turn")
    leech = _channeling_stopped(combat)
    if leech:
        name = face(leech).name if "." in leech else card_named(leech).name
        raise RuleViolation(text_box(name), "no channeling by either seat for the rest of this combat")
    # The creature's own text, or a terrain card of the land fought on (Rocks at Rhuadan).
    for holder in (into, *_laid(state, combat.space)):
        for source_rule in abilities(holder, "channeling-only-from", combat):
            allowed = source_rule.target.split("|")
            if not (
                (command.source == GUARDIAN and "guardian" in allowed)
                or (command.source != GUARDIAN and f"name:{face(command.source).name.lower()}" in allowed)
            ):
                rule, who = (
                    (R_CHANNELING, face(into).name)
                    if holder == into
                    else (text_box(face(holder).name), f"on {face(holder).name}, a creature")
                )
                raise RuleViolation(rule, f"{who} receives channeling only from {source_rule.target}")
    player = state.player(seat)
    stones, reach = 1, ""
    if command.source == GUARDIAN:
        require(player.stones > 0, R_CHANNELING, "you have no Power Stone left to channel with")
        no_stones = control.stones_barred(combat)
        if no_stones:
            raise RuleViolation(R_CHANNELING, f"{face(no_stones).name}: no Power Stone may be spent to channel")
        amount = guardian_number(state, seat, "cmp")
        may_receive = face(into).receives_channeling or into in combat.receivers
        reaching = control.guardian_reach(state, seat)
        if not may_receive and reaching is not None and not control.receiver_grant(state, combat, into):
            reach, stones = reaching
            require(
                player.stones >= stones,
                text_box(reach),
                f"channeling into {face(into).name}, which may not receive it, costs {stones} Power Stones",
            )
            may_receive = True
    else:
        zone = state.zone_of(command.source) if command.source.startswith(f"{seat}.") else ""
        if not (zone.startswith("under:") and face(command.source).cmp > 0):
            raise RuleViolation(R_CHANNELERS, f"{command.source} is not a channeler under your strongholds")
        require(command.source not in player.channeled, R_CHANNELING, "a channeler channels once per turn")
        only = abilities(command.source, "channels-only-to", combat)
        if not all(matches(a.target, into) for a in only):
            raise RuleViolation(R_CHANNELING, f"{face(command.source).name} cannot channel to {face(into).name}")
        amount = face(command.source).cmp
        may_receive = (
            face(into).receives_channeling
            or into in combat.receivers
            or (bool(only) and has(command.source, "channels-to-any", combat))
        )
    if not may_receive and not fired_cap and not control.receiver_grant(state, combat, into):
        raise RuleViolation(R_CHANNELING, f"{face(into).name} cannot receive channeling")
    cap = control.command_channel_cap(state, combat, into)
    limit = fired_cap or max(channel_limit(into, combat), cap[1] if cap else 0)
    room = limit - lookup(combat.channel, into)
    if room <= 0:
        raise RuleViolation(R_CHANNELING, f"{face(into).name} has received all the channeling it may")
    once = control.channels_once(state, seat)
    if once is not None:
        if lookup(combat.channel, into):
            raise RuleViolation(text_box(once[0]), f"you channel into {face(into).name} once in a combat")
        room = min(room, once[1])
    changes = control.cmp_change(state, combat, seat, command.source)
    amount = max(amount + sum(change for _, change in changes), 0)
    return Channeling(into, min(amount, room), changes, stones, reach)


def fired_channel_cap(combat: Combat, seat: int, attacker: str) -> int:
    """The channeling a ranged attacker of `seat` fired in this match-up may take in all, by
    its text (max-channeling, when "fired": Grim Skull); 0 if none."""
    if attacker not in combat.fired or seat_of(attacker) != seat:
        return 0
    return max((a.amount for a in abilities(attacker, "max-channeling", combat) if a.when == "fired"), default=0)


def channel(em: Em, command: Channel, channeling: Channeling) -> None:
    seat, into = command.seat, channeling.into
    if command.source == GUARDIAN:
        rule = text_box(channeling.reach) if channeling.reach else R_CHANNELING
        em.emit(StonesSpent, rule, seat=seat, count=channeling.stones, reason=f"channels into {into}")
    for source, change in channeling.cmp_changes:
        em.emit(EffectApplied, R_CHANNELING, seat=seat, source=source, effect="cmp-bonus", amount=change)
    em.emit(Channeled, R_CHANNELING, seat=seat, source=command.source, into=into, amount=channeling.amount)
    combat = combat_now(em.state)
    creature = combat.a_card if seat == combat.attacker.seat else combat.d_card
    if command.into and not combat.secondary:  # a ranged attacker took it: its attack grows
        em.emit(EffectApplied, text_box(face(into).name), seat=seat, source=into, effect="ranged-change",
                amount=channeling.amount, cards=(creature,), note="channeling into its ranged attack")
        into = creature
    enemy = other(seat)
    for source, amount in control.stone_givers(standing(side(combat_now(em.state), enemy)), "enemy-channels"):
        gain_stones(em, enemy, source, amount, R_CHANNELING, "the enemy channeled")
    if command.source != GUARDIAN:
        note_text(em, seat, command.source)
    if combat_now(em.state).stage == "modify":
        window_move(em, seat, passed=False)
        reactions.open_window(em, "enemy-channels", seat, command.source, into, channeling.amount)


def check_change_size(state: GuardiansState, command: ChangeSize) -> None:
    """A Titan takes another size in a window where its seat acts (powers.py)."""
    combat = acting(state, command.seat, "modify", "secondary-modify")
    powers.check_change_size(state, combat, command)


def change_size(em: Em, command: ChangeSize) -> None:
    """In the modify window, the size changed is the seat's move."""
    powers.change_size(em, command)
    if combat_now(em.state).stage == "modify":
        window_move(em, command.seat, passed=False)


def _win_pushes(combat: Combat, card: str) -> bool:
    one = side(combat, seat_of(card))
    if has(card, "win-pushes", combat):
        return True
    if one.command and one.command_live and has(one.command, "win-pushes", combat):
        return True
    return bool(one.shield) and has(one.shield, "win-pushes", combat)


def resolve_matchup(em: Em, rng: Rng, forced: str = "") -> None:
    """Totals compared: the higher beats the lower unless the lower is immune to it
    (guardians IS IT OVER YET?, IMMUNITY); the winner keeps the loser's Vitality as
    damage for later secondary attackers. `forced` ("attacker", "defender"): a text made
    that side win, whatever the totals (roll-outcome)."""
    state = em.state
    combat = combat_now(state)
    a_card, d_card = combat.a_card, combat.d_card
    a_terms = terms(state, combat, a_card, d_card, secondary=False)
    d_terms = terms(state, combat, d_card, a_card, secondary=False)
    pusher = initial_pusher(combat, a_card, d_card)
    if pusher:  # only the modifications decide (guardians IS IT OVER YET?)
        a_even, d_even = initial_push(pusher, a_terms, d_terms)
        a_terms, d_terms = a_terms + a_even, d_terms + d_even
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
    if outcome in ("attacker", "defender"):
        loser = d_card if outcome == "attacker" else a_card
        giver, margin = push_margin(combat, loser)
        if giver and abs(a_total - d_total) < margin:
            outcome = "push"
            em.emit(
                EffectApplied,
                text_box(face(giver).name),
                seat=seat_of(giver),
                source=giver,
                effect="push-margin",
                amount=margin,
                cards=(loser,),
                note=f"beaten by {abs(a_total - d_total)}, less than {margin}: a push",
            )
    if outcome in ("attacker", "defender"):
        loser, winner = (d_card, a_card) if outcome == "attacker" else (a_card, d_card)
        if _wins_beaten(em, combat, loser, winner, abs(a_total - d_total)):
            outcome = "attacker" if outcome == "defender" else "defender"
    if forced:
        outcome = forced
    a_damage = (
        0
        if immune(a_card, d_card, combat)
        else beaten_damage(d_card, combat)
        if outcome == "attacker"
        else (face(d_card).vitality if outcome == "push" else 0)
    )
    d_damage = (
        0
        if immune(d_card, a_card, combat)
        else beaten_damage(a_card, combat)
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
    beaten = ""  # the loser, beaten and still at the table: a choice its text gives waits (Leechfoot)
    winner, loser = (a_card, d_card) if outcome == "attacker" else (d_card, a_card)
    if outcome != "push" and _homing(combat, "beats", (winner,)):
        # The winner goes back to its Combat Hand instead: the loser is not beaten, it is
        # left unchallenged (RULES.md, Back to the Combat Hand).
        return_to_hand(em, winner, loser)
    elif outcome != "push":
        status, rule = "beaten", R_OVER_YET
        fired = _fired_destroyer(combat, winner)
        own = (a for a in abilities(winner, "destroys-beaten", combat) if a.when != "fired")
        if any(not a.target or matches(a.target, loser) for a in own):
            status = "destroyed"
        elif fired:
            status, rule = "destroyed", text_box(face(fired).name)
        elif dies_when_beaten(loser, winner, combat):
            status, rule = "destroyed", text_box(face(loser).name)
        eater = _standing_command(combat, "destroys-all-beaten")
        if eater and status == "beaten":
            status, rule = "destroyed", text_box(face(eater).name)
        hal = _close_loss(combat, loser, abs(a_total - d_total))
        if hal:
            status, rule = "destroyed", text_box(face(hal).name)
        if status == "destroyed" and has(loser, "indestructible", combat):
            status, rule = "beaten", text_box(face(loser).name)
        em.emit(CreatureStatus, rule, seat=seat_of(loser), card=loser, status=status, by=winner)
        _doom_beater(em, winner, loser)
        if hal and not has(winner, "indestructible", combat):
            em.emit(CreatureStatus, rule, seat=seat_of(winner), card=winner, status="destroyed", by=hal)
        _stones_for_beating(em, winner, R_OVER_YET)
        powers.wreck_stronghold(em, winner, loser)
        for source, amount in stones_lost(winner, loser, combat):
            victim, why = (seat_of(loser), f"beaten by {face(winner).name}") if source == winner else (
                seat_of(winner), f"beat {face(loser).name}"
            )
            lost = min(amount, em.state.player(victim).stones)
            if lost:
                em.emit(StonesSpent, R_TEXT, seat=victim, count=lost, reason=why)
        if has(winner, "enemy-terrain", combat):
            _enemy_terrain(em, winner, "beats")
        discards.act(em, rng, winner, "beats")
        pull_unchallenged(em, rng, winner, "beats")
        back = return_zone(loser, winner, abs(a_total - d_total), combat) if status == "beaten" else ""
        if back:
            _return_beaten(em, loser, back)
        elif status == "beaten":
            beaten = loser
        outcomes.matchup_won(em, winner, loser, abs(a_total - d_total))
    combat = combat_now(em.state)
    for card in (a_card, d_card):
        one = side(combat, seat_of(card))
        if card not in one.beaten and card not in one.destroyed:
            discards.act(em, rng, card, "survives-match-up")
    em.emit(StageBegan, R_OVER_YET, stage="choose", actor=0)
    if beaten and _offer(em, rng, beaten, "beaten"):
        return
    next_matchup(em, rng)


def _fired_destroyer(combat: Combat, winner: str) -> str:
    """A ranged attacker of the winner's side fired in this match-up whose attack makes the
    winner destroy the opponent it beats (destroys-beaten, when "fired": Drizzle Bone the
    Hack), "" if none."""
    seat = seat_of(winner)
    fires = (c for c in combat.fired if seat_of(c) == seat)
    return next((c for c in fires if any(a.when == "fired" for a in abilities(c, "destroys-beaten", combat))), "")


def _return_beaten(em: Em, loser: str, back: str) -> None:
    """A creature beaten in its match-up goes back to its seat's Creature Pen ("pen") or
    Storage Hand by its own text (returns-when-beaten)."""
    owner = side(combat_now(em.state), seat_of(loser))
    to = PEN if back == "pen" else STORAGE
    move(em, text_box(face(loser).name), owner.seat, (loser,), owner.zone, to, "returned by its text")


def _enemy_terrain(em: Em, card: str, when: str) -> None:
    """A creature's text discards the enemy's terrain card of the land fought on, or turns
    it face down (enemy-terrain), at the moment `when` names."""
    combat = combat_now(em.state)
    if not is_land(combat.space):
        return
    enemy, rule = other(seat_of(card)), text_box(face(card).name)
    for ability in abilities(card, "enemy-terrain", combat):
        what, _, which = ability.target.partition(":")
        zone = terrain(combat.space) if which == "face-up" else facedown(combat.space)
        laid = em.state.zone(enemy, zone)
        if ability.when == when and laid:
            to, why = (DISCARD, "discarded") if what == "discard" else (facedown(combat.space), "turned face down")
            move(em, rule, enemy, laid, zone, to, f"{why} by {face(card).name}")


def _standing_command(combat: Combat, kind: str, seat: int = 0) -> str:
    """A live Command Card (of `seat`, or of either) with an ability of `kind`, "" if none."""
    for one in (combat.attacker, combat.defender):
        if (not seat or one.seat == seat) and one.command and one.command_live and has(one.command, kind, combat):
            return one.command
    return ""


def _wins_beaten(em: Em, combat: Combat, loser: str, winner: str, margin: int) -> bool:
    """wins-beaten-by: the loser's side's live Command Card turns a primary match-up lost by
    more than its amount into a win, against a winner of its target (Dork Age); the event
    says so. Whether it did."""
    source = _standing_command(combat, "wins-beaten-by", seat_of(loser))
    if not source:
        return False
    for ability in abilities(source, "wins-beaten-by", combat):
        if margin > ability.amount and matches(ability.target, winner, combat):
            note = f"beaten by {margin}, more than {ability.amount}: it wins the match-up"
            em.emit(EffectApplied, text_box(face(source).name), seat=seat_of(loser), source=source,
                    effect="wins-beaten-by", amount=ability.amount, cards=(loser,), note=note)
            return True
    return False


def _close_loss(combat: Combat, loser: str, margin: int) -> str:
    """The loser's live Command Card that destroys both match-up creatures when an enemy
    creature wins by less than its amount (Hal, a Tosis Dragon: destroys-both-close), if
    this win is that close; else ""."""
    hal = _standing_command(combat, "destroys-both-close", seat_of(loser))
    if hal and margin < max(a.amount for a in abilities(hal, "destroys-both-close", combat)):
        return hal
    return ""


# ---------------------------------------------------------------- secondary attacks


def _secondary_targets(state: GuardiansState, seat: int) -> tuple[str, ...]:
    combat = combat_now(state)
    enemy = side(combat, other(seat))
    gone = set(enemy.beaten) | set(enemy.destroyed)
    # One set aside on the table is listed once.
    on_table = dict.fromkeys((*enemy.played, *enemy.ranged, *enemy.out, *enemy.unchallenged))
    # Not those a text sent back to the Creature Pen: they have left the space.
    here = state.zone(enemy.seat, enemy.zone)
    return tuple(c for c in on_table if c not in gone and c in here and not secondary_barred(combat, c))


def _check_secondary(state: GuardiansState, command: PlayCreature) -> None:
    seat = command.seat
    combat = acting(state, seat, "secondary")
    if command.card not in fighters(state, side(combat, seat)):
        raise RuleViolation(R_SECONDARY, f"{command.card} is not a creature in your Combat Hand that may fight")
    if command.target not in _secondary_targets(state, seat):
        raise RuleViolation(
            R_SECONDARY, f"{command.target or 'nothing'} is not an enemy creature on the table you may attack"
        )
    for ability in abilities(command.target, "immune-secondary", combat):
        if matches(ability.target, command.card, combat):
            raise RuleViolation(
                text_box(face(command.target).name),
                f"{face(command.target).name} is immune to secondary attacks from {ability.target}",
            )


def resolve_secondary(em: Em, rng: Rng) -> None:
    state = em.state
    combat = combat_now(state)
    card, target = combat.a_card, combat.d_card
    seat = seat_of(card)
    found = terms(state, combat, card, target, secondary=True)
    damage_before = lookup(combat.damage, target)
    needed = face(target).vitality + 1 - damage_before
    destroys = any(matches(a.target, target) for a in abilities(card, "destroys-secondary", combat))
    killed = total(found) >= needed or destroys or has(card, "beats-as-secondary", combat)
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
        # A "destroys X as a secondary attacker" text destroys: no healing brings it back (guardians DESTRUCTION).
        status = "destroyed" if destroys and not has(target, "indestructible", combat) else "beaten"
        em.emit(CreatureStatus, R_DESTRUCTION if status == "destroyed" else R_SECONDARY, seat=other(seat), card=target,
                status=status, by=card)
        _doom_beater(em, card, target)
        _stones_for_beating(em, card, R_SECONDARY)
    next_secondary(em, rng)


def _stones_for_beating(em: Em, winner: str, rule: str) -> None:
    """A creature of a side beat its opponent: the texts on that side's table, not beaten,
    that pay for it (gain-stones "beats")."""
    seat = seat_of(winner)
    for source, amount in control.stone_givers(standing(side(combat_now(em.state), seat)), "beats"):
        gain_stones(em, seat, source, amount, rule, f"{face(winner).name} beat its opponent")


def next_secondary(em: Em, rng: Rng) -> None:
    combat = combat_now(em.state)
    seat = combat.actor
    if fighters(em.state, side(combat, seat)) and _secondary_targets(em.state, seat):
        return
    end_combat(em, rng)


# ---------------------------------------------------------------- the end of a combat


def end_combat(em: Em, rng: Rng) -> None:
    """The fighting is over: the control windows, then control of the space is counted."""
    _next_control_window(em, rng, 0)


def _next_control_window(em: Em, rng: Rng, done: int) -> None:
    """`done` has closed its control window: the next seat with an upgrade covering the land
    whose control-bonus it may pay points for (activated control-bonus, when "control": the
    Large Idol), the attacker first; then the count. A seat without one, or without a stone,
    has no window, and the upgrades lie face up: its opening tells nothing hidden."""
    combat = combat_now(em.state)
    order = (combat.attacker.seat, combat.defender.seat)
    for seat in order[order.index(done) + 1 if done else 0:]:
        if activated.control_payers(em.state, seat):
            em.emit(StageBegan, R_RESOLUTION, stage="control", actor=seat)
            return
    _count_control(em, rng)


def pay_for_control(em: Em, rng: Rng, command: UseAbility, ability: Ability) -> None:
    """A point paid for in the control window; the window closes when the seat can pay no more."""
    activated.use(em, command, ability)
    if not activated.control_payers(em.state, command.seat):
        _next_control_window(em, rng, command.seat)


def _count_control(em: Em, rng: Rng) -> None:
    """Total Vitality of the creatures that stay; the attacker must have more (guardians COMBAT RESOLUTION)."""
    state = em.state
    combat = combat_now(state)
    a_total, a_notes = control.control_total(state, combat, combat.attacker)
    d_total, d_notes = control.control_total(state, combat, combat.defender)
    for one, notes in ((combat.attacker, a_notes), (combat.defender, d_notes)):
        for note in notes:
            em.emit(
                EffectApplied,
                R_RESOLUTION,
                seat=one.seat,
                source=note.source,
                effect=note.effect,
                amount=note.amount,
                cards=note.cards,
            )
    winner = combat.attacker.seat if a_total > d_total else combat.defender.seat
    em.emit(
        CombatResolved, R_RESOLUTION, attacker_total=a_total, defender_total=d_total, winner=winner, loser=other(winner)
    )
    won = side(combat, winner)
    _wins_destroy(em, won)
    _doomed_leave(em, winner)
    if won.shield:
        for source, amount in control.stone_givers((won.shield,), "shield-wins"):
            gain_stones(em, winner, source, amount, R_RESOLUTION, "its Shield won the combat")
    for one in (combat.attacker, combat.defender):
        alive = survivors(em.state, one)
        for fought in one.played:
            if has(fought, "enemy-terrain", combat):
                _enemy_terrain(em, fought, "")
                if fought in alive:
                    _enemy_terrain(em, fought, "survives")
            if fought in alive:
                discards.act_after_combat(em, rng, fought)
                outcomes.combat_survived(em, fought)
    _next_healer(em, rng, 0)


def _wins_destroy(em: Em, won: Side) -> None:
    """wins-destroys: the winner's standing Command Card destroys the creatures left under
    the loser's Shield (Slimwit Man)."""
    card = won.command
    combat = combat_now(em.state)
    if not (card and won.command_live and has(card, "wins-destroys", combat)):
        return
    lost = side(combat, other(won.seat))
    if not lost.shield:
        return
    rule = text_box(face(card).name)
    for creature in survivors(em.state, lost):
        if not has(creature, "indestructible", combat):
            em.emit(CreatureStatus, rule, seat=lost.seat, card=creature, status="destroyed", by=card)


def _doom_beater(em: Em, winner: str, loser: str) -> None:
    """destroys-beater: the creature that beat such a card (in a primary match-up or as a
    secondary attacker) is marked, to be destroyed once control is counted unless its side
    stays on the space (Tangle Web)."""
    if has(loser, "destroys-beater"):
        em.emit(EffectApplied, text_box(face(loser).name), seat=seat_of(loser), source=loser,
                effect="destroys-beater", cards=(winner,))


def _doomed_leave(em: Em, winner: int) -> None:
    """The creatures marked by a destroys-beater whose side does not stay on the space are
    destroyed: the loser's, and a winning attacker's on a stronghold space, which it never
    takes (RULES.md, Attacking a stronghold)."""
    combat = combat_now(em.state)
    stays = (winner,) if is_land(combat.space) or winner == combat.defender.seat else ()
    for card in combat.doomed:
        one = side(combat, seat_of(card))
        if one.seat in stays or card in one.destroyed or has(card, "indestructible", combat):
            continue
        em.emit(CreatureStatus, R_RESOLUTION, seat=one.seat, card=card, status="destroyed",
                by=_doomer(combat, card))


def _doomer(combat: Combat, card: str) -> str:
    """The card whose destroys-beater marked `card`: the one of the enemy it beat."""
    enemy = side(combat, other(seat_of(card)))
    return next((c for c in (*enemy.beaten, *enemy.destroyed) if has(c, "destroys-beater", combat)), "")


def _next_healer(em: Em, rng: Rng, done: int) -> None:
    """`done` has finished healing: the next seat that may heal, the winner first (the
    CombatResolved event opened its turn), the loser only with a healer that heals won or
    lost (Demon Horde of Kabod); then the Skeletal Minions (guardians HEALING)."""
    combat = combat_now(em.state)
    order = (combat.winner, combat.loser)
    for seat in order[order.index(done) + 1 if done else 0:]:
        if heal_options(em.state, seat):
            if seat != combat.winner:
                em.emit(StageBegan, R_HEALING, stage="heal", actor=seat)
            return
    after_healing(em, rng)


def _heals_left(state: GuardiansState, one: Side, healer: str, ability: Ability) -> bool:
    """Whether the healer may heal once more by this ability: once, or once for each creature
    the enemy lost in the combat (limit "enemy-lost"), each heal paid for in stones."""
    combat = combat_now(state)
    if ability.when != "combat-end" and one.seat != combat.winner:
        return False
    if ability.amount > state.player(one.seat).stones:
        return False
    allowed = 1
    if ability.limit == "enemy-lost":
        enemy = side(combat, other(one.seat))
        allowed = len(enemy.beaten) + len(enemy.destroyed)
    return one.healers_used.count(healer) < allowed


def heal_ability(state: GuardiansState, seat: int, healer: str, card: str) -> Ability | None:
    """The healer's heals ability that restores `card` now, None if none does."""
    combat = combat_now(state)
    one = side(combat, seat)
    if card not in one.beaten or healer in one.healed or healer in one.beaten or healer in one.destroyed:
        return None
    if healer in one.out or healer not in state.zone(seat, one.zone):
        return None
    for ability in abilities(healer, "heals", combat):
        if matches(ability.target, card, combat) and _heals_left(state, one, healer, ability):
            return ability
    return None


def heal_options(state: GuardiansState, seat: int) -> list[tuple[str, str]]:
    """(healer, beaten creature) pairs the seat may heal with now: a creature of its side
    that stands, or a creature Magic Item in its stack, never one healed in this combat."""
    combat = combat_now(state)
    one = side(combat, seat)
    healers = [c for c in state.zone(seat, one.zone) if has(c, "heals", combat)]
    return [(h, c) for h in healers for c in one.beaten if heal_ability(state, seat, h, c) is not None]


def check_heal(state: GuardiansState, command: Heal) -> Ability:
    acting(state, command.seat, "heal")
    ability = heal_ability(state, command.seat, command.healer, command.card)
    if ability is None:
        raise RuleViolation(
            R_HEALING,
            "heal a beaten creature of yours with an unused healer that may heal it (the winner only, unless "
            "its text heals whoever won; a healer that costs stones needs them)",
        )
    return ability


def heal(em: Em, rng: Rng, command: Heal, ability: Ability) -> None:
    seat = command.seat
    if ability.amount:
        em.emit(StonesSpent, R_HEALING, seat=seat, count=ability.amount, reason=f"heal by {face(command.healer).name}")
    em.emit(Healed, R_HEALING, seat=seat, healer=command.healer, card=command.card)
    if not heal_options(em.state, seat):
        _next_healer(em, rng, seat)


def _howled(state: GuardiansState, one: Side) -> tuple[str, ...]:
    """A side's lost Undead that a live Howl of the Dead returns to the Creature Pen."""
    if not (one.command and one.command_live and face(one.command).key in texts.UNDEAD_RETURN):
        return ()
    lost = set(one.beaten) | set(one.destroyed)
    return tuple(c for c in state.zone(one.seat, one.zone) if c in lost and matches("undead", c))


def _penned(state: GuardiansState, one: Side, lost: tuple[str, ...]) -> tuple[str, ...]:
    """The side's lost creatures that the stronghold card fought on sends to its owner's
    Creature Pen instead of the discard pile (lost-to-pen: Necropolis Park), its owner's only."""
    park = stronghold_face(state, combat_now(state).space)
    if park is None or stronghold_owner(combat_now(state).space) != one.seat:
        return ()
    targets = [a.target for a in park.abilities if a.kind == "lost-to-pen"]
    return tuple(c for c in lost if any(matches(t, c) for t in targets))


def after_healing(em: Em, rng: Rng) -> None:
    """Lost creatures may be bought back (returns-lost: the attacker's first), then the lost leave."""
    _next_redeemer(em, rng, 0)


def _next_redeemer(em: Em, rng: Rng, done: int) -> None:
    """`done` has finished buying back its creatures: the next seat that may, or the end."""
    combat = combat_now(em.state)
    order = (combat.attacker, combat.defender)
    start = 0 if not done else (1 if done == combat.attacker.seat else 2)
    for one in order[start:]:
        if activated.redeemable(em.state, one, _howled(em.state, one)):
            em.emit(StageBegan, R_TEXT, stage="redeem", actor=one.seat)
            return
    _leave(em, rng)


def _redeemable(state: GuardiansState, seat: int) -> tuple[str, ...]:
    one = side(combat_now(state), seat)
    return activated.redeemable(state, one, _howled(state, one))


def check_redeem(state: GuardiansState, command: Redeem) -> None:
    acting(state, command.seat, "redeem")
    activated.check_redeem(command, _redeemable(state, command.seat))


def redeem(em: Em, rng: Rng, command: Redeem) -> None:
    activated.redeem(em, command, side(combat_now(em.state), command.seat))
    if not _redeemable(em.state, command.seat):
        _next_redeemer(em, rng, command.seat)


def _leave(em: Em, rng: Rng) -> None:
    """Lost creatures leave; the loser retreats or gives up its Shield."""
    state = em.state
    combat = combat_now(state)
    for one in (combat.attacker, combat.defender):
        lost = tuple(c for c in state.zone(one.seat, one.zone) if c in one.beaten or c in one.destroyed)
        returning = _howled(state, one)
        if returning:
            move(em, R_TEXT, one.seat, returning, one.zone, PEN, "Howl of the Dead")
        penned = _penned(state, one, tuple(c for c in lost if c not in returning))
        if penned:
            park = stronghold_face(state, combat.space)
            assert park is not None
            move(em, text_box(park.name), one.seat, penned, one.zone, PEN, f"lost on {park.name}")
        rest = tuple(c for c in lost if c not in returning and c not in penned)
        if rest:
            move(em, R_RESOLUTION, one.seat, rest, one.zone, DISCARD, "lost in combat")
    loser = side(combat, combat.loser)
    if not loser.shield:
        left = em.state.zone(loser.seat, loser.zone)
        if left:
            move(em, R_RESOLUTION, loser.seat, left, loser.zone, DISCARD, "unshielded creatures cannot retreat")
        _advance(em, rng)
        return
    if not retreat_spaces(em.state):
        lose_shield(em, loser.seat, loser.shield, "no space to retreat to")
        if not victory_by_shields(em):
            _advance(em, rng)
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
    combat = combat_now(state)
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
    combat = combat_now(state)
    shield = state.shield(combat.attacker.shield)
    if is_land(combat.space) or shield is None or shield.space != combat.space:
        return ""
    return combat.came_from


def check_retreat(state: GuardiansState, command: Retreat) -> None:
    acting(state, command.seat, "retreat")
    if command.to not in retreat_spaces(state):
        raise RuleViolation(R_RESOLUTION, f"retreat to one of {', '.join(retreat_spaces(state))}")


def retreat(em: Em, rng: Rng, command: Retreat) -> None:
    seat = command.seat
    combat = combat_now(em.state)
    loser = side(combat, seat)
    em.emit(ShieldRetreated, R_RESOLUTION, seat=seat, shield=loser.shield, from_space=combat.space, to_space=command.to)
    there = next((s for s in em.state.shields_of(seat) if s.space == command.to and s.card != loser.shield), None)
    if there is not None:
        mine = em.state.shield(loser.shield)
        turned = there.turned or (mine is not None and mine.turned)
        em.emit(ShieldMerged, R_RESOLUTION, seat=seat, shield=loser.shield, into=there.card, turned=turned)
        if victory_by_shields(em):
            return
        if shield_room(em.state, there.card) < 0:
            em.emit(StageBegan, R_RESOLUTION, stage="trim", actor=seat)
            return
    _advance(em, rng)


def check_destroy_shield(state: GuardiansState, command: DestroyShield) -> None:
    acting(state, command.seat, "retreat")


def destroy_shield(em: Em, rng: Rng, command: DestroyShield) -> None:
    seat = command.seat
    lose_shield(em, seat, side(combat_now(em.state), seat).shield, "given up by its seat")
    if not victory_by_shields(em):
        _advance(em, rng)


def _overloaded(state: GuardiansState, seat: int) -> Shield:
    """The seat's Shield that carries more than its limit after merging."""
    return next(s for s in state.shields_of(seat) if shield_room(state, s.card) < 0)


def check_trim(state: GuardiansState, command: DiscardCard) -> None:
    acting(state, command.seat, "trim")
    shield = _overloaded(state, command.seat)
    if command.card not in state.zone(command.seat, members(shield.card)):
        raise RuleViolation(
            R_RESOLUTION,
            f"discard a creature from {face(shield.card).name} until it holds {face(shield.card).shield_limit} points",
        )


def trim(em: Em, rng: Rng, command: DiscardCard) -> None:
    seat = command.seat
    shield = _overloaded(em.state, seat)
    move(
        em, R_RESOLUTION, seat, (command.card,), members(shield.card), DISCARD, "over the Shield's limit after merging"
    )
    if shield_room(em.state, shield.card) >= 0:
        _advance(em, rng)


def _advance(em: Em, rng: Rng) -> None:
    """The winning attacker takes a land it fought for; after an attack on a stronghold
    space it stays where it attacked from (RULES.md). The mover's action is over."""
    combat = combat_now(em.state)
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
    next_actor(em, rng, attacker.seat)
