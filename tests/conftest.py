"""Shared test configuration: hypothesis profiles (`dev` by default, `ci` in .ci/run), and
the tiny test games registered for the platform tests."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from app.games import registry
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
