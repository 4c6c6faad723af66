"""PostgreSQL as a newcomer meets it: the README's command on a server that has no
`pitchside` database yet creates it, and instances that start together migrate it once (one
runs Alembic under the advisory lock, the others wait and find it at head)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from app.db.migrate import ensure_database, upgrade
from app.db.session import make_engine
from tests.support.server import (
    PG_ADMIN_URL,
    ServerProcess,
    _pg_execute,
    postgres_reachable,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def missing_database() -> Iterator[str]:
    """The URL of a database that does not exist yet on the test server; dropped after."""
    why = postgres_reachable()
    if why is not None:
        pytest.skip(why)
    name = f"pitchside_test_{uuid.uuid4().hex[:10]}"
    try:
        yield f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    finally:
        asyncio.run(_pg_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _versions(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return [row[0] for row in await conn.execute(text("SELECT * FROM alembic_version"))]
    finally:
        await engine.dispose()


def test_two_instances_started_together_on_a_fresh_server_both_serve(
    missing_database: str,
) -> None:
    """`python -m app` twice at once, on a database neither has seen: it is created, migrated
    once, and both instances answer."""
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(ServerProcess.start, missing_database) for _ in range(2)]
        servers = [future.result() for future in starting]  # raises if one did not serve
    try:
        for server in servers:
            assert server.process.poll() is None
    finally:
        for server in servers:
            server.stop()
    assert len(asyncio.run(_versions(missing_database))) == 1


def test_migrations_at_once_in_one_process_both_succeed(missing_database: str) -> None:
    with ThreadPoolExecutor(4) as pool:
        for future in [pool.submit(upgrade, missing_database) for _ in range(4)]:
            future.result()
    assert len(asyncio.run(_versions(missing_database))) == 1


def test_a_missing_database_is_created_once(missing_database: str) -> None:
    assert asyncio.run(ensure_database(missing_database)) is True
    assert asyncio.run(ensure_database(missing_database)) is False  # there now
    upgrade(missing_database)
    assert len(asyncio.run(_versions(missing_database))) == 1
