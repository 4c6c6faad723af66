"""Fixtures for the crew tests: the API tests' migrated database per backend (SQLite, and
PostgreSQL whenever one is reachable, else those runs skip with the reason), and a running
server whose limits let a test's many phones, from one address, join and play."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.api.conftest import close_sockets, database_url
from tests.support.server import RunningServer, start_server

__all__ = ["close_sockets", "database_url", "server"]


@pytest.fixture(scope="session")
def server(database_url: str) -> Iterator[RunningServer]:
    running = start_server(database_url, http_rate_per_minute=100_000, rate_per_second=10_000)
    yield running
    running.stop()
