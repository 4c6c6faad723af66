"""The WebSocket `/ws/{code}`: a thin receive loop (parse, submit, reply) per PROTOCOL.md."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.api.limits import Window
from app.rooms.errors import RoomError
from app.rooms.hub import Connection, Hub
from app.rooms.service import RoomService
from app.settings import Settings

log = logging.getLogger(__name__)

MAX_MESSAGE = 8 * 1024  # bytes
VIOLATIONS_BEFORE_CLOSE = 20  # messages over the rate, without a calm second, before 1008
SOCKET_ERRORS = {"illegal_action", "not_your_turn", "bad_message", "rate_limited", "unavailable"}

router = APIRouter()


class Disconnected(Exception):
    """The socket is gone (closed by the peer, or by us after a bad token or flooding)."""


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    """Browsers send Origin; it must be one we allow (by default: this very host)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: bots, the load generator, third-party clients
    allowed = settings.origins
    if allowed:
        return origin in allowed or "*" in allowed
    return urlsplit(origin).netloc == ws.headers.get("host")


def error(code: str, message: str, cid: Any = None) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if isinstance(cid, str):
        body["cid"] = cid
    return body


class Session:
    """One socket's life: hello, then messages until it goes."""

    def __init__(self, ws: WebSocket, code: str, service: RoomService, hub: Hub, rate: int):
        self.ws = ws
        self.code = code
        self.service = service
        self.hub = hub
        self.window = Window(rate, 1.0)
        self.violations = 0
        self.delta = False  # hello asked for views in the delta form (README.md)

    async def receive(self) -> tuple[dict[str, Any] | None, str | None]:
        """The next message as (object, None), or (None, why it is bad_message)."""
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise Disconnected
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        size = len(raw.encode() if isinstance(raw, str) else raw)
        if size > MAX_MESSAGE:
            return None, f"message over {MAX_MESSAGE} bytes"
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return None, "malformed JSON"
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return None, "a message is an object with a string 'type'"
        return data, None

    def over_rate(self) -> bool:
        if self.window.allow():
            self.violations = 0
            return False
        self.violations += 1
        return True

    async def hello(self) -> int | None:
        """Wait for a valid hello; returns the seat (None = spectator)."""
        while True:
            data, bad = await self.receive()
            if self.over_rate() and self.violations > VIOLATIONS_BEFORE_CLOSE:
                await self.ws.close(1008, "rate limited")
                raise Disconnected
            if data is None or data.get("type") != "hello":
                reason = bad or "the first message must be hello"
                await self.ws.send_text(orjson.dumps(error("bad_message", reason)).decode())
                continue
            self.delta = data.get("views") == "delta"
            token = data.get("token")
            if token is None:
                return None
            if not isinstance(token, str):
                token = ""
            try:
                return await self.service.authenticate(self.code, token)
            except RoomError as exc:
                if exc.code == "unavailable":
                    await self.ws.send_text(orjson.dumps(error(exc.code, exc.message)).decode())
                    continue
                await self.ws.send_text(orjson.dumps(error("bad_token", exc.message)).decode())
                await self.ws.close(4401, "bad token")
                raise Disconnected from None

    async def serve(self, conn: Connection) -> None:
        while True:
            data, bad = await self.receive()
            if self.over_rate():
                conn.send(error("rate_limited", "more than 20 messages a second"))
                if self.violations > VIOLATIONS_BEFORE_CLOSE:
                    conn.close_after_sending(1008, "rate limited")
                continue
            if data is None:
                conn.send(error("bad_message", bad or "bad message"))
                continue
            kind = data["type"]
            if kind == "ping":
                conn.send({"type": "pong"})
            elif kind == "act":
                await self.act(conn, data)
            else:
                conn.send(error("bad_message", f"unknown message type {kind!r}", data.get("cid")))

    async def act(self, conn: Connection, data: dict[str, Any]) -> None:
        cid, action = data.get("cid"), data.get("action")
        if conn.seat is None:
            conn.send(error("not_your_turn", "spectators cannot act", cid))
            return
        try:
            seq = await self.service.act(self.code, conn.seat, cid, action)  # type: ignore[arg-type]
        except RoomError as exc:
            code = exc.code if exc.code in SOCKET_ERRORS else "illegal_action"
            conn.send(error(code, exc.message, cid))
            return
        conn.send({"type": "ack", "cid": cid, "seq": seq})


@router.websocket("/ws/{code}")
async def room_socket(ws: WebSocket, code: str) -> None:
    app = ws.app
    settings: Settings = app.state.settings
    if not origin_allowed(ws, settings):
        await ws.close(1008, "origin not allowed")
        return
    await ws.accept()
    service: RoomService = app.state.service
    hub: Hub = app.state.hub
    session = Session(ws, code, service, hub, settings.rate_per_second)
    try:
        try:
            await service.must_exist(code)
        except RoomError as exc:
            if exc.code == "unavailable":  # not "gone": the phone tries again and gets in
                await ws.send_text(orjson.dumps(error(exc.code, exc.message)).decode())
                await ws.close(1013, exc.code)
                return
            await ws.send_text(orjson.dumps(error("bad_message", exc.message)).decode())
            await ws.close(4404, "no such room")
            return
        seat = await session.hello()
        async with service.connect(ws, code, seat, delta=session.delta) as conn:
            await session.serve(conn)
    except (Disconnected, WebSocketDisconnect):
        return  # the socket is gone; service.connect has unregistered it
    except RoomError as exc:  # the database went away while registering
        log.info("socket for %s ended: %s", code, exc.message)
        await ws.close(1011, exc.code)
