"""Rooms, seats, actions and snapshots as plain records: the room layer's whole view of the
database (app/rooms/ imports no SQLAlchemy).

A transaction is a plain function over a `Tx`, `fn(tx, *args)`, run by `Database.read` or
`Database.write`; a `Tx` answers in records (frozen dataclasses) and changes rows only through
its named methods. The SQL itself is in `store.py`; the group commit of actions in
`journal.py`. A new table (the crews) gets its records and `Tx` methods in a module of its own
next to this one, over the same `Tx.session`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import delete, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Session

from app import metrics
from app.db import store
from app.db.journal import Append, Journal
from app.db.models import Room, Seat, utcnow
from app.db.session import make_sessionmaker, sqlite_writer
from app.rooms.errors import RoomError, unavailable

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RoomRow:
    id: int
    code: str
    game: str
    mode: str
    options: dict[str, Any]
    status: str
    seed: int
    seed_hash: str
    seq: int
    rematch_code: str | None
    finished_at: datetime | None
    crew_id: int | None = None  # a crew room's crew (app/db/crews.py)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    bot: bool = False
    away: bool = False
    token_hash: str | None = None
    member_id: int | None = None  # the crew member seated here


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    note: dict[str, Any] | None
    at: float  # epoch seconds it was stored


@dataclass(frozen=True, slots=True)
class SnapshotRow:
    seq: int
    state: dict[str, Any]
    log: list[Any]
    clock: dict[str, Any]


def _room_row(room: Room) -> RoomRow:
    return RoomRow(
        id=room.id,
        code=room.code,
        game=room.game,
        mode=room.mode,
        options=dict(room.options),
        status=room.status,
        seed=room.seed,
        seed_hash=room.seed_hash,
        seq=room.seq,
        rematch_code=room.rematch_code,
        finished_at=room.finished_at,
        crew_id=room.crew_id,
    )


def _seat_row(seat: Seat) -> SeatRow:
    return SeatRow(seat.seat, seat.name, seat.bot, seat.away, seat.token_hash, seat.member_id)


def _epoch(at: datetime) -> float:
    """Epoch seconds of a stored time (SQLite hands it back without its UTC zone)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp()


class Tx:
    """One transaction's reads and writes, in the room layer's terms."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def room(self, code: str, *, lock: bool = False) -> RoomRow | None:
        """With `lock`, the row is held until commit (see `store.room_by_code`)."""
        room = store.room_by_code(self.session, code, lock=lock)
        return None if room is None else _room_row(room)

    def seats(self, room_id: int) -> list[SeatRow]:
        return [_seat_row(s) for s in store.seats_of(self.session, room_id)]

    def snapshot(self, room_id: int) -> SnapshotRow | None:
        stored = store.snapshot_of(self.session, room_id)
        if stored is None:
            return None
        return SnapshotRow(stored.seq, stored.state, stored.log, stored.clock or {})

    def actions(self, room_id: int, upto: int | None = None, after: int = 0) -> list[ActionRow]:
        rows = store.actions_of(self.session, room_id, upto=upto, after=after)
        return [ActionRow(a.seq, a.seat, a.action, a.note, _epoch(a.created_at)) for a in rows]

    def seq_of_cid(self, room_id: int, seat: int, cid: str) -> int | None:
        done = store.action_by_cid(self.session, room_id, seat, cid)
        return None if done is None else done.seq

    def room_counts(self) -> dict[str, int]:
        return store.rooms_by_status(self.session)

    def code_taken(self, code: str) -> bool:
        return store.code_taken(self.session, code)

    def recent_finished(self, limit: int) -> list[tuple[RoomRow, SnapshotRow, list[SeatRow]]]:
        """The latest finished rooms, newest first, with their last snapshots and seats."""
        rows = store.recent_finished(self.session, limit)
        return [
            (
                _room_row(room),
                SnapshotRow(snap.seq, snap.state, snap.log, snap.clock or {}),
                self.seats(room.id),
            )
            for room, snap in rows
        ]

    def add_room(self, row: RoomRow, *, started: bool = False) -> int:
        """Insert a room (`row.id` is ignored); returns its id."""
        room = Room(
            code=row.code,
            game=row.game,
            mode=row.mode,
            options=row.options,
            status=row.status,
            seed=row.seed,
            seed_hash=row.seed_hash,
            seq=row.seq,
            started_at=utcnow() if started else None,
            crew_id=row.crew_id,
        )
        self.session.add(room)
        self.session.flush()
        return room.id

    def add_seat(self, room_id: int, seat: SeatRow) -> None:
        self.session.add(
            Seat(
                room_id=room_id,
                seat=seat.seat,
                name=seat.name,
                bot=seat.bot,
                token_hash=seat.token_hash,
                member_id=seat.member_id,
            )
        )

    def add_snapshot(self, room_id: int, state: dict[str, Any], clock: dict[str, Any]) -> None:
        """The first snapshot of a match (seq 0)."""
        self.session.add(store.new_snapshot(room_id, state, clock))

    def set_options(self, room_id: int, options: dict[str, Any]) -> None:
        self._row(room_id).options = options

    def start(self, room_id: int) -> None:
        room = self._row(room_id)
        room.status, room.started_at = "playing", utcnow()

    def set_rematch(self, room_id: int, code: str) -> None:
        self._row(room_id).rematch_code = code

    def set_away(self, room_id: int, seat: int, away: bool) -> bool:
        """False when there is no such human seat."""
        return store.set_away(self.session, room_id, seat, away)

    def remove_seat(self, room_id: int, seat: int) -> None:
        """The seat goes, and the seats after it move down one, so the table stays 0..n-1."""
        later = [s.seat for s in store.seats_of(self.session, room_id) if s.seat > seat]
        self.session.execute(delete(Seat).where(Seat.room_id == room_id, Seat.seat == seat))
        for number in sorted(later):
            self.session.execute(
                update(Seat)
                .where(Seat.room_id == room_id, Seat.seat == number)
                .values(seat=number - 1)
            )

    def _row(self, room_id: int) -> Room:
        """The room's row object, loaded already in this transaction (no query)."""
        room = self.session.get(Room, room_id)
        assert room is not None
        return room


@asynccontextmanager
async def _database() -> AsyncIterator[None]:
    """Database trouble becomes `unavailable`, with nothing changed (PROTOCOL.md)."""
    try:
        yield
    except (RoomError, IntegrityError):
        raise
    except (OperationalError, DBAPIError, OSError, TimeoutError) as exc:
        metrics.DB_ERRORS.inc()
        log.warning("database unavailable: %s", exc.__class__.__name__)
        raise unavailable() from exc


def _in_tx(fn: Callable[..., T], *args: Any, **kwargs: Any) -> Callable[[Session], T]:
    return lambda session: fn(Tx(session), *args, **kwargs)


class Database:
    """Transactions over `Tx`, and the journal that appends the actions of every room."""

    def __init__(self, engine: AsyncEngine, *, single_writer: bool = False) -> None:
        self.sessions = make_sessionmaker(engine)
        self._sqlite_writes: asyncio.Lock | None = asyncio.Lock() if single_writer else None
        self.journal = Journal(engine, self._sqlite_writes, sqlite_writer(engine))
        self.closing = False

    async def read(
        self, fn: Callable[Concatenate[Tx, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        async with _database(), self.sessions.begin() as session:
            return await session.run_sync(_in_tx(fn, *args, **kwargs))

    async def write(
        self, fn: Callable[Concatenate[Tx, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """SQLite has a single writer. On a file, every write goes through the journal's own
        connection, at once, on the event loop (through aiosqlite each statement would hop
        threads: 67 hops to create, join and start a room). Otherwise writes queue here, in
        order, rather than in SQLite's busy handler, which sleeps and retries. Once closing,
        nothing more is written, the caller hears `unavailable`."""
        if self.closing:
            raise unavailable()
        async with _database():
            if self.journal.has_writer:
                return await self.journal.in_writer(_in_tx(fn, *args, **kwargs))
            writer = self._sqlite_writes or contextlib.nullcontext()
            async with writer, self.sessions.begin() as session:
                return await session.run_sync(_in_tx(fn, *args, **kwargs))

    async def append(self, item: Append) -> None:
        """Append one action in the next group commit; `Conflict` if its seq or cid was
        taken (see journal.py)."""
        async with _database():
            await self.journal.append(item)

    async def aclose(self) -> None:
        self.closing = True
        await self.journal.aclose()
