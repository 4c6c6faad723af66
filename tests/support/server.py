"""Run the real app on a free local port in a background thread, and database helpers."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from app.__main__ import SOCKET_OPTIONS
from app.db.migrate import upgrade
from app.main import create_app
from app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PG_ADMIN_URL = os.environ.get(
    "TEST_DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_admin_dsn() -> str:
    return "postgresql://" + PG_ADMIN_URL.split("://", 1)[1]


async def _pg_execute(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(_pg_admin_dsn(), timeout=3)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def postgres_reachable() -> str | None:
    """None when PostgreSQL answers; otherwise why not."""
    try:
        asyncio.run(_pg_execute("SELECT 1"))
    except Exception as exc:
        return f"PostgreSQL at {PG_ADMIN_URL} is not reachable ({exc.__class__.__name__})"
    return None


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh, migrated database for one test session; dropped afterwards."""
    name = f"pitchside_test_{uuid.uuid4().hex[:10]}"
    asyncio.run(_pg_execute(f'CREATE DATABASE "{name}"'))
    base = PG_ADMIN_URL.rsplit("/", 1)[0]
    url = f"{base}/{name}"
    try:
        upgrade(url)
        yield url
    finally:
        asyncio.run(_pg_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@dataclass
class RunningServer:
    url: str  # http://127.0.0.1:port
    ws_url: str
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def start_server(
    database_url: str, uvicorn_options: dict[str, Any] | None = None, **settings: object
) -> RunningServer:
    """The app in a thread of this process, with `python -m app`'s socket options (or
    those changed by `uvicorn_options`)."""
    port = free_port()
    config = Settings(
        **{
            "database_url": database_url,
            # What the app believes it listens on (its links and Origins); the server
            # itself listens on 127.0.0.1 whatever this says.
            "host": "127.0.0.1",
            "port": port,
            "bot_delay_ms": 0,
            "odds_workers": 0,  # a thread: the tiny test game exists only in this process
            "odds_sims": 200,  # enough to exercise the path; the figures are checked elsewhere
            **settings,
        }  # type: ignore[arg-type]
    )
    app = create_app(config)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="on",
            **(SOCKET_OPTIONS | (uvicorn_options or {})),
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    return RunningServer(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", server, thread)


@dataclass
class ServerProcess:
    """`python -m app` (plus the tiny games) in its own process, on a free port."""

    url: str
    ws_url: str
    process: subprocess.Popen[bytes]
    port: int

    @classmethod
    def start(cls, database_url: str, port: int | None = None, **env: str) -> ServerProcess:
        port = port or free_port()
        environ = (
            os.environ
            | {
                "DATABASE_URL": database_url,
                "HOST": "127.0.0.1",
                "PORT": str(port),
                "BOT_DELAY_MS": "0",
                "LOG_LEVEL": "warning",
            }
            | env
        )
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.serve"],
            env=environ,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        server = cls(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", process, port)
        server.wait_healthy()
        return server

    def wait_healthy(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                stderr = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"server exited: {stderr[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not become healthy")

    def kill(self) -> None:
        """kill -9: no cleanup, no goodbye."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def terminate(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if self.process.stderr:
            self.process.stderr.close()
