"""The game log: hash-chained event envelopes, and the header that opens a log file.

Format (docs/log-format.md): one header line, then one envelope per line, each
canonical JSON. `hash` = sha256 of the canonical JSON of the envelope without
`hash` (so it covers `prev_hash`, the payload, the citation and `state_hash`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from json import JSONDecodeError
from typing import Any

import orjson

from domain.kernel.canonical import JsonValue, canonical_json, digest

LOG_FORMAT = "tablerules-log"
LOG_FORMAT_VERSION = 1
GENESIS_HASH = "0" * 64
KERNEL_RULE = "kernel"
ENVELOPE_FIELDS = frozenset({
    "seq", "type", "payload", "schema", "command_id", "command", "rule", "prev_hash", "state_hash", "hash",
})


class LogFormatError(ValueError):
    """A log that is not well-formed (before any rule is consulted)."""


@dataclass(frozen=True, slots=True)
class Envelope:
    """One stored event. `command` is set on the first event of each command."""

    seq: int
    type: str
    payload: Mapping[str, JsonValue]
    schema: int
    command_id: str
    command: Mapping[str, JsonValue] | None
    rule: str
    prev_hash: str
    state_hash: str
    hash: str = ""

    def body(self) -> dict[str, JsonValue]:
        """Every field but `hash`: what `hash` is computed over."""
        return {
            "seq": self.seq,
            "type": self.type,
            "payload": dict(self.payload),
            "schema": self.schema,
            "command_id": self.command_id,
            "command": None if self.command is None else dict(self.command),
            "rule": self.rule,
            "prev_hash": self.prev_hash,
            "state_hash": self.state_hash,
        }

    def computed_hash(self) -> str:
        return digest(self.body())

    def sealed(self) -> Envelope:
        return Envelope(**{**self.body(), "hash": self.computed_hash()})

    def to_json(self) -> dict[str, JsonValue]:
        return {**self.body(), "hash": self.hash}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Envelope:
        check_envelope(data)
        return Envelope(**data)


def check_envelope(data: Mapping[str, Any]) -> None:
    """LogFormatError unless `data` has an envelope's fields, each of its JSON type."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise LogFormatError("an envelope line must hold a JSON object")
    if data.keys() != ENVELOPE_FIELDS:
        raise LogFormatError(f"envelope {data.get('seq', '?')}: missing {sorted(ENVELOPE_FIELDS - set(data))}, "
                             f"unexpected {sorted(set(data) - ENVELOPE_FIELDS)}")
    # One expression: every envelope of a replay passes here.
    if not (type(data["seq"]) is int and type(data["schema"]) is int and type(data["payload"]) is dict
            and (data["command"] is None or type(data["command"]) is dict)
            and type(data["type"]) is str and type(data["command_id"]) is str and type(data["rule"]) is str
            and type(data["prev_hash"]) is str and type(data["state_hash"]) is str and type(data["hash"]) is str):
        raise LogFormatError(f"envelope {data['seq']}: seq and schema must be integers, payload an object, "
                             "command an object or null, and type, command_id, rule and the hashes strings")


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
        if data.get("format_version") != LOG_FORMAT_VERSION:
            raise LogFormatError(
                f"log format version {data.get('format_version')} is not supported "
                f"(this build reads version {LOG_FORMAT_VERSION})"
            )
        try:
            return Header(
                game_id=data["game_id"],
                ruleset=data["ruleset"],
                ruleset_version=data["ruleset_version"],
                seats=tuple(data["seats"]),
                options=dict(data["options"]),
                content=data["content"],
                seed_commitment=data["seed_commitment"],
                created_at=data["created_at"],
                seed=data.get("seed"),
            )
        except KeyError as missing:
            raise LogFormatError(f"the header has no {missing}") from None


@dataclass(frozen=True, slots=True)
class Log:
    header: Header
    envelopes: tuple[Envelope, ...] = field(default=())

    def lines(self, envelopes_only: bool = False) -> Iterator[bytes]:
        if not envelopes_only:
            yield canonical_json(self.header.to_json())
        for envelope in self.envelopes:
            yield canonical_json(envelope.to_json())

    def text(self) -> str:
        return "".join(line.decode("utf-8") + "\n" for line in self.lines())


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
