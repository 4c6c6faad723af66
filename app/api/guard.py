"""The socket guard: how many WebSockets an address may hold, each one's send buffer, and
the watchdog that cuts off a socket whose phone stopped reading; with FAST_WIRE it hands the
room a `Wire` (app/fast/wire.py). A middleware of the app's stack (app/main.py), outermost."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.fast.wire import WIRE, Wire

log = logging.getLogger(__name__)


class SocketGuard:
    """ASGI middleware for the WebSockets: an address may hold `per_address` of them open
    (more are refused at the handshake, 403), and a socket that has not taken a message
    within `send_timeout` seconds (its phone stopped reading: the writer waits on a full
    buffer) is cut off at the transport, for a close would wait on that same writer. The
    cut ends its receive loop, which unregisters it. `send_buffer` bounds the kernel's send
    buffer of each socket (what a phone that stopped reading holds of this machine). `wire`
    (FAST_WIRE): the room's sends to the socket may skip ASGI (app/fast/wire.py)."""

    def __init__(
        self,
        app: ASGIApp,
        per_address: int = 32,
        send_timeout: float = 10.0,
        send_buffer: int = 0,
        *,
        wire: bool = False,
    ) -> None:
        self.app = app
        self.wire = wire
        self.per_address = per_address
        self.send_timeout = send_timeout
        self.send_buffer = send_buffer
        self.open: dict[str, int] = {}
        self._sending: dict[int, tuple[float, Any]] = {}  # id(socket) -> (since, transport)
        self._watch: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        if self.open.get(address, 0) >= self.per_address:
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": "too many sockets"})
            return
        self.open[address] = self.open.get(address, 0) + 1
        if self.wire:  # the room's sends to this socket may skip ASGI (wire.py)
            scope.setdefault("extensions", {})[WIRE] = Wire.of(send, self.send_timeout)
        transport = getattr(getattr(send, "__self__", None), "transport", None)
        if transport is not None and self.send_buffer > 0:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
        key = id(scope)
        sending = self._sending

        async def watched(message: Message) -> None:
            sending[key] = (time.monotonic(), transport)
            try:
                await send(message)
            finally:
                sending.pop(key, None)

        if self._watch is None or self._watch.done():
            self._watch = asyncio.get_running_loop().create_task(self._cut_stalled())
        try:
            await self.app(scope, receive, watched if transport is not None else send)
        finally:
            sending.pop(key, None)
            left = self.open[address] - 1
            if left:
                self.open[address] = left
            else:
                del self.open[address]

    async def _cut_stalled(self) -> None:
        """While sockets are open: abort those whose send has waited past the timeout."""
        while self.open:
            await asyncio.sleep(self.send_timeout / 4)
            now = time.monotonic()
            for key, (since, transport) in list(self._sending.items()):
                if now - since > self.send_timeout:
                    log.info("cutting off a socket that stopped reading")
                    self._sending.pop(key, None)
                    transport.abort()
