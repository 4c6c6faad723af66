"""Small in-memory rate limiters (per socket, per client address) and HTTP guards."""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict, deque

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ADDRESSES_KEPT = 65_536  # per-address windows held at most (some 10 MB); the oldest go first


class Window:
    """At most `limit` events in any `period` seconds."""

    def __init__(self, limit: int, period: float = 1.0) -> None:
        self.limit = limit
        self.period = period
        self._times: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        while self._times and now - self._times[0] >= self.period:
            self._times.popleft()
        if len(self._times) >= self.limit:
            return False
        self._times.append(now)
        return True


class PerAddress:
    """One `Window` per client address, in a bounded LRU: a crowd of new addresses pushes
    out the addresses heard from least recently, never a busy client (every request moves
    its window to the young end)."""

    def __init__(self, limit: int, period: float = 60.0, kept: int = ADDRESSES_KEPT) -> None:
        self.limit = limit
        self.period = period
        self.kept = kept
        self._windows: OrderedDict[str, Window] = OrderedDict()

    def allow(self, address: str, now: float | None = None) -> bool:
        window = self._windows.get(address)
        if window is None:
            window = self._windows[address] = Window(self.limit, self.period)
            if len(self._windows) > self.kept:
                self._windows.popitem(last=False)
        else:
            self._windows.move_to_end(address)
        return window.allow(now)

    def __len__(self) -> int:
        return len(self._windows)


class BodyTooLarge(Exception):
    """The request body ran past the limit while it was being read (answered 413)."""


class BodyLimit:
    """ASGI middleware: an HTTP request body over `limit` bytes is answered 413 before it is
    read whole (by its Content-Length, or as it streams in), so no route ever holds it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await too_large(send)
            return
        seen = 0
        started = refused = False

        async def counted() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    if not started and not refused:
                        refused = True  # answered here: whatever the route says is dropped
                        await too_large(send)
                    raise BodyTooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        with contextlib.suppress(BodyTooLarge):
            await self.app(scope, counted, sending)


async def too_large(send: Send) -> None:
    body = b'{"error":{"code":"too_large","message":"the request body is over 64 KiB"}}'
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# Every page and answer: no framing, no sniffing, no referrer beyond this origin, and only
# this origin's scripts (the client has no inline script). Styles may be inline: a table
# module adds its CSS as a <style> (static/js/games/focifogadas/parts.js).
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; "
        b"img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """ASGI middleware adding `SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp, headers: list[tuple[bytes, bytes]] | None = None) -> None:
        self.app = app
        self.headers = headers or SECURITY_HEADERS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", ()), *self.headers]
            await send(message)

        await self.app(scope, receive, with_headers)


class HeadAsGet:
    """ASGI middleware: a `HEAD` request is answered as its `GET` would be, the status and
    headers (the length included) without the body (the routes are GET routes, and FastAPI
    answers HEAD on none of them)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)
