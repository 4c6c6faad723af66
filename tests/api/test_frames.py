"""A phone's messages written as frames straight onto uvicorn's transport (app/fast/wire.py):
the same frames the websockets library would write, in the same order, and ASGI's own path
wherever the wire would not be exactly right (a compression extension negotiated)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.frames import Frame, Opcode

from app.fast.wire import frame
from app.rooms.push.hub import Hub
from tests.api.test_ws import started_room
from tests.support.client import Socket
from tests.support.server import RunningServer, start_server

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
async def test_a_frame_is_the_one_the_websockets_library_writes(size: int) -> None:
    payload = ("é" * size).encode()[:size]
    assert frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])


def hub_of(server: RunningServer) -> Hub:
    hub: Hub = server.server.config.loaded_app.app.state.hub  # type: ignore[attr-defined]
    return hub


async def acked_with_its_view(server: RunningServer, **connect: Any) -> list[bool]:
    """Two seats; the one to act plays once. Asserts what each phone gets; returns whether
    each connection is written through a wire."""
    code, tokens = await started_room(server, players=2)
    phones = [await Socket.open(server.ws_url, code, t, **connect) for t in tokens]
    first = [await p.expect("view") for p in phones]
    mover = next(i for i, m in enumerate(first) if m["view"]["legal"])
    action = first[mover]["view"]["legal"][0]
    await phones[mover].ws.send(json.dumps({"type": "act", "cid": "c1", "action": action}))
    # The ack and the view of the move, to the mover (the view first, unless a read of the
    # room was under way: docs/PROTOCOL.md orders neither).
    ack = await phones[mover].expect("ack")
    assert ack == {"type": "ack", "cid": "c1", "seq": first[mover]["seq"] + 1}
    for phone in phones:  # every phone gets the view of the move
        while phone.seq < ack["seq"]:
            await phone.next()
        assert phone.seq == ack["seq"]
    wired = [c.wire is not None for c in hub_of(server).rooms[code]]
    return wired


@pytest.fixture(scope="module")
def deflating(database_url: str) -> Iterator[RunningServer]:
    """A server that offers per-message deflate (uvicorn's default; not `python -m app`)."""
    running = start_server(database_url, uvicorn_options={"ws_per_message_deflate": True})
    yield running
    running.stop()


async def test_python_m_app_writes_every_phones_frames_itself(server: RunningServer) -> None:
    assert await acked_with_its_view(server) == [True, True]


async def test_with_compression_negotiated_every_send_goes_through_asgi(
    deflating: RunningServer,
) -> None:
    assert await acked_with_its_view(deflating, compression="deflate") == [False, False]


async def test_a_phone_that_declines_compression_gets_the_wire_there_too(
    deflating: RunningServer,
) -> None:
    assert await acked_with_its_view(deflating, compression=None) == [True, True]
