"""Turn clocks and stand-in bots: nobody can stall a room (issue 8).

The server runs its clocks 50x faster here (`clock_scale=0.02`): 30 s become 0.6 s.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio
SCALE = 0.02


@pytest.fixture(scope="module")
def fast_clock(database_url: str) -> Iterator[RunningServer]:
    server = start_server(database_url, clock_scale=SCALE)
    yield server
    server.stop()


async def clocked_room(server: RunningServer) -> tuple[str, list[str]]:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, target=20, turn_seconds=30)
        code = created["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
    return code, [created["token"], joined["token"]]


async def test_a_clock_that_runs_out_makes_the_bot_act_once_and_play_goes_on(
    fast_clock: RunningServer,
) -> None:
    started = time.monotonic()  # before the start: Anna's clock runs from the start on
    code, tokens = await clocked_room(fast_clock)
    anna = await Socket.open(fast_clock.ws_url, code, tokens[0])
    bence = await Socket.open(fast_clock.ws_url, code, tokens[1])
    first = await anna.view_where(lambda v: True)
    clock = first["public"]["clock"]
    assert clock["turn_seconds"] == 30 and set(clock["deadlines"]) == {"0", "1"}
    assert 0 < clock["deadlines"]["0"] - clock["now"] <= 30_000 * SCALE + 50
    await bence.view_where(lambda v: True)
    assert (await bence.act({"type": "pick", "number": 1}))["seq"] == 1
    # Anna does nothing: her clock runs out and the bot picks for her, once.
    view = await anna.view_where(lambda v: v["phase"] == "count", timeout=10)
    assert time.monotonic() - started >= 30 * SCALE * 0.9  # not before her time was up
    stand_ins = [e for e in view["log"] if e["event"] == "stand_in"]
    assert stand_ins == [{"seq": 2, "event": "stand_in", "seat": 0, "reason": "clock"}]
    assert view["private"]["secret"] in (1, 2, 3)
    assert anna.seq == 2
    # The match goes on: the next seat to act gets a fresh clock, and Anna is not "away".
    assert set(view["public"]["clock"]["deadlines"]) == set(map(str, view["to_act"]))
    assert view["public"]["clock"]["away"] == []
    mover = {0: anna, 1: bence}[view["to_act"][0]]
    # Anna already holds the view of seq 2; Bence reads up to it (not past it: the next view
    # may already be the clock acting for him).
    ready = view if mover is anna else await bence.view_where(lambda _v: bence.seq >= 2)
    answer = await mover.act(ready["legal"][0])
    if answer["type"] == "error":  # on a slow machine the 0.6 s clock may beat us to it
        assert answer["code"] == "not_your_turn"
        later = await mover.view_where(lambda v: any(e["seq"] == 3 for e in v["log"]))
        assert any(e["event"] == "stand_in" and e["seq"] == 3 for e in later["log"])
    else:
        assert answer["seq"] == 3


async def test_a_player_who_left_is_played_by_the_bot_until_they_reclaim_their_seat(
    fast_clock: RunningServer,
) -> None:
    code, tokens = await clocked_room(fast_clock)
    anna = await Socket.open(fast_clock.ws_url, code, tokens[0])
    await anna.view_where(lambda v: True)
    await anna.act({"type": "pick", "number": 2})
    # Bence never connects: his clock runs out, he is marked away, and the bot plays on for
    # him at once on every later turn, without waiting for his clock.
    view = await anna.view_where(
        lambda v: v["phase"] == "count" and v["public"]["clock"]["away"] == [1], timeout=10
    )
    for _ in range(3):
        view = await anna.view_where(
            lambda v: 0 in v["to_act"] or v["status"] == "finished", timeout=10
        )
        if view["status"] == "finished":
            break
        started = time.monotonic()
        await anna.act(view["legal"][0])
        view = await anna.view_where(
            lambda v: 0 in v["to_act"] or v["status"] == "finished", timeout=10
        )
        assert time.monotonic() - started < 30 * SCALE  # the bot did not wait for a clock
    assert any(e["event"] == "stand_in" and e["reason"] == "away" for e in view["log"])
    # Bence comes back with his token: the seat is his again.
    bence = await Socket.open(fast_clock.ws_url, code, tokens[1])
    back = await bence.view_where(
        lambda v: v["public"].get("clock", {}).get("away") == [], timeout=10
    )
    assert back["you"] == 1
    async with httpx.AsyncClient(base_url=fast_clock.url) as http:
        seats = (await http.get(f"/api/rooms/{code}")).json()["seats"]
    assert [s["away"] for s in seats] == [False, False]


async def test_the_host_hands_a_seat_to_the_bot(fast_clock: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=fast_clock.url) as http:
        created = await create_room(http, target=20)
        code = created["code"]
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": "Bence"})).json()
        lobby = await http.post(
            f"/api/rooms/{code}/seats/1/away", json={"away": True}, headers=auth(created["token"])
        )
        assert lobby.status_code == 409
        await http.post(f"/api/rooms/{code}/start", headers=auth(created["token"]))
        guest = await http.post(
            f"/api/rooms/{code}/seats/1/away", json={"away": True}, headers=auth(joined["token"])
        )
        assert guest.status_code == 403
        nobody = await http.post(
            f"/api/rooms/{code}/seats/5/away", json={"away": True}, headers=auth(created["token"])
        )
        assert nobody.status_code == 404
        anna = await Socket.open(fast_clock.ws_url, code, created["token"])
        await anna.view_where(lambda v: True)
        handed = await http.post(
            f"/api/rooms/{code}/seats/1/away", json={"away": True}, headers=auth(created["token"])
        )
        assert handed.json() == {"seat": 1, "away": True}
        await anna.act({"type": "pick", "number": 3})
        view = await anna.view_where(lambda v: v["phase"] == "count", timeout=10)
        assert view["log"][-1]["event"] in ("picked", "added")
        assert any(e["event"] == "stand_in" and e["seat"] == 1 for e in view["log"])
        await asyncio.sleep(0)


async def test_a_phone_reconnecting_in_the_middle_of_a_turn_counts_down_from_now(
    server: RunningServer,
) -> None:
    """`clock.now` is when the view was built: a view kept from the turn's start would make
    a phone that reconnects later show the time left at the start."""
    code, tokens = await clocked_room(server)
    first = await Socket.open(server.ws_url, code, tokens[0])
    before = (await first.view_where(lambda v: True))["public"]["clock"]
    await asyncio.sleep(2.0)
    again = await Socket.open(server.ws_url, code, tokens[0])
    view = await again.view_where(lambda v: True)
    received = time.time() * 1000
    assert again.seq == first.seq == 0  # the same step: nobody acted in between
    clock = view["public"]["clock"]
    assert clock["deadlines"] == before["deadlines"]
    # Built at most a second ago (views are kept that long), not at the turn's start.
    assert received - clock["now"] <= 1000 + 300
    assert clock["deadlines"]["0"] - clock["now"] <= 30_000 - 700  # the time really left


async def test_a_seat_the_bot_played_to_the_end_reconnects_to_the_result(
    fast_clock: RunningServer,
) -> None:
    """Anna's seat was handed to the bot, which finished the match: her phone coming back
    gets the finished room and stays connected (before, its hello tried to hand the seat back,
    was refused as the match was over, and the socket closed on every retry)."""
    async with httpx.AsyncClient(base_url=fast_clock.url) as http:
        created = await create_room(http, target=5)
        code, token = created["code"], created["token"]
        await http.post(f"/api/rooms/{code}/bots", headers=auth(token))
        await http.post(f"/api/rooms/{code}/start", headers=auth(token))
        handed = await http.post(
            f"/api/rooms/{code}/seats/0/away", json={"away": True}, headers=auth(token)
        )
        assert handed.status_code == 200
        deadline = time.monotonic() + 10
        while (await http.get(f"/api/rooms/{code}")).json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the match"
            await asyncio.sleep(0.05)
    anna = await Socket.open(fast_clock.ws_url, code, token)
    view = await anna.view_where(lambda v: v["status"] == "finished")
    assert view["you"] == 0 and view["result"] is not None
    await anna.send({"type": "ping"})
    assert (await anna.expect("pong"))["type"] == "pong"
