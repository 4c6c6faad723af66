"""A database that hangs (finding 5): a black-hole TCP proxy in front of PostgreSQL, a
`python -m app` on it, then how long `/healthz` and a room read take once the link hangs.

    python -m bench.attacks.db_hang [--app-dir DIR]   # DIR: the checkout to serve (default .)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time

import httpx

from tests.scale.test_database_outage import BlackHole
from tests.support.server import free_port, postgres_database


async def measure(url: str, app_dir: str) -> None:
    hole = await BlackHole("127.0.0.1", 5432).start()
    port = free_port()
    proxied = url.replace("127.0.0.1:5432", f"127.0.0.1:{hole.port}")
    env = os.environ | {"DATABASE_URL": proxied, "PORT": str(port), "LOG_LEVEL": "warning"}
    server = subprocess.Popen([sys.executable, "-m", "app"], cwd=app_dir, env=env)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120) as http:
            for _ in range(300):
                try:
                    if (await http.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
            made = await http.post(
                "/api/rooms", json={"game": "duel", "mode": "match", "name": "A"}
            )
            code = made.json()["code"]
            hole.hang()
            for path in ("/healthz", f"/api/rooms/{code}"):
                started = time.monotonic()
                status = (await http.get(path)).status_code
                print(
                    f"{path} with the database hanging: {status} after {time.monotonic() - started:.1f} s"
                )
    finally:
        server.terminate()
        server.wait(30)
        await hole.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app-dir", default=".")
    args = parser.parse_args()
    with postgres_database() as url:
        asyncio.run(measure(url, args.app_dir))


if __name__ == "__main__":
    main()
