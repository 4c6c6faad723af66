"""Hostile input: random and malformed WebSocket messages, and schemathesis against the
OpenAPI schema. No 5xx, the socket survives, and no room changes."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from app.db.migrate import upgrade
from tests.support.server import RunningServer, start_server

json_scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Actions that are never legal in the tiny game's count phase (pick is over; add is 1 or 2).
never_legal = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["pick", "add", "PICK", ""]), "amount": st.integers(3, 99)}
    ),
    st.fixed_dictionaries({"type": st.just("pick"), "number": st.integers(-5, 9)}),
)
messages = (
    st.one_of(
        st.fixed_dictionaries(
            {
                "type": st.just("act"),
                "cid": st.text(max_size=80) | json_scalars,
                "action": never_legal,
            }
        ),
        st.fixed_dictionaries(
            {"type": st.sampled_from(["hello", "ping", "pong", "view", "dance", ""])}
        ),
        st.dictionaries(st.text(max_size=10), json_values, max_size=5),
        json_values,
    ).map(json.dumps)
    | st.text(max_size=200)
    | st.binary(max_size=100).map(lambda b: b.decode("latin-1"))
    | st.just(json.dumps({"type": "ping", "pad": "x" * 9000}))
)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}"
    upgrade(url)
    server = start_server(url, rate_per_second=100_000, http_rate_per_minute=100_000)
    yield server
    server.stop()


def playing_room(server: RunningServer) -> tuple[str, str, dict[str, Any]]:
    """A started room past its secret phase, and its public state."""
    with httpx.Client(base_url=server.url) as http:
        created = http.post(
            "/api/rooms", json={"game": "tiny", "mode": "race", "name": "Anna"}
        ).json()
        code = created["code"]
        joined = http.post(f"/api/rooms/{code}/join", json={"name": "Bence"}).json()
        http.post(
            f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {created['token']}"}
        )
    for token in (created["token"], joined["token"]):
        with connect(f"{server.ws_url}/ws/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            ws.recv(5)
            ws.send(
                json.dumps({"type": "act", "cid": "setup", "action": {"type": "pick", "number": 1}})
            )
            while json.loads(ws.recv(5))["type"] != "ack":
                pass
    with httpx.Client(base_url=server.url) as http:
        return code, created["token"], http.get(f"/api/rooms/{code}").json()


@pytest.fixture(scope="module")
def fuzz_room(fuzz_server: RunningServer) -> tuple[str, str, dict[str, Any]]:
    return playing_room(fuzz_server)


@settings(
    max_examples=50,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
)
@given(batch=st.lists(messages, min_size=20, max_size=20))
def test_random_and_malformed_messages_change_nothing(
    fuzz_server: RunningServer, fuzz_room: tuple[str, str, dict[str, Any]], batch: list[str]
) -> None:
    code, token, before = fuzz_room
    with connect(f"{fuzz_server.ws_url}/ws/{code}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(ws.recv(5))["type"] == "view"
        for raw in batch:
            ws.send(raw)
        # A last message whose answer comes last: the socket is still open and in order.
        ws.send(json.dumps({"type": "act", "cid": "sentinel", "action": {"type": "nothing"}}))
        while True:
            message = json.loads(ws.recv(10))
            assert message["type"] in ("presence", "error", "pong", "view")
            if message["type"] == "error":
                assert message["code"] in ("bad_message", "illegal_action", "not_your_turn")
                if message.get("cid") == "sentinel":
                    break
    with httpx.Client(base_url=fuzz_server.url) as http:
        after = http.get(f"/api/rooms/{code}").json()
    assert {k: after[k] for k in ("seq", "status", "seats")} == {
        k: before[k] for k in ("seq", "status", "seats")
    }


def test_schemathesis_finds_no_server_error_and_changes_no_room(
    fuzz_server: RunningServer, tmp_path: Path
) -> None:
    code, _token, before = playing_room(fuzz_server)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "schemathesis.cli",
            "run",
            f"{fuzz_server.url}/openapi.json",
            "--checks",
            "not_a_server_error",
            "--phases",
            "examples,coverage,fuzzing",
            "--max-examples",
            "25",
            "--seed",
            "7",
            "--workers",
            "1",
            "--no-shrink",
            "--request-timeout",
            "10",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    with httpx.Client(base_url=fuzz_server.url) as http:
        after = http.get(f"/api/rooms/{code}").json()
    assert after == before
