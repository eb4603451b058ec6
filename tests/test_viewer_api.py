"""The web viewer's server (tools/viewer): its checks of a log, what each viewer is
sent, and its API's answers to bad requests. The page itself is tested in a real
browser in tests/test_web_viewer.py."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.kernel import SPECTATOR
from domain.kernel.canonical import to_plain
from domain.kernel.session import Session, seen_payload
from tests.stored_logs import CURRENT_LOGS, GOLDEN, REPLAYS
from tools.viewer.timeline import Unviewable, load
from tools.viewer.web import ViewerServer

ARMORY = REPLAYS / "armory" / "2p-attack-win.jsonl"


def edited_line(path: Path, number: int, old: bytes, new: bytes) -> bytes:
    """The file with one replacement made in its line `number` (1-based)."""
    lines = path.read_bytes().splitlines()
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return b"\n".join(lines) + b"\n"


def strings_in(value: Any) -> set[str]:
    plain = to_plain(value)
    if isinstance(plain, dict):
        return set().union(*(strings_in(v) for v in plain.values())) if plain else set()
    if isinstance(plain, list):
        return set().union(*(strings_in(v) for v in plain)) if plain else set()
    return {plain} if isinstance(plain, str) else set()


@pytest.mark.parametrize("path", CURRENT_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_stored_replay_opens_verified_and_ends_where_its_status_says(path: Path) -> None:
    timeline = load(path.read_bytes())
    assert timeline.check.verdict == "VERIFIED" and timeline.check.broken is None
    assert timeline.last_seq == len(path.read_bytes().splitlines()) - 1
    final = timeline.view(timeline.last_seq, SPECTATOR)
    assert final["status"]["finished"] is True


def test_each_viewer_gets_the_events_the_service_would_send_it() -> None:
    timeline = load(ARMORY.read_bytes())
    for viewer in (SPECTATOR, 1, 2):
        shown = timeline.events(viewer)
        for envelope, event in zip(timeline.envelopes, shown, strict=True):
            assert event["payload"] == dict(seen_payload(timeline.game, envelope, viewer))
        assert any(event["redacted"] for event in shown)  # ARMORY hides drawn cards from the other seat


def test_a_seat_view_holds_no_card_hidden_from_that_seat() -> None:
    timeline = load(ARMORY.read_bytes())
    seq = timeline.last_seq // 2
    state = timeline.session_at(seq).state
    hand_of_two = set(to_plain(state)["players"][1]["hand"])
    assert hand_of_two
    seen_by_one = strings_in(timeline.view(seq, 1)["view"])
    assert not hand_of_two & seen_by_one
    assert hand_of_two <= strings_in(timeline.view(seq, 2)["view"])


def test_views_at_any_event_match_a_fold_from_the_start() -> None:
    timeline = load(ARMORY.read_bytes())
    session = Session.opened(timeline.game, timeline.header, "")
    for envelope in timeline.envelopes[1:700]:
        session = session.apply(envelope)
        if session.version in (2, 10, 63, 64, 65, 129, 500, 699):
            assert timeline.session_at(session.version).state == session.state, session.version
    assert timeline.session_at(1).version == 1


def test_an_edited_payload_is_the_first_broken_line_and_nothing_after_it_is_shown() -> None:
    # Line 101 holds event 100, a CardsDrawn for seat 1: the drawn card is changed.
    timeline = load(edited_line(ARMORY, 101, b'"cards":["1.', b'"cards":["2.'))
    assert timeline.check.verdict == "FAILED"
    broken = timeline.check.broken
    assert broken is not None and (broken.line, broken.seq) == (101, 100)
    assert "edited" in broken.reason and '"cards":["2.' in broken.text
    assert timeline.last_seq == 99


def test_a_line_that_is_not_json_is_named_with_its_number() -> None:
    lines = ARMORY.read_bytes().splitlines()
    lines[300] = b"{not json"
    timeline = load(b"\n".join(lines))
    broken = timeline.check.broken
    assert broken is not None and broken.line == 301 and "not JSON" in broken.reason
    assert timeline.check.verdict == "FAILED" and timeline.last_seq == 299


def test_files_with_nothing_to_draw_are_refused_with_the_reason() -> None:
    with pytest.raises(Unviewable, match="empty"):
        load(b"\n\n")
    with pytest.raises(Unviewable, match="line 1"):
        load(b"{oops\n")
    header = json.loads(ARMORY.read_bytes().splitlines()[0])
    with pytest.raises(Unviewable, match="no ruleset 'chess'"):
        load(json.dumps({**header, "ruleset": "chess"}).encode())


@pytest.fixture
def viewer_server() -> Iterator[ViewerServer]:
    server = ViewerServer(load(ARMORY.read_bytes()))
    server.serve_in_background()
    yield server
    server.close()


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def test_the_api_needs_the_key_printed_with_the_address(viewer_server: ViewerServer) -> None:
    base = viewer_server.url.split("?")[0]
    code, _, body = fetch(base + "api/summary")
    assert code == 403 and b"key" in body
    code, _, body = fetch(base + "api/summary?key=wrong")
    assert code == 403
    code, _, body = fetch(viewer_server.url.replace("/?key=", "/api/summary?key="))
    assert code == 200 and json.loads(body)["check"]["verdict"] == "VERIFIED"


def test_bad_requests_are_named(viewer_server: ViewerServer) -> None:
    api = viewer_server.url.replace("/?key=", "/api/{}?key=")
    cases = {
        "view&seq=abc": (400, "seq must be a whole number"),
        "view&seq=0": (400, "outside the timeline (1..1954)"),
        "view&seq=1&viewer=3": (400, "neither the spectator"),
        "events&viewer=-1": (400, "viewer must be a whole number"),
        "stream": (400, "a log file has no stream"),
        "nothing": (404, "no such endpoint"),
    }
    for request, (status, words) in cases.items():
        endpoint, _, extra = request.partition("&")
        code, _, body = fetch(api.format(endpoint) + ("&" + extra if extra else ""))
        assert code == status and words in json.loads(body)["error"], request
    code, _, _ = fetch(viewer_server.url.split("?")[0] + "x" * 3000)
    assert code == 414


def test_every_asset_is_served_by_the_viewer_itself(viewer_server: ViewerServer) -> None:
    base = viewer_server.url.split("?")[0]
    code, headers, page = fetch(base)
    assert code == 200 and headers["Content-Security-Policy"].startswith("default-src 'self'")
    for asset in (b"/style.css", b"/js/app.js"):
        assert asset in page or asset == b"/js/app.js"
        assert fetch(base + asset.decode().lstrip("/"))[0] == 200
    assert b"http" not in page  # nothing loaded from elsewhere
    assert fetch(base + "../pyproject.toml")[0] == 404


def test_a_log_of_earlier_rules_is_verified_by_its_archived_release() -> None:
    timeline = load((GOLDEN / "armory-1.0.0.jsonl").read_bytes())
    assert timeline.check.verdict == "VERIFIED" and timeline.check.broken is None
    assert timeline.last_seq == len(timeline.envelopes) and timeline.view(timeline.last_seq, SPECTATOR)["status"][
        "finished"]
    assert any(note.startswith("re-decided by armory 1.0.0") for note in timeline.check.notes)


def test_a_log_of_earlier_rules_with_no_release_is_drawn_whole_and_says_what_was_not_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "releases.json").write_text('{"releases": []}', encoding="utf-8")
    monkeypatch.setattr("service.releases.RELEASES", tmp_path)
    timeline = load((GOLDEN / "armory-1.0.0.jsonl").read_bytes())
    assert timeline.check.verdict == "REPLAYED" and timeline.check.broken is None
    assert timeline.last_seq == len(timeline.envelopes)
    assert any("no archived release of armory 1.0.0" in note for note in timeline.check.notes)
