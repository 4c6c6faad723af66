"""The turn clock: one timer per room, for the first waited-for seat whose time runs out.
Then the bot acts once for every seat whose time is up; a seat whose player is not even
connected is marked away, so the bot plays it until they come back. A stand-in's move the
database could not take is tried again (`bots.backoff`) until it lands or the room moves on."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from app.errors import RoomError
from app.rooms.commands.checks import SERVER_CID
from app.rooms.follow.bots import Act, Bots, IsConnected, Snapshot, backoff, stand_in, transient
from app.rooms.push.views import RoomSnapshot

log = logging.getLogger(__name__)

SetAway = Callable[[str, int, bool], Awaitable[None]]  # RoomService.set_away
DUE_WITHIN = 0.005  # seconds: a deadline this close is up


class Clock:
    def __init__(
        self, act: Act, snapshot: Snapshot, is_connected: IsConnected, bots: Bots, away: SetAway
    ) -> None:
        self.act = act
        self.snapshot = snapshot
        self.is_connected = is_connected
        self.bots = bots
        self.set_away = away
        self._tasks: dict[str, asyncio.Task[None]] = {}  # the room's timer
        self._running: set[asyncio.Task[None]] = set()  # every timer, retrying ones too

    def arm(self, snap: RoomSnapshot) -> None:
        """Wake up when the first waited-for seat's clock runs out (one timer per room)."""
        deadlines = snap.deadlines()
        if not deadlines or snap.code in self._tasks:
            return
        when = min(deadlines.values())
        task = self._tasks[snap.code] = asyncio.create_task(self._runs_out(snap.code, when))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _runs_out(self, code: str, when: float) -> None:
        try:
            await asyncio.sleep(max(0.0, when - time.time()))
        finally:
            self._tasks.pop(code, None)
        failed = 0
        while True:
            try:
                snap = await self.snapshot(code)
                if not await self._stand_in_for_one(snap):
                    self.arm(snap)  # nobody's time was up yet (they acted meanwhile): re-arm
                return
            except RoomError as exc:
                if not transient(exc):
                    log.warning("clock in room %s: %s", code, exc.message)
                    return
                log.info("clock in room %s: %s; trying again", code, exc.message)
            except Exception:
                log.exception("clock in room %s failed", code)
                return
            # The database could not take it: again, until it does or the room moves on
            # (a change committed meanwhile armed a new timer).
            await asyncio.sleep(backoff(failed))
            failed += 1
            if code in self._tasks:
                return

    async def _stand_in_for_one(self, snap: RoomSnapshot) -> bool:
        """The bot moves for the first seat whose time is up; whether one moved (that commit
        re-arms the clock for whoever waits next)."""
        now = time.time()
        for seat, deadline in sorted(snap.deadlines().items()):
            if deadline > now + DUE_WITHIN:
                continue
            gone = not self.is_connected(snap.code, seat)
            action = self.bots.choice(snap, seat, hand_over=gone)
            if action is None:
                continue
            if gone:
                await self.set_away(snap.code, seat, True)
            cid = f"{SERVER_CID}clock-{snap.seq}-{seat}"
            await self.act(snap.code, seat, cid, action, stand_in(seat, "clock"))
            return True
        return False

    async def aclose(self) -> None:
        tasks = list(self._running)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
