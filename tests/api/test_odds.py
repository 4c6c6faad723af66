"""Live odds reach the views after each action, computed off the event loop."""

from __future__ import annotations

import pytest

from tests.api.test_ws import started_room
from tests.support.client import Socket
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio


async def test_odds_follow_every_action_publicly_and_privately(server: RunningServer) -> None:
    code, tokens = await started_room(server, target=20)
    anna = await Socket.open(server.ws_url, code, tokens[0])
    watcher = await Socket.open(server.ws_url, code)
    view = await watcher.view_where(lambda v: "odds" in v["public"])
    assert view["public"]["odds"]["left"] == 20 and view["private"] is None
    await anna.view_where(lambda v: True)
    await anna.act({"type": "pick", "number": 3})
    mine = await anna.view_where(lambda v: "odds" in (v["private"] or {}))
    assert mine["private"]["odds"] == {"secret_vs_left": 17}
    assert mine["public"]["odds"]["cards"] == {"win0": {"p": 0.5}, "win1": {"p": 0.5}}
    seen = await watcher.view_where(
        lambda v: v["log"] and v["log"][-1]["seq"] == 1 and "odds" in v["public"]
    )
    assert "odds" not in (seen["private"] or {})
    # Public odds are the same for everyone at the same seq.
    assert seen["public"] == mine["public"] or seen["public"]["odds"] == mine["public"]["odds"]
