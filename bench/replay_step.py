"""What a replay step costs in a long match: a Focifogadás live room whose scorer entered a
long log (issue 37: "a replay step is a denial of service"), then `GET
/api/rooms/{code}/replay/{seq}` timed, the last step and random ones, one at a time, while
another table's socket pings, so the figure for everyone else shows too.

The server is `python -m app` on a fresh SQLite file (or DATABASE_URL), as load.py starts it.

    .venv/bin/python bench/replay_step.py                    # 5,000 actions, 200 requests
    .venv/bin/python bench/replay_step.py --actions 2000 --requests 50
    DATABASE_URL=sqlite+aiosqlite:////tmp/copy.db .venv/bin/python bench/replay_step.py --room CODE

Building the room takes minutes: the live engine's step grows with the log (an entry
recounts every entry before it), so a room's 5,000th action costs ~10 ms of engine alone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
from typing import Any

import httpx
import load
import websockets

SCORER_ENTRY = {"type": "corner"}  # an entry the scorer may make any number of times
ENDING = ("half_time", "kick_off", "full_time", "confirm_full_time")  # the match's way out


async def long_live_room(http: httpx.AsyncClient, ws_url: str, actions: int) -> tuple[str, int]:
    """A finished live room of about `actions` actions: two bots bet, the host scores."""
    body = {"game": "focifogadas", "mode": "live", "name": "Anna"}
    created = (await http.post("/api/rooms", json=body)).json()
    code, token = created["code"], created["token"]
    host = {"Authorization": f"Bearer {token}"}
    for _ in range(2):
        (await http.post(f"/api/rooms/{code}/bots", headers=host)).raise_for_status()
    (await http.post(f"/api/rooms/{code}/start", headers=host)).raise_for_status()
    async with websockets.connect(f"{ws_url}/ws/{code}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        view: dict[str, Any] = {}
        seq, cids = 0, 0

        async def act(action: dict[str, Any]) -> None:
            nonlocal cids, seq, view
            cids += 1
            await ws.send(json.dumps({"type": "act", "cid": f"b{cids}", "action": action}))
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "view":
                    view = message["view"]
                elif message["type"] == "ack":
                    seq = message["seq"]
                    return
                elif message["type"] == "error":
                    raise RuntimeError(message)

        async def my_turn() -> dict[str, Any]:
            nonlocal view
            while not (view and 0 in view["to_act"] and view["legal"]):
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "view":
                    view = message["view"]
            return view

        while {"type": "kick_off"} not in (await my_turn())["legal"]:
            await act(view["legal"][0])
        await act({"type": "kick_off"})
        while seq < actions - 4:
            await act(SCORER_ENTRY)
        while view.get("status") != "finished":
            legal = (await my_turn())["legal"]
            await act(next(a for kind in ENDING for a in legal if a["type"] == kind))
    return code, seq


async def ping_times(ws_url: str, code: str, stop: asyncio.Event) -> list[float]:
    """Another table's phone: a ping every 50 ms, each answer's wait (ms)."""
    times: list[float] = []
    async with websockets.connect(f"{ws_url}/ws/{code}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while not stop.is_set():
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            times.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.05)
    return times


def summary(label: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9)] if times else float("nan")
    print(
        f"{label:<34} n={len(times):<4} p50 {statistics.median(times):7.1f} ms"
        f"  p90 {p90:7.1f} ms  max {times[-1]:7.1f} ms"
    )


async def run(actions: int, requests: int, room: str | None) -> None:
    server = load.Server.start("app", os.environ.get("DATABASE_URL"), ODDS_SIMS="0")
    base, ws_url = f"http://{server.url}", f"ws://{server.url}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            if room:
                code, last = (
                    room,
                    len((await http.get(f"/api/rooms/{room}/replay")).json()["actions"]),
                )
            else:
                started = time.perf_counter()
                code, last = await long_live_room(http, ws_url, actions)
                took = time.perf_counter() - started
                print(f"a finished live room of {last} actions ({code}) in {took:.0f} s")
            body = {"game": "duel", "mode": "match", "name": "Bence"}
            other_code = (await http.post("/api/rooms", json=body)).json()["code"]
            stop = asyncio.Event()
            pinger = asyncio.create_task(ping_times(ws_url, other_code, stop))

            async def timed(seq: int) -> float:
                t = time.perf_counter()
                answer = await http.get(f"/api/rooms/{code}/replay/{seq}")
                answer.raise_for_status()
                return (time.perf_counter() - t) * 1000

            first = await timed(last)
            lasts = [await timed(last) for _ in range(requests)]
            rng = random.Random(1)
            randoms = [await timed(rng.randint(0, last)) for _ in range(requests)]
            stop.set()
            pings = await pinger
        print(f"{'the first request (cold)':<34} {first:7.1f} ms")
        summary(f"GET replay/{last} (the last step)", lasts)
        summary("GET replay/{random step}", randoms)
        summary("another table's ping meanwhile", pings)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=5000, help="the room's actions")
    parser.add_argument("--requests", type=int, default=200, help="requests per kind")
    parser.add_argument(
        "--room", help="a finished room already in DATABASE_URL (a copy: the server migrates it)"
    )
    args = parser.parse_args()
    asyncio.run(run(args.actions, args.requests, args.room))


if __name__ == "__main__":
    main()
