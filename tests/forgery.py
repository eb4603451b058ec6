"""A careful forger's tools: edits of JSON values, and edits of a log resealed with
its revealed seed, so that the chain and every digest hold and only the rules (or
the state hashes) can tell."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from domain.kernel import Envelope, Game, Log, Session, revealed_seed
from domain.kernel.log import GENESIS_HASH
from domain.kernel.seal import Keys, state_hash
from domain.kernel.session import fold, public_payload


def keys_of(log: Log) -> Keys:
    seed = revealed_seed(log)
    assert seed is not None, "the forger needs the seed: a finished log, or an operator's export"
    return Keys.of(seed, log.header.game_id)


def resealed_from(log: Log, envelopes: Sequence[Envelope], start: int) -> Log:
    """The log with `envelopes`, renumbered and resealed from index `start` on."""
    keys = keys_of(log)
    fixed = list(envelopes[:start])
    for envelope in envelopes[start:]:
        moved = dataclasses.replace(envelope, seq=len(fixed) + 1, prev_hash=fixed[-1].hash if fixed else GENESIS_HASH)
        fixed.append(moved.sealed(keys))
    return Log(header=log.header, envelopes=tuple(fixed))


def fully_resealed(game: Game[Any], log: Log, envelopes: Sequence[Envelope], start: int) -> Log:
    """resealed_from(), each public form and state hash made anew too (the rules'
    redaction, the state folded from the edited events): a forger with the seed who
    leaves replay nothing to find, so that only deciding the commands again tells."""
    keys = keys_of(log)
    opened = Session.opened(game, log.header, "")
    state, contributions = opened.state, opened.contributions
    fixed = list(envelopes[:1])
    for seq, envelope in enumerate(envelopes[1:], start=2):
        state, contributions, event = fold(game, log.header, state, contributions, seq, envelope.type,
                                           envelope.payload, envelope.schema, envelope.rule)
        if seq <= start:
            fixed.append(envelope)
            continue
        public = None if event is None else public_payload(game, event, dict(envelope.payload))
        remade = dataclasses.replace(envelope, seq=seq, prev_hash=fixed[-1].hash, public=public,
                                     state_hash=state_hash(keys, seq, state))
        fixed.append(remade.sealed(keys))
    return Log(header=log.header, envelopes=tuple(fixed))


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths (keys and indexes) of every leaf of a JSON value."""
    if isinstance(value, dict):
        return [p for key, item in sorted(value.items()) for p in leaves(item, (*path, key))] or [path]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in leaves(item, (*path, index))] or [path]
    return [path]


def changed(value: Any) -> Any:
    """A different JSON value in place of `value`."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x" if value else "x"
    if isinstance(value, list):
        return [*value, "x"]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return 0  # null


def with_leaf(value: Any, path: tuple[Any, ...], change: Callable[[Any], Any] = changed) -> Any:
    """`value` with the leaf at `path` (from leaves()) changed."""
    if not path:
        return change(value)
    head, *rest = path
    if isinstance(value, dict):
        return {**value, head: with_leaf(value[head], tuple(rest), change)}
    return [with_leaf(item, tuple(rest), change) if index == head else item for index, item in enumerate(value)]
