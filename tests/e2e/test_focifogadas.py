"""Focifogadás at the table, on phones: every page is a 390×844 touch context and plays by
tapping what its table offers (the first choice each time), from the room link to the result.

(a) four people play Drukker to the payout; (b) four people play a Bukméker night to the
settlement; (c) a live night whose scorer enters 2:1 with a disallowed goal and confirms full
time. Screenshots of each phase land in /tmp/shots (PITCHSIDE_SHOTS).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, assert_no_clipped_labels
from tests.e2e.test_duel import check_phone, check_result_in_view, expect, screen
from tests.e2e.test_lobby import ROOM_PATH, take_seat

pytestmark = pytest.mark.browser

TABLE = ".table-focifogadas"

# Finds what this page's player taps next, scrolls it to the middle of the screen and returns
# where it is and what it is, or null when the page has nothing to do. Order: an enabled confirm
# in the bar (for stakes the largest); a card, offer, pile or disc not yet selected; any other
# bar button; a button on the table.
NEXT_TAP = """
() => {
  const root = document.querySelector(".table-focifogadas");
  if (!root || document.querySelector("#result")) return null;
  const ok = (el) => el && !el.disabled;
  const confirms = [...document.querySelectorAll("#bar button.ff-btn.primary")].filter(ok);
  if (root.dataset.phase === "stakes") confirms.reverse(); // the most markers: fewer turns
  const choices = [
    ["confirm", confirms[0]],
    ["card", [...root.querySelectorAll("button.ff-card[aria-pressed=false], button.ff-offer[aria-pressed=false], button.ff-pile[aria-pressed=false], button.ff-disc[aria-pressed=false]")].find(ok)],
    ["button", [...document.querySelectorAll("#bar button.ff-btn")].find(ok)],
    ["button", [...root.querySelectorAll("button.ff-btn")].find(ok)],
  ];
  for (const [kind, el] of choices) {
    if (el) {
      el.scrollIntoView({ block: "center" });
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      return { kind, x, y, seq: root.dataset.seq, phase: root.dataset.phase, sure: el.hasAttribute("data-sure") };
    }
  }
  return null;
}
"""


# Records the text of every element added to the page (a goal flash fades out after 1.5 s).
WATCH_BANNERS = """
() => {
  window.banners = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.nodeType === 1) window.banners.push(node.textContent);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
"""


def games(app_url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{app_url}/api/games", timeout=5) as response:
        return list(json.load(response))


async def phone(browser: Any) -> Any:
    context = await browser.new_context(**PHONE)
    context.set_default_timeout(15_000)
    return await context.new_page()


async def host_room(browser: Any, app_url: str, mode: str, name: str) -> Any:
    """A host phone that went Home → Focifogadás → mode → name → Create."""
    game = next((g for g in games(app_url) if g["id"] == "focifogadas"), None)
    if game is None:
        pytest.fail("the server does not register focifogadas")
    modes = [m["id"] for m in game["modes"]]
    page = await phone(browser)
    await page.goto(app_url)
    await page.get_by_role("button", name=re.compile(game["name"]["en"])).tap()
    await page.locator(".chips .chip").nth(modes.index(mode)).tap()
    await page.fill("#name", name)
    await page.tap("#create")
    await page.wait_for_url(ROOM_PATH)
    await page.locator("#seats").get_by_text(name).wait_for()
    return page


async def table_of(
    browser: Any, app_url: str, mode: str, names: list[str], langs: tuple[str, ...] = ()
) -> list[Any]:
    """The host and the others, seated from the room link; the host starts. `langs` are the
    languages the guests picked on their phones (English for the rest)."""
    host = await host_room(browser, app_url, mode, names[0])
    pages = [host]
    for i, name in enumerate(names[1:]):
        page = await take_seat(browser, host.url, name)
        if i < len(langs) and langs[i] != "en":
            await page.evaluate("(lang) => localStorage.setItem('pitchside.lang', lang)", langs[i])
            await page.reload()
            await page.locator("#seats .seat.you").get_by_text(name).wait_for()
        pages.append(page)
    await host.locator("#seats").get_by_text(names[-1]).wait_for()
    await host.locator("#start:not([disabled])").tap()
    for page in pages:
        await page.locator(TABLE).wait_for()
    return pages


# The seq of the table on screen, or null once the result is up (nothing to decide then).
SEQ = """() => document.querySelector('#result') ? null
  : document.querySelector('.table-focifogadas')?.dataset.seq ?? null"""


async def tap_once(page: Any, before: Any = None, checked: Any = None) -> dict[str, Any] | None:
    """One tap of what this page offers (`before(what)` runs just ahead of it); after a tap that
    sends, waits for the next view. The first look at each new view (`checked` holds the seq
    last looked at) checks, before anything is scrolled, that the decision and the status line
    are in view and that no label is clipped."""
    if checked is not None:
        seq = await page.evaluate(SEQ)
        if seq is not None and checked.get(page) != seq:
            checked[page] = seq
            await check_phone(page)
    what: dict[str, Any] | None = await page.evaluate(NEXT_TAP)
    if what is None:
        return None
    if before is not None:
        await before(what)
    await page.touchscreen.tap(what["x"], what["y"])
    if what.get("sure"):  # what spends or settles asks on a sheet, armed after 600 ms
        ok = page.locator("dialog.ff-sure[open] .ff-sure-ok:not([disabled])")
        await ok.wait_for()
        await ok.tap()
    if what["kind"] != "card":
        await page.wait_for_function(
            "(seq) => document.querySelector('#result') ||"
            " document.querySelector('.table-focifogadas')?.dataset.seq !== seq"
            " || document.querySelector('.toast')",
            arg=what["seq"],
            timeout=20_000,
        )
    return what


async def play_until(pages: list[Any], done: Any, limit: int, shot: Any, tag: str) -> int:
    """Round-robin taps on every page until `done()`; screenshots the first tap of each phase."""
    seen: set[str] = set()
    checked: dict[Any, Any] = {}
    taps = 0
    idle_since = time.monotonic()
    while not await done():
        progressed = False
        for page in pages:

            async def picture(what: dict[str, Any], page: Any = page) -> None:
                if what["phase"] not in seen:  # each phase once, as the tapping phone sees it
                    seen.add(what["phase"])
                    await shot(page, f"foci-{tag}-{what['phase']}")
                    await screen(page, f"foci-{tag}-{what['phase']}")
                    await check_phone_layout(page)

            what = await tap_once(page, picture, checked)
            while what is not None:  # a selection is confirmed at once, on the same phone
                progressed = True
                taps += 1
                if what["kind"] != "card":
                    break
                what = await tap_once(page, picture, checked)
        assert taps < limit, f"no result after {taps} taps"
        if progressed:
            idle_since = time.monotonic()
        else:
            if time.monotonic() - idle_since > 30:
                for i, stuck in enumerate(pages):
                    await shot(stuck, f"foci-{tag}-stuck-{i}")
                pytest.fail(f"{tag}: no page has anything to tap after {taps} taps")
            await pages[0].wait_for_timeout(50)  # everyone waits for the server's next view
    return taps


async def check_phone_layout(page: Any) -> None:
    """Fits 390 px with no sideways scroll, and every enabled control is a 44 px tap target."""
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    small = await page.evaluate(
        """() => [...document.querySelectorAll('.table-focifogadas button, #bar button')]
          .filter((b) => b.offsetParent && !b.disabled)
          .map((b) => b.getBoundingClientRect())
          .filter((r) => r.width < 44 || r.height < 44).length"""
    )
    assert small == 0


async def finished(pages: list[Any]) -> bool:
    for page in pages:
        if not await page.locator("#result").count():
            return False
    return True


async def test_four_phones_play_drukker_to_the_payout(
    browser: Any, app_url: str, shot: Any
) -> None:
    names = ["Anna", "Bence", "Dóra", "Zoli"]
    pages = await table_of(browser, app_url, "drukker", names, ("en", "en", "hu"))
    await pages[0].get_by_text("Keep 4 of 8").wait_for()
    await check_phone_layout(pages[0])

    async def done() -> bool:
        return await finished(pages)

    await play_until(pages, done, 600, shot, "drukker")
    for i, page in enumerate(pages):
        await check_result_in_view(page)
        await screen(page, f"foci-drukker-result-{i}")
    for page in pages:  # every friend's money, on every phone
        for name in names:
            await page.locator("#result").get_by_text(name, exact=True).first.wait_for()
    for page in pages[:3]:
        await page.get_by_role("heading", name="Bets revealed").wait_for()
    zoli = pages[3]  # a Hungarian phone: the table's words and the cards' names in Hungarian
    await zoli.locator("#result").get_by_text(re.compile("^Fogadásaim: ")).wait_for()
    await zoli.get_by_role("heading", name="Felfedett fogadások").wait_for()
    await shot(zoli, "foci-drukker-result-hu")
    await shot(pages[1], "foci-drukker-result")
    # the log lives in "The board" drawer, one tap from the bar once the result is put aside
    await pages[0].locator("#see-table").tap()
    await pages[0].locator("#bar-tabs [data-drawer=board]").tap()
    await expect(pages[0].locator("#drawer .ff-log")).to_contain_text("Full time")


async def test_a_bukmeker_night_from_the_room_link_to_the_settlement(
    browser: Any, app_url: str, shot: Any
) -> None:
    # Bence's phone is in Hungarian, Dóra's in Danish: the most drawer tabs, each label whole
    # in every language (check_phone at each decision looks at the dock's tabs too)
    langs = ("hu", "da")
    pages = await table_of(browser, app_url, "bukmeker", ["Anna", "Bence", "Dóra", "Zoli"], langs)
    tv_context = await browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB")
    tv = await tv_context.new_page()
    await tv.goto(f"{pages[0].url}?screen=board")
    watch = tv.get_by_role("button", name="Watch")  # the big screen may watch at once
    await tv.locator(f"{TABLE}.ff-big").or_(watch).first.wait_for()
    if await watch.count():
        await watch.click()
    await tv.locator(f"{TABLE}.ff-big").get_by_text("No offers yet").wait_for()

    async def in_the_match() -> bool:
        return bool(await pages[0].locator(f"{TABLE}[data-phase=match]").count() > 0)

    await play_until(pages, in_the_match, 900, shot, "bukmeker")
    board = tv.locator(f"{TABLE}.ff-big")
    await expect(board.locator("tr")).to_have_count(12)  # 3 offers from each of 4 bookmakers
    await board.get_by_text("If it ended now").wait_for()
    await board.locator(".ff-pitch").wait_for()
    assert await tv.locator(".ff-card").count() == 0  # no hand or private card on the TV
    await shot(tv, "foci-bukmeker-board")

    async def done() -> bool:
        return await finished(pages)

    await play_until(pages, done, 900, shot, "bukmeker")
    for page in pages:
        settled = re.compile("^(Settlement|Elszámolás|Afregning)")
        await page.locator("#result").get_by_text(settled).first.wait_for()
        await check_result_in_view(page)
        await screen(page, f"foci-bukmeker-result-{pages.index(page)}")
    # the whole result fits the screen: the walk-through is one tap away in it
    walk = pages[0].locator("#result .ff-walk summary")
    if await walk.count():
        await walk.tap()
    steps = pages[0].locator("#result").get_by_text(re.compile(r"Step 1 of \d|No winning stakes"))
    await steps.wait_for()
    await shot(pages[0], "foci-bukmeker-settlement")
    await board.get_by_text(re.compile("^Settlement")).wait_for()  # the TV walks it by itself
    await shot(tv, "foci-bukmeker-board-settlement")
    await shot(pages[0], "foci-bukmeker-result")
    # The result put aside: the most drawer tabs of all (the result's own too), each whole on a
    # Hungarian and a Danish phone.
    for page in pages[1:3]:
        await page.locator("#see-table").tap()
        await page.locator("#show-result").wait_for()
        assert await page.locator("#bar-tabs button").count() >= 3
        await assert_no_clipped_labels(page, "#dock button")
        await screen(page, f"foci-bukmeker-tabs-{langs[pages.index(page) - 1]}")


def pad_button(page: Any, label: str) -> Any:
    """The scorer's pad button whose name starts with `label`: in the bar's row, else in the
    "⋯ More" sheet (cards, half and full time, the lasting Undo), which the tap on "⋯" opens
    (its buttons take taps once it is armed)."""
    return page.get_by_role("button", name=re.compile("^" + re.escape(label)))


async def open_more(page: Any, label: str) -> None:
    """Opens the pad's "⋯ More" sheet if no button `label` is shown (in the bar's row, a
    toast)."""
    if await pad_button(page, label).count():
        return
    await page.locator("#bar .ff-more-btn").tap()
    await page.locator("dialog.ff-more[open][data-armed]").wait_for()


async def scorer_taps(page: Any, label: str) -> None:
    """The scorer taps a pad button and waits for the view it causes; the pad is in view and
    uncovered before the tap and after it (a goal's flash never covers it)."""
    await check_phone(page)
    seq = await page.locator(TABLE).get_attribute("data-seq")
    await open_more(page, label)
    await pad_button(page, label).tap()
    await page.wait_for_function(
        "(seq) => document.querySelector('.table-focifogadas').dataset.seq !== seq", arg=seq
    )
    await check_phone(page)


async def test_a_live_night_with_a_disallowed_goal_and_confirmed_full_time(
    browser: Any, app_url: str, shot: Any
) -> None:
    pages = await table_of(browser, app_url, "live", ["Anna", "Bence", "Dóra"], ("da",))
    scorer, watcher, dora = pages

    async def betting_done() -> bool:
        return bool(await scorer.get_by_role("button", name="Kick-off", exact=True).count() > 0)

    await play_until(pages, betting_done, 400, shot, "live")
    await scorer_taps(scorer, "Kick-off")
    await watcher.evaluate(WATCH_BANNERS)
    await scorer_taps(scorer, "GOAL Home")
    # the goal flash, with what it did to the watcher's money (issue 36 §3)
    await watcher.wait_for_function(
        "window.banners.some((b) => b.startsWith('MÅÅÅL!') && b.includes('Dig: '))"
    )
    # Each entry gets a 5 s toast above the bar (docs/UX.md §3.4), never over the pad; its Undo
    # takes the entry back.
    await scorer.locator(".toast", has_text="GOAL Home ✓").wait_for()
    await check_phone(scorer)  # the pad in view and covered by no toast
    await shot(scorer, "foci-live-pad")
    await screen(scorer, "foci-live-pad")
    await scorer_taps(scorer, "Undo")  # the toast's button (the pad's reads "↶ Undo …")
    await watcher.locator(f"{TABLE} .ff-last").get_by_text("Mål til Hjemme annulleret").wait_for()
    await shot(watcher, "foci-live-disallowed")
    # A corner entered by mistake is taken back with the pad's lasting Undo, which names it;
    # the corner's toast goes with it.
    await scorer_taps(scorer, "Corner")
    await scorer.locator(".toast", has_text="Corner ✓").wait_for()
    await scorer_taps(scorer, "↶ Undo Corner")
    await scorer.get_by_role("button", name="Corner 0").wait_for()
    await expect(scorer.locator(".toast", has_text="Corner ✓")).to_have_count(0)
    for label in ("GOAL Home", "Corner", "Half time"):
        await scorer_taps(scorer, label)
    # Anna hands the role to Dóra: Dóra's phone says so and has the pad in view, but no Undo
    # until she has made an entry of her own (Anna's half time is not hers to take back).
    await dora.evaluate(WATCH_BANNERS)
    await scorer.locator(f"{TABLE} .ff-handover summary").tap()
    await scorer_taps(scorer, "Hand scorer role to Dóra")
    await dora.get_by_role("button", name="GOAL Away").wait_for()
    await dora.wait_for_function("window.banners.includes('Anna handed you the scorer role')")
    undo = dora.get_by_role("button", name=re.compile("^↶ Undo"), include_hidden=True)
    assert await undo.count() == 0
    assert await scorer.get_by_role("button", name="GOAL Away").count() == 0  # not Anna's now
    await shot(dora, "foci-live-new-scorer")
    await screen(dora, "foci-live-new-scorer")
    await scorer_taps(dora, "GOAL Away")
    await dora.get_by_role("button", name="↶ Undo GOAL Away", include_hidden=True).wait_for(
        state="attached"
    )
    # Offline the pad stays usable: the entry waits with its cid and goes in on return.
    await dora.context.set_offline(True)
    await dora.locator("#banner").get_by_text("You're offline").wait_for(timeout=8000)
    corner = dora.get_by_role("button", name=re.compile("^Corner"))
    await expect(corner).to_be_enabled()
    await corner.tap()
    await dora.context.set_offline(False)
    await dora.get_by_role("button", name="Corner 2").wait_for(timeout=15_000)
    await watcher.get_by_text(re.compile("⚑ 2")).first.wait_for()
    await scorer_taps(dora, "GOAL Home")
    # Full time asks on a sheet at the top, whose confirm arms after 600 ms (issue 36 §4).
    await open_more(dora, "Full time")
    await dora.get_by_role("button", name="Full time").tap()
    await dora.get_by_text("This settles every bet").wait_for()
    await check_phone_layout(dora)
    await shot(dora, "foci-live-confirm")
    assert await dora.locator("#result").count() == 0  # full time waits for the confirmation
    await dora.locator("dialog.ff-sure[open] .ff-sure-ok:not([disabled])").tap()
    for page in pages:
        result = page.locator("#result")
        await result.get_by_text("2 – 1").wait_for()
        await result.get_by_text(re.compile("^(Settlement|Afregning)")).first.wait_for()
        await check_result_in_view(page)
        await screen(page, f"foci-live-result-{pages.index(page)}")
    await shot(watcher, "foci-live-result")


def test_the_helper_sheet_lists_the_decks_the_engine_plays_with() -> None:
    """The Bukméker helper sheet's deck list (static, fetched by the page) is the engine's own
    action-card data, card for card: a change to the decks cannot leave the sheet behind."""
    root = Path(__file__).resolve().parents[2]
    engine = json.loads((root / "app/games/focifogadas/data/action_cards.json").read_text())
    sheet = json.loads((root / "static/js/games/focifogadas/helper.json").read_text())
    keys = ("kind", "colour", "count", "name")
    assert sheet["decks"] == {
        code: [{k: card[k] for k in keys} for card in deck]
        for code, deck in engine["decks"].items()
    }
    assert sum(card["count"] for deck in sheet["decks"].values() for card in deck) == 80
