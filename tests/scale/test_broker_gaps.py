"""No lost change across instances (issue 37, item 2): two instances over one PostgreSQL, the
second reaching Redis through a proxy the test cuts. Moves made on both sides while it is
cut reach every phone once Redis is back (what was sent waits in the outbox; a subscription
made again is a gap, and a gap makes an instance read its rooms again and push fresh
views); an instance starts and serves while Redis is down, and catches up when it returns."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.support.client import Socket, auth, create_room, play
from tests.support.proxy import Proxy
from tests.support.server import RunningServer, start_server

pytestmark = [pytest.mark.asyncio, pytest.mark.postgres]

TICK_MS = 100  # the brokers' heartbeat, scaled down: a missed message is noticed sooner


class Counting(Proxy):
    """The proxy, counting the connections it refused while cut (B trying Redis again)."""

    refused = 0

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            self.refused += 1
        await super()._handle(reader, writer)

    async def refusals(self, count: int, timeout: float = 20.0) -> None:
        """Wait until it has refused `count` connections in all."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.refused < count and loop.time() < deadline:
            await asyncio.sleep(0.02)
        assert self.refused >= count, f"{self.refused} refused, {count} awaited"


@pytest.fixture
async def redis_proxy(redis_url: str) -> AsyncIterator[Counting]:
    proxy = await Counting("127.0.0.1", int(redis_url.rsplit(":", 1)[1].split("/")[0])).start()
    yield proxy
    await proxy.stop()


async def instance(pg_url: str, redis_url: str) -> RunningServer:
    """An instance in a thread of this process, started off the test's loop (which runs the
    proxy it may be reaching Redis through)."""
    return await asyncio.to_thread(
        start_server,
        pg_url,
        broker="redis",
        redis_url=redis_url,
        broker_tick_ms=TICK_MS,
        http_rate_per_minute=100_000,
        rate_per_second=10_000,
    )


async def room(server: RunningServer) -> tuple[str, list[str]]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, target=40)
        code = created["code"]
        joined = await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})
        started = await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
        assert started.status_code == 200
    return code, [created["token"], joined.json()["token"]]


async def reach(sockets: list[Socket], seq: int, timeout: float = 10.0) -> list[int]:
    """Wait until every socket has a view at `seq` or later (or `timeout`); their seqs."""

    async def one(socket: Socket) -> None:
        while socket.seq < seq:
            await socket.next(timeout)

    await asyncio.wait_for(
        asyncio.gather(*(one(s) for s in sockets), return_exceptions=True), timeout + 1
    )
    return [s.seq for s in sockets]


async def test_moves_made_while_redis_is_cut_reach_every_phone(
    pg_url: str, redis_url: str, redis_proxy: Counting
) -> None:
    a = await instance(pg_url, redis_url)
    b = await instance(pg_url, f"redis://127.0.0.1:{redis_proxy.port}/0")
    try:
        code, tokens = await room(a)
        seats = {0: await Socket.open(a.ws_url, code, tokens[0])}
        seats[1] = await Socket.open(b.ws_url, code, tokens[1])
        watchers = [await Socket.open(a.ws_url, code), await Socket.open(b.ws_url, code)]
        await play(seats, steps=3)  # both secrets picked, one count: news flows both ways
        redis_proxy.cut()
        await redis_proxy.refusals(1)  # B has lost its subscription
        # A's seat moves: the news never reaches B's subscription. Then B's seat moves (B
        # reads the room for it): its news cannot go out until Redis is back, and Redis
        # stays away past the client's own retries.
        view: dict[str, Any] = await seats[0].view_where(lambda v: True)
        turn = view["public"]["turn"]
        first = await seats[turn].act({"type": "add", "amount": 1})
        second = await seats[1 - turn].act({"type": "add", "amount": 1})
        assert (first["type"], second["type"]) == ("ack", "ack"), (first, second)
        await redis_proxy.refusals(redis_proxy.refused + 8)
        latest = second["seq"]
        redis_proxy.restore()
        seqs = await reach([*seats.values(), *watchers], latest)
    finally:
        await asyncio.to_thread(a.stop)
        await asyncio.to_thread(b.stop)
    assert seqs == [latest] * 4


async def test_an_instance_starts_while_redis_is_down_and_catches_up(
    pg_url: str, redis_url: str, redis_proxy: Counting
) -> None:
    redis_proxy.cut()
    b = await instance(pg_url, f"redis://127.0.0.1:{redis_proxy.port}/0")
    a = await instance(pg_url, redis_url)
    try:
        async with httpx.AsyncClient(base_url=b.url) as http:
            healthy = await http.get("/healthz")
        code, tokens = await room(b)  # B serves: rooms made, joined and started on it
        seats = {0: await Socket.open(b.ws_url, code, tokens[0])}
        seats[1] = await Socket.open(a.ws_url, code, tokens[1])
        watcher = await Socket.open(a.ws_url, code)
        moved = await seats[0].act({"type": "pick", "number": 2})  # while Redis is down
        redis_proxy.restore()
        seqs = await reach([seats[0], seats[1], watcher], moved["seq"])
        last = await play(seats, steps=2)  # and news flows both ways from then on
        after = await reach([seats[0], seats[1], watcher], seats[0].seq)
    finally:
        await asyncio.to_thread(a.stop)
        await asyncio.to_thread(b.stop)
    assert healthy.status_code == 200
    assert moved["type"] == "ack" and seqs == [moved["seq"]] * 3
    assert last["status"] == "playing" and len(set(after)) == 1


LISTENERS = (
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'"
)


async def test_news_missed_while_listen_was_down_reaches_every_phone(pg_url: str) -> None:
    """The same over PostgreSQL's LISTEN/NOTIFY: both instances' LISTEN connections are
    terminated, a move is made before they listen again, and every phone still gets it."""
    import asyncpg

    from app.rooms.push.broker import asyncpg_dsn

    a, b = [
        await asyncio.to_thread(
            start_server,
            pg_url,
            broker="postgres",
            redis_url="",
            broker_tick_ms=TICK_MS,
            http_rate_per_minute=100_000,
            rate_per_second=10_000,
        )
        for _ in range(2)
    ]
    admin = await asyncpg.connect(asyncpg_dsn(pg_url))
    try:
        code, tokens = await room(a)
        seats = {0: await Socket.open(a.ws_url, code, tokens[0])}
        seats[1] = await Socket.open(a.ws_url, code, tokens[1])
        follower = await Socket.open(b.ws_url, code)
        await play(seats, steps=2)
        await follower.view_where(lambda v: follower.seq >= seats[0].seq)
        listening = [row["pid"] for row in await admin.fetch(LISTENERS)]
        assert len(listening) >= 2, listening
        for pid in listening:
            await admin.execute("SELECT pg_terminate_backend($1)", pid)
        view: dict[str, Any] = await seats[0].view_where(lambda v: True)
        moved = await seats[view["public"]["turn"]].act({"type": "add", "amount": 1})
        seqs = await reach([follower], moved["seq"])
    finally:
        await admin.close()
        await asyncio.to_thread(a.stop)
        await asyncio.to_thread(b.stop)
    assert moved["type"] == "ack" and seqs == [moved["seq"]]
