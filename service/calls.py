"""What one call did: the facts behind its request log line and its metrics.

Only what any operator may read: never a token, a seed, a command's content or a
refusal's sentence (which may name a card in the caller's hand), only the rule cited.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import orjson


@dataclass(slots=True)
class Call:
    method: str
    game_id: str = ""
    command_id: str = ""
    ruleset: str = ""
    code: str = "OK"
    """OK, or the gRPC status name the call ended with."""
    rule: str = ""
    """The rule that refused the command (FAILED_PRECONDITION)."""
    started: float = field(default_factory=time.perf_counter)
    seconds: float = 0.0

    def about(self, request: Any) -> None:
        """Note the request's game and command id, if it has them (call once it is
        admitted: an id over its size limit is not worth a log line)."""
        self.game_id = getattr(request, "game_id", "")
        self.command_id = getattr(request, "command_id", "")

    def fields(self) -> dict[str, str | float]:
        """The log line's fields; those that do not apply are left out."""
        named = {"method": self.method, "game_id": self.game_id, "command_id": self.command_id,
                 "ruleset": self.ruleset, "code": self.code, "rule": self.rule}
        return {**{k: v for k, v in named.items() if v}, "ms": round(self.seconds * 1000, 3)}

    def __str__(self) -> str:
        # The text log's form; strings as JSON, so that a client's id cannot forge a line.
        return " ".join(f"{key}={orjson.dumps(value).decode()}" for key, value in self.fields().items())
