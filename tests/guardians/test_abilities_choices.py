"""Ultimatums and optional choices (issue 30): card texts that give a seat a choice between
outcomes, answered with Choose (choices.py). One test per ability kind, each with a card that
has it (guardians Text Box; COMBAT RESOLUTION for the retreats, which follow its rules)."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsMoved,
    CardsShown,
    ChoiceMade,
    ChoiceOffered,
    Choose,
    CombatConceded,
    CreatureStatus,
    EffectApplied,
    MatchupResolved,
    MatchupRevealed,
    Pass,
    PlayCreature,
    Retreat,
    StonesSpent,
    Term,
)
from domain.games.guardians.state import DISCARD, PEN, STORAGE, GuardiansState, combat_now, members
from tests.guardians.support import Table, card_of, face_off, through_spells
from tests.guardians.test_abilities_flow import commands, statuses
from tests.guardians.test_texts import both_pass, lay, refuses

ATTACKER_SHIELD = "1.re-shield-ploogs-ox-10#1"


def _stones(state: GuardiansState, seat: int, stones: int) -> GuardiansState:
    return state.with_player(seat, stones=stones)


def _reveal(table: Table, attacker: str, defender: str) -> None:
    """Both seats lay their creature; the match-up is revealed."""
    table.play(PlayCreature(seat=1, card=attacker))
    table.play(PlayCreature(seat=2, card=defender))


def _fight_out(table: Table) -> MatchupResolved:
    """Neither seat bribes, casts or modifies: the match-up is resolved."""
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    through_spells(table)
    return both_pass(table)


def test_great_horned_troll_makes_the_attacker_discard_two_cards_one_at_a_time() -> None:
    """ultimatum, limit defending, when command (Great Horned Troll): as the defender's
    Command Card, the attacker must retreat, pay a stone or discard two Storage Hand cards
    before primary attacks; only its Choose is listed and accepted, one card a Choose."""
    troll = card_of(2, "Great Horned Troll")
    gold, beer = card_of(1, "Gold"), card_of(1, "Beer")
    table = Table(face_off(["Swordsman"], ["Great Horned Troll", "Swordsman"], attacker_storage=["Gold", "Beer"]))
    commands(table, defender=troll)
    [offer] = table.of(ChoiceOffered)
    assert (offer.seat, offer.source, offer.options) == (1, troll, ("retreat", "stone:1", "discard:2"))
    assert legal_commands(table.state, 2) == []
    assert legal_commands(table.state, 1) == [
        Choose(seat=1, option="retreat"),
        Choose(seat=1, option="stone:1"),
        Choose(seat=1, option="discard:2", card=gold),
        Choose(seat=1, option="discard:2", card=beer),
    ]
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Swordsman")), "must first answer the choice")
    refuses(table, Choose(seat=1, option="discard:2"), "name a card of your Storage Hand")
    refuses(table, Choose(seat=1, option="refuse"), "choose one of")
    table.play(Choose(seat=1, option="discard:2", card=gold))
    assert table.state.pending is not None and table.state.pending.options == ("discard:1",)
    table.play(Choose(seat=1, option="discard:1", card=beer))
    assert table.state.pending is None
    assert table.state.zone(1, DISCARD) == (gold, beer) and table.state.zone(1, STORAGE) == ()
    assert combat_now(table.state).stage == "choose"


def test_great_horned_troll_retreat_ends_the_combat_by_the_retreat_rules() -> None:
    """ultimatum option retreat (guardians COMBAT RESOLUTION): the attacker retreats back the
    way it came, as a beaten attacker does; the defender wins, and nothing is fought. The
    Troll played by the attacker gives no choice (limit defending)."""
    troll = card_of(2, "Great Horned Troll")
    table = Table(_stones(face_off(["Swordsman"], ["Great Horned Troll", "Swordsman"]), 1, 0))
    commands(table, defender=troll)
    # With no stone and no Storage Hand, the retreat is the only option: made by the rules.
    assert table.state.pending is None and not table.of(ChoiceOffered)
    [made] = table.of(ChoiceMade)
    assert (made.seat, made.option) == (1, "retreat")
    [conceded] = table.of(CombatConceded)
    assert (conceded.seat, conceded.source) == (1, troll)
    combat = combat_now(table.state)
    assert (combat.winner, combat.loser, combat.stage, combat.actor) == (2, 1, "retreat", 1)
    table.play(Retreat(seat=1, to="b2"))
    assert table.state.combat is None and not table.of(MatchupRevealed)
    back = table.state.shield(ATTACKER_SHIELD)
    assert back is not None and back.space == "b2"

    mine = Table(face_off(["Great Horned Troll", "Swordsman"], ["Swordsman"]))
    commands(mine, attacker=card_of(1, "Great Horned Troll"))
    assert mine.state.pending is None and not mine.of(ChoiceOffered)


def test_slimwit_man_gives_the_staying_enemy_two_and_destroys_it_on_a_win() -> None:
    """ultimatum refuse, bonus-enemy when refused, wins-destroys (Slimwit Man): the enemy
    stays and its creatures get +2 in its match-ups; Slimwit's side wins the combat, so the
    enemy's creatures left under its Shield are destroyed."""
    slimwit = card_of(1, "Slimwit Man")
    table = Table(face_off(["Slimwit Man", "Sun Spirit", "Wraith"], ["Swordsman", "Ice Spirit"]))
    commands(table, attacker=slimwit)
    assert table.of(ChoiceOffered)[-1].options == ("retreat", "refuse")
    table.play(Choose(seat=2, option="refuse"))
    [bonus] = [e for e in table.of(EffectApplied) if e.effect == "bonus-all"]
    assert (bonus.seat, bonus.source, bonus.amount) == (2, slimwit, 2)
    lay(table, card_of(1, "Sun Spirit"), card_of(2, "Swordsman"))
    first = both_pass(table)
    assert Term("Slimwit Man", 2) in first.defender_terms and first.outcome == "attacker"  # 12 against 6 + 3 + 2
    ice = card_of(2, "Ice Spirit")
    lay(table, card_of(1, "Wraith"), ice)
    assert both_pass(table).outcome == "defender"  # 8 against 5 + 2 + 2
    assert statuses(table)[ice] == "destroyed"
    destroyed = next(e for e in table.of(CreatureStatus) if e.card == ice)
    assert (destroyed.by, destroyed.rule) == (slimwit, "guardians Text Box (Slimwit Man)")


def test_sales_weasel_gets_six_unless_the_enemy_burns_a_stone() -> None:
    """ultimatum stone:1|refuse when match-up, primary-bonus when refused (Sales Weasel):
    revealed as a primary attacker, the enemy burns a stone or the Weasel gets +6; bribery
    waits for the answer. With no stone the refusal is made by the rules."""
    weasel, swordsman = card_of(1, "Sales Weasel"), card_of(2, "Swordsman")
    table = Table(face_off(["Sales Weasel"], ["Swordsman"]))
    commands(table)
    _reveal(table, weasel, swordsman)
    assert table.of(ChoiceOffered)[-1].options == ("stone:1", "refuse")
    refuses(table, Pass(seat=1), "must first answer the choice")
    table.play(Choose(seat=2, option="refuse"))
    matchup = _fight_out(table)
    assert Term("own text: ultimatum refused", 6) in matchup.attacker_terms and matchup.outcome == "attacker"

    paid = Table(face_off(["Sales Weasel"], ["Swordsman"]))
    commands(paid)
    _reveal(paid, weasel, swordsman)
    paid.play(Choose(seat=2, option="stone:1"))
    assert [(e.seat, e.count) for e in paid.of(StonesSpent)] == [(2, 1)]
    assert paid.state.player(2).stones == 6

    broke = Table(_stones(face_off(["Sales Weasel"], ["Swordsman"]), 2, 0))
    commands(broke)
    _reveal(broke, weasel, swordsman)
    assert not broke.of(ChoiceOffered) and [e.option for e in broke.of(ChoiceMade)] == ["refuse"]


def test_blue_mountain_leechfoot_returns_to_the_pen_unless_the_enemy_pays() -> None:
    """ultimatum stone:1|refuse when beaten, returns-when-beaten pen when refused (Blue Mountain
    Leechfoot): beaten in a primary match-up, it goes back to its Creature Pen at once (as the
    other texts that return a beaten creature: RULES.md) unless the enemy pays a stone."""
    leechfoot, sun = card_of(1, "Blue Mountain Leechfoot"), card_of(2, "Sun Spirit")
    table = Table(face_off(["Blue Mountain Leechfoot", "Swordsman"], ["Sun Spirit", "Swordsman"]))
    commands(table)
    lay(table, leechfoot, sun)
    assert both_pass(table).outcome == "defender"  # 8 + 1 against 12
    [offer] = table.of(ChoiceOffered)
    assert (offer.seat, offer.source, offer.options) == (2, leechfoot, ("stone:1", "refuse"))
    table.play(Choose(seat=2, option="refuse"))
    assert leechfoot in table.state.zone(1, PEN)
    assert leechfoot not in table.state.zone(1, members(ATTACKER_SHIELD))
    assert combat_now(table.state).stage == "choose" and table.state.pending is None

    paid = Table(face_off(["Blue Mountain Leechfoot", "Swordsman"], ["Sun Spirit", "Swordsman"]))
    commands(paid)
    lay(paid, leechfoot, sun)
    both_pass(paid)
    paid.play(Choose(seat=2, option="stone:1"))
    assert leechfoot in paid.state.zone(1, members(ATTACKER_SHIELD)) and paid.state.player(2).stones == 6


def test_tweezle_the_sneaky_shows_the_storage_hand_and_is_discarded_after_use() -> None:
    """ultimatum show:storage|stone:1 when command, discard-after-use (Tweezle the Sneaky): the
    creature Magic Item played as the Command Card makes the enemy show its double-bordered
    cards (its Storage Hand) or lose a stone; then it goes to the discard pile."""
    tweezle, gold = card_of(1, "Tweezle the Sneaky"), card_of(2, "Gold")
    table = Table(face_off(["Tweezle the Sneaky", "Swordsman"], ["Swordsman"], defender_storage=["Gold"]))
    commands(table, attacker=tweezle)
    assert table.of(ChoiceOffered)[-1].options == ("show:storage", "stone:1")
    assert tweezle in table.state.zone(1, members(ATTACKER_SHIELD))  # used only once the choice is made
    table.play(Choose(seat=2, option="show:storage"))
    [shown] = table.of(CardsShown)
    assert (shown.seat, shown.owner, shown.source, shown.zone, shown.cards) == (1, 2, tweezle, "storage", (gold,))
    discarded = table.of(CardsMoved)[-1]
    assert (discarded.cards, discarded.to_zone, discarded.reason) == ((tweezle,), DISCARD, "discarded after use")
    assert combat_now(table.state).stage == "choose"


def test_darkness_elemental_shows_the_hand_and_may_be_discarded_to_retreat() -> None:
    """shows hand and may discard-retreat, when command (Darkness Elemental): the enemy shows
    its Combat Hand; the Elemental's seat may then discard it and retreat before melee, by
    the retreat rules (guardians COMBAT RESOLUTION), or let it pass and fight."""
    elemental = card_of(1, "Darkness Elemental")
    table = Table(face_off(["Darkness Elemental", "Swordsman"], ["Swordsman", "Axeman"]))
    commands(table, attacker=elemental)
    [shown] = table.of(CardsShown)
    assert shown.cards == (card_of(2, "Swordsman"), card_of(2, "Axeman"))
    assert table.of(ChoiceOffered)[-1].options == ("discard-retreat", "pass")
    table.play(Choose(seat=1, option="discard-retreat"))
    assert statuses(table) == {elemental: "destroyed"}
    assert [e.seat for e in table.of(CombatConceded)] == [1]
    table.play(Retreat(seat=1, to="b2"))
    assert elemental in table.state.zone(1, DISCARD) and table.state.combat is None

    fights = Table(face_off(["Darkness Elemental", "Swordsman"], ["Swordsman", "Axeman"]))
    commands(fights, attacker=elemental)
    fights.play(Choose(seat=1, option="pass"))
    assert combat_now(fights.state).stage == "choose" and not fights.of(CombatConceded)


def test_spirit_guide_is_told_the_count_and_total_vitality_of_the_enemy_hand() -> None:
    """shows tally, when command (Spirit Guide): the enemy tells how many creatures its
    Combat Hand holds and their total Vitality, naming none; then the Guide's seat may
    discard it and retreat."""
    guide = card_of(1, "Spirit Guide")
    table = Table(face_off(["Spirit Guide", "Swordsman"], ["Swordsman", "Axeman"]))
    commands(table, attacker=guide)
    [told] = table.of(CardsShown)
    assert (told.seat, told.owner, told.zone, told.cards, told.count, told.total) == (1, 2, "hand", (), 2, 13)
    assert table.of(ChoiceOffered)[-1].options == ("discard-retreat", "pass")


def test_captain_hannibal_hawks_may_retreat_once_primary_attacks_are_over() -> None:
    """may retreat, when after-primaries (Captain Hannibal Hawks): in play and unbeaten when
    primary attacks are over, its seat may retreat its Shield with its unbeaten creatures;
    the beaten are left behind, and the enemy wins (guardians COMBAT RESOLUTION, HEALING)."""
    hawks, swordsman = card_of(1, "Captain Hannibal Hawks"), card_of(1, "Swordsman")
    faces = face_off(["Captain Hannibal Hawks", "Swordsman"], ["Devil Dog", "Sun Spirit", "Axeman"])
    table = Table(faces)
    commands(table)
    lay(table, hawks, card_of(2, "Devil Dog"))
    assert both_pass(table).outcome == "attacker"  # 11 + 1 against 6
    lay(table, swordsman, card_of(2, "Sun Spirit"))
    assert both_pass(table).outcome == "defender"  # 6 + 3 against 12
    [offer] = table.of(ChoiceOffered)
    assert (offer.seat, offer.source, offer.options) == (1, hawks, ("retreat", "pass"))
    table.play(Choose(seat=1, option="retreat"))
    combat = combat_now(table.state)
    assert (combat.winner, combat.stage, combat.actor) == (2, "retreat", 1)
    table.play(Retreat(seat=1, to="b2"))
    assert table.state.zone(1, members(ATTACKER_SHIELD)) == (hawks,)
    assert swordsman in table.state.zone(1, DISCARD)

    stays = Table(faces)
    commands(stays)
    lay(stays, hawks, card_of(2, "Devil Dog"))
    both_pass(stays)
    lay(stays, swordsman, card_of(2, "Sun Spirit"))
    both_pass(stays)
    stays.play(Choose(seat=1, option="pass"))
    combat = combat_now(stays.state)
    assert (combat.stage, combat.actor) == ("secondary", 2)
