"""The broker's gap detection (app/rooms/push/gaps.py, issue 37 item 2): numbers heard out of
order are no gap, a number still missing a few ticks later is, a repeated one is dropped."""

from __future__ import annotations

import pytest

from app.rooms.push import gaps
from app.rooms.push.gaps import Gaps


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(gaps.time, "monotonic", clock)
    return clock


def test_out_of_order_is_no_gap_and_a_repeat_is_dropped(clock: Clock) -> None:
    seen: list[str] = []
    heard = Gaps(1.0, seen.append)
    assert [heard.heard("a", n) for n in (7, 9, 8, 10)] == [True] * 4
    assert heard.heard("a", 9) is False  # a publish tried again
    clock.now += 60
    heard.check()
    assert seen == []


def test_a_number_missing_past_the_grace_is_a_gap(clock: Clock) -> None:
    seen: list[str] = []
    heard = Gaps(1.0, seen.append)
    heard.heard("a", 1)
    heard.heard("a", 4)  # 2 and 3 missing
    clock.now += gaps.HOLE_TICKS * 1.0 - 0.1
    heard.check()
    assert seen == []
    clock.now += 0.2
    heard.check()
    assert len(seen) == 1 and "2 message(s)" in seen[0]
    heard.check()
    assert len(seen) == 1  # told once
    heard.heard("b", 5)  # another instance, first heard: no gap
    assert len(seen) == 1
