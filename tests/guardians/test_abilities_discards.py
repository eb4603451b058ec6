"""Forced discards and bans (discards.py, answers.py): one scenario per ability kind and
moment, each with a card that has it (guardians Text Box, and the section whose step it
acts in; RULES.md, Forced discards and bans), and what every viewer receives of it."""

from __future__ import annotations

from domain.games.guardians.answers import answers
from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import CardsMoved, CardsShown, Pass, PlayCard, PlayCreature, PlayRanged
from domain.games.guardians.state import DISCARD, PEN, STORAGE
from domain.kernel import SPECTATOR, replace
from tests.guardians.support import Table, card_of, face_off, through_spells
from tests.guardians.test_texts import both_pass, combat_start, lay, no_ids, refuses, seen_by

VIEWERS = (1, 2, SPECTATOR)


def discarded(table: Table, rule: str) -> list[CardsMoved]:
    return [e for e in table.of(CardsMoved) if e.rule == f"guardians Text Box ({rule})" and e.to_zone == DISCARD]


def test_vapor_elemental_strips_the_enemys_creature_items_as_its_match_up_is_revealed() -> None:
    """guardians Text Box, Vapor Elemental (discards "stack:creature-item", when reveal), the
    Iron Crag Boggler's text: the enemy's creature Magic Items on the space are discarded, in
    the open (the discard pile is public); its creatures stay."""
    heart = card_of(2, "Petrified Heart")
    table = Table(face_off(["Vapor Elemental"], ["Cabin Boy", "Petrified Heart", "Idiot"]))
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Vapor Elemental")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))
    [moved] = discarded(table, "Vapor Elemental")
    assert (moved.seat, moved.cards, moved.reason) == (2, (heart,), "discarded: Vapor Elemental")
    assert heart in table.state.zone(2, DISCARD) and card_of(2, "Idiot") not in table.state.zone(2, DISCARD)
    assert all(seen_by(moved, viewer).cards == (heart,) for viewer in VIEWERS)


def test_bungee_bony_ridged_discards_the_enemys_goblins_and_idiots_left_in_its_hand() -> None:
    """guardians Text Box, Bungee Bony Ridged (discards "hand:goblin|name:idiot", when
    reveal): the Goblins and Idiots the enemy has not played go to its discard pile; the one
    it laid in the match-up and its other creatures stay."""
    laid, brown, idiot = card_of(2, "Brap Back Goblins"), card_of(2, "Brown Backs"), card_of(2, "Idiot")
    table = Table(face_off(["Bungee Bony Ridged"], ["Brap Back Goblins", "Brown Backs", "Idiot", "Cabin Boy"]))
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Bungee Bony Ridged")))
    table.play(PlayCreature(seat=2, card=laid))
    [moved] = discarded(table, "Bungee Bony Ridged")
    assert moved.cards == (brown, idiot)
    assert laid not in table.state.zone(2, DISCARD) and card_of(2, "Cabin Boy") not in table.state.zone(2, DISCARD)


def test_high_priest_of_sethos_makes_both_seats_discard_their_double_bordered_cards() -> None:
    """guardians Text Box, High Priest of Sethos (discards "both:storage:double", when
    reveal): each Storage Hand loses its Spells, Hand Items and Bribery cards, the enemy's
    first; single-bordered cards stay."""
    table = Table(
        face_off(
            ["High Priest of Sethos"],
            ["Cabin Boy"],
            attacker_storage=["Make Juice", "Swordsman"],
            defender_storage=["Dispel Magic", "Gold", "Axeman"],
        )
    )
    combat_start(table)
    lay(table, card_of(1, "High Priest of Sethos"), card_of(2, "Cabin Boy"))
    moves = discarded(table, "High Priest of Sethos")
    assert [(e.seat, e.cards) for e in moves] == [
        (2, (card_of(2, "Dispel Magic"), card_of(2, "Gold"))),
        (1, (card_of(1, "Make Juice"),)),
    ]
    assert table.state.zone(1, STORAGE) == (card_of(1, "Swordsman"),)
    assert table.state.zone(2, STORAGE) == (card_of(2, "Axeman"),)


def test_howling_reaver_beating_draws_one_card_of_the_enemys_pen_at_random_unseen() -> None:
    """guardians Text Box, Howling Reaver (discards 1 "pen:card", when beats): beating its
    primary match-up opponent, the enemy discards one card of its Creature Pen drawn by the
    game's generator; the card drawn is public, the rest of the pen stays hidden."""
    pen = (card_of(2, "Swordsman"), card_of(2, "Axeman"), card_of(2, "Archer"))
    state = face_off(["Howling Reaver"], ["Idiot"])
    table = Table(replace(state, zones={**state.zones, "2:pen": pen}))
    combat_start(table)
    lay(table, card_of(1, "Howling Reaver"), card_of(2, "Idiot"))
    assert both_pass(table).outcome == "attacker"
    [moved] = discarded(table, "Howling Reaver")
    assert moved.reason == "discarded at random: Howling Reaver" and moved.count == 1
    [gone] = moved.cards
    assert gone in pen and len(table.state.zone(2, PEN)) == 2
    kept = [c for c in pen if c != gone]
    for viewer in (1, SPECTATOR):
        assert seen_by(moved, viewer).cards == (gone,)
        no_ids(viewer, table, kept)


def test_buffy_surviving_her_match_up_sees_the_double_bordered_cards_and_strips_beer() -> None:
    """guardians Text Box, Buffy, Evil Hornbag (shows "storage:double" and discards
    "storage:bribery:beer", when survives-match-up): she wins her primary match-up, so the
    enemy shows her seat (only) its Storage Hand's double-bordered cards, then discards its
    Beer Bribery cards."""
    beer, gold, juice = card_of(2, "Beer"), card_of(2, "Gold"), card_of(2, "Make Juice")
    table = Table(
        face_off(["Buffy, Evil Hornbag"], ["Idiot"], defender_storage=["Beer", "Gold", "Make Juice", "Swordsman"])
    )
    combat_start(table)
    lay(table, card_of(1, "Buffy, Evil Hornbag"), card_of(2, "Idiot"))
    both_pass(table)
    [shown] = table.of(CardsShown)
    assert (shown.seat, shown.owner, shown.zone, shown.cards) == (1, 2, "storage", (beer, gold, juice))
    assert seen_by(shown, 1).cards == shown.cards and seen_by(shown, SPECTATOR).cards == ()
    [moved] = discarded(table, "Buffy, Evil Hornbag")
    assert moved.cards == (beer,) and table.state.zone(2, STORAGE) == (gold, juice, card_of(2, "Swordsman"))
    assert table.events.index(shown) < table.events.index(moved)


def test_red_master_surviving_a_combat_on_the_enemys_stronghold_draws_two_pen_cards() -> None:
    """guardians Text Box, Red Master of Shadow (discards 2 "pen:card", when
    survives-stronghold): after a combat over the enemy's stronghold card (not rubble) that
    it fought and survived, the enemy discards two cards of its Creature Pen, drawn at random."""
    pen = (card_of(2, "Swordsman"), card_of(2, "Axeman"), card_of(2, "Archer"))
    state = face_off(["Red Master of Shadow"], ["Idiot"], attacker_space="b3", defender_space="b4")
    table = Table(replace(state, zones={**state.zones, "2:pen": pen}))
    combat_start(table)
    lay(table, card_of(1, "Red Master of Shadow"), card_of(2, "Idiot"))
    both_pass(table)
    [moved] = discarded(table, "Red Master of Shadow")
    assert moved.count == 2 and set(moved.cards) < set(pen) and len(table.state.zone(2, PEN)) == 1


def test_secauris_firing_draws_one_creature_item_of_the_enemy_stack_at_random() -> None:
    """guardians Text Box, Secauris (ranged 1, discards 1 "stack:creature-item", when fired):
    its ranged attack also costs the enemy one creature Magic Item of its stack on the
    space, drawn by the generator (RULES.md: the text names no chooser)."""
    items = (card_of(2, "Petrified Heart"), card_of(2, "Petrified Heart", 2))
    table = Table(face_off(["Swordsman", "Secauris"], ["Axeman", "Petrified Heart", "Petrified Heart"]))
    combat_start(table)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Axeman"))
    assert not discarded(table, "Secauris")
    table.play(PlayRanged(seat=1, card=card_of(1, "Secauris")))
    [moved] = discarded(table, "Secauris")
    assert moved.count == 1 and moved.cards[0] in items


def test_geldspar_forbids_the_enemys_hand_items_while_it_stands() -> None:
    """guardians Text Box, Geldspar, Court Magician (bans-play "enemy:hand-item", limit
    in-play): with Geldspar on the table the enemy's Hand Magic Item is refused and not
    listed; its own seat's is not banned."""
    mine, theirs = card_of(1, "Shroud of Grahzue"), card_of(2, "Shroud of Grahzue")
    table = Table(
        face_off(
            ["Geldspar, Court Magician"],
            ["Howling Reaver"],
            attacker_storage=["Shroud of Grahzue"],
            defender_storage=["Shroud of Grahzue"],
        )
    )
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Geldspar, Court Magician")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Howling Reaver")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    assert PlayCard(seat=1, card=mine) in legal_commands(table.state, 1)
    table.play(Pass(seat=1))
    refuses(table, PlayCard(seat=2, card=theirs), "Geldspar, Court Magician forbids Shroud of Grahzue")
    assert not any(isinstance(c, PlayCard) and c.card == theirs for c in legal_commands(table.state, 2))


def test_pharaoh_djoser_forbids_spells_to_both_seats_for_the_combat() -> None:
    """guardians Text Box, Pharaoh Djoser (bans-play "both:spell"): once it is revealed, no
    Spell is played by either seat in this combat."""
    table = Table(
        face_off(
            ["Pharaoh Djoser", "Swordsman"],
            ["Cabin Boy", "Idiot"],
            attacker_storage=["Make Juice"],
            defender_storage=["Make Juice"],
        )
    )
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Pharaoh Djoser")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    refuses(table, PlayCard(seat=1, card=card_of(1, "Make Juice")), "Pharaoh Djoser forbids Make Juice")
    table.play(Pass(seat=1))
    refuses(table, PlayCard(seat=2, card=card_of(2, "Make Juice")), "Pharaoh Djoser forbids Make Juice")


def test_the_maitz_hotel_allows_no_dispel_magic_in_combat_on_its_land() -> None:
    """guardians Text Box, The Maitz Hotel (bans-play "both:name:dispel magic", a terrain
    card): in a combat on its land, a Spell cast is answered by a pass only, whatever
    Dispel Magic the enemy holds."""
    table = Table(
        face_off(
            ["Swordsman"],
            ["Axeman"],
            terrain_name="The Maitz Hotel",
            attacker_storage=["Make Juice"],
            defender_storage=["Dispel Magic"],
        )
    )
    combat_start(table)
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    table.play(PlayCreature(seat=2, card=card_of(2, "Axeman")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    table.play(PlayCard(seat=1, card=card_of(1, "Make Juice")))
    assert answers(table.state, 2) == [Pass(seat=2)]
    dispel = PlayCard(seat=2, card=card_of(2, "Dispel Magic"), target=card_of(1, "Make Juice"))
    refuses(table, dispel, "The Maitz Hotel forbids Dispel Magic")
    table.play(Pass(seat=2))
    through_spells(table)

