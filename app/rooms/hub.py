"""The sockets connected to this instance, by room, and what each is sent.

Every socket has its own bounded send queue drained by its own writer task, so a slow or
dead phone never delays anyone else. Views are full snapshots: when a queue is full, the
queued views are dropped and only the newest is kept. A socket that stays hopelessly behind
is closed (it reconnects and is whole again with one view).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from app import metrics
from app.games.base import JsonDict
from app.rooms.broker import Message
from app.rooms.errors import RoomError
from app.rooms.service import RoomService, RoomSnapshot
from app.rooms.wire import DeltaPush, ViewParts

log = logging.getLogger(__name__)

MAX_DROPS_IN_A_ROW = 64  # views dropped without one getting through: the socket is dead
MAX_QUEUED = 512  # messages of any kind (acks, errors, pongs are small) before we give up
PRESENCE_EVERY = 15.0  # seconds between two announcements of who is connected here
PRESENCE_FOR = 3 * PRESENCE_EVERY  # how long another instance's announcement holds


@dataclass(frozen=True, slots=True)
class Here:
    """Who is connected to one instance in one room, as it last announced."""

    seats: frozenset[int]
    spectators: int
    until: float  # monotonic time after which the announcement no longer holds


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    def __init__(
        self, ws: Socket, code: str, seat: int | None, limit: int, *, delta: bool = False
    ) -> None:
        self.ws = ws
        self.code = code
        self.seat = seat
        self.limit = max(2, limit)
        # The opt-in delta form (hello `"views": "delta"`): the view this phone holds, which
        # the next one is sent against; None until it has one whole.
        self.delta = delta
        self.base: ViewParts | None = None
        self._queue: deque[tuple[bool, str]] = deque()  # (is_view, text)
        self._views_queued = 0
        self._wake = asyncio.Event()
        self._drops_in_a_row = 0
        self.last_view: tuple[int, str] | None = None  # (seq, status) of the last view queued
        self.closed = False
        self._closing: tuple[int, str] | None = None
        self._writer = asyncio.create_task(self._write())

    def send(self, message: JsonDict) -> None:
        self._enqueue(False, orjson.dumps(message).decode())

    def send_view(self, seq: int, status: str, message: str) -> None:
        """Queue an encoded view message (`RoomSnapshot.view_message`)."""
        self.last_view = (seq, status)
        self._enqueue(True, message)

    def send_parts(self, push: DeltaPush, parts: ViewParts, status: str) -> None:
        """Queue a view in the delta form: what changed since the view this phone holds, or
        the whole view when it holds none, or when the views queued before are about to be
        dropped (the one it would be made against would never arrive)."""
        base = self.base
        if base is None or self._views_queued >= self.limit:
            message = push.whole(parts)
        else:
            message = push.delta(parts, base)
        self.base = parts
        self.send_view(parts.seq, status, message)

    def _enqueue(self, is_view: bool, text: str) -> None:
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
        self._wake.set()

    def close_after_sending(self, code: int, reason: str) -> None:
        """Close once everything queued so far has been sent."""
        self._closing = (code, reason)
        self._wake.set()

    async def _write(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    is_view, text = self._queue.popleft()
                    self._views_queued -= is_view
                    await self.ws.send_text(text)
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
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer


Announce = Callable[[str, str, int, dict[str, Any]], Awaitable[None]]  # broker.publish


class Hub:
    def __init__(
        self,
        service: RoomService,
        instance: str,
        send_queue: int = 16,
        announce: Announce | None = None,
        *,
        alone: bool = False,
    ) -> None:
        self.service = service
        self.alone = alone  # no other instance: every change to a room is made here
        self.instance = instance
        self.send_queue = send_queue
        self.rooms: dict[str, set[Connection]] = {}
        self._refreshing: dict[str, bool] = {}  # room -> another refresh wanted
        self._forced: set[str] = set()  # rooms whose next push goes out even at the same seq
        self._next_read: dict[str, asyncio.Task[RoomSnapshot]] = {}  # reads not yet begun
        # Presence across instances: each tells the others who is connected to it, on every
        # change and every PRESENCE_EVERY seconds; an instance that stops telling (killed)
        # drops out after PRESENCE_FOR.
        self.announce = announce
        self.elsewhere: dict[str, dict[str, Here]] = {}  # room -> instance -> who is there
        self._heartbeat: asyncio.Task[None] | None = None

    # --- connections ------------------------------------------------------------------------

    @asynccontextmanager
    async def connect(
        self, ws: Socket, code: str, seat: int | None, *, delta: bool = False
    ) -> AsyncIterator[Connection]:
        """Register a socket for its room for as long as the block runs; always unregisters.
        `delta`: the phone asked for views in the delta form (README.md)."""
        conn = Connection(ws, code, seat, self.send_queue, delta=delta)
        self.rooms.setdefault(code, set()).add(conn)
        metrics.SOCKETS.inc()
        try:
            snap = self._held(code) or await self._read(code)
            if delta:
                push = DeltaPush(snap.seq)
                conn.send_parts(push, push.parts(snap.view(seat)), snap.status)
            else:
                conn.send_view(snap.seq, snap.status, snap.view_message(seat))
            self._send_presence(snap)
            await self._announce(code)
            if seat is not None and any(s.seat == seat and s.away for s in snap.seats):
                await self.service.set_away(code, seat, False)  # back: the player reclaims it
            self.service.after_change(snap)  # e.g. after a restart, a bot may owe a move
            yield conn
        finally:
            metrics.SOCKETS.dec()
            room = self.rooms.get(code)
            if room is not None:
                room.discard(conn)
                if not room:
                    del self.rooms[code]
                    self._unwatched(code)
            await conn.stop()
            with contextlib.suppress(RoomError):
                # Presence needs only the seats: this instance's newest copy of the room will
                # do when it has one (a read per closing phone added up as a night ended).
                latest = self.service.latest(code)
                self._send_presence(latest or await self.service.snapshot(code))
            await self._announce(code)

    def _unwatched(self, code: str) -> None:
        """Nobody here watches the room any more: its views (~8 KB per seat, in text and in
        bytes) are built again if someone comes back. Held on, every finished room of a busy
        night kept them for as long as the room stayed in the service's cache."""
        latest = self.service.latest(code)
        if latest is not None:
            latest.forget_views()

    def _held(self, code: str) -> RoomSnapshot | None:
        """This instance's copy of a started room when it is sure to be current: with no
        other instance, every change to the room is made here and kept in that copy. Four
        phones open their sockets as every match starts, and the read was most of what a
        phone's connection cost the server (1.9 ms of CPU with it, 0.4 ms without)."""
        if not self.alone:
            return None
        snap = self.service.latest(code)
        return snap if snap is not None and snap.state is not None else None

    async def _read(self, code: str) -> RoomSnapshot:
        """The room as the database has it, for a phone that has just registered, by a read
        that begins after it did: a move committed elsewhere before the read began is in it,
        and news of one after reaches the phone (registered) as for everyone here. Phones
        registering before that read begins share it: after a restart, a room's phones come
        back at the same moment (one read for them, not one each). A read already under way
        is never shared, for it may have begun before this phone registered."""
        reading = self._next_read.get(code)
        if reading is None or reading.done():  # done before it began: cancelled at shutdown
            reading = self._next_read[code] = asyncio.create_task(self._begin_read(code))
            reading.add_done_callback(lambda t: t.cancelled() or t.exception())
        return await asyncio.shield(reading)

    async def _begin_read(self, code: str) -> RoomSnapshot:
        del self._next_read[code]  # from now on, a phone registering waits for a new read
        return await self.service.snapshot(code)

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

    def _send_presence(self, snap: RoomSnapshot) -> None:
        message = self.presence(snap.code, [s.seat for s in snap.seats], snap.bot_seats)
        for conn in self.rooms.get(snap.code, ()):
            conn.send(message)

    def is_connected(self, code: str, seat: int) -> bool:
        """Whether a socket of this seat is connected to any instance."""
        return seat in self._everywhere(code)[0]

    # --- presence across instances ----------------------------------------------------------

    async def _announce(self, code: str) -> None:
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
                await self._announce(code)
            now = time.monotonic()
            for code, there in list(self.elsewhere.items()):
                for instance in [i for i, h in there.items() if h.until <= now]:
                    del there[instance]
                if not there:
                    del self.elsewhere[code]

    async def _heard(self, message: Message) -> None:
        """Another instance told who is connected to it in a room."""
        data = message.data or {}
        here = Here(
            frozenset(int(s) for s in data.get("seats", [])),
            int(data.get("spectators", 0)),
            time.monotonic() + PRESENCE_FOR,
        )
        there = self.elsewhere.setdefault(message.room, {})
        before = there.get(message.origin)
        there[message.origin] = here
        if before is not None and (before.seats, before.spectators) == (
            here.seats,
            here.spectators,
        ):
            return  # a heartbeat: nothing changed
        if message.room in self.rooms:
            self._send_presence(await self.service.snapshot(message.room))

    def connected(self) -> int:
        return sum(len(conns) for conns in self.rooms.values())

    async def close_all(self, code: int, reason: str) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        conns = [c for room in self.rooms.values() for c in room]
        await asyncio.gather(*(c.close(code, reason) for c in conns), return_exceptions=True)

    # --- what the broker tells us -----------------------------------------------------------

    async def on_message(self, message: Message) -> None:
        try:
            if message.kind == "presence":
                if message.origin != self.instance:
                    await self._heard(message)
                return
            if message.kind == "rematch":
                await self._tell_rematch(message.room)
                return
            mine = message.origin == self.instance
            if message.kind == "seats" and not mine:
                self.service.forget(message.room)
            settled = message.room not in self._refreshing  # no read of this room under way
            fresh: RoomSnapshot | None = None
            if mine:
                fresh = self.service.cached(message.room, message.seq)
            elif message.kind == "state" and message.room in self.rooms and settled:
                fresh = self.service.follow(message.room, message.seq, message.data)
            if message.kind == "state" and fresh is not None and settled:
                # We just committed it, or followed the move another instance committed:
                # no need to ask the database.
                self._push(fresh)
            elif message.room in self.rooms:
                await self._refresh(message.room, force=message.kind != "state")
            if message.kind in ("state", "seats") and mine:
                self.service.after_change(fresh or await self.service.snapshot(message.room))
            elif message.kind == "state" and message.room in self.rooms:
                # Committed elsewhere: bots and clocks move there, but the odds are priced here
                # too, for the sockets here (the same seed gives the same numbers everywhere).
                latest = self.service.latest(message.room)
                if latest is not None:
                    self.service.price(latest)
        except RoomError as exc:
            log.warning("fan-out for room %s: %s", message.room, exc.message)

    async def _refresh(self, code: str, *, force: bool = False) -> None:
        """Push every socket of the room its view of the newest state; coalesced, so a burst
        of changes costs one load and the newest view wins. `force`: even at the same seq
        (the seats changed, not the game)."""
        if force:
            self._forced.add(code)
        if code in self._refreshing:
            self._refreshing[code] = True
            return
        self._refreshing[code] = False
        try:
            while True:
                snap = await self.service.snapshot(code)
                forced = code in self._forced
                self._forced.discard(code)
                self._push(snap, force=forced)
                if not self._refreshing[code]:
                    return
                self._refreshing[code] = False
        finally:
            del self._refreshing[code]

    def _push(self, snap: RoomSnapshot, *, force: bool = False) -> None:
        push: DeltaPush | None = None  # the delta form's shared parts, made if a phone wants it
        parts: dict[int | None, ViewParts] = {}  # each viewer's, for its phones of this push
        for conn in self.rooms.get(snap.code, ()):
            if not force and snap.state is not None and conn.last_view == (snap.seq, snap.status):
                continue
            if conn.last_view is not None and snap.seq < conn.last_view[0]:
                continue  # a phone that has a newer view keeps it: a room never moves back
            if not conn.delta:
                conn.send_view(snap.seq, snap.status, snap.view_message(conn.seat))
                continue
            push = push or DeltaPush(snap.seq)
            mine = parts.get(conn.seat)
            if mine is None:
                mine = parts[conn.seat] = push.parts(snap.view(conn.seat))
            conn.send_parts(push, mine, snap.status)
        if snap.state is None:  # a lobby change: seats came or went
            self._send_presence(snap)

    async def _tell_rematch(self, code: str) -> None:
        snap = await self.service.snapshot(code)
        if snap.rematch_code is None:
            return
        message: dict[str, Any] = {
            "type": "rematch",
            "code": snap.rematch_code,
            "url": f"/r/{snap.rematch_code}",
        }
        for conn in self.rooms.get(code, ()):
            conn.send(message)
