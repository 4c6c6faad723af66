"""FAST_SQLITE: the SQLite writer's SQL text (app/fast/sqlite.py) stores and reads a lobby, and
commits a batch of actions, exactly as the Core statements of app/db/store.py do (the
reference): the same rows, values in the same form, the same records; and it writes on the
journal's own connection."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from app.db.journal import Append
from app.db.migrate import upgrade
from app.db.rooms import Database, RoomRow, SeatRow, Tx
from app.db.session import make_engine, sqlite_writer
from app.fast import sqlite as fast
from app.rooms.wiring import Rooms

pytestmark = pytest.mark.asyncio

STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")  # how SQLAlchemy stores a time
TIMES = {"created_at", "started_at", "joined_at", "updated_at"}


def lobby(conn: Connection, code: str) -> tuple[RoomRow | None, list[SeatRow]]:
    """A crew room with a host and a bot, started; its records read back."""
    tx = Tx(conn)
    row = RoomRow(
        id=0,
        code=code,
        game="tiny",
        mode="race",
        options={"team": "Ferencváros", "target": 3, "odds": 1.5, "fast": True, "none": None},
        status="lobby",
        seed=2**62 + 1,
        seed_hash="c" * 64,
        seq=0,
        rematch_code=None,
        finished_at=None,
        crew_id=7,
    )
    room_id = tx.add_room_unless_taken(row)
    assert room_id is not None
    assert tx.add_room_unless_taken(row) is None  # the code is taken: nothing inserted
    tx.add_seat(room_id, SeatRow(0, "Anna", token_hash="a" * 64, member_id=3))
    tx.add_seat(room_id, SeatRow(1, "Bot 1", bot=True))
    with pytest.raises(IntegrityError):  # the seat is taken, as SQLAlchemy says it
        tx.add_seat(room_id, SeatRow(1, "Bence", token_hash="b" * 64))
    tx.add_snapshot(room_id, {"hand": ["Ő", 1, 2.5, None]}, {"since": {"0": 1.25}})
    tx.start(room_id)
    return tx.room(code), tx.seats(room_id)


def stored(path: Path, code: str) -> dict[str, list[dict[str, Any]]]:
    """The room's rows as SQLite holds them, without ids and codes, times by their form."""
    db = sqlite3.connect(path)
    db.row_factory = lambda cursor, row: {
        d[0]: v for d, v in zip(cursor.description, row, strict=True)
    }
    try:
        room_id = db.execute("SELECT id FROM room WHERE code = ?", (code,)).fetchone()["id"]
        tables = {
            "action": db.execute("SELECT * FROM action WHERE room_id = ?", (room_id,)).fetchall(),
            "room": db.execute("SELECT * FROM room WHERE id = ?", (room_id,)).fetchall(),
            "seat": db.execute("SELECT * FROM seat WHERE room_id = ?", (room_id,)).fetchall(),
            "snapshot": db.execute(
                "SELECT * FROM snapshot WHERE room_id = ?", (room_id,)
            ).fetchall(),
        }
    finally:
        db.close()
    return {
        table: [
            {
                name: bool(STAMP.fullmatch(row[name]))
                if name in TIMES | {"finished_at"} and row[name]
                else row[name]
                for name in row
                if name not in ("id", "room_id", "code")
            }
            for row in rows
        ]
        for table, rows in tables.items()
    }


async def test_the_sqlite_writer_stores_and_reads_a_lobby_as_core_does(tmp_path: Path) -> None:
    path = tmp_path / "lobby.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url)
    engine = make_engine(url)
    writer, plain = sqlite_writer(engine), sqlite_writer(engine)
    assert writer is not None and plain is not None
    fast.mark(writer)
    try:
        with plain.begin() as conn:
            assert fast.writer(conn) is None  # an unmarked writer: Core
        with writer.begin() as conn:
            assert fast.writer(conn) is not None  # this one takes the SQL text
            by_text = lobby(conn, "AAAAAA")
        async with engine.begin() as conn:
            by_core = await conn.run_sync(lobby, "BBBBBB")
            assert await conn.run_sync(fast.writer) is None  # aiosqlite: Core
    finally:
        writer.dispose()
        plain.dispose()
        await engine.dispose()
    text_room, core_room = by_text[0], by_core[0]
    assert text_room is not None and core_room is not None
    assert text_room.status == "playing" and text_room.options["team"] == "Ferencváros"
    assert text_room.code == "AAAAAA" and core_room.code == "BBBBBB"
    assert replace(text_room, id=0, code="") == replace(core_room, id=0, code="")
    assert by_text[1] == by_core[1]
    rows = stored(path, "AAAAAA")
    assert [len(rows[table]) for table in ("room", "seat", "snapshot")] == [1, 2, 1]
    assert rows == stored(path, "BBBBBB")


async def test_the_lobby_writes_on_the_journals_own_connection(tmp_path: Path) -> None:
    """SQLite's one writer is one connection (journal.py): a lobby's writes and the journal's
    batches of actions go through the same sqlite3 connection, never a second one."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'one.db'}"
    upgrade(url)
    engine = make_engine(url)
    rooms = Rooms.build(
        Database(engine, single_writer=True, fast_sqlite=True), no_broker, odds_sims=0
    )
    try:
        code, token = await rooms.lobby.create("tiny", "race", "Anna", {"target": 20})
        await rooms.lobby.join(code, "Bence")
        await rooms.lobby.start(code, token)
        snap = rooms.cache.latest(code)
        assert snap is not None
        seat = min(snap.to_act())
        await rooms.service.act(code, seat, "c1", snap.game.legal_actions(snap.state, seat)[0])
        lobby = await rooms.db.write(lambda tx: fast.writer(tx.conn))
        journal = rooms.db.journal._db  # the journal's own, held since its first batch
        assert lobby is not None and journal is not None
        assert lobby is journal.driver_connection
    finally:
        await rooms.aclose()
        await engine.dispose()


async def no_broker(_kind: str, _code: str, _seq: int, _data: dict[str, Any] | None = None) -> None:
    """Nothing hears of the changes here."""


@pytest.mark.parametrize("window", [0.0, 0.01])
async def test_a_batch_of_actions_is_committed_as_core_commits_it(
    tmp_path: Path, window: float
) -> None:
    """The journal's batches (group commit) write the same rows either way, conflicts
    (a seq or cid taken) answered the same."""
    outcomes = []
    for fast_sqlite in (True, False):
        path = tmp_path / f"{fast_sqlite}.db"
        url = f"sqlite+aiosqlite:///{path}"
        upgrade(url)
        engine = make_engine(url)
        db = Database(engine, single_writer=True, commit_window=window, fast_sqlite=fast_sqlite)
        try:
            room, _seats = await db.write(lambda tx: lobby(tx.conn, "AAAAAA"))
            assert room is not None

            def append(seq: int, cid: str, *, end: bool = False, room_id: int = room.id) -> Append:
                snapshot = ({"seq": seq, "ő": [1.5, None]}, [{"e": seq}], {"t": 0.25})
                action = {"card": "Ő", "n": seq}
                return Append(room_id, seq, 0, cid, action, {"n": seq}, end, snapshot, at=1.5e9)

            results = await asyncio.gather(
                db.append(append(1, "c1")), db.append(append(2, "c2")), return_exceptions=True
            )
            for late in (append(2, "c3"), append(3, "c1"), append(3, "c4", end=True)):
                results += await asyncio.gather(db.append(late), return_exceptions=True)
        finally:
            await db.aclose()
            await engine.dispose()
        outcomes.append(([type(r).__name__ for r in results], stored(path, "AAAAAA")))
    assert outcomes[0] == outcomes[1]
    kinds, rows = outcomes[0]
    assert kinds == ["NoneType", "NoneType", "Conflict", "Conflict", "NoneType"]
    assert [a["seq"] for a in rows["action"]] == [1, 2, 3]
    assert rows["room"][0]["status"] == "finished" and rows["snapshot"][0]["seq"] == 3
