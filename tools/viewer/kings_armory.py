"""The King's Armory's cards in words, for the web viewer's page.

The view names the cards the team holds by id (`gear`, `reinforcements`, `armory`,
`rewards_drawn`: domain/games/kings_armory/view.py); what each card gives is the game's
content, the same at every moment, so the page receives the faces once, with the game's
summary (docs/viewer.md), and draws those the view names. A face: the card's id, its
name, its deck, and what it gives in words: an Equipment card's bonuses, attacks,
Special Actions and what it allows (kings-armory E Equipment Cards, E Statistical
Adjustments), a Reinforcement or Armory card's effects and when it may be played (E
Reinforcement Cards, E Armory Cards); a Reward card's name is its gold (E Reward Cards). Every
card is public content (the rulebook's cards, reconstructed); which card lies where is not,
and a face says nothing about that.
"""

from __future__ import annotations

from domain.games.kings_armory.card_text import effect_text, equipment_gives
from domain.games.kings_armory.content import armory_cards, equipment, heroes, reinforcements, rewards
from domain.kernel import JsonValue


def _when(mid_wave: bool) -> str:
    return "played during a Wave or between Waves" if mid_wave else "played between Waves only"


def _hero(key: str | None) -> str:
    """A Hero by the first name on its card ("Valcor"); "" for a common card's None."""
    hero = heroes().get(key or "")
    return hero.name.split(" the ")[0] if hero is not None else ""


def faces() -> list[JsonValue]:
    """Every card of the four decks as the page shows it: {id, name, deck, gives, note}."""
    found: list[JsonValue] = []
    for key, card in equipment().items():
        note = (f"{_hero(card.hero)}'s {'primary item' if card.primary_item else 'Equipment'}; unlocked for "
                f"{card.unlock} gold, sold for {card.sell}")
        found.append({"id": key, "name": card.name, "deck": "equipment", "gives": list(equipment_gives(card)),
                      "note": note})
    for key, reinforcement in reinforcements().items():
        gives = [effect_text(effect) for effect in reinforcement.effects]
        hero = _hero(reinforcement.hero)
        if hero and reinforcement.hero_effects:
            gives.append(f"with {hero} in the game, also: "
                         f"{'; '.join(effect_text(effect) for effect in reinforcement.hero_effects)}")
        found.append({"id": key, "name": reinforcement.name, "deck": "reinforcement", "gives": list(gives),
                      "note": f"{_when(reinforcement.mid_wave)}; {reinforcement.price} gold"})
    for key, armory in armory_cards().items():
        found.append({"id": key, "name": armory.name, "deck": "armory",
                      "gives": [effect_text(effect) for effect in armory.effects], "note": _when(armory.mid_wave)})
    for key, reward in rewards().items():
        # A Reward card's name is its gold ("100 Gold"): nothing more to say.
        found.append({"id": key, "name": reward.name, "deck": "reward", "gives": [], "note": ""})
    return found
