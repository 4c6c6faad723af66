"""The fan-out between instances over the machine's real Redis and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import pytest

from app import metrics
from app.rooms.push.broker import (
    RESYNC,
    Broker,
    Handler,
    Message,
    PostgresBroker,
    RedisBroker,
    asyncpg_dsn,
)

pytestmark = pytest.mark.asyncio


@pytest.fixture
def make_broker(broker_env: dict[str, str], request: pytest.FixtureRequest) -> Callable[[], Broker]:
    """A maker of brokers of one kind (`broker_env`: Redis, or LISTEN/NOTIFY on the test
    database), all on the same channel."""
    redis_url = broker_env["REDIS_URL"]
    if redis_url:
        return lambda: RedisBroker(redis_url)
    dsn = asyncpg_dsn(request.getfixturevalue("pg_url"))
    assert dsn is not None
    return lambda: PostgresBroker(dsn)


PROBE = "PROBE2"  # a room of its own, published to until the receiver hears it


async def listening(sender: Broker, receiver: Broker, handle: Handler) -> None:
    """Start both brokers, `receiver` handing what it hears to `handle` (all but the probes),
    once it hears: LISTEN and SUBSCRIBE begin in the background."""
    heard = asyncio.Event()

    async def handle_or_probe(message: Message) -> None:
        if message.room == PROBE:
            heard.set()
        else:
            await handle(message)

    await receiver.start(handle_or_probe)
    await sender.start(lambda _m: asyncio.sleep(0))
    while not heard.is_set():
        await sender.publish("state", PROBE, 0)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(heard.wait(), 0.1)


async def until(done: Callable[[], bool], seconds: float) -> None:
    """Wait until `done()` holds or `seconds` have passed (the assertions after say which)."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)


async def test_a_message_waiting_on_its_room_does_not_hold_up_the_next(
    make_broker: Callable[[], Broker],
) -> None:
    sender, receiver = make_broker(), make_broker()
    started: list[str] = []
    done: list[str] = []
    release = asyncio.Event()

    async def handle(message: Message) -> None:
        started.append(message.room)
        if message.room == "SLOW22":  # say, a room this instance must read from the database
            await release.wait()
        done.append(message.room)

    try:
        await listening(sender, receiver, handle)
        for room in ("SLOW22", "FAST22", "NEXT22"):
            await sender.publish("state", room, 1)
        await until(lambda: len(done) == 2, 2.0)
        assert started == ["SLOW22", "FAST22", "NEXT22"]  # in the order they were sent
        assert done == ["FAST22", "NEXT22"]  # not stuck behind the slow one
        release.set()
        await until(lambda: len(done) == 3, 2.0)
        assert done == ["FAST22", "NEXT22", "SLOW22"]
    finally:
        await sender.stop()
        await receiver.stop()


async def test_a_move_too_long_for_a_notification_arrives_without_it(pg_url: str) -> None:
    dsn = asyncpg_dsn(pg_url)
    assert dsn is not None
    sender, receiver = PostgresBroker(dsn), PostgresBroker(dsn)
    heard: list[Message] = []

    async def handle(message: Message) -> None:
        heard.append(message)

    try:
        await listening(sender, receiver, handle)
        await sender.publish("state", "LONG22", 7, {"action": {"text": "x" * 9000}})
        await sender.publish("state", "SHORT2", 8, {"action": {"text": "x"}})
        await until(lambda: len(heard) == 2, 2.0)
        # The news arrives all the same (the other instance reads the room); a short move
        # comes with it.
        assert [(m.room, m.seq, m.data) for m in heard] == [
            ("LONG22", 7, None),
            ("SHORT2", 8, {"action": {"text": "x"}}),
        ]
    finally:
        await sender.stop()
        await receiver.stop()


async def test_a_burst_of_news_from_many_rooms_at_once_all_arrives(
    make_broker: Callable[[], Broker],
) -> None:
    """A betting night's peak: a thousand rooms' moves published at the same moment (redis-py's
    pool of 100 connections, one per PUBLISH in flight, lost them)."""
    sender, receiver = make_broker(), make_broker()
    heard: list[int] = []

    async def handle(message: Message) -> None:
        if message.kind != RESYNC:  # (a burst late past the grace may look like a gap: safe)
            heard.append(message.seq)

    try:
        await listening(sender, receiver, handle)
        await asyncio.gather(*(sender.publish("state", "BURST2", seq) for seq in range(1000)))
        await until(lambda: len(heard) == 1000, 5.0)
        assert sorted(heard) == list(range(1000))
    finally:
        await sender.stop()
        await receiver.stop()


@pytest.mark.parametrize("kind", ["redis", "listen-notify"])
async def test_news_the_broker_cannot_deliver_is_counted_for_the_operator(kind: str) -> None:
    broker: Broker = (
        RedisBroker("redis://127.0.0.1:1")  # nothing listens on port 1
        if kind == "redis"
        else PostgresBroker("postgresql://postgres@127.0.0.1:1/test")
    )
    lost = metrics.REGISTRY.get_sample_value("pitchside_broker_lost_total") or 0.0
    await broker.publish("state", "LOST22", 1)
    await broker.publish("state", "LOST22", 2)
    await broker.stop()  # the Redis broker's last flush
    assert metrics.REGISTRY.get_sample_value("pitchside_broker_lost_total") == lost + 2


async def test_a_stopping_broker_is_not_held_up_by_a_publish_that_swallows_its_cancellation(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGTERM with a publish in flight: redis-py caught the cancellation of `execute` and
    went on, so a broker that awaited its sender task waited for ever and the server hung until
    it was killed."""
    broker = RedisBroker(redis_url)
    await broker.start(lambda _m: asyncio.sleep(0))
    publishing = asyncio.Event()

    class Stuck:
        """A pipeline whose `execute` hangs, and shrugs off being cancelled."""

        async def __aenter__(self) -> Stuck:
            return self

        async def __aexit__(self, *_exc: object) -> None:
            pass

        def publish(self, *_args: object) -> None:
            pass

        async def execute(self) -> None:
            publishing.set()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(60)

    monkeypatch.setattr(broker._redis, "pipeline", lambda **_kw: Stuck())
    await broker.publish("presence", "STUCK2", 0, {"seats": [], "spectators": 0})
    await publishing.wait()
    started = time.monotonic()
    await asyncio.wait_for(broker.stop(), 10)
    assert time.monotonic() - started < 5
