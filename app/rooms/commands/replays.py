"""After the match: the latest finished matches, a match's seed and action log, and its view
at any step with every card face up (the action log is the truth; the snapshot only a cache).

A step's view is not rebuilt from the seed each time: that cost the whole log per request,
on the event loop (issue 37: 115 ms at step 4,755 of a live room, seconds where the engine's
step grows with the log). A finished match never changes, so its log is read once, by one
bounded read (`READS_AT_ONCE`, whatever the requests), replayed once, and kept with the
states it passes through every `CHECKPOINT_EVERY` actions (`Steps`), for the last
`ROOMS_KEPT` matches asked about. The match's last step is its stored final snapshot, its
first the seed's new state; any other is stepped to from the nearest state before it, at
most `CHECKPOINT_EVERY - 1` engine steps, in one thread of its own (`REPLAY_THREAD`), never
on the event loop; the last `VIEWS_KEPT` views asked for are kept as they are.
"""

from __future__ import annotations

import asyncio
import bisect
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from app.db.rooms import ActionRow, RoomRow, SeatRow, SnapshotRow, Tx
from app.errors import RoomError
from app.games import registry
from app.games.base import Game, JsonDict
from app.rooms.commands import checks
from app.rooms.commands.cache import RoomCache
from app.rooms.push.views import LOG_KEEP, revealed_view

CHECKPOINT_EVERY = 32  # actions between two states kept of a match being replayed
ROOMS_KEPT = 8  # matches whose log and states are kept (least recently asked go first)
VIEWS_KEPT = 8  # views kept per match (each its own answer: a caller must not change it)
READS_AT_ONCE = 2  # database connections replays may hold at once, whatever the requests
# The engine's steps of every replay, one at a time: off the event loop, and never more
# than one core's worth however many are asked for at once.
T = TypeVar("T")
REPLAY_THREAD = ThreadPoolExecutor(1, thread_name_prefix="replay")


@dataclass(frozen=True, slots=True)
class Point:
    """A match at some step: the engine's state and the log's newest public events."""

    state: Any
    log: list[JsonDict]


class Steps:
    """One finished match: its log, read once, and the states it passes through every
    `every` actions (`prepare`). `view(seq)` steps from the nearest state held at or before
    `seq`; `applied` counts the engine's steps taken (tests)."""

    def __init__(
        self,
        game: Game[Any],
        mode: str,
        first: Any,
        actions: list[ActionRow],
        final: Point | None,
        every: int = CHECKPOINT_EVERY,
    ) -> None:
        self.game = game
        self.mode = mode
        self.actions = actions  # seq 1..last, in order
        self.last = len(actions)
        self.every = every
        self.points: dict[int, Point] = {0: Point(first, [])}
        self._held = [0]  # the seqs of `points`, sorted
        if final is not None:
            self._keep(self.last, final)
        self.applied = 0
        self._views: OrderedDict[int, JsonDict] = OrderedDict()
        self._lock = threading.Lock()

    def prepare(self) -> None:
        """The one pass over the log, when it is first read: the states every `every`
        actions, and the last (unless the stored one is there), so that from then on any
        step is at most `every - 1` engine steps away from a state held."""
        if self.last in self.points:
            self.point(max(0, self.last - 1))
        else:
            self._keep(self.last, self.point(self.last))

    def final(self) -> Point:
        """The match as it ended."""
        return self.point(self.last)

    def view(self, seq: int) -> JsonDict:
        """The view at `seq` with every card face up (the last `VIEWS_KEPT` asked for are
        kept: a match's last step is what most ask for, and its view costs the most)."""
        with self._lock:
            view = self._views.get(seq)
            if view is not None:
                self._views.move_to_end(seq)
                return view
        point = self.point(seq)
        status = "finished" if seq == self.last else "playing"
        view = {
            "seq": seq,
            "view": revealed_view(self.game, self.mode, point.state, status, point.log),
        }
        with self._lock:
            self._views[seq] = view
            while len(self._views) > VIEWS_KEPT:
                self._views.popitem(last=False)
        return view

    def point(self, seq: int) -> Point:
        with self._lock:
            base = self._held[bisect.bisect_right(self._held, seq) - 1]
            point = self.points[base]
            state, log = point.state, point.log
            for a in self.actions[base:seq]:
                state, events = self.game.apply(state, a.seat, a.action)
                self.applied += 1
                notes = [a.note] if a.note else []
                log = [*log, *({"seq": a.seq, **e} for e in (*notes, *events))][-LOG_KEEP:]
                if a.seq % self.every == 0:
                    self._keep(a.seq, Point(state, log))
            return Point(state, log)

    def _keep(self, seq: int, point: Point) -> None:
        if seq not in self.points:
            self.points[seq] = point
            bisect.insort(self._held, seq)


class Replays:
    def __init__(self, rooms: RoomCache, kept: int = ROOMS_KEPT) -> None:
        self.rooms = rooms
        self.db = rooms.db
        self.kept = kept
        self._steps: OrderedDict[str, asyncio.Future[tuple[RoomRow, Steps]]] = OrderedDict()
        self._reads = asyncio.Semaphore(READS_AT_ONCE)

    async def recent(self, limit: int = 20) -> list[JsonDict]:
        """The latest finished matches, newest first: who played and how it ended."""
        rows = await self.db.read(lambda tx: tx.recent_finished(limit))
        matches = []
        for room, snap, seats in rows:
            game = registry.get(room.game)
            if game is None:
                continue
            result = game.result(game.load(snap.state))
            matches.append(_summary(room, seats) | {"result": result})
        return matches

    async def replay(self, code: str) -> JsonDict:
        room, steps = await self.steps(code)
        final = await _off_loop(steps.final)
        return {
            "seed": str(room.seed),
            "seed_hash": room.seed_hash,
            "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action} for a in steps.actions],
            "result": steps.game.result(final.state),
        }

    async def replay_view(self, code: str, seq: int) -> JsonDict:
        """The view at `seq` with every card revealed (`Steps.view`)."""
        _room, steps = await self.steps(code)
        if not 0 <= seq <= steps.last:
            raise RoomError("not_found", f"no step {seq}; the last is {steps.last}", 404)
        return await _off_loop(steps.view, seq)

    async def steps(self, code: str) -> tuple[RoomRow, Steps]:
        """The finished match's log and states, read once for every request that asks while
        it is kept (a refusal, or the database's trouble, is not kept)."""
        reading = self._steps.get(code)
        if reading is None:
            reading = self._steps[code] = asyncio.ensure_future(self._read(code))
            reading.add_done_callback(lambda done: self._read_done(code, done))
            while len(self._steps) > self.kept:
                self._steps.popitem(last=False)
        else:
            self._steps.move_to_end(code)
        return await asyncio.shield(reading)

    def _read_done(self, code: str, reading: asyncio.Future[tuple[RoomRow, Steps]]) -> None:
        failed = reading.cancelled() or reading.exception() is not None
        if failed and self._steps.get(code) is reading:
            del self._steps[code]

    async def _read(self, code: str) -> tuple[RoomRow, Steps]:
        def read(tx: Tx) -> tuple[RoomRow, list[SeatRow], list[ActionRow], SnapshotRow | None]:
            room = _finished(tx, code)
            return room, tx.seats(room.id), tx.actions(room.id), tx.snapshot(room.id)

        async with self._reads:
            room, seats, actions, stored = await self.db.read(read)
        game = checks.game_of(room.game)
        first = game.new(room.mode, checks.game_options(room.options), len(seats), room.seed)
        final = None
        if stored is not None and stored.seq == room.seq == len(actions):
            final = Point(game.load(stored.state), list(stored.log)[-LOG_KEEP:])
        steps = Steps(game, room.mode, first, actions, final)
        await _off_loop(steps.prepare)
        return room, steps


async def _off_loop(fn: Callable[..., T], *args: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(REPLAY_THREAD, fn, *args)


def _finished(tx: Tx, code: str) -> RoomRow:
    room = checks.room_of(tx, code)
    if room.status != "finished":
        raise RoomError("not_finished", "the replay opens when the match is over", 409)
    return room


def _summary(room: RoomRow, seats: list[SeatRow]) -> JsonDict:
    return {
        "code": room.code,
        "game": room.game,
        "mode": room.mode,
        "finished_at": room.finished_at.isoformat() if room.finished_at else None,
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats],
    }
