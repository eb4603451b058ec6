"""The clients' guides are true (issue 28): the Python guide's first program is the one in
clients/python/examples/, and it runs against a server as the guide says. (The Node
guide's is run by the Node client's own tests.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from service.server import Running

CLIENT = Path(__file__).resolve().parent.parent / "clients" / "python"
EXAMPLE = CLIENT / "examples" / "first_game.py"


def test_the_python_guide_shows_the_example_program_as_it_is() -> None:
    guide = (CLIENT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```python\n(.*?)```", guide, re.S)
    assert shown is not None
    program = EXAMPLE.read_text(encoding="utf-8")
    for line in shown[1].splitlines():
        if line.strip() and "Client(\"127.0.0.1:50051\")" not in line:
            assert line in program, line


def test_the_python_first_program_plays_a_move_and_tells_its_events(server: Running) -> None:
    ran = subprocess.run([sys.executable, str(EXAMPLE), f"127.0.0.1:{server.port}"], capture_output=True,
                         text=True, timeout=120, check=False)
    assert ran.returncode == 0, ran.stderr
    assert re.search(r"^game [0-9a-f-]{36}$", ran.stdout, re.M)
    assert "  1 A game of ARMORY (3.0.0) is created for ann and bob." in ran.stdout
    assert re.search(r"^Turn 1: .* turn, playing turn cards", ran.stdout, re.M)
    assert re.search(r"draws 7 cards as a starting hand\.$", ran.stdout, re.M), "bob's hand: a count for ann"
