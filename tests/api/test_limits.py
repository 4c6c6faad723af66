"""Hostile clients: the WebSocket Origin check and per-address limits on rooms and joins."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
import websockets
from starlette.datastructures import Headers

from app.api.ws import origin_allowed
from app.settings import Settings
from tests.support.client import create_room
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio


@pytest.fixture(scope="module")
def strict_server(database_url: str) -> Iterator[RunningServer]:
    server = start_server(
        database_url, allowed_origins="https://pitch.example", http_rate_per_minute=4
    )
    yield server
    server.stop()


async def test_only_allowed_origins_may_open_a_socket(strict_server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=strict_server.url) as http:
        code = (await create_room(http))["code"]
    url = f"{strict_server.ws_url}/ws/{code}"
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(url, origin=websockets.Origin("https://evil.example"))
    assert refused.value.response.status_code == 403
    ok = await websockets.connect(url, origin=websockets.Origin("https://pitch.example"))
    await ok.send(json.dumps({"type": "hello"}))
    assert json.loads(await ok.recv())["type"] == "view"
    await ok.close()


async def test_by_default_a_page_may_only_open_sockets_to_its_own_host(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        code = (await create_room(http))["code"]
    url = f"{server.ws_url}/ws/{code}"
    with pytest.raises(websockets.InvalidStatus):
        await websockets.connect(url, origin=websockets.Origin("https://evil.example"))
    own = await websockets.connect(url, origin=websockets.Origin(server.url))
    await own.close()


async def test_room_creation_and_joins_are_rate_limited_per_address(
    strict_server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=strict_server.url) as http:
        body = {"game": "tiny", "mode": "race", "name": "Anna"}
        answers = [await http.post("/api/rooms", json=body) for _ in range(5)]
        statuses = [a.status_code for a in answers]
        # At most 4 a minute from one address (another test here may have used some).
        assert 1 <= statuses.count(201) <= 4 and statuses[-1] == 429
        assert statuses == sorted(statuses, key=lambda s: s == 429)  # refusals only at the end
        assert answers[-1].json()["error"]["code"] == "rate_limited"
        join = await http.post(f"/api/rooms/{answers[0].json()['code']}/join", json={"name": "B"})
        assert join.status_code == 429
        patch = await http.patch(
            f"/api/rooms/{answers[0].json()['code']}/options",
            json={"target": 5},
            headers={"Authorization": f"Bearer {answers[0].json()['token']}"},
        )
        assert patch.status_code == 429
        # Reading is never limited.
        assert (await http.get(f"/api/rooms/{answers[0].json()['code']}")).status_code == 200


@pytest.mark.parametrize(
    ("headers", "allowed"),
    [
        ([], True),  # not a browser
        ([(b"host", b"a.example"), (b"origin", b"http://a.example")], True),
        ([(b"origin", b"http://a.example"), (b"host", b"b.example")], False),
        # The first of a repeated header counts, as Starlette's `Headers.get` reads it.
        (
            [(b"host", b"a.example"), (b"origin", b"http://a.example"), (b"origin", b"http://b")],
            True,
        ),
        (
            [(b"host", b"a.example"), (b"origin", b"http://b"), (b"origin", b"http://a.example")],
            False,
        ),
        ([(b"host", b"a.example"), (b"host", b"b"), (b"origin", b"http://b")], False),
        ([(b"origin", b"http://a.example")], False),  # no host to be
    ],
)
async def test_a_sockets_origin_is_read_from_the_scope_as_starlette_reads_it(
    headers: list[tuple[bytes, bytes]], allowed: bool
) -> None:
    scope: dict[str, object] = {"type": "websocket", "headers": headers}
    assert origin_allowed(scope, Settings()) is allowed
    listed = Settings(allowed_origins="http://b")  # allowed besides the page's own host
    first = Headers(raw=headers).get("origin")
    assert origin_allowed(scope, listed) is (allowed or first == "http://b")
