"""Sealing the log (format 2): a hash chain that hides what a viewer may not see.

A plain SHA-256 of an event that holds a drawn card, or of a state that holds a
hand, is an oracle: anybody can hash every candidate until one matches. So every
hash a viewer receives is computed over what anybody may see, plus keyed digests
of the rest (DESIGN.md section 3):

- the public form of an envelope: its seq, type, schema, command id, rule, state
  hash and the payload as a spectator sees it (the game's own redaction);
- `secret_digest` = HMAC-SHA256(k_commit, canonical {command, payload, seq}): it
  binds the full payload and the command, and reveals nothing without the key;
- `hash` = SHA-256(canonical {prev_hash, public, secret_digest});
- `state_hash` = HMAC-SHA256(k_state, "<seq>:" + canonical state).

The keys are derived from the game's secret seed and its game id, so they are
known to the server from the start and to everybody once the seed is revealed at
the end: then every digest and state hash can be checked. Each digest covers its
seq, so two equal hidden values never produce equal digests.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from domain.kernel.canonical import JsonValue, canonical_json, sha256_hex

_COMMIT_LABEL = b"tablerules/log-2/commit\x00"
_STATE_LABEL = b"tablerules/log-2/state\x00"


@dataclass(frozen=True, slots=True)
class Keys:
    """The two keys of one game's seals, derived from its seed."""

    commit: bytes
    state: bytes

    @staticmethod
    def of(seed: str, game_id: str) -> Keys:
        root = seed.encode("utf-8")
        game = game_id.encode("utf-8")
        return Keys(commit=hmac.digest(root, _COMMIT_LABEL + game, "sha256"),
                    state=hmac.digest(root, _STATE_LABEL + game, "sha256"))


Encoder = Callable[[object], bytes]
"""canonical_json, or canonical_json_of_parsed for values read from a log."""


def secret_digest(keys: Keys, seq: int, payload: Mapping[str, JsonValue],
                  command: Mapping[str, JsonValue] | None, encode: Encoder = canonical_json) -> str:
    """The keyed digest binding an envelope's full payload and command."""
    body = encode({"command": command, "payload": payload, "seq": seq})
    return hmac.new(keys.commit, body, hashlib.sha256).hexdigest()


def state_hash(keys: Keys, seq: int, state: object) -> str:
    """The keyed hash of the state after event `seq`."""
    mac = hmac.new(keys.state, f"{seq}:".encode(), hashlib.sha256)
    mac.update(canonical_json(state))
    return mac.hexdigest()


def public_form(seq: int, type_name: str, schema: int, command_id: str, rule: str, state_hash: str,
                public_payload: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """What anybody may see of an envelope: the part its hash covers in the clear."""
    return {"command_id": command_id, "payload": public_payload, "rule": rule, "schema": schema, "seq": seq,
            "state_hash": state_hash, "type": type_name}


def chain_hash(prev_hash: str, public: Mapping[str, JsonValue], digest: str, encode: Encoder = canonical_json) -> str:
    """An envelope's hash: it links to the previous one and covers the public form and the digest."""
    return sha256_hex(encode({"prev_hash": prev_hash, "public": public, "secret_digest": digest}))
