"""The kernel every game shares: messages, the decider interface (plan, then apply),
the recorded generator, canonical JSON, the hash-chained log, replay and verify. A game
imports only what this package exports."""

from domain.kernel.audit import Divergence, Report, known_seed, replay, replay_lines, revealed_seed, verify
from domain.kernel.canonical import JsonValue, canonical_json, digest, to_plain
from domain.kernel.game import (
    NOT_STARTED,
    SPECTATOR,
    Chance,
    Emitter,
    Game,
    Information,
    OptionSpec,
    Plan,
    Rules,
    Ruleset,
    Setup,
    Status,
    in_progress,
    memo_last,
    require,
    types_in,
)
from domain.kernel.log import Envelope, Header, Log, LogFormatError, parse_log
from domain.kernel.messages import SYSTEM_SEAT, Command, Event, RuleViolation, StartGame
from domain.kernel.quoting import quoted
from domain.kernel.records import replace, replacer
from domain.kernel.rng import Rng, seed_commitment
from domain.kernel.session import Session, command_from_json, command_to_json
from domain.kernel.text import is_digits
from domain.kernel.words import Seats, counted, listed

__all__ = [
    "NOT_STARTED", "SPECTATOR", "SYSTEM_SEAT", "Chance", "Command", "Divergence", "Emitter", "Envelope",
    "Event", "Game", "Header", "Information", "JsonValue", "Log", "LogFormatError", "OptionSpec", "Plan",
    "Report", "Rng", "RuleViolation", "Rules", "Ruleset", "Seats", "Session", "Setup", "StartGame", "Status",
    "canonical_json", "command_from_json", "command_to_json", "counted", "digest", "in_progress", "is_digits",
    "known_seed", "listed", "memo_last", "parse_log", "quoted", "replace", "replacer", "replay", "replay_lines",
    "require", "revealed_seed", "seed_commitment", "to_plain", "types_in", "verify",
]
