"""The lobby's three busiest requests without FastAPI's per-request machinery (`FAST_LANE`).

Starting a match is five requests: `POST /api/rooms`, three `POST /api/rooms/{code}/join` and
`POST /api/rooms/{code}/start`. FastAPI's handling of each (matching every route in turn,
reading the content type through `email.message`, solving six dependencies, validating the
body, then the answer again against its model) cost more CPU than the work the request asked
for. `LobbyLane`, a pure ASGI app in front of the framework's whole middleware stack
(`app.fast.front.Pitchside`), answers the plain form of these requests itself: a JSON body
that the route's own schema (`schemas.CreateRoom`, `schemas.JoinRoom`, `model_validate_json`)
takes, with a name and without a crew. It checks in FastAPI's order (the rate limit, then the
room code, then the room layer) and answers the same status, headers and bytes, errors
included (`http.error_response`), with what the stack's middleware would add or do: the
security headers (`limits.SECURITY_HEADERS`), and a plain 500 for an error of ours
(Starlette's `ServerErrorMiddleware`, which then lets the error go on up to the server).

Anything else (a crew's create or join, a body the schema refuses, another content type, a
repeated header, a client that went away, a body over the limit by its Content-Length or as
it came in) goes on to the framework and the routes in `http.py` untouched, with the body it
had, before anything is counted: they answer every other case. tests/api/test_lane.py
compares the two, request by request.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson
from pydantic import ValidationError
from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api import http
from app.api.limits import SECURITY_HEADERS
from app.api.schemas import CreateRoom, JoinRoom
from app.errors import RoomError
from app.rooms.commands.lobby import Lobby

ROOM_PATH = re.compile(r"/api/rooms/([^/]+)/(join|start)")  # the routes' `{code}`: [^/]+


class LobbyLane:
    """ASGI: create, join and start in their plain form (see the module); any other request,
    and a body over `limit` bytes, goes on to `app` (the framework)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or scope.get("root_path")
            or self._declared_over(scope)
        ):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path == "/api/rooms":
            await self._create(scope, receive, send)
            return
        matched = ROOM_PATH.fullmatch(path)
        if matched is None:
            await self.app(scope, receive, send)
        elif matched[2] == "join":
            await self._join(scope, receive, send, matched[1])
        else:
            await self._start(scope, receive, send, matched[1])

    async def _create(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw, messages = await _json_body(scope, receive, self.limit)
        body = _valid(CreateRoom, raw)
        if body is None or body.crew is not None or body.name is None:
            await self.app(scope, _replay(messages, receive), send)
            return
        game, mode, name, options = body.game, body.mode, body.name, body.options

        async def create(lobby: Lobby) -> tuple[int, bytes]:
            http.count_write(scope["app"].state, _address(scope))
            code, token = await lobby.create(game, mode, name, options)
            return 201, _json({"code": code, "url": http.room_url(code), "seat": 0, "token": token})

        await _answer(scope, receive, send, create)

    async def _join(self, scope: Scope, receive: Receive, send: Send, code: str) -> None:
        headers = _headers(scope)
        raw, messages = await _json_body(scope, receive, self.limit)
        body = _valid(JoinRoom, raw)
        if headers is None or headers[1] is not None or body is None or body.name is None:
            # A crew token (the seat is the member's), or not the plain body: the route's.
            await self.app(scope, _replay(messages, receive), send)
            return
        name = body.name

        async def join(lobby: Lobby) -> tuple[int, bytes]:
            http.count_write(scope["app"].state, _address(scope))
            seat, token = await lobby.join(http.checked_code(code), name)
            return 201, _json({"seat": seat, "token": token})

        await _answer(scope, receive, send, join)

    async def _start(self, scope: Scope, receive: Receive, send: Send, code: str) -> None:
        headers = _headers(scope)
        if headers is None:
            await self.app(scope, receive, send)
            return
        authorization = None if headers[1] is None else headers[1].decode("latin-1")

        async def start(lobby: Lobby) -> tuple[int, bytes]:
            await lobby.start(http.checked_code(code), http.bearer_token(authorization))
            return 200, b'{"status":"playing"}'

        await _answer(scope, receive, send, start)

    def _declared_over(self, scope: Scope) -> bool:
        """The request's Content-Length is not a number, or over the limit (as `BodyLimit`
        reads it, which answers such a request 413 unread)."""
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        return declared is not None and (not declared.isdigit() or int(declared) > self.limit)


Handler = Callable[[Lobby], Awaitable[tuple[int, bytes]]]
Body = TypeVar("Body", CreateRoom, JoinRoom)

# What Starlette's ServerErrorMiddleware answers an error it did not expect (debug off).
SERVER_ERROR = PlainTextResponse("Internal Server Error", status_code=500)


def _valid(schema: type[Body], raw: bytes | None) -> Body | None:
    """`raw` as the route's schema takes it, or None (the route answers why)."""
    if raw is None:
        return None
    try:
        return schema.model_validate_json(raw)
    except ValidationError:
        return None


async def _answer(scope: Scope, receive: Receive, send: Send, handle: Handler) -> None:
    """The answer of `handle(lobby)` -> (status, JSON body), or its `RoomError`'s, with the
    security headers; any other error is answered as the framework would (`SERVER_ERROR`),
    then raised."""
    lobby: Lobby = scope["app"].state.rooms.lobby
    try:
        try:
            status, content = await handle(lobby)
        except RoomError as exc:
            response: Response = http.error_response(exc.status, exc.code, exc.message)
        else:
            response = Response(content, status_code=status, media_type="application/json")
    except Exception:
        await SERVER_ERROR(scope, receive, send)
        raise
    headers = [*response.raw_headers, *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
    await send({"type": "http.response.body", "body": response.body})


def _json(value: dict[str, Any]) -> bytes:
    """As FastAPI writes a response model: compact, in field order (the values are ASCII)."""
    return orjson.dumps(value)


def _address(scope: Scope) -> str:
    """`http.client_address` of the request."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


def _headers(scope: Scope) -> tuple[bytes | None, bytes | None] | None:
    """(content-type, authorization) of the request, None when either is repeated (the
    routes decide which one counts)."""
    content_type = authorization = None
    for name, value in scope["headers"]:
        if name == b"content-type":
            if content_type is not None:
                return None
            content_type = value
        elif name == b"authorization":
            if authorization is not None:
                return None
            authorization = value
    return content_type, authorization


async def _json_body(
    scope: Scope, receive: Receive, limit: int
) -> tuple[bytes | None, list[Message]]:
    """The request's body if its content type is exactly `application/json`, else None; and
    the messages read, for the routes if the lane passes. Past `limit` bytes it stops reading
    (None: the body limit behind it answers)."""
    messages: list[Message] = []
    chunks: list[bytes] = []
    seen = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, messages  # the client went away
        chunk = message.get("body", b"")
        seen += len(chunk)
        if seen > limit:
            return None, messages
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    headers = _headers(scope)
    if headers is None or headers[0] is None or headers[0].lower() != b"application/json":
        return None, messages
    return b"".join(chunks), messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """`receive` with the messages the lane read first, in order."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
