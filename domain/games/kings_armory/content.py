"""The King's Armory content: heroes, hireables, monsters, the wave card, the four card decks
(Reward, Equipment, Reinforcement, Armory) and the Bosses, as typed data.

The printed stat cards are not available; the JSON files beside this module are
tablerules' reconstruction (each says so in its header, and CONTENT.md gives the origin
of every number: the rulebook, facts.md, or our own choice). This module parses them
strictly: an unknown key, a missing key or an unknown kind raises ValueError naming the
file and the entry.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from types import MappingProxyType

from domain.games.kings_armory.citations import B7, E_BOSSES, E_CRIT_RANGE, E_REINFORCEMENT_CARDS, E_REWARD_CARDS

MELEE, RANGED, SUPERNATURAL = "melee", "ranged", "supernatural"
DAMAGE_TYPES = (MELEE, RANGED, SUPERNATURAL)
ALL = "all"
"""Resist.immune == ("all",): "Immune to everything" (kings-armory E Immune)."""
STATUSES = ("bleed", "burn", "slow", "stun", "bless")
CRIT_EFFECTS = ("bleed", "burn", "slow", "stun", "instakill", "destroy", "remove")
"""The keys an Attack's on_crit may hold."""
SPECIAL_KINDS = (
    "heal",
    "bless",
    "ward",
    "slow",
    "tank-boost",
    "mind-cage",
    "teleport-ally",
    "teleport-foe",
    "time-rift",
    "summon-guardian",
    "enchant",
    "foresight",
    "aura",
    "attack",
)
LASTS = ("action", "round", "wave")
OFFENSIVE, UTILITY = "offensive", "utility"
ROLES = (OFFENSIVE, UTILITY)
RED, YELLOW = "red", "yellow"
ARROWS = (RED, YELLOW)
MONSTER_LEVELS = (1, 2, 3, 4, 5)
HIREABLE_LEVELS = (1, 2, 3)
D12 = 12

HEROES_FILE = "heroes.json"
HIREABLES_FILE = "hireables.json"
MONSTERS_FILE = "monsters.json"
WAVE_CARD_FILE = "wave-card.json"
REWARDS_FILE = "rewards.json"
EQUIPMENT_FILE = "equipment.json"
REINFORCEMENTS_FILE = "reinforcements.json"
ARMORY_FILE = "armory.json"
BOSSES_FILE = "bosses.json"

REWARD_GOLD = (50, 100, 150, 250)
"""The values a Reward card comes in (kings-armory B5 Step 2, E Reward Cards)."""
STAT_NAMES = ("hp", "actions", "heal", "move", "tank", "dodge", *DAMAGE_TYPES)
"""What an Equipment card's stat modifiers may change (the last three: resistances)."""
ATTACK_SCOPES = ("all", "primary", *DAMAGE_TYPES)
"""Which attacks an attack bonus modifies: every attack, the Primary Attack only (kings-armory
E Primary Attack), or the attacks of one damage type. Special Actions never (E Special Actions)."""
GRANTS = ("tank-flying", "melee-hits-flying")
"""What an Equipment card may allow that the rules otherwise forbid (kings-armory E Flying:
tanking a flying foe, reaching one with a Melee attack)."""
EFFECT_KINDS = (
    "attack",
    "heal",
    "bless",
    "ward",
    "slow",
    "stun",
    "remove",
    "teleport-foe",
    "summon",
    "repair-gate",
    "reward",
)
"""What a Reinforcement or Armory card's effect does:
attack: makes its `attack` (reach counted from the Hero of the seat that plays the card);
heal: restores `amount` hit points; bless: one Bless token (C2 Bless);
ward: +`amount` to all three resistances until `lasts` ends;
slow: -`amount` to the Move Rate until `lasts` ends, with no Slow token, so it stacks
(kings-armory C2 Slow note); stun: one Stun token; remove: removal (E Removal);
teleport-foe: sends the foe `amount` spaces back along its route;
summon: brings its `summon` onto the board near a Tower until the Wave ends (E Summoning);
repair-gate: restores `amount` hit points to the Castle Gate, up to its maximum (D2-3);
reward: the team draws `amount` Reward cards."""
TARGETS = ("ally", "allies", "foe", "foes", "area", "gate", "team")
"""Whom an effect reaches: one Ally or every Ally, one foe or every foe on the board, every
figure in an `area` (C2 Sixth), the Castle Gate, or the team as a whole."""
_EFFECT_TARGETS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "attack": ("foe", "foes", "area"),
        "heal": ("ally", "allies"),
        "bless": ("ally", "allies"),
        "ward": ("ally", "allies"),
        "slow": ("foe", "foes", "area"),
        "stun": ("foe", "foes", "area"),
        "remove": ("foe",),
        "teleport-foe": ("foe", "foes", "area"),
        "summon": ("team",),
        "repair-gate": ("gate",),
        "reward": ("team",),
    }
)
_EFFECTS_WITH_AMOUNT = ("heal", "ward", "slow", "teleport-foe", "repair-gate", "reward")
_LASTING_EFFECTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"ward": ("round", "wave"), "slow": ("round", "wave"), "summon": ("wave",)}
)
"""How long the effects that last may last: a ward or a slow until the next Players' Round or the
Wave's end; summoned figures stay until the Wave ends (E Summoning; RULES.md)."""
BOSS_IMMUNITIES = ("instakill", "destroy", "remove", "bleed", "burn", "slow", "stun")
"""The effects a Boss may be immune to (kings-armory E Bosses names the first three and Stun)."""
BOSS_RULE_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "escort": ("monster", "count"),
        "summon": ("level", "count"),
        "shed": ("amount", "monster"),
        "foe-ward": ("amount", "reach"),
        "chain": ("attack", "count", "reach"),
        "cover": ("reach",),
        "crush": ("amount",),
        "sweep": ("attack",),
    }
)
"""A Boss's own rules (kings-armory B7: its Stat Card's behaviour, immunities and Monster
additions), each kind with the fields it needs:
escort: `count` foes of kind `monster` enter with it;
summon: as each of its turns begins, `count` foes of `level` enter at the Monster
Entrance as new foes (E Summoning);
shed: each time its hit points fall past a multiple of `amount` lost, one `monster` appears on
its space;
foe-ward: every other foe within `reach` of it has +`amount` to all three resistances;
chain: each hit of its `attack` also hits up to `count` more Allies within `reach` of the
target, with the same roll;
cover: foes within `reach` of it are immune to Ranged damage (E Immune);
crush: every Ally on a space it moves onto or through takes `amount` Non-Resistible damage;
sweep: its `attack` hits every Ally within its reach that is not on a Tower."""
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Resist:
    """Damage resistances; a type in `immune` takes no damage nor effects of that type."""

    melee: int
    ranged: int
    supernatural: int
    immune: tuple[str, ...] = ()

    def of(self, kind: str) -> int:
        """The resistance number against `kind` (immunity is separate: see immune_to)."""
        if kind == MELEE:
            return self.melee
        if kind == RANGED:
            return self.ranged
        if kind == SUPERNATURAL:
            return self.supernatural
        raise ValueError(f"unknown damage type {kind!r}")

    def immune_to(self, kind: str) -> bool:
        """True when damage and effects of `kind` do nothing (kings-armory E Immune)."""
        if kind not in DAMAGE_TYPES:
            raise ValueError(f"unknown damage type {kind!r}")
        return ALL in self.immune or kind in self.immune


@dataclass(frozen=True, slots=True)
class Attack:
    key: str
    name: str
    cost: int
    kind: str
    reach: int
    hitroll: int | None
    castle_only: bool
    rolls: int
    damage: tuple[int, ...]
    non_resistible: bool
    crit_from: int | None
    crit_mod: int
    on_crit: Mapping[str, int]
    area: tuple[int, int] | None
    hits_flying: bool
    level: int
    primary: bool

    @property
    def is_line(self) -> bool:
        """A line attack (kings-armory E Line Attacks): width 1, length 2 or more."""
        return self.area is not None and self.area[0] == 1 and self.area[1] >= 2

    def crit_range_raised(self, by: int) -> Attack:
        """The attack with its Crit Range raised by `by` (an Equipment bonus): the
        range grows downwards, 19-20 raised by 2 is 17-20 (kings-armory E Crit Range). It
        stops at 2, a natural 1 failing always; an attack that cannot crit still cannot."""
        if by < 0:
            raise ValueError(f"{E_CRIT_RANGE}: a raise is not negative ({by})")
        if self.crit_from is None:
            return self
        return replace(self, crit_from=max(2, self.crit_from - by))


@dataclass(frozen=True, slots=True)
class Special:
    key: str
    name: str
    cost: int
    kind: str
    reach: int
    amount: int
    area: tuple[int, int] | None
    hitroll: int | None
    lasts: str
    level: int
    once_per_wave: bool
    attack: Attack | None = None
    """The attack a Special of kind "attack" makes (None for every other kind)."""


@dataclass(frozen=True, slots=True)
class Stats:
    hp: int
    actions: int
    heal: int
    move: int
    tank: int
    dodge: int
    resist: Resist
    teleport: bool


@dataclass(frozen=True, slots=True)
class Hero:
    key: str
    name: str
    role: str
    ranged_role: bool
    towers_only: bool
    stats: Stats
    attacks: tuple[Attack, ...]
    specials: tuple[Special, ...]
    guardian: Stats | None


@dataclass(frozen=True, slots=True)
class HireableLevel:
    level: int
    cost: int
    stats: Stats


def _check_level(level: int) -> None:
    if level not in HIREABLE_LEVELS:
        raise ValueError(f"a hireable's level is 1, 2 or 3, not {level!r}")


@dataclass(frozen=True, slots=True)
class Hireable:
    key: str
    name: str
    role: str
    ranged_role: bool
    max_recruits: int
    counts_as: str
    levels: tuple[HireableLevel, HireableLevel, HireableLevel]
    attacks: tuple[Attack, ...]
    specials: tuple[Special, ...]

    def stats(self, level: int) -> Stats:
        _check_level(level)
        return self.levels[level - 1].stats

    def attacks_at(self, level: int) -> tuple[Attack, ...]:
        """The attacks usable at `level` (kings-armory B5: equal or lesser level): the newest
        primary first, then every other attack of that level or lower."""
        _check_level(level)
        usable = [attack for attack in self.attacks if attack.level <= level]
        primaries = [attack for attack in usable if attack.primary]
        newest = (max(primaries, key=lambda attack: attack.level),) if primaries else ()
        return newest + tuple(attack for attack in usable if not attack.primary)

    def specials_at(self, level: int) -> tuple[Special, ...]:
        _check_level(level)
        return tuple(special for special in self.specials if special.level <= level)


@dataclass(frozen=True, slots=True)
class Monster:
    key: str
    name: str
    level: int
    tokens: int
    hp: int
    move: int
    arrow: str
    flying: bool
    dodge: int
    resist: Resist
    attack: Attack
    siege: bool
    pushable: bool
    untankable: bool
    unstoppable: bool


@dataclass(frozen=True, slots=True)
class WaveRow:
    wave: int
    foes: int
    rewards: int
    levels: tuple[tuple[int, int, int], ...]

    def level_for(self, roll: int) -> int:
        """The monster level for a net d12 roll; below 1 or above 12 takes the row's lowest or
        highest level (kings-armory E Roll Modifier)."""
        if roll < 1:
            return self.levels[0][2]
        if roll > D12:
            return self.levels[-1][2]
        for low, high, level in self.levels:
            if low <= roll <= high:
                return level
        raise AssertionError("a wave row covers 1..12")  # the parser guarantees it


@dataclass(frozen=True, slots=True)
class HeroScaling:
    heroes: int
    extra_foes: int
    roll_mod: int
    reward_bonus: int
    towers: int


@dataclass(frozen=True, slots=True)
class WaveCard:
    waves: tuple[WaveRow, ...]
    scaling: tuple[HeroScaling, ...]

    def row(self, wave: int) -> WaveRow:
        for row in self.waves:
            if row.wave == wave:
                return row
        raise ValueError(f"the wave card has no wave {wave!r}")

    def scale(self, heroes: int) -> HeroScaling:
        for scaling in self.scaling:
            if scaling.heroes == heroes:
                return scaling
        raise ValueError(f"the wave card has no scaling for {heroes!r} heroes")


@dataclass(frozen=True, slots=True)
class RewardCard:
    """A kind of Reward card and how many of it the deck holds."""

    key: str
    name: str
    gold: int
    count: int


@dataclass(frozen=True, slots=True)
class StatModifiers:
    """Bonuses (or, negative, penalties) on top of a Hero's stats (kings-armory E Statistical
    Adjustments: the base stays, the bonus adds); melee, ranged and supernatural are resistances."""

    hp: int = 0
    actions: int = 0
    heal: int = 0
    move: int = 0
    tank: int = 0
    dodge: int = 0
    melee: int = 0
    ranged: int = 0
    supernatural: int = 0


@dataclass(frozen=True, slots=True)
class AttackModifiers:
    """Bonuses to the attacks in `scope` (ATTACK_SCOPES); crit_range widens the Crit Range
    downwards (Attack.crit_range_raised)."""

    scope: str
    hitroll: int
    damage: int
    crit_range: int
    reach: int


@dataclass(frozen=True, slots=True)
class Equipment:
    """An Equipment card: its Hero (whose quote it bears, kings-armory E Equipment Cards), whether
    it is that Hero's primary item (H Solo Play), its prices (B5 Step 3) and what it gives its
    wearer: stat modifiers, attack bonuses, extra Attack Options and Special Actions, grants."""

    key: str
    name: str
    hero: str
    primary_item: bool
    unlock: int
    buy: int
    sell: int
    stats: StatModifiers
    attack_bonus: AttackModifiers | None
    attacks: tuple[Attack, ...]
    specials: tuple[Special, ...]
    grants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SummonedFigure:
    """A figure that only a card brings (the Sword Golem of GAME COMPONENTS)."""

    key: str
    name: str
    stats: Stats
    attacks: tuple[Attack, ...]


@dataclass(frozen=True, slots=True)
class Summon:
    """What a summon effect brings: `count` Hireables of a class at `level`, or `count` of a
    figure of its own (exactly one of hireable and figure)."""

    count: int
    hireable: str | None
    level: int
    figure: SummonedFigure | None


@dataclass(frozen=True, slots=True)
class CardEffect:
    """One effect of a Reinforcement or Armory card (EFFECT_KINDS, TARGETS). A foe effect
    leaves Bosses alone unless affects_bosses (kings-armory E Bosses, E Removal)."""

    kind: str
    target: str
    amount: int
    area: tuple[int, int] | None
    lasts: str
    affects_bosses: bool
    attack: Attack | None
    summon: Summon | None


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """A Reinforcement card: its Hero (None for the common cards) and the effects that Hero
    adds when it is being played (kings-armory E Reinforcement Cards); usable mid-Wave or
    only Between Waves (B6)."""

    key: str
    name: str
    hero: str | None
    price: int
    mid_wave: bool
    effects: tuple[CardEffect, ...]
    hero_effects: tuple[CardEffect, ...]


@dataclass(frozen=True, slots=True)
class ArmoryCard:
    """An Armory card: its price by game length (kings-armory E Armory Cards) and its effects."""

    key: str
    name: str
    price_5_waves: int
    price_7_waves: int
    mid_wave: bool
    effects: tuple[CardEffect, ...]

    def price(self, waves: int) -> int:
        """The price in a game of `waves` Waves: up to 5 the 5-Wave price, 6 and 7 the 7-Wave
        one (kings-armory E Armory Cards; H The Gauntlet splits the Waves the same way)."""
        if waves < 1:
            raise ValueError(f"a game has 1 Wave or more, not {waves!r}")
        return self.price_5_waves if waves <= 5 else self.price_7_waves


@dataclass(frozen=True, slots=True)
class BossRules:
    """The rules every Boss keeps (kings-armory E Bosses) unless its own rules say otherwise."""

    untankable: bool
    immune_effects: tuple[str, ...]
    slow_per_token: int
    slow_floor: int
    bumps_back: bool
    stacks: bool
    stays_at_gate: bool
    gate_first: bool
    all_attacks: bool


@dataclass(frozen=True, slots=True)
class BossRule:
    """One of a Boss's own rules (BOSS_RULE_KINDS says what each kind does and needs); fields a
    kind does not use are 0 or None."""

    key: str
    name: str
    kind: str
    amount: int
    reach: int
    count: int
    level: int | None
    monster: str | None
    attack: str | None


@dataclass(frozen=True, slots=True)
class Boss:
    """A Boss's Stat Card (kings-armory B7, E Bosses, G3 THE BOSSES). immune_effects holds the
    general immunities of BossRules and the Boss's own."""

    key: str
    name: str
    hp: int
    move: int
    arrow: str
    flying: bool
    pushable: bool
    unstoppable: bool
    dodge: int
    resist: Resist
    immune_effects: tuple[str, ...]
    attacks: tuple[Attack, ...]
    rules: tuple[BossRule, ...]


# ---------------------------------------------------------------- strict parsing


class _Where:
    """Where a value sits: the file, the entry and the path inside it, for error messages."""

    __slots__ = ("file", "path")

    def __init__(self, file: str, path: str = "") -> None:
        self.file = file
        self.path = path

    def at(self, part: str) -> _Where:
        return _Where(self.file, f"{self.path} {part}".strip())

    def error(self, message: str) -> ValueError:
        return ValueError(f"{self.file}: {self.path or 'top level'}: {message}")


def _object(
    value: object, where: _Where, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, object]:
    if not isinstance(value, dict):
        raise where.error("expected an object")
    unknown = sorted(str(key) for key in value if key not in required and key not in optional)
    if unknown:
        raise where.error(f"unknown key(s) {', '.join(unknown)}")
    missing = [key for key in required if key not in value]
    if missing:
        raise where.error(f"missing key(s) {', '.join(missing)}")
    return {str(key): item for key, item in value.items()}


def _int(value: object, where: _Where, name: str, low: int | None = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.error(f"{name} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise where.error(f"{name} {value} is out of range")
    return value


def _opt_int(value: object, where: _Where, name: str, low: int | None = 0, high: int | None = None) -> int | None:
    return None if value is None else _int(value, where, name, low, high)


def _bool(value: object, where: _Where, name: str) -> bool:
    if not isinstance(value, bool):
        raise where.error(f"{name} must be true or false, not {value!r}")
    return value


def _str(value: object, where: _Where, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise where.error(f"{name} must be a non-empty string, not {value!r}")
    return value


def _choice(value: object, where: _Where, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise where.error(f"unknown {name} {value!r} (expected one of {', '.join(choices)})")
    assert isinstance(value, str)
    return value


def _list(value: object, where: _Where, name: str) -> list[object]:
    if not isinstance(value, list):
        raise where.error(f"{name} must be a list")
    return value


def _key(value: object, where: _Where) -> str:
    key = _str(value, where, "key")
    if not _KEY.fullmatch(key):
        raise where.error(f"key {key!r} is not a slug")
    return key


def _area(value: object, where: _Where) -> tuple[int, int] | None:
    if value is None:
        return None
    items = _list(value, where, "area")
    if len(items) != 2:
        raise where.error("area is [width, length]")
    return (_int(items[0], where, "area width", 1), _int(items[1], where, "area length", 1))


def _entries(data: dict[str, object], name: str, where: _Where) -> list[tuple[_Where, object]]:
    """The entries of a list, each with its key (or position) for messages."""
    found: list[tuple[_Where, object]] = []
    for index, item in enumerate(_list(data[name], where, name)):
        label = item.get("key") if isinstance(item, dict) else None
        found.append((where.at(f"entry {label!r}" if isinstance(label, str) else f"{name}[{index}]"), item))
    return found


def _unique(items: list[tuple[str, object]], where: _Where, what: str) -> None:
    keys = [key for key, _ in items]
    doubled = sorted({key for key in keys if keys.count(key) > 1})
    if doubled:
        raise where.error(f"{what} key(s) used twice: {', '.join(doubled)}")


_ATTACK_REQUIRED = ("key", "name", "kind", "reach", "hitroll", "damage")
_ATTACK_OPTIONAL = (
    "cost",
    "castle_only",
    "rolls",
    "non_resistible",
    "crit_from",
    "crit_mod",
    "on_crit",
    "area",
    "hits_flying",
    "level",
    "primary",
)


def _attack(value: object, where: _Where, *, monster: bool) -> Attack:
    """An attack. Allies must give crit_from and crit_mod; a monster's default to n20 and x2
    (kings-armory C2), or to no crit when there is no roll."""
    required = _ATTACK_REQUIRED if monster else (*_ATTACK_REQUIRED, "crit_from", "crit_mod")
    data = _object(value, where, required, tuple(key for key in _ATTACK_OPTIONAL if key not in required))
    key = _key(data["key"], where)
    hitroll = _opt_int(data["hitroll"], where, "hitroll", None)
    castle_only = _bool(data.get("castle_only", False), where, "castle_only")
    if castle_only and (not monster or hitroll is not None):
        raise where.error("a castle-only attack is a monster's and has no hitroll")
    damage = tuple(_int(item, where, "damage", 1) for item in _list(data["damage"], where, "damage"))
    if len(damage) not in (1, 2):
        raise where.error("damage holds one number, or two for '+'")
    default_crit = 20 if monster and hitroll is not None else None
    crit_from = _opt_int(data.get("crit_from", default_crit), where, "crit_from", 2, 20)
    if hitroll is None and crit_from is not None:
        raise where.error("an attack with hitroll Auto cannot crit")
    raw_on_crit = data.get("on_crit", {})
    if not isinstance(raw_on_crit, dict):
        raise where.error("on_crit must be an object")
    on_crit = {
        _choice(name, where, "crit effect", CRIT_EFFECTS): _int(count, where, f"on_crit {name}", 1)
        for name, count in raw_on_crit.items()
    }
    if on_crit and crit_from is None:
        raise where.error("on_crit needs a crit range")
    cost = _int(data.get("cost", 0 if monster else 1), where, "cost")
    level = _int(data.get("level", 1), where, "level", 1, 3)
    if monster and (cost != 0 or level != 1):
        raise where.error("a monster's attack costs 0 and has level 1")
    return Attack(
        key=key,
        name=_str(data["name"], where, "name"),
        cost=cost,
        kind=_choice(data["kind"], where, "attack kind", DAMAGE_TYPES),
        reach=_int(data["reach"], where, "reach", 1),
        hitroll=hitroll,
        castle_only=castle_only,
        rolls=_int(data.get("rolls", 1), where, "rolls", 1),
        damage=damage,
        non_resistible=_bool(data.get("non_resistible", False), where, "non_resistible"),
        crit_from=crit_from,
        crit_mod=_int(data.get("crit_mod", 2), where, "crit_mod", 1),
        on_crit=MappingProxyType(on_crit),
        area=_area(data.get("area"), where),
        hits_flying=_bool(data.get("hits_flying", False), where, "hits_flying"),
        level=level,
        primary=_bool(data.get("primary", False), where, "primary"),
    )


def _special(value: object, where: _Where) -> Special:
    data = _object(
        value,
        where,
        ("key", "name", "kind", "reach"),
        ("cost", "amount", "area", "hitroll", "lasts", "level", "once_per_wave", "attack"),
    )
    kind = _choice(data["kind"], where, "special kind", SPECIAL_KINDS)
    attack = None
    if kind == "attack":
        if "attack" not in data:
            raise where.error("a special of kind 'attack' needs an 'attack' object")
        attack = _attack(data["attack"], where.at("attack"), monster=False)
    elif "attack" in data:
        raise where.error(f"a special of kind {kind!r} has no 'attack' object")
    return Special(
        key=_key(data["key"], where),
        name=_str(data["name"], where, "name"),
        cost=_int(data.get("cost", 1), where, "cost"),
        kind=kind,
        reach=_int(data["reach"], where, "reach"),
        amount=_int(data.get("amount", 0), where, "amount"),
        area=_area(data.get("area"), where),
        hitroll=_opt_int(data.get("hitroll"), where, "hitroll", None),
        lasts=_choice(data.get("lasts", "action"), where, "lasts", LASTS),
        level=_int(data.get("level", 1), where, "level", 1, 3),
        once_per_wave=_bool(data.get("once_per_wave", False), where, "once_per_wave"),
        attack=attack,
    )


def _resist(value: object, where: _Where) -> Resist:
    data = _object(value, where, ("melee", "ranged", "supernatural"), ("immune",))
    listed = _list(data.get("immune", []), where, "immune")
    immune = tuple(_choice(item, where, "immunity", (*DAMAGE_TYPES, ALL)) for item in listed)
    if len(set(immune)) != len(immune) or (ALL in immune and len(immune) > 1):
        raise where.error("immune lists each type once, or 'all' alone")
    return Resist(
        melee=_int(data["melee"], where, "melee resistance"),
        ranged=_int(data["ranged"], where, "ranged resistance"),
        supernatural=_int(data["supernatural"], where, "supernatural resistance"),
        immune=immune,
    )


def _stats(value: object, where: _Where) -> Stats:
    data = _object(value, where, ("hp", "actions", "heal", "move", "tank", "dodge", "resist"), ("teleport",))
    return Stats(
        hp=_int(data["hp"], where, "hp", 1),
        actions=_int(data["actions"], where, "actions", 1),
        heal=_int(data["heal"], where, "heal"),
        move=_int(data["move"], where, "move"),
        tank=_int(data["tank"], where, "tank"),
        dodge=_int(data["dodge"], where, "dodge"),
        resist=_resist(data["resist"], where.at("resist")),
        teleport=_bool(data.get("teleport", False), where, "teleport"),
    )


def _header(value: object, file: str, card_set: str, lists: tuple[str, ...]) -> tuple[_Where, dict[str, object]]:
    where = _Where(file)
    data = _object(value, where, ("set", "reconstructed", "note", *lists))
    if data["set"] != card_set:
        raise where.error(f"set must be {card_set!r}, not {data['set']!r}")
    if data["reconstructed"] is not True:
        raise where.error("the content is reconstructed and must say so")
    _str(data["note"], where, "note")
    return where, data


def _attacks(value: object, where: _Where, *, monster: bool) -> tuple[Attack, ...]:
    found = tuple(
        _attack(item, where.at(f"attack {index + 1}"), monster=monster)
        for index, item in enumerate(_list(value, where, "attacks"))
    )
    _unique([(attack.key, attack) for attack in found], where, "attack")
    return found


def _specials(value: object, where: _Where) -> tuple[Special, ...]:
    found = tuple(
        _special(item, where.at(f"special {index + 1}")) for index, item in enumerate(_list(value, where, "specials"))
    )
    _unique([(special.key, special) for special in found], where, "special")
    return found


def parse_heroes(value: object, file: str = HEROES_FILE) -> Mapping[str, Hero]:
    where, data = _header(value, file, "heroes", ("heroes",))
    found: dict[str, Hero] = {}
    for entry, item in _entries(data, "heroes", where):
        hero = _object(
            item,
            entry,
            ("key", "name", "role", "ranged_role", "stats", "attacks", "specials"),
            ("towers_only", "guardian"),
        )
        key = _key(hero["key"], entry)
        attacks = _attacks(hero["attacks"], entry, monster=False)
        if not attacks or not attacks[0].primary or any(attack.primary for attack in attacks[1:]):
            raise entry.error("the first attack, and only it, is the primary attack")
        if any(attack.level != 1 for attack in attacks):
            raise entry.error("a hero's attacks have level 1")
        guardian = None if hero.get("guardian") is None else _stats(hero["guardian"], entry.at("guardian"))
        if key in found:
            raise entry.error("key used twice")
        found[key] = Hero(
            key=key,
            name=_str(hero["name"], entry, "name"),
            role=_choice(hero["role"], entry, "role", ROLES),
            ranged_role=_bool(hero["ranged_role"], entry, "ranged_role"),
            towers_only=_bool(hero.get("towers_only", False), entry, "towers_only"),
            stats=_stats(hero["stats"], entry.at("stats")),
            attacks=attacks,
            specials=_specials(hero["specials"], entry),
            guardian=guardian,
        )
    return MappingProxyType(found)


def parse_hireables(value: object, file: str = HIREABLES_FILE) -> Mapping[str, Hireable]:
    where, data = _header(value, file, "hireables", ("hireables",))
    found: dict[str, Hireable] = {}
    for entry, item in _entries(data, "hireables", where):
        hireable = _object(
            item,
            entry,
            ("key", "name", "role", "ranged_role", "max_recruits", "counts_as", "levels", "attacks", "specials"),
        )
        key = _key(hireable["key"], entry)
        levels: list[HireableLevel] = []
        for index, raw in enumerate(_list(hireable["levels"], entry, "levels")):
            at = entry.at(f"level {index + 1}")
            level = _object(raw, at, ("level", "cost", "stats"))
            levels.append(
                HireableLevel(
                    level=_int(level["level"], at, "level", 1, 3),
                    cost=_int(level["cost"], at, "cost", 1),
                    stats=_stats(level["stats"], at.at("stats")),
                )
            )
        if [level.level for level in levels] != list(HIREABLE_LEVELS):
            raise entry.error("levels are 1, 2 and 3, in order")
        attacks = _attacks(hireable["attacks"], entry, monster=False)
        if attacks and not attacks[0].primary:
            raise entry.error("the first attack is a primary attack")
        if key in found:
            raise entry.error("key used twice")
        found[key] = Hireable(
            key=key,
            name=_str(hireable["name"], entry, "name"),
            role=_choice(hireable["role"], entry, "role", ROLES),
            ranged_role=_bool(hireable["ranged_role"], entry, "ranged_role"),
            max_recruits=_int(hireable["max_recruits"], entry, "max_recruits", 1),
            counts_as=_choice(hireable["counts_as"], entry, "damage type", DAMAGE_TYPES),
            levels=(levels[0], levels[1], levels[2]),
            attacks=attacks,
            specials=_specials(hireable["specials"], entry),
        )
    return MappingProxyType(found)


def parse_monsters(value: object, file: str = MONSTERS_FILE) -> Mapping[str, Monster]:
    where, data = _header(value, file, "monsters", ("monsters",))
    found: dict[str, Monster] = {}
    for entry, item in _entries(data, "monsters", where):
        raw = _object(
            item,
            entry,
            ("key", "name", "level", "tokens", "hp", "move", "arrow", "dodge", "resist", "attack"),
            ("flying", "siege", "pushable", "untankable", "unstoppable"),
        )
        key = _key(raw["key"], entry)
        monster = Monster(
            key=key,
            name=_str(raw["name"], entry, "name"),
            level=_int(raw["level"], entry, "level", 1, 5),
            tokens=_int(raw["tokens"], entry, "tokens", 1),
            hp=_int(raw["hp"], entry, "hp", 1),
            move=_int(raw["move"], entry, "move", 1),
            arrow=_choice(raw["arrow"], entry, "arrow", ARROWS),
            flying=_bool(raw.get("flying", False), entry, "flying"),
            dodge=_int(raw["dodge"], entry, "dodge"),
            resist=_resist(raw["resist"], entry.at("resist")),
            attack=_attack(raw["attack"], entry.at("attack"), monster=True),
            siege=_bool(raw.get("siege", False), entry, "siege"),
            pushable=_bool(raw.get("pushable", False), entry, "pushable"),
            untankable=_bool(raw.get("untankable", False), entry, "untankable"),
            unstoppable=_bool(raw.get("unstoppable", False), entry, "unstoppable"),
        )
        if monster.siege and not (monster.attack.castle_only and monster.pushable and monster.untankable):
            raise entry.error("siege equipment attacks the castle only, is pushable and untankable (kings-armory E)")
        if monster.unstoppable and not monster.untankable:
            raise entry.error("an unstoppable foe is untankable too")
        if key in found:
            raise entry.error("key used twice")
        found[key] = monster
    return MappingProxyType(found)


def parse_wave_card(value: object, file: str = WAVE_CARD_FILE) -> WaveCard:
    where, data = _header(value, file, "wave-card", ("waves", "scaling"))
    waves: list[WaveRow] = []
    for index, item in enumerate(_list(data["waves"], where, "waves")):
        entry = where.at(f"wave {index + 1}")
        raw = _object(item, entry, ("wave", "foes", "rewards", "levels"))
        levels: list[tuple[int, int, int]] = []
        for band in _list(raw["levels"], entry, "levels"):
            numbers = _list(band, entry, "level band")
            if len(numbers) != 3:
                raise entry.error("a level band is [lowest d12, highest d12, monster level]")
            low, high = _int(numbers[0], entry, "lowest d12", 1, D12), _int(numbers[1], entry, "highest d12", 1, D12)
            levels.append((low, high, _int(numbers[2], entry, "monster level", 1, 5)))
        expected = 1
        for low, high, _ in levels:
            if low != expected or high < low:
                raise entry.error("the level bands cover 1..12 in order, without gaps or overlaps")
            expected = high + 1
        if expected != D12 + 1:
            raise entry.error("the level bands cover 1..12 in order, without gaps or overlaps")
        waves.append(
            WaveRow(
                wave=_int(raw["wave"], entry, "wave", 1),
                foes=_int(raw["foes"], entry, "foes", 1),
                rewards=_int(raw["rewards"], entry, "rewards"),
                levels=tuple(levels),
            )
        )
    if [row.wave for row in waves] != list(range(1, len(waves) + 1)):
        raise where.error("waves are numbered 1, 2, 3... in order")
    scaling: list[HeroScaling] = []
    for index, item in enumerate(_list(data["scaling"], where, "scaling")):
        entry = where.at(f"scaling {index + 1}")
        raw = _object(item, entry, ("heroes", "extra_foes", "roll_mod", "reward_bonus", "towers"))
        scaling.append(
            HeroScaling(
                heroes=_int(raw["heroes"], entry, "heroes", 1),
                extra_foes=_int(raw["extra_foes"], entry, "extra_foes", None),
                roll_mod=_int(raw["roll_mod"], entry, "roll_mod", None),
                reward_bonus=_int(raw["reward_bonus"], entry, "reward_bonus", None),
                towers=_int(raw["towers"], entry, "towers", 1),
            )
        )
    if [row.heroes for row in scaling] != list(range(1, len(scaling) + 1)):
        raise where.error("scaling rows are for 1, 2, 3... heroes in order")
    return WaveCard(waves=tuple(waves), scaling=tuple(scaling))


def parse_rewards(value: object, file: str = REWARDS_FILE) -> Mapping[str, RewardCard]:
    where, data = _header(value, file, "rewards", ("cards",))
    found: dict[str, RewardCard] = {}
    for entry, item in _entries(data, "cards", where):
        raw = _object(item, entry, ("key", "name", "gold", "count"))
        gold = _int(raw["gold"], entry, "gold", 1)
        if gold not in REWARD_GOLD:
            raise entry.error(f"a Reward card holds one of 50, 100, 150 and 250 gold, not {gold} ({E_REWARD_CARDS})")
        key = _key(raw["key"], entry)
        if key in found:
            raise entry.error("key used twice")
        found[key] = RewardCard(
            key=key, name=_str(raw["name"], entry, "name"), gold=gold, count=_int(raw["count"], entry, "count", 1)
        )
    return MappingProxyType(found)


def _stat_modifiers(value: object, where: _Where) -> StatModifiers:
    data = _object(value, where, (), STAT_NAMES)
    return StatModifiers(**{name: _int(number, where, name, None) for name, number in data.items()})


def _attack_modifiers(value: object, where: _Where) -> AttackModifiers:
    data = _object(value, where, ("scope",), ("hitroll", "damage", "crit_range", "reach"))
    bonus = AttackModifiers(
        scope=_choice(data["scope"], where, "attack scope", ATTACK_SCOPES),
        hitroll=_int(data.get("hitroll", 0), where, "hitroll", None),
        damage=_int(data.get("damage", 0), where, "damage", None),
        crit_range=_int(data.get("crit_range", 0), where, "crit_range"),
        reach=_int(data.get("reach", 0), where, "reach", None),
    )
    if not (bonus.hitroll or bonus.damage or bonus.crit_range or bonus.reach):
        raise where.error("an attack bonus changes something")
    return bonus


def _known(value: str, where: _Where, what: str, keys: Collection[str]) -> str:
    if value not in keys:
        raise where.error(f"unknown {what} {value!r}")
    return value


def parse_equipment(
    value: object, file: str = EQUIPMENT_FILE, hero_keys: Collection[str] | None = None
) -> Mapping[str, Equipment]:
    """The Equipment deck; each card names its Hero, one of `hero_keys` (by default heroes.json's)."""
    hero_keys = heroes().keys() if hero_keys is None else hero_keys
    where, data = _header(value, file, "equipment", ("cards",))
    found: dict[str, Equipment] = {}
    for entry, item in _entries(data, "cards", where):
        raw = _object(
            item,
            entry,
            ("key", "name", "hero", "primary_item", "unlock", "buy", "sell"),
            ("stats", "attack_bonus", "attacks", "specials", "grants"),
        )
        key = _key(raw["key"], entry)
        listed = _list(raw.get("grants", []), entry, "grants")
        grants = tuple(_choice(grant, entry, "grant", GRANTS) for grant in listed)
        card = Equipment(
            key=key,
            name=_str(raw["name"], entry, "name"),
            hero=_known(_key(raw["hero"], entry), entry, "hero", hero_keys),
            primary_item=_bool(raw["primary_item"], entry, "primary_item"),
            unlock=_int(raw["unlock"], entry, "unlock", 1),
            buy=_int(raw["buy"], entry, "buy", 1),
            sell=_int(raw["sell"], entry, "sell", 1),
            stats=_stat_modifiers(raw.get("stats", {}), entry.at("stats")),
            attack_bonus=_attack_modifiers(raw["attack_bonus"], entry.at("attack bonus"))
            if "attack_bonus" in raw
            else None,
            attacks=_attacks(raw.get("attacks", []), entry, monster=False),
            specials=_specials(raw.get("specials", []), entry),
            grants=grants,
        )
        if card.stats == StatModifiers() and not (card.attack_bonus or card.attacks or card.specials or card.grants):
            raise entry.error("an Equipment card gives its wearer something")
        if len(set(grants)) != len(grants):
            raise entry.error("a grant is listed once")
        if key in found:
            raise entry.error("key used twice")
        found[key] = card
    return MappingProxyType(found)


def _summon(value: object, where: _Where, hireable_keys: Collection[str]) -> Summon:
    data = _object(value, where, ("count",), ("hireable", "level", "figure"))
    if ("hireable" in data) == ("figure" in data):
        raise where.error("a summon brings a hireable or a figure, exactly one")
    if "figure" in data:
        if "level" in data:
            raise where.error("a summoned figure has no level")
        at = where.at("figure")
        raw = _object(data["figure"], at, ("key", "name", "stats", "attacks"))
        figure = SummonedFigure(
            key=_key(raw["key"], at),
            name=_str(raw["name"], at, "name"),
            stats=_stats(raw["stats"], at.at("stats")),
            attacks=_attacks(raw["attacks"], at, monster=False),
        )
        return Summon(count=_int(data["count"], where, "count", 1), hireable=None, level=1, figure=figure)
    if "level" not in data:
        raise where.error("a summoned hireable needs its level")
    return Summon(
        count=_int(data["count"], where, "count", 1),
        hireable=_known(_key(data["hireable"], where), where, "hireable", hireable_keys),
        level=_int(data["level"], where, "level", 1, 3),
        figure=None,
    )


def _card_effect(value: object, where: _Where, hireable_keys: Collection[str]) -> CardEffect:
    data = _object(value, where, ("kind", "target"), ("amount", "area", "lasts", "affects_bosses", "attack", "summon"))
    kind = _choice(data["kind"], where, "effect kind", EFFECT_KINDS)
    target = _choice(data["target"], where, "target", TARGETS)
    if target not in _EFFECT_TARGETS[kind]:
        raise where.error(f"a {kind} effect targets {' or '.join(_EFFECT_TARGETS[kind])}, not {target!r}")
    for name, needed in (("attack", kind == "attack"), ("summon", kind == "summon")):
        if needed != (name in data):
            raise where.error(f"a {kind} effect {'needs' if needed else 'has no'} {name!r} object")
    amount = _int(data.get("amount", 0), where, "amount")
    if (amount > 0) != (kind in _EFFECTS_WITH_AMOUNT):
        raise where.error(f"a {kind} effect {'needs an amount' if kind in _EFFECTS_WITH_AMOUNT else 'has no amount'}")
    area = _area(data.get("area"), where)
    if (area is not None) != (target == "area"):
        raise where.error("an area, and only an area target, has an area")
    affects_bosses = _bool(data.get("affects_bosses", False), where, "affects_bosses")
    if affects_bosses and target not in ("foe", "foes", "area"):
        raise where.error("only an effect on foes may affect Bosses")
    lasts = _choice(data.get("lasts", "action"), where, "lasts", LASTS)
    if kind in _LASTING_EFFECTS and lasts not in _LASTING_EFFECTS[kind]:
        raise where.error(f"a {kind} effect lasts {' or '.join(_LASTING_EFFECTS[kind])}, not {lasts!r}")
    return CardEffect(
        kind=kind,
        target=target,
        amount=amount,
        area=area,
        lasts=lasts,
        affects_bosses=affects_bosses,
        attack=_attack(data["attack"], where.at("attack"), monster=False) if "attack" in data else None,
        summon=_summon(data["summon"], where.at("summon"), hireable_keys) if "summon" in data else None,
    )


def _card_effects(value: object, where: _Where, name: str, hireable_keys: Collection[str]) -> tuple[CardEffect, ...]:
    return tuple(
        _card_effect(item, where.at(f"{name} {index + 1}"), hireable_keys)
        for index, item in enumerate(_list(value, where, name))
    )


def parse_reinforcements(
    value: object,
    file: str = REINFORCEMENTS_FILE,
    hero_keys: Collection[str] | None = None,
    hireable_keys: Collection[str] | None = None,
) -> Mapping[str, Reinforcement]:
    """The Reinforcement deck; heroes and summoned hireables are checked against `hero_keys` and
    `hireable_keys` (by default heroes.json's and hireables.json's)."""
    hero_keys = heroes().keys() if hero_keys is None else hero_keys
    hireable_keys = hireables().keys() if hireable_keys is None else hireable_keys
    where, data = _header(value, file, "reinforcements", ("cards",))
    found: dict[str, Reinforcement] = {}
    for entry, item in _entries(data, "cards", where):
        raw = _object(item, entry, ("key", "name", "hero", "price", "mid_wave", "effects"), ("hero_effects",))
        key = _key(raw["key"], entry)
        hero = None if raw["hero"] is None else _known(_key(raw["hero"], entry), entry, "hero", hero_keys)
        card = Reinforcement(
            key=key,
            name=_str(raw["name"], entry, "name"),
            hero=hero,
            price=_int(raw["price"], entry, "price", 1),
            mid_wave=_bool(raw["mid_wave"], entry, "mid_wave"),
            effects=_card_effects(raw["effects"], entry, "effect", hireable_keys),
            hero_effects=_card_effects(raw.get("hero_effects", []), entry, "hero effect", hireable_keys),
        )
        if not card.effects:
            raise entry.error("a card has at least one effect")
        if (hero is None) != (not card.hero_effects):
            raise entry.error(f"a Hero's card, and only it, adds effects when its Hero plays ({E_REINFORCEMENT_CARDS})")
        if key in found:
            raise entry.error("key used twice")
        found[key] = card
    return MappingProxyType(found)


def parse_armory(
    value: object, file: str = ARMORY_FILE, hireable_keys: Collection[str] | None = None
) -> Mapping[str, ArmoryCard]:
    hireable_keys = hireables().keys() if hireable_keys is None else hireable_keys
    where, data = _header(value, file, "armory", ("cards",))
    found: dict[str, ArmoryCard] = {}
    for entry, item in _entries(data, "cards", where):
        raw = _object(item, entry, ("key", "name", "price_5_waves", "price_7_waves", "mid_wave", "effects"))
        key = _key(raw["key"], entry)
        card = ArmoryCard(
            key=key,
            name=_str(raw["name"], entry, "name"),
            price_5_waves=_int(raw["price_5_waves"], entry, "price_5_waves", 1),
            price_7_waves=_int(raw["price_7_waves"], entry, "price_7_waves", 1),
            mid_wave=_bool(raw["mid_wave"], entry, "mid_wave"),
            effects=_card_effects(raw["effects"], entry, "effect", hireable_keys),
        )
        if not card.effects:
            raise entry.error("a card has at least one effect")
        if key in found:
            raise entry.error("key used twice")
        found[key] = card
    return MappingProxyType(found)


def _boss_immunities(value: object, where: _Where) -> tuple[str, ...]:
    found = tuple(_choice(item, where, "immunity", BOSS_IMMUNITIES) for item in _list(value, where, "immune_effects"))
    if len(set(found)) != len(found):
        raise where.error("an immunity is listed once")
    return found


def _boss_rules(value: object, where: _Where) -> BossRules:
    data = _object(
        value,
        where,
        (
            "untankable",
            "immune_effects",
            "slow_per_token",
            "slow_floor",
            "bumps_back",
            "stacks",
            "stays_at_gate",
            "gate_first",
            "all_attacks",
        ),
    )
    return BossRules(
        untankable=_bool(data["untankable"], where, "untankable"),
        immune_effects=_boss_immunities(data["immune_effects"], where),
        slow_per_token=_int(data["slow_per_token"], where, "slow_per_token"),
        slow_floor=_int(data["slow_floor"], where, "slow_floor"),
        bumps_back=_bool(data["bumps_back"], where, "bumps_back"),
        stacks=_bool(data["stacks"], where, "stacks"),
        stays_at_gate=_bool(data["stays_at_gate"], where, "stays_at_gate"),
        gate_first=_bool(data["gate_first"], where, "gate_first"),
        all_attacks=_bool(data["all_attacks"], where, "all_attacks"),
    )


def _boss_rule(value: object, where: _Where, attacks: tuple[Attack, ...], monster_keys: Collection[str]) -> BossRule:
    raw_kind = value.get("kind") if isinstance(value, dict) else None
    kind = _choice(raw_kind, where, "boss rule kind", tuple(BOSS_RULE_KINDS))
    needs = BOSS_RULE_KINDS[kind]
    data = _object(value, where, ("key", "name", "kind", *needs))
    attack = None
    if "attack" in data:
        attack = _known(_key(data["attack"], where), where, "attack", [item.key for item in attacks])
    return BossRule(
        key=_key(data["key"], where),
        name=_str(data["name"], where, "name"),
        kind=kind,
        amount=_int(data.get("amount", 0), where, "amount", 1 if "amount" in needs else 0),
        reach=_int(data.get("reach", 0), where, "reach", 1 if "reach" in needs else 0),
        count=_int(data.get("count", 0), where, "count", 1 if "count" in needs else 0),
        level=_opt_int(data.get("level"), where, "level", 1, 5),
        monster=None if "monster" not in data else _known(_key(data["monster"], where), where, "monster", monster_keys),
        attack=attack,
    )


def parse_bosses(
    value: object, file: str = BOSSES_FILE, monster_keys: Collection[str] | None = None
) -> tuple[BossRules, Mapping[str, Boss]]:
    """The rules all Bosses share, and the Bosses; escorts and sheddings name foes of
    `monster_keys` (by default monsters.json's)."""
    monster_keys = monsters().keys() if monster_keys is None else monster_keys
    where, data = _header(value, file, "bosses", ("general", "bosses"))
    general = _boss_rules(data["general"], where.at("general"))
    found: dict[str, Boss] = {}
    for entry, item in _entries(data, "bosses", where):
        raw = _object(
            item,
            entry,
            ("key", "name", "hp", "move", "arrow", "dodge", "resist", "attacks", "rules"),
            ("flying", "pushable", "unstoppable", "immune_effects"),
        )
        key = _key(raw["key"], entry)
        attacks = _attacks(raw["attacks"], entry, monster=True)
        if not attacks or any(attack.castle_only for attack in attacks):
            raise entry.error(f"a Boss has one attack or more, none castle-only ({E_BOSSES})")
        own = _boss_immunities(raw.get("immune_effects", []), entry)
        doubled = sorted(set(own) & set(general.immune_effects))
        if doubled:
            raise entry.error(f"immunities every Boss has already: {', '.join(doubled)}")
        rules = tuple(
            _boss_rule(rule, entry.at(f"rule {index + 1}"), attacks, monster_keys)
            for index, rule in enumerate(_list(raw["rules"], entry, "rules"))
        )
        if not rules:
            raise entry.error(f"a Boss has a rule of its own ({B7})")
        _unique([(rule.key, rule) for rule in rules], entry, "rule")
        boss = Boss(
            key=key,
            name=_str(raw["name"], entry, "name"),
            hp=_int(raw["hp"], entry, "hp", 1),
            move=_int(raw["move"], entry, "move", 1),
            arrow=_choice(raw["arrow"], entry, "arrow", ARROWS),
            flying=_bool(raw.get("flying", False), entry, "flying"),
            pushable=_bool(raw.get("pushable", False), entry, "pushable"),
            unstoppable=_bool(raw.get("unstoppable", False), entry, "unstoppable"),
            dodge=_int(raw["dodge"], entry, "dodge"),
            resist=_resist(raw["resist"], entry.at("resist")),
            immune_effects=tuple(item for item in BOSS_IMMUNITIES if item in general.immune_effects or item in own),
            attacks=attacks,
            rules=rules,
        )
        if boss.move < general.slow_floor:
            raise entry.error(f"a Boss moves at least the slow floor {general.slow_floor} ({E_BOSSES})")
        if key in found:
            raise entry.error("key used twice")
        found[key] = boss
    return general, MappingProxyType(found)


# ---------------------------------------------------------------- loading


def _read(file: str) -> object:
    text = resources.files(__package__ or "domain.games.kings_armory").joinpath(file).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{file}: not JSON: {error}") from error


@cache
def heroes() -> Mapping[str, Hero]:
    return parse_heroes(_read(HEROES_FILE))


@cache
def hireables() -> Mapping[str, Hireable]:
    return parse_hireables(_read(HIREABLES_FILE))


@cache
def monsters() -> Mapping[str, Monster]:
    return parse_monsters(_read(MONSTERS_FILE))


@cache
def wave_card() -> WaveCard:
    return parse_wave_card(_read(WAVE_CARD_FILE))


@cache
def monsters_of_level(level: int) -> tuple[Monster, ...]:
    """The kinds of one level, in bestiary order."""
    if level not in MONSTER_LEVELS:
        raise ValueError(f"monster levels are 1 to 5, not {level!r}")
    return tuple(monster for monster in monsters().values() if monster.level == level)


@cache
def rewards() -> Mapping[str, RewardCard]:
    return parse_rewards(_read(REWARDS_FILE))


@cache
def equipment() -> Mapping[str, Equipment]:
    return parse_equipment(_read(EQUIPMENT_FILE))


@cache
def reinforcements() -> Mapping[str, Reinforcement]:
    return parse_reinforcements(_read(REINFORCEMENTS_FILE))


@cache
def armory_cards() -> Mapping[str, ArmoryCard]:
    return parse_armory(_read(ARMORY_FILE))


@cache
def summoned_figures() -> Mapping[str, SummonedFigure]:
    """The figures only a card brings (the Sword Golem), by key."""
    effects = [effect for card in reinforcements().values() for effect in (*card.effects, *card.hero_effects)]
    effects += [effect for card in armory_cards().values() for effect in card.effects]
    return MappingProxyType({effect.summon.figure.key: effect.summon.figure for effect in effects
                             if effect.summon is not None and effect.summon.figure is not None})


@cache
def _boss_file() -> tuple[BossRules, Mapping[str, Boss]]:
    return parse_bosses(_read(BOSSES_FILE))


def boss_rules() -> BossRules:
    """The rules every Boss keeps (kings-armory E Bosses)."""
    return _boss_file()[0]


def bosses() -> Mapping[str, Boss]:
    """The seven Bosses (kings-armory G3 THE BOSSES), in the rulebook's order."""
    return _boss_file()[1]


BOSS_LEVEL = 6
"""A Boss's level in the rules that compare foes' levels: above every Monster's (1 to 5), so
that at Monster Turn Priority 3 it acts after the others (kings-armory E Stacking: the Boss
last)."""


@cache
def foe_cards() -> Mapping[str, Monster]:
    """Every foe's card by key: the Monsters, and each Boss as the Monster its Stat Card makes
    of it (kings-armory B7: a Boss follows the Monsters' rules unless its card says otherwise):
    its first attack, Untankable by the rules every Boss keeps (E Bosses), never Siege
    Equipment. What a Boss does beyond a Monster is in its Boss entry (bosses())."""
    general = boss_rules()
    found = dict(monsters())
    for key, boss in bosses().items():
        found[key] = Monster(key=key, name=boss.name, level=BOSS_LEVEL, tokens=1, hp=boss.hp, move=boss.move,
                             arrow=boss.arrow, flying=boss.flying, dodge=boss.dodge, resist=boss.resist,
                             attack=boss.attacks[0], siege=False, pushable=boss.pushable,
                             untankable=general.untankable, unstoppable=boss.unstoppable)
    return MappingProxyType(found)
