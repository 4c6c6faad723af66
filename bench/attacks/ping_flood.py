"""Issue 37's ping flood and silent connections, against a running `python -m app`.

    python -m bench.attacks.ping_flood URL flood     # 10 s of WebSocket pings from one socket
    python -m bench.attacks.ping_flood URL silent    # one TCP connection that sends nothing

`flood` pours masked ping frames down one spectator's socket for 10 s while another socket
in another room sends a protocol ping every 50 ms: prints the pings written, the pongs that
came back, whether and when the flooding socket was closed, and the other socket's waits.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import socket
import statistics
import threading
import time
from urllib.parse import urlsplit

import httpx
import websockets

PING = b"\x89\x80\x00\x00\x00\x00"  # a masked ping without payload (RFC 6455 §5.5.2)
PONG = b"\x8a\x00"


def _raw(url: str) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), 10)


def upgraded(url: str, code: str) -> socket.socket:
    sock = _raw(url)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/{code} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(4096)
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(f"not upgraded: {head[:40]!r}")
    return sock


async def flood(url: str, seconds: float = 10.0) -> None:
    async with httpx.AsyncClient(base_url=url) as http:
        body = {"game": "duel", "mode": "match", "name": "A"}
        target = (await http.post("/api/rooms", json=body)).json()["code"]
        other = (await http.post("/api/rooms", json=body)).json()["code"]
    sock = upgraded(url, target)
    sent, received, closed_at = 0, 0, None
    started = 0.0

    def pour() -> None:
        nonlocal sent, closed_at
        with contextlib.suppress(OSError):
            while time.monotonic() - started < seconds:
                sock.sendall(PING * 1000)
                sent += 1000
        if time.monotonic() - started < seconds:
            closed_at = time.monotonic() - started

    def read() -> None:
        nonlocal received
        with contextlib.suppress(OSError):
            while data := sock.recv(1 << 16):
                received += data.count(PONG)

    threads = [threading.Thread(target=pour), threading.Thread(target=read, daemon=True)]
    waits: list[float] = []
    ws_url = url.replace("http", "ws", 1)
    async with websockets.connect(f"{ws_url}/ws/{other}", ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        started = time.monotonic()
        for t in threads:  # the other room's socket is open: the flood begins
            t.start()
        while time.monotonic() - started < seconds:
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            waits.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.05)
    threads[0].join()
    sock.close()
    shut = f"closed by the server after {closed_at:.2f} s" if closed_at else "never closed"
    print(f"pings written {sent:,}, pongs back {received:,}; the flooding socket {shut}")
    print(
        f"another room's ping meanwhile: n={len(waits)} p50 {statistics.median(waits):.1f} ms"
        f" max {max(waits):.1f} ms"
    )


def silent(url: str, seconds: float = 60.0) -> None:
    sock = _raw(url)
    sock.settimeout(seconds)
    started = time.monotonic()
    try:
        sock.recv(1)
        print(f"a silent connection: closed by the server after {time.monotonic() - started:.1f} s")
    except TimeoutError:
        print(f"a silent connection: still open after {seconds:.0f} s")
    sock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("attack", choices=["flood", "silent"])
    args = parser.parse_args()
    if args.attack == "flood":
        asyncio.run(flood(args.url))
    else:
        silent(args.url)


if __name__ == "__main__":
    main()
