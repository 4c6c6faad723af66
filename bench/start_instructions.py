"""Instructions per started match: the server under `valgrind --tool=callgrind`, counted.

What `load.py rooms` times, counted in instructions, which this shared machine's load does
not move: `python -m app` (load.py's environment, a fresh SQLite file, no live odds) under
callgrind is driven through the host's create, three joins, the start and, unless
`--no-phones`, four phones that open `/ws/{code}`, say hello, take their first message and
leave, one room at a time. It runs twice, `--rooms` and `--rooms` + 20, and prints the
difference / 20: the instructions of one start, without the server's own start and stop
(bench/README.md, "Starting a match"). Two runs of one commit differ by ~0.3 M.

    .venv/bin/python bench/start_instructions.py              # ~3 minutes
    .venv/bin/python bench/start_instructions.py --no-phones  # the five requests alone
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import orjson
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import GAME, MODE, ROOT, free_port


async def drive(url: str, rooms: int, phones: bool) -> None:
    async with httpx.AsyncClient(base_url=f"http://{url}", timeout=600) as http:
        for _ in range(rooms):
            body = {"game": GAME, "mode": MODE, "name": "Host"}
            created = (await http.post("/api/rooms", json=body)).json()
            code, tokens = created["code"], [created["token"]]
            for seat in range(1, 4):
                joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"P{seat}"})
                tokens.append(joined.json()["token"])
            started = await http.post(
                f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
            )
            assert started.status_code == 200, started.text
            if not phones:
                continue

            async def phone(code: str, token: str) -> None:
                async with websockets.connect(
                    f"ws://{url}/ws/{code}", compression=None, open_timeout=600, close_timeout=600
                ) as ws:
                    await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
                    await ws.recv()

            await asyncio.gather(*(phone(code, token) for token in tokens))


def instructions(rooms: int, phones: bool) -> int:
    """Total instructions of a server that started, served `rooms` starts and stopped."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {
            "PORT": str(port),
            "HOST": "127.0.0.1",
            "BOT_DELAY_MS": "0",
            "LOG_LEVEL": "warning",
            "RATE_PER_SECOND": "1000",
            "HTTP_RATE_PER_MINUTE": "1000000",
            "SEND_QUEUE": "64",
            "SOCKETS_PER_ADDRESS": "1000000",
            "HTTP_READS_PER_MINUTE": "1000000",
            "ODDS_SIMS": "0",
            "PYTHONHASHSEED": "0",
            "DATABASE_URL": f"sqlite+aiosqlite:///{tmp}/bench.db",
        }
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        server = subprocess.Popen(
            [*command, sys.executable, "-m", "app"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), 1).close()
                    break
                except OSError:
                    time.sleep(0.5)
            asyncio.run(drive(f"127.0.0.1:{port}", rooms, phones))
        finally:
            server.terminate()
            server.wait(600)
        return callgrind_total(out)


def callgrind_total(out: Path) -> int:
    """The instructions a callgrind output file counted, in all."""
    totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
    assert totals is not None, "no callgrind totals"
    return int(totals[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=10, help="the first run's (default 10)")
    parser.add_argument("--no-phones", action="store_true", help="the five requests alone")
    args = parser.parse_args()
    phones = not args.no_phones
    with ThreadPoolExecutor(2) as both:  # the two runs side by side (2 cores)
        few, more = both.map(lambda n: instructions(n, phones), (args.rooms, args.rooms + 20))
    print(f"instructions per started room: {(more - few) / 20 / 1e6:.2f} M")


if __name__ == "__main__":
    main()
