"""The server's command path in one process, without sockets: for instruction counts that a
shared machine does not move (`valgrind --tool=callgrind`), and for py-spy.

Rooms of Focifogadás Drukker × 4 seats play random legal moves through the real
`RoomService.act` (engine, group commit to a fresh SQLite file, fan-out), with every seat's
phone registered at the real `Hub` behind a socket and wire that frame what they are sent as
`Wire.write` does and count it; on uvloop and with the collector tuned (`tune_gc`), as
`python -m app` runs (until 2026-12-06 it ran on asyncio's own loop, with the collector's
defaults, and its phones took each message as a str: 15 % more instructions a move than the
server's path, bench/README.md). A finished match is replaced by a new room (create, 3
joins, start, 4 phones connect), as `bench/load.py` does. `--together`: every room acts at once, round after round (the group
commit takes them in batches, as at saturation); without it one action at a time (each a
lone commit, as at human pace). `--pause MS`: the process sleeps that long after each move
(each round with `--together`), as a server at human pace waits for the next phone; its CPU
per move then shows what a cold CPU costs the same work (bench/README.md, sixth pass).
Prints the moves made, the view messages and their mean bytes.

Its instructions per move, under callgrind: `bench/move_instructions.py` (the difference of
two runs, so without the start and the rooms' creation).

Uvicorn's and the WebSocket library's work per message, and the kernel's, are not in it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import tempfile
import time
from typing import Any

import uvloop

from app.__main__ import tune_gc
from app.db.migrate import upgrade
from app.db.rooms import Database
from app.db.session import make_engine
from app.fast.wire import frame
from app.rooms.push.broker import Broker
from app.rooms.push.hub import Hub
from app.rooms.wiring import Rooms

GAME, MODE, SEATS = "focifogadas", "drukker", 4


class Phone:
    """A phone's socket and its wire (app/fast/wire.py), as the server has them under uvicorn:
    the hub's messages are framed as `Wire.write` frames them, then counted instead of written
    (a view's payload bytes), and nothing ever waits for the phone to read."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts

    def write(self, texts: list[str | bytes]) -> bool:
        raws = [text if isinstance(text, bytes) else text.encode() for text in texts]
        b"".join([frame(raw) for raw in raws])  # what Wire.write makes, then writes nowhere
        for raw in raws:
            if raw.startswith(b'{"type":"view"'):
                self.counts["views"] += 1
                self.counts["bytes"] += len(raw)
        return True

    async def drain(self) -> None:
        return None

    async def send_text(self, data: str) -> None:  # what a wire does not write (none here)
        self.write([data])

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


async def run(
    rooms: int, moves: int, together: bool, seed: int, pause: float = 0.0
) -> dict[str, Any]:
    url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.db"
    upgrade(url)
    engine = make_engine(url)
    broker = Broker()
    hub = Hub(broker.instance, 64, broker.publish)
    # as `python -m app` has it: FAST_SQLITE is on by default (app/settings.py)
    db = Database(engine, single_writer=True, fast_sqlite=True)
    layer = Rooms.build(db, broker.publish, hub=hub, alone=True, bot_delay=0.0, odds_sims=0)
    await broker.start(layer.fanout.on_message)
    rng = random.Random(seed)
    counts: dict[str, Any] = {"views": 0, "bytes": 0, "moves": 0, "rooms": 0}
    stack = contextlib.AsyncExitStack()

    async def new_room() -> str:
        code, token = await layer.lobby.create(GAME, MODE, "Host", None)
        for seat in range(1, SEATS):
            await layer.lobby.join(code, f"P{seat}")
        await layer.lobby.start(code, token)
        for seat in range(SEATS):
            socket = Phone(counts)
            phone = layer.fanout.connect(socket, code, seat, wire=socket)
            await stack.enter_async_context(phone)
        counts["rooms"] += 1
        return code

    async def move(index: int, codes: list[str]) -> None:
        snap = layer.cache.latest(codes[index])
        assert snap is not None
        if snap.status == "finished":
            codes[index] = await new_room()
            return
        seat = min(snap.to_act())
        action = rng.choice(snap.game.legal_actions(snap.state, seat))
        await layer.service.act(codes[index], seat, f"m{counts['moves']}", action)
        counts["moves"] += 1

    try:
        codes = [await new_room() for _ in range(rooms)]
        tune_gc()  # as `python -m app` does once the app is built
        counts["rooms"] = counts["views"] = counts["bytes"] = 0
        cpu = time.process_time()
        while counts["moves"] < moves:
            if together:
                await asyncio.gather(*(move(i, codes) for i in range(rooms)))
                if pause:
                    time.sleep(pause)  # the whole process idle, not the loop's timer
            else:
                for i in range(rooms):
                    await move(i, codes)
                    if pause:
                        time.sleep(pause)
            await asyncio.sleep(0)  # the phones' writers take what was queued
        await asyncio.sleep(0.05)
        counts["cpu_us_per_move"] = 1e6 * (time.process_time() - cpu) / max(1, counts["moves"])
    finally:
        await stack.aclose()
        await layer.aclose()
        await broker.stop()
        await engine.dispose()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--together", action="store_true", help="every room acts at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pause", type=float, default=0.0, help="ms the process sleeps after each move"
    )
    args = parser.parse_args()
    # uvloop, as uvicorn's "auto" loop picks it for the server (uvicorn[standard])
    counts = uvloop.run(run(args.rooms, args.moves, args.together, args.seed, args.pause / 1000))
    mean = counts["bytes"] / max(1, counts["views"])
    print(
        f"moves={counts['moves']} new_rooms={counts['rooms']} views={counts['views']} "
        f"view_bytes_mean={mean:.0f} cpu_us_per_move={counts['cpu_us_per_move']:.0f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
