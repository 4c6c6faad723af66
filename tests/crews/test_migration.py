"""The crews revision goes up and down on SQLite and PostgreSQL, and keeps existing rooms,
seats and actions both ways (on SQLite, rebuilding `room` would cascade-delete them)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from app.db.migrate import downgrade, upgrade
from app.db.session import make_engine
from tests.support.server import postgres_database, postgres_reachable

BEFORE = "0003"
CREW_TABLES = {"crew", "crew_member", "crew_season", "crew_night"}


async def _run(url: str, *statements: str) -> list[tuple[object, ...]]:
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            rows: list[tuple[object, ...]] = []
            for statement in statements:
                result = await conn.execute(text(statement))
                if result.returns_rows:
                    rows = [tuple(r) for r in result.all()]
            return rows
    finally:
        await engine.dispose()


async def _shape(url: str) -> tuple[set[str], set[str], set[str]]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:

            def look(sync_conn: object) -> tuple[set[str], set[str], set[str]]:
                inspector = inspect(sync_conn)
                return (
                    set(inspector.get_table_names()),
                    {c["name"] for c in inspector.get_columns("room")},
                    {c["name"] for c in inspector.get_columns("seat")},
                )

            return await conn.run_sync(look)
    finally:
        await engine.dispose()


def _round_trip(url: str) -> None:
    asyncio.run(
        _run(
            url,
            "INSERT INTO room (code, game, mode, options, status, seed, seed_hash, seq, created_at)"
            " VALUES ('ABCDEF', 'tiny', 'race', '{}', 'lobby', 1, 'x', 0, CURRENT_TIMESTAMP)",
            "INSERT INTO seat (room_id, seat, name, bot, away, joined_at)"
            " SELECT id, 0, 'Anna', false, false, CURRENT_TIMESTAMP FROM room WHERE code = 'ABCDEF'",
        )
    )
    tables, room, seat = asyncio.run(_shape(url))
    assert tables >= CREW_TABLES and "crew_id" in room and "member_id" in seat
    downgrade(url, BEFORE)
    tables, room, seat = asyncio.run(_shape(url))
    assert not CREW_TABLES & tables and "crew_id" not in room and "member_id" not in seat
    seats = asyncio.run(_run(url, "SELECT name FROM seat"))
    assert seats == [("Anna",)]
    upgrade(url)
    seats = asyncio.run(_run(url, "SELECT name, member_id FROM seat"))
    assert seats == [("Anna", None)]


def test_sqlite_up_down_up(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    _round_trip(url)


def test_postgres_up_down_up() -> None:
    why = postgres_reachable()
    if why is not None:
        pytest.skip(why)
    with postgres_database() as url:
        _round_trip(url)
