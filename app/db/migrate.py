"""Apply the Alembic migrations to a database (what `python -m app` does first).

On PostgreSQL the database is created when it does not exist yet (through the server's
`postgres` maintenance database), and Alembic runs under an advisory lock held on the
migration's own connection: however many instances start at once, one migrates while the
others wait, then find the schema at head and do nothing.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import make_url
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from app.db.session import is_sqlite, make_engine

ROOT = Path(__file__).resolve().parents[2]
# pg_advisory_lock's key for "the migrations of this database" (advisory locks are per
# database): any number no other lock of ours uses.
MIGRATION_LOCK = 0x5069_7463_6873  # "Pitchs"
# Seconds a migration's statement (and the wait for another instance's migrations) may take:
# not the 1.5 s of the app's requests. A connection gives up sooner (an unreachable server).
MIGRATION_TIMEOUT = 600.0
CONNECT_TIMEOUT = 10.0
SQLITE_TIMEOUT = 30.0  # waiting for another writer of the file
MAINTENANCE_DB = "postgres"
# SQLSTATEs: the database does not exist; it exists already (another instance made it first,
# or the same CREATE DATABASE raced ours on the catalogue's unique index).
NO_DATABASE = "3D000"
DUPLICATE = ("42P04", "23505")


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def _sqlstate(exc: BaseException) -> str | None:
    """The SQLSTATE of a driver's error wrapped by SQLAlchemy, if it has one."""
    orig = getattr(exc, "orig", exc)
    for candidate in (orig, getattr(orig, "__cause__", None)):
        state = getattr(candidate, "sqlstate", None)
        if isinstance(state, str):
            return state
    return None


async def ensure_database(url: str) -> bool:
    """Create `url`'s PostgreSQL database if it does not exist (True when this call made
    it), connecting to the server's maintenance database to do so. SQLite makes its file."""
    if is_sqlite(url):
        return False
    engine = create_async_engine(url, poolclass=NullPool, connect_args={"timeout": CONNECT_TIMEOUT})
    try:
        async with engine.connect():
            return False
    except DBAPIError as exc:
        if _sqlstate(exc) != NO_DATABASE:
            raise
    finally:
        await engine.dispose()
    target = make_url(url)
    admin = create_async_engine(
        target.set(database=MAINTENANCE_DB),
        isolation_level="AUTOCOMMIT",  # CREATE DATABASE runs outside a transaction
        poolclass=NullPool,
        connect_args={"timeout": CONNECT_TIMEOUT},
    )
    try:
        async with admin.connect() as connection:
            name = admin.dialect.identifier_preparer.quote(target.database or "")
            await connection.exec_driver_sql(f"CREATE DATABASE {name}")
        return True
    except DBAPIError as exc:
        if _sqlstate(exc) in DUPLICATE:
            return False
        raise
    finally:
        await admin.dispose()


async def _migrate(url: str, run: Callable[[Config], None]) -> None:
    """`run(config)` (an Alembic command) on one connection to `url`, which on PostgreSQL
    holds the migration lock throughout (migrations/env.py uses the connection given)."""
    await ensure_database(url)
    postgres = not is_sqlite(url)
    engine = (
        create_async_engine(
            url,
            poolclass=NullPool,
            connect_args={"timeout": CONNECT_TIMEOUT, "command_timeout": MIGRATION_TIMEOUT},
        )
        if postgres
        else make_engine(url, timeout=SQLITE_TIMEOUT)
    )
    try:
        async with engine.connect() as connection:
            if postgres:
                await connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
                await connection.commit()  # the lock is the session's; Alembic begins anew
            try:

                def migrate(sync: Connection) -> None:
                    config = alembic_config(url)
                    config.attributes["connection"] = sync
                    run(config)

                await connection.run_sync(migrate)
            finally:
                if postgres:
                    await connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
                    await connection.commit()
    finally:
        await engine.dispose()


def _in_thread(url: str, run: Callable[[Config], None]) -> None:
    """`_migrate` on an event loop of its own thread: safe to call from inside a running
    event loop (a test's, or an app's)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(_migrate(url, run))
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    thread = threading.Thread(target=target, name="alembic-migrate")
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate `url` to `revision`, creating a missing PostgreSQL database first; several
    processes may do it at once (one migrates, the others wait and find it done)."""

    def run(config: Config) -> None:
        command.upgrade(config, revision)

    _in_thread(url, run)


def downgrade(url: str, revision: str = "base") -> None:
    def run(config: Config) -> None:
        command.downgrade(config, revision)

    _in_thread(url, run)
