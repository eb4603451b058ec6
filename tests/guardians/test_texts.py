"""The example decks' unique card texts (guardians Text Box), one test or more per card,
with the numbers they change and the timing rules that refuse them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pytest

from domain.games.guardians import texts
from domain.games.guardians.cards import CARDS
from domain.games.guardians.messages import (
    Assassinate,
    CardPutBack,
    CardsMoved,
    ChangeSize,
    ChooseCommand,
    CombatResolved,
    CreatureChosen,
    CreatureDeclared,
    DeckSeen,
    DeckShuffled,
    DeclareCommand,
    EndMove,
    MatchupResolved,
    Pass,
    Place,
    PlayCard,
    PlayCreature,
    PlayRanged,
    PutBack,
    Redeem,
    SecondaryResolved,
    ShieldTurned,
    Step,
    StrongholdRuined,
    Teleport,
    Term,
    TurnPassed,
    TurnShield,
)
from domain.games.guardians.state import (
    DECK,
    DISCARD,
    MOVEMENT,
    OPENING,
    ORGANIZE,
    STORAGE,
    UP,
    GuardiansState,
    Options,
    Player,
    Shield,
    members,
)
from domain.games.guardians.turn import to_act
from domain.games.guardians.view import redact, view
from domain.kernel import Command, Event
from domain.kernel.game import SPECTATOR
from domain.kernel.records import replace
from tests.guardians.support import (
    GUARDIAN_KEYS,
    STRONGHOLD,
    Table,
    card_of,
    face_off,
    instances,
    key,
    refused,
    through_spells,
)

SHIELD_1, SHIELD_2 = "1.re-shield-ploogs-ox-10#1", "2.re-shield-ploogs-ox-11#1"


def table_at(
    phase: str,
    *,
    zones: dict[str, Iterable[str]],
    up: tuple[str, str] = ("Axeman", "Swordsman"),
    turned: bool = False,
) -> Table:
    """Both seats with a Shield at their center stronghold space (b1, b4) carrying a
    Castellan Keir; `zones` adds cards by "<seat>:<zone>" and card names. In MOVEMENT the opening
    window is open for the seat whose Up card (`up`) is higher."""
    made: dict[str, tuple[str, ...]] = {
        "1:shields": (SHIELD_1,),
        "2:shields": (SHIELD_2,),
        f"1:{members(SHIELD_1)}": (card_of(1, "Castellan Keir", 9),),
        f"2:{members(SHIELD_2)}": (card_of(2, "Castellan Keir", 9),),
        f"1:{UP}": (card_of(1, up[0], 9),),
        f"2:{UP}": (card_of(2, up[1], 9),),
    }
    for name, names in zones.items():
        seat = int(name.split(":", 1)[0])
        made[name] = made.get(name, ()) + instances(seat, names)
    players = tuple(
        Player(seat=s, name=n, guardian=GUARDIAN_KEYS["rak nam"], stronghold=STRONGHOLD, deck_name="test", stones=7)
        for s, n in ((1, "ann"), (2, "bob"))
    )
    first = 1 if CARDS[key(up[0])].up > CARDS[key(up[1])].up else 2
    state = GuardiansState(
        options=Options(),
        players=players,
        zones=made,
        shields=(
            Shield(card=SHIELD_1, seat=1, space="b1", turned=turned),
            Shield(card=SHIELD_2, seat=2, space="b4", turned=turned),
        ),
        phase=phase,
        turn=2,
        first=first,
        active=first if phase == MOVEMENT else 0,
        window=OPENING if phase == MOVEMENT else "",
    )
    return Table(state)


E = TypeVar("E", bound=Event)


def seen_by(event: E, viewer: int) -> E:
    """The event as `viewer` receives it."""
    shown = redact(event, viewer)
    assert isinstance(shown, type(event))
    return shown


def refuses(table: Table, command: Command, saying: str) -> None:
    """The rules refuse `command` at the table, their refusal saying `saying`."""
    violation = refused(table.state, command)
    assert saying in str(violation), violation


def combat_start(table: Table, a_command: bool = False) -> None:
    enemy = next(s for s in table.state.shields if s.seat == 2)
    table.play(Step(seat=1, to=enemy.space))
    table.play(DeclareCommand(seat=1, play=a_command))
    if not a_command:
        table.play(DeclareCommand(seat=2, play=False))


def lay(table: Table, attacker: str, defender: str) -> None:
    """Both lay their creature, and neither bribes: the modify window opens (or the
    match-up ends early)."""
    table.play(PlayCreature(seat=1, card=attacker))
    table.play(PlayCreature(seat=2, card=defender))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    through_spells(table)


def both_pass(table: Table) -> MatchupResolved:
    through_spells(table)
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    return table.of(MatchupResolved)[-1]


def answered(table: Table) -> MatchupResolved:
    """Seat 1 acted in the modify window: seat 2, then seat 1, pass."""
    through_spells(table)
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    return table.of(MatchupResolved)[-1]


def no_ids(viewer: int, table: Table, hidden: Iterable[str]) -> None:
    """Neither the viewer's redacted events nor its view name any hidden card."""
    text = repr([redact(e, viewer) for e in table.events]) + repr(view(table.state, viewer))
    for card in hidden:
        assert card not in text, card


# ---------------------------------------------------------------- combat


def test_standard_bearer_04_makes_the_enemy_lay_first_and_say_its_type() -> None:
    bearer = "2.re-standard-bearer-maitzs-lightning-04#1"
    table = Table(face_off(["Swordsman", "Axeman"], ["Cabin Boy", "Cabin Boy"], defender_shield=bearer))
    combat_start(table)
    assert to_act(table.state) == (1,)  # the bearer's side waits
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Cabin Boy")), "lay its creature first")
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    said = table.of(CreatureDeclared)
    assert [(e.seat, e.source, e.what, e.value) for e in said] == [(1, bearer, "type", "mortal")]
    chosen = table.of(CreatureChosen)[-1]
    assert seen_by(chosen, 2).card == "" and redact(said[0], 2) == said[0]  # the type is public, the card is not
    assert to_act(table.state) == (2,)
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    both_pass(table)
    assert to_act(table.state) == (1, 2)  # only the first creature: later ones are laid together
    assert len(table.of(CreatureDeclared)) == 1


def test_eye_of_missile_mayhem_returns_the_ranged_attackers() -> None:
    eye = card_of(1, "Eye of Missile Mayhem")
    table = Table(
        face_off(
            ["Swordsman", "Archer", "Axeman"], ["Cabin Boy", "Cabin Boy"], attacker_storage=["Eye of Missile Mayhem"]
        )
    )
    combat_start(table)
    refuses(table, PlayCard(seat=1, card=eye), "Eye of Missile Mayhem")  # nothing fired yet
    lay(table, card_of(1, "Swordsman"), card_of(2, "Cabin Boy"))
    refuses(table, PlayCard(seat=1, card=eye), "guardians COMBAT")  # not while the match-up is open
    table.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    resolved = answered(table)
    assert resolved.attacker_total == 6 + 3
    combat = table.state.combat
    assert combat is not None and combat.attacker.ranged == (card_of(1, "Archer"),)
    table.cast(PlayCard(seat=1, card=eye))
    combat = table.state.combat
    assert combat is not None and combat.attacker.ranged == ()
    assert eye in table.state.zone(1, DISCARD)
    table.play(PlayCreature(seat=1, card=card_of(1, "Archer")))  # back in the Combat Hand


def test_horse_gives_the_first_knight_six() -> None:
    horse = card_of(1, "Horse")
    table = Table(face_off(["Horse", "Swordsman", "Axeman"], ["Cabin Boy", "Cabin Boy"]))
    table.play(Step(seat=1, to="b3"))
    table.play(DeclareCommand(seat=1, play=True))
    table.play(DeclareCommand(seat=2, play=False))
    table.play(ChooseCommand(seat=1, card=horse))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    lay(table, card_of(1, "Swordsman"), card_of(2, "Cabin Boy"))
    first = both_pass(table)
    assert Term("Horse", 6) in first.attacker_terms and first.attacker_total == 6 + 6
    lay(table, card_of(1, "Axeman"), card_of(2, "Cabin Boy", 2))
    second = both_pass(table)
    assert second.attacker_total == 7  # only the first Knight


def test_bone_fright_draws_every_ranged_attack() -> None:
    table = Table(face_off(["Swordsman", "Archer"], ["Bone Fright"]))
    combat_start(table)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Bone Fright"))
    refuses(table, Pass(seat=1), "Bone Fright")
    table.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    resolved = answered(table)
    assert Term("ranged attacks", 3) in resolved.attacker_terms


def test_vampire_lord_gives_its_vampires_three_once() -> None:
    """guardians Text Box: while the Vampire Lord is in play, your Vampires are +3 (the
    card data's bonus-yours; the rules add it once, not again by the card's name)."""
    table = Table(face_off(["Vampire Lord", "Vampire"], ["Swordsman", "Axeman"]))
    combat_start(table)
    lay(table, card_of(1, "Vampire Lord"), card_of(2, "Swordsman"))
    both_pass(table)
    lay(table, card_of(1, "Vampire"), card_of(2, "Axeman"))
    resolved = both_pass(table)
    assert [t for t in resolved.attacker_terms if t.source == "Vampire Lord"] == [Term("Vampire Lord", 3)]
    assert resolved.attacker_total == 9 + 3 + 3  # Vitality, Off-Color Bonus against a mortal, the Lord


def test_no_ability_is_given_twice() -> None:
    """What texts.py adds to a card's text is not in the card data already."""
    for card_key, extra in texts.EXTRA_ABILITIES.items():
        assert not set(extra) & set(CARDS[card_key].abilities), card_key


def test_the_anvil_of_heaviness_lasts_the_whole_combat() -> None:
    """guardians SECONDARY ATTACKS: bonuses from the primary attacks are gone, but not a
    text that lasts the combat, as the Anvil of Heaviness does: +7 to the attacks on a
    stronghold's defenders, secondary attacks included. Floyd's bonus is for primary
    attackers only."""
    anvil, giant = card_of(1, "Anvil of Heaviness"), card_of(2, "Desert Giant")
    state = face_off(["Cabin Boy", "Swordsman"], ["Desert Giant"], attacker_storage=["Anvil of Heaviness"],
                     attacker_space="b3", defender_space="b4")
    table = Table(state)
    table.play(Step(seat=1, to="b4"))
    table.cast(PlayCard(seat=1, card=anvil))
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=False))
    lay(table, card_of(1, "Cabin Boy"), giant)
    primary = both_pass(table)
    assert Term("Anvil of Heaviness", 7) in primary.attacker_terms and primary.outcome == "defender"
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman"), target=giant))
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    [attack] = table.of(SecondaryResolved)
    assert Term("Anvil of Heaviness", 7) in attack.terms and attack.total == 6 + 7


@pytest.mark.parametrize(("titan", "size", "cut"), [("Male Titan", "S", 4), ("Female Titan", "M", 2)])
def test_titans_change_size(titan: str, size: str, cut: int) -> None:
    table = Table(face_off([titan], ["Snogwart"]))
    combat_start(table)
    me = card_of(1, titan)
    table.play(PlayCreature(seat=1, card=me))
    table.play(PlayCreature(seat=2, card=card_of(2, "Snogwart")))
    refuses(table, ChangeSize(seat=1, card=me, size=size), "guardians COMBAT")  # not in the bribery step
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    through_spells(table)
    table.play(ChangeSize(seat=1, card=me, size=size))
    refuses(table, ChangeSize(seat=2, card=me, size="L"), "Titan")  # not the enemy's Titan
    resolved = answered(table)
    vitality = CARDS[key(titan)].vitality
    assert Term(f"size {size}", -cut) in resolved.attacker_terms
    assert resolved.attacker_total == sum(t.value for t in resolved.attacker_terms)
    assert table.of(CombatResolved)[-1].attacker_total == vitality - cut


def test_giant_aunts_turn_a_stronghold_card_to_rubble() -> None:
    table = Table(
        face_off(
            ["Giant Aunts", "Giant Aunts"], ["Idiot", "Idiot"], attacker_space="b3", defender_space="b4"
        )
    )
    combat_start(table)
    lay(table, card_of(1, "Giant Aunts"), card_of(2, "Idiot"))
    first = both_pass(table)
    assert Term("stronghold", 5) in first.defender_terms and first.outcome == "attacker"
    ruined = table.of(StrongholdRuined)
    assert [(e.seat, e.card) for e in ruined] == [(2, "re-carreg-amroth-center")]
    assert table.state.player(2).rubble == ("re-carreg-amroth-center",)
    lay(table, card_of(1, "Giant Aunts", 2), card_of(2, "Idiot", 2))
    second = both_pass(table)
    assert not any(t.source == "stronghold" for t in second.defender_terms)  # rubble for the rest of the game


def test_iron_crag_boggler_strips_creature_items() -> None:
    table = Table(face_off(["Iron Crag Boggler"], ["Cabin Boy", "Petrified Heart"]))
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Iron Crag Boggler")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))
    moved = table.of(CardsMoved)[-1]
    assert (moved.seat, moved.cards, moved.to_zone) == (2, (card_of(2, "Petrified Heart"),), DISCARD)
    assert moved.rule.endswith("(Iron Crag Boggler)")


def test_djinn_forces_a_push_at_once() -> None:
    table = Table(face_off(["Axeman", "Djinn"], ["Snogwart"]))
    combat_start(table)
    refuses(table, PlayRanged(seat=1, card=card_of(1, "Djinn")), "guardians COMBAT")  # before the match-up
    lay(table, card_of(1, "Axeman"), card_of(2, "Snogwart"))
    table.play(PlayRanged(seat=1, card=card_of(1, "Djinn")))
    resolved = table.of(MatchupResolved)[-1]
    assert resolved.outcome == "push" and resolved.defender_total > resolved.attacker_total  # 8 beats 7: pushed
    combat = table.state.combat
    assert combat is not None and combat.stage != "modify"  # no further modification


def test_skeletal_minion_may_be_bought_back() -> None:
    minion = card_of(2, "Skeletal Minion")
    table = Table(face_off(["Male Titan"], ["Skeletal Minion"]))
    combat_start(table)
    lay(table, card_of(1, "Male Titan"), minion)
    both_pass(table)
    combat = table.state.combat
    assert combat is not None and combat.stage == "redeem" and to_act(table.state) == (2,)
    refuses(table, Redeem(seat=1, card=minion), "seat 2 acts now")
    table.play(Redeem(seat=2, card=minion))
    assert minion in table.state.zone(2, STORAGE) and table.state.player(2).stones == 6


def test_skeletal_minion_declined_is_discarded() -> None:
    minion = card_of(2, "Skeletal Minion")
    table = Table(face_off(["Male Titan"], ["Skeletal Minion"]))
    combat_start(table)
    lay(table, card_of(1, "Male Titan"), minion)
    both_pass(table)
    table.play(Pass(seat=2))
    assert minion in table.state.zone(2, DISCARD) and table.state.player(2).stones == 7


# ---------------------------------------------------------------- the opening window and moves


def test_rooster_moves_first() -> None:
    table = table_at(MOVEMENT, zones={"1:storage": ["Rooster", "Rooster"]}, up=("Swordsman", "Axeman"))
    assert table.state.first == 2
    table.play(Pass(seat=2))
    table.cast(PlayCard(seat=1, card=card_of(1, "Rooster")))
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    assert table.of(TurnPassed)[-1].seat == 1 and table.state.window == ""
    refuses(table, PlayCard(seat=1, card=card_of(1, "Rooster", 2)), "guardians Turn your Up card")


def test_force_barrier_blocks_a_space() -> None:
    table = table_at(MOVEMENT, zones={"1:storage": ["Force Barrier", "Force Barrier"]})
    table.cast(PlayCard(seat=1, card=card_of(1, "Force Barrier"), target="b2"))
    assert table.state.player(1).stones == 6 and table.state.player(1).barrier == "b2"
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    refuses(table, PlayCard(seat=1, card=card_of(1, "Force Barrier", 2), target="a2"), "Turn your Up card")
    table.play(TurnShield(seat=1, shield=SHIELD_1))
    refuses(table, Step(seat=1, to="b2"), "Force Barrier")
    table.play(Step(seat=1, to="a1"))  # elsewhere is free


def test_pepes_slow_down_gives_one_space() -> None:
    table = table_at(MOVEMENT, zones={"1:storage": ["Pepe's Slow Down"], "2:storage": ["Potion of Movement Essence"]})
    table.cast(PlayCard(seat=1, card=card_of(1, "Pepe's Slow Down")))
    table.play(Pass(seat=2))
    table.play(Pass(seat=1))
    table.play(TurnShield(seat=1, shield=SHIELD_1))
    assert table.of(ShieldTurned)[-1].steps == 2
    table.play(EndMove(seat=1))
    table.play(TurnShield(seat=2, shield=SHIELD_2))
    assert table.of(ShieldTurned)[-1].steps == 1 and table.state.steps_left == 1
    refuses(table, PlayCard(seat=2, card=card_of(2, "Potion of Movement Essence")), "Pepe's Slow Down")


def test_argammonds_vision_turns_another_up_card() -> None:
    table = table_at(
        MOVEMENT,
        zones={"1:storage": ["Argammond's Vision", "Argammond's Vision"], "2:deck": ["Cabin Boy"]},
        up=("Swordsman", "Axeman"),
    )
    assert table.state.first == 2
    table.play(Pass(seat=2))
    table.cast(PlayCard(seat=1, card=card_of(1, "Argammond's Vision")))
    assert card_of(2, "Axeman", 9) in table.state.zone(2, DISCARD)
    assert table.state.zone(2, UP) == (card_of(2, "Cabin Boy"),)
    assert table.state.first == 1  # 6 against 4 now
    refuses(table, PlayCard(seat=1, card=card_of(1, "Argammond's Vision", 2)), "seat 2 may play or pass now")


def test_control_destiny_rearranges_the_top_six_in_secret() -> None:
    names = ["Cabin Boy", "Snogwart", "Axeman", "Swordsman", "Archer", "Dust Geyser", "Horse", "Djinn"]
    table = table_at(MOVEMENT, zones={"1:storage": ["Control Destiny"], "1:deck": names})
    deck = table.state.zone(1, DECK)
    table.cast(PlayCard(seat=1, card=card_of(1, "Control Destiny")))
    seen = table.of(DeckSeen)[-1]
    assert seen.cards == deck[:6] and seen_by(seen, 2).cards == () and seen_by(seen, SPECTATOR).cards == ()
    refuses(table, Pass(seat=2), "looking")
    refuses(table, PutBack(seat=1, card=deck[6]), "Control Destiny")  # not one looked at
    d = deck
    for card, bottom in ((d[2], False), (d[0], False), (d[1], True), (d[3], True), (d[4], False), (d[5], False)):
        table.play(PutBack(seat=1, card=card, bottom=bottom))
    assert table.state.zone(1, DECK) == (d[2], d[0], d[4], d[5], d[6], d[7], d[1], d[3])
    assert all(seen_by(e, 2).card == "" for e in table.of(CardPutBack))
    for viewer in (2, SPECTATOR):
        no_ids(viewer, table, deck[:6])
    assert to_act(table.state) == (2,)


def test_potion_of_movement_essence_adds_a_step() -> None:
    table = Table(
        face_off(
            ["Axeman"],
            ["Cabin Boy"],
            attacker_storage=["Potion of Movement Essence"],
            defender_storage=["Potion of Movement Essence"],
        )
    )
    assert table.state.steps_left == 2
    refuses(table, PlayCard(seat=2, card=card_of(2, "Potion of Movement Essence")), "during your move")
    table.cast(PlayCard(seat=1, card=card_of(1, "Potion of Movement Essence")))
    assert table.state.steps_left == 3


def test_teleport_tower_hides_and_sends_a_creature() -> None:
    tower = "1.re-teleport-tower#1"
    organize = table_at(ORGANIZE, zones={"1:drawn": ["Axeman"]})
    organize.state = replace(organize.state, zones={**organize.state.zones, "1:upgrade:a1": (tower,)})
    axeman = card_of(1, "Axeman")
    refuses(organize, Place(seat=1, card=axeman, to="tower:c1"), "no Teleport Tower")
    organize.play(Place(seat=1, card=axeman, to="tower:a1"))
    assert organize.state.zone(1, "tower:a1") == (axeman,)
    no_ids(2, organize, [axeman])
    # While the placement is secret the other seat sees the tower as it was; then its count.
    assert next(s for s in view(organize.state, 2).spaces if s.space == "a1").tower == 0
    assert next(s for s in view(organize.state, 1).spaces if s.space == "a1").tower == 1

    table = table_at(MOVEMENT, zones={"1:tower:a1": ["Axeman"]}, turned=True)
    table.state = replace(table.state, zones={**table.state.zones, "1:upgrade:a1": (tower,)}, window="")
    table.play(Teleport(seat=1, shield=SHIELD_1))
    assert axeman in table.state.zone(1, members(SHIELD_1)) and not table.state.zone(1, "tower:a1")


def test_teleport_tower_only_before_turning_a_shield() -> None:
    table = table_at(MOVEMENT, zones={"1:tower:a1": ["Axeman"]})
    table.state = replace(table.state, zones={**table.state.zones, "1:upgrade:a1": ("1.re-teleport-tower#1",)})
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    table.play(TurnShield(seat=1, shield=SHIELD_1))
    refuses(table, Teleport(seat=1, shield=SHIELD_1), "Teleport Tower")


# ---------------------------------------------------------------- Draw & Organize


def test_curse_of_the_betrayed_forbids_a_name() -> None:
    table = table_at(ORGANIZE, zones={"1:drawn": ["Curse of the Betrayed"]})
    table.cast(PlayCard(seat=1, card=card_of(1, "Curse of the Betrayed"), target="re-dispel-magic"))
    assert table.state.player(2).cursed == ("Dispel Magic",)

    state = face_off(
        ["Axeman"], ["Cabin Boy"], attacker_storage=["Vitales Dark Cloud"], defender_storage=["Dispel Magic"]
    )
    fight = Table(state.with_player(2, cursed=("Dispel Magic",)))
    fight.play(Step(seat=1, to="b3"))
    fight.play(DeclareCommand(seat=1, play=True))
    fight.play(DeclareCommand(seat=2, play=False))
    vitales = card_of(1, "Vitales Dark Cloud")
    fight.play(ChooseCommand(seat=1, card=vitales))
    fight.play(Pass(seat=1))
    refuses(fight, PlayCard(seat=2, card=card_of(2, "Dispel Magic"), target=vitales), "Curse of the Betrayed")


def test_curse_of_the_betrayed_only_in_draw_and_organize() -> None:
    table = table_at(MOVEMENT, zones={"1:storage": ["Curse of the Betrayed"]})
    refuses(table, PlayCard(seat=1, card=card_of(1, "Curse of the Betrayed"), target="re-dispel-magic"), "SPELLS")


def test_assassin_of_shadow_takes_a_creature_from_the_enemy_deck() -> None:
    table = table_at(
        ORGANIZE,
        zones={"1:drawn": ["Assassin of Shadow", "Axeman"], "2:deck": ["Cabin Boy", "Dispel Magic", "Snogwart"]},
    )
    deck = table.state.zone(2, DECK)
    table.cast(PlayCard(seat=1, card=card_of(1, "Assassin of Shadow")))
    seen = table.of(DeckSeen)[-1]
    assert seen.cards == deck and seen_by(seen, 2).cards == () and seen_by(seen, SPECTATOR).cards == ()
    for viewer in (2, SPECTATOR):
        no_ids(viewer, table, deck)
    refuses(table, Place(seat=1, card=card_of(1, "Axeman"), to="pen"), "looking")
    refuses(table, Assassinate(seat=1, card=card_of(2, "Dispel Magic")), "not a Creature")
    table.play(Assassinate(seat=1, card=card_of(2, "Cabin Boy")))
    assert card_of(2, "Cabin Boy") in table.state.zone(2, DISCARD)
    shuffled = table.of(DeckShuffled)[-1]
    assert (
        sorted(shuffled.order) == sorted(deck[1:])
        and seen_by(shuffled, 1).order == ()
        and seen_by(shuffled, 2).order == ()
    )
    assert table.state.player(1).looking == ()


def test_assassin_of_shadow_not_in_combat() -> None:
    table = Table(face_off(["Axeman"], ["Cabin Boy"], attacker_storage=["Assassin of Shadow"]))
    table.play(Step(seat=1, to="b3"))
    refuses(table, PlayCard(seat=1, card=card_of(1, "Assassin of Shadow")), "cannot be played now")


def test_every_example_deck_text_is_implemented() -> None:
    from domain.games.guardians.decks import EXAMPLE_DECKS

    for deck in EXAMPLE_DECKS.values():
        for card_key, _ in deck.cards:
            assert texts.implemented(CARDS[card_key]), card_key
