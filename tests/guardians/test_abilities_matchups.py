"""Match-up order, swaps, attacks on a Command Card or an Up card (issue 30, wave 7b). One
test per ability kind, each with a card that has it (guardians Text Box; PRIMARY ATTACKS for
the match-ups; COMBAT RESOLUTION for what stays on the space)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.guardians.combat import command_candidates
from domain.games.guardians.control import extra_draws
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsShown,
    ChoiceOffered,
    Choose,
    ChooseCommand,
    CombatResolved,
    CreatureChosen,
    CreatureStatus,
    DeclareCommand,
    EffectApplied,
    MatchupResolved,
    MatchupRevealed,
    Pass,
    PlayCreature,
    Step,
    StonesSpent,
    Term,
    UseAbility,
)
from domain.games.guardians.state import DISCARD, PEN, STORAGE, UP, GuardiansState, combat_now, hand
from domain.games.guardians.turn import to_act
from domain.games.guardians.view import SPECTATOR, redact
from tests.guardians.support import Table, card_of, face_off
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_texts import both_pass, lay, refuses, seen_by


def _fates(table: Table, card: str) -> list[tuple[str, str]]:
    return [(e.status, e.by) for e in table.of(CreatureStatus) if e.card == card]


def test_tangle_webs_beater_is_destroyed_when_its_side_leaves_the_space() -> None:
    """destroys-beater, target space-lost (Tangle Web): the Sand Lord beats it, then the
    attacker loses the combat (Doomwing left in the defender's hand counts 14 against 11),
    so the Sand Lord, which does not stay on the space, is destroyed."""
    table = fight(["Sand Lord"], ["Tangle Web", "Doomwing"])
    lord, web = card_of(1, "Sand Lord"), card_of(2, "Tangle Web")
    assert matchup(table, "Sand Lord", "Tangle Web").outcome == "attacker"
    (marked,) = [e for e in table.of(EffectApplied) if e.effect == "destroys-beater"]
    assert (marked.source, marked.cards) == (web, (lord,))
    table.play(Pass(seat=2))  # no secondary attack
    (resolved,) = table.of(CombatResolved)
    assert (resolved.attacker_total, resolved.defender_total, resolved.winner) == (11, 14, 2)
    assert _fates(table, lord) == [("destroyed", web)]


def test_tangle_webs_beater_is_spared_when_its_side_takes_the_space() -> None:
    """destroys-beater (Tangle Web): the Sand Lord's side wins the land and stays on it."""
    table = fight(["Sand Lord"], ["Tangle Web"])
    lord = card_of(1, "Sand Lord")
    assert matchup(table, "Sand Lord", "Tangle Web").outcome == "attacker"
    assert table.of(CombatResolved)[0].winner == 1
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "destroys-beater"] == [(lord,)]
    assert _fates(table, lord) == []


def _with_up(state: GuardiansState, seat: int, name: str) -> GuardiansState:
    """The position with the seat's Up card turned: a card of that name."""
    return replace(state, zones={**state.zones, f"{seat}:{UP}": (card_of(seat, name, 9),)})


def test_medallion_of_skyphos_takes_a_small_up_card_into_the_combat_hand() -> None:
    """takes-up, target small, when command (Medallion of Skyphos, a Hand Item played as the
    Command Card): the seat's Up card, a small creature, joins its Combat Hand and fights; the
    Medallion becomes the Up card (guardians COMBAT: a Hand Item as a Command Card)."""
    state = face_off(["Swordsman"], ["Devil Dog", "Ice Spirit"], attacker_storage=["Medallion of Skyphos"])
    table = Table(_with_up(state, 1, "Wild Nymph"))
    medallion, nymph = card_of(1, "Medallion of Skyphos"), card_of(1, "Wild Nymph", 9)
    commands(table, attacker=medallion)
    assert table.state.zone(1, UP) == (medallion,)
    combat = combat_now(table.state)
    assert nymph in hand(table.state, combat.attacker)
    lay(table, nymph, card_of(2, "Ice Spirit"))
    assert both_pass(table).attacker_card == nymph


def test_medallion_of_skyphos_leaves_a_large_up_card() -> None:
    """takes-up, target small (Medallion of Skyphos): a large Up card stays where it is."""
    state = face_off(["Swordsman"], ["Devil Dog"], attacker_storage=["Medallion of Skyphos"])
    table = Table(_with_up(state, 1, "Doomwing"))
    commands(table, attacker=card_of(1, "Medallion of Skyphos"))
    assert table.state.zone(1, UP) == (card_of(1, "Doomwing", 9),)


def test_mocodabi_makes_the_enemy_discard_a_medium_creature_of_its_choice() -> None:
    """ultimatum, target discard-hand:medium, when command (Mocodabi): before primary attacks
    the enemy discards one medium creature of its Combat Hand, naming it (guardians COMBAT:
    the Command Cards take effect before the primary attacks)."""
    table = Table(face_off(["Mocodabi", "Swordsman"], ["Devil Dog", "Axeman", "Wild Nymph"]))
    mocodabi, dog, axeman, nymph = (card_of(1, "Mocodabi"), card_of(2, "Devil Dog"), card_of(2, "Axeman"),
                                    card_of(2, "Wild Nymph"))
    commands(table, attacker=mocodabi)
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.source, offered.options) == (2, mocodabi, ("discard-hand:medium",))
    medium = [Choose(seat=2, option="discard-hand:medium", card=c) for c in (dog, axeman)]
    assert legal_commands(table.state, 2) == medium
    refuses(table, Choose(seat=2, option="discard-hand:medium", card=nymph), "Combat Hand")
    table.play(Choose(seat=2, option="discard-hand:medium", card=axeman))
    assert _fates(table, axeman) == [("destroyed", mocodabi)]
    assert axeman not in hand(table.state, combat_now(table.state).defender)
    assert combat_now(table.state).stage == "choose"


def test_obelisk_of_bablos_makes_the_richer_hand_discard_five_vitality() -> None:
    """ultimatum, target discard-vitality:5, limit hand-higher, and shows tally:both (Obelisk of
    Bablos as the Command Card): both Combat Hands are told (6 against 4 + 5 + 14); the enemy's
    is worth more, so it discards creatures of its choice until they are worth 5 or more."""
    state = face_off(["Swordsman"], ["Wild Nymph", "Ice Spirit", "Doomwing"], attacker_storage=["Obelisk of Bablos"])
    table = Table(state)
    obelisk, nymph, spirit = card_of(1, "Obelisk of Bablos"), card_of(2, "Wild Nymph"), card_of(2, "Ice Spirit")
    commands(table, attacker=obelisk)
    told = [(e.seat, e.owner, e.count, e.total) for e in table.of(CardsShown)]
    assert told == [(1, 2, 3, 23), (2, 1, 1, 6)]
    table.play(Choose(seat=2, option="discard-vitality:5", card=nymph))  # 4: one more
    assert table.of(ChoiceOffered)[-1].options == ("discard-vitality:1",)
    table.play(Choose(seat=2, option="discard-vitality:1", card=spirit))
    assert [e.card for e in table.of(CreatureStatus) if e.status == "destroyed"] == [nymph, spirit]
    assert combat_now(table.state).stage == "choose"


def test_obelisk_of_bablos_spares_a_poorer_hand() -> None:
    """limit hand-higher (Obelisk of Bablos): the enemy's Combat Hand is worth no more than the
    caster's, so nothing is discarded."""
    state = face_off(["Doomwing"], ["Wild Nymph"], attacker_storage=["Obelisk of Bablos"])
    table = Table(state)
    commands(table, attacker=card_of(1, "Obelisk of Bablos"))
    assert not table.of(ChoiceOffered) and combat_now(table.state).stage == "choose"


def test_al_jabah_pulls_the_enemys_doubled_creatures_onto_the_table() -> None:
    """pulls-unchallenged, target duplicates, when command (Al' Jabah): both Swordsmen of the
    enemy's Combat Hand go onto the table unchallenged; they fight no match-up, count for
    control, and a secondary attacker may attack them (guardians SECONDARY ATTACKS)."""
    table = Table(face_off(["Al' Jabah", "Axeman", "Archer"], ["Swordsman", "Swordsman", "Wild Nymph"]))
    swordsmen = (card_of(2, "Swordsman"), card_of(2, "Swordsman", 2))
    commands(table, attacker=card_of(1, "Al' Jabah"))
    assert [(e.card, e.status) for e in table.of(CreatureStatus)] == [(c, "unchallenged") for c in swordsmen]
    defender = combat_now(table.state).defender
    assert defender.unchallenged == swordsmen and hand(table.state, defender) == (card_of(2, "Wild Nymph"),)
    refuses(table, PlayCreature(seat=2, card=swordsmen[0]), "not a creature in your Combat Hand")
    lay(table, card_of(1, "Axeman"), card_of(2, "Wild Nymph"))
    both_pass(table)
    archer = card_of(1, "Archer")
    assert PlayCreature(seat=1, card=archer, target=swordsmen[0]) in legal_commands(table.state, 1)
    table.play(PlayCreature(seat=1, card=archer, target=swordsmen[0]))


def _vikia_beats_the_idiot(seed: str) -> Table:
    table = Table(face_off(["Vikia Tso'Shan'Lu"], ["Idiot", "Swordsman", "Wild Nymph"]), seed=seed)
    commands(table)
    assert matchup(table, "Vikia Tso'Shan'Lu", "Idiot").outcome == "attacker"
    return table


def test_vikia_pulls_a_random_creature_on_three_or_more() -> None:
    """pulls-unchallenged, target random, when beats, dice 1d6, amount 3 (Vikia Tso'Shan'Lu):
    beating its opponent, it rolls; on 3 or more a creature drawn at random from the enemy's
    Combat Hand goes onto the table unchallenged, on less nothing happens."""
    outcomes = set()
    for seed in ("a", "b", "c", "d", "e", "f", "g", "h"):
        table = _vikia_beats_the_idiot(seed)
        (rolled,) = [e for e in table.of(EffectApplied) if e.effect == "chance"]
        pulled = [e.card for e in table.of(CreatureStatus) if e.status == "unchallenged"]
        assert len(pulled) == (1 if rolled.amount >= 3 else 0)
        assert set(pulled) <= {card_of(2, "Swordsman"), card_of(2, "Wild Nymph")}
        outcomes.add(bool(pulled))
    assert outcomes == {True, False}


def test_nubian_slave_girl_may_be_sacrificed_for_a_gold_bribery_card() -> None:
    """may, target sacrifice, when match-up, and retrieve storage:bribery:gold when sacrificed
    (Nubian Slave Girl): revealed in her match-up, her seat may have her destroyed; the match-up
    ends with her opponent left unchallenged, and a Gold Bribery card of the discard pile goes
    back to the Storage Hand (guardians Text Box)."""
    state = face_off(["Nubian Slave Girl", "Swordsman"], ["Axeman", "Wild Nymph"])
    gold = card_of(1, "Gold")
    table = Table(replace(state, zones={**state.zones, f"1:{DISCARD}": (gold, card_of(1, "Beer"))}))
    girl, axeman = card_of(1, "Nubian Slave Girl"), card_of(2, "Axeman")
    commands(table)
    table.play(PlayCreature(seat=1, card=girl))
    table.play(PlayCreature(seat=2, card=axeman))
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.source, offered.options) == (1, girl, ("sacrifice", "pass"))
    table.play(Choose(seat=1, option="sacrifice"))
    assert _fates(table, girl) == [("destroyed", girl)]
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "unchallenged"] == [(axeman,)]
    assert table.state.zone(1, STORAGE) == (gold,)
    assert not table.of(MatchupResolved) and combat_now(table.state).stage == "choose"


def test_nubian_slave_girl_passed_fights_her_match_up() -> None:
    """may (Nubian Slave Girl): her seat lets the option pass; the match-up goes on to bribery."""
    table = Table(face_off(["Nubian Slave Girl"], ["Axeman"]))
    commands(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Nubian Slave Girl")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Axeman")))
    table.play(Choose(seat=1, option="pass"))
    assert combat_now(table.state).stage == "bribe"


def test_press_leak_shows_the_enemy_hand_and_makes_its_seat_lay_first() -> None:
    """lays-before, when command, and shows hand (Press Leak, a Command Card Spell): the enemy
    shows its Combat Hand to the caster, and in every match-up the caster lays first, face down;
    only then may the enemy lay (guardians PRIMARY ATTACKS: both lay face down)."""
    state = face_off(["Swordsman", "Axeman"], ["Wild Nymph", "Ice Spirit"], attacker_storage=["Press Leak"])
    table = Table(state)
    commands(table, attacker=card_of(1, "Press Leak"))
    (shown,) = table.of(CardsShown)
    assert (shown.seat, shown.owner, shown.cards) == (1, 2, (card_of(2, "Wild Nymph"), card_of(2, "Ice Spirit")))
    for attacker, defender in (("Swordsman", "Wild Nymph"), ("Axeman", "Ice Spirit")):
        assert to_act(table.state) == (1,)
        refuses(table, PlayCreature(seat=2, card=card_of(2, defender)), "the enemy lays its creature first")
        table.play(PlayCreature(seat=1, card=card_of(1, attacker)))
        assert seen_by(table.of(CreatureChosen)[-1], 2).card == ""  # laid face down: not shown
        table.play(PlayCreature(seat=2, card=card_of(2, defender)))
        assert table.of(MatchupRevealed)[-1].attacker_card == card_of(1, attacker)
        table.play(Pass(seat=1))
        table.play(Pass(seat=2))
        both_pass(table)


def test_bruce_the_goose_leads_shown_and_takes_the_highest_it_beats() -> None:
    """lays-before shown once, and lays-first highest-below (Bruce the Goose as the Command
    Card): in the first match-up its seat lays first and the creature is shown to the enemy,
    who must lay its creature of the highest base Vitality below it; later match-ups are laid
    as usual."""
    table = Table(face_off(["Bruce the Goose", "Swordsman", "Axeman"], ["Wild Nymph", "Ice Spirit", "Devil Dog"]))
    swordsman, spirit = card_of(1, "Swordsman"), card_of(2, "Ice Spirit")
    commands(table, attacker=card_of(1, "Bruce the Goose"))
    refuses(table, PlayCreature(seat=2, card=spirit), "the enemy lays its creature first")
    table.play(PlayCreature(seat=1, card=swordsman))
    (shown,) = table.of(CardsShown)
    assert (shown.seat, shown.owner, shown.cards) == (2, 1, (swordsman,))
    hidden = redact(shown, SPECTATOR)
    assert isinstance(hidden, CardsShown) and hidden.cards == () and seen_by(shown, 2).cards == (swordsman,)
    laid = [c for c in legal_commands(table.state, 2) if isinstance(c, PlayCreature)]
    assert laid == [PlayCreature(seat=2, card=spirit)]  # 5, the highest below the Swordsman's 6
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Wild Nymph")), "highest base Vitality below")
    table.play(PlayCreature(seat=2, card=spirit))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    both_pass(table)
    assert set(to_act(table.state)) == {1, 2}  # the second match-up: laid as usual
    table.play(PlayCreature(seat=2, card=card_of(2, "Devil Dog")))


def test_shadow_spy_lays_the_enemys_creatures_at_random() -> None:
    """lays-first, target random (Shadow Spy as the Command Card): the rules lay each of the
    enemy's primary attackers, drawn at random by the generator and named to its seat only;
    the enemy may not choose one."""
    defenders = ("Wild Nymph", "Ice Spirit", "Devil Dog")
    table = Table(face_off(["Shadow Spy", "Swordsman", "Axeman"], list(defenders)))
    commands(table, attacker=card_of(1, "Shadow Spy"))
    (drawn,) = table.of(CreatureChosen)
    assert drawn.seat == 2 and drawn.card in {card_of(2, name) for name in defenders}
    assert seen_by(drawn, 1).card == ""
    assert to_act(table.state) == (1,)
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Devil Dog")), "drawn at random")
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    assert table.of(MatchupRevealed)[0].defender_card == drawn.card


def _swaps(table: Table) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.source, e.cards) for e in table.of(EffectApplied) if e.effect == "swap"]


def test_slippery_slime_takes_the_place_of_the_creature_just_beaten() -> None:
    """swaps, target beaten (Slippery Slime): before its seat lays the next match-up's creature,
    the Slime leaves the Combat Hand for the place of the Swordsman just beaten, beaten in its
    stead; the Swordsman goes back to the hand and fights again."""
    table = fight(["Swordsman", "Slippery Slime", "Axeman"], ["Doomwing", "Wild Nymph", "Ice Spirit"])
    swordsman, slime, axeman = card_of(1, "Swordsman"), card_of(1, "Slippery Slime"), card_of(1, "Axeman")
    assert matchup(table, "Swordsman", "Doomwing").outcome == "defender"
    assert PlayCreature(seat=1, card=slime, target=swordsman) in legal_commands(table.state, 1)
    refuses(table, PlayCreature(seat=1, card=axeman, target=swordsman), "no text lets Axeman")
    table.play(PlayCreature(seat=1, card=slime, target=swordsman))
    assert _swaps(table) == [(slime, (swordsman, slime))]
    attacker = combat_now(table.state).attacker
    assert attacker.beaten == (slime,) and attacker.played == (slime,)
    assert swordsman in hand(table.state, attacker)
    assert matchup(table, "Swordsman", "Wild Nymph").attacker_card == swordsman


def test_slippery_slime_does_not_replace_a_winner() -> None:
    """swaps, target beaten (Slippery Slime): a creature that won its match-up is not one that
    just lost."""
    table = fight(["Axeman", "Slippery Slime"], ["Wild Nymph", "Ice Spirit"])
    assert matchup(table, "Axeman", "Wild Nymph").outcome == "attacker"
    refuses(table, PlayCreature(seat=1, card=card_of(1, "Slippery Slime"), target=card_of(1, "Axeman")), "no text")


def test_soggybottom_gertz_beaten_is_replaced_from_the_hand() -> None:
    """swaps, target hand, when beaten (Soggybottom Gertz): once Gertz is beaten, any other
    creature of its seat's Combat Hand takes its place, beaten, and Gertz goes back to the hand."""
    table = fight(["Soggybottom Gertz", "Idiot", "Swordsman"], ["Doomwing", "Wild Nymph", "Ice Spirit"])
    gertz, idiot = card_of(1, "Soggybottom Gertz"), card_of(1, "Idiot")
    assert matchup(table, "Soggybottom Gertz", "Doomwing").outcome == "defender"
    swaps = [c for c in legal_commands(table.state, 1) if isinstance(c, PlayCreature) and c.target]
    assert swaps == [PlayCreature(seat=1, card=c, target=gertz) for c in (idiot, card_of(1, "Swordsman"))]
    table.play(PlayCreature(seat=1, card=idiot, target=gertz))
    assert _swaps(table) == [(gertz, (gertz, idiot))]
    attacker = combat_now(table.state).attacker
    assert attacker.beaten == (idiot,) and gertz in hand(table.state, attacker)


def test_phantom_stalker_takes_the_place_of_an_undead_on_the_table() -> None:
    """swaps, target undead (Phantom Stalker): before the next match-up, the Stalker leaves the
    Combat Hand for the place of the Wraith, which won its match-up (its damage goes with the
    place); the Wraith goes back to the hand. No other creature may be so replaced."""
    table = fight(["Wraith", "Phantom Stalker", "Idiot"], ["Wild Nymph", "Gn'Omish Gnomes", "Ice Spirit"])
    wraith, stalker, idiot = card_of(1, "Wraith"), card_of(1, "Phantom Stalker"), card_of(1, "Idiot")
    assert matchup(table, "Wraith", "Wild Nymph").outcome == "attacker"
    damage = combat_now(table.state).damage
    table.play(PlayCreature(seat=1, card=stalker, target=wraith))
    combat = combat_now(table.state)
    assert combat.attacker.played == (stalker,) and wraith in hand(table.state, combat.attacker)
    assert combat.damage == tuple((stalker if c == wraith else c, n) for c, n in damage)
    assert matchup(table, "Idiot", "Gn'Omish Gnomes").outcome == "defender"
    refuses(table, PlayCreature(seat=1, card=wraith, target=idiot), "no text lets Wraith")


def test_spirit_of_the_hunt_may_send_its_opponent_back_for_a_random_one() -> None:
    """may swap, and swaps target opponent:random, when match-up (Spirit of the Hunt): revealed,
    its seat may send Doomwing back to the enemy's Combat Hand; a creature drawn at random from
    that hand takes its place, and the match-up goes on to bribery."""
    table = fight(["Spirit of the Hunt"], ["Doomwing", "Wild Nymph", "Ice Spirit"])
    spirit, doomwing = card_of(1, "Spirit of the Hunt"), card_of(2, "Doomwing")
    table.play(PlayCreature(seat=1, card=spirit))
    table.play(PlayCreature(seat=2, card=doomwing))
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.options) == (1, ("swap", "pass"))
    table.play(Choose(seat=1, option="swap"))
    ((source, (leaving, entering)),) = _swaps(table)
    assert (source, leaving) == (spirit, doomwing)
    assert entering in (card_of(2, "Wild Nymph"), card_of(2, "Ice Spirit"))
    combat = combat_now(table.state)
    assert (combat.d_card, combat.stage) == (entering, "bribe")
    assert doomwing in hand(table.state, combat.defender)
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    assert both_pass(table).defender_card == entering


def test_guardian_angel_buys_a_beaten_creature_back_to_the_pen() -> None:
    """activated 1, returns-lost:pen, when between-match-ups (Guardian Angel as the Command
    Card): after a primary match-up and before its seat lays the next creature, a stone sends
    a beaten creature of its side to the Creature Pen, out of the combat."""
    table = Table(face_off(["Guardian Angel", "Swordsman", "Axeman"], ["Doomwing", "Wild Nymph", "Ice Spirit"]))
    angel, swordsman = card_of(1, "Guardian Angel"), card_of(1, "Swordsman")
    commands(table, attacker=angel)
    refuses(table, UseAbility(seat=1, card=angel, target=swordsman), "name a beaten creature of yours")
    lay(table, swordsman, card_of(2, "Doomwing"))
    assert both_pass(table).outcome == "defender"
    assert UseAbility(seat=1, card=angel, target=swordsman) in legal_commands(table.state, 1)
    table.play(UseAbility(seat=1, card=angel, target=swordsman))
    assert [(e.seat, e.count) for e in table.of(StonesSpent)] == [(1, 1)]
    assert swordsman in table.state.zone(1, PEN) and table.state.player(1).stones == 6
    assert _fates(table, swordsman)[-1] == ("out", angel)
    table.play(PlayCreature(seat=1, card=card_of(1, "Axeman")))
    refuses(table, UseAbility(seat=1, card=angel, target=swordsman), "between primary match-ups")


def test_farmer_brown_detonates_a_barnyard_animal() -> None:
    """activated 0, destroys-both:barnyard animal, when match-up (Farmer Brown as the Command
    Card): once bribery is over, on its seat's move, the Mule in the match-up is detonated and
    both match-up creatures are destroyed; the next match-up begins."""
    table = Table(face_off(["Farmer Brown", "Mule", "Swordsman"], ["Doomwing", "Wild Nymph"]))
    farmer, mule, doomwing = card_of(1, "Farmer Brown"), card_of(1, "Mule"), card_of(2, "Doomwing")
    commands(table, attacker=farmer)
    table.play(PlayCreature(seat=1, card=mule))
    table.play(PlayCreature(seat=2, card=doomwing))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))  # no bribes: the Spells window, the attacker first
    refuses(table, UseAbility(seat=1, card=farmer, target=doomwing), "barnyard animal")
    assert UseAbility(seat=1, card=farmer, target=mule) in legal_commands(table.state, 1)
    table.play(UseAbility(seat=1, card=farmer, target=mule))
    assert _fates(table, mule) == [("destroyed", farmer)] and _fates(table, doomwing) == [("destroyed", farmer)]
    assert not table.of(StonesSpent) and not table.of(MatchupResolved)
    assert combat_now(table.state).stage == "choose"


def test_kazarian_squawker_beats_the_enemy_command_creature_before_it_acts() -> None:
    """attacks, target command, when command (Kazarian Squawker): before any Command Card takes
    effect it fights the enemy's, a creature: 5 against the Shadow Spy's 3; the Spy is beaten
    and dispelled, so the attacker lays its own creatures (guardians COMBAT)."""
    table = Table(face_off(["Kazarian Squawker", "Swordsman"], ["Shadow Spy", "Wild Nymph"]))
    squawker, spy = card_of(1, "Kazarian Squawker"), card_of(2, "Shadow Spy")
    commands(table, attacker=squawker, defender=spy)
    (attacked,) = [e for e in table.of(EffectApplied) if e.effect == "attacks"]
    assert (attacked.source, attacked.cards, attacked.amount, attacked.note) == (
        squawker, (spy,), 5, "5 against 3: it beats it")
    assert _fates(table, spy) == [("beaten", squawker)]
    defender = combat_now(table.state).defender
    assert spy in defender.beaten and not defender.command_live
    assert not table.of(CreatureChosen)  # the Spy would have laid the attacker's creature at random
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))


def test_hackthorn_strangler_may_attack_the_enemy_command_card_instead() -> None:
    """may attack:command, and attacks target command, when match-up (Hackthorn Strangler):
    revealed as a primary attacker, its seat may have it attack the enemy's Command Card, a
    creature, instead of its opponent: Al' Jabah (3 + its Off-Color Bonus 1) is beaten by its
    11, the Swordsman is left unchallenged and the match-up ends."""
    table = Table(face_off(["Hackthorn Strangler", "Wild Nymph"], ["Al' Jabah", "Swordsman", "Idiot"]))
    strangler, jabah, swordsman = card_of(1, "Hackthorn Strangler"), card_of(2, "Al' Jabah"), card_of(2, "Swordsman")
    commands(table, defender=jabah)
    table.play(PlayCreature(seat=1, card=strangler))
    table.play(PlayCreature(seat=2, card=swordsman))
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.options) == (1, ("attack:command", "pass"))
    table.play(Choose(seat=1, option="attack:command"))
    (attacked,) = [e for e in table.of(EffectApplied) if e.effect == "attacks"]
    assert (attacked.cards, attacked.note) == ((jabah,), "11 against 4: it beats it")
    assert _fates(table, jabah) == [("beaten", strangler)]
    assert [e.cards for e in table.of(EffectApplied) if e.effect == "unchallenged"] == [(swordsman,)]
    assert not table.of(MatchupResolved) and combat_now(table.state).stage == "choose"


def test_shadow_warrior_beats_the_enemy_up_card_and_cuts_its_draw() -> None:
    """may attack:up, attacks 2 target up, and enemy-draws -1 (Shadow Warrior as the Command
    Card): its seat may have it attack the enemy's Up card, a creature: 9 + 2 against the
    Swordsman's 6; the Up card stays, and its seat draws a card fewer next turn (guardians THE
    TURN IS OVER: the draw)."""
    table = Table(_with_up(face_off(["Shadow Warrior", "Axeman"], ["Wild Nymph"]), 2, "Swordsman"))
    warrior, up = card_of(1, "Shadow Warrior"), card_of(2, "Swordsman", 9)
    commands(table, attacker=warrior)
    assert table.of(ChoiceOffered)[0].options == ("attack:up", "pass")
    table.play(Choose(seat=1, option="attack:up"))
    (attacked,) = [e for e in table.of(EffectApplied) if e.effect == "attacks"]
    assert (attacked.cards, attacked.note) == ((up,), "11 against 6: it beats it")
    assert table.state.zone(2, UP) == (up,)
    assert table.state.player(2).draw_changes == ((warrior, -1),)
    assert (warrior, -1) in extra_draws(table.state, 2)
    assert combat_now(table.state).stage == "choose"


def test_knife_of_shadow_destroys_a_hand_creature_above_the_up_card() -> None:
    """destroys-above-up (Knife of Shadow as the Command Card): the enemy's Up card is the Wild
    Nymph (4); a creature drawn at random from its Combat Hand, all of them higher, is
    destroyed."""
    table = Table(_with_up(face_off(["Knife of Shadow", "Axeman"], ["Doomwing", "Ice Spirit"]), 2, "Wild Nymph"))
    knife = card_of(1, "Knife of Shadow")
    commands(table, attacker=knife)
    (picked,) = [e for e in table.of(EffectApplied) if e.effect == "destroys-above-up"]
    drawn = picked.cards[0]
    assert picked.cards[1] == card_of(2, "Wild Nymph", 9)
    assert _fates(table, drawn) == [("destroyed", knife)]


def test_knife_of_shadow_spares_a_hand_creature_below_the_up_card() -> None:
    """destroys-above-up (Knife of Shadow): Doomwing (14) is the Up card; the creature drawn
    is lower, and stays."""
    table = Table(_with_up(face_off(["Knife of Shadow", "Axeman"], ["Wild Nymph", "Ice Spirit"]), 2, "Doomwing"))
    commands(table, attacker=card_of(1, "Knife of Shadow"))
    assert len([e for e in table.of(EffectApplied) if e.effect == "destroys-above-up"]) == 1
    assert not [e for e in table.of(CreatureStatus) if e.status == "destroyed"]


def test_agent_of_shadow_shifts_the_fight_to_the_attackers_terrain() -> None:
    """sets-terrain, target came-from, and play when command, target defending (Agent of Shadow):
    the defender's Command Card makes the combat count as the terrain of the space the attacker
    came from, the Maitz Hotel's Dry Heaps, where the Sand Lord gets +6; played only by a
    defender."""
    state = face_off(["Sand Lord", "Agent of Shadow"], ["Agent of Shadow", "Doomwing"], terrain_name="Spirit Mountain")
    state = replace(state, zones={**state.zones, "1:terrain:b2": (card_of(1, "The Maitz Hotel", 9),)})
    table = Table(state)
    agent = card_of(2, "Agent of Shadow")
    table.play(Step(seat=1, to="b3"))
    assert combat_now(table.state).terrain == ("mountains",)
    assert card_of(1, "Agent of Shadow") not in command_candidates(table.state, 1)
    table.play(DeclareCommand(seat=1, play=False))
    table.play(DeclareCommand(seat=2, play=True))
    table.play(ChooseCommand(seat=2, card=agent))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    assert combat_now(table.state).terrain == ("dry-heaps",)
    resolved = matchup(table, "Sand Lord", "Doomwing")
    assert Term("terrain dry-heaps", 6) in resolved.attacker_terms


def test_heels_of_speed_sends_a_creature_at_the_enemy_command_card() -> None:
    """may attack-with:command, when before-commands (Heels of Speed, a creature Magic Item
    played as the Command Card): before any Command Card takes effect, its seat sends the
    Axeman from its Combat Hand onto the table; 7 against the Shadow Spy's 3, the Spy is beaten
    and its ability does not take effect; the Heels stay."""
    table = Table(face_off(["Heels of Speed", "Axeman", "Swordsman"], ["Shadow Spy", "Wild Nymph"]))
    heels, axeman, spy = card_of(1, "Heels of Speed"), card_of(1, "Axeman"), card_of(2, "Shadow Spy")
    commands(table, attacker=heels, defender=spy)
    (offered,) = table.of(ChoiceOffered)
    assert (offered.seat, offered.options) == (1, ("attack-with:command", "pass"))
    assert Choose(seat=1, option="attack-with:command", card=axeman) in legal_commands(table.state, 1)
    table.play(Choose(seat=1, option="attack-with:command", card=axeman))
    assert _fates(table, axeman) == [("unchallenged", heels)] and _fates(table, spy) == [("beaten", axeman)]
    combat = combat_now(table.state)
    assert not combat.defender.command_live and not table.of(CreatureChosen)
    assert heels in table.state.zone(1, combat.attacker.zone) and combat.stage == "choose"


def test_heels_of_speed_are_lost_with_a_beaten_creature() -> None:
    """attack-with (Heels of Speed): the Swordsman's 6 loses to the Shadow Warrior's 9; it is
    beaten, and the Heels go to the discard pile."""
    table = Table(face_off(["Heels of Speed", "Swordsman", "Axeman"], ["Shadow Warrior", "Wild Nymph"]))
    heels, swordsman = card_of(1, "Heels of Speed"), card_of(1, "Swordsman")
    commands(table, attacker=heels, defender=card_of(2, "Shadow Warrior"))
    table.play(Choose(seat=1, option="attack-with:command", card=swordsman))
    assert _fates(table, swordsman)[-1] == ("beaten", card_of(2, "Shadow Warrior"))
    assert heels in table.state.zone(1, DISCARD)
