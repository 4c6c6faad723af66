"""The room layer's map stays true (ARCHITECTURE.md): no SQL in app/rooms, views without a
database, a hub that calls nothing back, no import cycles, no module past ~400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"
LAYERS = ("rooms", "db")
LINES_MAX = 400


def modules() -> dict[str, Path]:
    found = {}
    for layer in LAYERS:
        for path in sorted((APP / layer).glob("*.py")):
            found[f"app.{layer}.{path.stem}".removesuffix(".__init__")] = path
    return found


def imports(path: Path) -> set[str]:
    """Every module `path` imports at its top level or anywhere else, by full name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("name", [n for n in modules() if n.startswith("app.rooms.")])
def test_the_room_layer_writes_no_sql(name: str) -> None:
    assert not any(i.split(".")[0] == "sqlalchemy" for i in imports(modules()[name])), name


def test_views_need_no_database_and_the_hub_calls_nothing_back() -> None:
    views = imports(modules()["app.rooms.views"])
    assert not any(i.startswith(("app.db", "sqlalchemy")) for i in views)
    hub = {
        i.split(".")[2] for i in imports(modules()["app.rooms.hub"]) if i.startswith("app.rooms.")
    }
    # messages it is handed, views it sends, its sockets (connection.py)
    assert hub <= {"broker", "views", "connection"}


def test_no_import_cycles_between_rooms_and_db() -> None:
    known = modules()
    graph = {
        name: {i for i in imports(path) if i in known} - {name} for name, path in known.items()
    }
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


@pytest.mark.parametrize("name", list(modules()))
def test_no_module_of_the_room_layer_is_past_its_size(name: str) -> None:
    assert len(modules()[name].read_text().splitlines()) <= LINES_MAX, name
