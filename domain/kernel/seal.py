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

import functools
import hashlib
import hmac
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from json.encoder import encode_basestring

from domain.kernel.canonical import JsonValue, canonical_json

_COMMIT_LABEL = b"tablerules/log-2/commit\x00"
_STATE_LABEL = b"tablerules/log-2/state\x00"


@dataclass(frozen=True, slots=True)
class Keys:
    """The two keys of one game's seals, derived from its seed."""

    commit: bytes
    state: bytes

    @staticmethod
    def of(seed: str, game_id: str) -> Keys:
        return _keys(seed, game_id)


@functools.lru_cache(maxsize=1 << 12)
def _keys(seed: str, game_id: str) -> Keys:
    """A live game's keys, derived once and not at each of its commands (two HMACs each)."""
    root = seed.encode("utf-8")
    game = game_id.encode("utf-8")
    return Keys(commit=hmac.digest(root, _COMMIT_LABEL + game, "sha256"),
                state=hmac.digest(root, _STATE_LABEL + game, "sha256"))


Encoder = Callable[[object], bytes]
"""canonical_json, or canonical_json_of_plain for values read from a log."""

# Canonical JSON is compositional: an object is its members' encodings, keys in order.
# So the bodies below are assembled from values encoded once (a payload is part of both
# the digest's body and the public form), each key spelled as canonical JSON sorts it.


def _string(text: str) -> bytes:
    return encode_basestring(text).encode("utf-8")


def _mac(key: bytes, body: bytes) -> str:
    return hmac.digest(key, body, "sha256").hex()


def secret_digest(keys: Keys, seq: int, payload: Mapping[str, JsonValue],
                  command: Mapping[str, JsonValue] | None, encode: Encoder = canonical_json) -> str:
    """The keyed digest binding an envelope's full payload and command."""
    return digest_of(keys, seq, encode(payload), encode(command))


def digest_of(keys: Keys, seq: int, payload_json: bytes, command_json: bytes) -> str:
    """secret_digest of a payload and a command (or null) already encoded: HMAC-SHA256 of
    canonical {"command", "payload", "seq"}."""
    return _mac(keys.commit, b'{"command":%b,"payload":%b,"seq":%d}' % (command_json, payload_json, seq))


def state_hash(keys: Keys, seq: int, state: object) -> str:
    """The keyed hash of the state after event `seq`."""
    return _mac(keys.state, b"%d:%b" % (seq, canonical_json(state)))


def public_form(seq: int, type_name: str, schema: int, command_id: str, rule: str, state_hash: str,
                public_payload: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """What anybody may see of an envelope: the part its hash covers in the clear."""
    return {"command_id": command_id, "payload": public_payload, "rule": rule, "schema": schema, "seq": seq,
            "state_hash": state_hash, "type": type_name}


def public_form_json(seq: int, type_name: str, schema: int, command_id: str, rule: str, state_hash: str,
                     public_payload_json: bytes) -> bytes:
    """canonical_json(public_form(...)), of a public payload already encoded."""
    return b'{"command_id":%b,"payload":%b,"rule":%b,"schema":%d,"seq":%d,"state_hash":%b,"type":%b}' % (
        _string(command_id), public_payload_json, _string(rule), schema, seq, _string(state_hash), _string(type_name))


def chain_hash(prev_hash: str, public: Mapping[str, JsonValue], digest: str, encode: Encoder = canonical_json) -> str:
    """An envelope's hash: it links to the previous one and covers the public form and the digest."""
    return hash_of(prev_hash, encode(public), digest)


def hash_of(prev_hash: str, public_json: bytes, digest: str) -> str:
    """chain_hash of a public form already encoded: SHA-256 of canonical {"prev_hash", "public", "secret_digest"}."""
    body = b'{"prev_hash":%b,"public":%b,"secret_digest":%b}' % (_string(prev_hash), public_json, _string(digest))
    return hashlib.sha256(body).hexdigest()
