"""The replay of a finished match in a real browser: a phone plays Focifogadás Drukker (or the
Duel) against a bot to the end, opens Replay from the result, steps forward and back, jumps
from a log line to its step, and verifies the seed against the published hash (✓)."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.test_clock import phone_host, start_against_a_bot
from tests.e2e.test_lobby import PLAY_TO_THE_END

pytestmark = pytest.mark.browser

STEP = re.compile(r"Step (\d+)/(\d+)")


def short_match(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Drukker (about 60 moves with a bot), else the Duel."""
    with urllib.request.urlopen(f"{url}/api/games", timeout=5) as response:
        games = {g["id"]: g for g in json.load(response)}
    for game_id, mode_id in (("focifogadas", "drukker"), ("duel", None)):
        game = games.get(game_id)
        for mode in game["modes"] if game else []:
            if mode_id in (None, mode["id"]) and mode["min_players"] <= 2 <= mode["max_players"]:
                return game, mode
    pytest.fail("neither Drukker nor the Duel is registered")


async def step_of(page: Any) -> tuple[int, int]:
    match = STEP.search(await page.locator("#replay-seq").inner_text())
    assert match is not None
    return int(match.group(1)), int(match.group(2))


async def test_a_finished_match_replays_step_by_step_and_verifies_its_seed(
    browser: Any, clock_url: str, shot: Any
) -> None:
    game, mode = short_match(clock_url)
    page = await phone_host(browser, clock_url, game, mode)
    await start_against_a_bot(page)
    outcome = await page.evaluate(PLAY_TO_THE_END, 1000)
    assert outcome["status"] == "finished"

    await page.locator("#result").get_by_role("button", name="Replay").tap()
    await page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/replay$"))
    label = page.locator("#replay-seq")
    await label.get_by_text(re.compile(r"Step 0/\d+")).wait_for()
    _, last = await step_of(page)
    assert last > 2
    await page.locator(".table").wait_for()
    await shot(page, "replay-start")

    await page.tap("#replay-next")
    await page.tap("#replay-next")
    await label.get_by_text(f"Step 2/{last}").wait_for()
    await page.tap("#replay-back")
    await label.get_by_text(f"Step 1/{last}").wait_for()

    # The log beside the table reaches back to the first moves (views carry 40 events each).
    await page.wait_for_function(
        "Math.min(...[...document.querySelectorAll('#replay-log .replay-line')]"
        ".map((li) => Number(li.dataset.seq))) <= 2"
    )
    # A line of the log jumps to its step, and that line is marked as now.
    line = page.locator("#replay-log .replay-line").last
    await line.wait_for()
    seq = int(await line.get_attribute("data-seq") or "0")
    await line.locator("button").tap()
    await label.get_by_text(f"Step {seq}/{last}").wait_for()
    await page.locator(f'#replay-log .replay-line.now[data-seq="{seq}"]').first.wait_for()

    # Play at 4× from the first step: the steps run on by themselves.
    await page.get_by_role("button", name="First step").tap()
    await label.get_by_text(f"Step 0/{last}").wait_for()
    await page.tap("#replay-speed")
    await page.tap("#replay-speed")
    assert (await page.locator("#replay-speed").inner_text()).strip() == "4×"
    await page.tap("#replay-play")
    await page.wait_for_function(
        "Number(document.querySelector('#replay-seq').textContent.match(/\\d+/)[0]) >= 3"
    )
    await page.tap("#replay-play")

    await page.tap("#verify")
    await page.locator("#verdict").get_by_text("✓").wait_for()
    await shot(page, "replay-verified")

    # History lists the finished room with a way into its replay.
    await page.goto(page.url.rsplit("/r/", 1)[0] + "/history")
    await page.locator(".history-replay:visible").first.tap()
    await page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}/replay$"))
    await label.get_by_text(f"Step 0/{last}").wait_for()
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
