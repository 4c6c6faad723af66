"""Whose address the limits count: behind a trusted proxy each forwarded client has its own
bucket; a client that is not a trusted proxy cannot pick its address by sending the header."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.server import ServerProcess

pytestmark = pytest.mark.asyncio
BODY = {"game": "tiny", "mode": "race", "name": "A"}


async def creations(http: httpx.AsyncClient, forwarded: str, times: int) -> list[int]:
    headers = {"X-Forwarded-For": forwarded}
    return [
        (await http.post("/api/rooms", json=BODY, headers=headers)).status_code
        for _ in range(times)
    ]


async def test_only_a_trusted_proxy_says_whose_request_it_is(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'pitchside.db'}"
    # The test plays the proxy from 127.0.0.1, trusted here; 127.0.0.2 is a client that
    # reaches the app directly, as anyone on the host can.
    server = ServerProcess.start(url, FORWARDED_ALLOW_IPS="127.0.0.1", HTTP_RATE_PER_MINUTE="2")
    try:
        async with httpx.AsyncClient(base_url=server.url) as http:
            for client in ("198.51.100.1", "198.51.100.2", "198.51.100.3"):
                assert await creations(http, client, 3) == [201, 201, 429], client
            # A client's own X-Forwarded-For comes first and the proxy appends the address it
            # saw: the rightmost untrusted one counts, whatever the client wrote.
            for spoof in ("203.0.113.1", "203.0.113.2"):
                assert await creations(http, f"{spoof}, 198.51.100.4", 1) == [201]
            assert await creations(http, "203.0.113.3, 198.51.100.4", 1) == [429]
        direct = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
        async with httpx.AsyncClient(base_url=server.url, transport=direct) as http:
            answers = [(await creations(http, f"198.51.100.{i}", 1))[0] for i in range(10, 14)]
            assert answers == [201, 201, 429, 429]  # every one of them is 127.0.0.2
    finally:
        server.stop()
