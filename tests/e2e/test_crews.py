"""Crews on phones (issue 18): a crew is started from Home, two more phones join by the
invite link, a Duel night is created from the crew page and joined with one tap, and when it
ends every crew page shows the night and the changed standings. 390×844 touch contexts.

The Duel itself is handed to the game's bot for both seats (the host marks them away) so the
test stays short; the Duel tests play it by hand."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.async_api")
expect = playwright_api.expect

CREW_PATH = re.compile(r"/c/([A-HJKMNP-Z2-9]{8})$")
ROOM_PATH = re.compile(r"/r/([A-HJKMNP-Z2-9]{6})$")


async def api(page: Any, method: str, path: str, token: str | None = None) -> Any:
    """An HTTP call from the page (same origin), with a Bearer token."""
    return await page.evaluate(
        """async ([method, path, token]) => {
            const r = await fetch(path, {method, headers: token ? {Authorization: `Bearer ${token}`} : {}});
            return {status: r.status, body: await r.json().catch(() => null)};
        }""",
        [method, path, token],
    )


LAYOUT = """() => {
    const small = [...document.querySelectorAll("main a, main button, main input, main summary")]
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([, r]) => r.width && (r.width < 44 || r.height < 44))
        .map(([el, r]) => `${el.textContent.trim()} ${Math.round(r.width)}x${Math.round(r.height)}`);
    return {scroll: document.scrollingElement.scrollWidth, width: innerWidth, small};
}"""


def standings(page: Any) -> Any:
    return page.locator(".crew-table tbody tr")


async def test_a_crew_plays_a_duel_night_and_every_phone_sees_the_table_change(
    fast_bots_url: str, browser: Any, shot: Any
) -> None:
    contexts = [await browser.new_context(base_url=fast_bots_url, **PHONE) for _ in range(3)]
    anna, bence, csaba = [await c.new_page() for c in contexts]
    try:
        # Anna starts the crew from Home.
        await anna.goto("/")
        await anna.locator(".crew-start summary").click()
        await anna.fill("#new-crew-name", "Thursday")
        await anna.fill("#new-crew-member", "Anna")
        await anna.click("#new-crew")
        await expect(anna).to_have_url(CREW_PATH)
        crew = CREW_PATH.search(anna.url).group(1)  # type: ignore[union-attr]
        await expect(anna.locator(".crew-title")).to_have_text("Thursday")
        await expect(standings(anna)).to_have_count(1)
        await expect(anna.locator(".invite img.qr")).to_have_attribute("src", f"/c/{crew}/qr.svg")

        # Bence and Csaba open the invite link and join with their names.
        for page, name in ((bence, "Bence"), (csaba, "Csaba")):
            await page.goto(f"/c/{crew}")
            await page.fill("#crew-name-input", name)
            await page.click("#crew-join")
            await expect(page.locator(".crew-head")).to_contain_text(f"you are {name}")
        await expect(standings(anna)).to_have_count(3, timeout=10_000)  # polled in
        await expect(csaba.locator(".crew-nights")).to_have_count(0)
        await shot(anna, "crew-page-new")
        # A game filter shows as chosen even while no night changes the table yet.
        await anna.click("[data-game=duel]")
        await expect(anna.locator("[data-game=duel]")).to_have_attribute("aria-pressed", "true")
        await anna.click("[data-game=all]")
        await expect(anna.locator("[data-game=all]")).to_have_attribute("aria-pressed", "true")

        # Home now lists the crew on Anna's phone.
        await anna.goto("/")
        await expect(anna.locator(".crew-mine a")).to_have_text("Thursday")
        await anna.locator(".crew-mine a").click()
        await expect(anna).to_have_url(CREW_PATH)

        # A new Duel night from the crew page; Bence joins it with one tap as himself.
        await anna.click("[data-new-game=duel]")
        await anna.click("#crew-new-night")
        await expect(anna).to_have_url(ROOM_PATH)
        room = ROOM_PATH.search(anna.url).group(1)  # type: ignore[union-attr]
        open_room = bence.locator(f'.crew-room[data-room="{room}"] button')
        await expect(open_room).to_have_text("Join as me", timeout=10_000)
        await open_room.click()
        await expect(bence).to_have_url(re.compile(f"/r/{room}$"))
        held = json.loads(await bence.evaluate(f"localStorage.getItem('pitchside.seat.{room}')"))
        info = await api(bence, "GET", f"/api/rooms/{room}", held["token"])
        # The crew by name to a member's seat, never its code (issue 37).
        assert info["body"]["crew_name"] == "Thursday" and crew not in json.dumps(info["body"])
        assert [s["name"] for s in info["body"]["seats"]] == ["Anna", "Bence"]

        # The host starts and hands both seats to the bot, which plays the Duel to the end.
        seat = json.loads(await anna.evaluate(f"localStorage.getItem('pitchside.seat.{room}')"))
        assert (await api(anna, "POST", f"/api/rooms/{room}/start", seat["token"]))["status"] == 200
        for number in (0, 1):
            away = await anna.evaluate(
                """async ([room, number, token]) => (await fetch(`/api/rooms/${room}/seats/${number}/away`, {
                    method: "POST", headers: {Authorization: `Bearer ${token}`, "Content-Type": "application/json"},
                    body: JSON.stringify({away: true})})).status""",
                [room, number, seat["token"]],
            )
            assert away == 200

        # Csaba, who sat out, sees the night and the table change on the crew page.
        night = csaba.locator(".crew-nights .crew-night")
        await expect(night).to_have_count(1, timeout=60_000)
        await expect(night).to_contain_text("Anna")
        await expect(night).to_contain_text("Bence")
        crew_now = (await api(csaba, "GET", f"/api/crews/{crew}"))["body"]
        rows = crew_now["standings"]
        assert {r["name"]: r["nights"] for r in rows} == {"Anna": 1, "Bence": 1, "Csaba": 0}
        assert sum(r["points"] for r in rows) in (2, 3)  # a draw, or one winner
        top = rows[0]["name"]
        await expect(standings(csaba).first).to_contain_text(top)
        await expect(standings(csaba).first.locator("td").nth(3)).to_have_text("1")
        await shot(csaba, "crew-page-after-a-night")
        # On the phone: nothing wider than the screen, every tap target at least 44 px.
        layout = await csaba.evaluate(LAYOUT)
        assert layout["scroll"] <= layout["width"], layout
        assert layout["small"] == [], layout
        # The full-time screen's block: the standings after this night.
        block = await csaba.evaluate(
            """async ([crew, room]) => {
                const m = await import("/static/js/crew.js");
                const el = document.createElement("div");
                await m.renderStandings(el, crew, {roomCode: room});
                return el.textContent;
            }""",
            [crew, room],
        )
        assert "Thursday" in block and top in block
        # The full-time screen finds the crew from the room's crew name and this phone's crews.
        found = await bence.evaluate(
            """async ([room]) => (await import("/static/js/crew.js")).crewOfRoom(room, "Thursday")""",
            [room],
        )
        assert found == crew
        await expect(bence.locator("#result-crew")).to_contain_text("Thursday", timeout=20_000)
    finally:
        for c in contexts:
            await c.close()
