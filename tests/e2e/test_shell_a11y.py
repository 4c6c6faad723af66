"""Accessibility in the real browser: axe-core finds no serious or critical violation on
Home, the lobby, each table (the shell's bands and the table itself: cards, pads, piles) and
the full-time result, at 390×844 in light and dark.

axe-core (npm, pinned in tests/e2e/package.json + package-lock.json) is installed with
`npm ci` into a cache folder named for the lock file's hash, once; without npm or the npm
registry the tests skip, saying why.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PHONE, api_room, finished_room, seated_phone

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("PITCHSIDE_AXE_CACHE", Path.home() / ".cache" / "pitchside-axe"))
BAD = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_js() -> Path:
    lock = (HERE / "package-lock.json").read_bytes()
    folder = CACHE / hashlib.sha256(lock).hexdigest()[:16]
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: axe-core cannot be installed")
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(HERE / name, folder / name)
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    if done.returncode != 0 or not script.exists():
        pytest.skip(f"npm ci for axe-core failed (registry unreachable?): {done.stderr[-500:]}")
    return script


async def violations(page: Any, axe_js: Path) -> list[str]:
    """The serious and critical axe-core violations of the page as it is now, one line each."""
    if not await page.evaluate("typeof window.axe !== 'undefined'"):
        await page.add_script_tag(path=str(axe_js))
    found = await page.evaluate(
        "async () => (await axe.run(document,"
        " {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))",
    )
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {v['nodes']}" for v in found if v["impact"] in BAD
    ]


Finder = Callable[[Any, Path], Awaitable[list[str]]]


async def check(
    page: Any, axe_js: Path, where: str, problems: dict[str, list[str]], find: Finder = violations
) -> None:
    for theme in ("light", "dark"):
        await page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        found = await find(page, axe_js)
        if found:
            problems[f"{where} ({theme})"] = found


async def test_no_serious_violation_on_home_lobby_tables_and_result(
    browser: Any, fast_bots_url: str, axe_js: Path
) -> None:
    problems: dict[str, list[str]] = {}
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.goto(fast_bots_url)
    await page.locator(".choice").first.tap()
    await page.locator("#create").wait_for()
    await check(page, axe_js, "home", problems)

    lobby = api_room(fast_bots_url, "duel", "match", start=False)
    host = await seated_phone(browser, fast_bots_url, lobby["code"], lobby["seats"][0])
    await host.goto(f"{fast_bots_url}/r/{lobby['code']}")
    await host.locator("#seats").wait_for()
    await check(host, axe_js, "lobby", problems)

    tables = [("duel", "match", 1), ("hattrick", "match", 1), ("focifogadas", "drukker", 2)]
    tables += [("focifogadas", "bukmeker", 2), ("focifogadas", "live", 2)]
    for game, mode, bots in tables:
        room = api_room(fast_bots_url, game, mode, bots=bots)
        phone = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
        await phone.goto(f"{fast_bots_url}/r/{room['code']}")
        await phone.locator(f".table-{game} *").first.wait_for()
        await phone.locator("#status").wait_for()
        await check(phone, axe_js, f"{game}/{mode} table", problems)
        await phone.context.close()

    done = finished_room(fast_bots_url, "duel", "match")
    phone = await seated_phone(browser, fast_bots_url, done["code"], done["seats"][0])
    await phone.goto(f"{fast_bots_url}/r/{done['code']}")
    await phone.locator("#result").wait_for()
    await check(phone, axe_js, "duel result", problems)
    assert not problems, "\n".join(
        f"{where}:\n  " + "\n  ".join(v) for where, v in problems.items()
    )


# Every text that is dimmed or disabled (a disabled control, the bar while offline, a stale
# presence dot, a replay's lines still to come, anything under an opacity below 1), with its
# contrast as axe-core's own colour code measures it (opacity included). axe's color-contrast
# rule passes over disabled controls (WCAG exempts them); docs/UX.md §1.8 does not: contrast wins
# over §2's dimming, so a dimmed state must stay readable (≥ 4.5:1, large text ≥ 3:1).
DIMMED_CONTRAST = """
() => {
  const color = axe.commons.color;
  const dimmedBy = (el) => {
    for (let e = el; e; e = e.parentElement) if (parseFloat(getComputedStyle(e).opacity) < 1) return true;
    return false;
  };
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  // Texts of the same ink, opacity and backdrop (a list's rows) are one check: axe cannot read
  // the rows a scrolled list hides under the bar.
  const kind = (el) => {
    let alpha = 1, backdrop = "";
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      alpha *= parseFloat(cs.opacity);
      if (!backdrop && cs.backgroundColor !== "rgba(0, 0, 0, 0)") backdrop = cs.backgroundColor;
    }
    const cs = getComputedStyle(el);
    return `${cs.color} ${alpha} ${backdrop} ${cs.fontSize} ${cs.fontWeight}`;
  };
  const out = [];
  const unread = new Map();
  const read = new Set();
  for (const el of document.querySelectorAll("body *")) {
    if (!ownText(el) || !shown(el) || el.closest(".toast, dialog:not([open])")) continue;
    if (!el.closest(":disabled, [aria-disabled=true], .offline, .stale, .future") && !dimmedBy(el)) continue;
    const k = kind(el);
    if (read.has(k)) continue;
    // axe reads the colours at the element's place on screen, from the layout it was set up on
    el.scrollIntoView({ block: "center" });
    axe.setup(document);
    const bg = color.getBackgroundColor(el, []);
    const fg = bg && color.getForegroundColor(el, false, bg);
    axe.teardown();
    const text = el.textContent.trim().replace(/\\s+/g, " ").slice(0, 30);
    if (!bg || !fg) { unread.set(k, text); continue; }
    read.add(k);
    unread.delete(k);
    const ratio = color.getContrast(bg, fg);
    const cs = getComputedStyle(el);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (parseInt(cs.fontWeight, 10) >= 700 && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) out.push(`"${text}" ${ratio.toFixed(2)}:1 (${fg.toHexString()} on ${bg.toHexString()})`);
  }
  for (const text of unread.values()) out.push(`"${text}": axe cannot tell its colours`);
  if (!read.size) out.push("no dimmed or disabled text on the page to check");
  return out;
}
"""


async def dimmed_contrast(page: Any, axe_js: Path) -> list[str]:
    """The dimmed texts of the page below their contrast, one line each."""
    if not await page.evaluate("typeof window.axe !== 'undefined'"):
        await page.add_script_tag(path=str(axe_js))
    found: list[str] = await page.evaluate(DIMMED_CONTRAST)
    return found


async def test_dimmed_and_disabled_texts_keep_their_contrast(
    browser: Any, fast_bots_url: str, axe_js: Path
) -> None:
    problems: dict[str, list[str]] = {}
    lobby = api_room(fast_bots_url, "duel", "match", bots=0, start=False)  # Start: disabled
    host = await seated_phone(browser, fast_bots_url, lobby["code"], lobby["seats"][0])
    await host.goto(f"{fast_bots_url}/r/{lobby['code']}")
    await host.locator("#start[disabled]").wait_for()
    await check(host, axe_js, "lobby", problems, dimmed_contrast)

    # Drukker's keep 4 of 8: every seat decides at once, its confirm disabled until 4 are kept
    room = api_room(fast_bots_url, "focifogadas", "drukker", bots=0, humans=("Bence",))
    phone = await seated_phone(browser, fast_bots_url, room["code"], room["seats"][0])
    await phone.goto(f"{fast_bots_url}/r/{room['code']}")
    await phone.locator("#bar button[disabled]").first.wait_for()
    await check(phone, axe_js, "table", problems, dimmed_contrast)
    await phone.context.set_offline(True)  # the bar locks: every control disabled
    await phone.locator("#bar.offline").wait_for(timeout=8000)
    await check(phone, axe_js, "offline table", problems, dimmed_contrast)
    await phone.context.close()

    done = finished_room(fast_bots_url, "duel", "match")
    replay = await (await browser.new_context(**PHONE)).new_page()
    await replay.goto(f"{fast_bots_url}/r/{done['code']}/replay")
    await replay.locator(".replay-line.future").first.wait_for()  # the lines still to come
    await check(replay, axe_js, "replay", problems, dimmed_contrast)
    assert not problems, "\n".join(
        f"{where}:\n  " + "\n  ".join(v) for where, v in problems.items()
    )
