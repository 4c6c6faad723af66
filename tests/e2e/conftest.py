"""Browser tests: the real app (`python -m app`) on a free port with a temporary SQLite
database, driven by the system Chromium through Playwright (TESTING.md).

`PITCHSIDE_E2E_URL` points the tests at an already running server instead.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PITCHSIDE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
}
SHOTS = Path(os.environ.get("PITCHSIDE_SHOTS", "/tmp/shots"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False


class AppServer:
    """`python -m app` on a free port with its own SQLite file; stop() and start() again keep
    the port and the database, like a restart in production."""

    def __init__(self, **env: str) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="pitchside-e2e-"))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "DATABASE_URL": f"sqlite+aiosqlite:///{self.tmp / 'e2e.db'}",
            **env,
        }
        self.env.pop("REDIS_URL", None)

    def start(self) -> None:
        log_path = self.tmp / "server.log"
        with log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while not _healthy(self.url):
            if self.process.poll() is not None or time.monotonic() > deadline:
                output = log_path.read_text(errors="replace")[-3000:]
                self.stop()
                pytest.fail(f"python -m app did not become healthy:\n{output}")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)


def _need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """The base URL of a running Pitchside, started here unless PITCHSIDE_E2E_URL is set."""
    _need_chromium()
    external = os.environ.get("PITCHSIDE_E2E_URL")
    if external:
        yield external.rstrip("/")
        return
    server = AppServer()
    try:
        server.start()
        yield server.url
    finally:
        server.close()


@pytest.fixture
def own_server() -> Iterator[AppServer]:
    """A server of this test's own, which the test may stop and start again."""
    _need_chromium()
    server = AppServer()
    try:
        server.start()
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def clock_url() -> Iterator[str]:
    """A server whose turn clocks run 20 times faster (CLOCK_SCALE): 30 s become 1.5 s."""
    _need_chromium()
    server = AppServer(CLOCK_SCALE="0.05", BOT_DELAY_MS="150")
    try:
        server.start()
        yield server.url
    finally:
        server.close()


@pytest.fixture(scope="session")
def game_choice(app_url: str) -> dict[str, Any]:
    """A registered game and a mode that two people can play: {game, mode} from /api/games."""
    with urllib.request.urlopen(f"{app_url}/api/games", timeout=5) as response:
        games = json.load(response)
    for game in games:
        for mode in game["modes"]:
            if mode["min_players"] <= 2 <= mode["max_players"]:
                return {"game": game, "mode": mode}
    pytest.fail("the server registers no game that two players can play")


@pytest.fixture
async def browser(app_url: str) -> AsyncIterator[Any]:
    playwright_api = pytest.importorskip("playwright.async_api")
    async with playwright_api.async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Playwright's wait_for_function evaluates its string in the page, which the pages'
        # CSP (no eval) refuses: these tests' pages bypass it; tests/security checks the CSP.
        for name in ("new_context", "new_page"):
            make = getattr(chromium, name)
            setattr(chromium, name, functools.partial(make, bypass_csp=True))
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest.fixture
def shot() -> Any:
    """shot(page, name): a screenshot in /tmp/shots, to look at what a person sees."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    async def take(page: Any, name: str) -> None:
        await page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

    return take
