"""The sockets connected to this instance, by room, what each is sent, and who is connected
(here, and at the other instances as they announce it). The hub is told what to send
(`Fanout`, fanout.py); it reads no room and calls nothing back.

Each socket is a `Connection` (connection.py), with its own bounded send queue, so a slow
or dead phone never delays anyone else.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

from app import metrics
from app.games.base import JsonDict
from app.rooms.push.broker import Message
from app.rooms.push.connection import Connection, Socket, Wire
from app.rooms.push.views import RoomSnapshot

log = logging.getLogger(__name__)

PRESENCE_EVERY = 15.0  # seconds between two announcements of who is connected here
PRESENCE_FOR = 3 * PRESENCE_EVERY  # how long another instance's announcement holds
PRESENCE_SETTLE = 0.02  # seconds for a room's sockets to settle before presence is told


@dataclass(frozen=True, slots=True)
class Here:
    """Who is connected to one instance in one room, as it last announced."""

    seats: frozenset[int]
    spectators: int
    until: float  # monotonic time after which the announcement no longer holds


Announce = Callable[[str, str, int, dict[str, Any]], Awaitable[None]]  # broker.publish


class Hub:
    """This instance's sockets by room: it sends them what it is given and tells who is
    connected (here and, from their announcements, at the other instances). It reads no
    room and calls nothing back: `Fanout` decides what each socket is sent."""

    def __init__(
        self, instance: str = "local", send_queue: int = 16, announce: Announce | None = None
    ) -> None:
        self.instance = instance
        self.send_queue = send_queue
        self.rooms: dict[str, set[Connection]] = {}
        # Presence across instances: each tells the others who is connected to it, on every
        # change and every PRESENCE_EVERY seconds; an instance that stops telling (killed)
        # drops out after PRESENCE_FOR.
        self.announce = announce
        self.elsewhere: dict[str, dict[str, Here]] = {}  # room -> instance -> who is there
        self._heartbeat: asyncio.Task[None] | None = None
        # Presence to tell once the room settles: room -> (its seats, its bots, announce too)
        self._settling: dict[str, tuple[list[int], frozenset[int], bool]] = {}
        self._announcing: set[asyncio.Task[None]] = set()

    # --- connections ------------------------------------------------------------------------

    def register(
        self,
        ws: Socket,
        code: str,
        seat: int | None,
        *,
        wire: Wire | None = None,
    ) -> Connection:
        conn = Connection(ws, code, seat, self.send_queue, wire=wire)
        self.rooms.setdefault(code, set()).add(conn)
        metrics.SOCKETS.inc()
        return conn

    async def unregister(self, conn: Connection) -> bool:
        """Stop the socket's writer; whether it was the last one here in its room."""
        metrics.SOCKETS.dec()
        room = self.rooms.get(conn.code)
        last = False
        if room is not None:
            room.discard(conn)
            if not room:
                del self.rooms[conn.code]
                last = True
        await conn.stop()
        return last

    def watched(self, code: str) -> bool:
        """Whether a socket here is in the room."""
        return code in self.rooms

    def push(self, snap: RoomSnapshot, *, force: bool = False) -> None:
        """Send every socket of the room its view of `snap`, unless it has it (`force`: even
        at the same seq) or a newer one."""
        for conn in self.rooms.get(snap.code, ()):
            if not force and snap.state is not None and conn.last_view == (snap.seq, snap.status):
                continue
            if conn.last_view is not None and snap.seq < conn.last_view[0]:
                continue  # a phone that has a newer view keeps it: a room never moves back
            conn.send_room(snap)
        snap.pushed()
        if snap.state is None:  # a lobby change: seats came or went
            self.send_presence(snap)

    def send(self, code: str, message: JsonDict, *, seated: bool = False) -> None:
        """The same message to every socket of the room (encoded once for all); `seated`:
        only to the sockets of its seats, not to spectators."""
        conns = self.rooms.get(code)
        if conns:
            encoded = orjson.dumps(message)
            for conn in conns:
                if not seated or conn.seat is not None:
                    conn.send(encoded)

    def _here(self, code: str) -> tuple[set[int], int]:
        """Seats and spectators connected to this instance."""
        conns = self.rooms.get(code, set())
        online = {c.seat for c in conns if c.seat is not None and not c.closed}
        return online, sum(1 for c in conns if c.seat is None and not c.closed)

    def _everywhere(self, code: str) -> tuple[set[int], int]:
        """Seats and spectators connected to any instance."""
        online, spectators = self._here(code)
        now = time.monotonic()
        for there in self.elsewhere.get(code, {}).values():
            if there.until > now:
                online |= there.seats
                spectators += there.spectators
        return online, spectators

    def presence(self, code: str, seats: list[int], bots: frozenset[int]) -> JsonDict:
        online, spectators = self._everywhere(code)
        return {
            "type": "presence",
            "seats": [{"seat": s, "connected": s in online or s in bots} for s in seats],
            "spectators": spectators,
        }

    def send_presence(self, snap: RoomSnapshot, *, announce: bool = False) -> None:
        """Tell the room's phones here who is connected, as it stands `PRESENCE_SETTLE` after
        the first change of a burst (`snap`: the seats and bots): a match's four phones come
        within milliseconds, and telling each arrival to all was ten messages where one does
        (bench/README.md). `announce`: the change was here, so tell the other instances too."""
        code = snap.code
        settling = self._settling.get(code)
        if settling is None:
            asyncio.get_running_loop().call_later(PRESENCE_SETTLE, self._settled, code)
        told = announce or (settling is not None and settling[2])
        self._settling[code] = ([s.seat for s in snap.seats], snap.bot_seats, told)

    def _settled(self, code: str) -> None:
        if (settling := self._settling.pop(code, None)) is None:  # closed meanwhile
            return
        seats, bots, announce = settling
        self.send(code, self.presence(code, seats, bots))
        if announce and self.announce is not None:
            task = asyncio.get_running_loop().create_task(self.announce_here(code))
            self._announcing.add(task)
            task.add_done_callback(self._announcing.discard)

    def is_connected(self, code: str, seat: int) -> bool:
        """Whether a socket of this seat is connected to any instance."""
        return seat in self._everywhere(code)[0]

    # --- presence across instances ----------------------------------------------------------

    async def announce_here(self, code: str) -> None:
        """Tell the other instances who is connected here in the room."""
        if self.announce is None:
            return
        online, spectators = self._here(code)
        data = {"seats": sorted(online), "spectators": spectators}
        try:
            await self.announce("presence", code, 0, data)
        except Exception as exc:  # the others learn at the next heartbeat
            log.warning("presence for room %s not announced: %s", code, exc)

    def start_heartbeat(self) -> None:
        self._heartbeat = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            for code in list(self.rooms):
                await self.announce_here(code)
            now = time.monotonic()
            for code, there in list(self.elsewhere.items()):
                for instance in [i for i, h in there.items() if h.until <= now]:
                    del there[instance]
                if not there:
                    del self.elsewhere[code]

    def heard(self, message: Message) -> bool:
        """Another instance told who is connected to it in a room; whether that changed
        anything here (a heartbeat does not)."""
        data = message.data or {}
        here = Here(
            frozenset(int(s) for s in data.get("seats", [])),
            int(data.get("spectators", 0)),
            time.monotonic() + PRESENCE_FOR,
        )
        there = self.elsewhere.setdefault(message.room, {})
        before = there.get(message.origin)
        there[message.origin] = here
        was = (before.seats, before.spectators) if before is not None else None
        return was != (here.seats, here.spectators)

    def connected(self) -> int:
        return sum(len(conns) for conns in self.rooms.values())

    async def close_all(self, code: int, reason: str) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        self._settling.clear()
        conns = [c for room in self.rooms.values() for c in room]
        await asyncio.gather(*(c.close(code, reason) for c in conns), return_exceptions=True)

    def unseat(self, code: str, from_seat: int) -> None:
        """The host removed a seat in the lobby and the seats after it moved down: their
        sockets close (4409) and reconnect, to authenticate again (the removed token gets
        `bad_token`)."""
        for conn in self.rooms.get(code, ()):
            if conn.seat is not None and conn.seat >= from_seat:
                conn.close_after_sending(4409, "seats changed")
