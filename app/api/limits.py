"""Small in-memory rate limiters (per socket, per client address)."""

from __future__ import annotations

import time
from collections import deque


class Window:
    """At most `limit` events in any `period` seconds."""

    def __init__(self, limit: int, period: float = 1.0) -> None:
        self.limit = limit
        self.period = period
        self._times: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        while self._times and now - self._times[0] >= self.period:
            self._times.popleft()
        if len(self._times) >= self.limit:
            return False
        self._times.append(now)
        return True


class PerAddress:
    """One `Window` per client address, forgetting idle addresses."""

    def __init__(self, limit: int, period: float = 60.0) -> None:
        self.limit = limit
        self.period = period
        self._windows: dict[str, Window] = {}

    def allow(self, address: str) -> bool:
        if len(self._windows) > 10_000:
            self._windows.clear()
        window = self._windows.setdefault(address, Window(self.limit, self.period))
        return window.allow()
