"""Card texts that change who controls the space after a combat, who may channel and
bribe and for how much, the Power Stones a text gives, and the cards a text adds to
the draw (guardians COMBAT RESOLUTION, CHANNELING, BRIBERY, DRAW AND ORGANIZE PHASE).

Pure queries of the state: combat.py and effects.py ask them and make the events."""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.guardians.board import LANDS, is_land, neighbours, stronghold_owner
from domain.games.guardians.cards import card, face_entry
from domain.games.guardians.state import (
    DECK,
    IN_EFFECT,
    UP,
    Combat,
    GuardiansState,
    Side,
    column_upgrades,
    face,
    guardian_number,
    land_owner,
    other,
    seat_of,
    side,
    survivors,
    terrain,
)
from domain.games.guardians.strength import (
    abilities,
    card_fits,
    has,
    kept,
    matches,
    matchup_number,
    matchup_opponent,
    standing,
    vitality,
)

# ---------------------------------------------------------------- control of the space


@dataclass(frozen=True, slots=True)
class ControlNote:
    """One text's part in a side's total for control: `effect` is the ability kind,
    `amount` what it counts or adds, `cards` the creatures it concerns."""

    source: str
    effect: str
    amount: int
    cards: tuple[str, ...]


def control_total(state: GuardiansState, combat: Combat, one: Side) -> tuple[int, tuple[ControlNote, ...]]:
    """A side's total for control of the space (guardians COMBAT RESOLUTION): its creatures
    that stay count their Vitality, as their texts and the enemy's change it."""
    counted = survivors(state, one)
    notes: list[ControlNote] = []
    left_out: dict[str, str] = {}
    for creature in counted:
        if has(creature, "no-control", combat):
            left_out[creature] = creature
    for source in (*combat.attacker.played, *combat.defender.played):
        opponent = matchup_opponent(combat, source)
        if opponent in counted and any(
            not a.target or matches(a.target, opponent, combat)
            for a in abilities(source, "no-control-opponent", combat)
        ):
            left_out.setdefault(opponent, source)
    for creature, source in left_out.items():
        notes.append(ControlNote(source, "no-control", 0, (creature,)))
    total = 0
    for creature in counted:
        if creature in left_out:
            continue
        fixed = abilities(creature, "control-vitality", combat)
        if fixed:
            notes.append(ControlNote(creature, "control-vitality", fixed[0].amount, (creature,)))
            total += fixed[0].amount
        else:
            total += vitality(creature, combat)
    staying = tuple(c for c in counted if c not in left_out)
    attacking = one.seat == combat.attacker.seat
    for source in (*((one.shield,) if one.shield else ()), *staying):
        for ability in abilities(source, "control-bonus", combat):
            cards: tuple[str, ...] = ()
            if ability.target == "attacking":
                bonus = ability.amount if attacking else 0
            else:
                # "each living Slag Beast": the card itself too, when it is one.
                cards = tuple(c for c in staying if matches(ability.target, c, combat))
                bonus = ability.amount * len(cards)
            if bonus:
                notes.append(ControlNote(source, "control-bonus", bonus, cards))
                total += bonus
    # An upgrade's bonus for the lands of its column (the Large Idol), with the points its
    # seat paid for in the control window: whether or not a creature of the side stays.
    for source in column_upgrades(state, one.seat, combat.space):
        for ability in abilities(source, "control-bonus", combat):
            if ability.target == "column":
                bonus = ability.amount + kept(one, source)
                notes.append(ControlNote(source, "control-bonus", bonus, ()))
                total += bonus
    return total, tuple(notes)


# ---------------------------------------------------------------- channeling


def channeling_barred(combat: Combat, seat: int) -> str:
    """The card that forbids `seat` to channel now, "" if none: an enemy creature on the
    table and not beaten with no-enemy-channeling (guardians CHANNELING); or the enemy's
    standing Command Card whose rolled no-enemy-channeling ("first:<per face>", when
    "command": Disc of Siin) covers the enemy's primary attacker of this match-up."""
    enemy = side(combat, other(seat))
    found = next((c for c in standing(enemy) if has(c, "no-enemy-channeling", combat)), "")
    command = enemy.command
    barring = command and enemy.command_live and has(command, "no-enemy-channeling", combat)
    if found or not barring or combat.secondary:
        return found
    creature = combat.a_card if enemy.seat == combat.attacker.seat else combat.d_card
    for ability in abilities(command, "no-enemy-channeling", combat):
        if ability.when != "command":
            continue
        first = face_entry(ability.target.removeprefix("first:"), kept(enemy, command))
        if first == "all" or matchup_number(enemy, creature) <= int(first):
            return command
    return ""


def channels_once(state: GuardiansState, seat: int) -> tuple[str, int] | None:
    """The seat's Guardian's name and the most points it lets its seat channel into one
    creature, if its text lets the seat channel into each creature once in a combat
    (channels-once: Harkin); None if not (guardians CHANNELING)."""
    guardian = card(state.player(seat).guardian)
    most = next((a.amount for a in guardian.abilities if a.kind == "channels-once"), None)
    return None if most is None else (guardian.name, most)


def guardian_reach(state: GuardiansState, seat: int) -> tuple[str, int] | None:
    """The seat's Guardian's name and the Power Stones each of its channelings costs into a
    creature that may not receive channeling, if its text lets it (channels-to-any with an
    amount: Gaar); None if not (guardians CHANNELING)."""
    guardian = card(state.player(seat).guardian)
    price = next((a.amount for a in guardian.abilities if a.kind == "channels-to-any" and a.amount), None)
    return None if price is None else (guardian.name, price)


def command_channel_cap(state: GuardiansState, combat: Combat, into: str) -> tuple[str, int] | None:
    """The most channeling `into` may take by its side's standing Command Card's text
    (max-channeling with a target, when "command": Randy Creek Regulars), with that card;
    amount 0 is the seat's Guardian's CMP. None if no such text covers it."""
    one = side(combat, seat_of(into))
    if not (one.command and one.command_live and has(one.command, "max-channeling", combat)):
        return None
    for ability in abilities(one.command, "max-channeling", combat):
        if ability.when == "command" and matches(ability.target, into, combat):
            return one.command, ability.amount or guardian_number(state, one.seat, "cmp")
    return None


def quieted(state: GuardiansState, combat: Combat) -> str:
    """A card in effect this turn that keeps all channeling from a combat on its space or one
    next to it (no-channeling "near": Monolith of Power), "" if none."""
    near = {combat.space, *neighbours(combat.space)}
    for seat in (1, 2):
        if set(state.player(seat).quiet) & near:
            return next((c for c in state.zone(seat, IN_EFFECT) if has(c, "no-channeling", combat)), "")
    return ""


def stones_barred(combat: Combat) -> str:
    """A creature revealed in this combat that forbids spending Power Stones to channel."""
    return next(
        (c for one in (combat.attacker, combat.defender) for c in one.played if has(c, "no-stone-channeling", combat)),
        "",
    )


def cmp_change(state: GuardiansState, combat: Combat, seat: int, source: str) -> tuple[tuple[str, int], ...]:
    """What texts add to the CMP of a channeling by `seat` from `source` (a channeler
    under a stronghold space, or "guardian"): the Shields in the combat ("both": every
    channeling; "yours": their own side's), a terrain card of the land fought on ("both"),
    and an upgrade beside the channeler's space ("beneath")."""
    found: list[tuple[str, int]] = []
    for one in (combat.attacker, combat.defender):
        if not one.shield:
            continue
        for ability in abilities(one.shield, "cmp-bonus", combat):
            if ability.target == "both" or (ability.target == "yours" and one.seat == seat):
                found.append((one.shield, ability.amount))
    if is_land(combat.space):  # a terrain card of the land fought on (Rocks at Rhuadan)
        for laid in (c for each in (1, 2) for c in state.zone(each, terrain(combat.space))):
            found.extend((laid, a.amount) for a in abilities(laid, "cmp-bonus") if a.target == "both")
    zone = state.zone_of(source) if "." in source else ""
    if zone.startswith("under:"):
        space = zone.removeprefix("under:")
        for upgrade in state.zone(seat, f"upgrade:{space}"):
            found.extend((upgrade, a.amount) for a in abilities(upgrade, "cmp-bonus", combat) if a.target == "beneath")
    return tuple(found)


# ---------------------------------------------------------------- bribery


def bribery_ban(state: GuardiansState, combat: Combat, target: str, icon: str) -> str:
    """The card that forbids bribing `target` with a card of `icon` now, "" if none
    (guardians BRIBERY): a creature on the table that bans the icon (unless it was bribed
    or destroyed; it may itself be bribed), a terrain card of the space that bans it, or
    the Shield the target stands under."""
    wanted = f"bribe:{icon}"
    for one in (combat.attacker, combat.defender):
        for creature in one.played:
            if creature == target or creature in one.destroyed:
                continue
            if any(a.target == wanted for a in abilities(creature, "no-bribery", combat)):
                return creature
    for seat in (1, 2):
        for laid in state.zone(seat, terrain(combat.space)):
            if any(a.target == wanted for a in abilities(laid, "no-bribery", combat)):
                return laid
    owner = side(combat, int(target.split(".", 1)[0]))
    if owner.shield and has(owner.shield, "no-bribery-vs", combat):
        return owner.shield
    return ""


def bribes_anything(combat: Combat, seat: int) -> str:
    """A creature on the seat's table whose text lets its bribery cards work against any
    bribable creature, "" if none."""
    return next((c for c in standing(side(combat, seat)) if has(c, "bribes-any", combat)), "")


def bribe_returner(combat: Combat, seat: int, icon: str) -> str:
    """A creature on the seat's table that sends its bribery cards of `icon` back to its
    Storage Hand, "" if none."""
    wanted = f"bribe:{icon}"
    return next(
        (
            c
            for c in standing(side(combat, seat))
            if any(a.target == wanted for a in abilities(c, "bribe-returns", combat))
        ),
        "",
    )


# ---------------------------------------------------------------- channeling receivers


def receiver_grant(state: GuardiansState, combat: Combat, into: str) -> str:
    """The card whose text lets `into` receive channeling though it could not (receivers),
    "" if none: a creature standing in the combat (Giant Shaman: Giants of both sides), a
    live Command Card whose ability is when "command" (Rik'Sook, target "yours": every
    creature of its side), or a terrain card of the land fought on (Spirit Mountain)."""
    for one in (combat.attacker, combat.defender):
        live: tuple[str, ...] = (one.command,) if one.command and one.command_live else ()
        for source in (*standing(one), *live):
            moment = "command" if source in live else ""
            grants = abilities(source, "receivers", combat) if has(source, "receivers", combat) else ()
            # A Command Card's grant is for its own side's creatures only.
            if moment and one.seat != seat_of(into):
                continue
            if any(a.when == moment and _receives(a.target, one, into, combat) for a in grants):
                return source
    if is_land(combat.space):
        for seat in (1, 2):
            for laid in state.zone(seat, terrain(combat.space)):
                grants = abilities(laid, "receivers", combat) if has(laid, "receivers", combat) else ()
                if any(matches(a.target, into, combat) for a in grants):
                    return laid
    return ""


def _receives(target: str, one: Side, into: str, combat: Combat) -> bool:
    """Whether a receivers ability of a card of side `one` covers `into`."""
    return one.seat == seat_of(into) if target == "yours" else matches(target, into, combat)


# ---------------------------------------------------------------- Power Stones


def stone_givers(cards: tuple[str, ...], event: str) -> tuple[tuple[str, int], ...]:
    """The cards (instances or Guardian keys) whose text gives Power Stones on `event`,
    with how many."""
    found: list[tuple[str, int]] = []
    for held in cards:
        info = face(held) if "." in held else card(held)
        found.extend((held, a.amount) for a in info.abilities if a.kind == "gain-stones" and a.target == event)
    return tuple(found)


# ---------------------------------------------------------------- the draw


def extra_draws(state: GuardiansState, seat: int) -> tuple[tuple[str, int], ...]:
    """Cards that a seat's Guardian or Up card adds to its draw (guardians DRAW AND
    ORGANIZE PHASE), and those an enemy text took away (enemy-draws), by the card."""
    player = state.player(seat)
    up = state.zone(seat, UP)
    found: list[tuple[str, int]] = []
    # The Guardian's text counts whatever it names; an Up card's only when it names itself.
    sources: list[tuple[str, str]] = [(player.guardian, "")]
    if up:
        sources.append((face(up[0]).key, up[0]))
    for key, instance in sources:
        for ability in card(key).abilities:
            if ability.kind != "extra-draw" or (ability.target == "up:self") != bool(instance):
                continue
            count = _draw_count(state, seat, ability.target, instance, up)
            if count:
                found.append((instance or key, ability.amount * count))
    return (*found, *player.draw_changes)


def _draw_count(state: GuardiansState, seat: int, target: str, instance: str, up: tuple[str, ...]) -> int:
    if target == "swamp":
        return sum(
            1
            for land in LANDS
            if land_owner(state, land) == seat
            and any("swamp" in face(c).terrain_types for s in (1, 2) for c in state.zone(s, terrain(land)))
        )
    if target == "up:small":
        return int(bool(up) and face(up[0]).is_creature and face(up[0]).size == "S")
    if target == "up:self":
        return int(bool(instance))
    if target == "shields-lost":
        return state.player(seat).shields_lost
    if target == "shields-in-lands":
        return sum(1 for s in state.shields_of(seat) if not stronghold_owner(s.space))
    return 0


# ---------------------------------------------------------------- draws and deck searches by text

DECK_TO_STORAGE = "storage:"
"""search-deck's target prefix for the cards an Up card takes into the Storage Hand."""


def text_draws(state: GuardiansState, seat: int, event: str) -> tuple[tuple[str, int], ...]:
    """The seat's Guardian, with how many cards its text draws it on `event` (draws), if it
    draws any."""
    guardian = state.player(seat).guardian
    amount = sum(a.amount for a in card(guardian).abilities if a.kind == "draws" and a.target == event)
    return ((guardian, amount),) if amount else ()


def up_deck_take(state: GuardiansState, seat: int) -> tuple[str, tuple[str, ...]]:
    """The seat's Up card whose text, as it is turned, takes cards of its deck into the
    Storage Hand (search-deck "storage:<what>", amount n), with the first n of them in
    deck order (the deck is reshuffled after: the order tells nothing); ("", ()) if none."""
    up = state.zone(seat, UP)
    if not up:
        return "", ()
    for ability in face(up[0]).abilities:
        if ability.kind == "search-deck" and ability.target.startswith(DECK_TO_STORAGE):
            what = ability.target.removeprefix(DECK_TO_STORAGE)
            found = tuple(c for c in state.zone(seat, DECK) if card_fits(what, c))
            return up[0], found[: ability.amount]
    return "", ()
