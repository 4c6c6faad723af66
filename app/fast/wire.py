"""A phone's socket written to directly (`FAST_WIRE`): text frames put onto uvicorn's
transport, every message one loop turn queued for that phone in a single `write()`.

Sending through ASGI costs per message: Starlette's `send_text`, the middleware's wrappers,
uvicorn's `send` and the websockets library's framing, then one `write()` that wakes the
phone's side of the connection. An action sends five messages (the mover's ack and view,
three other views), and at human pace those sends were a quarter of the server
(bench/README.md). A server-to-client text frame is two to ten bytes of header before the
UTF-8 text (RFC 6455 §5.2: unmasked), so the hub writes the frames itself, a phone's ack and
view together.

Only where it is exactly right: uvicorn's sans-I/O WebSocket protocol, the handshake done, no
extension negotiated (per-message deflate is off, `python -m app`); anything else, and every
close, goes through ASGI as before. What reads the socket is untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
from typing import Any

# The implementation uvicorn picks with websockets installed ("auto"); a private module of
# uvicorn, so pyproject.toml pins uvicorn to the tested range and a missing one fails loudly.
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger(__name__)

WIRE = "pitchside.wire"  # the scope's extension that holds the socket's `Wire`, if any
TEXT = 0x81  # FIN and opcode 1 (text): a whole message in one frame


def frame(payload: bytes) -> bytes:
    """A server's text frame of `payload` (RFC 6455 §5.2; a server never masks)."""
    size = len(payload)
    if size < 126:
        return bytes((TEXT, size)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", TEXT, 126, size) + payload
    return struct.pack("!BBQ", TEXT, 127, size) + payload


class Wire:
    """The frames of one uvicorn WebSocket connection, written by the app itself.

    `write` puts whole messages onto the transport at once, or nothing when the transport is
    paused (its buffer is over the high-water mark: the phone stopped reading); `drain` waits
    for it to take more, and cuts the connection off once it has waited `send_timeout`
    seconds (a close would wait on that same buffer)."""

    __slots__ = ("_protocol", "_transport", "send_timeout")

    def __init__(self, protocol: Any, send_timeout: float) -> None:
        self._protocol = protocol
        self._transport: asyncio.Transport = protocol.transport
        self.send_timeout = send_timeout

    @classmethod
    def of(cls, send: Any, send_timeout: float) -> Wire | None:
        """The wire under an ASGI `send`, if it is uvicorn's own and writing frames directly
        is exactly what it would do (see the module's docstring)."""
        protocol = getattr(send, "__self__", None)
        if not isinstance(protocol, WebSocketsSansIOProtocol):
            return None
        return cls(protocol, send_timeout)

    def usable(self) -> bool:
        """After the handshake (accept): whether frames may be written directly now."""
        p = self._protocol
        return p.handshake_complete and p.initial_response is None and not p.conn.extensions

    def write(self, texts: list[str | bytes]) -> bool:
        """Write every message of `texts` (str, or its UTF-8), in order, in one `write()`; False (nothing written)
        while the transport is paused. Raises `ConnectionError` once the socket is closing."""
        p = self._protocol
        if p.close_sent or p.disconnected or self._transport.is_closing():
            raise ConnectionError("the socket is closing")
        if not p.writable.is_set():
            return False
        self._transport.write(
            b"".join([frame(t if isinstance(t, bytes) else t.encode()) for t in texts])
        )
        return True

    async def drain(self) -> None:
        """Until the transport takes writes again; a phone that reads nothing for
        `send_timeout` seconds is cut off and `ConnectionError` raised."""
        p = self._protocol
        if p.writable.is_set():
            return
        try:
            await asyncio.wait_for(p.writable.wait(), self.send_timeout)
        except TimeoutError:
            log.info("cutting off a socket that stopped reading")
            with contextlib.suppress(Exception):
                self._transport.abort()
            raise ConnectionError("the phone stopped reading") from None
        if p.disconnected:
            raise ConnectionError("the socket is gone")
