"""Prometheus metrics an operator watches on a betting night (served at /metrics).

prometheus_client's own metric types, in a registry of the app's. Plain numbers read only
when scraped (hand-rolled collectors until 2026-12-07) saved ~4 µs of CPU per action (five
counts and two or three observations: 0.5 and 1.0 µs each here, 0.06 and 0.14 there), about
1 % of an action's 330–500 µs, under the 5 % a shortcut must pay (bench/README.md, "Fast
paths").
"""

from __future__ import annotations

import asyncio

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)

ROOMS = Gauge("pitchside_rooms", "Rooms by status", ["status"], registry=REGISTRY)
SOCKETS = Gauge("pitchside_sockets", "WebSockets connected to this instance", registry=REGISTRY)
ACTIONS = Counter("pitchside_actions_applied", "Game actions applied", registry=REGISTRY)
COMMAND_LATENCY = Histogram(
    "pitchside_command_seconds",
    "Time to check, apply and commit one game action",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
VIEWS_SENT = Counter("pitchside_views_sent", "Views sent to sockets", registry=REGISTRY)
VIEWS_DROPPED = Counter(
    "pitchside_views_dropped",
    "Queued views dropped because a newer one replaced them (slow sockets)",
    registry=REGISTRY,
)
DB_ERRORS = Counter("pitchside_db_errors", "Database operations that failed", registry=REGISTRY)
BROKER_LAG = Histogram(
    "pitchside_broker_lag_seconds",
    "From publishing a room change to this instance receiving it",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5),
    registry=REGISTRY,
)
BROKER_LOST = Counter(
    "pitchside_broker_lost",
    "Room changes that never reached the other instances (broker unreachable or too far "
    "behind): their phones see those changes only with the room's next one",
    registry=REGISTRY,
)
BROKER_GAPS = Counter(
    "pitchside_broker_gaps",
    "Gaps in the broker's stream (a subscription made again, a message number skipped): "
    "each makes the instance read its rooms again and push fresh views",
    registry=REGISTRY,
)
COMMIT_BATCH = Histogram(
    "pitchside_commit_batch_actions",
    "Actions committed together in one transaction (group commit across rooms)",
    buckets=(1, 2, 5, 10, 25, 50, 100, 200, 400),
    registry=REGISTRY,
)
LOOP_LAG = Histogram(
    "pitchside_loop_lag_seconds",
    "How late the event loop wakes a timer: every room on an instance waits this long at each "
    "step, and an action crosses several steps",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
    registry=REGISTRY,
)

LOOP_LAG_EVERY = 0.25  # seconds between two samples


async def watch_loop_lag() -> None:
    """Sample the event loop's lag for as long as the instance runs."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(LOOP_LAG_EVERY)
        LOOP_LAG.observe(max(0.0, loop.time() - start - LOOP_LAG_EVERY))
