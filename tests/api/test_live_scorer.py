"""Live mode never stalls on its scorer: a role only a person can fill goes back to one."""

from __future__ import annotations

import httpx
import pytest

from tests.support.client import Socket, auth, create_room
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


async def test_the_scorer_role_handed_to_a_bot_comes_back_to_a_person(
    server: RunningServer,
) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await create_room(http, game="focifogadas", mode="live")
        code, host = created["code"], auth(created["token"])
        for _ in range(2):
            assert (await http.post(f"/api/rooms/{code}/bots", headers=host)).status_code == 201
        assert (await http.post(f"/api/rooms/{code}/start", headers=host)).status_code == 200
    anna = await Socket.open(server.ws_url, code, created["token"])
    # Anna drafts, sets her disc and stakes like everyone (the bots do theirs) ...
    done = 0  # the seq of Anna's last action: she acts on views of it or later only
    while True:
        view = await anna.view_where(lambda v, done=done: anna.seq >= done and 0 in v["to_act"])
        if {"type": "kick_off"} in view["legal"]:
            break
        answer = await anna.act(view["legal"][0])
        assert answer["type"] == "ack", answer
        done = answer["seq"]
    # ... then, as the scorer, hands the role to Bot 1, who cannot watch the TV for her.
    handed = await anna.act({"type": "set_scorer", "seat": 1})
    back = await anna.view_where(
        lambda v: anna.seq > handed["seq"] and v["to_act"] == [0], timeout=10
    )
    assert {"type": "kick_off"} in back["legal"]
    moves = [(e["seat"], e["to"]) for e in back["log"] if e["event"] == "scorer_handed_over"]
    assert moves[-2:] == [(0, 1), (1, 0)]
