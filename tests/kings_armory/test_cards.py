"""The team's Reinforcement and Armory cards during a Wave and Between Waves (kings-armory B6,
E Reinforcement Cards, E Armory Cards, E Summoning, E Removal, E Teleport, C2 Slow's note):
who may play one and when, each kind of effect, the Hero who adds to its card, the card
back at the bottom of its deck, buying a Reinforcement card mid-Wave, and the team's moment
before each foe's turn (RULES.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.games.kings_armory import GAME
from domain.games.kings_armory import messages as m
from domain.games.kings_armory.board import parse
from domain.games.kings_armory.content import armory_cards, reinforcements
from domain.games.kings_armory.decks import whole_deck
from domain.games.kings_armory.evolve import evolve
from domain.games.kings_armory.figures import move_rate, resistance
from domain.games.kings_armory.rounds import foes_round, players_round
from domain.games.kings_armory.state import FOES, HIREABLE, PLAYERS, SHOPPING, SUMMONED, KaState, Tokens, Tower
from domain.kernel import Emitter, Event
from tests.kings_armory.support import KIT, Dice, foe, hero, hireable, refused, route_space, run, table
from tests.kings_armory.test_economy import check_decks
from tests.kit import of

TOWER = Tower("t1", (parse("f6"), parse("g6"), parse("f7"), parse("g7")), 3)
YELLOW = ("main", "odd", "yellow")


def holding(state: KaState, *cards: str, gold: int = 0) -> KaState:
    """The team holds `cards` (Reinforcement cards, and at most one Armory card), taken out of
    their decks so that the box stays whole."""
    held = tuple(card for card in cards if card in reinforcements())
    armory = next((card for card in cards if card in armory_cards()), "")
    return replace(state, reinforcements=held, armory=armory, gold=gold,
                   reinforcement_deck=tuple(c for c in whole_deck("reinforcement") if c not in held),
                   armory_deck=tuple(c for c in whole_deck("armory") if c != armory),
                   reward_deck=whole_deck("reward"), equipment_deck=whole_deck("equipment"))


def play(state: KaState, card: str, rolls: tuple[int, ...] = (), seat: int = 1, **aim: str) -> tuple[KaState,
                                                                                                     list[Event]]:
    return run(state, m.PlayCard(seat=seat, card=card, **aim), Dice(*rolls))


def test_a_card_is_played_on_the_seats_turn_and_goes_to_the_bottom_of_its_deck() -> None:
    """kings-armory B6, E Reinforcement Cards: a held card is played at any time (here in the
    Players' Round, between actions), then goes to the bottom of its deck (B5 Step 4's note)."""
    state = holding(table(hero("valcor", "e6", hp=10), hero("midnight", "f9", hp=5), foe("goblin-peon", 1, 5),
                          seats=1), "chorus-of-light")
    view = GAME.view(state, 1)
    assert [(c.card, c.name, c.deck, c.mid_wave) for c in view.cards] == [
        ("chorus-of-light", "Chorus of Light", "reinforcement", True)]
    assert view.cards[0].text[0] == "Heals every Ally 3 hit points."
    after, events = play(state, "chorus-of-light")
    (played,) = of(events, m.CardPlayed)
    assert (played.seat, played.card, played.deck, played.enhanced, played.rule) == (
        1, "chorus-of-light", "reinforcement", False, "kings-armory E Reinforcement Cards")
    assert [(h.figure, h.amount, h.hp) for h in of(events, m.Healed)] == [("valcor", 3, 13), ("midnight", 3, 8)]
    assert not of(events, m.TokensChanged)  # no Felicity: no Bless
    assert after.reinforcements == () and after.reinforcement_deck[-1] == "chorus-of-light"
    check_decks(after)
    assert after.phase == PLAYERS and after.seat == 1  # the seat goes on with its turn


def test_the_cards_hero_in_the_game_adds_its_effects() -> None:
    """kings-armory E Reinforcement Cards: the Hero a card comes from makes it stronger when
    that Hero is being played (here Felicity, knocked out: still in the game)."""
    felicity = hero("felicity", "f9", hp=0, knocked_out=True)
    state = holding(table(hero("valcor", "e6", hp=10), felicity, foe("goblin-peon", 1, 5)), "chorus-of-light")
    after, events = play(state, "chorus-of-light")
    assert of(events, m.CardPlayed)[0].enhanced and after.reinforcements == ()
    assert [h.figure for h in of(events, m.Healed)] == ["valcor"]  # E Knocked Out: no healing
    assert [(t.figure, t.bless) for t in of(events, m.TokensChanged)] == [("valcor", 1)]


def test_only_the_seat_on_turn_plays_in_the_players_round_never_mid_movement() -> None:
    """kings-armory E Reinforcement Cards: never mid-action; RULES.md: in the Players' Round the
    seat whose turn it is plays for the team."""
    state = holding(table(hero("valcor", "e6", hp=10), hero("midnight", "f9", seat=2), foe("goblin-peon", 1, 5),
                          seats=2), "master-masons")
    state = replace(state, gate=12)
    assert "it is seat 1's turn" in str(refused(state, m.PlayCard(seat=2, card="master-masons")))
    moving, _ = run(state, m.Step(seat=1, figure="valcor", to="e7"))
    assert "in the middle of a movement" in str(refused(moving, m.PlayCard(seat=1, card="master-masons")))
    stopped, _ = run(moving, m.EndAlly(seat=1, figure="valcor"))
    assert stopped.seat == 2
    after, events = play(stopped, "master-masons", seat=2)
    assert [(g.amount, g.hp, g.rule) for g in of(events, m.GateRepaired)] == [(5, 17, "kings-armory D2-3")]
    assert after.gate == 17


def test_a_card_that_would_do_nothing_or_holds_no_card_is_refused() -> None:
    """The Gate at its maximum (kings-armory D2-3) leaves Master Masons nothing to do; a card the
    team does not hold cannot be played; the fields a card's effects do not use stay empty."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5)), "master-masons")
    assert "would do nothing now" in str(refused(state, m.PlayCard(seat=1, card="master-masons")))
    assert "holds no card 'firestorm'" in str(refused(state, m.PlayCard(seat=1, card="firestorm")))
    hurt = replace(state, gate=10)
    assert "takes no target" in str(refused(hurt, m.PlayCard(seat=1, card="master-masons", target="goblin-peon-1")))


def test_a_card_kept_for_between_waves_waits_for_them() -> None:
    """kings-armory B6 ("unless otherwise indicated on the card"): Royal Tithe is played Between
    Waves only; there it draws its Reward cards, their gold the team's (E Reward Cards)."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5)), "royal-tithe")
    assert "Between Waves only" in str(refused(state, m.PlayCard(seat=1, card="royal-tithe")))
    shopping = replace(state, phase=SHOPPING, figures=(), gold=50, seat=0)
    after, events = play(shopping, "royal-tithe")
    (drawn,) = of(events, m.CardRewards)
    assert drawn.cards == shopping.reward_deck[:2] and after.gold == 50 + drawn.gold == drawn.total
    assert after.rewards_drawn == drawn.cards
    check_decks(after)


def test_an_attack_card_reaches_from_a_hero_of_the_seat_and_hits_its_area_friend_and_foe() -> None:
    """kings-armory C2 Sixth: an area attack hits every figure in it with one roll; a card's
    attack reaches from a Hero of the seat that plays it, its area centred on the foe aimed at
    (RULES.md); Melee reaches no figure on a Tower (E Towers)."""
    peon, slinger = foe("goblin-peon", 1, 12), foe("goblin-slinger", 2, 11)  # p4 and p3
    near = hero("valcor", "o5")  # beside the area
    archer = hireable("archer", 1, 1, "q4", tower="")
    state = holding(table(hero("ember", "m10"), near, archer, peon, slinger, seats=1), "faelans-pack")
    after, events = play(state, "faelans-pack", (15,), target="goblin-peon-1")
    assert [(h.target, h.natural) for h in of(events, m.HitRolled)] == [
        ("valcor", 15), ("archer-1", 15), ("goblin-peon-1", 15), ("goblin-slinger-2", 15)]
    assert all(h.attacker == "faelans-pack" for h in of(events, m.HitRolled))
    # Ember in the game: her wolf's Slow (no token) on the area's foes for the round.
    slowed = [(e.figure, e.effect, e.amount, e.lasts) for e in of(events, m.LastingEffect)]
    assert ("goblin-slinger-2", "slow", 1, "round") in slowed or after.figure("goblin-slinger-2") is None
    far = replace(state, figures=tuple(replace(f, space=parse("c16")) if f.kind == "hero" else f
                                       for f in state.figures))
    assert "no Hero of seat 1 stands within 6" in str(refused(far, m.PlayCard(seat=1, card="faelans-pack",
                                                                                  target="goblin-peon-1")))


def test_a_single_target_attack_card_and_its_heros_ward_on_an_ally() -> None:
    """Gabriel's Dive strikes one foe, a flier too; with Cyrus in the game an Ally the card
    names gets +2 to every resistance until the next Players' Round (a card's ward stacks)."""
    icarus = foe("goblin-icarus", 1, 6)
    state = holding(table(hero("cyrus", "k5"), hero("valcor", "e6"), icarus, foe("goblin-peon", 2, 3)),
                    "gabriels-dive")
    assert "needs ally" in str(refused(state, m.PlayCard(seat=1, card="gabriels-dive", target="goblin-icarus-1")))
    after, events = play(state, "gabriels-dive", (15,), target="goblin-icarus-1", ally="valcor")
    assert of(events, m.HitRolled)[0].attacker == "gabriels-dive"
    valcor = after.figure("valcor")
    assert valcor is not None and [(e.effect, e.amount, e.lasts) for e in of(events, m.LastingEffect)] == [
        ("ward", 2, "round")]
    assert resistance(valcor, "melee") == 3 + 2
    em = Emitter(replace(after, phase=FOES), evolve)
    players_round(em, Dice())
    back = em.state.figure("valcor")
    assert back is not None and resistance(back, "melee") == 3  # the round is over


def test_a_cards_slow_takes_from_the_move_rate_with_no_token_and_stacks() -> None:
    """kings-armory C2 Slow's note: a card that slows by a number uses no Slow token and stacks
    with the tokens; Hail Storm's 4x4 area, until the next Players' Round."""
    slowed = foe("war-orc", 1, 12, tokens=Tokens(slow=1))
    state = holding(table(hero("valcor", "e6"), slowed, foe("goblin-peon", 2, 14)), "hail-storm")
    before = move_rate(slowed)
    after, events = play(state, "hail-storm", target="war-orc-1")
    assert sorted(e.figure for e in of(events, m.LastingEffect)) == ["goblin-peon-2", "war-orc-1"]
    orc = after.figure("war-orc-1")
    assert orc is not None and orc.tokens.slow == 1 and move_rate(orc) == max(2, before - 2)


def test_armory_cards_stun_every_foe_but_siege_and_remove_one() -> None:
    """The Gnomish Time Engine stuns every foe (C2 Stun; E Siege Equipment: Siege ignores
    Stun); the Banishing Mirror removes one foe (E Removal), and goes to the bottom of the
    Armory deck, so another may be bought."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5), foe("battering-ram", 2, 9)),
                    "time-engine")
    after, events = play(state, "time-engine")
    assert [(t.figure, t.stun) for t in of(events, m.TokensChanged)] == [("goblin-peon-1", 1)]
    assert after.armory == "" and after.armory_deck[-1] == "time-engine"
    mirror = holding(state, "banishing-mirror")
    after, events = play(mirror, "banishing-mirror", target="battering-ram-2")
    assert [(d.figure, d.how, d.rule) for d in of(events, m.Defeated)] == [
        ("battering-ram-2", "removed", "kings-armory E Removal")]


def test_fold_in_space_sends_the_area_back_and_raphael_adds_two_spaces() -> None:
    """kings-armory E Teleport: each foe in the area as far back along its route as the card
    says (3, and 2 more with Raphael in the game), fliers left where they are (RULES.md)."""
    walker, flier = foe("war-orc", 1, 12), foe("goblin-icarus", 2, 12)
    state = holding(table(hero("valcor", "e6"), walker, flier), "fold-in-space")
    after, events = play(state, "fold-in-space", target="war-orc-1")
    assert [(e.figure, e.index) for e in of(events, m.FoeSentBack)] == [("war-orc-1", 9)]
    with_raphael = holding(replace(state, figures=(*state.figures, hero("raphael", "e9"))), "fold-in-space")
    after, events = play(with_raphael, "fold-in-space", target="war-orc-1")
    assert [(e.figure, e.index) for e in of(events, m.FoeSentBack)] == [("war-orc-1", 9), ("war-orc-1", 7)]
    orc = after.figure("war-orc-1")
    assert orc is not None and orc.space == route_space(7)


def test_call_to_arms_summons_foot_soldiers_beside_a_tower_for_the_wave() -> None:
    """kings-armory E Summoning: the figures a card brings come where the seat puts the first and
    on the free spaces nearest it, as Allies are placed (A2: near a Tower with a free slot); with
    Valcor in the game one more; they act from the next Players' Round, are not recruited (E
    Maximum Recruitment), and leave when the Wave ends."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5), towers=(TOWER,)), "call-to-arms")
    assert "within 2 spaces of a Tower" in str(refused(state, m.PlayCard(seat=1, card="call-to-arms", at="n12")))
    after, events = play(state, "call-to-arms", at="h7")
    summoned = of(events, m.AllySummoned)
    assert [(e.figure, e.kind, e.level, e.space, e.tower) for e in summoned] == [
        ("foot-soldier-1", HIREABLE, 1, "h7", "t1"), ("foot-soldier-2", HIREABLE, 1, "h6", "t1"),
        ("foot-soldier-3", HIREABLE, 1, "i7", "t1")]
    soldier = after.figure("foot-soldier-1")
    assert soldier is not None and soldier.done and soldier.card == "call-to-arms"
    assert after.recruited == () and after.summoned == ("foot-soldier-1", "foot-soldier-2", "foot-soldier-3")
    hired, _ = run(replace(between_shop(after), gold=100), m.Hire(seat=1, hireable="foot-soldier", controller=1))
    assert hired.figure("foot-soldier-4") is not None  # an id is never used twice


def between_shop(state: KaState) -> KaState:
    """The Wave won: the Allies recover, the summoned leave (kings-armory B5 Step 1)."""
    recovered = evolve(state, m.AlliesRecovered(rule="test", wave=state.wave))
    assert not any(f.card for f in recovered.figures)
    return recovered


def test_the_sword_golem_is_a_figure_of_its_card() -> None:
    """The Sword Golem (GAME COMPONENTS' token, an Armory card here): its numbers are its card's."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5), towers=(TOWER,)), "sword-golem")
    after, events = play(state, "sword-golem", at="e7")
    (golem,) = of(events, m.AllySummoned)
    assert (golem.figure, golem.kind, golem.hp) == ("sword-golem-1", SUMMONED, 25)
    figure = after.figure("sword-golem-1")
    assert figure is not None and resistance(figure, "melee") == 3


def test_a_reinforcement_card_is_bought_mid_wave_on_the_seats_turn() -> None:
    """kings-armory E Reinforcement Cards: bought at any time, even mid-Wave, never mid-action,
    3 held at most, 200 gold."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5)), gold=250)
    after, events = run(state, m.BuyReinforcement(seat=1))
    (bought,) = of(events, m.ReinforcementBought)
    assert (bought.card, bought.gold, bought.rule) == (state.reinforcement_deck[0], 50,
                                                       "kings-armory E Reinforcement Cards")
    assert after.reinforcements == (bought.card,)
    assert m.BuyReinforcement(seat=1) in GAME.legal_commands(state, 1)
    assert "it is seat 1's turn" in str(refused(replace(state, seats=2), m.BuyReinforcement(seat=2)))


def foes_turn(state: KaState, *rolls: int) -> tuple[KaState, list[Event]]:
    """The Players' Round ends (every Ally done): the Foes' Round runs with scripted dice."""
    ended = replace(state, figures=tuple(replace(f, done=True) if f.kind != "foe" else f for f in state.figures))
    em = Emitter(ended, evolve)
    foes_round(em, Dice(*rolls))
    return em.state, list(em.events)


def test_the_foes_round_waits_before_a_foes_turn_while_the_team_may_play_a_card() -> None:
    """kings-armory E Reinforcement Cards, E Armory Cards (even in a foe's turn); RULES.md: the
    round waits once the foe's turn has begun, every seat may play or let it go on."""
    state = replace(holding(table(hero("valcor", "e6"), hero("midnight", "m10", seat=2), foe("goblin-peon", 1, 5),
                                  foe("goblin-peon", 2, 3), seats=2), "master-masons"), gate=15)
    waiting, events = foes_turn(state)
    assert [type(e).__name__ for e in events[-2:]] == ["FoeTurnBegan", "PlayMoment"]
    assert waiting.phase == FOES and waiting.acting == "goblin-peon-1"
    assert GAME.status(waiting).to_act == (1, 2)
    assert m.LetFoeAct(seat=2) in GAME.legal_commands(waiting, 2)
    assert m.PlayCard(seat=2, card="master-masons") in GAME.legal_commands(waiting, 2)
    on, events = run(waiting, m.LetFoeAct(seat=2), Dice())
    assert [e.figure for e in of(events, m.FoeMoved)] == ["goblin-peon-1"]
    assert on.acting == "goblin-peon-2" and on.phase == FOES  # the next foe waits too
    played, events = run(on, m.PlayCard(seat=1, card="master-masons"), Dice())
    # Nothing left to play: the foe goes on at once, and the round ends.
    assert of(events, m.GateRepaired) and [e.figure for e in of(events, m.FoeMoved)] == ["goblin-peon-2"]
    assert played.phase == PLAYERS
    assert "no foe waits" in str(refused(played, m.LetFoeAct(seat=1)))


def test_without_a_playable_card_the_foes_round_runs_on() -> None:
    """The Gate whole, Master Masons has nothing to do: no moment, the round runs through."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5)), "master-masons")
    after, events = foes_turn(state)
    assert not of(events, m.PlayMoment) and after.phase == PLAYERS


def test_a_card_that_defeats_the_waiting_foe_lets_the_round_go_on() -> None:
    """The Banishing Mirror on the foe whose turn waits: the round goes on with the next."""
    state = holding(table(hero("valcor", "e6"), foe("goblin-peon", 1, 5), foe("goblin-peon", 2, 3)),
                    "banishing-mirror")
    waiting, _ = foes_turn(state)
    assert waiting.acting == "goblin-peon-1"
    after, events = run(waiting, m.PlayCard(seat=1, card="banishing-mirror", target="goblin-peon-1"), Dice())
    assert [e.figure for e in of(events, m.FoeTurnBegan)] == ["goblin-peon-2"]
    assert after.phase == PLAYERS


OPTIONS = st.fixed_dictionaries({
    "waves": st.integers(1, 2),
    "heroes": st.sampled_from(["", "valcor+felicity,ember", "cyrus,raphael", "boleslaw+midnight,valcor"]),
})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=OPTIONS)
def test_random_games_with_cards_in_hand_list_only_accepted_commands_and_keep_the_box(
        seed: int, options: dict[str, Any]) -> None:
    """Random legal play with the team holding cards and gold from the start: every listed
    command is accepted, no card is lost or doubled, and the game ends."""
    chooser = random.Random(seed)
    state = KIT.started(2, options, str(seed))
    cards = ("faelans-pack", "call-to-arms", "fold-in-space")
    state = replace(state, reinforcements=cards, armory="thunder-cannon", gold=800,
                    reinforcement_deck=tuple(c for c in state.reinforcement_deck if c not in cards),
                    armory_deck=tuple(c for c in state.armory_deck if c != "thunder-cannon"))
    for number in range(3000):
        status = GAME.status(state)
        if status.finished:
            break
        seat = chooser.choice(status.to_act)
        legal = GAME.legal_commands(state, seat)
        for command in legal:
            assert GAME.refusal(state, command) is None, command
        state, _ = run(state, chooser.choice(legal), str(seed), number)
        check_decks(state)
    assert GAME.status(state).finished
