"""The package's shape (issue 19 item 3): the modes import the shared match and table, never
each other; nothing imports upwards, so there is no import cycle and no import hidden inside
a function to dodge one."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "app" / "games" / "focifogadas"
PREFIX = "app.games.focifogadas"
MODES = {"drukker", "bukmeker", "live"}


def _trees() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text("utf-8")) for p in PACKAGE.glob("*.py")}


def _imports(tree: ast.Module) -> set[str]:
    """The package's modules that `tree` imports at its top level."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PREFIX:
                out |= {alias.name for alias in node.names}
            elif node.module.startswith(PREFIX + "."):
                out.add(node.module.removeprefix(PREFIX + "."))
    return out


def graph() -> dict[str, set[str]]:
    return {name: _imports(tree) for name, tree in _trees().items() if name != "__init__"}


def test_the_package_imports_only_downwards() -> None:
    try:
        order = list(TopologicalSorter(graph()).static_order())
    except CycleError as exc:  # pragma: no cover - the failure message
        raise AssertionError(f"import cycle: {exc.args[1]}") from exc
    assert order.index("game") == len(order) - 1


def test_no_module_imports_inside_a_function() -> None:
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.{node.name} imports inside the function"


def test_modes_import_the_shared_parts_never_each_other() -> None:
    g = graph()
    for mode in MODES:
        assert not g[mode] & (MODES | {"views", "bot", "game"}), mode
    assert {"match", "book"} <= g["bukmeker"] and "match" in g["drukker"] and "book" in g["live"]


def test_no_module_is_much_over_400_lines() -> None:
    sizes = {p.name: len(p.read_text("utf-8").splitlines()) for p in PACKAGE.glob("*.py")}
    assert max(sizes.values()) <= 410, sizes
