"""Offline and back on a phone (UX §1.6): a dead link shows a banner within 5 s even while
the socket looks open, the table's bar locks, and on return the phone catches up with what
happened meanwhile and says "Back, up to date"."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from tests.e2e.conftest import AppServer, api_room, seated_phone

pytestmark = pytest.mark.browser

# Plays one legal action for the seat whose token is given, on a socket of its own; returns
# the seq of the view that follows (or of the current view when that seat may not act).
ACT_ONCE = """
async ([code, token]) => {
  const ws = new WebSocket(`ws://${location.host}/ws/${code}`);
  return await new Promise((resolve, reject) => {
    let acted = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
    ws.onerror = () => reject(new Error("socket error"));
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type !== "view") return;
      if (acted || !msg.view.legal.length) {
        ws.close();
        resolve({ seq: msg.seq, acted });
        return;
      }
      acted = true;
      ws.send(JSON.stringify({ type: "act", cid: "e2e-offline", action: msg.view.legal[0] }));
    };
  });
}
"""

BANNER_WITHIN_S = 5.0


async def banner_after(page: Any, started: float, text: str) -> float:
    """Seconds from `started` until the banner shows `text` (fails after BANNER_WITHIN_S + 1)."""
    banner = page.locator("#banner")
    await banner.get_by_text(text).wait_for(timeout=(BANNER_WITHIN_S + 1) * 1000)
    return time.monotonic() - started


async def test_ten_seconds_offline_show_the_banner_lock_the_bar_and_catch_up(
    browser: Any, app_url: str, shot: Any
) -> None:
    room = api_room(app_url, "duel", "match", bots=0, humans=("Bence",))
    code = room["code"]
    phones = [await seated_phone(browser, app_url, code, seat) for seat in room["seats"]]
    for page in phones:
        await page.goto(f"{app_url}/r/{code}")
        await page.locator("#status[data-seq]").wait_for()
    # The phone that goes offline is the one that waits; the other plays while it is away.
    tokens = [seat["token"] for seat in room["seats"]]
    to_act = await phones[0].evaluate("() => document.querySelector('#status').textContent")
    offline_i = 1 if to_act.startswith("▶") else 0
    away, other = phones[offline_i], phones[1 - offline_i]

    await away.context.set_offline(True)
    started = time.monotonic()
    seen = await banner_after(away, started, "You're offline")
    assert seen < BANNER_WITHIN_S
    assert await away.locator("#bar-table.offline").count() == 1  # the bar locks
    assert await away.locator("#status").is_visible()  # a banner, never a modal
    await shot(away, "shell-offline")

    moved = await other.evaluate(ACT_ONCE, [code, tokens[1 - offline_i]])
    assert moved["acted"], "the seat that plays had nothing to do"
    stale = int(await away.locator("#status").get_attribute("data-seq") or -1)
    await away.wait_for_timeout(max(0, 10_000 - (time.monotonic() - started) * 1000))
    assert int(await away.locator("#status").get_attribute("data-seq") or -1) == stale

    await away.context.set_offline(False)
    await away.locator("#banner").get_by_text("Back, up to date").wait_for(timeout=10_000)
    caught_up = int(await away.locator("#status").get_attribute("data-seq") or -1)
    assert caught_up >= moved["seq"] > stale
    assert await away.locator("#bar-table.offline").count() == 0
    await away.locator("#banner").wait_for(state="hidden", timeout=3000)


async def test_a_silent_socket_is_noticed_within_five_seconds(
    browser: Any, own_server: AppServer
) -> None:
    """The server stops answering (frozen, its socket still open): the heartbeat notices."""
    room = api_room(own_server.url, "duel", "match")
    page = await seated_phone(browser, own_server.url, room["code"], room["seats"][0])
    await page.goto(f"{own_server.url}/r/{room['code']}")
    await page.locator("#status[data-seq]").wait_for()
    await page.wait_for_timeout(500)
    assert own_server.process is not None
    pid = own_server.process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        assert await banner_after(page, started, "Reconnecting…") < BANNER_WITHIN_S
    finally:
        os.kill(pid, signal.SIGCONT)
    await page.locator("#banner").get_by_text("Back, up to date").wait_for(timeout=15_000)
