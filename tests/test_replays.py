"""Every stored log of the current rules in replays/ replays and verifies, and any
tampering is caught (DESIGN.md section 3). Run under several PYTHONHASHSEED values by
`make test`. The golden logs of earlier rules versions: tests/test_golden_logs.py."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from domain.games import REGISTRY
from domain.kernel import Envelope, Log, LogFormatError, Report, parse_log, replay, replay_lines, verify
from domain.kernel.audit import CHAIN, RULES
from domain.kernel.canonical import canonical_json
from domain.kernel.upgrade import upgrade
from tests.forgery import resealed_from
from tests.format1 import HISTORICAL, as_format_1
from tests.stored_logs import CURRENT_LOGS


def load(path: Path) -> Log:
    return parse_log(path.read_text(encoding="utf-8").splitlines())


def test_there_are_replays() -> None:
    names = ("armory", "swordplay", "aod", "guardians", "kings-armory")
    counts = {name: len([p for p in CURRENT_LOGS if p.parent.name == name]) for name in names}
    assert counts["armory"] >= 5 and counts["swordplay"] >= 3, counts
    assert counts["aod"] >= 3 and counts["guardians"] >= 3 and counts["kings-armory"] >= 3, counts


def test_three_guardians_replays_play_decks_from_the_whole_pool() -> None:
    """Issue 30: at least three stored Guardians games with random pool decks (guardians THE
    DECK: `random:<seed>`, its cards named by DeckBuilt)."""
    pooled = [
        path
        for path in CURRENT_LOGS
        if path.parent.name == "guardians" and '"DeckBuilt"' in path.read_text(encoding="utf-8")
    ]
    assert len(pooled) >= 3, pooled


def test_the_kings_armory_replays_hold_whole_games_won_and_lost() -> None:
    """kings-armory B9: a game won after every Wave (all seats winners) and a lost one."""
    endings = {}
    for path in CURRENT_LOGS:
        if path.parent.name == "kings-armory":
            log = load(path)
            (over,) = [e for e in log.envelopes if e.type == "GameOver"]
            waves = [e.payload["wave"] for e in log.envelopes if e.type == "WaveWon"]
            endings[path.name] = (over.payload["won"], waves, log.header.options["waves"])
    won = [(w, options) for ok, w, options in endings.values() if ok]
    assert any(waves == list(range(1, 6)) and options == 5 for waves, options in won), endings
    assert any(not ok for ok, _, _ in endings.values()), endings


def test_the_guardians_replays_show_each_way_to_win() -> None:
    """guardians THE GAME: six disputed lands held, five Shields destroyed, a Guardian killed."""
    reasons = set()
    for path in CURRENT_LOGS:
        if path.parent.name == "guardians":
            won = [e for e in load(path).envelopes if e.type == "GameWon"]
            assert len(won) == 1, path
            reasons.add(re.sub(r"seat [0-9]", "seat N", str(won[0].payload["reason"])))
    assert {"holds all six disputed lands", "destroyed 5 of seat N's Shields", "killed seat N's Guardian"} <= reasons


@pytest.mark.parametrize("path", CURRENT_LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_replay_and_verify(path: Path) -> None:
    log = load(path)
    game = REGISTRY[log.header.ruleset]
    session, report = replay_lines(game, path.read_bytes().splitlines())
    assert report.ok, report.divergence and report.divergence.describe()
    assert session is not None and session.finished
    checked, strict = replay(game, log, every_state=True)
    assert strict.ok and strict.events == report.events == len(log.envelopes)
    assert checked is not None and checked.state == session.state and checked.last_hash == session.last_hash
    verified = verify(game, log)
    assert verified.ok and verified.rules_checked, verified.divergence and verified.divergence.describe()
    assert verified.verdict == "VERIFIED" and CHAIN in verified.checked and RULES in verified.checked


@pytest.fixture(scope="module")
def sample() -> Log:
    return load(next(p for p in CURRENT_LOGS if p.parent.name == "armory"))


def hidden_draw(log: Log) -> int:
    """The index of an envelope whose payload a spectator does not see in full."""
    return next(i for i, e in enumerate(log.envelopes) if e.type == "CardsDrawn" and e.public is not None and i > 2)


def edited(envelope: Envelope, **changes: object) -> Envelope:
    """The envelope with payload fields changed, and its public form along with them."""
    public = envelope.public
    if public is not None:
        shown = {key: value for key, value in changes.items() if public.get(key) == envelope.payload[key]}
        public = {**public, **shown}
    return dataclasses.replace(envelope, payload={**envelope.payload, **changes}, public=public)


def verdicts(log: Log) -> tuple[Report, Report]:
    game = REGISTRY[log.header.ruleset]
    return replay(game, log)[1], verify(game, log)


def test_an_edited_public_event_breaks_the_chain(sample: Log) -> None:
    envelopes = list(sample.envelopes)
    index = next(i for i, e in enumerate(envelopes) if i > 8 and e.public is None and "seat" in e.payload)
    victim = envelopes[index]
    envelopes[index] = dataclasses.replace(victim, payload={**victim.payload, "seat": 2 if victim.payload["seat"] == 1
                                                            else 1})
    for report in verdicts(Log(sample.header, tuple(envelopes))):
        assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
        assert "edited" in report.divergence.reason


def test_an_edited_hidden_payload_is_caught_by_its_digest(sample: Log) -> None:
    """The chain covers what a spectator sees; the digest binds the hidden part."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    victim = envelopes[index]
    envelopes[index] = dataclasses.replace(victim, payload={**victim.payload,
                                                            "cards": list(reversed(victim.payload["cards"]))})
    replayed, verified = verdicts(Log(sample.header, tuple(envelopes)))
    for report in (replayed, verified):
        assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
    assert replayed.divergence is not None and "secret digest" in replayed.divergence.reason


@pytest.mark.parametrize("change", ["drop", "reorder", "insert"])
def test_dropped_reordered_or_inserted_events_are_detected(sample: Log, change: str) -> None:
    envelopes = list(sample.envelopes)
    if change == "drop":
        del envelopes[12]
    elif change == "reorder":
        envelopes[12], envelopes[13] = envelopes[13], envelopes[12]
    else:
        envelopes.insert(12, envelopes[11])
    report = verify(REGISTRY[sample.header.ruleset], Log(sample.header, tuple(envelopes)))
    assert not report.ok and report.divergence is not None and report.divergence.seq == 13


def test_a_resealed_forgery_is_caught_by_the_rules(sample: Log) -> None:
    """A forger who knows the revealed seed reseals the chain and every digest after an
    edit: only re-deciding the commands tells."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    victim = envelopes[index]
    payload = dict(victim.payload)
    payload["cards"] = list(reversed(payload["cards"])) if len(payload["cards"]) > 1 else ["1.01"]
    envelopes[index] = dataclasses.replace(victim, payload=payload)
    report = verify(REGISTRY[sample.header.ruleset], resealed_from(sample, envelopes, index))
    assert not report.ok and report.divergence is not None
    assert report.divergence.seq == index + 1
    assert report.divergence.expected is not None and report.divergence.actual is not None


def test_a_divergence_reads_as_the_event_its_rule_on_each_side_and_what_differs(sample: Log) -> None:
    """verify's first divergence names the rule each side cites, the payload paths and
    the state paths that differ; not two whole envelopes of hashes."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    victim = envelopes[index]
    cards = victim.payload["cards"]
    assert isinstance(cards, list) and len(cards) > 1
    swapped = [cards[1], cards[0], *cards[2:]]
    envelopes[index] = dataclasses.replace(victim, payload={**victim.payload, "cards": swapped})
    divergence = verify(REGISTRY[sample.header.ruleset], resealed_from(sample, envelopes, index)).divergence
    assert divergence is not None
    lines = divergence.describe().splitlines()
    assert lines[0] == f"event {index + 1}: the log differs from what the rules produce for this command"
    assert lines[1] == f"  the rules: CardsDrawn, citing {victim.rule}"
    assert lines[2] == f"  the log:   CardsDrawn, citing {victim.rule}"
    assert f"    payload.cards[0]: {cards[0]!r} != {cards[1]!r}" in lines
    assert f"    payload.cards[1]: {cards[1]!r} != {cards[0]!r}" in lines
    assert "  the envelopes also differ in: hash, secret_digest" in lines
    state = lines.index("  the state after it (the rules' != the log's):")
    assert state > 2 and any(f"{cards[0]!r} != {cards[1]!r}" in line for line in lines[state:])
    assert victim.hash not in divergence.describe() and len(lines) < 50 and max(map(len, lines)) <= 250


def test_a_public_form_that_is_not_the_redaction_is_caught(sample: Log) -> None:
    """A server (or forger) that shows spectators something else than the rules' redaction."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    envelopes[index] = dataclasses.replace(envelopes[index], public={**(envelopes[index].public or {}), "seat": 9})
    replayed, verified = verdicts(resealed_from(sample, envelopes, index))
    for report in (replayed, verified):
        assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
    assert replayed.divergence is not None and "public form" in replayed.divergence.reason


def test_a_public_form_with_true_in_place_of_1_is_caught(sample: Log) -> None:
    """`True == 1` in Python: replay compares the public form with the redaction as canonical
    JSON, as verify compares envelopes, so a chain resealed over `true` does not pass."""
    envelopes = list(sample.envelopes)
    index = next(i for i, e in enumerate(envelopes) if e.public is not None and e.public.get("seat") == 1)
    envelopes[index] = dataclasses.replace(envelopes[index], public={**(envelopes[index].public or {}), "seat": True})
    replayed, verified = verdicts(resealed_from(sample, envelopes, index))
    for report in (replayed, verified):
        assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
    assert replayed.divergence is not None and "public form" in replayed.divergence.reason


def test_every_state_replay_and_verify_check_each_state_hash(sample: Log) -> None:
    """A state_hash forged mid-log (resealed, final state right) is the one thing the
    default replay, which compares every 128th state and the last, lets through."""
    envelopes = list(sample.envelopes)
    envelopes[8] = dataclasses.replace(envelopes[8], state_hash="f" * 64)
    forged = resealed_from(sample, envelopes, 8)
    game = REGISTRY[sample.header.ruleset]
    _, report = replay(game, forged, every_state=True)
    assert not report.ok and report.divergence is not None and report.divergence.seq == 9
    verified = verify(game, forged)
    assert not verified.ok and verified.divergence is not None and verified.divergence.seq == 9


def test_replay_names_the_first_event_whose_state_differs(sample: Log) -> None:
    """An edited payload with its public form to match, resealed: the fold leaves the
    logged states from there on, and replay (rules unconsulted) points at the edit."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    envelopes[index] = edited(envelopes[index], cards=envelopes[index].payload["cards"][:-1])
    _, report = replay(REGISTRY[sample.header.ruleset], resealed_from(sample, envelopes, index))
    assert not report.ok and report.divergence is not None and report.divergence.seq == index + 1
    assert "state_hash" in report.divergence.reason


def test_replay_reads_another_writers_spelling_of_the_same_json(sample: Log) -> None:
    """The hash is over canonical JSON, not over the bytes of the line: a log re-written
    by another JSON library (spaces, key order) replays the same."""
    lines = [json.dumps(json.loads(line), indent=None) for line in sample.lines()]
    assert lines[1] != canonical_json(sample.envelopes[0].to_json()).decode()
    game = REGISTRY[sample.header.ruleset]
    session, report = replay_lines(game, lines)
    expected, _ = replay(game, sample)
    assert report.ok and session is not None and expected is not None and session.state == expected.state


def test_an_event_that_cannot_follow_its_state_is_reported_not_raised(sample: Log) -> None:
    """A resealed edit that names a seat the game does not have: evolve cannot apply it."""
    envelopes = list(sample.envelopes)
    index = hidden_draw(sample)
    envelopes[index] = edited(envelopes[index], seat=9)
    session, report = replay(REGISTRY[sample.header.ruleset], resealed_from(sample, envelopes, index))
    assert session is None and not report.ok and report.divergence is not None
    assert report.divergence.seq == index + 1 and "cannot follow the state" in report.divergence.reason


# -- what a log without its seed proves (issue 11, item 3) -------------------------------


def test_a_log_without_its_seed_is_never_verified(sample: Log) -> None:
    """A game cut short before its end: the chain holds, the rules cannot be re-decided."""
    cut = next(i for i in range(len(sample.envelopes) // 2, 0, -1) if sample.envelopes[i].command is not None)
    report = verify(REGISTRY[sample.header.ruleset], Log(sample.header, sample.envelopes[:cut]))
    assert not report.ok and report.divergence is None and not report.rules_checked
    assert report.verdict == "CHAIN INTACT" and report.checked == (CHAIN,)
    assert any("rules not re-checked: no seed" in note for note in report.notes)


def test_a_finished_log_stripped_of_its_seed_and_resealed_is_refused(sample: Log) -> None:
    """The outside testers' forgery: SeedRevealed removed, one event rewritten and resealed."""
    envelopes = list(sample.envelopes[:-1])
    index = hidden_draw(sample)
    victim = envelopes[index]
    envelopes[index] = dataclasses.replace(victim, payload={**victim.payload,
                                                            "cards": list(reversed(victim.payload["cards"]))})
    forged = resealed_from(sample, envelopes, index)
    replayed, verified = verdicts(forged)
    for report in (replayed, verified):
        assert not report.ok and report.verdict == "FAILED" and report.divergence is not None
        assert "does not reveal its seed" in report.divergence.reason


def test_a_header_seed_that_contradicts_the_commitment_is_refused(sample: Log) -> None:
    forged = Log(dataclasses.replace(sample.header, seed="0" * 64), sample.envelopes)
    for report in verdicts(forged):
        assert not report.ok and report.divergence is not None and "header" in report.divergence.reason


def test_events_after_the_seed_is_revealed_are_refused(sample: Log) -> None:
    extra = dataclasses.replace(sample.envelopes[-2], command_id="late")
    forged = resealed_from(sample, [*sample.envelopes, extra], len(sample.envelopes))
    for report in verdicts(forged):
        assert not report.ok and report.divergence is not None
        assert report.divergence.seq == len(sample.envelopes) + 1 and "after SeedRevealed" in report.divergence.reason


# -- format 1 --------------------------------------------------------------------------------


def test_a_format_1_log_is_refused_with_the_way_to_upgrade_it() -> None:
    with pytest.raises(LogFormatError, match="upgrade"):
        parse_log(HISTORICAL.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("path", [p for p in CURRENT_LOGS if p.name.startswith("2p")], ids=lambda p: p.parent.name)
def test_a_format_1_log_upgrades_to_a_verified_format_2_log(path: Path) -> None:
    current = load(path)
    game = REGISTRY[current.header.ruleset]
    lines = as_format_1(current)
    upgraded = upgrade(game, lines)
    assert upgraded.header.seed_chosen  # format 1 did not say who chose the seed
    assert [(e.type, e.payload) for e in upgraded.envelopes[1:]] == [(e.type, e.payload) for e in current.envelopes[1:]]
    report = verify(game, parse_log(upgraded.lines()))
    assert report.verdict == "VERIFIED", report.divergence and report.divergence.describe()


def test_the_historical_format_1_log_names_the_command_that_the_current_rules_decide_differently() -> None:
    """Written by aod 1.0.0, whose Necronomicon changed hands when its holder was beaten:
    aod 2.0.0 and later do not (issue 17), so that command no longer decides the same."""
    now = re.escape(f"aod {REGISTRY['aod'].ruleset.version}")
    differently = rf"event 127: {now} decides this command differently .*\(aod 1\.0\.0\)"
    with pytest.raises(LogFormatError, match=differently):
        upgrade(REGISTRY["aod"], HISTORICAL.read_bytes().splitlines())


def test_a_tampered_format_1_log_is_not_upgraded() -> None:
    lines = HISTORICAL.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[20])
    row["command_id"] = "edited"
    lines[20] = json.dumps(row)
    with pytest.raises(LogFormatError, match="event 20"):
        upgrade(REGISTRY["aod"], lines)


def test_envelope_lines_hold_no_unexpected_fields(sample: Log) -> None:
    """Format 2's line: the public form and the digest beside the full payload."""
    line = json.loads(canonical_json(sample.envelopes[0].to_json()))
    assert set(line) == {"seq", "type", "payload", "public", "schema", "command_id", "command", "rule", "prev_hash",
                         "state_hash", "secret_digest", "hash"}
    assert Envelope.from_json(line) == sample.envelopes[0]
