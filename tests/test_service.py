"""The service over a real gRPC channel (DESIGN.md section 4): every error code,
idempotent retries, races, streams, logs, health and reflection."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from domain.games.guardians.decks import EXAMPLE_DECKS
from domain.kernel import parse_log
from service.bell import Bell
from service.server import Running, start
from service.store import GameStore
from service.tables import Tables
from tablerules.v1 import tablerules_pb2 as pb
from tablerules.v1 import tablerules_pb2_grpc as pb_grpc
from tablerules_client import Client, RuleError, ServiceCallError, StaleVersionError
from tests.conftest import OPERATOR, command_boundary, play_randomly, serve
from tests.stored_logs import GOLDEN

SEED = "service-test-seed"


def new_game(client: Client, seats: int = 2, **options: Any) -> tuple[str, dict[int, str]]:
    """An ARMORY game kept short by a low turn cap (random play rarely wins)."""
    options.setdefault("turn_limit", 12)
    created = client.create_game("armory", [f"p{n}" for n in range(1, seats + 1)], options, seed=SEED, token=OPERATOR)
    return created.game_id, {s.seat: s.token for s in created.seats}


def acting(client: Client, game_id: str, tokens: dict[int, str]) -> tuple[int, Any]:
    """The first seat to act and its view."""
    seat = client.view(game_id).status.to_act[0]
    return seat, client.view(game_id, tokens[seat])


def test_list_rulesets_describes_armory_like_openspiel(client: Client) -> None:
    armory = {r.name: r for r in client.list_rulesets()}["armory"]
    assert (armory.min_seats, armory.max_seats) == (2, 3)
    assert armory.chance == pb.CHANCE_MODE_SAMPLED_STOCHASTIC
    assert armory.information == pb.INFORMATION_KIND_IMPERFECT
    options = {o.name: o for o in armory.options}
    assert options["attack_can_be_halted"].default.bool_value is False
    assert "standard" in armory.contents
    # Each option says where it comes from (issue 17): the rulebook's section, or a house rule.
    halted, limit = options["attack_can_be_halted"], options["turn_limit"]
    assert (halted.house_rule, halted.rulebook_section) == (False, "armory R11c")
    assert halted.description.startswith("rulebook option, armory R11c: ")
    assert limit.house_rule and limit.rulebook_section == ""
    assert limit.description.startswith("house rule, not in the rulebook: ")


def test_create_game_returns_tokens_and_commitment(client: Client) -> None:
    created = client.create_game("armory", ["ann", "bob"], seed=SEED, token=OPERATOR)
    assert [s.seat for s in created.seats] == [1, 2]
    assert len({s.token for s in created.seats}) == 2
    import hashlib
    assert created.seed_commitment == hashlib.sha256(SEED.encode()).hexdigest()
    assert created.version >= 2


def test_invalid_arguments_are_named(client: Client) -> None:
    with pytest.raises(ServiceCallError) as unknown_ruleset:
        client.create_game("chess", ["a", "b"])
    assert unknown_ruleset.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "chess" in unknown_ruleset.value.message
    with pytest.raises(ServiceCallError) as seats:
        client.create_game("armory", ["only-one"])
    assert seats.value.code == grpc.StatusCode.INVALID_ARGUMENT and "2 to 3" in seats.value.message
    with pytest.raises(ServiceCallError) as option:
        client.create_game("armory", ["a", "b"], {"no_such_option": True})
    assert option.value.code == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(ServiceCallError) as setup:
        client.create_game("aod", ["a", "b"], {"characters": "ash,ash"})
    assert setup.value.code == grpc.StatusCode.INVALID_ARGUMENT and "options" in setup.value.message
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    request = pb.SubmitCommandRequest(game_id=game_id, command_id="")
    request.command.CopyFrom(view.legal_commands[0])
    with pytest.raises(ServiceCallError) as missing_id:
        client.call("SubmitCommand", request, tokens[seat])
    assert missing_id.value.code == grpc.StatusCode.INVALID_ARGUMENT and "command_id" in missing_id.value.message
    empty = pb.SubmitCommandRequest(game_id=game_id, command_id="x")
    with pytest.raises(ServiceCallError) as no_command:
        client.call("SubmitCommand", empty, tokens[seat])
    assert no_command.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_events_and_legal_commands_come_in_words_for_each_viewer(client: Client) -> None:
    """issue 28: each event carries one sentence for its viewer, made from what that viewer
    may see; each legal command comes with its sentence, in the same order."""
    created = client.create_game("armory", ["ann", "bob"], {"turn_limit": 12}, seed=SEED, token=OPERATOR)
    game_id, tokens = created.game_id, {s.seat: s.token for s in created.seats}
    version = client.view(game_id).version
    spectator = {e.seq: e for e in itertools.islice(client.stream(game_id, 0), version)}
    seat_one = {e.seq: e for e in itertools.islice(client.stream(game_id, 0, token=tokens[1]), version)}
    assert spectator[1].text == "A game of ARMORY (3.0.0) is created for ann and bob (a seed the operator chose)."
    drawn = next(seq for seq, e in seat_one.items() if e.type == "CardsDrawn" and '"seat":1' in e.payload_json)
    assert spectator[drawn].text == "ann draws 7 cards as a starting hand."
    assert seat_one[drawn].text.startswith("ann draws ") and "7 cards" not in seat_one[drawn].text
    seat, view = acting(client, game_id, tokens)
    assert len(view.legal_command_texts) == len(view.legal_commands) > 0
    assert all(text[0].isupper() and text.endswith(".") for text in view.legal_command_texts)
    reply = client.seat(game_id, tokens[seat]).submit(view.legal_commands[0])
    assert reply.events and all(e.text for e in reply.events)


def test_a_guardians_deck_list_is_an_option_and_a_broken_one_is_named(client: Client) -> None:
    """A client's own deck list (the compact form, some 700 characters) is the option
    deck_1/deck_2; a list the rules refuse is INVALID_ARGUMENT citing the deck rule."""
    listed = EXAMPLE_DECKS["knights"].compact()
    assert len(listed) > 256
    created = client.create_game("guardians", ["a", "b"], {"deck_1": listed, "deck_2": "undead"})
    seats = json.loads(client.view(created.game_id, created.seats[0].token).view_json)["seats"]
    assert seats[0]["guardian"] == EXAMPLE_DECKS["knights"].guardian
    assert seats[1]["guardian"] == EXAMPLE_DECKS["undead"].guardian
    broken = listed.replace("re-archer*5", "re-no-such-card*5")
    with pytest.raises(ServiceCallError) as refused:
        client.create_game("guardians", ["a", "b"], {"deck_2": broken})
    assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "guardians THE DECK: unknown card 're-no-such-card'" in refused.value.message
    assert "options" in refused.value.message


STANDARD_MAP = Path(__file__).resolve().parent.parent / "domain" / "games" / "kings_armory" / "maps" / "standard.json"


def custom_map(**changes: Any) -> str:
    """The standard King's Armory map as a client's own 4x4 custom map (JSON text)."""
    data = {**json.loads(STANDARD_MAP.read_text(encoding="utf-8")), "name": "mine", "title": "My map", **changes}
    return json.dumps(data)


def test_a_kings_armory_game_has_its_map_in_the_view(client: Client) -> None:
    created = client.create_game("kings-armory", ["a", "b"], {"waves": 1})
    view = json.loads(client.view(created.game_id, created.seats[0].token).view_json)
    assert view["map"][0].strip() == "abcdefghijklmnopqr" and len(view["map"]) == 19
    assert view["legend"] and view["board"] == "standard" and view["phase"] == "towers"


def test_a_custom_kings_armory_map_fits_the_option_limit(client: Client) -> None:
    """A 4x4 custom map, pretty-printed with its note, is well within the 2048 characters
    an option's string value may hold."""
    mine = json.dumps(json.loads(custom_map()), indent=2)
    assert 256 < len(mine) < 2048
    created = client.create_game("kings-armory", ["a"], {"map": mine})
    view = json.loads(client.view(created.game_id).view_json)
    assert view["board"] == "mine" and len(view["map"]) == 19


def test_a_broken_kings_armory_map_or_hero_is_named(client: Client) -> None:
    """A custom map with a gap in its path breaks kings-armory A1; an unknown Hero, A2."""
    tiles = json.loads(STANDARD_MAP.read_text(encoding="utf-8"))["tiles"]
    tiles[1][0] = "."  # the west branch no longer reaches tile 2,0
    with pytest.raises(ServiceCallError) as gap:
        client.create_game("kings-armory", ["a", "b"], {"map": custom_map(tiles=tiles)})
    assert gap.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "kings-armory A1" in gap.value.message and "tile 1,0" in gap.value.message, gap.value.message
    with pytest.raises(ServiceCallError) as hero:
        client.create_game("kings-armory", ["a", "b"], {"heroes": "valcor,nobody"})
    assert hero.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "kings-armory A2" in hero.value.message and "nobody" in hero.value.message, hero.value.message


def test_illegal_command_is_failed_precondition_naming_the_rule(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    other = next(s for s in tokens if s != seat)
    before = client.view(game_id).version
    with pytest.raises(RuleError) as refused:
        client.seat(game_id, tokens[other]).submit(view.legal_commands[0])
    assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert refused.value.rule.startswith("armory ")
    assert refused.value.description
    assert client.view(game_id).version == before, "a rejected command changes nothing"


def test_unknown_game_wrong_token_and_spectators(client: Client) -> None:
    with pytest.raises(ServiceCallError) as missing:
        client.view("no-such-game")
    assert missing.value.code == grpc.StatusCode.NOT_FOUND
    game_id, tokens = new_game(client)
    with pytest.raises(ServiceCallError) as wrong:
        client.view(game_id, "not-a-token")
    assert wrong.value.code == grpc.StatusCode.UNAUTHENTICATED
    seat, view = acting(client, game_id, tokens)
    with pytest.raises(ServiceCallError) as spectator:
        Client(channel=client.channel).seat(game_id, "").submit(view.legal_commands[0])
    assert spectator.value.code == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(ServiceCallError) as export:
        client.export_log(game_id, tokens[seat])
    assert export.value.code == grpc.StatusCode.PERMISSION_DENIED
    other_game, _ = new_game(client)
    with pytest.raises(ServiceCallError) as foreign:
        client.view(other_game, tokens[seat])
    assert foreign.value.code == grpc.StatusCode.UNAUTHENTICATED


def test_retry_with_same_command_id_appends_nothing(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    me = client.seat(game_id, tokens[seat])
    first = me.submit(view.legal_commands[0], command_id="retry-1")
    again = me.submit(view.legal_commands[0], command_id="retry-1")
    assert again.duplicate and not first.duplicate
    assert [e.hash for e in again.events] == [e.hash for e in first.events]
    assert client.view(game_id).version == first.version


def test_late_retry_returns_the_first_result_and_its_version(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    first = client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="late")
    later_seat, later_view = acting(client, game_id, tokens)
    client.seat(game_id, tokens[later_seat]).submit(later_view.legal_commands[0])
    again = client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="late")
    assert again.duplicate
    assert again.version == first.version
    assert [e.hash for e in again.events] == [e.hash for e in first.events]


def test_a_command_id_is_not_reused_for_another_command_or_seat(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], command_id="mine")
    version = client.view(game_id).version
    other_seat, other_view = acting(client, game_id, tokens)
    if other_seat == seat:
        other_seat = 3 - seat
        other_view = client.view(game_id, tokens[other_seat])
    for who, command in ((other_seat, other_view.legal_commands[:1]), (seat, view.legal_commands[1:2])):
        if not command:
            continue
        with pytest.raises(ServiceCallError) as reused:
            client.seat(game_id, tokens[who]).submit(command[0], command_id="mine")
        assert reused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert "'mine' was already used" in reused.value.message
    assert client.view(game_id).version == version


def test_stale_expected_version_is_aborted(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    with pytest.raises(StaleVersionError) as stale:
        client.seat(game_id, tokens[seat]).submit(view.legal_commands[0], expected_version=view.version - 1)
    assert stale.value.code == grpc.StatusCode.ABORTED
    assert (stale.value.expected, stale.value.actual) == (view.version - 1, view.version)


def test_concurrent_race_has_exactly_one_winner_per_version(client: Client) -> None:
    game_id, tokens = new_game(client)
    seat, view = acting(client, game_id, tokens)
    candidates = list(view.legal_commands)[:8]
    results: list[str] = []
    barrier = threading.Barrier(len(candidates))

    def attempt(index: int) -> None:
        barrier.wait()
        try:
            client.seat(game_id, tokens[seat]).submit(candidates[index], command_id=f"race-{index}",
                                                      expected_version=view.version)
            results.append("won")
        except StaleVersionError:
            results.append("aborted")
        except RuleError:
            results.append("refused")

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(candidates))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert results.count("won") == 1
    assert len(results) == len(candidates)


def watching(address: str, game_id: str, token: str) -> tuple[threading.Thread, list[int]]:
    """A thread streaming the game (until it ends) into a list of seqs, once the first arrived."""
    seen: list[int] = []
    ready = threading.Event()

    def watch() -> None:
        with Client(address) as watcher:
            for envelope in watcher.stream(game_id, 0, token):
                seen.append(envelope.seq)
                ready.set()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert ready.wait(10)
    return thread, seen


def test_stream_sees_every_version_exactly_once(client: Client, server: Running) -> None:
    game_id, tokens = new_game(client)
    thread, seen = watching(f"127.0.0.1:{server.port}", game_id, tokens[1])
    play_randomly(client, game_id, tokens, seed=3)
    thread.join(60)
    final = client.view(game_id).version
    assert seen == list(range(1, final + 1))


def test_open_streams_hold_no_worker_thread(storage_url: str) -> None:
    """More streams than worker threads, all waiting on one game: commands are still
    served and every stream gets every event (streams are coroutines on the loop)."""
    running = start(Tables(GameStore(storage_url), OPERATOR), "127.0.0.1", 0, workers=2)
    address = f"127.0.0.1:{running.port}"
    try:
        with Client(address) as player, grpc.insecure_channel(address) as channel:
            game_id, tokens = new_game(player)
            stub = pb_grpc.TablerulesStub(channel)
            streams = [stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id), timeout=60,
                                         metadata=(("authorization", f"Bearer {tokens[1]}"),)) for _ in range(12)]
            play_randomly(player, game_id, tokens, seed=11)
            final = player.view(game_id).version
            for stream in streams:
                assert [envelope.seq for envelope in stream] == list(range(1, final + 1))
    finally:
        running.stop(0)


def test_a_stream_follows_its_game_out_of_the_cache_and_back(storage_url: str) -> None:
    """With room for one live game, a second game pushes the streamed one out; the
    stream then follows the game's reloaded copy and misses nothing."""
    running = start(Tables(GameStore(storage_url), OPERATOR, cache_size=1), "127.0.0.1", 0, workers=4)
    address = f"127.0.0.1:{running.port}"
    try:
        with Client(address) as player:
            game_id, tokens = new_game(player)
            thread, seen = watching(address, game_id, tokens[1])
            new_game(player)  # evicts the streamed game
            play_randomly(player, game_id, tokens, seed=12)
            thread.join(30)
            assert seen == list(range(1, player.view(game_id).version + 1))
    finally:
        running.stop(0)


def test_stream_from_a_version_and_redaction_for_a_seat(client: Client) -> None:
    game_id, tokens = new_game(client)
    version = client.view(game_id).version
    seen = list(client.stream(game_id, version - 2, tokens[2], reconnect=False).__next__() for _ in range(1))
    assert seen[0].seq == version - 1
    full = {e.seq: e for e in pb_envelopes(client, game_id, OPERATOR, version)}
    for envelope in pb_envelopes(client, game_id, tokens[2], version):
        assert envelope.hash == full[envelope.seq].hash
        if envelope.redacted:
            assert envelope.payload_json != full[envelope.seq].payload_json


def pb_envelopes(client: Client, game_id: str, token: str, upto: int) -> list[Any]:
    result = []
    for envelope in client.stream(game_id, 0, token):
        result.append(envelope)
        if envelope.seq >= upto:
            break
    return result


def stream_of(channel: grpc.Channel, method: str, game_id: str, token: str | None, after: int = 0) -> list[Any]:
    """What a stream RPC sends of a finished game, message by message (it ends by itself)."""
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    call = getattr(pb_grpc.TablerulesStub(channel), method)
    return list(call(pb.StreamEventsRequest(game_id=game_id, from_version=after), metadata=metadata, timeout=60))


def batches_while_played(client: Client, channel: grpc.Channel, game_id: str, tokens: dict[int, str],
                         seed: int) -> list[Any]:
    """Seat 1's StreamEventBatches messages while the game is played to its end at random."""
    live: list[Any] = []
    watcher = threading.Thread(target=lambda: live.extend(stream_of(channel, "StreamEventBatches", game_id,
                                                                    tokens[1])))
    watcher.start()
    play_randomly(client, game_id, tokens, seed=seed)
    watcher.join(60)
    return live


def test_batches_carry_every_viewers_stream_event_for_event(client: Client, server: Running) -> None:
    """StreamEventBatches sends each viewer what StreamEvents sends it, from any version, in
    batches that follow one another; a batch ends where a command's events end."""
    game_id, tokens = new_game(client)
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        live = batches_while_played(client, channel, game_id, tokens, seed=21)
        log = parse_log(client.export_log(game_id, OPERATOR).splitlines()).envelopes
        ends = {e.seq for e, after in zip(log, [*log[1:], None], strict=True) if after is None or
                after.command_id != e.command_id}
        assert len(live) > 1 and all(batch.events and batch.events[-1].seq in ends for batch in live)
        assert [e for batch in live for e in batch.events] == stream_of(channel, "StreamEvents", game_id, tokens[1])
        for token in (OPERATOR, tokens[1], tokens[2], None):
            for after in (0, len(log) // 2):
                singles = stream_of(channel, "StreamEvents", game_id, token, after)
                assert [e.seq for e in singles] == list(range(after + 1, len(log) + 1))
                batches = stream_of(channel, "StreamEventBatches", game_id, token, after)
                assert [e for batch in batches for e in batch.events] == singles


def test_a_bell_wakes_its_streams_at_most_once_per_interval() -> None:
    """A change wakes the streams at once; changes within the interval after that wake them
    once, at its end (a fast game's changes go several to a message)."""
    async def woken_times() -> tuple[list[float], bool]:
        loop = asyncio.get_running_loop()
        bell = Bell(loop, 0.3)
        woken: list[float] = []

        async def stream() -> None:
            while len(woken) < 2:
                if await bell.wait(5):
                    woken.append(loop.time() - began)

        began = loop.time()
        task = asyncio.create_task(stream())
        await asyncio.sleep(0.01)
        bell.ring()
        await asyncio.sleep(0.05)
        bell.ring()
        bell.ring()
        await task
        return woken, await bell.wait(0.5)

    (first, second), third = asyncio.run(woken_times())
    assert first < 0.2 and 0.29 <= second < 2.0 and not third


def test_a_fast_games_changes_reach_a_stream_together_each_once(storage_url: str) -> None:
    running = start(Tables(GameStore(storage_url), OPERATOR, stream_interval=0.5), "127.0.0.1", 0, workers=4)
    address = f"127.0.0.1:{running.port}"
    try:
        with Client(address) as player, grpc.insecure_channel(address) as channel:
            game_id, tokens = new_game(player, turn_limit=4)
            live = batches_while_played(player, channel, game_id, tokens, seed=23)
            final = player.view(game_id).version
            commands = {e.command_id for batch in live for e in batch.events}
            assert [e.seq for batch in live for e in batch.events] == list(range(1, final + 1))
            assert len(live) < len(commands), "commands sent within the interval share a message"
    finally:
        running.stop(0)


def test_a_long_catch_up_comes_in_batches_of_bounded_size(client: Client, server: Running,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens = new_game(client)
    play_randomly(client, game_id, tokens, seed=22)
    monkeypatch.setattr("service.encoded.MAX_BATCH_BYTES", 2000)
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        batches = stream_of(channel, "StreamEventBatches", game_id, OPERATOR)
    sizes = [batch.ByteSize() for batch in batches]
    assert len(batches) > 2 and all(size <= 2000 or len(b.events) == 1 for size, b in zip(sizes, batches, strict=True))
    assert [e.seq for batch in batches for e in batch.events] == list(range(1, client.view(game_id).version + 1))


def test_a_fork_inside_one_commands_events_is_refused_naming_the_boundaries(client: Client) -> None:
    """A fork resumes between commands: from inside a cascade the live game would hold a
    state no command left, and re-deciding its log would disagree with it."""
    game_id, tokens = new_game(client)
    play_randomly(client, game_id, tokens, seed=5)
    text = client.export_log(game_id, tokens[1])
    envelopes = parse_log(text.splitlines()).envelopes
    inside = next(n for n in range(command_boundary(text, 2) + 1, len(envelopes)) if envelopes[n].command is None)
    first = next(e.seq for e in reversed(envelopes[:inside]) if e.command is not None)
    with pytest.raises(ServiceCallError) as refused:
        client.fork(inside, log_jsonl=text)
    assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert f"event {inside} is inside the events of one command" in str(refused.value)
    assert f"at={first - 1}" in str(refused.value)


def test_export_replay_verify_import_and_fork(client: Client) -> None:
    game_id, tokens = new_game(client)
    play_randomly(client, game_id, tokens, seed=5)
    text = client.export_log(game_id, tokens[1])
    assert client.verify_log(log_jsonl=text).ok
    replayed = client.replay_log(log_jsonl=text)
    assert replayed.report.ok and replayed.status.finished
    assert replayed.view_json
    imported = client.import_log(text)
    assert imported.finished and not imported.seats
    assert client.export_log(imported.game_id, OPERATOR) == text
    at = command_boundary(text, 10)
    forked = client.fork(at, log_jsonl=text)
    assert forked.version == at and len(forked.seats) == 2
    fork_tokens = {s.seat: s.token for s in forked.seats}
    play_randomly(client, forked.game_id, fork_tokens, seed=6)
    assert client.verify_log(game_id=forked.game_id).ok


def test_verify_log_re_decides_a_log_of_earlier_rules_by_the_release_that_wrote_it(client: Client) -> None:
    text = (GOLDEN / "armory-1.0.0.jsonl").read_text(encoding="utf-8")
    report = client.verify_log(log_jsonl=text)
    assert report.ok and report.verdict == "VERIFIED"
    assert report.notes[0].startswith("re-decided by armory 1.0.0, the rules that wrote the log")


def test_tampered_log_is_refused_on_import(client: Client) -> None:
    game_id, tokens = new_game(client)
    play_randomly(client, game_id, tokens, seed=7)
    lines = client.export_log(game_id, OPERATOR).splitlines()
    del lines[5]
    with pytest.raises(ServiceCallError) as refused:
        client.import_log("\n".join(lines))
    assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
    report = client.verify_log(log_jsonl="\n".join(lines))
    assert not report.ok and report.divergence.seq == 5


def test_operator_export_of_a_live_game_carries_the_seed_and_forks_exactly(client: Client) -> None:
    game_id, tokens = new_game(client)
    for _ in range(6):
        seat, view = acting(client, game_id, tokens)
        client.seat(game_id, tokens[seat]).submit(view.legal_commands[-1])
    response = client.call("ExportLog", pb.ExportLogRequest(game_id=game_id), OPERATOR)
    assert response.includes_seed
    report = client.verify_log(log_jsonl=response.log_jsonl)
    assert report.ok and report.rules_checked


def test_health_and_reflection(server: Running) -> None:
    channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
    health = health_pb2_grpc.HealthStub(channel)
    reply = health.Check(health_pb2.HealthCheckRequest(service="tablerules.v1.Tablerules"), timeout=5)
    assert reply.status == health_pb2.HealthCheckResponse.SERVING
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    answers = reflection.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    names = {s.name for s in next(answers).list_services_response.service}
    assert "tablerules.v1.Tablerules" in names
    channel.close()


def test_stored_games_survive_a_restart(storage_url: str) -> None:
    first = serve(storage_url)
    with Client(f"127.0.0.1:{first.port}") as client:
        game_id, tokens = new_game(client, turn_limit=40)
        for _ in range(120):  # past two snapshots (every 50 events here)
            if client.view(game_id).status.finished:
                break
            seat, view = acting(client, game_id, tokens)
            client.seat(game_id, tokens[seat]).submit(view.legal_commands[0])
        before = client.view(game_id, tokens[1])
    first.stop(0)
    second = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{second.port}") as client:
            after = client.view(game_id, tokens[1])
            assert after.version == before.version and after.view_json == before.view_json
            play_randomly(client, game_id, tokens, seed=9)
            assert client.verify_log(log_jsonl=client.export_log(game_id, OPERATOR)).ok
    finally:
        second.stop(0)


def test_every_multiple_of_the_snapshot_interval_that_a_game_passes_leaves_a_snapshot(storage_url: str) -> None:
    # A command whose first event lands exactly on the multiple passed it too (about half
    # of them were missed: long games loaded from an older snapshot than they should).
    running = serve(storage_url)  # every 50 events
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            game_id, tokens = new_game(client, turn_limit=60)
            play_randomly(client, game_id, tokens, seed=11, max_commands=150, stop_unfinished=True)
            version = client.view(game_id).version
        snapshots = running.tables.store.snapshots.select_events(game_id)
        assert version >= 250
        assert [row.originator_version // 50 for row in snapshots] == list(range(1, version // 50 + 1))
    finally:
        running.stop(0)


def test_an_imported_long_game_is_snapshotted_and_resumes_after_a_restart(storage_url: str) -> None:
    first = serve(storage_url)
    with Client(f"127.0.0.1:{first.port}", token=OPERATOR) as client:
        game_id, tokens = new_game(client, turn_limit=40)
        for _ in range(80):  # past a snapshot (every 50 events here)
            seat, view = acting(client, game_id, tokens)
            client.seat(game_id, tokens[seat]).submit(view.legal_commands[0])
        imported = client.import_log(client.export_log(game_id))
    assert first.tables.store.latest_snapshot(imported.game_id) is not None
    first.stop(0)
    second = serve(storage_url)
    try:
        with Client(f"127.0.0.1:{second.port}", token=OPERATOR) as client:
            assert client.view(imported.game_id).version == imported.version
            play_randomly(client, imported.game_id, {s.seat: s.token for s in imported.seats}, seed=3)
            assert client.verify_log(game_id=imported.game_id).ok
    finally:
        second.stop(0)
