"""One package per game. REGISTRY names every ruleset the service offers."""

from __future__ import annotations

from typing import Any

from domain.games.aod import GAME as AOD
from domain.games.armory import GAME as ARMORY
from domain.games.guardians import GAME as GUARDIANS
from domain.games.kings_armory import GAME as KINGS_ARMORY
from domain.games.swordplay import GAME as SWORDPLAY
from domain.kernel import Game

REGISTRY: dict[str, Game[Any]] = {game.ruleset.name: game for game in (ARMORY, SWORDPLAY, AOD, GUARDIANS, KINGS_ARMORY)}
