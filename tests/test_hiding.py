"""Nothing a seat or a spectator receives lets it test guesses about hidden cards
(issue 11 item 1; docs/security.md).

The outside testers' attacks, run against what each viewer really received from a
server (its stream of events):
- redacted draws: for every draw of one or two cards hidden from the viewer, try
  every card (every ordered pair) and look for a match among the hashes and digests
  the viewer holds, with every formula a viewer can compute;
- hidden hands and deck orders: the state hash. Here the attacker is handed the one
  right answer (the true state, which a guesser would have to find among many): if
  even that cannot be confirmed, no guess can.
The same attacks on a log of format 1 recover the draws and confirm the state: the
attacks work, format 2 leaves them nothing to work on.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.games import REGISTRY
from domain.kernel import SPECTATOR, Envelope, Information, Log, Session, canonical_json, parse_log
from domain.kernel.messages import payload_of
from domain.kernel.session import decode_event, seen_payload
from tablerules_client import ChainCheck, Client
from tests.conftest import OPERATOR, play_randomly
from tests.format1 import as_format_1

AOD_REPLAY = Path(__file__).resolve().parent.parent / "replays" / "aod" / "2p-flip-then-good-win.jsonl"
ATTACKED_DRAWS = 6
"""Hidden events attacked per viewer, game and event type (each costs up to ~20,000 candidates)."""


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def public_keys(received: dict[str, Any]) -> list[bytes]:
    """Every key a viewer could try: the public values of the game, raw and hashed."""
    values = [received["game_id"], received["seed_commitment"], "", "tablerules"]
    return [v.encode() for v in values] + [hashlib.sha256(v.encode()).digest() for v in values]


def guesses(seen: dict[str, Any], candidate: dict[str, Any], keys: list[bytes]) -> Iterator[str]:
    """Every hash of a candidate full payload that a viewer can compute from what it holds."""
    v1_body = {"seq": seen["seq"], "type": seen["type"], "payload": candidate, "schema": seen["schema"],
               "command_id": seen["command_id"], "command": None, "rule": seen["rule"],
               "prev_hash": seen["prev_hash"], "state_hash": seen["state_hash"]}
    yield sha(canonical_json(v1_body))  # format 1's hash: the testers' attack
    public = {"command_id": seen["command_id"], "payload": candidate, "rule": seen["rule"], "schema": seen["schema"],
              "seq": seen["seq"], "state_hash": seen["state_hash"], "type": seen["type"]}
    yield sha(canonical_json({"prev_hash": seen["prev_hash"], "public": public,
                              "secret_digest": seen["secret_digest"]}))
    digested = canonical_json({"command": None, "payload": candidate, "seq": seen["seq"]})
    yield sha(digested)
    for key in keys:
        yield hmac.new(key, digested, hashlib.sha256).hexdigest()


def hidden_cards(seen: dict[str, Any], true: dict[str, Any], universe: set[str]) -> tuple[str, int] | None:
    """The field of a redacted event that hides one or two cards, and how many: a list of
    cards (a draw, a move between hidden zones) or one card (a card chosen face down)."""
    for name, value in sorted(true.items()):
        if seen["payload"].get(name) == value:
            continue
        if isinstance(value, list) and 1 <= len(value) <= 2 and all(v in universe for v in value):
            return name, len(value)
        if isinstance(value, str) and value in universe:
            return name, 0
    return None


def recovered_draws(received: list[dict[str, Any]], universe: list[str], game_id: str, commitment: str,
                    truth: dict[int, dict[str, Any]], limit: int = ATTACKED_DRAWS) -> tuple[int, int]:
    """(cards recovered, events attacked) among the viewer's redacted events hiding 1-2 cards
    (draws, moves between hidden zones, cards chosen face down). The attacker is handed every
    other hidden field of the event (a zone, a space) from `truth`, the true payloads: the
    guess is the cards alone."""
    keys = public_keys({"game_id": game_id, "seed_commitment": commitment})
    known = set(universe)
    attacked = recovered = 0
    per_type: Counter[str] = Counter()
    for seen in received:
        if not seen["redacted"] or per_type[seen["type"]] == limit:
            continue
        true = truth[seen["seq"]]
        found = hidden_cards(seen, true, known)
        if found is None:
            continue
        field, count = found
        targets = {seen["hash"], seen["secret_digest"], seen["state_hash"]}
        attacked += 1
        per_type[seen["type"]] += 1
        options: Iterable[Any] = itertools.permutations(universe, count) if count else universe
        for cards in options:
            candidate = {**true, field: list(cards) if count else cards}
            if any(guess in targets for guess in guesses(seen, candidate, keys)):
                recovered += 1
                break
    return recovered, attacked


def state_confirmed(received: list[dict[str, Any]], true_states: dict[int, Any], game_id: str,
                    commitment: str) -> int:
    """How many received state hashes the true state (with any public key) reproduces."""
    keys = public_keys({"game_id": game_id, "seed_commitment": commitment})
    confirmed = 0
    for seen in received:
        state = canonical_json(true_states[seen["seq"]])
        candidates = {sha(state), *(hmac.new(k, state, hashlib.sha256).hexdigest() for k in keys),
                      *(hmac.new(k, f"{seen['seq']}:".encode() + state, hashlib.sha256).hexdigest() for k in keys)}
        confirmed += seen["state_hash"] in candidates
    return confirmed


def states_by_seq(log: Log) -> dict[int, Any]:
    """The true state after every event (the attacker's impossible best case)."""
    game = REGISTRY[log.header.ruleset]
    session = Session.opened(game, log.header, log.envelopes[0].hash)
    states = {1: session.state}
    for envelope in log.envelopes[1:]:
        session = session.apply(envelope)
        states[envelope.seq] = session.state
    return states


def card_universe(log: Log) -> list[str]:
    """Every card id of the game (public: the content's card list)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    for envelope in log.envelopes:
        # (SeatSetUp: a Guardians seat's Guardian and stronghold, beside its deck)
        if envelope.type in ("DeckShuffled", "CardsDrawn", "SeatSetUp"):
            walk(envelope.to_json()["payload"])
    return sorted(value for value in found if any(ch.isdigit() for ch in value))


def as_received(messages: Iterable[Any]) -> list[dict[str, Any]]:
    return [{"seq": m.seq, "type": m.type, "payload": json.loads(m.payload_json), "redacted": m.redacted,
             "schema": m.schema, "command_id": m.command_id, "rule": m.rule, "prev_hash": m.prev_hash,
             "state_hash": m.state_hash, "secret_digest": m.secret_digest, "hash": m.hash} for m in messages]


ORDERS_ONLY = {"kings-armory"}
"""Games whose only secrets are the orders of their decks (The King's Armory: every card
drawn or bought is shown to all): no event hides one or two cards to guess, and the state
hashes are what is attacked."""


@pytest.mark.parametrize("ruleset", ["armory", "swordplay", "aod", "guardians", "kings-armory"])
def test_viewers_recover_no_hidden_card_from_what_they_receive(client: Client, ruleset: str) -> None:
    """A short random game may deal a viewer no hidden draw at all (the server picks each
    game's seed), so up to three games are played until each viewer has one to attack. A
    game that hides deck orders only has none to attack; the state hashes still confirm
    nothing."""
    hides = REGISTRY[ruleset].ruleset.information != Information.PERFECT
    draws = hides and ruleset not in ORDERS_ONLY
    attacked: dict[str, int] = {}
    for attempt in range(3):
        attacked = _attack_a_game(client, ruleset, hides, seed=len(ruleset) + attempt)
        if not draws or all(attacked.values()):
            break
    if draws:
        assert all(attacked.values()), f"no hidden draw to attack in three games of {ruleset}: {attacked}"


def _attack_a_game(client: Client, ruleset: str, hides: bool, seed: int) -> dict[str, int]:
    """Plays a random game and attacks what a spectator and seat 1 receive: none may
    recover a hidden draw or confirm a state; how many hidden draws each attacked."""
    options: dict[str, bool | int | str] = ({"round_limit": 4, "waves": 1} if ruleset == "kings-armory"
                                            else {"turn_limit": 10})
    created = client.create_game(ruleset, ["ann", "bob"], options)
    tokens = {s.seat: s.token for s in created.seats}
    play_randomly(client, created.game_id, tokens, seed=seed)
    log = parse_log(client.export_log(created.game_id, OPERATOR).splitlines())
    universe = card_universe(log)
    true_states = states_by_seq(log)
    truth = {e.seq: e.to_json()["payload"] for e in log.envelopes}
    attacked: dict[str, int] = {}
    for viewer, token in (("spectator", None), ("seat 1", tokens[1])):
        messages = list(client.stream(created.game_id, 0, token))
        chain = ChainCheck()
        for message in messages:
            chain.add(message)  # every viewer can check the chain it received
        received = as_received(messages)
        assert [m["hash"] for m in received] == [e.hash for e in log.envelopes]
        recovered, attacked[viewer] = recovered_draws(
            received, universe, log.header.game_id, log.header.seed_commitment, truth
        )
        if not hides:
            assert not [m for m in received if m["redacted"]], f"{ruleset} hides nothing"
        assert recovered == 0, f"{viewer} recovered {recovered} of {attacked[viewer]} hidden draws"
        assert state_confirmed(received, true_states, log.header.game_id, log.header.seed_commitment) == 0
    return attacked


def test_the_same_attacks_break_a_format_1_log() -> None:
    """The control: format 1 hashed everything in the clear, and these attacks show it."""
    current = parse_log(AOD_REPLAY.read_text(encoding="utf-8").splitlines())
    rows = [json.loads(line) for line in as_format_1(current)]
    game = REGISTRY["aod"]
    header = rows[0]
    received = []
    for row in rows[1:]:
        envelope = Envelope(**row)
        shown = row["payload"]
        if row["type"] in game.event_types:
            shown = payload_of(game.redact(decode_event(game, envelope), SPECTATOR))
        received.append({**row, "payload": shown, "redacted": shown != row["payload"], "secret_digest": ""})
    universe = sorted({card for row in rows[1:] if row["type"] == "DeckShuffled" for card in row["payload"]["order"]})
    truth = {row["seq"]: row["payload"] for row in rows[1:]}
    recovered, attacked = recovered_draws(received, universe, header["game_id"], header["seed_commitment"], truth)
    assert attacked > 0 and recovered == attacked
    true_states = states_by_seq(current)
    assert state_confirmed(received[:40], true_states, header["game_id"], header["seed_commitment"]) == 40



def test_a_guardians_placement_in_secret_stays_hidden_in_the_other_seats_view() -> None:
    """Simultaneous Draw & Organize (the default): the events blank the Shield, the space
    and the zones of a card placed in secret; the other seat's view and the spectator's
    must not show them either (which Shield stands where, how many cards lie on a space)."""
    from bench.rules import start
    from domain.games.guardians.messages import Place
    from domain.kernel import Rng

    game = REGISTRY["guardians"]
    session, _ = start(game, "secret", 2, "secret")
    state, version = session.state, session.version
    legal = game.legal_commands(state, 2)
    shield = next(c for c in legal if isinstance(c, Place) and "shield" in c.card and c.to.startswith("on:"))
    before = {viewer: canonical_json(game.view(state, viewer).spaces) for viewer in (1, SPECTATOR)}
    for event in game.decide(state, shield, Rng("secret", "secret", version)):
        state = game.evolve(state, event)
    for viewer in (1, SPECTATOR):
        seen = game.view(state, viewer)
        assert shield.card not in canonical_json(seen).decode(), f"viewer {viewer} sees {shield.card}"
        assert canonical_json(seen.spaces) == before[viewer], f"viewer {viewer} sees where seat 2 placed"


def _as_received(game: Any, envelopes: Iterable[Envelope], viewer: int) -> list[bytes]:
    """What a viewer receives of each envelope but its seals (the chain's hashes over keyed
    digests, the keyed state hash), as canonical JSON. A Committed's digest is left out:
    SHA-256 over the layout and a salt kept from the viewer until the game ends, it differs
    for every layout, and hides it."""
    received = []
    for envelope in envelopes:
        seen = dict(seen_payload(game, envelope, viewer))
        public = dict(envelope.public_payload)
        if envelope.type == "Committed":
            seen.pop("digest")
            public.pop("digest")
        received.append(canonical_json({"seq": envelope.seq, "type": envelope.type, "rule": envelope.rule,
                                        "schema": envelope.schema, "command_id": envelope.command_id,
                                        "payload": seen, "public": public,
                                        "redacted": seen != dict(envelope.payload)}))
    return received


def test_two_guardians_layouts_placed_in_secret_look_alike_until_the_reveal() -> None:
    """Issue 27 (guardians Who Places First?; RULES.md, What the other seat sees): until
    both layouts are revealed, each placement looks alike to everybody but the placing
    seat, a Shield's too, and committing shows nothing of the cards kept. Seat 1 places
    two layouts from the same deal, with as many Place commands: a Shield on b1 with a
    creature under it and a double-bordered card in the Storage Hand; or nothing on the
    board, a Shield and a creature to the Creature Pen and a creature under a1, so that
    other cards, of other borders, stay in its hand. Seat 2 and a spectator receive the
    same bytes, event by event, and see the same views and legal commands after each
    command; seat 1's own view differs."""
    from bench.rules import start
    from domain.games.guardians.messages import FinishOrganizing, Place
    from domain.games.guardians.state import face

    game = REGISTRY["guardians"]
    dealt, _ = start(game, "layouts", 2, "d")  # a deal with a Shield, creatures and double-bordered cards
    hand = dealt.state.zone(1, "drawn")
    shield = next(c for c in hand if face(c).is_shield)
    creatures = [c for c in hand if face(c).is_creature]
    double = next(c for c in hand if face(c).border == "double")
    assert len(creatures) >= 3
    layouts = (
        [Place(seat=1, card=shield, to="on:b1"), Place(seat=1, card=creatures[0], to="on:b1"),
         Place(seat=1, card=double, to="storage")],
        [Place(seat=1, card=creatures[1], to="pen"), Place(seat=1, card=shield, to="pen"),
         Place(seat=1, card=creatures[2], to="under:a1")],
    )
    received: list[dict[int, list[bytes]]] = []
    own_views = []
    for layout in layouts:
        session = dealt
        seen: dict[int, list[bytes]] = {viewer: [] for viewer in (2, SPECTATOR)}
        for number, command in enumerate([*layout, FinishOrganizing(seat=1)]):
            assert command in game.legal_commands(session.state, 1), command
            session, envelopes = session.execute(command, f"c{number}", "d")
            for viewer in seen:
                seen[viewer] += _as_received(game, envelopes, viewer)
                seen[viewer].append(canonical_json(game.view(session.state, viewer)))
            seen[2].append(canonical_json(game.legal_commands(session.state, 2)))
        assert session.state.player(1).committed and not session.state.player(2).committed
        received.append(seen)
        own_views.append(canonical_json(game.view(session.state, 1)))
    for viewer in (2, SPECTATOR):
        assert len(received[0][viewer]) == len(received[1][viewer])
        for first, second in zip(received[0][viewer], received[1][viewer], strict=True):
            assert first == second, f"viewer {viewer}: {first!r} != {second!r}"
    assert own_views[0] != own_views[1]
