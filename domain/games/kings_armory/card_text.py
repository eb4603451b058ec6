"""A Reinforcement or Armory card's effects in our own words, from its data (content.py):
what the view shows of the cards the team holds, and what a player reads before playing
one. No card's printed text is reproduced: the printed cards are not available, and the
effects are tablerules' (CONTENT.md)."""

from __future__ import annotations

from domain.games.kings_armory.content import (
    ArmoryCard,
    Attack,
    CardEffect,
    Reinforcement,
    heroes,
    hireables,
)
from domain.kernel import counted

LASTS = {"round": "until the next Players' Round", "wave": "until the Wave ends"}
WHOM = {"ally": "one Ally", "allies": "every Ally on the board", "foe": "one foe", "foes": "every foe on the board"}


def _whom(effect: CardEffect) -> str:
    if effect.target == "area" and effect.area is not None:
        width, length = effect.area
        return f"every foe in a {width}x{length} area centred on a foe"
    return WHOM.get(effect.target, "")


def attack_text(attack: Attack) -> str:
    """An attack's numbers: "supernatural, range 8, hitroll +6, 3 damage, crits on 19-20 x2"."""
    hitroll = "no roll" if attack.hitroll is None else f"hitroll +{attack.hitroll}"
    damage = "+".join(str(amount) for amount in attack.damage)
    crit = f", crits on {attack.crit_from}-20 x{attack.crit_mod}" if attack.crit_from is not None else ""
    extra = [f"{count} {name.capitalize()}" for name, count in attack.on_crit.items()]
    on_crit = f" (and {', '.join(extra)})" if extra else ""
    flags = "".join((", Non-Resistible" if attack.non_resistible else "",
                     ", reaches fliers" if attack.hits_flying and attack.kind == "melee" else ""))
    return f"{attack.kind}, range {attack.reach}, {hitroll}, {damage} damage{flags}{crit}{on_crit}"


def effect_text(effect: CardEffect) -> str:
    """One effect in a sentence without its full stop."""
    kind, whom = effect.kind, _whom(effect)
    lasts = LASTS.get(effect.lasts, "")
    if kind == "attack":
        assert effect.attack is not None
        area = (f" on {whom}, friend and foe" if effect.target == "area" else f" on {whom}")
        bosses = ", Bosses too" if effect.affects_bosses else ""
        return f"{effect.attack.name}{area}{bosses}: {attack_text(effect.attack)}, from a Hero of the seat"
    if kind == "heal":
        return f"{whom} heals {counted(effect.amount, 'hit point')}"
    if kind == "bless":
        return f"{whom} is blessed"
    if kind == "ward":
        return f"{whom} gets +{effect.amount} to every resistance {lasts}"
    if kind == "slow":
        return f"{whom} moves {effect.amount} less {lasts}"
    if kind == "stun":
        return f"{whom} is stunned"
    if kind == "remove":
        return f"{whom} is removed from the board"
    if kind == "teleport-foe":
        return f"{whom} is sent up to {counted(effect.amount, 'space')} back along its route"
    if kind == "summon":
        assert effect.summon is not None
        summon = effect.summon
        if summon.hireable:
            what = f"{counted(summon.count, f'level {summon.level} {hireables()[summon.hireable].name}')}"
        else:
            assert summon.figure is not None
            what = f"{counted(summon.count, summon.figure.name)} ({summon.figure.stats.hp} hit points)"
        return f"{what} come{'s' if summon.count == 1 else ''} to fight for the seat until the Wave ends"
    if kind == "repair-gate":
        return f"the Castle Gate regains up to {counted(effect.amount, 'hit point')}"
    if kind == "reward":
        return f"the team draws {counted(effect.amount, 'Reward card')}"
    return kind


def card_text(card: Reinforcement | ArmoryCard) -> tuple[str, ...]:
    """The card's effects, one sentence each; a Hero's card says what its Hero adds, and a
    card kept for Between Waves says so."""
    lines = [f"{effect_text(effect)}." for effect in card.effects]
    if isinstance(card, Reinforcement) and card.hero is not None:
        hero = heroes()[card.hero].name.split(" the ")[0]
        lines += [f"With {hero} in the game, also: {effect_text(effect)}." for effect in card.hero_effects]
    if not card.mid_wave:
        lines.append("Played Between Waves only.")
    return tuple(line[0].upper() + line[1:] for line in lines)
