"""The WebSocket `/ws/{code}`: a thin receive loop (parse, submit, reply) per docs/PROTOCOL.md."""

from __future__ import annotations

import json
import logging
import math
from typing import Annotated, Any, Literal

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter
from pydantic import ValidationError as PydanticError
from starlette.types import Scope

from app.api.connections import RATE
from app.api.limits import Window
from app.errors import RoomError
from app.fast.wire import WIRE, Wire
from app.net import Reach
from app.rooms.commands.checks import CID_MAX, SERVER_CID
from app.rooms.commands.codes import is_code
from app.rooms.push.connection import Connection
from app.rooms.wiring import Rooms
from app.settings import Settings

log = logging.getLogger(__name__)

MAX_MESSAGE = 8 * 1024  # bytes
VIOLATIONS_BEFORE_CLOSE = 20  # messages over the rate, without a calm second, before 1008
SOCKET_ERRORS = {"illegal_action", "not_your_turn", "bad_message", "rate_limited", "unavailable"}


# --- what a client may send (docs/PROTOCOL.md), parsed as one tagged union ------------------------


def _client_cid(cid: str) -> str:
    if cid.startswith(SERVER_CID):
        raise ValueError(f"cids beginning {SERVER_CID!r} are the server's own")
    return cid


Cid = Annotated[
    str, StringConstraints(min_length=1, max_length=CID_MAX), AfterValidator(_client_cid)
]


class Hello(BaseModel):
    model_config = ConfigDict(strict=True)
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=256)] | None = None
    # Views are always whole; "delta" (once a form of its own) is accepted and ignored
    # (docs/PROTOCOL.md).
    views: Literal["v1", "delta"] = "v1"


class Ping(BaseModel):
    model_config = ConfigDict(strict=True)
    type: Literal["ping"]


def _finite(action: dict[str, Any]) -> dict[str, Any]:
    """JSON has no NaN or Infinity: an action holding one (the parser takes them) is not
    well-formed. Walked without recursion: the message's size bounds it."""
    pending: list[Any] = [action]
    while pending:
        value = pending.pop()
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("numbers must be finite (no NaN or Infinity)")
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return action


class Act(BaseModel):
    model_config = ConfigDict(strict=True)
    type: Literal["act"]
    cid: Cid
    action: Annotated[dict[str, Any], AfterValidator(_finite)]


ClientMessage = Annotated[Hello | Ping | Act, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Ping | Act] = TypeAdapter(ClientMessage)


def cid_of(raw: str | bytes) -> str | None:
    """The cid of an `act`, however wrong the rest of it is (an error answering an act
    carries its cid, docs/PROTOCOL.md)."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        try:  # NaN or Infinity somewhere (Python's parser takes them), or not JSON at all
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return None
    if not isinstance(data, dict) or data.get("type") != "act":
        return None
    cid = data.get("cid")
    return cid if isinstance(cid, str) and len(cid) <= CID_MAX else None


def why(exc: PydanticError) -> str:
    errors = exc.errors(include_url=False)
    if not errors:
        return "invalid message"
    first = errors[0]
    if first["type"] == "json_invalid":
        return "malformed JSON"
    where = ".".join(str(p) for p in first["loc"])
    return f"{where or 'message'}: {first['msg']}"[:200]


class Disconnected(Exception):
    """The socket is gone (closed by the peer, or by us after a bad token or flooding)."""


def origin_allowed(scope: Scope, settings: Settings, reach: Reach | None = None) -> bool:
    """Browsers send Origin; it must be the page's own host, `PUBLIC_URL`, an address this
    server serves on, or one of ALLOWED_ORIGINS (`net.Reach.origin_allowed`). The headers
    are read as Starlette's `Headers.get` reads them (the first of a name, latin-1), from the
    scope's list itself."""
    return (reach or Reach.of(settings)).origin_allowed(scope, settings.origins)


def error(code: str, message: str, cid: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if cid is not None:
        body["cid"] = cid
    return body


class Bad:
    """A message that is not one of docs/PROTOCOL.md's: why, and the cid if it was an act."""

    __slots__ = ("cid", "reason")

    def __init__(self, reason: str, cid: str | None) -> None:
        self.reason = reason
        self.cid = cid


class Session:
    """One socket's life: hello, then messages until it goes."""

    def __init__(self, ws: WebSocket, code: str, rooms: Rooms, rate: int):
        self.ws = ws
        self.code = code
        self.cache = rooms.cache  # the seat a token holds
        self.service = rooms.service  # act
        # The rate its control frames count against too, when uvicorn's protocol is ours
        # (app/api/connections.py).
        self.window: Window = (ws.scope.get("extensions") or {}).get(RATE) or Window(rate, 1.0)
        self.violations = 0

    async def receive(self) -> str | bytes:
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise Disconnected
        raw: str | bytes | None = message.get("text")
        return raw if raw is not None else message.get("bytes") or b""

    @staticmethod
    def parse(raw: str | bytes) -> Hello | Ping | Act | Bad:
        size = len(raw.encode() if isinstance(raw, str) else raw)
        if size > MAX_MESSAGE:
            return Bad(f"message over {MAX_MESSAGE} bytes", cid_of(raw))
        try:
            return CLIENT_MESSAGE.validate_json(raw)
        except PydanticError as exc:
            return Bad(why(exc), cid_of(raw))

    def over_rate(self) -> bool:
        if self.window.allow():
            self.violations = 0
            return False
        self.violations += 1
        return True

    async def reply(self, message: dict[str, Any]) -> None:
        await self.ws.send_text(orjson.dumps(message).decode())

    async def hello(self) -> int | None:
        """Wait for a valid hello; returns the seat (None = spectator)."""
        while True:
            raw = await self.receive()
            if self.over_rate() and self.violations > VIOLATIONS_BEFORE_CLOSE:
                await self.ws.close(1008, "rate limited")
                raise Disconnected
            message = self.parse(raw)
            if not isinstance(message, Hello):
                reason = message.reason if isinstance(message, Bad) else None
                cid = message.cid if isinstance(message, Bad) else getattr(message, "cid", None)
                await self.reply(
                    error("bad_message", reason or "the first message must be hello", cid)
                )
                continue
            if message.token is None:
                return None
            try:
                return await self.cache.authenticate(self.code, message.token)
            except RoomError as exc:
                if exc.code == "unavailable":
                    await self.reply(error(exc.code, exc.message))
                    continue
                await self.reply(error("bad_token", exc.message))
                await self.ws.close(4401, "bad token")
                raise Disconnected from None

    async def serve(self, conn: Connection) -> None:
        while True:
            raw = await self.receive()
            if self.over_rate():
                conn.send(error("rate_limited", "more than 20 messages a second", cid_of(raw)))
                if self.violations > VIOLATIONS_BEFORE_CLOSE:
                    conn.close_after_sending(1008, "rate limited")
                continue
            message = self.parse(raw)
            if isinstance(message, Act):
                await self.act(conn, message)
            elif isinstance(message, Ping):
                conn.send({"type": "pong"})
            elif isinstance(message, Bad):
                conn.send(error("bad_message", message.reason, message.cid))
            else:
                conn.send(error("bad_message", "already said hello"))

    async def act(self, conn: Connection, message: Act) -> None:
        cid = message.cid
        if conn.seat is None:
            conn.send(error("not_your_turn", "spectators cannot act", cid))
            return
        try:
            seq = await self.service.act(self.code, conn.seat, cid, message.action)
        except RoomError as exc:
            code = exc.code if exc.code in SOCKET_ERRORS else "illegal_action"
            conn.send(error(code, exc.message, cid))
            return
        except Exception:
            # Never a dropped socket: whatever went wrong, the act is answered, nothing of it
            # is known to have changed, and the phone may send it again (same cid).
            log.exception("act in room %s failed", self.code)
            conn.send(error("unavailable", "the server could not take it; try again", cid))
            return
        conn.send({"type": "ack", "cid": cid, "seq": seq})


async def room_socket(ws: WebSocket, code: str) -> None:
    """/ws/{code}: docs/PROTOCOL.md's socket of a room (a route of the app, behind the socket
    guard, app/api/guard.py)."""
    app = ws.app
    settings: Settings = app.state.settings
    if not origin_allowed(ws.scope, settings, app.state.reach):
        await ws.close(1008, "origin not allowed")
        return
    await ws.accept()
    rooms: Rooms = app.state.rooms
    session = Session(ws, code, rooms, settings.rate_per_second)
    try:
        try:
            if not is_code(code):
                raise RoomError("not_found", "no such room", 404)
            await rooms.cache.must_exist(code)
        except RoomError as exc:
            if exc.code == "unavailable":  # not "gone": the phone tries again and gets in
                await session.reply(error(exc.code, exc.message))
                await ws.close(1013, exc.code)
                return
            await session.reply(error("bad_message", exc.message))
            await ws.close(4404, "no such room")
            return
        seat = await session.hello()
        wire: Wire | None = (ws.scope.get("extensions") or {}).get(WIRE)
        wire = wire if wire is not None and wire.usable() else None
        async with rooms.fanout.connect(ws, code, seat, wire=wire) as conn:
            await session.serve(conn)
    except (Disconnected, WebSocketDisconnect):
        return  # the socket is gone; fanout.connect has unregistered it
    except RoomError as exc:  # the database went away while registering: try again later
        log.info("socket for %s ended: %s", code, exc.message)
        if exc.code == "unavailable":
            await session.reply(error(exc.code, exc.message))
            await ws.close(1013, exc.code)
        else:
            await ws.close(1011, exc.code)
