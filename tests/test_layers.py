"""The layers of `app/` import one way (ARCHITECTURE.md), checked from the source itself.

An AST walk over every `import` and `from … import` of every module, wherever it stands: an
import inside a function or under `TYPE_CHECKING` still draws the arrow, so it counts.
`from package import name` points at the submodule `package.name` when there is one, else at
the package.

- Each package of `app/` sits in one layer of `LAYERS`, bottom first, and imports nothing of
  a layer above its own: the errors and settings nothing of app, the engines nothing of app
  outside `app/games`, the database nothing of the rooms, crews or API, the rooms nothing of
  the crews or API, the crews nothing of the API. A package in no layer fails here: place it.
  The room layer is layered in turn by its jobs: `push/` (views, broker, hub, sockets) under
  `commands/` under `follow/`, and the fan-out and wiring over all three.
  The fast paths (`app/fast/`) are one package by their job, not by layer: each module sits
  in the layer of what it goes around (the SQLite writer beside the database, the wire beside
  the rooms' sockets, the lane and front door beside the API).
- No import cycles anywhere in `app/` (a module of a package importing its parent package back
  closes one like any other).
- No SQL in the room layer or the crews: app/rooms and app/crews import no SQLAlchemy, and the
  crews reach the database only through its records and transactions (`CrewTx`, `Tx`).
- Views need no database; the hub calls nothing back; no module past its size.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Bottom first; a module may import its own layer and the layers below it, nothing above.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("app.errors", "app.settings", "app.metrics", "app.fast"),  # nothing of app
    ("app.games",),  # the engines: nothing of app outside app/games
    ("app.db", "app.fast.sqlite"),  # the tables, SQL, transactions and records
    # the room layer, by its jobs, each over the ones before it:
    ("app.rooms.push", "app.fast.wire"),  # views, the broker, the hub and its sockets
    ("app.rooms.commands",),  # commands: they publish to the broker
    ("app.rooms.follow",),  # what follows a move: the clock, odds and bots, as commands
    ("app.rooms",),  # the fan-out (broker → hub, then follow-ups) and the wiring
    ("app.crews",),  # crews, over the rooms' lobby and database
    # HTTP and the WebSocket (the fast paths in front of the framework among them)
    ("app.net", "app.api", "app.fast.lane", "app.fast.front"),
    ("app", "app.main", "app.__main__"),  # the app built and served
)
LINES_MAX = {"app.rooms": 400, "app.db": 400, "app.api": 400, "app.crews": 300}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path, package: str) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}


APP = modules(ROOT, "app")


def imports(path: Path) -> set[str]:
    """Every module `path` imports, by its full name as written (and `module.name` for each
    name a `from module import` takes): what the SQL and size checks look at."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def imported(path: Path, name: str, known: set[str]) -> Iterator[str]:
    """The modules of `known` that the module `name` (at `path`) imports."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                yield from _known(target if target in known else base, known)


def _known(target: str, known: set[str]) -> Iterator[str]:
    if target in known:
        yield target


def graph(root: Path, package: str) -> dict[str, set[str]]:
    found = modules(root, package)
    known = set(found)
    return {name: set(imported(path, name, known)) - {name} for name, path in found.items()}


EDGES = graph(ROOT, "app")


def layer_of(name: str) -> int | None:
    """The layer of module `name`: that of the longest package of `LAYERS` holding it."""
    best: tuple[int, int] | None = None  # (length of the package's name, layer)
    for index, packages in enumerate(LAYERS):
        for package in packages:
            if (name == package or name.startswith(package + ".")) and (
                best is None or len(package) > best[0]
            ):
                best = (len(package), index)
    return None if best is None else best[1]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(out)


# --- the layers -------------------------------------------------------------------------------


def test_every_module_of_app_has_a_layer() -> None:
    assert [name for name in APP if layer_of(name) is None] == []


@pytest.mark.parametrize("name", sorted(APP))
def test_no_module_imports_a_layer_above_its_own(name: str) -> None:
    own = layer_of(name)
    assert own is not None, f"{name}: in no layer of LAYERS"
    above = sorted(dep for dep in EDGES[name] if (layer_of(dep) or 0) > own)
    assert above == [], f"{name} (layer {own}) imports {above}"


def test_the_layers_say_what_the_architecture_says() -> None:
    """The rules of ARCHITECTURE.md, spelled out against the table above."""

    def reached(package: str) -> set[str]:
        prefix = package + "."
        return {
            dep
            for name, deps in EDGES.items()
            if name == package or name.startswith(prefix)
            for dep in deps
        }

    def within(deps: set[str], *packages: str) -> set[str]:
        return {d for d in deps if not any(d == p or d.startswith(p + ".") for p in packages)}

    assert reached("app.errors") == set()  # every layer may raise it
    assert within(reached("app.games"), "app.games") == set()
    database = ("app.db", "app.errors", "app.metrics", "app.settings", "app.fast.sqlite")
    assert within(reached("app.db"), *database) == set()  # its fast path beside it
    assert {d for d in reached("app.rooms") if d.startswith(("app.api", "app.crews"))} == set()
    assert {d for d in reached("app.crews") if d.startswith("app.api")} == set()
    assert {d for d in reached("app.api") if d.startswith(("app.main", "app.__main__"))} == set()


def test_app_has_no_import_cycles() -> None:
    assert cycles(EDGES) == []


def test_the_walk_finds_a_cycle_hidden_in_a_function_and_a_relative_one(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def later():\n    import pkg.a\n")
    (pkg / "sub" / "__init__.py").write_text("from . import c\n")
    (pkg / "sub" / "c.py").write_text("from .d import thing\n")
    (pkg / "sub" / "d.py").write_text("from ..sub import c\nthing = 1\n")
    (pkg / "e.py").write_text("import pkg.a\nfrom pkg.sub import c\n")  # one way: no cycle
    edges = graph(tmp_path, "pkg")
    assert edges["pkg.sub"] == {"pkg.sub.c"} and edges["pkg.sub.c"] == {"pkg.sub.d"}
    assert cycles(edges) == [["pkg.a", "pkg.b"], ["pkg.sub.c", "pkg.sub.d"]]


# --- no SQL above the database ------------------------------------------------------------------


def _of(package: str) -> list[str]:
    return [name for name in APP if name.startswith(package + ".") or name == package]


@pytest.mark.parametrize("name", [*_of("app.rooms"), *_of("app.crews")])
def test_the_rooms_and_the_crews_write_no_sql(name: str) -> None:
    found = imports(APP[name])
    assert not [i for i in found if i.split(".")[0] == "sqlalchemy"], name
    assert not [i for i in found if i.startswith("app.db.models")], name


def test_the_crews_reach_the_database_only_through_its_records_and_transactions() -> None:
    """app/db/crews.py (`CrewTx` and the crew records) and app/db/rooms.py (`Tx`, the room
    records): not the SQL of app/db/store.py, nor the sessions."""
    reached = {i for name in _of("app.crews") for i in imports(APP[name]) if i.startswith("app.db")}
    assert {".".join(i.split(".")[:3]) for i in reached} <= {"app.db.crews", "app.db.rooms"}


def test_views_need_no_database_and_the_hub_calls_nothing_back() -> None:
    views = imports(APP["app.rooms.push.views"])
    assert not any(i.startswith(("app.db", "sqlalchemy")) for i in views)
    hub = {i for i in EDGES["app.rooms.push.hub"] if i.startswith("app.rooms")}
    # messages it is handed, views it sends, its sockets
    assert hub <= {
        "app.rooms.push.broker",
        "app.rooms.push.views",
        "app.rooms.push.connection",
    }


def test_a_command_reaches_the_sockets_only_through_the_broker() -> None:
    """The commands and what follows a move publish to the broker; only the broker's handler,
    the fan-out (main.py), pushes to the hub and its sockets. None of them imports the
    fan-out, the hub or a connection, and the hub calls nothing back (above)."""
    pushing = {"app.rooms.fanout", "app.rooms.push.hub", "app.rooms.push.connection"}
    commands = [
        "app.rooms.commands.service",
        "app.rooms.commands.lobby",
        "app.rooms.commands.rematch",
        "app.rooms.commands.replays",
        "app.rooms.commands.cache",
        "app.rooms.commands.checks",
    ]
    following = ["app.rooms.follow.clock", "app.rooms.follow.odds", "app.rooms.follow.bots"]
    for name in (*commands, *following):
        assert EDGES[name] & pushing == set(), name


# --- sizes ---------------------------------------------------------------------------------------


def size_limit(name: str) -> int | None:
    if name == "app.db.crews":
        return LINES_MAX["app.crews"]
    return next((most for p, most in LINES_MAX.items() if name.startswith(p + ".")), None)


@pytest.mark.parametrize("name", [n for n in APP if size_limit(n) is not None])
def test_no_module_is_past_its_size(name: str) -> None:
    assert len(APP[name].read_text().splitlines()) <= (size_limit(name) or 0), name
