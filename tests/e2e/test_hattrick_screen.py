"""Hat Trick's screen on a 390×844 phone in English, Hungarian and Danish (issue 36): the sticky
header's score line and phase are whole; the grid names its columns as the words do; picking a
card keeps every line of the grid and the hand in view together; and the keeper's Stop asks for
a second, deliberate step that says what stopping now gives; offline, the hand looks locked and
the bar says offline rather than "tap a card".
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, SHOTS, api_room
from tests.e2e.test_hattrick import HATTRICK_NEXT

pytestmark = pytest.mark.browser

# Each of the grid's six lines and the hand that lies outside the band between the sticky
# header and the dock: [what, top, bottom, band top, band bottom].
OUT_OF_BAND = """
() => {
  const top = document.getElementById('head').getBoundingClientRect().bottom;
  const bottom = document.getElementById('dock').getBoundingClientRect().top;
  const parts = [...document.querySelectorAll('.table-hattrick .prow:not(.pcols)')]
    .map((row, i) => [`line ${row.querySelector('.lno').textContent}`, row]);
  parts.push(['hand', document.querySelector('.table-hattrick .hand')]);
  return parts.map(([what, el]) => [what, el.getBoundingClientRect()])
    .filter(([, r]) => r.top < top - 1 || r.bottom > bottom + 1)
    .map(([what, r]) => [what, Math.round(r.top), Math.round(r.bottom), Math.round(top), Math.round(bottom)]);
}
"""

CUT_HEADER = """
() => [...document.querySelectorAll('#head-game .head-line, #head-game .head-phase')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)
"""


async def hattrick_phone(browser: Any, url: str, lang: str) -> Any:
    room = api_room(url, "hattrick", "match", bots=1)
    seat = room["seats"][0]
    context = await browser.new_context(**PHONE)
    context.set_default_timeout(15_000)
    token = json.dumps({"seat": seat["seat"], "token": seat["token"]})
    await context.add_init_script(
        f"localStorage.setItem('pitchside.lang', '{lang}');"
        f"localStorage.setItem('pitchside.seat.{room['code']}', {json.dumps(token)});"
    )
    page = await context.new_page()
    await page.goto(f"{url}/r/{room['code']}")
    return page


@pytest.mark.parametrize("lang", ["en", "hu", "da"])
async def test_the_grid_and_the_hand_stay_in_view_and_the_header_is_whole(
    browser: Any, fast_bots_url: str, lang: str
) -> None:
    page = await hattrick_phone(browser, fast_bots_url, lang)
    cards = page.locator(".table-hattrick .hand button.legal")
    await cards.first.wait_for()
    assert await page.evaluate(CUT_HEADER) == []
    letters = await page.locator(".table-hattrick .pcols .cno").all_inner_texts()
    assert letters == ["a", "b", "c", "d"]  # Blue's frame, as the words name the columns
    await cards.first.tap()
    await page.locator("#bar .btn-primary").wait_for()  # the confirm: the bar grew
    try:  # once the page has settled (the decision is brought into view at the next frames)
        await page.wait_for_function(f"() => ({OUT_OF_BAND})().length === 0", timeout=2000)
    except Exception:
        assert await page.evaluate(OUT_OF_BAND) == []
    assert await page.evaluate(CUT_HEADER) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"hattrick-card-picked-{lang}.png"))
    await page.context.close()


SENT_WATCH = """() => {
  const sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    sent.push(String(data));
    return send.call(this, data);
  };
  window.__acts = () => sent.filter((m) => JSON.parse(m).type === "act");
}"""


async def test_stop_with_few_cards_drawn_asks_again_and_says_it_scores(
    browser: Any, fast_bots_url: str
) -> None:
    """Played by tapping until this phone keeps goal against a shot (a few minutes at most)."""
    page = await hattrick_phone(browser, fast_bots_url, "en")
    await page.locator(".table-hattrick").wait_for()
    stop = page.locator("#bar").get_by_role("button", name="Stop", exact=True)
    deadline = time.monotonic() + 240
    turn = 0
    while not await stop.count():
        assert time.monotonic() < deadline, "no save to draw in four minutes of play"
        assert not await page.locator("#result").count(), "the match ended without a save draw"
        what = await page.evaluate(HATTRICK_NEXT, turn)
        if what is None:
            await page.wait_for_timeout(50)
            continue
        try:
            target = page.locator("[data-e2e=next]")
            if (await target.inner_text(timeout=2000)).strip() == "Stop":
                continue  # the save draw came up: the loop's test takes it from here
            await target.tap(timeout=2000)
            turn += 1
        except Exception:  # a new view redrew the bar under the tap: look again
            continue
    # What the phone sends from here on (the socket's own send, wrapped on its prototype):
    # a view of the room arriving meanwhile (the last tap's, say) is not a message sent.
    await page.evaluate(SENT_WATCH)
    stop_box = await stop.bounding_box()
    assert stop_box is not None
    await stop.tap()
    note = page.locator("#stop-note")
    await note.wait_for()
    assert "power" in await note.inner_text()  # what stopping now gives, in words
    confirm = page.locator("#bar .btn-primary", has_text="Stop at")
    await confirm.wait_for()
    assert await page.evaluate("() => window.__acts()") == []  # nothing was sent
    seq = await page.locator("#status").get_attribute("data-seq")
    # a second tap where Stop was does not confirm: the confirm lies elsewhere
    box = await confirm.bounding_box()
    assert box is not None
    x, y = stop_box["x"] + stop_box["width"] / 2, stop_box["y"] + stop_box["height"] / 2
    assert not (
        box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "hattrick-stop-confirm.png"))
    await confirm.tap()
    await page.wait_for_function("() => window.__acts().length === 1")  # the confirm sends
    await page.wait_for_function(
        "(seq) => document.querySelector('#status')?.dataset.seq !== seq", arg=seq
    )
    await page.context.close()


async def test_offline_the_hand_looks_locked_and_the_bar_says_so(
    browser: Any, fast_bots_url: str
) -> None:
    page = await hattrick_phone(browser, fast_bots_url, "en")
    cards = page.locator(".table-hattrick .hand button.legal")
    await cards.first.wait_for()
    await page.context.set_offline(True)
    note = page.locator("#offline-note")
    await note.wait_for(timeout=10_000)  # the heartbeat notices within a few seconds
    assert await note.inner_text() == "You're offline"
    assert "Pick a card" not in await page.locator("#bar").inner_text()
    looks = await cards.evaluate_all(
        "(cs) => cs.map((c) => [c.disabled, getComputedStyle(c).borderTopStyle])"
    )
    assert looks and all(looks_locked == [True, "dashed"] for looks_locked in looks), looks
    await page.context.set_offline(False)
    await note.wait_for(state="detached", timeout=15_000)
    assert await cards.first.is_enabled()
    await page.context.close()
