"""The recorded random generator.

Every random outcome is derived with HMAC-SHA256 from the game's secret seed, the
game id, the log position at which the command was decided and a block counter.
HMAC-SHA256 is specified byte for byte, so any language can re-derive the same
shuffles and rolls once the seed is revealed; Python's `random` is never used.
The outcomes are written into events, so replay needs no generator at all.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def seed_commitment(seed: str) -> str:
    """What GameCreated stores in place of the seed: sha256 of its UTF-8 text."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class Rng:
    """A deterministic stream of random numbers for one command.

    The stream is keyed by (seed, game id, position), where position is the
    number of events in the log before the command. Blocks are
    HMAC-SHA256(key=seed, msg="<game_id>/<position>/<block>").
    """

    def __init__(self, seed: str, game_id: str, position: int) -> None:
        self._key = seed.encode("utf-8")
        self._prefix = f"{game_id}/{position}/"
        self._block = 0
        self._buffer = b""

    def _next_u64(self) -> int:
        if len(self._buffer) < 8:
            message = f"{self._prefix}{self._block}".encode()
            self._buffer += hmac.new(self._key, message, hashlib.sha256).digest()
            self._block += 1
        value, self._buffer = int.from_bytes(self._buffer[:8], "big"), self._buffer[8:]
        return value

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self._next_u64()
            if value < limit:
                return value % n

    def die(self, sides: int) -> int:
        """A roll of a die numbered 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle (from the last position down)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


class RecordingRng(Rng):
    """An Rng that also writes down every number it hands out, for an audit of chance
    (`tablerules audit`). The rules cannot tell it from an Rng: every draw goes
    through below(), so shuffles, dice and choices are recorded as the numbers they
    took. A subclass, so that the generator the rules use in play stays as fast.
    """

    def __init__(self, seed: str, game_id: str, position: int) -> None:
        super().__init__(seed, game_id, position)
        self.seed = seed
        self.position = position
        self.drawn: list[tuple[int, int]] = []
        """(bound, value) of each number drawn, in order."""

    def below(self, n: int) -> int:
        value = super().below(n)
        self.drawn.append((n, value))
        return value

    @property
    def blocks(self) -> int:
        """How many 32-byte blocks the draws used (HMAC messages "<game_id>/<position>/0" on)."""
        return self._block
