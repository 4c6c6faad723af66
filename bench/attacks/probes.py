"""Issue 21's attacks from outside, against a running `python -m app`; each prints what the
server answered and how long it took.

    python -m bench.attacks.probes URL body          # one 16 MB POST /api/rooms
    python -m bench.attacks.probes URL enumerate     # guess room codes for 5 s
    python -m bench.attacks.probes URL forwarded     # 150 creations, each a new X-Forwarded-For
    python -m bench.attacks.probes URL strict        # out-of-range seats, 3.0 for 3, ...
    python -m bench.attacks.probes URL stalled       # 20 sockets that never read, a bot match
    python -m bench.attacks.probes URL stalled-big   # the same in a lobby with 1 MB views
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import time
from collections import Counter
from collections.abc import Awaitable
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


async def body(url: str) -> None:
    host, port = urlsplit(url).hostname or "127.0.0.1", urlsplit(url).port or 80
    name = b"x" * (16 * 1024 * 1024)
    data = b'{"game":"focifogadas","mode":"live","name":"A","options":{"home_name":"%s"}}' % name
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection(host, port)
    reply = asyncio.create_task(reader.read(200))  # read as soon as the server answers
    writer.write(
        b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(data)
    )
    writer.write(data[:65536])  # the first 64 KiB, then see whether the server answers
    sent = 65536
    await asyncio.wait([reply], timeout=2)
    try:
        while not reply.done() and sent < len(data):
            writer.write(data[sent : sent + 65536])
            await writer.drain()
            sent += 65536
    except (ConnectionError, OSError):
        pass
    answer = await asyncio.wait_for(reply, 60)
    with contextlib.suppress(OSError):
        writer.close()
    took = (time.perf_counter() - started) * 1000
    status = answer.split(b"\r\n", 1)[0].decode()
    print(f"16 MB body: {status!r} after {took:.0f} ms, {min(sent, len(data)) >> 10} KiB sent")


async def enumerate_codes(url: str, seconds: float = 5.0) -> None:
    answers: Counter[int] = Counter()
    until = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=url) as http:
        while time.monotonic() < until:
            code = "".join(random.choice(ALPHABET) for _ in range(6))
            answers[(await http.get(f"/api/rooms/{code}")).status_code] += 1
    total = sum(answers.values())
    print(f"code guessing: {total / seconds:.0f} probes/s answered {dict(answers)}")


async def forwarded(url: str) -> None:
    answers: Counter[int] = Counter()
    body = {"game": "duel", "mode": "match", "name": "A"}
    async with httpx.AsyncClient(base_url=url) as http:
        for i in range(150):
            headers = {"X-Forwarded-For": f"198.51.{i // 250}.{i % 250 + 1}"}
            answers[(await http.post("/api/rooms", json=body, headers=headers)).status_code] += 1
    print(f"150 creations from one client, each with its own X-Forwarded-For: {dict(answers)}")


async def _status(call: Awaitable[httpx.Response]) -> int | str:
    try:
        return (await call).status_code
    except httpx.HTTPError as exc:
        return f"no answer ({exc.__class__.__name__})"


async def strict(url: str) -> None:
    async with httpx.AsyncClient(base_url=url) as http:
        host = (
            await http.post("/api/rooms", json={"game": "duel", "mode": "match", "name": "A"})
        ).json()
        code, auth = host["code"], {"Authorization": f"Bearer {host['token']}"}
        await http.post(f"/api/rooms/{code}/bots", headers=auth)
        await http.post(f"/api/rooms/{code}/start", headers=auth)
        away = http.post(
            f"/api/rooms/{code}/seats/99999999999/away", json={"away": True}, headers=auth
        )
        print(f"POST /seats/99999999999/away: {await _status(away)}")
    for options in ({"copies": 3.0}, {"halves": True}):
        async with httpx.AsyncClient(base_url=url) as http:  # a 500 may have closed the last
            body = {"game": "duel", "mode": "match", "name": "A", "options": options}
            made = await http.post("/api/rooms", json=body)
            started: int | str = "-"
            if made.status_code == 201:
                token = {"Authorization": f"Bearer {made.json()['token']}"}
                await http.post(f"/api/rooms/{made.json()['code']}/bots", headers=token)
                started = await _status(
                    http.post(f"/api/rooms/{made.json()['code']}/start", headers=token)
                )
            print(f"duel {options}: create {made.status_code}, start {started}")
    async with httpx.AsyncClient(base_url=url) as http:
        live = {"game": "focifogadas", "mode": "live", "name": "A", "options": {"scorer_seat": 5}}
        made = await http.post("/api/rooms", json=live)
        token = {"Authorization": f"Bearer {made.json()['token']}"}
        for _ in range(2):
            await http.post(f"/api/rooms/{made.json()['code']}/join", json={"name": "B"})
        start = await _status(http.post(f"/api/rooms/{made.json()['code']}/start", headers=token))
        print(f"live scorer_seat 5 at a table of 3: create {made.status_code}, start {start}")


async def stalled(url: str, limit: float = 300.0) -> None:
    """A Focifogadás match the bots play, watched by 20 phones that never read."""
    host, port = urlsplit(url).hostname or "127.0.0.1", urlsplit(url).port or 80
    async with httpx.AsyncClient(base_url=url) as http:
        made = (
            await http.post(
                "/api/rooms", json={"game": "focifogadas", "mode": "drukker", "name": "A"}
            )
        ).json()
        code, auth = made["code"], {"Authorization": f"Bearer {made['token']}"}
        for _ in range(3):
            await http.post(f"/api/rooms/{code}/bots", headers=auth)
        clients = [non_reading_socket(host, port, code) for _ in range(20)]
        await http.post(f"/api/rooms/{code}/start", headers=auth)
        await http.post(f"/api/rooms/{code}/seats/0/away", json={"away": True}, headers=auth)
        await _released(http, code, clients, limit)


async def stalled_big(url: str, limit: float = 300.0) -> None:
    """The issue's recipe: a live room with a 1 MB team name, 20 phones that never read in
    its lobby, and players joining (each join a new lobby view to every phone)."""
    host, port = urlsplit(url).hostname or "127.0.0.1", urlsplit(url).port or 80
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        options = {"home_name": "x" * (1 << 20)}
        body = {"game": "focifogadas", "mode": "live", "name": "A", "options": options}
        status = await _status(http.post("/api/rooms", json=body))
        if status != 201:
            print(f"a room with a 1 MB team name: {status} (413 is the server's refusal)")
            return
        made = await http.post("/api/rooms", json=body)
        code = made.json()["code"]
        clients = [non_reading_socket(host, port, code) for _ in range(20)]
        for i in range(4):
            await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})
        await _released(http, code, clients, limit)


def non_reading_socket(host: str, port: int, code: str) -> socket.socket:
    """A WebSocket opened by hand that says hello as a spectator, then never reads."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect((host, port))
    s.sendall(
        f"GET /ws/{code} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(1)
    if not answer.startswith(b"HTTP/1.1 101"):
        s.close()
        raise AssertionError(answer.decode())
    hello = b'{"type":"hello"}'
    s.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # masked with zeros
    return s


def held_by(pid: int, clients: list[socket.socket]) -> int:
    """How many of these clients' connections the server process still holds open."""
    ports = {s.getsockname()[1] for s in clients}
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) in ports:
            inodes.add(f"socket:[{fields[9]}]")
    held = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            held += os.readlink(f"/proc/{pid}/fd/{fd}") in inodes
        except FileNotFoundError:
            continue
    return held


async def _released(
    http: httpx.AsyncClient, code: str, clients: list[socket.socket], limit: float
) -> None:
    """Waits until the room has no spectator left and (with --pid) the server holds none of
    the clients' connections."""
    started = time.monotonic()
    unregistered = None
    while time.monotonic() - started < limit:
        spectators = (await http.get(f"/api/rooms/{code}")).json()["spectators"]
        if spectators == 0 and unregistered is None:
            unregistered = time.monotonic() - started
        held = held_by(PID, clients) if PID else 0
        if spectators == 0 and held == 0:
            break
        await asyncio.sleep(0.5)
    took = time.monotonic() - started
    for s in clients:
        s.close()
    gone = f"{unregistered:.0f} s" if unregistered is not None else "never"
    fds = f"; the server held {held} of their connections after {took:.0f} s" if PID else ""
    print(f"20 non-reading sockets: unregistered after {gone}{fds}")


PID = 0  # --pid: the server's process, to count the connections it holds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument(
        "attack", choices=["body", "enumerate", "forwarded", "strict", "stalled", "stalled-big"]
    )
    parser.add_argument("--pid", type=int, default=0, help="the server's pid (stalled*)")
    args = parser.parse_args()
    global PID
    PID = args.pid
    attack = {
        "body": body,
        "enumerate": enumerate_codes,
        "forwarded": forwarded,
        "strict": strict,
        "stalled": stalled,
        "stalled-big": stalled_big,
    }[args.attack]
    asyncio.run(attack(args.url))


if __name__ == "__main__":
    main()
