"""Learn as you play: the first time a phase comes up, a one-screen explanation from the
game's `learn.<phase>` text, dismissable for good. The texts are the tables'; here the duel's
i18n.json is served with a learn text for each of its phases, so the shell's part is tested
on its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import api_room, assert_in_view, seated_phone

pytestmark = pytest.mark.browser

PHASES = ["challenge", "goalkeeper", "shot", "arrange", "shootout_setup", "penalty"]


async def with_learn_texts(page: Any) -> None:
    async def serve(route: Any) -> None:
        response = await route.fetch()
        data = await response.json()
        data["en"]["learn"] = {p: f"How {p} works, in three lines." for p in PHASES}
        await route.fulfill(response=response, body=json.dumps(data))

    await page.route("**/static/js/games/duel/i18n.json", serve)


# Which phase's sheet the next "Don't show again" tap lands in, read as the tap arrives.
DISMISSED = """() => document.addEventListener("click", (e) => {
  const sheet = e.target.closest("#learn");
  if (sheet) window.dismissed = sheet.querySelector(".learn-text").textContent.split(" ")[1];
}, { capture: true })"""


async def drawn(page: Any) -> None:
    """Until the table has drawn a view: the shell has then asked for its phase's sheet (the
    header's status takes the view's seq in the same task that calls `ctx.learn`)."""
    await page.locator("#status[data-seq]").wait_for(state="attached")


async def test_a_new_phase_is_explained_once_and_can_be_dismissed_for_good(
    browser: Any, app_url: str
) -> None:
    room = api_room(app_url, "duel", "match")
    page = await seated_phone(browser, app_url, room["code"], room["seats"][0])
    await page.context.add_init_script("localStorage.setItem('pitchside.learn', 'on')")
    await with_learn_texts(page)
    await page.goto(f"{app_url}/r/{room['code']}")
    sheet = page.locator("#learn")
    await sheet.wait_for()
    text = await sheet.locator(".learn-text").inner_text()
    assert text.split(" ")[1] in PHASES and text.endswith("works, in three lines.")
    await assert_in_view(page, "#learn-never")
    # A bot moving fast may bring the next phase's sheet between reading this one and the tap:
    # the phase dismissed is the one whose sheet the tap lands in.
    await page.evaluate(DISMISSED)
    await page.locator("#learn-never").tap()
    phase = await (await page.wait_for_function("() => window.dismissed")).json_value()
    assert phase in PHASES
    # gone, or already explaining the next phase in the same sheet
    await page.wait_for_function(
        "(p) => { const s = document.querySelector('#learn');"
        " return !s || !s.open || !s.textContent.includes(`How ${p} works`); }",
        arg=phase,
    )
    assert await page.evaluate(f"localStorage.getItem('pitchside.learned.duel.{phase}')") == "1"

    await page.reload()
    await drawn(page)
    if await sheet.count():  # only another phase may be explained now
        assert phase not in await sheet.locator(".learn-text").inner_text()


async def test_automation_sees_no_explanation_unless_it_asks(browser: Any, app_url: str) -> None:
    room = api_room(app_url, "duel", "match")
    page = await seated_phone(browser, app_url, room["code"], room["seats"][0])
    await with_learn_texts(page)
    await page.goto(f"{app_url}/r/{room['code']}")
    await drawn(page)
    assert await page.locator("#learn").count() == 0


async def test_how_to_play_opens_from_the_lobby_and_the_menu_in_each_language(
    browser: Any, app_url: str
) -> None:
    room = api_room(app_url, "focifogadas", "drukker", start=False)
    page = await seated_phone(browser, app_url, room["code"], room["seats"][0])
    await page.goto(f"{app_url}/r/{room['code']}")
    await page.locator("#lobby-how").tap()
    how = page.locator("#howto")
    await how.wait_for()
    assert (
        await how.locator("h1").inner_text() == "Football Betting"
    )  # the English name (UX: not left in Hungarian)
    titles = await how.locator(".howto-section h2").all_inner_texts()
    assert titles[:4] == ["The aim", "Setting up", "A turn", "The end"]
    assert any(t.startswith("Drukker") for t in titles)  # each mode, with its players
    await page.go_back()
    await page.locator("#seats").wait_for()
    await page.locator("#menu-btn").tap()
    await page.locator("#menu [data-lang=hu]").tap()
    await page.locator("#menu-how").tap()
    await how.wait_for()
    assert (await how.locator(".howto-section h2").all_inner_texts())[0] == "A cél"
