"""Group commit of actions: the appends of every room that arrive while one transaction is
being written go into the next one together.

A command is acknowledged only once its action row is committed, as before; what changes is
that a busy instance pays one transaction (a handful of statements) for a whole batch of
rooms instead of one per command. Exactly-once holds without a row lock: the action's
`(room_id, seq)` and `(room_id, seat, cid)` are unique, rows are inserted with ON CONFLICT DO
NOTHING, and an append whose row did not go in is answered with `Conflict` (another instance
took that seq first, or this cid was applied already), so the caller reloads and looks again.
This is PostgreSQL's and SQLite's own group-commit idea one level up (cf. the WAL writer).

At human pace the actions of a busy night arrive one by one, each to a commit of its own,
which cost it ~150 µs of CPU (bench/README.md). With a commit window (`COMMIT_WINDOW_MS`), an
action of another room than the last commit's, arriving within the window of that commit's
start, waits for the window's end and shares the next commit with whatever came meanwhile: a
night of many tables pays a commit per window, not per action, for a few milliseconds of
latency; a table playing alone never waits (`Journal.append`). Once `COMMIT_BATCH` appends
wait, their commit begins at once: at saturation a batch fills long before the window ends,
and its rooms waited the rest of it for no saving (bench/README.md, twelfth pass).

On PostgreSQL the batch goes through asyncpg on the event loop. On SQLite it is written on the
event loop itself, on the writer's own sync engine (session.py): in WAL mode with
synchronous=NORMAL a commit is a write() to the WAL, no fsync, tens of microseconds, so a
thread bought nothing but its hops. A writer thread (until 2026-12-01) cost each lone action a
futex wake, a GIL hand-over and a call_soon_threadsafe: a quarter of the server's time at human
pace (bench/README.md); aiosqlite would hop threads for every statement. The room layer's
other writes (the lobby's, a seat going away, a rematch: `Database.write` in rooms.py) run on
that same connection (the writer engine's pool is that one connection: session.py), so
SQLite's single writer is one connection, used only from the event loop, never across an
await, and no write ever waits on another of ours.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from app import metrics
from app.db import store
from app.db.models import utcnow
from app.fast import sqlite as fast

MAX_BATCH = 400  # appends per transaction; more wait for the next one


class Conflict(Exception):
    """The append's seq or cid was already taken: nothing of it was written."""


@dataclass(slots=True)
class Append:
    """One action to append, and what it changes in its room's rows."""

    room_id: int
    seq: int
    seat: int
    cid: str
    action: dict[str, Any]
    note: dict[str, Any] | None
    finished: bool  # the action ends the match
    # The snapshot to store with it: (state, log, clock), or None to leave the stored one
    # behind (readers roll it forward from the action log).
    snapshot: tuple[dict[str, Any], list[Any], dict[str, Any]] | None
    # When the move was decided (epoch s): the action row's time, so that an instance that
    # reads the room times its clock as the one that made the move did (None: the commit's).
    at: float | None = None
    done: asyncio.Future[None] = field(init=False)

    def __post_init__(self) -> None:
        self.done = asyncio.get_running_loop().create_future()

    def fail(self, exc: BaseException) -> None:
        """Answer the append with `exc`, marked retrieved at once: a caller that went away
        leaves no "never retrieved" warning, and one still waiting is raised it all the same
        (a done-callback did this: one more call scheduled for every action)."""
        self.done.set_exception(exc)
        self.done.exception()


class Journal:
    def __init__(
        self,
        engine: AsyncEngine,
        writer: asyncio.Lock | None = None,
        sync_engine: Engine | None = None,
        window: float = 0.0,
        batch: int = 0,
        fast_sqlite: bool = False,
    ) -> None:
        self.engine = engine
        # SQLite: the batch as SQL text on a sqlite3 connection held for good (FAST_SQLITE,
        # app/fast/sqlite.py), else through Core on a connection of the writer's engine.
        self.fast_sqlite = fast_sqlite
        self.writer = writer  # SQLite's single writer, shared with the other write paths
        self.sync_engine = sync_engine  # SQLite: written on the event loop, in one go
        # Seconds between the starts of two commits (COMMIT_WINDOW_MS): see `append`.
        self.window = window
        # Appends that begin a commit before the window's end (COMMIT_BATCH; 0: none do).
        self.batch = batch
        self._full: asyncio.Future[None] | None = None  # done once `batch` appends wait
        self._pending: list[Append] = []
        self._task: asyncio.Task[None] | None = None
        self._last = -window  # loop time the last commit began
        self._last_room = -1  # the room of that commit, if it was of one room only
        self._db: Any = None  # SQLite: the journal's own sqlite3 connection, once opened

    async def append(self, item: Append) -> None:
        """Wait until `item` is committed; raise `Conflict` if it could not be, or the
        database's own error (nothing of it written, as far as this instance knows).

        A commit begins at once when none of another room began within the last `window`
        seconds, else `window` after the last one began, with every append that came
        meanwhile: a table playing alone never waits, while a busy instance commits at most
        once a `window`, so that actions of many rooms arriving one by one (a night at
        human pace) share a commit, as they do at saturation (PostgreSQL's `commit_delay`,
        but only when other rooms are busy). `batch` appends waiting end the wait at once."""
        self._pending.append(item)
        full = self._full
        if full is not None and len(self._pending) >= self.batch and not full.done():
            full.set_result(None)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._write_all())
        # (a caller cancelled meanwhile cancels `done` alone: its row is written all the same,
        # as it would be behind a shield, and the commit skips answering it)
        await item.done

    def _wait(self) -> float:
        """Seconds until the pending appends may be committed (see `append`)."""
        if self.window <= 0 or all(a.room_id == self._last_room for a in self._pending):
            return 0.0
        if 0 < self.batch <= len(self._pending):
            return 0.0
        return self._last + self.window - asyncio.get_running_loop().time()

    async def _window(self, wait: float) -> None:
        """`wait` seconds, or less if `batch` appends come meanwhile (`append`)."""
        if self.batch <= 0:
            await asyncio.sleep(wait)
            return
        loop = asyncio.get_running_loop()
        full = self._full = loop.create_future()
        timer = loop.call_later(wait, _settle, full)
        try:
            await full
        finally:
            timer.cancel()
            self._full = None

    async def _write_all(self) -> None:
        while self._pending:
            wait = self._wait()
            if wait > 0:
                await self._window(wait)
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            alone = all(a.room_id == batch[0].room_id for a in batch)
            self._last = asyncio.get_running_loop().time()
            self._last_room = batch[0].room_id if alone else -1
            try:
                async with self.writer or contextlib.nullcontext():
                    written = await self._commit(batch)
            except Exception as exc:  # the whole batch failed: every caller hears it
                for a in batch:
                    if not a.done.done():
                        a.fail(exc)
                continue
            metrics.COMMIT_BATCH.observe(len(batch))
            for a in batch:
                if a.done.done():
                    continue
                if (a.room_id, a.seq) in written:
                    a.done.set_result(None)
                else:
                    a.fail(Conflict())

    async def _commit(self, batch: list[Append]) -> set[tuple[int, int]]:
        if self.sync_engine is not None and self.fast_sqlite:
            return self._commit_sync(batch)
        if self.sync_engine is not None:
            with self.sync_engine.begin() as conn:
                return _write(conn, batch)
        async with self.engine.begin() as conn:
            return await conn.run_sync(_write, batch)

    def _commit_sync(self, batch: list[Append]) -> set[tuple[int, int]]:
        """The batch in one transaction on the journal's own sqlite3 connection (held out
        of the pool for good: SQLAlchemy's begin and commit around each lone action cost as
        much as SQLite's own work; FAST_SQLITE, app/fast/sqlite.py)."""
        assert self.sync_engine is not None
        if self._db is None:
            self._db = self.sync_engine.raw_connection()
        db = self._db.driver_connection
        try:
            written = _write_sqlite(db, fast.SqliteBatch.of(self.sync_engine.dialect), batch)
            db.commit()
        except BaseException:
            db.rollback()
            raise
        return written

    async def aclose(self) -> None:
        """Let the transaction in flight finish (SIGTERM finishes the command in flight)."""
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        if self._db is not None:
            self._db.close()
            self._db = None
        if self.sync_engine is not None:
            self.sync_engine.dispose()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _write(conn: Connection, batch: list[Append]) -> set[tuple[int, int]]:
    """Append the batch's actions; move on the rooms (and snapshots) of those that went in.
    Always in room order, so two instances' batches that share rooms wait for each other in
    the same order and never deadlock."""
    batch = sorted(batch, key=lambda a: a.room_id)
    written = store.append_actions(conn, [_row(a) for a in batch])
    mine = [a for a in batch if (a.room_id, a.seq) in written]
    store.advance_rooms(conn, [(a.room_id, a.seq, a.finished) for a in mine])
    store.save_snapshots(conn, [(a.room_id, a.seq, *a.snapshot) for a in mine if a.snapshot])
    return written


def _write_sqlite(db: Any, sql: fast.SqliteBatch, batch: list[Append]) -> set[tuple[int, int]]:
    """`_write` on a sqlite3 connection (SQLite has one writer: no order needed)."""
    now = sql.stamp(utcnow())  # one time for the batch's rows
    written = sql.append(db, [_row(a) for a in batch], now)
    mine = [a for a in batch if (a.room_id, a.seq) in written]
    sql.advance(db, [(a.room_id, a.seq, a.finished) for a in mine], now)
    snapshots = [(a.room_id, a.seq, *a.snapshot) for a in mine if a.snapshot]
    if snapshots:
        sql.save(db, snapshots, now)
    return written


def _row(a: Append) -> dict[str, Any]:
    return {
        "room_id": a.room_id,
        "seq": a.seq,
        "seat": a.seat,
        "cid": a.cid,
        "action": a.action,
        "note": a.note,
        "created_at": None if a.at is None else datetime.fromtimestamp(a.at, UTC),
    }
