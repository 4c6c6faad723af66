"""What a phone fetches to open a room link: the page, one script, its styles and strings, and
the room; nothing found one import at a time (bench/mobile_load.py times it on fast 3G)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_room

pytestmark = pytest.mark.browser


async def test_a_room_link_opens_with_one_script_and_every_first_fetch_hinted(
    browser: Any, app_url: str
) -> None:
    room = api_room(app_url, "focifogadas", "bukmeker", bots=0, humans=("Bence",), start=False)
    context = await browser.new_context(**PHONE)
    try:
        page = await context.new_page()
        requests: list[tuple[str, str]] = []
        page.on("request", lambda r: requests.append((r.resource_type, r.url)))
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        await page.goto(f"{app_url}/r/{room['code']}")
        await page.locator("#bar button:enabled").first.wait_for()
        assert "Take seat 3" in await page.locator("#bar").inner_text()
        scripts = [url for kind, url in requests if kind == "script"]
        assert len(scripts) == 1 and "/static/bundle/js/app.js?v=" in scripts[0], scripts
        # The client's own fetches (its strings, the games, the room, the game's strings)
        # took the answers of the page's hints: each asked for once, none by the client.
        urls = [url for _, url in requests]
        assert len(urls) == len(set(urls)), urls
        assert [url for kind, url in requests if kind == "fetch"] == []
        wanted = {
            f"{app_url}/api/rooms/{room['code']}",
            f"{app_url}/api/games",
            f"{app_url}/static/i18n/da.json",
            f"{app_url}/static/js/games/focifogadas/i18n.json",
        }
        assert wanted <= set(urls), wanted - set(urls)
        assert errors == []
    finally:
        await context.close()
