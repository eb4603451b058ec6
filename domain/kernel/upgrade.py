"""Upgrading a log of format 1 to format 2 (`tablerules upgrade`).

Format 1 hashed every event and state in the clear, so its hashes gave away hidden
cards to anybody who tried candidates (docs/security.md). A format 1 log that
carries its seed (a finished game, or an operator's export) is checked as format 1
defined it, every command is re-decided by the current rules, and the log is sealed
again in format 2 with the same game id, seed and events. Format 1 did not record
whether the seed was chosen, so the upgraded log says `seed_chosen: true`: nothing
proves that it was secret.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel.canonical import digest
from domain.kernel.game import Game
from domain.kernel.log import Header, Log, LogFormatError, parse_line
from domain.kernel.messages import RuleViolation
from domain.kernel.quoting import quoted
from domain.kernel.rng import seed_commitment
from domain.kernel.session import SEED_REVEALED, Session, command_from_json

FORMAT_1_FIELDS = frozenset({
    "seq", "type", "payload", "schema", "command_id", "command", "rule", "prev_hash", "state_hash", "hash",
})
_FACTS = ("type", "payload", "schema", "command_id", "command", "rule")
"""What an upgraded envelope keeps of the format 1 one (the rest is sealed anew)."""


def upgrade(game: Game[Any], lines: Sequence[str | bytes]) -> Log:
    """The format 2 log of a format 1 log's lines; LogFormatError says why it cannot be upgraded."""
    rows = [parse_line(line, number) for number, line in enumerate(lines, start=1) if line.strip()]
    if not rows or not isinstance(rows[0], Mapping) or rows[0].get("format_version") != 1:
        raise LogFormatError("not a tablerules log of format version 1")
    envelopes = rows[1:]
    _check_chain(envelopes)
    seed = _seed(rows[0], envelopes)
    header = Header.from_json({**rows[0], "format_version": 2, "seed_chosen": True})
    if header.created_payload() != {**envelopes[0]["payload"], "seed_chosen": True}:
        raise LogFormatError("event 1: the header does not match GameCreated")
    session, created = Session.create(game, header, seed)
    upgraded = [created]
    position = 1
    while position < len(envelopes):
        first = envelopes[position]
        if first["command"] is None:
            raise LogFormatError(f"event {first['seq']}: this event does not follow from a logged command")
        try:
            session, produced = session.execute(command_from_json(game, dict(first["command"])), first["command_id"],
                                                seed)
        except (ValueError, RuleViolation) as error:
            raise LogFormatError(f"event {first['seq']}: the rules reject the logged command: {error}") from None
        old = envelopes[position:position + len(produced)]
        if [{k: row[k] for k in _FACTS} for row in old] != [{k: e.to_json()[k] for k in _FACTS} for e in produced]:
            raise LogFormatError(f"event {first['seq']}: the log differs from what the rules produce for this "
                                 "command (tablerules verify on a format 2 log names the difference)")
        if old[-1]["type"] != SEED_REVEALED and digest(session.state) != old[-1]["state_hash"]:
            raise LogFormatError(f"event {old[-1]['seq']}: the state does not match its format 1 state_hash")
        upgraded += produced
        position += len(produced)
    return Log(header=header, envelopes=tuple(upgraded))


def _check_chain(envelopes: list[Any]) -> None:
    """Format 1's chain: each hash is SHA-256 of the envelope's canonical JSON without it."""
    previous = "0" * 64
    if not envelopes:
        raise LogFormatError("the log has no events")
    for index, row in enumerate(envelopes, start=1):
        if (not isinstance(row, dict) or row.keys() != FORMAT_1_FIELDS or not isinstance(row["payload"], dict)
                or not (row["command"] is None or isinstance(row["command"], dict))
                or not isinstance(row["command_id"], str)):
            raise LogFormatError(f"line {index + 1} is not a format 1 envelope")
        if row["seq"] != index or row["prev_hash"] != previous:
            raise LogFormatError(f"event {index}: the chain is broken (an event was dropped, inserted or reordered)")
        try:
            hashed = digest({key: value for key, value in row.items() if key != "hash"})
        except TypeError:
            hashed = ""
        if hashed != row["hash"]:
            raise LogFormatError(f"event {index}: the hash does not match the event (it was edited)")
        previous = row["hash"]


def _seed(header: Mapping[str, Any], envelopes: list[Any]) -> str:
    last = envelopes[-1]
    seed = last["payload"].get("seed") if last["type"] == SEED_REVEALED else header.get("seed")
    if not isinstance(seed, str):
        raise LogFormatError("only a log that carries its seed (a finished game, or an operator's export) can be "
                             "upgraded: its commands are re-decided")
    if seed_commitment(seed) != header.get("seed_commitment"):
        raise LogFormatError(f"the seed {quoted(seed)} does not match the log's seed commitment")
    return seed
