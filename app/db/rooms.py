"""Rooms, seats, actions and snapshots as plain records: the room layer's whole view of the
database (app/rooms/ imports no SQLAlchemy).

A transaction is a plain function over a `Tx`, `fn(tx, *args)`, run by `Database.read` or
`Database.write`; a `Tx` answers in records (frozen dataclasses, `records.py`) and changes
rows only through its named methods. The SQL itself is in `store.py` (and, for the SQLite
writer with `FAST_SQLITE`, app/fast/sqlite.py); the group commit of actions in `journal.py`. A new table (the crews)
gets its records and `Tx` methods in a module of its own next to this one, over the same
`Tx.session`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from sqlalchemy import Connection, column, select, table
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Session

from app import metrics
from app.db import store
from app.db.journal import Append, Journal
from app.db.models import utcnow
from app.db.records import ActionRow, RoomRow, SeatRow, SnapshotRow, room_row
from app.db.session import sqlite_writer
from app.errors import RoomError, unavailable
from app.fast import sqlite as fast

__all__ = ["ActionRow", "Database", "RoomRow", "SeatRow", "SnapshotRow", "Tx", "_room_row"]

log = logging.getLogger(__name__)
_room_row = room_row  # app/db/crews.py's name for it

# The crews' member table (app/db/crews.py, which builds on this module), as far as a guest's
# name needs it.
CREW_MEMBER = table("crew_member", column("crew_id"), column("name"), column("removed_at"))

P = ParamSpec("P")
T = TypeVar("T")


def _epoch(at: datetime) -> float:
    """Epoch seconds of a stored time (SQLite hands it back without its UTC zone)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp()


class Tx:
    """One transaction's reads and writes, in the room layer's terms: Core statements
    (`store.py`) on the transaction's connection. `session` is an ORM session on the same
    connection and transaction, made when first asked for, for the crews' queries
    (app/db/crews.py); what it holds is flushed before any statement of ours and at the end."""

    def __init__(self, bind: Connection | Session) -> None:
        if isinstance(bind, Session):
            self._session: Session | None = bind
            self._conn = bind.connection()
        else:
            self._session, self._conn = None, bind

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session(bind=self._conn, expire_on_commit=False)
        return self._session

    @property
    def conn(self) -> Connection:
        """The connection, once the session's pending rows are written (as its autoflush
        would before a query)."""
        if self._session is not None:
            self._session.flush()
        return self._conn

    def done(self) -> None:
        """The end of the transaction's work: the session's last rows go in."""
        if self._session is not None:
            self._session.flush()
            self._session.close()

    def room(self, code: str, *, lock: bool = False) -> RoomRow | None:
        """With `lock`, the row is held until commit (see `store.room_by_code`)."""
        return store.room_by_code(self.conn, code, lock=lock)

    def seats(self, room_id: int) -> list[SeatRow]:
        return store.seats_of(self.conn, room_id)

    def member_names(self, crew_id: int) -> list[str]:
        """The names of a crew's current members (a guest may not sit under one)."""
        member = CREW_MEMBER.c
        query = select(member.name).where(member.crew_id == crew_id, member.removed_at.is_(None))
        return list(self.conn.execute(query).scalars())

    def snapshot(self, room_id: int) -> SnapshotRow | None:
        stored = store.snapshot_of(self.conn, room_id)
        if stored is None:
            return None
        return SnapshotRow(stored.seq, stored.state, stored.log, stored.clock or {})

    def actions(self, room_id: int, upto: int | None = None, after: int = 0) -> list[ActionRow]:
        rows = store.actions_of(self.conn, room_id, upto=upto, after=after)
        return [ActionRow(a.seq, a.seat, a.action, a.note, _epoch(a.created_at)) for a in rows]

    def seq_of_cid(self, room_id: int, seat: int, cid: str) -> int | None:
        return store.action_by_cid(self.conn, room_id, seat, cid)

    def room_counts(self) -> dict[str, int]:
        return store.rooms_by_status(self.conn)

    def code_taken(self, code: str) -> bool:
        return store.code_taken(self.conn, code)

    def recent_finished(self, limit: int) -> list[tuple[RoomRow, SnapshotRow, list[SeatRow]]]:
        """The latest finished rooms, newest first, with their last snapshots and seats."""
        return [
            (
                room_row(row),
                SnapshotRow(row.snap_seq, row.snap_state, row.snap_log, row.snap_clock or {}),
                self.seats(row.id),
            )
            for row in store.recent_finished(self.conn, limit)
        ]

    def add_room(self, row: RoomRow, *, started: bool = False) -> int:
        """Insert a room (`row.id` is ignored); returns its id."""
        room_id = store.add_room(self.conn, _room_values(row, started))
        assert room_id is not None
        return room_id

    def add_room_unless_taken(self, row: RoomRow) -> int | None:
        """Insert a room unless its code is taken (then None, and nothing changed)."""
        return store.add_room(self.conn, _room_values(row, False), unless_taken=True)

    def add_seat(self, room_id: int, seat: SeatRow) -> None:
        """A new seat (never away)."""
        store.add_seat(self.conn, room_id, replace(seat, away=False))

    def add_snapshot(self, room_id: int, state: dict[str, Any], clock: dict[str, Any]) -> None:
        """The first snapshot of a match (seq 0)."""
        store.add_snapshot(self.conn, room_id, state, clock)

    def set_options(self, room_id: int, options: dict[str, Any]) -> None:
        store.set_options(self.conn, room_id, options)

    def start(self, room_id: int) -> None:
        store.start(self.conn, room_id)

    def set_rematch(self, room_id: int, code: str) -> None:
        store.set_rematch(self.conn, room_id, code)

    def set_away(self, room_id: int, seat: int, away: bool) -> bool:
        """False when there is no such human seat."""
        return store.set_away(self.conn, room_id, seat, away)

    def remove_seat(self, room_id: int, seat: int) -> None:
        """The seat goes, and the seats after it move down one, so the table stays 0..n-1."""
        store.remove_seat(self.conn, room_id, seat)


def _room_values(row: RoomRow, started: bool) -> dict[str, Any]:
    return {
        "code": row.code,
        "game": row.game,
        "mode": row.mode,
        "options": row.options,
        "status": row.status,
        "seed": row.seed,
        "seed_hash": row.seed_hash,
        "seq": row.seq,
        "started_at": utcnow() if started else None,
        "crew_id": row.crew_id,
    }


# The database's trouble, not ours: the drivers' errors as SQLAlchemy wraps them, a pool
# with no connection to give within its timeout, and sqlite3's own errors (the SQLite
# writer's connection is used raw: "database is locked" while another process writes).
TROUBLE = (
    OperationalError,
    DBAPIError,
    PoolTimeout,
    sqlite3.OperationalError,
    OSError,
    TimeoutError,
)


def _is_trouble(exc: BaseException) -> bool:
    """The database's trouble (`TROUBLE`), not a constraint it kept (`IntegrityError`)."""
    return isinstance(exc, TROUBLE) and not isinstance(exc, IntegrityError)


def _trouble(exc: BaseException) -> RoomError:
    """`unavailable`, for database trouble (`_is_trouble`), counted and logged."""
    metrics.DB_ERRORS.inc()
    log.warning("database unavailable: %s", exc.__class__.__name__)
    return unavailable()


@asynccontextmanager
async def _database() -> AsyncIterator[None]:
    """Database trouble becomes `unavailable`, with nothing changed (docs/PROTOCOL.md)."""
    try:
        yield
    except Exception as exc:
        if not _is_trouble(exc):
            raise
        raise _trouble(exc) from exc


def _in_tx(fn: Callable[..., T], *args: Any, **kwargs: Any) -> Callable[[Connection], T]:
    def run(conn: Connection) -> T:
        tx = Tx(conn)
        result = fn(tx, *args, **kwargs)
        tx.done()
        return result

    return run


class Database:
    """Transactions over `Tx`, and the journal that appends the actions of every room."""

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        single_writer: bool = False,
        commit_window: float = 0.0,
        commit_batch: int = 0,
        fast_sqlite: bool = False,
    ) -> None:
        self.engine = engine
        self._sqlite_writes: asyncio.Lock | None = asyncio.Lock() if single_writer else None
        # An SQLite file: the journal's own connection, which every write goes through; with
        # `fast_sqlite` (FAST_SQLITE), its statements as SQL text (app/fast/sqlite.py).
        self._writer = sqlite_writer(engine)
        if self._writer is not None and fast_sqlite:
            fast.mark(self._writer)
        self._held: Connection | None = None  # its connection, for the writes (`_connection`)
        self.journal = Journal(
            engine, self._sqlite_writes, self._writer, commit_window, commit_batch, fast_sqlite
        )
        self.closing = False

    async def read(
        self, fn: Callable[Concatenate[Tx, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        async with _database(), self.engine.begin() as conn:
            return await conn.run_sync(_in_tx(fn, *args, **kwargs))

    async def write(
        self, fn: Callable[Concatenate[Tx, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """SQLite has a single writer. On a file, every write goes through the journal's own
        connection, at once, on the event loop, never across an await (through aiosqlite each
        statement would hop threads). Otherwise writes queue here, in order, rather than in
        SQLite's busy handler, which sleeps and retries. Once closing, nothing more is
        written, the caller hears `unavailable`."""
        if self.closing:
            raise unavailable()
        if self._writer is not None:  # as `_database()` would, without its async frames
            held = self._connection()
            try:
                with held.begin():
                    return _in_tx(fn, *args, **kwargs)(held)
            except BaseException as exc:
                self._release()  # a failed commit leaves nothing behind for the next
                if not _is_trouble(exc):
                    raise
                raise _trouble(exc) from exc
        async with _database():
            writer = self._sqlite_writes or contextlib.nullcontext()
            async with writer, self.engine.begin() as conn:
                return await conn.run_sync(_in_tx(fn, *args, **kwargs))

    async def append(self, item: Append) -> None:
        """Append one action in the next group commit; `Conflict` if its seq or cid was
        taken (see journal.py)."""
        try:  # as `_database()` would, without a context manager for every action
            await self.journal.append(item)
        except Exception as exc:
            if not _is_trouble(exc):
                raise
            raise _trouble(exc) from exc

    def _connection(self) -> Connection:
        """The SQLite writer's connection, checked out of its engine once and held, as the
        journal holds it (the same sqlite3 connection: `sqlite_writer`). A checkout and a
        return per write (`engine.begin()`) cost ~25 µs of its ~45, and a match's start is
        five writes (bench/README.md, "Starting a match")."""
        assert self._writer is not None
        conn = self._held
        if conn is None or conn.closed or conn.invalidated:
            conn = self._held = self._writer.connect()
        return conn

    def _release(self) -> None:
        """Give the held connection back to the engine, whose reset rolls back whatever it
        holds (as at the end of each `engine.begin()`: a commit that failed, say, leaves its
        rows pending in the sqlite3 connection, which the next commit would write)."""
        if self._held is not None:
            held, self._held = self._held, None
            with contextlib.suppress(Exception):  # explicitly: SQLAlchemy may skip its reset
                cast(Any, held.connection.driver_connection).rollback()
            held.close()

    async def aclose(self) -> None:
        self.closing = True
        self._release()
        await self.journal.aclose()
