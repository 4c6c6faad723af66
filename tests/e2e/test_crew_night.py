"""A crew night from its lobby to the next game, on 390×844 phones (issue 36): the crew room's
lobby names the crew; a visitor who is no member is not sent to a "New night" form they do not
have; after the night the standings put the members who played above the one who sat out, the
nights read in the page's language ("Meccs", not "Match"); "New game" from the result opens
the crew's own "New night", and a rematch is a crew room too. axe-core finds no serious or
critical violation on the crew lobby or the crew page.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, SHOTS, api_call, assert_in_view
from tests.e2e.test_board_tv import no_axe_problem
from tests.e2e.test_shell_a11y import axe_js  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def crew_of(url: str) -> dict[str, Any]:
    """Thursday: Anna (the admin), Bence, and Aaron, who sits this night out."""
    made = api_call(url, "POST", "/api/crews", {"name": "Thursday", "member": "Anna"})
    crew = {"code": made["code"], "tokens": {"Anna": made["token"]}}
    for name in ("Bence", "Aaron"):
        crew["tokens"][name] = api_call(
            url, "POST", f"/api/crews/{made['code']}/join", {"name": name}
        )["token"]
    return crew


async def phone(browser: Any, lang: str, held: dict[str, Any] | None = None) -> Any:
    """A phone in `lang` whose localStorage holds `held` ({key: value}, each stored as JSON):
    seat tokens and crew memberships."""
    context = await browser.new_context(**PHONE)
    context.set_default_timeout(15_000)
    script = f"localStorage.setItem('pitchside.lang', '{lang}');"
    for key, value in (held or {}).items():
        script += f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(value))});"
    await context.add_init_script(script)
    return await context.new_page()


def membership(crew: dict[str, Any], member: int, name: str) -> dict[str, Any]:
    return {"member": member, "name": name, "crew": "Thursday", "token": crew["tokens"][name]}


async def test_a_crew_night_stays_in_the_crew(
    browser: Any,
    fast_bots_url: str,
    axe_js: Path,  # noqa: F811
) -> None:
    url = fast_bots_url
    SHOTS.mkdir(parents=True, exist_ok=True)
    crew = crew_of(url)
    code = crew["code"]
    made = api_call(
        url,
        "POST",
        "/api/rooms",
        {"game": "duel", "mode": "match", "crew": code},
        token=crew["tokens"]["Anna"],
    )
    room = made["code"]
    api_call(url, "POST", f"/api/rooms/{room}/join", {}, token=crew["tokens"]["Bence"])

    # the lobby names the crew, in Hungarian, and links to its page
    anna = await phone(
        browser,
        "hu",
        {
            f"pitchside.seat.{room}": {"seat": made["seat"], "token": made["token"]},
            f"pitchside.crew.{code}": membership(crew, 0, "Anna"),
        },
    )
    await anna.goto(f"{url}/r/{room}")
    crew_link = anna.locator("#lobby-crew a")
    await crew_link.wait_for()
    assert "Thursday" in await crew_link.inner_text()
    assert await crew_link.get_attribute("href") == f"/c/{code}"
    await anna.screenshot(path=str(SHOTS / "crew-lobby-hu.png"))
    await no_axe_problem(anna, axe_js, "crew lobby")

    # the night, played by the bots
    api_call(url, "POST", f"/api/rooms/{room}/start", token=made["token"])
    for seat in (0, 1):
        api_call(
            url, "POST", f"/api/rooms/{room}/seats/{seat}/away", {"away": True}, token=made["token"]
        )
    deadline = time.monotonic() + 60
    while api_call(url, "GET", f"/api/rooms/{room}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the Duel"
        await anna.wait_for_timeout(200)

    # a visitor who is no member: no open room, and no "start a new night below" without a form
    visitor = await phone(browser, "en")
    await visitor.goto(f"{url}/c/{code}")
    await visitor.locator(".crew-title").wait_for()
    rooms = visitor.locator(".crew-slot-rooms")
    await rooms.get_by_text(re.compile("No open room")).wait_for()
    assert "below" not in await rooms.inner_text()
    assert await visitor.locator("#crew-new-night").count() == 0

    # a Hungarian member's crew page: who played above who sat out, the night's mode in Hungarian
    aaron = await phone(browser, "hu", {f"pitchside.crew.{code}": membership(crew, 2, "Aaron")})
    await aaron.goto(f"{url}/c/{code}")
    await aaron.locator(".crew-nights .crew-night").wait_for()
    rows = await aaron.locator(".crew-table tbody tr .crew-name").all_inner_texts()
    assert rows[-1] == "Aaron", rows
    nights = await aaron.locator(".crew-nights").inner_text()
    assert "Meccs" in nights and "Match" not in nights, nights
    await aaron.screenshot(path=str(SHOTS / "crew-page-hu.png"), full_page=True)
    await no_axe_problem(aaron, axe_js, "crew page")

    # "New game" from the night's result: the crew's own "New night", in view
    await anna.locator("#result").wait_for()
    await anna.locator("#new-game").tap()
    await anna.wait_for_url(re.compile(f"/c/{code}"))
    await anna.locator("#crew-new-night").wait_for()
    await assert_in_view(anna, "#crew-new h2")

    # the rematch is a crew room, each seat still its member's
    again = api_call(url, "POST", f"/api/rooms/{room}/rematch", token=made["token"])
    rematch = api_call(url, "GET", f"/api/rooms/{again['code']}", token=made["token"])
    assert rematch["crew_name"] == "Thursday"  # told to a member's seat only
    for page in (anna, visitor, aaron):
        await page.context.close()
