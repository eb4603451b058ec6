"""A careful forger's tools: edits of a log resealed with its revealed seed, so that
the chain and every digest hold and only the rules (or the state hashes) can tell."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from domain.kernel import Envelope, Log, revealed_seed
from domain.kernel.log import GENESIS_HASH
from domain.kernel.seal import Keys


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
