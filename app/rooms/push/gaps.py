"""Gaps in the broker's stream (app/rooms/push/broker.py): every instance numbers what it sends;
a receiver notes the numbers it hears from each instance and calls a gap when one is still
missing a few ticks later (a burst of LISTEN/NOTIFY notifications sent over several
connections arrives out of order, seconds apart), or when too many are missing at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

ORIGINS_MAX = 1000  # instances whose numbering a broker remembers
HOLE_TICKS = 5  # ticks a skipped number may take to arrive before it is a gap
HOLES_MAX = 10_000  # numbers missing from one instance before it is a gap at once


@dataclass(slots=True)
class Heard:
    """What one instance's numbered messages have been: the highest number heard, and the
    numbers below it not heard yet (when each was first missed, monotonic seconds)."""

    high: int
    holes: dict[int, float] = field(default_factory=dict)


class Gaps:
    def __init__(self, tick_every: float, gap: Callable[[str], None]) -> None:
        self.tick_every = tick_every
        self.gap = gap
        self._heard: dict[str, Heard] = {}  # origin -> its numbers heard

    def heard(self, origin: str, n: int) -> bool:
        """Note number `n` from `origin`; False when it was heard before."""
        heard = self._heard.get(origin)
        if heard is None:
            if len(self._heard) >= ORIGINS_MAX:
                self._heard.clear()  # bounded: instances come and go
            self._heard[origin] = Heard(n)
            return True
        if n <= heard.high:
            return heard.holes.pop(n, None) is not None
        now = time.monotonic()
        for missing in range(heard.high + 1, min(n, heard.high + 1 + HOLES_MAX)):
            heard.holes[missing] = now
        heard.high = n
        self.check()
        return True

    def check(self) -> None:
        """A gap for every origin with a hole older than `HOLE_TICKS` ticks (or too many)."""
        stale = time.monotonic() - HOLE_TICKS * self.tick_every
        for origin, heard in self._heard.items():
            if heard.holes and (len(heard.holes) >= HOLES_MAX or min(heard.holes.values()) < stale):
                missed = len(heard.holes)
                heard.holes.clear()
                self.gap(f"{missed} message(s) from {origin} missed")
