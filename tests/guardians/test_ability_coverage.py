"""Every ability kind of the card vocabulary is in use and tested (issue 30: each kind
implemented once and tested once with a card that uses it), and the one kind no scenario
tested before gets its scenario here."""

from __future__ import annotations

from pathlib import Path

from domain.games.guardians.cards import ABILITY_KINDS, CARDS, Card
from domain.games.guardians.messages import CreatureStatus
from tests.guardians.support import card_of
from tests.guardians.test_abilities_strength import fight, matchup
from tests.guardians.test_abilities_strength2 import secondary

TESTS = Path(__file__).parent


def _users(kind: str) -> list[Card]:
    """The cards with an ability of `kind`, or with an activated ability whose effect it is."""
    return [
        item
        for item in CARDS.values()
        if any(a.kind == kind or (a.kind == "activated" and a.target.split(":")[0] == kind) for a in item.abilities)
    ]


def test_every_ability_kind_is_some_cards() -> None:
    assert [kind for kind in ABILITY_KINDS if not _users(kind)] == []


def test_every_ability_kind_has_a_scenario_naming_a_card_that_has_it() -> None:
    """A scenario test of tests/guardians names a card of each kind: a kind no test plays
    with a card is a kind nobody saw work."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in (*TESTS.glob("test_*.py"), TESTS / "support.py"))
    assert [kind for kind in ABILITY_KINDS if not any(_named(item, text) for item in _users(kind))] == []


def _named(item: Card, text: str) -> bool:
    """A card is named by its printed name or its key (support.py names Guardians by key)."""
    return item.name in text or item.key in text


def test_destroys_secondary_destroys_a_mortal_it_attacks() -> None:
    """Bob, Snapping Gob, as a secondary attacker, destroys the Mortal it attacks (guardians
    SECONDARY ATTACKS, DESTRUCTION), whatever the totals."""
    table = fight(["Idiot", "Bob, Snapping Gob"], ["Swordsman"])
    assert matchup(table, "Idiot", "Swordsman").outcome == "defender"
    secondary(table, "Bob, Snapping Gob", "Swordsman")
    fate = [e for e in table.of(CreatureStatus) if e.card == card_of(2, "Swordsman")]
    assert [(e.status, e.by) for e in fate] == [("destroyed", card_of(1, "Bob, Snapping Gob"))]
