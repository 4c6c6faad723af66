"""While the database is unreachable: `unavailable`, nothing changes, and recovery is by itself."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from tests.support.client import Socket, auth, create_room
from tests.support.proxy import Proxy
from tests.support.server import start_server

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]


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
