"""The King's Armory told in words (domain/games/kings_armory/words.py, issue 28): every
figure, foe and Tower by its label, spaces as the map names them, exact sentences for
the events and commands of play, made from the events alone, and a glance: the map with
its column letters and row numbers, every figure beside it, in about one screen."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import board_for, name
from domain.games.kings_armory.content import (
    bosses,
    equipment,
    heroes,
    hireables,
    monsters,
    reinforcements,
    summoned_figures,
)
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.foes import foe_turn
from domain.games.kings_armory.state import FOE, GUARDIAN, HERO, HIREABLE, PLACING, SHOPPING, Tokens, numbered
from domain.games.kings_armory.words import COMMANDS, EVENTS, attack_label, kind_of, label, special_label
from domain.kernel import SPECTATOR, Emitter, Event, StartGame, types_in
from domain.kernel.words import Seats, counted
from tests.kings_armory.support import Dice, between_waves, foe, hero, hireable, route_space, run, table
from tests.stored_logs import REPLAYS
from tests.test_words import RAW_IDS, played

SEATS = Seats(("ann", "bob"))
YELLOW = ("main", "odd", "yellow")
RED = ("main", "odd", "red")


def told(events: list[Event]) -> list[str]:
    return [GAME.tell_event(event, SEATS) for event in events]


def test_every_event_and_command_type_has_its_sentence() -> None:
    assert set(EVENTS) == set(types_in(vars(m), Event).values())
    assert set(COMMANDS) == {kind for kind in GAME.command_types.values() if kind.__module__ == m.__name__}


def test_labels_name_every_kind_of_figure_and_tower() -> None:
    """kings-armory A2, B1, E Summon Guardian: a Hero by its card's first name, a Hireable
    or a foe by its kind and its number in the game."""
    assert [label(figure) for figure in ("valcor", "felicity", "archer-1", "foot-soldier-2", "orc-archer-2",
                                         "koblinkaze-11", "guardian", "t1", "p2")] == [
        "Valcor", "Felicity", "Archer 1", "Foot Soldier 2", "Orc Archer 2", "Koblinkaze 11",
        "Felicity's Guardian", "Tower 1", "Parapet 2"]
    assert label("m7") == "Foe 7", "a foe id of 0.1.0 logs: its kind is in the state only"
    assert [kind_of(f) for f in ("valcor", "cleric-1", "orc-war-mage-3", "guardian")] == [
        (HERO, "valcor", 0), (HIREABLE, "cleric", 1), (FOE, "orc-war-mage", 3), (GUARDIAN, GUARDIAN, 0)]
    assert (attack_label("ember", "volley-of-arrows"), attack_label("archer-3", "bow-l3"),
            attack_label("bridge-troll-1", "long-club")) == ("Volley of Arrows", "Bow", "Long Club")
    assert special_label("raphael", "teleport-foe") == "Teleport Foe"


def test_every_content_kind_makes_ids_that_read_back_as_it() -> None:
    """messages.py: a Hireable's and a foe's id is its kind's key and its number, so no
    key may end in a number, and no kind may share a key with another."""
    keys = [*heroes(), *hireables(), *monsters(), GUARDIAN]
    assert len(keys) == len(set(keys))
    assert not [key for key in keys if re.search(r"-[0-9]+$", key)]
    for key in monsters():
        assert kind_of(numbered(key, 12)) == (FOE, key, 12)
        assert label(numbered(key, 12)) == f"{monsters()[key].name} 12"
    for key in hireables():
        assert kind_of(numbered(key, 2)) == (HIREABLE, key, 2)


def test_boss_and_card_figures_read_back_as_their_kinds() -> None:
    """kings-armory B7, E Summoning: a Boss and a card's own figure are named by kind and number;
    a card's attack strikes as the card."""
    keys = [*monsters(), *bosses(), *summoned_figures(), *hireables(), *heroes()]
    assert len(keys) == len(set(keys)) and not [key for key in keys if re.search(r"-[0-9]+$", key)]
    for key in bosses():
        assert kind_of(numbered(key, 1)) == (FOE, key, 1) and label(numbered(key, 1)) == f"{bosses()[key].name} 1"
    assert label("sword-golem-1") == "Sword Golem 1" and label("thunder-cannon") == "Dwarven Thunder Cannon"


def test_the_cards_and_the_boss_are_told_by_name() -> None:
    """kings-armory B6, B7, E Foresight: the new events in sentences that name cards, figures
    and seats."""
    assert told([
        m.CardPlayed(rule="r", seat=2, card="chorus-of-light", deck="reinforcement", enhanced=True),
        m.PlayMoment(rule="r", figure="war-orc-2"),
        m.LastingEffect(rule="r", figure="valcor", effect="ward", amount=2, lasts="round", card="gabriels-dive"),
        m.LastingEffect(rule="r", figure="war-orc-2", effect="slow", amount=2, lasts="wave", card="storm-engine"),
        m.AllySummoned(rule="r", figure="foot-soldier-3", key="foot-soldier", kind=HIREABLE, seat=1, level=1, hp=10,
                       space="h7", tower="t1", on_tower="", card="call-to-arms"),
        m.GateRepaired(rule="r", amount=5, hp=17, card="master-masons"),
        m.CardRewards(rule="r", card="royal-tithe", cards=("gold-100", "gold-50"), gold=150, total=350),
        m.BossEntered(rule="r", figure="lord-sorymon-1", key="lord-sorymon", hp=60, space="h0", entrance="main",
                      lane="odd", color="yellow", side_roll=7, entrance_roll=0),
        m.FoeAppeared(rule="r", figure="goblin-peon-4", key="goblin-peon", level=1, space="p6", index=14,
                      entrance="main", lane="odd", color="red", hp=3, by="goblin-golem-1"),
        m.CardForeseen(rule="r", deck="reward", card="gold-250"),
    ]) == [
        "bob plays Chorus of Light (with Felicity in the game, to more effect); the card goes to the bottom of the "
        "Reinforcement deck.",
        "War Orc 2's turn waits: the team may play a card before it goes on.",
        "Gabriel's Dive gives Valcor +2 to every resistance until the next Players' Round.",
        "Storm Engine slows War Orc 2: its Move Rate is 2 less until the Wave ends.",
        "Call to Arms brings Foot Soldier 3 (level 1) at h7, hosted by Tower 1, with 10 hit points, to fight for ann "
        "until the Wave ends.",
        "Master Masons repairs the Castle Gate by 5 hit points: 17 hit points now.",
        "Royal Tithe draws 2 Reward cards, 100 Gold and 50 Gold: 150 gold, and the team has 350 gold.",
        "The Boss arrives: Lord Sorymon 1 enters at the Monster Entrance (h0) on the odd lane (a d12 of 7 for its "
        "side), following the yellow arrows, with 60 hit points.",
        "Goblin Peon 4 drops from Goblin Golem 1 onto p6, with 3 hit points.",
        "Foresight turns the top card of the Reward deck face up: 250 Gold, the next one the team gains from it.",
    ]
    assert GAME.tell_command(m.PlayCard(seat=1, card="gabriels-dive", target="war-orc-2", ally="valcor"), SEATS) == (
        "Play Gabriel's Dive, aimed at War Orc 2, for Valcor.")
    assert GAME.tell_command(m.LetFoeAct(seat=1), SEATS) == "Play no card now: the foe goes on with its turn."


def test_an_attack_tells_its_roll_and_its_damage() -> None:
    """kings-armory C2 Third, Fourth: Valcor's Royal Mace (Hitroll 6, 3 damage) on the
    Bridge Troll (Dodge 12, melee resistance 3)."""
    state = table(hero("valcor", "e6"), foe("bridge-troll", 3, 10, YELLOW))
    _, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-3"),
                     Dice(10))
    assert told(events) == [
        "Valcor spends 1 action on Royal Mace (2 left).",
        "Valcor hits Bridge Troll 3: 10 +6 = 16 against Dodge 12.",
        "Bridge Troll 3 takes 1 melee damage (4 less 3 resisted): 17 hit points left.",
    ]


def test_a_critical_hit_tells_the_natural_roll() -> None:
    """kings-armory C2 Fifth: a natural 19 on the Royal Mace crits (19-20, x2) and bleeds."""
    state = table(hero("valcor", "e6"), foe("bridge-troll", 3, 10, YELLOW))
    _, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-3"),
                     Dice(19))
    assert told(events)[1:] == [
        "Valcor hits Bridge Troll 3: a natural 19, a critical hit (19 +6 = 25 against Dodge 12).",
        "Bridge Troll 3 takes 5 melee damage (8 less 3 resisted): 13 hit points left.",
        "Bridge Troll 3 now carries 1 Bleed.",
    ]


def test_a_miss_and_a_fumble() -> None:
    state = table(hero("valcor", "e6"), foe("goblin-peon", 1, 10, YELLOW))
    _, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-1"),
                     Dice(1))
    assert told(events)[1:] == ["Valcor misses Goblin Peon 1: a natural 1 always misses."]
    state = table(hero("valcor", "e6"), foe("bridge-troll", 2, 10, YELLOW))
    _, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-2"),
                     Dice(5))
    assert told(events)[1:] == ["Valcor misses Bridge Troll 2: 5 +6 = 11 against Dodge 12."]


def test_a_foe_enters_and_moves() -> None:
    """kings-armory B1 Foe Quantity and Entrance, Monster Movement."""
    assert told([
        m.FoeRolled(natural=7, modifier=1, net=8, level=2, lane="even", entrance="main", foreseen=False),
        m.FoeEntered(figure="orc-archer-2", key="orc-archer", level=2, space="g0", entrance="main", lane="even",
                     color="yellow", hp=6),
        m.FoeTurnBegan(figure="orc-archer-2"),
        m.FoeMoved(figure="orc-archer-2", path=("g1", "g2", "g3", "h3"), index=4, how="moved"),
        m.FoeMoved(figure="orc-archer-2", path=("h4", "h5"), index=6, how="bumped back"),
        m.FoeMoved(figure="koblinkaze-1", path=("k16", "k17"), index=30, how="gate"),
        m.FoeMoved(figure="ballista-1", path=("m3",), index=9, how="pushed"),
    ]) == [
        "The d12 for the next foe rolls 7 +1 = 8: a level 2 foe on the even lane at the Monster Entrance.",
        "Orc Archer 2 enters at the Monster Entrance (g0) on the even lane, following the yellow arrows, "
        "with 6 hit points.",
        "Orc Archer 2 takes its turn.",
        "Orc Archer 2 moves 4 spaces to h3.",
        "Orc Archer 2 moves to h4, finds it taken and bumps back to h5.",
        "Koblinkaze 1 moves 2 spaces to k17, at the Castle Gate.",
        "Ballista 1 is pushed on to m3.",
    ]


def test_a_tank_held_and_let_go() -> None:
    """kings-armory C1 Step 2: Valcor tanks the War Orc beside him, then lets it go."""
    state = table(hero("valcor", "e7"), foe("war-orc", 1, 10, YELLOW))
    state, tanked = run(state, m.Tank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    _, untanked = run(state, m.Untank(seat=1, figure="valcor", foe="war-orc-1"), Dice())
    assert told([*tanked, *untanked]) == ["Valcor tanks War Orc 1.", "Valcor lets War Orc 1 go."]
    assert told([m.FoeMoved(figure="war-orc-1", path=(), index=10, how="tanked"),
                 m.TankEnded(figure="valcor", foe="war-orc-1")]) == [
        "War Orc 1 is held by its tank and does not move.", "Valcor's tank on War Orc 1 ends."]


def test_a_foe_at_the_gate_damages_it_and_goes_in() -> None:
    """kings-armory B3 Monsters at the Castle Gate: the War Orc (Cleaver, 3) walks in."""
    em = Emitter(table(foe("war-orc", 4, 26)), evolve)
    foe_turn(em, Dice(), "war-orc-4", "kings-armory B3 Monster Turn Priority 1")
    assert told(list(em.events)) == [
        "War Orc 4 takes its turn.",
        f"War Orc 4 moves 3 spaces to {name(route_space(29, RED))}, at the Castle Gate.",
        "War Orc 4 deals 3 damage to the Castle Gate: 17 hit points left.",
        "War Orc 4 goes into the Castle and is finished there.",
    ]


def test_a_wave_won_and_the_next_begun() -> None:
    """kings-armory B4 1, B5 Steps 1-2, B1: the last foe of Wave 1 falls to a natural 20;
    the Wave earns 3 Reward cards; Wave 2 brings 5 - 1 foes for a lone Hero, each d12 -1."""
    last = foe("goblin-peon", 3, 20, RED)
    state = replace(table(hero("valcor", name(route_space(21, RED))), last), entered=("goblin-peon",) * 3,
                    wave_entered=3, reward_deck=("gold-100", "gold-50", "gold-250", "gold-100"))
    state, events = run(state, m.Attack(seat=1, figure="valcor", attack="royal-mace", target="goblin-peon-3"),
                         Dice(20))
    sentences = told(events)
    start = sentences.index("Goblin Peon 3 is defeated and leaves the board.")
    assert sentences[start + 1:] == [
        "Wave 1 is won: every foe in it is defeated.",
        "After Wave 1 every Ally heals its Heal Rate, Heroes knocked out stand up again, every status token and "
        "lasting effect ends, and the Allies leave the board to recuperate at their Towers.",
        "Wave 1 earns 3 Reward cards, 100 Gold, 50 Gold and 250 Gold: 400 gold, and the team has 400 gold.",
    ]
    _, events = between_waves(state, Dice(*[5, 0] * 4))
    sentences = told(events)
    start = sentences.index("Valcor is placed at e2, hosted by Tower 1.")
    assert sentences[:2] == ["ann is done shopping.", "The team keeps its gold as it is, and the Reward cards go "
                             "back into the Reward deck (36 cards), which is shuffled."]
    assert sentences[2:4] == ["Every seat is done shopping after Wave 1: the Allies are placed anew, seat by seat, "
                              "on or near the Towers.", "It is ann's turn."]
    assert sentences[start + 1:start + 5] == [
        "Wave 2 begins with 4 foes; each foe's d12 gets -1.",
        "Foes' Round 1 begins.",
        "The d12 for the next foe rolls 5 -1 = 4: a level 1 foe on the even lane at the Monster Entrance.",
        "Goblin Peon 4 enters at the Monster Entrance (g0) on the even lane, following the red arrows, "
        "with 3 hit points.",
    ]


def test_the_end_of_the_game_and_a_knock_out() -> None:
    assert told([
        m.Defeated(figure="valcor", how="hit points"),
        m.Defeated(figure="guardian", how="with its summoner"),
        m.Defeated(figure="archer-2", how="hit points"),
        m.GameOver(won=False, reason="the Castle Gate is down to 0 hit points"),
    ]) == [
        "Valcor is knocked out and lies where it fell until the Wave ends.",
        "Felicity's Guardian leaves the board with Felicity.",
        "Archer 2 is defeated and leaves the board.",
        "The team loses: the Castle Gate is down to 0 hit points.",
    ]


def test_set_up_in_words() -> None:
    """kings-armory A1, A2, B3 A Note About Parapets."""
    assert told([
        m.GameSetUp(map="hard-split", seats=2, towers=2, gate=20, waves=5),
        m.AllyJoined(figure="archer-1", key="archer", kind=HIREABLE, seat=2, level=3, hp=9),
        m.TowerPlaced(tower="p1", cells=("j17",), slots=1),
        m.TowerPlaced(tower="t1", cells=("e4", "f4", "e5", "f5"), slots=3),
        m.AllyPlaced(figure="valcor", space="e4", tower="t1", on_tower="t1"),
        m.AllyPlaced(figure="archer-1", space="d4", tower="t1", on_tower=""),
        m.SeatTurnBegan(seat=2),
    ]) == [
        "A team of 2 seats defends the Castle Gate (20 hit points) on the Hard Split Route through 5 Waves, "
        "with 2 starting Towers to place.",
        "Archer 1 (level 3) joins bob's team with 9 hit points.",
        "Parapet 1 stands at j17; it hosts 1 Ally.",
        "Tower 1 is placed on e4, f4, e5 and f5; it hosts up to 3 Allies.",
        "Valcor is placed at e4, on Tower 1.",
        "Archer 1 is placed at d4, hosted by Tower 1.",
        "It is bob's turn.",
    ]


@pytest.mark.parametrize(("command", "sentence"), [
    (m.PlaceTower(seat=1, at="e4"), "Place a starting Tower on e4, f4, e5 and f5."),
    (m.PlaceAlly(seat=1, figure="archer-1", at="d4"), "Place Archer 1 at d4."),
    (m.Step(seat=1, figure="valcor", to="f7"), "Step Valcor to f7."),
    (m.Step(seat=1, figure="boleslaw", to="f7"), "Teleport Boleslaw to f7."),
    (m.EnterTower(seat=1, figure="ember", to="m17"), "Send Ember up onto the Tower at m17 (1 action)."),
    (m.ExitTower(seat=1, figure="ember", to="l16"), "Bring Ember down from its Tower to l16 (1 action)."),
    (m.Attack(seat=1, figure="valcor", attack="royal-mace", target="bridge-troll-3"),
     "Attack Bridge Troll 3 with Valcor's Royal Mace."),
    (m.Attack(seat=1, figure="ember", attack="volley-of-arrows", at="m8"),
     "Attack the area m8 to o10 with Ember's Volley of Arrows."),
    (m.Attack(seat=1, figure="midnight", attack="flame-thrower", direction="S"),
     "Attack in a line to the south with Midnight's Flame Thrower."),
    (m.UseSpecial(seat=1, figure="felicity", special="mending-light", target="ember"),
     "Use Felicity's Mending Light on Ember."),
    (m.UseSpecial(seat=1, figure="raphael", special="teleport-foe", target="orc-mage-2", at="d4"),
     "Use Raphael's Teleport Foe: send Orc Mage 2 back to d4."),
    (m.UseSpecial(seat=1, figure="boleslaw", special="gravity-well", at="f5"),
     "Use Boleslaw's Gravity Well on the area f5 to h7."),
    (m.UseSpecial(seat=1, figure="raphael", special="foresight"),
     "Use Raphael's Foresight: reveal a foe of the next Wave now."),
    (m.Tank(seat=1, figure="valcor", foe="war-orc-1"), "Tank War Orc 1 with Valcor."),
    (m.Untank(seat=1, figure="valcor", foe="war-orc-1"), "Let War Orc 1 go from Valcor's tank."),
    (m.EndAlly(seat=1, figure="cleric-1", hold=True),
     "End Cleric 1's turn, holding to tank foes that come within reach."),
    (m.EndTurn(seat=1), "End your turn: your Allies that have not acted give up theirs."),
])
def test_commands_in_words(command: m.Attack, sentence: str) -> None:
    assert GAME.tell_command(command, SEATS) == sentence


def test_the_status_line_names_the_acting_figure_by_its_label() -> None:
    state = replace(table(hireable("archer", 1, 2, "h6"), seat=1), acting="archer-1")
    assert GAME.status(state).summary == "wave 1, the Players' Round 1: seat 1 (Archer 1 acting)"


def _listing(lines: tuple[str, ...], board: tuple[str, ...]) -> list[str]:
    """What a glance lists beside and below its map: the headings and the entries, an
    entry's wrapped lines joined."""
    first = next(n for n, line in enumerate(lines) if line.startswith(board[0]))
    left = max(len(row) for row in board) + 2
    listing: list[str] = []
    for number, line in enumerate(lines[first:]):
        beside = number < len(board) and line.startswith(board[number])
        if not beside and not line.startswith(" " * left):
            break  # the legend below
        text = line[left:]
        if text.startswith("    "):
            listing[-1] += f" {text.strip()}"
        elif text:
            listing.append(text)
    return listing


def _entry(listing: list[str], figure: str) -> str:
    """A figure's entry: "  Archer 1 (level 2) at h6, ..." (and never "  Orc Archer 1 ...")."""
    found = [e for e in listing if re.match(rf"  {re.escape(label(figure))}( \(level [0-9]\))? (at|waits) ", e)]
    assert len(found) == 1, (figure, found)
    return found[0]


def test_a_glance_draws_the_map_and_lists_every_figure_beside_it() -> None:
    """kings-armory B2 (the Players' Round, seat by seat, an Ally at a time), B1 (foes walk
    to the Castle Gate): the glance of a stored game under way, for one screen."""
    game, session, seats = played(REPLAYS / "kings-armory" / "2p-five-waves-win.jsonl", 100)
    state = session.state
    view = game.view(state, 1)
    lines = game.glance(view, seats)
    assert state.acting and lines[0] == (
        f"Wave {state.wave} of {state.options.waves}, Players' Round {state.round}: {seats.of(state.seat)} turn, "
        f"{label(state.acting)} acting. Castle Gate {state.gate}/{state.options.gate_hp} hp.")
    assert len(view.map) >= 19 and view.map[0].strip().startswith("abc") and view.map[1].startswith(" 0 ")
    assert all(line.startswith(row) for line, row in zip(lines[1:], view.map, strict=False)), "the map, whole"
    listing = _listing(lines, view.map)
    for seat in (1, 2):
        allies = [f for f in state.allies() if f.seat == seat]
        heading = listing.index(f"{seats.of(seat)} Allies:")
        assert {_entry(listing, f.figure) for f in allies} == set(listing[heading + 1:heading + 1 + len(allies)])
        assert all(f"{f.hp}/" in _entry(listing, f.figure) for f in allies)
    acting = _entry(listing, state.acting)
    assert acting.endswith(", acting") and counted(state.figure(state.acting).actions, "action") in acting
    foes = sorted((f for f in view.figures if f.kind == FOE), key=lambda f: f.to_gate)
    assert len(foes) >= 2 and listing[listing.index("Foes, nearest the Gate first:") + 1:] == [
        _entry(listing, f.figure) for f in foes], "the foe nearest the Gate first"
    assert all(f"{f.hp}/{f.max_hp} hp, {f.to_gate} to the Gate" in _entry(listing, f.figure) for f in foes)
    assert not any(RAW_IDS["kings-armory"].search(line) for line in lines)
    assert len(lines) <= 40 and max(len(line) for line in lines) <= 100
    assert game.glance(game.view(state, 2), seats) == game.glance(game.view(state, SPECTATOR), seats) == lines, (
        "nothing is hidden: every viewer sees the same table")


def test_a_glance_tells_tokens_tanks_and_what_is_left_of_a_turn() -> None:
    """kings-armory C1 (a tank holds its foe), C2 (status tokens), B2 (actions and the steps
    of a movement under way)."""
    tanked = foe("orc-archer", 1, 5, tanked_by="valcor", tokens=Tokens(bleed=1, burn=2))
    state = replace(table(hero("valcor", "o8", actions=1, steps=2), hireable("archer", 1, 2, "h6", done=True),
                          tanked), acting="valcor")
    view = GAME.view(state, 1)
    lines = GAME.glance(view, SEATS)
    assert lines[0] == "Wave 1 of 5, Players' Round 1: ann's turn, Valcor acting. Castle Gate 20/20 hp."
    assert _listing(lines, view.map) == [
        "ann's Allies:",
        "  Valcor at o8, 20/20 hp, 1 action and 2 steps left, acting",
        "  Archer 1 (level 2) at h6, 9/9 hp, done",
        "Foes, nearest the Gate first:",
        f"  Orc Archer 1 at {name(route_space(5))}, 6/6 hp, 1 Bleed, 2 Burn, {view.figures[-1].to_gate} to the Gate, "
        "tanked by Valcor"]
    assert lines[-1] == "V Valcor, a Archer; digits: foes, by level."


def test_a_glance_while_the_team_sets_up_lists_the_towers_and_who_waits() -> None:
    """kings-armory A2 (starting Towers, Tower Hosting, then each seat places its Allies)."""
    path = REPLAYS / "kings-armory" / "2p-five-waves-win.jsonl"
    game, session, seats = next(found for events in range(10, 200)
                                if (found := played(path, events))[1].state.phase == PLACING)
    state = session.state
    view = game.view(state, 1)
    lines = game.glance(view, seats)
    title = board_for(state.options.map).title
    assert lines[0] == f"Setting up on the {title}: {seats(state.seat)} places their Allies."
    listing = _listing(lines, view.map)
    towers = [f"  {label(t.tower)} at {t.cells[0]}{'' if len(t.cells) == 1 else ' to ' + t.cells[-1]}, "
              f"hosts {t.hosted} of {t.slots}" for t in view.towers]
    assert len(towers) >= 4 and listing[:len(towers) + 1] == ["Towers:", *towers]
    waiting = [f for f in state.allies() if f.space[0] < 0]
    assert waiting and all(" waits to be placed, " in _entry(listing, f.figure) for f in waiting)


def test_the_decks_are_told_by_their_size_and_the_dealt_equipment_by_name() -> None:
    """kings-armory A1 Table Arrangement: a viewer is told a deck's size, never its order;
    A2: the Equipment each seat takes is seen by all."""
    shuffled = m.DeckShuffled(deck="armory", order=("thunder-cannon", "sword-golem"), cards=2, reason="set-up")
    assert told([GAME.redact(shuffled, SPECTATOR), GAME.redact(shuffled, 1)]) == [
        "The Armory deck (2 cards) is shuffled; its top card lies face down, on offer."] * 2
    assert told([m.DeckShuffled(deck="reward", order=(), cards=36, reason="make change"),
                 m.EquipmentDealt(seat=2, cards=("tower-shield", "phase-ring"))]) == [
        "The team keeps its gold as it is, and the Reward cards go back into the Reward deck (36 cards), which is "
        "shuffled.",
        "bob takes Tower Shield and Phase Ring from the Equipment deck: locked, on offer for the team to unlock."]


def test_every_purchase_and_sale_names_its_card_or_figure_its_price_and_the_gold_left() -> None:
    """kings-armory B5 Step 3: the events of the shop, and its commands, in words."""
    assert told([
        m.TowerBuilt(tower="t3", cells=("h8", "i8", "h9", "i9"), slots=3, price=100, gold=60),
        m.TowerSold(tower="t1", price=50, gold=110),
        m.Hired(figure="archer-2", key="archer", seat=2, level=1, hp=8, price=100, gold=10),
        m.Upgraded(figure="archer-2", level=2, healed=1, hp=9, price=150, gold=0),
        m.EquipmentUnlocked(card="tower-shield", seat=1, price=150, gold=350),
        m.EquipmentBought(card="netting", price=100, gold=250),
        m.EquipmentSold(card="netting", price=50, gold=300),
        m.ReinforcementBought(card="call-to-arms", price=200, gold=100),
        m.ArmoryBought(card="sword-golem", price=900, gold=0),
        m.ShoppingEnded(seat=1),
    ]) == [
        "The team builds Tower 3 on h8, i8, h9 and i9 for 100 gold; it hosts up to 3 Allies, and the team has 60 "
        "gold left.",
        "The team sells Tower 1 for 50 gold: it has 110 gold now.",
        "The team hires Archer 2 (level 1, 8 hit points) for 100 gold, led by bob; the team has 10 gold left.",
        "Archer 2 rises to level 2 for 150 gold and heals 1 hit point, up to 9; the team has 0 gold left.",
        "The team unlocks Tower Shield, on offer to ann, for 150 gold; the team has 350 gold left.",
        "The team buys new Equipment, blind: Netting, for 100 gold, unlocked, extra Equipment until a seat takes "
        "it; the team has 250 gold left.",
        "The team sells Netting for 50 gold, and it goes to the bottom of the Equipment deck: the team has 300 gold "
        "now.",
        "The team buys a Reinforcement card, blind: Call to Arms, for 200 gold; the team has 100 gold left.",
        "The team buys the Armory card on offer, blind: Sword Golem, for 900 gold; the team has 0 gold left.",
        "ann is done shopping.",
    ]
    assert [GAME.tell_command(c, SEATS) for c in (
        m.BuildTower(seat=1, at="h8"), m.SellTower(seat=1, tower="t2"), m.Hire(seat=1, hireable="cleric", controller=2),
        m.Upgrade(seat=1, figure="cleric-1"), m.UnlockEquipment(seat=1, card="phase-ring"), m.BuyEquipment(seat=1),
        m.SellEquipment(seat=2, card="phase-ring"), m.BuyReinforcement(seat=1), m.BuyArmory(seat=1),
        m.EndShopping(seat=1))] == [
        "Build a Tower on h8, i8, h9 and i9 (100 gold).", "Sell Tower 2 (for 50 gold).",
        "Hire a level 1 Cleric for bob to lead (150 gold).", "Raise Cleric 1 one level, at the cost on its Stat Card.",
        "Unlock Phase Ring (150 gold).", "Buy the top card of the Equipment deck, blind.",
        "Sell Phase Ring (for 50 gold).",
        "Buy the top card of the Reinforcement deck, blind.", "Buy the Armory card on offer, blind.",
        "Say you are done shopping: when every seat is, the Allies are placed anew."]


def test_equipment_put_on_taken_off_and_traded() -> None:
    """kings-armory B5 Step 5, E Equipment Cards."""
    assert told([
        m.Equipped(card="tower-shield", hero="valcor", seat=1),
        m.Unequipped(card="robe-of-warding", hero="boleslaw", hp=10),
        m.TradeOffered(seat=1, give="netting", to_seat=2, take="phase-ring"),
        m.EquipmentTraded(seat=2, give="phase-ring", other=1, take="netting"),
        m.EquipmentTraded(seat=1, give="halo-of-dawn", other=0, take="elven-bow"),
    ]) == [
        "Valcor puts on Tower Shield.",
        "Boleslaw takes off Robe of Warding, with 10 hit points.",
        "ann offers Netting to bob for Phase Ring.",
        "bob trades Phase Ring for Netting from ann.",
        "ann trades Halo of Dawn for Elven Bow from the team's extra Equipment.",
    ]
    assert [GAME.tell_command(c, SEATS) for c in (
        m.Equip(seat=1, card="netting", hero="ember"), m.Unequip(seat=1, card="netting"),
        m.Trade(seat=1, give="netting", take="phase-ring"))] == [
        "Put Netting on Ember.", "Take Netting off its wearer.", "Trade Netting for Phase Ring, one for one."]


def test_a_hireable_handed_over_sits_out_and_comes_back() -> None:
    """kings-armory B5 Step 6."""
    assert told([
        m.HireableReassigned(figure="archer-1", seat=2),
        m.HireableSatOut(figure="cleric-2", key="cleric", seat=1, level=2),
        m.HireableReturned(figure="cleric-2", key="cleric", seat=1, level=2),
    ]) == [
        "Archer 1 is led by bob from now on.",
        "ann's Cleric 2 (level 2) sits out the coming Wave: the Towers and Parapets have no hosting slot left for it.",
        "ann's Cleric 2 (level 2) has a hosting slot again and rejoins the team.",
    ]
    assert GAME.tell_command(m.Reassign(seat=1, figure="archer-1", to_seat=2), SEATS) == "Hand Archer 1 to bob to lead."


def test_a_glance_between_waves_lists_the_gold_the_equipment_the_cards_and_the_decks() -> None:
    """kings-armory B5 Steps 3-5: the team's gold, who holds each Equipment card and how
    (locked, worn), the cards in its hand, the decks by their sizes, the Armory card face
    down for its price; the Allies recuperate off the board."""
    state = GAME.initial_state(GAME.ruleset.check_setup(["ann", "bob"], {}, ""))
    state, _ = run(state, StartGame(seat=0), "glance")
    mine = state.gear[0].card
    state = replace(state, phase=SHOPPING, wave=1, gold=500, reinforcements=(state.reinforcement_deck[0],),
                    reinforcement_deck=state.reinforcement_deck[1:],
                    gear=(replace(state.gear[0], locked=False), *state.gear[1:]))
    state = state.with_figure(replace(state.figures[0], worn=(mine,)))
    lines = GAME.glance(GAME.view(state, 2), SEATS)
    text = "\n".join(lines)
    assert lines[0] == "Between Waves 1 and 2: the team has 500 gold to spend. Castle Gate 20/20 hp."
    assert f"{equipment()[mine].name}: ann's, worn by Valcor" in text
    assert f"{equipment()[state.gear[2].card].name}: bob's, locked" in text
    assert reinforcements()[state.reinforcements[0]].name in text
    assert "Reward 36, Equipment 10, Reinforcement 10; the Armory card on offer, face" in text
    assert "Valcor recuperates off the board, 20/20 hp" in text
    assert not RAW_IDS["kings-armory"].search(text), text
