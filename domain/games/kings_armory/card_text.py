"""A Reinforcement or Armory card's effects, and a Boss's Stat Card, in our own words, from
their data (content.py): what the view shows of the cards the team holds and of a Boss on
the board. No printed text is reproduced: the printed cards are not available, and the
effects and the Bosses' rules are tablerules' (CONTENT.md)."""

from __future__ import annotations

from domain.games.kings_armory.content import (
    ArmoryCard,
    Attack,
    Boss,
    BossRule,
    CardEffect,
    Reinforcement,
    boss_rules,
    heroes,
    hireables,
    monsters,
)
from domain.kernel import counted, listed

IMMUNITIES = {"instakill": "Instakill", "destroy": "Destruction", "remove": "Removal", "stun": "Stun",
              "bleed": "Bleed", "burn": "Burn", "slow": "Slow"}
LASTS = {"round": "until the next Players' Round", "wave": "until the Wave ends"}
WHOM = {"ally": "the Ally named", "allies": "every Ally on the board", "foe": "the foe aimed at",
        "foes": "every foe on the board"}


def _whom(effect: CardEffect) -> str:
    if effect.target == "area" and effect.area is not None:
        width, length = effect.area
        # kings-armory C2 Sixth: an area attack strikes friend and foe alike.
        figures = "figure" if effect.kind == "attack" else "foe"
        return f"every {figures} in a {width}x{length} area centred on the foe aimed at"
    return WHOM.get(effect.target, "")


def attack_text(attack: Attack) -> str:
    """An attack's numbers: "supernatural, range 8, hitroll +6, 3 damage, crits on 19-20 x2"."""
    hitroll = "no roll" if attack.hitroll is None else f"hitroll +{attack.hitroll}"
    damage = "+".join(str(amount) for amount in attack.damage)
    crits = "" if attack.crit_from is None else "20" if attack.crit_from == 20 else f"{attack.crit_from}-20"
    crit = f", crits on {crits} x{attack.crit_mod}" if crits else ""
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
        area = f" on {whom}"
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


def _foe_name(key: str | None) -> str:
    card = monsters().get(key or "")
    return card.name if card is not None else str(key)


def boss_rule_text(boss: Boss, rule: BossRule) -> str:
    """One rule of a Boss's Stat Card in words (kings-armory B7; content.BOSS_RULE_KINDS)."""
    attack = next((a.name for a in boss.attacks if a.key == rule.attack), "its attack")
    texts = {
        "escort": f"{counted(rule.count, _foe_name(rule.monster))} enter with it",
        "summon": f"as each of its turns begins, {counted(rule.count, f'level {rule.level} foe')} enter at the "
                  "Monster Entrance",
        "shed": f"for every {rule.amount} hit points it loses, {_a(_foe_name(rule.monster))} drops onto its space",
        "foe-ward": f"every other foe within {rule.reach} of it gets +{rule.amount} to every resistance",
        "chain": f"each {attack} also strikes up to {counted(rule.count, 'more Ally', 'more Allies')} within "
                 f"{rule.reach} of its target, with the same roll",
        "cover": f"foes within {rule.reach} of it are immune to Ranged damage",
        "crush": f"every Ally on a space it rolls onto or through takes {rule.amount} Non-Resistible damage",
        "sweep": f"{attack} strikes every Ally within its reach that is not on a Tower",
    }
    return f"{rule.name}: {texts.get(rule.kind, rule.kind)}."


def boss_text(boss: Boss) -> tuple[str, ...]:
    """A Boss's Stat Card in words: its attacks, its own rules, and the rules every Boss keeps
    (kings-armory E Bosses) with what its card adds."""
    general = boss_rules()
    lines = [f"{attack.name}: {attack_text(attack)}." for attack in boss.attacks]
    lines += [boss_rule_text(boss, rule) for rule in boss.rules]
    kinds = [word for word, flag in (("flies", boss.flying), ("cannot be stopped by any means", boss.unstoppable),
                                     ("is pushed by the foes behind it", boss.pushable)) if flag]
    if boss.resist.immune:
        kinds.append(f"is immune to {', '.join(boss.resist.immune)} damage")
    if kinds:
        lines.append(f"It {', '.join(kinds)}.")
    immune = listed([IMMUNITIES.get(effect, effect) for effect in boss.immune_effects])
    lines.append(f"Like every Boss it is Untankable and immune to {immune}; a Slow token takes "
                 f"{general.slow_per_token} from its Move Rate, never below {general.slow_floor}; it is never bumped "
                 "back, makes every attack each turn, and stays on the Castle Gate's space, attacking the Gate first.")
    return tuple(lines)


def _a(words: str) -> str:
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"
