"""The four card decks (kings-armory A1 Table Arrangement, A2, B5 Steps 2 and 4): what
each holds, and the effects that shuffle, deal and draw them. Every shuffle's outcome
is written into its event (DeckShuffled), which no viewer sees but as a count
(view.redact). Effects only: nothing here refuses.

A deck is its cards' keys, top first. The Reward deck holds each kind of Reward card
as many times as the box has it ("gold-100" twenty times); the other decks hold each
card once. Cards out of their decks are on the table: Reward cards drawn this Between
Waves phase, the team's Equipment (KaState.gear), the Reinforcement cards and the
Armory card it holds. Together with the decks they are always the whole box
(tests/kings_armory/test_economy.py holds the rules to it)."""

from __future__ import annotations

from domain.games.kings_armory import messages as m
from domain.games.kings_armory.citations import A1_TABLE_ARRANGEMENT, A2, B5_STEP_2, B5_STEP_4
from domain.games.kings_armory.content import armory_cards, equipment, reinforcements, rewards, wave_card
from domain.games.kings_armory.state import HERO, Em, KaState
from domain.kernel import Rng

REWARD, EQUIPMENT, REINFORCEMENT, ARMORY = "reward", "equipment", "reinforcement", "armory"
DECKS = (REWARD, EQUIPMENT, REINFORCEMENT, ARMORY)
"""The decks in the order the table is arranged (kings-armory A1 Table Arrangement)."""
STARTING_EQUIPMENT = 2
"""Equipment cards each seat takes at set-up (kings-armory A2)."""
SET_UP, MAKE_CHANGE = "set-up", "make change"


def whole_deck(deck: str) -> tuple[str, ...]:
    """Every card of a deck, in the content's order (kings-armory GAME COMPONENTS)."""
    if deck == REWARD:
        return tuple(key for key, card in rewards().items() for _ in range(card.count))
    if deck == EQUIPMENT:
        return tuple(equipment())
    if deck == REINFORCEMENT:
        return tuple(reinforcements())
    if deck == ARMORY:
        return tuple(armory_cards())
    raise ValueError(f"no deck {deck!r}")


def deck_of(state: KaState, deck: str) -> tuple[str, ...]:
    """A deck's cards as they lie, top first."""
    if deck == REWARD:
        return state.reward_deck
    if deck == EQUIPMENT:
        return state.equipment_deck
    if deck == REINFORCEMENT:
        return state.reinforcement_deck
    if deck == ARMORY:
        return state.armory_deck
    raise ValueError(f"no deck {deck!r}")


def out_of_deck(state: KaState, deck: str) -> tuple[str, ...]:
    """A deck's cards that are on the table: drawn, held or worn."""
    if deck == REWARD:
        return state.rewards_drawn
    if deck == EQUIPMENT:
        return tuple(gear.card for gear in state.gear)
    if deck == REINFORCEMENT:
        return state.reinforcements
    if deck == ARMORY:
        return (state.armory,) if state.armory else ()
    raise ValueError(f"no deck {deck!r}")


def armory_price(state: KaState) -> int:
    """What the Armory card on offer costs in this game (kings-armory E Armory Cards, B5
    Step 3), 0 when none is left. Every card costs the same, so the price of the card
    face down tells nothing of it (tests/kings_armory/test_content_economy.py)."""
    return armory_cards()[state.armory_deck[0]].price(state.options.waves) if state.armory_deck else 0


def reward_count(state: KaState, wave: int) -> int:
    """Reward cards earned by a Wave: the Wave Card's count plus the Hero Scaling Grid's
    bonus (kings-armory B5 Step 2, E Reward Cards), never below none."""
    heroes = sum(1 for f in state.figures if f.kind == HERO)
    return max(0, wave_card().row(wave).rewards + wave_card().scale(heroes).reward_bonus)


# ---------------------------------------------------------------- effects


def arrange_decks(em: Em, rng: Rng) -> None:
    """Each deck shuffled, its order in the event (kings-armory A1 Table Arrangement): the
    Armory deck's top card is the one on offer, face down."""
    for deck in DECKS:
        cards = whole_deck(deck)
        em.emit(m.DeckShuffled, A1_TABLE_ARRANGEMENT, deck, tuple(rng.shuffled(cards)), len(cards), SET_UP)


def deal_equipment(em: Em) -> None:
    """Each seat in turn takes the top two Equipment cards, locked (kings-armory A2); a
    deck too short for every seat deals what it has."""
    for seat in range(1, em.state.seats + 1):
        cards = em.state.equipment_deck[:STARTING_EQUIPMENT]
        if cards:
            em.emit(m.EquipmentDealt, A2, seat, cards)


def draw_rewards(em: Em, wave: int) -> None:
    """The Reward cards a Wave earns, from the top of the deck, their gold the team's
    (kings-armory B5 Step 2)."""
    state = em.state
    cards = state.reward_deck[:reward_count(state, wave)]
    gold = sum(rewards()[card].gold for card in cards)
    em.emit(m.RewardsDrawn, B5_STEP_2, wave, cards, gold, state.gold + gold)


def make_change(em: Em, rng: Rng) -> None:
    """The team's gold stays a number; the Reward cards drawn go back into the deck,
    which is shuffled (kings-armory B5 Step 4; RULES.md: making change)."""
    cards = whole_deck(REWARD)
    em.emit(m.DeckShuffled, B5_STEP_4, REWARD, tuple(rng.shuffled(cards)), len(cards), MAKE_CHANGE)
