"""Every game's RULES.md keeps two lists, "From the rulebook" and "Not in the
rulebook", and names each of the game's options in the right one only: the options
the rulebook offers in the first, the house rules in the second; the default game is
the rulebook's own (issue 17)."""

from __future__ import annotations

import pytest

from domain.games import REGISTRY
from tests.rules_md import FROM_RULEBOOK, NOT_IN_RULEBOOK, rules_md_sections


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_rules_md_lists_each_option_under_where_it_comes_from(name: str) -> None:
    sections = rules_md_sections(name)
    assert FROM_RULEBOOK in sections and NOT_IN_RULEBOOK in sections, sorted(sections)
    for option in REGISTRY[name].ruleset.options:
        listed, other = (NOT_IN_RULEBOOK, FROM_RULEBOOK) if option.house_rule else (FROM_RULEBOOK, NOT_IN_RULEBOOK)
        assert f"`{option.name}`" in sections[listed], f"{name}: {option.name} is not listed under {listed!r}"
        assert f"`{option.name}`" not in sections[other], f"{name}: {option.name} is listed under {other!r} too"
        # The service labels each description with where the option comes from.
        assert not option.description.lower().startswith(("house rule", "rulebook option", name)), option.name


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_house_rules_are_off_by_default(name: str) -> None:
    """A yes/no house rule is off unless asked for: the default game is the rulebook's."""
    for option in REGISTRY[name].ruleset.options:
        if option.house_rule and isinstance(option.default, bool):
            assert option.default is False, f"{name}: the house rule {option.name} is on by default"
