"""Attacks on rooms: guessing codes, filling a found lobby, stalling the turn clock."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
import websockets

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio


@pytest.fixture(scope="module")
def guarded(database_url: str) -> Iterator[RunningServer]:
    server = start_server(database_url, http_reads_per_minute=30, clock_scale=0.02)
    yield server
    server.stop()


async def test_guessing_room_codes_is_rate_limited_per_address(guarded: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=guarded.url) as http:
        answers = [
            (await http.get(f"/api/rooms/ZZZZ{a}{b}")).status_code
            for a in "AB"
            for b in "ABCDEFGHJKMNPQRSTUVWX"
        ]
    assert set(answers[:20]) == {404}
    assert answers[-1] == 429  # 42 guesses: at most 30 a minute get an answer


async def test_one_address_flooding_the_qr_route_is_limited(guarded: RunningServer) -> None:
    # The in-process test server trusts loopback as a proxy (uvicorn's default there): this
    # client has an address of its own, whatever the other tests here used up.
    headers = {"X-Forwarded-For": "198.51.100.77"}
    async with httpx.AsyncClient(base_url=guarded.url, headers=headers) as http:
        answers = [(await http.get("/r/ABCDEF/qr.svg")).status_code for _ in range(35)]
    assert answers[:30] == [200] * 30 and answers[30:] == [429] * 5


async def lobby(http: httpx.AsyncClient, names: list[str]) -> tuple[str, list[str]]:
    created = await create_room(http, name=names[0])
    tokens = [created["token"]]
    for name in names[1:]:
        joined = await http.post(f"/api/rooms/{created['code']}/join", json={"name": name})
        tokens.append(joined.json()["token"])
    return created["code"], tokens


async def test_the_host_removes_an_intruder_from_the_lobby(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        code, tokens = await lobby(http, ["Anna", "Intruder", "Bence"])
        intruder = await Socket.open(server.ws_url, code, tokens[1])
        bence = await Socket.open(server.ws_url, code, tokens[2])
        host = await Socket.open(server.ws_url, code, tokens[0])
        await host.view_where(lambda v: len(v["public"]["seats"]) == 3)
        await bence.view_where(lambda v: v["you"] == 2)

        not_host = await http.delete(f"/api/rooms/{code}/seats/1", headers=auth(tokens[2]))
        assert not_host.status_code == 403
        own = await http.delete(f"/api/rooms/{code}/seats/0", headers=auth(tokens[0]))
        assert own.status_code == 403
        assert (
            await http.delete(f"/api/rooms/{code}/seats/5", headers=auth(tokens[0]))
        ).status_code == 404
        removed = await http.delete(f"/api/rooms/{code}/seats/1", headers=auth(tokens[0]))
        assert removed.status_code == 204

        view = await host.view_where(lambda v: len(v["public"]["seats"]) == 2)
        assert [s["name"] for s in view["public"]["seats"]] == ["Anna", "Bence"]
        info = (await http.get(f"/api/rooms/{code}")).json()
        assert [(s["seat"], s["name"]) for s in info["seats"]] == [(0, "Anna"), (1, "Bence")]
        # The sockets of the seats that moved are closed (4409) to authenticate again.
        for moved in (intruder, bence):
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await moved.next(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
        # Bence's token holds seat 1 now; the intruder's holds nothing.
        bence = await Socket.open(server.ws_url, code, tokens[2])
        assert (await bence.view_where(lambda v: True))["you"] == 1
        ws = await websockets.connect(f"{server.ws_url}/ws/{code}")
        await ws.send(json.dumps({"type": "hello", "token": tokens[1]}))
        assert json.loads(await ws.recv())["code"] == "bad_token"
        gone = await http.patch(
            f"/api/rooms/{code}/options", json={"target": 5}, headers=auth(tokens[1])
        )
        assert gone.status_code == 401

        await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
        late = await http.delete(f"/api/rooms/{code}/seats/1", headers=auth(tokens[0]))
        assert late.status_code == 409 and late.json()["error"]["code"] == "already_started"


async def test_a_player_cannot_take_the_clocks_cid_and_stall_the_room(
    guarded: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=guarded.url) as http:
        created = await create_room(http, target=20, turn_seconds=30)
        code = created["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    anna = await Socket.open(guarded.ws_url, code, created["token"])
    bence = await Socket.open(guarded.ws_url, code, joined["token"])
    await anna.view_where(lambda v: True)
    await bence.view_where(lambda v: True)
    # The clock's move for Anna at seq 1 would be "server:clock-1-0": she may not send it ...
    claimed = await anna.act({"type": "pick", "number": 1}, cid="server:clock-1-0")
    assert claimed["type"] == "error" and claimed["code"] == "bad_message"
    assert claimed["cid"] == "server:clock-1-0"
    # What the clock sent before (clock-{seq}-{seat}) is only an ordinary client cid now.
    answer = await bence.act({"type": "pick", "number": 1}, cid="clock-1-0")
    assert answer["type"] == "ack", answer
    # Anna stalls: her clock runs out, the bot picks for her, play goes on.
    view = await anna.view_where(lambda v: v["phase"] == "count", timeout=10)
    assert [e["reason"] for e in view["log"] if e["event"] == "stand_in"] == ["clock"]
    # The next seat to act is on the clock again: once more the clock moves the room on.
    await anna.view_where(lambda v: anna.seq >= 3, timeout=10)
    assert anna.seq >= 3
