"""A request body nested 1,500 levels deep (issue 37, item 8) is 400 `bad_json` in the
contract's error shape, on the lobby lane's create and join and on the routes behind it (a
crew's create and join), never a 500 in plain text."""

from __future__ import annotations

import httpx
import pytest

from tests.support.client import create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio

DEPTH = 1500


def deep(kind: str) -> bytes:
    if kind == "array":
        return b"[" * DEPTH + b"]" * DEPTH
    return b'{"name":' + b'{"a":' * DEPTH + b"1" + b"}" * DEPTH + b"}"


@pytest.mark.parametrize("kind", ["array", "object"])
async def test_deep_json_is_a_bad_request(server: RunningServer, kind: str) -> None:
    headers = {"Content-Type": "application/json"}
    async with httpx.AsyncClient(base_url=server.url) as http:
        room = await create_room(http)
        answers = [
            await http.post(path, content=deep(kind), headers=headers)
            for path in (
                "/api/rooms",
                f"/api/rooms/{room['code']}/join",
                "/api/crews",
                "/api/crews/ABCDEFGH/join",
            )
        ]
        still = await http.get("/healthz")
    for answer in answers:
        assert answer.status_code == 400, answer.text[:200]
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["error"]["code"] == "bad_json"
        assert answer.headers["x-content-type-options"] == "nosniff"
    assert still.status_code == 200
