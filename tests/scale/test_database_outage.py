"""While the database is unreachable: `unavailable`, nothing changes, and recovery is by itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable
from typing import TypeVar

import httpx
import pytest
import websockets

from tests.support.client import Socket, auth, create_room
from tests.support.proxy import Proxy
from tests.support.server import start_server

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]
T = TypeVar("T")


async def test_commands_get_unavailable_and_the_server_recovers_by_itself(pg_url: str) -> None:
    proxy = await Proxy("127.0.0.1", 5432).start()
    proxied = pg_url.replace("127.0.0.1:5432", f"127.0.0.1:{proxy.port}")
    server = await asyncio.to_thread(start_server, proxied)
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            created = await create_room(http)
            code = created["code"]
            joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
            await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
            a = await Socket.open(server.ws_url, code, created["token"])
            await a.view_where(lambda v: True)
            assert (await a.act({"type": "pick", "number": 1}, cid="before"))["seq"] == 1

            proxy.cut()
            answer = await a.act({"type": "pick", "number": 2}, cid="during")
            assert answer["type"] == "error" and answer["code"] == "unavailable"
            assert answer["cid"] == "during"
            health = await http.get("/healthz")
            assert health.status_code == 503 and health.json() == {"ok": False, "db": "unreachable"}
            down = await http.get(f"/api/rooms/{code}")
            assert down.status_code == 503 and down.json()["error"]["code"] == "unavailable"
            refused = await http.post(f"/api/rooms/{code}/join", json={"name": "Late"})
            assert refused.status_code == 503
            # A phone opening a room this instance has not read: not "no such room" (4404,
            # after which the page gives up) but "try again later".
            elsewhere = await websockets.connect(f"{server.ws_url}/ws/ZZZZZZ")
            assert json.loads(await elsewhere.recv())["code"] == "unavailable"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await elsewhere.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013

            proxy.restore()
            for _ in range(50):
                if (await http.get("/healthz")).status_code == 200:
                    break
                await asyncio.sleep(0.2)
            assert (await http.get("/healthz")).json() == {"ok": True, "db": "ok"}
            b = await Socket.open(server.ws_url, code, joined["token"])
            await b.view_where(lambda v: True)
            retry = await b.act({"type": "pick", "number": 2}, cid="during")
            assert retry == {"type": "ack", "cid": "during", "seq": 2}
            info = (await http.get(f"/api/rooms/{code}")).json()
            assert info["seq"] == 2 and len(info["seats"]) == 2  # the refused join left no seat
    finally:
        await asyncio.to_thread(server.stop)
        await proxy.stop()


class BlackHole(Proxy):
    """A proxy that can `hang()`: connections stay open and accepted, and every byte either
    way is swallowed, as a database behind a dead link or a frozen host would."""

    def __init__(self, target_host: str, target_port: int) -> None:
        super().__init__(target_host, target_port)
        self.hanging = False

    def hang(self) -> None:
        self.hanging = True

    def restore_from_hang(self) -> None:
        """Traffic flows again on new connections; the swallowed ones are dropped."""
        self.hanging = False
        self.cut()
        self.restore()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.hanging:
            self._writers.add(writer)
            while await reader.read(65536):
                pass  # swallowed
            return
        await super()._handle(reader, writer)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                if not self.hanging:
                    writer.write(data)
                    await writer.drain()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()


async def within(seconds: float, work: Awaitable[T]) -> tuple[T, float]:
    started = time.monotonic()
    result = await asyncio.wait_for(work, seconds + 5)  # a hang fails here, not after 60 s
    took = time.monotonic() - started
    assert took < seconds, f"took {took:.1f} s"
    return result, took


async def test_a_hanging_database_answers_unavailable_within_5_s(
    pg_url: str, redis_url: str
) -> None:
    hole = await BlackHole("127.0.0.1", 5432).start()
    proxied = pg_url.replace("127.0.0.1:5432", f"127.0.0.1:{hole.port}")
    # Redis carries the fan-out (so the broker does not hang with the database), and this
    # instance is not alone: a new socket reads the room from the database.
    server = await asyncio.to_thread(start_server, proxied, redis_url=redis_url)
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            created = await create_room(http)
            code = created["code"]
            joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
            await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
            a = await Socket.open(server.ws_url, code, created["token"])
            await a.view_where(lambda v: True)
            assert (await a.act({"type": "pick", "number": 1}, cid="before"))["seq"] == 1

            bence = await Socket.open(server.ws_url, code, joined["token"])
            await bence.view_where(lambda v: True)
            # Registered and reading: a pong comes only once the socket's welcome (its read of
            # the room) is done. A view alone may be a push that reached it mid-welcome; a
            # hang then fails the welcome, and the socket is told `unavailable` (no cid: it
            # answers no act) and closed 1013, before its act is read.
            await bence.send({"type": "ping"})
            await bence.expect("pong")

            hole.hang()
            move = bence.act({"type": "pick", "number": 2}, cid="during")
            answer, took = await within(5, move)
            assert answer["code"] == "unavailable" and answer["cid"] == "during"
            health, _ = await within(5, http.get("/healthz"))
            assert health.status_code == 503
            down, _ = await within(5, http.get(f"/api/rooms/{code}"))
            assert down.status_code == 503 and down.json()["error"]["code"] == "unavailable"
            # A phone opening this room (cached here) is told to come back, not dropped.
            b = await websockets.connect(f"{server.ws_url}/ws/{code}")
            await b.send(json.dumps({"type": "hello"}))
            told, _ = await within(5, b.recv())
            assert json.loads(told)["code"] == "unavailable"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(b.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            print(f"an action during the hang was answered unavailable after {took:.1f} s")

            hole.restore_from_hang()
            for _ in range(100):
                if (await http.get("/healthz")).status_code == 200:
                    break
                await asyncio.sleep(0.1)
            retry = await bence.act({"type": "pick", "number": 2}, cid="during")
            assert retry == {"type": "ack", "cid": "during", "seq": 2}
            info = (await http.get(f"/api/rooms/{code}")).json()
            assert info["seq"] == 2
    finally:
        await asyncio.to_thread(server.stop)
        await hole.stop()
