"""Every engine a friend's phone may have (issue 35): in Chromium, Gecko (Firefox ESR) and
WebKit (the engine of iOS Safari) a visitor's lobby offers its seat, and a phone plays a Duel
and a Bukméker night to the end by taps, from Home, with every action drawn with a box at
every screen (tests/e2e/engines.py says how each engine is driven).

The games reuse the Chromium tests' strategies: Duel's next tap (test_duel's DUEL_NEXT, one
swap in each arrangement) and Focifogadás's first offered choice (test_focifogadas's NEXT_TAP);
the other seats are bots that move at once (BOT_DELAY_MS=0). Screenshots of each engine's
screens land in /tmp/shots (PITCHSIDE_SHOTS) as ENGINE-NAME.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import SHOTS, AppServer, api_room
from tests.e2e.engines import (
    ENGINES,
    Phone,
    TapMissed,
    assert_drawn,
    launch,
    shot,
    tap,
    tap_text,
    wait,
)
from tests.e2e.test_duel import AFTER_TAP, DUEL_NEXT, NEXT, DuelSeat
from tests.e2e.test_focifogadas import NEXT_TAP

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server_url(request: pytest.FixtureRequest) -> str:
    """A server whose bots move at once: a phone against bots is never kept waiting."""
    server = AppServer(BOT_DELAY_MS="0")
    request.addfinalizer(server.close)
    server.start()
    return server.url


MARKS = {"gecko": pytest.mark.gecko, "webkit": pytest.mark.webkit}


@pytest.fixture(scope="module", params=[pytest.param(e, marks=MARKS.get(e, ())) for e in ENGINES])
def phone(request: pytest.FixtureRequest, server_url: str) -> Iterator[Phone]:
    """One phone per engine, in English, for all of this module's tests."""
    device = launch(request.param)
    try:
        device.goto(f"{server_url}/")
        device.eval("localStorage.setItem('pitchside.lang', 'en')")
        yield device
    finally:
        device.close()


def games(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/games", timeout=5) as response:
        return {game["id"]: game for game in json.load(response)}


ROOM_CODE = re.compile(r"^/r/([A-HJKMNP-Z2-9]{6})$")
SEATED = "document.querySelectorAll('#seats .seat:not(.empty)').length"


def test_a_visitor_of_a_room_link_is_offered_a_seat(phone: Phone, server_url: str) -> None:
    """The room link opened on a phone: "Take seat 2" and "Just watch" are drawn in the action
    bar (WebKit kept the whole dock without a box: `:has(:empty)`, WebKit bug 286403), and a
    tap on the first seats the visitor."""
    room = api_room(server_url, "duel", "match", bots=0, start=False)
    phone.goto(f"{server_url}/r/{room['code']}")
    wait(phone, "return !!document.querySelector('#take-seat')", why="Take seat")
    shot(phone, SHOTS, "lobby-visitor")
    bar = phone.eval(
        "return [...document.querySelectorAll('#bar button')].map((b) => b.textContent)"
    )
    assert bar == ["Take seat 2", "Just watch"], bar
    assert_drawn(phone, "a visitor's lobby")
    phone.type("#name", "Bence")
    tap(phone, "#take-seat")
    wait(phone, "return document.querySelector('#seats .seat.you')?.textContent.includes('Bence')")
    assert_drawn(phone, "a guest's lobby")


def host_from_home(
    phone: Phone, url: str, game_id: str, mode: str, choices: dict[str, str], bots: int
) -> str:
    """Home → game → mode → options → name → Create, then "Add bot" `bots` times and Start, all
    by taps, with every action drawn on each screen; returns the room's code."""
    game = games(url)[game_id]
    phone.goto(f"{url}/")
    tap_text(phone, "button", game["name"]["en"])
    modes = [m["id"] for m in game["modes"]]
    if len(modes) > 1:
        tap(phone, f".chips .chip:nth-child({modes.index(mode) + 1})")
    wait(phone, "return !!document.querySelector('.chips .chip[aria-pressed=true]')")
    if choices:
        tap(phone, "details.options summary")
        for option, label in choices.items():
            phone.choose(f"#opt-{option}", label)
    phone.type("#name", "Anna")
    assert_drawn(phone, "Home")
    shot(phone, SHOTS, f"{game_id}-home")
    tap(phone, "#create:not([disabled])")
    path = wait(phone, "return location.pathname.match(/^\\/r\\//) && location.pathname")
    code = ROOM_CODE.match(path)
    assert code is not None, path
    wait(phone, f"return {SEATED}")
    for n in range(bots):
        tap(phone, "#add-bot")
        wait(phone, f"return {SEATED} >= {n + 2}", why=f"{n + 2} seated")
    assert_drawn(phone, "the host's lobby")
    shot(phone, SHOTS, f"{game_id}-lobby")
    tap(phone, "#start:not([disabled])")
    wait(phone, f"return !!document.querySelector('.table-{game_id}')", why="the table")
    return code.group(1)


def drawn_at_each_view(phone: Phone, seen: set[str], view: str, name: str, tag: str) -> None:
    """Every action drawn on this view (once per view, `seen` holds the views looked at); the
    first view of each `name` (a kind of tap, a phase) is screenshotted."""
    if f"view {view}" in seen:
        return
    seen.add(f"view {view}")
    assert_drawn(phone, f"{tag} at {name} (view {view})")
    if name not in seen:
        seen.add(name)
        shot(phone, SHOTS, f"{tag}-{name}")


def finish(phone: Phone, tag: str, drawer: str) -> None:
    """The result is up and drawn; put aside ("See the table"), the table's dock has its tabs
    (the result's own too) drawn, and the `drawer` tab opens its sheet with its actions drawn
    and closes it again."""
    wait(phone, "return !!document.querySelector('#result')")
    assert_drawn(phone, f"{tag}'s result")
    shot(phone, SHOTS, f"{tag}-result")
    tap(phone, "#see-table")
    wait(phone, "return !!document.querySelector('#bar-tabs #show-result')", why="the result's tab")
    assert_drawn(phone, f"{tag}'s table after the result")
    tap(phone, f"#bar-tabs [data-drawer={drawer}]")
    wait(phone, "return document.querySelector('#drawer')?.open", why=f"the {drawer} drawer")
    assert_drawn(phone, f"{tag}'s {drawer} drawer")
    shot(phone, SHOTS, f"{tag}-drawer-{drawer}")
    tap(phone, "#drawer .drawer-head button")
    wait(phone, "return !document.querySelector('#drawer').open", why="the drawer closed")


MISSES = 20  # taps in a row that found their control gone (a newer view): then it is stuck


def test_a_duel_against_a_bot_is_played_to_the_end_by_taps(phone: Phone, server_url: str) -> None:
    host_from_home(
        phone, server_url, "duel", "match", {"copies": "2 (22 cards, short)", "halves": "1"}, 1
    )
    seat = DuelSeat()
    look = "return (" + NEXT.replace("NEXT_TAP", DUEL_NEXT) + ")(arguments[0])"
    after = "return (" + AFTER_TAP + ")(arguments[0])"
    seen: set[str] = set()
    kinds: set[str] = set()
    taps = misses = 0
    while True:
        what = wait(phone, look, seat.arg(), why="something to tap in the Duel")
        if what == "result":
            break
        drawn_at_each_view(phone, seen, str(what["seq"]), seat.name(what), "duel")
        try:
            tap(phone, "[data-e2e=next]", patience=0)
        except TapMissed:
            misses += 1
            assert misses < MISSES, f"{phone.engine}: {MISSES} taps missed in a row"
            continue
        misses = 0
        seat.tapped(what)
        kinds.add(seat.name(what))
        taps += 1
        assert taps < 400, f"{phone.engine}: no result after {taps} taps"
        wait(phone, after, [what["seq"], what["sends"]], why=f"tap {taps} on {what['name']!r}")
    assert {"card", "slot", "confirm", "swap-first", "swap-second", "done"} <= kinds, kinds
    finish(phone, "duel", "log")


# test_focifogadas's NEXT_TAP (it scrolls the choice to the middle and says where it is), or
# "result" once the match is over.
FOCI_NEXT = (
    "if (document.querySelector('#result')) return 'result'; return (" + NEXT_TAP + ")() || null;"
)
FOCI_AFTER = """
const seq = arguments[0];
return !!(document.querySelector('#result')
  || document.querySelector('.table-focifogadas')?.dataset.seq !== seq
  || document.querySelector('.toast'));
"""


def test_a_bukmeker_night_with_two_bots_is_played_to_the_settlement_by_taps(
    phone: Phone, server_url: str
) -> None:
    host_from_home(
        phone,
        server_url,
        "focifogadas",
        "bukmeker",
        {"time_advances_per_half": "5 (shorter)", "turn_seconds": "off"},
        2,
    )
    seen: set[str] = set()
    phases: set[str] = set()
    taps = 0
    while True:
        what = wait(phone, FOCI_NEXT, timeout=30, why="something to tap in Bukméker")
        if what == "result":
            break
        phases.add(what["phase"])
        drawn_at_each_view(phone, seen, str(what["seq"]), what["phase"], "bukmeker")
        phone.tap_at(what["x"], what["y"])
        if what.get("sure"):  # a stake or a disc asks on a sheet, its confirm armed after 600 ms
            tap(phone, "dialog.ff-sure[open] .ff-sure-ok:not([disabled])")
        taps += 1
        assert taps < 600, f"{phone.engine}: no result after {taps} taps"
        if what["kind"] != "card":  # a card is only selected: its confirm comes next
            wait(phone, FOCI_AFTER, what["seq"], why=f"tap {taps} ({what['kind']}) answered")
    assert {"discs", "stakes", "match"} <= phases, phases
    assert "Settlement" in phone.eval("return document.querySelector('#result').textContent")
    finish(phone, "bukmeker", "board")
