"""Whose phone sees what: a player whose seat the host handed to the bot takes it back from
their own phone, and History lists only the matches this phone played in."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_call, api_room, finished_room, seated_phone

pytestmark = pytest.mark.browser


async def test_a_player_takes_back_the_seat_the_host_handed_to_the_bot(
    browser: Any, app_url: str
) -> None:
    room = api_room(app_url, "duel", "match", bots=0, humans=("Bence",))
    code, host, bence = room["code"], room["seats"][0], room["seats"][1]
    phone = await seated_phone(browser, app_url, code, bence)
    await phone.goto(f"{app_url}/r/{code}")
    await phone.locator("#status").wait_for()
    api_call(
        app_url, "POST", f"/api/rooms/{code}/seats/1/away", {"away": True}, token=host["token"]
    )
    back = phone.locator("#take-back")
    await back.wait_for(timeout=10_000)  # "The bot is playing for you" in the header
    await back.tap()
    await back.wait_for(state="detached", timeout=10_000)
    seats = api_call(app_url, "GET", f"/api/rooms/{code}")["seats"]
    assert [s["away"] for s in seats if s["seat"] == 1] == [False]


async def test_history_lists_only_the_matches_this_phone_played(
    browser: Any, fast_bots_url: str
) -> None:
    played = finished_room(fast_bots_url, "duel", "match")
    others = finished_room(fast_bots_url, "duel", "match")
    mine = await seated_phone(browser, fast_bots_url, played["code"], played["seats"][0])
    await mine.goto(f"{fast_bots_url}/history")
    await mine.locator(".history-item", has_text=played["code"]).first.wait_for()
    await mine.locator(".history-recent").wait_for()  # the finished match, with its result
    assert await mine.locator(".history-recent .history-item").count() == 1
    assert await mine.get_by_text(others["code"]).count() == 0

    context = await browser.new_context(**PHONE)
    fresh = await context.new_page()
    await fresh.goto(f"{fast_bots_url}/history")
    await fresh.get_by_text("No rooms on this phone yet.").wait_for()
    await fresh.wait_for_load_state("networkidle")
    assert await fresh.locator(".history-item").count() == 0
    # a room opened by its code is still there for anyone
    await fresh.goto(f"{fast_bots_url}/r/{others['code']}")
    await fresh.get_by_role("button", name="Result").wait_for()
