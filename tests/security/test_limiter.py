"""The per-address limiter under a crowd of addresses (issue 19): bounded, and the busy
clients' windows are the last to go."""

from __future__ import annotations

from app.api.limits import PerAddress


def test_a_crowd_of_10001_addresses_does_not_lift_a_busy_clients_limit() -> None:
    limiter = PerAddress(limit=5, period=60.0)
    busy = "203.0.113.7"
    assert [limiter.allow(busy, now=0.0) for _ in range(6)] == [True] * 5 + [False]
    for i in range(10_001):  # each new address once, the busy client between them
        assert limiter.allow(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", now=1.0)
        if i % 1000 == 0:
            assert not limiter.allow(busy, now=1.0)
    assert not limiter.allow(busy, now=2.0)  # still limited: its window was never forgotten
    assert limiter.allow(busy, now=61.0)  # until its minute has passed


def test_the_windows_held_are_bounded() -> None:
    limiter = PerAddress(limit=5, period=60.0, kept=1_000)
    limiter.allow("198.51.100.1", now=0.0)
    for i in range(10_001):
        limiter.allow(f"a{i}", now=0.0)
        if i % 100 == 0:
            limiter.allow("198.51.100.1", now=0.0)  # busy: kept however many come
    assert len(limiter) == 1_000
    assert [limiter.allow("198.51.100.1", now=1.0) for _ in range(2)] == [False, False]
