"""The bare floor of the stack: uvicorn and the websockets library with no framework, no
rules, no database and no per-seat views.

It speaks just enough of docs/PROTOCOL.md for `bench/load.py` to drive it unchanged:

- `POST /api/rooms`, `/api/rooms/{code}/join` and `/start` read their body and answer what
  the server's lobby lane answers, in shape and headers (`load.py rooms --floor`: what
  starting a match costs the stack alone);
- on `/ws/{code}` a hello gets a view, an act gets an ack, and every act makes the room's
  sockets receive a ~2 KB view (`load.py echo`: what an action costs the stack alone).

What is left is what the server cannot do without: uvicorn (httptools, its WebSocket
protocol), ASGI's messages and JSON. The server answers both kinds of request in front of
FastAPI too (app/main.py, `Pitchside`), so neither goes through a framework here.

    python bench/echo.py --port 8765
    ECHO_BYTES=7400 python bench/load.py echo   # views the size of a real one (~7.5 KB)
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
from collections import defaultdict
from typing import Any

import orjson
import uvicorn

from app.api.limits import SECURITY_HEADERS

# ~2 KB views by default (the ceiling); ECHO_BYTES sets another size.
PAD = "x" * (int(os.environ.get("ECHO_BYTES", "2000")) - 100)

# As the lane answers (app/fast/lane.py), with the same security headers.
HEADERS = [(b"content-type", b"application/json"), *SECURITY_HEADERS]
ROOM_PATH = re.compile(r"/api/rooms/([^/]+)/(join|start)")

Send = Any  # ASGI's send
rooms: dict[str, set[Send]] = defaultdict(set)
seqs: dict[str, int] = defaultdict(int)
codes = itertools.count(1)


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


async def app(scope: dict[str, Any], receive: Any, send: Send) -> None:
    if scope["type"] == "http":
        await lobby(scope, receive, send)
    elif scope["type"] == "websocket":
        await socket(scope["path"].rsplit("/", 1)[-1], receive, send)
    elif scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


async def lobby(scope: dict[str, Any], receive: Any, send: Send) -> None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    orjson.loads(body or b"null")
    path, status = scope["path"], 200
    matched = ROOM_PATH.fullmatch(path)
    if scope["method"] == "POST" and path == "/api/rooms":
        code = f"E{next(codes):05d}"
        status, answer = 201, {"code": code, "url": f"/r/{code}", "seat": 0, "token": "t" * 43}
    elif scope["method"] == "POST" and matched and matched[2] == "join":
        status, answer = 201, {"seat": 1, "token": "t" * 43}
    elif scope["method"] == "POST" and matched:
        answer = {"status": "playing"}
    else:
        status, answer = 404, {"error": {"code": "not_found", "message": "Not found"}}
    await send({"type": "http.response.start", "status": status, "headers": HEADERS})
    await send({"type": "http.response.body", "body": orjson.dumps(answer)})


async def socket(room: str, receive: Any, send: Send) -> None:
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    seat: int | None = None
    try:
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                return
            parsed = orjson.loads(message.get("text") or message.get("bytes") or b"null")
            if parsed.get("type") == "hello":
                seat = 0 if parsed.get("token") else None
                rooms[room].add(send)
                await send({"type": "websocket.send", "text": view(room, seat)})
            elif parsed.get("type") == "act":
                seqs[room] += 1
                ack = {"type": "ack", "cid": parsed["cid"], "seq": seqs[room]}
                await send({"type": "websocket.send", "text": orjson.dumps(ack).decode()})
                text = view(room, None)
                for peer in list(rooms[room]):
                    try:
                        await peer({"type": "websocket.send", "text": text})
                    except Exception:
                        rooms[room].discard(peer)
    finally:
        rooms[room].discard(send)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    # The server's own WebSocket settings (app/__main__.py), but for its heartbeat.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
    )


if __name__ == "__main__":
    main()
