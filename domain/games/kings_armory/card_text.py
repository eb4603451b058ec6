"""The King's Armory's cards and Bosses in our own words, from their data (content.py): an
Equipment card's gifts, a Reinforcement or Armory card's effects, a Boss's Stat Card; what
the view shows of the cards the team holds and of a Boss on the board, and the faces the web
viewer draws (tools/viewer). No printed text is reproduced: the printed cards are not available, and the
effects and the Bosses' rules are tablerules' (CONTENT.md)."""

from __future__ import annotations

from domain.games.kings_armory.content import (
    STATUSES,
    ArmoryCard,
    Attack,
    Boss,
    BossRule,
    CardEffect,
    Equipment,
    Reinforcement,
    Special,
    StatModifiers,
    Summon,
    boss_rules,
    heroes,
    hireables,
    monsters,
)
from domain.kernel import counted, listed

IMMUNITIES = {"instakill": "Instakill", "destroy": "Destruction", "remove": "Removal", "stun": "Stun",
              "bleed": "Bleed", "burn": "Burn", "slow": "Slow"}
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


def attack_text(attack: Attack) -> str:
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
        what = f"an attack: {attack_text(special.attack)}"
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
    gives += [f"Attack Option {attack.name}: {attack_text(attack)}" for attack in card.attacks]
    gives += [_special_words(special) for special in card.specials]
    gives += [GRANTS[grant] for grant in card.grants]
    return gives


def _summoned(summon: Summon) -> str:
    if summon.hireable is not None:
        return counted(summon.count, f"level {summon.level} {hireables()[summon.hireable].name}")
    if summon.figure is not None:
        figure, stats = summon.figure, summon.figure.stats
        return (f"the {figure.name} ({stats.hp} hit points, Tank Number {stats.tank}, Dodge {stats.dodge}; "
                f"{listed([f'{a.name}: {attack_text(a)}' for a in figure.attacks])})")
    raise ValueError("a summon brings a Hireable or a figure (content.py)")


def effect_text(effect: CardEffect) -> str:
    """One effect of a Reinforcement or Armory card (content.EFFECT_KINDS), whom it reaches
    and how long it lasts."""
    # An area attack hits friend and foe (kings-armory C2 Sixth); the other area effects act on foes.
    in_area = "every figure" if effect.kind == "attack" else "every foe"
    whom = f"{in_area} in a {_area(effect.area)} area" if effect.target == "area" else TARGETS[effect.target]
    lasts = LASTS[effect.lasts]
    if effect.kind == "attack" and effect.attack is not None:
        words = f"{effect.attack.name} on {whom}: {attack_text(effect.attack)}"
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
