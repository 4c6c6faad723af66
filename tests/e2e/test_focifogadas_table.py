"""Focifogadás at the table on a 390×844 phone (issue 36): no slip of a thumb settles or spends
anything (a double tap on a disc, a stake or live full time leaves the room as it was), the
money story is in the sticky header at every moment of the match, and every figure is whole
(never cut, never broken) in en, hu and da.

The betting is played through the protocol (tests/support/client.py) for every seat, so the
phones only watch, or act where the test says; bots fill the other seats. Screenshots of each
moment land in /tmp/shots (PITCHSIDE_SHOTS).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, SHOTS, api_call, api_room, assert_in_view, seated_phone
from tests.e2e.test_focifogadas import WATCH_BANNERS, games
from tests.e2e.test_shell_a11y import axe_js, violations  # noqa: F401  (axe_js is a fixture)
from tests.support.client import Socket

pytestmark = pytest.mark.browser

TABLE = ".table-focifogadas"
Pred = Callable[[dict[str, Any]], bool]

# Every visible figure (.fig, data-fig = the view's number) as the phone shows it: its text,
# the number it reads as in the page's language, and whether any of it is cut (wider than its
# box, past the screen or past an ancestor that clips) or broken over two lines.
FIGURES = """
() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('.fig')) {
    if (!el.getClientRects().length) continue;
    const d = el.closest('dialog');
    if (d && !d.open) continue;
    const r = el.getBoundingClientRect();
    const problems = [];
    if (el.getClientRects().length > 1) problems.push('broken over lines');
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
      problems.push('wider than its box');
    if (r.right > vw + 1 || r.left < -1) problems.push('off the screen');
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = a.getBoundingClientRect();
      if (r.left < q.left - 1 || r.right > q.right + 1 || r.bottom > q.bottom + 1) {
        problems.push('cut by ' + (a.id ? '#' + a.id : a.className || a.tagName));
        break;
      }
    }
    out.push({ text: el.textContent, value: el.dataset.fig, problems });
  }
  return out;
}
"""


# From now on, at each render of the table with offers to tap (a stake turn): its seq, how
# many offers, how many of them show an odds line; in window.offerOdds.
WATCH_OFFER_ODDS = """
() => {
  window.offerOdds = [];
  const table = document.querySelector('.table-focifogadas');
  new MutationObserver(() => {
    const offers = table.querySelectorAll('button.ff-offer');
    if (!offers.length) return;
    const odds = [...offers].filter((o) => o.querySelector('.ff-odds')).length;
    window.offerOdds.push({ seq: table.dataset.seq, offers: offers.length, odds });
  }).observe(table, { childList: true, subtree: true });
}
"""


# From now on, each banner (the shell's flash) as it is shown: its first line, what of the
# table (its text, its controls) it lies over, and whether it lies over the decision, in
# window.bannerCovers.
WATCH_COVERS = """
() => {
  window.bannerCovers = [];
  // measured once placed for good: the shell places it again two frames after the render
  const later = (f) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(f)));
  new MutationObserver(() => later(() => {
    const flash = document.querySelector('#flashes .flash');
    if (!flash) return;
    const f = flash.getBoundingClientRect();
    const over = [];
    for (const el of document.querySelectorAll('.table-focifogadas *')) {
      if (el.children.length || !el.textContent.trim()) continue;
      const r = el.getBoundingClientRect();
      if (el.checkVisibility && !el.checkVisibility()) continue;
      if (r.height && r.top < f.bottom && r.bottom > f.top && r.left < f.right && r.right > f.left)
        over.push(el.textContent.trim());
    }
    const d = document.querySelector('[data-shell-decision]')?.getBoundingClientRect();
    const decision = Boolean(d && d.height && d.top < f.bottom && d.bottom > f.top);
    window.bannerCovers.push({ head: flash.innerText.split('\\n')[0], over, decision });
  })).observe(document.getElementById('flashes'), { childList: true });
}
"""


def read_number(text: str, decimal: str) -> float | None:
    """The number a figure shows ("×142,9", "4 000 P", "▼1.200 P", "≈9%") in a language whose
    decimal mark is `decimal` (every other mark groups thousands)."""
    body = "".join(ch if ch.isdigit() else "." if ch == decimal else "" for ch in text)
    return float(body) if any(ch.isdigit() for ch in body) else None


async def figures_whole(page: Any, where: str) -> int:
    """Every figure on screen is whole and reads as the view's number; returns how many."""
    figs = await page.evaluate(FIGURES)
    lang = await page.evaluate("document.documentElement.lang")
    decimal = "." if lang.startswith("en") else ","
    bad = []
    for f in figs:
        if f["problems"]:
            bad.append(f"{f['text']!r}: {', '.join(f['problems'])}")
            continue
        shown = read_number(f["text"], decimal)
        want = abs(float(f["value"]))
        slack = 1e-6  # money and discs: exact; a chance to the percent, a fair odds to 0.1
        if "%" in f["text"]:
            want, slack = want * 100, 0.5 + 1e-6
        elif "×" in f["text"]:
            slack = 0.05 + 1e-6
        if shown is None or abs(shown - want) > slack:
            bad.append(f"{f['text']!r} shows {shown}, the view says {f['value']}")
    assert not bad, f"{where}: figures not whole:\n" + "\n".join(bad)
    return len(figs)


async def pump(sock: Socket, wait: float = 0.05) -> None:
    """Reads what the server sent so far (the newest view is kept)."""
    with contextlib.suppress(asyncio.TimeoutError):
        while True:
            await sock.next(wait)


def choose(view: dict[str, Any]) -> dict[str, Any] | None:
    """What a driven seat does: the biggest stake, else the first scouting, pick, disc or play."""
    legal = view.get("legal") or []
    stakes = [a for a in legal if a["type"] == "stake"]
    if stakes:
        return max(stakes, key=lambda a: a["n"])
    return next((a for a in legal if a["type"] in ("peek", "pick", "disc", "play")), None)


async def drive(
    socks: list[Socket], until: Pred, hold: Pred | None = None, limit: float = 90
) -> dict[str, Any]:
    """Every socket acts (choose()) until `until(view)` holds for the first socket's view; a
    seat whose view `hold` matches waits (a phone acts there)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while True:
        for sock in socks:
            await pump(sock)
        ref = socks[0].latest_view
        if ref is not None and until(ref):
            return {**ref, "seq": socks[0].seq}
        assert loop.time() < deadline, f"drive: stuck at {ref and ref.get('phase')}"
        for sock in socks:
            v = sock.latest_view
            if v is None or until(v) or (hold is not None and hold(v)):
                continue
            action = choose(v)
            if action is not None:
                await sock.act(action)


async def sockets(app_url: str, room: dict[str, Any]) -> list[Socket]:
    ws = app_url.replace("http", "ws", 1)
    socks = [await Socket.open(ws, room["code"], s["token"]) for s in room["seats"]]
    for sock in socks:
        await sock.expect("view")
    return socks


async def phone(browser: Any, url: str, room: dict[str, Any], seat: int, lang: str) -> Any:
    page = await seated_phone(browser, url, room["code"], room["seats"][seat])
    page.on("pageerror", lambda e: print("page error:", e))
    page.on("console", lambda m: m.type == "error" and print("console:", m.text))
    await page.context.add_init_script(f"localStorage.setItem('pitchside.lang', '{lang}')")
    await page.goto(f"{url}/r/{room['code']}")
    await page.locator(TABLE).wait_for()
    return page


async def seq_of(page: Any) -> str | None:
    return await page.locator(TABLE).get_attribute("data-seq")


async def double_tap(page: Any, selector: str) -> None:
    """Two taps on the same spot, as a thumb's double tap (the second 250 ms after the first,
    a person's pace; also once at once)."""
    box = await page.locator(selector).first.bounding_box()
    assert box is not None, f"no {selector}"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    await page.touchscreen.tap(x, y)
    await page.touchscreen.tap(x, y)
    await page.wait_for_timeout(250)  # the pace of a double tap, not a wait for the app
    await page.touchscreen.tap(x, y)


async def dock_fits(page: Any, what: str) -> int:
    """The dock (drawer tabs and the bar: a stake, a disc, the live scorer's pad) keeps the
    table's screen: the tabs one row, the whole dock at most 140 px of the 844 (issue 36 §6).
    Returns its height."""
    dock = await page.evaluate("document.getElementById('dock').offsetHeight")
    tabs = await page.evaluate("document.getElementById('bar-tabs')?.offsetHeight ?? 0")
    assert tabs <= 50, f"{what}: the drawer tabs take {tabs} px (more than one row)"
    assert dock <= 140, f"{what}: the dock takes {dock} px of 844"
    return int(dock)


async def slip_changes_nothing(page: Any, selector: str, sock: Socket, what: str) -> None:
    """A double tap on `selector` sends nothing: the room's seq is the same on the phone and
    at the server, and the confirm sheet is open at the top, away from the thumb. The dock
    takes at most 140 px of the 844."""
    before = await seq_of(page)
    await dock_fits(page, what)
    await pump(sock)
    server_before = sock.seq
    tapped = await page.locator(selector).first.bounding_box()
    await double_tap(page, selector)
    sheet = page.locator("dialog.ff-sure[open]")
    try:
        await sheet.wait_for(timeout=5000)
    except Exception:
        await page.screenshot(path="/tmp/table/fail.png")
        raise
    await pump(sock, 0.3)
    assert sock.seq == server_before, (
        f"{what}: a double tap changed the room ({server_before} → {sock.seq})"
    )
    assert await seq_of(page) == before
    box = await sheet.bounding_box()
    assert box is not None and tapped is not None
    assert box["y"] + box["height"] < tapped["y"], f"{what}: the sheet lies under the thumb"


async def confirm_sheet(page: Any) -> None:
    ok = page.locator("dialog.ff-sure[open] .ff-sure-ok:not([disabled])")
    await ok.wait_for()
    before = await seq_of(page)
    await ok.tap()
    await page.wait_for_function(
        "(seq) => document.querySelector('#result') ||"
        " document.querySelector('.table-focifogadas')?.dataset.seq !== seq",
        arg=before,
    )


async def night(url: str, mode: str) -> tuple[dict[str, Any], list[Socket]]:
    """Anna, Bence and Dóra (and a bot in Bukméker) at a started table, each on a socket."""
    bots = 1 if mode == "bukmeker" else 0
    room = api_room(url, "focifogadas", mode, bots=bots, humans=("Bence", "Dóra"))
    return room, await sockets(url, room)


async def three_phones(browser: Any, url: str, room: dict[str, Any]) -> dict[str, Any]:
    """Anna's phone in English, Bence's in Hungarian, Dóra's in Danish."""
    langs = ("en", "hu", "da")
    return {lang: await phone(browser, url, room, seat, lang) for seat, lang in enumerate(langs)}


async def axe_clean(pages: list[Any], script: Path) -> None:
    for page in pages:
        found = await violations(page, script)
        assert not found, found


@dataclass
class Kit:
    """What every test here uses: the browser, a server with quick bots, shots and axe."""

    browser: Any
    url: str
    shot: Any
    axe: Path


@pytest.fixture
def kit(browser: Any, fast_bots_url: str, shot: Any, axe_js: Path) -> Kit:  # noqa: F811
    return Kit(browser, fast_bots_url, shot, axe_js)


def my_turn(seat: int, kind: str) -> Pred:
    return lambda v: v.get("you") == seat and any(a["type"] == kind for a in v.get("legal") or [])


async def test_a_double_tap_on_a_disc_or_a_stake_spends_nothing(kit: Kit) -> None:
    browser, url, shot, axe = kit.browser, kit.url, kit.shot, kit.axe
    room, socks = await night(url, "bukmeker")
    anna = await phone(browser, url, room, 0, "hu")
    # The draft in Hungarian: every odds figure on the cards whole ("×142,9", never "×14").
    await drive(socks, my_turn(0, "pick"), hold=my_turn(0, "pick"))
    await anna.locator(f"{TABLE} .ff-card .ff-odds .fig").first.wait_for()
    assert await figures_whole(anna, "draft-hu") >= 8
    await shot(anna, "foci-table-draft-hu")
    # Anna's disc: the driven seats go on until the view asks her for one.
    await drive(socks, my_turn(0, "disc"), hold=my_turn(0, "disc"))
    await anna.locator(f"{TABLE} button.ff-disc:not([disabled])").first.tap()
    await slip_changes_nothing(anna, "#bar button[data-sure]", socks[0], "disc")
    await shot(anna, "foci-table-disc-sheet-hu")
    await confirm_sheet(anna)
    # Anna's stake: a card, then the stake button: a double tap on it stakes nothing.
    await drive(socks, my_turn(0, "stake"), hold=my_turn(0, "stake"))
    await anna.locator(f"{TABLE} button.ff-offer").first.tap()
    await slip_changes_nothing(anna, "#bar button[data-sure]", socks[0], "stake")
    await shot(anna, "foci-table-stake-sheet-hu")
    await axe_clean([anna], axe)
    await anna.evaluate(WATCH_OFFER_ODDS)
    await confirm_sheet(anna)
    await pump(socks[0], 0.3)
    assert any(o["stakes"][0] > 0 for o in socks[0].latest_view["public"]["offers"])
    # Anna's later stake turns: at every render, from the first of each step (before that
    # step's odds are priced), every open offer has its odds line (the last seen stand in).
    for turn in range(2):
        await drive(socks, my_turn(0, "stake"), hold=my_turn(0, "stake"))
        offer = anna.locator(f"{TABLE} button.ff-offer").first
        await offer.wait_for()
        await shot(anna, f"foci-table-stake-turn-{turn + 2}-hu")
        await offer.tap()
        await anna.locator("#bar button[data-sure]").first.tap()
        await confirm_sheet(anna)
        if not await anna.locator(f"{TABLE} button.ff-offer").count():
            break
    renders = await anna.evaluate("window.offerOdds")
    assert renders and all(r["odds"] == r["offers"] for r in renders), renders


async def money_story_whole(page: Any, seq: int, where: str, shot: Any) -> int:
    """The phone caught up with `seq`: the money story is in the sticky header, in view, with
    "if it ended now" and its change; every figure on screen is whole. Returns the figures."""
    await page.wait_for_function(
        "(seq) => document.querySelector('#result') ||"
        " Number(document.querySelector('.table.table-focifogadas')?.dataset.seq) >= seq",
        arg=seq,
    )
    if not await page.locator("#result").count():
        await assert_in_view(page, "#head-story .ff-story-now")
        assert await page.locator("#head-story .ff-then").count() == 1, (
            f"{where}: no 'if it ended now'"
        )
    await shot(page, f"foci-table-{where}")
    return await figures_whole(page, where)


async def moments(pages: dict[str, Any], seq: int, moment: str, shot: Any) -> int:
    """Every phone at this moment: the money story whole, and the dock (the scorer's pad, a
    bettor's bar and tabs) at most 140 px."""
    total = 0
    for lang, page in pages.items():
        total += await money_story_whole(page, seq, f"{moment}-{lang}", shot)
        if not await page.locator("#result").count():
            print(f"{moment}-{lang}: dock {await dock_fits(page, f'{moment}-{lang}')} px")
    return total


def has(kind: str) -> Pred:
    return lambda v: any(a["type"] == kind for a in v.get("legal") or [])


async def test_a_bukmeker_match_tells_the_money_story_with_every_figure_whole(kit: Kit) -> None:
    browser, url, shot, axe = kit.browser, kit.url, kit.shot, kit.axe
    room, socks = await night(url, "bukmeker")
    pages = await three_phones(browser, url, room)
    for page in pages.values():
        await page.evaluate(WATCH_COVERS)
    figures = 0
    started = await drive(socks, lambda v: v["phase"] == "match")
    figures += await moments(pages, started["seq"], "bukmeker-kickoff", shot)
    await axe_clean(list(pages.values()), axe)
    goal_or_half = await drive(
        socks, lambda v: sum(v["public"]["score"]) > 0 or v["public"]["match"]["half"] == 2
    )
    if sum(goal_or_half["public"]["score"]) > 0:
        figures += await moments(pages, goal_or_half["seq"], "bukmeker-goal", shot)
    half = await drive(
        socks, lambda v: v["public"]["match"]["half"] == 2 or v["status"] == "finished"
    )
    figures += await moments(pages, half["seq"], "bukmeker-second-half", shot)
    over = await drive(socks, lambda v: v["status"] == "finished", limit=180)
    figures += await moments(pages, over["seq"], "bukmeker-full-time", shot)
    assert figures >= 12  # at least the story's own on every phone at every moment
    print(f"bukmeker: {figures} figures checked whole")
    for lang, page in pages.items():  # no banner (a goal, a corner) lay over a decision
        covers = await page.evaluate("window.bannerCovers")
        assert not [c for c in covers if c["decision"]], (lang, covers)


async def test_a_live_night_tells_the_money_story_and_a_double_tap_never_ends_it(kit: Kit) -> None:
    browser, url, shot, axe = kit.browser, kit.url, kit.shot, kit.axe
    room, socks = await night(url, "live")
    scorer = socks[0]
    pages = await three_phones(browser, url, room)
    figures = 0
    ready = await drive(socks, has("kick_off"))
    figures += await moments(pages, ready["seq"], "live-before-kickoff", shot)
    await axe_clean(list(pages.values()), axe)
    steps = [
        ({"type": "kick_off"}, "live-kickoff"),
        ({"type": "goal", "team": "home"}, "live-goal"),
        ({"type": "corner"}, "live-corner"),
        ({"type": "half_time"}, "live-half-time"),
    ]
    hu = pages["hu"]
    await hu.evaluate(WATCH_BANNERS)
    await pages["en"].evaluate(WATCH_COVERS)
    for action, moment in steps:
        ack = await scorer.act(action)
        assert ack["type"] == "ack", ack
        await pump(scorer)
        figures += await moments(pages, scorer.seq, moment, shot)
    # The scorer's screen has room: each banner (the goal, the corner, half time) lay over
    # none of the table's text.
    covers = await pages["en"].evaluate("window.bannerCovers")
    assert any(c["head"] == "GOAL!" for c in covers), covers
    assert all(not c["over"] for c in covers), covers
    # After the goal a bettor's header says what the next event would change for them, and
    # the odds a live table shows are the TV match's (the live model), labelled so.
    assert await hu.locator("#head-story .ff-story-next").count() == 1
    # Each moment was told on the bettor's phone with what it did to their money; half time
    # with the standing of each of their bets.
    told = await hu.evaluate("window.banners.filter((b) => b.includes('Neked: '))")
    assert any(b.startswith("GÓÓÓL!") for b in told), told
    assert any("Szöglet" in b for b in told), told
    assert any("Fogadásaid: " in b for b in told), told
    await hu.locator(f"{TABLE} .ff-mine .ff-odds").first.wait_for()
    # (priced at half time: the TV match's 45th minute)
    assert await hu.locator(f"{TABLE} .ff-mine .ff-tv").first.text_content() == "TV-meccs 45′: "
    # A spectator's phone has every player's cash and "if it ended now" in its header.
    watcher = await (await browser.new_context(**PHONE)).new_page()
    await watcher.goto(f"{url}/r/{room['code']}")
    await watcher.get_by_role("button", name="Watch").tap()
    await watcher.locator(TABLE).wait_for()
    await assert_in_view(watcher, "#head-story .ff-story-all")
    assert await watcher.locator("#head-story .ff-story-seat").count() == 3
    await shot(watcher, "foci-table-live-spectator")
    await figures_whole(watcher, "live-spectator")
    # The scorer is told in the second person, and full time never goes on a double tap.
    anna = pages["en"]
    await anna.get_by_text("You keep the score").first.wait_for()
    # Full time is behind the pad's "⋯ More" (the dock stays one row): a double tap on "⋯"
    # opens its sheet and enters nothing, the sheet's second tap lands before it is armed.
    await pump(scorer)
    server_before = scorer.seq
    await double_tap(anna, "#bar .ff-more-btn")
    await anna.locator("dialog.ff-more[open][data-armed]").wait_for()
    await pump(scorer, 0.3)
    assert scorer.seq == server_before, "a double tap on ⋯ entered something"
    await shot(anna, "foci-table-live-more-en")
    await slip_changes_nothing(
        anna, "dialog.ff-more[open] button[data-sure]", scorer, "live full time"
    )
    await shot(anna, "foci-table-live-full-time-sheet-en")
    await confirm_sheet(anna)
    for lang, page in pages.items():
        await page.locator("#result").wait_for()
        await shot(page, f"foci-table-live-full-time-{lang}")
        figures += await figures_whole(page, f"live-full-time-{lang}")
    await axe_clean(list(pages.values()), axe)  # the result
    print(f"live: {figures} figures checked whole")


async def team_words(page: Any) -> dict[str, Any]:
    """The header's two team names and the scorer's goal buttons, as the phone shows them."""
    await page.locator("#head-game .team-a").wait_for()
    await page.locator("#bar .ff-pad button").first.wait_for()
    seen: dict[str, Any] = await page.evaluate(
        """() => ({
          head: [...document.querySelectorAll('#head-game .team-a, #head-game .team-b')]
            .map((el) => el.textContent.trim()),
          pad: [...document.querySelectorAll('#bar .ff-pad button')].map((b) => b.innerText.trim()),
        })"""
    )
    return seen


async def kicked_off(kit: Kit, options: dict[str, Any], lang: str) -> tuple[Any, list[Socket]]:
    """A live room with `options`, the scorer (Anna, seat 0) on a phone in `lang`, kicked off."""
    room = api_room(
        kit.url, "focifogadas", "live", bots=0, humans=("Bence", "Dóra"), options=options
    )
    socks = await sockets(kit.url, room)
    page = await phone(kit.browser, kit.url, room, 0, lang)
    await drive(socks, has("kick_off"))
    ack = await socks[0].act({"type": "kick_off"})
    assert ack["type"] == "ack", ack
    await page.locator("#bar .ff-pad button", has_text=GOAL_WORD[lang]).first.wait_for()
    return page, socks


GOAL_WORD = {"hu": "GÓL", "da": "MÅL"}


async def test_live_team_names_left_as_they_are_are_in_each_phones_language(kit: Kit) -> None:
    """The host left the live match's team names as they are (the engine's "Home"/"Away"):
    the Hungarian scorer's header and goal buttons say Hazai/Vendég, never Home/Away; a name
    the host typed ("Fradi") is shown as typed, next to the Danish word for the other side."""
    hu, _ = await kicked_off(kit, {}, "hu")
    seen = await team_words(hu)
    assert seen["head"] == ["Hazai", "Vendég"], seen
    goals = [b for b in seen["pad"] if b.startswith("GÓL")]
    assert goals == ["GÓL Hazai", "GÓL Vendég"], seen
    assert not [w for w in seen["head"] + seen["pad"] if "Home" in w or "Away" in w], seen
    SHOTS.mkdir(parents=True, exist_ok=True)
    await hu.screenshot(path=str(SHOTS / "foci-live-team-names-scorer-hu.png"))
    # The goal the scorer taps is told in the same words (the line under the score).
    await hu.locator("#bar .ff-pad button", has_text="GÓL Hazai").tap()
    await hu.locator(f"{TABLE} .ff-meta", has_text="GÓL Hazai").first.wait_for()
    assert await hu.locator("#head-game .team-a").text_content() == "Hazai"

    da, _ = await kicked_off(kit, {"home_name": "Fradi"}, "da")
    seen = await team_words(da)
    assert seen["head"] == ["Fradi", "Ude"], seen
    goals = [b for b in seen["pad"] if b.startswith("MÅL")]
    assert goals == ["MÅL Fradi", "MÅL Ude"], seen
    assert not [w for w in seen["head"] + seen["pad"] if "Away" in w], seen


async def test_home_offers_the_default_team_names_in_the_hosts_language(kit: Kit) -> None:
    """A Hungarian host creating a live room sees "Hazai"/"Vendég" in the team-name fields;
    left alone, the room keeps the engine's defaults (every phone then shows its own word);
    a typed name is what the room gets."""
    game = next(g for g in games(kit.url) if g["id"] == "focifogadas")
    live = [m["id"] for m in game["modes"]].index("live")
    context = await kit.browser.new_context(**PHONE)
    await context.add_init_script("localStorage.setItem('pitchside.lang', 'hu')")
    page = await context.new_page()
    await page.goto(kit.url)
    await page.locator(".choice", has_text="Focifogadás").first.tap()
    await page.locator(".chips .chip").nth(live).tap()
    await page.locator("details.options summary").tap()
    assert await page.locator("#opt-home_name").input_value() == "Hazai"
    assert await page.locator("#opt-away_name").input_value() == "Vendég"
    await page.locator("#opt-away_name").fill("Újpest")
    await page.fill("#name", "Anna")  # the away field's change lands as it loses focus
    await page.tap("#create")
    await page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}"))
    code = page.url.rstrip("/").split("/")[-1]
    options = api_call(kit.url, "GET", f"/api/rooms/{code}")["options"]
    assert (options["home_name"], options["away_name"]) == ("Home", "Újpest"), options
    # the lobby's summary of the options says it in the host's words too
    await page.get_by_text("Hazai csapat neve: Hazai").wait_for()
    await context.close()
