"""The SQL the room layer needs, as small plain functions over one session or connection
(one transaction). `rooms.py` wraps them in records for the room layer and runs them
through `AsyncSession.run_sync`; writes to an SQLite file go through the journal's own
connection, on the event loop (`journal.py`)."""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, bindparam, func, select, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import Session

from app.db.models import Action, Room, Seat, Snapshot, utcnow


def room_by_code(session: Session, code: str, *, lock: bool = False) -> Room | None:
    """The room row; with `lock`, held until commit (a row lock on PostgreSQL, which
    serializes commands for one room across instances; SQLite serializes all writers)."""
    query = select(Room).where(Room.code == code)
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def seats_of(session: Session, room_id: int) -> list[Seat]:
    query = select(Seat).where(Seat.room_id == room_id).order_by(Seat.seat)
    return list(session.execute(query).scalars())


def snapshot_of(session: Session, room_id: int) -> Snapshot | None:
    return session.get(Snapshot, room_id)


def action_by_cid(session: Session, room_id: int, seat: int, cid: str) -> Action | None:
    query = select(Action).where(Action.room_id == room_id, Action.seat == seat, Action.cid == cid)
    return session.execute(query).scalar_one_or_none()


def actions_of(
    session: Session, room_id: int, upto: int | None = None, after: int = 0
) -> list[Action]:
    query = select(Action).where(Action.room_id == room_id, Action.seq > after)
    if upto is not None:
        query = query.where(Action.seq <= upto)
    return list(session.execute(query.order_by(Action.seq)).scalars())


def rooms_by_status(session: Session) -> dict[str, int]:
    query = select(Room.status, func.count()).group_by(Room.status)
    rows = session.execute(query).all()
    return {str(status): int(count) for status, count in rows}


def code_taken(session: Session, code: str) -> bool:
    query = select(func.count()).select_from(Room).where(Room.code == code)
    return bool(session.execute(query).scalar_one())


def new_snapshot(room_id: int, state: dict[str, Any], clock: dict[str, Any]) -> Snapshot:
    return Snapshot(room_id=room_id, seq=0, state=state, log=[], clock=clock)


# --- the command path: statements over many rooms at once (app/db/journal.py) ---------------
# Plain (sync) functions over one connection: the journal runs them on its own connection on
# SQLite and through `AsyncConnection.run_sync` on PostgreSQL. On SQLite they go to the driver
# as SQL text: SQLAlchemy's work per row of a Core executemany (processing each row's
# parameters, building the multi-row INSERT) cost more than SQLite's own (60
# actions: 4.0 -> 1.6 ms, bench/README.md). The values are still made by the columns' own
# types, so the rows read back exactly as before.


def append_actions(conn: Connection, rows: list[dict[str, Any]]) -> set[tuple[int, int]]:
    """Insert action rows, skipping any whose (room, seq) or (room, seat, cid) is taken;
    returns the (room_id, seq) of the rows that went in."""
    if not rows:
        return set()
    if conn.dialect.name == "sqlite":
        return _append_actions_sqlite(conn, rows)
    now = utcnow()
    statement = (
        postgresql.insert(Action).on_conflict_do_nothing().returning(Action.room_id, Action.seq)
    )
    result = conn.execute(statement, [row | {"created_at": now} for row in rows])
    return {(room_id, seq) for room_id, seq in result.all()}


def advance_rooms(conn: Connection, rooms: list[tuple[int, int, bool]]) -> None:
    """Move each room to its new seq: (room_id, seq, finished)."""
    if not rooms:
        return
    now = utcnow()
    if conn.dialect.name == "sqlite":
        SqliteBatch.of(conn.dialect).advance(conn.connection.dbapi_connection, rooms)
        return
    statement = (
        update(Room)
        .where(Room.id == bindparam("b_id"))
        .values(
            seq=bindparam("b_seq"),
            status=bindparam("b_status"),
            finished_at=bindparam("b_finished_at"),
        )
    )
    conn.execute(
        statement,
        [
            {
                "b_id": room_id,
                "b_seq": seq,
                "b_status": "finished" if finished else "playing",
                "b_finished_at": now if finished else None,
            }
            for room_id, seq, finished in rooms
        ],
    )


def save_snapshots(
    conn: Connection,
    snapshots: list[tuple[int, int, dict[str, Any], list[Any], dict[str, Any]]],
) -> None:
    """Overwrite rooms' snapshots: (room_id, seq, state, log, clock); never with an older one."""
    if not snapshots:
        return
    if conn.dialect.name == "sqlite":
        SqliteBatch.of(conn.dialect).save(conn.connection.dbapi_connection, snapshots)
        return
    statement = (
        update(Snapshot)
        .where(Snapshot.room_id == bindparam("b_room"), Snapshot.seq < bindparam("b_seq"))
        .values(
            seq=bindparam("b_seq"),
            state=bindparam("b_state"),
            log=bindparam("b_log"),
            clock=bindparam("b_clock"),
            updated_at=utcnow(),
        )
    )
    conn.execute(
        statement,
        [
            {"b_room": room, "b_seq": seq, "b_state": state, "b_log": log, "b_clock": clock}
            for room, seq, state, log, clock in snapshots
        ],
    )


def _append_actions_sqlite(conn: Connection, rows: list[dict[str, Any]]) -> set[tuple[int, int]]:
    return SqliteBatch.of(conn.dialect).append(conn.connection.dbapi_connection, rows)


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

    def append(self, db: Any, rows: list[dict[str, Any]]) -> set[tuple[int, int]]:
        """`append_actions` on the DB-API connection `db` (sqlite3, or SQLAlchemy's adapter
        of aiosqlite on an in-memory database)."""
        json, now = self.json, self.stamp(utcnow())
        values = [
            (r["room_id"], r["seq"], r["seat"], r["cid"], json(r["action"]), json(r["note"]), now)
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

    def advance(self, db: Any, rooms: list[tuple[int, int, bool]]) -> None:
        """`advance_rooms` on the DB-API connection `db`."""
        done = self.stamp(utcnow())
        db.cursor().executemany(
            "UPDATE room SET seq = ?, status = ?, finished_at = ? WHERE id = ?",
            [
                (seq, "finished", done, id_) if end else (seq, "playing", None, id_)
                for id_, seq, end in rooms
            ],
        )

    def save(
        self, db: Any, snapshots: list[tuple[int, int, dict[str, Any], list[Any], dict[str, Any]]]
    ) -> None:
        """`save_snapshots` on the DB-API connection `db`."""
        json, now = self.json, self.stamp(utcnow())
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


def set_away(session: Session, room_id: int, seat: int, away: bool) -> bool:
    """Mark a human seat away or back; False when there is no such human seat."""
    row = session.get(Seat, (room_id, seat))
    if row is None or row.bot:
        return False
    row.away = away
    return True


def recent_finished(session: Session, limit: int) -> list[tuple[Room, Snapshot]]:
    """The latest finished rooms with their final snapshots, newest first."""
    query = (
        select(Room, Snapshot)
        .join(Snapshot, Snapshot.room_id == Room.id)
        .where(Room.status == "finished")
        .order_by(Room.finished_at.desc(), Room.id.desc())
        .limit(limit)
    )
    return [(room, snap) for room, snap in session.execute(query).all()]
