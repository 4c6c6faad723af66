"""Load benchmark: N rooms x P clients over real WebSockets against a real server.

Each room plays random legal actions, either as fast as views arrive (`--pace 0`, saturation)
or on average every `--pace` seconds (human pace). It prints actions/s, views/s, the latency
from sending an action to the last seat of the room receiving the view of it (p50/p95/p99),
the server's peak RSS and CPU, and the CPU per action of the server and of the generator
itself. Not a test: it prints figures.

    python bench/load.py compare              # echo ceiling vs the full server, and the ratio
    python bench/load.py compare --rounds 3   # the same three times, and the median ratio
    python bench/load.py full --rooms 500 --pace 2 --seconds 30     # human pace
    python bench/load.py idle --sockets 2000                         # memory of idle sockets
    python bench/load.py rooms --rooms 300        # server CPU to start a room and seat 4 phones
    python bench/load.py rooms --floor            # … and the same on bench/echo.py, the floor
    python bench/load.py restart --rooms 500      # every phone whole again after a restart
    python bench/load.py echo                                        # the bare ceiling alone
    REDIS_URL=redis://127.0.0.1:6379 python bench/load.py full --instances 2 \\
        --database-url postgresql+asyncpg://…     # several instances sharing PostgreSQL and Redis
    python bench/load.py full --server granian    # the app under granian (bench/serve_granian.py)

The server under test is started here, on a free port, with a fresh SQLite database (or
`--database-url postgresql+asyncpg://…`), bots off the clock (`BOT_DELAY_MS=0`), served by
uvicorn (`python -m app`) or by granian (`--server granian`, or `PITCHSIDE_SERVER=granian` in
the environment, which is how the peers' pside.py picks it). Its CPU and RSS are those of the
process started and every process under it (granian's worker).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import itertools
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import msgspec
import orjson
import websockets

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 5.0  # seconds between the last phone connecting and the clock starting
GAME, MODE = "focifogadas", "drukker"  # a betting night: the heart of the product
SERVER_ENV = "PITCHSIDE_SERVER"  # uvicorn (default) or granian: what serves the full app


# What a phone of the generator reads of a server message. msgspec skips every other field
# without building it: a full view is ~8 KB of nested JSON, and parsing it whole (then freeing
# it) cost the generator as much CPU per action as the server spent on it, which capped the
# saturation figures at the generator. Legal actions stay raw and are sent back verbatim.
class ViewPart(msgspec.Struct):
    status: str | msgspec.UnsetType = msgspec.UNSET
    to_act: list[int] | msgspec.UnsetType = msgspec.UNSET
    legal: list[msgspec.Raw] | msgspec.UnsetType = msgspec.UNSET


class Message(msgspec.Struct):
    type: str
    seq: int = -1
    cid: str = ""
    code: str = ""
    view: ViewPart | None = None


decode_message = msgspec.json.Decoder(Message).decode


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- the server under test, and what it costs ----------------------------------------------


def _die_with_parent() -> None:
    """In the child: get SIGTERM when the benchmark dies, however it dies (Linux)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    url: str
    command: list[str]
    env: dict[str, str]
    peak_rss_mb: float = 0.0
    cpu_start: float = 0.0

    @classmethod
    def start(cls, kind: str, database_url: str | None, **extra_env: str) -> Server:
        """`kind` "echo" (bench/echo.py) or "full": the app, under uvicorn or, with
        PITCHSIDE_SERVER=granian in the environment (`--server`), granian."""
        port = free_port()
        env = os.environ | {
            "PORT": str(port),
            "HOST": "127.0.0.1",
            "BOT_DELAY_MS": "0",
            "LOG_LEVEL": "warning",
        }
        env |= extra_env
        env |= {"RATE_PER_SECOND": "1000", "HTTP_RATE_PER_MINUTE": "1000000", "SEND_QUEUE": "64"}
        # Every phone of the load comes from this one address (and so does every TCP
        # connection: app/api/connections.py's default of 128 per address, not lifted here
        # from 63d3111 on, left a run of 200 rooms with about 30 playing).
        env |= {"SOCKETS_PER_ADDRESS": "1000000", "HTTP_READS_PER_MINUTE": "1000000"}
        env |= {"CONNECTIONS_PER_ADDRESS": "0"}
        if kind == "echo":
            command = [sys.executable, str(ROOT / "bench" / "echo.py"), "--port", str(port)]
        else:
            env["DATABASE_URL"] = (
                database_url or f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.db"
            )
            command = [sys.executable, "-m", "app"]
            if os.environ.get(SERVER_ENV, "uvicorn") == "granian":
                # the launcher beside this file; it serves the `app` of its cwd, ROOT
                command = [sys.executable, str(Path(__file__).with_name("serve_granian.py"))]
        server = cls(_spawn(command, env), f"127.0.0.1:{port}", command, env)
        server.wait_listening()
        return server

    def wait_listening(self) -> None:
        host, port = self.url.rsplit(":", 1)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((host, int(port)), 0.2):
                break
            time.sleep(0.02)
        self.cpu_start = self.cpu_seconds()

    def restart(self) -> None:
        """SIGTERM (the server closes every socket with 1012), then the same server again on
        the same port and database, once the old one has exited."""
        self.stop()
        self.process = _spawn(self.command, self.env)
        self.wait_listening()

    def pids(self) -> list[int]:
        """The server's process and every process under it (granian's worker), alive now."""
        found, i = [self.process.pid], 0
        while i < len(found):
            with contextlib.suppress(OSError):
                for task in Path(f"/proc/{found[i]}/task").iterdir():
                    found += [int(c) for c in (task / "children").read_text().split()]
            i += 1
        return found

    def cpu_seconds(self) -> float:
        ticks = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):  # a process gone meanwhile
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        kib = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        kib += int(line.split()[1])
        return kib / 1024

    async def sample(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.peak_rss_mb = max(self.peak_rss_mb, self.rss_mb())
            await asyncio.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _spawn(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, preexec_fn=_die_with_parent
    )


# --- rooms and clients ----------------------------------------------------------------------


@dataclass
class Stats:
    connected: int = 0
    actions: int = 0
    views: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    rooms: int = 0  # rooms created to replace finished matches


@dataclass
class Room:
    code: str
    tokens: list[str]
    sent_at: dict[int, float] = field(default_factory=dict)  # acked seq -> when its action left
    # seat -> its recent views (seq, when), oldest first; and the newest seq each seat holds
    seen: dict[int, deque[tuple[int, float]]] = field(default_factory=dict)
    newest: dict[int, int] = field(default_factory=dict)
    finished: asyncio.Event = field(default_factory=asyncio.Event)

    def saw(self, seat: int, seq: int, when: float) -> None:
        self.seen.setdefault(seat, deque(maxlen=64)).append((seq, when))
        self.newest[seat] = max(seq, self.newest.get(seat, -1))

    def settle(self, stats: Stats) -> None:
        """Latency of an action: until every seat has a view of its seq or later (views are
        snapshots, so a newer one replaces an older one that was never sent). Cheap while
        some seat still waits: the generator's cost per view must stay small."""
        if not self.sent_at or len(self.newest) < len(self.tokens):
            return
        oldest = min(self.newest.values())
        for seq in [q for q in self.sent_at if q <= oldest]:
            stats.latencies.append(
                max(_arrival(history, seq) for history in self.seen.values())
                - self.sent_at.pop(seq)
            )


def _arrival(history: deque[tuple[int, float]], seq: int) -> float:
    """When the first view of `seq` or later came (a seat's views come in seq order): looked
    for from the newest, as the one sought is nearly always among the last few."""
    when = history[-1][1]
    for s, t in reversed(history):
        if s < seq:
            break
        when = t
    return when


async def make_room(http: httpx.AsyncClient, kind: str, players: int, index: int) -> Room:
    if kind == "echo":
        return Room(f"E{index:05d}", [f"t{index}-{s}" for s in range(players)])
    created = (
        await http.post("/api/rooms", json={"game": GAME, "mode": MODE, "name": "Host"})
    ).json()
    code, tokens = created["code"], [created["token"]]
    for seat in range(1, players):
        tokens.append(
            (await http.post(f"/api/rooms/{code}/join", json={"name": f"P{seat}"})).json()["token"]
        )
    await http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
    return Room(code, tokens)


async def client(
    url: str, room: Room, seat: int, stats: Stats, pace: float, sockets: set[Any]
) -> None:
    """One phone: acts with a random legal action whenever its seat is asked to."""
    rng = random.Random(f"{room.code}:{seat}")
    cids = itertools.count()
    async with websockets.connect(
        f"ws://{url}/ws/{room.code}", max_size=2**22, compression=None
    ) as ws:
        hello = {"type": "hello", "token": room.tokens[seat]}
        await ws.send(orjson.dumps(hello).decode())
        sockets.add(ws)  # the run closes them all when it stops
        pending: dict[str, float] = {}
        inflight = False  # one action at a time: wait for its answer before acting again
        latest: ViewPart | None = None
        latest_seq = refused_at = -1  # a refused action waits for a newer view, as a phone does
        tasks: set[asyncio.Task[None]] = set()

        async def act(action: msgspec.Raw, delay: float = 0.0) -> None:
            if delay:
                await asyncio.sleep(delay)
            cid = f"{seat}-{next(cids)}"
            pending[cid] = time.perf_counter()
            with contextlib.suppress(websockets.ConnectionClosed):
                body = {"type": "act", "cid": cid, "action": orjson.Fragment(bytes(action))}
                await ws.send(orjson.dumps(body).decode())

        async def maybe_act() -> None:
            nonlocal inflight
            if inflight or latest is None:
                return
            legal, to_act = latest.legal, latest.to_act
            if not isinstance(legal, list) or not legal or not isinstance(to_act, list):
                return
            if seat not in to_act:
                return
            if latest_seq == refused_at:
                return
            inflight = True
            action = rng.choice(legal)
            if not pace:
                await act(action)  # at once: no task of its own
                return
            task = asyncio.create_task(act(action, rng.expovariate(1 / pace)))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        while True:
            try:  # the generator's own cost per message stays low: no timer per wait, no str
                raw = await ws.recv(decode=False)
            except websockets.ConnectionClosed:
                return
            now = time.perf_counter()
            message = decode_message(raw)
            kind = message.type
            if kind == "ack":
                inflight = False
                stats.actions += 1
                room.sent_at[message.seq] = pending.pop(message.cid, now)
                room.settle(stats)
            elif kind == "error":
                inflight, refused_at = False, latest_seq
                stats.errors += 1
                stats.error_codes[message.code] = stats.error_codes.get(message.code, 0) + 1
                pending.pop(message.cid, None)
            elif kind == "view":
                if latest is None:
                    stats.connected += 1
                stats.views += 1
                latest, latest_seq = message.view, message.seq
                room.saw(seat, message.seq, now)
                room.settle(stats)
                if latest is not None and latest.status == "finished":
                    room.finished.set()
                    return
            await maybe_act()


async def run_load(
    kind: str,
    rooms: int,
    players: int,
    seconds: float,
    pace: float,
    db: str | None,
    instances: int = 1,
    spread: str = "seats",
) -> dict[str, float]:
    # Instances start one after the other: each migrates the database before it listens.
    servers = [Server.start(kind, db) for _ in range(instances)]
    stats, stop = Stats(), asyncio.Event()
    sockets: set[Any] = set()  # every phone's socket (closing a closed one does nothing)
    samplers = [asyncio.create_task(server.sample(stop)) for server in servers]
    stack = contextlib.AsyncExitStack()

    def cpu_seconds() -> float:
        return sum(server.cpu_seconds() for server in servers)

    def phone_url(index: int, seat: int) -> str:
        """`spread` "seats": like a round-robin balancer, a room's phones are spread over the
        instances, so every action crosses between them. "rooms": like a balancer hashing
        the room code in the path, a room's phones all reach the instance that made it."""
        return servers[(index + (seat if spread == "seats" else 0)) % instances].url

    try:
        # One HTTP client (kept-alive connections) per instance for the whole run: a client
        # per new room cost the load generator more than the server's answers did. Idle
        # connections are dropped here before uvicorn's 5 s keep-alive closes them: reusing
        # one the server is closing at that moment fails the request (httpx.ReadError). A few
        # connections only: httpx checks every pooled one on each request.
        limits = httpx.Limits(max_connections=8, keepalive_expiry=2.0)
        https = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=f"http://{server.url}", limits=limits, timeout=60)
            )
            for server in servers
        ]
        made: list[Room] = []
        for start in range(0, rooms, 50):
            made += await asyncio.gather(
                *(
                    make_room(https[i % instances], kind, players, i)
                    for i in range(start, min(rooms, start + 50))
                )
            )

        async def keep_room_busy(index: int) -> None:
            room = made[index]
            while not stop.is_set():  # a finished match is followed by a new room
                await asyncio.gather(
                    *(
                        client(phone_url(index, s), room, s, stats, pace, sockets)
                        for s in range(players)
                    )
                )
                if stop.is_set():
                    return
                room = await make_room(https[index % instances], kind, players, index + rooms)
                stats.rooms += 1

        tasks = [asyncio.create_task(keep_room_busy(i)) for i in range(rooms)]
        # Warm up: every phone connected and playing before the clock starts.
        deadline = time.perf_counter() + 60
        while stats.connected < rooms * players and time.perf_counter() < deadline:
            await asyncio.sleep(0.1)
        # The generator stands in for thousands of phones, each with its own memory: its
        # collector walking all their sockets at once (100-160 ms for a full collection, 20-40
        # ms for a middle one, on a 2-core machine) is no delay of the server's, yet it held
        # up every phone's next view and showed in the latencies. No collection while measuring
        # (as `timeit` does); the server under test collects as it always does.
        gc.collect()
        gc.disable()
        # And the clock starts once the server has settled after thousands of sockets opened
        # at once (its collector walks their new objects a few times, 20-80 ms each, over the
        # next 3 s on that machine): a night's play, not its start (`restart` measures that).
        await asyncio.sleep(WARM_UP)
        before = Stats(stats.connected, stats.actions, stats.views, stats.errors, rooms=stats.rooms)
        skip = len(stats.latencies)
        cpu0, own0, t0 = cpu_seconds(), time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        cpu, own = cpu_seconds() - cpu0, time.process_time() - own0
        snapshot = Stats(
            stats.connected,
            stats.actions - before.actions,
            stats.views - before.views,
            stats.errors - before.errors,
            dict(stats.error_codes),
            stats.latencies[skip:],
            rooms=stats.rooms - before.rooms,
        )
        stop.set()
        pending: set[asyncio.Task[None]] = set(tasks)
        while pending:  # a phone still connecting now registers its socket after a sweep
            await asyncio.gather(*(ws.close() for ws in list(sockets)), return_exceptions=True)
            _done, pending = await asyncio.wait(pending, timeout=1.0)
    finally:
        gc.enable()
        stop.set()
        await asyncio.gather(*samplers)
        await stack.aclose()
        for server in servers:
            server.stop()
    lat = sorted(snapshot.latencies) or [float("nan")]
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    return {
        "actions_per_s": snapshot.actions / elapsed,
        "views_per_s": snapshot.views / elapsed,
        "new_rooms_per_s": snapshot.rooms / elapsed,
        "p50_ms": q[49] * 1000,
        "p95_ms": q[94] * 1000,
        "p99_ms": q[98] * 1000,
        "errors": snapshot.errors,
        "peak_rss_mb": sum(server.peak_rss_mb for server in servers),  # all instances
        "server_cpu_pct": 100 * cpu / elapsed,  # of one core, all instances together
        # CPU per action, comparable at any pace (below saturation actions/s is the pace's):
        # the server's (all instances), and the load generator's own, which shares the machine
        "server_cpu_us_per_action": 1e6 * cpu / max(snapshot.actions, 1),
        "generator_cpu_us_per_action": 1e6 * own / max(snapshot.actions, 1),
        "error_codes": snapshot.error_codes,  # type: ignore[dict-item]
    }


async def run_rooms(
    rooms: int, players: int, db: str | None, kind: str = "full", welcome_bytes: int = 0
) -> dict[str, float]:
    """What starting a match costs the server: create, joins, start, then every phone opens
    its socket, says hello, gets its view and leaves; ten rooms at a time. With `kind`
    "echo", the same against bench/echo.py, whose welcome is `welcome_bytes` long: the
    stack's floor."""
    extra = {"ECHO_BYTES": str(welcome_bytes)} if kind == "echo" else {}
    server = Server.start(kind, db, **extra)
    welcomes: list[int] = []

    async def one(http: httpx.AsyncClient) -> None:
        room = await make_room(http, "full", players, 0)  # echo.py answers the lobby too

        async def phone(seat: int) -> None:
            async with websockets.connect(
                f"ws://{server.url}/ws/{room.code}", max_size=2**22, compression=None
            ) as ws:
                await ws.send(orjson.dumps({"type": "hello", "token": room.tokens[seat]}).decode())
                welcomes.append(len(await ws.recv()))

        await asyncio.gather(*(phone(s) for s in range(players)))

    try:
        limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
        async with httpx.AsyncClient(
            base_url=f"http://{server.url}", limits=limits, timeout=60
        ) as http:
            for _ in range(20):  # warm up
                await one(http)
            cpu0, t0 = server.cpu_seconds(), time.perf_counter()
            for start in range(0, rooms, 10):
                await asyncio.gather(*(one(http) for _ in range(min(10, rooms - start))))
            cpu, elapsed = server.cpu_seconds() - cpu0, time.perf_counter() - t0
    finally:
        server.stop()
    return {
        "rooms": rooms,
        "server_cpu_ms_per_room": 1000 * cpu / rooms,
        "rooms_per_s": rooms / elapsed,
        "welcome_bytes_mean": round(statistics.mean(welcomes)),
    }


async def run_restart(rooms: int, players: int, db: str | None) -> dict[str, float]:
    """A restart in the middle of a night: `rooms` started rooms with every phone connected,
    then SIGTERM and the same server again on the same port and database. Every phone
    reconnects at once (the worst case: a phone backs off a little), retrying until it is let
    in; reported: how long the new server took to listen, how long after that every phone held
    its view again, and the new server's CPU until then."""
    server = Server.start("full", db)

    async def whole(room: Room, seat: int) -> Any:
        """A phone's socket once its view has arrived (a phone still outside after a minute
        ends the run: the server did not come back)."""
        hello = orjson.dumps({"type": "hello", "token": room.tokens[seat]}).decode()
        deadline = time.monotonic() + 60
        while True:
            if time.monotonic() > deadline:
                raise RuntimeError(f"seat {seat} of room {room.code} never got back in")
            try:
                ws = await websockets.connect(
                    f"ws://{server.url}/ws/{room.code}", max_size=2**22, compression=None
                )
                await ws.send(hello)
                while decode_message(await ws.recv()).type != "view":
                    pass
                return ws
            except (OSError, websockets.exceptions.WebSocketException):
                await asyncio.sleep(0.1)

    try:
        async with httpx.AsyncClient(base_url=f"http://{server.url}", timeout=60) as http:
            made: list[Room] = []
            for start in range(0, rooms, 20):
                batch = range(start, min(rooms, start + 20))
                made += await asyncio.gather(*(make_room(http, "full", players, i) for i in batch))
        seats = [(room, seat) for room in made for seat in range(players)]
        phones = []
        for start in range(0, len(seats), 100):
            phones += await asyncio.gather(*(whole(r, s) for r, s in seats[start : start + 100]))
        stopped = time.perf_counter()
        await asyncio.to_thread(server.restart)  # the phones answer its goodbye meanwhile
        listening = time.perf_counter()
        for ws in phones:  # closed by the old server (1012); let go of them here
            await ws.close()
        phones = await asyncio.gather(*(whole(r, s) for r, s in seats))
        back = time.perf_counter()
        cpu = server.cpu_seconds() - server.cpu_start
        for ws in phones:
            await ws.close()
    finally:
        server.stop()
    return {
        "phones": len(seats),
        "new_server_listening_s": listening - stopped,
        "every_phone_whole_s": back - listening,
        "server_cpu_s": cpu,
    }


async def run_idle(sockets: int, db: str | None) -> dict[str, float]:
    """Connect `sockets` spectators to rooms and leave them idle; report the server's RSS."""
    server = Server.start("full", db)
    try:
        async with httpx.AsyncClient(base_url=f"http://{server.url}", timeout=60) as http:
            rooms = [await make_room(http, "full", 2, i) for i in range(max(1, sockets // 10))]
        before = server.rss_mb()
        conns = []
        for i in range(sockets):
            ws = await websockets.connect(
                f"ws://{server.url}/ws/{rooms[i % len(rooms)].code}", compression=None
            )
            await ws.send('{"type":"hello"}')
            await ws.recv()
            conns.append(ws)
        await asyncio.sleep(2)
        after = server.rss_mb()
        for ws in conns:
            await ws.close()
    finally:
        server.stop()
    return {"sockets": sockets, "rss_before_mb": before, "rss_with_sockets_mb": after}


def run(main: Coroutine[Any, Any, T]) -> T:
    """The generator runs on uvloop (uvicorn's own loop, installed with it): the cheaper the
    generator is per message, the more of the two cores is left to the server under test."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - not on Linux/macOS
        return asyncio.run(main)
    return uvloop.run(main)


def show(title: str, figures: dict[str, float]) -> None:
    print(
        f"{title}: "
        + ", ".join(
            f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in figures.items()
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("what", choices=["compare", "full", "echo", "idle", "rooms", "restart"])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4, help="clients (seats) per room")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured duration")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="mean seconds between a room's actions; 0 = as fast as views arrive",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="compare: echo then full this many times, and the median ratio (a shared "
        "machine's speed drifts between runs)",
    )
    parser.add_argument("--sockets", type=int, default=2000, help="idle: sockets to connect")
    parser.add_argument(
        "--database-url", default=None, help="full server: DATABASE_URL (default: fresh SQLite)"
    )
    parser.add_argument(
        "--instances",
        type=int,
        default=1,
        help="full server: processes sharing --database-url (PostgreSQL) and REDIS_URL "
        "(see --spread)",
    )
    parser.add_argument(
        "--spread",
        choices=["seats", "rooms"],
        default="seats",
        help="with --instances: spread each room's phones over the instances (a round-robin "
        "balancer) or keep a room on one instance (a balancer hashing the room code)",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="rooms: then the same against bench/echo.py (same requests and sockets, fixed "
        "answers, a welcome as long as the server's): what the stack alone costs",
    )
    parser.add_argument(
        "--server",
        choices=["uvicorn", "granian"],
        default=os.environ.get(SERVER_ENV, "uvicorn"),
        help="full server: served by uvicorn (`python -m app`) or granian "
        "(bench/serve_granian.py; `pip install granian`); default $PITCHSIDE_SERVER or uvicorn",
    )
    args = parser.parse_args()
    os.environ[SERVER_ENV] = args.server  # Server.start reads it (so does pside.py's run)
    if args.instances > 1 and (args.what not in ("full", "compare") or not args.database_url):
        parser.error("--instances > 1 plays full rooms on a shared --database-url (PostgreSQL)")
    print(
        f"machine: {os.cpu_count()} cores; load generator and server on the same machine",
        flush=True,
    )
    if args.what == "idle":
        show("idle", run(run_idle(args.sockets, args.database_url)))
        return
    if args.what == "rooms":
        started = run(run_rooms(args.rooms, args.clients, args.database_url))
        show("rooms", started)
        if args.floor:
            welcome = int(started["welcome_bytes_mean"])
            floor = run(run_rooms(args.rooms, args.clients, None, "echo", welcome))
            show("rooms on bench/echo.py (the stack's floor)", floor)
        return
    if args.what == "restart":
        show("restart", run(run_restart(args.rooms, args.clients, args.database_url)))
        return
    kinds = ["echo", "full"] if args.what == "compare" else [args.what]
    ratios = []
    for _round in range(args.rounds if args.what == "compare" else 1):
        results = {}
        for kind in kinds:
            instances = args.instances if kind == "full" else 1
            results[kind] = run(
                run_load(
                    kind,
                    args.rooms,
                    args.clients,
                    args.seconds,
                    args.pace,
                    args.database_url,
                    instances,
                    args.spread,
                )
            )
            pace = args.pace or "saturation"
            where = f", {instances} instances, spread by {args.spread}" if instances > 1 else ""
            where += ", granian" if kind == "full" and args.server == "granian" else ""
            show(
                f"{kind} ({args.rooms} rooms x {args.clients} clients, pace {pace}{where})",
                results[kind],
            )
        if len(results) == 2:
            ratios.append(results["full"]["actions_per_s"] / results["echo"]["actions_per_s"])
            print(f"ratio full/echo actions/s: {ratios[-1]:.2f}", flush=True)
    if len(ratios) > 1:
        each = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"median ratio over {len(ratios)} rounds: {statistics.median(ratios):.2f} ({each})")


if __name__ == "__main__":
    main()
