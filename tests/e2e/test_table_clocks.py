"""One clock per turn on a table's header (issue 36, "two clocks disagree (1:36 / 1:38)"): the
status line's clock stands for every seat waited for from about the same moment; a seat's own
countdown shows in the seats row only when it is another turn's (10 s or more away)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.browser

# The shell's header module, driven with a room of three seats whose clocks are 1:36 (mine),
# 1:38 and 1:00 left: the texts of every clock it shows.
CLOCKS = """
async () => {
  const { makeHeader, updateSeats } = await import('/static/js/room/header.js');
  const room = { info: { seats: [0, 1, 2].map((seat) => ({ seat, name: ['Anna', 'Bence', 'Dóra'][seat] })) } };
  room.table = { header: makeHeader(room) };
  document.body.append(room.table.header.root);
  const view = { status: 'playing', phase: 'stake', seq: 5, you: 0, to_act: [0, 1, 2], public: { clock: { away: [] } } };
  updateSeats(room, view, { 0: 95500, 1: 97800, 2: 59200 }, 120000);
  const status = [...room.table.header.status.querySelectorAll('.clock-time')].map((c) => c.textContent);
  const seats = [...room.table.header.seats.querySelectorAll('.clock')].map((c) => [c.dataset.seat, c.textContent]);
  return { status, seats };
}
"""


async def test_one_clock_per_turn_in_the_header(browser: Any, app_url: str) -> None:
    page = await (await browser.new_context(**PHONE)).new_page()
    await page.goto(app_url)
    shown = await page.evaluate(CLOCKS)
    assert shown["status"] == ["1:36"]  # mine
    assert shown["seats"] == [["2", "1:00"]], shown  # Bence's 1:38 is the same turn's: not shown
    await page.context.close()
