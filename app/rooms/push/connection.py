"""One phone's socket as the hub sends to it: what it is sent, in order, through a bounded
queue of its own, so that a slow or dead phone never delays anyone else. Views are full
snapshots: when a queue is full, the queued
views are dropped and only the newest is kept. A socket that stays hopelessly behind is
closed (it reconnects and is whole again with one view). With a `Wire` (app/fast/wire.py),
what one loop turn queued goes out at the end of that turn in one write; a writer task is
made only when the phone must be waited for (its buffer is full) or the socket closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Protocol

import orjson

from app import metrics
from app.games.base import JsonDict
from app.rooms.push.views import RoomSnapshot

MAX_DROPS_IN_A_ROW = 64  # views dropped without one getting through: the socket is dead
MAX_QUEUED = 512  # messages of any kind (acks, errors, pongs are small) before we give up


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Wire(Protocol):
    """The socket's frames written directly, several messages in one `write()`
    (app/fast/wire.py); without one, each message is sent on its own through `Socket`."""

    def write(self, texts: list[str | bytes]) -> bool: ...  # False: paused, nothing written
    async def drain(self) -> None: ...  # until it takes writes again (or ConnectionError)


class Connection:
    """One phone's socket: what it is sent, in order, so that a phone that stops reading
    delays nobody. With a `Wire`, what one loop turn queued for it (an ack and a view) goes
    out at the end of that turn in one write; a writer task of its own, made only when
    needed, waits out a full buffer and closes. Without one, the writer sends each message
    through the `Socket`."""

    def __init__(
        self,
        ws: Socket,
        code: str,
        seat: int | None,
        limit: int,
        *,
        wire: Wire | None = None,
    ) -> None:
        self.ws = ws
        self.wire = wire
        self._flush_soon = False  # a flush of the queue is scheduled for this loop turn
        self.code = code
        self.seat = seat
        self.limit = max(2, limit)
        # (is_view, the message): a text, or its UTF-8 (a wire writes bytes; only ASGI's
        # send needs a str)
        self._queue: deque[tuple[bool, str | bytes]] = deque()
        self._views_queued = 0
        self._wake = asyncio.Event()
        self._drops_in_a_row = 0
        self.last_view: tuple[int, str] | None = None  # (seq, status) of the last view queued
        self.closed = False
        self._closing: tuple[int, str] | None = None
        self._writer: asyncio.Task[None] | None = None  # made when needed: `_wake_writer`

    def send(self, message: JsonDict | bytes) -> None:
        """Queue a message that is not a view (bytes: already encoded)."""
        self._enqueue(False, message if isinstance(message, bytes) else orjson.dumps(message))

    def send_view(self, seq: int, status: str, message: str | bytes) -> None:
        """Queue an encoded view message (`RoomSnapshot.view_message`)."""
        self.last_view = (seq, status)
        self._enqueue(True, message)

    def send_room(self, snap: RoomSnapshot) -> None:
        """Queue this phone's view of `snap`: its UTF-8 for a wire, else as text."""
        seat = self.seat
        message = snap.view_bytes(seat) if self.wire is not None else snap.view_message(seat)
        self.send_view(snap.seq, snap.status, message)

    def _enqueue(self, is_view: bool, text: str | bytes) -> None:
        if self.closed:
            return
        if is_view and self._views_queued >= self.limit:
            kept = deque(item for item in self._queue if not item[0])
            dropped = len(self._queue) - len(kept)
            metrics.VIEWS_DROPPED.inc(dropped)
            self._drops_in_a_row += dropped
            self._queue = kept
            self._views_queued = 0
        if self._drops_in_a_row > MAX_DROPS_IN_A_ROW or len(self._queue) >= MAX_QUEUED:
            asyncio.get_running_loop().create_task(self.close(1013, "too far behind"))
            return
        self._queue.append((is_view, text))
        self._views_queued += is_view
        if self.wire is None:
            self._wake_writer()
        elif not self._flush_soon:
            self._flush_soon = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Write what is queued in one go (with a `Wire`), unless the writer has to wait for
        the phone to read first."""
        self._flush_soon = False
        if self._queue and not self.closed and not self._write_queued():
            self._wake_writer()

    def _wake_writer(self) -> None:
        """The writer, made now if there is none yet (with a wire, a phone that reads what it
        is sent never needs one: a task per socket was made and cancelled with each of a
        match's phones)."""
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())
        self._wake.set()

    def _write_queued(self) -> bool:
        """Everything queued onto the wire at once; False if it takes nothing now. A socket
        already closing counts as closed (the receive loop sees it go and unregisters)."""
        assert self.wire is not None
        try:
            if not self.wire.write([text for _, text in self._queue]):
                return False
        except ConnectionError:
            self.closed = True
            self._queue.clear()
            return True
        if self._views_queued:
            self._drops_in_a_row = 0
            metrics.VIEWS_SENT.inc(self._views_queued)
        self._queue.clear()
        self._views_queued = 0
        return True

    def close_after_sending(self, code: int, reason: str) -> None:
        """Close once everything queued so far has been sent."""
        self._closing = (code, reason)
        self._wake_writer()  # (it writes what a wire's flush has not, then closes)

    async def _write(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue and self.wire is not None and not self.closed:
                    await self.wire.drain()
                    self._write_queued()
                while self._queue and self.wire is None:
                    is_view, text = self._queue.popleft()
                    self._views_queued -= is_view
                    await self.ws.send_text(text if isinstance(text, str) else text.decode())
                    if is_view:
                        self._drops_in_a_row = 0
                        metrics.VIEWS_SENT.inc()
                if self._closing is not None:
                    await self.close(*self._closing)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away; the receive loop notices and unregisters
            self.closed = True

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    async def stop(self) -> None:
        if (writer := self._writer) is not None:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
