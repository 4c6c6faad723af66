"""Hat Trick on two phones: both 390×844 touch contexts choose their national teams in the
lobby (each its own, the other phone sees it at once) and play a whole match (two halves;
§14 has no option that shortens a match) by tapping their tables, from the room link to the
result screen (issue 6).

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
    check_result_in_view,
    check_thumb_reach,
    expect,
    host_with_options,
    page_errors,
    play_seat,
    screen,
)
from tests.e2e.test_lobby import take_seat

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
  // the table's part of the bar (the shell's drawer tabs are not decisions)
  const bar = [...document.querySelectorAll("#bar button:not(#bar-tabs *)")].filter((b) => !b.disabled);
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
  // a button that only asks for its confirm (the keeper's Stop: data-asks) sends nothing yet
  return { kind, status, sends: kind !== "pick" && !el.hasAttribute("data-asks") };
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


async def choose_teams(browser: Any, host: Any, shot: Any) -> list[Any]:
    """Bence sits and picks Croatia for Red; Anna picks Brazil for Blue; each lobby shows both
    choices without a reload, and Bence cannot pick for Blue. Then the host starts."""
    phone = await take_seat(browser, host.url, "Bence")
    await host.locator("#seats").get_by_text("Bence").wait_for()
    assert await phone.locator("#seat-opt-team_blue").count() == 0  # not his to choose
    await phone.locator("#seat-opt-team_red").select_option(label="Croatia ★4")
    await expect(host.locator("#seat-opt-team_red")).to_have_value("Croatia ★4")
    await host.locator("#seat-opt-team_blue").select_option(label="Brazil ★6")
    blue_on_phone = phone.locator("#seats [data-option=team_blue] .seat-opt-value")
    await expect(blue_on_phone).to_have_text("Brazil ★6")
    await expect(phone.locator("#seat-opt-team_red")).to_have_value("Croatia ★4")
    await shot(host, "hattrick-lobby-host")
    await shot(phone, "hattrick-lobby-guest")
    # The team picker fits inside its seat's row, whatever its longest team name.
    overflow = await phone.evaluate(
        """() => [...document.querySelectorAll('.seat-opt select')]
          .map((s) => s.getBoundingClientRect().right - s.closest('.seat').getBoundingClientRect().right)"""
    )
    assert overflow and max(overflow) <= 0
    await host.locator("#start:not([disabled])").tap()
    for page in (host, phone):
        await page.locator(".table-hattrick").wait_for()
    return [host, phone]


async def check_hattrick_result(pages: list[Any]) -> tuple[str, list[int]]:
    """Each phone's result reads like its scoreboard: its own team first (Red's phone is turned
    round), the same sides in the same order; the headline names the side with more goals.
    Returns the headline and the score Blue–Red."""
    sides: list[list[str]] = []
    scores: list[list[int]] = []
    heads = []
    for page in pages:
        result = page.locator("#result")
        await expect(result).to_be_visible()
        await expect(result.locator(".score")).to_have_text(re.compile(r"^\d+ – \d+$"))
        board = await page.locator(".table-hattrick .hscore .tname").all_inner_texts()
        shown = await result.locator(".tname").all_inner_texts()
        assert shown == board, (shown, board)
        sides.append(shown)
        scores.append([int(g) for g in (await result.locator(".score").inner_text()).split(" – ")])
        table_goals = await page.locator(".table-hattrick .hscore .goals").inner_text()
        assert [int(g) for g in table_goals.split("–")] == scores[-1]
        heads.append(await result.locator("h1").inner_text())
    assert heads[0] == heads[1], heads
    assert sides[0][0].endswith("(Blue)") and sides[1][0].endswith("(Red)"), sides
    assert scores[1] == scores[0][::-1], scores
    score = scores[0]
    if score[0] != score[1]:
        assert heads[0] == f"{['Anna', 'Bence'][score.index(max(score))]} wins", heads
    await expect(pages[0].locator("#rematch")).to_be_visible()
    assert await pages[1].locator("#rematch").count() == 0
    return heads[0], score


async def test_two_phones_play_a_whole_hat_trick_match_to_the_result(
    browser: Any, app_url: str, shot: Any
) -> None:
    host = await host_with_options(browser, app_url, "hattrick", {}, [], "Anna")
    pages = await choose_teams(browser, host, shot)
    errors = [page_errors(page) for page in pages]
    seen: set[str] = set()
    teams = ["Brazil ★6", "Croatia ★4"]
    for page, ours, theirs in zip(pages, teams, teams[::-1], strict=True):
        await expect(page.locator(".table-hattrick .pitch .cell")).to_have_count(24)
        await expect(page.locator(".table-hattrick .hand .hcard")).to_have_count(3)
        # the scoreboard names both national teams, your own on your (left) side
        await expect(page.locator(".table-hattrick .hscore .nat")).to_have_text([ours, theirs])
        await expect(page.locator(".table-hattrick .pitch .cell.star").first).to_be_visible()
        await check_thumb_reach(page, ".table-hattrick .hand")
    await shot(host, "hattrick-start-host")

    taps = await asyncio.gather(
        *(
            play_seat(page, HattrickSeat(), f"hattrick-{i}", shot, seen, 1500)
            for i, page in enumerate(pages)
        )
    )
    headline, score = await check_hattrick_result(pages)
    for i, page in enumerate(pages):
        await check_result_in_view(page)
        await screen(page, f"hattrick-result-{i}")
        await shot(page, f"hattrick-result-{i}")
        table = page.locator(".table-hattrick")
        await expect(table.locator(".hscore")).to_contain_text("2nd half")
        aside = page.locator("#see-table")  # the full-time takeover is put aside first
        if await aside.count():
            await aside.tap()
        log = table.locator(".hlog")
        await log.locator("summary").tap()
        await expect(log).to_contain_text(f"Full time {score[0]}–{score[1]}")
    assert errors == [[], []]
    assert min(taps) > 50, taps
    if score[0] == score[1]:
        assert headline == "It's a draw"  # without `knockout` a level match stands
