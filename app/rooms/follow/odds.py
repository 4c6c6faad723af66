"""Live odds, computed off the event loop: the game's `odds(state, viewer, context)` (when a
game has one) runs in a worker process after each committed action, for the public (viewer
None) and for each seat, and the views are pushed again when the figures are ready.

`OddsJobs` schedules: one job per room at a time; a job that finishes after a newer action is
thrown away and the newest state is priced instead, at most once a second. `OddsWorker` runs
them: in worker processes, or with `workers=0` in a thread (tests, tiny machines).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import hashlib
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any

from app.errors import RoomError
from app.games import registry
from app.games.base import JsonDict, Priced
from app.rooms.push.broker import Publisher
from app.rooms.push.views import Odds, RoomSnapshot

log = logging.getLogger(__name__)

ODDS_SPACING = 1.0  # seconds between two pricings of one room


def has_odds(game: Any) -> bool:
    return isinstance(game, Priced)


def job_seed(seed_hash: str) -> int:
    """A seed for the sampling that does not reveal the match's own seed. One per room, not
    per step: a game mixes in the state it prices (the same state, the same odds), so odds
    move only when the match does, never on a step that changed nothing they depend on."""
    return int(hashlib.sha256(f"{seed_hash}:odds".encode()).hexdigest()[:15], 16)


def compute(game_id: str, state: JsonDict, seats: list[int], context: JsonDict) -> Odds:
    """In the worker: the odds for the public and for each seat. Pure; picklable arguments."""
    game = registry.get(game_id)
    if not isinstance(game, Priced):
        return {}
    loaded = game.load(state)
    odds: Odds = {"public": game.odds(loaded, None, context)}
    for seat in seats:
        odds[str(seat)] = game.odds(loaded, seat, context)
    return odds


def _die_with_parent(server: int) -> None:
    """In a worker: SIGTERM when the server process goes away, even by kill -9 (Linux). A
    server that went away while this worker was still starting up sent no signal: go now."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    if os.getppid() != server:
        os._exit(0)


class OddsWorker:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: concurrent.futures.Executor | None = None

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            if self.workers > 0:
                # spawn: a clean child that imports the games itself, never a copy of a process
                # with live sockets and threads; it dies with the server, however that dies.
                context = multiprocessing.get_context("spawn")
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers,
                    mp_context=context,
                    initializer=_die_with_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="odds")
        return self._pool

    async def run(self, game_id: str, state: JsonDict, seats: list[int], context: JsonDict) -> Odds:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), compute, game_id, state, seats, context)

    def close(self) -> None:
        if self._pool is not None:
            with contextlib.suppress(Exception):
                self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class OddsJobs:
    """Prices rooms' odds again after each change, sharing the worker between all rooms."""

    def __init__(
        self,
        worker: OddsWorker,
        sims: int,
        snapshot: Callable[[str], Awaitable[RoomSnapshot]],
        latest: Callable[[str], RoomSnapshot | None],
        publish: Publisher,
    ) -> None:
        self.worker = worker
        self.sims = sims
        self.snapshot = snapshot
        self.latest = latest
        self.publish = publish
        self._jobs: dict[str, asyncio.Task[None]] = {}
        self._slots = asyncio.Semaphore(max(1, worker.workers))
        self._again: set[str] = set()
        self.closing = False

    def price(self, snap: RoomSnapshot) -> None:
        """Price the room's odds again (soon, off the event loop), if its game has odds."""
        if self.sims <= 0 or snap.status != "playing" or snap.state is None:
            return
        if not has_odds(snap.game):
            return
        task = self._jobs.get(snap.code)
        if task is not None and not task.done():
            self._again.add(snap.code)  # price the newest state when this job is done
            return
        self._jobs[snap.code] = asyncio.create_task(self._job(snap.code))

    async def _job(self, code: str) -> None:
        """Price the room's newest state; again (at most once a second) while it changes.
        Jobs of all rooms share the workers: a room waits for a free one, then prices the
        state it has by then, so a busy night costs bounded CPU and no stale work."""
        try:
            while not self.closing:
                async with self._slots:
                    self._again.discard(code)
                    snap = await self.snapshot(code)
                    if snap.status != "playing":
                        return
                    odds = await self._run(snap)
                await self._keep(snap, odds)
                if code not in self._again:
                    return
                await asyncio.sleep(ODDS_SPACING)
        except RoomError as exc:
            log.warning("odds for room %s: %s", code, exc.message)
        except Exception:
            log.exception("odds for room %s failed", code)

    async def _run(self, snap: RoomSnapshot) -> Odds:
        context = {
            "seed": job_seed(snap.seed_hash),
            "sims": self.sims,
            "now": time.time(),
            "event_at": dict(snap.event_at),
        }
        seats = [s.seat for s in snap.seats]
        state = snap.game.dump(snap.state)
        return await self.worker.run(snap.game.id, state, seats, context)

    async def _keep(self, snap: RoomSnapshot, odds: Odds) -> None:
        """The odds go with the room's views, unless it moved on while they were priced."""
        current = self.latest(snap.code)
        if current is None or current.seq != snap.seq or snap.code in self._again:
            return
        current.odds = odds
        current.forget_views()
        await self.publish("odds", snap.code, snap.seq)

    async def aclose(self) -> None:
        self.closing = True
        tasks = list(self._jobs.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.worker.close()
