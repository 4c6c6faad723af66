"""A replay is rebuilt from the seed and the action log, so it ends exactly where the room did."""

from __future__ import annotations

import random

import httpx
import pytest

from app.games import registry
from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize(
    ("game", "mode", "options", "bots"),
    [
        ("tiny", "race", {"target": 20}, 1),
        ("duel", "match", {"copies": 2, "halves": 1}, 1),
        ("focifogadas", "drukker", {}, 2),
    ],
)
async def test_the_replay_of_a_finished_match_ends_in_the_rooms_final_state(
    server: RunningServer, game: str, mode: str, options: dict[str, object], bots: int
) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        created = await create_room(http, game=game, mode=mode, **options)
        code, host = created["code"], auth(created["token"])
        for _ in range(bots):
            assert (await http.post(f"/api/rooms/{code}/bots", headers=host)).status_code == 201
        await http.post(f"/api/rooms/{code}/start", headers=host)
        watcher = await Socket.open(server.ws_url, code)
        if game == "tiny":  # the host plays by hand
            me = await Socket.open(server.ws_url, code, created["token"])
            rng = random.Random(7)
            while True:
                view = await me.view_where(lambda v: bool(v["legal"]) or v["status"] == "finished")
                if view["status"] == "finished":
                    break
                await me.act(rng.choice(view["legal"]))
        else:  # the host hands their own seat to the bot too, and everyone watches
            away = await http.post(
                f"/api/rooms/{code}/seats/0/away", json={"away": True}, headers=host
            )
            assert away.status_code == 200
        final = await watcher.view_where(lambda v: v["status"] == "finished", timeout=120)
        replay = (await http.get(f"/api/rooms/{code}/replay")).json()
        last = (await http.get(f"/api/rooms/{code}/replay/{len(replay['actions'])}")).json()
        if game != "tiny":  # the replay tells the bot's stand-ins as the room's log did
            first = next(a["seq"] for a in replay["actions"] if a["seat"] == 0)
            step = (await http.get(f"/api/rooms/{code}/replay/{first}")).json()
            stand_in = {"seq": first, "event": "stand_in", "seat": 0, "reason": "away"}
            assert stand_in in step["view"]["log"]

    engine = registry.get(game)
    assert engine is not None
    state = engine.new(
        mode, engine.modes[mode].check_options(options), 1 + bots, int(replay["seed"])
    )
    for step in replay["actions"]:
        state, _events = engine.apply(state, step["seat"], step["action"])
    assert engine.public(state).public == final["public"]
    assert engine.result(state) == final["result"] == replay["result"] == last["view"]["result"]
    assert last["view"]["status"] == "finished"
