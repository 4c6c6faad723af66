"""`-m postgres` and `-m redis` select what they say: tests/conftest.py puts the markers on
every test that uses the servers' fixtures, or a parametrized fixture's run on them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Two files whose tests use the servers through parametrized fixtures (`database_url`,
# `broker_env`) and plain ones (`pg_url`, `redis_url`): quick to collect.
FILES = ["tests/api/test_http.py", "tests/scale/test_brokers.py"]
# Collects FILES as `pytest --collect-only` does and prints each test's markers.
# Its runs are named after a broker but talk to nothing: port 1.
UNREACHABLE = "test_news_the_broker_cannot_deliver_is_counted_for_the_operator"
COLLECT = """
import json, sys, pytest
class Markers:
    def pytest_collection_finish(self, session):
        print(json.dumps({i.nodeid: [m.name for m in i.iter_markers()] for i in session.items}))
sys.exit(pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[1:]], plugins=[Markers()]))
"""


@pytest.fixture(scope="module")
def markers() -> dict[str, list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", COLLECT, *FILES], cwd=ROOT, capture_output=True, text=True
    )
    found: dict[str, list[str]] = json.loads(
        next(line for line in out.stdout.splitlines() if line.startswith("{"))
    )
    return found


@pytest.mark.parametrize(
    ("server", "runs"), [("postgres", ("[postgres]", "[listen-notify]")), ("redis", ("[redis]",))]
)
def test_a_server_marker_is_on_every_run_that_needs_it(
    markers: dict[str, list[str]], server: str, runs: tuple[str, ...]
) -> None:
    on = [test for test in markers if test.endswith(runs) and UNREACHABLE not in test]
    assert on
    assert [test for test in on if server not in markers[test]] == []
    # tests that take the server's fixture itself, unparametrized
    assert any(server in names and "[" not in test for test, names in markers.items())


def test_a_run_on_neither_server_has_neither_marker(markers: dict[str, list[str]]) -> None:
    sqlite = [test for test in markers if test.endswith("[sqlite]")]
    assert sqlite
    assert [t for t in sqlite if {"postgres", "redis"} & set(markers[t])] == []
