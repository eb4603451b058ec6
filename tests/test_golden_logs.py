"""Old logs keep working (issue 15): each game's golden log (replays/golden/), written by
an earlier rules version and never re-recorded, replays to its end with its chain, seed
and secret digests checked, folds through the game's upcasters into the current event
classes, and verifies under the rules that wrote it (its archived release, where they are not
this build's). This build's own rules verify it where they decide it alike; where they
do not, they say that the versions differ, never that the log was edited. A tiny game of
several versions shows an upcaster at work and each way two versions can part."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import (
    Chance,
    Command,
    Event,
    Header,
    Information,
    Log,
    Plan,
    Report,
    Rules,
    Ruleset,
    RuleViolation,
    Session,
    Status,
    fairness,
    parse_log,
    replay,
    replay_lines,
    seed_commitment,
    verify,
)
from domain.kernel.audit import DIGESTS, SEED, UNTOUCHED
from domain.kernel.log import header_of
from domain.kernel.session import GAME_CREATED, SEED_REVEALED, decode_event
from domain.kernel.upgrade import upgrade
from service.releases import verify_log
from tests.stored_logs import GOLDEN_LOGS

WINNERS = {
    "aod-1.0.0.jsonl": (2,),
    "armory-1.0.0.jsonl": (2,),
    "guardians-1.0.0.jsonl": (2,),
    "kings-armory-0.1.0.jsonl": (1, 2, 3),
    "swordplay-1.0.0.jsonl": (2,),
}
"""Who won each golden game, as the rules that wrote it recorded."""
KERNEL_EVENTS = {GAME_CREATED, SEED_REVEALED, *fairness.EVENT_TYPES}


def load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


def header_of_file(path: Path) -> Header:
    with path.open("rb") as file:
        return header_of([file.readline()])


def written_by(header: Header) -> str:
    return f"{header.ruleset} {header.ruleset_version}"


def current(header: Header) -> str:
    ruleset = REGISTRY[header.ruleset].ruleset
    return f"{ruleset.name} {ruleset.version}"


def of_another_version(header: Header) -> bool:
    return header.ruleset_version != REGISTRY[header.ruleset].ruleset.version


def test_each_game_keeps_one_golden_log_named_by_the_version_that_wrote_it() -> None:
    logs = {path.name: load(path) for path in GOLDEN_LOGS}
    assert set(logs) == set(WINNERS)
    assert sorted(log.header.ruleset for log in logs.values()) == sorted(REGISTRY)
    for name, log in logs.items():
        assert name == f"{log.header.ruleset}-{log.header.ruleset_version}.jsonl"


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_its_end_with_its_seed_checked(path: Path) -> None:
    log = load(path)
    game = REGISTRY[log.header.ruleset]
    session, report = replay_lines(game, path.read_bytes().splitlines())
    assert report.ok, report.divergence and report.divergence.describe()
    assert {SEED, DIGESTS} <= set(report.checked) and report.events == len(log.envelopes)
    assert session is not None and session.finished and report.finished
    assert session.status().winners == WINNERS[path.name]


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_every_event_of_a_golden_log_decodes_to_a_current_event_class(path: Path) -> None:
    log = load(path)
    game = REGISTRY[log.header.ruleset]
    for envelope in log.envelopes:
        if envelope.type in KERNEL_EVENTS:
            continue
        assert isinstance(decode_event(game, envelope), game.event_types[envelope.type]), envelope.seq


def assert_a_version_difference(report: Report, written: str, deciding: str) -> None:
    """verify's one fair answer but VERIFIED on an untouched log of another version."""
    assert report.verdict == "FAILED" and report.divergence is not None
    reason = report.divergence.reason
    assert written in reason and deciding in reason and UNTOUCHED in reason and "edited" not in reason, reason
    assert any(written in note for note in report.notes)


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_verify_verifies_a_golden_log_or_names_the_version_difference(path: Path) -> None:
    log = load(path)
    report = verify(REGISTRY[log.header.ruleset], log)
    if report.verdict != "VERIFIED":
        assert of_another_version(log.header), "the rules changed, and their version number did not"
        assert_a_version_difference(report, written_by(log.header), current(log.header))


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_a_golden_log_verifies_under_the_rules_that_wrote_it(path: Path) -> None:
    """What `tablerules verify` and VerifyLog do: a log of an earlier version is re-decided by
    its archived release (domain/releases/, tests/test_releases.py)."""
    log = load(path)
    report = verify_log(REGISTRY[log.header.ruleset], log)
    assert report.verdict == "VERIFIED", report.divergence and report.divergence.describe()
    assert report.commands > 0 and report.events == len(log.envelopes)
    if of_another_version(log.header):
        assert report.notes[0].startswith(f"re-decided by {written_by(log.header)}, the rules that wrote the log")


def test_a_state_of_another_shape_is_named_a_version_difference_at_event_1() -> None:
    log = load(next(path for path in GOLDEN_LOGS if path.name == "armory-1.0.0.jsonl"))
    report = verify(REGISTRY["armory"], log)
    assert report.divergence is not None and report.divergence.seq == 1
    assert report.divergence.reason.startswith("the state hash differs: the log was written by armory 1.0.0 and "
                                               f"this build's rules are {current(log.header)}, whose state differs")


@pytest.mark.parametrize("path", [p for p in GOLDEN_LOGS if of_another_version(header_of_file(p))],
                         ids=lambda p: p.stem)
def test_an_edited_golden_log_is_reported_as_edited_not_as_a_version_difference(path: Path) -> None:
    """The command is covered by the secret digest alone, so the chain still holds."""
    log = load(path)
    envelopes = list(log.envelopes)
    index = next(n for n, envelope in enumerate(envelopes) if n > 5 and envelope.command is not None)
    command = envelopes[index].command
    assert command is not None
    envelopes[index] = dataclasses.replace(envelopes[index], command={**command, "seat": 9})
    report = verify(REGISTRY[log.header.ruleset], Log(log.header, tuple(envelopes)))
    assert report.verdict == "FAILED" and report.divergence is not None
    assert report.divergence.seq == index + 1 and "secret digest" in report.divergence.reason
    assert "(the event was edited)" in report.divergence.reason and UNTOUCHED not in report.divergence.reason


# -- a tiny game of several versions: tally -------------------------------------------------

TALLY_SEED = "tally-seed"
GOAL = 5
ADDS = ((1, 2), (2, 3), (1, 3))
"""The game every tally test plays: (seat, amount) of each Add; seat 1 reaches GOAL first."""
Planner = Callable[["Tally", Command], "Plan[Tally]"]


@dataclasses.dataclass(frozen=True, slots=True)
class Tally:
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Command):
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Added(Event):
    """Schema 2 of the event."""

    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class AddedInSchema1(Event):
    """The event as tally 1.0.0 logged it (schema 1): the amount was called `points`."""

    seat: int
    points: int

    @classmethod
    def type_name(cls) -> str:
        return Added.type_name()


def added(state: Tally, seat: int, amount: int) -> Tally:
    return Tally(tuple(total + amount if number == seat else total
                       for number, total in enumerate(state.totals, start=1)))


def plan(state: Tally, command: Command) -> Plan[Tally]:
    assert isinstance(command, Add)
    return Plan(lambda em, rng: em.emit(Added, "tally R1", command.seat, command.amount))


def evolve(state: Tally, event: Event) -> Tally:
    assert isinstance(event, Added)
    return added(state, event.seat, event.amount)


def status(state: Tally) -> Status:
    best = max(state.totals)
    if best >= GOAL:
        return Status(finished=True, winners=(state.totals.index(best) + 1,))
    return Status(finished=False, to_act=tuple(range(1, len(state.totals) + 1)))


TALLY_2 = Rules(
    ruleset=Ruleset("tally", "Tally", "2.0.0", 1, 2, Chance.DETERMINISTIC, Information.PERFECT, (), ("standard",)),
    command_types={"Add": Add},
    event_types={"Added": Added},
    state_type=Tally,
    view_type=Tally,
    initial_state=lambda setup: Tally((0,) * len(setup.seats)),
    plan=plan,
    evolve=evolve,
    legal_commands=lambda state, seat: [] if status(state).finished else [Add(seat, n) for n in (1, 2, 3)],
    view=lambda state, viewer: state,
    redact=lambda event, viewer: event,
    status=status,
    upcasters={("Added", 1): lambda payload: {"seat": payload["seat"], "amount": payload["points"]}},
    event_schema=2,
)


def in_schema_1(state: Tally, command: Command) -> Plan[Tally]:
    assert isinstance(command, Add)
    return Plan(lambda em, rng: em.emit(AddedInSchema1, "tally R1", command.seat, command.amount))


def evolve_schema_1(state: Tally, event: Event) -> Tally:
    assert isinstance(event, AddedInSchema1)
    return added(state, event.seat, event.points)


TALLY_1 = dataclasses.replace(TALLY_2, ruleset=dataclasses.replace(TALLY_2.ruleset, version="1.0.0"),
                              event_types={"Added": AddedInSchema1}, plan=in_schema_1, evolve=evolve_schema_1,
                              upcasters={}, event_schema=1)
"""The same game, with the event's earlier shape."""


def next_version(plan_instead: Planner = plan, version: str = "3.0.0") -> Rules[Tally]:
    """Tally 2.0.0's rules as a later version, deciding with `plan_instead`."""
    return dataclasses.replace(TALLY_2, ruleset=dataclasses.replace(TALLY_2.ruleset, version=version),
                               plan=plan_instead)


def played(game: Rules[Tally]) -> Log:
    """The log of ADDS played by `game`."""
    setup = game.ruleset.check_setup(("a", "b"), {}, "")
    header = Header(game_id="tally-1", ruleset="tally", ruleset_version=game.ruleset.version, seats=setup.seats,
                    options=setup.options, content=setup.content, seed_commitment=seed_commitment(TALLY_SEED),
                    created_at="2026-01-01T00:00:00Z", seed_chosen=True)
    session, created = Session.create(game, header, TALLY_SEED)
    envelopes = [created]
    for number, (seat, amount) in enumerate(ADDS):
        session, made = session.execute(Add(seat, amount), f"add-{number}", TALLY_SEED)
        envelopes += made
    assert session.finished
    return Log(header, tuple(envelopes))


def test_an_upcaster_folds_a_payload_of_an_earlier_schema_to_the_same_state() -> None:
    old, new = played(TALLY_1), played(TALLY_2)
    assert {e.schema for e in old.envelopes if e.type == "Added"} == {1} and "points" in old.envelopes[1].payload
    folded, report = replay(TALLY_2, old)
    expected, _ = replay(TALLY_2, new)
    assert report.ok and folded is not None and expected is not None
    assert folded.state == expected.state == Tally((5, 3))
    assert decode_event(TALLY_2, old.envelopes[1]) == Added(1, 2)
    without_upcaster = dataclasses.replace(TALLY_2, upcasters={})
    _, refused = replay(without_upcaster, old)
    assert refused.divergence is not None and "has no field(s) points" in refused.divergence.reason


def test_verify_names_a_later_schema_a_version_difference_and_upgrade_reseals_it() -> None:
    old = played(TALLY_1)
    report = verify(TALLY_2, old)
    assert_a_version_difference(report, "tally 1.0.0", "tally 2.0.0")
    assert report.divergence is not None and report.divergence.seq == 2
    assert report.divergence.reason.startswith("the payload's schema differs: the log was written by tally 1.0.0")
    upgraded = upgrade(TALLY_2, list(old.lines()))
    assert verify(TALLY_2, upgraded).verdict == "VERIFIED"
    assert [e.payload for e in upgraded.envelopes[1:]] == [e.payload for e in played(TALLY_2).envelopes[1:]]


def doubled(state: Tally, command: Command) -> Plan[Tally]:
    assert isinstance(command, Add)
    return Plan(lambda em, rng: em.emit(Added, "tally R1", command.seat, 2 * command.amount))


def at_most_two(state: Tally, command: Command) -> Plan[Tally]:
    assert isinstance(command, Add)
    if command.amount > 2:
        raise RuleViolation("tally R1", "add 1 or 2")
    return plan(state, command)


def cited_otherwise(state: Tally, command: Command) -> Plan[Tally]:
    assert isinstance(command, Add)
    return Plan(lambda em, rng: em.emit(Added, "tally R2", command.seat, command.amount))


@pytest.mark.parametrize(("rules", "seq", "reason"), [
    (doubled, 2, "tally 3.0.0 decides this command differently from tally 2.0.0"),
    (at_most_two, 3, "tally 3.0.0 refuses the logged command, which tally 2.0.0 accepted: tally R1: add 1 or 2"),
    (cited_otherwise, 2, "the rule citation differs: the log was written by tally 2.0.0 and this build's rules are "
                         "tally 3.0.0"),
])
def test_verify_names_each_way_two_versions_part(rules: Planner, seq: int, reason: str) -> None:
    log, later = played(TALLY_2), next_version(rules)
    report = verify(later, log)
    assert_a_version_difference(report, "tally 2.0.0", "tally 3.0.0")
    assert report.divergence is not None and report.divergence.seq == seq
    assert report.divergence.reason.startswith(reason), report.divergence.reason


def test_a_later_version_that_decides_a_log_alike_verifies_it() -> None:
    report = verify(next_version(version="2.1.0"), played(TALLY_2))
    assert report.verdict == "VERIFIED" and report.notes and "tally 2.0.0" in report.notes[0]

