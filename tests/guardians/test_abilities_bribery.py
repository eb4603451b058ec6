"""Bribery, ranged attacks, channeling and rolled attacks, wave 7c (issue 30): one scenario
per ability kind or extension, each with a card that has it (guardians BRIBERY, Ranged
Attacks, CHANNELING, Text Box; RULES.md, Bribery, ranged attacks, channeling and rolled
attacks (wave 7c))."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsMoved,
    CardsShown,
    Channel,
    Channeled,
    ChoiceOffered,
    Choose,
    ChooseCommand,
    CreatureStatus,
    DeclareCommand,
    EffectApplied,
    MatchupResolved,
    Pass,
    PlayCard,
    PlayCreature,
    PlayRanged,
    Step,
    StonesSpent,
    UseAbility,
)
from domain.games.guardians.state import DISCARD, IN_EFFECT, MOVEMENT, OPENING, PEN, STORAGE, hand, lookup, side
from domain.kernel import SPECTATOR, replace
from tests.guardians.support import Table, card_of, face_off, instances, table
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_ranged import support
from tests.guardians.test_texts import combat_start, lay, no_ids, refuses

# ---------------------------------------------------------------- channeling


def test_gaar_channels_into_a_creature_that_may_not_receive_for_two_stones() -> None:
    """channels-to-any with an amount, on a Guardian (Gaar, Influencer of the Masses, CMP 5):
    the Swordsman may not receive channeling, yet Gaar's seat channels 5 into it for 2
    Power Stones (guardians CHANNELING)."""
    t = Table(face_off(["Swordsman"], ["Axeman"], attacker_guardian="gaar"))
    combat_start(t)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    t.play(Channel(seat=1, source="guardian"))
    (paid,) = t.of(StonesSpent)
    assert (paid.count, paid.rule) == (2, "guardians Text Box (Gaar, Influencer of the Masses)")
    assert [(e.into, e.amount) for e in t.of(Channeled)] == [(swordsman, 5)]
    assert t.state.player(1).stones == 7 - 2


def test_without_gaar_a_guardian_does_not_channel_into_a_non_receiver() -> None:
    """Rak Nam has no such text: the Swordsman may not receive its channeling."""
    t = Table(face_off(["Swordsman"], ["Axeman"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    assert Channel(seat=1, source="guardian") not in legal_commands(t.state, 1)
    refuses(t, Channel(seat=1, source="guardian"), "cannot receive channeling")


def test_gaar_needs_two_stones_for_a_non_receiver() -> None:
    """With one Power Stone left, Gaar's channeling into a non-receiver is refused."""
    state = face_off(["Swordsman"], ["Axeman"], attacker_guardian="gaar")
    t = Table(state.with_player(1, stones=1))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    refuses(t, Channel(seat=1, source="guardian"), "costs 2 Power Stones")


def test_randy_creek_regulars_make_your_fairies_take_up_to_the_guardians_cmp() -> None:
    """receivers and max-channeling, when "command" (Randy Creek Regulars as the Command
    Card): the Hair-de-hobbins (a Fairy of 6 that may not receive channeling) takes Rak
    Nam's full 9 (guardians CHANNELING: LIMITS)."""
    t = Table(face_off(["Randy Creek Regulars", "Hair-de-hobbins"], ["Axeman"]))
    commands(t, attacker=card_of(1, "Randy Creek Regulars"))
    fairy = card_of(1, "Hair-de-hobbins")
    lay(t, fairy, card_of(2, "Axeman"))
    t.play(Channel(seat=1, source="guardian"))
    assert [(e.into, e.amount) for e in t.of(Channeled)] == [(fairy, 9)]


def test_randy_creek_regulars_help_only_their_own_side() -> None:
    """The enemy's Fairy gains nothing from seat 1's Regulars."""
    t = Table(face_off(["Randy Creek Regulars", "Axeman"], ["Hair-de-hobbins"]))
    commands(t, attacker=card_of(1, "Randy Creek Regulars"))
    lay(t, card_of(1, "Axeman"), card_of(2, "Hair-de-hobbins"))
    t.play(Pass(seat=1))
    refuses(t, Channel(seat=2, source="guardian"), "cannot receive channeling")


# ---------------------------------------------------------------- ranged attacks fired by a text


def test_handles_orourke_fires_three_points_for_each_stone() -> None:
    """fires-ranged, activated (Handles O'Rourke as the Command Card): each use pays a Power
    Stone and adds a 3 pt. ranged attack to the seat's match-up creature; the enemy's
    reaction window opens after it, as after any ranged attack (guardians Ranged Attacks)."""
    t = Table(face_off(["Handles O'Rourke", "Swordsman"], ["Axeman"]))
    handles = card_of(1, "Handles O'Rourke")
    commands(t, attacker=handles)
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    assert UseAbility(seat=1, card=handles) in legal_commands(t.state, 1)
    t.play(UseAbility(seat=1, card=handles))
    assert support(t, swordsman) == 3
    assert t.state.player(1).stones == 6
    assert t.state.combat is not None and t.state.combat.reaction is not None
    assert t.state.combat.reaction.when == "enemy-ranged"
    t.play(Pass(seat=2))
    t.play(UseAbility(seat=1, card=handles))
    assert support(t, swordsman) == 6
    shots = [e for e in t.of(EffectApplied) if e.effect == "ranged-change"]
    assert [(e.rule, e.amount) for e in shots] == [("guardians Text Box (Handles O'Rourke)", 3)] * 2


def test_handles_orourke_does_not_fire_in_the_woods() -> None:
    """No ranged attacks in the Woods (guardians Ranged Attacks): his shots neither."""
    t = Table(face_off(["Handles O'Rourke", "Swordsman"], ["Axeman"], terrain_name="Woods"))
    handles = card_of(1, "Handles O'Rourke")
    commands(t, attacker=handles)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    assert UseAbility(seat=1, card=handles) not in legal_commands(t.state, 1)
    refuses(t, UseAbility(seat=1, card=handles), "no ranged attacks")


# ---------------------------------------------------------------- bribery by a text


def _yap_attack() -> tuple[Table, str]:
    """Seat 1 plays Yap Attack as its Command Card against a Combat Hand of two creatures
    bribable by Gold (Swordsman, Axeman) and one by Babes (Corporal)."""
    t = Table(face_off(["Archer"], ["Swordsman", "Axeman", "Corporal"], attacker_storage=["Yap Attack"]))
    yap = card_of(1, "Yap Attack")
    commands(t, attacker=yap)
    return t, yap


def test_yap_attack_shows_the_gold_bribables_and_its_seat_bribes_one() -> None:
    """shows and bribes-hand, when "command" (Yap Attack): the enemy shows seat 1 its creatures
    bribable by Gold, named to seat 1 only; seat 1 chooses one of them by its place among those
    shown (no command names a hidden card) and it is bribed (guardians BRIBERY)."""
    t, yap = _yap_attack()
    swordsman, axeman, corporal = card_of(2, "Swordsman"), card_of(2, "Axeman"), card_of(2, "Corporal")
    (shown,) = t.of(CardsShown)
    assert (shown.seat, set(shown.cards)) == (1, {swordsman, axeman})
    (offer,) = t.of(ChoiceOffered)
    assert (offer.seat, offer.options) == (1, ("bribe:1", "bribe:2"))
    assert legal_commands(t.state, 1) == [Choose(seat=1, option="bribe:1"), Choose(seat=1, option="bribe:2")]
    no_ids(SPECTATOR, t, [swordsman, axeman, corporal])
    no_ids(1, t, [corporal])
    refuses(t, Choose(seat=1, option="bribe:3"), "choose one of")
    t.play(Choose(seat=1, option=f"bribe:{shown.cards.index(axeman) + 1}"))
    fate = [e for e in t.of(CreatureStatus) if e.card == axeman]
    assert [(e.status, e.by) for e in fate] == [("destroyed", yap)]
    assert t.state.combat is not None
    assert set(hand(t.state, side(t.state.combat, 2))) == {swordsman, corporal}
    assert t.state.combat.stage == "choose" and yap in t.state.zone(1, DISCARD)


def test_yap_attack_with_nothing_to_bribe_offers_no_choice() -> None:
    """No creature of the enemy's Combat Hand bears the Gold icon: nothing is chosen."""
    t = Table(face_off(["Archer"], ["Corporal"], attacker_storage=["Yap Attack"]))
    commands(t, attacker=card_of(1, "Yap Attack"))
    assert not t.of(ChoiceOffered) and t.state.pending is None
    assert t.state.combat is not None and t.state.combat.stage == "choose"


# ---------------------------------------------------------------- cards discarded for an amount


def test_slatch_willer_gains_five_for_each_beer_card_discarded() -> None:
    """discards-for, when "match-up" (Slatch Willer): in its primary match-up its seat discards
    a Beer Bribery card from its Storage Hand (UseAbility naming it) and Slatch gets +5 in
    that match-up; a Gold card does not serve (guardians Text Box)."""
    t = Table(face_off(["Slatch Willer"], ["Axeman"], attacker_storage=["Beer", "Gold"]))
    combat_start(t)
    slatch, beer, gold = card_of(1, "Slatch Willer"), card_of(1, "Beer"), card_of(1, "Gold")
    lay(t, slatch, card_of(2, "Axeman"))
    uses = [c for c in legal_commands(t.state, 1) if isinstance(c, UseAbility)]
    assert uses == [UseAbility(seat=1, card=slatch, target=beer)]
    refuses(t, UseAbility(seat=1, card=slatch, target=gold), "name a card of yours to discard")
    t.play(UseAbility(seat=1, card=slatch, target=beer))
    assert beer in t.state.zone(1, DISCARD)
    resolved = _answer_and_resolve(t)
    assert ("cards discarded for it", 5) in [(term.source, term.value) for term in resolved.attacker_terms]
    assert resolved.outcome == "attacker"  # 5 + 1 off-color + 5 beats the Axeman's 7


def _answer_and_resolve(t: Table) -> MatchupResolved:
    t.play(Pass(seat=2))
    t.play(Pass(seat=1))
    return t.of(MatchupResolved)[-1]


def test_mighty_tiki_god_rolls_a_die_for_each_bribery_card_discarded() -> None:
    """discards-for with dice, as the Command Card (Mighty Tiki God, a creature Magic Item):
    each Bribery card its seat discards adds 1d6, rolled, to its creature of the match-up."""
    t = Table(face_off(["Mighty Tiki God", "Swordsman"], ["Axeman"], attacker_storage=["Gold", "Babes"]))
    tiki, swordsman = card_of(1, "Mighty Tiki God"), card_of(1, "Swordsman")
    commands(t, attacker=tiki)
    lay(t, swordsman, card_of(2, "Axeman"))
    t.play(UseAbility(seat=1, card=tiki, target=card_of(1, "Gold")))
    t.play(Pass(seat=2))
    t.play(UseAbility(seat=1, card=tiki, target=card_of(1, "Babes")))
    rolls = [e for e in t.of(EffectApplied) if e.effect == "discards-for"]
    assert [e.cards for e in rolls] == [(swordsman,)] * 2 and all(1 <= e.amount <= 6 for e in rolls)
    assert "1d6" in rolls[0].note
    assert t.state.combat is not None
    assert lookup(t.state.combat.bonus, swordsman) == sum(e.amount for e in rolls)


def test_mayor_mcevil_adds_a_point_to_its_methane_for_each_barnyard_animal_discarded() -> None:
    """discards-for, when "command" (Mayor McEvil as the Command Card): once both Command Cards
    are face up its seat discards a Cow and a Mule from its Combat Hand; its 2 pt. methane AOE
    strikes for 4, setting aside the Gnomes (4) and the Idiot (0), not the Sand Lord."""
    t = Table(face_off(["Mayor McEvil", "Cow", "Mule", "Archer"], ["Gn'Omish Gnomes", "Idiot", "Sand Lord"]))
    mcevil = card_of(1, "Mayor McEvil")
    t.play(Step(seat=1, to="b3"))
    t.play(DeclareCommand(seat=1, play=True))
    t.play(DeclareCommand(seat=2, play=False))
    t.play(ChooseCommand(seat=1, card=mcevil))
    t.play(UseAbility(seat=1, card=mcevil, target=card_of(1, "Cow")))
    t.play(Pass(seat=2))
    t.play(UseAbility(seat=1, card=mcevil, target=card_of(1, "Mule")))
    t.play(Pass(seat=2))
    t.play(Pass(seat=1))
    (aoe,) = [e for e in t.of(EffectApplied) if e.effect == "aoe methane"]
    assert aoe.amount == 4 and set(aoe.cards) == {card_of(2, "Gn'Omish Gnomes"), card_of(2, "Idiot")}
    assert {card_of(1, "Cow"), card_of(1, "Mule")} <= set(t.state.zone(1, DISCARD))


# ---------------------------------------------------------------- answers to the enemy's bribery


def _bribed_at_once(attacker: list[str], defender: list[str], *, a_storage: list[str], d_storage: list[str],
                    a_card: str, d_card: str) -> Table:
    """Both lay their creature; seat 1 bribes seat 2's at once with its first Storage card."""
    t = Table(face_off(attacker, defender, attacker_storage=a_storage, defender_storage=d_storage))
    combat_start(t)
    t.play(PlayCreature(seat=1, card=card_of(1, a_card)))
    t.play(PlayCreature(seat=2, card=card_of(2, d_card)))
    t.play(PlayCard(seat=1, card=card_of(1, a_storage[0]), target=card_of(2, d_card)))
    return t


def test_shadow_bank_job_cancels_a_gold_bribery_and_takes_the_card() -> None:
    """cancels-bribe "take:bribery:gold", when "enemy-bribes" (Shadow Bank Job): right after
    seat 1 bribes the Axeman with Gold, seat 2 cancels it (the Axeman is back) and then bribes
    seat 1's Swordsman with that very Gold card; seat 1, having said, and holding an answer to
    a bribery (of Beer), may only answer or pass (guardians BRIBERY)."""
    t = _bribed_at_once(["Swordsman", "Archer"], ["Axeman", "Corporal"], a_storage=["Gold", "Shadow Beer Heist"],
                        d_storage=["Shadow Bank Job"], a_card="Swordsman", d_card="Axeman")
    gold, axeman, swordsman = card_of(1, "Gold"), card_of(2, "Axeman"), card_of(1, "Swordsman")
    assert t.state.combat is not None and t.state.combat.reaction is not None
    assert (t.state.combat.reaction.when, t.state.combat.reaction.into) == ("enemy-bribes", axeman)
    t.cast(PlayCard(seat=2, card=card_of(2, "Shadow Bank Job")))
    assert [e.status for e in t.of(CreatureStatus) if e.card == axeman] == ["destroyed", "table"]
    assert t.state.combat is not None and t.state.combat.lent == (gold,) and t.state.combat.reaction is None
    assert PlayCard(seat=2, card=gold, target=swordsman) in legal_commands(t.state, 2)
    t.play(PlayCard(seat=2, card=gold, target=swordsman))
    fate = [e for e in t.of(CreatureStatus) if e.card == swordsman]
    assert [(e.status, e.by) for e in fate] == [("destroyed", gold)]
    assert t.state.combat is not None and t.state.combat.lent == () and gold in t.state.zone(1, DISCARD)
    # Seat 1 said already: its own move now answers seat 2's bribery or passes.
    assert t.state.combat.stage == "bribe" and t.state.combat.actor == 1
    assert legal_commands(t.state, 1) == [Pass(seat=1)]
    t.play(Pass(seat=1))
    assert t.state.combat is not None and t.state.combat.stage == "choose"


def test_a_bribery_opens_no_window_for_a_seat_with_no_answer_in_its_deck() -> None:
    """Seat 2 owns no card that answers a bribery: its bribery step is the rulebook's, with no
    window after seat 1's bribery (the example decks' games are unchanged)."""
    t = _bribed_at_once(["Swordsman", "Archer"], ["Axeman", "Corporal"], a_storage=["Gold"], d_storage=[],
                        a_card="Swordsman", d_card="Axeman")
    assert t.state.combat is not None and t.state.combat.reaction is None and t.state.combat.actor == 2


def test_shadow_bank_job_does_not_answer_a_babes_bribery() -> None:
    """Its condition: a Gold Bribery card; a Babes bribery is not answered."""
    t = _bribed_at_once(["Swordsman"], ["Corporal"], a_storage=["Babes"], d_storage=["Shadow Bank Job"],
                        a_card="Swordsman", d_card="Corporal")
    shadow = card_of(2, "Shadow Bank Job")
    assert PlayCard(seat=2, card=shadow) not in legal_commands(t.state, 2)
    refuses(t, PlayCard(seat=2, card=shadow), "answers a bribery by Gold Bribery cards")


def test_pirate_double_cross_leaves_the_bribed_pirate_and_its_opponent_unchallenged() -> None:
    """cancels-bribe "unchallenged:pirate" (Pirate Double Cross): right after the Gunner, a
    Pirate, is bribed, it is back and both creatures of the match-up are left unchallenged; the
    next match-up begins (RULES.md, Left unchallenged)."""
    t = _bribed_at_once(["Swordsman", "Archer"], ["Gunner", "Axeman"], a_storage=["Gold"],
                        d_storage=["Pirate Double Cross"], a_card="Swordsman", d_card="Gunner")
    t.cast(PlayCard(seat=2, card=card_of(2, "Pirate Double Cross")))
    (left,) = [e for e in t.of(EffectApplied) if e.effect == "unchallenged"]
    assert set(left.cards) == {card_of(1, "Swordsman"), card_of(2, "Gunner")}
    assert t.state.combat is not None and t.state.combat.stage == "choose"
    assert card_of(2, "Gunner") not in t.state.combat.defender.destroyed


def test_cabin_boy_goes_to_the_pen_in_the_bribed_pirates_place() -> None:
    """cancels-bribe "pen:pirate", an activated ability of a creature in the Combat Hand (Cabin
    Boy): the bribed Gunner is back; the Cabin Boy leaves the Combat Hand for the Creature Pen."""
    t = _bribed_at_once(["Swordsman"], ["Gunner", "Cabin Boy"], a_storage=["Gold"], d_storage=[],
                        a_card="Swordsman", d_card="Gunner")
    boy, gunner = card_of(2, "Cabin Boy"), card_of(2, "Gunner")
    assert UseAbility(seat=2, card=boy) in legal_commands(t.state, 2)
    t.play(UseAbility(seat=2, card=boy))
    assert boy in t.state.zone(2, PEN) and not t.of(StonesSpent)
    assert [e.status for e in t.of(CreatureStatus) if e.card == gunner] == ["destroyed", "table"]
    assert t.state.combat is not None and t.state.combat.actor == 2 and t.state.combat.stage == "bribe"


def test_cabin_boy_answers_only_for_a_pirate() -> None:
    """The Axeman is no Pirate: the Cabin Boy does not answer its bribery."""
    t = _bribed_at_once(["Swordsman"], ["Axeman", "Cabin Boy"], a_storage=["Gold"], d_storage=[],
                        a_card="Swordsman", d_card="Axeman")
    refuses(t, UseAbility(seat=2, card=card_of(2, "Cabin Boy")), "Pirate")


# ---------------------------------------------------------------- rolled attacks

SEEDS = [f"roll-{n}" for n in range(12)]
"""Seeds whose rolls, between them, give every outcome the tests below tell apart."""


def _rolled(t: Table, effect: str) -> EffectApplied:
    (rolled,) = [e for e in t.of(EffectApplied) if e.effect == effect]
    return rolled


def test_mendu_sada_rolls_its_fear_aoe_and_a_six_does_nothing() -> None:
    """aoe with dice and roll-fails 6 (Mendu Sada, the Havoc): as a primary attacker its fear
    AOE strikes for the die, after destruction (guardians AOE attacks); on a 6 it does nothing."""
    faces = set()
    for seed in SEEDS:
        t = Table(face_off(["Mendu Sada, the Havoc", "Archer"], ["Axeman", "Idiot", "Gn'Omish Gnomes", "Sand Lord"]),
                  seed=seed)
        combat_start(t)
        lay(t, card_of(1, "Mendu Sada, the Havoc"), card_of(2, "Axeman"))
        face = _rolled(t, "rolled aoe").amount
        faces.add(face)
        aoes = [e for e in t.of(EffectApplied) if e.effect == "aoe fear"]
        if face == 6:
            assert not aoes and [e.amount for e in t.of(EffectApplied) if e.effect == "roll-fails"] == [6]
        else:
            (aoe,) = aoes
            hit = {card_of(2, "Idiot")} | ({card_of(2, "Gn'Omish Gnomes")} if face >= 4 else set())
            assert aoe.amount == face and set(aoe.cards) == hit
    assert 6 in faces and len(faces) > 2


def test_orella_of_the_mist_destroys_by_the_die_then_nothing_modifies_the_match_up() -> None:
    """roll-destroys and no-modification (Orella of the Mist): at the destruction step it rolls;
    on a 5 or 6 the Axeman, a Mortal, is destroyed; else the match-up is resolved at once, with
    no modify window (guardians DESTRUCTION, IS IT OVER YET?)."""
    fates = set()
    for seed in SEEDS:
        t = Table(face_off(["Orella of the Mist", "Archer"], ["Axeman", "Swordsman"]), seed=seed)
        combat_start(t)
        axeman = card_of(2, "Axeman")
        t.play(PlayCreature(seat=1, card=card_of(1, "Orella of the Mist")))
        t.play(PlayCreature(seat=2, card=axeman))
        t.play(Pass(seat=1))
        t.play(Pass(seat=2))
        t.play(Pass(seat=1))
        t.play(Pass(seat=2))  # the Spells window: then destruction
        destroyed = [e.by for e in t.of(CreatureStatus) if e.card == axeman and e.status == "destroyed"]
        face = _rolled(t, "rolled destroys").amount
        assert bool(destroyed) == (face >= 5)
        if not destroyed:
            assert [e.outcome for e in t.of(MatchupResolved)] == ["defender"]  # 4 + 1 vs 7, as it stood
        assert t.state.combat is not None and t.state.combat.stage == "choose"
        fates.add(bool(destroyed))
    assert fates == {True, False}


def test_summon_entropy_storm_destroys_or_wins_by_the_die() -> None:
    """roll-outcome (Summon Entropy Storm, on the caster's Swordsman, not small): 1-4 it is
    destroyed, 5-6 it wins the match-up whatever the totals; either way the match-up ends."""
    fates = set()
    for seed in SEEDS:
        t = Table(face_off(["Swordsman", "Archer"], ["Sand Lord", "Axeman"], attacker_storage=["Summon Entropy Storm"]),
                  seed=seed)
        combat_start(t)
        swordsman = card_of(1, "Swordsman")
        lay(t, swordsman, card_of(2, "Sand Lord"))
        t.cast(PlayCard(seat=1, card=card_of(1, "Summon Entropy Storm")))
        rolled = _rolled(t, "rolled outcome")
        assert rolled.note.startswith("1d6 (")
        if rolled.amount >= 5:
            assert [e.outcome for e in t.of(MatchupResolved)] == ["attacker"]
        else:
            assert [e.status for e in t.of(CreatureStatus) if e.card == swordsman] == ["destroyed"]
            assert not t.of(MatchupResolved)
        assert t.state.combat is not None and t.state.combat.stage == "choose"
        fates.add(rolled.amount >= 5)
    assert fates == {True, False}


def test_summon_entropy_storm_adds_one_for_a_small_creature() -> None:
    """+1 to the roll when the caster's creature is small (the Wild Nymph)."""
    t = Table(face_off(["Wild Nymph", "Archer"], ["Sand Lord", "Axeman"], attacker_storage=["Summon Entropy Storm"]))
    combat_start(t)
    lay(t, card_of(1, "Wild Nymph"), card_of(2, "Sand Lord"))
    t.cast(PlayCard(seat=1, card=card_of(1, "Summon Entropy Storm")))
    assert _rolled(t, "rolled outcome").note.startswith("1d6+1 (")


def test_disc_of_siin_bars_enemy_channeling_in_as_many_first_match_ups_as_the_die_says() -> None:
    """no-enemy-channeling with dice, when "command" (Disc of Siin): rolled as the Command Card
    takes effect; the enemy may not channel in seat 1's first 0, 1, 2, 2, 3 or all primary
    match-ups (faces 1 to 6) (guardians CHANNELING)."""
    barred_seen = set()
    for seed in SEEDS:
        t = Table(face_off(["Disc of Siin", "Swordsman", "Archer"], ["Wraith", "Axeman"]), seed=seed)
        commands(t, attacker=card_of(1, "Disc of Siin"))
        face = _rolled(t, "roll no-enemy-channeling").amount
        lay(t, card_of(1, "Swordsman"), card_of(2, "Wraith"))
        t.play(Pass(seat=1))
        barred = face >= 2
        listed = Channel(seat=2, source="guardian") in legal_commands(t.state, 2)
        assert listed != barred
        if barred:
            refuses(t, Channel(seat=2, source="guardian"), "Disc of Siin")
        barred_seen.add(barred)
    assert barred_seen == {True, False}


# ---------------------------------------------------------------- channeling stopped; ranged attacks by texts, cards


def test_siin_cancels_the_enemys_channeling_and_stops_all_channeling() -> None:
    """no-channeling:cancel, an activated ability of a Guardian, when "enemy-channels" (Siin,
    Stealer of the Power): right after seat 1's Guardian channels 9 into its Wraith, seat 2 pays
    2 Power Stones; the 9 are taken back and nobody channels for the rest of the combat
    (guardians CHANNELING)."""
    t = Table(face_off(["Wraith", "Archer"], ["Will'o the Wisp", "Axeman"], defender_guardian="siin"))
    combat_start(t)
    wraith = card_of(1, "Wraith")
    lay(t, wraith, card_of(2, "Will'o the Wisp"))
    t.play(Channel(seat=1, source="guardian"))
    assert UseAbility(seat=2, card="guardian") in legal_commands(t.state, 2)
    t.play(UseAbility(seat=2, card="guardian"))
    paid = [e for e in t.of(StonesSpent) if e.seat == 2]
    assert [(e.count, e.rule) for e in paid] == [(2, "guardians Text Box (Siin, Stealer of the Power)")]
    assert t.state.combat is not None and lookup(t.state.combat.channel, wraith) == 0
    refuses(t, Channel(seat=1, source="guardian"), "no channeling by either seat")
    t.play(Pass(seat=1))
    refuses(t, Channel(seat=2, source="guardian"), "no channeling by either seat")


def test_siin_waits_for_an_enemy_channeling() -> None:
    """With no enemy channeling just made, Siin has nothing to cancel."""
    t = Table(face_off(["Wraith", "Archer"], ["Will'o the Wisp", "Axeman"], defender_guardian="siin"))
    combat_start(t)
    lay(t, card_of(1, "Wraith"), card_of(2, "Will'o the Wisp"))
    t.play(Pass(seat=1))
    assert UseAbility(seat=2, card="guardian") not in legal_commands(t.state, 2)
    refuses(t, UseAbility(seat=2, card="guardian"), "answers the enemy's channeling")


def test_standard_of_the_elements_fires_its_command_cards_base_vitality() -> None:
    """fires-ranged "command:element" on a Hand Item (Standard of the Elements): with Gnorg,
    Overlord of Swamps (an Element, Vitality 6) standing as the Command Card, it fires a 6 pt.
    ranged attack into the Swordsman's match-up; the enemy may answer it (guardians Ranged
    Attacks)."""
    t = Table(face_off(["Gnorg, Overlord of Swamps", "Swordsman"], ["Axeman"],
                       attacker_storage=["Standard of the Elements"]))
    commands(t, attacker=card_of(1, "Gnorg, Overlord of Swamps"))
    swordsman = card_of(1, "Swordsman")
    lay(t, swordsman, card_of(2, "Axeman"))
    t.cast(PlayCard(seat=1, card=card_of(1, "Standard of the Elements")))
    assert support(t, swordsman) == 6
    assert t.state.combat is not None and t.state.combat.reaction is not None
    assert (t.state.combat.reaction.when, t.state.combat.reaction.amount) == ("enemy-ranged", 6)


def test_standard_of_the_elements_needs_an_element_as_command_card() -> None:
    """With no Command Card, it is not played."""
    t = Table(face_off(["Swordsman"], ["Axeman"], attacker_storage=["Standard of the Elements"]))
    combat_start(t)
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    standard = card_of(1, "Standard of the Elements")
    assert PlayCard(seat=1, card=standard) not in legal_commands(t.state, 1)
    refuses(t, PlayCard(seat=1, card=standard), "must be one of the Element")


def test_mayor_mcgreed_fires_gold_cards_for_a_barnyard_animal() -> None:
    """fires-cards (Mayor McGreed as the Command Card): with the Cow, a Barnyard Animal, in the
    match-up, seat 1 fires a Gold Bribery card from its Storage Hand as a ranged attack of its Up
    number (7); the card is spent."""
    t = Table(face_off(["Mayor McGreed", "Cow", "Swordsman"], ["Axeman", "Archer"], attacker_storage=["Gold"]))
    commands(t, attacker=card_of(1, "Mayor McGreed"))
    cow, gold = card_of(1, "Cow"), card_of(1, "Gold")
    lay(t, cow, card_of(2, "Axeman"))
    assert PlayRanged(seat=1, card=gold) in legal_commands(t.state, 1)
    t.play(PlayRanged(seat=1, card=gold))
    assert support(t, cow) == 7
    assert gold in t.state.zone(1, DISCARD) and gold not in t.state.zone(1, STORAGE)


def test_mayor_mcgreed_fires_no_gold_for_another_creature() -> None:
    """The Swordsman is no Barnyard Animal: no Gold card fires."""
    t = Table(face_off(["Mayor McGreed", "Cow", "Swordsman"], ["Axeman", "Archer"], attacker_storage=["Gold"]))
    commands(t, attacker=card_of(1, "Mayor McGreed"))
    lay(t, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    gold = card_of(1, "Gold")
    assert PlayRanged(seat=1, card=gold) not in legal_commands(t.state, 1)
    refuses(t, PlayRanged(seat=1, card=gold), "not a ranged attacker")


# ---------------------------------------------------------------- bribery by an Item; channelers sent away


def test_cratur_hobbs_bribes_once_with_an_item() -> None:
    """bribes-with (Cratur Hobbs as the Command Card): in the bribery step seat 1 bribes the Sand
    Lord (bribable by Babes) with the Hammer of Doom, an Item of its Storage Hand, discarded;
    once in the combat: in the next match-up its Potion does not serve (guardians BRIBERY)."""
    t = Table(face_off(["Cratur Hobbs", "Swordsman", "Archer"], ["Sand Lord", "Axeman"],
                       attacker_storage=["Hammer of Doom", "Potion of Movement Essence"]))
    commands(t, attacker=card_of(1, "Cratur Hobbs"))
    hammer, potion, sand_lord = card_of(1, "Hammer of Doom"), card_of(1, "Potion of Movement Essence"), card_of(
        2, "Sand Lord")
    t.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    t.play(PlayCreature(seat=2, card=sand_lord))
    assert PlayCard(seat=1, card=hammer, target=sand_lord) in legal_commands(t.state, 1)
    t.play(PlayCard(seat=1, card=hammer, target=sand_lord))
    assert [(e.status, e.by) for e in t.of(CreatureStatus) if e.card == sand_lord] == [("destroyed", hammer)]
    assert hammer in t.state.zone(1, DISCARD)
    t.play(Pass(seat=2))
    axeman = card_of(2, "Axeman")
    t.play(PlayCreature(seat=1, card=card_of(1, "Archer")))
    t.play(PlayCreature(seat=2, card=axeman))
    assert PlayCard(seat=1, card=potion, target=axeman) not in legal_commands(t.state, 1)
    refuses(t, PlayCard(seat=1, card=potion, target=axeman), "is not played in the combat phase")


def test_gehrund_sends_the_enemys_channelers_to_its_creature_pen_for_a_stone() -> None:
    """may "stone:1" and sends-to-pen "under", when "paid" (Gehrund, Field Marshal as the
    Command Card): its seat pays a Power Stone and seat 2's Eternal Witch Lord, under its
    stronghold space, goes to its Creature Pen: it channels no more this combat."""
    state = face_off(["Gehrund, Field Marshal", "Swordsman"], ["Wraith"])
    witch = instances(2, ["Eternal Witch Lord"])
    t = Table(replace(state, zones={**state.zones, "2:under:b4": witch}))
    commands(t, attacker=card_of(1, "Gehrund, Field Marshal"))
    (offer,) = t.of(ChoiceOffered)
    assert (offer.seat, offer.options) == (1, ("stone:1", "pass"))
    t.play(Choose(seat=1, option="stone:1"))
    assert t.state.player(1).stones == 6
    assert witch[0] in t.state.zone(2, PEN) and not t.state.zone(2, "under:b4")
    (moved,) = [e for e in t.of(CardsMoved) if e.to_zone == PEN]
    assert moved.rule == "guardians Text Box (Gehrund, Field Marshal)"
    lay(t, card_of(1, "Swordsman"), card_of(2, "Wraith"))
    t.play(Pass(seat=1))
    refuses(t, Channel(seat=2, source=witch[0]), "not a channeler under your strongholds")


def test_gehrund_passed_sends_nothing() -> None:
    """Its seat lets the choice pass: the channeler stays, no stone is paid."""
    state = face_off(["Gehrund, Field Marshal", "Swordsman"], ["Wraith"])
    witch = instances(2, ["Eternal Witch Lord"])
    t = Table(replace(state, zones={**state.zones, "2:under:b4": witch}))
    commands(t, attacker=card_of(1, "Gehrund, Field Marshal"))
    t.play(Choose(seat=1, option="pass"))
    assert t.state.zone(2, "under:b4") == witch and t.state.player(1).stones == 7


# ---------------------------------------------------------------- no channeling near a space


def test_monolith_of_power_is_played_on_a_space_for_the_turn() -> None:
    """no-channeling "near" on a Hand Item (Monolith of Power), played right after the Up cards
    on a space (PlayCard's target): it lies in effect for the turn and says where."""
    monolith = card_of(1, "Monolith of Power")
    t = Table(table(phase=MOVEMENT, zones={"1:storage": (monolith,)}, window=OPENING, first=1, active=1))
    assert PlayCard(seat=1, card=monolith, target="b3") in legal_commands(t.state, 1)
    refuses(t, PlayCard(seat=1, card=monolith), "name the space")
    t.cast(PlayCard(seat=1, card=monolith, target="b3"))
    assert monolith in t.state.zone(1, IN_EFFECT) and t.state.player(1).quiet == ("b3",)


def _channel_near(quiet: str) -> Table:
    """A combat on b3 with seat 2's Monolith of Power in effect on `quiet`; seat 1's Wraith laid."""
    state = face_off(["Wraith"], ["Axeman"])
    state = replace(state, zones={**state.zones, "2:in-effect": instances(2, ["Monolith of Power"])})
    t = Table(state.with_player(2, quiet=(quiet,)))
    combat_start(t)
    lay(t, card_of(1, "Wraith"), card_of(2, "Axeman"))
    return t


def test_monolith_of_power_stops_channeling_within_one_space() -> None:
    """A combat on b3, next to the Monolith's b2 (and on b3 itself): nobody channels; on a1, two
    spaces and more away, it changes nothing (guardians CHANNELING)."""
    for quiet in ("b2", "b3"):
        t = _channel_near(quiet)
        assert Channel(seat=1, source="guardian") not in legal_commands(t.state, 1)
        refuses(t, Channel(seat=1, source="guardian"), "no channeling within one space")
    t = _channel_near("a1")
    t.play(Channel(seat=1, source="guardian"))
    assert [e.amount for e in t.of(Channeled)] == [9]  # Rak Nam's CMP


def test_professor_heisenburg_may_roll_to_destroy_the_attacker_and_its_opponent() -> None:
    """may "roll" and roll-destroys, when "fired" (Professor Heisenburg as the Command Card):
    right after seat 1 fires its Archer, it may roll; on a 5 or 6 the Archer and the Sand Lord
    it fired at are destroyed and the match-up ends; else the match-up goes on, the enemy's
    reaction window open (guardians Ranged Attacks)."""
    fates = set()
    for seed in SEEDS:
        t = Table(face_off(["Professor Heisenburg", "Swordsman", "Archer", "Cow"], ["Sand Lord", "Axeman"]),
                  seed=seed)
        commands(t, attacker=card_of(1, "Professor Heisenburg"))
        archer, sand_lord = card_of(1, "Archer"), card_of(2, "Sand Lord")
        lay(t, card_of(1, "Swordsman"), sand_lord)
        t.play(PlayRanged(seat=1, card=archer))
        (offer,) = t.of(ChoiceOffered)
        assert (offer.seat, offer.options) == (1, ("roll", "pass"))
        t.play(Choose(seat=1, option="roll"))
        face = _rolled(t, "rolled destroys").amount
        gone = {e.card for e in t.of(CreatureStatus) if e.status == "destroyed"}
        assert t.state.combat is not None
        if face >= 5:
            assert gone == {archer, sand_lord} and t.state.combat.stage == "choose"
        else:
            assert not gone and t.state.combat.stage == "modify" and t.state.combat.reaction is not None
        fates.add(face >= 5)
    assert fates == {True, False}


def test_professor_heisenburg_passed_rolls_nothing() -> None:
    """Seat 1 lets the roll pass: nothing is rolled, the match-up goes on."""
    t = Table(face_off(["Professor Heisenburg", "Swordsman", "Archer"], ["Sand Lord", "Axeman"]))
    commands(t, attacker=card_of(1, "Professor Heisenburg"))
    lay(t, card_of(1, "Swordsman"), card_of(2, "Sand Lord"))
    t.play(PlayRanged(seat=1, card=card_of(1, "Archer")))
    t.play(Choose(seat=1, option="pass"))
    assert not [e for e in t.of(EffectApplied) if e.effect.startswith("rolled")]
    assert t.state.combat is not None and t.state.combat.actor == 2 and t.state.combat.stage == "modify"


def test_grim_skull_fired_takes_up_to_three_points_of_channeling_into_its_attack() -> None:
    """max-channeling, when "fired" (Grim Skull): once fired, its seat channels into it (Channel
    naming it as `into`), up to 3 points, which add to its ranged attack on the Swordsman; the
    Guardian's 9 give 3 (guardians CHANNELING, Ranged Attacks)."""
    t = Table(face_off(["Swordsman", "Grim Skull"], ["Axeman"]))
    combat_start(t)
    swordsman, skull = card_of(1, "Swordsman"), card_of(1, "Grim Skull")
    lay(t, swordsman, card_of(2, "Axeman"))
    assert Channel(seat=1, source="guardian", into=skull) not in legal_commands(t.state, 1)
    t.play(PlayRanged(seat=1, card=skull))
    t.play(Pass(seat=2))
    assert Channel(seat=1, source="guardian", into=skull) in legal_commands(t.state, 1)
    t.play(Channel(seat=1, source="guardian", into=skull))
    assert [(e.into, e.amount) for e in t.of(Channeled)] == [(skull, 3)]
    assert support(t, swordsman) == 3 + 3
    t.play(Pass(seat=2))
    refuses(t, Channel(seat=1, source="guardian", into=skull), "has received all the channeling it may")
    refuses(t, Channel(seat=1, source="guardian", into=card_of(2, "Axeman")), "not a ranged attacker of yours")


def test_the_great_balderoon_strikes_an_aoe_of_the_pirates_ranged_attack() -> None:
    """aoe-fired "pirate" (The Great Balderoon, a stone): seat 1 fires its Gunner (a Pirate, 4
    pt.), then plays the Balderoon on it: a 4 pt. AOE strikes seat 2's Combat Hand, the Idiot and
    the Gnomes, not the Sand Lord; the ranged attack stays as fired (guardians AOE attacks)."""
    t = Table(face_off(["Swordsman", "Gunner"], ["Axeman", "Idiot", "Gn'Omish Gnomes", "Sand Lord"],
                       attacker_storage=["The Great Balderoon"]))
    combat_start(t)
    swordsman, gunner, balderoon = card_of(1, "Swordsman"), card_of(1, "Gunner"), card_of(1, "The Great Balderoon")
    lay(t, swordsman, card_of(2, "Axeman"))
    refuses(t, PlayCard(seat=1, card=balderoon, target=gunner), "fired in this match-up")
    t.play(PlayRanged(seat=1, card=gunner))
    t.play(Pass(seat=2))
    assert PlayCard(seat=1, card=balderoon, target=gunner) in legal_commands(t.state, 1)
    t.cast(PlayCard(seat=1, card=balderoon, target=gunner))
    (aoe,) = [e for e in t.of(EffectApplied) if e.effect == "aoe plain"]
    assert aoe.amount == 4 and set(aoe.cards) == {card_of(2, "Idiot"), card_of(2, "Gn'Omish Gnomes")}
    assert support(t, swordsman) == 4 and t.state.player(1).stones == 6
