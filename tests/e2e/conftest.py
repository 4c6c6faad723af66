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


# --- "In view" and "not clipped": what a person holding the phone can see and read ------------

# The shell's fixed bands: the sticky header at the top and the action bar at the bottom. An
# element outside them must sit between them; an element inside one must be inside the screen.
_IN_VIEW_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return `no element matches ${selector}`;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return `${selector} is not rendered (0×0)`;
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const head = document.querySelector('[data-band="head"]') || document.querySelector('.topbar');
  const bar = document.querySelector('[data-band="bar"]') || document.getElementById('bar');
  let top = 0, bottom = vh;
  const sheet = el.closest('dialog[open]');  // a sheet lies over both bands
  if (!sheet && head && !head.contains(el)) top = Math.max(0, head.getBoundingClientRect().bottom);
  if (!sheet && bar && !bar.hidden && !bar.contains(el) && bar.getBoundingClientRect().height > 0)
    bottom = Math.min(vh, bar.getBoundingClientRect().top);
  const where = `top ${Math.round(r.top)} bottom ${Math.round(r.bottom)}, visible band ` +
    `${Math.round(top)}–${Math.round(bottom)} of ${vh}`;
  if (r.left < -1 || r.right > vw + 1)
    return `${selector} leaves the screen sideways (left ${Math.round(r.left)}, right ${Math.round(r.right)}, width ${vw})`;
  if (r.height <= bottom - top + 1) {
    if (r.top < top - 1 || r.bottom > bottom + 1) return `${selector} is not fully in view: ${where}`;
  } else if (r.top < top - 1 || r.top > bottom - 44) {
    return `${selector} is taller than the visible band and its top is not in view: ${where}`;
  }
  // Nothing of the page covers it: hit-test a few points inside the visible part.
  const y0 = Math.max(r.top, top), y1 = Math.min(r.bottom, bottom);
  const points = [[(r.left + r.right) / 2, (y0 + y1) / 2],
                  [r.left + Math.min(8, r.width / 4), y0 + Math.min(8, (y1 - y0) / 4)],
                  [r.right - Math.min(8, r.width / 4), y1 - Math.min(8, (y1 - y0) / 4)]];
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) {
      const name = hit.id ? '#' + hit.id : hit.tagName.toLowerCase() +
        (hit.className && typeof hit.className === 'string' ? '.' + hit.className.trim().split(/\\s+/).join('.') : '');
      return `${selector} is covered at (${Math.round(x)}, ${Math.round(y)}) by ${name}`;
    }
  }
  // Shell overlays that let taps through (flash, toasts) must not lie over it either.
  for (const o of document.querySelectorAll('.flash, .toast')) {
    const q = o.getBoundingClientRect();
    if (q.width === 0 || q.height === 0 || o.contains(el)) continue;
    if (q.left < r.right && q.right > r.left && q.top < y1 && q.bottom > y0)
      return `${selector} is covered by the shell's ${o.className}`;
  }
  return null;
}
"""

_CLIPPED_JS = """
(selector) => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1)
    out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw} px)`);
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const d = el.closest('dialog');
    if (d && !d.open) continue;
    const label = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    if (el.scrollWidth > el.clientWidth + 1)
      out.push(`"${label}" overflows its box sideways (${el.scrollWidth} > ${el.clientWidth} px)`);
    else if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible')
      out.push(`"${label}" is cut off at the bottom (${el.scrollHeight} > ${el.clientHeight} px)`);
    const r = el.getBoundingClientRect();
    if (r.right > vw + 1) out.push(`"${label}" runs past the right edge of the screen`);
    // a row that clips or scrolls sideways hides what lies past its edge (a name cut to "D")
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const q = a.getBoundingClientRect();
      if (r.left < q.left - 1 || r.right > q.right + 1) {
        out.push(`"${label}" is cut off by the edge of ${a.id ? '#' + a.id : a.tagName.toLowerCase()}`);
        break;
      }
    }
    // a text that spills out of a box that does not clip it
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    if (t.width > 0 && (t.left < r.left - 1 || t.right > r.right + 1))
      out.push(`"${label}" spills out of its button (${Math.round(t.width)} px text in ${Math.round(r.width)} px)`);
  }
  return out;
}
"""

LABELLED = "button, .btn, .chip, [role=button], a.btn, select, summary"


async def assert_in_view(page: Any, selector: str, timeout_ms: int = 3000) -> None:
    """The first element matching `selector` can be seen without scrolling: fully between the
    sticky header and the action bar (or inside the one of them that holds it; anywhere on the
    screen inside an open sheet <dialog>), inside the screen's width, and covered by nothing (no toast, flash or banner on it). Waits up to
    `timeout_ms` for a scroll into view to settle, then fails with where the element is."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        problem = await page.evaluate(_IN_VIEW_JS, selector)
        if problem is None:
            return
        if time.monotonic() > deadline:
            raise AssertionError(problem)
        await page.wait_for_timeout(100)


async def assert_no_clipped_labels(page: Any, selector: str = LABELLED) -> None:
    """No visible button, chip or control (or whatever `selector` names) has a label wider or
    taller than its box, none runs off the screen or past the edge of a row that clips or
    scrolls sideways, and the page does not scroll sideways."""
    problems = await page.evaluate(_CLIPPED_JS, selector)
    assert not problems, "clipped labels:\n" + "\n".join(problems)


# --- rooms made through the HTTP API, and phones that already hold a seat ------------------


def api_call(url: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """One call of docs/PROTOCOL.md's HTTP API; the decoded JSON answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def api_room(
    url: str,
    game: str,
    mode: str,
    *,
    bots: int = 1,
    humans: tuple[str, ...] = (),
    start: bool = True,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A room hosted by Anna with `humans` joined and `bots` added, started unless told not to:
    {code, seats: [{seat, token, name}]}."""
    host = api_call(
        url,
        "POST",
        "/api/rooms",
        {"game": game, "mode": mode, "name": "Anna", "options": options or {}},
    )
    code = host["code"]
    seats = [{"seat": host["seat"], "token": host["token"], "name": "Anna"}]
    for name in humans:
        joined = api_call(url, "POST", f"/api/rooms/{code}/join", {"name": name})
        seats.append({"seat": joined["seat"], "token": joined["token"], "name": name})
    for _ in range(bots):
        api_call(url, "POST", f"/api/rooms/{code}/bots", token=host["token"])
    if start:
        api_call(url, "POST", f"/api/rooms/{code}/start", token=host["token"])
    return {"code": code, "seats": seats}


async def seated_phone(
    browser: Any, url: str, code: str, seat: dict[str, Any], **extra: Any
) -> Any:
    """A 390×844 phone page that holds `seat`'s token for room `code` (not yet opened)."""
    context = await browser.new_context(**{**PHONE, **extra})
    token = json.dumps({"seat": seat["seat"], "token": seat["token"]})
    await context.add_init_script(
        f"localStorage.setItem('pitchside.seat.{code}', {json.dumps(token)})"
    )
    return await context.new_page()


@pytest.fixture(scope="session")
def fast_bots_url() -> Iterator[str]:
    """A server whose bots move after 20 ms: a match handed to the bots ends in seconds."""
    _need_chromium()
    server = AppServer(BOT_DELAY_MS="20")
    try:
        server.start()
        yield server.url
    finally:
        server.close()


def finished_room(url: str, game: str, mode: str, timeout_s: float = 60) -> dict[str, Any]:
    """A match of Anna and a bot that the bots played to the end (Anna's seat handed to the
    bot): the room as api_room() gives it."""
    room = api_room(url, game, mode)
    host = room["seats"][0]
    api_call(
        url, "POST", f"/api/rooms/{room['code']}/seats/0/away", {"away": True}, token=host["token"]
    )
    deadline = time.monotonic() + timeout_s
    while api_call(url, "GET", f"/api/rooms/{room['code']}")["status"] != "finished":
        if time.monotonic() > deadline:
            pytest.fail(f"the bots did not finish {game}/{mode} in {timeout_s} s")
        time.sleep(0.3)
    return room
