"""What a room's news makes this instance do, whichever instance the change was made at:
the broker hands every message here (broker → `Fanout` → hub). For a room with sockets here,
each is pushed its view of the new state (this instance's copy when it is current, else a
read, coalesced); then, for a change made here, what follows it: the turn clock, the odds
and the bots (`Followups`). Phones connect here too: registered with the hub, sent the room
as it stands, and taken back from the bot if their seat was away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from app.errors import RoomError
from app.rooms.commands.cache import RoomCache
from app.rooms.follow.bots import Bots, backoff, transient
from app.rooms.follow.clock import Clock, SetAway
from app.rooms.follow.odds import OddsJobs
from app.rooms.push.broker import RESYNC, Message
from app.rooms.push.connection import Connection, Socket, Wire
from app.rooms.push.hub import Hub
from app.rooms.push.views import RoomSnapshot

log = logging.getLogger(__name__)

AFTER_TRIES = 60  # reads of a room tried after a blip (backoff up to 2 s: about two minutes)


@dataclass(slots=True)
class Followups:
    """What follows a change this instance committed (or found on connecting): bots and
    stand-ins move, the turn clock runs on, the odds are priced again."""

    clock: Clock
    odds: OddsJobs
    bots: Bots
    closing: Callable[[], bool]

    def after(self, snap: RoomSnapshot) -> None:
        if self.closing():
            return
        self.clock.arm(snap)
        self.odds.price(snap)
        self.bots.wake(snap)


class Fanout:
    def __init__(
        self,
        rooms: RoomCache,
        hub: Hub,
        followups: Followups,
        set_away: SetAway,
        *,
        alone: bool = False,
    ) -> None:
        self.rooms = rooms
        self.hub = hub
        self.followups = followups
        self.set_away = set_away
        self.alone = alone  # no other instance: every change to a room is made here
        self._refreshing: dict[str, bool] = {}  # room -> another refresh wanted
        self._forced: set[str] = set()  # rooms whose next push goes out even at the same seq
        self._next_read: dict[str, asyncio.Task[RoomSnapshot]] = {}  # reads not yet begun
        self._later: set[asyncio.Task[None]] = set()  # follow-ups waiting out a blip

    # --- what the broker tells us -----------------------------------------------------------

    async def on_message(self, message: Message) -> None:
        try:
            if message.kind == RESYNC:
                await self._resync()
            elif message.kind == "presence":
                await self._presence(message)
            elif message.kind == "rematch":
                await self._tell_rematch(message.room)
            else:
                await self._changed(message)
        except RoomError as exc:
            log.warning("fan-out for room %s: %s", message.room, exc.message)

    async def _changed(self, message: Message) -> None:
        code, mine = message.room, message.origin == self.hub.instance
        if message.kind == "seats" and "from_seat" in (message.data or {}):
            self.hub.unseat(code, int((message.data or {})["from_seat"]))
        if message.kind == "seats" and not mine:
            self.rooms.forget(code)
        settled = code not in self._refreshing  # no read of this room under way
        fresh: RoomSnapshot | None = None
        if mine:
            fresh = self.rooms.cached(code, message.seq)
        elif message.kind == "state" and self.hub.watched(code) and settled:
            fresh = self.rooms.follow(code, message.seq, message.data)
        if message.kind == "state" and fresh is not None and settled:
            # We just committed it, or followed the move another instance committed:
            # no need to ask the database.
            self.hub.push(fresh)
        elif self.hub.watched(code):
            try:
                await self._refresh(code, force=message.kind != "state")
            except RoomError as exc:
                if not transient(exc):
                    raise
                # The sockets get the room once it can be read; what follows runs meanwhile.
                self._when_read(code, lambda snap: self.hub.push(snap, force=True))
        if message.kind in ("state", "seats") and mine:
            await self._after(code, fresh)
        elif message.kind == "state" and self.hub.watched(code):
            # Committed elsewhere: bots and clocks move there, but the odds are priced here
            # too, for the sockets here (the same seed gives the same numbers everywhere).
            latest = self.rooms.latest(code)
            if latest is not None:
                self.followups.odds.price(latest)

    async def _after(self, code: str, fresh: RoomSnapshot | None) -> None:
        """What follows a change made here, on the room as it stands. A read the database
        could not answer now is tried again with backoff, off this message's path, until it
        is answered: a blip never leaves a bot's or the clock's move owed."""
        try:
            self.followups.after(fresh or await self.rooms.snapshot(code))
        except RoomError as exc:
            if not transient(exc):
                raise
            self._when_read(code, self.followups.after)

    def _when_read(self, code: str, then: Callable[[RoomSnapshot], None]) -> None:
        """`then(room)` once the room can be read again after a blip, off this message's
        path (a bot's or the clock's move, or the sockets' views, never left owed)."""
        task = asyncio.create_task(self._read_later(code, then))
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def _read_later(self, code: str, then: Callable[[RoomSnapshot], None]) -> None:
        for tries in range(AFTER_TRIES):
            await asyncio.sleep(backoff(tries))
            try:
                snap = await self.rooms.snapshot(code)
            except RoomError as exc:
                if not transient(exc):
                    break
                continue
            then(snap)
            return
        log.warning("room %s: not read after a blip; it waits for its next change", code)

    async def _resync(self) -> None:
        """The broker may have missed news (a gap in its stream): every room held here is
        read again, and every socket here is pushed its view of the room as it stands now
        (even at the same seq: its phone may hold an older one)."""
        self.rooms.forget_all()
        for code in list(self.hub.rooms):
            await self._refresh(code, force=True)

    async def _presence(self, message: Message) -> None:
        """Another instance told who is connected to it: the phones here hear of a change."""
        if message.origin == self.hub.instance or not self.hub.heard(message):
            return
        if self.hub.watched(message.room):
            self.hub.send_presence(await self.rooms.snapshot(message.room))

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
                snap = await self.rooms.snapshot(code)
                forced = code in self._forced
                self._forced.discard(code)
                self.hub.push(snap, force=forced)
                if not self._refreshing[code]:
                    return
                self._refreshing[code] = False
        finally:
            del self._refreshing[code]

    async def _tell_rematch(self, code: str) -> None:
        snap = await self.rooms.snapshot(code)
        if snap.rematch_code is None:
            return
        url = f"/r/{snap.rematch_code}"
        # Only to the seats (their tokens hold their seats there): a spectator's phone is no
        # guest of the next room (`GET /api/rooms/{code}` shows the code to seats only too).
        message = {"type": "rematch", "code": snap.rematch_code, "url": url}
        self.hub.send(code, message, seated=True)

    # --- phones connecting ------------------------------------------------------------------

    @asynccontextmanager
    async def connect(
        self,
        ws: Socket,
        code: str,
        seat: int | None,
        *,
        wire: Wire | None = None,
    ) -> AsyncIterator[Connection]:
        """Register a socket for its room for as long as the block runs; always unregisters.
        `wire`: its frames may be written directly (hub.py)."""
        conn = self.hub.register(ws, code, seat, wire=wire)
        try:
            await self._welcome(conn)
            yield conn
        finally:
            await self._gone(conn)

    async def _welcome(self, conn: Connection) -> None:
        """The room as it stands, to the phone; who is here, to everyone."""
        code, seat = conn.code, conn.seat
        snap = self._held(code) or await self._read(code)
        conn.send_room(snap)
        self.hub.send_presence(snap, announce=True)
        if (
            seat is not None
            and snap.status == "playing"
            and any(s.seat == seat and s.away for s in snap.seats)
        ):
            await self.set_away(code, seat, False)  # back: the player reclaims the seat
        # (once the match is over there is nothing to reclaim: the phone gets the result)
        self.followups.after(snap)  # e.g. after a restart, a bot may owe a move

    async def _gone(self, conn: Connection) -> None:
        if await self.hub.unregister(conn):
            self._unwatched(conn.code)
        with contextlib.suppress(RoomError):
            # Presence needs only the seats: this instance's newest copy of the room will
            # do when it has one (a read per closing phone added up as a night ended).
            latest = self.rooms.latest(conn.code)
            self.hub.send_presence(latest or await self.rooms.snapshot(conn.code), announce=True)

    def _unwatched(self, code: str) -> None:
        """Nobody here watches the room any more: its views (~8 KB per seat, in text and in
        bytes) are built again if someone comes back. Held on, every finished room of a busy
        night kept them for as long as the room stayed in the cache."""
        latest = self.rooms.latest(code)
        if latest is not None:
            latest.forget_views()

    def _held(self, code: str) -> RoomSnapshot | None:
        """This instance's copy of a started room when it is sure to be current: with no
        other instance, every change to the room is made here and kept in that copy. Four
        phones open their sockets as every match starts, and the read was most of what a
        phone's connection cost the server (1.9 ms of CPU with it, 0.4 ms without)."""
        if not self.alone:
            return None
        snap = self.rooms.latest(code)
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
        return await self.rooms.snapshot(code)
