"""Upgrading a log to the current format and rules (`tablerules upgrade`, and
`tablerules migrate` for a store).

A log is upgraded when it was written in log format 1, or by an earlier version of
its ruleset. Its seals are first checked as they were made (format 1: SHA-256 over
each envelope; format 2: the hiding chain and every secret digest, with the seed),
so that what is upgraded is what was played. Then every logged command is decided
again by the current rules with the log's seed, and each must produce the same facts
(event types, payloads upcast to the current schema, command ids and commands); the
events are sealed anew under the current ruleset version, with the same game id,
seed and commands. Rule citations and state hashes are the current rules' own.

Where the current rules decide a command differently (the rules changed in a way
this game touched), there is nothing faithful to write: the upgrade stops and names
the event. Such a log still replays (docs/log-format.md), and the release of
tablerules that wrote it still verifies it.

Format 1 hashed every event and state in the clear, so its hashes gave away hidden
cards to anybody who tried candidates (docs/security.md); it did not record whether
the seed was chosen, so an upgraded format 1 log says `seed_chosen: true`: nothing
proves that it was secret.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.kernel.audit import check_chain, decided_facts, digest_problem, known_seed
from domain.kernel.canonical import digest
from domain.kernel.game import Game
from domain.kernel.log import Header, Log, LogFormatError, parse_line, parse_log
from domain.kernel.messages import RuleViolation
from domain.kernel.quoting import quoted
from domain.kernel.rng import seed_commitment
from domain.kernel.seal import Keys
from domain.kernel.session import SEED_REVEALED, Session, command_from_json

FORMAT_1_FIELDS = frozenset({
    "seq", "type", "payload", "schema", "command_id", "command", "rule", "prev_hash", "state_hash", "hash",
})
Row = Mapping[str, Any]


class NothingToUpgrade(LogFormatError):
    """The log is already in the current format and of the current rules."""


class DecidedOtherwise(LogFormatError):
    """The log is intact, but the current rules decide one of its commands otherwise: there is
    no faithful log of this game under them, and the log stays as the rules that wrote it made it."""


def upgrade(game: Game[Any], lines: Sequence[str | bytes]) -> Log:
    """The log in `lines` in the current format and rules. LogFormatError says why it cannot
    be upgraded: NothingToUpgrade (it need not be), DecidedOtherwise (it is intact, but the
    current rules decide it otherwise), or another (it is damaged or edited)."""
    rows = [parse_line(line, number) for number, line in enumerate(lines, start=1) if line.strip()]
    if not rows or not isinstance(rows[0], Mapping):
        raise LogFormatError("the log is empty: it needs a header line")
    if rows[0].get("format_version") == 1:
        return _from_format_1(game, rows[0], rows[1:])
    log = parse_log(lines)
    if log.header.ruleset_version == game.ruleset.version:
        raise NothingToUpgrade(f"the log is already in the current format and rules ({game.ruleset.name} "
                             f"{game.ruleset.version}): nothing to upgrade")
    return _from_earlier_rules(game, log)


def _from_format_1(game: Game[Any], header_row: Row, envelopes: list[Any]) -> Log:
    _check_format_1_chain(envelopes)
    seed = _format_1_seed(header_row, envelopes)
    header = Header.from_json({**header_row, "format_version": 2, "seed_chosen": True})
    if header.created_payload() != {**envelopes[0]["payload"], "seed_chosen": True}:
        raise LogFormatError("event 1: the header does not match GameCreated")
    same_rules = header.ruleset_version == game.ruleset.version

    def state_matches(session: Session[Any], last: Row) -> bool:
        # Format 1's state hash is a plain digest of the state: comparable under the same rules only.
        return not same_rules or last["type"] == SEED_REVEALED or digest(session.state) == last["state_hash"]

    return _redecided(game, header, seed, envelopes, state_matches)


def _from_earlier_rules(game: Game[Any], log: Log) -> Log:
    broken = check_chain(log)
    if broken is not None:
        raise LogFormatError(f"event {broken.seq}: {broken.reason}")
    seed, contradiction = known_seed(log.header, log.envelopes[-1].to_json())
    if contradiction is not None:
        raise LogFormatError(f"event {contradiction.seq}: {contradiction.reason}")
    if seed is None:
        raise LogFormatError("only a log that carries its seed (a finished game, or an operator's export) can be "
                             "upgraded: its commands are decided again")
    keys = Keys.of(seed, log.header.game_id)
    rows = [e.to_json() for e in log.envelopes]
    for row in rows:
        edited = digest_problem(keys, row)
        if edited is not None:
            raise LogFormatError(f"event {edited.seq}: {edited.reason}")
    return _redecided(game, log.header, seed, rows, lambda _session, _last: True)


def _redecided(game: Game[Any], old_header: Header, seed: str, rows: Sequence[Row],
               state_matches: Callable[[Session[Any], Row], bool]) -> Log:
    """The logged commands decided again by the current rules, sealed as the current
    version; LogFormatError at the first command whose facts differ."""
    current = f"{game.ruleset.name} {game.ruleset.version}"
    header = dataclasses.replace(old_header, ruleset_version=game.ruleset.version)
    session, created = Session.create(game, header, seed)  # LogFormatError if the current rules have no such game
    upgraded = [created]
    position = 1
    while position < len(rows):
        first = rows[position]
        if first["command"] is None:
            raise LogFormatError(f"event {first['seq']}: this event does not follow from a logged command")
        try:
            session, produced = session.execute(command_from_json(game, dict(first["command"])), first["command_id"],
                                                seed)
        except (ValueError, RuleViolation) as error:
            raise DecidedOtherwise(f"event {first['seq']}: {current} refuses the logged command: {error}") from None
        old = rows[position:position + len(produced)]
        if [decided_facts(game, row) for row in old] != [decided_facts(game, e.to_json()) for e in produced]:
            raise DecidedOtherwise(f"event {first['seq']}: {current} decides this command differently from the rules "
                                   f"that wrote the log ({old_header.ruleset} {old_header.ruleset_version}); "
                                   "tablerules verify names the difference")
        if not state_matches(session, old[-1]):
            raise LogFormatError(f"event {old[-1]['seq']}: the state does not match its format 1 state_hash")
        upgraded += produced
        position += len(produced)
    return Log(header=header, envelopes=tuple(upgraded))


def _check_format_1_chain(envelopes: list[Any]) -> None:
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


def _format_1_seed(header: Row, envelopes: list[Any]) -> str:
    last = envelopes[-1]
    seed = last["payload"].get("seed") if last["type"] == SEED_REVEALED else header.get("seed")
    if not isinstance(seed, str):
        raise LogFormatError("only a log that carries its seed (a finished game, or an operator's export) can be "
                             "upgraded: its commands are decided again")
    if seed_commitment(seed) != header.get("seed_commitment"):
        raise LogFormatError(f"the seed {quoted(seed)} does not match the log's seed commitment")
    return seed
