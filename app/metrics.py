"""Prometheus metrics an operator watches on a betting night (served at /metrics).

The metrics that move with every action (a count, a gauge, a histogram: `Count`, `Level`,
`Spread`) are plain numbers, read by prometheus_client only when /metrics is scraped
(`Numbers`, a collector of the registry). prometheus_client's own take a lock and check
their arguments at every update: 0.51 µs a count and 1.0 µs an observation, against 0.06
and 0.14 µs here (`timeit`), for the five counts and two or three observations of each
action (bench/README.md, sixth pass). An instance updates them from its event loop's thread
only (the odds worker and the QR thread touch none of them), and /metrics reads them there
too; the tests' servers, several threads of one process, share them (and may lose a count).
The exposition is prometheus_client's, unchanged: `pitchside_actions_applied_total`,
`pitchside_command_seconds_bucket{le="0.001"}` and so on.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from collections.abc import Iterator, Sequence

from prometheus_client import CollectorRegistry, Gauge
from prometheus_client.metrics_core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString


class Count:
    """A Prometheus counter as a plain number (`name` is exposed as `name_total`)."""

    __slots__ = ("created", "doc", "name", "value")

    def __init__(self, name: str, doc: str, into: Numbers | None = None) -> None:
        self.name, self.doc, self.value, self.created = name, doc, 0.0, time.time()
        (NUMBERS if into is None else into).add(self)

    def inc(self, amount: float = 1) -> None:
        self.value += amount

    def family(self) -> Metric:
        return CounterMetricFamily(self.name, self.doc, self.value, created=self.created)


class Level:
    """A Prometheus gauge without labels as a plain number."""

    __slots__ = ("doc", "name", "value")

    def __init__(self, name: str, doc: str, into: Numbers | None = None) -> None:
        self.name, self.doc, self.value = name, doc, 0.0
        (NUMBERS if into is None else into).add(self)

    def inc(self, amount: float = 1) -> None:
        self.value += amount

    def dec(self, amount: float = 1) -> None:
        self.value -= amount

    def family(self) -> Metric:
        return GaugeMetricFamily(self.name, self.doc, self.value)


class Spread:
    """A Prometheus histogram as plain numbers: a count per bucket (a value equal to a
    bound falls in that bound's bucket, `le`), the sum of the values."""

    __slots__ = ("bounds", "counts", "created", "doc", "name", "sum")

    def __init__(
        self, name: str, doc: str, buckets: Sequence[float], into: Numbers | None = None
    ) -> None:
        self.name, self.doc, self.bounds = name, doc, sorted(buckets)
        self.counts = [0] * (len(self.bounds) + 1)  # the last: over every bound (+Inf)
        self.sum, self.created = 0.0, time.time()
        (NUMBERS if into is None else into).add(self)

    def observe(self, amount: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, amount)] += 1
        self.sum += amount

    def family(self) -> Metric:
        cumulative, buckets = 0, []
        for bound, count in zip([*self.bounds, float("inf")], self.counts, strict=True):
            cumulative += count
            buckets.append((floatToGoString(bound), cumulative))  # type: ignore[no-untyped-call]
        family = HistogramMetricFamily(self.name, self.doc, buckets=buckets, sum_value=self.sum)
        family.add_sample(f"{self.name}_created", {}, self.created)  # as Histogram's
        return family


class Numbers(Collector):
    """Plain-number metrics, as prometheus_client's registry collects them (`NUMBERS`: the
    instance's; a test may make its own, out of the way of servers running beside it)."""

    def __init__(self) -> None:
        self.metrics: list[Count | Level | Spread] = []

    def add(self, metric: Count | Level | Spread) -> None:
        self.metrics.append(metric)

    def collect(self) -> Iterator[Metric]:
        for metric in self.metrics:
            yield metric.family()


REGISTRY = CollectorRegistry(auto_describe=True)
NUMBERS = Numbers()
REGISTRY.register(NUMBERS)

ROOMS = Gauge("pitchside_rooms", "Rooms by status", ["status"], registry=REGISTRY)
SOCKETS = Level("pitchside_sockets", "WebSockets connected to this instance")
ACTIONS = Count("pitchside_actions_applied", "Game actions applied")
COMMAND_LATENCY = Spread(
    "pitchside_command_seconds",
    "Time to check, apply and commit one game action",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
VIEWS_SENT = Count("pitchside_views_sent", "Views sent to sockets")
VIEWS_DROPPED = Count(
    "pitchside_views_dropped",
    "Queued views dropped because a newer one replaced them (slow sockets)",
)
DB_ERRORS = Count("pitchside_db_errors", "Database operations that failed")
BROKER_LAG = Spread(
    "pitchside_broker_lag_seconds",
    "From publishing a room change to this instance receiving it",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5),
)
BROKER_LOST = Count(
    "pitchside_broker_lost",
    "Room changes that never reached the other instances (broker unreachable or too far "
    "behind): their phones see those changes only with the room's next one",
)
BROKER_GAPS = Count(
    "pitchside_broker_gaps",
    "Gaps in the broker's stream (a subscription made again, a message number skipped): "
    "each makes the instance read its rooms again and push fresh views",
)
COMMIT_BATCH = Spread(
    "pitchside_commit_batch_actions",
    "Actions committed together in one transaction (group commit across rooms)",
    buckets=(1, 2, 5, 10, 25, 50, 100, 200, 400),
)
LOOP_LAG = Spread(
    "pitchside_loop_lag_seconds",
    "How late the event loop wakes a timer: every room on an instance waits this long at each "
    "step, and an action crosses several steps",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)

LOOP_LAG_EVERY = 0.25  # seconds between two samples


async def watch_loop_lag() -> None:
    """Sample the event loop's lag for as long as the instance runs."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(LOOP_LAG_EVERY)
        LOOP_LAG.observe(max(0.0, loop.time() - start - LOOP_LAG_EVERY))
