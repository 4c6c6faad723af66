"""Fixtures for the API tests: a migrated database per backend and a running server.

Every API test runs on SQLite, and again on PostgreSQL whenever one is reachable
(TEST_DATABASE_URL, or the local server at 127.0.0.1:5432); otherwise those runs skip with
the reason.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from app.db.migrate import upgrade
from tests.support.client import OPEN
from tests.support.server import RunningServer, postgres_database, postgres_reachable, start_server


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    if request.param == "sqlite":
        path = Path(tmp_path_factory.mktemp("db")) / "pitchside.db"
        url = f"sqlite+aiosqlite:///{path}"
        upgrade(url)
        yield url
        return
    why = postgres_reachable()
    if why is not None:
        pytest.skip(why)
    with postgres_database() as url:
        yield url


@pytest.fixture(autouse=True)
async def close_sockets() -> AsyncIterator[None]:
    yield
    while OPEN:
        await OPEN.pop().close()


@pytest.fixture(scope="session")
def server(database_url: str) -> Iterator[RunningServer]:
    # One server for the whole session: its rooms are made far faster than a person makes
    # them, so the per-address creation limit is out of the way (tests/api/test_limits.py
    # checks that limit on a server of its own).
    running = start_server(database_url, http_rate_per_minute=100_000)
    yield running
    running.stop()
