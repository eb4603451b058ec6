"""Who is calling: the operator, a seat or a spectator, as the call's bearer token says.

No token is stored: the operator's is kept as its SHA-256, each seat's as its SHA-256 in
its game's secrets (service/store.py, Secrets), and a token is compared with them in
constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from domain.kernel import SPECTATOR
from service.errors import Unauthenticated
from service.store import Secrets


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is calling: a seat (1..n), a spectator (seat 0) or the operator."""

    seat: int = SPECTATOR
    operator: bool = False

    @property
    def audience(self) -> int:
        """Callers who see events alike: the operator (-1), one seat, or every spectator (0)."""
        return -1 if self.operator else self.seat


@dataclass(frozen=True, slots=True)
class SeatGrant:
    seat: int
    name: str
    token: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_grants(seats: Sequence[str]) -> list[SeatGrant]:
    """A new secret token for each seat of a new game."""
    return [SeatGrant(n, name, secrets.token_urlsafe(24)) for n, name in enumerate(seats, start=1)]


def token_hashes(grants: Sequence[SeatGrant]) -> tuple[str, ...]:
    """What a game's secrets keep of its seats' tokens, in seat order."""
    return tuple(token_hash(g.token) for g in grants)


class Tokens:
    """Tells the operator, a seat and a spectator apart by their tokens."""

    def __init__(self, operator_token: str) -> None:
        self._operator_hash = token_hash(operator_token)

    def is_operator(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(token_hash(token or ""), self._operator_hash)

    def viewer(self, keys: Secrets, token: str | None) -> Viewer:
        """The caller of a game whose secrets are `keys`: no token is a spectator; a token
        neither the operator's nor a seat's is refused."""
        if not token:
            return Viewer()
        if self.is_operator(token):
            return Viewer(operator=True)
        digest = token_hash(token)
        for seat, known in enumerate(keys.token_hashes, start=1):
            if hmac.compare_digest(digest, known):
                return Viewer(seat=seat)
        raise Unauthenticated("the token is not valid for this game")
