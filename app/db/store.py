"""The SQL the room layer needs, as small plain functions over one connection (one
transaction). `rooms.py` wraps them in records for the room layer; writes to an SQLite file
run on the journal's own connection, on the event loop (`journal.py`), reads and other
writes through `AsyncConnection.run_sync`.

Core statements on the tables, not the ORM: no session, identity map, flush or read-back of
generated columns, so a lobby transaction costs its statements and little more (the ORM's
work was most of starting a match: bench/README.md, "Starting a match"). The statements are
built once, here, with bound parameters, so each execution only finds its compiled form in
SQLAlchemy's cache. Column defaults (`created_at`, `joined_at`, ...) are the tables' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, TypeAlias, cast

from sqlalchemy import Connection, Row, Table, bindparam, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from app.db.models import Action, Room, Seat, Snapshot, utcnow
from app.db.records import RoomRow, SeatRow, room_row, seat_row
from app.fast import sqlite as fast

ROOM, SEAT, ACTION, SNAPSHOT = (
    cast(Table, model.__table__) for model in (Room, Seat, Action, Snapshot)
)
AnyRow: TypeAlias = Row[*tuple[Any, ...]]
SEAT_FIELDS = tuple(field.name for field in fields(SeatRow))
SEAT_COLUMNS = tuple(SEAT.c[name] for name in SEAT_FIELDS)
ACTION_COLUMNS = (ACTION.c.seq, ACTION.c.seat, ACTION.c.action, ACTION.c.note, ACTION.c.created_at)
SNAPSHOT_COLUMNS = (SNAPSHOT.c.seq, SNAPSHOT.c.state, SNAPSHOT.c.log, SNAPSHOT.c.clock)

_ROOM = select(ROOM).where(ROOM.c.code == bindparam("code"))
_ROOM_LOCKED = _ROOM.with_for_update()
_SEATS = select(*SEAT_COLUMNS).where(SEAT.c.room_id == bindparam("room_id")).order_by(SEAT.c.seat)
_SNAPSHOT = select(*SNAPSHOT_COLUMNS).where(SNAPSHOT.c.room_id == bindparam("room_id"))
_CODE_TAKEN = select(ROOM.c.id).where(ROOM.c.code == bindparam("code"))
_ACTION_BY_CID = select(ACTION.c.seq).where(
    ACTION.c.room_id == bindparam("room_id"),
    ACTION.c.seat == bindparam("seat"),
    ACTION.c.cid == bindparam("cid"),
)
_ROOMS_BY_STATUS = select(ROOM.c.status, func.count()).group_by(ROOM.c.status)
_ADD_ROOM = ROOM.insert().returning(ROOM.c.id)
_ADD_ROOM_UNLESS_TAKEN = {
    name: dialect.insert(ROOM).on_conflict_do_nothing(index_elements=["code"]).returning(ROOM.c.id)
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))
}
_APPEND_ACTIONS = {
    name: dialect.insert(ACTION).on_conflict_do_nothing().returning(ACTION.c.room_id, ACTION.c.seq)
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))
}
_ADD_SEAT = SEAT.insert()
_ADD_SNAPSHOT = SNAPSHOT.insert()
_SET_ROOM = update(ROOM).where(ROOM.c.id == bindparam("b_room"))
_START = _SET_ROOM.values(status="playing", started_at=bindparam("b_at"))
_SET_OPTIONS = _SET_ROOM.values(options=bindparam("b_options"))
_SET_REMATCH = _SET_ROOM.values(rematch_code=bindparam("b_code"))
_SET_AWAY = (
    update(SEAT)
    .where(
        SEAT.c.room_id == bindparam("b_room"),
        SEAT.c.seat == bindparam("b_seat"),
        SEAT.c.bot.is_(False),
    )
    .values(away=bindparam("b_away"))
)
_DROP_SEAT = delete(SEAT).where(
    SEAT.c.room_id == bindparam("b_room"), SEAT.c.seat == bindparam("b_seat")
)
_MOVE_SEAT = (
    update(SEAT)
    .where(SEAT.c.room_id == bindparam("b_room"), SEAT.c.seat == bindparam("b_seat"))
    .values(seat=SEAT.c.seat - 1)
)


def room_by_code(conn: Connection, code: str, *, lock: bool = False) -> RoomRow | None:
    """The room row; with `lock`, held until commit (a row lock on PostgreSQL, which
    serializes commands for one room across instances; SQLite serializes all writers)."""
    driver = fast.writer(conn)
    if driver is not None:
        return fast.room_by_code(driver, conn.dialect, code)
    row = conn.execute(_ROOM_LOCKED if lock else _ROOM, {"code": code}).one_or_none()
    return None if row is None else room_row(row)


def seats_of(conn: Connection, room_id: int) -> list[SeatRow]:
    driver = fast.writer(conn)
    if driver is not None:
        return fast.seats_of(driver, conn.dialect, room_id)
    return [seat_row(row) for row in conn.execute(_SEATS, {"room_id": room_id})]


def snapshot_of(conn: Connection, room_id: int) -> AnyRow | None:
    return conn.execute(_SNAPSHOT, {"room_id": room_id}).one_or_none()


def action_by_cid(conn: Connection, room_id: int, seat: int, cid: str) -> int | None:
    """The seq of the room's action that `seat` sent as `cid`, if any."""
    params = {"room_id": room_id, "seat": seat, "cid": cid}
    seq: int | None = conn.execute(_ACTION_BY_CID, params).scalar_one_or_none()
    return seq


def actions_of(
    conn: Connection, room_id: int, upto: int | None = None, after: int = 0
) -> Sequence[AnyRow]:
    query = select(*ACTION_COLUMNS).where(ACTION.c.room_id == room_id, ACTION.c.seq > after)
    if upto is not None:
        query = query.where(ACTION.c.seq <= upto)
    return conn.execute(query.order_by(ACTION.c.seq)).all()


def rooms_by_status(conn: Connection) -> dict[str, int]:
    return {str(status): int(count) for status, count in conn.execute(_ROOMS_BY_STATUS).all()}


def code_taken(conn: Connection, code: str) -> bool:
    return conn.execute(_CODE_TAKEN, {"code": code}).first() is not None


def add_room(conn: Connection, values: dict[str, Any], *, unless_taken: bool = False) -> int | None:
    """Insert a room (`values` by `fast.ROOM_VALUES`); its id. With `unless_taken`, None (and
    nothing inserted) when its code is taken: one statement instead of a look first."""
    driver = fast.writer(conn)
    if driver is not None:
        return fast.add_room(driver, conn.dialect, values, unless_taken=unless_taken)
    statement = _ADD_ROOM_UNLESS_TAKEN[conn.dialect.name] if unless_taken else _ADD_ROOM
    room_id: int | None = conn.execute(statement, values).scalar_one_or_none()
    return room_id


def add_seat(conn: Connection, room_id: int, seat: SeatRow) -> None:
    driver = fast.writer(conn)
    if driver is not None:
        fast.add_seat(driver, conn.dialect, room_id, seat)
        return
    conn.execute(
        _ADD_SEAT,
        {"room_id": room_id, **{name: getattr(seat, name) for name in SEAT_FIELDS}},
    )


def add_snapshot(
    conn: Connection, room_id: int, state: dict[str, Any], clock: dict[str, Any]
) -> None:
    """The first snapshot of a match (seq 0)."""
    driver = fast.writer(conn)
    if driver is not None:
        fast.add_snapshot(driver, conn.dialect, room_id, state, clock)
        return
    values = {"room_id": room_id, "seq": 0, "state": state, "log": [], "clock": clock}
    conn.execute(_ADD_SNAPSHOT, values)


def start(conn: Connection, room_id: int) -> None:
    driver = fast.writer(conn)
    if driver is not None:
        fast.start(driver, conn.dialect, room_id)
        return
    conn.execute(_START, {"b_room": room_id, "b_at": utcnow()})


def set_options(conn: Connection, room_id: int, options: dict[str, Any]) -> None:
    conn.execute(_SET_OPTIONS, {"b_room": room_id, "b_options": options})


def set_rematch(conn: Connection, room_id: int, code: str) -> None:
    conn.execute(_SET_REMATCH, {"b_room": room_id, "b_code": code})


def set_away(conn: Connection, room_id: int, seat: int, away: bool) -> bool:
    """Mark a human seat away or back; False when there is no such human seat."""
    params = {"b_room": room_id, "b_seat": seat, "b_away": away}
    return conn.execute(_SET_AWAY, params).rowcount == 1


def remove_seat(conn: Connection, room_id: int, seat: int) -> None:
    """The seat goes, and the seats after it move down one, so the table stays 0..n-1."""
    later = [s.seat for s in seats_of(conn, room_id) if s.seat > seat]
    conn.execute(_DROP_SEAT, {"b_room": room_id, "b_seat": seat})
    for number in sorted(later):
        conn.execute(_MOVE_SEAT, {"b_room": room_id, "b_seat": number})


# --- the command path: statements over many rooms at once (app/db/journal.py) ---------------
# Plain (sync) functions over one connection: the journal runs them on the SQLite writer's
# connection and through `AsyncConnection.run_sync` on PostgreSQL (with `FAST_SQLITE`, the
# SQLite writer's batches go to the driver as SQL text instead: app/fast/sqlite.py).


def append_actions(conn: Connection, rows: list[dict[str, Any]]) -> set[tuple[int, int]]:
    """Insert action rows, skipping any whose (room, seq) or (room, seat, cid) is taken;
    returns the (room_id, seq) of the rows that went in."""
    if not rows:
        return set()
    now = utcnow()
    result = conn.execute(
        _APPEND_ACTIONS[conn.dialect.name],
        [row | {"created_at": row.get("created_at") or now} for row in rows],
    )
    return {(room_id, seq) for room_id, seq in result.all()}


def advance_rooms(conn: Connection, rooms: list[tuple[int, int, bool]]) -> None:
    """Move each room to its new seq: (room_id, seq, finished)."""
    if not rooms:
        return
    now = utcnow()
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


def recent_finished(conn: Connection, limit: int) -> Sequence[AnyRow]:
    """The latest finished rooms with their final snapshots, newest first: each row the
    room's columns, then the snapshot's as `snap_seq`, `snap_state`, `snap_log`,
    `snap_clock`."""
    snapshot = [column.label(f"snap_{column.name}") for column in SNAPSHOT_COLUMNS]
    query = (
        select(ROOM, *snapshot)
        .join(SNAPSHOT, SNAPSHOT.c.room_id == ROOM.c.id)
        .where(ROOM.c.status == "finished")
        .order_by(ROOM.c.finished_at.desc(), ROOM.c.id.desc())
        .limit(limit)
    )
    return conn.execute(query).all()
