"""Football Duel on two phones: every page is a 390×844 touch context and plays by tapping its
table, from Home with the short-match options to the result screen (issue 3).

Each page plays its own seat at the same time as the other: an attacker, then a slot, then the
confirm; one swap and Done in each arrangement; keepers, a dropped taker and penalties when a
level match goes to the shoot-out. Screenshots of the first view of each phase land in
/tmp/shots (PITCHSIDE_SHOTS).
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, SHOTS, assert_in_view, assert_no_clipped_labels
from tests.e2e.test_lobby import ROOM_PATH, take_seat

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.async_api")
expect = playwright_api.expect
PlaywrightTimeout = playwright_api.TimeoutError
PlaywrightError = playwright_api.Error  # TimeoutError is one too

# Marks the control this page's player taps next (data-e2e="next") and says what it is, or
# returns null when the page has nothing to do. `swap` asks for one swap before Done while
# arranging. Order: a swap; an enabled confirm ("… ✓"); one of your own highlighted cards
# (attacker, shooter, keeper, taker); a highlighted slot of the opponent's chain.
DUEL_NEXT = """
(swap) => {
  const root = document.querySelector(".table-duel");
  if (!root || document.querySelector("#result")) return null;
  document.querySelector("[data-e2e]")?.removeAttribute("data-e2e");
  const usable = (sel) => [...root.querySelectorAll(sel)].filter((b) => !b.disabled);
  const arranging = !!document.querySelector("#bar .bar-stack");
  const mine = usable(".side.mine button.dcard.legal");
  const picked = mine.find((b) => b.getAttribute("aria-pressed") === "true");
  const confirm = [...document.querySelectorAll("#bar button.btn-primary")]
    .find((b) => !b.disabled && b.textContent.endsWith("✓"));
  let kind = null;
  let el = null;
  if (arranging && swap && mine.length >= 2) {
    kind = picked ? "swap-second" : "swap-first";
    el = mine.find((b) => b !== picked);
  } else if (confirm) {
    [kind, el] = [arranging ? "done" : "confirm", confirm];
  } else if (!picked && mine.length) {
    [kind, el] = ["card", mine[0]];
  } else {
    el = usable(".side.opp button.dcard.legal[aria-pressed=false]")[0];
    kind = el ? "slot" : null;
  }
  if (!el) return null;
  el.setAttribute("data-e2e", "next");
  const sends = ["confirm", "done", "swap-second"].includes(kind) || el.classList.contains("dim");
  return { kind, sends, arranging, shootout: !!root.querySelector(".kicks") };
}
"""


def game_info(app_url: str, game_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{app_url}/api/games", timeout=5) as response:
        games = json.load(response)
    game = next((g for g in games if g["id"] == game_id), None)
    if game is None:
        pytest.fail(f"the server does not register {game_id}")
    return dict(game)


def room_info(app_url: str, url: str) -> dict[str, Any]:
    code = ROOM_PATH.search(url)
    assert code is not None, url
    with urllib.request.urlopen(f"{app_url}/api/rooms/{code.group(1)}", timeout=5) as response:
        return dict(json.load(response))


async def host_with_options(
    browser: Any, app_url: str, game_id: str, choices: dict[str, str], checks: list[str], name: str
) -> Any:
    """A host phone that went Home → game → options (a select's choice by label, checkboxes
    ticked) → name → Create; returns its page in the lobby."""
    game = game_info(app_url, game_id)
    page = await (await browser.new_context(**PHONE)).new_page()
    await page.goto(app_url)
    await page.get_by_role("button", name=re.compile(re.escape(game["name"]["en"]))).tap()
    await page.locator(".chips .chip[aria-pressed=true]").wait_for()  # Home has settled
    if choices or checks:
        await page.locator("details.options summary").tap()
        for option, label in choices.items():
            await page.locator(f"#opt-{option}").select_option(label=label)
        for option in checks:
            await page.locator(f"#opt-{option}").tap()
    await page.fill("#name", name)
    await page.tap("#create")
    await page.wait_for_url(ROOM_PATH)
    await page.locator("#seats").get_by_text(name).wait_for()
    return page


async def two_phones(browser: Any, host: Any, table: str, guest: str) -> list[Any]:
    """The guest opens the room link on a second phone and sits; the host starts."""
    phone = await take_seat(browser, host.url, guest)
    await host.locator("#seats").get_by_text(guest).wait_for()
    await host.locator("#start:not([disabled])").tap()
    for page in (host, phone):
        await page.locator(table).wait_for()
    return [host, phone]


async def stuck(page: Any, tag: str, why: str) -> None:
    """Fails the test with a screenshot of the page that stopped making progress."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{tag}-stuck.png"
    await page.screenshot(path=str(path), full_page=True)
    status = (
        await page.locator("#status").inner_text() if await page.locator("#status").count() else ""
    )
    pytest.fail(f"{why}; status {status!r}; screenshot {path}")


# Wraps a seat's `js`: "result" once the result panel shows, else what to tap next with the
# accessible name of the marked button, its index among the buttons of that name and the seq
# of the view on screen. `what.sends` says the tap sends an action (no local selection).
NEXT = """
(arg) => {
  if (document.querySelector("#result")) return "result";
  const what = (NEXT_TAP)(arg);
  const el = document.querySelector("[data-e2e=next]");
  if (!what || !el) return null;
  const name = (b) => (b.getAttribute("aria-label") || b.textContent).replace(/\\s+/g, " ").trim();
  what.name = name(el);
  what.nth = [...document.querySelectorAll("button")].filter((b) => name(b) === what.name).indexOf(el);
  what.seq = document.querySelector("#status")?.dataset.seq ?? null;
  return what;
}
"""

# After a tap: the tapped control was redrawn and, when it sent an action, a newer view (or a
# toast saying why not) arrived, so that the next look sees the decision after this one.
AFTER_TAP = """
([seq, sends]) => !document.querySelector("[data-e2e=next]") && (!sends
  || !!document.querySelector("#result, .toast")
  || document.querySelector("#status").dataset.seq !== seq)
"""


# What the shell's helpers do not check at a decision (issue 17): the decision the table handed
# to the shell (`[data-decision]`) is at most 2 screens tall, and Duel's 1⇄11 mark touches no
# value. Returns the problems found, as sentences.
PHONE_CHECK = """
() => {
  const problems = [];
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
  const chosen = document.querySelector("[data-decision]");
  const tall = chosen ? chosen.getBoundingClientRect().height : 0;
  if (tall > 2 * innerHeight) problems.push(`the decision ${name(chosen)} is ${Math.round(tall)} px tall, over 2 screens`);
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  // a drawer tab's ▴ (its ::before) sits above the label's first line, never on it
  for (const tab of document.querySelectorAll("#bar-tabs .bar-tab")) {
    const arrow = getComputedStyle(tab, "::before");
    if (arrow.content === "none" || !tab.getClientRects().length) continue;
    const bottom = tab.getBoundingClientRect().top + tab.clientTop + parseFloat(arrow.top) + parseFloat(arrow.height);
    const text = document.createRange();
    text.selectNodeContents(tab);
    const top = text.getBoundingClientRect().top;
    if (bottom > top + 0.5) problems.push(`the ▴ of "${tab.innerText.replace(/\\s+/g, " ")}" runs into its label`);
  }
  for (const badge of document.querySelectorAll(".table-duel .dcard .badge")) {
    const box = badge.getBoundingClientRect();
    for (const other of badge.parentElement.querySelectorAll(".v.tl, .v.br, .eye")) {
      if (meet(box, other.getBoundingClientRect())) problems.push(`the 1⇄11 mark runs into ${name(other)}`);
    }
  }
  return problems;
}
"""

# The result panel stands in view, its top on the screen and not covered (every phone at the
# end of a match, issue 17).
RESULT_CHECK = """
() => {
  const el = document.querySelector("#result");
  if (!el) return "no result panel";
  const r = el.getBoundingClientRect();
  if (r.top < -1 || r.top > innerHeight / 2) return `the result is out of view (top ${Math.round(r.top)})`;
  const hit = document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, 0) + 20);
  return hit && (el.contains(hit) || hit.contains(el)) ? null : `the result is covered by ${hit?.className}`;
}
"""


async def screen(page: Any, name: str) -> None:
    """A screenshot of the phone's screen as its player sees it now (no full page), in SHOTS."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}-screen.png"))


# The labelled controls of a table screen: the table, the dock (the bar and the shell's drawer
# tabs, which never scroll sideways: each shows its whole label) and the result's recap; and
# the header's seat names, each whole (not cut to an initial, nor past the row's edge).
TABLE_LABELS = ", ".join(
    [
        f"{band} {control}"
        for band in (".table", "#dock", "#result")
        for control in ("button", "summary", "select", ".chip")
    ]
    + ["#table-seats .seat-who"]
)


async def check_phone(page: Any) -> None:
    """At a decision: the status line and the decision's control are in view and uncovered,
    the decision is at most 2 screens tall, and no label is clipped. Once the result is up
    there is no decision left (check_result_in_view looks at that)."""
    if await page.locator("#result").count():
        return
    status = await page.locator("#status").inner_text()
    try:
        await assert_in_view(page, "#status")
        if await page.locator("[data-decision]").count():
            try:
                await assert_in_view(page, "[data-decision]")
            except AssertionError:
                if await page.locator("[data-decision]").count():
                    raise  # (else a newer view took the decision away meanwhile)
    except AssertionError as error:
        await screen(page, "check-phone-failed")
        raise AssertionError(f"{error} (status {status!r})") from None
    problems = await page.evaluate(PHONE_CHECK)
    assert not problems, problems
    await assert_no_clipped_labels(page, TABLE_LABELS)


async def check_result_in_view(page: Any) -> None:
    """The result is on the screen without scrolling."""
    await page.wait_for_timeout(100)  # the scroll to it runs on the next frame
    problem = await page.evaluate(RESULT_CHECK)
    assert problem is None, problem


class Seat:
    """How one page picks its next tap: `js` is `(arg) => what | null` run in the page; it marks
    the control to tap with data-e2e="next". `arg()` feeds it, `name(what)` names the tap for
    its screenshot, `tapped(what)` learns from a tap that went through."""

    js = ""

    def arg(self) -> Any:
        return None

    def name(self, what: dict[str, Any]) -> str:
        return str(what["kind"])

    def tapped(self, what: dict[str, Any]) -> None:
        pass

    async def look(self, page: Any, what: dict[str, Any]) -> None:
        """Checks what a person sees before this tap (nothing by default)."""


# True when this seat's chain shows these values, slot 1 to 6.
CHAIN_IS = """
(want) => JSON.stringify([...document.querySelectorAll(".table-duel .side.mine .chain .dcard")]
  .map((c) => c.getAttribute("aria-label").split(": ").pop())) === JSON.stringify(want)
"""


class DuelSeat(Seat):
    """One swap in each arrangement before Done; otherwise the first highlighted choice."""

    js = DUEL_NEXT

    def __init__(self) -> None:
        self.swap_due = True
        self.swapped: list[str] | None = None  # the chain's values expected after a swap

    def arg(self) -> bool:
        return self.swap_due

    def name(self, what: dict[str, Any]) -> str:
        return ("penalties-" if what["shootout"] else "") + str(what["kind"])

    def tapped(self, what: dict[str, Any]) -> None:
        if what["kind"] == "swap-second":
            self.swap_due = False
        elif what["kind"] == "done" or not what["arranging"]:
            self.swap_due = True  # for the next arrangement

    async def look(self, page: Any, what: dict[str, Any]) -> None:
        """During a shot the bar says what the status line says (issue 17: it asked for an
        attacker); a swap of two chain slots shows at once: before Done, the two values
        changed places."""
        status = await page.locator("#status .status-text").inner_text()
        if status.startswith("▶ Shot!") and what["kind"] == "card":
            bar = await page.locator("#bar button.btn-primary").last.inner_text()
            assert "against the keeper" in bar, (status, bar)
        chain = await page.locator(".table-duel .side.mine .chain .dcard").evaluate_all(
            """(cells) => cells.map((c) => ({
                 value: c.getAttribute("aria-label").split(": ").pop(),
                 picked: c.getAttribute("aria-pressed") === "true",
                 next: c.dataset.e2e === "next" }))"""
        )
        if what["kind"] == "swap-second":
            picked = [i for i, c in enumerate(chain) if c["picked"]]
            target = [i for i, c in enumerate(chain) if c["next"]]
            self.swapped = None
            if picked and target:
                values = [c["value"] for c in chain]
                i, j = picked[0], target[0]
                values[i], values[j] = values[j], values[i]
                self.swapped = values
        elif what["kind"] == "done" and self.swapped is not None:
            want, self.swapped = self.swapped, None
            try:  # the view that carries this seat's swap may still be on its way
                await page.wait_for_function(CHAIN_IS, arg=want, timeout=5_000)
            except PlaywrightTimeout:
                raise AssertionError(f"the swap did not show: {chain} instead of {want}") from None


async def play_seat(
    page: Any,
    seat: Seat,
    tag: str,
    shot: Any,
    seen: set[str],
    limit: int,
    patience_ms: int = 20_000,
) -> int:
    """Taps this page's table until the result panel shows; returns the number of taps.

    Waits on the DOM only: for something to tap (or the result), then, after a tap, for the
    tapped control to be redrawn (and, if it sent an action, for a newer view). Fails with a
    screenshot when nothing becomes tappable within `patience_ms` or after `limit` taps.
    Screenshots the first tap of each name not yet in `seen` (shared by the pages)."""
    taps = 0
    checked = None
    while True:
        try:
            handle = await page.wait_for_function(
                NEXT.replace("NEXT_TAP", seat.js), arg=seat.arg(), timeout=patience_ms
            )
        except PlaywrightTimeout:
            await stuck(page, tag, f"nothing to tap for {patience_ms} ms after {taps} taps")
        what = await handle.json_value()
        if what == "result":
            return taps
        name = seat.name(what)
        if what["seq"] != checked:  # the first look at each new view: where the decision is
            checked = what["seq"]
            await check_phone(page)
        await seat.look(page, what)
        if name not in seen:
            seen.add(name)
            await shot(page, f"{tag}-{taps:03d}-{name}")
            await screen(page, f"{tag}-{taps:03d}-{name}")
        # By role and name, so that a re-render under the finger still finds the same control.
        target = page.get_by_role("button", name=what["name"], exact=True).nth(what["nth"])
        try:
            await target.tap(timeout=600)
        except PlaywrightError:  # that decision is gone (a newer view): look again
            continue
        seat.tapped(what)
        taps += 1
        if taps > limit:
            await stuck(page, tag, f"no result after {taps} taps")
        try:
            await page.wait_for_function(
                AFTER_TAP, arg=[what["seq"], what["sends"]], timeout=patience_ms
            )
        except PlaywrightTimeout:
            await stuck(page, tag, f"tap {taps} on {what['name']!r} changed nothing")


async def check_thumb_reach(page: Any, selector: str) -> None:
    """Scrolled to the bottom, `selector` sits above the action bar, not under it, and
    nothing is wider than the phone."""
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    box = await page.locator(selector).bounding_box()
    bar = await page.locator("#bar").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] + box["height"] <= bar["y"] + 1, (selector, box, bar)


def page_errors(page: Any) -> list[str]:
    """Uncaught exceptions in the page from now on (a table that throws draws nothing)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


async def check_result(pages: list[Any], names: list[str]) -> tuple[str, list[int]]:
    """Both phones show the same result, each with its own side first, the host a Rematch
    button and the guest none; a match won on goals names the side with more goals. Returns
    the headline and the score seat 0 – seat 1."""
    heads = []
    for page in pages:
        result = page.locator("#result")
        await expect(result).to_be_visible()
        await expect(result.locator(".score")).to_have_text(re.compile(r"^\d+ – \d+$"))
        heads.append(
            (await result.locator("h1").inner_text(), await result.locator(".score").inner_text())
        )
    assert heads[0][0] == heads[1][0], heads
    # each phone reads the score from its own side, like its scoreboard: the guest's is the
    # host's turned round (seat 0 is the host)
    scores = [[int(goals) for goals in text.split(" – ")] for _, text in heads]
    assert scores[1] == scores[0][::-1], heads
    headline, score = heads[0][0], scores[0]
    if score[0] != score[1]:
        assert headline == f"{names[score.index(max(score))]} wins", heads
    else:
        assert headline in [f"{n} wins" for n in names] + ["It's a draw"], heads
    await expect(pages[0].locator("#rematch")).to_be_visible()
    assert await pages[1].locator("#rematch").count() == 0
    return headline, score


async def test_two_phones_play_a_short_duel_to_the_final_screen(
    browser: Any, app_url: str, shot: Any
) -> None:
    host = await host_with_options(
        browser,
        app_url,
        "duel",
        {"copies": "2 (22 cards, short)", "halves": "1"},
        ["shootout"],
        "Anna",
    )
    options = room_info(app_url, host.url)["options"]
    assert (options["copies"], options["halves"], options["shootout"]) == (2, 1, True)
    pages = await two_phones(browser, host, ".table-duel", "Bence")
    errors = [page_errors(page) for page in pages]
    seen: set[str] = set()
    await expect(host.locator("#status")).to_contain_text(re.compile("Pick an attacker|Bence"))
    for page in pages:
        await expect(page.locator(".table-duel .side.opp .dcard")).to_have_count(6)
        await check_thumb_reach(page, ".table-duel .side.mine .hand")
    await shot(host, "duel-start-host")

    taps = await asyncio.gather(
        *(play_seat(page, DuelSeat(), f"duel-{i}", shot, seen, 400) for i, page in enumerate(pages))
    )
    headline, score = await check_result(pages, ["Anna", "Bence"])
    for i, page in enumerate(pages):
        await check_result_in_view(page)
        await screen(page, f"duel-result-{i}")
        await shot(page, f"duel-result-{i}")
    assert errors == [[], []]
    assert min(taps) > 5, taps
    assert {"card", "slot", "confirm", "swap-first", "swap-second", "done"} <= seen, seen
    if any(name.startswith("penalties") for name in seen):  # level after the half
        assert score[0] == score[1], score
        for page in pages:
            await expect(page.locator("#result")).to_contain_text("On penalties: Anna")
    assert headline != "It's a draw"  # the shoot-out decides a level match
