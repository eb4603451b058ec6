"""Files that hold secrets are the server's user's alone (mode 600).

A new install creates them so; an install upgraded from a release that did not (or a
file copied or restored by hand) may hold them readable by every user of the machine,
and SQLite gives the journal files it creates (`-wal`, `-shm`) its database file's
mode. So the server sets the mode of each one as it starts, and says so, naming the
file, where it was wider.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("tablerules.files")

PRIVATE = 0o600
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database file; they hold its pages, so its seeds too."""


def keep_private(path: Path) -> None:
    """Mode 600 for `path` if it exists, with a warning naming it where its mode was wider."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        return
    if mode & 0o077:
        os.chmod(path, PRIVATE)
        log.warning("%s was readable or writable by other users (mode %03o): it holds live games' seeds or the "
                    "operator's token, so its mode is now 600", path, mode)


def keep_database_private(path: Path) -> None:
    """A SQLite database file and the journal files beside it, each mode 600."""
    for name in (path, *(path.with_name(path.name + suffix) for suffix in SQLITE_COMPANIONS)):
        keep_private(name)
