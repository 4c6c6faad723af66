"""`app/games/` imports nothing from the web, the database, the clock or the room layer."""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "app" / "games"
FORBIDDEN = {
    "fastapi",
    "starlette",
    "sqlalchemy",
    "alembic",
    "redis",
    "asyncpg",
    "aiosqlite",
    "httpx",
    "websockets",
    "uvicorn",
    "time",
    "datetime",
    "asyncio",
    "socket",
    "os",
    "secrets",
    "threading",
    "app.rooms",
    "app.api",
    "app.db",
    "app.main",
    "app.settings",
}


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engines_import_no_io_and_no_clock() -> None:
    offences = []
    for path in sorted(GAMES.rglob("*.py")):
        for name in imported_modules(path):
            if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN):
                offences.append(f"{path.relative_to(GAMES)} imports {name}")
    assert offences == []


def test_the_check_finds_a_forbidden_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import time\nfrom app.db import models\n")
    assert imported_modules(sneaky) >= {"time", "app.db"}
