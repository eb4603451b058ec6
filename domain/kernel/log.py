"""The game log: sealed event envelopes, and the header that opens a log file.

Format 2 (docs/log-format.md): one header line, then one envelope per line, each
canonical JSON. Envelopes are sealed as domain/kernel/seal.py describes: `hash`
covers the previous hash, the public form and a keyed digest of the full payload.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from json import JSONDecodeError
from typing import Any

import orjson

from domain.kernel.canonical import JsonValue, canonical_json_of_plain
from domain.kernel.quoting import quoted
from domain.kernel.records import replacer
from domain.kernel.seal import Keys, chain_hash, public_form, secret_digest

LOG_FORMAT = "tablerules-log"
LOG_FORMAT_VERSION = 2
GENESIS_HASH = "0" * 64
KERNEL_RULE = "kernel"
ENVELOPE_FIELDS = frozenset({
    "seq", "type", "payload", "public", "schema", "command_id", "command", "rule", "prev_hash", "state_hash",
    "secret_digest", "hash",
})


class LogFormatError(ValueError):
    """A log that is not well-formed (before any rule is consulted)."""


@dataclass(frozen=True, slots=True)
class Envelope:
    """One stored event. `command` is set on the first event of each command.

    `public` is the payload as a spectator sees it, or None where that is the whole
    payload (nothing in it is hidden).
    """

    seq: int
    type: str
    payload: Mapping[str, JsonValue]
    schema: int
    command_id: str
    command: Mapping[str, JsonValue] | None
    rule: str
    prev_hash: str
    state_hash: str
    public: Mapping[str, JsonValue] | None = None
    secret_digest: str = ""
    hash: str = ""

    @property
    def public_payload(self) -> Mapping[str, JsonValue]:
        return self.payload if self.public is None else self.public

    def public_body(self) -> dict[str, JsonValue]:
        """The public form: what the hash covers in the clear."""
        return public_form(self.seq, self.type, self.schema, self.command_id, self.rule, self.state_hash,
                           self.public_payload)

    def computed_digest(self, keys: Keys) -> str:
        return secret_digest(keys, self.seq, self.payload, self.command)

    def computed_hash(self) -> str:
        return chain_hash(self.prev_hash, self.public_body(), self.secret_digest)

    def sealed(self, keys: Keys) -> Envelope:
        """This envelope with its digest and hash computed (its state_hash is kept)."""
        digested = _replace(self, secret_digest=self.computed_digest(keys))
        return _replace(digested, hash=digested.computed_hash())

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "seq": self.seq,
            "type": self.type,
            "payload": dict(self.payload),
            "public": None if self.public is None else dict(self.public),
            "schema": self.schema,
            "command_id": self.command_id,
            "command": None if self.command is None else dict(self.command),
            "rule": self.rule,
            "prev_hash": self.prev_hash,
            "state_hash": self.state_hash,
            "secret_digest": self.secret_digest,
            "hash": self.hash,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Envelope:
        check_envelope(data)
        return Envelope(**data)


_replace = replacer(Envelope)


def check_envelope(data: Mapping[str, Any]) -> None:
    """LogFormatError unless `data` has an envelope's fields, each of its JSON type."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise LogFormatError("an envelope line must hold a JSON object")
    if data.keys() != ENVELOPE_FIELDS:
        raise LogFormatError(f"envelope {quoted(data.get('seq', '?'))}: missing {sorted(ENVELOPE_FIELDS - set(data))}, "
                             f"unexpected {sorted(set(data) - ENVELOPE_FIELDS)[:8]}")
    # One expression: every envelope of a replay passes here.
    if not (type(data["seq"]) is int and type(data["schema"]) is int and type(data["payload"]) is dict
            and (data["public"] is None or type(data["public"]) is dict)
            and (data["command"] is None or type(data["command"]) is dict)
            and type(data["type"]) is str and type(data["command_id"]) is str and type(data["rule"]) is str
            and type(data["prev_hash"]) is str and type(data["state_hash"]) is str
            and type(data["secret_digest"]) is str and type(data["hash"]) is str):
        raise LogFormatError(f"envelope {quoted(data['seq'])}: seq and schema must be integers, payload an object, "
                             "public and command an object or null, and type, command_id, rule, the digest and the "
                             "hashes strings")


_HEADER_TYPES: dict[str, type] = {
    "game_id": str, "ruleset": str, "ruleset_version": str, "seats": list, "options": dict, "content": str,
    "seed_commitment": str, "seed_chosen": bool, "created_at": str,
}


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a log file: what the game is and how it was set up."""

    game_id: str
    ruleset: str
    ruleset_version: str
    seats: tuple[str, ...]
    options: Mapping[str, bool | int | str]
    content: str
    seed_commitment: str
    created_at: str
    seed_chosen: bool = False
    """The operator chose the seed (tests, bug reproduction): the game's chance was not secret."""
    seed: str | None = None
    """Present only in an operator export of an unfinished game (bug reproduction)."""

    def to_json(self) -> dict[str, JsonValue]:
        data: dict[str, JsonValue] = {
            "format": LOG_FORMAT,
            "format_version": LOG_FORMAT_VERSION,
            "game_id": self.game_id,
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "seats": list(self.seats),
            "options": dict(self.options),
            "content": self.content,
            "seed_commitment": self.seed_commitment,
            "seed_chosen": self.seed_chosen,
            "created_at": self.created_at,
        }
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    def created_payload(self) -> dict[str, JsonValue]:
        """The payload of the GameCreated event that this header summarises."""
        data = self.to_json()
        for key in ("format", "format_version", "seed"):
            data.pop(key, None)
        return data

    @staticmethod
    def from_created(payload: Mapping[str, Any], seed: str | None = None) -> Header:
        """The header of a log whose first event has this GameCreated payload."""
        return Header.from_json(
            {**payload, "format": LOG_FORMAT, "format_version": LOG_FORMAT_VERSION, "seed": seed}
        )

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Header:
        if not isinstance(data, Mapping) or data.get("format") != LOG_FORMAT:
            raise LogFormatError(f"the first line is not a {LOG_FORMAT} header")
        version = data.get("format_version")
        if version != LOG_FORMAT_VERSION:
            raise LogFormatError(
                f"log format version {quoted(version)} is not supported (this build reads version "
                f"{LOG_FORMAT_VERSION}; docs/log-format.md says how to upgrade a version 1 log)"
            )
        for key, kind in _HEADER_TYPES.items():
            if key not in data:
                raise LogFormatError(f"the header has no {key!r}")
            if type(data[key]) is not kind:
                raise LogFormatError(f"the header's {key!r} must be a JSON {_JSON_NAMES[kind]}")
        seed = data.get("seed")
        if seed is not None and type(seed) is not str:
            raise LogFormatError("the header's 'seed' must be a JSON string")
        if not all(type(name) is str for name in data["seats"]):
            raise LogFormatError("the header's 'seats' must be a list of strings")
        if not all(type(value) in (bool, int, str) for value in data["options"].values()):
            raise LogFormatError("the header's option values must be booleans, integers or strings")
        return Header(
            game_id=data["game_id"],
            ruleset=data["ruleset"],
            ruleset_version=data["ruleset_version"],
            seats=tuple(data["seats"]),
            options=dict(data["options"]),
            content=data["content"],
            seed_commitment=data["seed_commitment"],
            seed_chosen=data["seed_chosen"],
            created_at=data["created_at"],
            seed=seed,
        )


_JSON_NAMES = {str: "string", list: "list", dict: "object", bool: "boolean"}


@dataclass(frozen=True, slots=True)
class Log:
    header: Header
    envelopes: tuple[Envelope, ...] = field(default=())

    def lines(self, envelopes_only: bool = False) -> Iterator[bytes]:
        if not envelopes_only:
            yield canonical_json_of_plain(self.header.to_json())
        for envelope in self.envelopes:
            yield canonical_json_of_plain(envelope.to_json())

    def text(self) -> str:
        return "".join(line.decode("utf-8") + "\n" for line in self.lines())


SEED_CHOSEN = ("this game's chance is not secret (seed_chosen): its seed was chosen by the operator, or came with "
               "the log it was forked or imported from, and whoever holds that seed can work out every hidden card "
               "and every draw to come")
"""What a game whose header says seed_chosen means to its players and viewers."""


def marked_chosen(log: Log, seed: str) -> Log:
    """The log with its header and GameCreated saying `seed_chosen: true`, sealed anew:
    GameCreated's digest and every hash (each links the one before). Nothing else
    changes: the generator and the keys depend on the seed and the game id alone, and the
    state on the setup, so every outcome, digest and state hash after GameCreated stays."""
    if log.header.seed_chosen or not log.envelopes:
        return log
    keys = Keys.of(seed, log.header.game_id)
    header = _replace_header(log.header, seed_chosen=True)
    created = log.envelopes[0]
    envelopes = [_replace(created, payload={**created.payload, "seed_chosen": True}).sealed(keys)]
    for envelope in log.envelopes[1:]:
        linked = _replace(envelope, prev_hash=envelopes[-1].hash)
        envelopes.append(_replace(linked, hash=linked.computed_hash()))
    return Log(header=header, envelopes=tuple(envelopes))


_replace_header = replacer(Header)


def parse_line(line: str | bytes, number: int) -> Any:
    """One line of a log file as JSON; LogFormatError names the line."""
    try:
        return orjson.loads(line)
    except JSONDecodeError as error:
        raise LogFormatError(f"line {number} is not JSON: {error.msg}") from None


def header_of(lines: Sequence[str | bytes]) -> Header:
    """The header of a log given as its non-blank lines."""
    if not lines:
        raise LogFormatError("the log is empty: it needs a header line")
    return Header.from_json(parse_line(lines[0], 1))


def parse_log(lines: Iterable[str | bytes]) -> Log:
    """Read a log from its lines; blank lines are ignored."""
    rows = [parse_line(line, number) for number, line in enumerate(lines, start=1) if line.strip()]
    if not rows:
        raise LogFormatError("the log is empty: it needs a header line")
    header = Header.from_json(rows[0])
    return Log(header=header, envelopes=tuple(Envelope.from_json(r) for r in rows[1:]))
