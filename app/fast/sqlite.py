"""The SQLite writer's statements as SQL text straight to the driver (`FAST_SQLITE`).

On an SQLite file every write transaction runs on the writer's own pysqlite connection
(rooms.py, journal.py). For one-row statements SQLAlchemy's execution of even a compiled Core
statement (its parameters, cursor and result objects) costs ~3x what SQLite itself does, and a
started room is 15 of them in five transactions; for the group commit, its work per row of an
executemany cost more than SQLite's own. With `FAST_SQLITE` the writer's engine is marked
(`mark`, on each connection's record) and `store.py` hands the lobby's statements (`writer`)
and the journal its batches (`SqliteBatch`) to the driver as SQL text instead, the values made
and read by the columns' own types (`_types`), so what is stored and read back is what Core
stores and reads. Unmarked (the reference), through aiosqlite (reads, an in-memory database)
and on PostgreSQL, store.py's Core statements run. tests/db/test_fast_sqlite.py compares the
rows both write.
"""

from __future__ import annotations

import functools
import itertools
import sqlite3
import weakref
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeAlias, cast

from sqlalchemy import Connection, Dialect, Engine, Table, event
from sqlalchemy.exc import DBAPIError

from app.db.models import Action, Room, Seat, utcnow
from app.db.records import RoomRow, SeatRow

ROOM, SEAT = cast(Table, Room.__table__), cast(Table, Seat.__table__)


ROOM_FIELDS = tuple(field.name for field in fields(RoomRow))  # the columns, by name
SEAT_FIELDS = tuple(field.name for field in fields(SeatRow))
ROOM_VALUES = (
    "code",
    "game",
    "mode",
    "options",
    "status",
    "seed",
    "seed_hash",
    "seq",
    "started_at",
    "crew_id",
)
_ROOM_SQL = f"SELECT {', '.join(ROOM_FIELDS)} FROM room WHERE code = ?"
_SEATS_SQL = f"SELECT {', '.join(SEAT_FIELDS)} FROM seat WHERE room_id = ? ORDER BY seat"
_ADD_ROOM_SQL = (
    f"INSERT INTO room ({', '.join(ROOM_VALUES)}, created_at)"
    f" VALUES ({', '.join('?' * (len(ROOM_VALUES) + 1))}) RETURNING id"
)
_ADD_ROOM_UNLESS_TAKEN_SQL = _ADD_ROOM_SQL.replace(
    " RETURNING", " ON CONFLICT (code) DO NOTHING RETURNING"
)
_ADD_SEAT_SQL = (
    f"INSERT INTO seat (room_id, {', '.join(SEAT_FIELDS)}, joined_at)"
    f" VALUES ({', '.join('?' * (len(SEAT_FIELDS) + 2))})"
)
_ADD_SNAPSHOT_SQL = (
    "INSERT INTO snapshot (room_id, seq, state, log, clock, updated_at) VALUES (?, 0, ?, ?, ?, ?)"
)
_START_SQL = "UPDATE room SET status = 'playing', started_at = ? WHERE id = ?"

Convert: TypeAlias = Callable[[Any], Any] | None


@dataclass(frozen=True, slots=True)
class _Types:
    """How this dialect's columns store and read values."""

    json: Callable[[Any], Any]  # a JSON value as stored
    stamp: Callable[[Any], Any]  # a time as stored
    room: tuple[Convert, ...]  # reading a RoomRow's columns
    seat: tuple[Convert, ...]  # reading a SeatRow's


@functools.cache
def _types(dialect: Dialect) -> _Types:
    def reads(table: Table, names: tuple[str, ...]) -> tuple[Convert, ...]:
        return tuple(
            table.c[name].type.dialect_impl(dialect).result_processor(dialect, None)
            for name in names
        )

    def binds(column: Any) -> Callable[[Any], Any]:
        process = column.type.dialect_impl(dialect).bind_processor(dialect)
        return process or (lambda value: value)

    return _Types(
        json=binds(ROOM.c.options),
        stamp=binds(ROOM.c.created_at),
        room=reads(ROOM, ROOM_FIELDS),
        seat=reads(SEAT, SEAT_FIELDS),
    )


FAST = "pitchside.fast_sqlite"  # a connection record's info: its engine was `mark`ed


def mark(engine: Engine) -> None:
    """Every connection of the SQLite writer's `engine` takes the fast path (`writer`)."""

    @event.listens_for(engine, "connect")
    def fast(_dbapi: Any, record: Any) -> None:
        record.info[FAST] = True


def writer(conn: Connection) -> sqlite3.Connection | None:
    """The sqlite3 connection under `conn` when it is a `mark`ed SQLite writer's (pysqlite);
    None for any other (the Core statements run)."""
    if conn.dialect.driver != "pysqlite" or not conn.info.get(FAST):
        return None
    driver = conn.connection.driver_connection
    assert isinstance(driver, sqlite3.Connection)
    return driver


def _run(driver: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
    try:
        return driver.execute(sql, params)
    except sqlite3.Error as exc:  # as SQLAlchemy raises it (rooms.py: `unavailable`)
        raise cast(Exception, DBAPIError.instance(sql, params, exc, sqlite3.Error)) from exc


def _read(row: tuple[Any, ...], converts: tuple[Convert, ...]) -> list[Any]:
    return [
        value if convert is None else convert(value)
        for value, convert in zip(row, converts, strict=True)
    ]


def room_by_code(driver: sqlite3.Connection, dialect: Dialect, code: str) -> RoomRow | None:
    row = _run(driver, _ROOM_SQL, (code,)).fetchone()
    return None if row is None else RoomRow(*_read(row, _types(dialect).room))


def seats_of(driver: sqlite3.Connection, dialect: Dialect, room_id: int) -> list[SeatRow]:
    reads = _types(dialect).seat
    return [SeatRow(*_read(row, reads)) for row in _run(driver, _SEATS_SQL, (room_id,))]


def add_room(
    driver: sqlite3.Connection, dialect: Dialect, values: dict[str, Any], *, unless_taken: bool
) -> int | None:
    types = _types(dialect)
    params = [values[name] for name in ROOM_VALUES]
    params[ROOM_VALUES.index("options")] = types.json(values["options"])
    params[ROOM_VALUES.index("started_at")] = types.stamp(values["started_at"])
    sql = _ADD_ROOM_UNLESS_TAKEN_SQL if unless_taken else _ADD_ROOM_SQL
    row = _run(driver, sql, (*params, types.stamp(utcnow()))).fetchone()
    return None if row is None else int(row[0])


def add_seat(driver: sqlite3.Connection, dialect: Dialect, room_id: int, seat: SeatRow) -> None:
    fields = (seat.seat, seat.name, seat.bot, seat.away, seat.token_hash, seat.member_id)
    _run(driver, _ADD_SEAT_SQL, (room_id, *fields, _types(dialect).stamp(utcnow())))


def add_snapshot(
    driver: sqlite3.Connection,
    dialect: Dialect,
    room_id: int,
    state: dict[str, Any],
    clock: dict[str, Any],
) -> None:
    types = _types(dialect)
    json, now = types.json, types.stamp(utcnow())
    _run(driver, _ADD_SNAPSHOT_SQL, (room_id, json(state), json([]), json(clock), now))


def start(driver: sqlite3.Connection, dialect: Dialect, room_id: int) -> None:
    _run(driver, _START_SQL, (_types(dialect).stamp(utcnow()), room_id))


# --- the command path (app/db/journal.py): one batch of actions ----------------------------


class SqliteBatch:
    """The command path's statements on SQLite, straight on the sqlite3 connection: the
    values made once per batch by the columns' own types (so the rows read back exactly as
    SQLAlchemy's would), the SQL text fixed (sqlite3 keeps it prepared). Through
    `exec_driver_sql` and a bind processor looked up per call, SQLAlchemy's part of a lone
    action's commit was a third of it (bench/README.md)."""

    def __init__(self, dialect: Any) -> None:
        def bind(column: Any) -> Callable[[Any], Any]:
            process = column.type.dialect_impl(dialect).bind_processor(dialect)
            return process or (lambda value: value)

        self.json = bind(Action.action)
        self.stamp = bind(Action.created_at)

    @classmethod
    def of(cls, dialect: Any) -> SqliteBatch:
        made = _BATCHES.get(dialect)
        if made is None:
            made = _BATCHES[dialect] = cls(dialect)
        return made

    def append(self, db: Any, rows: list[dict[str, Any]], now: Any = None) -> set[tuple[int, int]]:
        """`append_actions` on the DB-API connection `db` (sqlite3, or SQLAlchemy's adapter
        of aiosqlite on an in-memory database); `now`: the batch's `stamp`, if made."""
        json, stamp, now = self.json, self.stamp, now or self.stamp(utcnow())
        values = [
            (
                r["room_id"],
                r["seq"],
                r["seat"],
                r["cid"],
                json(r["action"]),
                json(r["note"]),
                now if r.get("created_at") is None else stamp(r["created_at"]),
            )
            for r in rows
        ]
        cursor = db.cursor()
        cursor.execute(
            "INSERT INTO action (room_id, seq, seat, cid, action, note, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(values))
            + " ON CONFLICT DO NOTHING RETURNING room_id, seq",
            tuple(itertools.chain.from_iterable(values)),  # one statement: one round of SQLite
        )
        return {(room_id, seq) for room_id, seq in cursor.fetchall()}

    def advance(self, db: Any, rooms: list[tuple[int, int, bool]], now: Any = None) -> None:
        """`advance_rooms` on the DB-API connection `db`; `now` as for `append`. A room
        that goes on is `playing` already (an action is appended to no other): its `status`
        is left out of the UPDATE, for SQLite rewrites the status index's entry of every row
        whose status is SET, changed or not: a page more in the WAL with every commit (two of
        a lone action's ~11 writes, bench/README.md, eighth pass)."""
        on = [(seq, id_) for id_, seq, end in rooms if not end]
        if on:
            db.cursor().executemany("UPDATE room SET seq = ? WHERE id = ?", on)
        ended = [(seq, id_) for id_, seq, end in rooms if end]
        if ended:
            done = now or self.stamp(utcnow())
            db.cursor().executemany(
                "UPDATE room SET seq = ?, status = 'finished', finished_at = ? WHERE id = ?",
                [(seq, done, id_) for seq, id_ in ended],
            )

    def save(
        self,
        db: Any,
        snapshots: list[tuple[int, int, dict[str, Any], list[Any], dict[str, Any]]],
        now: Any = None,
    ) -> None:
        """`save_snapshots` on the DB-API connection `db`; `now` as for `append`."""
        json, now = self.json, now or self.stamp(utcnow())
        db.cursor().executemany(
            "UPDATE snapshot SET seq = ?, state = ?, log = ?, clock = ?, updated_at = ?"
            " WHERE room_id = ? AND seq < ?",
            [
                (seq, json(state), json(log), json(clock), now, room, seq)
                for room, seq, state, log, clock in snapshots
            ],
        )


# By dialect: each engine's has its own JSON codec (session.py's JSON_CODEC).
_BATCHES: weakref.WeakKeyDictionary[Any, SqliteBatch] = weakref.WeakKeyDictionary()
