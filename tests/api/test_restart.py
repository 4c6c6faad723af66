"""A server restart in the middle of a match: a new app over the same database resumes."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.api.test_ws import play_to_the_end, started_room
from tests.support.client import Socket
from tests.support.server import start_server

pytestmark = pytest.mark.asyncio


def without_odds(view: dict[str, Any]) -> dict[str, Any]:
    def strip(part: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if part is None else {k: v for k, v in part.items() if k != "odds"}

    return view | {"public": strip(view["public"]), "private": strip(view["private"])}


async def test_a_new_server_over_the_same_database_resumes_the_match(database_url: str) -> None:
    first = start_server(database_url)
    try:
        code, tokens = await started_room(first, target=10)
        a = await Socket.open(first.ws_url, code, tokens[0])
        b = await Socket.open(first.ws_url, code, tokens[1])
        await a.view_where(lambda v: True)
        assert (await a.act({"type": "pick", "number": 3}, cid="a-1"))["seq"] == 1
        assert (await b.act({"type": "pick", "number": 2}, cid="b-1"))["seq"] == 2
        before = await a.view_where(lambda v: v["phase"] == "count")
    finally:
        first.stop()

    second = start_server(database_url)
    try:
        a = await Socket.open(second.ws_url, code, tokens[0])
        b = await Socket.open(second.ws_url, code, tokens[1])
        whole = await a.expect("view")
        # The same view, but for the live odds, which each server prices in its own time.
        assert whole["seq"] == 2 and without_odds(whole["view"]) == without_odds(before)
        # An action acknowledged before the restart is not applied twice when re-sent.
        assert await a.act({"type": "pick", "number": 3}, cid="a-1") == {
            "type": "ack",
            "cid": "a-1",
            "seq": 1,
        }
        await a.close()
        await b.close()
        await play_to_the_end(second, code, tokens)
        async with httpx.AsyncClient(base_url=second.url) as http:
            info = (await http.get(f"/api/rooms/{code}")).json()
            replay = (await http.get(f"/api/rooms/{code}/replay")).json()
        assert info["status"] == "finished"
        assert [a["seq"] for a in replay["actions"]] == list(range(1, info["seq"] + 1))
        assert replay["actions"][0] == {
            "seq": 1,
            "seat": 0,
            "action": {"type": "pick", "number": 3},
        }
    finally:
        second.stop()
