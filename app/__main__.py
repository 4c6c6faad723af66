"""`python -m app`: apply the database migrations, then serve Pitchside.

Configuration comes from the environment (see README.md): HOST, PORT, PUBLIC_URL,
DATABASE_URL, REDIS_URL, ALLOWED_ORIGINS, FORWARDED_ALLOW_IPS, BOT_DELAY_MS, ODDS_WORKERS,
CLOCK_SCALE, LOG_LEVEL. It listens on every interface unless HOST or --host says otherwise,
and prints where phones go: each network address as a URL, and a QR code of the first.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from typing import Any

import uvicorn

from app.api.connections import connection_options
from app.db.migrate import upgrade
from app.main import create_app
from app.net import Reach, is_loopback, terminal_qr
from app.settings import Settings, get_settings

# Allocations between two young-generation collections (CPython: 700). What a young collection
# walks is bounded by what is alive, not by this: every socket's waiting coroutines (made
# anew with each message it gets) and every room's newest state, some 60 000 objects on a
# night of 500 rooms and 2 000 phones, 50-60 ms on the 2-core machine of bench/README.md.
# Collecting less often makes stalls rarer, not longer; cyclic garbage waits
# longer (peak RSS at human pace: bench/README.md).
GC_YOUNG = 100_000


# uvicorn's WebSocket settings (the in-process test server uses them too).
SOCKET_OPTIONS: dict[str, Any] = {
    "ws_max_size": 64 * 1024,  # larger than the 8 KiB cap, so we can answer bad_message
    # Uncompressed frames: zlib per message and phone costs more CPU than the bytes it saves
    # (a view is a few KB), and the room's sends are then written as plain
    # frames directly (app/fast/wire.py).
    "ws_per_message_deflate": False,
    "ws_ping_interval": 20.0,  # the server's heartbeat: a dead phone is noticed in ~40 s
    "ws_ping_timeout": 20.0,
}


def tune_gc() -> None:
    """Keep the cycle collector from pausing every room: what exists once the app is built
    (code, card data, libraries) is frozen out of its scans, and it runs less often. A full
    collection walks every live object, and a busy instance holds a great many, so with the
    default thresholds it stalled the event loop for hundreds of milliseconds several times a
    minute (bench/README.md)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 20, 20)


def where_to_open(settings: Settings, reach: Reach) -> str:
    """What `python -m app` prints once it is ready: the URL to open on this machine, each
    address phones on the network open (PUBLIC_URL first), and a QR code of the first of
    those, drawn with text."""
    here = "127.0.0.1" if settings.host in ("0.0.0.0", "::", "") else settings.host
    here = f"[{here}]" if ":" in here else here
    lines = [f"Pitchside is ready: open http://{here}:{settings.port}"]
    phones = ([reach.public_url] if reach.public_url else []) + reach.phone_urls()
    if not phones:
        if is_loopback(settings.host):
            lines.append("Only this machine can open it (--host 0.0.0.0 serves phones too).")
        elif settings.forwarded_allow_ips.strip():
            lines.append("Behind a reverse proxy: set PUBLIC_URL to the address phones open.")
        return "\n".join(lines) + "\n"
    lines += ["Phones open:", *(f"  {url}" for url in phones)]
    lines += [terminal_qr(phones[0]).rstrip("\n"), f"(the QR code is {phones[0]})"]
    lines.append("--host 127.0.0.1 keeps the server to this machine.")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    # Hand the GIL over sooner (default 5 ms): the database drivers answer from their own
    # threads, and every command waits for several of those answers.
    sys.setswitchinterval(0.0005)
    settings = get_settings()
    parser = argparse.ArgumentParser(
        prog="python -m app",
        description="Apply the migrations to DATABASE_URL (default: SQLite under ./data/), "
        "then serve Pitchside on HOST:PORT and print where phones go (each network address, "
        "and a QR code of the first; PUBLIC_URL first when set).",
    )
    parser.add_argument(
        "--host",
        default=settings.host,
        help="default: $HOST or 0.0.0.0 (every interface: phones on the network); "
        "127.0.0.1 keeps the server to this machine",
    )
    parser.add_argument("--port", type=int, default=settings.port, help="default: $PORT or 8000")
    parser.add_argument("--no-migrate", action="store_true", help="skip the migrations")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=settings.log_level.upper(), format="%(levelname)s %(name)s: %(message)s"
    )
    settings = settings.model_copy(update={"host": args.host, "port": args.port})
    url = settings.resolved_database_url
    if not args.no_migrate:
        upgrade(url)
    app = create_app(settings)
    tune_gc()
    print(where_to_open(settings, app.state.reach), end="", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=settings.log_level.lower(),
        **SOCKET_OPTIONS,
        # Deadlines for a request's head and body, connections per address, and pings
        # counted against a socket's rate (app/api/connections.py).
        **connection_options(settings),
        timeout_graceful_shutdown=10,
        proxy_headers=True,
        # Whose X-Forwarded-For to believe: only the reverse proxies named (README); with
        # none, a client cannot pose as another address by sending the header itself.
        forwarded_allow_ips=settings.forwarded_allow_ips or [],
    )


if __name__ == "__main__":
    main()
