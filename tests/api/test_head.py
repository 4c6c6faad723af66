"""`HEAD` is answered wherever `GET` is (issue 37, item 8): the same status and headers, no
body; never 405."""

from __future__ import annotations

import httpx
import pytest

from tests.support.client import create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


async def test_head_answers_as_get_without_a_body(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        room = await create_room(http)
        crew = (await http.post("/api/crews", json={"name": "Thu", "member": "Anna"})).json()
        paths = [
            "/",
            "/healthz",
            "/api/games",
            f"/api/rooms/{room['code']}",
            f"/r/{room['code']}",
            f"/r/{room['code']}/qr.svg",
            f"/api/crews/{crew['code']}",
            f"/c/{crew['code']}",
            "/api/rooms/ZZZZZZ",
        ]
        pairs = [(await http.get(p), await http.head(p)) for p in paths]
    for path, (get, head) in zip(paths, pairs, strict=True):
        assert head.status_code == get.status_code, path
        assert head.content == b"", path
        assert head.headers["content-type"] == get.headers["content-type"], path
        if "content-length" in get.headers:
            assert head.headers["content-length"] == get.headers["content-length"], path
