"""`NaN` and `Infinity` are no JSON (issue 37, item 8): an act holding one, anywhere in its
action, is answered `bad_message` with its cid, and nothing is applied."""

from __future__ import annotations

import pytest

from tests.api.test_ws import started_room
from tests.support.client import Socket
from tests.support.server import RunningServer

pytestmark = pytest.mark.asyncio

NOT_FINITE = [
    '{"type":"pick","number":NaN}',
    '{"type":"pick","number":Infinity}',
    '{"type":"pick","number":-Infinity}',
    '{"type":"pick","number":2,"x":[1,{"y":NaN}]}',
]


async def test_non_finite_numbers_are_refused(server: RunningServer) -> None:
    code, tokens = await started_room(server)
    socket = await Socket.open(server.ws_url, code, tokens[0])
    await socket.view_where(lambda v: True)
    before = socket.seq
    answers = []
    for n, action in enumerate(NOT_FINITE):
        await socket.send(f'{{"type":"act","cid":"nan-{n}","action":{action}}}')
        answers.append(await socket.expect("error"))
    done = await socket.act({"type": "pick", "number": 2})
    assert [(a["code"], a.get("cid")) for a in answers] == [
        ("bad_message", f"nan-{n}") for n in range(len(NOT_FINITE))
    ]
    assert done["type"] == "ack" and done["seq"] == socket.seq == before + 1
