"""`python -m app` served by granian instead of uvicorn: `bench/load.py --server granian`.

Issue 38 §2 (bench/README.md, "Another server runtime: granian"): the same app, the same
migrations and process tuning as `app/__main__.py`, with granian (a Rust HTTP/WebSocket
server for ASGI; `pip install granian==2.8.7`, not a dependency of the app) in uvicorn's
place: one worker process forked by granian's supervisor, HTTP/1 only, its asyncio loop on
uvloop as uvicorn's is. bench/load.py counts the CPU of both processes.

What is uvicorn's own in the app is off here by itself, with no setting:
- `app/api/wire.py`: `Wire.of` finds no uvicorn protocol behind the ASGI `send`, so every
  message goes out through ASGI (`Connection` without a wire);
- the socket guard (`app/api/ws.py`) finds no transport behind `send`: no kernel send
  buffer bound and no watchdog for a phone that stopped reading;
- `app/api/connections.py` is options handed to `uvicorn.run`, not given here: no deadline
  for a request's body, no connection limit per address, pings not counted against a
  socket's rate (granian has its own 30 s deadline for a request's head).
The front dispatch (`Pitchside` in app/main.py: the guard and the lobby lane) is plain ASGI
and runs as it does under uvicorn.

    HOST=127.0.0.1 PORT=8000 .venv/bin/python bench/serve_granian.py   # from the project root
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

from granian.constants import HTTPModes, Interfaces, Loops
from granian.log import LogLevels
from granian.server import Server

sys.path.insert(0, os.getcwd())  # the `app` of the directory it runs in, as `python -m app`

from app.db.migrate import upgrade
from app.settings import get_settings


def build(_target: str) -> Any:
    """In granian's worker process: the app, as `python -m app` builds it (imported here: the
    supervisor process, forked before, holds only the migrations)."""
    from app.__main__ import tune_gc
    from app.main import create_app

    sys.setswitchinterval(0.0005)  # as app/__main__.py (the drivers' threads answer sooner)
    app = create_app(get_settings())
    tune_gc()
    return app


def main() -> None:
    settings = get_settings()
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    upgrade(settings.resolved_database_url)
    server = Server(
        "pitchside",  # a name only: `build` makes the app
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,  # with the lifespan (the app starts its rooms there)
        workers=1,
        loop=Loops.uvloop,
        http=HTTPModes.http1,
        websockets=True,
        # As uvicorn's defaults: a backlog of 2048 and no cap on requests in hand (granian's
        # default caps them at backlog/workers, and every open WebSocket is one)
        backlog=2048,
        backpressure=1 << 20,
        log_level=LogLevels(settings.log_level.lower()),
    )
    server.serve(target_loader=build, wrap_loader=True)


if __name__ == "__main__":
    main()
