"""Shared test configuration: hypothesis profiles (`dev` by default, `ci` in .ci/run), the
tiny test games registered for the platform tests, and the `postgres` and `redis` markers put
on every test that needs those servers, from the fixtures (and their parameters) it uses."""

import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from app.games import registry
from app.net import is_loopback
from tests.support.tiny import TINY, TINY_NO_BOT

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session", autouse=True)
def tiny_games() -> Iterator[None]:
    registry.register(TINY)
    registry.register(TINY_NO_BOT)
    yield
    registry.unregister(TINY.id)
    registry.unregister(TINY_NO_BOT.id)


@pytest.fixture(scope="session", autouse=True)
def loopback_only() -> Iterator[None]:
    """Tests connect only through loopback (127.0.0.1, ::1): a connect from this process to
    any other address is refused before it is dialled (the machine's network addresses may
    be read, never called). Processes the tests start are their own."""
    connect, connect_ex = socket.socket.connect, socket.socket.connect_ex

    def checked(call: Any) -> Any:
        def guarded(sock: socket.socket, address: Any) -> Any:
            if sock.family in (socket.AF_INET, socket.AF_INET6) and not is_loopback(
                str(address[0])
            ):
                raise ConnectionRefusedError(f"tests connect only to 127.0.0.1, not {address}")
            return call(sock, address)

        return guarded

    socket.socket.connect = checked(connect)  # type: ignore[method-assign]
    socket.socket.connect_ex = checked(connect_ex)  # type: ignore[method-assign]
    yield
    socket.socket.connect, socket.socket.connect_ex = connect, connect_ex  # type: ignore[method-assign]


# A test needs PostgreSQL or Redis when it uses one of these fixtures, or these parameters
# of a parametrized fixture (tests/api/conftest.py's `database_url`, tests/scale's
# `broker_env`, whose LISTEN/NOTIFY broker takes `pg_url` at run time).
NEEDS_FIXTURE = {"pg_url": "postgres", "redis_url": "redis"}
NEEDS_PARAM = {
    ("database_url", "postgres"): "postgres",
    ("broker_env", "listen-notify"): "postgres",
    ("broker_env", "redis"): "redis",
}


def needs(item: pytest.Item) -> set[str]:
    """The servers (`postgres`, `redis`) a collected test needs."""
    found = {NEEDS_FIXTURE[f] for f in getattr(item, "fixturenames", ()) if f in NEEDS_FIXTURE}
    callspec = getattr(item, "callspec", None)
    for name, value in (callspec.params if callspec else {}).items():
        if isinstance(value, str) and (name, value) in NEEDS_PARAM:
            found.add(NEEDS_PARAM[name, value])
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for server in sorted(needs(item)):
            item.add_marker(server)
