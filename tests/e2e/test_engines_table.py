"""The Focifogadás table in each engine (issue 36): a live match (the scorer's one-row pad and a
bettor's screen) and a Bukméker night (a stake turn and the match), in Hungarian, on a phone
in Chromium, Gecko and WebKit (Firefox's window goes no narrower than 500 px, MiniBrowser's
447: still one column). Each screen: every control drawn with a box, the dock at most 140 px
(issue 36 §6), and a screenshot in PITCHSIDE_SHOTS as ENGINE-foci-….png to look at.

The rooms are played through the protocol (tests/support/client.py) on one event loop of this
module; the phone only watches and, where the test says, taps."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest

from tests.e2e.conftest import SHOTS, AppServer
from tests.e2e.engines import ENGINES, Phone, assert_drawn, launch, shot, tap, wait
from tests.e2e.test_focifogadas_table import drive, has, my_turn, night, pump

pytestmark = pytest.mark.browser

T = TypeVar("T")
MARKS = {"gecko": pytest.mark.gecko, "webkit": pytest.mark.webkit}
DOCK = "return document.getElementById('dock').offsetHeight"


class Loop:
    """An event loop of its own thread for the sockets (Playwright's sync Chromium runs one in
    the test's thread): `run(coro)` waits for its result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=240)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()


@pytest.fixture(scope="module")
def server_url(request: pytest.FixtureRequest) -> str:
    server = AppServer(BOT_DELAY_MS="20")
    request.addfinalizer(server.close)
    server.start()
    return server.url


@pytest.fixture(scope="module", params=[pytest.param(e, marks=MARKS.get(e, ())) for e in ENGINES])
def phone(request: pytest.FixtureRequest, server_url: str) -> Iterator[Phone]:
    device = launch(request.param)
    try:
        device.goto(f"{server_url}/")
        device.eval("localStorage.setItem('pitchside.lang', 'hu')")
        yield device
    finally:
        device.close()


def sit(phone: Phone, url: str, room: dict[str, Any], seat: int) -> None:
    """The phone holds `seat`'s token and opens the room at its table."""
    token = json.dumps({"seat": seat, "token": room["seats"][seat]["token"]})
    phone.eval(f"localStorage.setItem('pitchside.seat.{room['code']}', arguments[0])", token)
    phone.goto(f"{url}/r/{room['code']}")
    wait(phone, "return document.querySelector('.table-focifogadas')", why="the table")


def caught_up(phone: Phone, seq: int) -> None:
    wait(
        phone,
        "return Number(document.querySelector('.table-focifogadas')?.dataset.seq) >= arguments[0]",
        seq,
        why=f"seq {seq}",
    )


def looked_at(phone: Phone, name: str) -> None:
    """Every control drawn, the dock at most 140 px, and a screenshot."""
    assert_drawn(phone, name)
    dock = phone.eval(DOCK)
    assert dock <= 140, f"{phone.engine}, {name}: the dock takes {dock} px"
    shot(phone, SHOTS, name)


def test_a_live_match_in_each_engine(phone: Phone, server_url: str) -> None:
    loop = Loop()
    try:
        room, socks = loop.run(night(server_url, "live"))
        loop.run(drive(socks, has("kick_off")))
        for action in ({"type": "kick_off"}, {"type": "goal", "team": "home"}):
            loop.run(socks[0].act(action))
        loop.run(pump(socks[0]))
        seq = socks[0].seq
        sit(phone, server_url, room, 0)  # the scorer
        caught_up(phone, seq)
        wait(phone, "return document.querySelector('#bar .ff-pad-row .ff-goal')", why="the pad")
        looked_at(phone, "foci-live-scorer-hu")
        tap(phone, "#bar .ff-more-btn")
        wait(phone, "return document.querySelector('dialog.ff-more[open][data-armed]')")
        shot(phone, SHOTS, "foci-live-scorer-more-hu")
        phone.eval("document.querySelector('dialog.ff-more').close()")
        sit(phone, server_url, room, 1)  # a bettor
        caught_up(phone, seq)
        looked_at(phone, "foci-live-bettor-hu")
        for sock in socks:
            loop.run(sock.close())
    finally:
        loop.close()


def test_a_bukmeker_night_in_each_engine(phone: Phone, server_url: str) -> None:
    loop = Loop()
    try:
        room, socks = loop.run(night(server_url, "bukmeker"))
        stake = my_turn(0, "stake")
        view = loop.run(drive(socks, stake, hold=stake))
        sit(phone, server_url, room, 0)
        caught_up(phone, view["seq"])
        looked_at(phone, "foci-bukmeker-stake-hu")
        tap(phone, ".table-focifogadas button.ff-offer")
        wait(phone, "return document.querySelector('#bar button[data-sure]')", why="stakes")
        looked_at(phone, "foci-bukmeker-stake-card-hu")
        playing = loop.run(
            drive(socks, lambda v: v["phase"] == "match" and v["public"]["match"]["time"] >= 2)
        )
        caught_up(phone, playing["seq"])
        looked_at(phone, "foci-bukmeker-match-hu")
        for sock in socks:
            loop.run(sock.close())
    finally:
        loop.close()
