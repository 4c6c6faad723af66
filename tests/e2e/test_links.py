"""The link friends get, in a real browser: a lobby, a big screen and a crew invite opened on
the laptop itself (127.0.0.1, localhost) hand out the address phones can open (the one the
server detected), and a phone that opened the machine's address gets that address and plays.

Every connection goes to 127.0.0.1: the server believes it listens on every interface of a
machine whose Wi-Fi address is 192.0.2.7 but listens on loopback, and the "phone" reaches it
by a name Chromium maps to 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from app import net
from app.db.migrate import upgrade
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, _need_chromium, api_call, api_room
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.browser

LAN = "192.0.2.7"


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    _need_chromium()
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('links') / 'links.db'}"
    upgrade(url)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(net, "interface_addresses", lambda: [("wlan0", LAN)])
        server = start_server(url, host="0.0.0.0", bot_delay_ms=50)
    yield server
    server.stop()


async def seated(browser: Any, code: str, seat: dict[str, Any], **extra: Any) -> Any:
    context = await browser.new_context(**{**PHONE, **extra})
    token = json.dumps({"seat": seat["seat"], "token": seat["token"]})
    await context.add_init_script(
        f"localStorage.setItem('pitchside.seat.{code}', {json.dumps(token)})"
    )
    return await context.new_page()


@pytest.fixture
async def chromium() -> Any:
    """Chromium with `phone.test` resolved to 127.0.0.1: a page there is not on loopback."""
    playwright_api = pytest.importorskip("playwright.async_api")
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP phone.test 127.0.0.1"],
        )
        try:
            yield browser
        finally:
            await browser.close()


async def test_a_lobby_and_big_screen_opened_on_the_laptop_hand_out_the_network_address(
    chromium: Any, lan_server: RunningServer
) -> None:
    port = lan_server.url.rsplit(":", 1)[1]
    room = api_room(lan_server.url, "duel", "match", bots=0, start=False)
    code = room["code"]
    for origin in (lan_server.url, f"http://localhost:{port}"):
        page = await seated(chromium, code, room["seats"][0])
        await page.goto(f"{origin}/r/{code}")
        link = page.locator(".invite .link")
        await link.wait_for()
        assert await link.inner_text() == f"{LAN}:{port}/r/{code}"
        await page.context.close()
    api_call(lan_server.url, "POST", f"/api/rooms/{code}/bots", token=room["seats"][0]["token"])
    api_call(lan_server.url, "POST", f"/api/rooms/{code}/start", token=room["seats"][0]["token"])
    tv = await (await chromium.new_context(viewport={"width": 1920, "height": 1080})).new_page()
    await tv.goto(f"{lan_server.url}/r/{code}?screen=board")
    await tv.locator("#board-aside .board-link").wait_for()
    assert await tv.locator("#board-aside .board-link").inner_text() == f"{LAN}:{port}/r/{code}"


async def test_a_crew_invite_opened_on_the_laptop_names_the_network_address(
    chromium: Any, lan_server: RunningServer
) -> None:
    port = lan_server.url.rsplit(":", 1)[1]
    crew = api_call(lan_server.url, "POST", "/api/crews", {"name": "Friday", "member": "Anna"})
    context = await chromium.new_context(**PHONE)
    held = {"member": crew["member"], "token": crew["token"], "name": "Anna", "crew": "Friday"}
    await context.add_init_script(
        f"localStorage.setItem('pitchside.crew.{crew['code']}', {json.dumps(json.dumps(held))})"
    )
    page = await context.new_page()
    await page.goto(f"{lan_server.url}/c/{crew['code']}")
    link = page.locator("#crew-invite .link")
    await link.wait_for()
    assert await link.inner_text() == f"{LAN}:{port}/c/{crew['code']}"


async def test_a_phone_at_the_machines_address_takes_a_seat_and_plays(
    chromium: Any, lan_server: RunningServer
) -> None:
    """The phone's page is not on loopback: its links are its own address, and its socket
    (Origin http://phone.test:port) is let in."""
    port = lan_server.url.rsplit(":", 1)[1]
    room = api_room(lan_server.url, "duel", "match", bots=0, start=False)
    code = room["code"]
    phone = await (await chromium.new_context(**PHONE)).new_page()
    await phone.goto(f"http://phone.test:{port}/r/{code}")
    await phone.fill("#name", "Bence")
    await phone.tap("#take-seat")
    await phone.locator("#seats .seat.you").get_by_text("Bence").wait_for()
    assert await phone.locator(".invite .link").inner_text() == f"phone.test:{port}/r/{code}"
    api_call(lan_server.url, "POST", f"/api/rooms/{code}/start", token=room["seats"][0]["token"])
    await phone.locator(".table").wait_for()


async def test_a_bukmeker_big_screen_on_the_laptop_names_the_network_address(
    chromium: Any, lan_server: RunningServer
) -> None:
    port = lan_server.url.rsplit(":", 1)[1]
    code = api_room(lan_server.url, "focifogadas", "bukmeker", bots=2)["code"]
    tv = await (await chromium.new_context(viewport={"width": 1920, "height": 1080})).new_page()
    await tv.goto(f"{lan_server.url}/r/{code}?screen=board")
    watch = tv.get_by_role("button", name="Watch")
    joining = tv.locator(".ff-head > .ff-meta")  # "Join at <link> · code <code>"
    await joining.or_(watch).first.wait_for()
    if await watch.count():
        await watch.click()
    await joining.wait_for()
    assert f"{LAN}:{port}/r/{code}" in await joining.inner_text()
