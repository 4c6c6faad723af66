"""Engine and session factory for the configured database (SQLite or PostgreSQL)."""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


# Seconds a connect or a statement may take before the database counts as unreachable and
# the request is answered `unavailable` (docs/PROTOCOL.md): a hanging database must not hold every
# request for the drivers' defaults (a minute and more). SQLite waits as long for a lock.
TIMEOUT = 1.5

# Seconds SQLite's one writer waits for a lock another process holds. It writes on the event
# loop (journal.py), so all that while every room stands still: it waits briefly, and the
# command is answered `unavailable` (a bot's move is tried again: app/rooms/follow/bots.py).
WRITER_BUSY = 0.1

# Snapshots are large JSON documents written on every command: orjson, not json, encodes them.
JSON_CODEC: dict[str, Any] = {"json_serializer": _dumps, "json_deserializer": orjson.loads}


def _sqlite_pragmas(engine: Engine, timeout: float = TIMEOUT) -> None:
    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={round(timeout * 1000)}")
        cursor.close()


def sqlite_writer(engine: AsyncEngine) -> Engine | None:
    """For an SQLite file, a plain (sync) engine on the same file for its one writer (the
    journal's batches and every other write, on the event loop: journal.py); None otherwise.
    Its pool is one connection, handed to every checkout: the journal holds it for good and
    a lobby write takes it too, so SQLite's writer is one connection, whose page cache no
    other writer of ours invalidates (writes never run at once: never across an await)."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return None  # an in-memory database exists only on its own connection
    url = engine.url.set(drivername="sqlite")
    writer = create_engine(
        url,
        connect_args={"timeout": WRITER_BUSY, "check_same_thread": False},
        poolclass=StaticPool,
        **JSON_CODEC,
    )
    _sqlite_pragmas(writer, WRITER_BUSY)
    return writer


def make_engine(url: str, timeout: float = TIMEOUT) -> AsyncEngine:
    """The engine for `url`; every connect and statement gives up after `timeout` s."""
    if is_sqlite(url):
        engine = create_async_engine(url, connect_args={"timeout": timeout}, **JSON_CODEC)
        _sqlite_pragmas(engine.sync_engine, timeout)
        return engine
    return create_async_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        pool_recycle=1800,
        pool_timeout=timeout,
        connect_args={"timeout": timeout, "command_timeout": timeout},
        **JSON_CODEC,
    )
