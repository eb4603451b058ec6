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

from domain.games.kings_armory.content import (
    STATUSES,
    Attack,
    CardEffect,
    Equipment,
    Special,
    StatModifiers,
    Summon,
    armory_cards,
    equipment,
    heroes,
    hireables,
    reinforcements,
    rewards,
)
from domain.kernel import JsonValue, counted, listed

STAT_WORDS = (("hp", "hit points"), ("actions", "Action Points"), ("heal", "Heal Rate"), ("move", "Move Rate"),
              ("tank", "Tank Number"), ("dodge", "Dodge"), ("melee", "Melee resistance"),
              ("ranged", "Ranged resistance"), ("supernatural", "Supernatural resistance"))
"""An Equipment card's stat modifiers (content.STAT_NAMES) as a Stat Card names them."""
SCOPES = {"all": "every attack", "primary": "the Primary Attack", "melee": "Melee attacks",
          "ranged": "Ranged attacks", "supernatural": "Supernatural attacks"}
"""Which attacks an attack bonus touches (content.ATTACK_SCOPES); never a Special's (E Special Actions)."""
GRANTS = {"tank-flying": "may tank a flying foe", "melee-hits-flying": "its Melee attacks reach flying foes"}
"""What worn Equipment allows that the rules otherwise forbid (content.GRANTS: E Tanking, E Flying)."""
LASTS = {"action": "", "round": " until the next Players' Round", "wave": " until the Wave ends"}
TARGETS = {"ally": "one Ally", "allies": "every Ally", "foe": "one foe", "foes": "every foe on the board",
           "gate": "the Castle Gate", "team": "the team"}
SPECIALS = {
    "heal": "heals an Ally {amount} hit points",
    "bless": "gives an Ally a Bless token",
    "ward": "gives an Ally +{amount} to every resistance",
    "enchant": "gives an Ally +{amount} damage on its attacks",
    "slow": "slows foes by {amount}",
    "tank-boost": "lets it tank {amount} more foes, from 2 spaces away",
    "mind-cage": "lets it tank a foe from its Tower",
    "teleport-ally": "moves an Ally up to {amount} spaces",
    "teleport-foe": "sends a foe {amount} spaces back along its route",
    "time-rift": "makes a foe lose its next turn",
    "summon-guardian": "summons the Guardian",
    "foresight": "reveals a foe of the next Wave",
    "aura": "heals the Allies around it {amount} hit points each Players' Round",
    "attack": "makes an attack",
}
"""What a Special Action of each kind (content.SPECIAL_KINDS) does, in short."""


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def _area(area: tuple[int, int] | None) -> str:
    return f"{area[0]}x{area[1]}" if area is not None else ""


def attack_words(attack: Attack) -> str:
    """An attack's numbers: "Ranged, Range 7, Hitroll +7, 3 damage, crit 18-20 x2"."""
    damage = "+".join(str(number) for number in attack.damage)
    words = [attack.kind.capitalize(), f"Range {attack.reach}",
             "Auto (no roll)" if attack.hitroll is None else f"Hitroll {_signed(attack.hitroll)}",
             f"{damage} damage" + (f", {attack.rolls} rolls" if attack.rolls > 1 else "")]
    if attack.area is not None:
        words.append(f"a {'line' if attack.is_line else 'area'} of {_area(attack.area)}")
    if attack.crit_from is not None:
        crit = f"crit {attack.crit_from if attack.crit_from == 20 else f'{attack.crit_from}-20'} x{attack.crit_mod}"
        extra = listed([f"{effect.capitalize()} {count}" if effect in STATUSES else effect.capitalize()
                        for effect, count in sorted(attack.on_crit.items())], "")
        words.append(f"{crit} adding {extra}" if extra else crit)
    if attack.non_resistible:
        words.append("Non-Resistible")
    if attack.hits_flying:
        words.append("hits flying foes")
    return ", ".join(words)


def _special_words(special: Special) -> str:
    what = SPECIALS[special.kind].format(amount=special.amount)
    if special.kind == "attack" and special.attack is not None:
        what = f"an attack: {attack_words(special.attack)}"
    reach = f", within {special.reach}" if special.reach else ""
    once = ", once a Wave" if special.once_per_wave else ""
    return (f"Special Action {special.name} ({counted(special.cost, 'action')}): {what}{reach}"
            f"{LASTS[special.lasts]}{once}")


def _stat_words(stats: StatModifiers) -> list[str]:
    return [f"{_signed(getattr(stats, field))} {label}" for field, label in STAT_WORDS if getattr(stats, field)]


def equipment_gives(card: Equipment) -> list[str]:
    """What an Equipment card gives its wearer (kings-armory B5 Step 5, E Equipment Cards)."""
    gives = _stat_words(card.stats)
    bonus = card.attack_bonus
    if bonus is not None:
        parts = [f"{_signed(bonus.hitroll)} Hitroll" if bonus.hitroll else "",
                 f"{_signed(bonus.damage)} damage" if bonus.damage else "",
                 f"{_signed(bonus.reach)} Range" if bonus.reach else "",
                 f"Crit Range {bonus.crit_range} wider" if bonus.crit_range else ""]
        gives.append(f"{listed([part for part in parts if part])} on {SCOPES[bonus.scope]}")
    gives += [f"Attack Option {attack.name}: {attack_words(attack)}" for attack in card.attacks]
    gives += [_special_words(special) for special in card.specials]
    gives += [GRANTS[grant] for grant in card.grants]
    return gives


def _summoned(summon: Summon) -> str:
    if summon.hireable is not None:
        return counted(summon.count, f"level {summon.level} {hireables()[summon.hireable].name}")
    if summon.figure is not None:
        figure, stats = summon.figure, summon.figure.stats
        return (f"the {figure.name} ({stats.hp} hit points, Tank Number {stats.tank}, Dodge {stats.dodge}; "
                f"{listed([f'{a.name}: {attack_words(a)}' for a in figure.attacks])})")
    raise ValueError("a summon brings a Hireable or a figure (content.py)")


def effect_words(effect: CardEffect) -> str:
    """One effect of a Reinforcement or Armory card (content.EFFECT_KINDS), whom it reaches
    and how long it lasts."""
    # An area attack hits friend and foe (kings-armory C2 Sixth); the other area effects act on foes.
    in_area = "every figure" if effect.kind == "attack" else "every foe"
    whom = f"{in_area} in a {_area(effect.area)} area" if effect.target == "area" else TARGETS[effect.target]
    lasts = LASTS[effect.lasts]
    if effect.kind == "attack" and effect.attack is not None:
        words = f"{effect.attack.name} on {whom}: {attack_words(effect.attack)}"
    elif effect.kind == "summon" and effect.summon is not None:
        joins = "join" if effect.summon.count > 1 else "joins"
        words = f"{_summoned(effect.summon)} {joins} the team{lasts}, beside a Tower"
    else:
        words = {
            "heal": f"heals {whom} {counted(effect.amount, 'hit point')}",
            "bless": f"a Bless token on {whom}",
            "ward": f"{_signed(effect.amount)} to every resistance of {whom}{lasts}",
            "slow": f"{_signed(-effect.amount)} Move Rate for {whom}{lasts}, with no Slow token",
            "stun": f"a Stun token on {whom}",
            "remove": f"removes {whom} from the board",
            "teleport-foe": f"sends {whom} {counted(effect.amount, 'space')} back along its route",
            "repair-gate": f"{whom} regains {counted(effect.amount, 'hit point')}, up to its maximum",
            "reward": f"the team draws {counted(effect.amount, 'Reward card')}",
        }[effect.kind]
    if effect.target in ("foe", "foes", "area"):
        words += ", Bosses too" if effect.affects_bosses else ", never a Boss"
    return words


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
        gives = [effect_words(effect) for effect in reinforcement.effects]
        hero = _hero(reinforcement.hero)
        if hero and reinforcement.hero_effects:
            gives.append(f"with {hero} in the game, also: "
                         f"{'; '.join(effect_words(effect) for effect in reinforcement.hero_effects)}")
        found.append({"id": key, "name": reinforcement.name, "deck": "reinforcement", "gives": list(gives),
                      "note": f"{_when(reinforcement.mid_wave)}; {reinforcement.price} gold"})
    for key, armory in armory_cards().items():
        found.append({"id": key, "name": armory.name, "deck": "armory",
                      "gives": [effect_words(effect) for effect in armory.effects], "note": _when(armory.mid_wave)})
    for key, reward in rewards().items():
        # A Reward card's name is its gold ("100 Gold"): nothing more to say.
        found.append({"id": key, "name": reward.name, "deck": "reward", "gives": [], "note": ""})
    return found
