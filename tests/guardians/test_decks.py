"""Guardians deck lists: the example decks, parse_deck and check_deck (guardians THE DECK, GUARDIANS, STRONGHOLDS)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.guardians.cards import CARDS
from domain.games.guardians.decks import EXAMPLE_DECKS, DeckList, check_deck, parse_deck

KNIGHTS = EXAMPLE_DECKS["knights"]


def changed(deck: DeckList, **counts: int) -> DeckList:
    """The deck with some counts set (keys with "_" for "-"; 0 removes the card)."""
    cards = dict(deck.cards)
    for name, count in counts.items():
        key = name.replace("_", "-")
        if count:
            cards[key] = count
        else:
            cards.pop(key, None)
    return replace(deck, cards=tuple(sorted(cards.items())))


@pytest.mark.parametrize("name", ["knights", "giants-fairies", "undead"])
def test_example_decks_pass_and_have_70_cards(name: str) -> None:
    deck = EXAMPLE_DECKS[name]
    check_deck(deck)
    assert deck.name == name and deck.size == 70
    instances = deck.instances()
    assert len(instances) == 70 == len(set(instances))
    assert instances[0].endswith("#1") and all("#" in item for item in instances)
    assert [CARDS[key].kind for key in deck.stronghold] == ["stronghold"] * 3
    assert CARDS[deck.guardian].kind == "guardian"


def test_example_deck_contents() -> None:
    assert KNIGHTS.guardian == "re-rak-nam-leader-of-the-mighty"
    assert KNIGHTS.stronghold == ("re-carreg-amroth-left", "re-carreg-amroth-center", "re-carreg-amroth-right")
    assert dict(KNIGHTS.cards)["re-spires"] == 7 and dict(KNIGHTS.cards)["re-archer"] == 5
    assert EXAMPLE_DECKS["undead"].guardian == "re-tes-let-leader-with-foresight"
    assert dict(EXAMPLE_DECKS["undead"].cards)["di-fangis-the-hunter-2"] == 3  # the Henchman print's image
    assert dict(EXAMPLE_DECKS["giants-fairies"].cards)["re-woods"] == 8
    assert KNIGHTS.instances()[:3] == ("di-bone-fright#1", "di-razor-sliph#1", "di-razor-sliph#2")


@pytest.mark.parametrize("name", ["knights", "giants-fairies", "undead"])
def test_parse_deck_names_and_compact_form_round_trip(name: str) -> None:
    deck = EXAMPLE_DECKS[name]
    assert parse_deck(name) is deck and parse_deck(f"  {name}\n") is deck
    text = deck.compact()
    assert len(text) < 2048
    again = parse_deck(text)
    assert (again.guardian, again.stronghold, again.cards) == (deck.guardian, deck.stronghold, deck.cards)
    spaced = parse_deck(" " + text.replace(";", " ;\n ").replace(",", ", ").replace("=", " = ").replace("*", " * "))
    assert spaced == again
    check_deck(again)


def test_parse_deck_errors() -> None:
    text = KNIGHTS.compact()
    with pytest.raises(ValueError, match="guardians THE DECK: unknown card 're-foo'"):
        parse_deck(text + ",re-foo*2")
    with pytest.raises(ValueError, match="guardians GUARDIANS: unknown card 're-nobody'"):
        parse_deck(text.replace(KNIGHTS.guardian, "re-nobody"))
    with pytest.raises(ValueError, match="guardians STRONGHOLDS: unknown card"):
        parse_deck(text.replace("re-carreg-amroth-left", "re-carreg-amroth-west"))
    with pytest.raises(ValueError, match="guardians STRONGHOLDS: a stronghold is three cards"):
        parse_deck(text.replace("re-carreg-amroth-left,", ""))
    with pytest.raises(ValueError, match="no example deck 'wizards'"):
        parse_deck("wizards")
    with pytest.raises(ValueError, match="no cards="):
        parse_deck(text.split(";cards=")[0])
    with pytest.raises(ValueError, match="listed twice"):
        parse_deck(text + ",re-archer*1")
    with pytest.raises(ValueError, match="not <key>\\*<count>"):
        parse_deck(text + ",re-rooster*x")
    with pytest.raises(ValueError, match="unknown part"):
        parse_deck(text + ";seed=1")
    with pytest.raises(ValueError, match="at most 4096 characters"):
        parse_deck("x" * 5000)


def test_at_least_55_cards() -> None:
    short = changed(KNIGHTS, re_spires=0, re_dispel_magic=0, re_archer=1)  # 70 - 7 - 5 - 4
    assert short.size == 54
    with pytest.raises(ValueError, match="guardians THE DECK: a deck holds at least 55 cards, this one 54"):
        check_deck(short)
    check_deck(changed(short, re_archer=2))


def test_at_most_five_copies_except_terrain_and_shields() -> None:
    with pytest.raises(ValueError, match=r"guardians THE DECK: at most 5 copies .* Swordsman has 6"):
        check_deck(changed(KNIGHTS, re_swordsman=6))
    check_deck(
        changed(
            KNIGHTS,
            re_shield_maitzs_lightning_14=7,
            re_standard_bearer_maitzs_lightning_04=7,
            re_spires=12,
            di_shield_terrain_broms_angelic=7,
        )
    )
    with pytest.raises(ValueError, match="Druk has 6"):  # a promo reprint is the same card
        check_deck(changed(KNIGHTS, di_druk=3, pr_druk=3))
    with pytest.raises(ValueError, match="Rooster has 6"):
        check_deck(changed(KNIGHTS, re_rooster=6))


def test_champs_is_restricted_to_one() -> None:
    check_deck(changed(KNIGHTS, di_champs_the_wonder_dog=1))
    with pytest.raises(ValueError, match="guardians THE DECK: Champs, the Wonder Dog is restricted to 1"):
        check_deck(changed(KNIGHTS, di_champs_the_wonder_dog=2))


def test_one_guardian_outside_the_deck() -> None:
    with pytest.raises(ValueError, match="guardians THE DECK: the deck holds a Guardian"):
        check_deck(changed(KNIGHTS, re_rak_nam_leader_of_the_mighty=1))
    with pytest.raises(ValueError, match="guardians THE DECK: the deck holds a Guardian"):
        check_deck(changed(KNIGHTS, re_finn_swamp_king=1))
    with pytest.raises(ValueError, match=r"guardians GUARDIANS: Swordsman .* is not a Guardian"):
        check_deck(replace(KNIGHTS, guardian="re-swordsman"))


def test_stronghold_cards_not_in_the_deck() -> None:
    with pytest.raises(ValueError, match=r"guardians THE DECK: Khnumian C .* stronghold card and cannot be in the"):
        check_deck(changed(KNIGHTS, re_khnumian_c=1))


def test_stronghold_is_one_sets_left_center_right() -> None:
    with pytest.raises(ValueError, match="guardians STRONGHOLDS: the three stronghold cards must be one set's"):
        check_deck(replace(KNIGHTS, stronghold=("re-khnumian-l", "re-carreg-amroth-center", "re-carreg-amroth-right")))
    with pytest.raises(ValueError, match="guardians STRONGHOLDS: Carreg Amroth Center is not a left stronghold"):
        check_deck(
            replace(KNIGHTS, stronghold=("re-carreg-amroth-center", "re-carreg-amroth-left", "re-carreg-amroth-right"))
        )
    with pytest.raises(ValueError, match=r"guardians STRONGHOLDS: Woods .* is not a stronghold card"):
        check_deck(replace(KNIGHTS, stronghold=("re-woods", "re-carreg-amroth-center", "re-carreg-amroth-right")))
    check_deck(replace(KNIGHTS, stronghold=("np-necropolis-park-l", "np-necropolis-park-c", "np-necropolis-park-r")))


def test_unknown_keys_in_a_built_deck() -> None:
    with pytest.raises(ValueError, match="guardians THE DECK: unknown card 're-foo'"):
        check_deck(changed(KNIGHTS, re_foo=1))
