"""`tablerules diff A.jsonl B.jsonl`: where two logs of one game part, and how the
game's state differs there.

Two logs agree on an event when its type, payload, rule citation and command are the
same; seals (hashes) are left out of the comparison, because a fork or an edited log
re-seals what follows. GameCreated's seed_chosen is compared on its own: a fork says
its seed is known (docs/security.md), and is still the game it was forked from. Both
states are folded from the events alone (no seal is checked here: `tablerules verify`
does that), so a tampered log can be compared too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import Envelope, Game, Log
from domain.kernel.audit import first_lines, state_diff
from domain.kernel.session import GAME_CREATED, decode_event
from domain.kernel.tell import told_seen
from domain.kernel.words import Seats

HEADER_FIELDS = ("ruleset", "ruleset_version", "game_id", "seats", "options", "content", "seed_commitment")
"""What makes two logs logs of one game."""


@dataclass(frozen=True, slots=True)
class LogDiff:
    header: tuple[str, ...]
    """The header fields that differ (empty: one game)."""
    agreed: int
    """Events both logs hold alike, from the first."""
    lengths: tuple[int, int]
    first: tuple[Envelope | None, Envelope | None]
    """Each log's first event past the agreement (None where that log ends)."""
    state: tuple[str, ...]
    """How the states differ after those events (A's value != B's)."""
    told: tuple[str, str] = ("", "")
    """Each of `first` in words (domain/kernel/words.py)."""
    chosen: tuple[bool, bool] = (False, False)
    """Each header's seed_chosen."""

    @property
    def identical(self) -> bool:
        same_length = self.agreed == self.lengths[0] == self.lengths[1]
        return not self.header and same_length and self.chosen[0] == self.chosen[1]

    def describe(self) -> str:
        lines = []
        if self.header:
            lines.append(f"the headers differ in {', '.join(self.header)}: not the same game")
        if self.identical:
            return f"identical: {self.agreed} events alike"
        if self.chosen[0] != self.chosen[1]:
            lines.append(f"seed_chosen: {str(self.chosen[0]).lower()} in A, {str(self.chosen[1]).lower()} in B (a "
                         "fork, and an import of an unfinished game, say that their seed is known)")
        lines.append(f"the logs agree on their first {self.agreed} events (of {self.lengths[0]} in A, "
                     f"{self.lengths[1]} in B)")
        for side, envelope, told in zip("AB", self.first, self.told, strict=True):
            lines.append(f"{side}: {_event_line(envelope, told)}")
        if self.state:
            lines.append("the state after it (A != B):")
            lines.extend(f"  {line}" for line in self.state)
        return "\n".join(lines)


def _event_line(envelope: Envelope | None, told: str) -> str:
    if envelope is None:
        return "the log ends here"
    line = f"event {envelope.seq} ({envelope.type}, {envelope.rule or 'no rule cited'}): {told}"
    if envelope.command is not None:
        line += f" From {envelope.command.get('type')} by seat {envelope.command.get('seat')}."
    return line


def _compared(envelope: Envelope) -> tuple[Any, ...]:
    payload = envelope.payload
    if envelope.type == GAME_CREATED:
        payload = {key: value for key, value in payload.items() if key != "seed_chosen"}
    return envelope.type, payload, envelope.rule, envelope.command


def _alike(a: Envelope, b: Envelope) -> bool:
    return _compared(a) == _compared(b)


def _fold(game: Game[Any], log: Log, envelopes: Sequence[Envelope]) -> Any:
    """The game's state after these events (kernel events aside), seals unchecked."""
    setup = game.ruleset.check_setup(log.header.seats, log.header.options, log.header.content)
    state = game.initial_state(setup)
    for envelope in envelopes:
        if envelope.type in game.event_types:
            state = game.evolve(state, decode_event(game, envelope))
    return state


def diff_logs(game: Game[Any], a: Log, b: Log) -> LogDiff:
    """Compare two logs of a game (of the ruleset of `a`)."""
    ha, hb = a.header.to_json(), b.header.to_json()
    header = tuple(name for name in HEADER_FIELDS if ha.get(name) != hb.get(name))
    agreed = 0
    for x, y in zip(a.envelopes, b.envelopes, strict=False):
        if not _alike(x, y):
            break
        agreed += 1
    lengths = (len(a.envelopes), len(b.envelopes))
    first = (a.envelopes[agreed] if agreed < lengths[0] else None,
             b.envelopes[agreed] if agreed < lengths[1] else None)
    state: tuple[str, ...] = ()
    if first != (None, None) and not header:
        after = [_fold(game, log, log.envelopes[:agreed + 1]) for log in (a, b)]
        state = first_lines(state_diff(after[0], after[1]))
    seats = Seats(tuple(a.header.seats))
    told = tuple("" if e is None else told_seen(game, e, e.payload, seats) for e in first)
    return LogDiff(header, agreed, lengths, first, state, (told[0], told[1]),
                   (a.header.seed_chosen, b.header.seed_chosen))
