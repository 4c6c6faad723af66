"""Live odds, computed off the event loop: the game's `odds(state, viewer, context)` (when a
game has one) runs in a worker process after each committed action, for the public (viewer
None) and for each seat, and the views are pushed again when the figures are ready.

One job per room at a time; a job that finishes after a newer action is thrown away and the
newest state is priced instead. `workers=0` runs the jobs in a thread (tests, tiny machines).
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
from typing import Any

from app.games import registry
from app.games.base import JsonDict

log = logging.getLogger(__name__)

Odds = dict[str, JsonDict | None]  # "public" or the seat number as text -> the game's odds


def has_odds(game: Any) -> bool:
    return callable(getattr(game, "odds", None))


def job_seed(seed_hash: str, seq: int) -> int:
    """A seed for the sampling that does not reveal the match's own seed."""
    return int(hashlib.sha256(f"{seed_hash}:{seq}:odds".encode()).hexdigest()[:15], 16)


def compute(game_id: str, state: JsonDict, seats: list[int], context: JsonDict) -> Odds:
    """In the worker: the odds for the public and for each seat. Pure; picklable arguments."""
    game = registry.get(game_id)
    if game is None or not has_odds(game):
        return {}
    loaded = game.load(state)
    odds: Odds = {"public": game.odds(loaded, None, context)}  # type: ignore[attr-defined]
    for seat in seats:
        odds[str(seat)] = game.odds(loaded, seat, context)  # type: ignore[attr-defined]
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
