"""Guardians in words (issue 28): a card placed in secret reads as "a card" to all but its
placer, face-down cards stay face down in the sentences, representative events and
commands read in the game's own terms, and the glance shows a seat its own cards by name
and the other's only as counts."""

from __future__ import annotations

from pathlib import Path

from bench.rules import start
from domain.games.guardians import GAME
from domain.games.guardians import messages as m
from domain.games.guardians.state import DECK, GuardiansState, key_of
from domain.games.guardians.words import COMMANDS, EVENTS, label
from domain.kernel import SPECTATOR, Command, Event, Session, parse_log, types_in
from domain.kernel.tell import told
from domain.kernel.words import Seats, plain_event
from tests.stored_logs import REPLAYS
from tests.test_words import RAW_IDS

SEATS = Seats(("ann", "bob"))
RAW = RAW_IDS["guardians"]


def seen_by(event: Event, viewer: int) -> str:
    """The event in words as `viewer` sees it (redacted first, as a server sends it)."""
    return GAME.tell_event(GAME.redact(event, viewer), SEATS)


def test_every_event_and_command_type_has_its_sentence() -> None:
    assert set(EVENTS) == set(types_in(vars(m), Event).values())
    assert set(COMMANDS) == set(types_in(vars(m), Command).values())


def test_a_card_is_labelled_by_its_printed_name_and_copy() -> None:
    """guardians THE DECK: copies of a card in a deck, told apart by their number."""
    assert label("1.re-archer#2") == "Archer #2"
    assert label("2.re-shield-ploogs-ox-10#3") == "Shield Ploog's Ox 10 #3"
    assert label("re-rak-nam-leader-of-the-mighty") == "Rak Nam, Leader of the Mighty"
    # Two cards of one name read apart: a second print in its set, a promo reprint.
    assert label("2.di-fangis-the-hunter-2#1") == "Fangis the Hunter (second print) #1"
    assert label("1.pr-druk#1") == "Druk (promo) #1" and label("1.di-druk#1") == "Druk #1"
    assert RAW.search(plain_event(m.MoveEnded(seat=1, shield="1.re-shield-ploogs-ox-10#1"), SEATS)), (
        "the raw-id pattern must catch a raw id")


def test_a_secret_placement_reads_as_a_card_placed_to_all_but_the_placer() -> None:
    """guardians Who Places First?: both seats place at once, each unseen by the other (view.redact)."""
    placed = m.CardsMoved(seat=1, cards=("1.re-archer#2",), count=1, from_zone="drawn", to_zone="on:b1",
                          reason="placed")
    assert seen_by(placed, 2) == seen_by(placed, SPECTATOR) == "ann places a card in secret."
    assert seen_by(placed, 1) == "ann places Archer #2 on b1, in secret."
    shield = m.CardsMoved(seat=2, cards=("2.re-shield-ploogs-ox-10#1",), count=1, from_zone="drawn",
                          to_zone="on:a4", reason="placed")
    assert seen_by(shield, 1) == "bob places a card in secret."
    assert seen_by(shield, 2) == "bob places Shield Ploog's Ox 10 #1 on a4, in secret."
    kept = m.CardsMoved(seat=2, cards=("2.re-woods#1", "2.re-cave-giant#2"), count=2, from_zone="drawn",
                        to_zone="pen", reason="kept")
    assert seen_by(kept, 1) == "bob keeps 2 cards in their Creature Pen."
    assert seen_by(kept, 2) == "bob keeps Woods #1 and Cave Giant #2 in their Creature Pen."
    openly = m.CardsMoved(seat=1, cards=("1.re-archer#2",), count=1, from_zone="drawn", to_zone="under:c1",
                          reason="placed openly")
    assert seen_by(openly, 2) == "ann places a card under c1."


def test_a_secret_placement_in_a_stored_game_names_no_card_to_the_other_seat() -> None:
    """The same through the log, as the server tells it to each viewer."""
    log = parse_log(Path(REPLAYS / "guardians" / "2p-six-lands-win.jsonl").read_text("utf-8").splitlines())
    names = log.header.seats
    placed = next(e for e in log.envelopes if e.type == "CardsMoved" and e.payload["reason"] == "placed")
    seat = int(placed.payload["seat"])
    card = str(placed.payload["cards"][0])
    assert told(GAME, placed, names, 3 - seat) == f"{names[seat - 1]} places a card in secret."
    assert told(GAME, placed, names, seat).startswith(f"{names[seat - 1]} places {label(card)} ")


def test_the_reveal_and_face_down_cards() -> None:
    """guardians Who Places First? (both layouts revealed at once), guardians COMBAT (Command
    Cards face down until both are chosen), guardians PRIMARY ATTACKS (creatures likewise)."""
    layout = m.LayoutRevealed(spaces=(
        m.SpaceLayout(space="a1", seat=1, shield="", on=2, under=1),
        m.SpaceLayout(space="b1", seat=1, shield="1.re-shield-maitzs-lightning-10#1", on=3, under=0),
        m.SpaceLayout(space="c4", seat=2, shield="", on=0, under=2)))
    assert seen_by(layout, 2) == ("Both placements are revealed: ann has 2 cards on a1 (1 under it), "
                                  "Shield Maitz's Lightning 10 #1 on b1 over 3 cards; bob has 2 cards under c4.")
    chosen = m.CommandChosen(seat=1, card="1.re-horse#1")
    assert seen_by(chosen, 2) == "ann chooses a Command Card, face down."
    assert seen_by(chosen, 1) == "ann chooses Horse #1 as their Command Card, face down."
    laid = m.CreatureChosen(seat=2, card="2.re-cave-giant#2")
    assert seen_by(laid, 1) == "bob lays a creature face down for the match-up."
    assert seen_by(laid, 2) == "bob lays Cave Giant #2 face down for the match-up."
    assert seen_by(m.CommandsRevealed(cards=("1.re-horse#1", "2.re-seer#1"), dispelled=()), 2) == (
        "The Command Cards are revealed: ann's Horse #1 and bob's Seer #1.")
    assert seen_by(m.TerrainPlaced(seat=1, land="b2", card="", face_down=True), 2) == (
        "ann settles b2 with a card face down.")


def test_moves_combat_settlement_and_a_win_read_in_the_games_terms() -> None:
    """guardians Movement, COMBAT, PRIMARY ATTACKS, IS IT OVER YET?, COMBAT RESOLUTION,
    TERRAIN SETTLEMENT PHASE, THE GAME: cards by label, seats by name."""
    tell = GAME.tell_event
    ann_shield, bob_shield = "1.re-shield-maitzs-lightning-10#1", "2.re-shield-ploogs-ox-10#2"
    assert tell(m.ShieldTurned(seat=1, shield=ann_shield, steps=2), SEATS) == (
        "ann turns Shield Maitz's Lightning 10 #1: it may go up to 2 spaces.")
    assert tell(m.ShieldStepped(seat=1, shield=ann_shield, from_space="b1", to_space="b2", fly=False), SEATS) == (
        "ann's Shield Maitz's Lightning 10 #1 steps from b1 to b2.")
    assert tell(m.ShieldStepped(seat=2, shield=bob_shield, from_space="c4", to_space="c3", fly=True,
                                revealed=("2.re-female-pixie#1",)), SEATS) == (
        "bob's Shield Ploog's Ox 10 #2 flies from c4 to c3, showing Female Pixie #1.")
    assert tell(m.CombatStarted(space="b3", attacker=1, defender=2, attacker_shield=ann_shield,
                                defender_shield=bob_shield, defender_zone=f"shield:{bob_shield}", came_from="b2",
                                terrain=("woods",)), SEATS) == (
        "Combat on b3: ann's Shield Maitz's Lightning 10 #1 attacks bob's Shield Ploog's Ox 10 #2 from b2, on Woods.")
    swordsman, giant = "1.re-swordsman#1", "2.re-cave-giant#2"
    assert tell(m.MatchupRevealed(attacker_card=swordsman, defender_card=giant), SEATS) == (
        "Match-up: ann's Swordsman #1 (mortal, Vitality 6) against bob's Cave Giant #2 (mortal, Vitality 12).")
    resolved = m.MatchupResolved(
        attacker_card=swordsman, defender_card=giant,
        attacker_terms=(m.Term("vitality", 6), m.Term("Horse", 6), m.Term("channeling", 2)),
        defender_terms=(m.Term("vitality", 12), m.Term("terrain woods", 1)),
        attacker_total=14, defender_total=13, outcome="attacker", attacker_damage=11, defender_damage=6)
    assert tell(resolved, SEATS) == (
        "ann's Swordsman #1 (14: Vitality 6, Horse +6, channeling +2) against bob's Cave Giant #2 (13: Vitality 12, "
        "Woods +1): ann's Swordsman #1 beats Cave Giant #2.")
    assert tell(m.CreatureStatus(seat=2, card=giant, status="beaten", by=swordsman), SEATS) == (
        "bob's Cave Giant #2 is beaten by ann's Swordsman #1.")
    assert tell(m.CombatResolved(attacker_total=6, defender_total=4, winner=1, loser=2), SEATS) == (
        "The combat is resolved: ann's creatures left total 6 Vitality, bob's 4; ann wins.")
    assert tell(m.CombatResolved(attacker_total=4, defender_total=4, winner=2, loser=1), SEATS) == (
        "The combat is resolved: ann's creatures left total 4 Vitality, bob's 4; bob wins (the defender holds a tie).")
    assert tell(m.ShieldRetreated(seat=2, shield=bob_shield, from_space="b3", to_space="b4"), SEATS) == (
        "bob's Shield Ploog's Ox 10 #2 retreats from b3 to b4.")
    assert tell(m.ShieldAdvanced(seat=1, shield=ann_shield, to_space="b3"), SEATS) == (
        "ann's Shield Maitz's Lightning 10 #1 takes b3.")
    assert tell(m.TerrainPlaced(seat=1, land="b3", card="1.re-spires#4", face_down=False), SEATS) == (
        "ann settles b3 with Spires #4.")
    assert tell(m.LandSettled(seat=1, land="b3"), SEATS) == "b3 is settled for ann."
    assert tell(m.GameWon(seat=1, reason="killed seat 2's Guardian"), SEATS) == (
        "ann wins the game: they killed bob's Guardian.")
    assert tell(m.GameWon(seat=2, reason="holds all six disputed lands"), SEATS) == (
        "bob wins the game: they hold all six disputed lands.")


def test_a_spell_answered_by_dispel_magic() -> None:
    """guardians SPELLS and Dispel Magic's text; guardians answering a Spell or Item (RULES.md)."""
    tell = GAME.tell_event
    lunch, dispel, again = "2.re-power-lunch#1", "1.re-dispel-magic#3", "2.re-dispel-magic#1"
    assert tell(m.AnswerOpened(seat=2, card=lunch, target="2.re-cave-giant#2", actor=1), SEATS) == (
        "bob plays Power Lunch #1 on bob's Cave Giant #2; ann may answer it with a Dispel Magic or let it be.")
    assert tell(m.CardsMoved(seat=1, cards=(dispel,), count=1, from_zone="storage", to_zone="discard",
                             reason="played: Dispel Magic"), SEATS) == "ann plays Dispel Magic #3."
    assert tell(m.CardDispelled(seat=2, card=lunch, by=dispel), SEATS) == (
        "ann's Dispel Magic #3 dispels bob's Power Lunch #1.")
    assert tell(m.CardDispelled(seat=2, card=lunch, by=again), SEATS) == (
        "bob's Dispel Magic #1 dispels the Dispel Magic against their Power Lunch #1: it stands again.")
    assert tell(m.AnswerClosed(seat=1, card=lunch, stands=False), SEATS) == (
        "ann lets it be: bob's Power Lunch #1 stays dispelled.")
    assert tell(m.AnswerClosed(seat=1, card=lunch, stands=True), SEATS) == (
        "ann lets it be: bob's Power Lunch #1 takes effect.")
    assert tell(m.WindowMove(seat=1, passed=True, actor=2), SEATS) == "ann is done; bob may act."


def test_commands_read_as_a_person_chooses_them() -> None:
    tell = GAME.tell_command
    assert tell(m.Place(seat=1, card="1.re-archer#2", to="on:b1"), SEATS) == "Place Archer #2 on b1."
    assert tell(m.Place(seat=1, card="1.re-cleric#1", to="under:a1"), SEATS) == "Place Cleric #1 under a1."
    assert tell(m.Place(seat=1, card="1.re-spires#3", to="pen"), SEATS) == "Place Spires #3 in your Creature Pen."
    assert tell(m.TurnShield(seat=1, shield="1.re-shield-maitzs-lightning-14#3"), SEATS) == (
        "Turn Shield Maitz's Lightning 14 #3.")
    assert tell(m.Step(seat=1, to="b2"), SEATS) == "Step to b2."
    assert tell(m.Step(seat=1, to="b3", fly=True, past=True), SEATS) == "Fly over the enemy Shield on b3."
    assert tell(m.Reinforce(seat=1, card="1.re-axeman#4", shield="1.re-shield-maitzs-lightning-10#1"), SEATS) == (
        "Reinforce Shield Maitz's Lightning 10 #1 with Axeman #4.")
    assert tell(m.PlayCard(seat=1, card="1.re-dispel-magic#2", target="2.re-power-lunch#1"), SEATS) == (
        "Play Dispel Magic #2: dispel bob's Power Lunch #1.")
    assert tell(m.PlayCard(seat=2, card="2.re-power-lunch#1", target="2.re-cave-giant#2"), SEATS) == (
        "Play Power Lunch #1 on your Cave Giant #2.")
    assert tell(m.PlayCard(seat=1, card="1.re-beer#1", target="2.re-cave-giant#2"), SEATS) == (
        "Bribe bob's Cave Giant #2 away with Beer #1.")
    assert tell(m.PlayCreature(seat=1, card="1.re-swordsman#1"), SEATS) == (
        "Lay Swordsman #1 face down for the match-up.")
    assert tell(m.PlayCreature(seat=1, card="1.re-archer#2", target="2.re-cave-giant#2"), SEATS) == (
        "Attack bob's Cave Giant #2 with Archer #2.")
    assert tell(m.Channel(seat=1, source="guardian"), SEATS) == (
        "Spend a Power Stone: your Guardian channels into your creature.")
    assert tell(m.Retreat(seat=2, to="b4"), SEATS) == "Retreat to b4."
    assert tell(m.PlaceTerrain(seat=1, land="b3", card="1.re-spires#4"), SEATS) == "Settle b3 with Spires #4."
    assert tell(m.FireIdol(seat=2, stones=2), SEATS) == (
        "Fire your upgrade for 2 Power Stones instead of playing a Command Card.")


def _opening(seed: str = "words-glance") -> GuardiansState:
    session, _ = start(GAME, seed, 2, seed)
    state: GuardiansState = session.state
    return state


def test_the_glance_shows_the_seats_own_cards_by_name_and_the_others_as_counts() -> None:
    """Draw & Organize of turn 1 (guardians DRAW AND ORGANIZE PHASE): each seat has drawn 12,
    which the other may count but not see."""
    state = _opening()
    seats = Seats(("ann", "bob"))
    lines = GAME.glance(GAME.view(state, 1), seats)
    text = "\n".join(lines)
    mine, theirs = state.zone(1, "drawn"), state.zone(2, "drawn")
    assert len(mine) == len(theirs) == 12
    drawn = next(line for line in lines if line.startswith("Just drawn (12): "))
    assert all(label(card).split(" #")[0] in drawn for card in mine)
    own_keys = {key_of(card) for card in (*mine, *state.zone(1, DECK))}
    hidden = [card for card in theirs if key_of(card) not in own_keys]
    assert hidden and not [card for card in hidden if label(card).split(" #")[0] in text], "bob's cards unseen"
    assert any(line.startswith("bob: ") and "drawn 12" in line for line in lines)
    assert lines[0] == "Turn 1, Draw & Organize: ann and bob still placing."
    grid = [line for line in lines if " | " in line]
    assert [line.split()[0] for line in grid] == ["a4", "a3", "a2", "a1"]
    assert grid[0].endswith("(bob's stronghold)") and grid[-1].endswith("(ann's stronghold)")
    assert not RAW.search(text) and len(lines) <= 25


def test_the_glance_of_a_combat_names_the_match_up_and_each_sides_hand() -> None:
    """A stored game's combat (guardians COMBAT), glanced by each seat and a spectator."""
    log = parse_log(Path(REPLAYS / "guardians" / "2p-guardian-killed-win.jsonl").read_text("utf-8").splitlines())
    session = Session.opened(GAME, log.header, log.envelopes[0].hash)
    glanced = 0
    for envelope in log.envelopes[1:]:
        session = session.apply(envelope)
        fight = session.state.combat
        if fight is None or not fight.a_card or fight.secondary:
            continue
        for viewer in (SPECTATOR, 1, 2):
            lines = GAME.glance(GAME.view(session.state, viewer), Seats(tuple(log.header.seats)))
            text = "\n".join(lines)
            defender = log.header.seats[fight.defender.seat - 1]
            assert f"Combat on {fight.space}" in text and f"against {defender}'s" in text, text
            assert not RAW.search(text) and len(lines) <= 30, text
        glanced += 1
    assert glanced


def test_the_status_line_names_the_card_waiting_for_an_answer_by_its_label() -> None:
    """guardians answering a Spell or Item: the answerer and the card, by its label."""
    log = parse_log(Path(REPLAYS / "guardians" / "2p-six-lands-win.jsonl").read_text("utf-8").splitlines())
    session = Session.opened(GAME, log.header, log.envelopes[0].hash)
    for envelope in log.envelopes[1:]:
        session = session.apply(envelope)
        if envelope.type == "AnswerOpened":
            break
    pending = session.state.answer
    assert pending is not None
    summary = GAME.status(session.state).summary
    assert summary.endswith(f", seat {pending.actor} answers {label(pending.card)}") and not RAW.search(summary)
