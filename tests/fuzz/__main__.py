"""python -m tests.fuzz (requests | logs) [libFuzzer flags] [CORPUS_DIR]

Writes the target's seeds into CORPUS_DIR (a new temporary one if none is given)
and fuzzes from there; libFuzzer's flags (-max_total_time=60, -runs=N,
-artifact_prefix=DIR/) pass through. A finding prints its traceback and leaves
the input in a crash-* file, which the same command runs again when given in
place of the corpus.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

import atheris

# Coverage is what guides the fuzzer: instrument the project's own code.
with atheris.instrument_imports(include=["domain", "service"]):
    from tests.fuzz import logs, requests

MAX_LEN = {"requests": 16 * 1024, "logs": 256 * 1024}
TOKENS = ("²", "０", "１２", "٣", "𝟗", "⁰", "½", "Ⅻ", "1.0", ".05", "c1", "-1", "+1", " 1", "1e3", "0x1", "NaN",
          "\0", "\ud800", r"\u0000", r"\ud800", "\\", '"', "null", "true", "[]", "{}")
"""libFuzzer's dictionary: digits that are not ASCII (str.isdigit accepts them, int() may
not), numbers spelled oddly, JSON escapes and lone surrogates."""


def dictionary(directory: Path) -> Path:
    path = directory / "tokens.dict"
    escaped = ("".join(f"\\x{byte:02x}" for byte in token.encode("utf-8", "surrogatepass")) for token in TOKENS)
    path.write_text("".join(f'"{token}"\n' for token in escaped), encoding="ascii")
    return path


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in MAX_LEN:
        sys.exit(__doc__)
    name, rest = argv[1], argv[2:]
    flags = [a for a in rest if a.startswith("-")]
    paths = [a for a in rest if not a.startswith("-")]
    reproducing = bool(paths) and Path(paths[0]).is_file()
    target: requests.Target | logs.Target
    # atheris binds Mutate only once Fuzz() runs: look it up at each call.
    target = (requests.Target if name == "requests" else logs.Target)(lambda data, size: atheris.Mutate(data, size))
    if not reproducing:
        corpus = Path(paths[0]) if paths else Path(tempfile.mkdtemp(prefix=f"tablerules-fuzz-{name}-"))
        corpus.mkdir(parents=True, exist_ok=True)
        for seed in target.seeds():
            (corpus / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
        paths = [str(corpus), *paths[1:]]
    arguments = [argv[0], f"-max_len={MAX_LEN[name]}", f"-dict={dictionary(Path(tempfile.mkdtemp()))}", *flags,
                 *paths]
    atheris.Setup(arguments, target, custom_mutator=target.mutate)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
