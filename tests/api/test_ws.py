"""The WebSocket of docs/PROTOCOL.md with real sockets: roles, views, acks, errors and limits."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


async def started_room(
    server: RunningServer, players: int = 2, **options: Any
) -> tuple[str, list[str]]:
    """A room of `players` seats that has started; returns its code and the seat tokens."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, **options)
        code, tokens = created["code"], [created["token"]]
        for i in range(1, players):
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})
            tokens.append(joined.json()["token"])
        response = await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
        assert response.status_code == 200
    return code, tokens


async def play_to_the_end(server: RunningServer, code: str, tokens: list[str]) -> None:
    """Every seat plays its first legal action whenever it must act, until the result."""
    sockets = [await Socket.open(server.ws_url, code, t) for t in tokens]
    try:
        while True:
            views = [await s.view_where(lambda v: True) for s in sockets]
            if views[0]["status"] == "finished":
                return
            movers = [s for s, v in zip(sockets, views, strict=True) if v["legal"]]
            if not movers:
                await sockets[0].next()
                continue
            answer = await movers[0].act(movers[0].latest_view["legal"][0])  # type: ignore[index]
            assert answer["type"] == "ack", answer
            for s in sockets:
                await s.view_where(lambda v, seq=answer["seq"]: True, timeout=5)
                while s.seq < answer["seq"]:
                    await s.next()
    finally:
        for s in sockets:
            await s.close()


async def test_each_seat_sees_only_its_own_secret(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    b = await Socket.open(server.ws_url, code, tokens[1])
    watcher = await Socket.open(server.ws_url, code)
    await a.view_where(lambda v: v["phase"] == "secret")
    assert (await a.act({"type": "pick", "number": 3}))["type"] == "ack"
    assert (await b.act({"type": "pick", "number": 1}))["type"] == "ack"
    va = await a.view_where(lambda v: v["phase"] == "count")
    vb = await b.view_where(lambda v: v["phase"] == "count")
    vw = await watcher.view_where(lambda v: v["phase"] == "count")
    assert va["you"] == 0 and va["private"] == {"secret": 3}
    assert vb["you"] == 1 and vb["private"] == {"secret": 1}
    assert vw["you"] is None and vw["private"] is None and vw["legal"] == []
    assert va["public"] == vb["public"] == vw["public"]
    assert "secrets" not in vw["public"]
    assert va["to_act"] == vb["to_act"] == vw["to_act"] and len(va["to_act"]) == 1
    mover = a if va["to_act"] == [0] else b
    assert mover.latest_view["legal"] == [
        {"type": "add", "amount": 1},
        {"type": "add", "amount": 2},
    ]  # type: ignore[index]
    other = b if mover is a else a
    assert other.latest_view["legal"] == []  # type: ignore[index]
    assert [e["event"] for e in vw["log"]] == ["picked", "picked"]
    assert [e["seq"] for e in vw["log"]] == [1, 2]


async def test_every_connect_gets_the_whole_view_at_once(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    first = await a.expect("view")
    assert first["seq"] == 0 and first["view"]["status"] == "playing"
    assert set(first["view"]) == {
        "game",
        "mode",
        "status",
        "phase",
        "you",
        "to_act",
        "legal",
        "public",
        "private",
        "log",
        "result",
    }


async def test_a_repeated_cid_is_acked_again_and_applied_once(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    await a.view_where(lambda v: True)
    first = await a.act({"type": "pick", "number": 2}, cid="same")
    again = await a.act({"type": "pick", "number": 2}, cid="same")
    assert first == again == {"type": "ack", "cid": "same", "seq": 1}
    # After a reconnect, too.
    await a.close()
    a2 = await Socket.open(server.ws_url, code, tokens[0])
    assert (await a2.act({"type": "pick", "number": 2}, cid="same"))["seq"] == 1
    async with httpx.AsyncClient(base_url=server.url) as http:
        assert (await http.get(f"/api/rooms/{code}")).json()["seq"] == 1


async def test_illegal_and_out_of_turn_actions_change_nothing(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    b = await Socket.open(server.ws_url, code, tokens[1])
    await a.view_where(lambda v: True)
    bad = await a.act({"type": "pick", "number": 9}, cid="x1")
    assert bad["type"] == "error" and bad["code"] == "illegal_action" and bad["cid"] == "x1"
    assert (await a.act({"type": "pick", "number": 1}))["type"] == "ack"
    again = await a.act({"type": "pick", "number": 2})
    assert again["code"] == "not_your_turn"
    assert (await b.act({"type": "pick", "number": 2}))["type"] == "ack"
    view = await a.view_where(lambda v: v["phase"] == "count")
    idle = a if view["to_act"] != [0] else b
    assert (await idle.act({"type": "add", "amount": 1}))["code"] == "not_your_turn"
    for bad_action in (None, "add", [1], {"type": "add", "amount": 3}):
        answer = await idle.act(bad_action)  # type: ignore[arg-type]
        assert answer["type"] == "error"
    async with httpx.AsyncClient(base_url=server.url) as http:
        assert (await http.get(f"/api/rooms/{code}")).json()["seq"] == 2
    watcher = await Socket.open(server.ws_url, code)
    await watcher.view_where(lambda v: True)
    assert (await watcher.act({"type": "add", "amount": 1}))["code"] == "not_your_turn"


async def test_bad_messages_get_bad_message_and_the_socket_stays_open(
    server: RunningServer,
) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    await a.expect("view")
    for raw in (
        "{nope",
        json.dumps({"type": "dance"}),
        json.dumps([1, 2]),
        json.dumps({"type": "act", "cid": "k" * 65, "action": {}}),
        json.dumps({"type": "ping", "pad": "x" * 9000}),
    ):
        await a.send(raw)
        answer = await a.expect("error")
        assert answer["code"] == "bad_message", raw[:40]
    await a.send({"type": "ping"})
    assert (await a.expect("pong")) == {"type": "pong"}


async def test_a_bad_token_is_told_and_closed_4401(server: RunningServer) -> None:
    code, _tokens = await started_room(server)
    ws = await websockets.connect(f"{server.ws_url}/ws/{code}")
    await ws.send(json.dumps({"type": "hello", "token": "forged"}))
    answer = json.loads(await ws.recv())
    assert answer["type"] == "error" and answer["code"] == "bad_token"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


async def test_more_than_20_messages_a_second_are_limited_then_closed(
    server: RunningServer,
) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    await a.expect("view")
    for _ in range(60):
        await a.send({"type": "ping"})
    kinds: list[str] = []
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            message = await a.next(timeout=5)
            kinds.append(message.get("code") or message["type"])
    # The hello was the first of this second's 20 messages; 19 pings get their pong.
    assert kinds.count("pong") == 19 and "rate_limited" in kinds
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


async def test_presence_follows_sockets(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[0])
    presence = await a.expect("presence")
    assert presence["seats"] == [{"seat": 0, "connected": True}, {"seat": 1, "connected": False}]
    b = await Socket.open(server.ws_url, code, tokens[1])
    presence = await a.expect("presence")
    assert presence["seats"][1] == {"seat": 1, "connected": True}
    watcher = await Socket.open(server.ws_url, code)
    assert (await a.expect("presence"))["spectators"] == 1
    await b.close()
    await watcher.close()
    while True:
        presence = await a.expect("presence")
        if presence["spectators"] == 0 and not presence["seats"][1]["connected"]:
            break


async def test_lobby_sockets_see_seats_fill(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http)
        code = created["code"]
        host = await Socket.open(server.ws_url, code, created["token"])
        first = await host.view_where(lambda v: True)
        assert first["status"] == "lobby" and first["phase"] == "lobby"
        assert [s["name"] for s in first["public"]["seats"]] == ["Anna"]
        await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
        view = await host.view_where(lambda v: len(v["public"]["seats"]) == 2)
        assert view["public"]["seats"][1]["name"] == "Bence"
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
        playing = await host.view_where(lambda v: v["status"] == "playing")
        assert playing["legal"]


async def test_a_bot_plays_its_seat_to_the_end(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, target=5)
        code = created["code"]
        await http.post(f"/api/rooms/{code}/bots", headers=auth(created["token"]))
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    me = await Socket.open(server.ws_url, code, created["token"])
    while True:
        view = await me.view_where(lambda v: v["legal"] or v["status"] == "finished", timeout=15)
        if view["status"] == "finished":
            break
        await me.act(view["legal"][0])
    assert view["result"]["winners"] in ([0], [1])
    assert any(e["seat"] == 1 for e in view["log"])


async def test_unknown_room_socket_is_closed_4404(server: RunningServer) -> None:
    ws = await websockets.connect(f"{server.ws_url}/ws/ZZZZZZ")
    answer = json.loads(await ws.recv())
    assert answer["type"] == "error"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await asyncio.wait_for(ws.recv(), 5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404  # the page says "gone"


@pytest.mark.parametrize("path", ["/ws/", "/ws/ABCDEF/more", "/wsx/ABCDEF"])
async def test_a_socket_to_no_room_route_is_refused_at_the_handshake(
    server: RunningServer, path: str
) -> None:
    """Only /ws/{code} is a socket: the guard serves it itself and hands every other path
    to the app, which has no socket route there."""
    with pytest.raises(websockets.InvalidStatus) as refused:
        await websockets.connect(f"{server.ws_url}{path}")
    assert refused.value.response.status_code == 403


async def test_a_token_holds_its_seat_in_its_own_room_only(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    _other, other_tokens = await started_room(server)
    a = await Socket.open(server.ws_url, code, tokens[1])
    assert (await a.view_where(lambda v: True))["you"] == 1
    ws = await websockets.connect(f"{server.ws_url}/ws/{code}")
    await ws.send(json.dumps({"type": "hello", "token": other_tokens[1]}))
    assert json.loads(await ws.recv())["code"] == "bad_token"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


async def test_rematch_keeps_seats_and_tells_the_sockets(server: RunningServer) -> None:
    code, tokens = await started_room(server, target=5)
    watcher = await Socket.open(server.ws_url, code, tokens[1])
    spectator = await Socket.open(server.ws_url, code)
    await play_to_the_end(server, code, tokens)
    async with httpx.AsyncClient(base_url=server.url) as http:
        guest_try = await http.post(f"/api/rooms/{code}/rematch", headers=auth(tokens[1]))
        assert guest_try.status_code == 403
        response = await http.post(f"/api/rooms/{code}/rematch", headers=auth(tokens[0]))
        assert response.status_code == 201
        new = response.json()
        assert new["url"] == f"/r/{new['code']}" and new["code"] != code
        again = await http.post(f"/api/rooms/{code}/rematch", headers=auth(tokens[0]))
        assert again.json()["code"] == new["code"]
        info = (await http.get(f"/api/rooms/{new['code']}")).json()
        assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["Anna", "P1"]
    told = await watcher.expect("rematch")
    assert told == {"type": "rematch", "code": new["code"], "url": f"/r/{new['code']}"}
    # A spectator is told nothing of it (issue 37): its next message is a later one.
    await spectator.send({"type": "ping"})
    assert (await spectator.expect("pong"))["type"] == "pong"
    assert all(m["type"] != "rematch" for m in spectator.inbox)
    guest = await Socket.open(server.ws_url, new["code"], tokens[1])
    assert (await guest.view_where(lambda v: True))["you"] == 1


async def test_replay_steps_are_revealed_views(server: RunningServer) -> None:
    code, tokens = await started_room(server, target=5)
    await play_to_the_end(server, code, tokens)
    async with httpx.AsyncClient(base_url=server.url) as http:
        replay = (await http.get(f"/api/rooms/{code}/replay")).json()
        last = len(replay["actions"])
        start = (await http.get(f"/api/rooms/{code}/replay/0")).json()
        assert start["seq"] == 0 and start["view"]["you"] is None and start["view"]["legal"] == []
        assert start["view"]["public"]["secrets"] == [None, None]  # revealed, though not yet chosen
        end = (await http.get(f"/api/rooms/{code}/replay/{last}")).json()
        assert end["view"]["status"] == "finished" and end["view"]["result"] == replay["result"]
        assert None not in end["view"]["public"]["secrets"]
        missing = await http.get(f"/api/rooms/{code}/replay/{last + 1}")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
