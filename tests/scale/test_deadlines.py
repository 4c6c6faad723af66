"""A turn's deadline is decided once, with the move (issue 37, item 8): the instance that
made a move, one that followed it from the broker and one that read the room from the
database all show the same `clock.deadlines` for the same seq."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer, start_server

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]


async def instance(pg_url: str, redis_url: str) -> RunningServer:
    return await asyncio.to_thread(
        start_server,
        pg_url,
        broker="redis",
        redis_url=redis_url,
        http_rate_per_minute=100_000,
        rate_per_second=10_000,
    )


async def test_every_instance_shows_the_same_deadlines(pg_url: str, redis_url: str) -> None:
    a = await instance(pg_url, redis_url)
    b = await instance(pg_url, redis_url)
    c = await instance(pg_url, redis_url)  # no socket stays there: it reads the room
    try:
        async with httpx.AsyncClient(base_url=a.url) as http:
            room = await create_room(http, target=40, turn_seconds=30)
            code = room["code"]
            joined = await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
            tokens = [room["token"], joined.json()["token"]]
            await http.post(f"/api/rooms/{code}/start", headers=auth(tokens[0]))
        seats = [await Socket.open(a.ws_url, code, tokens[0])]
        seats.append(await Socket.open(a.ws_url, code, tokens[1]))
        follower = await Socket.open(b.ws_url, code)  # B follows each move from the broker
        compared = []
        for step in range(6):
            view = await seats[0].view_where(lambda v: True)
            public = view["public"]
            if step < 2:
                seat = next(s for s, picked in enumerate(public["chosen"]) if not picked)
                action = {"type": "pick", "number": 2}
            else:
                seat, action = public["turn"], {"type": "add", "amount": 1}
            ack = await seats[seat].act(action)
            assert ack["type"] == "ack", ack
            made = await seats[0].view_where(lambda v, s=ack["seq"]: seats[0].seq >= s)
            followed = await follower.view_where(lambda v, s=ack["seq"]: follower.seq >= s)
            reader = await Socket.open(c.ws_url, code)  # C reads the room for a new phone
            read = await reader.view_where(lambda v: True)
            await reader.close()
            compared.append(
                (
                    made["public"]["clock"]["deadlines"],
                    followed["public"]["clock"]["deadlines"],
                    read["public"]["clock"]["deadlines"],
                )
            )
    finally:
        for server in (a, b, c):
            await asyncio.to_thread(server.stop)
    for made_at, followed_at, read_at in compared:
        assert made_at, compared  # a clock runs
        assert made_at == followed_at == read_at, compared
