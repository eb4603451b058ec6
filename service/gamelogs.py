"""A game's log, out and in: what a caller may export of a stored game, and the logs
callers send, checked in the log jobs' processes (service/logjobs.py): replayed,
verified, imported as a new game, or forked into one."""

from __future__ import annotations

import dataclasses
import uuid
from dataclasses import dataclass

from domain.kernel import Header, Log, LogFormatError, Report
from domain.kernel.canonical import canonical_json_of_plain
from domain.kernel.log import header_of, marked_chosen
from service import logchecks
from service.auth import SeatGrant, Tokens, seat_grants, token_hashes
from service.errors import PermissionDenied
from service.limits import game_too_long
from service.live import LiveGames
from service.logchecks import Adoptable, Replayed
from service.logjobs import LogJobs
from service.store import Secrets


@dataclass(frozen=True, slots=True)
class Export:
    """A game's log as one caller may export it: the header line, then the stored events
    up to `upto`, each its line as stored."""

    game_id: str
    header_line: bytes
    upto: int
    includes_seed: bool


class GameLogs:
    def __init__(self, live_games: LiveGames, tokens: Tokens, log_jobs: LogJobs, max_game_events: int) -> None:
        self.live_games = live_games
        self.store = live_games.store
        self.tokens = tokens
        self.log_jobs = log_jobs
        self.max_game_events = max_game_events
        """No log longer than this is imported or forked."""

    def export(self, game_id: str, token: str | None) -> Export:
        """What the caller may export of the game: the operator, always (with the seed
        while it is unfinished); anybody once it has finished."""
        live = self.live_games.live(game_id)
        viewer = self.tokens.viewer(live.secrets, token)
        if not viewer.operator and not live.session.finished:
            raise PermissionDenied("the game is still in progress: only the operator may export its log now")
        seed = live.secrets.seed if viewer.operator and not live.session.finished else None
        header = Header.from_created(self.store.read_rows(game_id, upto=1)[0]["payload"], seed=seed)
        return Export(game_id, canonical_json_of_plain(header.to_json()), live.session.version, seed is not None)

    # `caller` names who asked (an address): one caller may have only so many checks at once.

    def replay(self, text: str, upto: int = 0, caller: str = "") -> Replayed:
        return self.log_jobs.run(logchecks.replayed, text, upto, size=len(text), caller=caller)

    def verify(self, text: str, caller: str = "") -> Report:
        return self.log_jobs.run(logchecks.verified_report, text, size=len(text), caller=caller)

    def import_log(self, text: str, caller: str = "") -> tuple[str, int, bool, list[SeatGrant]]:
        """Store a log as a new game, if it verifies: every command re-decided."""
        self._check_servable(text, "imported")
        return self._adopt_log(text, self.log_jobs.run(logchecks.importable, text, size=len(text), caller=caller))

    def fork(self, text: str, at: int, caller: str = "") -> tuple[str, int, bool, list[SeatGrant]]:
        """A new live game from the first `at` events, once they verify (and the
        chain of the whole log does)."""
        if at > self.max_game_events:
            raise game_too_long(at, self.max_game_events, "forked")
        self._check_servable(text, "forked")
        return self._adopt_log(text, self.log_jobs.run(logchecks.forkable, text, at, size=len(text), caller=caller))

    @staticmethod
    def _check_servable(text: str, refused: str) -> None:
        """A log of rules this server does not run is refused before a worker checks it (the
        worker's check refuses it too); a header that does not parse is left to the worker,
        which names the problem."""
        try:
            header = header_of([text.lstrip().partition("\n")[0]])
        except LogFormatError:
            return
        logchecks.check_servable(logchecks.game_named(header.ruleset), header, refused)

    def _adopt_log(self, text: str, checked: Adoptable) -> tuple[str, int, bool, list[SeatGrant]]:
        if checked.version > self.max_game_events:
            raise game_too_long(checked.version, self.max_game_events, "imported")
        game, log = logchecks.parsed(text)  # the text that was checked: it parses alike here
        kept = Log(header=log.header, envelopes=log.envelopes[:checked.version])
        if not checked.finished:
            # The seed came in the log (a finished game's is public): whoever holds it can
            # work out every hidden card and every draw to come, so the game says so.
            kept = marked_chosen(kept, checked.seed)
            checked = dataclasses.replace(checked, last_hash=kept.envelopes[-1].hash)
        grants = [] if checked.finished else seat_grants(log.header.seats)
        game_id = str(uuid.uuid4())
        self.live_games.store_new(game_id, game, Secrets(checked.seed, token_hashes(grants)), list(kept.envelopes),
                                  checked.session(game, kept))
        return game_id, checked.version, checked.finished, grants

