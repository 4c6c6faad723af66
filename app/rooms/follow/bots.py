"""Bots: a bot's seat, or a human seat whose player is away, is played by the game's bot
after a short pause so humans can follow. A role no bot can fill (live mode's scorer) goes
to a person who is here, the host first. A move the database could not take is tried again
(`backoff`) until it lands or the room has moved on: a blip never leaves a table waiting.

The engine's bot (`bot_action`, handed the seat's view as its phone gets it, never the state)
and its hand-over (`handover`) are asked for here only.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from app.errors import RoomError
from app.games.base import HandsOver, JsonDict, as_seat_view
from app.rooms.commands.checks import SERVER_CID
from app.rooms.push.views import RoomSnapshot

log = logging.getLogger(__name__)

STALE_MAX = 3  # refusals in a row before a room's bots stop until the next change
RETRY_FIRST = 0.1  # seconds before a move the database could not take is tried again
RETRY_MAX = 2.0  # ... doubling each time up to this, for as long as the room waits for it

Act = Callable[[str, int, str, JsonDict, JsonDict | None], Awaitable[int]]  # RoomService.act
Snapshot = Callable[[str], Awaitable[RoomSnapshot]]  # RoomCache.snapshot
IsConnected = Callable[[str, int], bool]  # Hub.is_connected


def stand_in(seat: int, reason: str) -> JsonDict:
    """The log line for a move the bot made for a human seat ("⚙ played for Bence")."""
    return {"event": "stand_in", "seat": seat, "reason": reason}


def backoff(tries: int) -> float:
    """Seconds to wait before trying a move again after `tries` failed tries: doubling from
    `RETRY_FIRST` up to `RETRY_MAX`, each drawn from its upper half (rooms that met the same
    blip do not all come back at once)."""
    return float(min(RETRY_MAX, RETRY_FIRST * 2**tries) * random.uniform(0.5, 1.0))


def transient(exc: RoomError) -> bool:
    """A refusal that says nothing about the move: the database could not take it now."""
    return exc.code == "unavailable"


def handover_of(game: Any) -> Callable[[Any, int, int], JsonDict | None] | None:
    """The game's hand-over of a role no bot can fill, if it has one."""
    return game.handover if isinstance(game, HandsOver) else None


class Bots:
    def __init__(
        self, act: Act, snapshot: Snapshot, is_connected: IsConnected, delay: float = 0.7
    ) -> None:
        self.act = act
        self.snapshot = snapshot
        self.is_connected = is_connected
        self.delay = delay
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.closing = False

    def wake(self, snap: RoomSnapshot) -> None:
        """If a bot (or a seat's stand-in) must decide now, let it, after a short pause."""
        if self.closing or not (snap.to_act() & snap.robot_seats):
            return
        task = self._tasks.get(snap.code)
        if task is not None and not task.done():
            return
        self._tasks[snap.code] = asyncio.create_task(self._drive(snap.code))

    async def _drive(self, code: str) -> None:
        """Move while a robot seat must; a move the database could not take (locked, slow,
        gone for a while) is tried again with backoff, on the room as it then stands, until
        it lands or the room no longer waits for a robot."""
        stale = failed = 0
        try:
            while not self.closing and stale < STALE_MAX:
                await asyncio.sleep(backoff(failed - 1) if failed else self.delay)
                try:
                    after = await self._move_all(await self.snapshot(code), stale)
                except RoomError as exc:
                    if not transient(exc):
                        raise
                    failed += 1
                    log.info("bot in room %s: %s; trying again", code, exc.message)
                    continue
                failed = 0
                if after is None:
                    return
                stale = after
        except RoomError as exc:
            log.warning("bot in room %s stopped: %s", code, exc.message)
        except Exception:
            log.exception("bot in room %s failed", code)

    async def _move_all(self, snap: RoomSnapshot, stale: int) -> int | None:
        """Every waiting robot seat moves, until a move is refused as stale (someone acted
        between our look and our move: look again). Returns the refusals in a row since the
        last move made, or None when there is nothing (more) a bot can do."""
        waiting = sorted(snap.to_act() & snap.robot_seats)
        if not waiting:
            return None
        for seat in waiting:
            action = self.choice(snap, seat, hand_over=True)
            if action is None:
                return None
            note = None if seat in snap.bot_seats else stand_in(seat, "away")
            try:
                await self.act(snap.code, seat, f"{SERVER_CID}bot-{snap.seq}-{seat}", action, note)
                stale = 0
            except RoomError as exc:
                if exc.code not in ("illegal_action", "not_your_turn"):
                    raise
                return stale + 1
        return stale

    def choice(self, snap: RoomSnapshot, seat: int, *, hand_over: bool = False) -> JsonDict | None:
        """The bot's move for `seat`. With `hand_over` (the seat is a bot's or its player
        left), a role no bot can fill goes to a person who is here, the host first; a player
        who is only slow keeps it."""
        rng = random.Random(f"{snap.seed_hash}:{snap.seq}:{seat}")
        action: JsonDict | None = snap.game.bot_action(as_seat_view(snap.view(seat)), rng)
        handover = handover_of(snap.game)
        if action is not None or handover is None or not hand_over:
            return action
        for person in self._people_here(snap, seat):
            action = handover(snap.state, seat, person)
            if action is not None:
                return action
        return None

    def _people_here(self, snap: RoomSnapshot, seat: int) -> list[int]:
        return [
            s.seat
            for s in snap.seats
            if s.seat != seat and not (s.bot or s.away) and self.is_connected(snap.code, s.seat)
        ]

    async def aclose(self) -> None:
        self.closing = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
