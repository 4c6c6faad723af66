"""No import cycles anywhere in `app/` (issue 19 item 3).

A small AST walk over every `import` and `from … import` of every module, wherever it stands:
an import inside a function that dodges a cycle at load time still draws the arrow, so it
counts. `from package import name` points at the submodule `package.name` when there is one,
else at the package. A package's own `__init__` importing its modules is the usual one-way
arrow; a module of the package importing its parent package back closes a cycle like any other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path, package: str) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}


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


def test_app_has_no_import_cycles() -> None:
    assert cycles(graph(ROOT, "app")) == []


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
