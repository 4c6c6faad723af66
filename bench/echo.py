"""The bare ceiling of the stack: a minimal FastAPI WebSocket server that only fans a 2 KB
message out to every socket of a room whenever one of them sends anything.

It speaks just enough of PROTOCOL.md for `bench/load.py` to drive it unchanged: a hello gets a
view, an act gets an ack, and every act makes the room's sockets receive a ~2 KB view. No
rules, no database, no per-seat views: what is left is uvicorn + Starlette + websockets +
JSON, the floor under the real server.

    python bench/echo.py --port 8765
    ECHO_BYTES=7400 python bench/load.py echo   # views the size of a real one (~7.5 KB)
"""

from __future__ import annotations

import argparse
import os
from collections import defaultdict

import orjson
import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

# ~2 KB views by default (the ceiling); ECHO_BYTES sets another size.
PAD = "x" * (int(os.environ.get("ECHO_BYTES", "2000")) - 100)

app = FastAPI()
rooms: dict[str, set[WebSocket]] = defaultdict(set)
seqs: dict[str, int] = defaultdict(int)


def view(room: str, seat: int | None) -> str:
    body = {
        "type": "view",
        "seq": seqs[room],
        "view": {
            "status": "playing",
            "you": seat,
            "to_act": [0],
            "legal": [{"type": "go"}],
            "pad": PAD,
        },
    }
    return orjson.dumps(body).decode()


@app.websocket("/ws/{room}")
async def socket(ws: WebSocket, room: str) -> None:
    await ws.accept()
    hello = orjson.loads(await ws.receive_text())
    seat = 0 if hello.get("token") else None
    rooms[room].add(ws)
    await ws.send_text(view(room, seat))
    try:
        while True:
            message = orjson.loads(await ws.receive_text())
            if message.get("type") != "act":
                continue
            seqs[room] += 1
            await ws.send_text(
                orjson.dumps({"type": "ack", "cid": message["cid"], "seq": seqs[room]}).decode()
            )
            text = view(room, None)
            for peer in list(rooms[room]):
                try:
                    await peer.send_text(text)
                except Exception:
                    rooms[room].discard(peer)
    except WebSocketDisconnect:
        pass
    finally:
        rooms[room].discard(ws)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024)


if __name__ == "__main__":
    main()
