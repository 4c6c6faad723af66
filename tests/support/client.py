"""A minimal protocol client for tests, written from docs/PROTOCOL.md."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

import httpx
import websockets

_cids = itertools.count(1)
OPEN: list[Socket] = []  # closed after each test by the `close_sockets` fixture


class Socket:
    """One WebSocket in a room, as a seat (with a token) or a spectator."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.inbox: list[dict[str, Any]] = []
        self.latest_view: dict[str, Any] | None = None
        self.seq = -1

    @classmethod
    async def open(cls, ws_url: str, code: str, token: str | None = None, **kw: Any) -> Socket:
        ws = await websockets.connect(f"{ws_url}/ws/{code}", **kw)
        sock = cls(ws)
        OPEN.append(sock)
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        await ws.send(json.dumps(hello))
        return sock

    async def next(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if message["type"] == "view":
            self.latest_view = message["view"]
            self.seq = message["seq"]
        return message

    async def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of type `kind`, keeping the views seen on the way."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.next(max(0.01, deadline - loop.time()))
            if message["type"] == kind:
                return message
            self.inbox.append(message)

    async def view_where(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        if self.latest_view is not None and pred(self.latest_view):
            return self.latest_view
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await self.next(max(0.01, deadline - loop.time()))
            if message["type"] == "view" and pred(message["view"]):
                return message["view"]

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: dict[str, Any], cid: str | None = None) -> dict[str, Any]:
        """Send an action; returns the ack or error answering it."""
        cid = cid or f"c-{next(_cids)}"
        await self.send({"type": "act", "cid": cid, "action": action})
        while True:
            message = await self.next()
            if message["type"] in ("ack", "error"):
                return message

    async def close(self) -> None:
        await self.ws.close()


async def create_room(
    http: httpx.AsyncClient,
    game: str = "tiny",
    mode: str = "race",
    name: str = "Anna",
    **options: Any,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "mode": mode, "name": name}
    if options:
        body["options"] = options
    response = await http.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def play(
    sockets: dict[int, Socket],
    *,
    steps: int | None = None,
    acked: list[tuple[str, int]] | None = None,
) -> dict[str, Any]:
    """Seats play their first legal action whenever they must act, until the match ends (or
    `steps` actions were acked). Returns the last view; records (cid, seq) of every ack."""
    done = 0
    while True:
        views = {seat: await s.view_where(lambda v: True) for seat, s in sockets.items()}
        newest = max(
            views.values(), key=lambda v: sockets[v["you"]].seq if v["you"] is not None else -1
        )
        if newest["status"] == "finished" or (steps is not None and done >= steps):
            return newest
        seat = next(
            (
                s
                for s, v in views.items()
                if v["legal"] and sockets[s].seq == max(x.seq for x in sockets.values())
            ),
            None,
        )
        if seat is None:
            lagging = min(sockets.values(), key=lambda s: s.seq)
            await lagging.next()
            continue
        cid = f"p-{next(_cids)}"
        answer = await sockets[seat].act(views[seat]["legal"][0], cid=cid)
        if answer["type"] == "ack":
            done += 1
            if acked is not None:
                acked.append((cid, answer["seq"]))
            for s in sockets.values():
                while s.seq < answer["seq"]:
                    await s.next()
