"""Bounded connections (issue 37): a connection that sends nothing, or its request a byte at
a time, is closed within the header timeout; an address holds a bounded number of TCP
connections; a WebSocket's pings count against its rate, and a flood of them is closed
while another table plays on. Timeouts are scaled down here (README: 10 s and 30 s)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from app.api.connections import connection_options
from app.settings import Settings
from bench.attacks.ping_flood import PING, PONG, upgraded
from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio

HEADER_TIMEOUT = 0.5  # seconds (HTTP_HEADER_TIMEOUT)
PER_ADDRESS = 6  # connections (CONNECTIONS_PER_ADDRESS)
LIMITS = {
    "http_header_timeout": HEADER_TIMEOUT,
    "http_body_timeout": HEADER_TIMEOUT,
    "connections_per_address": PER_ADDRESS,
}


@pytest.fixture(scope="module")
def bounded(database_url: str) -> Iterator[RunningServer]:
    options = connection_options(Settings(**LIMITS))  # type: ignore[arg-type]
    server = start_server(database_url, uvicorn_options=options, **LIMITS)
    yield server
    server.stop()


def raw(server: RunningServer) -> socket.socket:
    host, port = server.url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


async def closed_within(sock: socket.socket, seconds: float) -> bytes:
    """What the server sent until it closed `sock`; fails if it is open after `seconds`."""
    sock.settimeout(seconds)

    def drain() -> bytes:
        data = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                data += chunk
        return data

    try:
        return await asyncio.to_thread(drain)
    except TimeoutError:
        pytest.fail(f"still open after {seconds} s")


async def test_a_connection_that_sends_nothing_is_closed_within_the_header_timeout(
    bounded: RunningServer,
) -> None:
    silent = raw(bounded)
    started = time.monotonic()
    assert await closed_within(silent, HEADER_TIMEOUT + 3) == b""
    assert time.monotonic() - started >= HEADER_TIMEOUT * 0.8
    silent.close()


async def test_a_request_sent_a_byte_at_a_time_is_closed_within_the_header_timeout(
    bounded: RunningServer,
) -> None:
    slow = raw(bounded)
    started = time.monotonic()
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1000
    with pytest.raises(OSError):
        for byte in request:
            slow.send(bytes([byte]))
            await asyncio.sleep(0.05)  # the slow client's pace (a byte every 50 ms)
    assert time.monotonic() - started < HEADER_TIMEOUT + 3
    slow.close()


async def test_keep_alive_requests_still_work_and_the_idle_one_is_closed(
    bounded: RunningServer,
) -> None:
    sock = raw(bounded)
    for _ in range(2):
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    await closed_within(sock, HEADER_TIMEOUT + 6)  # idle after its answers
    sock.close()


async def test_an_address_holds_at_most_its_share_of_connections(bounded: RunningServer) -> None:
    held = [raw(bounded) for _ in range(PER_ADDRESS)]
    for sock in held:  # each is served (keeps its place while it talks)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    extra = raw(bounded)
    extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert await closed_within(extra, 3) == b""  # closed unanswered
    extra.close()
    for sock in held:
        sock.close()
    async with httpx.AsyncClient(base_url=bounded.url) as http:  # places free again
        for _ in range(50):
            try:
                if (await http.get("/healthz")).status_code == 200:
                    break
            except httpx.TransportError:
                await asyncio.sleep(0.05)  # the closed ones are being counted out
        else:
            pytest.fail("no place for a new connection after the others closed")


async def test_a_ping_flood_is_closed_and_another_table_plays_on(database_url: str) -> None:
    # The flood comes from the same address as the table here: no connection cap in play.
    options = connection_options(Settings(connections_per_address=0))
    server = await asyncio.to_thread(start_server, database_url, uvicorn_options=options)
    try:
        async with httpx.AsyncClient(base_url=server.url) as http:
            created = await create_room(http, target=40)
            code = created["code"]
            await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
            await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
            watched = (await create_room(http))["code"]
        anna = await Socket.open(server.ws_url, code, created["token"])
        await anna.view_where(lambda v: True)
        flood = upgraded(server.url, watched)
        sent = 0

        def pour() -> None:
            nonlocal sent
            try:
                for _ in range(2000):
                    flood.sendall(PING * 500)
                    sent += 500
            except OSError:
                return  # closed by the server

        pouring = asyncio.create_task(asyncio.to_thread(pour))
        # Another table acts meanwhile, and its answer is fast.
        started = time.monotonic()
        answer = await anna.act({"type": "pick", "number": 1})
        assert answer["type"] == "ack"
        assert time.monotonic() - started < 1.0
        await asyncio.wait_for(pouring, 20)
        assert sent < 1_000_000, "the flood was never closed"
        data = await closed_within(flood, 5)
        pongs = data.count(PONG)
        assert pongs <= 100  # a few pongs while within the rate, then none
        assert b"\x88" in data and (1008).to_bytes(2, "big") in data  # closed 1008
        flood.close()
    finally:
        await asyncio.to_thread(server.stop)
