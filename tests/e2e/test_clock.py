"""Turn clocks in a real browser: a phone host picks "Turn clock: 30 s" on Home, plays a bot,
lets its clock run out (the server's clocks run 20× faster here), and sees the bot move for it:
"⚙ played for Anna" in the log and the table on a newer step."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import PHONE
from tests.e2e.test_lobby import PLAY_TO_THE_END

pytestmark = pytest.mark.browser

ROOM_PATH = re.compile(r"/r/([A-HJKMNP-Z2-9]{6})$")


def two_player_game(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Duel when the server has it (short turns), else any game with a bot for two."""
    with urllib.request.urlopen(f"{url}/api/games", timeout=5) as response:
        games = json.load(response)
    ranked = sorted(games, key=lambda g: (g["id"] != "duel", g["id"] != "focifogadas"))
    for game in ranked:
        for mode in game["modes"]:
            if (
                mode["min_players"] <= 2 <= mode["max_players"]
                and "turn_seconds" in mode["options"]
            ):
                return game, mode
    pytest.fail("no two-player game with a turn clock")


async def phone_host(
    browser: Any, url: str, game: dict[str, Any], mode: dict[str, Any], clock: str | None = None
) -> Any:
    """A phone that went Home → game → mode (→ Turn clock) → name "Anna" → Create."""
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(url)
    await page.get_by_role("button", name=re.compile(re.escape(game["name"]["en"]))).tap()
    if len(game["modes"]) > 1:
        await page.locator(".chips .chip").nth(game["modes"].index(mode)).tap()
    await page.locator(".chips .chip[aria-pressed=true]").wait_for()  # Home has settled
    if clock is not None:
        await page.locator("details.options summary").tap()
        choice = page.get_by_label("Turn clock")
        assert await choice.locator("option").all_inner_texts() == ["off", "30 s", "60 s", "120 s"]
        await choice.select_option(label=clock)
    await page.fill("#name", "Anna")
    return page


async def start_against_a_bot(page: Any, lobby_shows: str | None = None) -> None:
    """Create → (the lobby shows `lobby_shows`) → + Add bot → Start; returns at the table."""
    await page.tap("#create")
    await page.wait_for_url(ROOM_PATH)
    if lobby_shows:
        await page.get_by_text(lobby_shows).wait_for()
    await page.tap("#add-bot")
    await page.locator("#seats .seat:not(.empty)").nth(1).wait_for()
    await page.tap("#start:not([disabled])")
    await page.locator("#status").wait_for()


async def test_a_clock_runs_out_and_the_bot_plays_for_the_phone(
    browser: Any, clock_url: str, shot: Any
) -> None:
    game, mode = two_player_game(clock_url)
    page = await phone_host(browser, clock_url, game, mode, clock="30 s")
    await shot(page, "clock-home-option")
    await start_against_a_bot(page, lobby_shows="· Turn clock: 30 s")

    # Whenever the phone is waited for, the status line counts its clock down.
    status = page.locator("#status")
    chip = page.locator("#status .status-clock .clock")
    await chip.wait_for()
    assert re.fullmatch(r"\d:\d\d", (await chip.inner_text()).strip())
    assert await page.locator("#table-seats").get_by_text("Anna").is_visible()
    await shot(page, "clock-running")
    seq_before = int(await status.get_attribute("data-seq") or "0")

    # Nobody taps: the clock runs out and the bot moves for Anna.
    played = page.locator(".toast").get_by_text("⚙ played for Anna")
    await played.first.wait_for(timeout=20_000)
    await shot(page, "clock-stand-in")
    log_line = page.locator(".table .log li").get_by_text("⚙ played for Anna")
    await log_line.first.wait_for(state="attached")
    seq_after = int(await status.get_attribute("data-seq") or "0")
    assert seq_after > seq_before
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


async def test_the_host_hands_a_seat_to_the_bot_and_gives_it_back(
    browser: Any, clock_url: str, shot: Any
) -> None:
    game, mode = two_player_game(clock_url)
    host = await phone_host(browser, clock_url, game, mode)
    await host.tap("#create")
    await host.wait_for_url(ROOM_PATH)
    guest = await (await browser.new_context(**PHONE)).new_page()
    await guest.goto(host.url)
    await guest.fill("#name", "Bence")
    await guest.tap("#take-seat")
    await host.locator("#seats").get_by_text("Bence").wait_for()
    await host.tap("#start:not([disabled])")
    await guest.locator("#status").wait_for()

    await host.tap("#menu-btn")
    await host.get_by_role("button", name="Hand Bence to the bot").tap()
    for page in (host, guest):
        strip = page.locator("#table-seats li", has_text="Bence")
        await strip.locator(".away-tag").wait_for()
    # The bot plays Bence's seat now, as soon as Anna's moves give it a turn: the log says so.
    await host.evaluate(PLAY_TO_THE_END, 4)
    away_line = guest.locator(".table .log li").get_by_text("⚙ Bence is away — the bot plays")
    await away_line.first.wait_for(state="attached")
    await shot(host, "away-host")

    await host.tap("#menu-btn")
    await shot(host, "away-menu")
    await host.get_by_role("button", name="Give it back to Bence").tap()
    for page in (host, guest):
        strip = page.locator("#table-seats li", has_text="Bence")
        await strip.locator(".away-tag").wait_for(state="detached")
