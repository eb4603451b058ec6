"""An audit of chance (`tablerules audit`): every shuffle, draw and roll of a log
derived again from its revealed seed.

Verify re-decides every command and compares whole envelopes byte for byte; this
is the auditor's view of chance alone. The logged commands are decided again with
a generator that writes down every number it hands out (RecordingRng), and the
events of each command are compared with the logged ones: their types, rule
citations, payloads and commands (the seals are verify's to check). The report
lists each command that drew numbers: its generator's key (the log position), the
numbers drawn, the generator's seed and the events its outcomes are written in;
and it says who chose the seed.

The kernel does not know which fields of an event the numbers decided: a
difference in an event of a command that drew numbers is chance's (the report names
the fields that differ), one in a command that drew none is not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel import fairness
from domain.kernel.audit import (
    CHAIN,
    DIGESTS,
    PUBLIC_FORMS,
    SEED,
    STATES,
    Divergence,
    Redecision,
    check_chain,
    first_difference,
    known_seed,
    redecisions,
    same_json,
    shortened,
)
from domain.kernel.canonical import JsonValue
from domain.kernel.game import Game
from domain.kernel.log import Envelope, Header, Log, LogFormatError
from domain.kernel.messages import SYSTEM_SEAT
from domain.kernel.quoting import quoted
from domain.kernel.rng import RecordingRng
from domain.kernel.session import SEED_REVEALED, Session
from domain.kernel.tell import told_seen
from domain.kernel.words import Seats

MATCHES = "CHANCE MATCHES"
DIFFERS = "CHANCE DIFFERS"
FAILED = "FAILED"
"""The log fails a check that is not chance's: its chain, its seed, or an event of a
command that drew no numbers."""
CANNOT_AUDIT = "CANNOT AUDIT"
EXIT_STATUS = {MATCHES: 0, DIFFERS: 1, FAILED: 1, CANNOT_AUDIT: 3}
"""tablerules audit's exit status: 3, as verify's CHAIN INTACT, where the log carries no seed."""

CHANCE = ("outcomes of chance (every command decided again with the seed, each number drawn recorded; "
          "the events' types, rules cited, payloads and commands compared with the log)")
NOT_CHECKED = (DIGESTS, PUBLIC_FORMS, STATES)
NO_SEED = ("the log reveals no seed (a game under way, exported without it, or cut short): its shuffles, draws "
           "and rolls cannot be derived again; only the chain of public forms is proven")
GAME_SEED = "seed"
SEATS_SEED = "seat_randomness"
"""Which seed keyed a command's generator: the game's, or with seat randomness the one
HMAC-SHA256(the game's seed, the seats' values) makes (fairness.game_seed)."""
_GENERATOR_NAMES = {GAME_SEED: "the game's seed", SEATS_SEED: "the seat-randomness seed"}
MAX_DRAWS_SHOWN = 64
"""Numbers listed per command in the JSON report (a start shuffles whole decks, a number per card); the
count is whole."""
MAX_COMMANDS_SHOWN = 10
"""Commands that drew numbers listed in the human report; the JSON report lists every one."""
MAX_VALUE_SHOWN = 100
"""A differing field's value in the human report (a shuffled deck is long) is cut to this."""
_COMMITTED = fairness.RandomnessCommitted.type_name()
_REVEALED = fairness.RandomnessRevealed.type_name()


@dataclass(frozen=True, slots=True)
class Drawing:
    """A command whose rules drew numbers, decided again with a RecordingRng."""

    key: str
    """The generator's HMAC message before its block number: "<game_id>/<position>/"."""
    position: int
    """The game's version before the command: its first event is position + 1."""
    command: Mapping[str, JsonValue]
    generator: str
    """GAME_SEED, or SEATS_SEED where the seats' values keyed it (seat_randomness)."""
    blocks: int
    drawn: tuple[tuple[int, int], ...]
    """(bound, value) of each number, in the order drawn."""
    events: tuple[Envelope, ...]
    """The events the command produced: its outcomes are written in them."""
    told: tuple[str, ...] = ()
    """Each of `events` in words (domain/kernel/words.py), as the log has it in full."""

    @staticmethod
    def of(decided: Redecision, game_seed: str) -> Drawing | None:
        """The command's draws, or None where it drew no number."""
        rng = decided.step.rng
        if not isinstance(rng, RecordingRng) or not rng.drawn:
            return None
        envelopes = decided.step.envelopes
        session = decided.before
        seats = Seats(tuple(session.header.seats))
        told = tuple(told_seen(session.game, e, e.payload, seats) for e in envelopes)
        return Drawing(key=f"{session.header.game_id}/{rng.position}/", position=rng.position,
                       command=envelopes[0].command or {}, generator=GAME_SEED if rng.seed == game_seed else SEATS_SEED,
                       blocks=rng.blocks, drawn=tuple(rng.drawn), events=tuple(envelopes), told=told)

    def line(self) -> str:
        """One bounded line: the numbers come last, so that a long draw is what is cut."""
        seat = self.command.get("seat")
        by = "" if seat == SYSTEM_SEAT else f" by seat {seat}"
        first, last = self.events[0].seq, self.events[-1].seq
        what = " ".join(self.told) if self.told else ", ".join(dict.fromkeys(e.type for e in self.events))
        numbers = ", ".join(f"below({bound})={value}" for bound, value in self.drawn)
        return shortened(f"position {self.position} ({_counted(self.blocks, 'block')}, "
                         f"{_GENERATOR_NAMES[self.generator]}), {_counted(len(self.drawn), 'number')}: "
                         f"{self.command.get('type')}{by} -> events {first}-{last}: {what} Drawn: {numbers}")

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "position": self.position,
            "key": self.key,
            "blocks": self.blocks,
            "generator": self.generator,
            "command": dict(self.command),
            "draw_count": len(self.drawn),
            "draws": [[bound, value] for bound, value in self.drawn[:MAX_DRAWS_SHOWN]],
            "events": [{"seq": e.seq, "type": e.type, "rule": e.rule} for e in self.events],
        }


@dataclass(frozen=True, slots=True)
class SeatValue:
    """One seat's contribution to the game's randomness, as logged."""

    seat: int
    committed_at: int | None
    revealed_at: int | None
    value: str
    matches: bool
    """The revealed value's SHA-256 is the seat's commitment."""

    @staticmethod
    def of(seat: int, committed: Envelope | None, revealed: Envelope | None) -> SeatValue:
        commitment = committed.payload.get("commitment") if committed is not None else None
        value = revealed.payload.get("value") if revealed is not None else None
        value = value if isinstance(value, str) else ""
        return SeatValue(seat, committed.seq if committed is not None else None,
                         revealed.seq if revealed is not None else None, value,
                         bool(value) and fairness.commitment_of(value) == commitment)

    def describe(self) -> str:
        if self.committed_at is None:
            return f"seat {self.seat} has not committed to a value"
        if self.revealed_at is None:
            return f"seat {self.seat} committed at event {self.committed_at}, and has not revealed its value"
        return (f"seat {self.seat} committed at event {self.committed_at} and revealed at event {self.revealed_at} "
                f"a value that {'matches' if self.matches else 'does NOT match'} its commitment")


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who chose the game's chance: the operator (a chosen seed), the server alone,
    or every seat with the server (seat_randomness)."""

    chosen: bool
    seats: tuple[SeatValue, ...] | None
    """None: the game was created without seat randomness."""
    generator_seed: str | None
    """With seat randomness, the seed the server's and the seats' values make, once all are known."""

    @staticmethod
    def of(log: Log, seed: str | None) -> Provenance:
        if not log.header.options.get(fairness.OPTION):
            return Provenance(log.header.seed_chosen, None, None)
        logged = {(e.type, e.payload.get("seat")): e for e in log.envelopes if e.type in fairness.EVENT_TYPES}
        seats = tuple(SeatValue.of(n, logged.get((_COMMITTED, n)), logged.get((_REVEALED, n)))
                      for n in range(1, len(log.header.seats) + 1))
        combined = (fairness.game_seed(seed, tuple(s.value for s in seats))
                    if seed is not None and all(s.revealed_at is not None for s in seats) else None)
        return Provenance(log.header.seed_chosen, seats, combined)

    def lines(self) -> list[str]:
        if self.chosen:
            secret = ("the game's chance was not secret: whoever knew the seed could foresee every outcome"
                      if self.seats is None else
                      "it was not secret, but the seats' values were mixed into it, so it did not decide chance alone")
            lines = [f"seed: chosen by the operator (seed_chosen: true; tests, bug reproduction), or known from the "
                     f"log the game was forked or imported from: {secret}"]
        else:
            lines = ["seed: drawn by the server in secret and committed to in GameCreated (seed_commitment) before "
                     "the first command"]
        if self.seats is None:
            lines.append("seat randomness: off; the generator is keyed by that seed alone, so the seats cannot tell "
                         "it was not picked to favour someone (the seat_randomness option closes that)")
            return lines
        lines.append("seat randomness: on; every seat committed to a value, then revealed it, and the generator is "
                     "keyed by HMAC-SHA256(the seed, the seats' values), so that no one party could steer chance:")
        lines.extend(f"  {seat.describe()}" for seat in self.seats)
        if self.generator_seed is not None:
            lines.append(f"  the seat-randomness seed: {self.generator_seed}")
        return lines

    def to_json(self) -> dict[str, JsonValue]:
        seats: JsonValue = None if self.seats is None else [
            {"seat": s.seat, "committed_at": s.committed_at, "revealed_at": s.revealed_at,
             "matches_commitment": s.matches} for s in self.seats]
        return {"chosen": self.chosen, "seat_randomness": seats, "generator_seed": self.generator_seed}


@dataclass(frozen=True, slots=True)
class ChanceAudit:
    """What the audit of chance found, and what it checked (`checked`, in words)."""

    verdict: str
    header: Header
    checked: tuple[str, ...]
    provenance: Provenance
    commands: int = 0
    """Commands decided again whose events the log holds alike."""
    drawings: tuple[Drawing, ...] = ()
    """The commands that drew numbers, in order, up to the divergence (that one apart)."""
    divergence: Divergence | None = None
    differing: Drawing | None = None
    """The command, one that drew numbers, in whose events the divergence lies."""
    notes: tuple[str, ...] = ()
    unauditable: str = ""
    """Why the audit could not be made, where it had a seed (CANNOT AUDIT)."""

    @property
    def draws(self) -> int:
        return sum(len(d.drawn) for d in self.drawings)

    def headline(self) -> str:
        """The verdict, and in a few words why."""
        found = self.divergence
        if found is None:
            if self.verdict == CANNOT_AUDIT:
                return f"{CANNOT_AUDIT}: {self.unauditable or NO_SEED}"
            return (f"{MATCHES}: {_counted(len(self.drawings), 'command')} drew {_counted(self.draws, 'number')}; "
                    "every outcome in the log is the one the seed gives")
        sides = found.envelopes()
        if self.differing is not None and sides is not None:
            logged = sides[1]
            what = "" if logged is None else f" ({logged['type']}, citing {logged['rule']})"
            return (f"{DIFFERS}: event {found.seq}{what} is not the outcome the seed gives; its command drew "
                    f"{_counted(len(self.differing.drawn), 'number')} at position {self.differing.position}")
        if CHANCE not in self.checked:
            return f"{FAILED}: event {found.seq}: the log's chain or seed does not hold, so chance was not audited"
        why = "its command drew no numbers" if sides is not None else "no numbers were drawn for it"
        return (f"{FAILED}: event {found.seq} differs, but not as an outcome of chance ({why}); tablerules verify "
                "names the divergence")

    def describe(self) -> str:
        lines = [self.headline()]
        if self.divergence is not None:
            if self.differing is not None:
                lines += [f"  {_field_line(field)}" for field in _differing_fields(self.divergence)]
                lines.append(f"the command: {self.differing.line()}")
            lines += ["first divergence:", self.divergence.describe()]
            if CHANCE in self.checked:
                lines.append(f"before it: {_counted(self.commands, 'command')} decided again, {len(self.drawings)} of "
                             f"them drew {_counted(self.draws, 'number')}, each outcome the one the seed gives")
        lines.append(f"checked: {', '.join(self.checked)}")
        if CHANCE in self.checked:
            lines.append(f"not checked: {', '.join(NOT_CHECKED)} (tablerules verify compares every envelope byte "
                         "for byte)")
        lines += self.provenance.lines()
        lines += [f"note: {note}" for note in self.notes]
        if self.drawings and self.divergence is None:
            shown = self.drawings[:MAX_COMMANDS_SHOWN]
            listed = f"the first {len(shown)} of {len(self.drawings)}; --json lists all" if len(shown) < len(
                self.drawings) else f"all {len(shown)}"
            lines.append(f"commands that drew numbers ({listed}), each from HMAC-SHA256(its seed, "
                         f'"{self.header.game_id}/<position>/<block>"):')
            lines += [f"  {drawing.line()}" for drawing in shown]
        return "\n".join(lines)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "verdict": self.verdict,
            "game_id": self.header.game_id,
            "ruleset": self.header.ruleset,
            "ruleset_version": self.header.ruleset_version,
            "checked": list(self.checked),
            "not_checked": list(NOT_CHECKED) if CHANCE in self.checked else [],
            "notes": list(self.notes),
            "seed": self.provenance.to_json(),
            "commands_decided": self.commands,
            "commands_drawing": len(self.drawings),
            "draws": self.draws,
            "commands": [drawing.to_json() for drawing in self.drawings],
            "mismatch": None if self.divergence is None else self._mismatch(self.divergence),
        }

    def _mismatch(self, found: Divergence) -> dict[str, JsonValue]:
        sides = found.envelopes()
        made, logged = sides if sides is not None else (None, None)
        return {
            "seq": found.seq,
            "reason": found.reason,
            "chance": self.differing is not None,
            "derived": None if made is None else {"type": made["type"], "rule": made["rule"]},
            "logged": None if logged is None else {"type": logged["type"], "rule": logged["rule"]},
            "fields": list(_differing_fields(found)),
            "state": list(found.state_diff),
            "command": None if self.differing is None else self.differing.to_json(),
        }


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _differing_fields(found: Divergence) -> list[dict[str, JsonValue]]:
    """The payload fields in which the logged event differs from the derived one
    (None for a field one side lacks)."""
    sides = found.envelopes()
    if sides is None or sides[1] is None:
        return []
    derived, logged = sides[0]["payload"], sides[1]["payload"]
    assert isinstance(derived, Mapping) and isinstance(logged, Mapping)
    return [{"field": name, "logged": logged.get(name), "derived": derived.get(name)}
            for name in sorted(derived.keys() | logged.keys())
            if name not in derived or name not in logged or not same_json(derived[name], logged[name])]


def _field_line(field: Mapping[str, JsonValue]) -> str:
    return (f"{field['field']}: the log has {quoted(field['logged'], MAX_VALUE_SHOWN)}, the seed gives "
            f"{quoted(field['derived'], MAX_VALUE_SHOWN)}")


def _same_facts(made: Envelope, logged: Envelope) -> bool:
    """The same event, seals aside: its type, rule citation, payload and command."""
    return same_json(_facts(made), _facts(logged))


def _facts(envelope: Envelope) -> dict[str, JsonValue]:
    return {"type": envelope.type, "rule": envelope.rule, "payload": dict(envelope.payload),
            "command": None if envelope.command is None else dict(envelope.command)}


def audit_chance(game: Game[Any], log: Log, progress: Callable[[int], None] | None = None) -> ChanceAudit:
    """Check the chain and the seed, then derive every number the logged commands draw
    from the seed and compare the events they lead to with the log.

    Chance is drawn by the rules: a log of another version that this build's rules
    decide otherwise cannot be audited here (CANNOT AUDIT, saying so), since a
    difference there says nothing of its chance."""
    audit = _audited(game, log, progress)
    other = log.header.ruleset_version != game.ruleset.version
    if not other or audit.divergence is None or CHANCE not in audit.checked:
        return audit
    return dataclasses.replace(
        audit, verdict=CANNOT_AUDIT, checked=(CHAIN, SEED), divergence=None, differing=None, drawings=(),
        unauditable=(f"the log was written by {game.ruleset.name} {log.header.ruleset_version} and this build's "
                     f"rules, {game.ruleset.version}, decide it otherwise from event {audit.divergence.seq} on; its "
                     "chance can be derived only under the rules that drew it. tablerules verify re-decides every "
                     "command, each shuffle, draw and roll with it, by the release that wrote the log"))


def _audited(game: Game[Any], log: Log, progress: Callable[[int], None] | None) -> ChanceAudit:
    header = log.header
    seed: str | None = None
    broken = check_chain(log)
    if broken is None:
        seed, broken = known_seed(header, log.envelopes[-1].to_json())
    if broken is not None:
        return ChanceAudit(FAILED, header, (CHAIN,), Provenance.of(log, None), divergence=broken)
    provenance = Provenance.of(log, seed)
    if seed is None:
        return ChanceAudit(CANNOT_AUDIT, header, (CHAIN,), provenance)
    checked = (CHAIN, SEED, CHANCE)
    notes = _notes(game, log)
    try:
        live, _ = Session.create(game, header, seed)
    except LogFormatError as refused:
        return ChanceAudit(FAILED, header, checked, provenance, divergence=Divergence(1, str(refused)), notes=notes)
    commands = 0
    drawings: list[Drawing] = []
    for decided in redecisions(live, log.envelopes, seed, len(log.envelopes), RecordingRng):
        if isinstance(decided, Divergence):
            return ChanceAudit(FAILED, header, checked, provenance, commands, tuple(drawings), decided, notes=notes)
        drawing = Drawing.of(decided, seed)
        differs = first_difference(decided, log.envelopes, _same_facts)
        if differs is not None:
            return ChanceAudit(FAILED if drawing is None else DIFFERS, header, checked, provenance, commands,
                               tuple(drawings), differs, drawing, notes)
        commands += 1
        if drawing is not None:
            drawings.append(drawing)
        if progress is not None:
            for made in decided.step.envelopes:
                progress(made.seq)
    return ChanceAudit(MATCHES, header, checked, provenance, commands, tuple(drawings), notes=notes)


def _notes(game: Game[Any], log: Log) -> tuple[str, ...]:
    notes: list[str] = []
    if log.header.ruleset_version != game.ruleset.version:
        notes.append(f"the log was written by {game.ruleset.name} {log.header.ruleset_version}, this is "
                     f"{game.ruleset.version}: a difference may be a change of the rules")
    if log.envelopes[-1].type != SEED_REVEALED:
        notes.append("the game is unfinished (an operator's export carrying its seed): chance is audited up to its "
                     "last event")
    return tuple(notes)
