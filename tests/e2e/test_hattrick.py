"""Hat Trick on two phones: both 390×844 touch contexts play a whole match (two halves, the
default options; §14 has no option that shortens a match) by tapping their tables, from the
room link to the result screen (issue 6).

Each page plays its own team at the same time as the other: a card from the hand and its
confirm; on move steps, free kicks, goal kicks and scoring opportunities mostly a plain bar
button (No move, Decline, SHOOT or Hold, Draw next or Stop…), but every fourth decision a
ringed player or card and its confirm, so moves and passes go through the pitch too. Screenshots of the first
view of each kind of decision land in /tmp/shots (PITCHSIDE_SHOTS).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.e2e.test_duel import (
    Seat,
    check_result,
    check_thumb_reach,
    expect,
    host_with_options,
    page_errors,
    play_seat,
    two_phones,
)

pytestmark = pytest.mark.browser

# Marks the control this page's manager taps next (data-e2e="next") and says what it is, or
# returns null when the page has nothing to do. `turn` counts this page's taps. Order: an
# enabled confirm ("… ✓"); a ringed player or card (only choice, or every fourth tap); one of
# the plain bar buttons, taking turns (SHOOT or Hold, Draw next or Stop…).
HATTRICK_NEXT = """
(turn) => {
  const root = document.querySelector(".table-hattrick");
  if (!root || document.querySelector("#result")) return null;
  document.querySelector("[data-e2e]")?.removeAttribute("data-e2e");
  const bar = [...document.querySelectorAll("#bar button")].filter((b) => !b.disabled);
  const confirm = bar.find((b) => b.textContent.endsWith("✓"));
  const plains = bar.filter((b) => !b.textContent.endsWith("✓") && b.textContent !== "✕");
  const plain = plains[turn % Math.max(1, plains.length)];
  const pick = [...root.querySelectorAll("button.legal[aria-pressed=false]")]
    .find((b) => !b.disabled);
  let kind = null;
  let el = null;
  if (confirm) [kind, el] = ["confirm", confirm];
  else if (pick && (!plain || turn % 4 === 0)) [kind, el] = ["pick", pick];
  else if (plain) [kind, el] = ["button", plain];
  if (!el) return null;
  el.setAttribute("data-e2e", "next");
  const status = document.querySelector("#status .status-text")?.textContent || "";
  return { kind, status, sends: kind !== "pick" };
}
"""


class HattrickSeat(Seat):
    """Names each screenshot after the decision the status line asks for."""

    js = HATTRICK_NEXT

    def __init__(self) -> None:
        self.turn = 0

    def arg(self) -> int:
        return self.turn

    def name(self, what: dict[str, Any]) -> str:
        words = re.findall(r"[a-z]+", str(what["status"]).lower())[:3]
        return "-".join(words) or str(what["kind"])

    def tapped(self, what: dict[str, Any]) -> None:
        self.turn += 1

    async def look(self, page: Any, what: dict[str, Any]) -> None:
        """The shot's three cards (shooting or keeper) lie side by side, not in a column."""
        if what["kind"] == "pick" and "Shot: pick" in str(what["status"]):
            tops = await page.locator(".table-hattrick .shot .choices button").evaluate_all(
                "(cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top))"
            )
            assert len(tops) == 3 and len(set(tops)) == 1, tops


async def test_two_phones_play_a_whole_hat_trick_match_to_the_result(
    browser: Any, app_url: str, shot: Any
) -> None:
    host = await host_with_options(browser, app_url, "hattrick", {}, [], "Anna")
    pages = await two_phones(browser, host, ".table-hattrick", "Bence")
    errors = [page_errors(page) for page in pages]
    seen: set[str] = set()
    for page in pages:
        await expect(page.locator(".table-hattrick .pitch .cell")).to_have_count(24)
        await expect(page.locator(".table-hattrick .hand .hcard")).to_have_count(3)
        await check_thumb_reach(page, ".table-hattrick .hand")
    await shot(host, "hattrick-start-host")

    taps = await asyncio.gather(
        *(
            play_seat(page, HattrickSeat(), f"hattrick-{i}", shot, seen, 1500)
            for i, page in enumerate(pages)
        )
    )
    headline, score = await check_result(pages, ["Anna", "Bence"])
    for i, page in enumerate(pages):
        await shot(page, f"hattrick-result-{i}")
        table = page.locator(".table-hattrick")
        await expect(table.locator(".hscore")).to_contain_text("2nd half")
        await table.locator(".hlog summary").tap()
        await expect(table.locator(".hlog")).to_contain_text(f"Full time {score[0]}–{score[1]}")
    assert errors == [[], []]
    assert min(taps) > 50, taps
    if score[0] == score[1]:
        assert headline == "It's a draw"  # without `knockout` a level match stands
