"""Reveals, looks and declarations (issue 30): texts that make a seat show or tell
something hidden. One test per ability kind, each with a card that has it (guardians
Text Box, and the section the ability changes), and for each what every viewer
receives: the seat told, its enemy and a spectator (their redacted events and views)."""

from __future__ import annotations

from domain.games.guardians.legal import legal_commands
from domain.games.guardians.messages import (
    CardsShown,
    CommandsRevealed,
    CreatureChosen,
    CreatureDeclared,
    FinishOrganizing,
    Pass,
    PlayCard,
    PlayCreature,
)
from domain.games.guardians.state import ORGANIZE
from domain.games.guardians.turn import to_act
from domain.games.guardians.view import redact, view
from domain.kernel.game import SPECTATOR
from tests.guardians.support import Table, card_of, face_off, table, through_spells
from tests.guardians.test_abilities_flow import commands
from tests.guardians.test_abilities_spells import opening
from tests.guardians.test_texts import both_pass, combat_start, lay, no_ids, refuses, seen_by

VIEWERS = (1, 2, SPECTATOR)


def declared(table: Table) -> list[tuple[int, str, str, str]]:
    return [(e.seat, e.source, e.what, e.value) for e in table.of(CreatureDeclared)]


def defender_first(table: Table, attacker: str, defender: str) -> None:
    """The defender lays first (as the attacker's card asks), then the attacker; neither
    bribes, and the match-up is resolved."""
    table.play(PlayCreature(seat=2, card=defender))
    table.play(PlayCreature(seat=1, card=attacker))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    through_spells(table)
    both_pass(table)


def test_seer_makes_the_enemy_lay_first_and_say_the_size_in_every_match_up() -> None:
    """declare-first, target size, when command, limit combat (guardians COMBAT; Seer): as
    the standing Command Card, in each primary match-up the enemy lays first and says the
    size of its creature to the table; the creature itself stays hidden until the reveal."""
    seer = card_of(1, "Seer")
    table = Table(face_off(["Seer", "Swordsman", "Axeman"], ["Baleful Eye", "Howling Reaver"]))
    commands(table, attacker=seer)
    assert to_act(table.state) == (2,)
    refuses(table, PlayCreature(seat=1, card=card_of(1, "Swordsman")), "lay its creature first")
    table.play(PlayCreature(seat=2, card=card_of(2, "Baleful Eye")))
    assert declared(table) == [(2, seer, "size", "S")]
    said, chosen = table.of(CreatureDeclared)[-1], table.of(CreatureChosen)[-1]
    for viewer in VIEWERS:
        assert redact(said, viewer) == said  # a declaration is public
    assert redact(chosen, 2) == chosen
    for viewer in (1, SPECTATOR):
        assert seen_by(chosen, viewer).card == ""
        no_ids(viewer, table, [card_of(2, "Baleful Eye")])
    table.play(PlayCreature(seat=1, card=card_of(1, "Axeman")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    both_pass(table)
    assert to_act(table.state) == (2,)  # again in the second match-up
    defender_first(table, card_of(1, "Swordsman"), card_of(2, "Howling Reaver"))
    assert declared(table)[-1] == (2, seer, "size", "M")


def test_seer_against_visionary_both_dispelled_nobody_waits() -> None:
    """guardians COMBAT, Ex. 2: Visionary against Seer contradict, equal Up numbers, both
    dispelled; so neither seat lays first and nothing is declared."""
    table = Table(face_off(["Seer", "Swordsman"], ["Visionary", "Cabin Boy"]))
    commands(table, card_of(1, "Seer"), card_of(2, "Visionary"))
    assert set(table.of(CommandsRevealed)[-1].dispelled) == {card_of(1, "Seer"), card_of(2, "Visionary")}
    assert to_act(table.state) == (1, 2)
    lay(table, card_of(1, "Swordsman"), card_of(2, "Cabin Boy"))
    assert declared(table) == []


def test_brom_19_asks_the_size_of_the_first_creature_only() -> None:
    """declare-first, target size, limit once (guardians Text Box; Standard Bearer Brom's
    Demonic 19): the enemy's first primary attacker only."""
    bearer = "2.re-standard-bearer-broms-demonic-19#1"
    table = Table(face_off(["Swordsman", "Axeman"], ["Cabin Boy", "Howling Reaver"], defender_shield=bearer))
    combat_start(table)
    assert to_act(table.state) == (1,)
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    assert declared(table) == [(1, bearer, "size", "M")]
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))
    table.play(Pass(seat=1))
    table.play(Pass(seat=2))
    both_pass(table)
    assert to_act(table.state) == (1, 2)


def test_woolverine_in_play_asks_the_class_in_later_match_ups() -> None:
    """declare-first, target class, limit in-play (guardians Text Box; Woolverine): once it
    stands on the table, the enemy lays first in each match-up and says its creature's
    classes; not before it is laid."""
    wool = card_of(1, "Woolverine")
    table = Table(face_off(["Woolverine", "Axeman"], ["Cabin Boy", "Howling Reaver"]))
    combat_start(table)
    assert to_act(table.state) == (1, 2)
    lay(table, wool, card_of(2, "Cabin Boy"))  # 6 beats 4: it stands
    both_pass(table)
    assert to_act(table.state) == (2,)
    table.play(PlayCreature(seat=2, card=card_of(2, "Howling Reaver")))
    assert declared(table) == [(2, wool, "class", "undead")]
    for viewer in (1, SPECTATOR):
        no_ids(viewer, table, [card_of(2, "Howling Reaver")])


def test_eye_of_long_spying_shows_the_storage_hand_to_its_caster_only() -> None:
    """shows, target storage (guardians SPELLS; Eye of Long Spying): played the general way,
    it shows its caster the enemy's Storage Hand once; the enemy knows what it showed; a
    spectator learns only how many cards, and nobody's view names them afterwards."""
    eye = card_of(1, "Eye of Long Spying")
    kept = (card_of(2, "Gold"), card_of(2, "Archer"))
    table = Table(opening((eye,), kept))
    assert PlayCard(seat=1, card=eye) in legal_commands(table.state, 1)
    table.cast(PlayCard(seat=1, card=eye))
    [shown] = table.of(CardsShown)
    told = (shown.seat, shown.owner, shown.source, shown.zone, shown.cards, shown.count)
    assert told == (1, 2, eye, "storage", kept, 2)
    assert redact(shown, 1) == shown and redact(shown, 2) == shown
    spectator = seen_by(shown, SPECTATOR)
    assert spectator.cards == () and spectator.count == 2
    no_ids(SPECTATOR, table, kept)
    assert view(table.state, 1).seats[1].storage_cards == ()  # a look, not a lasting sight


def test_eye_of_long_spying_in_draw_and_organize_shows_no_drawn_card() -> None:
    """guardians DRAW AND ORGANIZE PHASE: cast there, the Eye shows the Storage Hand only;
    the enemy's cards drawn and not yet sorted (nor committed: a seat's layout is sorted
    as the layouts are revealed) stay hidden from the caster."""
    eye, old, new = card_of(1, "Eye of Long Spying"), card_of(2, "Gold"), card_of(2, "Beer")
    t = Table(table(phase=ORGANIZE, zones={"1:drawn": (eye,), "2:drawn": (new,), "2:storage": (old,)}))
    t.play(FinishOrganizing(seat=2))
    t.cast(PlayCard(seat=1, card=eye))
    [shown] = t.of(CardsShown)
    assert shown.cards == (old,) and shown.count == 1
    no_ids(1, t, [new])


def test_trumpeter_shows_demons_and_devils_and_they_are_laid_first() -> None:
    """shows, target hand:demon|devil, and lays-first (guardians COMBAT; Trumpeter): as the
    standing Command Card, the enemy shows its seat the Demons and Devils of its Combat
    Hand (named to the two seats only) and lays them before any other creature."""
    trumpeter, devil = card_of(1, "Trumpeter"), card_of(2, "Devil Dog")
    table = Table(face_off(["Trumpeter", "Swordsman", "Axeman"], ["Cabin Boy", "Devil Dog"]))
    commands(table, attacker=trumpeter)
    [shown] = table.of(CardsShown)
    assert (shown.seat, shown.owner, shown.zone, shown.cards) == (1, 2, "hand", (devil,))
    assert seen_by(shown, 1).cards == (devil,) and seen_by(shown, 2).cards == (devil,)
    assert seen_by(shown, SPECTATOR).cards == () and seen_by(shown, SPECTATOR).count == 1
    no_ids(SPECTATOR, table, [devil])
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Cabin Boy")), "Trumpeter")
    laid = [c.card for c in legal_commands(table.state, 2) if isinstance(c, PlayCreature)]
    assert laid == [devil]
    lay(table, card_of(1, "Axeman"), devil)
    both_pass(table)
    table.play(PlayCreature(seat=2, card=card_of(2, "Cabin Boy")))  # no Demon or Devil left


def test_trumpeter_and_baleful_eye_both_act() -> None:
    """guardians COMBAT, Ex. 3: Trumpeter against Baleful Eye do not contradict: the
    Trumpeter's seat lays first and says the size, and the Eye's seat lays its Demons and
    Devils first."""
    table = Table(face_off(["Trumpeter", "Swordsman"], ["Baleful Eye", "Cabin Boy", "Devil Dog"]))
    commands(table, card_of(1, "Trumpeter"), card_of(2, "Baleful Eye"))
    assert table.of(CommandsRevealed)[-1].dispelled == ()
    assert to_act(table.state) == (1,)
    table.play(PlayCreature(seat=1, card=card_of(1, "Swordsman")))
    assert declared(table) == [(1, card_of(2, "Baleful Eye"), "size", "M")]
    refuses(table, PlayCreature(seat=2, card=card_of(2, "Cabin Boy")), "Trumpeter")
    table.play(PlayCreature(seat=2, card=card_of(2, "Devil Dog")))
