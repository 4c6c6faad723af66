"""Fan-out of "room R changed" between instances: in memory, Redis pub/sub or PostgreSQL
LISTEN/NOTIFY, behind one interface so tests run the real code path of each.

A message says what changed (`kind`: state, lobby, seats, odds, presence, rematch), which room,
and its seq; a presence message also carries who is connected at its instance (`data`), and
a state message the move that made that seq, when a player's command did (`data`: seat,
action, note, at), so that the others can follow it without reading the room. Each
instance handles its own messages at once and ignores their echo from the broker.

Nothing is lost for good: each instance numbers what it sends (`n`) and sends a `tick`
every `TICK_EVERY` seconds, so a receiver sees a gap (a number skipped: a dropped
subscription, a lost publish) within a few ticks; a subscription made again after it dropped is a
gap too. A gap hands the handler one `resync` message: the instance reads again the rooms it
holds and pushes their sockets fresh views (app/rooms/fanout.py). Redis down: what an
instance sends waits in its outbox and goes out when Redis is back, and an instance starts
and serves without it (the subscription is made in the background, again and again).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Protocol

import orjson

from app import metrics
from app.rooms.push.gaps import Gaps

log = logging.getLogger(__name__)

CHANNEL = "pitchside_rooms"
NOTIFY_MAX = 7900  # bytes: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
BATCH_MAX = 500  # Redis messages published in one round trip
OUTBOX_MAX = 20_000  # Redis messages waiting to go out (Redis unreachable) before dropping
# Kinds that stay on the instance that published them: every instance prices the odds of the
# rooms its own sockets watch (fanout.py), so its odds are news to nobody else.
LOCAL_KINDS = frozenset({"odds"})
LAST_NEWS_FOR = 2.0  # seconds a stopping broker spends sending what it still holds
ENDING_FOR = 1.0  # seconds a stopping broker waits for a task or a connection to end
TICK_EVERY = 1.0  # seconds between an instance's ticks (how soon a lost message is noticed)
RETRY_MAX = 2.0  # seconds between tries to reach Redis again, at most
LISTENER = "pitchside-listen"  # the LISTEN connection's application_name (pg_stat_activity)
TICK, RESYNC = "tick", "resync"  # a heartbeat between brokers; a gap, to the handler


@dataclass(frozen=True, slots=True)
class Message:
    kind: str
    room: str
    seq: int
    origin: str = ""
    sent_at: float = 0.0
    data: dict[str, Any] | None = None
    n: int = 0  # the sender's number for it (0: not numbered, an odds message or older sender)

    def encode(self) -> bytes:
        return orjson.dumps(asdict(self))

    @classmethod
    def decode(cls, raw: bytes | str) -> Message:
        """Fields this version does not know are ignored (a newer instance, mid-upgrade)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in orjson.loads(raw).items() if k in known})


Handler = Callable[[Message], Awaitable[None]]


class Publisher(Protocol):
    """Tells every instance (this one included) that a room changed: `Broker.publish`."""

    async def __call__(
        self, kind: str, room: str, seq: int, data: dict[str, Any] | None = None
    ) -> None: ...


class Broker:
    """In-process fan-out (a single instance). Subclasses reach other instances too."""

    name = "memory"

    def __init__(self, *, tick_every: float = TICK_EVERY) -> None:
        self.instance = uuid.uuid4().hex[:12]
        self.tick_every = tick_every
        self._handler: Handler | None = None
        self._handling: set[asyncio.Task[None]] = set()
        self._sent = 0  # the number of the last message sent
        self._gaps = Gaps(tick_every, self.gap)  # the numbers heard from each instance
        self._resync: asyncio.Task[None] | None = None
        self._resync_again = False
        self._ticker: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        self._handler = handler
        if type(self) is not Broker:  # other instances to tell: they hear this one tick
            self._ticker = asyncio.create_task(self._tick())

    async def publish(
        self, kind: str, room: str, seq: int, data: dict[str, Any] | None = None
    ) -> None:
        number = 0 if kind in LOCAL_KINDS else self._number()
        message = Message(kind, room, seq, self.instance, time.time(), data, number)
        if self._handler is not None:
            await self._handler(message)
        if kind not in LOCAL_KINDS:
            await self._send(message)

    def _number(self) -> int:
        self._sent += 1
        return self._sent

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            self._gaps.check()
            await self._send(Message(TICK, "", 0, self.instance, time.time(), None, self._number()))

    def _in_order(self, message: Message) -> bool:
        """False for a message heard before (a publish tried again); see `Gaps`."""
        return not message.n or self._gaps.heard(message.origin, message.n)

    def gap(self, why: str) -> None:
        """Something may have been missed: the handler gets one `resync` (one more after it
        if another gap comes meanwhile)."""
        metrics.BROKER_GAPS.inc()
        log.warning("broker %s: %s; reading the rooms held here again", self.name, why)
        if self._resync is not None and not self._resync.done():
            self._resync_again = True
            return
        self._resync = asyncio.get_running_loop().create_task(self._resyncing())

    async def _resyncing(self) -> None:
        while self._handler is not None:
            self._resync_again = False
            try:
                await self._handler(Message(RESYNC, "", 0, self.instance, time.time()))
            except Exception:  # a database away too: the next gap or tick tries again
                log.exception("broker %s: resync failed", self.name)
            if not self._resync_again:
                return

    async def _send(self, message: Message) -> None:
        """Tell the other instances (none here)."""

    def _dispatch(self, raw: bytes | str) -> None:
        """Handle a message from another instance in a task of its own, so that one that must
        read its room does not hold up the messages behind it (a listener that awaited each
        fell seconds behind under load). Tasks start in arrival order, so a room's moves are
        followed in order: `Fanout.on_message` follows a move before its first await."""
        task = asyncio.get_running_loop().create_task(self._received(raw))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)

    async def _received(self, raw: bytes | str) -> None:
        message = Message.decode(raw)
        if self._handler is None or not self._in_order(message):
            return
        if message.origin == self.instance or message.kind == TICK:
            return
        metrics.BROKER_LAG.observe(max(0.0, time.time() - message.sent_at))
        await self._handler(message)

    async def stop(self) -> None:
        self._handler = None
        for task in [*self._handling, self._ticker, self._resync]:
            if task is not None:
                task.cancel()


class RedisBroker(Broker):
    name = "redis"

    def __init__(self, url: str, *, tick_every: float = TICK_EVERY) -> None:
        super().__init__(tick_every=tick_every)
        import redis.asyncio as redis

        self._redis = redis.from_url(url)
        self._task: asyncio.Task[None] | None = None
        # Outgoing messages, published in order by one task, a pipelined batch at a time: a
        # command never waits on Redis, and a busy night never runs redis-py's pool dry (a
        # PUBLISH per command in flight did: "Too many connections", and the news was lost).
        self._outbox: deque[bytes] = deque(maxlen=OUTBOX_MAX)
        self._dropped = 0
        self._wake = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        """Subscribes in the background: an instance starts, and serves, while Redis is
        away."""
        await super().start(handler)
        self._task = asyncio.create_task(self._listen())
        self._sender = asyncio.create_task(self._send_all())

    async def _listen(self) -> None:
        from redis.asyncio.client import PubSub

        pause, subscribed_before, missed = 0.1, False, False
        while True:
            pubsub: PubSub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                pause = 0.1
                if subscribed_before or missed:
                    # Everything published while no subscription was up is lost to us.
                    self.gap("subscribed to Redis again")
                subscribed_before = True
                async for item in pubsub.listen():
                    if item.get("type") == "message":
                        self._dispatch(item["data"])
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]
                raise
            except Exception as exc:  # down, or the connection dropped: subscribe again
                log.warning("redis broker: %s; subscribing again", exc)
            missed = True
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_MAX)

    async def _send(self, message: Message) -> None:
        if len(self._outbox) == OUTBOX_MAX:
            metrics.BROKER_LOST.inc()
            self._dropped += 1
            if self._dropped % 1000 == 1:
                log.warning("redis broker: %d messages dropped unsent so far", self._dropped)
        self._outbox.append(message.encode())
        self._wake.set()

    async def _send_all(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._flush()

    async def _flush(self) -> None:
        pause = 0.1
        while self._outbox:
            batch = [self._outbox.popleft() for _ in range(min(len(self._outbox), BATCH_MAX))]
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for raw in batch:
                        pipe.publish(CHANNEL, raw)
                    await pipe.execute()
                pause = 0.1
            except Exception as exc:  # Redis is away: the batch goes out when it is back
                overflow = len(self._outbox) + len(batch) - OUTBOX_MAX
                if overflow > 0:  # the newest, past the outbox's bound: receivers see a gap
                    metrics.BROKER_LOST.inc(overflow)
                self._outbox.extendleft(reversed(batch))
                if pause == 0.1:
                    log.warning("redis publish of %d messages failed: %s", len(batch), exc)
                await asyncio.sleep(pause)  # no busy loop while it is away
                pause = min(pause * 2, RETRY_MAX)

    async def stop(self) -> None:
        await super().stop()
        if self._sender is not None:
            await _end(self._sender)
        # The last news (a restart closes every socket: presence), for a moment at most.
        await _end(asyncio.ensure_future(self._flush()), LAST_NEWS_FOR)
        if self._outbox:
            metrics.BROKER_LOST.inc(len(self._outbox))
            log.warning("redis broker: %d messages unsent at the stop", len(self._outbox))
            self._outbox.clear()
        if self._task is not None:
            await _end(self._task)
        await _end(asyncio.ensure_future(self._redis.aclose()), ENDING_FOR)


class PostgresBroker(Broker):
    """LISTEN/NOTIFY on the application's own PostgreSQL (no Redis needed)."""

    name = "postgres"

    def __init__(self, dsn: str, *, tick_every: float = TICK_EVERY) -> None:
        super().__init__(tick_every=tick_every)
        self._dsn = dsn
        self._listen_conn: Any = None
        self._task: asyncio.Task[None] | None = None
        self._send_conn: Any = None  # a small asyncpg pool: notifies may overlap
        self._pool_lock = asyncio.Lock()

    async def start(self, handler: Handler) -> None:
        await super().start(handler)
        self._task = asyncio.create_task(self._keep_listening())

    async def _keep_listening(self) -> None:
        import asyncpg

        listened_before, missed = False, False
        conn: Any = None
        while True:
            if conn is not None:
                conn.terminate()  # a connection the server dropped: its socket closed here too
            try:
                conn = await asyncpg.connect(
                    self._dsn, server_settings={"application_name": LISTENER}
                )
                self._listen_conn = conn

                def on_notify(_c: object, _pid: int, _channel: str, payload: str) -> None:
                    self._dispatch(payload)

                await conn.add_listener(CHANNEL, on_notify)
                if listened_before or missed:
                    self.gap("listening again")  # what was notified meanwhile is lost to us
                listened_before = True
                while not conn.is_closed():
                    await asyncio.sleep(1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("postgres broker: %s; listening again shortly", exc)
            missed = True
            await asyncio.sleep(1.0)

    async def _send(self, message: Message) -> None:
        import asyncpg

        payload = message.encode()
        if len(payload) > NOTIFY_MAX and message.kind == "state":
            # A move too long for a notification goes without it: the others read the room.
            payload = replace(message, data=None).encode()
        try:
            async with self._pool_lock:
                if self._send_conn is None:
                    self._send_conn = await asyncpg.create_pool(self._dsn, min_size=1, max_size=4)
            await self._send_conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload.decode())
        except Exception as exc:
            metrics.BROKER_LOST.inc()
            log.warning("postgres notify failed: %s", exc)

    async def stop(self) -> None:
        await super().stop()
        if self._task is not None:
            await _end(self._task)
        for conn in (self._listen_conn, self._send_conn):
            if conn is not None:
                await _end(asyncio.ensure_future(conn.close()), ENDING_FOR)


async def _end(task: asyncio.Future[Any], grace: float = 0.0) -> None:
    """Let `task` end within `grace` seconds, else cancel it and wait a little for it: never
    longer. Its failure, if it failed, is no news now (a closing connection's, say). A client
    library that swallows the cancellation of the call in flight (redis-py did, in the middle
    of a publish) leaves a task that never ends, and a server that waited for it hung on
    SIGTERM until it was killed."""
    if grace:
        await asyncio.wait([task], timeout=grace)
    if not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=ENDING_FOR)
    if task.done() and not task.cancelled():
        task.exception()  # retrieved, so never reported as unretrieved


def asyncpg_dsn(database_url: str) -> str | None:
    """The plain libpq DSN of a `postgresql+driver://` database URL, or None for others."""
    if not database_url.startswith("postgresql"):
        return None
    return "postgresql://" + database_url.split("://", 1)[1]


def make_broker(
    kind: str, redis_url: str, database_url: str, *, tick_every: float = TICK_EVERY
) -> Broker:
    """The broker for `kind` (see Settings.broker)."""
    dsn = asyncpg_dsn(database_url)
    if kind == "memory":
        return Broker()
    if kind == "redis" or (kind == "auto" and redis_url):
        if not redis_url:
            raise ValueError("BROKER=redis needs REDIS_URL")
        return RedisBroker(redis_url, tick_every=tick_every)
    if kind in ("postgres", "auto") and dsn is not None:
        return PostgresBroker(dsn, tick_every=tick_every)
    if kind == "postgres":
        raise ValueError("BROKER=postgres needs a PostgreSQL DATABASE_URL")
    return Broker()
