"""The web viewer in a real browser: Debian's Chromium, driven by Playwright (no browser
download). Each stored replay is opened, scrubbed to its end and its winners read off
the page; seats' pages are checked for cards hidden from them; a tampered log opens
with its first bad line marked; a live game is followed as it is played. A screenshot
of each game's table is saved under docs/images/ (shown in the README)."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.games import REGISTRY
from domain.kernel import SPECTATOR, Command, Log, Session, parse_log, revealed_seed
from service.server import Running
from tablerules_client import Client, ServiceCallError
from tests.conftest import OPERATOR, play_randomly
from tests.stored_logs import CURRENT_LOGS, REPLAYS
from tests.test_viewer_api import ARMORY, edited_line, strings_in
from tools.viewer.live import LiveTimeline
from tools.viewer.timeline import Timeline, load
from tools.viewer.web import WEB_ROOT, ViewerServer

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags keep a headless Chromium off the network it would otherwise try at start.
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
SCREENSHOTS = {  # one characteristic moment of each game, as seat 1 saw it
    "armory": ("armory/2p-attack-win.jsonl", 0.6),
    "swordplay": ("swordplay/3p-monster-shatter.jsonl", 0.5),
    "aod": ("aod/3p-evil-win.jsonl", 0.6),
    "guardians": ("guardians/2p-six-lands-win.jsonl", 0.6),
    "kings-armory": ("kings-armory/2p-five-waves-win.jsonl", 0.62),
}
HIDDEN_INFORMATION = ["armory/2p-attack-win.jsonl", "swordplay/3p-monster-shatter.jsonl", "aod/3p-evil-win.jsonl",
                      "guardians/2p-six-lands-win.jsonl"]
WAIT_MS = 15000

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (`make test` installs it)"),
    pytest.mark.skipif(not (WEB_ROOT / "dist" / "app.js").is_file(),
                       reason="the viewer's scripts are not built (`make viewer`)"),
]


@pytest.fixture
def storage_url(sqlite_url: str) -> str:
    """Live games on the default store only: the page is the subject here (the server's stores
    are tested through test_service)."""
    return sqlite_url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 1500, "height": 1100})
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    # Every request goes to the viewer itself (one in flight when a test stops its server may fail).
    opened.on("request", lambda request: None if request.url.startswith("http://127.0.0.1:")
              else problems.append(f"a request to another host: {request.url}"))
    yield opened
    opened.close()
    assert not problems, problems


def serving(timeline: Timeline) -> ViewerServer:
    server = ViewerServer(timeline)
    server.serve_in_background()
    return server


def drawn_at(page: Any, seq: int, viewer: int) -> None:
    """Wait until the board shows event `seq` as `viewer` saw it."""
    page.wait_for_selector(f"#board[data-seq='{seq}'][data-viewer='{viewer}']", timeout=WAIT_MS)


def winners_on(page: Any) -> list[int]:
    shown = page.get_attribute("#status", "data-winners")
    return [int(seat) for seat in shown.split(",") if seat]


@pytest.mark.parametrize("path", CURRENT_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_replay_scrubs_to_its_end_and_shows_its_winners(page: Any, path: Path) -> None:
    timeline = load(path.read_bytes())
    server = serving(timeline)
    try:
        page.goto(server.url)
        drawn_at(page, 1, SPECTATOR)
        assert page.get_attribute("#check", "data-verdict") == "VERIFIED"
        page.fill("#seq", str(timeline.last_seq // 2))
        page.press("#seq", "Enter")
        drawn_at(page, timeline.last_seq // 2, SPECTATOR)
        page.click("#last")
        drawn_at(page, timeline.last_seq, SPECTATOR)
        status = timeline.view(timeline.last_seq, SPECTATOR)["status"]
        assert page.get_attribute("#status", "data-finished") == "true"
        assert winners_on(page) == status["winners"]
        assert ("Won by" if status["winners"] else "Nobody won") in page.inner_text("#status")
        assert page.locator("#events li").count() == timeline.last_seq
        page.click("#back")
        drawn_at(page, timeline.last_seq - 1, SPECTATOR)
    finally:
        server.close()


def never_shown_to(timeline: Timeline, seat: int, seq: int) -> set[str]:
    """What seat 2 saw at `seq` that `seat` was never shown up to then: not in its view, nor
    in any payload it was sent (a card public once and hidden again was seen)."""
    shown = strings_in(timeline.view(seq, seat)["view"]) | strings_in(
        [event["payload"] for event in timeline.events(seat)[:seq]])
    return strings_in(timeline.view(seq, 2)["view"]) - shown


@pytest.mark.parametrize("name", HIDDEN_INFORMATION)
def test_a_seat_page_shows_no_card_hidden_from_that_seat(page: Any, name: str) -> None:
    timeline = load((REPLAYS / name).read_bytes())
    seq = next(at for at in (timeline.last_seq // d for d in (2, 4, 8, 16)) if never_shown_to(timeline, 1, at))
    server = serving(timeline)
    try:
        page.goto(f"{server.url}#seq={seq}&viewer=2")
        drawn_at(page, seq, 2)
        cards_of_two = set(page.eval_on_selector_all("[data-card]", "nodes => nodes.map(n => n.dataset.card)"))
        hidden = cards_of_two & never_shown_to(timeline, 1, seq)
        assert hidden, "seat 2's page draws no card that seat 1 was never shown"
        page.select_option("#viewer", "1")
        drawn_at(page, seq, 1)
        # The table, the event shown and the events up to it, each told as seat 1 saw it; later
        # events of a finished log are listed too, and what they made public is no secret then.
        html = page.inner_html("#board") + page.inner_html("#event-detail") + "".join(page.eval_on_selector_all(
            "#events li", f"nodes => nodes.filter(n => Number(n.dataset.seq) <= {seq}).map(n => n.outerHTML)"))
        for card in hidden:
            assert not re.search(rf"(?<![\w.#-]){re.escape(card)}(?![\w.#-])", html), card
        for item in range(1, seq + 1, max(1, seq // 40)):  # the events' payloads as seat 1 saw them
            page.fill("#seq", str(item))
            page.press("#seq", "Enter")
            detail = page.inner_text("#event-detail")
            assert not any(re.search(rf'"{re.escape(card)}"', detail) for card in hidden)
    finally:
        server.close()


def test_a_tampered_log_opens_with_its_first_bad_line_marked(page: Any, tmp_path: Path) -> None:
    timeline = load(edited_line(ARMORY, 101, b'"cards":["1.', b'"cards":["2.'))
    server = serving(timeline)
    try:
        page.goto(server.url)
        drawn_at(page, 1, SPECTATOR)
        assert page.get_attribute("#check", "data-verdict") == "FAILED"
        problem = page.inner_text("#problem")
        assert "line 101 (event 100)" in problem and "edited" in problem
        assert '"cards":["2.' in page.inner_text("pre.bad-line")
        assert page.locator("#events li.broken").count() == 1
        page.click("#last")
        drawn_at(page, 99, SPECTATOR)
        page.screenshot(path=str(tmp_path / "tampered.png"))
    finally:
        server.close()


def test_screenshots_of_each_game(page: Any) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for ruleset, (name, share) in SCREENSHOTS.items():
        timeline = load((REPLAYS / name).read_bytes())
        seq = max(1, int(timeline.last_seq * share))
        server = serving(timeline)
        try:
            page.goto(f"{server.url}#seq={seq}&viewer=1")
            drawn_at(page, seq, 1)
            assert page.locator("#board .outline").count() == 0, f"{ruleset} has no drawing of its own"
            page.screenshot(path=str(IMAGES / f"{ruleset}.png"))
        finally:
            server.close()


def test_a_live_game_is_followed_as_its_token_sees_it(page: Any, client: Client, server: Running) -> None:
    created = client.create_game("armory", ["ann", "bob"], seed="viewer-live", token=OPERATOR)
    tokens = {seat.seat: seat.token for seat in created.seats}
    live = LiveTimeline(f"127.0.0.1:{server.port}", created.game_id, tokens[1])
    viewer = ViewerServer(live)
    viewer.serve_in_background()
    try:
        page.goto(viewer.url)
        drawn_at(page, live.views[-1]["seq"], 1)
        options = page.eval_on_selector_all("#viewer option", "nodes => nodes.map(n => n.textContent)")
        assert options == ["seat 1 (ann)"]
        played = threading.Thread(target=play_randomly, args=(client, created.game_id, tokens, 7, 60, True))
        played.start()
        played.join(timeout=60)
        version = client.view(created.game_id).version
        drawn_at(page, version, 1)  # the page kept up with the game, event by event
        assert page.locator("#events li").count() == version
        hand_of_two = {card.card for card in client.view(created.game_id, tokens[2]).view.armory.seats[1].hand}
        html = page.content()
        assert hand_of_two and not any(f'"{card}"' in html for card in hand_of_two)
    finally:
        viewer.close()
        live.close()


def test_a_live_game_ends_on_the_page(page: Any, client: Client, server: Running) -> None:
    created = client.create_game("aod", ["ann", "bob"], seed="viewer-live-end", token=OPERATOR)
    tokens = {seat.seat: seat.token for seat in created.seats}
    live = LiveTimeline(f"127.0.0.1:{server.port}", created.game_id, None)
    viewer = ViewerServer(live)
    viewer.serve_in_background()
    try:
        page.goto(viewer.url)
        play_randomly(client, created.game_id, tokens, random.Random(3).randrange(1000), max_commands=3000)
        final = client.view(created.game_id)
        drawn_at(page, final.version, SPECTATOR)
        page.wait_for_selector("#status[data-finished='true']", timeout=WAIT_MS)
        assert winners_on(page) == list(final.status.winners)
    finally:
        viewer.close()
        live.close()


WHOLE_GAMES = {  # ruleset: (seats, options) that random play ends in some hundreds of commands
    "armory": (2, {"turn_limit": 6}),
    "swordplay": (2, {}),
    "aod": (2, {"turn_limit": 8}),
    "guardians": (2, {"turn_limit": 2}),
    "kings-armory": (1, {"waves": 1, "gate_hp": 1}),
}
MAX_CLICKS = 1500


def _other_seats(client: Client, game_id: str, tokens: dict[int, str], done: threading.Event) -> None:
    """Random moves for every seat but 1 until the game ends or the test is done."""
    chooser = random.Random(game_id)
    while not done.is_set():
        status = client.view(game_id).status
        if status.finished:
            return
        others = [seat for seat in status.to_act if seat != 1]
        if not others:
            done.wait(0.02)
            continue
        seat = chooser.choice(others)
        view = client.view(game_id, tokens[seat])
        if view.legal_commands:
            with contextlib.suppress(ServiceCallError):  # seat 1 moved meanwhile: look again
                client.seat(game_id, tokens[seat]).submit(chooser.choice(list(view.legal_commands)),
                                                          expected_version=view.version)


@pytest.mark.parametrize("ruleset", sorted(WHOLE_GAMES))
def test_a_whole_game_is_played_from_the_page_with_a_seat_token(page: Any, client: Client, server: Running,
                                                                 ruleset: str) -> None:
    """issue 28: with a seat's token the live page lists that seat's legal commands in words
    and submits the one clicked; seat 1 plays a whole game by clicks, the others by a bot."""
    seats, options = WHOLE_GAMES[ruleset]
    created = client.create_game(ruleset, ["ann", "bob"][:seats], options, seed=f"page-{ruleset}", token=OPERATOR)
    tokens = {seat.seat: seat.token for seat in created.seats}
    live = LiveTimeline(f"127.0.0.1:{server.port}", created.game_id, tokens[1])
    viewer = ViewerServer(live)
    viewer.serve_in_background()
    done = threading.Event()
    others = threading.Thread(target=_other_seats, args=(client, created.game_id, tokens, done), daemon=True)
    others.start()
    chooser = random.Random(ruleset)
    try:
        page.goto(viewer.url)
        clicks = 0
        while not client.view(created.game_id).status.finished:
            assert clicks < MAX_CLICKS, f"{ruleset}: no end after {clicks} clicks"
            page.wait_for_function("() => document.querySelector('#status').dataset.finished === 'true' || "
                                   "document.querySelectorAll('#commands:not([hidden]) button:not([disabled])')"
                                   ".length > 0", timeout=WAIT_MS)
            buttons = page.locator("#commands:not([hidden]) button:not([disabled])")
            if buttons.count() == 0:
                continue
            texts = buttons.all_inner_texts()
            assert all(text and not re.search(r"\b[0-9]\.[0-9]{2}\b|#\d+\)|card=", text) for text in texts), texts
            seen_at = page.get_attribute("#board", "data-seq")
            buttons.nth(chooser.randrange(len(texts))).click()
            clicks += 1
            page.wait_for_function(f"() => document.querySelector('#board').dataset.seq !== '{seen_at}' || "
                                   "document.querySelector('#commands .error')?.textContent", timeout=WAIT_MS)
        final = client.view(created.game_id)
        drawn_at(page, final.version, 1)
        page.wait_for_selector("#status[data-finished='true']", timeout=WAIT_MS)
        assert page.locator("#commands").is_hidden() and clicks > 0
    finally:
        done.set()
        others.join(timeout=30)
        viewer.close()
        live.close()


KINGS_ARMORY_SHOP = REPLAYS / "kings-armory" / "2p-five-waves-win.jsonl"


def _mid_shop(timeline: Timeline) -> int:
    """The first moment between Waves when a seat is done shopping and another is not, with
    Equipment worn: the shop with something in every part of it."""
    for event in timeline.events(SPECTATOR):
        if event["type"] != "ShoppingEnded":
            continue
        view = timeline.view(event["seq"], SPECTATOR)["view"]
        if (view["phase"] == "shopping" and 0 < len(view["shopped"]) < len(timeline.header.seats)
                and any(gear["worn_by"] for gear in view["gear"])):
            return int(event["seq"])
    raise AssertionError(f"{KINGS_ARMORY_SHOP.name} has no shop with a seat done and Equipment worn")


def _faces(timeline: Timeline) -> dict[str, dict[str, Any]]:
    cards = timeline.summary()["cards"]
    assert isinstance(cards, list)
    return {face["id"]: face for face in cards if isinstance(face, dict)}


def _shop_text(page: Any) -> str:
    return str(page.inner_text("#board .treasury[data-phase='shopping']"))


def test_the_kings_armory_page_draws_the_shop_between_waves_with_names(page: Any) -> None:
    """issue 31 (kings-armory B5 Steps 3-7): between Waves the page draws the team's gold,
    the decks by their sizes, the Armory card's price, each Hero's Equipment by name with
    what it gives, and which seats are done shopping; no raw id is shown as text."""
    timeline = load(KINGS_ARMORY_SHOP.read_bytes())
    seq = _mid_shop(timeline)
    faces = _faces(timeline)
    server = serving(timeline)
    try:
        page.goto(f"{server.url}#seq={seq}&viewer=1")
        for viewer in (1, SPECTATOR):  # the team's table is public (RULES.md): every viewer sees the shop
            page.select_option("#viewer", str(viewer))
            drawn_at(page, seq, viewer)
            view = timeline.view(seq, viewer)["view"]
            shop = _shop_text(page)
            assert page.get_attribute("#board .treasury .gold", "data-gold") == str(view["gold"])
            assert f"{view['gold']} gold" in shop
            for field, deck in (("reward_deck", "Reward"), ("equipment_deck", "Equipment"),
                                ("reinforcement_deck", "Reinforcement"), ("armory_deck", "Armory")):
                assert page.inner_text(f"#board .treasury [data-pile='{deck}'] .count") == str(view[field])
            assert f"on offer, face down: {view['armory_price']} gold" in shop
            for gear in view["gear"]:
                drawn = page.locator(f"#board .treasury [data-card='{gear['card']}']")
                assert drawn.count() == 1, gear
                text = drawn.inner_text()
                assert drawn.locator(".name").inner_text() == faces[gear["card"]]["name"] == gear["name"]
                assert all(gives in text for gives in faces[gear["card"]]["gives"]), (text, faces[gear["card"]])
                if gear["worn_by"]:
                    wearer = f"#board .treasury [data-hero='{gear['worn_by']}'] [data-card='{gear['card']}']"
                    assert page.locator(wearer).count() == 1, gear
                else:
                    assert ("locked" if gear["locked"] else "unlocked") in text
            done = page.eval_on_selector_all("#board .treasury [data-done='true']",
                                             "nodes => nodes.map(n => n.dataset.seat)")
            assert sorted(int(seat) for seat in done) == sorted(view["shopped"])
            for reward in view["rewards_drawn"]:
                assert faces[reward]["name"] in shop
            ids = ({gear["card"] for gear in view["gear"]} | {f["figure"] for f in view["figures"]}
                   | set(view["rewards_drawn"]))
            assert not any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", shop) for name in ids), shop
            allies = page.inner_text("#board .roster")
            assert all(figure["name"] in allies for figure in view["figures"])
            assert "recuperating off the board" in allies
            assert page.locator("#board .boss").count() == 0  # the view has no Boss: none is drawn
    finally:
        server.close()


KINGS_ARMORY_BOSSES = REPLAYS / "kings-armory" / "2p-seven-waves-two-bosses.jsonl"


def test_the_kings_armory_page_draws_the_bosses_with_their_hit_points_and_rules(page: Any) -> None:
    """issue 31 (kings-armory B7, E Bosses): once the final Wave's Bosses are on the board the
    page draws each by name, with its hit points against its maximum and its Stat Card in
    words, as the view gives them; before, no Boss is drawn."""
    timeline = load(KINGS_ARMORY_BOSSES.read_bytes())
    entered = [int(e["seq"]) for e in timeline.events(SPECTATOR) if e["type"] == "BossEntered"]
    assert len(entered) == 2, entered  # the bosses option's two Bosses (B7, 7-Wave game)
    seq = next(s for s in range(entered[-1], entered[-1] + 200)
               if len(timeline.view(s, 1)["view"]["bosses"]) == 2)
    server = serving(timeline)
    try:
        page.goto(f"{server.url}#seq={entered[0] - 1}&viewer=1")
        drawn_at(page, entered[0] - 1, 1)
        assert page.locator("#board .boss").count() == 0
        page.fill("#seq", str(seq))
        page.press("#seq", "Enter")
        drawn_at(page, seq, 1)
        drawn = page.inner_text("#board .boss")
        for boss in timeline.view(seq, 1)["view"]["bosses"]:
            assert boss["name"] in drawn and f"{boss['hp']}/{boss['max_hp']}" in drawn, (boss, drawn)
            assert all(line in drawn for line in boss["text"]), (boss["text"], drawn)
            assert boss["figure"] not in drawn  # named, never by its id
    finally:
        server.close()


def _shopped_on(log: Log, seq: int, choices: list[tuple[int, str, dict[str, Any]]]) -> tuple[bytes, list[int]]:
    """The log up to event `seq`, then for each (seat, command type, fields) the seat's legal
    command of that type with those fields, decided with the log's revealed seed; the new
    log's bytes (the seed in its header, as an operator's export) and the last event of
    each command."""
    game = REGISTRY[log.header.ruleset]
    seed = revealed_seed(log)
    assert seed is not None
    session: Session[Any] = Session.opened(game, log.header, log.envelopes[0].hash)
    for envelope in log.envelopes[1:seq]:
        session = session.apply(envelope)
    envelopes, ends = list(log.envelopes[:seq]), []
    for number, (seat, kind, fields) in enumerate(choices):
        legal: list[Command] = [c for c in session.legal_commands(seat) if c.type_name() == kind
                                and all(getattr(c, name) == value for name, value in fields.items())]
        assert legal, f"seat {seat} may not {kind} {fields} at event {envelopes[-1].seq}"
        session, made = session.execute(legal[-1], f"shop-{number}", seed)
        envelopes += made
        ends.append(envelopes[-1].seq)
    forked = Log(header=dataclasses.replace(log.header, seed=seed), envelopes=tuple(envelopes))
    return forked.text().encode(), ends


def test_the_kings_armory_page_draws_held_cards_and_hireables_sitting_out(page: Any) -> None:
    """issue 31 (kings-armory B5 Steps 3 and 6): a Reinforcement card the team holds is drawn
    by name with what it does; a Hireable beyond the hosting slots is drawn sitting out. The
    stored game shops without either, so it is played on from its last shop: a Reinforcement
    card bought, a Tower sold and an Archer hired, and both seats done."""
    log = parse_log(KINGS_ARMORY_SHOP.read_bytes().splitlines())
    last_rewards = max(e.seq for e in log.envelopes if e.type == "RewardsDrawn")
    data, ends = _shopped_on(log, last_rewards, [
        (1, "BuyReinforcement", {}), (1, "SellTower", {}), (1, "Hire", {"controller": 1}),
        (1, "EndShopping", {}), (2, "EndShopping", {})])
    timeline = load(data)
    assert timeline.check.verdict == "VERIFIED"
    faces = _faces(timeline)
    bought, closed = ends[0], ends[-1]
    server = serving(timeline)
    try:
        page.goto(f"{server.url}#seq={bought}&viewer=1")
        drawn_at(page, bought, 1)
        view = timeline.view(bought, 1)["view"]
        (held,) = view["reinforcements"]
        drawn = page.locator(f"#board .treasury [data-card='{held}']")
        assert drawn.locator(".name").inner_text() == faces[held]["name"]
        assert all(gives in drawn.inner_text() for gives in faces[held]["gives"])
        assert "Reinforcement cards (1 of 3)" in _shop_text(page)

        page.fill("#seq", str(closed))
        page.press("#seq", "Enter")
        drawn_at(page, closed, 1)
        view = timeline.view(closed, 1)["view"]
        assert view["bench"], "the Archer hired last sits out: one hosting slot is left for two Hireables"
        treasury = page.inner_text("#board .treasury")
        assert "Hireables sitting out the coming Wave" in treasury
        assert all(f["name"] in treasury and f["figure"] not in treasury for f in view["bench"])
        assert "sits out the coming Wave" in treasury
        assert faces[held]["name"] in treasury  # held after the shop closes, until it is played
    finally:
        server.close()
