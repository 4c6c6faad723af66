"""The Content-Security-Policy every page carries is one the client itself keeps: no inline
script and no inline style (`style-src 'self'`: every game's CSS is in its table.css, styles set
from scripts go through the CSSOM). Chromium reports no violation on Home, How to play, a crew
page, a lobby (with its QR code), a Focifogadás and a Hat Trick table."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, AppServer, _need_chromium

pytestmark = [pytest.mark.browser, pytest.mark.asyncio]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


@pytest.fixture(scope="module")
def app() -> Iterator[AppServer]:
    _need_chromium()
    server = AppServer(BOT_DELAY_MS="50")
    try:
        server.start()
        yield server
    finally:
        server.close()


def post(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body or {}).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


async def test_the_pages_break_no_rule_of_their_csp(app: AppServer) -> None:
    playwright_api = pytest.importorskip("playwright.async_api")
    lobby = post(f"{app.url}/api/rooms", {"game": "duel", "mode": "match", "name": "Anna"})
    table = post(f"{app.url}/api/rooms", {"game": "focifogadas", "mode": "drukker", "name": "A"})
    cards = post(f"{app.url}/api/rooms", {"game": "hattrick", "mode": "match", "name": "B"})
    for room in (table, cards):
        post(f"{app.url}/api/rooms/{room['code']}/bots", token=room["token"])
        post(f"{app.url}/api/rooms/{room['code']}/start", token=room["token"])
    crew = post(f"{app.url}/api/crews", {"name": "Thursday", "member": "Anna"})
    async with playwright_api.async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await chromium.new_page()
            await page.add_init_script(WATCH)
            refused: list[str] = []
            page.on(
                "console",
                lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
            )
            for path in ("/", "/?how=focifogadas", f"/c/{crew['code']}", f"/r/{lobby['code']}"):
                await page.goto(app.url + path)
                await page.wait_for_load_state("networkidle")
                violations = await page.evaluate("window.__violations")
                assert violations == [], (path, violations)
            for room, game in ((table, "focifogadas"), (cards, "hattrick")):  # as a spectator
                await page.goto(f"{app.url}/r/{room['code']}")
                await page.get_by_role("button", name="Watch").click()
                await page.locator(f".table-{game}").first.wait_for(state="attached")
                await page.wait_for_load_state("networkidle")
                violations = await page.evaluate("window.__violations")
                assert violations == [], (game, violations)
            qr = await page.evaluate(f"fetch('/r/{lobby['code']}/qr.svg').then(r => r.status)")
            assert qr == 200
            assert refused == []
        finally:
            await chromium.close()
