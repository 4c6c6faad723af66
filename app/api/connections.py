"""Bounded connections: what uvicorn does not bound by itself, at its two protocol classes
(`connection_options` gives uvicorn both; the one seam).

- A request's head must arrive within `header_timeout` seconds of the connection opening or
  of the previous answer (uvicorn arms its keep-alive timer only after a response, and any
  byte disarms it: a client that sends nothing, or a byte a minute, held a descriptor for
  good), and its body within `body_timeout` seconds of its head; else the connection is
  closed.
- One client address holds at most `per_address` TCP connections (HTTP and WebSocket
  alike); more are closed as they open. A trusted reverse proxy (FORWARDED_ALLOW_IPS) is not
  counted: every client comes through it, and the limits per client apply behind it.
- A WebSocket's control frames (pings, pongs) count against the socket's message rate
  (RATE_PER_SECOND, one `Window` shared with its messages: ws.py): over it they go
  unanswered, and a socket that keeps on is closed 1008, as for messages.
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode

from app.api.limits import Window
from app.settings import Settings

RATE = "pitchside.rate"  # the scope's extension holding the socket's `Window` (ws.py)
VIOLATIONS_BEFORE_CLOSE = 20  # as ws.py's: frames over the rate, without a calm second


class Addresses:
    """Open connections per client address, and who is not counted (trusted proxies)."""

    def __init__(self, per_address: int, trusted: str = "") -> None:
        self.per_address = per_address
        self.open: dict[str, int] = {}
        self._of: dict[int, str] = {}  # id(transport) -> its address, while counted
        names = [t.strip() for t in trusted.split(",") if t.strip()]
        self._everyone = "*" in names
        self._trusted = [ipaddress.ip_network(n, strict=False) for n in names if n != "*"]

    def trusted(self, address: str) -> bool:
        if self._everyone:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self._trusted)

    def opened(self, transport: Any) -> bool:
        """Count a new connection; False when its address holds `per_address` already."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple | list) and peer else "?"
        if self.per_address <= 0 or self.trusted(address):
            return True
        held = self.open.get(address, 0)
        if held >= self.per_address:
            return False
        self.open[address] = held + 1
        self._of[id(transport)] = address
        return True

    def closed(self, transport: Any) -> None:
        """The connection is gone (idempotent: its HTTP and WebSocket protocols both say)."""
        address = self._of.pop(id(transport), None)
        if address is None:
            return
        left = self.open[address] - 1
        if left:
            self.open[address] = left
        else:
            del self.open[address]


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline for each request's head and body, and
    the per-address count. Subclassed per server by `connection_options`."""

    addresses: Addresses
    header_timeout: float
    body_timeout: float

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        if not self.addresses.opened(transport):
            transport.abort()  # no answer: the address has its share of descriptors
            return
        self._arm(self.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.addresses.closed(self.transport)
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._arm(self.body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()  # the app has the request now; the answer is its to give

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm(self.header_timeout)  # the next request's head, within the timeout

    def handle_websocket_upgrade(self) -> None:
        self._disarm()  # the WebSocket has its own heartbeat (ws_ping_interval)
        super().handle_websocket_upgrade()

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


class MeteredWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with the client's control frames counted against the
    socket's rate (the `Window` its messages use too, in the scope for ws.py). A ping or
    pong over the rate is dropped as it is parsed (websockets would queue a pong for every
    ping of a read at once); too many, and the socket is closed 1008."""

    addresses: Addresses
    rate: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.control = Window(self.rate, 1.0)
        self.violations = 0
        self._parse_frame = self.conn.recv_frame
        self.conn.recv_frame = self._recv_frame  # type: ignore[method-assign]

    def connection_lost(self, exc: Exception | None) -> None:
        self.addresses.closed(self.transport)
        super().connection_lost(exc)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        extensions: dict[str, Any] = self.scope.setdefault("extensions", {})
        extensions[RATE] = self.control

    def _recv_frame(self, frame: Frame) -> None:
        if frame.opcode in (Opcode.PING, Opcode.PONG) and not self.control.allow():
            self.violations += 1
            return  # not answered, not an event
        if frame.opcode in (Opcode.PING, Opcode.PONG):
            self.violations = 0
        self._parse_frame(frame)

    def handle_events(self) -> None:
        super().handle_events()
        if self.violations > VIOLATIONS_BEFORE_CLOSE and not self.transport.is_closing():
            self.conn.send_close(1008, "rate limited")
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()


def connection_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's `http` and `ws` protocol classes for `settings`, sharing one count of
    connections per address, and its keep-alive timeout."""
    addresses = Addresses(settings.connections_per_address, settings.forwarded_allow_ips)
    http = type(
        "GuardedHttp",
        (GuardedHttp,),
        {
            "addresses": addresses,
            "header_timeout": settings.http_header_timeout,
            "body_timeout": settings.http_body_timeout,
        },
    )
    ws = type(
        "MeteredWebSockets",
        (MeteredWebSockets,),
        {"addresses": addresses, "rate": settings.rate_per_second},
    )
    keep_alive = min(5.0, settings.http_header_timeout)
    return {"http": http, "ws": ws, "timeout_keep_alive": keep_alive}
