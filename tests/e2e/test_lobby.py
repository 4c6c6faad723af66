"""The lobby in a real browser: a host creates a room, a phone opens the link and sits down,
both lobbies show both names; a reload of the phone keeps its seat (token in localStorage)."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, AppServer

pytestmark = pytest.mark.browser

ROOM_PATH = re.compile(r"/r/([A-HJKMNP-Z2-9]{6})$")


async def create_room(browser: Any, app_url: str, choice: dict[str, Any], name: str) -> Any:
    """A host page that went Home → game → mode → name → Create; returns it in its lobby."""
    context = await browser.new_context(viewport={"width": 430, "height": 900}, locale="en-GB")
    page = await context.new_page()
    await page.goto(app_url)
    game_name = choice["game"]["name"]["en"]
    await page.get_by_role("button", name=re.compile(re.escape(game_name))).click()
    if len(choice["game"]["modes"]) > 1:
        await (
            page.locator(".chips .chip").nth(choice["game"]["modes"].index(choice["mode"])).click()
        )
    # Home has settled (its mode is chosen): a redraw in the middle of `fill` would drop the text.
    await page.locator(".chips .chip[aria-pressed=true]").wait_for()
    await page.fill("#name", name)
    await page.click("#create")
    await page.wait_for_url(ROOM_PATH)
    await page.locator("#seats").get_by_text(name).wait_for()
    return page


async def take_seat(browser: Any, room_url: str, name: str) -> Any:
    """A phone that opened the room link and took a seat; returns its page in the lobby."""
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(room_url)
    await page.fill("#name", name)
    await page.tap("#take-seat")
    await page.locator("#seats .seat.you").get_by_text(name).wait_for()
    return page


async def test_host_and_phone_see_each_other_in_the_lobby(
    browser: Any, app_url: str, game_choice: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, app_url, game_choice, "Anna")
    room_url = host.url
    phone = await take_seat(browser, room_url, "Bence")

    for page in (host, phone):
        seats = page.locator("#seats")
        await seats.get_by_text("Anna").wait_for()
        await seats.get_by_text("Bence").wait_for()
    await shot(host, "lobby-host")
    await shot(phone, "lobby-phone")

    # The host starts; a guest only waits for the host.
    assert await host.locator("#start").count() == 1
    assert await phone.locator("#start").count() == 0
    assert "host" in (await phone.locator("#bar").inner_text()).lower()
    # Nothing is wider than the phone: no sideways scrolling.
    width = await phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


async def test_phone_reload_returns_to_its_seat(
    browser: Any, app_url: str, game_choice: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, app_url, game_choice, "Anna")
    phone = await take_seat(browser, host.url, "Zoli")
    seat_before = await phone.locator("#seats .seat.you").get_attribute("data-seat")

    await phone.reload()
    mine = phone.locator("#seats .seat.you")
    await mine.get_by_text("Zoli").wait_for()
    assert await mine.get_attribute("data-seat") == seat_before
    assert await phone.locator("#take-seat").count() == 0
    # Still one Zoli: the reload did not take a second seat.
    assert await host.locator("#seats").get_by_text("Zoli").count() == 1
    await shot(phone, "lobby-phone-reloaded")


async def test_unknown_room_offers_a_way_home(browser: Any, app_url: str, shot: Any) -> None:
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(f"{app_url}/r/ZZZZZZ")
    await page.get_by_text("No room ZZZZZZ").wait_for()
    await page.get_by_role("button", name="New room").tap()
    await page.wait_for_url(f"{app_url}/")
    await shot(page, "unknown-room")


async def test_a_stale_token_offers_watch_or_home(
    browser: Any, app_url: str, game_choice: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, app_url, game_choice, "Anna")
    code = ROOM_PATH.search(host.url)
    assert code is not None
    context = await browser.new_context(**PHONE)
    await context.add_init_script(
        f"localStorage.setItem('pitchside.seat.{code.group(1)}',"
        " JSON.stringify({seat: 1, token: 'not-a-real-token'}))"
    )
    phone = await context.new_page()
    await phone.goto(host.url)
    await phone.get_by_text("This phone is no longer seated").wait_for()
    await shot(phone, "stale-token")
    await phone.get_by_role("button", name="Watch").tap()
    await phone.locator("#seats").get_by_text("Anna").wait_for()
    assert await phone.locator("#seats .seat.you").count() == 0


async def test_host_starts_against_a_bot_and_gets_a_table(
    browser: Any, app_url: str, game_choice: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, app_url, game_choice, "Anna")
    await host.click("#add-bot")
    bot_or_refusal = host.locator("#seats .seat:not(.empty)").nth(1).or_(host.locator(".toast"))
    await bot_or_refusal.first.wait_for()
    # Every game ships a bot, and game_choice is a mode two can play: no refusal expected.
    assert await host.locator(".toast").count() == 0, f"{game_choice['game']['id']} refused a bot"
    start = host.locator("#start")
    await start.click()
    status = host.locator("#status")
    await status.wait_for()
    await host.wait_for_function(
        "document.querySelector('.table') && document.querySelector('.table').childElementCount > 0"
    )
    assert (await status.inner_text()).strip()
    await shot(host, "table-host")


async def test_a_server_restart_shows_reconnecting_then_back(
    browser: Any, own_server: AppServer, game_choice: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, own_server.url, game_choice, "Anna")
    phone = await take_seat(browser, host.url, "Bence")

    await asyncio.to_thread(own_server.stop)
    banner = phone.locator("#banner")
    await banner.get_by_text("Reconnecting…").wait_for()
    assert await phone.locator("#seats").get_by_text("Bence").is_visible()  # never a modal
    await shot(phone, "reconnecting")

    await asyncio.to_thread(own_server.start)
    await banner.get_by_text("Back, up to date").wait_for(timeout=20_000)
    await phone.locator("#seats .seat.you").get_by_text("Bence").wait_for()
    await banner.wait_for(state="hidden")


# Plays random legal actions for this page's seat on a socket of its own, until the match ends.
PLAY_TO_THE_END = """
async (limit) => {
  const code = location.pathname.split("/")[2];
  const token = JSON.parse(localStorage.getItem("pitchside.seat." + code)).token;
  const ws = new WebSocket(`ws://${location.host}/ws/${code}`);
  let latest = null;
  let inflight = false;
  let sent = 0;
  return await new Promise((resolve, reject) => {
    const act = () => {
      if (inflight || !latest || !latest.legal.length) return;
      if (sent >= limit) {
        ws.close();
        resolve({ status: latest.status, sent });
        return;
      }
      inflight = true;
      sent += 1;
      const action = latest.legal[Math.floor(Math.random() * latest.legal.length)];
      ws.send(JSON.stringify({ type: "act", cid: `e2e-${sent}`, action }));
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
    ws.onerror = () => reject(new Error("socket error"));
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "view") {
        latest = msg.view;
        if (latest.status === "finished") {
          ws.close();
          resolve({ status: "finished", sent });
          return;
        }
      } else if (msg.type === "ack" || msg.type === "error") {
        inflight = false;
      }
      setTimeout(act, msg.type === "error" ? 100 : 10);
    };
  });
}
"""


@pytest.fixture
def short_game(app_url: str, game_choice: dict[str, Any]) -> dict[str, Any]:
    """Focifogadás Drukker when the server has it: random play ends it in about 60 actions."""
    with urllib.request.urlopen(f"{app_url}/api/games", timeout=5) as response:
        games = json.load(response)
    for game in games:
        for mode in game["modes"]:
            if game["id"] == "focifogadas" and mode["min_players"] <= 2 <= mode["max_players"]:
                return {"game": game, "mode": mode}
    return game_choice


async def test_a_finished_match_offers_a_rematch_that_the_guest_follows(
    browser: Any, app_url: str, short_game: dict[str, Any], shot: Any
) -> None:
    host = await create_room(browser, app_url, short_game, "Anna")
    phone = await take_seat(browser, host.url, "Bence")
    await host.locator("#start:not([disabled])").click()
    await phone.locator("#status").wait_for()

    outcomes = await asyncio.gather(
        host.evaluate(PLAY_TO_THE_END, 1000), phone.evaluate(PLAY_TO_THE_END, 1000)
    )
    assert all(o["status"] == "finished" for o in outcomes), outcomes
    for page in (host, phone):
        await page.locator("#result").wait_for()
    await shot(phone, "result-phone")
    assert await phone.locator("#rematch").count() == 0  # only the host starts a rematch

    old_url = host.url
    await host.locator("#rematch").click()
    await host.wait_for_url(lambda url: ROOM_PATH.search(url) is not None and url != old_url)
    await phone.locator("#follow-rematch").tap()
    await phone.wait_for_url(host.url)
    new_code = ROOM_PATH.search(host.url)
    assert new_code is not None
    seat = await phone.evaluate(f"localStorage.getItem('pitchside.seat.{new_code.group(1)}')")
    assert seat is not None and '"seat":1' in seat
    await phone.locator("#status").wait_for()
    await shot(phone, "rematch-phone")


async def test_the_app_can_be_installed_on_a_home_screen(browser: Any, app_url: str) -> None:
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(app_url)
    await page.locator("#create").wait_for()
    cdp = await context.new_cdp_session(page)
    manifest = await cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    installability = await cdp.send("Page.getInstallabilityErrors")
    reasons = {e["errorId"] for e in installability["installabilityErrors"]}
    assert reasons <= {"in-incognito"}  # Playwright's contexts are incognito; nothing else
    for icon in ("icon-192.png", "icon-512.png", "icon.svg"):
        response = await page.request.get(f"{app_url}/static/icons/{icon}")
        assert response.ok, icon


async def test_an_option_naming_a_seat_shows_who_sits_there(browser: Any, app_url: str) -> None:
    """The host chose who starts by seat: the lobby names the friend in that seat, and the
    name follows as the seat fills (issue 22: shown with the players' names)."""
    body = json.dumps(
        {"game": "focifogadas", "mode": "bukmeker", "name": "Anna", "options": {"start_player": 1}}
    ).encode()
    request = urllib.request.Request(
        f"{app_url}/api/rooms", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        code = json.loads(answer.read())["code"]
    phone = await take_seat(browser, f"{app_url}/r/{code}", "Bence")
    await phone.get_by_text(re.compile(r"Seat 2 · Bence")).wait_for()
