"""The three bands of a table screen on a 390×844 phone: the sticky header never leaves the
viewport, the drawers open from the bar, the full-time takeover fits one screen, and no file
the pages ask for under /static/ is missing (home, lobby, a table, the result)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import (
    PHONE,
    api_room,
    assert_in_view,
    assert_no_clipped_labels,
    finished_room,
    seated_phone,
)

pytestmark = pytest.mark.browser


def record_static_failures(page: Any) -> list[str]:
    failures: list[str] = []

    def seen(response: Any) -> None:
        if "/static/" in response.url and response.status >= 400:
            failures.append(f"{response.status} {response.url}")

    page.on("response", seen)
    return failures


async def test_the_header_stays_in_view_while_the_table_scrolls(
    browser: Any, fast_bots_url: str, shot: Any
) -> None:
    room = api_room(fast_bots_url, "hattrick", "match")
    page = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
    await page.goto(f"{fast_bots_url}/r/{room['code']}")
    await page.locator("#status").wait_for()
    await assert_in_view(page, "#status")
    await assert_in_view(page, "#head-score")
    assert "0 – 0" in await page.locator("#head-score").inner_text()
    # the table is taller than the band between header and bar: scroll to its end
    await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    await page.wait_for_timeout(200)
    assert await page.evaluate("window.scrollY") > 0, "nothing to scroll: the test proves nothing"
    await assert_in_view(page, "#status")
    await assert_in_view(page, "#head-score")
    head = await page.locator("#head").bounding_box()
    assert head is not None and head["y"] == 0
    await assert_no_clipped_labels(page)
    await shot(page, "shell-header-scrolled")


async def test_the_log_drawer_opens_from_the_bar_and_fits_the_phone(
    browser: Any, fast_bots_url: str
) -> None:
    room = api_room(fast_bots_url, "focifogadas", "drukker", bots=2)
    page = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
    await page.goto(f"{fast_bots_url}/r/{room['code']}")
    tab = page.locator('#bar-tabs [data-drawer="log"]')
    await tab.wait_for()  # the bots chose their bets: the log has lines
    await tab.tap()
    drawer = page.locator("#drawer")
    await drawer.wait_for()
    assert await drawer.locator("h2").inner_text() == "What happened"
    assert await drawer.locator(".drawer-log li").count() >= 1
    box = await drawer.bounding_box()
    assert box is not None and box["height"] <= 0.85 * 844 + 1
    assert box["y"] + box["height"] <= 844 + 1  # a bottom sheet
    await drawer.get_by_role("button", name="Close").tap()
    await drawer.wait_for(state="hidden")


async def test_the_full_time_takeover_fits_one_screen(
    browser: Any, fast_bots_url: str, shot: Any
) -> None:
    room = finished_room(fast_bots_url, "duel", "match")
    page = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
    await page.goto(f"{fast_bots_url}/r/{room['code']}")
    result = page.locator("#result")
    await result.wait_for()
    for selector in ("#result .eyebrow", "#result h1", "#rematch", "#see-table"):
        await assert_in_view(page, selector)
    await assert_no_clipped_labels(page)
    await shot(page, "shell-takeover")
    # the board stays reachable behind it, and the result comes back from the bar
    await page.locator("#see-table").tap()
    await result.wait_for(state="hidden")
    await page.locator("#show-result").tap()
    await assert_in_view(page, "#rematch")


async def test_no_static_file_is_missing_on_home_lobby_table_and_result(
    browser: Any, fast_bots_url: str
) -> None:
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    failures = record_static_failures(page)
    await page.goto(fast_bots_url)
    await page.locator(".choice").first.tap()
    await page.locator("#create").wait_for()

    lobby = api_room(fast_bots_url, "duel", "match", start=False)
    host = await seated_phone(browser, fast_bots_url, lobby["code"], lobby["seats"][0])
    failures += record_static_failures(host)
    await host.goto(f"{fast_bots_url}/r/{lobby['code']}")
    await host.locator("#seats").wait_for()

    for game in ("duel", "hattrick"):
        room = api_room(fast_bots_url, game, "match")
        phone = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
        failures += record_static_failures(phone)
        await phone.goto(f"{fast_bots_url}/r/{room['code']}")
        await phone.locator(f".table-{game}").wait_for()
        await phone.wait_for_load_state("networkidle")

    done = finished_room(fast_bots_url, "duel", "match")
    phone = await seated_phone(browser, fast_bots_url, done["code"], done["seats"][0])
    failures += record_static_failures(phone)
    await phone.goto(f"{fast_bots_url}/r/{done['code']}")
    await phone.locator("#result").wait_for()
    await phone.wait_for_load_state("networkidle")
    assert not failures, failures


async def test_the_big_screen_shows_the_code_and_a_qr_that_can_be_hidden(
    browser: Any, fast_bots_url: str, shot: Any
) -> None:
    room = api_room(fast_bots_url, "duel", "match")
    context = await browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    tv = await context.new_page()
    await tv.goto(f"{fast_bots_url}/r/{room['code']}?screen=board")  # watches at once
    aside = tv.locator("#board-aside")
    await aside.locator(".board-code").get_by_text(room["code"]).wait_for()
    qr = aside.locator("img.board-qr")
    await qr.wait_for()
    # The <img> has its size before its picture: wait for the drawn QR, not for the box
    # (drawn off the event loop, it can come a moment after the page on a busy machine).
    await tv.wait_for_function(
        "() => { const img = document.querySelector('#board-aside img.board-qr');"
        " return img !== null && img.complete && img.naturalWidth > 0; }"
    )
    status_px = await tv.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#status')).fontSize)"
    )
    assert status_px >= 30  # big-screen type, read across a room
    table = await tv.locator(".table-duel").bounding_box()
    side = await aside.bounding_box()
    assert table is not None and side is not None and side["x"] >= table["x"] + table["width"]
    await shot(tv, "shell-big-screen")
    await aside.locator("#board-qr-toggle").click()
    await qr.wait_for(state="detached")
