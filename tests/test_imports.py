"""How the project's packages may import each other (DESIGN.md, "The shape"; issue 29),
read from the source with `ast`, every import counted: at the top of a module, inside a
function, or for type checks alone.

- No import circle, among the modules of any package or across them.
- `domain/` is pure: it imports none of the server, the tools, the client or gRPC.
- `service/` serves: it imports neither the tools nor the client, and never names a game
  (no `domain.games.<name>`, no ruleset's name in its code); it reaches every game
  through `domain.games.REGISTRY`.
- The client (`tablerules_client`) imports none of the project but the generated code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from domain.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {
    "domain": ROOT / "domain",
    "service": ROOT / "service",
    "tools": ROOT / "tools",
    "tablerules_client": ROOT / "clients" / "python" / "tablerules_client",
    "bench": ROOT / "bench",
    "tests": ROOT / "tests",
}
"""The project's top-level packages and where their source is."""


@dataclass(frozen=True)
class Import:
    module: str
    """The module imported, as named (a submodule where `from package import name` names one)."""
    line: int


def _modules() -> dict[str, Path]:
    """Every module of the project's packages, by its dotted name."""
    found = {}
    for top, directory in PACKAGES.items():
        for path in sorted(directory.rglob("*.py")):
            parts = [top, *path.relative_to(directory).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def imports_of(name: str, path: Path) -> Iterator[Import]:
    """Every import statement of a module, relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (Import(alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield Import(submodule if submodule in MODULES else source, node.lineno)


def _project_module(module: str) -> str | None:
    """The project module an import loads (the nearest enclosing one for `from x import name`)."""
    while module and module not in MODULES:
        module = module.rpartition(".")[0]
    return module or None


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each project module and the project modules it imports."""
    edges = {}
    for name, path in MODULES.items():
        targets = {_project_module(i.module) for i in imports_of(name, path)}
        edges[name] = frozenset(t for t in targets if t is not None and t != name)
    return edges


def circles_in(edges: dict[str, frozenset[str]]) -> tuple[tuple[str, ...], ...]:
    """The import circles of a graph: each strongly connected set of two or more modules
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(tuple(sorted(members)))
    return tuple(sorted(found))


@cache
def circles() -> tuple[tuple[str, ...], ...]:
    return circles_in(graph())


def described(circle: tuple[str, ...]) -> str:
    """A circle told by its imports: `a imports b (line 3); b imports a (line 9)`."""
    members = set(circle)
    steps = []
    for name in circle:
        for imported in imports_of(name, MODULES[name]):
            target = _project_module(imported.module)
            if target in members and target != name:
                steps.append(f"{name} imports {target} (line {imported.line})")
                break
    return "; ".join(steps)


def _areas() -> list[str]:
    """Where a circle is looked for: each top-level package, and each game apart, since
    a game is a package of its own."""
    games = sorted(f"domain.games.{p.name}" for p in (PACKAGES["domain"] / "games").iterdir()
                   if (p / "__init__.py").is_file())
    return [*PACKAGES, *games]


def _in_area(module: str, area: str) -> bool:
    inside = module == area or module.startswith(area + ".")
    if area == "domain":  # each game is an area of its own
        return inside and not module.startswith("domain.games.")
    return inside


@pytest.mark.parametrize("area", _areas())
def test_no_import_circle(area: str) -> None:
    touching = [c for c in circles() if any(_in_area(m, area) for m in c)]
    assert not touching, "import circles:\n" + "\n".join(described(c) for c in touching)


def test_the_circle_finder_finds_a_circle_and_only_one() -> None:
    """The finder itself, on the project's graph with one import added (store importing
    tables): the circle it closes is found, with every module on its way, and no other."""
    edges = graph()
    assert "service.store" in edges["service.live"] and "service.live" in edges["service.tables"]
    closed = edges | {"service.store": edges["service.store"] | {"service.tables"}}
    new = [c for c in circles_in(closed) if c not in circles_in(edges)]
    assert len(new) == 1 and {"service.store", "service.live", "service.tables"} <= set(new[0]), new
    assert circles_in({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset()}) == ()
    assert circles_in({"a": frozenset({"b"}), "b": frozenset({"a"}), "c": frozenset({"a"})}) == (("a", "b"),)


def _imports_under(top: str) -> Iterator[tuple[str, Import]]:
    for name, path in MODULES.items():
        if name == top or name.startswith(top + "."):
            yield from ((name, i) for i in imports_of(name, path))


def _refused(top: str, forbidden: re.Pattern[str]) -> list[str]:
    return [f"{name} line {i.line}: imports {i.module}" for name, i in _imports_under(top)
            if forbidden.fullmatch(i.module)]


def test_service_imports_neither_the_client_nor_the_tools_nor_a_game() -> None:
    forbidden = re.compile(r"(tablerules_client|tools|domain\.games\.[a-z_]+)(\..*)?")
    assert not _refused("service", forbidden)


def test_service_names_no_game_in_its_code() -> None:
    """No ruleset's name, nor a game's package, in a string of the server's code (a
    docstring or a comment may give one as an example): it asks REGISTRY."""
    names = sorted({n for game in REGISTRY.values() for n in (game.ruleset.name, game.ruleset.member)})
    named = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b|domain\.games\.[a-z]")
    found = []
    for name, path in MODULES.items():
        if not _in_area(name, "service"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        found += [f"{name} line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and named.search(node.value)]
    assert not found


def test_domain_imports_nothing_outside_the_rules() -> None:
    forbidden = re.compile(r"(service|tools|tablerules_client|tablerules|grpc|google|eventsourcing|psycopg)(\..*)?")
    assert not _refused("domain", forbidden)


def test_the_client_imports_none_of_the_project() -> None:
    forbidden = re.compile(r"(domain|service|tools|bench|tests)(\..*)?")
    assert not _refused("tablerules_client", forbidden)
