"""Fixtures for several server processes sharing the machine's PostgreSQL (and Redis)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.support.client import OPEN
from tests.support.server import ServerProcess, postgres_database, postgres_reachable

REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_reachable() -> str | None:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        return f"Redis at {REDIS_URL} is not reachable ({exc.__class__.__name__})"
    return None


@pytest.fixture
def pg_url() -> Iterator[str]:
    why = postgres_reachable()
    if why is not None:
        pytest.skip(why)
    with postgres_database() as url:
        yield url


@pytest.fixture
def redis_url() -> str:
    """The machine's Redis; a test that needs it skips, saying why, when it is not reachable."""
    why = redis_reachable()
    if why is not None:
        pytest.skip(why)
    return REDIS_URL


@pytest.fixture(params=["redis", "listen-notify"])
def broker_env(request: pytest.FixtureRequest) -> dict[str, str]:
    if request.param == "redis":
        return {"REDIS_URL": request.getfixturevalue("redis_url")}
    return {"REDIS_URL": ""}


@pytest.fixture
def processes() -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []
    yield started
    for p in started:
        p.stop()


@pytest.fixture(autouse=True)
async def close_sockets() -> AsyncIterator[None]:
    yield
    while OPEN:
        sock = OPEN.pop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sock.close(), 2)
