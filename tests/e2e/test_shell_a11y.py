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


async def check(page: Any, axe_js: Path, where: str, problems: dict[str, list[str]]) -> None:
    for theme in ("light", "dark"):
        await page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        found = await violations(page, axe_js)
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
